"""``companion pdq``: listing, judging, PDL, ties, Word Count, Solitaire, and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys, *argv):
    code = main(["pdq", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_lists_words_longest_first(capsys):
    code, out, _ = run(capsys, "D", "R", "U")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("D R U - PDQ, 4+ letters")
    assert lines[-1].strip() == "4 letters: DRUB, DRUG, DRUM"
    assert "UNREAD" in out


def test_a_count_of_words_sets_off_its_thousands_as_every_count_does(capsys):
    """The listing's head said "3506 words" where every other count reads "3,506"."""
    code, out, _ = run(capsys, "E", "R", "S", "--json")
    count = json.loads(out)["count"]
    assert code == 0 and count >= 1000  # a deal with thousands of words
    code, out, _ = run(capsys, "E", "R", "S")
    assert out.splitlines()[0].endswith(f": {count:,} words")
    assert f"{count} words" not in out


def test_json_listing(capsys):
    code, out, _ = run(capsys, "PNA", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["cards"] == "PNA" and data["variant"] == "regular"
    assert "pineapple" in data["words"] and "antelope" in data["words"]
    lengths = [len(w) for w in data["words"]]
    assert lengths == sorted(lengths, reverse=True)
    assert data["groups"][0]["length"] == lengths[0]


def test_no_word_is_said_plainly(capsys):
    code, out, _ = run(capsys, "Q", "X", "Z")
    assert code == 0
    assert out.startswith("No word: none of the")
    assert out.splitlines()[1] == ("  When all players agree, set the cards aside and deal "
                                   "three new ones; the first correct word in the next "
                                   "round also wins the set-aside cards.")
    code, out, _ = run(capsys, "Q", "X", "Z", "--variant", "solitaire")
    assert out.splitlines()[1] == ("  You are stuck: the game ends here; count the cards "
                                   "you collected.")
    code, out, _ = run(capsys, "J", "Q", "--variant", "younger-ends")
    assert "deal two new ones" in out
    code, out, _ = run(capsys, "TGN", "--lexicon", "/dev/null")  # unusable list
    assert code == 2


def test_no_word_shows_near_misses(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("octagon\ngnat\n")
    code, out, _ = run(capsys, "T", "G", "N", "--lexicon", str(words))
    assert "No word: none of the 2 words" in out
    assert "start elsewhere (not allowed):\n  OCTAGON" in out
    code, out, _ = run(capsys, "TGN", "--lexicon", str(words), "--variant",
                       "stuck-in-the-middle")
    assert out.splitlines()[0].endswith(": 1 word") and "OCTAGON" in out


def test_judge_a_word(capsys):
    code, out, _ = run(capsys, "P", "N", "A", "--word", "PiNeApple")
    assert code == 0 and out.startswith("PINEAPPLE: VALID")
    code, out, _ = run(capsys, "PNA", "--word", "dependable", "--json")
    data = json.loads(out)
    assert code == 1
    assert data["word"] == "DEPENDABLE" and data["valid"] is False
    assert "outside letter" in data["reason"]


def test_variants_through_the_cli(capsys):
    assert run(capsys, "XCN", "--word", "excellent")[0] == 0
    assert run(capsys, "TGN", "--word", "octagon", "--variant", "stuck-in-the-middle")[0] == 0
    assert run(capsys, "DRU", "--word", "unread", "--variant", "solitaire")[0] == 1
    assert run(capsys, "PN", "--word", "plan", "--variant", "younger-ends")[0] == 0
    assert run(capsys, "PINT", "--word", "print", "--variant", "four-score")[0] == 0
    assert run(capsys, "DRU", "--word", "drum", "--variant", "experts")[0] == 1
    assert run(capsys, "DRU", "--word", "drums", "--min", "6")[0] == 1
    code, out, _ = run(capsys, "DRU", "--word", "drum", "--variant", "intergenerational",
                       "--player", "adult")
    assert code == 1 and "for adults" in out
    code, out, _ = run(capsys, "DRU", "--word", "drum", "--variant", "intergenerational")
    assert code == 1 and out.startswith("DRUM: VALID FOR CHILDREN ONLY\n")
    assert "valid for a child but too short for an adult" in out


@pytest.mark.parametrize("typed", ["CHILD", " Child "])
def test_the_player_is_read_in_any_case(capsys, typed):
    """--player CHILD was judged for the child but said "for CHILDs" (" Child s" with
    spaces): the role is read by its name in the rules, as a variant's name is."""
    inter = ("--variant", "intergenerational", "--player", typed)
    code, out, _ = run(capsys, "DRU", "--word", "dru", *inter)
    assert code == 1 and out.splitlines()[1] == ("  DRU is too short: Intergenerational PDQ "
                                                 "words need at least 4 letters for children.")
    assert run(capsys, "DRU", "--word", "drum", *inter)[0] == 0
    code, out, _ = run(capsys, "DRU", *inter, "--json")
    assert code == 0 and json.loads(out)["min_length"] == 4


@pytest.mark.parametrize("mode", [["--tie", "drum,drub"], ["--score", "ann=drum"],
                                  ["--solitaire"]])
def test_player_is_refused_where_it_would_be_ignored(capsys, mode):
    cards = [] if mode == ["--solitaire"] else ["DRU"]
    code, out, err = run(capsys, *cards, *mode, "--variant", "intergenerational",
                         "--player", "adult")
    assert code == 2 and not out and f"--player goes with --word or the word list, not " \
        f"{mode[0]}" in err


def test_pdl_with_said_words(capsys):
    code, out, _ = run(capsys, "PNA", "--word", "pineapples", "--said", "pinball,pineapple")
    assert code == 1
    assert "plural of PINEAPPLE" in out
    code, out, _ = run(capsys, "PNA", "--word", "pineapple", "--said", "pinball", "--json")
    assert code == 0 and json.loads(out)["valid"] is True
    # an irregular plural is the plural too: CHILDREN beat CHILD, 8 letters against 5
    code, out, _ = run(capsys, "CHD", "--word", "children", "--said", "child")
    assert code == 1 and "CHILDREN is the plural of CHILD, already said" in out
    code, out, _ = run(capsys, "PNC", "--word", "panicked", "--said", "panic")
    assert code == 1 and "the -ED form of PANIC" in out
    # CARESS is not CARE with two plural endings: it beats it (it was refused as "the plural
    # of the plural of CARE")
    code, out, _ = run(capsys, "CRE", "--word", "caress", "--said", "care")
    assert code == 0 and "CARESS fits CRE and beats CARE: 6 letters against 4." in out
    # FULLY beat FULL; EARLY, a word of its own, was refused as the -LY form of EAR
    code, out, _ = run(capsys, "FUL", "--word", "fully", "--said", "full")
    assert code == 1 and "FULLY is the -LY form of FULL, already said" in out
    code, out, _ = run(capsys, "ERY", "--word", "early", "--said", "ear")
    assert code == 0 and "EARLY fits ERY and beats EAR: 5 letters against 3." in out


def test_tie_and_word_count(capsys):
    code, out, _ = run(capsys, "DRU", "--tie", "drum,dreadful")
    assert code == 0 and "DREADFUL wins the cards" in out
    code, out, _ = run(capsys, "DRU", "--score", "ann=drum,unread", "--score", "bob=drum,x",
                       "--json")
    data = json.loads(out)
    assert data["winners"] == ["ann"]
    assert data["players"][0]["unique"] == ["unread"]
    assert "drub" in data["missed"]


def test_word_count_s_missed_words_follow_its_verdicts_under_intergenerational(capsys):
    """DRUM and DRUB were NOT VALID (a child's only) and among the words nobody found."""
    code, out, _ = run(capsys, "DRU", "--score", "ann=drum,dreadful", "--score", "bob=drub",
                       "--variant", "intergenerational", "--json")
    data = json.loads(out)
    invalid = [i["word"] for p in data["players"] for i in p["invalid"]]
    assert code == 0 and invalid == ["drum", "drub"]
    assert not set(invalid) & set(data["missed"]) and min(map(len, data["missed"])) == 5
    code, out, _ = run(capsys, "DRU", "--tie", "drum,dreadful", "--variant",
                       "intergenerational")
    assert "DRUM: VALID FOR CHILDREN ONLY" in out  # the judge's verdict on DRUM, the same


def test_solitaire_simulation(capsys):
    code, out, _ = run(capsys, "--solitaire", "--seed", "1")
    assert code == 0
    assert out.splitlines()[-2].startswith("round  4: X V B")
    assert "stuck: no word exists" in out and "Collected 9 cards" in out
    code, out, _ = run(capsys, "--solitaire", "--seed", "2", "--json")
    data = json.loads(out)
    assert data["through_the_deck"] is True and data["collected"] == 78


def test_variants_list(capsys):
    code, out, _ = run(capsys, "--variants")
    assert code == 0
    for name in ("regular", "any-which-way", "four-score", "word-count"):
        assert name in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "Give the cards"),
        (("PN",), "deals 3 cards per round; 2 were given"),
        # only separators: it said "'' is not a row of cards"
        (("-", "-", "-"), "deals 3 cards per round; 0 were given (none)"),
        ((",",), "deals 3 cards per round; 0 were given (none)"),
        (("P9A",), "9 is not a card"),
        (("ZZA",), "only 1 Z card"),
        (("PNA", "--variant", "fast"), "Unknown PDQ variant 'fast'"),
        (("PNA", "--min", "0"), "--min must be"),
        (("PNA", "--said", "pant"), "--said needs --word"),
        (("PNA", "--word", "pineapple", "--said", "pant", "--variant", "regular"),
         "Words said this round are for PDL (Pretty Darn Long), where a word must beat them; "
         "PDQ has no word to beat."),
        (("PNA", "--player", "adult"), "no per-player minimum"),
        # it said "(player roles: none)", naming neither the rule nor the variant that has them
        (("PNA", "--player", "adult"), "PDQ has no per-player minimum for 'adult': every "
         "player's words need at least 4 letters (Intergenerational PDQ has them, for adult "
         "and child)."),
        (("PNA", "--variant", "intergenerational", "--player", "baby"), "Intergenerational PDQ "
         "has no per-player minimum for 'baby': its players are 'adult' or 'child'."),
        (("PNA", "--score", "annwords"), "NAME=WORD1"),
        (("PNA", "--word", "x", "--tie", "a,b"), "only one of"),
        (("PNA", "--solitaire"), "give no CARDS"),
        (("--play",), "--play goes with --solitaire"),
        (("PNA", "--deck", "/nonexistent/deck.tsv"),
         "The deck /nonexistent/deck.tsv was not found"),
        (("PNA", "--deck", "/"), "The deck / is a folder, not a file: name the file itself"),
        (("PNA", "--word", ""), "--word needs the word to judge"),
    ],
)
def test_bad_input_is_explained_without_a_traceback(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("count", "message"), [
    ("99999999999", "has 100,000,000,001 cards; a deck has at most 10,000"),
    ("\u00b2", "expected a letter and a count"),
])
def test_a_deck_file_with_an_impossible_count(capsys, tmp_path, count, message):
    deck = tmp_path / "deck.tsv"
    deck.write_text(f"letter\tcount\nA\t{count}\nP\t1\nN\t1\n")
    code, _, err = run(capsys, "--solitaire", "--seed", "1", "--deck", str(deck))
    assert code == 2 and message in err


