"""Judging words: the rulebook's own examples, the X rule and every variant."""

from __future__ import annotations

import pytest

from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.pdq import judge

# Rulebook, "Some examples": cards P N A and D R U (capitals mark the cards' letters).
RULEBOOK_VALID = [
    ("PNA", w) for w in (
        "PiNeApple", "PiNbAll", "PaNcreAs", "PeNdAnt", "PeniNsulA", "PheNomenAl",
        "PresideNtiAl", "ANteloPe", "ANticiPate", "ANthroPology",
    )
] + [
    ("DRU", w) for w in (
        "DRUm", "DReadfUl", "DangeRoUs", "DRUgstore", "DumbstRUck", "UndeRstanD", "UndeRstooD",
        "UnReaD",
    )
]
RULEBOOK_OUT_OF_ORDER = [("PNA", w) for w in ("painter", "adoption", "append")] + [
    ("DRU", w) for w in ("during", "under", "underwear")
]
RULEBOOK_WRONG_START = [("PNA", w) for w in ("dependable", "beanpole", "catnip")] + [
    ("DRU", w) for w in ("burped", "lured", "curdled")
]
# Proper names the rulebook rejects. (It also lists Pandora: the default list holds the common
# noun "pandora", a lute, so the judge cannot tell the two apart and accepts it.)
RULEBOOK_PROPER_NAMES = [("PNA", w) for w in ("Pocahontas", "Pennsylvania")] + [
    ("DRU", w) for w in ("Dracula", "Drusilla", "Urbandale")
]


@pytest.mark.parametrize(("cards", "word"), RULEBOOK_VALID)
def test_rulebook_valid_words(cards, word):
    verdict = judge(word, cards)
    assert verdict.valid, verdict.reason
    assert verdict.word == word.upper()


@pytest.mark.parametrize(("cards", "word"), RULEBOOK_OUT_OF_ORDER)
def test_rulebook_letters_not_in_order(cards, word):
    verdict = judge(word, cards)
    assert not verdict.valid
    assert "do not appear in order" in verdict.reason


@pytest.mark.parametrize(("cards", "word"), RULEBOOK_WRONG_START)
def test_rulebook_words_not_starting_with_an_outside_letter(cards, word):
    verdict = judge(word, cards)
    assert not verdict.valid
    outside = f"{cards[0]} or {cards[-1]}"
    assert f"does not start with an outside letter: it must start with {outside}" in (
        verdict.reason
    )


@pytest.mark.parametrize(("cards", "word"), RULEBOOK_PROPER_NAMES)
def test_rulebook_proper_names(cards, word):
    verdict = judge(word, cards)
    assert not verdict.valid
    assert "not in the word list" in verdict.reason
    assert "Proper nouns" in verdict.reason


@pytest.mark.parametrize("word", ["EXCelleNt", "EXCeptioN", "EXCitemeNt"])
def test_x_rule_lets_a_word_begin_with_ex(word):
    assert judge(word, "XCN").valid
    assert judge(word, "NCX").valid  # X on the right, read right to left


def test_x_rule_only_applies_to_an_outside_x():
    assert judge("xylophone", "XLP").valid  # a word may still start with X itself
    assert not judge("excellent", "CXN").valid  # X in the centre: no EX
    verdict = judge("expect", "PCT")  # no X card: EX is just two letters
    assert "must start with P or T" in verdict.reason
    assert "must start with X or N (or EX for X)" in judge("unconvex", "XCN").reason


@pytest.mark.parametrize(
    ("cards", "word", "valid"),
    [
        ("NXO", "exon", False),  # a centre X may begin the word, but not as EX
        ("NXO", "xenon", True),
        ("XNO", "exon", True),  # an outside X may be begun as EX
        ("ONX", "exon", True),
    ],
)
def test_any_which_way_ex_only_for_an_outside_x(cards, word, valid):
    lex = Lexicon(["exon", "xenon"], name="x-words")
    verdict = judge(word, cards, "any-which-way", lex)
    assert verdict.valid is valid, verdict.reason
    if not valid:
        assert "(or EX for X)" not in verdict.reason


