import gzip
import importlib.util
import re
from pathlib import Path

import pytest

from companion.lexicon import (
    MAX_WORD,
    Lexicon,
    LexiconError,
    default_lexicon,
    define,
    is_subsequence,
    load_lexicon,
)
from companion.lexicon.core import read_word_lines


def test_default_list_is_clean_and_large():
    lex = default_lexicon()
    assert len(lex) > 100_000
    assert all(re.fullmatch(r"[a-z]+", w) for w in lex.words[::97])
    for word in ("qi", "xylophone", "cat", "jumping"):
        assert word in lex
    for not_word in ("paris", "don't", "e-mail", "etc", "ibm", "rs", "kb", "csc", "b"):
        assert not_word not in lex
    for vowelless in ("brr", "hmm", "nth", "crwth", "shh"):
        assert vowelless in lex


def test_default_list_has_every_national_spelling():
    """British, Canadian and Australian spellings and common variants are words, as in the
    word-game lists players use, and the American spellings stay."""
    lex = default_lexicon()
    for word in ("grey", "axe", "colour", "theatre", "realise", "gray", "ax", "color",
                 "theater", "realize", "aluminium", "jewellery", "travelled", "ay"):
        assert word in lex, word
    assert lex.name == "SCOWL-70 US/UK/CA/AU (companion default)"


def test_default_list_has_the_regional_variant_spellings():
    """SCOWL's British, Canadian and Australian variant lists (levels 1 and 2) are read, so a
    British or Australian player's GAOL and CYPHER are words; SCOWL's seldom-used variants
    (level 3) are still left out."""
    lex = default_lexicon()
    for word in ("gaol", "gaoler", "gaols", "cypher", "eyrie", "gramme", "kilogramme",
                 "waggon", "connexion", "almanack", "technicolour", "synthesiser", "nett"):
        assert word in lex, word
    for seldom in ("advertize", "cocain", "gaolbreak", "eyry"):
        assert seldom not in lex, seldom


def test_default_list_holds_the_words_scowl_writes_with_accents():
    """SCOWL writes café, fiancé, piñata, jalapeño, smörgåsbord with accents; the build dropped
    them, so CAFE was not a word. They are read in plain letters, as a typed word is, and the
    list still holds letters a-z only."""
    lex = default_lexicon()
    for word in ("cafe", "cafes", "fiance", "fiancee", "pinata", "jalapeno", "jalapenos",
                 "smorgasbord", "naivete", "eclair", "protege", "souffle", "doppelganger"):
        assert word in lex, word
    assert all(re.fullmatch(r"[a-z]+", w) for w in lex.words)


def _builder():
    """scripts/build_wordlist.py, loaded as a module."""
    root = Path(__file__).parent.parent
    spec = importlib.util.spec_from_file_location("build_wordlist",
                                                  root / "scripts" / "build_wordlist.py")
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    return builder


def test_a_line_of_plain_text_is_read_as_the_unicode_reading_reads_it():
    """Plain (ASCII) text, every line of the default list, skips Unicode's normal forms: it
    reads the same as through them, spaces, tabs and control characters included."""
    from companion.lexicon.letters import _plain_letters, word_letters

    chars = [chr(i) for i in range(128)]
    for a in chars:
        for b in chars:
            typed = f" {a}{b}x{a}\t"
            assert word_letters(typed) == _plain_letters(typed), repr(typed)
    assert word_letters(" Caf\u00e9 ") == _plain_letters(" Caf\u00e9 ") == "Cafe"


@pytest.mark.parametrize(("typed", "letters"), [
    ("\u0153uvre", "oeuvre"), ("encyclop\u00e6dia", "encyclopaedia"),
    ("\u00c6sthete", "AEsthete"), ("MAN\u0152UVRE", "MANOEUVRE"),
    ("sm\u00f8rrebr\u00f8d", "smorrebrod"), ("z\u0142oty", "zloty"),
    ("\u0141\u00d3D\u0179", "LODZ"),
    ("\u0111", "d"), ("\u0127", "h"), ("\u0131", "i"), ("\u00fe\u00f0", "thd"),
    ("\u00deORN", "THORN"), ("\u0133", "ij"), ("\ufb01sh", "fish"), ("stra\u00dfe", "strasse"),
])
def test_letters_unicode_leaves_whole_are_spelt_as_english_writes_them(typed, letters):
    """ŒUVRE was "not a word: it contains 'œ'" while OEUVRE is valid and CAFÉ was CAFE: the
    ligatures and the letters with a stroke, which Unicode does not take apart, are spelt out."""
    from companion.lexicon import is_letters, word_letters

    assert word_letters(typed) == letters
    assert is_letters(word_letters(typed))


