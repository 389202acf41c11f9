import json

import pytest

from companion.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_qi_is_valid(capsys):
    code, out, _ = run(capsys, "check", "qi")
    assert code == 0
    assert "QI: VALID" in out


@pytest.mark.parametrize("word", ["grey", "AXE", "colour", "Theatre", "realise", "gaol", "Cypher"])
def test_british_spellings_are_valid(capsys, word):
    code, out, _ = run(capsys, "check", word)
    assert code == 0 and f"{word.upper()}: VALID" in out


def test_xylophone_json(capsys):
    code, out, _ = run(capsys, "check", "xylophone", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["word"] == "XYLOPHONE"
    assert data["valid"] is True
    assert data["reason"]
    assert any("percussion" in d for d in data["definitions"])


def test_proper_noun_is_not_valid(capsys):
    code, out, _ = run(capsys, "check", "Paris", "--json")
    data = json.loads(out)
    assert code == 1
    assert data["valid"] is False
    assert "not in the word list" in data["reason"]
    assert "Proper nouns" in data["reason"]


def test_a_word_the_dictionary_has_but_the_list_lacks_says_so(capsys):
    """AA is in WordNet (a kind of lava) but not in the word list: the definitions shown under
    NOT VALID follow a line saying that the dictionary is no licence to play."""
    code, out, _ = run(capsys, "check", "aa")
    lines = out.splitlines()
    assert code == 1 and lines[0] == "AA: NOT VALID"
    note = ("  The dictionary (WordNet) knows AA, but the word list does not, so it is not "
            "playable:")
    assert lines[3] == note
    assert lines[4].startswith("  - aa (noun): ")
    # no such line for a word with no definitions, nor for a listed word a game's rule refuses
    assert "dictionary" not in run(capsys, "check", "zzqx")[1]
    code, out, _ = run(capsys, "check", "cat", "--game", "pdq")
    assert code == 1 and "dictionary" not in out and "  - cat (noun): " in out


def test_too_short_for_pdq(capsys):
    code, out, _ = run(capsys, "check", "cat", "--game", "pdq", "--json")
    data = json.loads(out)
    assert code == 1
    assert "too short for PDQ" in data["reason"]
    # the same word is fine for a game with two-letter words
    assert run(capsys, "check", "cat", "--game", "bugwords")[0] == 0


@pytest.mark.parametrize(("word", "game", "valid", "reason"), [
    # Word Girdle words are 2 to 7 letters (its rulebook, rule 2)
    ("elephants", "girdle", False, "ELEPHANTS is too long for Word Girdle: words have at most 7 "
     "letters."),
    ("elephant", "girdle", False, "too long for Word Girdle"),
    ("abscond", "girdle", True, "valid for Word Girdle"),
    # a word longer than the board cannot be played; WerdUp's Qu tile is one square
    ("earthquakes", "werdup", True, "valid for WerdUp"),
    ("electroencephalographs", "werdup", False, "too long for WerdUp: the board is 10 squares "
     "across."),
    ("internationalization", "bugwords", False, "too long for Bug Words: the board is 15 "
     "squares across."),
    ("internationalization", None, True, "is valid: it is in the word list"),
])
def test_too_long_for_the_game(capsys, word, game, valid, reason):
    code, out, _ = run(capsys, "check", word, *(["--game", game] if game else []), "--json")
    data = json.loads(out)
    assert (code == 0) is valid and data["valid"] is valid and reason in data["reason"]


def test_not_letters(capsys):
    code, out, _ = run(capsys, "check", "c4t")
    assert code == 1
    assert "letters A-Z only" in out


def test_custom_lexicon(tmp_path, capsys):
    club = tmp_path / "club.txt"
    club.write_text("ZA\nQI\n")
    assert run(capsys, "check", "za", "--lexicon", str(club))[0] == 0
    code, out, _ = run(capsys, "check", "cat", "--lexicon", str(club), "--json")
    assert code == 1
    assert json.loads(out)["lexicon"] == "club.txt"


def test_a_club_list_with_accents_judges_a_typed_word_with_or_without_them(tmp_path, capsys):
    """The club list's "café" line was skipped, so CAFÉ and CAFE were not valid by it."""
    club = tmp_path / "club.txt"
    club.write_text("# club list\ncafé\nNAÏVE\nx-ray\n\nqi\n", encoding="utf-8")
    for typed in ("café", "CAFE", "naive", "Naïve"):
        code, out, _ = run(capsys, "check", typed, "--lexicon", str(club), "--json")
        assert code == 0, out
        assert json.loads(out)["valid"] is True
    code, _, err = run(capsys, "check", "xray", "--lexicon", str(club))
    assert code == 1
    assert err == 'companion: word list club.txt: 1 line skipped as not a word (line 4: x-ray)\n'


def test_the_lines_a_word_list_skips_are_counted_with_the_first_named(tmp_path, capsys):
    club = tmp_path / "club.txt"
    club.write_text("qi\n# comment\n\ncan't\ntwo words\nx-ray\n", encoding="utf-8")
    family = tmp_path / "family.txt"
    family.write_text("zax\nmy-word\n", encoding="utf-8")
    code, out, err = run(capsys, "check", "qi", "--lexicon", str(club), "--add", str(family),
                         "--json")
    assert code == 0 and json.loads(out)["valid"] is True
    assert err == "companion: word list club.txt: 3 lines skipped as not words (line 4: " \
        "can't)\ncompanion: word list family.txt: 1 line skipped as not a word (line 2: " \
        "my-word)\n"


def test_a_house_line_longer_than_any_word_is_skipped_and_said(tmp_path, capsys):
    """`check qi --add big.txt`, big.txt one line of millions of A's, took the line as a word
    without a word said: it is skipped as not a word, and standard error says so."""
    big = tmp_path / "big.txt"
    big.write_text("zyzzyx\n" + "A" * 5000 + "\n")
    code, out, err = run(capsys, "check", "qi", "--add", str(big), "--json")
    assert code == 0 and json.loads(out)["valid"] is True
    assert err == f"companion: word list big.txt: 1 line skipped as not a word (line 2: " \
        f"{'A' * 37}...)\n"
    only = tmp_path / "only.txt"  # (a list is kept by its path for the process's life)
    only.write_text("A" * 5000 + "\n")
    code, out, err = run(capsys, "check", "qi", "--add", str(only))
    assert code == 2 and not out
    assert err == f"companion: The house list of additions {only} has no words (one word of " \
        f"letters A-Z per line): 1 line skipped as not a word (line 1: {'A' * 37}...).\n"


def test_unreadable_lexicon_exits_2(capsys):
    code, _, err = run(capsys, "check", "cat", "--lexicon", "/no/such/list.txt")
    assert code == 2
    assert "The word list /no/such/list.txt was not found" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["check", "cat", "--game", "chess"], "invalid choice"), (["check"], "required")],
)
def test_bad_arguments_exit_2(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_console_script_runs(tmp_path):
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "companion", "check", "qi", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["valid"] is True


def test_house_list_options(capsys, tmp_path):
    add = tmp_path / "family.txt"
    add.write_text("zyzzyx\nbooyah\n")
    remove = tmp_path / "no.txt"
    remove.write_text("booyah\ncat\n")
    code, out, _ = run(capsys, "check", "zyzzyx", "--add", str(add), "--json")
    data = json.loads(out)
    assert code == 0 and data["decided_by"] == "family.txt"
    assert data["lexicon"] == "SCOWL-70 US/UK/CA/AU (companion default) + family.txt"
    code, out, _ = run(capsys, "check", "booyah", "--add", str(add), "--remove", str(remove))
    assert code == 1 and "BOOYAH: NOT VALID" in out and "no.txt removes it" in out
    # the "Word list:" line names the list as the reason above it does
    named = ("SCOWL-70 US/UK/CA/AU, the companion default, with family.txt added and no.txt "
             "removed")
    assert f"not in the word list {named}: no.txt removes it" in out
    assert f"  Word list: {named}\n" in out
    code, out, _ = run(capsys, "check", "cat", "--remove", str(remove), "--remove", str(add))
    assert code == 1
    code, out, _ = run(capsys, "check", "dog", "--remove-offensive")
    assert code == 0
    assert ("Word list: SCOWL-70 US/UK/CA/AU, the companion default, with offensive words "
            "(LDNOOBW) removed\n") in out


@pytest.mark.parametrize(("option", "text"), [("--add", ""), ("--remove", "# no words yet\n\n"),
                                              ("--add", "Two words\n-\n")])
def test_a_house_list_with_no_words_is_refused(capsys, tmp_path, option, text):
    empty = tmp_path / "house.txt"
    empty.write_text(text)
    code, out, err = run(capsys, "check", "cat", option, str(empty))
    verb = "additions" if option == "--add" else "removals"
    assert code == 2 and not out
    skipped = ": 2 lines skipped as not words (line 1: Two words)" if "-" in text else ""
    assert err.strip() == f"companion: The house list of {verb} {empty} has no words (one word " \
        f"of letters A-Z per line){skipped}."


@pytest.mark.parametrize(("argv", "message"), [
    (["--add", "family.txt"], "The house list of additions family.txt has no words"),
    (["--remove", "no.txt"], "The house list of removals no.txt was not found"),
    (["--lexicon", "club.txt"], "The word list club.txt has no words"),
    (["--lexicon", "nope.txt"], "The word list nope.txt was not found"),
])
def test_a_word_list_error_names_the_file_as_it_was_given(capsys, tmp_path, monkeypatch, argv,
                                                         message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "family.txt").write_text("# no words yet\n")
    (tmp_path / "club.txt").write_text("\n")
    code, out, err = run(capsys, "check", "cat", *argv)
    assert code == 2 and not out
    assert err.startswith(f"companion: {message}"), err
    assert str(tmp_path) not in err


def test_house_list_missing_file_is_bad_usage(capsys, tmp_path):
    code, _, err = run(capsys, "check", "cat", "--add", str(tmp_path / "nope.txt"))
    assert code == 2 and "The house list of additions " in err and "was not found" in err


@pytest.mark.parametrize("word", ["", "  "])
def test_no_word_is_bad_usage(capsys, word):
    code, out, err = run(capsys, "check", word)
    assert code == 2 and out == ""
    assert "Give a word to check" in err


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_word_list_saved_by_a_windows_editor(capsys, tmp_path, encoding):
    club = tmp_path / "club.txt"
    club.write_bytes("zzqx\r\nqi\r\n".encode(encoding))  # the byte-order mark comes first
    code, out, _ = run(capsys, "check", "zzqx", "--lexicon", str(club))
    assert code == 0 and "ZZQX: VALID" in out


@pytest.mark.parametrize("argv", [["check", "qi", "--json"], ["pdq", "P", "N", "A"]])
def test_output_to_a_full_disk_is_a_sentence(argv):
    import subprocess
    import sys

    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "companion", *argv], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == "companion: No space left on device.\n"


