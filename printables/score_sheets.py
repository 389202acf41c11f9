"""Score sheets for WerdUp, Bug Words and PDQ: a spec (data) -> a table layout -> the PDF."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.errors import UsageError
from companion.layout.sheets import Rect
from companion.text import counted, number_shown, number_word
from printables.canvas import Page, new_canvas, text_width
from printables.chrome import footer, page_of, title_band
from printables.style import (
    ACCENTS,
    FONT,
    FONT_BOLD,
    INK,
    MUTED,
    PAGE_MARGIN,
    RULE,
    SMALLEST_TYPE,
    ZEBRA,
    PageSetup,
    page_setup,
    tracking,
)

if TYPE_CHECKING:
    from companion.pdq.variants import Variant


@dataclass(frozen=True)
class Column:
    """One sub-column under each player: its heading and relative width."""

    label: str
    weight: float
    total: bool = False  # a running-total column, tinted


@dataclass(frozen=True)
class EndRow:
    """A row after the turns: its label and which player sub-columns take an entry."""

    label: str
    note: str
    cells: tuple[bool, ...]
    strong: bool = False


@dataclass(frozen=True)
class ScoreSheetSpec:
    game: str
    title: str
    # heading of the first column: each row is a round (a turn of each player, as the
    # printed game record's rows are), and the continuation lines count them so
    lead: str
    lead_extra: str  # heading of an optional write-in column after it ("" for none)
    columns: tuple[Column, ...]
    end_rows: tuple[EndRow, ...]
    fixed_range: tuple[int, int] | None  # fewest, most players; None: from the game's rules
    default_players: int
    landscape_from: int  # this many players or more: landscape pages
    rows: int | None  # body rows; None fills the page
    note: str

    @property
    def players(self) -> tuple[int, int, int]:
        """Fewest, most and default players."""
        return (*player_range(self), self.default_players)


SPECS: dict[str, ScoreSheetSpec] = {
    "werdup": ScoreSheetSpec(
        "werdup", "WerdUp", "Round", "",
        (Column("Points", 1.0), Column("Total", 1.0, total=True)),
        (
            EndRow("Tiles left", "on the rack: -{tile_penalty} each", (True, False)),
            EndRow("Final score", "total less tiles", (False, True), strong=True),
        ),
        None, 4, 99, None,
        "A letter one tile high scores {flat_points}; a stacked letter scores {stack_points} "
        "per tile in its stack. Every word formed scores.",
    ),
    "bugwords": ScoreSheetSpec(
        "bugwords", "Bug Words", "Round", "",
        (Column("Word(s)", 2.6), Column("Score", 1.0), Column("Total", 1.0, total=True)),
        (
            EndRow("Unplayed letters", "minus their values", (False, True, False)),
            EndRow("Went out", "plus the others' unplayed", (False, True, False)),
            EndRow("Final score", "", (False, False, True), strong=True),
        ),
        None, 2, 3, None,
        "Letter premiums before word premiums; premiums count only on the turn they are "
        "covered; {bingo_bonus} extra for playing {bingo_tiles}.",
    ),
    "pdq": ScoreSheetSpec(
        "pdq", "PDQ", "Round", "Dealt",
        (Column("Won", 1.0), Column("Alt.", 1.0, total=True)),
        (EndRow("Total", "cards won / alternate", (True, True), strong=True),),
        (2, 6), 4, 99, None,
        "Dealt: the round's cards. Won: how many cards each player won in the round; Alt.: "
        "those cards scored the alternate way, in which {alternate}.",
    ),
}

ROW_HEIGHT = 7.4  # mm: a comfortable pen-written line
HEADER_NAME = 9.0
HEADER_SUB = 5.5
END_ROW = 9.0
NOTE_LINE = 3.6  # mm between the lines of the rules reminder under the table
CONTINUED_BAND = 14.0  # mm from the top margin to a continuation page's table


@dataclass(frozen=True)
class TableLayout:
    """Column edges and row tops of a score table, in mm (pure layout, no drawing)."""

    lead: Rect  # the lead column's body area
    lead_extra: Rect | None
    player_x: tuple[float, ...]  # left edge of each player block
    player_w: float
    sub_x: tuple[tuple[float, ...], ...]  # per player, left edge of each sub-column
    sub_w: tuple[float, ...]
    name_top: float
    sub_top: float
    body_top: float
    rows: int
    end_top: float
    bottom: float
    first: int = 1  # the first row's number (a continuation page numbers on)


def table_layout(spec: ScoreSheetSpec, players: int, setup: PageSetup, top: float,
                 bottom: float, first: int = 1, lead_w: float | None = None) -> TableLayout:
    """Where every column and row of the score table goes between ``top`` and ``bottom``;
    ``lead_w`` is the lead column's width (default: :func:`lead_width` of ``spec``; a page of
    turns alone takes the last page's, so that the columns line up from page to page)."""
    width, _ = setup.size
    left, right = PAGE_MARGIN, width - PAGE_MARGIN
    lead_w = lead_width(spec) if lead_w is None else lead_w
    extra_w = 22.0 if spec.lead_extra else 0.0
    avail = right - left - lead_w - extra_w
    player_w = min(avail / players, 62.0)
    table_w = lead_w + extra_w + players * player_w
    left = left + (right - left - table_w) / 2
    weights = sum(c.weight for c in spec.columns)
    sub_w = tuple(player_w * c.weight / weights for c in spec.columns)
    px = tuple(left + lead_w + extra_w + i * player_w for i in range(players))
    sub_x = tuple(tuple(x + sum(sub_w[:j]) for j in range(len(sub_w))) for x in px)
    body_top = top + HEADER_NAME + HEADER_SUB
    end_h = len(spec.end_rows) * END_ROW
    fit = int((bottom - body_top - end_h - 2.0) // ROW_HEIGHT)
    rows = min(spec.rows, fit) if spec.rows else fit
    if rows < 1:
        raise UsageError("The page is too small for this score sheet.")
    end_top = body_top + rows * ROW_HEIGHT + 2.0
    lead = Rect(left, body_top, lead_w, rows * ROW_HEIGHT)
    extra = Rect(left + lead_w, body_top, extra_w, rows * ROW_HEIGHT) if extra_w else None
    return TableLayout(lead, extra, px, player_w, sub_x, sub_w, top, top + HEADER_NAME,
                       body_top, rows, end_top, end_top + end_h, first)


LEAD_WIDTH = 26.0  # mm: the Round column, at least
END_NOTE_GAP = 2.0  # mm kept between an end row's label or note and the boxes on its row


def end_row_sizes(row: EndRow) -> tuple[float, float]:
    """The type sizes of an end row's label and of its note, in points."""
    return (8.0 if row.strong else 7.2), SMALLEST_TYPE


def lead_width(spec: ScoreSheetSpec) -> float:
    """The lead column's width in mm: :data:`LEAD_WIDTH`, or more where an end row's label or
    note needs it to stay clear of the boxes (the lead column is their place on the row)."""
    need = LEAD_WIDTH
    for row in spec.end_rows:
        label, note = end_row_sizes(row)
        widest = max(text_width(row.label, label, FONT_BOLD), text_width(row.note, note))
        need = max(need, 1.0 + widest + END_NOTE_GAP)
    return need


def score_sheet_pdf(game: str, players: int | None = None, paper: str = "letter",
                    variant: str | None = None) -> bytes:
    """The score sheet of ``game`` for ``players`` players as PDF bytes: one page, or as
    many as a long game's turns take (:func:`sheet_tables`), each saying which page of how
    many it is, the rows after the turns (tiles left, final score) on the last. ``variant``
    (PDQ only; default the regular game) is the PDQ variant whose rounds the rows follow."""
    rules = sheet_variant(game, variant)
    spec = _filled(game, rules)
    lo, hi = player_range(spec)
    n = spec.default_players if players is None else players
    if not lo <= n <= hi:
        raise UsageError(f"A {spec.title} score sheet is for {lo} to {counted(hi, 'player')}, "
                         f"not {number_shown(n)}.")
    played = rules.title if rules else ""
    setup = page_setup(paper, landscape=n >= spec.landscape_from)
    named = played or spec.title  # the variant's own title: "PDQ for Younger Players"
    c, buf = new_canvas(setup.size, f"{named} score sheet", counted(n, "player"))
    page = Page(c, setup.size)
    accent = ACCENTS[game]
    kicker = f"Score sheet - {played}" if played and played != spec.title else "Score sheet"
    y = title_band(page, spec.title, kicker, accent, (("Date", 32.0), ("Place", 42.0)))
    tables = sheet_tables(spec, n, setup, y + 5.0)
    sheet = f"{named} score sheet - {counted(n, 'player')}"
    for k, t in enumerate(tables, start=1):
        last = k == len(tables)
        then = [] if last else [_turns_on(tables[k], k + 1, spec.lead)]
        if k > 1:
            _continued_band(page, named, accent, t, spec.lead)
        _draw_table(page, spec if last else replace(spec, end_rows=()), t, n, accent)
        under = [*then, *_note_lines(spec.note, _table_width(t))] if k == 1 else then
        for i, line in enumerate(under):  # under the table, from its left edge
            strong = bool(then) and i == 0
            page.text(t.lead.x, t.bottom + (6.0 if k == 1 else 4.5) + i * NOTE_LINE, line,
                      size=7.2, font=FONT_BOLD if strong else FONT, color=INK if strong else MUTED)
        footer(page, sheet if len(tables) == 1 else f"{sheet} - {page_of(k, len(tables))}")
        c.showPage()
    c.save()
    return buf.getvalue()


def long_game_rows(spec: ScoreSheetSpec, players: int) -> int:
    """The rows a long game of ``spec``'s game takes for ``players`` (0: the page's rows do).

    WerdUp and Bug Words: as many turns as the set has tiles, as if each were played on its
    own, passes and swaps among them (a slow WerdUp game stacks single letters; the
    engine's self-played games of four take about 40 turns, and a hundred turns of four
    players, passes included, outran the sheet's two pages); a row holds a turn of each
    player, so one player needs 100 rows, two 50 and four 25, more than a page's 17-32.
    PDQ: the rounds its variant deals (:attr:`ScoreSheetSpec.rows`, from the engine's
    ``round_count``: 26 in the regular game, 39 for Younger Players)."""
    if spec.game not in ("werdup", "bugwords"):
        return spec.rows or 0
    from companion.tiles import tile_set

    return -(-tile_set(spec.game).total // players)


def sheet_tables(spec: ScoreSheetSpec, players: int, setup: PageSetup,
                 top: float) -> list[TableLayout]:
    """The table of each page of the sheet, the first from ``top`` (under the title band):
    one page that its rows fill, with the rows after the turns (:attr:`ScoreSheetSpec.
    end_rows`), when it holds a long game's rows (:func:`long_game_rows`); else pages of
    turns, numbered on from page to page, until the last holds the rest of them and the
    rows after the turns. Room is kept under the first page's table for the rules note
    (and the line saying where the turns go on), and under a middle page's for that line."""
    width, height = setup.size
    bottom = height - PAGE_MARGIN - 9.0
    need = long_game_rows(spec, players)
    probe = table_layout(spec, players, setup, top, bottom)
    note = len(_note_lines(spec.note, _table_width(probe)))
    one = table_layout(spec, players, setup, top, bottom - (note - 1) * NOTE_LINE)
    if one.rows >= need:
        return [one]
    turns = replace(spec, end_rows=())
    lead = lead_width(spec)
    tables = [table_layout(turns, players, setup, top, bottom - note * NOTE_LINE, lead_w=lead)]
    have = tables[0].rows
    top, bottom = PAGE_MARGIN + CONTINUED_BAND, height - PAGE_MARGIN - 3.0
    while True:
        # a game of a set number of rounds (PDQ's) ends its last page's rows on the last round
        rest = replace(spec, rows=need - have) if spec.rows else spec
        last = table_layout(rest, players, setup, top, bottom, have + 1)
        if have + last.rows >= need:
            return [*tables, last]
        tables.append(table_layout(turns, players, setup, top, bottom - NOTE_LINE, have + 1,
                                   lead_w=lead))
        have += tables[-1].rows


def _table_width(t: TableLayout) -> float:
    return t.player_x[-1] + t.player_w - t.lead.x


def _turns_on(t: TableLayout, page: int, lead: str) -> str:
    """Where a game longer than the page goes on: ``t`` is the next page's table, whose
    rows are counted as the first column heads them (``lead``: rounds)."""
    return f"{lead}s {t.first}-{t.first + t.rows - 1}: on page {page}."


def _continued_band(page: Page, title: str, accent: str, t: TableLayout, lead: str) -> None:
    """A continuation page's heading: the game, and which rows (rounds) the page holds."""
    page.text(t.lead.x, PAGE_MARGIN + 3.2, "SCORE SHEET, CONTINUED", size=7.5,
              font=FONT_BOLD, color=MUTED, spacing=tracking(7.5))
    page.text(t.lead.x, PAGE_MARGIN + 10.0,
              f"{title}: {lead.lower()}s {t.first}-{t.first + t.rows - 1}", size=13,
              font=FONT_BOLD, color=accent)


def player_range(spec: ScoreSheetSpec) -> tuple[int, int]:
    """The fewest and most players a sheet is for (WerdUp and Bug Words: from their rules)."""
    if spec.fixed_range is not None:
        return spec.fixed_range
    from companion.tables import table_for

    table = table_for(spec.game)
    return table.min_players, table.max_players


def _with_bugwords_rules(spec: ScoreSheetSpec) -> ScoreSheetSpec:
    """The Bug Words sheet with the default edition's bingo bonus."""
    from companion.bugwords.rules import default_rules

    rules = default_rules()
    tiles = (f"all {number_word(rules.rack_size)} tiles" if rules.bingo_tiles >= rules.rack_size
             else f"{number_word(rules.bingo_tiles)} tiles or more in one turn")
    return replace(spec, note=spec.note.format(bingo_bonus=rules.bingo_bonus, bingo_tiles=tiles))


def _with_werdup_rules(spec: ScoreSheetSpec) -> ScoreSheetSpec:
    """The WerdUp sheet with the default edition's points and tile penalty."""
    from companion.werdup.rules import get_rules

    rules = get_rules()
    points = {"tile_penalty": rules.tile_penalty, "flat_points": rules.flat_points,
              "stack_points": rules.stack_points}
    rows = tuple(replace(r, note=r.note.format(**points)) for r in spec.end_rows)
    return replace(spec, end_rows=rows, note=spec.note.format(**points))


def sheet_variant(game: str, name: str | None) -> Variant | None:
    """The PDQ variant a sheet of ``game`` is for (default: the regular game; None for
    another game's sheet), or a UsageError in one sentence: no sheet for ``game``, a variant
    the rulebook lacks, Solitaire (one player's game: the sheet is for two or more), or a
    variant named for the WerdUp or Bug Words sheet."""
    from companion.pdq.variants import (
        DEFAULT_VARIANT,
        UnknownVariant,
        get_variant,
        table_variants,
    )

    if game not in SPECS:
        raise UsageError(f"No score sheet for {game!r}; choose werdup, bugwords or pdq.")
    if game != "pdq":
        if name is not None:
            raise UsageError(f"Only the PDQ score sheet has variants; the {SPECS[game].title} "
                             "one has none.")
        return None
    try:
        rules = get_variant(DEFAULT_VARIANT if name is None else name)
    except UnknownVariant as exc:  # naming the variants a sheet is for, not Solitaire
        raise exc.among(table_variants()) from exc
    if rules.name not in table_variants():
        raise UsageError(f"{rules.title} is played alone, and a score sheet is for two or more "
                         "players; choose another variant.")
    return rules


def _with_pdq_rules(spec: ScoreSheetSpec, rules: Variant) -> ScoreSheetSpec:
    """The PDQ sheet of ``rules``: one row per round it deals, as the engine counts them
    (``round_count``), and its scoring: cards won, with the alternate score of the letters
    that count more in its deck (``alternate_points_dealt``: Four Score's has no Z or X), or
    no alternate score when it has none; in Word Count, the words that count (no cards are
    won)."""
    from companion.pdq.deck import alternate_points_dealt, round_count

    rounds = round_count(rules)
    if not rules.wins_cards:
        return replace(spec, rows=rounds, columns=(Column("Words", 1.0),),
                       end_rows=(EndRow("Total", "words that counted", (True,), strong=True),),
                       note="Dealt: the round's cards. Words: how many words each player "
                       "scored in the round, those valid for the cards that nobody else wrote.")
    alternate = alternate_points_dealt(rules)
    if not alternate:
        return replace(spec, rows=rounds, columns=spec.columns[:1],
                       end_rows=(EndRow("Total", "cards won", (True,), strong=True),),
                       note="Dealt: the round's cards. Won: how many cards each player won in "
                       "the round.")
    by_points: dict[int, list[str]] = {}
    for letter, points in alternate.items():
        by_points.setdefault(points, []).append(letter)
    words = {2: "twice", 3: "three times"}
    scored = "; ".join(f"{' '.join(ls)} count {words.get(p, counted(p, 'time'))}"
                       for p, ls in sorted(by_points.items()))
    return replace(spec, rows=rounds, note=spec.note.format(alternate=scored))


_WITH_RULES = {"werdup": _with_werdup_rules, "bugwords": _with_bugwords_rules}


def sheet_spec(game: str, variant: str | None = None) -> ScoreSheetSpec:
    """The spec of ``game``'s sheet with its rules filled in: the edition's points for WerdUp
    and Bug Words, the rounds and scoring of the PDQ ``variant`` (:func:`sheet_variant`)."""
    return _filled(game, sheet_variant(game, variant))


def _filled(game: str, rules: Variant | None) -> ScoreSheetSpec:
    """:func:`sheet_spec` of the variant ``rules`` already checked (None: not PDQ)."""
    return _with_pdq_rules(SPECS[game], rules) if rules else _WITH_RULES[game](SPECS[game])


def _draw_table(page: Page, spec: ScoreSheetSpec, t: TableLayout, players: int,
                accent: str) -> None:
    left = t.lead.x
    right = t.player_x[-1] + t.player_w
    body_bottom = t.body_top + t.rows * ROW_HEIGHT
    # zebra rows and the tinted total columns
    for r in range(t.rows):
        if r % 2:
            page.rect(Rect(left, t.body_top + r * ROW_HEIGHT, right - left, ROW_HEIGHT),
                      stroke=None, fill=ZEBRA)
    # player name boxes and sub-column headings
    for p in range(players):
        x = t.player_x[p]
        name = Rect(x + 1.0, t.name_top, t.player_w - 2.0, HEADER_NAME - 1.0)
        page.rect(name, stroke=accent, width=0.35, radius=1.2)
        page.text(name.x + 1.6, name.y + 3.0, f"PLAYER {p + 1}", size=SMALLEST_TYPE,
                  font=FONT_BOLD, color=MUTED, spacing=tracking(SMALLEST_TYPE))
        for j, col in enumerate(spec.columns):
            cell = Rect(t.sub_x[p][j], t.sub_top, t.sub_w[j], HEADER_SUB)
            page.rect(cell, stroke=None, fill=accent)
            page.text_in(cell, col.label.upper(), size=SMALLEST_TYPE, font=FONT_BOLD,
                         color="#ffffff")
            if col.total:
                for r in range(t.rows):
                    page.rect(Rect(cell.x, t.body_top + r * ROW_HEIGHT, cell.w, ROW_HEIGHT),
                              stroke=None, fill=_tint(accent, 0.13 if r % 2 else 0.07))
    lead_head = Rect(left, t.sub_top, t.lead.w, HEADER_SUB)
    page.rect(lead_head, stroke=None, fill=INK)
    page.text_in(lead_head, spec.lead.upper(), size=SMALLEST_TYPE, font=FONT_BOLD,
                 color="#ffffff")
    if t.lead_extra:
        head = Rect(t.lead_extra.x, t.sub_top, t.lead_extra.w, HEADER_SUB)
        page.rect(head, stroke=None, fill=INK)
        page.text_in(head, spec.lead_extra.upper(), size=SMALLEST_TYPE, font=FONT_BOLD,
                     color="#ffffff")
    # row numbers and horizontal rules
    for r in range(t.rows):
        y = t.body_top + r * ROW_HEIGHT
        page.text_in(Rect(left, y, t.lead.w, ROW_HEIGHT), str(t.first + r), size=8.5,
                     font=FONT_BOLD, color=MUTED)
        page.line(left, y + ROW_HEIGHT, right, y + ROW_HEIGHT, color=RULE, width=0.2)
    # vertical rules: heavy between players, light between sub-columns
    for p in range(players):
        for j in range(1, len(spec.columns)):
            x = t.sub_x[p][j]
            page.line(x, t.body_top, x, body_bottom, color=RULE, width=0.2)
        page.line(t.player_x[p], t.sub_top, t.player_x[p], body_bottom, color=INK, width=0.5)
    if t.lead_extra:
        page.line(t.lead_extra.x, t.body_top, t.lead_extra.x, body_bottom, color=RULE, width=0.2)
    page.rect(Rect(left, t.sub_top, right - left, body_bottom - t.sub_top), stroke=INK,
              width=0.5)
    _draw_end_rows(page, spec, t, players, accent)


def _draw_end_rows(page: Page, spec: ScoreSheetSpec, t: TableLayout, players: int,
                   accent: str) -> None:
    """The rows after the turns (tiles left, final score...), with boxes to fill in."""
    left = t.lead.x
    for k, row in enumerate(spec.end_rows):
        y = t.end_top + k * END_ROW
        label_w = t.player_x[0] - left
        lab = Rect(left, y, label_w, END_ROW)
        size, note_size = end_row_sizes(row)
        page.text(lab.x + 1.0, lab.y + (4.3 if row.note else 5.8), row.label, size=size,
                  font=FONT_BOLD, color=accent if row.strong else INK)
        if row.note:
            page.text(lab.x + 1.0, lab.y + 7.6, row.note, size=note_size, color=MUTED)
        for p in range(players):
            for j, on in enumerate(row.cells):
                if not on:
                    continue
                box = Rect(t.sub_x[p][j] + 0.8, y + 0.8, t.sub_w[j] - 1.6, END_ROW - 1.6)
                page.rect(box, stroke=accent if row.strong else INK,
                          width=0.6 if row.strong else 0.35, radius=1.0)


def _note_lines(note: str, width: float) -> list[str]:
    """The rules reminder under the table as lines ``width`` mm long at most: the table's own
    width (a table narrower than the page is centred on it, and the note began at the page's
    margin)."""
    words, line, lines = note.split(), "", []
    for w in words:
        trial = f"{line} {w}".strip()
        if text_width(trial, 7.2) > width and line:
            lines.append(line)
            line = w
        else:
            line = trial
    lines.append(line)
    return lines


def _tint(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white: ``amount`` 0 is white, 1 the colour itself."""
    rgb = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - v) * amount) for v in rgb]
    return "#" + "".join(f"{v:02x}" for v in mixed)
