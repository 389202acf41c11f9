"""Using the words: pick, for uncertain cells and blank tiles, the letters that make every word
through them a word of the lexicon; what stays ambiguous is listed for the player.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

from companion.board import runs_through
from companion.lexicon import Lexicon, missing_reason
from companion.text import counted
from vision.cells import (
    BLANK,
    EMPTY,
    FADED,
    SHOWN_MIN,
    CellRead,
    give_reason,
    offered,
    shown_alternatives,
)
from vision.words import runs

Cell = tuple[int, int]
MAX_COMBINATIONS = 4000
BLANK_CHOICES = 8    # letters offered for a blank the words cannot settle
UNSEEN = 1e-6        # how much a tile looks like a letter the classifier did not rank
BY_FREQUENCY = "etaoinsrhldcumfpgwybvkxjqz"  # English letters, commonest first

# What a listed tile whose letter nothing tells says (its ``why``): the tile, then the letters
# offered for it, none likelier than another (:func:`_nothing_tells`).
BLANK_UNKNOWN = "a blank tile: which letter it stands for is not known"
LETTER_UNKNOWN = "a tile whose letter cannot be made out"
EVERY_WORD = "each of these makes its words words"
MOST_WORDS = "no letter makes all its words words; these make the most of them"
MENDED = "no letter makes all its words words; these would, were a tile of them misread"
COMMONEST = "no word list to choose by; the commonest letters"
# What a tile whose letter the words chose, though it hardly looks like it, says (its ``why``)
WORDS_WANT = "its words want this letter, though the tile hardly looks like it"
# What a tile listed as perhaps misread says (its ``why``): a blank tile of its words fits no
# letter as it is read; the letters offered are what was read and those that would let it
# (:func:`_perhaps_misread`)
MISREAD = ("perhaps misread: a blank tile of its words fits no letter as it is read; read so "
           "or as these, it would")


def _nothing_tells(rd: CellRead, blanks: bool, offered: str) -> None:
    """``rd``'s alternatives are letters none likelier than another (a blank tile's letter in a
    game with blanks, else a tile whose letter was lost, that nothing tells): they are shown
    without their made-up probabilities, and its ``why`` says what they are (``offered``)."""
    rd.unweighed = True
    rd.why = f"{BLANK_UNKNOWN if blanks else LETTER_UNKNOWN}; {offered}"


def _perhaps_misread(rd: CellRead) -> None:
    """``rd`` is listed as perhaps misread, offered what was read and the letters that would
    let a blank of its words be some letter: the first is the classifier's, the others
    counted from the words, no two figures of one kind, so none is shown (``unweighed``);
    its ``why`` says what the letters are."""
    rd.unweighed = True
    rd.why = rd.why or MISREAD


def words_through(grid: list[list[str]], cell: Cell) -> list[tuple[str, list[Cell]]]:
    """The across and down runs of 2+ tiles through ``cell`` (lower-case, "Qu" is "qu")."""
    return [("".join(grid[r][c].lower() for r, c in cells), cells)
            for cells in runs_through(grid, *cell)]


def _candidates(rd: CellRead, letters: tuple[str, ...], blanks: bool = True
                ) -> list[tuple[str, float]]:
    """A cell's choices and how much it looks like each. A blank tile may stand for any
    letter, each as likely; in a game with no blank tiles a blank-looking cell is a tile whose
    letter was lost, and looks most like the letters the classifier read in its ink (its
    ``options``: a letter cut at the cell's edge), the others as :data:`UNSEEN`."""
    if rd.face == BLANK:
        looks = {} if blanks else {a.lower(): p for a, p in rd.options if a in letters}
        if not looks:
            return [(a.lower(), 1.0 / len(letters)) for a in letters]
        ranked = sorted(letters, key=lambda a: -looks.get(a.lower(), 0.0))
        return [(a.lower(), looks.get(a.lower(), UNSEEN)) for a in ranked]
    cands = [(rd.face, rd.confidence)] + [(a, p) for a, p in rd.alternatives]
    return cands


Scored = tuple[bool, float, tuple[tuple[str, float], ...]]


def resolve(reads: list[CellRead], rows: int, cols: int, lexicon: Lexicon,
            letters: tuple[str, ...], blanks: bool = True,
            holds: Mapping[str, int] | None = None) -> list[CellRead]:
    """Settle uncertain cells and blanks with the lexicon, in place; returns the still
    uncertain cells (their ``alternatives`` keep only choices that make valid words, best
    first). A blank's letter is stored lower-case in ``letter``.

    In a game whose set has no blank tiles (``blanks`` False), a cell read as a blank is a
    tile whose letter was not made out: it is read as the likeliest letter its words allow,
    and always listed with the others (:func:`read_as_letters`).

    With ``holds``, what the game's set holds of each tile, a tile read as a letter the
    reading shows more of than the set holds is offered to the words with the runners-up
    that would mend it (:func:`_mends_beyond_the_set`), however unlikely they look.
    """
    grid = [[EMPTY] * cols for _ in range(rows)]
    by_cell = {(rd.row, rd.col): rd for rd in reads}
    for rd in reads:
        grid[rd.row][rd.col] = BLANK if rd.face == BLANK else rd.face
    todo = [rd for rd in reads if rd.face == BLANK or rd.alternatives]
    unanchored = [by_cell[cell] for cell in _unanchored(grid, {(rd.row, rd.col) for rd in todo})
                  if by_cell[cell].face != BLANK]
    _add_cells_of_non_words(grid, by_cell, lexicon, todo)
    read = _read_counts(reads)
    beyond = _beyond_the_set(reads, holds or {}, read)
    mends = _mends_beyond_the_set(grid, beyond, holds or {}, read, lexicon)
    was = {(rd.row, rd.col): (rd.face, rd.confidence) for rd in beyond}
    _offer_mends(mends, by_cell, todo)
    restored: set[tuple[Cell, str]] = set()  # mends the combinations' limit would drop
    unresolved: list[CellRead] = []
    for group in _groups(grid, todo, by_cell):
        options = _trimmed_options(group, letters, blanks)
        _keep_mends(group, options, mends, restored)
        _within_the_limit(group, options, mends, restored)
        scored = _score_choices(grid, group, options, lexicon)
        good = [sc for sc in scored if sc[0]]
        leads = good and (len(good) == 1 or good[0][1] > 4 * good[1][1])
        # a letter lost (a blank in a set with none) or read from faint ink
        # (:data:`vision.cells.FADED`) leaves its words unsure: the player settles them
        if leads and all((blanks or rd.face != BLANK) and rd.why != FADED for rd in group):
            _settle_best(group, good, unresolved)
        elif not good:  # no choice makes words: the classifier's own doubts go to the player
            # ... and no mend kept for the set's sake was the words' choice (a blank's search
            # below may still mend a tile of its words, for the blank's sake)
            at = {(rd.row, rd.col) for rd in group}
            restored.difference_update({(cell, a) for cell, a in restored if cell in at})
            for rd in group:
                if rd.face != BLANK:
                    rd.alternatives = (shown_alternatives(rd.options, 3)
                                       or [(rd.face, rd.confidence)])
                unresolved.append(rd)
            for rd in group:  # ... and a blank still gets letters to choose from
                grid[rd.row][rd.col] = rd.face
            for rd in group:
                if rd.face == BLANK:
                    _offer_blank(grid, rd, by_cell, lexicon, letters, unresolved, blanks)
        else:
            _share_out(group, good, unresolved, blanks)
        for rd in group:
            grid[rd.row][rd.col] = BLANK if rd.face == BLANK and rd.letter is None else (
                rd.letter or rd.face)
    _list_mended(reads, was, restored, holds or {}, read, unresolved)
    _list_non_words(grid, by_cell, lexicon, unresolved)
    _list_all(unanchored, unresolved)  # vouched for by nothing but being words: ask
    if not blanks:
        read_as_letters(reads, letters, unresolved)
    _list_faint_words(reads, rows, cols, unresolved)
    return unresolved


def read_as_letters(reads: list[CellRead], letters: tuple[str, ...],
                    unresolved: list[CellRead]) -> None:
    """In a game with no blank tiles, each cell read as a blank (a tile's colour, no letter
    made out) takes the likeliest of the letters offered for it, as a letter tile, and is
    listed with them all: the player says which it is (the words chose, not the tile). With
    no letters offered (no word list to choose by), those the classifier finds likeliest in
    the cell's ink are (its ``options``: a letter cut at the cell's edge), else the commonest
    letters."""
    faces = {a.lower(): a for a in letters}
    for rd in reads:
        if rd.face != BLANK:
            continue
        choices = [(faces.get(a.lower(), a.upper()), p) for a, p in rd.alternatives if a]
        if rd.letter and all(a.lower() != rd.letter for a, _ in choices):
            choices.insert(0, (faces.get(rd.letter, rd.letter.upper()), rd.confidence))
        if not choices:
            choices = shown_alternatives([(a, p) for a, p in rd.options if a in letters],
                                         BLANK_CHOICES)
        if not choices:
            choices = [(faces[a], 1.0 / BLANK_CHOICES) for a in BY_FREQUENCY
                       if a in faces][:BLANK_CHOICES]
            _nothing_tells(rd, False, COMMONEST)
            rd.unmeasured = True  # its confidence, 1 in BLANK_CHOICES, measures nothing
        if choices:
            rd.face = rd.letter = choices[0][0]
            rd.confidence = choices[0][1]
            rd.alternatives = choices
        _list(rd, unresolved)


def _unanchored(grid: list[list[str]], doubtful: set[Cell]) -> list[Cell]:
    """The doubtful cells (read unsurely, or as blank tiles) whose every run, as read, holds
    no letter read surely. The words settle a doubtful letter by the sure letters around it,
    which leave few words to fit; a run of doubtful letters only is vouched for by nothing but
    being some word, and a short one often is by chance (a smeared BUD read as B, O, O, each
    under 0.6 and each its cell's likeliest letter, makes BOO): its letters are the player's
    to confirm, whatever the words chose."""
    out = []
    for cell in sorted(doubtful):
        through = words_through(grid, cell)
        if through and all(set(cells) <= doubtful for _, cells in through):
            out.append(cell)
    return out


def list_doubted(rd: CellRead, uncertain: list[CellRead]) -> None:
    """A tile read that the player should look at: listed in ``uncertain`` (unless it is
    already) with what was read first and the letters' runners-up."""
    if any(u is rd for u in uncertain):
        return
    rd.alternatives = [(rd.letter or rd.face, rd.classifier_confidence)] + shown_alternatives(
        (a, q) for a, q in rd.options if a not in (rd.face, EMPTY))
    uncertain.append(rd)


def beyond_the_set(face: str, held: int, read: int) -> str:
    """Why a tile read as ``face`` (a letter, "Qu", "?" a blank tile) is listed when ``read``
    tiles are read as it and the game's set holds only ``held``: one at least is misread."""
    tile = "blank tile" if face == BLANK else f"{face} tile"
    return (f"the set holds only {counted(held, tile)} and {read} are read: "
            f"check {'this square' if face == BLANK else 'its letter'}")


def sureness(rd: CellRead) -> float:
    """How sure the reading of a tile is, to rank tiles read alike: how much more the
    classifier found it to be what was read than its likeliest other letter (a blank tile:
    how near its face is to the tiles' colour)."""
    if rd.face == BLANK:
        return rd.confidence
    return rd.classifier_confidence - max(
        (p for a, p in rd.options if a not in (rd.face, EMPTY)), default=0.0)


def list_beyond_the_set(reads: list[CellRead], holds: Mapping[str, int],
                        uncertain: list[CellRead]) -> None:
    """A reading that shows more tiles of a face (a letter, a blank tile) than the game's set
    ``holds`` is wrong on one of them at least: those of them listed in ``uncertain``
    already say so too (:func:`beyond_the_set`, their ``why`` or one of their
    ``why_also``), and when fewer are listed than must be misread, the least sure of the
    others (:func:`sureness`) are listed, saying so, till as many are."""
    by_face: dict[str, list[CellRead]] = {}
    for rd in reads:
        if rd.face != EMPTY:
            by_face.setdefault(rd.face, []).append(rd)
    listed = {id(u) for u in uncertain}
    for face, tiles in by_face.items():
        held = holds.get(face)
        if held is None or len(tiles) <= held:
            continue
        why = beyond_the_set(face, held, len(tiles))
        already = [rd for rd in tiles if id(rd) in listed]
        for rd in already:
            give_reason(rd, why)
        others = sorted((rd for rd in tiles if id(rd) not in listed),
                        key=lambda rd: (sureness(rd), rd.row, rd.col))
        for rd in others[: len(tiles) - held - len(already)]:
            give_reason(rd, why)
            list_doubted(rd, uncertain)


def _beyond_the_set(reads: list[CellRead], holds: Mapping[str, int], read: dict[str, int]
                    ) -> list[CellRead]:
    """The tiles read as a letter the reading shows more of (``read``, how many of each
    face are) than the set ``holds``: one of them at least is misread (blank tiles are the
    words' to give a letter, not mended)."""
    return [rd for rd in reads if rd.face not in (EMPTY, BLANK)
            and rd.face in holds and read[rd.face] > holds[rd.face]]


def _mends_beyond_the_set(grid: list[list[str]], beyond: list[CellRead],
                         holds: Mapping[str, int], read: dict[str, int], lexicon: Lexicon
                         ) -> dict[Cell, list[tuple[str, float]]]:
    """The tiles read beyond the set (``beyond``, :func:`_beyond_the_set`) that a runner-up
    of their ``options`` would mend, each with those letters: a letter the set holds more of
    than are ``read``, that makes every run through it a word with the other tiles as read
    (each as likely as the classifier found it)."""
    out: dict[Cell, list[tuple[str, float]]] = {}
    for rd in beyond:
        cell = (rd.row, rd.col)
        mend = [(a, p) for a, p in rd.options
                if a != EMPTY and a != rd.face and read.get(a, 0) < holds.get(a, 0)
                and _words_with(grid, cell, a, lexicon)]
        if mend:
            out[cell] = mend
    return out


def _list_mended(reads: list[CellRead], was: dict[Cell, tuple[str, float]],
                 restored: set[tuple[Cell, str]], holds: Mapping[str, int],
                 read: dict[str, int], unresolved: list[CellRead]) -> None:
    """A tile read beyond the set (``was``: what each was read as, and how likely;
    ``read``: how many of each face were) whose letter the words changed to one kept for the
    set's sake alone (``restored``: the combinations' limit would have dropped it) says that
    the set holds fewer, and is confirmed by the player: listed, unless it is, with the
    letter the words chose first and what was read."""
    for rd in reads:
        cell = (rd.row, rd.col)
        face, likely = was.get(cell, (rd.face, 0.0))
        if rd.face == face or (cell, rd.face) not in restored:
            continue
        give_reason(rd, beyond_the_set(face, holds[face], read[face]))
        if all(u is not rd for u in unresolved):
            rd.alternatives = [(rd.face, rd.classifier_confidence), (face, likely)]
            unresolved.append(rd)


def _read_counts(reads: list[CellRead]) -> dict[str, int]:
    """How many tiles are read as each face ("?" a blank tile)."""
    read: dict[str, int] = {}
    for rd in reads:
        if rd.face != EMPTY:
            read[rd.face] = read.get(rd.face, 0) + 1
    return read


def _words_with(grid: list[list[str]], cell: Cell, letter: str, lexicon: Lexicon) -> bool:
    """Whether every run through ``cell`` (one at least) is a word, or may be one, with
    ``letter`` put there."""
    r, c = cell
    was = grid[r][c]
    grid[r][c] = letter
    try:
        words = words_through(grid, cell)
        return bool(words) and all(_may_be_word(w, lexicon) for w, _ in words)
    finally:
        grid[r][c] = was


def _add_cells_of_non_words(grid: list[list[str]], by_cell: dict[Cell, CellRead],
                            lexicon: Lexicon, todo: list[CellRead]) -> None:
    """A non-word: its cells' runners-up are worth a look (added to ``todo``)."""
    for word, cells in runs(grid):
        if BLANK not in word and word not in lexicon:
            for cell in cells:
                rd = by_cell[cell]
                letters_only = [(a, p) for a, p in rd.options if a != EMPTY]
                if not rd.alternatives and letters_only:  # a clear tile stays a tile
                    rd.alternatives = letters_only
                    todo.append(rd)


def _trimmed_options(group: list[CellRead], letters: tuple[str, ...], blanks: bool = True
                     ) -> list[list[tuple[str, float]]]:
    """Each cell's choices, the least likely runners-up dropped until the combinations are
    few enough to try."""
    options = [_candidates(rd, letters, blanks) for rd in group]
    while math.prod(len(o) for o in options) > MAX_COMBINATIONS:
        i, j = _weakest(options, [(i, len(o) - 1) for i, o in enumerate(options) if len(o) > 1])
        del options[i][j]
    return options


def _weakest(options: list[list[tuple[str, float]]], among: list[tuple[int, int]]
             ) -> tuple[int, int]:
    """The least likely of the runners-up ``among`` (each a cell's place in ``options`` and a
    choice's in its list), judged against its own cell's best reading: the one dropped first
    when the combinations are too many to try."""
    return min(among, key=lambda ij: options[ij[0]][ij[1]][1] / max(options[ij[0]][0][1], 1e-9))


def _keep_mends(group: list[CellRead], options: list[list[tuple[str, float]]],
                mends: dict[Cell, list[tuple[str, float]]],
                restored: set[tuple[Cell, str]]) -> None:
    """A tile read beyond the set keeps among its choices (``options``, once trimmed) the
    letters that would mend it (``mends``, :func:`_mends_beyond_the_set`), however unlikely
    they look; those put back are added to ``restored``."""
    for rd, choices in zip(group, options, strict=True):
        kept = {a for a, _ in choices}
        for a, p in mends.get((rd.row, rd.col), []):
            if a not in kept:
                choices.append((a, p))
                restored.add(((rd.row, rd.col), a))


def _within_the_limit(group: list[CellRead], options: list[list[tuple[str, float]]],
                      mends: dict[Cell, list[tuple[str, float]]],
                      restored: set[tuple[Cell, str]]) -> None:
    """The combinations of ``options`` cut back to :data:`MAX_COMBINATIONS` once the mends
    are kept (:func:`_keep_mends`): many tiles read beyond the set, each keeping its mends,
    multiply the combinations past any number that can be tried (24 tiles of a smeared
    photo, 41 million). The least likely runners-up that are no mend go first
    (:func:`_weakest`), then the least likely mends (no longer ``restored``); a cell's best
    reading always stays."""
    cells = [(rd.row, rd.col) for rd in group]
    mending = {(cell, a) for cell, letters in mends.items() for a, _ in letters}
    while math.prod(len(o) for o in options) > MAX_COMBINATIONS:
        droppable = [(i, j) for i, o in enumerate(options) for j in range(1, len(o))]
        others = [(i, j) for i, j in droppable if (cells[i], options[i][j][0]) not in mending]
        i, j = _weakest(options, others or droppable)
        restored.discard((cells[i], options[i][j][0]))
        del options[i][j]


def _offer_mends(mends: dict[Cell, list[tuple[str, float]]], by_cell: dict[Cell, CellRead],
                 todo: list[CellRead]) -> None:
    """Each tile read beyond the set that a runner-up would mend (``mends``) is one the
    words choose for (added to ``todo``, with those letters when it has no others)."""
    for cell, mend in mends.items():
        rd = by_cell[cell]
        if all(t is not rd for t in todo):
            rd.alternatives = list(mend)
            todo.append(rd)


def _score_choices(grid: list[list[str]], group: list[CellRead],
                   options: list[list[tuple[str, float]]], lexicon: Lexicon) -> list[Scored]:
    """Every combination of the cells' choices: whether all the words through them are words,
    and how likely it is; valid first, then most likely first."""
    cells = [(rd.row, rd.col) for rd in group]
    # the runs through the group's cells hang only on which of them a choice leaves empty:
    # each such layout's runs are found once, as templates the choices' letters fill in
    layouts: dict[tuple[bool, ...], list[str]] = {}
    known: dict[str, bool] = {}  # each word met, and whether it is in the lexicon
    scored: list[Scored] = []
    for combo in itertools.product(*options):
        for (r, c), (face, _) in zip(cells, combo, strict=True):
            grid[r][c] = face
        empty = tuple(not face for face, _ in combo)
        templates = layouts.get(empty)
        if templates is None:
            templates = layouts[empty] = _run_templates(grid, cells)
        faces = [face.lower() for face, _ in combo]
        valid = True
        for template in templates:
            word = template.format(*faces)
            ok = known.get(word)
            if ok is None:
                ok = known[word] = word in lexicon
            if not ok:
                valid = False
                break
        prob = math.prod(p for _, p in combo)
        scored.append((valid, prob, combo))
    scored.sort(key=lambda sc: (sc[0], sc[1]), reverse=True)
    return scored


def _run_templates(grid: list[list[str]], cells: list[Cell]) -> list[str]:
    """The runs through ``cells`` (:func:`words_through`, each run once), each as a format
    string: the other tiles' letters (lower case) as they stand, ``{k}`` for ``cells[k]``."""
    index = {cell: k for k, cell in enumerate(cells)}
    runs_seen: dict[tuple[Cell, ...], str] = {}
    for cell in cells:
        for _, run in words_through(grid, cell):
            key = tuple(run)
            if key not in runs_seen:
                runs_seen[key] = "".join(
                    f"{{{index[at]}}}" if at in index
                    else grid[at[0]][at[1]].lower().replace("{", "{{").replace("}", "}}")
                    for at in run)
    return list(runs_seen.values())


def _settle_best(group: list[CellRead], good: list[Scored],
                 unresolved: list[CellRead]) -> None:
    """One choice makes words and clearly leads: the cells take it (a letter the tile hardly
    looks like is still confirmed by the player)."""
    best = good[0][2]
    share = good[0][1] / (sum(sc[1] for sc in good) or 1.0)
    for rd, (face, p) in zip(group, best, strict=True):
        was = (rd.face, rd.confidence)
        _settle(rd, face, share)
        if was[0] != BLANK and face != was[0] and p < SHOWN_MIN:
            # the words want a letter the tile hardly looks like: the player confirms
            rd.confidence = p
            rd.alternatives = [(face, p), was]  # each as the classifier found it
            rd.why = rd.why or WORDS_WANT
            unresolved.append(rd)


def _share_out(group: list[CellRead], good: list[Scored], unresolved: list[CellRead],
               blanks: bool = True) -> None:
    """Several choices make words: each cell takes its likeliest letter among them, the
    others listed for the player (and so is a cell that every choice gives a letter its
    tile hardly looks like). A blank's letters that nothing tells apart (each as likely:
    a blank alone, its words the only judge) are offered as such (:func:`_nothing_tells`)."""
    for k, rd in enumerate(group):
        seen: dict[str, float] = {}
        looks: dict[str, float] = {}  # how much the tile looks like each face
        for _, prob, combo in good:
            seen[combo[k][0]] = seen.get(combo[k][0], 0.0) + prob
            looks[combo[k][0]] = combo[k][1]
        ranked = sorted(seen.items(), key=lambda kv: -kv[1])
        total = sum(seen.values()) or 1.0
        was = (rd.face, rd.confidence)
        if rd.face != BLANK:
            rd.face = ranked[0][0] or EMPTY
            rd.letter = rd.face or None
            rd.confidence = ranked[0][1] / total
        rd.alternatives = [(f, p / total) for f, p in ranked[: 8]]
        shares = [p for _, p in ranked]
        if rd.face == BLANK and len(ranked) > 1 and min(shares) >= max(shares) * (1 - 1e-9):
            _nothing_tells(rd, blanks, EVERY_WORD)
        if rd.face != BLANK and len(ranked) == 1:
            rd.alternatives = []
            rd.looks = looks[ranked[0][0]]  # the classifier's, beside the words' share
            if rd.face != was[0] and looks[ranked[0][0]] < SHOWN_MIN:
                # the words want a letter the tile hardly looks like: the player confirms
                rd.confidence = looks[ranked[0][0]]
                rd.alternatives = [(rd.face, rd.confidence), was]
                rd.why = rd.why or WORDS_WANT
        if rd.alternatives or rd.face == BLANK:
            unresolved.append(rd)


def _list_non_words(grid: list[list[str]], by_cell: dict[Cell, CellRead], lexicon: Lexicon,
                    unresolved: list[CellRead]) -> None:
    """A run still not a word: the player must look at its cells (added to ``unresolved``),
    each given the run's sentence (:func:`vision.cells.give_reason`: a letter of two such
    runs is listed for both)."""
    listed = {(rd.row, rd.col) for rd in unresolved}
    for word, cells in runs(grid):
        if not _may_be_word(word, lexicon):
            for cell in cells:
                rd = by_cell[cell]
                give_reason(rd, not_a_word(word, lexicon))  # listed already, or now
                if cell not in listed:
                    rd.alternatives = (rd.alternatives or shown_alternatives(rd.options, 3)
                                       or [(rd.face, rd.confidence)])
                    unresolved.append(rd)
                    listed.add(cell)


def faint_in_word(word: str) -> str:
    """Why a tile of the run ``word`` (lower case, "?" a blank tile whose letter is not
    known) is listed when another tile of the run holds a letter read from faint ink
    (:data:`vision.cells.FADED`): the words are not left to settle such a run, so its
    letters, however surely read, are the player's to check."""
    return (f"a letter of {word.upper()} is faint in the photo, so the word list cannot "
            "vouch for the word: check its letters")


def _list_faint_words(reads: list[CellRead], rows: int, cols: int,
                      unresolved: list[CellRead]) -> None:
    """A listed tile with no reason of its own (no ``why``) that offers the player no choice
    but what was read (:func:`vision.cells.offered`: nothing of its own in doubt) is listed
    because a run through it holds a letter read from faint ink (the words do not settle a
    faint letter's runs, :func:`resolve`): it says so, the run's sentence
    (:func:`faint_in_word`, each such run's, :func:`vision.cells.give_reason`), and so do
    the run's faint letters (listed for their ink already, :data:`vision.cells.FADED`)."""
    grid = [[EMPTY] * cols for _ in range(rows)]
    by_cell = {(rd.row, rd.col): rd for rd in reads}
    for rd in reads:
        grid[rd.row][rd.col] = rd.letter or rd.face
    for rd in unresolved:
        if rd.why or len(offered(rd)) > 1:
            continue
        for word, cells in words_through(grid, (rd.row, rd.col)):
            faint = [by_cell[cell] for cell in cells if by_cell[cell].why == FADED]
            if faint:  # ``rd`` is none of them: a faint letter says so (its ``why``)
                give_reason(rd, faint_in_word(word))
                for other in faint:  # named under the run's sentence too
                    give_reason(other, faint_in_word(word))


def not_a_word(word: str, lexicon: Lexicon) -> str:
    """Why a tile of the run ``word`` (as :func:`vision.words.runs` gives it: lower case, "?"
    a blank tile) is listed when the run is no word: the list's own sentence for a word it
    lacks (:func:`companion.lexicon.missing_reason`), or, with a blank in it, that no letter
    makes it one; the player checks the run's letters."""
    if BLANK in word:
        return f"no letter for its blank tile makes {word.upper()} a word: check its letters"
    return f"{missing_reason([word], lexicon)}: check its letters"


def _may_be_word(word: str, lexicon: Lexicon) -> bool:
    """Whether a run is a word, some letters for its unresolved blanks ("?") included."""
    if BLANK not in word:
        return word in lexicon
    if word.count(BLANK) > 2:
        return True  # too many unknowns to judge
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    i = word.index(BLANK)
    return any(_may_be_word(word[:i] + a + word[i + 1:], lexicon) for a in alphabet)


def _settle(rd: CellRead, face: str, share: float) -> None:
    """Take ``face``; ``share`` is the chosen reading's share of all readings that make words
    (for a blank tile, its letter's; the tile itself stays as sure as it was)."""
    if rd.face == BLANK:
        rd.letter = face.lower()
        rd.confidence = min(rd.confidence, share)
    else:
        rd.looks = _looks_like(rd, face.lower())
        rd.face, rd.letter = face, face or None
        rd.confidence = share
    rd.alternatives = []


def _groups(grid: list[list[str]], todo: list[CellRead], by_cell: dict[Cell, CellRead]
            ) -> list[list[CellRead]]:
    """Uncertain cells that share a word, grouped (they must be decided together)."""
    pending = {(rd.row, rd.col) for rd in todo}
    groups = []
    while pending:
        start = pending.pop()
        group, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for _, cells in words_through(grid, cell):
                for other in cells:
                    if other in pending:
                        pending.discard(other)
                        group.append(other)
                        stack.append(other)
        groups.append([by_cell[c] for c in sorted(group)])
    return groups


Mend = tuple[float, str, Cell, str]  # (the tile's look, the blank's letter, the tile, its letter)


def _offer_blank(grid: list[list[str]], blank: CellRead, by_cell: dict[Cell, CellRead],
                 lexicon: Lexicon, letters: tuple[str, ...],
                 unresolved: list[CellRead], blanks: bool = True) -> None:
    """A blank no letter makes words of is offered the letters that would, were one other tile
    of its words misread (that tile is listed with the letters its words want, and mended when
    one misread clearly leads), else the letters that make the most of its words words, none
    likelier than another (:func:`_nothing_tells`): a blank is never offered without a
    choice."""
    alphabet = [a.lower() for a in letters if len(a) == 1 and a.isalpha()] or list(BY_FREQUENCY)
    mends = _one_misread_away(grid, blank, by_cell, lexicon, alphabet)
    if not mends:
        blank.letter = None
        blank.alternatives = _letters_by_words(grid, blank, lexicon, alphabet)
        _nothing_tells(blank, blanks, MOST_WORDS)
        return
    mends.sort(key=lambda m: -m[0])
    by_letter: dict[str, float] = {}
    for look, x, _, _ in mends:
        by_letter[x] = by_letter.get(x, 0.0) + look
    total = sum(by_letter.values())
    ranked = sorted(by_letter.items(), key=lambda kv: -kv[1])[:BLANK_CHOICES]
    blank.alternatives = [(x, w / total) for x, w in ranked]
    blank.letter = None  # its letter rests on a tile read otherwise: the player says
    if all(m[0] == mends[0][0] for m in mends):  # no tile looks likelier than another
        _nothing_tells(blank, blanks, MENDED)
    if len(mends) == 1 or mends[0][0] > 4 * mends[1][0]:
        # one misread clearly explains it: the tile is mended, and confirmed by the player
        look, _, cell, y = mends[0]
        rd = by_cell[cell]
        was = (rd.face, rd.confidence)
        rd.face = rd.letter = y.upper()
        rd.confidence = look
        rd.alternatives = [(rd.face, look / sum(m[0] for m in mends)), was]
        grid[cell[0]][cell[1]] = rd.face
        _perhaps_misread(rd)
        _list(rd, unresolved)
        return
    offered = {x for x, _ in ranked}
    wanted: dict[Cell, dict[str, float]] = {}
    for look, x, cell, y in mends:
        if x in offered:
            wanted.setdefault(cell, {})
            wanted[cell][y] = wanted[cell].get(y, 0.0) + look
    for cell, ys in wanted.items():  # the tiles whose misread may have made it impossible
        rd = by_cell[cell]
        share = sum(ys.values())
        base = rd.alternatives or [(rd.face, rd.confidence)]
        mended = [(y.upper(), w / share) for y, w in sorted(ys.items(), key=lambda kv: -kv[1])]
        rd.alternatives = base + [(a, p) for a, p in mended
                                  if a not in {b for b, _ in base}][:BLANK_CHOICES - 1]
        _perhaps_misread(rd)
        _list(rd, unresolved)


def _list_all(reads: list[CellRead], unresolved: list[CellRead]) -> None:
    """Each of ``reads`` listed in ``unresolved`` with its runners-up (:func:`list_doubted`)."""
    for rd in reads:
        list_doubted(rd, unresolved)


def _list(rd: CellRead, unresolved: list[CellRead]) -> None:
    """Add ``rd`` to ``unresolved`` unless it is there."""
    if all(u is not rd for u in unresolved):
        unresolved.append(rd)


def _one_misread_away(grid: list[list[str]], blank: CellRead, by_cell: dict[Cell, CellRead],
                      lexicon: Lexicon, alphabet: list[str]) -> list[Mend]:
    """Every (look, blank's letter, tile, tile's letter) that makes every word through the
    blank and through that one tile words, the tile being another tile of the blank's words
    (a blank's words holding another unresolved blank are not searched)."""
    at = (blank.row, blank.col)
    words = words_through(grid, at)
    if not words or any(sum(grid[r][c] == BLANK for r, c in cells) > 1 for _, cells in words):
        return []
    mends: list[Mend] = []
    for _, cells in words:
        crossing = [cs for _, cs in words if cs is not cells]
        for x in alphabet:
            if not all(_with(grid, cs, {at: x}) in lexicon for cs in crossing):
                continue
            for cell in cells:
                rd = by_cell[cell]
                if cell == at or rd.face == BLANK:
                    continue  # another blank's letter is no misread
                for y in alphabet:
                    if (y == grid[cell[0]][cell[1]].lower()
                            or _with(grid, cells, {at: x, cell: y}) not in lexicon):
                        continue
                    if _crossing_words_hold(grid, cell, cells, y, lexicon):
                        mends.append((_looks_like(rd, y), x, cell, y))
    return mends


def _with(grid: list[list[str]], cells: list[Cell], put: dict[Cell, str]) -> str:
    """The word along ``cells`` with some cells' letters put in."""
    return "".join(put.get(cell, grid[cell[0]][cell[1]].lower()) for cell in cells)


def _crossing_words_hold(grid: list[list[str]], cell: Cell, along: list[Cell], letter: str,
                         lexicon: Lexicon) -> bool:
    """Whether the other run through ``cell`` (not the one along ``along``) stays a word, or
    may be one, with ``letter`` put there."""
    r, c = cell
    was = grid[r][c]
    grid[r][c] = letter
    try:
        return all(_may_be_word(w, lexicon) for w, cs in words_through(grid, cell)
                   if cs != along)
    finally:
        grid[r][c] = was


def _looks_like(rd: CellRead, letter: str) -> float:
    """How likely the classifier found the tile to be ``letter``."""
    seen = {a.lower(): p for a, p in [*rd.options, *rd.alternatives, (rd.face, rd.confidence)]}
    return max(seen.get(letter, 0.0), UNSEEN)


def _letters_by_words(grid: list[list[str]], blank: CellRead, lexicon: Lexicon,
                      alphabet: list[str]) -> list[tuple[str, float]]:
    """The blank's letters that make the most of its words words, the commoner letters first
    among equals (every word through it judged with the letter put in)."""
    r, c = blank.row, blank.col
    counts: dict[str, int] = {}
    for x in alphabet:
        grid[r][c] = x
        counts[x] = sum(_may_be_word(w, lexicon) for w, _ in words_through(grid, (r, c)))
    grid[r][c] = BLANK
    order = {a: k for k, a in enumerate(BY_FREQUENCY)}
    ranked = sorted(alphabet, key=lambda a: (-counts[a], order.get(a, len(order))))
    best = ranked[:BLANK_CHOICES]
    return [(a, 1.0 / len(best)) for a in best]
