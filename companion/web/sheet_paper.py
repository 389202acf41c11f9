"""The printed score sheet's measures: each name, turn and total's width in the sheet's faces,
and how the page's width is shared out among the players, from a game's rows to the paper
layout (:func:`laid_out`); the print page (``games.printable``) renders it."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from companion.tables import TABLE_GAMES, table_for
from companion.text import signed
from companion.web.models import Game


def _text_width(text: str, face: str = "Helvetica-Bold") -> float:
    """``text``'s width in ems of the printable sheet's bold face (a player's name), or
    ``face`` (Arial, Liberation Sans and Helvetica share their widths, ReportLab's built-in
    metrics); a letter that face lacks counts one em (a CJK letter's width), never less."""
    return sum(_letter_width(ch, face) for ch in text)


@lru_cache(maxsize=2048)  # letters a sheet uses; not every letter a stranger may type
def _letter_width(ch: str, face: str) -> float:
    """One letter's width for :func:`_text_width`, looked up once a letter and face: the
    print page of four players' 400 turns, each three 64-letter words, measured 158,000
    letters through ReportLab and took 0.47 s of CPU (0.9 s while each turn's every break
    was measured again), now 0.12 s."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return 1.0
    return float(stringWidth(ch, face, 1.0))


PHONE_WIDTH = 480  # CSS px: the printable sheet's phone layout, up to this screen width
ROUND_LABEL = "Round"  # the printable sheet's heading over its rows' numbers (the rounds)
PLAY_EMS = 5  # the least a turn's column takes beside the others on a screen (td.play)
FIT = 1.02  # a width the server measures, and 2% more, for the rounding of a glyph's pixels
CELL_EMS = 1 + 1 / 16  # a cell's padding (.5 em each side) and its borders' share (1 px)
NAME_LEAST_PT = 9  # the least a player's name shrinks to on paper, before it breaks
TOTAL_LEAST_PT = 9  # the least the running totals shrink to on paper: as a name, readable
SCREEN_FIT = 1.12  # a width measured in Helvetica's ems, and 12% more, on a screen: its sans
                   # (Noto Sans, system-ui on Debian) sets "Bartholomew" 8.6% wider
PAGE_MARGIN_MM = 12  # the printed sheet's margin on every side (@page)


def _label_ems() -> float:
    """The width of the printable sheet's widest row label (its heading, "Round", and the
    last row's "Final"), in ems of its bold face, and 2% more (:data:`FIT`)."""
    return round(FIT * max(_text_width(label) for label in (ROUND_LABEL, "End", "Final")), 3)


def _totals_width(totals: dict[int, int], rows: list[dict]) -> dict[int, float]:
    """Each player's widest running total (or final one, ``totals`` by seat) in ems of the
    sheet's face."""
    total = {seat: _text_width(str(t), "Helvetica") for seat, t in totals.items()}
    for r in rows:
        total[r["seat"]] = max(total[r["seat"]], _text_width(str(r["total"]), "Helvetica"))
    return total


def _stacked_below(turns: list[tuple[int, dict]], totals: dict[int, float]) -> int:
    """The screen width (CSS px) up to which the printable sheet sets each turn on two lines
    (its words over the running total), as it does on a phone: the width its turns need side
    by side, each player's two columns as wide as their longest turn on one line (at least
    the turn's column's least width) and their widest total (``totals``, by seat), with the
    cells' padding and borders, in the sheet's 12 pt, so that no turn is broken on a screen
    (a tablet's) too narrow for them, and a twentieth to spare for the table's own sharing
    out of its columns; never under the phone's width. ``turns``: each turn's seat and its
    text as :func:`printed` sets it."""
    play = dict.fromkeys(totals, 0.0)
    for seat, printed in turns:
        play[seat] = max(play[seat], printed["width"])
    ems = 3 + _label_ems() + CELL_EMS + sum(max(play[s], PLAY_EMS) + totals[s] + 2
                                           for s in play)  # the page's margins: 3 ems
    return max(PHONE_WIDTH, round(1.05 * (16 * ems + 2 * len(play) + 4)))


def _paper_columns(game: Game, turns: list[tuple[int, dict]], totals: dict[int, float],
                   names: dict[int, dict]) -> dict:
    """How the printed sheet shares the page's width out among its players (numbered from
    1, in seat order), in ems of its 12 pt. Each player's two columns need (``words``) their
    turns set on two lines at most (``lines``: the widest of their turns' widths on two
    lines, each broken between its words, and their end-of-game adjustment) beside their
    widest total (``total``: ``totals``, by seat), with both cells' padding and borders,
    and (``name``) their name's longest piece at its least size on paper, in its cell, but
    no more than an even share of the table. A player whose need fits is given it; the
    others share the rest evenly, each up to its need: that share is the largest of the
    page's width, less the needs of each set of players (``sets``: each set's ``players``
    and how many ``others`` share the rest), over the others (the largest is the set of
    the players who fit). Room to spare goes to the turns' columns evenly. ``turn``: the
    rounds' numbers' column, as wide as its widest label (:func:`_label_ems`, in bold).
    ``turns``: each turn's seat and its text, and ``names`` each seat's name, as
    :func:`printed` sets them."""
    turn = round(_label_ems() + CELL_EMS, 3)
    lines = {p.seat: _text_width(signed(p.end_adjustment), "Helvetica") if game.finished
             else 0.0 for p in game.players}
    for seat, printed in turns:
        lines[seat] = max(lines[seat], printed["two_lines"])
    players = [{"lines": round(FIT * lines[p.seat], 3), "total": round(FIT * totals[p.seat], 3),
                "words": round(FIT * (lines[p.seat] + totals[p.seat]) + 2 * CELL_EMS, 3),
                "name": round(FIT * names[p.seat]["longest"] * NAME_LEAST_PT / 12 + CELL_EMS,
                              3)} for p in game.players]
    count = len(players)
    sets = [{"players": list(fit), "others": count - size} for size in range(1, count)
            for fit in combinations(range(1, count + 1), size)]
    return {"turn": turn, "players": players, "sets": sets}


def _names_in_full(paper: dict) -> bool:
    """Whether a player's name may end in an ellipsis over the player's columns on paper
    (``paper``: :func:`_paper_columns`): its longest piece at its least size needs more
    than an even share of the table on the narrower of Letter and A4, the least its columns
    are given. The sheet then lists the names whole on a line of their own over the table
    (a forty-letter name of four players was printed only as "WWWWWWWWWWWW..."), and such a
    name asks its columns for no room (its need in ``paper`` is set to nothing): asking for an even
    share, forty W's over CAT and its totals left OXYPHENBUTAZONE 6.9 pt and "QI / 51" on
    two lines beside it."""
    from companion.layout.sheets import PAPER_SIZES

    width = min(PAPER_SIZES[p][0] for p in ("letter", "a4")) - 2 * PAGE_MARGIN_MM
    even = (width / 25.4 * 72 / 12 - paper["turn"]) / len(paper["players"])  # rem
    wide = [p for p in paper["players"] if p["name"] > even - 0.2]  # 2 px, and rounding
    for p in wide:
        p["name"] = 0.0
    return bool(wide)


@cache
def _board_letters() -> int:
    """The most letters a word on any game's board has: the largest board's side (Bug
    Words' 15). The sheets of every game take turns typed as words, and their tests and
    players type fifteen-letter words on a WerdUp sheet too."""
    return max(max(t.layout.rows, t.layout.cols) for t in map(table_for, TABLE_GAMES))


def printed(text: str, face: str = "Helvetica-Bold", letters: int | None = None) -> dict:
    """A player's name, or a turn, as the printable sheet sets it in its column: its width on
    one line, in ems of ``face`` (the sheet shrinks the type to fit the column, down to a
    readable size), its pieces (each word, cut after its hyphens: the only places it may
    break), its longest piece's width, which must fit the column whole, and its width on
    two lines (``two_lines``: broken between two of its words where the wider line is the
    narrowest; on one line, a single word's). A name's piece wider than the column ends in
    an ellipsis on paper (on a phone it breaks over two lines first); a turn's words are
    never broken inside their letters, but for a word longer than a board holds
    (``letters``, :func:`_board_letters`: no play makes it, it can only be typed), which is
    measured as its widest ``letters`` letters and breaks inside its letters where its
    column ends: forty W's planned whole took half of four players' table, and beside
    them every total shrank."""
    words = [[part for part in word.replace("-", "-\n").split("\n") if part]
             for word in text.split()]

    def measured(piece: str) -> float:
        each = [_text_width(ch, face) for ch in piece]
        if letters is None or len(each) <= letters:
            return sum(each)
        run = widest = sum(each[:letters])  # the widest run of ``letters``, slid along it
        for at in range(letters, len(each)):
            run += each[at] - each[at - letters]
            widest = max(widest, run)
        return widest

    tokens = [measured(token) for token in text.split()]
    space = _text_width(" ", face)

    def line(widths: list[float]) -> float:
        return sum(widths) + space * max(0, len(widths) - 1)

    two = min((max(line(tokens[:cut]), line(tokens[cut:])) for cut in range(1, len(tokens))),
              default=line(tokens))
    longest = max((measured(part) for word in words for part in word), default=0.0)
    return {"width": round(line(tokens), 3), "words": words, "longest": round(longest, 3),
            "two_lines": round(two, 3)}


def laid_out(game: Game, rows: list[dict], rounds: list[dict], texts: list[str],
             totals: dict[int, int]) -> dict[str, Any]:
    """The printed sheet's layout, as its template takes it: each player's name (``names``)
    and each round's cells (``cells``: the widest of each player's turns in it, players
    numbered from 1) as :func:`printed` sets them, the plan of the columns on paper
    (``paper``, :func:`_paper_columns`, and ``names_in_full``, :func:`_names_in_full`), the
    screen width below which each turn takes two lines (``stacked_below``) and the measures
    the sheet's style is written in. ``rows``: the game's turns with their running totals
    (:func:`scoresheet.running`), ``rounds`` the same by round (:func:`scoresheet.rounds`),
    ``texts`` each turn as the sheet writes it, ``totals`` each player's total by seat."""
    widths = _totals_width(totals, rows)
    turns = [(r["seat"], printed(text, "Helvetica", _board_letters()))
             for r, text in zip(rows, texts, strict=True)]
    by_number = {r["number"]: each for r, (_seat, each) in zip(rows, turns, strict=True)}
    names = {p.seat: printed(p.name) for p in game.players}
    paper = _paper_columns(game, turns, widths, names)
    in_full = _names_in_full(paper)  # a name listed whole over the table asks no room
    label = _label_ems()
    return {"names": names, "round_label": ROUND_LABEL,
            "cells": [{n: {what: max(by_number[r["number"]][what] for r in cell)
                           for what in ("longest", "two_lines")}
                       for n, cell in enumerate(each["turns"], start=1) if cell}
                      for each in rounds],
            "label_ems": {"screen": round(label + CELL_EMS, 3),
                          "phone": round(label + .5 + 1 / 16, 3)},
            "paper": paper, "names_in_full": in_full,
            "page_margin": PAGE_MARGIN_MM, "fit": FIT,
            "cell_ems": CELL_EMS, "name_least": NAME_LEAST_PT,
            "total_least": TOTAL_LEAST_PT,
            "phone_width": PHONE_WIDTH, "play_ems": PLAY_EMS,
            "stacked_below": _stacked_below(turns, widths)}