@pytest.mark.parametrize(("word", "game", "valid", "reason"), [
    # it was "QI is valid for WerdUp": the set has a Qu tile and no Q, so no board shows QI
    ("qi", "werdup", False, "QI cannot be made with the tiles of WerdUp: there is no Q tile, "
     "only Qu."),
    ("quit", "werdup", True, "valid for WerdUp"),
    ("qi", "bugwords", True, "valid for Bug Words"),
    ("qi", None, True, "is valid"),
])
def test_a_word_the_game_s_tiles_cannot_make(capsys, word, game, valid, reason):
    code, out, _ = run(capsys, "check", word, *(["--game", game] if game else []), "--json")
    data = json.loads(out)
    assert (code == 0) is valid and data["valid"] is valid and reason in data["reason"]


@pytest.mark.parametrize(("typed", "word"), [
    ("\uff23\uff21\uff34", "CAT"),  # full-width letters from an Asian keyboard
    ("cat\u200b", "CAT"),  # a zero-width space pasted with the word
    ("na\u00efve", "NAIVE"),  # no tile has an accent: NAÏVE is played as NAIVE
    ("NAI\u0308VE", "NAIVE"),  # the same, its accent typed apart
])
def test_a_word_is_judged_by_its_letters_as_on_the_web(capsys, typed, word):
    """The command line read these as "not a word" while the web app judged the letters:
    how a typed word is read belongs to the judge, not to one front end."""
    code, out, _ = run(capsys, "check", typed, "--json")
    data = json.loads(out)
    assert code == 0 and data["valid"] is True and data["word"] == word


