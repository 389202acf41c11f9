"""Real phone photos of commercial boards (wooden tiles, carpet, tablecloth, warm light, turned
boards), labelled cell by cell: the reader's figures on each are held."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from glare import jpeg, lamp
from PIL import Image
from sharedwork import once

from companion.lexicon import default_lexicon
from synthetic.camera import smear_kernel
from vision.boards import board_spec
from vision.cells import EMPTY
from vision.classifier import shipped_classifier
from vision.config import DEFAULT
from vision.errors import VisionError
from vision.evaluate import load_labels, score
from vision.imageio import decode_photo, load_photo
from vision.reading import read_board

REAL = Path(__file__).parent / "data" / "vision" / "real"
LABELS = {lab.photo.name: lab for lab in load_labels(REAL / "labels.json")}
FIGURES = json.loads((REAL / "figures.json").read_text())["photos"]


@cache
def _loaded(name: str) -> np.ndarray:
    return load_photo(DEFAULT.load, LABELS[name].photo)


def _photo(name: str) -> np.ndarray:
    """The labelled photo ``name`` as ``load_photo`` reads it with the shipped settings,
    decoded once per test process (a test gets its own copy to change)."""
    return _loaded(name).copy()


def _read(name: str):
    """(reading or None, refusal sentence or None) for one labelled photo, read once per run
    (test_real_photo_totals needs every photo the figures tests read, perhaps in another
    worker)."""
    return once(f"bugwords reading of real/{name}", lambda: _read_now(name))


def _read_now(name: str):
    try:
        image = _photo(name)
        return read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                          default_lexicon()), None
    except VisionError as exc:
        return None, str(exc)


def _read_under_a_lamp(name: str):
    """The labelled photo ``name`` under a lamp's glare (85% white at its middle, above right
    of the photo's middle) read with the shipped settings and the word list, once per run
    (two tests look at this reading)."""

    def read():
        image = lamp(_photo(name), 0.85)
        return read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                          default_lexicon())

    return once(f"bugwords reading of real/{name} under a lamp of 0.85", read)


def _read_with_wood(image: np.ndarray):
    """``read_board`` on a photo of a commercial Bug Words board (the shipped classifier and
    word list): its reading, or the :class:`VisionError` refusing the photo, and the reading
    of its wooden tiles (:func:`vision.woodtiles.read_wood`) it was made from, which the
    board's premium squares located: the tiles read once, not again beside the board."""
    import vision.reading

    real, woods = vision.reading.read_wood, []

    def kept(*args, **kwargs):
        woods.append(real(*args, **kwargs))
        return woods[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(vision.reading, "read_wood", kept)
        try:
            outcome = read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                                 default_lexicon())
        except VisionError as exc:
            outcome = exc
    assert len(woods) == 1, "the board is found by its premium squares, its tiles read once"
    return outcome, woods[0]


def _refused_as_blurred_or_listed(name: str, image) -> None:
    """The photo ``name`` (blurred as ``image``) is refused as blurred, or read with every
    wrong cell listed for the player."""
    try:
        reading = read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                             default_lexicon())
    except VisionError as exc:
        assert "blurred" in str(exc)
        return
    assert score(LABELS[name], reading).wrong_unlisted == 0


