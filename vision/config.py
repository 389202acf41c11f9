"""Every threshold of the photo pipeline, in one place.

Each stage receives only its own part (``cfg.locate``, ``cfg.cells`` ...). Sizes in pixels refer
to the working image (the photo scaled so its long side is ``load.work_long_side``) or, for
cells, to the canonical warped board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.layout import werdup_board as wb


@dataclass(frozen=True)
class LoadConfig:
    max_bytes: int = 60_000_000          # bigger files are refused before decoding
    max_pixels: int = 80_000_000         # 80 MP: more is a decompression bomb, not a phone photo
    min_side: int = 200                  # smaller images cannot show a readable board
    work_long_side: int = 1600           # photos are decoded/scaled to about this long side


@dataclass(frozen=True)
class LocateConfig:
    min_board_fraction: float = 0.08     # the board outline covers at least this much of the photo
    approx_epsilon: float = 0.02         # polygon approximation, fraction of the perimeter
    outline_px: int = 900                # side of the square the outline is first warped to
    grid_search_min: float = 0.80        # grid spans at least this fraction of the outline
    min_grid_contrast: float = 1.5       # grid-line edges at least this times the mean edge
    line_edge: float = 1.5               # one grid line is seen when its edge is at least this
                                         # times the mean edge across the outline
    min_lines_seen: float = 0.60         # share of the grid's inner lines seen, each way (a
                                         # board's own grid: 0.71 and more, in the real photos
                                         # 0.86; a printed sheet's boxes and tables: 0.56 at
                                         # most; nearer those, as a board that is not read
                                         # costs the player more than an empty reading)
    line_reach: float = 0.4              # a grid line found on an outline is moved onto the
                                         # middle of its edges this far round it (pitches):
                                         # a smear spreads a line's two edges apart
    cell_px: int = 48                    # canonical cell size after the perspective warp
    min_markers: int = 3                 # markers needed for a marker fit
    min_other_markers: int = 2           # markers of another printed thing (a Word Girdle
                                         # sheet read as a board...) that tell it is that
    extra_blanks: int = 2                # more blank tiles than the set has, plus this: the
                                         # grid is misplaced (another outline is tried)


@dataclass(frozen=True)
class PremiumConfig:
    """Fitting a commercial board's premium-square layout (see :mod:`vision.premium`)."""

    work_px: int = 1000                  # blobs are found on a copy this size (long side)
    background_px: int = 61              # median window giving the plain squares' colour
    min_shift: int = 12                  # Lab a/b units a premium differs from that colour
    min_lightness: int = 40              # darker pixels are shadow or ink, not print
    min_blob_px: int = 25                # smaller blobs are specks
    max_blob_share: float = 0.12         # a blob wider than this share of the photo: no square
    max_aspect: float = 1.6              # a square's blob is at most this elongated
    min_fill: float = 0.65               # ... and fills its least rectangle at least this
    size_spread: float = 2.2             # blobs within this factor of the median side
    side_share: float = 0.88             # a premium blob's side over the cell pitch
    neighbours: int = 4                  # nearest blobs paired with each blob
    max_step: int = 4                    # ... at most this many cells apart along each axis
    step_tolerance: float = 0.22         # cell distance of a pair within this of a layout step
    seed_radius: float = 4.0             # a hypothesis is first judged this many cells around
    match_radius: float = 0.30           # a blob within this (cells) of a square's centre
    wrong_weight: float = 1.0            # score = matched - this * wrong
    refine_top: int = 12                 # best hypotheses grown and refitted
    grow_radii: tuple[float, ...] = (0.45, 0.4, 0.35, 0.3, 0.3)
    min_for_homography: int = 8          # matched squares before a homography is fitted
    ransac_share: float = 0.3            # its RANSAC tolerance, share of a cell
    min_matched: int = 12                # fewer premium squares on blobs: no grid found
    min_fraction: float = 0.25           # ... or fewer than this share of those in view
    max_wrong_share: float = 0.5         # ... or more wrong blobs than this share of matches
    max_blobs: int = 150                 # more blobs than this: no board's premium squares
    # the companion's paper board found so (its markers hidden or blurred): its frame, this
    # much darker (Lab lightness) than the sheet past it, the sheet this much lighter than the
    # squares, on this many sides (:func:`vision.paperboard.paper_frame_shown`)
    paper_frame_drop: float = 40.0       # paper boards' sides 83 to 145 sharp, 54 to 95
                                         # blurred 2.5 px; commercial boards' 64 at most
    paper_lighter: float = 6.0           # paper boards' sides 2 to 52 (one side of three
                                         # photos under 6); a real board's side with a drop
                                         # of 40 or more, -1 at most
    paper_sides: int = 3