def test_a_letter_no_english_word_list_spells_is_still_refused():
    from companion.lexicon import is_letters, word_letters

    for typed in ("\u0292e", "\u014bo", "ca\u0294"):  # ezh, eng, glottal stop
        assert not is_letters(word_letters(typed)), typed


def test_the_build_reads_accented_entries_in_plain_letters(tmp_path):
    """An entry SCOWL writes with accents is kept in plain letters when what is left passes
    the build's other rules; the letters are read by the judge's own function."""
    from companion.lexicon import word_letters

    scowl = tmp_path / "scowl"
    scowl.mkdir()
    (scowl / "english-words.10").write_text(
        "cat\ncafé\ncafé's\nfiancé\nsmörgåsbord\nencyclopædia\nsmør\nʒe\n",
        encoding="utf-8")
    (scowl / "american-words.50").write_text("jalapen\u0303o\n", encoding="utf-8")
    (scowl / "english-words.80").write_text("piñata\n", encoding="utf-8")  # above size 70
    (scowl / "english-upper.10").write_text("Pelé\n", encoding="utf-8")  # a list not read
    builder = _builder()
    assert builder.word_letters is word_letters
    # æ and ø are spelt out as a typed word's are (ENCYCLOPAEDIA, SMOR); ʒ is not a letter A-Z
    expected = ["cafe", "cat", "encyclopaedia", "fiance", "jalapeno", "smor", "smorgasbord"]
    assert builder.collect(scowl, 70) == expected
    out = tmp_path / "out"
    assert builder.main(["--scowl", str(scowl), "--out", str(out)]) == 0
    with gzip.open(out / "words.txt.gz", "rt", encoding="ascii") as fh:
        assert fh.read().splitlines() == expected


def test_the_build_drops_a_spelling_of_an_abbreviation_filed_as_a_word(tmp_path):
    """SCOWL's british-words.70 has "aeq", the British spelling of "eq", which its
    american-abbreviations.70 lists: AEQ was valid and topped Bug Words move lists. The other
    spelling of an abbreviation SCOWL lists for one spelling is no word, unless SCOWL's
    english-words (every spelling's) have it or it is one of the build's CROSSED_WORDS."""
    scowl = tmp_path / "scowl"
    scowl.mkdir()
    (scowl / "american-abbreviations.70").write_text("eq\nger\nbor\nIre\n", encoding="utf-8")
    (scowl / "british-abbreviations.70").write_text("aet\n", encoding="utf-8")
    (scowl / "english-abbreviations.50").write_text("al\n", encoding="utf-8")
    (scowl / "british-words.70").write_text("aeq\ngre\nbour\ncolour\n", encoding="utf-8")
    (scowl / "american-words.70").write_text("et\ncolor\n", encoding="utf-8")
    # goer is ger respelt, all is al respelt: words every spelling has
    (scowl / "english-words.35").write_text("goer\nall\ncat\n", encoding="utf-8")
    builder = _builder()
    assert builder.crossed_abbreviations(scowl, 70) == {"aeq", "gre", "bour"}
    assert builder.crossed_abbreviations(scowl, 60) == set()  # lists above the size unread
    # et is the American spelling of aet (aetatis), but a word of its own: eat's past
    assert builder.collect(scowl, 70) == ["all", "cat", "color", "colour", "et", "goer"]


def test_the_default_list_has_no_abbreviation_or_symbol_taken_for_a_word():
    """AEQ (aequales) was valid and topped Bug Words move lists; so were the other spellings
    of abbreviations SCOWL lists (archeol, bour, ert, gre, paleontol) and symbols with a vowel
    (kcal, psia, sinh). The real words close to them stay."""
    lex = default_lexicon()
    for abbreviation in ("aeq", "archeol", "bour", "ert", "gre", "paleontol",
                         "kcal", "psia", "psid", "sinh", "tanh", "coth", "sech"):
        assert abbreviation not in lex, abbreviation
    for word in ("et", "jor", "perv", "threap", "goer", "cosh", "sin", "tan", "cot",
                 "archaeology", "aeon", "gree"):
        assert word in lex, word


def test_the_build_script_reproduces_the_shipped_list_byte_for_byte(tmp_path):
    """python scripts/build_wordlist.py writes exactly the list and licence that ship."""
    scowl = Path("/usr/share/dict/scowl")
    if not scowl.is_dir():
        pytest.fail("SCOWL lists missing: apt-get install scowl (scripts/system-packages.txt)")
    root = Path(__file__).parent.parent
    builder = _builder()
    assert builder.main(["--scowl", str(scowl), "--out", str(tmp_path)]) == 0
    shipped = root / "companion" / "lexicon" / "data"
    for name in ("words.txt.gz", "SCOWL-LICENSE.txt"):
        assert (tmp_path / name).read_bytes() == (shipped / name).read_bytes(), name