@pytest.mark.parametrize(("rows", "variant", "said"), [
    ("B\t1\n", "solitaire", "The deck {deck} has 1 card, too few for one round of PDQ "
     "Solitaire, which deals 3."),
    ("B\t2\nX\t1\nZ\t1\n", "four-score", "The deck {deck} without the Z and the X has 2 "
     "cards, too few for one round of Four Score Solitaire, which deals 4."),
], ids=["one-card", "four-score"])
@pytest.mark.parametrize("mode", [[], ["--json"], ["--play"]])
def test_a_deck_too_small_for_one_round_is_refused(capsys, monkeypatch, tmp_path, rows,
                                                  variant, said, mode):
    """A house deck of one B card played "Collected 0 cards (got through the whole deck;
    ...; 1 card not dealt)." with no round dealt, exit status 0. A Solitaire game deals at
    least one round: the deck is refused in a sentence, whichever way it is played."""
    import io

    deck = tmp_path / "deck4.tsv"
    deck.write_text(f"letter\tcount\n{rows}")
    monkeypatch.setattr(sys, "stdin", io.StringIO("stuck\n"))
    code, out, err = run(capsys, "--solitaire", "--deck", str(deck), "--variant", variant,
                         *mode)
    message = said.format(deck=deck)
    assert code == 2
    if mode == ["--json"]:
        assert json.loads(out) == {"error": message, "status": 2} and err == ""
    else:
        assert out == "" and err == f"companion: {message}\n"


