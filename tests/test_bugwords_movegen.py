"""The move generator against a brute-force generator, and on known positions."""

from __future__ import annotations

from itertools import permutations, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.board import Board, Layout, Placement, PlayError, parse_position
from companion.bugwords import default_rules
from companion.bugwords.movegen import generate_moves
from companion.bugwords.rules import BugWordsRules
from companion.bugwords.scoring import score_words
from companion.bugwords.validation import check_play
from companion.lexicon import Lexicon
from companion.tiles import tile_set

SMALL_WORDS = [
    "ab", "ad", "ae", "as", "at", "ba", "be", "da", "de", "ed", "es", "et", "ta", "te",
    "bad", "bed", "bet", "bat", "bats", "best", "bets", "date", "dates", "seat", "set", "sat",
    "sea", "tea", "teas", "eat", "eats", "ate", "ted", "abet", "bead", "beads", "beast", "baste",
    "debt", "stab", "tabs", "bade", "sedate", "taste", "state", "add", "dad", "bass", "tee",
    "see", "bee", "bees", "tees", "dee", "aba", "abs", "tab", "beta", "betas",
]
SMALL_LEX = Lexicon(SMALL_WORDS, name="small")
ALPHABET = sorted({ch.upper() for w in SMALL_WORDS for ch in w})

# A 6x6 board with every kind of premium; the centre-ish start square doubles the word.
SMALL_LAYOUT = Layout.from_lines([
    "T..d.D",
    ".D..t.",
    "d.*..d",
    "..t...",
    ".d..D.",
    "D..t.T",
])
SMALL_RULES = BugWordsRules(SMALL_LAYOUT, tile_set("bugwords"), rack_size=4, bingo_tiles=4,
                    bingo_bonus=50)


def brute_force(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules) -> dict:
    """Every legal play by trying every run of empty squares and every arrangement."""
    found: dict[frozenset, int] = {}
    n_lines = board.rows
    for across, i, start in product((True, False), range(n_lines), range(board.cols)):
        for k in range(1, len(rack) + 1):
            squares, j = [], start
            while len(squares) < k and j < board.cols:
                r, c = (i, j) if across else (j, i)
                if not board.occupied(r, c):
                    squares.append((r, c))
                j += 1
            if len(squares) < k:
                break
            for perm in set(permutations(rack, k)):
                choices = [ALPHABET if t == "?" else [t] for t in perm]
                for letters in product(*choices):
                    tiles = [ch.lower() if t == "?" else ch for ch, t in zip(letters, perm,
                                                                              strict=True)]
                    pls = [Placement(r, c, t) for (r, c), t in zip(squares, tiles, strict=True)]
                    try:
                        words = check_play(board, pls, rules, lexicon)
                    except PlayError:
                        continue
                    key = frozenset(pls)
                    found[key] = score_words(words, len(pls), rules).total
    return found


def generated(board: Board, rack: str, lexicon: Lexicon, rules: BugWordsRules) -> dict:
    moves = generate_moves(board, rack, lexicon, rules)
    keys = [frozenset(m.placements) for m in moves]
    assert len(keys) == len(set(keys)), "a play was generated twice"
    return {frozenset(m.placements): m.score for m in moves}


@st.composite
def positions(draw):
    """A small board with random tiles and words (blanks included), a rack of 1-4 tiles."""
    b = Board(6, 6)
    n = draw(st.integers(0, 6))
    for _ in range(n):
        r, c = draw(st.integers(0, 5)), draw(st.integers(0, 5))
        t = draw(st.sampled_from(ALPHABET))
        b.set(r, c, t.lower() if draw(st.booleans()) and draw(st.booleans()) else t)
    for _ in range(draw(st.integers(0, 3))):
        word = draw(st.sampled_from(SMALL_WORDS)).upper()
        across = draw(st.booleans())
        r, c = draw(st.integers(0, 5)), draw(st.integers(0, 5))
        for k, ch in enumerate(word):
            rr, cc = (r, c + k) if across else (r + k, c)
            if b.on_board(rr, cc):
                b.set(rr, cc, ch)
    rack = draw(st.lists(st.sampled_from(ALPHABET + ["?"]), min_size=1, max_size=4))
    if rack.count("?") > 1:  # two blanks: keep the brute force quick with a shorter rack
        rack = ["?", "?"] + [t for t in rack if t != "?"][:1]
    return b, "".join(rack)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_generator_agrees_with_brute_force(pos):
    board, rack = pos
    assert generated(board, rack, SMALL_LEX, SMALL_RULES) == brute_force(
        board, rack, SMALL_LEX, SMALL_RULES
    )