def test_membership_ignores_case(small_lexicon):
    assert "CAT" in small_lexicon
    assert "Cat" in small_lexicon
    assert "dog" not in small_lexicon
    assert 42 not in small_lexicon


def test_prefix_queries(small_lexicon):
    assert small_lexicon.with_prefix("ca") == ["cat", "cats"]
    assert small_lexicon.has_prefix("ant")
    assert not small_lexicon.has_prefix("zz")


@pytest.mark.parametrize(
    ("letters", "anchored", "expected"),
    [
        ("pna", False, ["pineapple", "dependable"]),  # PiNeApple, dePeNdAble
        ("ant", True, ["antelope"]),
        ("at", False, ["act", "antelope", "at", "cat", "cats", "painter"]),
        ("at", True, ["act", "antelope", "at"]),  # starts with A, a T later
        ("ta", False, ["octagon", "ta"]),
        ("xyz", False, []),
    ],
)
def test_letters_in_order(small_lexicon, letters, anchored, expected):
    got = small_lexicon.containing_in_order(letters, anchored_start=anchored)
    assert sorted(got) == sorted(expected)


def test_letters_in_order_agrees_with_a_scan_on_the_default_list():
    lex = default_lexicon()
    for letters, anchored in (("pdq", False), ("mra", True), ("eee", False), ("zzz", False)):
        fast = lex.containing_in_order(letters, anchored_start=anchored)
        slow = [
            w for w in lex
            if is_subsequence(letters, w) and (not anchored or w.startswith(letters[0]))
        ]
        assert fast == slow


def test_words_longer_than_the_index_width_still_match():
    long_word = "p" + "x" * 70 + "q"
    lex = Lexicon([long_word, "pq"])
    assert lex.containing_in_order("pq") == sorted([long_word, "pq"])
    assert lex.containing_in_order("pq", min_length=10) == [long_word]


def test_custom_list_by_path(tmp_path):
    path = tmp_path / "club.txt"
    path.write_text("# our club list\nZyzzyva\nQAT\n\nnot a word\ncan't\nxu\n")
    lex = load_lexicon(path)
    assert sorted(lex) == ["qat", "xu", "zyzzyva"]
    assert lex.name == "club.txt"


def test_a_club_list_reads_accented_lines_as_a_typed_word_is_read(tmp_path):
    """A club list's "café" was skipped as not a-z, while a typed CAFÉ is judged as CAFE: each
    line is now read by word_letters, and lines still not a word (x-ray) are skipped."""
    path = tmp_path / "club.txt"
    path.write_text("# accents: café\ncafé\nNAÏVE\nx-ray\n\n  Piñata  \nqi\n",
                    encoding="utf-8")
    lex = Lexicon.from_path(path)
    assert list(lex) == ["cafe", "naive", "pinata", "qi"]
    assert "CAFÉ".lower() not in lex and "cafe" in lex
    assert lex.skipped_lines() == ["club.txt: 1 line skipped as not a word (line 4: x-ray)"]
    latin1 = tmp_path / "latin1.txt"  # an older editor's file: the same words
    latin1.write_bytes("café\nNAÏVE\nx-ray\n".encode("latin-1"))
    assert list(Lexicon.from_path(latin1)) == ["cafe", "naive"]


def test_a_list_of_only_lines_that_are_not_words_still_has_no_words(tmp_path):
    path = tmp_path / "club.txt"
    path.write_text("# café\nx-ray\ncan't\n\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"has no words \(one word of letters A-Z per line\): "
                                           r"2 lines skipped as not words \(line 2: x-ray\)"):
        Lexicon.from_path(path)