def test_interactive_solitaire_through_a_real_process():
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "pdq", "--solitaire", "--play", "--seed", "1"],
        input="eternal\n",  # then the input ends: counts as stuck
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Round 1: E T A" in proc.stdout
    assert "Yes! ETERNAL fits ETA" in proc.stdout
    assert "Round 2: F G L" in proc.stdout
    assert "Cards collected: 3" in proc.stdout


@pytest.mark.parametrize("argv,typed", [
    (["pdq", "P", "N", "A", "--word", "pa\u0085n", "--json"], "PA\u0085N"),
    (["pdq", "P", "N", "A", "--word", "pa\x7fn", "--json"], "PA\x7fN"),
    (["check", "q\u009bi", "--json"], "Q\u009bI"),
    (["check", "q\u2028i", "--json"], "Q\u2028I"),
])
def test_json_escapes_a_control_character_typed(capsys, argv, typed):
    # json.dumps(ensure_ascii=False) wrote DEL, a C1 control (NEL, CSI) or a line separator
    # raw: a terminal acts on it, a reader of lines breaks the line there
    main(argv)
    out = capsys.readouterr().out
    assert json.loads(out)["word"] == typed  # the same text, read back
    control = next(ch for ch in typed if not ch.isalpha())
    escaped = typed.replace(control, f"\\u{ord(control):04x}")
    assert control not in out and f'"word": "{escaped}"' in out


