"""Using the words: uncertain cells and blanks settled by the lexicon, or listed."""

from __future__ import annotations

import math

import pytest

from companion.lexicon import Lexicon
from vision.cells import BLANK, CellRead
from vision.correct import resolve
from vision.words import runs

LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _reads(rows: list[str]) -> list[CellRead]:
    out = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            face = "" if ch == "." else BLANK if ch == "?" else ch
            out.append(CellRead(r, c, face, 1.0, letter=face if face not in ("", BLANK) else None))
    return out


def _cell(reads, r, c):
    return next(rd for rd in reads if (rd.row, rd.col) == (r, c))


def test_runs_across_and_down():
    grid = [["C", "A", "T"], ["", "", "A"], ["", "", ""]]
    assert runs(grid) == [("cat", [(0, 0), (0, 1), (0, 2)]), ("ta", [(0, 2), (1, 2)])]


def test_an_uncertain_cell_takes_the_letter_that_makes_words(small_lexicon):
    # Board text (made up for this test):  C A T / . . A  with the T read as I or T.
    reads = _reads(["CAT", "..A", "..."])
    t = _cell(reads, 0, 2)
    t.face, t.confidence, t.alternatives = "I", 0.5, [("T", 0.45)]
    assert resolve(reads, 3, 3, small_lexicon, LETTERS) == []
    assert t.face == "T" and t.alternatives == []


def test_a_run_of_doubtful_letters_only_is_asked_even_when_it_makes_a_word(small_lexicon):
    """A doubtful letter is settled by the sure letters of its words; a run whose letters
    are all doubtful is vouched for by nothing but being a word (a smeared BUD read as B, O,
    O, each its cell's likeliest letter at 0.25 to 0.6, made BOO and was reported sure). Its
    letters are listed for the player; one that another run's sure letter holds is not."""
    reads = _reads(["CAT", "..A", "..."])  # cat across; ta down, its A read surely
    for (r, c), other in (((0, 0), "O"), ((0, 1), "O"), ((0, 2), "I")):
        rd = _cell(reads, r, c)
        rd.confidence, rd.alternatives = 0.5, [(other, 0.3)]
        rd.options = [(other, 0.3)]
    unsure = resolve(reads, 3, 3, small_lexicon, LETTERS)
    assert [(rd.row, rd.col) for rd in unsure] == [(0, 0), (0, 1)]
    assert [rd.face for rd in reads[:3]] == ["C", "A", "T"]
    c = _cell(reads, 0, 0)
    assert c.alternatives[0][0] == "C" and "O" in [a for a, _ in c.alternatives]


def test_a_blank_with_one_fitting_letter_is_inferred(small_lexicon):
    reads = _reads(["C?T", "...", "..."])  # only "cat" fits C?T in the test list
    assert resolve(reads, 3, 3, small_lexicon, LETTERS) == []
    assert _cell(reads, 0, 1).letter == "a"


def test_in_a_game_without_blanks_a_blank_looking_tile_is_read_as_a_letter_and_asked(
        small_lexicon):
    """With no blank tiles in the set, the tile is one whose letter was lost: it takes the
    letter its words need as its face (not a blank's lower-case letter) and is listed."""
    reads = _reads(["C?T", "...", "..."])
    unsure = resolve(reads, 3, 3, small_lexicon, LETTERS, blanks=False)
    tile = _cell(reads, 0, 1)
    assert tile.face == "A" and tile.letter == "A"
    assert unsure == [tile] and tile.alternatives[0][0] == "A"
    reads = _reads(["?I", "..", ".."])  # "qi" and "xi": the likelier is read, both offered
    unsure = resolve(reads, 3, 2, small_lexicon, LETTERS, blanks=False)
    tile = _cell(reads, 0, 0)
    assert unsure == [tile] and tile.face in ("Q", "X")
    assert sorted(a for a, _ in tile.alternatives) == ["Q", "X"]


def test_an_ambiguous_blank_is_listed_with_its_choices(small_lexicon):
    reads = _reads(["?I", "..", ".."])  # "qi" and "xi" are both words
    left = resolve(reads, 3, 2, small_lexicon, LETTERS)
    assert [(u.row, u.col) for u in left] == [(0, 0)]
    assert sorted(a for a, _ in left[0].alternatives) == ["q", "x"]


