"""The printable PDFs: page sizes, qpdf, byte-identical output, golden text, content."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable
from itertools import combinations, pairwise
from pathlib import Path

import numpy as np
import pytest
from pdfcheck import (
    assert_matches_golden,
    page_sizes_mm,
    qpdf_check,
    render,
    text_items,
    text_sizes,
    words_not_found_whole,
)
from pypdf import PdfReader

from companion.datafiles import read_grid
from companion.errors import UsageError
from companion.layout.sheets import board_sheet
from companion.pdq.deck import alternate_points, deck_cards, round_count
from companion.pdq.variants import all_variants, get_variant
from companion.text import counted
from companion.tiles import tile_set
from printables.boards import (
    board_pdf,
    board_pieces,
    bugwords_squares,
    glue_label_box,
    glue_strips,
    premium_key,
)
from printables.deck import CARD_H, CARD_W, deck_pdf
from printables.score_sheets import SPECS, player_range, score_sheet_pdf
from printables.style import FONT, PREMIUM_COLOURS, SMALLEST_TYPE, UNPRINTABLE
from printables.tiles import tile_grid, tiles_pdf

LETTER, A4 = (215.9, 279.4), (210.0, 297.0)

DOCUMENTS: dict[str, tuple[Callable[[], bytes], list[tuple[float, float]]]] = {
    "score-werdup-4": (lambda: score_sheet_pdf("werdup", 4), [LETTER]),
    # a long solo or two-player game goes on over a second page
    "score-werdup-1-a4": (lambda: score_sheet_pdf("werdup", 1, "a4"), [A4] * 4),
    "score-werdup-2": (lambda: score_sheet_pdf("werdup", 2), [LETTER] * 2),
    "score-bugwords-2": (lambda: score_sheet_pdf("bugwords", 2), [LETTER] * 2),
    "score-bugwords-4": (lambda: score_sheet_pdf("bugwords", 4), [(279.4, 215.9)] * 2),
    "score-pdq-4": (lambda: score_sheet_pdf("pdq", 4), [LETTER]),
    # the variants whose columns or note differ: Four Score's 19 rounds and its J K Q,
    # Word Count's one Words column a player
    "score-pdq-four-score-4": (lambda: score_sheet_pdf("pdq", 4, variant="four-score"),
                               [LETTER]),
    "score-pdq-word-count-3-a4": (lambda: score_sheet_pdf("pdq", 3, "a4", "word-count"), [A4]),
    "pdq-deck": (lambda: deck_pdf(), [LETTER] * 9),
    "pdq-deck-four-score-a4": (lambda: deck_pdf("four-score", "a4"), [A4] * 9),
    # the 248 mm board is two Letter pages on their side (four upright)
    "board-werdup-letter": (lambda: board_pdf("werdup", "letter"), [LETTER[::-1]] * 2),
    "board-bugwords-a4": (lambda: board_pdf("bugwords", "a4"), [A4] * 4),
    # the 333 mm board and a 10 mm border, clear of the edge printers cannot print
    "board-bugwords-full": (lambda: board_pdf("bugwords", "full"), [(353.0, 353.0)]),
    "board-werdup-a3": (lambda: board_pdf("werdup", "a3"), [(297.0, 420.0)]),
    "tiles-werdup": (lambda: tiles_pdf("werdup"), [LETTER]),
    "tiles-bugwords-a4": (lambda: tiles_pdf("bugwords", "a4"), [A4]),
}


@pytest.fixture(scope="module")
def built() -> dict[str, bytes]:
    return {name: make() for name, (make, _) in DOCUMENTS.items()}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_page_sizes_qpdf_and_golden_text(name: str, built: dict[str, bytes],
                                         tmp_path: Path) -> None:
    pdf = built[name]
    assert page_sizes_mm(pdf) == DOCUMENTS[name][1]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(pdf)
    assert "No syntax or stream encoding errors found" in qpdf_check(path)
    assert render(path, 20).shape[2] == 3  # pdftoppm draws it without a warning
    assert_matches_golden(name, pdf)


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_letter_spaced_words_are_found_whole(name: str, built: dict[str, bytes],
                                             tmp_path: Path) -> None:
    # letters spaced a tenth of their size apart or more read as words of their own: the
    # kicker "SCORE SHEET" was copied as "S C O R E S H E E T", the tiles' heading as
    # "WE RDUP T IL E S" and a board's title as "B U G W O R D S", so a search missed them
    assert words_not_found_whole(built[name], tmp_path) == []


def test_text_spaced_to_read_as_spaces_is_refused() -> None:
    from printables.canvas import Page, new_canvas
    from printables.style import SPACE_GAP, tracking

    c, _ = new_canvas(LETTER, "t")
    page = Page(c, LETTER)
    assert tracking(8) < SPACE_GAP * 8
    page.text(10, 10, "SCORE", size=8, spacing=tracking(8))
    with pytest.raises(ValueError, match="reads as spaces"):
        page.text(10, 10, "SCORE", size=8, spacing=SPACE_GAP * 8)


@pytest.mark.parametrize("name", ["score-pdq-4", "board-werdup-letter", "pdq-deck"])
def test_output_is_byte_identical(name: str, built: dict[str, bytes]) -> None:
    assert DOCUMENTS[name][0]() == built[name]


def test_deck_matches_the_rules_data(built: dict[str, bytes]) -> None:
    for name, variant in (("pdq-deck", None), ("pdq-deck-four-score-a4", "four-score")):
        cards = deck_cards(variant)
        # each card shows its letter three times: the big letter and two corner indices
        letters = Counter(t for page in text_items(built[name]) for t, _, _ in page
                          if len(t) == 1)
        assert {k: v // 3 for k, v in letters.items()} == Counter(cards)
    assert len(deck_cards()) == 78 and len(deck_cards("four-score")) == 76
    # cards worth more under alternate scoring carry their badge twice (both corners)
    badges = sum(1 for page in text_items(built["pdq-deck"]) for t, _, _ in page if t == "x2")
    assert badges == 2 * sum(1 for c in deck_cards() if alternate_points().get(c, 1) == 2)


@pytest.mark.parametrize("game,name", [("werdup", "tiles-werdup"),
                                       ("bugwords", "tiles-bugwords-a4")])
def test_tiles_have_the_distribution(game: str, name: str, built: dict[str, bytes]) -> None:
    tiles = tile_set(game)
    items = [t for page in text_items(built[name]) for t, _, _ in page]
    letters = Counter(t for t in items if t.isalpha() and t.upper() == t or t == "Qu")
    want = Counter({t: n for t, n in tiles.counts.items() if t != "?"})
    assert letters == want
    if game == "bugwords":
        values = Counter(int(t) for t in items if t.isdigit())
        want_values = Counter()
        for t, n in tiles.counts.items():
            if t != "?":
                want_values[tiles.value(t)] += n
        assert values == want_values


def test_bugwords_board_uses_the_rulebook_colours(built: dict[str, bytes],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "board.pdf"
    path.write_bytes(built["board-bugwords-full"])
    dpi = 40
    img = render(path, dpi)
    sheet = board_sheet("bugwords")
    grid = sheet.grids["board"]
    (piece,) = board_pieces(sheet, "full")[1]
    layout = read_grid("bugwords-board.txt")
    px = dpi / 25.4
    for r, c, cell in grid.cells():
        # sample near the cell's top-left corner, clear of the printed words
        x, y = (int(v * px) for v in piece.to_page(cell.x + 2.2, cell.y + 2.2))
        want = PREMIUM_COLOURS[layout[r][c]]
        rgb = [int(want[i:i + 2], 16) for i in (1, 3, 5)]
        got = img[y, x].tolist()
        assert max(abs(a - b) for a, b in zip(got, rgb, strict=True)) <= 12, (r, c, got, want)


# Grey levels (of 255) between any two kinds of premium square printed in black and white:
# told apart at a glance, with room for a printer's toner setting or a copier's contrast. The
# double word squares printed 3 levels from the double letter ones (202 and 205).
PREMIUM_STEP = 35
PLAIN_STEP = 30  # and the plain squares from the lightest premium (33 before and since)


def _printed_in_grey(built: dict[str, bytes], tmp_path: Path, dpi: int,
                     name: str = "board-bugwords-full"):
    """A one-page board (by default Bug Words') as a black-and-white printer prints it
    (``pdftoppm -gray`` at ``dpi``), its sheet, its one piece and pixels per millimetre."""
    import subprocess

    import cv2

    path = tmp_path / "board.pdf"
    path.write_bytes(built[name])
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-singlefile", str(path),
                    str(tmp_path / "grey")], check=True, capture_output=True)
    gray = cv2.imread(str(tmp_path / "grey.pgm"), cv2.IMREAD_GRAYSCALE).astype(float)
    game = name.split("-")[1]
    sheet = board_sheet(game)
    (piece,) = board_pieces(sheet, name.split("-")[2])[1]
    return gray, sheet, piece, dpi / 25.4


def test_the_four_premiums_are_four_greys_printed_in_black_and_white(
        built: dict[str, bytes], tmp_path: Path) -> None:
    gray, sheet, piece, px = _printed_in_grey(built, tmp_path, 100)
    layout = read_grid("bugwords-board.txt")
    shades: dict[str, list[float]] = {}
    for r, c, cell in sheet.grids["board"].cells():
        # a patch near the square's top-left corner, clear of its words
        x0, y0 = (round(v * px) for v in piece.to_page(cell.x + 1.5, cell.y + 1.5))
        x1, y1 = (round(v * px) for v in piece.to_page(cell.x + 3.5, cell.y + 3.5))
        shades.setdefault(layout[r][c], []).append(float(np.median(gray[y0:y1, x0:x1])))
    kinds = sorted("dDtT", key=lambda k: -np.median(shades[k]))  # lightest first
    for lighter, darker in pairwise(kinds):
        step = min(shades[lighter]) - max(shades[darker])
        assert step >= PREMIUM_STEP, (lighter, darker, step)
    assert min(shades["."]) - max(shades[kinds[0]]) >= PLAIN_STEP


@pytest.mark.parametrize("name", ["board-bugwords-full", "board-werdup-a3"])
def test_the_squares_stand_apart_from_the_frame_printed_in_black_and_white(
        name: str, built: dict[str, bytes], tmp_path: Path) -> None:
    # The Bug Words triple word squares' red printed 88 of 255 and the frame's 93: a corner or
    # edge triple word square ran into the frame, and where it ended could not be seen. Each
    # square along the frame differs from it by PREMIUM_STEP, or a line between them is that
    # much lighter than both.
    gray, sheet, piece, px = _printed_in_grey(built, tmp_path, 200, name)
    grid = sheet.grids["board"]
    frame_depth = (grid.bounds.x - sheet.boxes["frame"].x) / 2  # mm, the frame's middle

    def shade(x: float, y: float) -> float:
        col, row = (round(v * px) for v in piece.to_page(x, y))
        return float(np.median(gray[row - 1:row + 2, col - 1:col + 2]))

    for r, c, cell in grid.cells():
        # each side on the frame: a point on the cell's edge 3 mm from its corner (clear of
        # the words) and the way out of the grid
        sides = [((cell.x + 3.0, cell.y), (0, -1))] if r == 0 else []
        sides += [((cell.x + 3.0, cell.bottom), (0, 1))] if r == grid.rows - 1 else []
        sides += [((cell.x, cell.y + 3.0), (-1, 0))] if c == 0 else []
        sides += [((cell.right, cell.y + 3.0), (1, 0))] if c == grid.cols - 1 else []
        for (x, y), (dx, dy) in sides:
            square = shade(x - 2.5 * dx, y - 2.5 * dy)
            frame = shade(x + frame_depth * dx, y + frame_depth * dy)
            between = max(shade(x + d * dx, y + d * dy)
                          for d in np.arange(-1.5, frame_depth - 0.3, 0.1))
            apart = max(abs(square - frame), between - max(square, frame))
            assert apart >= PREMIUM_STEP, (r, c, square, frame, between)


def test_the_colour_keys_swatches_differ_printed_in_black_and_white(
        built: dict[str, bytes], tmp_path: Path) -> None:
    # the centre's yellow prints the double letter's grey: its swatch in the key was a plain
    # square of that grey, and only the board's centre square carried the star
    import cv2

    gray, sheet, piece, px = _printed_in_grey(built, tmp_path, 200)
    crops = {}
    for kind, _, swatch in premium_key(sheet):
        inner = swatch.inset(0.4)  # clear of the rounded corners
        x0, y0 = (round(v * px) for v in piece.to_page(inner.x, inner.y))
        x1, y1 = (round(v * px) for v in piece.to_page(inner.right, inner.bottom))
        crops[kind] = cv2.resize(gray[y0:y1, x0:x1], (24, 24), interpolation=cv2.INTER_AREA)
    for a, b in combinations(crops, 2):
        apart = float(np.abs(crops[a] - crops[b]).mean())
        assert apart >= PLAIN_STEP, (a, b, apart)


def test_bad_requests_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="2 to 4 players"):
        score_sheet_pdf("bugwords", 5)
    with pytest.raises(UsageError, match="No score sheet"):
        score_sheet_pdf("chess", 2)
    with pytest.raises(UsageError, match="Paper must be"):
        board_pdf("werdup", "legal")
    with pytest.raises(UsageError, match="No paper tiles"):
        tiles_pdf("pdq")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "players"), [("werdup", 1), ("werdup", 2), ("werdup", 3),
                                               ("werdup", 4), ("bugwords", 2),
                                               ("bugwords", 3), ("bugwords", 4)])
def test_a_long_game_has_a_row_for_every_turn(game: str, players: int, paper: str) -> None:
    # A long game: as many turns as the set has tiles (100), one row each for one player
    # and a row a round for more. A hundred turns of four players, passes included, outran
    # the sheet: WerdUp's planned for 55 turns (two pages for one player, a solo game ran
    # off at turn 56), and Bug Words' one page held 15-27 rows (a game of four players ran
    # off at turn 61-64 with three players' landscape pages). Each page says which of how
    # many it is, and the tiles left and the final score come after the last turn.
    need = -(-tile_set(game).total // players)
    pdf = score_sheet_pdf(game, players, paper)
    pages = text_items(pdf)
    rows = [int(t) for page in pages for t, _, _ in page if t.isdigit()]
    assert rows == list(range(1, len(rows) + 1))  # numbered on from page to page, once each
    assert len(rows) >= need
    said = [" ".join(t for t, _, _ in page) for page in pages]
    end = SPECS[game].end_rows[-1].label
    assert end in said[-1] and not any(end in page for page in said[:-1])
    if len(pages) > 1:  # each page says where the turns go on, and which page it is
        for n, page in enumerate(pages[:-1], start=1):
            after = max(int(t) for t, _, _ in page if t.isdigit()) + 1
            assert f"Rounds {after}-" in said[n - 1] and f"on page {n + 1}." in said[n - 1]
            assert f"{SPECS[game].title}: rounds {after}-" in said[n]
        for n in range(1, len(pages) + 1):
            assert f"page {n} of {len(pages)}" in said[n - 1], n


def test_the_docs_say_how_many_rounds_a_page_holds() -> None:
    # docs/printables.md said "A page holds 15-28 rounds": A4's pages of turns hold 30-32,
    # and Bug Words' landscape pages for three or four players 17-19
    counts = []
    for game in ("werdup", "bugwords"):
        lo, hi = player_range(SPECS[game])
        for players in range(lo, hi + 1):
            for paper in ("letter", "a4"):
                for page in text_items(score_sheet_pdf(game, players, paper)):
                    counts.append(sum(1 for t, _, _ in page if t.isdigit()))
    docs = (Path(__file__).parents[1] / "docs" / "printables.md").read_text(encoding="utf-8")
    said = " ".join(docs.split("### WerdUp and Bug Words score sheets")[1].split()[:6])
    assert said == f"A page holds {min(counts)}-{max(counts)} rounds (Bug", said


def test_pdq_score_sheet_follows_the_deck(built: dict[str, bytes]) -> None:
    texts = [t for t, _, _ in text_items(built["score-pdq-4"])[0]]
    rounds = len(deck_cards()) // 3
    assert [t for t in texts if t.isdigit()] == [str(n) for n in range(1, rounds + 1)]
    assert any("J K Q X Z count twice" in t for t in texts)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("variant", [v for v in all_variants() if v != "solitaire"])
def test_the_pdq_sheet_has_a_row_for_each_round_its_variant_deals(variant: str,
                                                                  paper: str) -> None:
    # the sheet had the regular game's 26 rows whatever was played: a game for Younger
    # Players deals 39 rounds of two cards, and ran off the sheet at round 27
    rounds = round_count(get_variant(variant))
    pages = text_items(score_sheet_pdf("pdq", 4, paper, variant))
    rows = [int(t) for page in pages for t, _, _ in page if t.isdigit()]
    assert rows == list(range(1, rounds + 1))  # one row a round, none to spare
    said = [" ".join(t for t, _, _ in page) for page in pages]
    assert "Total" in said[-1].split() and not any("Total" in p.split() for p in said[:-1])
    title = get_variant(variant).title
    assert f"{title} score sheet - 4 players" in said[0]
    if len(pages) > 1:
        after = max(int(t) for t, _, _ in pages[-2] if t.isdigit()) + 1
        assert f"Rounds {after}-{rounds}: on page {len(pages)}." in said[-2]
        for n in range(1, len(pages) + 1):
            assert f"page {n} of {len(pages)}" in said[n - 1]
    if variant.startswith("younger"):
        assert rounds == 39 and len(pages) == 2


def test_the_pdq_sheet_is_for_the_regular_game_unless_told() -> None:
    assert score_sheet_pdf("pdq", 4) == score_sheet_pdf("pdq", 4, variant="regular")
    with pytest.raises(UsageError, match="Only the PDQ score sheet has variants"):
        score_sheet_pdf("werdup", 2, variant="younger")


def test_the_pdq_sheet_says_what_goes_in_each_column() -> None:
    # the note said what to write under Dealt and Won only; what the tinted Alt. column
    # took (a round's alternate score, or a running total as the other sheets' tinted
    # columns are) was left to guess
    said = " ".join(t for t, _, _ in text_items(score_sheet_pdf("pdq", 4))[0])
    assert "Dealt: the round's cards. Won: how many cards each player won in the round; Alt.: " \
           "those cards scored the alternate way, in which J K Q X Z count twice." in said


def test_the_pdq_sheets_headings_say_which_cards() -> None:
    # the round's cards and each player's were both headed CARDS: the three letters dealt
    # and the number of cards a player won went under the same word
    heads = [t for t, _, _ in text_items(score_sheet_pdf("pdq", 4))[0] if t.isupper()]
    assert "DEALT" in heads and heads.count("WON") == 4 and "CARDS" not in heads


@pytest.mark.parametrize("game", ["werdup", "bugwords", "pdq"])
def test_a_score_sheets_rows_are_headed_as_rounds(game: str) -> None:
    """Each row of a sheet for several players holds a turn of each: a round, as the printed
    game record heads its rows. WerdUp's and Bug Words' blank sheets headed them TURN."""
    heads = [t for t, _, _ in text_items(score_sheet_pdf(game, 2))[0] if t.isupper()]
    assert "ROUND" in heads and "TURN" not in heads


def test_werdup_score_sheet_follows_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tile penalty and letter points printed come from the rules data."""
    from dataclasses import replace

    from companion.werdup import rules

    house = replace(rules.get_rules(), tile_penalty=7, flat_points=3)
    monkeypatch.setattr(rules, "get_rules", lambda name="werdup": house)
    texts = " ".join(t for page in text_items(score_sheet_pdf("werdup", 2)) for t, _, _ in page)
    assert "on the rack: -7 each" in texts
    assert "one tile high scores 3" in texts


@pytest.mark.parametrize("players", [1, 4])
def test_the_werdup_sheet_names_the_rack_as_the_rules_and_pages_do(players: int) -> None:
    # its Tiles left row said "on the placard", the 3D-printed set's part: the rules, the
    # game pages and the game record say rack ("the tiles left on the racks"), and a game
    # on the paper board has no placard
    texts = [t for page in text_items(score_sheet_pdf("werdup", players)) for t, _, _ in page]
    assert "on the rack: -5 each" in texts
    assert not [t for t in texts if "placard" in t.lower()]


def test_deck_backs_sit_behind_their_cards() -> None:
    pdf = deck_pdf("four-score", "letter", backs=True)
    pages = text_items(pdf)
    assert len(pages) == 18
    fronts, backs = pages[-2], pages[-1]  # the last sheet holds the last four cards
    pw, ph = 215.9, 279.4
    x0, y0 = (pw - 3 * CARD_W) / 2, (ph - 3 * CARD_H) / 2

    def slot(x: float, y: float) -> tuple[int, int]:
        x_mm, y_mm = x / 72 * 25.4, ph - y / 72 * 25.4
        return int((y_mm - y0) // CARD_H), int((x_mm - x0) // CARD_W)

    front_slots = sorted({slot(x, y) for t, x, y in fronts if t.endswith("FOUR SCORE")})
    back_slots = sorted(slot(x, y) for t, x, y in backs if t == "PDQ")
    assert len(front_slots) == 76 - 8 * 9
    assert back_slots == sorted((r, 2 - c) for r, c in front_slots)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_deck_is_large_enough_to_read(paper: str) -> None:
    # the x2 badges, the deck's name on the cards and its backs were 5.5-6.5 pt
    for variant in (None, "four-score"):
        for n, page in enumerate(text_sizes(deck_pdf(variant, paper, backs=True)), start=1):
            small = [(t, s) for t, s in page if s < SMALLEST_TYPE - 0.01]
            assert small == [], (variant, n)


def test_a_page_of_backs_is_light_on_ink(tmp_path: Path) -> None:
    # the backs were solid green: a page of nine put ink on two thirds of the sheet (0.45 of
    # the page's darkness, five times a page of fronts); a pale field takes about 0.11
    path = tmp_path / "deck.pdf"
    path.write_bytes(deck_pdf("four-score", "letter", backs=True))
    fronts, backs = ((1 - render(path, 30, n) / 255.0).mean() for n in (1, 2))
    assert backs < 0.15 and backs < 2 * fronts, (fronts, backs)


@pytest.mark.parametrize("paper", ["letter", "a4", "tabloid", "a3", "full"])
@pytest.mark.parametrize("game", ["werdup", "bugwords"])
def test_boards_and_tiles_are_large_enough_to_read(game: str, paper: str) -> None:
    # the premium squares' words (3.8-4.6 pt, then 6 pt: a player who cannot tell pink from
    # light blue reads them), the glue strips' label (6 pt) and the tiles' values (6.5 pt)
    docs = [board_pdf(game, paper)]
    if paper in ("letter", "a4"):
        docs.append(tiles_pdf(game, paper))
    for pdf in docs:
        for n, page in enumerate(text_sizes(pdf), start=1):
            small = [(t, s) for t, s in page if s < SMALLEST_TYPE - 0.01]
            assert small == [], n


def test_deck_keeps_crop_marks_where_the_edge_is_near(tmp_path: Path) -> None:
    # Letter leaves 7.7 mm above and below three cards: the marks there are short, not gone.
    pdf = deck_pdf(paper="letter")
    path = tmp_path / "deck.pdf"
    path.write_bytes(pdf)
    dpi = 200
    img = render(path, dpi).min(axis=2)
    px = dpi / 25.4
    y0 = (279.4 - 3 * CARD_H) / 2
    x0 = (215.9 - 3 * CARD_W) / 2
    band = img[int(UNPRINTABLE * px):int((y0 - 0.2) * px)]
    for k in range(4):
        x = int((x0 + k * CARD_W) * px)
        assert (band[:, x - 2:x + 3] < 128).any(), f"no crop mark above cut {k}"


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("variant", [None, "four-score"])
def test_every_deck_page_says_the_deck_and_its_number(paper: str, variant: str | None) -> None:
    """The deck's pages carried no title or page number: a sheet of cards dropped from the
    pile could not be put back in its place, nor told from another deck's."""
    title = "PDQ deck" if variant is None else "PDQ deck - Four Score"
    for backs in (False, True):
        pages = text_sizes(deck_pdf(variant, paper, backs=backs))
        for n, page in enumerate(pages, start=1):
            side = ", backs" if backs and n % 2 == 0 else ""
            said = [(t, s) for t, s in page if "page" in t]
            assert said == [(f"{title}{side} - page {n} of {len(pages)}", SMALLEST_TYPE)], (
                backs, n, said)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_deck_page_label_keeps_clear_of_the_cards_and_their_marks(paper: str,
                                                                      tmp_path: Path) -> None:
    """The label is drawn where nothing else is: in the left margin, at least 0.5 mm (as
    printed, at 300 dpi) from the cards, from every crop mark and from the band printers
    cannot print."""
    path = tmp_path / "deck.pdf"
    path.write_bytes(deck_pdf(paper=paper, backs=True))
    pw, ph = (215.9, 279.4) if paper == "letter" else (210.0, 297.0)
    x0, y0 = (pw - 3 * CARD_W) / 2, (ph - 3 * CARD_H) / 2
    dpi = 300
    px = dpi / 25.4
    for n in (1, 2):
        ink = render(path, dpi, n).min(axis=2) < 200
        rows, cols = np.nonzero(ink[:, :int((x0 - 0.3) * px)])  # the margin (cards at x0)
        marks = np.zeros(len(rows), dtype=bool)
        for k in range(4):  # a crop mark's 0.2 mm line on each cut between the rows
            marks |= np.abs(rows / px - (y0 + k * CARD_H)) < 0.3
        assert (n == 2 or marks.any()), "no crop marks found in the margin"
        label_x, label_y = cols[~marks] / px, rows[~marks] / px
        assert label_x.size > 100, (n, "no label in the margin")
        assert label_x.min() >= UNPRINTABLE + 0.5 and label_x.max() <= x0 - 0.5, (
            n, label_x.min(), label_x.max())
        cuts = np.array([y0 + k * CARD_H for k in range(4)])
        assert np.abs(label_y[:, None] - cuts[None, :]).min() >= 1.0, n


def _text_boxes_mm(pdf: bytes) -> list[list[tuple[float, float, float, float]]]:
    """Per page, each text run's box (left, top, right, bottom) in mm from the top-left."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        ph = float(page.mediabox.height)
        boxes: list[tuple[float, float, float, float]] = []

        def visit(text, cm, tm, font, size, boxes=boxes, ph=ph):
            if not text.strip():
                return
            scale = abs(tm[0] * cm[0]) or abs(tm[1] * cm[1]) or 1.0
            pt = size * scale
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = ph - (tm[4] * cm[1] + tm[5] * cm[3] + cm[5])
            # an embedded subset is named "ABCDEF+Face"
            name = str(font["/BaseFont"]).lstrip("/").split("+")[-1] if font else FONT
            # letter-spaced headings run wider than the plain width: allow 1 mm a letter
            w = stringWidth(text, name, pt) / 72 * 25.4 + len(text) * 1.0
            k = 25.4 / 72
            boxes.append((x * k, (y - 0.75 * pt) * k, x * k + w, (y + 0.25 * pt) * k))

        page.extract_text(visitor_text=visit)
        pages.append(boxes)
    return pages


@pytest.mark.parametrize("game,paper", [("bugwords", "letter"), ("werdup", "letter"),
                                        ("bugwords", "a4"), ("werdup", "a4"),
                                        ("bugwords", "tabloid")])
def test_seam_targets_do_not_cover_the_board_text(game: str, paper: str) -> None:
    # The vertical seam runs through the title and the note under the board: a target drawn
    # there hid a letter of the title ("BUG WORDS" read "BU WORDS" with a cross on the G).
    from printables.boards import registration_targets
    from printables.tiling import seams

    sheet = board_sheet(game)
    _, pieces = board_pieces(sheet, paper)
    xs, ys = seams(pieces)
    targets = registration_targets(sheet, xs, ys)
    assert len(targets) == 2 * (len(xs) + len(ys)) and (xs or ys)
    pages = _text_boxes_mm(board_pdf(game, paper))
    assert len(pages) == len(pieces)
    checked = 0
    for piece, boxes in zip(pieces, pages, strict=True):
        for tx, ty, arm in targets:
            r = piece.region
            if not (r.x - arm <= tx <= r.right + arm and r.y - arm <= ty <= r.bottom + arm):
                continue
            px, py = piece.to_page(tx, ty)
            reach = max(arm, 2.6) + 0.3
            for left, top, right, bottom in boxes:
                assert (right < px - reach or left > px + reach or bottom < py - reach
                        or top > py + reach), (piece.number, (tx, ty), (left, top, right, bottom))
            checked += 1
    assert checked >= 2 * len(targets)  # each target shows on the pieces on both sides


@pytest.mark.parametrize("game", ["werdup", "bugwords"])
@pytest.mark.parametrize("paper", ["letter", "a4", "tabloid", "a3"])
def test_a_board_takes_the_fewest_pages_either_way_up(game: str, paper: str) -> None:
    from companion.layout.sheets import PAPER_SIZES
    from printables.boards import CAPTION
    from printables.style import PAGE_MARGIN
    from printables.tiling import tile_sheet

    sheet = board_sheet(game)
    w, h = PAPER_SIZES[paper]
    fewest = min(len(tile_sheet(sheet.width, sheet.height, *size, margin=PAGE_MARGIN,
                                reserve_bottom=CAPTION)) for size in ((w, h), (h, w)))
    sizes = page_sizes_mm(board_pdf(game, paper))
    assert len(sizes) == fewest
    assert {tuple(sorted(s)) for s in sizes} == {tuple(sorted((round(w, 1), round(h, 1))))}


@pytest.mark.parametrize("game,paper", [("bugwords", "letter"), ("werdup", "letter")])
def test_piece_captions_are_sentences(game: str, paper: str) -> None:
    # piece 1 has nothing to cut, and its caption began "the grey strips go under ..."
    pages = text_items(board_pdf(game, paper))
    captions = [t for page in pages for t, _, _ in page
                if "grey strip" in t or t.startswith("Cut along")]
    assert len(captions) == len(pages)
    assert all(t[0].isupper() and t.endswith(".") for t in captions), captions


@pytest.mark.parametrize("game,paper,pieces", [("bugwords", "letter", 4), ("bugwords", "a3", 2),
                                               ("werdup", "letter", 2), ("werdup", "a4", 2)])
def test_piece_captions_count_their_strips_and_edges(game: str, paper: str,
                                                     pieces: int) -> None:
    # every piece said "the grey strips go under the next piece", a piece with one strip too,
    # and the last of four "Cut along the dashed left and top edge."
    pages = text_items(board_pdf(game, paper))
    captions = [next(t for t, _, _ in page if "grey strip" in t or t.startswith("Cut along"))
                for page in pages]
    two = "the grey strips go under the next pieces; line up the targets and glue."
    one = "the grey strip goes under the next piece; line up the targets and glue."
    if pieces == 4:  # two by two: the top left piece has a strip right and below
        assert captions == [two.capitalize(), f"Cut along the dashed left edge; {one}",
                            f"Cut along the dashed top edge; {one}",
                            "Cut along the dashed left and top edges."]
    else:
        side = next(t for t in ("left", "top") if f"dashed {t} edge." in captions[1])
        assert captions == [one.capitalize(), f"Cut along the dashed {side} edge."]


def test_sticker_sheet_says_what_it_is(tmp_path: Path) -> None:
    # Its Subject was ReportLab's "unspecified" and its Creator "anonymous".
    import subprocess

    from cad.stickers import sticker_pdf
    from companion.layout.werdup_board import BoardLayout

    pdf = tmp_path / "stickers.pdf"
    sticker_pdf(BoardLayout(), pdf, "letter")
    info = dict(line.split(":", 1) for line in subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines())
    assert info["Title"].strip() == "WerdUp board stickers"
    assert info["Subject"].strip() == "12 marker stickers at true size, letter"
    assert info["Creator"].strip() == "companion cad"


@pytest.mark.parametrize("game", ["werdup", "bugwords"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_paper_tiles_are_one_block_without_a_straggling_row(game: str, paper: str) -> None:
    # 100 Bug Words tiles were laid out eleven to a row: nine rows and one tile alone in a
    # tenth, needing cut lines of its own, where ten rows of ten fill the same height
    (page,) = text_items(tiles_pdf(game, paper))
    rows: list[list[float]] = []  # the letters' baselines, top row first (Qu sits lower)
    for y in sorted((y for t, _, y in page if t.isalpha() and (len(t) == 1 or t == "Qu")),
                    reverse=True):
        if rows and rows[-1][-1] - y < 10.0:
            rows[-1].append(y)
        else:
            rows.append([y])
    count = sum(tile_set(game).counts.values())  # blanks too: they carry no letter
    assert [len(r) for r in rows[:-1]] == [10] * 9
    assert len(rows) == 10 and len(rows[-1]) == 10 - (count - sum(len(r) for r in rows))


def test_tile_grid() -> None:
    assert tile_grid(100, 11, 14) == (10, 10)
    assert tile_grid(100, 10, 14) == (10, 10)
    assert tile_grid(100, 12, 5) == (10, 5)  # two pages of 50
    assert tile_grid(7, 11, 14) == (7, 1)
    with pytest.raises(UsageError, match="too small"):
        tile_grid(100, 0, 14)


@pytest.mark.parametrize(("make", "subject"), [
    # the PDF's subject said "1 players" and "1 page(s)"
    (lambda: score_sheet_pdf("werdup", 1), "1 player"),
    (lambda: score_sheet_pdf("pdq", 2), "2 players"),
    (lambda: board_pdf("werdup", "full"), "1 page"),
    (lambda: board_pdf("bugwords", "a4"), "4 pages"),
])
def test_the_document_properties_count_in_words(make: Callable[[], bytes],
                                                subject: str) -> None:
    assert PdfReader(io.BytesIO(make())).metadata.subject == subject


@pytest.mark.parametrize(("game", "paper"), [("bugwords", "letter"), ("bugwords", "a4"),
                                             ("werdup", "letter")])
def test_a_glue_strips_label_is_not_printed_over_the_squares_words(
        game: str, paper: str, tmp_path: Path) -> None:
    # the label ran through the premium squares' words ("DOUBLE LETTER SCORE") under the
    # strip: two lines of text on top of each other
    path = tmp_path / "board.pdf"
    path.write_bytes(board_pdf(game, paper))
    dpi = 150
    px = dpi / 25.4
    pieces = board_pieces(board_sheet(game), paper)[1]
    checked = 0
    for page, piece in enumerate(pieces, start=1):
        img = render(path, dpi, page=page).astype(int)
        for strip, vertical in glue_strips(piece):
            band = glue_label_box(strip, vertical)
            assert band.x >= strip.x and band.right <= strip.right
            assert band.y >= strip.y and band.bottom <= strip.bottom
            x0, x1 = int((band.x + 0.5) * px), int((band.right - 0.5) * px)
            y0, y1 = int((band.y + 0.5) * px), int((band.bottom - 0.5) * px)
            patch = img[y0:y1, x0:x1]
            colour = patch.max(axis=2) - patch.min(axis=2)  # grey and black: 0; squares: more
            assert colour.max() < 30, (page, vertical)
            checked += 1
    assert checked == (4 if game == "bugwords" else 1)  # 2 x 2 pieces; two pieces


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["werdup", "bugwords", "pdq"])
def test_every_score_sheet_has_a_date_and_a_place_to_fill_in(game: str, paper: str) -> None:
    # four or more players on an upright page lost the Place field, with room to spare
    lo, hi, _ = SPECS[game].players
    for players in range(lo, hi + 1):
        page = text_items(score_sheet_pdf(game, players, paper))[0]  # (then turns on)
        labels = {t for t, _, _ in page}
        assert {"DATE", "PLACE"} <= labels, (players, sorted(labels)[:8])


SHEETS = [("werdup", None), ("bugwords", None), ("pdq", None), ("pdq", "four-score"),
          ("pdq", "word-count")]  # the games' sheets, and the PDQ variants scored otherwise


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "variant"), SHEETS)
def test_the_rules_note_lines_up_with_the_table(game: str, variant: str | None,
                                                paper: str) -> None:
    # a table narrower than the page is centred on it, and the rules note under it began at
    # the page's margin, out of line with the table (a one-player WerdUp sheet, Bug Words)
    from printables.canvas import text_width
    from printables.score_sheets import sheet_spec

    spec = sheet_spec(game, variant)
    note = spec.note
    lo, hi, _ = spec.players
    for players in range(lo, hi + 1):
        pdf = score_sheet_pdf(game, players, paper, variant)
        items = text_items(pdf)[0]  # the first page's (others hold more turns)
        page_w, page_h = page_sizes_mm(pdf)[0]
        mm = {t: (x * 25.4 / 72, page_h - y * 25.4 / 72) for t, x, y in items}
        last = {t: x * 25.4 / 72 for t, x, _ in text_items(pdf)[-1]}  # the table's place
        left = last[spec.end_rows[0].label] - 1.0  # the end rows' labels: 1 mm in
        right = page_w - left  # the table is centred
        lines = [t for t, _, _ in items if len(t) > 12 and t in note]
        assert " ".join(lines) == note, (players, lines)
        # a line's room above the footer, as a one-line note has (a second line crowded it)
        title = get_variant(variant).title if variant else spec.title
        sheet = f"{title} score sheet - {counted(players, 'player')}"
        footer_top = next(y for t, (_, y) in mm.items() if t.startswith(sheet)) - 5.0
        for line in lines:
            x, y = mm[line]
            assert abs(x - left) < 0.05 and x + text_width(line, 7.2) <= right + 0.05, (
                players, line)
            assert y < footer_top, (players, line)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["werdup", "bugwords", "pdq"])
def test_everything_on_a_score_sheet_is_large_enough_to_read(game: str, paper: str) -> None:
    # the players' labels, the column headings, the notes under "Tiles left" and "Went out"
    # and the Date and Place labels were 5.5-6.5 pt, too small to read on the table
    lo, hi, _ = SPECS[game].players
    for players in range(lo, hi + 1):
        for n, page in enumerate(text_sizes(score_sheet_pdf(game, players, paper)), start=1):
            small = [(t, s) for t, s in page if s < SMALLEST_TYPE - 0.01]
            assert small == [], (players, n)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "variant"), SHEETS)
def test_the_end_rows_words_stay_clear_of_their_boxes(game: str, variant: str | None,
                                                      paper: str) -> None:
    """Each end row's label and note end before the first box on its row, the gap kept."""
    from printables.canvas import text_width
    from printables.score_sheets import (
        END_NOTE_GAP,
        end_row_sizes,
        sheet_spec,
        table_layout,
    )
    from printables.style import FONT_BOLD, page_setup

    spec = sheet_spec(game, variant)
    lo, hi, _ = spec.players
    for players in range(lo, hi + 1):
        pdf = score_sheet_pdf(game, players, paper, variant)
        at = {t: x * 25.4 / 72 for t, x, _ in text_items(pdf)[-1]}
        setup = page_setup(paper, landscape=players >= spec.landscape_from)
        table = table_layout(spec, players, setup, 40.0, 200.0)  # its columns, any rows
        for row in spec.end_rows:
            first = row.cells.index(True)
            box_left = table.sub_x[0][first] + 0.8
            label, note = end_row_sizes(row)
            ends = [at[row.label] + text_width(row.label, label, FONT_BOLD)]
            if row.note:
                ends.append(at[row.note] + text_width(row.note, note))
            assert max(ends) <= box_left - END_NOTE_GAP + 0.05, (players, row.label)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "players"), [("werdup", 1), ("werdup", 3), ("bugwords", 2),
                                               ("bugwords", 4)])