def test_every_photo_is_labelled_and_has_figures():
    photos = sorted(p.name for p in REAL.glob("*.jpg"))
    assert len(photos) == 34
    assert sorted(LABELS) == photos == sorted(FIGURES)
    for lab in LABELS.values():
        assert len(lab.rows) == 15 and all(len(r) == 15 for r in lab.rows)
        assert set("".join(lab.rows)) <= set(".?ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FIGURES))
def test_real_photo_figures_hold(name):
    reading, refusal = _read(name)
    want = FIGURES[name]
    if want["refused"]:  # refused only for a reason a player can act on
        if reading is None:
            assert "blurred" in refusal
            return
    assert reading is not None, refusal
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0, "a cell read wrong without being listed as uncertain"
    # no photo as taken has a glare: none is noted, no square listed for one
    from vision.reading import BLANK_WASHED, GAP, LONE, WASHED

    assert not reading.notes
    assert not {u.why for u in reading.uncertain} & {WASHED, LONE, GAP, BLANK_WASHED}
    assert got.cells_right >= want["cells_right"]
    assert got.tiles_right >= want["tiles_right"]
    assert reading.located.method == "premium squares"


@pytest.mark.slow
def test_real_photo_totals():
    scores = [score(LABELS[n], _read(n)[0]) for n in sorted(FIGURES)]
    cells = sum(s.cells_right for s in scores) / sum(s.cells for s in scores)
    tiles = sum(s.tiles_right for s in scores) / sum(s.tiles for s in scores)
    refused = sum(_read(n)[0] is None for n in FIGURES)
    assert sum(s.wrong_unlisted for s in scores) == 0
    assert refused <= 1
    assert cells >= 0.968 and tiles >= 0.943


def test_more_of_a_letter_than_the_set_holds_is_said_where_it_is_read():
    """IMG_20151016_170003 (soft and dim) reads three B tiles, the S of BENDS and of MALES
    taken for B; the Bug Words set holds two (its engine's tile set). Such a reading is wrong
    on one of them at least, and the player was not told: the three were listed, each for
    its run that is no word, with nothing to say that one B at least is no B. Each now says
    also that the set holds only 2 B tiles and 3 are read; so do its two Q tiles (one in
    the set, none on the board: the D of BENDS and of MODE) and its H tiles listed (the R
    of HURT read as H; the H of THESE, read surely, as many as must be misread being
    listed already, is not). No square is listed that was not."""
    from collections import Counter

    from companion.bugwords.rules import default_rules

    name = "IMG_20151016_170003.jpg"
    reading, _ = _read(name)
    assert reading is not None
    held = default_rules().tiles.counts
    read = Counter(rd.face for rd in reading.cells if rd.face)
    over = {face: n for face, n in read.items() if n > held[face]}
    assert over == {"B": 3, "Q": 2, "H": 3}
    on_board = Counter(ch for row in LABELS[name].rows for ch in row if ch != ".")
    assert [on_board[face] for face in over] == [1, 0, 2]
    listed = {(u.row, u.col): u for u in reading.uncertain}
    said = {face: sorted(cell for cell, u in listed.items()
                         if f"the set holds only {held[face]} {face} tile" in
                         " ".join([u.why, *u.why_also])) for face in over}
    assert said == {"B": [(7, 3), (7, 7), (12, 11)], "Q": [(7, 6), (13, 6)],
                    "H": [(9, 4), (9, 6)]}
    assert listed[(7, 7)].why_also[-1] == (
        "the set holds only 2 B tiles and 3 are read: check its letter")
    assert listed[(7, 6)].why_also[-1] == (
        "the set holds only 1 Q tile and 2 are read: check its letter")
    assert (10, 11) not in listed and len(listed) == 25
    assert score(LABELS[name], reading).wrong_unlisted == 0


def _jpeg(image: np.ndarray, **save) -> bytes:
    out = io.BytesIO()
    Image.fromarray(image[:, :, ::-1]).save(out, "JPEG", quality=90, **save)
    return out.getvalue()


def test_a_board_turned_a_quarter_turn_reads_the_same():
    name = "IMG_20151016_165412.jpg"
    image = _photo(name)
    spec = board_spec("bugwords")
    turned = np.ascontiguousarray(np.rot90(image))
    reading = read_board(DEFAULT, turned, spec, shipped_classifier(), default_lexicon())
    assert ["".join(c or "." for c in row) for row in reading.grid()] == list(LABELS[name].rows)


def test_the_phone_turn_stored_in_exif_is_applied():
    image = np.zeros((300, 400, 3), np.uint8)
    exif = Image.Exif()
    exif[0x0112] = 6  # the phone was held on its side
    turned = decode_photo(DEFAULT.load, _jpeg(image, exif=exif))
    assert turned.shape[:2] == (400, 300)


def test_a_photo_with_no_board_is_refused_in_a_sentence():
    carpet = _photo("IMG_20151016_165522.jpg")[1150:, :]
    with pytest.raises(VisionError, match="board"):
        read_board(DEFAULT, np.ascontiguousarray(carpet), board_spec("bugwords"),
                   shipped_classifier(), default_lexicon())


def test_premium_blobs_fix_the_grid_of_an_empty_board():
    from vision.premium import find_blobs, fit_layout, project

    image = _photo("IMG_20151016_165313.jpg")
    spec = board_spec("bugwords")
    fit = fit_layout(DEFAULT.premium, find_blobs(DEFAULT.premium, image), spec.squares,
                     (image.shape[1], image.shape[0]))
    assert fit is not None and fit.matched >= 55 and fit.wrong == 0
    # the grid's corners sit inside the photo, its cells a sensible size
    corners = project(fit.homography, np.array([[0, 0], [15, 0], [15, 15], [0, 15]], float))
    assert (corners > 0).all() and (corners[:, 0] < image.shape[1]).all()
    side = np.linalg.norm(corners[1] - corners[0]) / 15
    assert 20 < side < 80


def test_a_board_cut_off_by_the_frame_is_read_where_it_shows():
    """The printed margin cut off: read as before. About two columns of the (tilted) grid cut
    off too: those squares are listed for the player, the rest read. Most of the grid cut off:
    refused."""
    name = "IMG_20151016_165401.jpg"
    image = _photo(name)
    spec = board_spec("bugwords")
    whole = _read(name)[0]
    assert whole is not None
    x = whole.located.corners[:, 0]
    pitch = (x.max() - x.min()) / 15
    rows = list(LABELS[name].rows)
    for cut, unseen in ((x.min() - 0.3 * pitch, 0), (x.min() + 2.2 * pitch, 2)):
        part = np.ascontiguousarray(image[:, max(0, round(cut)):])
        reading = read_board(DEFAULT, part, spec, shipped_classifier(), default_lexicon())
        grid = ["".join(c or "." for c in row) for row in reading.grid()]
        listed = {(u.row, u.col) for u in reading.uncertain}
        wrong = [(r, c) for r in range(15) for c in range(15) if grid[r][c] != rows[r][c]]
        assert all(cell in listed for cell in wrong)
        assert all(c < 3 for _, c in listed) and len(listed) >= 5 * unseen
        assert grid == rows if not unseen else [g[3:] for g in grid] == [g[3:] for g in rows]
    with pytest.raises(VisionError, match="outside the photo"):
        read_board(DEFAULT, np.ascontiguousarray(image[:, round(x.min() + 7 * pitch):]), spec,
                   shipped_classifier(), default_lexicon())


def test_a_board_whose_turn_the_tiles_cannot_settle_is_refused():
    cfg = replace(DEFAULT, wood=replace(DEFAULT.wood, turn_margin=1e9))
    image = _photo("IMG_20151016_165401.jpg")
    with pytest.raises(VisionError, match="which way up"):
        read_board(cfg, image, board_spec("bugwords"), shipped_classifier(), default_lexicon())
    empty = _photo("IMG_20151016_165303.jpg")
    reading = read_board(cfg, empty, board_spec("bugwords"), shipped_classifier())
    assert all(rd.face == "" for rd in reading.cells)  # no tiles: any turn reads the same


# the letter model alone decides which way up a board is: no point values seen, no
# turned-letter model
_LETTERS_ALONE = replace(DEFAULT, wood=replace(DEFAULT.wood, value_vote=0.0, turned_vote=0.0))


def _refused_by_letters_alone(name: str) -> str:
    """The refusal of the labelled photo ``name`` read by :data:`_LETTERS_ALONE` without the
    word list, worked out once per run (two tests ask it of 165412)."""

    def read() -> str | None:
        try:
            read_board(_LETTERS_ALONE, _photo(name), board_spec("bugwords"),
                       shipped_classifier())
        except VisionError as exc:
            return str(exc)
        return None

    refusal = once(f"bugwords reading of real/{name} by the letters alone, no word list", read)
    assert refusal is not None, "read, not refused"
    return refusal


@pytest.mark.parametrize("name", ["IMG_20151016_165412.jpg", "IMG_20151016_165517.jpg",
                                  "IMG_20151016_165601.jpg"])
def test_the_words_tell_the_way_up_when_the_values_do_not(name):
    """Tiles whose point values are not seen (another set, glare on the corners), and the
    turned-letter model set aside: the letter model alone hardly tells a tile from one turned
    over, but the runs make words only the right way up. Without the word list the turn stays
    unsettled and the photo is refused."""
    assert "which way up" in _refused_by_letters_alone(name)
    reading = read_board(_LETTERS_ALONE, _photo(name), board_spec("bugwords"),
                         shipped_classifier(), default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and got.tiles_right == got.tiles


@pytest.mark.parametrize("name", ["IMG_20141025_163920.jpg", "IMG_20141025_164035.jpg",
                                  "IMG_20151016_165412.jpg", "IMG_20141025_164052.jpg"])
def test_letters_seen_turned_over_tell_the_way_up_without_values_or_words(name):
    """With no point value seen and no word list (a set without values, a game whose runs are
    not words: the 2014 game's RIEA, SSEVD), the turned-letter model sees the wrong turns'
    glyphs as letters turned over, and the board is read the right way up; without it the
    photo is refused (the letter model reads turned letters as other letters, sure of it)."""
    cfg = replace(DEFAULT, wood=replace(DEFAULT.wood, value_vote=0.0))
    image = _photo(name)
    reading = read_board(cfg, image, board_spec("bugwords"), shipped_classifier())
    got = score(LABELS[name], reading)
    assert got.tiles_right >= 0.9 * got.tiles and got.wrong_unlisted <= 1
    with_words = read_board(cfg, image, board_spec("bugwords"), shipped_classifier(),
                            default_lexicon())
    got = score(LABELS[name], with_words)
    assert got.wrong_unlisted == 0 and got.tiles_right == got.tiles
    assert "which way up" in _refused_by_letters_alone(name)  # turned_vote 0 too


def test_the_turned_letter_model_tells_real_letters_from_turned_ones():
    """On the real crops held out of its training (every fourth), as they stand and turned
    over: the shipped turned-letter model sees almost every one as it is."""
    from synthetic.training import real_glyphs, real_samples, split_samples, turn_set
    from vision.classifier import TURNED, turn_classifier

    _, held_out = split_samples(real_samples())
    feats, labels = turn_set(DEFAULT.cells, real_glyphs(DEFAULT.cells, held_out))
    seen = turn_classifier().turned_over(np.asarray(feats, np.float32)) > 0.5
    turned = np.array([lab == TURNED for lab in labels])
    assert turned.sum() > 400 and (~turned).sum() > 200
    assert seen[turned].mean() >= 0.98 and seen[~turned].mean() <= 0.02


def test_one_smudged_tile_is_listed_not_the_photo_refused():
    """A sharp photo with one tile smudged past reading (a thumb, a drop, glare): the board is
    read and that tile listed for the player; "too blurred" is for a photo whose letters are
    mostly unreadable (the phone moved), not for its hardest tile."""
    import cv2

    name = "IMG_20151016_165401.jpg"  # five tiles
    image = _photo(name)
    spec, clf, lex = board_spec("bugwords"), shipped_classifier(), default_lexicon()
    clean = _read(name)[0]
    assert clean is not None
    r, c = 7, 5
    assert LABELS[name].rows[r][c] == "N" and clean.grid()[r][c] == "N"
    p = DEFAULT.locate.cell_px
    to_photo = np.linalg.inv(clean.located.homography)

    def at(x: float, y: float) -> np.ndarray:
        v = to_photo @ np.array([x, y, 1.0])
        return v[:2] / v[2]

    centre = at((c + 0.5) * p, (r + 0.5) * p)
    half = int(np.linalg.norm(at((c + 1) * p, (r + 0.5) * p) - centre))
    x0, y0 = (int(v) - half for v in centre)
    smudged = image.copy()
    square = smudged[y0:y0 + 2 * half, x0:x0 + 2 * half]
    smudged[y0:y0 + 2 * half, x0:x0 + 2 * half] = cv2.GaussianBlur(square, (0, 0), half / 4)
    reading = read_board(DEFAULT, smudged, spec, clf, lex)
    assert (r, c) in {(u.row, u.col) for u in reading.uncertain}
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and got.tiles_right >= 4


def test_a_darker_tiles_letter_is_kept_under_a_much_darker_tone_curve():
    """A phone in a dim room darkens with a steep tone curve (gamma 1.6 here). Lab's a and b
    shrink with a surface's lightness, the more so the steeper the curve, so the colour round
    the S of a darker tile slid toward the plain squares' and the S was dropped as a mark on
    a bare square; the tiles' colour is judged in log-chromaticity, which the curve scales
    alike for every square, and every tile of the photo keeps its letter."""
    import cv2

    from vision.reading import premium_fit
    from vision.woodtiles import read_wood

    name = "IMG_20141025_164052.jpg"
    photo = cv2.imread(str(LABELS[name].photo))
    curve = (255.0 * (np.arange(256) / 255.0) ** 1.6).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", cv2.LUT(photo, curve), [cv2.IMWRITE_JPEG_QUALITY, 88])
    image = decode_photo(DEFAULT.load, jpeg.tobytes())
    spec = board_spec("bugwords")
    fit = premium_fit(DEFAULT, image, spec)
    assert fit is not None
    wood = read_wood(DEFAULT.wood, image, fit.homography, spec.squares, shipped_classifier(),
                     spec.letters)
    rows = LABELS[name].rows
    letters = {(r, c) for r in range(15) for c in range(15) if rows[r][c] not in ".?"}
    assert letters <= set(wood.guesses)
    assert wood.guesses[(9, 4)].letter == rows[9][4] == "S"


def _blurred(name: str, vary) -> np.ndarray:
    """A sharp labelled photo made blurred by ``vary`` (on the working image), as a phone
    whose focus missed or that moved would have taken it, saved as a JPEG again."""
    import cv2

    image = vary(_photo(name))
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return decode_photo(DEFAULT.load, jpeg.tobytes())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["IMG_20151016_170028.jpg", "IMG_20151016_165604.jpg",
                                  "IMG_20151016_165525.jpg"])
def test_a_photo_whose_focus_missed_is_read_with_its_blur_undone(name):
    """Sharp photos blurred as a missed focus blurs (Gaussian, 3 pixels of the working image,
    a tenth of a letter's height): their letters read too unsurely, so they were refused as
    too blurred; the blur undone, most tiles are read, and no cell wrong goes unlisted: not
    a W the blurred photo showed no mark for (it was looked for only where the photo as taken
    showed letters, and read as an empty square), nor a B read surely as a G beside letters
    the words then mended to another word (BENDS read GENRO): in a photo whose blur was
    undone every run read misspelt is listed."""
    import cv2

    image = _blurred(name, lambda im: cv2.GaussianBlur(im, (0, 0), 3.0))
    reading = read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                         default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.tiles_right >= 0.6 * got.tiles and got.cells_right >= 215


def test_an_out_of_focus_photo_has_its_blur_undone_however_surely_its_letters_read():
    """Under a lighter tone curve (gamma 0.7) the full-size out-of-focus photo's letters read
    surely enough (three in four at 0.71, where as taken 0.49), its E's blurred into solid
    blobs read as O's for sure (0.97), and its letters' edges measured 0.058 of a cell,
    under the 0.06 then taken as too blurred: it was read as taken, one such E not listed.
    Its edges are past ``deblur_from`` now, so its blur is undone however surely its letters
    read (here the reduced copy under the same curve, its legibility check set lower so
    that the edges alone decide: 208 cells right as taken, 222 with its blur undone)."""
    import dataclasses

    import cv2

    name = "IMG_20151016_170032.jpg"
    curve = np.clip(255.0 * (np.arange(256) / 255.0) ** 0.7, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", cv2.LUT(_photo(name), curve),
                            [cv2.IMWRITE_JPEG_QUALITY, 88])  # as bench/vision_variants.py does
    assert ok
    image = decode_photo(DEFAULT.load, jpeg.tobytes())
    cfg = dataclasses.replace(DEFAULT, wood=dataclasses.replace(DEFAULT.wood, min_legible=0.4))
    reading = read_board(cfg, image, board_spec("bugwords"), shipped_classifier(),
                         default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.cells_right >= 220


@pytest.mark.parametrize("name", ["IMG_20141025_163929.jpg", "IMG_20141025_164035.jpg"])
def test_a_photo_smeared_a_little_is_still_read_as_taken(name):
    """Milton Bradley photos smeared 9 pixels sideways: their letters' edges measure 0.056 to
    0.06 of a cell, past ``deblur_from``, and read right as taken; their blur-undone readings
    are not believed (a smear is no Gaussian), so the reading as taken stands, as it did
    before (refusing every photo past ``deblur_from`` refused them)."""
    import cv2

    image = _blurred(name, lambda im: cv2.filter2D(im, -1, smear_kernel(9, 0)))
    reading = read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                         default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.cells_right >= 220


def test_a_shaken_photo_is_not_read_as_a_focus_that_missed():
    """The same kind of photo smeared along a line, as a phone moving sideways smears it: a
    Gaussian blur undone there raises false strokes that read as sure letters (the grid's
    lines as I's, a board of them), in runs that are no words, and lost letters read as
    empty squares; such a reading is not believed, and the photo is refused as blurred."""
    import cv2

    line = np.zeros((13, 13), np.float32)
    line[6, :] = 1 / 13
    name = "IMG_20151016_165950.jpg"
    image = _blurred(name, lambda im: cv2.filter2D(im, -1, line))
    with pytest.raises(VisionError, match="blurred"):
        read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                   default_lexicon())


@pytest.mark.slow
@pytest.mark.parametrize(("name", "vary"), [
    ("IMG_20141025_164048.jpg", "gaussian 4"), ("IMG_20141025_163933.jpg", "gaussian 5"),
    ("IMG_20151016_165601.jpg", "motion 9")])
def test_a_photo_blurred_past_reading_is_not_read_wrong_unsaid(name, vary):
    """Photos blurred past what the letter model reads reliably (a missed focus, 4 or 5
    pixels of the working image; a phone moved 9 pixels sideways) whose letters still read
    surely enough to pass the legibility check: they came out with letters wrong and not
    listed (23, 10 and 1 cells). The letters' edges are measured as blurred, so the photo is
    read with its blur undone, if that reading is believed, or refused as blurred."""
    import cv2

    line = np.zeros((9, 9), np.float32)
    line[4, :] = 1 / 9
    blur = {"gaussian 4": lambda im: cv2.GaussianBlur(im, (0, 0), 4.0),
            "gaussian 5": lambda im: cv2.GaussianBlur(im, (0, 0), 5.0),
            "motion 9": lambda im: cv2.filter2D(im, -1, line)}[vary]
    image = blur(_photo(name))
    _refused_as_blurred_or_listed(name, image)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "sigma"), [
    ("IMG_20151016_165408.jpg", 4.0), ("IMG_20151016_165954.jpg", 6.0),
    ("IMG_20151016_165601.jpg", 7.0), ("IMG_20151016_165902.jpg", 7.0)])