def test_a_confident_misread_in_a_non_word_is_corrected_from_its_runners_up(small_lexicon):
    reads = _reads(["DRUM", "....", "...."])
    u = _cell(reads, 0, 2)
    u.face, u.letter, u.options = "I", "I", [("U", 0.03), ("L", 0.01)]  # "drim" is no word
    resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert u.face == "U"


def test_a_non_word_no_runner_up_can_mend_is_listed_with_the_classifiers_doubts(small_lexicon):
    reads = _reads(["DRFM", "....", "...."])
    f = _cell(reads, 0, 2)
    f.confidence, f.options = 0.9, [("E", 0.05), ("K", 0.005)]  # no choice makes a word
    left = resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert (0, 2) in [(u.row, u.col) for u in left]
    assert f.face == "F" and f.confidence == 0.9 and f.alternatives == [("E", 0.05)]


def test_every_tile_listed_for_a_run_that_is_no_word_says_which_run(small_lexicon):
    # the tiles of a run no reading makes a word were listed as "read F: F (90%)" and, read
    # surely, "read R: R (99%)", with nothing to tell the player why a sure letter was asked
    reads = _reads(["DRFM", "....", "CATS"])
    f = _cell(reads, 0, 2)
    f.confidence, f.options = 0.9, [("E", 0.05), ("K", 0.005)]  # no choice makes a word
    left = resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert sorted((u.row, u.col) for u in left) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    for u in left:  # the doubtful F, and the sure D, R and M beside it
        assert u.why == "DRFM is not in the word list test-list: check its letters", u
    reads = _reads(["C?QD", "....", "...."])  # no letter for the blank makes a word of it
    left = resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert _cell(reads, 0, 3).why == ("no letter for its blank tile makes C?QD a word: "
                                      "check its letters")


def test_a_mend_the_tile_hardly_looks_like_is_made_but_asked(small_lexicon):
    reads = _reads(["DRIM", "....", "...."])
    i = _cell(reads, 0, 2)
    i.confidence, i.options = 0.99, [("L", 0.008), ("U", 0.001)]
    left = resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert i.face == "U" and i.confidence <= 0.01  # "drum", but the player confirms it
    assert [(u.row, u.col) for u in left] == [(0, 2)]
    assert [a for a, _ in i.alternatives] == ["U", "I"]


def test_a_clear_tile_is_never_mended_into_an_empty_square(small_lexicon):
    reads = _reads(["CATS", "....", "...."])  # read "cats" where the photo shows "cat" + a tile
    s = _cell(reads, 0, 3)
    s.face, s.letter = "X", "X"
    s.options = [("", 0.01), ("S", 0.005)]  # "catx": empty would leave "cat"
    resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert s.face == "S"


def test_a_letter_every_word_choice_forces_is_asked_when_the_tile_hardly_looks_like_it(
        small_lexicon):
    # read "CAVS": the S may be no tile ("cat") or an S ("cats"), so several choices make
    # words, and all of them want a T for the V, which the tile hardly looks like
    reads = _reads(["CAVS", "....", "...."])
    v, s = _cell(reads, 0, 2), _cell(reads, 0, 3)
    v.confidence, v.options = 0.99, [("T", 0.0003)]
    s.confidence, s.alternatives = 0.5, [("", 0.45)]
    left = {(u.row, u.col): u for u in resolve(reads, 3, 4, small_lexicon, LETTERS)}
    assert v.face == "T" and v.confidence < 0.01  # the words' choice, but not a sure one
    assert (0, 2) in left and [a for a, _ in v.alternatives] == ["T", "V"]
    assert (0, 3) in left


def test_a_blank_made_impossible_by_a_misread_neighbour_mends_the_neighbour(small_lexicon):
    # read "D?IM": no letter for the blank makes a word, for the U beside it was read as an I
    # (and the classifier ranked no U at all); one change makes "drum", so the I is mended,
    # and the player confirms it and the blank's R, which rests on it
    reads = _reads(["D?IM", "....", "...."])
    i, blank = _cell(reads, 0, 2), _cell(reads, 0, 1)
    i.confidence, i.options = 0.99, [("L", 0.003)]
    left = resolve(reads, 3, 4, small_lexicon, LETTERS)
    assert i.face == "U" and [a for a, _ in i.alternatives] == ["U", "I"]
    assert sorted((u.row, u.col) for u in left) == [(0, 1), (0, 2)]
    assert blank.letter is None and [a for a, _ in blank.alternatives] == ["r"]