def test_json_keeps_ordinary_letters_as_they_are(capsys):
    main(["check", "si\u014b x", "--json"])  # no English word list spells an eng: not a-z
    out = capsys.readouterr().out
    assert '"word": "SI\u014a X"' in out


def test_a_deck_count_too_large_is_bad_input(capsys, tmp_path):
    # over 4,300 digits: int()'s ValueError came out as a traceback
    deck = tmp_path / "deck.tsv"
    deck.write_text("letter\tcount\nA\t" + "9" * 5000 + "\n", encoding="utf-8")
    code, out, err = run(capsys, "PNA", "--deck", str(deck))
    assert code == 2 and out == ""
    assert "deck.tsv, row 2: '9999" in err and "The deck " in err and "is too large a number" in err


def test_pdq_judges_by_a_house_list_as_check_and_the_web_do(capsys, tmp_path):
    # the web's PDQ judge used the table's house list; the command line had no way to give one
    (tmp_path / "no.txt").write_text("drub\n", encoding="utf-8")
    code, out, _ = run(capsys, "DRU", "--word", "drub", "--remove", str(tmp_path / "no.txt"),
                       "--json")
    data = json.loads(out)
    assert code == 1 and data["reason"].endswith(": no.txt removes it.")
    code, out, _ = run(capsys, "DRU", "--word", "drub", "--remove-offensive")
    assert code == 0 and "with offensive words (LDNOOBW) removed" in out


def test_the_listing_names_the_word_list_as_every_command_does(capsys, tmp_path):
    """The listing named the list by its short name ("SCOWL-70 US/UK/CA/AU (companion
    default) + family.txt") where ``check`` and every verdict write ``Lexicon.display``."""
    from companion.lexicon import WordListSpec, load_word_list

    family = tmp_path / "family.txt"
    family.write_text("pnaxyz\n")
    house = load_word_list(WordListSpec(None, (str(family),)))
    assert main(["check", "cat", "--add", str(family)]) == 0
    named = capsys.readouterr().out.split("Word list: ", 1)[1].splitlines()[0]
    assert named == house.display and named.endswith(", with family.txt added")
    code, out, _ = run(capsys, "PNA", "--add", str(family))
    assert code == 0 and out.splitlines()[0].startswith(f"P N A - PDQ, 4+ letters, {named}: ")
    code, out, _ = run(capsys, "QXZ", "--add", str(family))
    assert out.startswith(f"No word: none of the {len(house):,} words in {named} fits Q X Z")
    data = json.loads(run(capsys, "PNA", "--add", str(family), "--json")[1])
    assert data["lexicon"] == house.name  # the JSON keeps the short name, as verdicts do