@dataclass(frozen=True)
class WoodConfig:
    """Reading wooden tiles on a commercial board (see :mod:`vision.woodtiles`). Its blur
    limits (``min_legible``, ``max_blur``, ``max_grid_blur``) judge the companion's own boards,
    found by their markers or outline, too (:func:`vision.reading._past_reading`)."""

    cell_px: int = 48                    # the flat board's cell size
    search_margin: float = 0.35          # a letter is looked for this far (cells) past the cell
    max_offset: float = 0.42             # ... its centre at most this far from the expected one
    face_window: float = 0.45            # the face is judged this far (cells) round the middle:
    face_percentile: float = 75          # its brightness this percentile, its darkest ink
    dark_percentile: float = 1           # ... this one
    min_contrast: float = 0.30           # darkest ink at least this share below the face
    ink_depth: float = 0.35              # ink cut: this share of the way from face to darkest
    check_depth: float = 0.55            # ... and, to check the letter read, this deeper one
    check_sure: float = 0.85             # a letter read this surely stands against the deeper
                                         # cut's reading of another (which loses faint strokes)
    min_height: float = 0.28             # a letter is this share of a cell tall or more
    max_height: float = 0.85             # ... and no taller (tile edges, the hinge line)
    min_ink: float = 0.02                # and covers at least this share of a cell
    min_fill: float = 0.12               # and at least this share of its own box (a letter's
                                         # strokes do; a square's dark outline does not)
    faint_ink: float = 0.35              # a mark whose ink (log of face over ink) is under
                                         # this share of the photo's marks' median is faint
                                         # print, no letter (letters: 0.6 and more)
    glyph_px: int = 24                   # glyphs are normalised to this square size
    face_share: float = 0.6              # the central share of a cell whose colour is its face
    print_near: float = 0.5              # a premium square's colour this near (share of its
                                         # distance to the plain squares') to its kind's: shows
    min_confidence: float = 0.80         # a letter below this is listed as uncertain
    shift_min: float = 0.06              # a median face shift above this (cells): look again
    blank_nearer: float = 0.5            # no letter, colour this near the tiles' (share of its
                                         # distance to its own kind of square): a blank tile;
    maybe_nearer: float = 1.0            # this near: perhaps a tile, the cell is listed
    maybe_hue_alike: float = 3.0         # a kind of square whose colour (Lab a, b) is this
                                         # near the tiles' cannot be told from them by it; if
    maybe_light_apart: float = 0.2       # the tiles and a kind of square this far apart in
                                         # lightness (share of the tiles'), and
    maybe_light_nearer: float = 0.5      # a cell this near the tiles' (share of its distance
                                         # to its kind's): perhaps a tile, listed
    min_legible: float = 0.70            # three letters in four read at least this well
                                         # (confidence), else the photo is too blurred to read
    deblur_sigmas: tuple[float, ...] = (0.04, 0.05, 0.06, 0.07, 0.08)  # ... unless read so
                                         # once one of these Gaussian blurs (cells) is undone
    deblur_noise: float = 0.01           # the noise-to-signal power the deconvolution allows
    deblur_ink_depth: float = 0.5        # ... and the ink cut then (a blurred edge's middle)
    deblur_max_blur: float = 0.063       # ... and believed only if its letters' edges are
                                         # then blurred no wider than this (cells): undone too
                                         # little, letters read surely and wrongly (blurred
                                         # copies read right up to 0.060, wrong from 0.067)
    deblur_from: float = 0.055           # letters' edges blurred wider than this (cells,
                                         # :func:`vision.woodtiles.edge_blur`): read again with
                                         # a blur undone, that reading taken if believed (the
                                         # real photos 0.023 to 0.035, one 0.052, the two out
                                         # of focus 0.054 and 0.058: the latter, under a
                                         # lighter tone curve, read blurred E's as sure O's)
    max_blur: float = 0.06               # ... wider than this: too blurred to read as taken
                                         # too, however surely they read (blurred copies read
                                         # letters wrong from 0.063; copies smeared along a
                                         # line 0.055 to 0.06 read right)
    blur_pad: float = 0.08               # ... measured this far (cells) round each letter
    pixel_blur: float = 0.56             # the edges' width (a Gaussian's, in pixels of the
                                         # working image) that the photo's pixels alone give
                                         # a sharp edge on the flat board: measured per photo,
                                         # the letters' widths in cells go as the square root
                                         # of a camera's part squared plus (this / a cell's
                                         # pixels) squared (0.55 to 0.57 on three real photos
                                         # shrunk to 0.4 of their size)
    blur_cell_px: float = 32.0           # ... on a board whose cells span fewer pixels of the
                                         # working image than this, the pixels' part past what
                                         # it is at this size is taken out of the measures
                                         # (:func:`vision.woodtiles.camera_blur`): the limits
                                         # below were set on the real photos as taken, whose
                                         # cells span 32.6 to 60 pixels
    min_sure_cell_px: float = 12.0       # a letter on a cell spanning fewer pixels of the
                                         # working image than this is listed, however surely
                                         # it reads (too small to be sure of: of the letters
                                         # read surely on the real photos shrunk to half and
                                         # sent at 1024 px, 8% were wrong on such cells, 4% on
                                         # cells of 12 to 16 pixels; one, an S read as a B
                                         # beside a lost D, no word told)
    max_grid_blur: float = 0.10          # with no letter read, or fewer letters than cells of
                                         # the tiles' colour showing none, the board's own
                                         # edges blurred wider than this (cells,
                                         # :func:`vision.woodtiles.grid_blur`): too blurred
                                         # (the real photos 0.018 to 0.096, the out-of-focus
                                         # one the most; copies blurred till no letter is
                                         # found 0.109 and more)
    grid_blur_pad: float = 0.45          # ... measured across each grid line this far (cells)
    grid_blur_inset: float = 0.2         # ... along its middle, this far from the crossings
    grid_blur_share: float = 0.15        # ... on this share of the segments, the most contrasted
    off_tile: float = 1.8                # a mark whose surroundings are more than this times
                                         # farther from the tiles' colour than from its own
                                         # square's (log-chromaticity) lies on a bare square
    tile_spread: float = 3.5             # ... unless within this many times the marks'
                                         # median distance from the tiles' colour (letters
                                         # 2.9 at most, marks on bare squares 3.9 or more)

    value_min_ink: float = 0.004         # a point value's mark covers this share of a cell
    value_reach: float = 0.6             # ... and sits within this (cells) of its letter
    value_max_size: float = 0.8          # ... and is smaller than this share of the letter
    split_min_width: float = 0.75        # a mark this wide for its height may hold its value:
    value_top: float = 0.5               # the letter's columns are those inked in this top
                                         # share, and what stands right of them at least
    value_split: float = 0.3             # this share of the mark's height is the value
    value_vote: float = 2.0              # each value below-right of its letter: this many nats
                                         # for the turn that puts it there
    word_vote: float = 1.0               # with a word list: each letter in a run that is a
                                         # word adds this many nats to the turn, each in a
                                         # run that is not takes them away
    turned_vote: float = 1.0             # each letter the model sees turned over takes this
                                         # many nats (times log of how sure) from the turn
    max_unseen: float = 0.34             # more of the grid's cells outside the photo: refused
    max_washed: float = 0.4              # a cell whose darkest pixels a glare lifted this
                                         # share of the way to white (past most cells',
                                         # :func:`vision.woodtiles.washed_out`) shows a glare
                                         # (the real photos 0.18 at most, as taken and under
                                         # the lighter tone curve)
    washed_percentile: float = 5         # ... its darkest pixels: this percentile of the cell
    washed_reference: float = 75         # ... most cells': this percentile of the cells'
    glare_reach: int = 3                 # such cells and those this near them are listed
                                         # (:func:`vision.woodtiles.glared`: the glare's edge
                                         # fades letters where the squares do not show it)
    glare_seen: float = 0.35             # a glare's whole extent, as the premium squares'
                                         # colours show it (:func:`vision.woodtiles.faded`):
                                         # white mixed in past this somewhere shows a glare
                                         # (the real photos 0.20 at most, 0.24 under the
                                         # lighter tone curve; a second lamp 0.42 and more)
    glare_edge: float = 0.28             # ... and the cells it mixes this much into are
                                         # listed (the letters a second lamp took lay past it)
    glare_smooth: float = 2.0            # ... measured over the squares this near (cells,
                                         # a Gaussian's sigma): a glare fades smoothly (its
                                         # wash is undone by a quadratic surface fitted over
                                         # them, :func:`vision.woodtiles.glare_surface`)
    glare_cap: float = 0.9               # with a glare seen, its wash is undone where it
                                         # mixes in this much white at most
                                         # (:func:`vision.woodtiles.unwashed`)
    glare_reference: float = 90          # ... against this percentile of the saturation of
                                         # the squares of each kind not under a tile
    glare_faint: float = 0.15            # with a glare, a plain square read empty or a tile
                                         # read as blank whose letter-sized mark has this much
                                         # contrast (half the bar, ``min_contrast``) is listed:
                                         # a letter the glare faded
                                         # (:func:`vision.woodtiles.faint_marks`; the glare
                                         # fades a bare square's grain alike: with no glare, on
                                         # the real photos as taken, 105 of 5,143 squares, 67
                                         # on the one refused as blurred; 463 at 0.10)
    max_washed_share: float = 0.6        # more of the grid's cells listed so: refused, the
                                         # player would check most of the board
    max_lone_share: float = 0.5          # with a glare, more of the tiles read with no tile
                                         # beside them: refused (no game lays them so)
    white_level: int = 200               # a board found by its markers or outline: a pixel
                                         # each of whose channels passes this is near white
    white_window: float = 1.0            # ... and one all of whose square this wide (cells)
                                         # is near white lies in a glare's bright blob (no
                                         # grid line, letter or print in it)
    max_white_share: float = 0.05        # more of the grid so: refused as washed out by a
                                         # glare (:func:`vision.woodtiles.white_share`; the
                                         # real photos and paper boards 0, a wide lamp 0.2+)
    turn_margin: float = 3.0             # the board's turn must beat the next by this (nats:
                                         # letters' log-probabilities plus value votes), else
                                         # the photo is refused