@pytest.mark.parametrize("typed", ["stra\u00dfe", "STRA\u1e9eE", "strasse"])
def test_a_sharp_s_is_judged_as_the_two_letters_its_capitals_show(capsys, typed):
    """STRAßE was shown as STRASSE, said to contain 'ß': its capitals and its letters differ.
    Read as SS, as the word's capitals are spelt, it is judged by the list like any word."""
    code, out, _ = run(capsys, "check", typed, "--json")
    data = json.loads(out)
    assert code == 1 and data["word"] == "STRASSE"
    assert data["reason"].startswith("STRASSE is not in the word list"), data["reason"]


@pytest.mark.parametrize(("typed", "word"), [
    ("\u0153uvre", "OEUVRE"), ("encyclop\u00e6dia", "ENCYCLOPAEDIA"),
    ("\u00c6sthete", "AESTHETE"), ("man\u0153uvre", "MANOEUVRE"), ("z\u0142oty", "ZLOTY"),
])
def test_a_word_typed_with_a_ligature_or_a_stroke_is_judged_by_its_letters(capsys, typed, word):
    """ŒUVRE was "not a word: it contains 'œ'", ENCYCLOPÆDIA and ÆSTHETE likewise, though
    OEUVRE and ENCYCLOPAEDIA are in the list and CAFÉ is judged as CAFE."""
    code, out, _ = run(capsys, "check", typed)
    assert code == 0 and out.startswith(f"{word}: VALID"), out