def test_a_blur_undone_too_little_is_not_believed(name, sigma):
    """Hasbro photos blurred as a missed focus blurs (a Gaussian of 4 to 7 pixels of the
    working image) whose reading with a blur undone was believed, its letters read surely
    and more of its runs possible words than not, though nearly every letter was wrong and
    unlisted (4 of 5 tiles; 48, 16 and 9 cells): the blur undone was too small, and the
    letters' edges still measured blurred (0.067 to 0.092 of a cell, where every right
    reading with a blur undone measures 0.060 at most). Such a reading is not believed: a
    larger blur is undone, or the photo is refused as blurred."""
    import cv2

    image = _blurred(name, lambda im: cv2.GaussianBlur(im, (0, 0), sigma))
    _refused_as_blurred_or_listed(name, image)


def test_edge_blur_measures_a_gaussian_and_asmear_kernel():
    """:func:`vision.woodtiles.edge_blur` on a drawn letter: about the Gaussian's width when
    one blurs it, the same whichever way a sharp letter lies, and wide when it is smeared
    along a line (across the smear its edges slope as a wide blur's do)."""
    import cv2

    from vision.config import WoodConfig
    from vision.woodtiles import Mark, edge_blur

    cfg = WoodConfig()
    p = cfg.cell_px
    sharp = np.full((3 * p, 3 * p), 210, np.uint8)
    x0, y0 = round(1.5 * p) - 12, round(1.5 * p) - 15
    sharp[y0: y0 + 30, x0: x0 + 6] = 30  # an L, a cell's centre cell
    sharp[y0 + 24: y0 + 30, x0: x0 + 24] = 30
    mask = np.zeros((30, 24), bool)
    mark = {(0, 0): Mark(np.zeros((cfg.glyph_px, cfg.glyph_px)), (0.0, 0.0), 0.8, None, mask)}

    def width(img: np.ndarray) -> float:
        return edge_blur(cfg, img, mark)

    assert width(sharp) < 0.03
    for sigma in (2.0, 3.0, 4.0):
        assert width(cv2.GaussianBlur(sharp, (0, 0), sigma)) == pytest.approx(sigma / p,
                                                                              rel=0.25)
    line = np.zeros((13, 13), np.float32)
    line[6, :] = 1 / 13
    assert width(cv2.filter2D(sharp, -1, line)) > cfg.max_blur
    assert width(cv2.filter2D(sharp, -1, line.T)) > cfg.max_blur
    assert edge_blur(cfg, sharp, {}) == 0.0