@dataclass(frozen=True)
class CellConfig:
    inset: float = 0.10                  # fraction of a cell trimmed off each side before reading
    ink_ratio: float = 0.55              # no ink unless the darkest pixels are below this share
    ink_depth: float = 0.35              # ink cut: this share of the way from face to darkest
    ink_chroma_ratio: float = 0.09       # a mark's mean colour off the face's shades / face
                                         # brightness above this: coloured print, not ink
    min_glyph_height: float = 0.30       # a letter is at least this fraction of the cell tall
    min_ink_fraction: float = 0.025      # less dark ink than this: no letter in the cell
    blank_chroma_margin: float = 1.0     # a blank's face is this much nearer the tiles' colour
    blank_margin_share: float = 0.5      # ... or, when less, this share of how far the squares'
                                         # colour is from the tiles' (cream paper tiles on the
                                         # paper board: 0.5 to 0.8 apart)
    blank_min_margin: float = 0.2        # ... but never less than this (a colour's noise)
    blank_nearer: float = 0.5            # ... and this share of its distance to the squares'
    blank_lone_distance: float = 1.5     # a square with no others of its kind: a blank tile
                                         # when its colour is this near the tiles'
    faded_ink_ratio: float = 0.80        # a blank tile's face whose darkest pixels are below
                                         # this share of it (but not ``ink_ratio``) holds a
                                         # letter a blur faded: read with this cut, listed
                                         # (blank faces 0.82-0.96, smeared I 0.58-0.66)
    glyph_px: int = 24                   # glyphs are normalised to this square size