def test_two_blanks_agree_with_brute_force():
    b = Board(6, 6)
    b.place(b.tiles_for_play(parse_position("3B", 6, 6), "BEAT"))
    b.place(b.tiles_for_play(parse_position("D3", 6, 6), ".SE"))
    gen = generated(b, "?S?", SMALL_LEX, SMALL_RULES)
    assert gen == brute_force(b, "?S?", SMALL_LEX, SMALL_RULES)
    assert len(gen) > 20


def test_empty_small_board_first_plays():
    b = Board(6, 6)
    gen = generated(b, "BEST", SMALL_LEX, SMALL_RULES)
    assert gen == brute_force(b, "BEST", SMALL_LEX, SMALL_RULES)
    # BEST / BETS across or down through the start square with all 4 tiles: a bingo.
    assert max(gen.values()) >= 50


def test_known_position_empty_board_bingo():
    lex = Lexicon(["jukebox", "box", "ox", "joke", "juke", "jukes"], name="known")
    moves = generate_moves(Board(), "JUKEBOX", lex)
    # JUKEBOX with the J or the X on a double letter (8D or 8L), doubled on the centre:
    # (8 + 1 + 5 + 1 + 3 + 1 + 8 + 8) x 2 + 50 = 120, across or down.
    assert moves[0].score == 120
    assert {(str(m.position), m.word) for m in moves if m.score == 120} == {
        ("8D", "JUKEBOX"), ("8F", "JUKEBOX"), ("H4", "JUKEBOX"), ("H6", "JUKEBOX")}


def test_known_position_hook_and_extension():
    # Source: made by hand. CAT across from 8G, and an A under its T (TA down).
    board = Board.from_text("\n".join(
        ["." * 15] * 7 + ["......CAT......", "........A......"] + ["." * 15] * 6
    ))
    lex = Lexicon(["cat", "cats", "ta", "tas", "at", "as", "sat", "scat", "scats", "cast",
                   "catsuits", "suit", "suits", "its"], name="known")
    moves = generate_moves(board, "SUITS", lex)
    # Best: SUITS down column F hooking SCAT, either ending on 8F (I on the 6F triple letter)
    # or starting there (I on 10F, also a triple letter): S1 U1 I3 T1 S1 = 7, + SCAT 6 = 13;
    # or down column J ending on 8J (I on the 6J triple letter), + CATS 6 = 13.
    # CATSUITS from 8G scores C3 A1 T1 S1 U1, I on the 8L double letter 2, T1 S1 = 11.
    top = {(str(m.position), m.word) for m in moves if m.score == moves[0].score}
    assert moves[0].score == 13 and top == {("F4", "SUITS"), ("F8", "SUITS"),
                                           ("J4", "SUITS")}
    words = {(str(m.position), m.record_word, m.score) for m in moves}
    assert ("8G", "...SUITS", 11) in words
    assert ("8G", "...S", 6) in words  # CATS
    assert ("9H", "S.T", 5) in words  # SAT across, with AS down: 3 + 2


def test_no_play_exists():
    board = Board.from_text("\n".join(["." * 15] * 7 + ["......CAT......"] + ["." * 15] * 7))
    assert generate_moves(board, "QQ", Lexicon(["cat"], name="one")) == []


def test_generated_plays_are_legal_on_the_real_board(tmp_path):
    from companion.bugwords.gcg import parse_gcg
    from companion.bugwords.replay import replay

    rec = (
        "#player1 A A\n#player2 B B\n>A: ERZAGDO 8D GRAZED +38 38\n"
        ">B: NOTLECO D4 COLO.NE +20 20\n>A: OALNSAW 11D SLAW +25 63\n"
    )
    board = replay(parse_gcg(rec)).board
    lex = Lexicon(SMALL_WORDS + ["grazed", "colone", "slaw", "stead", "steads", "wades"],
                  name="mix")
    rules = default_rules()
    for m in generate_moves(board, "ADEST?S", lex, rules)[:200]:
        words = check_play(board, list(m.placements), rules, lex)
        assert score_words(words, len(m.placements), rules).total == m.score


def test_full_board_agrees_with_brute_force():
    # Source: made by hand from the small word list, on the standard 15x15 board.
    board = Board.from_text("\n".join(
        ["." * 15] * 5
        + ["......B........", "......E........", "....BEAST......", "......DATE.....",
           "........B......", "........S......"]
        + ["." * 15] * 4
    ))
    rules = default_rules()
    gen = generated(board, "TE?", SMALL_LEX, rules)
    assert gen == brute_force(board, "TE?", SMALL_LEX, rules)
    assert len(gen) > 50