def test_a_blank_no_letter_fits_is_offered_the_letters_one_misread_away(small_lexicon):
    # read "?E": "qi" and "xi" if the E is an I (the classifier's runner-up), "za", "ta" or
    # "at" were it an A or a T; the blank is offered those letters, the likeliest first, and
    # the E is listed with the letters its word would want
    reads = _reads(["?E", "..", ".."])
    e = _cell(reads, 0, 1)
    e.confidence, e.options = 0.95, [("I", 0.01)]
    left = {(u.row, u.col): u for u in resolve(reads, 3, 2, small_lexicon, LETTERS)}
    blank = _cell(reads, 0, 0)
    assert (0, 0) in left and blank.letter is None
    assert sorted(a for a, _ in blank.alternatives[:2]) == ["q", "x"]
    assert {"z", "t", "a"} <= {a for a, _ in blank.alternatives}
    assert (0, 1) in left and e.face == "E"
    assert [a for a, _ in e.alternatives][:2] == ["E", "I"]


def test_a_blank_no_letter_nor_one_misread_fits_is_still_offered_letters(small_lexicon):
    reads = _reads(["?ZZZZ", ".....", "....."])  # no word of five letters is near it
    left = resolve(reads, 3, 5, small_lexicon, LETTERS)
    blank = _cell(reads, 0, 0)
    assert blank in left and blank.letter is None
    assert [a for a, _ in blank.alternatives] == list("etaoinsr")


def test_a_blanks_letters_nothing_tells_apart_are_offered_without_shares(small_lexicon):
    """A blank tile whose letter nothing tells is offered its letters none likelier than
    another (``unweighed``: no made-up "e (12%), t (12%)"), and says why: its letters all make
    its words words; none does (the commonest that make the most); or they would, were a
    tile misread that looks no more like one letter than another. Letters that a doubtful
    neighbour's look tells apart keep their shares."""
    from vision.correct import BLANK_UNKNOWN, EVERY_WORD, MENDED, MOST_WORDS

    reads = _reads(["?I", "..", ".."])  # qi and xi, alike
    [blank] = resolve(reads, 3, 2, small_lexicon, LETTERS)
    assert blank.unweighed and blank.why == f"{BLANK_UNKNOWN}; {EVERY_WORD}"
    reads = _reads(["?ZZZZ", ".....", "....."])
    blank = _cell(reads, 0, 0)
    assert blank in resolve(reads, 3, 5, small_lexicon, LETTERS)
    assert blank.unweighed and blank.why == f"{BLANK_UNKNOWN}; {MOST_WORDS}"
    reads = _reads(["D?IM", "....", "...."])  # only "drum", were the I a U (never ranked)
    _cell(reads, 0, 2).confidence, _cell(reads, 0, 2).options = 0.99, [("L", 0.003)]
    resolve(reads, 3, 4, small_lexicon, LETTERS)
    blank = _cell(reads, 0, 1)
    assert blank.unweighed and blank.why == f"{BLANK_UNKNOWN}; {MENDED}"

    reads = _reads(["?A", "..", ".."])  # za, ta; were the A an I (30%), qi, xi
    a = _cell(reads, 0, 1)
    a.confidence, a.alternatives = 0.7, [("I", 0.3)]
    resolve(reads, 3, 2, small_lexicon, LETTERS)
    blank = _cell(reads, 0, 0)
    assert not blank.unweighed and blank.why == ""
    assert {a: round(p, 6) for a, p in blank.alternatives} == {"z": 0.35, "t": 0.35,
                                                               "q": 0.15, "x": 0.15}
    reads = _reads(["?E", "..", ".."])  # the E looks a little like an I: q, x likelier
    _cell(reads, 0, 1).confidence, _cell(reads, 0, 1).options = 0.95, [("I", 0.01)]
    resolve(reads, 3, 2, small_lexicon, LETTERS)
    assert not _cell(reads, 0, 0).unweighed