@dataclass(frozen=True)
class ClassifyConfig:
    min_confidence: float = 0.80         # below this a cell is listed as uncertain
    alternatives: int = 3                # alternatives kept for an uncertain cell


@dataclass(frozen=True)
class LightConfig:
    glare_fraction: float = 0.01         # share of clipped-white pixels that means glare
    shadow_ratio: float = 0.55           # darkest/brightest region brightness below this: shadow
    min_sharpness: float = 60.0          # variance of the Laplacian (at 1000 px) below this: blur
    min_brightness: float = 60.0         # mean brightness below this: too dark


@dataclass(frozen=True)
class CardConfig:
    width_mm: float = 63.0               # PDQ cards are poker size
    height_mm: float = 88.0
    min_aspect: float = 1.1              # long/short side of a card in the photo (1.40 flat;
    max_aspect: float = 1.95             # a tilted camera squeezes or stretches it)
    min_area: float = 0.01               # a card covers this share of the photo at least
    max_area: float = 0.4
    max_saturation: int = 70             # HSV saturation above this is table, not card
    min_fit: float = 0.95                # outlines overlapping their four corners' quad this
                                         # much (intersection over union) are taken first: the
                                         # table's grain joined to a blurred edge bulges one
    letter_margin_x: float = 0.08        # share of the card's width trimmed off left and right
    letter_margin_y: float = 0.2         # and of its height top and bottom (corner indices)
    glare_reach: int = 15                # px (at 2 px/mm) round a letter's stroke for its ink
    glare_mark: float = 0.4              # a stroke shows this share of its card's contrast
    glare_stroke: int = 5                # px: a letter's stroke is this wide at least
    glare_lifted: float = 0.3            # a stroke pixel lifted this share toward its paper
    max_washed: float = 0.08             # a card whose strokes are this much lifted is listed