def test_a_line_longer_than_any_word_is_skipped_as_the_lines_that_are_not_words_are(tmp_path):
    """A line of millions of A's was read as one word, held by the list and gone through by
    every check of a long word (a 50 MB line: 19 s and 1 GB a check): a line longer than a
    word can be (MAX_WORD, the limit the web's check refuses a typed word by) is skipped and
    counted like x-ray, the first named in a short line, never held whole."""
    longest = "q" * MAX_WORD
    path = tmp_path / "club.txt"
    path.write_text(f"qi\n{'A' * 5000}\n{longest}\n{longest}z\nx-ray\n", encoding="utf-8")
    words, skipped = read_word_lines(path)
    assert words == ["qi", longest]
    assert (skipped.count, skipped.line) == (3, 2)
    assert str(skipped) == f"3 lines skipped as not words (line 2: {'A' * 37}...)"
    assert len(skipped.text) == 40  # the line as a sentence shows it, not its 5,000 letters
    lex = Lexicon.from_path(path)
    assert max(map(len, lex)) == MAX_WORD and "a" * 5000 not in lex
    # accents taken off first: a word of MAX_WORD letters written with them is still a word
    accented = tmp_path / "accents.txt"
    accented.write_text("e\u0301" * MAX_WORD + "\n" + "e\u0301" * (MAX_WORD + 1) + "\n",
                        encoding="utf-8")
    assert read_word_lines(accented)[0] == ["e" * MAX_WORD]
    only = tmp_path / "only.txt"
    only.write_text("A" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"has no words \(one word of letters A-Z per line\): "
                                           r"1 line skipped as not a word \(line 1: A+\.\.\.\)"):
        Lexicon.from_path(only)


def test_gzipped_custom_list(tmp_path):
    path = tmp_path / "list.txt.gz"
    path.write_bytes(gzip.compress(b"alpha\nbeta\n"))
    assert list(Lexicon.from_path(path)) == ["alpha", "beta"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "not found"),
        (b"", "has no words"),
        (b"\n\n# only comments\n", "has no words"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "looks binary"),
        (b"\x1f\x8b\x08\x00garbage", "broken gzip"),
    ],
)
def test_bad_word_list_files(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(LexiconError, match=message):
        Lexicon.from_path(path)


def test_a_folder_is_not_a_word_list(tmp_path):
    with pytest.raises(LexiconError, match="folder"):
        Lexicon.from_path(tmp_path)


def test_definitions_for_plain_and_inflected_words():
    assert any("percussion" in d.gloss for d in define("xylophone"))
    # inflected forms find their base word
    assert any(d.lemma == "goose" for d in define("geese"))
    assert any(d.lemma == "cat" for d in define("cats"))
    assert any(d.lemma == "run" and d.pos == "v" for d in define("running"))
    assert any(d.lemma == "stop" for d in define("stopped"))
    assert define("zzzqqq") == []


def test_wordnet_index_table_agrees_with_binary_search() -> None:
    """A busy process switches from binary search to an in-memory table of each index; both
    must find exactly the same senses, including for the first and last lemmas of a file."""
    from companion.lexicon.wordnet import INDEX_AFTER, WordNet, find_wordnet_dir

    folder = find_wordnet_dir()
    assert folder is not None, "WordNet is part of the project's set-up"
    words = ["a", "aardvark", "zyrian", "zymurgy", "geese", "running", "stopped", "xylophone",
             "well", "fast", "zzzqqq", "cats", "ran", "better", "abaca", "zoom"]
    searched = {w: WordNet(folder).define(w) for w in words}  # fresh: binary search only
    busy = WordNet(folder)
    for _ in range(INDEX_AFTER + 1):
        busy.define("cat")
    assert busy._starts, "the busy reader built its tables"
    assert {w: busy.define(w) for w in words} == searched
    assert searched["aardvark"] and searched["zymurgy"] and not searched["zzzqqq"]


def test_wordnet_links_a_word_to_what_it_is_derived_from() -> None:
    """PDL asks whether FULLY is FULL's -LY form: WordNet's pertainym of the adverb says so,
    its derivation FRIENDLY's; BELLY and EARLY have no such link to BELL and EAR."""
    from companion.lexicon.wordnet import default_wordnet

    wn = default_wordnet()
    assert wn is not None, "WordNet is part of the project's set-up"
    assert "full" in wn.linked("fully") and "happy" in wn.linked("happily")
    assert "friend" in wn.linked("friendly")
    assert "bell" not in wn.linked("belly") and "ear" not in wn.linked("early")
    assert wn.linked("basically") == set()  # no pertainym of its own: the parts of speech
    assert wn.has("basically", "r") and wn.has("basic", "a") and not wn.has("ear", "a")
    assert not wn.has("fullys", "r") and not wn.has("paints", "n")  # a lemma as written


def test_an_endless_or_swelling_word_list_is_refused_not_read_forever(tmp_path):
    from companion.lexicon.core import read_word_file

    # /dev/zero never ends: the old loader read it until the machine ran out of memory
    with pytest.raises(LexiconError, match="too large"):
        read_word_file("/dev/zero")
    bomb = tmp_path / "words.gz"  # 70 MB of text packed into a few kilobytes
    bomb.write_bytes(gzip.compress(b"cat\n" * (70 * 1024 * 1024 // 4), 9))
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(LexiconError, match="unpacks to over"):
        read_word_file(bomb)