def test_the_columns_line_up_from_page_to_page(game: str, players: int, paper: str) -> None:
    # the last page's lead column is as wide as its end rows' notes need; the pages of turns
    # before it had kept the narrower one, so the players' columns moved between pages
    pages = text_items(score_sheet_pdf(game, players, paper))
    assert len(pages) > 1
    places = [sorted(x for t, x, _ in page if t.startswith("PLAYER ")) for page in pages]
    assert all(p == places[0] for p in places), places


def _words_mm(path: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Per page, each word pdftotext finds with its box (left, top, right, bottom) in mm."""
    import re
    import subprocess
    from html import unescape

    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        words = []
        for x0, y0, x1, y1, word in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                r"([^<]*)</word>", page):
            k = 25.4 / 72
            words.append((unescape(word), float(x0) * k, float(y0) * k, float(x1) * k,
                          float(y1) * k))
        pages.append(words)
    return pages


@pytest.mark.parametrize(("game", "paper"), [("bugwords", "a4"), ("bugwords", "letter"),
                                             ("bugwords", "tabloid"), ("werdup", "letter")])
def test_a_board_piece_carries_only_the_words_it_shows(
        game: str, paper: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each page drew the whole board and clipped it to its piece: searching or copying the
    # text found the other pieces' words ("TRIPLE WORD SCORE" three times over) and the file
    # was half hidden drawing
    from printables.boards import CAPTION
    from printables.canvas import Page

    path = tmp_path / "board.pdf"
    pdf = board_pdf(game, paper)
    path.write_bytes(pdf)
    pieces = board_pieces(board_sheet(game), paper)[1]
    pages = _words_mm(path)
    assert len(pages) == len(pieces) > 1
    for number, (piece, words) in enumerate(zip(pieces, pages, strict=True), start=1):
        ox, oy = piece.origin
        r = piece.region
        caption_lines = set()
        for word, left, top, right, bottom in words:
            if top >= oy + r.h:  # the caption under the piece: its name and a sentence
                assert bottom <= oy + r.h + CAPTION, (number, word)
                caption_lines.add(round(top))
                continue
            where = (number, word, left, top, right, bottom)
            # the word shows on the piece ...
            assert (left < ox + r.w and right > ox and top < oy + r.h
                    and bottom > oy), where
            # ... and one cut by the piece's edge keeps no more than the letter the edge cuts
            # (a word's box runs from its first letter's start to its last letter's end, and is
            # about a capital's width high)
            letter = 1.1 * (bottom - top)
            assert left > ox - letter and right < ox + r.w + letter, where
            assert top > oy - letter and bottom < oy + r.h + letter, where
        assert len(caption_lines) == 2, (number, caption_lines)
    # every square lies whole on one piece: its words are all there, once each
    squares = bugwords_squares() if game == "bugwords" else []
    found = Counter(w for words in pages for w, *_ in words)
    for word in ("TRIPLE", "DOUBLE", "LETTER", "SCORE"):
        assert found[word] >= sum(word in sq.label for row in squares for sq in row), word
    # and the pages look as they did when they drew everything
    monkeypatch.setattr(Page, "shows", lambda self, *box: True)
    whole = tmp_path / "whole.pdf"
    whole.write_bytes(board_pdf(game, paper))
    for number in range(1, len(pieces) + 1):
        assert (render(path, 60, number) == render(whole, 60, number)).all(), number
    assert len(pdf) < 0.9 * whole.stat().st_size


def test_each_pdq_sheet_says_the_alternate_scoring_of_its_own_deck() -> None:
    # the Four Score sheet said "J K Q X Z count twice", but its deck has no Z (nor X): the
    # letters named are those the variant's deck holds that the alternate scoring doubles
    four = " ".join(t for t, _, _ in text_items(score_sheet_pdf("pdq", 4, variant="four-score"))[0])
    assert "the alternate way, in which J K Q count twice." in four
    dealt = set(deck_cards("four-score"))
    doubled = {c for c, p in alternate_points().items() if p == 2}
    assert "Z" not in dealt and sorted(doubled & dealt) == ["J", "K", "Q"]
    regular = " ".join(t for t, _, _ in text_items(score_sheet_pdf("pdq", 4))[0])
    assert "in which J K Q X Z count twice." in regular


def test_the_word_count_sheet_has_a_column_for_the_words_that_count() -> None:
    # Word Count wins no cards (a player scores the words nobody else wrote), and its
    # sheet had the regular game's Won and Alt. columns and their note
    pages = text_items(score_sheet_pdf("pdq", 3, variant="word-count"))
    said = [t for t, _, _ in pages[0]]
    assert said.count("WORDS") == 3 and "WON" not in said and "ALT." not in said
    note = " ".join(said)
    assert "alternate" not in note
    # what the column takes, said plainly: it read "how many of the words each player wrote
    # for the round count: ...", where "the round count" reads as one thing
    assert ("Dealt: the round's cards. Words: how many words each player scored in the round, "
            "those valid for the cards that nobody else wrote.") in note
    assert "Total" in said and "words that counted" in said
    assert get_variant("word-count").wins_cards is False
    assert all(get_variant(v).wins_cards for v in all_variants() if v != "word-count")


def test_a_continued_pdq_sheet_names_its_variant() -> None:
    # the second page of a Younger Players sheet was headed "PDQ: rounds 29-39"
    pages = text_items(score_sheet_pdf("pdq", 4, variant="younger"))
    first = min(int(t) for t, _, _ in pages[1] if t.isdigit())
    assert f"PDQ for Younger Players: rounds {first}-39" in [t for t, _, _ in pages[1]]