def test_a_lost_letter_with_no_word_list_nor_ink_is_offered_the_commonest_letters_unweighed():
    """In a game with no blank tiles, with no word list, a tile whose letter was lost and
    whose crop shows no ink is offered the commonest letters, none likelier than another;
    with ink, the classifier's likeliest letters for it, with their shares."""
    from vision.correct import COMMONEST, LETTER_UNKNOWN, read_as_letters

    bare = CellRead(0, 0, BLANK, 0.8)
    inked = CellRead(0, 1, BLANK, 0.8, options=[("O", 0.6), ("Q", 0.3)])
    listed: list[CellRead] = []
    read_as_letters([bare, inked], LETTERS, listed)
    assert listed == [bare, inked]
    assert bare.face == "E" and [a for a, _ in bare.alternatives] == list("ETAOINSR")
    assert bare.unweighed and bare.why == f"{LETTER_UNKNOWN}; {COMMONEST}"
    assert inked.face == "O" and inked.alternatives == [("O", 0.6), ("Q", 0.3)]
    assert not inked.unweighed and inked.why == ""


def _set_of(game: str) -> dict[str, int]:
    """What the set of ``game``'s board holds, as the reader has it (its engine's)."""
    from vision.boards import board_spec

    return dict(board_spec(game).counts)


def test_more_of_a_letter_than_the_set_holds_lists_the_least_sure_of_them():
    """A reading with three B tiles on a board whose set holds two is wrong on one of them at
    least: none was listed (each read over the reader's confidence, its words words). The
    least sure is listed, saying so: least sure by how much more it looks like a B than like
    its likeliest other letter (the tile read 96% B and 4% S, not the one read 93% B with
    no runner-up); the others are not."""
    from companion.bugwords.rules import default_rules
    from vision.cells import listed_entry
    from vision.correct import list_beyond_the_set

    held = default_rules().tiles.counts["B"]
    assert held == _set_of("bugwords")["B"] == 2  # the engine's count, as the reader has it
    reads = _reads(["BOB", "E..", "D.B"])
    _cell(reads, 0, 0).confidence = 0.99
    second = _cell(reads, 0, 2)
    second.confidence, second.options = 0.96, [("S", 0.04)]
    third = _cell(reads, 2, 2)
    third.confidence = 0.93
    listed: list[CellRead] = []
    list_beyond_the_set(reads, _set_of("bugwords"), listed)
    assert listed == [second]
    entry = listed_entry(second)
    assert entry["why"] == "the set holds only 2 B tiles and 3 are read: check its letter"
    assert [a["letter"] for a in entry["alternatives"]] == ["B", "S"]
    # two B tiles, as many as the set holds: nothing to say
    third.face = third.letter = "D"
    second.why, listed = "", []
    list_beyond_the_set(reads, _set_of("bugwords"), listed)
    assert listed == [] and second.why == ""


def test_a_tile_read_beyond_the_set_already_listed_says_so_too_and_no_other_is_listed():
    """Two Q tiles read where the set holds one: one is listed already (its run is no word),
    which is as many as must be misread: it says also that the set holds only one Q, and
    the other, read surely, is not listed. When more must be misread than are listed
    (three Q, one listed), the least sure of the others is listed too."""
    from vision.correct import list_beyond_the_set

    why = "the set holds only 1 Q tile and 2 are read: check its letter"
    reads = _reads(["Q..", "...", "..Q"])
    doubted = _cell(reads, 2, 2)
    doubted.confidence, doubted.why = 0.3, "QX is not a word: check its letters"
    listed = [doubted]
    list_beyond_the_set(reads, _set_of("bugwords"), listed)
    assert listed == [doubted] and doubted.why_also == [why]
    assert _cell(reads, 0, 0).why == ""
    reads = _reads(["Q.Q", "...", "..Q"])
    doubted = _cell(reads, 2, 2)
    doubted.why = "QX is not a word: check its letters"
    _cell(reads, 0, 0).confidence = 0.9
    listed = [doubted]
    list_beyond_the_set(reads, _set_of("bugwords"), listed)
    assert listed == [doubted, _cell(reads, 0, 0)]
    assert _cell(reads, 0, 0).why == doubted.why_also[0] == (
        "the set holds only 1 Q tile and 3 are read: check its letter")