def test_too_short_and_not_a_word():
    assert "at least 4 letters" in judge("cat", "CAT").reason
    assert "A-Z only" in judge("pi-na", "PNA").reason
    assert judge("  ", "PNA").reason == "No word given."
    verdict = judge("pnaxyzzy", "PNA")
    assert "is not in the word list" in verdict.reason
    assert "Proper nouns" not in verdict.reason


def test_min_override_and_experts():
    assert judge("drum", "DRU").valid
    assert "at least 5 letters" in judge("drum", "DRU", "experts").reason
    assert judge("drums", "DRU", "experts").valid
    assert "at least 6 letters" in judge("drums", "DRU", "experts", min_length=6).reason
    assert judge("dreadful", "DRU", "experts", min_length=6).valid


def test_younger_players_two_cards_three_letters():
    assert judge("pan", "PN", "younger").valid
    assert judge("nap", "PN", "younger").valid  # read right to left
    assert "at least 3 letters" in judge("pn", "PN", "younger").reason
    assert "must start with P or N" in judge("open", "PN", "younger").reason


def test_younger_players_harder_form_starts_and_ends_with_the_cards():
    assert judge("plan", "PN", "younger-ends").valid
    assert judge("nap", "PN", "younger-ends").valid
    verdict = judge("pane", "PN", "younger-ends")
    assert not verdict.valid
    assert "does not end with the other card's letter" in verdict.reason
    assert judge("pane", "PN", "younger").valid


def test_intergenerational_minimum_per_player():
    assert judge("drum", "DRU", "intergenerational", player="child").valid
    adult = judge("drum", "DRU", "intergenerational", player="adult")
    assert not adult.valid and "at least 5 letters for adults" in adult.reason
    assert judge("drums", "DRU", "intergenerational", player="adult").valid
    child = judge("drum", "DRU", "intergenerational", player="child")
    assert "for childs" not in child.reason


def test_intergenerational_without_the_player_judges_for_every_player():
    """The rulebook raises the adults' minimum only: a word long enough for the children
    alone is not simply valid when the judge is not told who said it."""
    drum = judge("drum", "DRU", "intergenerational")
    assert not drum.valid and drum.valid_for == ("child",)
    assert drum.reason == ("DRUM is valid for a child but too short for an adult: "
                           "Intergenerational PDQ words need at least 5 letters for adults "
                           "and 4 for children.")
    drums = judge("drums", "DRU", "intergenerational")
    assert drums.valid and drums.valid_for == ()
    dru = judge("dru", "DRU", "intergenerational")
    assert not dru.valid and dru.valid_for == () and "too short" in dru.reason
    phony = judge("drxm", "DRU", "intergenerational")
    assert not phony.valid and phony.valid_for == ()
    assert judge("drum", "DRU", "intergenerational", min_length=4).valid  # --min decides


def test_solitaire_reads_left_to_right_only():
    assert judge("drum", "DRU", "solitaire").valid
    verdict = judge("unread", "DRU", "solitaire")
    assert not verdict.valid
    assert "(from left to right)" in verdict.reason
    assert judge("unread", "DRU").valid


def test_any_which_way_starts_with_any_card_and_takes_the_rest_in_any_order():
    for word in ("napkin", "pane", "apron", "pineapple", "antelope"):
        assert judge(word, "PNA", "any-which-way").valid, word
    assert judge("nape", "PNA", "any-which-way").valid  # starts with the centre card
    assert not judge("nape", "PNA").valid
    verdict = judge("catnip", "PNA", "any-which-way")
    assert "does not start with one of the cards' letters (P, N or A)" in verdict.reason
    assert "does not contain" in judge("pink", "PNA", "any-which-way").reason


def test_four_score_uses_four_cards_in_order():
    assert judge("paint", "PINT", "four-score").valid
    assert judge("tripping", "TRIP", "four-score").valid
    assert judge("pistachio", "OHSP", "four-score").valid  # right to left: P S H O
    assert judge("print", "PINT", "four-score").valid
    assert "do not appear in order" in judge("paint", "PNIT", "four-score").reason


@pytest.mark.parametrize("word", ["ocTaGoN", "anTaGoNist", "midNiGhT", "uNGraTeful"])
def test_stuck_in_the_middle_rulebook_examples(word):
    assert judge(word, "TGN", "stuck-in-the-middle").valid
    if word.lower() == "octagon":
        assert "does not start with an outside letter" in judge(word, "TGN").reason