@dataclass(frozen=True)
class SheetConfig:
    px_per_mm: float = 4.0               # the Girdle sheet is warped to this resolution
    pen_chroma_ratio: float = 2.0        # hand-writing may be in blue or black pen
    pen_ink_ratio: float = 0.6           # pen lines are thinner and paler than tile letters
    work_long_side: int = 2400           # sheets are read at a higher resolution than boards
    coloured_in: float = 0.30            # an A-Z box this dark (share of pixels) is coloured in
    dot_filled: float = 0.45             # a Supply dot this dark is filled in
    box_ticked: float = 0.12             # a checkbox this dark is ticked
    dark: float = 0.55                   # a pixel is dark below this share of the paper white
    struck_dark: float = 0.7             # a stroke through a box: darker than this share of the
                                         # box's own paper (a thin line blurs paler)
    struck_line: float = 0.6             # a box crossed out: this share of a diagonal's two
                                         # ends (clear of the printed letter) is a stroke
    struck_most: float = 0.6             # a box this dark is coloured in, whatever crosses it
    edge_line: float = 0.2               # a mark touching a box's crop edge and within this
                                         # share of its side of it is the box's printed line,
                                         # blurred into the crop, not hand-writing


@dataclass(frozen=True)
class StackConfig:
    """Thresholds of the stack reader (the 3D-printed WerdUp board: heights from one photo)."""

    max_stack: int = 5
    min_markers: int = 3              # markers needed for the board's pose
    min_tilt: float = 12.0            # degrees from straight down below which heights
                                      # cannot be told apart
    default_focal: float = 0.85       # focal length / long side when it cannot be measured
    focal_range: tuple[float, float] = (0.35, 4.0)   # plausible measured focal / long side
    face_mm: float = 12.6             # side of the top-face square read for a letter
    face_px: int = 63                 # ... warped to this many pixels
    letter_rise: float = (wb.TILE_BAR_GAP + wb.TILE_BAR_HEIGHT) / 2  # mm: M, W, N and Z's
                                      # centre above the face's (the bar showing which way is
                                      # up sits under them; the other letters are centred)
    letter_height: tuple[float, float] = (5.5, 10.5)  # mm: capitals are 7.3 (J, Q 9)
    cap_height: float = 7.3           # mm: a capital letter on a tile
    min_letter_px: float = 14.0       # a letter seen smaller than this (pixels tall, in the
                                      # working image) is listed, however sure it looks
    min_letter_width: float = 1.3     # mm: the I's stem is 1.9
    bar_gap: float = wb.TILE_BAR_GAP  # mm between the letter and the orientation bar under it
    bar_height: float = wb.TILE_BAR_HEIGHT  # mm: the bar's height
    bar_width: float = wb.TILE_BAR_WIDTH    # mm: the bar's width
    bar_dark: float = 0.15            # the bar's place this much darker than the face: the
                                      # bar is there
    no_bar: float = 0.4               # an M, W, N or Z with no bar seen under it keeps
                                      # this share of its score (a faint bar may not show)
    centre_sigma: float = 1.3         # mm: a letter this far off its place keeps a third of
                                      # its score
    flat_centre_sigma: float = 2.6    # mm: the same in a photo taken straight down (the
                                      # focal length is guessed; heights are not told)
    edge_weight: float = 0.35         # share of the score from the tile's top edge
    min_height_margin: float = 1.6    # best height's score over the runner-up's below this:
                                      # the height is uncertain
    min_letter_score: float = 0.25    # a best letter score below this: no tile seen
    sure_score: float = 0.6           # letters this sure give the tiles' face colour
    printed_score: float = 0.9        # with no M, W, N or Z read (their bar tells printed
                                      # tiles), the letters' median score on printed tiles
    max_flat_shift: float = 0.2       # cells: a photo of the printed set whose letters the
                                      # stack reader could not read, its 1- and 5-high faces
                                      # further apart than this, is refused, not read flat
                                      # (the cached renders: 0.24 straight down to 0.64 at
                                      # 32 degrees; see werdup_read.check_flat_reading)
    min_seen_share: float = 0.5       # ... the printed set's letters blurred past reading:
                                      # the stack reader made out a tile on fewer squares
                                      # than this share of the tiles read flat (a sharp flat
                                      # picture's: 0.8 and more)
    max_empty_blur: float = 0.06      # cells: a photo in which no tile is made out, its board's
                                      # own edges blurred wider than this, is refused, not read
                                      # as an empty board (the cached renders: 0.022-0.047
                                      # sharp; blurred till every tile is lost, 0.069-0.097)
    hidden_share: float = 0.35        # a face this much covered by a nearer stack: not seen
    letter_box: float = 8.0           # mm: the square on a face that its letter (and bar) fill
    letter_hidden_share: float = 0.1  # ... this much of it behind a nearer stack: a cell read
                                      # empty there is not seen (a letter cut off is not read)
    partial_region: float = 10.0      # mm: the square of a partly hidden face whose ink is
                                      # matched against the tile font's letters
    partial_most: float = 0.95        # ... only where less than this share of it shows (a
                                      # face in full sight has been read as any face is)
    partial_edge_px: int = 2          # ... kept this many pixels clear of a blocker's edge
    partial_shift: int = 3            # ... each letter tried this many pixels off its place
    partial_agree: float = 0.5        # the best letter's agreement (intersection over union
                                      # of the ink seen and the letter, where it shows) ...
    partial_share: float = 0.4        # ... with this share of its ink in sight ...
    partial_margin: float = 0.12      # ... this far above any other letter's: read (and a
                                      # height this far above the letter's other heights: sure)
    partial_listed: tuple[float, float] = (0.4, 0.06)  # ... less sure, down to this agreement
                                      # and margin: read, listed with its alternatives and a
                                      # doubtful height
    ink_ratio: float = 0.6            # ink is darker than this share of the face around it
                                      # (a shadow darkens both, the black inlay only itself)
    faintest_ink: float = 0.75        # no ink when nothing is darker than this share
    face_kernel: float = 2.4          # mm: the face around a pixel is the brightest within
    min_face_share: float = 0.6       # a letter on a face darker (Lab L) than this share of
                                      # the sure tiles' faces is a mark on the board
    max_face_chroma: float = 16.0     # ... or one this far from their colour (Lab a, b)
    min_tile_contrast: float = 12.0   # Lab distance of tiles and board needed to tell an
                                      # unread tile from an empty cell by colour; in a photo
                                      # with no colour, their lightness (L) this far apart,
                                      # or the photo is refused (read by its stacks or flat:
                                      # the flat reader's cells too, a face nearer the tiles'
                                      # lightness by half of it being a tile's)
    lit_share: float = 0.7            # a face's lit part: its brightest 30% (a face half in
                                      # a taller neighbour's shadow is a tile's face)
    tile_nearer: float = 0.4          # a face this much nearer the tiles' colour than the
                                      # board's (Lab) is a tile's
    circle_agree: float = 0.3         # a beginning square whose marks agree this well
                                      # with the circle engraved there (intersection over
                                      # union) ...
    circle_margin: float = 0.1        # ... and this much better than with any tile's letter
                                      # shows its circle: no tile stands there (the circle,
                                      # read as a letter, made it "a tile may stand here")


@dataclass(frozen=True)
class VisionConfig:
    load: LoadConfig = field(default_factory=LoadConfig)
    locate: LocateConfig = field(default_factory=LocateConfig)
    premium: PremiumConfig = field(default_factory=PremiumConfig)
    wood: WoodConfig = field(default_factory=WoodConfig)
    cells: CellConfig = field(default_factory=CellConfig)
    classify: ClassifyConfig = field(default_factory=ClassifyConfig)
    light: LightConfig = field(default_factory=LightConfig)
    cards: CardConfig = field(default_factory=CardConfig)
    sheet: SheetConfig = field(default_factory=SheetConfig)
    stacks: StackConfig = field(default_factory=StackConfig)


DEFAULT = VisionConfig()