def test_more_blank_tiles_than_the_set_holds_lists_the_least_sure():
    """Three blank tiles read (their letters settled by their words) where the set holds
    two: the one whose face is least near the tiles' colour is listed; in WerdUp, whose set
    has one Qu, two Qu tiles read are one too many."""
    from vision.correct import list_beyond_the_set

    reads = _reads(["?A?", "...", "?.."])
    for (r, c), sure, letter in (((0, 0), 0.9, "z"), ((0, 2), 0.6, "t"), ((2, 0), 0.8, "a")):
        _cell(reads, r, c).confidence, _cell(reads, r, c).letter = sure, letter
    listed: list[CellRead] = []
    list_beyond_the_set(reads, _set_of("bugwords"), listed)
    assert listed == [_cell(reads, 0, 2)]
    assert listed[0].why == "the set holds only 2 blank tiles and 3 are read: check this square"
    reads = _reads(["...", "...", "..."])
    reads[0].face = reads[0].letter = reads[8].face = reads[8].letter = "Qu"
    reads[8].confidence = 0.85
    listed = []
    list_beyond_the_set(reads, _set_of("werdup"), listed)
    assert listed == [reads[8]] and listed[0].why.startswith("the set holds only 1 Qu tile and 2")


def _maleb(s_looks: float) -> tuple[list[CellRead], Lexicon]:
    """MALES read MALEB across row 4 (its S 95% B, ``s_looks`` S), THESE read THEBE down
    column 5 through that S, and BOB on row 7: three B where the set holds two. MALEB's
    other letters are doubtful, each with six runners-up, so that their combinations are
    too many to try and the least likely runners-up are dropped."""
    lexicon = Lexicon(["males", "these", "thebe", "bob"], name="test-list")
    reads = _reads([".....", "....T", "....H", "....E", "MALEB", "....E", ".....", "BOB.."])
    for c, others in enumerate(["NRKDUW", "OEGHQI", "IJTFYC", "FOCGKA"]):
        rd = _cell(reads, 4, c)
        rd.confidence = 0.9
        rd.options = [(a, 0.015) for a in others]
    b = _cell(reads, 4, 4)
    b.confidence = 0.95
    b.options = sorted([("E", 0.004), ("S", s_looks), ("Z", 0.002), ("M", 0.002), ("Q", 0.002)],
                       key=lambda o: -o[1])  # best first, as the classifier gives them
    return reads, lexicon


def test_a_tile_read_beyond_the_set_keeps_the_runner_up_its_words_want():
    """IMG_20151016_170003 at full size: the S of MALES and THESE read 97% B (0.1% S), one
    of three B where the set holds two, in a group of 17 tiles that share words whose
    letters' combinations are too many to try: its S was among the runners-up dropped, no
    combination left made every word a word, and the B stayed (BENDS, HURT and MALES all
    read wrong, listed). A tile read beyond the set keeps the runners-up that alone make
    its words words, letters the set holds more of than are read, however unlikely: the
    words choose S, and the tile is listed, saying why."""
    from vision.correct import WORDS_WANT

    reads, lexicon = _maleb(0.001)
    unsure = resolve(reads, 8, 5, lexicon, LETTERS, holds=_set_of("bugwords"))
    tile = _cell(reads, 4, 4)
    assert tile.face == "S" and tile in unsure
    assert tile.why == WORDS_WANT
    assert tile.why_also == ["the set holds only 2 B tiles and 3 are read: check its letter"]
    assert [a for a, _ in tile.alternatives] == ["S", "B"]
    # without the set's counts (a reader that does not know them) the S is dropped
    reads, lexicon = _maleb(0.001)
    resolve(reads, 8, 5, lexicon, LETTERS)
    assert _cell(reads, 4, 4).face == "B"


def test_a_tile_the_words_take_from_beyond_the_set_is_listed_though_it_looks_the_part():
    """The words settle a tile's letter silently when the tile looks like it (2% or more):
    a tile read beyond the set whose letter they change to one kept for the set's sake (the
    limit on combinations would have dropped it: here MALEB's other letters' runners-up
    are likelier still) is still listed, read as the words want with what was read offered
    too, saying that the set holds fewer."""
    reads, lexicon = _maleb(0.05)
    for rd in reads[20:24]:
        rd.options = [(a, 0.08) for a, _ in rd.options]
    unsure = resolve(reads, 8, 5, lexicon, LETTERS, holds=_set_of("bugwords"))
    tile = _cell(reads, 4, 4)
    assert tile.face == "S" and tile in unsure
    assert tile.why == "the set holds only 2 B tiles and 3 are read: check its letter"
    assert tile.alternatives == [("S", pytest.approx(0.05)), ("B", 0.95)]
    assert all(rd.face == "B" and rd not in unsure for rd in reads[35:38:2])
    # kept by the limit anyway (MALEB's other runners-up less likely): settled as before,
    # as the words settle any tile that looks the part, not listed
    reads, lexicon = _maleb(0.05)
    unsure = resolve(reads, 8, 5, lexicon, LETTERS, holds=_set_of("bugwords"))
    assert _cell(reads, 4, 4).face == "S" and _cell(reads, 4, 4) not in unsure