def test_stuck_in_the_middle_still_needs_the_order():
    verdict = judge("gnat", "TGN", "stuck-in-the-middle")
    assert "do not appear in order" in verdict.reason


def test_pdl_plural_and_suffixes_cannot_beat_the_word_said():
    said = ["pineapple"]
    verdict = judge("pineapples", "PNA", "pdl", said=said)
    assert not verdict.valid
    assert "PINEAPPLES is the plural of PINEAPPLE, already said" in verdict.reason
    for word, base, form in [
        ("dreadfully", "dreadful", "-LY"),
        ("unpardoned", "unpardon", "-ED"),
        ("pretending", "pretend", "-ING"),
    ]:
        cards = (word[0] + word[len(word) // 2] + word[-1]).upper()
        lex = Lexicon([word, base])
        v = judge(word, cards, "pdl", lex, said=[base])
        assert not v.valid, word
        assert f"the {form} form of {base.upper()}" in v.reason


@pytest.mark.parametrize(("cards", "said", "word", "how"), [
    # the plural, however it is spelt: the dictionary's irregular plurals
    ("CHD", "child", "children", "the plural of CHILD"),
    ("KNI", "knife", "knives", "the plural of KNIFE"),
    ("IND", "index", "indices", "the plural of INDEX"),
    ("QUZ", "quiz", "quizzes", "the plural of QUIZ"),
    # -ED and -ING spelt with a K after a final C, or a doubled consonant after QU + vowel
    ("PNC", "panic", "panicked", "the -ED form of PANIC"),
    ("PNC", "panic", "panicking", "the -ING form of PANIC"),
    ("QIT", "quit", "quitting", "the -ING form of QUIT"),
    ("SQT", "squat", "squatted", "the -ED form of SQUAT"),
    # and the doubled L or S after two vowels (FUEL, EQUAL, BIAS) as after one (TRAVEL)
    ("FUL", "fuel", "fuelled", "the -ED form of FUEL"),
    ("EQL", "equal", "equalling", "the -ING form of EQUAL"),
    ("BAS", "bias", "biassed", "the -ED form of BIAS"),
])
def test_pdl_a_plural_or_suffix_form_in_any_spelling_cannot_beat_the_word_said(
        cards, said, word, how):
    """PDL: "it cannot be beaten by another player saying the plural or adding a suffix
    (-LY, -ED or -ING)": CHILDREN is CHILD's plural as PINEAPPLES is PINEAPPLE's, and
    PANICKED adds -ED to PANIC (it beat it, 8 letters against 5)."""
    assert judge(word, cards, "pdl").valid  # the word fits the cards and is in the list
    verdict = judge(word, cards, "pdl", said=[said])
    assert not verdict.valid, verdict.reason
    assert verdict.reason.startswith(f"{word.upper()} is {how}, already said")


@pytest.mark.parametrize(("said", "named"), [
    (["PINE1"], "PINE1 is not a word: it contains '1'"),
    (["pine", "ZZ<B>ZZZZZZ"], "ZZ<B>ZZZZZZ is not a word: it contains '<' and '>'"),
])
def test_pdl_a_word_said_that_is_not_letters_is_refused(said, named):
    """A word said this round holding anything but letters, a typo, was taken as a word to
    beat: PINES "only ties with PINE1 (5 letters)", or is "shorter than ZZ<B>ZZZZZZ (10
    letters)", NOT VALID either way. It is refused, as a word judged is, naming it."""
    from companion.errors import UsageError

    with pytest.raises(UsageError) as refused:
        judge("pines", "PNS", "pdl", said=said)
    assert str(refused.value) == (f"Among the words said this round, {named}; use letters A-Z "
                                  "only.")
    assert judge("pines", "PNS", "pdl", said=["ＰＩＮＥ", " café "]).valid is False  # plain


@pytest.mark.parametrize(("cards", "said", "word"), [
    ("BLC", "bloc", "blocked"),  # BLOCK's -ED form: the K goes after the C of PANIC, not BLOC
    # a word that only looks like two suffixes: no suffix follows a plural, an -LY form or a
    # second -ED or -ING (CARE + S + S, UNDER + LY + ING, STAMP + ED + ED, EXPO + S + ED)
    ("CRE", "care", "caress"),
    ("UDR", "under", "underlying"),
    ("STP", "stamp", "stampeded"),
    ("EXO", "expo", "exposed"),
    ("CMP", "compo", "composed"),
])
def test_pdl_a_longer_word_that_is_no_form_of_the_word_said_beats_it(cards, said, word):
    verdict = judge(word, cards, "pdl", said=[said])
    assert verdict.valid, verdict.reason


@pytest.mark.parametrize(("cards", "said", "word", "how"), [
    # two suffixes as English stacks them: a plural or -LY after -ING, -LY after -ED
    ("PNT", "paint", "paintings", "the plural of the -ING form of PAINT"),
    ("KNW", "know", "knowingly", "the -LY form of the -ING form of KNOW"),
    ("ADT", "admit", "admittedly", "the -LY form of the -ED form of ADMIT"),
])
def test_pdl_two_suffixes_cannot_beat_the_word_said(cards, said, word, how):
    verdict = judge(word, cards, "pdl", said=[said])
    assert not verdict.valid
    assert verdict.reason.startswith(f"{word.upper()} is {how}, already said")


@pytest.mark.parametrize(("cards", "said", "word"), [
    # -LY on a word in -LL or -IC: FULLY and BASICALLY beat FULL and BASIC (FULLLY and
    # BASICLY were the only spellings tried); HAPPILY was caught already
    ("FUL", "full", "fully"),
    ("SRY", "shrill", "shrilly"),
    ("BSC", "basic", "basically"),
    ("DMC", "dramatic", "dramatically"),
    ("HPY", "happy", "happily"),
])
def test_pdl_an_adverb_in_ly_of_the_adjective_said_cannot_beat_it(cards, said, word):
    verdict = judge(word, cards, "pdl", said=[said])
    assert not verdict.valid
    assert verdict.reason.startswith(f"{word.upper()} is the -LY form of {said.upper()}, "
                                     "already said")


@pytest.mark.parametrize(("cards", "said", "word"), [
    # a word of its own that only the spelling makes a form: EARLY, SCREED and NEWS were
    # refused as the -LY form of EAR, the -ED form of SCREE and the plural of NEW
    ("ERY", "ear", "early"),
    ("SRD", "scree", "screed"),
    ("CRD", "cree", "creed"),
    ("NWS", "new", "news"),
    # ... and -LL + Y makes no form the dictionary does not make one (BELLY, BULLY, TALLY;
    # WILLY, a word WordNet lacks)
    ("BLY", "bell", "belly"),
    ("BLY", "bull", "bully"),
    ("TLY", "tall", "tally"),
    ("WLY", "will", "willy"),
])
def test_pdl_a_word_of_its_own_spelt_as_a_form_beats_the_word_said(cards, said, word):
    verdict = judge(word, cards, "pdl", said=[said])
    assert verdict.valid, verdict.reason


def test_pdl_longer_word_wins_and_ties_do_not_beat():
    assert judge("pineapple", "PNA", "pdl", said=["pinnacle", "pant"]).valid
    short = judge("pinball", "PNA", "pdl", said=["pineapple"])
    assert not short.valid and "is shorter than PINEAPPLE" in short.reason
    tie = judge("pinball", "PNA", "pdl", said=["pendant"])
    assert not tie.valid and "only ties with PENDANT" in tie.reason
    again = judge("pendant", "PNA", "pdl", said=["pendant"])
    assert "already been said" in again.reason
    # a genuinely different longer word that merely starts with a said word is fine
    assert judge("pantheon", "PNT", "pdl", said=["pant"]).valid
    for form in ("pants", "panted", "panting"):
        assert "already said" in judge(form, "PNT", "pdl", said=["pant"]).reason, form


def test_custom_word_list_is_used(small_lexicon):
    assert judge("pineapple", "PNA", lexicon=small_lexicon).valid
    verdict = judge("pinball", "PNA", lexicon=small_lexicon)
    assert "not in the word list test-list." in verdict.reason


@pytest.mark.parametrize(("cards", "word", "reason"), [
    ("PNA", "apnea", "APNEA starts with A, but N then P do not follow it in order; it holds "
                     "P, N, A in order but does not start with P."),
    ("DRU", "dullard", "DULLARD starts with D, but R then U do not follow it in order; it "
                       "holds U, R, D in order but does not start with U."),
])
def test_a_word_that_starts_with_an_outside_letter_is_not_told_it_does_not(cards, word, reason):
    # the reason said APNEA "does not start with an outside letter: it must start with P or A"
    lex = Lexicon([word], name="one")
    verdict = judge(word, cards, lexicon=lex)
    assert not verdict.valid and verdict.reason == reason


@pytest.mark.parametrize(("cards", "word"), [("NXO", "exon"), ("CXN", "excellent")])
def test_a_word_begun_with_ex_for_a_centre_x_is_told_the_rule_on_ex(cards, word):
    # Any-Which-Way: the word would fit had its EX stood for the centre X; the reason said
    # only that it does not start with a card's letter, which a player reads as EX being X
    lex = Lexicon([word], name="one")
    verdict = judge(word, cards, "any-which-way", lex)
    assert not verdict.valid
    assert verdict.reason.endswith(
        "does not start with one of the cards' letters "
        f"({', '.join(cards[:-1])} or {cards[-1]}). EX stands for X only when the X is an "
        "outside card.")
    assert "EX stands" not in judge("unconvex", "XCN", lexicon=lex).reason  # no EX to explain


def test_a_word_said_is_read_by_its_letters_as_the_word_judged_is():
    # a said word in full-width letters (as a phone sends it; the web read it so, the command
    # line did not) let PINEAPPLES beat its own singular
    wide = "".join(chr(ord(c) + 0xFEE0) for c in "PINEAPPLE")  # full-width letters
    verdict = judge("pineapples", "PNA", "pdl", said=[wide])
    assert not verdict.valid and "plural of PINEAPPLE" in verdict.reason
    assert judge("pinata", "PNA", "pdl", lexicon=Lexicon(["pinata"]),
                 said=["pi\u00f1ata"]).reason == "PINATA has already been said."


def test_word_count_takes_a_word_written_in_other_letters_for_the_same_word():
    # bob's full-width DRUM was a word of its own: both players scored DRUM as unique
    from companion.pdq.wordcount import score_word_count

    wide = "".join(chr(ord(c) + 0xFEE0) for c in "DRUM")
    result = score_word_count("DRU", {"ann": ["drum", "drub"], "bob": [wide, "dr\u00fcm"]})
    ann, bob = result.players
    assert ann.unique == ["drub"] and ann.shared == ["drum"]
    assert bob.unique == [] and bob.shared == ["drum"] and bob.repeated == ["drum"]
    assert "drum" not in result.missed


def test_the_package_judge_is_the_function_whichever_module_loads_first() -> None:
    # the package loads its names on first use; once the ties had loaded the module
    # companion.pdq.judge, 'from companion.pdq import judge' gave that module, not the function
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = ("import companion.pdq.ties\n"
            "from companion.pdq import judge\n"
            "print(callable(judge), judge.__name__)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "judge"]


def test_words_said_are_refused_under_a_variant_other_than_pdl():
    """The judge took words said under any variant and held the word to PDL's rules there;
    the command line refused them itself. The engine refuses them, for every caller."""
    with pytest.raises(UsageError) as refused:
        judge("pineapple", "PNA", "regular", said=["pine"])
    assert str(refused.value) == ("Words said this round are for PDL (Pretty Darn Long), "
                                  "where a word must beat them; PDQ has no word to beat.")
    assert judge("pineapple", "PNA", "regular", said=["", " "]).valid  # none said
    assert judge("pineapple", "PNA", "pdl", said=["pine"]).valid


def test_the_list_is_credited_only_when_it_decided():
    """A word the list has that a PDQ rule refuses (a PDL form of a word said, a word too
    short for some players) was credited to the list, as if the list had refused it."""
    listed = judge("pineapple", "PNA").decided_by
    assert listed and judge("pnazzq", "PNA").decided_by == listed  # the list lacks it
    assert judge("pineapples", "PNA", "pdl", said=["pineapple"]).decided_by == ""
    assert judge("pineapples", "PNA", "pdl", said=["pine"]).decided_by == listed  # it beats
    every = judge("drum", "DRU", "intergenerational")
    assert every.valid_for == ("child",) and every.decided_by == ""
    assert judge("drum", "DRU", "intergenerational", player="child").decided_by == listed