def test_an_abbreviation_scowl_files_as_a_word_is_not_valid(capsys):
    """AEQ (aequales) was "VALID ... No definition on file" and topped Bug Words move lists."""
    code, out, _ = run(capsys, "check", "aeq")
    assert code == 1 and out.startswith("AEQ: NOT VALID"), out


def test_a_club_list_s_sharp_s_is_two_letters_as_typed(tmp_path, capsys):
    club = tmp_path / "club.txt"
    club.write_text("stra\u00dfe\nqi\n", encoding="utf-8")
    for typed in ("STRASSE", "stra\u00dfe"):
        code, out, err = run(capsys, "check", typed, "--lexicon", str(club))
        assert code == 0 and out.startswith("STRASSE: VALID") and err == "", (out, err)


@pytest.mark.parametrize(("typed", "word"), [
    ("cafe", "CAFE"), ("caf\u00e9", "CAFE"), ("CAFE\u0301", "CAFE"),
    ("FIANCE", "FIANCE"), ("fianc\u00e9", "FIANCE"),
    ("pinata", "PINATA"), ("pi\u00f1ata", "PINATA"),
    ("Jalapeno", "JALAPENO"), ("JALAPE\u00d1O", "JALAPENO"),
])
def test_words_scowl_writes_with_accents_are_valid_typed_either_way(capsys, typed, word):
    """CAFÉ, FIANCÉ, PIÑATA, JALAPEÑO were "not in the word list": the list dropped the words
    SCOWL spells with accents, though the judge reads a typed accent as the plain letter."""
    code, out, _ = run(capsys, "check", typed, "--json")
    data = json.loads(out)
    assert code == 0 and data["valid"] is True and data["word"] == word
    assert f"{word}: VALID" in run(capsys, "check", typed)[1]


@pytest.mark.parametrize("typed", ["can't", "x-ray", "c?t"])
def test_check_and_pdq_say_the_same_of_a_word_that_is_not_letters(capsys, typed):
    from companion.judge import check_word
    from companion.pdq import judge

    reason = check_word(typed, with_definitions=False).reason
    bad = next(c for c in typed if not c.isalpha())
    assert reason == f"{typed.upper()} is not a word: it contains {bad!r}; use letters A-Z only."
    assert judge(typed, "CAT").reason == reason  # PDQ named no character


def test_a_blank_in_a_word_is_named_in_words(capsys):
    # "ICE CREAM is not a word: it contains ' '" left the player to spot the quoted space
    code, out, _ = run(capsys, "check", "ice cream")
    assert code == 1 and out.splitlines()[1] == ("  ICE CREAM is not a word: it contains a "
                                                 "space; use letters A-Z only.")
    code, out, _ = run(capsys, "check", "r2-d2")
    assert "it contains '-' and '2'; use letters A-Z only." in out