def test_a_doubtful_letter_every_choice_of_its_words_keeps_shows_how_much_it_looks_like_it():
    """IMG_20151016_170003 at full size: BENDS's E read 24% sure, MENDS or BENDS, each
    choice of its words keeping the E. The E took the words' share (100%) as its confidence
    and, listed for its doubt, was offered as "E (100%), F (6%), C (5%)", shares adding to
    far more than 100%. As when one choice leads, the tile's own look is kept (``looks``)
    and offered: E as the classifier found it."""
    from vision.correct import list_doubted

    lexicon = Lexicon(["bends", "mends"], name="test-list")
    reads = _reads(["BENDS"])
    b, e = _cell(reads, 0, 0), _cell(reads, 0, 1)
    b.confidence, b.alternatives, b.options = 0.7, [("M", 0.29)], [("M", 0.29)]
    e.confidence, e.alternatives, e.options = 0.24, [("F", 0.06)], [("F", 0.06), ("C", 0.05)]
    unsure = resolve(reads, 1, 5, lexicon, LETTERS)
    assert unsure == [b] and e.face == "E" and e.confidence == 1.0  # the words' share
    listed: list[CellRead] = []
    list_doubted(e, listed)
    assert e.alternatives == [("E", 0.24), ("F", 0.06), ("C", 0.05)]


def test_many_tiles_read_beyond_the_set_try_no_more_combinations_than_the_limit(monkeypatch):
    """A smeared grey photo of the 3D board read 24 tiles beyond the set in one group of
    shared words, each keeping the runners-up that would mend it: 41 million combinations,
    tried one by one until the reader ran out of memory (past 14 GB). The mends kept count
    against the limit too: the least likely runners-up that mend nothing go first, then the
    least likely mends, and the tiles the words cannot settle are listed."""
    import vision.correct as correct

    row = "ZZZZZZZZ"  # eight Z where the set holds one; any one of them an A, E or O is a word
    lexicon = Lexicon([(row[:i] + a + row[i + 1:]).lower() for i in range(len(row))
                       for a in "AEO"], name="test-list")
    reads = _reads([row, "........"])
    for rd in reads[:8]:
        rd.confidence = 0.9
        rd.options = [("A", 0.03), ("E", 0.02), ("O", 0.01), ("K", 0.005), ("X", 0.004)]
    tried: list[int] = []
    score_choices = correct._score_choices

    def counted(grid, group, options, lex):
        tried.append(math.prod(len(o) for o in options))
        return score_choices(grid, group, options, lex)

    monkeypatch.setattr(correct, "_score_choices", counted)
    unsure = resolve(reads, 2, 8, lexicon, LETTERS, holds=_set_of("bugwords"))
    assert tried and max(tried) <= correct.MAX_COMBINATIONS, tried
    assert all(rd in unsure for rd in reads[:8])  # many choices make words: the player's
    # the mends outlast the runners-up that mend nothing (K and X make no word)
    assert all({"K", "X"}.isdisjoint(a for a, _ in rd.alternatives) for rd in reads[:8])


def _faded(rd: CellRead, face: str, confidence: float, options: list[tuple[str, float]]) -> None:
    """``rd`` read as the cell reader reads a letter from faint ink: always doubted, listed
    as faint (:data:`vision.cells.FADED`)."""
    from vision.cells import FADED

    rd.face = rd.letter = face
    rd.confidence, rd.options = confidence, options
    rd.alternatives = [(face, confidence)] + [(a, p) for a, p in options if p > 0.02]
    rd.why = FADED