@pytest.mark.parametrize(("name", "vary"), [
    ("IMG_20141025_164035.jpg", "gaussian 7"), ("IMG_20151016_170028.jpg", "gaussian 10"),
    ("IMG_20151016_165950.jpg", "smeared 45 px at 45 degrees"),
    ("IMG_20141025_163939.jpg", "smeared 45 px at 45 degrees"),
    ("IMG_20151016_165950.jpg", "gaussian 7")])
def test_a_photo_blurred_till_its_letters_are_lost_is_refused_not_read_empty(name, vary):
    """Sharp photos of boards in play blurred till the letter finder finds no letter's mark at
    all (a missed focus: a Gaussian of 7 pixels of the working image on the Milton Bradley
    board, whose letters are thin, 10 on the Hasbro board; a phone that moved 45 pixels
    diagonally), or fewer letters than tiles showing none (a Gaussian of 7 on the Hasbro
    board): with no letters' edges to measure, they were read as an empty board (or a board
    of blank tiles and a few letters, every one wrong), sure of it. The board's own edges are
    measured instead, and the photo is refused as too blurred, in the sentence the other
    blurred photos get."""
    import cv2

    blur = {"gaussian 7": lambda im: cv2.GaussianBlur(im, (0, 0), 7.0),
            "gaussian 10": lambda im: cv2.GaussianBlur(im, (0, 0), 10.0),
            "smeared 45 px at 45 degrees": lambda im: cv2.filter2D(im, -1, smear_kernel(45, 45))}
    image = _blurred(name, blur[vary])
    reading, wood = _read_with_wood(image)  # the board is still found by its premium squares
    tiles = sum(ch != "." for row in LABELS[name].rows for ch in row)
    assert len(wood.guesses) < max(1, len(wood.blanks) + len(wood.maybe)) < tiles
    if isinstance(reading, VisionError):
        assert str(reading).startswith("the board was found but its letters are too blurred")
    else:
        shown = sum(rd.face != "" for rd in reading.cells)
        pytest.fail(f"read as a board with {shown} tiles ({tiles} on it), "
                    f"{score(LABELS[name], reading).wrong_unlisted} cells wrong and unlisted")


@pytest.mark.parametrize("name", ["IMG_20151016_165303.jpg", "IMG_20151016_165308.jpg",
                                  "IMG_20151016_165313.jpg", "IMG_20151016_165320.jpg"])
def test_a_sharp_photo_of_an_empty_board_still_reads_empty(name):
    """The real photos of the empty board: no letter is found, so the board's own edges are
    measured, and they are sharp (0.038 to 0.084 of a cell, under ``max_grid_blur``)."""
    import cv2

    from vision.woodtiles import flat_board, grid_blur

    image = _photo(name)
    reading = _read(name)[0]
    assert reading is not None
    assert all(rd.face == "" for rd in reading.cells) and reading.uncertain == []
    p = DEFAULT.locate.cell_px
    grid_to_photo = np.linalg.inv(reading.located.homography) @ np.diag([p, p, 1.0])
    gray = cv2.cvtColor(flat_board(DEFAULT.wood, image, grid_to_photo), cv2.COLOR_BGR2GRAY)
    assert 0.0 < grid_blur(DEFAULT.wood, gray) < DEFAULT.wood.max_grid_blur


def test_grid_blur_measures_a_gaussian_and_a_smear_whichever_way_it_goes():
    """:func:`vision.woodtiles.grid_blur` on a drawn board (grid lines, premium squares): small
    when sharp, growing with a Gaussian, and a smear of one length measures about the same
    along the rows, the columns or a diagonal (the lines across its path blur, those along
    it stay sharp: the two directions add); no contrast at all measures 0."""
    import cv2

    from vision.config import WoodConfig
    from vision.woodtiles import grid_blur

    cfg = WoodConfig()
    p = cfg.cell_px
    board = np.full((17 * p, 17 * p), 200, np.uint8)
    rng = np.random.default_rng(3)
    for r, c in rng.integers(0, 15, size=(60, 2)):  # premium squares, darker than the plain
        board[(r + 1) * p + 2: (r + 2) * p - 2, (c + 1) * p + 2: (c + 2) * p - 2] = 120
    for k in range(1, 17):
        board[k * p - 1: k * p + 1, p: 16 * p] = 60
        board[p: 16 * p, k * p - 1: k * p + 1] = 60
    sharp = grid_blur(cfg, board)
    assert sharp < 0.04
    widths = [grid_blur(cfg, cv2.GaussianBlur(board, (0, 0), s)) for s in (1.5, 3.0, 4.5)]
    assert sharp < widths[0] < widths[1] < widths[2] < 0.3
    smears = [grid_blur(cfg, cv2.filter2D(board, -1, smear_kernel(31, a))) for a in (0, 45, 90)]
    assert min(smears) > cfg.max_grid_blur
    assert max(smears) < 1.3 * min(smears)
    assert grid_blur(cfg, np.full_like(board, 128)) == 0.0


def test_grid_blur_measures_a_grid_of_any_size_alike():
    """:func:`vision.woodtiles.grid_blur` on a WerdUp-sized board (10x10, found by its markers
    or outline, warped flat with a cell's margin by :func:`vision.woodtiles.flat_board`)
    measures a blur as it does on a 15x15 board, and small when sharp."""
    import cv2

    from vision.config import WoodConfig
    from vision.woodtiles import grid_blur

    cfg = WoodConfig()
    p = cfg.cell_px

    def board(n: int) -> np.ndarray:
        out = np.full(((n + 2) * p, (n + 2) * p), 200, np.uint8)
        for k in range(1, n + 2):
            out[k * p - 1: k * p + 1, p: (n + 1) * p] = 60
            out[p: (n + 1) * p, k * p - 1: k * p + 1] = 60
        return out

    widths = []
    for sigma in (1.5, 3.0, 4.5):
        small, large = (grid_blur(cfg, cv2.GaussianBlur(board(n), (0, 0), sigma), n, n)
                        for n in (10, 15))
        assert small == pytest.approx(large, rel=0.05)
        widths.append(small)
    assert grid_blur(cfg, board(10), 10, 10) < widths[0] < widths[1] < widths[2]


def test_undoing_a_blur_brings_back_the_strokes():
    """:func:`vision.woodtiles.deblurred` on a Gaussian-blurred row of strokes a letter's
    stroke width apart: blurred, the gaps between them keep under half the sharp contrast;
    the blur undone, all of it, with no stroke moved."""
    import cv2

    from vision.woodtiles import deblurred

    sharp = np.full((96, 96), 200, np.uint8)
    for x in range(12, 84, 12):
        sharp[16:80, x: x + 4] = 40
    blurred = cv2.GaussianBlur(sharp, (0, 0), 2.5)
    undone = deblurred(blurred, 2.5, 0.01)
    assert undone.dtype == np.uint8 and undone.shape == sharp.shape

    def contrast(img: np.ndarray) -> int:
        row = img[48, 24:72].astype(int)  # between strokes
        return int(row.max() - row.min())

    assert contrast(blurred) < 0.5 * contrast(sharp) <= 0.6 * contrast(undone)
    darkest = [int(np.argmin(undone[48, x - 4: x + 8])) + x - 4 for x in range(12, 84, 12)]
    assert all(x <= d < x + 4 for d, x in zip(darkest, range(12, 84, 12), strict=True))