def test_a_valid_word_without_a_definition_says_so_as_the_web_page_does(capsys):
    # the web's challenge page said "No definition on file..."; the command line said nothing
    code, out, _ = run(capsys, "check", "hath")
    assert code == 0
    assert out.splitlines()[-1] == "  No definition on file; the word is valid all the same."
    assert "No definition" not in run(capsys, "check", "zzqx")[1]  # only for a valid word
    assert "No definition" not in run(capsys, "check", "cat")[1]


def test_the_words_of_one_play_are_ruled_on_as_the_web_rules(capsys, tmp_path):
    # the command line took one word only ("unrecognized arguments"), the web several
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent / "web"))
    from appfactory import make_app

    code, out, _ = run(capsys, "check", "cat", "zzqx", "Paris", "--json")
    data = json.loads(out)
    client = make_app(tmp_path, db_url=f"sqlite:///{tmp_path}/db.sqlite").test_client()
    web = client.get("/api/check", query_string={"words": "cat zzqx Paris"}).get_json()
    assert code == 1 and data == web
    assert data["reason"] == "Not valid because of ZZQX and PARIS." and data["failed"] == [
        "ZZQX", "PARIS"]
    code, out, _ = run(capsys, "check", "cat", "dog")
    assert code == 0 and out.splitlines()[-1] == "The play: VALID. Every word is valid."
    code, _, err = run(capsys, "check", "cat", " ")
    assert code == 2 and "Give a word to check" in err


@pytest.mark.parametrize("argv", [["check", "\u200b"], ["check", "cat", "\ufeff"],
                                  ["pdq", "PNA", "--word", "\u200b"]])
def test_a_word_of_invisible_characters_only_is_no_word_given(capsys, argv):
    # a zero-width space alone is nothing typed, as a blank is (exit status 2), not a verdict
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and ("Give a word" in err or "--word needs" in err)


def test_a_function_word_says_its_part_of_speech_before_the_senses(capsys):
    code, out, _ = run(capsys, "check", "thou")
    assert code == 0
    note = "  THOU is a pronoun; WordNet defines no pronouns, so the senses below are of its"
    lines = out.splitlines()
    assert lines.index(note + " other uses.") < lines.index(
        "  - thou (noun): the cardinal number that is the product of 10 and 100")
    code, out, _ = run(capsys, "check", "of", "--json")
    assert json.loads(out)["word_class"] == ("OF is a preposition; WordNet defines no "
                                             "prepositions.")


def test_a_misspelt_or_wrongly_inflected_word_is_told_what_the_list_has(capsys):
    # "RECIEVE is not in the word list ..." and RUNNED the same: nothing said why not
    code, out, _ = run(capsys, "check", "recieve")
    assert code == 1
    assert out.splitlines()[1] == ("  RECIEVE is not in the word list SCOWL-70 US/UK/CA/AU, the "
                                   "companion default; close to it in the list: RECEIVE and "
                                   "RELIEVE.")
    code, out, _ = run(capsys, "check", "runned", "--game", "werdup")
    assert code == 1
    assert out.splitlines()[1] == ("  RUNNED is not in the word list SCOWL-70 US/UK/CA/AU, the "
                                   "companion default: RUN is irregular; the list has RAN for "
                                   "the past and RUN for the past participle.")
    # CUTTED named CUTTER and CUTLET; BEATED named BEATEN alone
    code, out, _ = run(capsys, "check", "cutted", "beated")
    assert code == 1
    lines = out.splitlines()
    assert ("  CUTTED is not in the word list SCOWL-70 US/UK/CA/AU, the companion default: CUT is "
            "irregular; the list has CUT for the past and the past participle.") in lines
    assert ("  BEATED is not in the word list SCOWL-70 US/UK/CA/AU, the companion default: BEAT "
            "is irregular; the list has BEAT for the past and BEATEN or BEAT for the past "
            "participle.") in lines
    # SHEEPS got near words; under PDQ too, for cards SHEEP fits
    for args in (("check", "sheeps"), ("pdq", "S", "H", "P", "--word", "sheeps")):
        code, out, _ = run(capsys, *args)
        assert code == 1 and out.splitlines()[1] == (
            "  SHEEPS is not in the word list SCOWL-70 US/UK/CA/AU, the companion default: "
            "SHEEP is irregular; its plural is SHEEP.")
    # PDQ named CUT, which is too short to play there
    code, out, _ = run(capsys, "pdq", "C", "U", "T", "--word", "cutted")
    assert code == 1 and out.splitlines()[1] == (
        "  CUTTED is not in the word list SCOWL-70 US/UK/CA/AU, the companion default; close "
        "to it in the list: CUTTER.")
    code, out, _ = run(capsys, "pdq", "G", "O", "E", "--word", "goed", "--json")
    assert code == 1 and (json.loads(out)["irregular_base"],
                          json.loads(out)["irregular_forms"]) == ("GO", ["GONE"])