def test_a_faint_tile_a_blanks_words_mend_says_nothing_of_the_letter_first_read():
    """A smeared Bug Words board (the blur bench's markers kept, smeared 9 sideways, seed 6):
    a faint I of KIOSK and ICE read 68% Q (1.9% I), one of two Q where the set holds one, the
    I kept among its choices for the set's sake. No choice of its words made every run a
    word (a run beside it is no word whatever is chosen); the blank of KIOS? mended the
    tile to I, which made KIOSK, and the tile was listed saying "the set holds only 1 Q tile
    and 2 are read", on a square that reads I, with one Q left on the board. The words did
    not choose the I for the set's sake: the tile says it is faint, and perhaps misread, and
    nothing of Q tiles."""
    from vision.cells import FADED
    from vision.correct import list_beyond_the_set, list_doubted

    lexicon = Lexicon(["kiosk", "ice", "qi"], name="test-list")
    reads = _reads(["KQOS?", ".CX..", ".EX..", ".....", "QI..."])
    tile = _cell(reads, 0, 1)
    _faded(tile, "Q", 0.68, [("L", 0.023), ("I", 0.0187), ("G", 0.018)])
    o = _cell(reads, 0, 2)  # OXX down, or DXX: no word either way
    o.confidence, o.alternatives, o.options = 0.5, [("D", 0.3)], [("D", 0.3)]
    unsure = resolve(reads, 5, 5, lexicon, LETTERS, holds=_set_of("bugwords"))
    for rd in reads:  # as the reader does: a faint letter is listed, then the set's counts
        if rd.why == FADED:
            list_doubted(rd, unsure)
    list_beyond_the_set(reads, _set_of("bugwords"), unsure)
    assert tile.face == "I" and tile in unsure
    assert [a for a, _ in tile.alternatives] == ["I", "Q"]  # what was read offered too
    assert tile.why == FADED
    assert not any("Q tile" in why for why in tile.why_also), tile.why_also
    assert sum(rd.face == "Q" for rd in reads) == 1  # one Q read: no tile beyond the set


def test_a_letter_read_surely_beside_a_faint_one_says_why_it_is_listed():
    """Smeared boards (the blur bench's markers kept: smeared 9 sideways, seed 5; 11
    sideways, seed 10) list the letters read surely in a run with a faint letter: BINDS's
    faint I read 20% Q (15% I, 12% O), and BINDS, BONDS, HINDS, BIRDS and BINTS all words,
    the words not left to settle a faint letter's runs. Its B, N and D, each read 99% with a
    runner-up too unlikely to show, were listed with no reason, each "read B: B (100%)" on a
    line of its own. Each says why, the run's sentence, and the faint letter is named under
    it too; the S, which every choice keeps, is not listed."""
    from vision.cells import FADED, listed_by_reason, listed_entry
    from vision.correct import faint_in_word

    lexicon = Lexicon(["binds", "bonds", "hinds", "birds", "bints"], name="test-list")
    reads = _reads(["BQNDS", "....."])
    _faded(_cell(reads, 0, 1), "Q", 0.2, [("I", 0.15), ("O", 0.12)])
    for c, other in ((0, "H"), (2, "R"), (3, "T"), (4, "A")):
        rd = _cell(reads, 0, c)
        rd.confidence, rd.options = 0.99, [(other, 0.0003)]
    unsure = resolve(reads, 2, 5, lexicon, LETTERS)
    why = faint_in_word("binds")
    assert why == ("a letter of BINDS is faint in the photo, so the word list cannot vouch "
                   "for the word: check its letters")
    assert "".join(rd.face for rd in reads[:5]) == "BINDS"
    sure = [_cell(reads, 0, c) for c in (0, 2, 3)]
    assert all(rd in unsure and rd.why == why for rd in sure), [rd.why for rd in sure]
    assert _cell(reads, 0, 4) not in unsure
    faint = _cell(reads, 0, 1)
    assert faint.why == FADED and faint.why_also == [why]
    groups = listed_by_reason([listed_entry(rd) for rd in unsure])
    assert all(g.why for g in groups), [(g.why, g.entries) for g in groups]
    run = next(g for g in groups if g.why == why)
    assert [(u["row"], u["col"]) for u in run.sure] == [(0, 0), (0, 2), (0, 3)]
    assert [(u["row"], u["col"]) for u in run.named] == [(0, 1)]