def test_a_reading_with_its_blur_undone_needs_the_words():
    """Undoing a blur is a guess at the blur; a wrong guess reads letters surely and wrongly,
    and only the words tell: with no word list the out-of-focus photo is refused as before,
    with one it is read (see ``figures.json``)."""
    name = "IMG_20151016_170032.jpg"
    image = _photo(name)
    with pytest.raises(VisionError, match="blurred"):
        read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier())
    reading, _ = _read(name)
    assert reading is not None
    assert any(rd.face == "?" for rd in reading.uncertain)  # blanks are asked about there


def test_words_hold_counts_a_doubtful_letters_alternatives():
    """Runs that are words, or that a doubtful letter's offered alternative makes words,
    hold; runs of letters read surely and wrongly do not."""
    from vision.classifier import Guess
    from vision.woodtiles import words_hold

    lexicon = default_lexicon()

    def row(letters: str, doubt: dict[int, tuple[str, float]] | None = None) -> dict:
        doubt = doubt or {}
        return {(7, 3 + i): Guess(a, 0.6 if i in doubt else 0.99,
                                  (doubt[i],) if i in doubt else ())
                for i, a in enumerate(letters)}

    assert words_hold(row("BENDS"), lexicon)
    assert words_hold(row("BENDB", {4: ("S", 0.3)}), lexicon)  # the B may be the S
    assert not words_hold(row("BENDB", {4: ("S", 0.01)}), lexicon)  # too unlikely to offer
    assert not words_hold(row("IIIII"), lexicon)


def test_a_lamps_glare_costs_only_the_squares_it_washes_out():
    # the glare took the letters' contrast: ten tiles were read as empty squares, sure of
    # it; then every photo with such a glare was refused, though most of its board read well
    from vision.reading import GLARE_NOTE, WASHED

    name = "IMG_20141025_164039.jpg"
    reading = _read_under_a_lamp(name)
    assert score(LABELS[name], reading).wrong_unlisted == 0
    assert reading.notes == [GLARE_NOTE]
    washed = {(u.row, u.col) for u in reading.uncertain if u.why == WASHED}
    assert 0.2 * 225 < len(washed) < 0.6 * 225
    # the spot is above right of the photo's middle, the board upright in it; past it, only
    # tiles whose letters it faded under the bar (an R and an E of row 11, read as blanks)
    rows = LABELS[name].rows
    assert all((r < 11 and c > 2) or rows[r][c] != "." for r, c in washed)
    assert (7, 5) in washed  # the I of RIEA, under the glare's middle, read empty
    # every square not listed reads as it does without the glare
    plain, _ = _read(name)
    listed = {(u.row, u.col) for u in reading.uncertain}
    kept = [rd for rd in reading.cells if (rd.row, rd.col) not in listed]
    assert len(kept) > 60
    assert all(rd.face == plain.cells[rd.row * 15 + rd.col].face for rd in kept)