@pytest.mark.parametrize("argv", [["check", "qi", "--lexicon", b"/no/such/q\xffi.txt", "--json"],
                                  ["pdq", "P", "N", "A", "--deck", b"/no/such/d\xe9ck.tsv",
                                   "--json"]])
def test_json_answer_is_utf8_for_an_argument_that_is_not(argv, tmp_path):
    # a byte that is not UTF-8 in an argument (a Latin-1 terminal) went out raw in the JSON;
    # a word is read in the terminal's character set (tests/test_cli_typed.py), but a file's
    # name keeps its bytes
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent),
               COMPANION_INSTANCE=str(tmp_path / "instance"), LC_ALL="C.UTF-8")
    proc = subprocess.run([sys.executable, "-m", "companion", *argv], env=env,
                          capture_output=True, timeout=60)
    answer = json.loads(proc.stdout.decode("utf-8"))  # strict UTF-8: a raw 0xFF fails
    # the file named readably, the byte written as \\xff (it was "\\udcff")
    named = argv[-2].decode("utf-8", "backslashreplace")
    assert answer["status"] == 2 and named in answer["error"] and "\\udc" not in answer["error"]


def test_a_deck_on_standard_input_is_read_there(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"letter\tcount\nP\t1\nN\t1\nA\t1\n")))
    code, out, _ = run(capsys, "P", "N", "A", "--deck", "-")
    assert code == 0 and out.startswith("P N A - PDQ, 4+ letters")


def test_a_deck_on_standard_input_cannot_share_it_with_the_words_played(capsys, monkeypatch):
    # the deck read every line and the game took the end of input for the player's stop:
    # "Stuck." on the first round, 0 cards, exit status 0
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        b"letter\tcount\nP\t2\nN\t2\nA\t2\n")))
    code, out, err = run(capsys, "--solitaire", "--play", "--seed", "1", "--deck", "-")
    assert code == 2 and out == ""
    assert "--deck - and --play both read standard input" in err


def test_full_width_cards_are_read_as_the_word_judged_with_them(capsys):
    """A phone keyboard in full-width mode: the word ＰＥＮＡＬ was judged, its cards ＰＮＡ
    refused ("Ａ Ｎ Ｐ is not a card")."""
    code, out, _ = run(capsys, "\uff30\uff2e\uff21", "--word", "\uff30\uff25\uff2e\uff21\uff2c",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["cards"] == "PNA" and data["valid"] is True


def test_word_count_with_no_word_that_counts_names_no_winner(capsys):
    code, out, _ = run(capsys, "DRU", "--score", "ann=", "--score", "bob=dru")
    assert code == 0 and "No winner: nobody wrote a word that counts." in out
    assert "Winner" not in out and "Tie" not in out


@pytest.mark.parametrize(("name", "said"), [
    # any reason the file cannot be opened was "it must be a text table" (permission denied,
    # a file named as a folder)
    ("deck.tsv/cards", "The deck {} cannot be read (Not a directory)."),
    # an empty file was told to "start with the header line"
    ("empty.tsv", "The deck {} is empty: a deck is the header line 'letter<TAB>count', then "
     "a letter and its count on each line."),
])
def test_a_deck_file_that_cannot_be_read_says_why(capsys, tmp_path, name, said):
    (tmp_path / "deck.tsv").write_text("letter\tcount\nP\t1\nN\t1\nA\t1\n")
    (tmp_path / "empty.tsv").write_text("# no cards yet\n")
    path = tmp_path / name
    code, out, err = run(capsys, "P", "N", "A", "--deck", str(path))
    assert (code, out) == (2, "")
    # (a table's own faults name the file as its other problems do, as typed)
    assert err == f"companion: {said.format(path)}\n"


def test_a_deck_on_standard_input_is_named_so(capsys, monkeypatch):
    """"Deck file - is empty": standard input is named as every command names it."""
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"letter\tcount\nP\tx\n")))
    code, _, err = run(capsys, "P", "N", "A", "--deck", "-")
    assert (code, err) == (2, "companion: The deck on standard input, row 2: expected a letter "
                              "and a count: 'P\\tx'.\n")