def test_the_json_names_the_near_words_and_the_irregular_forms(capsys):
    near = json.loads(run(capsys, "check", "recieve", "--json")[1])
    assert (near["near_words"], near["irregular_base"], near["irregular_forms"]) == (
        ["RECEIVE", "RELIEVE"], "", [])
    irregular = json.loads(run(capsys, "check", "mouse", "tooths", "--json")[1])["words"][1]
    assert (irregular["near_words"], irregular["irregular_base"],
            irregular["irregular_forms"]) == ([], "TOOTH", ["TEETH"])
    beated = json.loads(run(capsys, "check", "beated", "--json")[1])
    assert (beated["near_words"], beated["irregular_base"], beated["irregular_forms"]) == (
        [], "BEAT", ["BEAT", "BEATEN"])
    valid = json.loads(run(capsys, "check", "cat", "--json")[1])
    assert (valid["near_words"], valid["irregular_base"], valid["irregular_forms"]) == (
        [], "", [])
    code, out, _ = run(capsys, "pdq", "R", "C", "V", "--word", "recieve", "--json")
    assert code == 1 and json.loads(out)["near_words"] == ["RECEIVE"]


def test_a_refused_word_is_told_why_as_a_referee_would(capsys):
    # ALOT named only ALLOT ...; DONT named DENT ...; TV, ISNT and SERIESES got nothing more
    # than "not in the word list", MANYER named MANNER
    said = {"alot": "the dictionary has it as two words, A LOT; close to it in the list: "
                    "ALLOT, ALTO, ALIT, ALOFT and ALOE.",
            "dont": "DONT is DON'T without its apostrophe; contractions are not allowed.",
            "tv": "the dictionary knows it only as an abbreviation (TV, of television). "
                  "Abbreviations are not allowed.",
            "manyer": "MANY is irregular; the list has MORE.",
            "serieses": "SERIES is irregular; its plural is SERIES."}
    for word, why in said.items():
        code, out, _ = run(capsys, "check", word)
        assert code == 1 and out.splitlines()[1] == (
            f"  {word.upper()} is not in the word list SCOWL-70 US/UK/CA/AU, the companion "
            f"default: {why}")
    fields = ("written_as", "abbreviation_of", "irregular_base", "irregular_forms")
    words = json.loads(run(capsys, "check", "alot", "dont", "tv", "manyer", "cant",
                           "--json")[1])["words"]
    assert [tuple(w[f] for f in fields) for w in words] == [
        ("A LOT", [], "", []), ("DON'T", [], "", []), ("", ["television"], "", []),
        ("", [], "MANY", ["MORE"]), ("", [], "", [])]
    assert [w["valid"] for w in words] == [False, False, False, False, True]


def test_a_word_list_too_large_says_its_limit_as_every_count_is_written(capsys):
    """"over 67108864 bytes": a count in a message is written with its thousands marked,
    as a text file's limit is ("over 10,000,000 bytes")."""
    code, out, err = run(capsys, "check", "qi", "--lexicon", "/dev/zero")
    assert (code, out) == (2, "")
    assert err == ("companion: The word list /dev/zero is too large (over 67,108,864 bytes) to "
                   "be a word list: is it the right file?\n")