def test_the_letters_under_a_lamps_glare_are_read_through_it():
    # the glare multiplied the letters' contrast by (1 - g), to 15% at its middle: WIPE,
    # ZERO, BENDS, TOP and most of HURT were read as empty squares (listed, with 147 squares
    # read empty in all) though a person reads every one. Its wash is undone where measured
    from vision.reading import GLARE_NOTE

    name = "IMG_20151016_165946.jpg"
    photo = _photo(name)
    image = decode_photo(DEFAULT.load, jpeg(lamp(photo, 0.85)))
    spec = board_spec("bugwords")
    reading = read_board(DEFAULT, image, spec, shipped_classifier(), default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and reading.notes == [GLARE_NOTE]
    grid, rows = reading.grid(), LABELS[name].rows
    under = {(5, c) for c in range(6, 10)} | {(7, c) for c in range(3, 8)} | {
        (r, 14) for r in range(5, 9)} | {(9, c) for c in range(4, 8)} | {
        (9, c) for c in range(11, 14)}  # WIPE, BENDS, ZERO, HURT, TOP
    # with the glare measured again on the tiles read through it (closer at its peak over
    # the bench's photos), WIPE's W under the peak read empty and its P as R, both listed;
    # with each premium kind's colour taken from its squares no letter was seen on, every
    # tile reads right (41 of 41, 66 squares listed, 73 before): a letter under the glare
    # is read right, or listed
    listed = {(u.row, u.col) for u in reading.uncertain}
    assert all(grid[r][c] == rows[r][c] or (r, c) in listed for r, c in under)
    assert got.tiles_right >= got.tiles - 2  # 41 of 41 (22 before the wash was undone)
    # the letters read surely whose words are words need no check: BENDS but for its D,
    # whose column reads IDE with the W lost
    assert not listed & {(7, c) for c in range(3, 8) if c != 6}
    assert len(listed) < 80  # 172 before, 147 of them read empty


def test_a_glares_wash_is_undone_by_its_measure():
    # a share g of white mixed in takes a channel c to (1 - g) c + 255 g; undone, c is back
    # (to the rounding, raised by 1 / (1 - g)); past glare_cap, only glare_cap is undone
    from vision.woodtiles import unwashed

    wc = DEFAULT.wood
    side = 17 * wc.cell_px
    colours = np.random.default_rng(3).integers(20, 230, (side, side, 3)).astype(np.float64)
    for g in (0.3, 0.7):
        washed = np.round((1 - g) * colours + 255 * g).astype(np.uint8)
        back = unwashed(wc, washed, np.full((15, 15), g)).astype(np.float64)
        assert np.abs(back - colours).max() <= 0.5 / (1 - g) + 0.5
    washed = np.round(0.05 * colours + 255 * 0.95).astype(np.uint8)
    back = unwashed(wc, washed, np.full((15, 15), 0.95)).astype(np.float64)
    cap = wc.glare_cap
    assert np.abs(back - (washed - 255 * cap) / (1 - cap)).max() <= 0.5 + 1e-9


@pytest.mark.parametrize("name", ["IMG_20141025_164039.jpg", "IMG_20151016_165902.jpg"])
def test_a_glares_strength_is_measured_at_its_peak_not_flattened(name):
    # the squares' measure of the white a lamp mixes in was their Gaussian mean over two
    # cells, which flattens a peak (and the tiles at its middle give no measure): 0.66 where
    # the lamp mixes in 0.85 on 164039, so the letters there got back half their contrast.
    # Its wash is now undone by a quadratic surface fitted round each cell, which keeps the
    # peak. On 165902 the first reading took washed bare squares at the peak for tiles (a
    # tile's colour, no letter), which the measure left out: 0.64 for 0.85, 0.21 short over
    # the cells past half. It is now measured again with the tiles read through the undone
    # wash (0.80; 0.06 short)
    import cv2

    from vision.reading import premium_fit
    from vision.woodtiles import flat_board, read_wood

    photo = _photo(name)
    image = lamp(photo, 0.85)
    spec, wc = board_spec("bugwords"), DEFAULT.wood
    fit = premium_fit(DEFAULT, image, spec)
    assert fit is not None
    wood = read_wood(wc, image, fit.homography, spec.squares, shipped_classifier(),
                     spec.letters, default_lexicon())
    # the white the lamp mixed in at each cell's middle: the lamp on a black photo
    mixed = cv2.cvtColor(flat_board(wc, lamp(np.zeros_like(photo), 0.85), fit.homography),
                         cv2.COLOR_BGR2GRAY) / 255.0
    p = wc.cell_px
    truth = mixed[p + p // 2::p, p + p // 2::p][:15, :15]
    assert wood.glare is not None
    peak = np.unravel_index(truth.argmax(), truth.shape)
    assert abs(wood.glare[peak] - truth[peak]) < 0.07  # 164039: 0.81 (0.66, then 0.80)
    middle = truth > 0.5
    assert np.abs(wood.glare - truth)[middle].mean() < 0.08  # 164039: 0.03 (0.14, then 0.05)


def test_the_overlay_shows_every_square_listed_though_read_empty():
    """Under a lamp's glare the reading lists 146 squares read empty (washed out, a tile's
    colour with no letter seen, a gap between tiles): the overlay drew a letter on each
    listed square read as one, and nothing on these, so the squares most likely to hide a
    lost letter showed nowhere on it. Each is now drawn over in the doubt colour."""
    from overlaid import board_square, drawn_in_doubt

    from vision.overlay import draw_overlay
    from vision.reading import GAP, TILE_COLOURED, WASHED

    name = "IMG_20141025_164039.jpg"
    image = lamp(_photo(name), 0.85)
    reading = _read_under_a_lamp(name)
    grid = reading.grid()
    empty = [u for u in reading.uncertain if not grid[u.row][u.col]]
    assert {u.why for u in empty} == {WASHED, TILE_COLOURED, GAP}
    overlay = draw_overlay(image, reading)
    unseen = [(u.row, u.col) for u in empty
              if not drawn_in_doubt(image, overlay, board_square(reading, u.row, u.col))]
    assert unseen == []


def test_a_glare_over_most_of_the_board_is_refused():
    from vision.reading import GLARE

    name = "IMG_20141025_164039.jpg"
    image = _photo(name)
    two = lamp(lamp(image, 0.85), 0.85, at=(0.35, 0.7))  # two lamps, over most of the board
    with pytest.raises(VisionError) as refused:
        read_board(DEFAULT, two, board_spec("bugwords"), shipped_classifier(),
                   default_lexicon())
    assert str(refused.value) == GLARE
    # one lamp's glare washes out 124 squares, 48 of them bare squares read surely through
    # it: the 76 left count, and past max_washed_share of the grid it is refused
    cfg = replace(DEFAULT, wood=replace(DEFAULT.wood, max_washed_share=0.3))
    with pytest.raises(VisionError) as refused:
        read_board(cfg, lamp(image, 0.85), board_spec("bugwords"), shipped_classifier(),
                   default_lexicon())
    assert str(refused.value) == GLARE


def test_a_glare_over_empty_squares_only_does_not_refuse_a_photo_whose_letters_read():
    # two lamps (90% white) over the empty right of the board, away from its nine tiles:
    # the glare washed out 149 squares, past three in five, and the photo was refused,
    # though most of them read surely as bare squares through it and every letter read
    # right. Now only the squares where it may have cost a letter count: the photo is
    # read, its tiles right, the squares round the glare listed (49)
    from vision.reading import GLARE_NOTE, WASHED

    name = "IMG_20141025_163920.jpg"
    photo = _photo(name)
    two = lamp(lamp(photo, 0.9, at=(0.69, 0.31)), 0.9, at=(0.79, 0.67))
    reading = read_board(DEFAULT, decode_photo(DEFAULT.load, jpeg(two)), board_spec("bugwords"),
                         shipped_classifier(), default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and got.tiles_right == got.tiles == 9
    assert reading.notes == [GLARE_NOTE]
    assert any(u.why == WASHED for u in reading.uncertain)
    assert len(reading.uncertain) < 0.3 * 225


def test_a_glare_is_refused_for_the_squares_where_it_may_cost_a_letter():
    # past three squares in five (135) of the grid washed out, the bare squares read surely
    # through the glare are left out of its count, the letters read through it are not; and
    # a board with as many tiles showing no letter (of a tile's colour, none seen) as
    # letters read lies under a glare over most of its letters: refused, too few are left
    # to judge a square by
    from vision.cells import CellRead
    from vision.reading import GLARE, _check_washed
    from vision.woodtiles import Guess, WoodReading

    spec, wc = board_spec("bugwords"), DEFAULT.wood
    grid = [(r, c) for r in range(15) for c in range(15)]
    letters = set(grid[:100])  # the first 100 squares hold tiles read through the glare
    reads = [CellRead(r, c, "A" if (r, c) in letters else EMPTY, 0.99) for r, c in grid]
    read = {rc: Guess("A", 0.99, ()) for rc in letters}

    def refused(washed: set, through: set, lost: set = frozenset()) -> bool:
        wood = WoodReading(np.eye(3), read, {}, 1.0, 10.0, {rc: 0.5 for rc in lost},
                           washed=washed)
        try:
            _check_washed(wc, wood, reads, through, spec)
        except VisionError as exc:
            assert str(exc) == GLARE
            return True
        return False

    washed = set(grid[:140])  # 140 squares washed out
    assert refused(washed, letters)  # every letter read through it counts
    assert not refused(washed, washed - letters)  # 40 bare squares read through: 100 left
    assert refused(washed, set(grid[100:104]))  # 4 bare squares read through: 136 left
    assert not refused(washed, set(grid[100:105]))  # 135 left: not past the bar
    assert not refused(set(grid[:135]), set())  # the glare's extent not past the bar
    # as many tiles of no letter read under it as letters read: refused
    assert refused(set(grid[:225]), set(grid[100:225]), set(grid[125:225]))
    assert not refused(set(grid[:225]), set(grid[101:225]), set(grid[126:225]))


def test_a_glare_that_leaves_no_letter_is_refused_not_read_as_an_empty_board():
    # a lamp's glare below left of the middle, on the tiles: no letter was read, and the
    # board, its washed-out squares listed, read as empty, tiles outside them unlisted.
    # With the glare's wash undone that board's letters are read (39 of its 44 tiles right,
    # none wrong and unlisted); an empty board under it reads no letter, and the glare may
    # have taken every one: it is refused
    from vision.reading import GLARE

    spec = board_spec("bugwords")
    name = "IMG_20151016_170032.jpg"
    image = lamp(_photo(name), 0.7, at=(0.4, 0.6))
    reading = read_board(DEFAULT, image, spec, shipped_classifier(), default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and got.tiles_right >= 35
    name = "IMG_20151016_165303.jpg"  # the empty board
    image = lamp(_photo(name), 0.7, at=(0.4, 0.6))
    with pytest.raises(VisionError) as refused:
        read_board(DEFAULT, image, spec, shipped_classifier(), default_lexicon())
    assert str(refused.value) == GLARE


def test_a_wide_glare_that_hides_the_premium_squares_is_refused_not_read_as_an_empty_board():
    # a wide lamp (90% white, 0.35 of the short side wide) over nearly the whole board: the
    # premium squares no longer showed the layout, the board was found by its outline and
    # read as an empty board, its 9 tiles read as empty squares, sure of it
    from vision.reading import GLARE

    name = "IMG_20141025_163933.jpg"
    image = lamp(_photo(name), 0.9, width=0.35)
    with pytest.raises(VisionError) as refused:
        read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                   default_lexicon())
    assert str(refused.value) == GLARE


@pytest.mark.parametrize("name", ["IMG_20151016_165900.jpg", "IMG_20151016_165959.jpg"])
def test_letters_a_wide_glare_faded_past_its_measured_edge_are_seen(name):
    # a wide lamp over the whole board: its measures are taken from the least washed
    # squares, in the glare too, so at its far edge letters fell under the contrast a letter
    # needs where the glare measured under glare_edge: read as empty squares or blank
    # tiles, sure of it (the H of HURT, the L and E of MALES; an E on a double word), on
    # boards read with 128 and 125 squares washed out. With its wash undone most of those
    # letters are read (10 of 36 tiles right, every tile of the second photo), and a glare
    # washing out more than three squares in five is refused
    from vision.reading import GLARE

    image = lamp(_photo(name), 0.9, width=0.35)
    reading, wood = _read_with_wood(image)  # found by its premium squares
    rows = LABELS[name].rows
    lost = {(r, c) for r, row in enumerate(rows) for c, truth in enumerate(row)
            if truth not in ".?" and (r, c) not in wood.guesses}
    # each tile whose letter the glare took is washed out, or of a tile's colour
    assert lost <= wood.washed | set(wood.maybe)
    if isinstance(reading, VisionError):
        assert str(reading) == GLARE
        assert len(wood.washed) > DEFAULT.wood.max_washed_share * 225
    else:
        assert score(LABELS[name], reading).wrong_unlisted == 0


@pytest.mark.parametrize("name", ["IMG_20151016_165608.jpg", "IMG_20151016_165959.jpg"])
def test_a_glare_over_the_whole_board_is_seen_though_no_square_is_washed_out(name):
    # a second lamp below left of the middle: no square's darkest pixels pass 0.4 of the way
    # to white from most squares' (the glare lifts them all), so it was not seen, and the
    # tiles it sat on were read as empty squares, sure of it (8 and 10 letters); with its
    # wash undone none is lost
    from vision.reading import GLARE_NOTE, WASHED

    image = lamp(_photo(name), 0.7, at=(0.4, 0.6))
    reading = read_board(DEFAULT, image, board_spec("bugwords"), shipped_classifier(),
                         default_lexicon())
    assert score(LABELS[name], reading).wrong_unlisted == 0
    listed = {(u.row, u.col) for u in reading.uncertain}
    lost = [(rd.row, rd.col) for rd in reading.cells
            if LABELS[name].rows[rd.row][rd.col] != "." and rd.face == EMPTY]
    assert all(cell in listed for cell in lost)
    assert reading.notes == [GLARE_NOTE]
    washed = {(u.row, u.col) for u in reading.uncertain if u.why == WASHED}
    assert len(washed) < DEFAULT.wood.max_washed_share * 225


def test_a_glare_is_measured_by_the_squares_colours_not_by_a_shadow_or_the_light():
    # the white a glare mixes in takes the premium squares' colour; a shadow or another
    # exposure darkens or lightens them alike
    import cv2

    from vision.reading import premium_fit
    from vision.woodtiles import flat_board, read_wood, washed_out

    name = "IMG_20151016_165959.jpg"
    image = _photo(name)
    spec, wc = board_spec("bugwords"), DEFAULT.wood
    fit = premium_fit(DEFAULT, image, spec)
    assert fit is not None
    w = image.shape[1]
    shade = 0.45 + 0.55 * np.clip((np.arange(w) - w / 3) / (w / 20) + 0.5, 0, 1)

    def washed(photo: np.ndarray) -> set[tuple[int, int]]:
        return read_wood(wc, photo, fit.homography, spec.squares, shipped_classifier(),
                         spec.letters, default_lexicon()).washed

    for calm in (image, (image * 0.55).astype(np.uint8),
                 (image * shade[None, :, None]).astype(np.uint8)):
        assert not washed(calm)
    glared = lamp(image, 0.7, at=(0.4, 0.6))
    gray = cv2.cvtColor(flat_board(wc, glared, fit.homography), cv2.COLOR_BGR2GRAY)
    assert washed_out(wc, gray).max() < wc.max_washed  # its middle is not washed out
    assert 0 < len(washed(glared)) < wc.max_washed_share * 225


def test_with_a_glare_the_squares_that_fit_no_game_are_found():
    from vision.reading import GAP, LONE, _misfits

    grid = [[""] * 5 for _ in range(5)]
    for r, c in ((1, 1), (1, 3), (3, 0), (4, 4), (3, 4)):  # a gap at (1, 2), a lone tile
        grid[r][c] = "A"
    assert _misfits(grid) == {(1, 1): LONE, (1, 3): LONE, (3, 0): LONE, (1, 2): GAP}
    # a washed-out square may hold a tile whose letter was lost: beside a tile, across a gap
    assert _misfits(grid, {(1, 2), (3, 2)}) == {(3, 0): LONE, (3, 1): GAP, (3, 3): GAP,
                                                (2, 2): GAP}


def test_a_faint_glare_or_a_shadow_over_most_of_the_board_is_no_glare():
    from vision.reading import BLANK_WASHED, GAP, LONE, WASHED

    name = "IMG_20141025_164039.jpg"
    image = _photo(name)
    shaded = image.astype(np.float32)
    shaded[:, : round(0.6 * image.shape[1])] *= 0.45  # more than half the board in shadow
    for seen in (lamp(image, 0.25), shaded.astype(np.uint8)):
        reading = read_board(DEFAULT, seen, board_spec("bugwords"), shipped_classifier(),
                             default_lexicon())
        assert score(LABELS[name], reading).wrong_unlisted == 0
        assert not reading.notes  # nor a square listed for a glare (a blank's why may be)
        assert not {u.why for u in reading.uncertain} & {WASHED, LONE, GAP, BLANK_WASHED}


def test_a_letter_lost_where_the_faces_sit_in_a_hands_shadow_is_listed():
    # in the shadow the M's point value joined it: too wide for a letter where the faces sit
    # (looked at again there), the M was read as an empty square, sure of it
    name = "IMG_20151016_170028.jpg"
    image = _photo(name).astype(np.float32)
    w = image.shape[1]
    fade = np.clip((np.arange(w) - w / 3) / (w / 20) + 0.5, 0, 1)  # a soft shadow's edge
    shaded = np.clip(image * (0.45 + 0.55 * fade)[None, :, None], 0, 255).astype(np.uint8)
    reading = read_board(DEFAULT, decode_photo(DEFAULT.load, _jpeg(shaded)),
                         board_spec("bugwords"), shipped_classifier(), default_lexicon())
    assert score(LABELS[name], reading).wrong_unlisted == 0



def test_marks_on_bare_squares_do_not_widen_the_tiles_spread_of_colour():
    # in a hand's shadow, marks on bare squares widened the tiles' spread of colour till a
    # piece of the board's hinge line, its surroundings nearer a bare square's colour than
    # the tiles', passed as on a tile and was read as an I, sure of it
    from vision.woodtiles import Mark, _on_tiles

    cfg = DEFAULT.wood
    p = cfg.cell_px
    bare, tile = np.array([120.0, 150.0, 170.0]), np.array([60.0, 100.0, 160.0])
    flat = np.empty((17 * p, 17 * p, 3))
    flat[:] = bare
    marks = {}
    cells = [(7 + i // 8, i % 8) for i in range(10)] + [(0, i) for i in range(4)] + [(12, 8)]
    for n, (r, c) in enumerate(cells):
        colour = (tile + [2.0 * n, 0, 0] if n < 10 else bare if n < 14
                  else 0.7 * bare + 0.3 * tile)  # ten tiles, four bare squares, the hinge
        flat[(r + 1) * p: (r + 2) * p, (c + 1) * p: (c + 2) * p] = colour
        marks[(r, c)] = Mark(np.zeros((24, 24)), (0.0, 0.0), 0.8, None, np.ones((4, 4), bool))
    kept = _on_tiles(cfg, flat.astype(np.uint8), marks, tuple("." * 15 for _ in range(15)),
                     np.zeros((15, 15), bool))
    assert set(kept) == set(cells[:10])


def _on_a_table(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The photo mapped onto ``corners`` (TL, TR, BR, BL) of a frame of its own size, the rest
    of the frame a plain table of the colour round the photo's edge."""
    import cv2

    h, w = image.shape[:2]
    edge = np.concatenate([image[:20].reshape(-1, 3), image[-20:].reshape(-1, 3)])
    out = np.empty_like(image)
    out[:] = np.median(edge, axis=0).astype(np.uint8)
    frame = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    to = cv2.getPerspectiveTransform(frame, np.asarray(corners, np.float32))
    cv2.warpPerspective(image, to, (w, h), dst=out, flags=cv2.INTER_AREA,
                        borderMode=cv2.BORDER_TRANSPARENT)
    return decode_photo(DEFAULT.load, _jpeg(out))


@pytest.mark.parametrize("name, where", [
    # the board small in the frame: the photo shrunk to half, in the middle
    ("IMG_20151016_165954.jpg", [[0.25, 0.25], [0.75, 0.25], [0.75, 0.75], [0.25, 0.75]]),
    # the camera tipped toward the board's near edge: the far edge shrinks
    ("IMG_20151016_165608.jpg", [[0.3, 0.15], [0.7, 0.15], [0.95, 0.9], [0.05, 0.9]]),
])
def test_squares_inside_a_border_of_their_colour_are_found(name, where):
    """The Hasbro board's red border closes round the grid when the board is small in the
    frame or seen at a slant (the corner squares touch it): its red squares inside it are
    still found, and the board read by its premium squares."""
    image = _photo(name)
    h, w = image.shape[:2]
    photo = _on_a_table(image, np.array(where) * [w, h])
    reading = read_board(DEFAULT, photo, board_spec("bugwords"), shipped_classifier(),
                         default_lexicon())
    assert reading.located.method == "premium squares"
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0 and got.cells_right >= 220


def _small_in_the_frame(name: str, scale: float, blur: float = 0.0) -> np.ndarray:
    """A labelled photo (its working image, blurred by a Gaussian of ``blur`` pixels first)
    shrunk to ``scale`` and set in the middle of a frame of its own size on a plain table of
    its border's colour, as a phone held further off takes it, saved as a JPEG again."""
    import cv2

    image = _photo(name)
    if blur:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    h, w = image.shape[:2]
    border = np.concatenate([image[:20].reshape(-1, 3), image[-20:].reshape(-1, 3)])
    out = np.empty_like(image)
    out[:] = np.median(border, axis=0)
    small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    top, left = (h - small.shape[0]) // 2, (w - small.shape[1]) // 2
    out[top: top + small.shape[0], left: left + small.shape[1]] = small
    return decode_photo(DEFAULT.load, _jpeg(out))


def _read_small(name: str, scale: float, blur: float = 0.0):
    """The labelled photo ``name`` with its board small in the frame
    (:func:`_small_in_the_frame`), read with the shipped settings."""
    return read_board(DEFAULT, _small_in_the_frame(name, scale, blur), board_spec("bugwords"),
                      shipped_classifier(), default_lexicon())


def test_a_sharp_board_small_in_the_frame_is_read_not_refused_as_blurred():
    """A sharp photo's board at 0.45 of its width in the frame (its cells 15 pixels of the
    working image, not 33) is no blurrier, but the photo's pixels blur every edge by about
    half a pixel whatever the camera did, a larger share of a smaller cell: the letters'
    edges measured 0.061 of a cell, not 0.049, and the photo was refused as too blurred.
    That part is taken out of the measure, and the board is read."""
    name = "IMG_20151016_170003.jpg"
    reading = _read_small(name, 0.45)
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.cells_right >= 215 and got.tiles_right >= 0.75 * got.tiles


def test_a_sharp_photos_letters_measure_as_sharp_with_the_board_small_in_the_frame():
    """The letters' edges (:func:`vision.woodtiles.edge_blur`, in cells) measure about the
    same with the board at 0.45 and 0.4 of its width in the frame as as taken: they rose
    from 0.049 to 0.061 and 0.064 as its cells went from 33 pixels of the working image to
    15 and 13."""
    from vision.reading import premium_fit
    from vision.woodtiles import read_wood

    name = "IMG_20151016_170003.jpg"
    spec = board_spec("bugwords")
    widths = []
    for image in (_photo(name),
                  _small_in_the_frame(name, 0.45), _small_in_the_frame(name, 0.4)):
        fit = premium_fit(DEFAULT, image, spec)
        assert fit is not None
        widths.append(read_wood(DEFAULT.wood, image, fit.homography, spec.squares,
                                shipped_classifier(), spec.letters).blur)
    assert widths[1] == pytest.approx(widths[0], rel=0.1)
    assert widths[2] == pytest.approx(widths[0], rel=0.1)


@pytest.mark.parametrize(("name", "blur"), [("IMG_20141025_164048.jpg", 0.0),
                                            ("IMG_20151016_165959.jpg", 4.0)])
def test_a_blurred_board_small_in_the_frame_is_still_refused(name, blur):
    """A board small in the frame is no sharper either: the out-of-focus photo, and a sharp
    one blurred as a missed focus blurs (a Gaussian of 4 pixels of the working image), both
    shrunk to half in the frame, are refused as too blurred."""
    with pytest.raises(VisionError, match="blurred"):
        _read_small(name, 0.5, blur)


def test_letters_on_cells_of_few_pixels_are_listed_however_surely_they_read():
    """A board so small in the photo that its cells span 10 to 13 pixels of the working
    image (a photo shrunk to a third, or the board at half of a photo sent at 1024 pixels)
    has letters of five or six pixels, which read surely and wrongly more often (an S as a
    B, left unsaid beside a lost D where no word could tell): every letter read on a cell
    under ``min_sure_cell_px`` is listed, saying it is too small to be sure of; as taken,
    none is."""
    from vision.cells import TOO_SMALL
    from vision.woodtiles import cell_sizes

    name = "IMG_20151016_165604.jpg"
    reading = _read_small(name, 0.32)
    p = DEFAULT.locate.cell_px
    sizes = cell_sizes(np.linalg.inv(reading.located.homography) @ np.diag([p, p, 1.0]))
    listed = {(u.row, u.col) for u in reading.uncertain}
    small = [rd for rd in reading.cells if rd.face not in (EMPTY, "?")
             and sizes[rd.row, rd.col] < DEFAULT.wood.min_sure_cell_px]
    assert len(small) >= 10
    assert all((rd.row, rd.col) in listed for rd in small)
    assert any(rd.why == TOO_SMALL for rd in small)
    assert score(LABELS[name], reading).wrong_unlisted == 0
    taken = _read(name)[0]
    assert taken is not None and all(u.why != TOO_SMALL for u in taken.uncertain)


def test_a_mark_the_blurred_photo_doubted_does_not_bar_its_blur_undone():
    """The photo whose focus missed most, its board at 0.55 of its width in the frame: its
    letters read too unsurely, so its blur is undone, but a blurred premium square's blob
    on an empty square was read as a pale O (a letter doubted, for the player to confirm),
    which the sharpened photo rightly shows no letter on; a blur-undone reading must keep
    every letter the photo as taken shows, so none was believed and the photo was refused
    as too blurred. A letter doubted no longer bars it (its square is asked about)."""
    name = "IMG_20151016_170032.jpg"
    reading = _read_small(name, 0.55)
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.cells_right >= 215 and got.tiles_right >= 0.85 * got.tiles


def _sent_at(name: str, long_side: int) -> np.ndarray:
    """A labelled photo as a messaging app or MMS sends it: the whole photo shrunk so its long
    side is ``long_side`` pixels and saved as a JPEG of quality 70, then decoded."""
    import cv2

    image = _photo(name)
    s = long_side / max(image.shape[:2])
    small = cv2.resize(image, (round(image.shape[1] * s), round(image.shape[0] * s)),
                       interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 70])
    assert ok
    return decode_photo(DEFAULT.load, data.tobytes())


@pytest.mark.parametrize("name", ["IMG_20151016_165522.jpg", "IMG_20151016_165959.jpg"])
def test_a_sharp_photo_sent_at_640_px_is_read_with_its_tiles_right(name):
    """Sent at 640 pixels its cells span 13 to 16 pixels, its letters six or seven: the ink
    cut a third of the way from face to ink, set on cells of 32 pixels or more, fattened
    every stroke of the flat board by three times as many of its pixels, closed an S into an
    8 and joined a point value to its letter, so the letters read unsurely: `165522` was
    refused as too blurred, and `165959` had 6 of its 41 tiles read wrong, listed. Read again
    with the cut moved toward the edge's middle as its cells allow, that reading the surer,
    every tile is read right."""
    reading = read_board(DEFAULT, _sent_at(name, 640), board_spec("bugwords"),
                         shipped_classifier(), default_lexicon())
    got = score(LABELS[name], reading)
    assert got.wrong_unlisted == 0
    assert got.tiles_right == got.tiles


@pytest.mark.parametrize("long_side", [1024, 640])
def test_a_shaken_photo_sent_small_is_still_refused_as_blurred(long_side):
    """The photo taken as the phone moved stays refused, in the blurred sentence, however
    small it is sent: the deeper ink cut of a board small in the photo does not make its
    smeared letters read."""
    with pytest.raises(VisionError, match="blurred"):
        read_board(DEFAULT, _sent_at("IMG_20141025_164048.jpg", long_side),
                   board_spec("bugwords"), shipped_classifier(), default_lexicon())


def test_the_ink_cut_lies_as_far_outside_an_edge_on_a_board_small_in_the_photo():
    """On cells of ``blur_cell_px`` pixels or more the cut is ``ink_depth``; on fewer it moves
    toward the edge's middle (0.5), never past it, so that it lies as many pixels of the flat
    board outside the middle of an edge the photo's pixels blurred as it does at
    ``blur_cell_px``."""
    from statistics import NormalDist

    from vision.woodtiles import ink_depth

    wc = DEFAULT.wood
    assert ink_depth(wc, wc.blur_cell_px) == ink_depth(wc, 60.0) == wc.ink_depth

    def outside(cell: float) -> float:  # flat board pixels, the pixels' blur spread so
        d = ink_depth(wc, cell)
        return NormalDist().inv_cdf(1 - d) * wc.pixel_blur * wc.cell_px / cell

    depths = [ink_depth(wc, cell) for cell in (30.0, 24.0, 16.0, 12.0, 8.0)]
    assert depths == sorted(depths) and wc.ink_depth < depths[0] and depths[-1] < 0.5
    for cell in (30.0, 24.0, 16.0, 12.0, 8.0):
        assert outside(cell) == pytest.approx(outside(wc.blur_cell_px))
