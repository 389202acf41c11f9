"""Planning a render: everything Blender needs, drawn from one seed, as JSON-ready data.

A plan is pure (no Blender, no CAD kernel): the position (board text with stack heights),
where each tile of each stack sits (its loose offset and turn), the plastics' colours, the
camera, the lights, the table and what else is in view, and the photo's blur and noise.
Lengths are millimetres in board coordinates (:mod:`companion.layout.werdup_board`: x right,
y down from the board's top-left corner, z up from the table).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from companion.board import Board
from companion.layout.werdup_board import WERDUP_BOARD, BoardLayout

MAX_STACK = 5
CLEARANCE = 0.2  # a tile's play in its cell and on the tile below, per side (mm)
SENSOR_WIDTH = 36.0  # mm, the full-frame equivalent the focal lengths refer to

# PLA colours (linear-ish sRGB 0-1): light tile bodies with dark letter inlays, boards.
TILE_BODIES = {"ivory": (0.93, 0.89, 0.78), "white": (0.95, 0.95, 0.94),
               "lemon": (0.96, 0.90, 0.55), "sky": (0.70, 0.84, 0.95),
               "mint": (0.74, 0.92, 0.80), "silver": (0.80, 0.81, 0.82)}
INLAYS = {"black": (0.03, 0.03, 0.03), "navy": (0.04, 0.06, 0.22),
          "maroon": (0.25, 0.03, 0.04), "graphite": (0.10, 0.10, 0.11)}
BOARDS = {"grey": (0.35, 0.37, 0.40), "charcoal": (0.10, 0.10, 0.11),
          "blue": (0.08, 0.22, 0.50), "green": (0.12, 0.35, 0.18),
          "orange": (0.85, 0.35, 0.08), "black": (0.03, 0.03, 0.03)}
TABLES = ("oak", "walnut", "cloth", "linoleum", "paper")
LIGHTS = ("warm lamp", "window", "overhead", "hard sun")
EXTRAS = ("none", "hand", "rack", "hand and rack")


def colour_names(text: str) -> tuple[str, str, str]:
    """``"silver,black,charcoal"`` -> the tile bodies', letter inlays' and board's PLA
    colours, each checked against the rig's (a sentence naming them when one is not)."""
    names = tuple(n.strip().lower() for n in text.split(","))
    if len(names) != 3:
        raise ValueError(f"colours are three names, tile body, letters and board, like "
                         f"silver,black,charcoal; got {text!r}")
    for name, kind, known in zip(names, ("tile body", "letter", "board"),
                                 (TILE_BODIES, INLAYS, BOARDS), strict=True):
        if name not in known:
            raise ValueError(f"{name!r} is not a {kind} colour of the rig; those are "
                             f"{', '.join(sorted(known))}")
    return names[0], names[1], names[2]


@dataclass(frozen=True)
class RigLimits:
    """The ranges a plan is drawn from (degrees, millimetres, pixels)."""

    width: int = 1200
    height: int = 900
    samples: int = 8
    max_tilt: float = 50.0          # camera axis from vertical
    focal: tuple[float, float] = (26.0, 60.0)   # full-frame equivalent focal length
    fill: tuple[float, float] = (0.72, 0.92)    # board side / the photo's short side
    max_turn: float = 2.0           # a tile turned this much at most
    blur: tuple[float, float] = (0.0, 0.9)      # Gaussian sigma in pixels
    noise: tuple[float, float] = (1.0, 4.0)     # sensor noise sigma in grey levels
    jpeg_quality: tuple[int, int] = (80, 92)

    def __post_init__(self) -> None:
        if not (320 <= self.width <= 4000 and 240 <= self.height <= 3000):
            raise ValueError(f"render size {self.width}x{self.height} must be 320x240 to "
                             "4000x3000")
        if not 1 <= self.samples <= 256:
            raise ValueError(f"samples must be 1-256, got {self.samples!r}")
        if not 0 <= self.max_tilt <= 60:
            raise ValueError(f"max_tilt must be 0-60 degrees, got {self.max_tilt!r}")


def stacks_of(board: Board, rng: random.Random) -> list[dict]:
    """Each occupied cell's stack, bottom tile first: the top tile is the board text's
    letter, the ones under it are other letters (never the same letter twice in a row)."""
    from tools.render.meshes import letters

    faces = letters()
    out = []
    for r, c, top in board.squares():
        h = board.height(r, c)
        if not 1 <= h <= MAX_STACK:
            raise ValueError(f"the stack at row {r + 1}, column {c + 1} is {h} high; "
                             f"stacks are 1-{MAX_STACK} high")
        if top not in faces:
            raise ValueError(f"{top!r} at row {r + 1}, column {c + 1} is not a WerdUp tile")
        tiles = [top]
        while len(tiles) < h:
            tiles.append(rng.choice([f for f in faces if f != tiles[-1]]))
        out.append({"row": r, "col": c, "tiles": tiles[::-1]})
    return out


def look_at(eye: np.ndarray, target: np.ndarray, roll: float) -> np.ndarray:
    """The camera's rotation (3, 3), columns its right, up and backward axes in world
    coordinates (Blender's camera looks along its -Z), turned by ``roll`` radians."""
    back = eye - target
    back /= np.linalg.norm(back)
    ref = np.array([0.0, 1.0, 0.0]) if abs(back[2]) > 0.999 else np.array([0.0, 0.0, 1.0])
    right = np.cross(ref, back)
    right /= np.linalg.norm(right)
    up = np.cross(back, right)
    cr, sr = math.cos(roll), math.sin(roll)
    right, up = cr * right + sr * up, -sr * right + cr * up
    return np.stack([right, up, back], axis=1)


def world(board: BoardLayout, x: float, y: float, z: float) -> np.ndarray:
    """Board coordinates (mm, y down) to the rig's world (mm, y up, board centre at 0)."""
    half = board.size / 2
    return np.array([x - half, half - y, z])


def project(camera: dict, points: np.ndarray) -> np.ndarray:
    """World points (N, 3) in mm to pixels (N, 2) of the planned photo (pinhole)."""
    rot = np.array(camera["rotation"])
    eye = np.array(camera["location"])
    cam = (np.asarray(points, float) - eye) @ rot  # right, up, backward
    f_px = camera["focal"] / SENSOR_WIDTH * camera["width"]
    u = camera["width"] / 2 + f_px * cam[:, 0] / -cam[:, 2]
    v = camera["height"] / 2 - f_px * cam[:, 1] / -cam[:, 2]
    return np.stack([u, v], axis=1)


def _camera(board: BoardLayout, limits: RigLimits, rng: random.Random, tilt: float | None
            ) -> dict:
    tilt = rng.uniform(0, limits.max_tilt) if tilt is None else tilt
    azimuth = rng.uniform(0, 2 * math.pi)
    focal = rng.uniform(*limits.focal)
    fill = rng.uniform(*limits.fill)
    target = np.array([rng.uniform(-15, 15), rng.uniform(-15, 15), 5.0])
    direction = np.array([math.sin(math.radians(tilt)) * math.cos(azimuth),
                          math.sin(math.radians(tilt)) * math.sin(azimuth),
                          math.cos(math.radians(tilt))])
    # the photo's up roughly faces away from the photographer, with a little roll
    roll = math.radians(rng.uniform(-12, 12))
    corners = np.array([world(board, x, y, 0.0) for x in (0, board.size)
                        for y in (0, board.size)] + [world(board, x, y, 25.0)
                                                     for x in (0, board.size)
                                                     for y in (0, board.size)])
    distance = 600.0
    for _ in range(30):  # move in or out until the board spans ``fill`` of the short side
        eye = target + distance * direction
        cam = {"location": eye.tolist(), "rotation": look_at(eye, target, roll).tolist(),
               "focal": focal, "width": limits.width, "height": limits.height}
        px = project(cam, corners)
        span = max(np.ptp(px[:, 0]) * limits.height / limits.width, np.ptp(px[:, 1]))
        distance *= span / (fill * limits.height)
    cam.update({"tilt": tilt, "azimuth": math.degrees(azimuth), "distance": distance})
    return cam


def _lights(rng: random.Random) -> dict:
    kind = rng.choice(LIGHTS)
    a = rng.uniform(0, 2 * math.pi)
    if kind == "warm lamp":
        d = rng.uniform(350, 700)
        return {"kind": kind, "type": "POINT", "colour": (1.0, 0.78, 0.52),
                "location": (d * math.cos(a), d * math.sin(a), rng.uniform(300, 600)),
                "power": rng.uniform(4.5, 8.0), "size": rng.uniform(20, 60),
                "ambient": rng.uniform(0.05, 0.2)}
    if kind == "window":
        d = rng.uniform(600, 1000)
        return {"kind": kind, "type": "AREA", "colour": (0.85, 0.92, 1.0),
                "location": (d * math.cos(a), d * math.sin(a), rng.uniform(250, 500)),
                "power": rng.uniform(10, 20), "size": rng.uniform(500, 900),
                "ambient": rng.uniform(0.1, 0.3)}
    if kind == "overhead":
        return {"kind": kind, "type": "AREA", "colour": (1.0, 0.97, 0.92),
                "location": (rng.uniform(-150, 150), rng.uniform(-150, 150),
                             rng.uniform(700, 1100)),
                "power": rng.uniform(4.0, 8.0), "size": rng.uniform(300, 600),
                "ambient": rng.uniform(0.08, 0.25)}
    elev = math.radians(rng.uniform(35, 70))
    return {"kind": kind, "type": "SUN", "colour": (1.0, 0.96, 0.88),
            "direction": (math.cos(elev) * math.cos(a), math.cos(elev) * math.sin(a),
                          math.sin(elev)),
            "power": rng.uniform(1.2, 2.2), "size": rng.uniform(0.5, 2.0),
            "ambient": rng.uniform(0.05, 0.15)}


def _extras(board: BoardLayout, rng: random.Random) -> list[dict]:
    kind = rng.choice(EXTRAS)
    half = board.size / 2
    out: list[dict] = []
    if "hand" in kind:
        side = rng.choice((-1, 1))
        along = rng.uniform(-0.6, 0.6) * half
        out.append({"kind": "hand", "location": (along, side * (half + rng.uniform(5, 35)),
                                                 rng.uniform(15, 40)),
                    "scale": (rng.uniform(40, 55), rng.uniform(85, 105), rng.uniform(14, 20)),
                    "turn": rng.uniform(-30, 30), "colour": rng.choice(
                        [(0.80, 0.55, 0.42), (0.55, 0.36, 0.25), (0.35, 0.22, 0.15),
                         (0.90, 0.68, 0.55)])})
    if "rack" in kind:
        side = rng.choice((-1, 1))
        out.append({"kind": "rack", "location": (side * (half + rng.uniform(30, 60)),
                                                 rng.uniform(-0.5, 0.5) * half, 0.0),
                    "turn": 90 + rng.uniform(-15, 15),
                    "tiles": [rng.choice(["A", "E", "R", "S", "T", "N", "O"])
                              for _ in range(rng.randint(3, 7))]})
    return out


def plan(position: Board, seed: int, limits: RigLimits | None = None,
         tilt: float | None = None, board: BoardLayout = WERDUP_BOARD,
         colours: tuple[str, str, str] | None = None) -> dict:
    """The full render plan of ``position`` (a 10 x 10 WerdUp board, stacks 1-5) drawn from
    ``seed``; ``tilt`` fixes the camera's angle from vertical (degrees), ``colours`` the
    tile bodies', letter inlays' and board's PLA colours (:func:`colour_names`; the rest is
    drawn as without them)."""
    limits = limits or RigLimits()
    if position.rows != board.cells or position.cols != board.cells:
        raise ValueError(f"the position is {position.rows}x{position.cols}; the WerdUp board "
                         f"is {board.cells}x{board.cells}")
    rng = random.Random(seed)
    stacks = stacks_of(position, rng)
    for stack in stacks:
        stack["placed"] = []
        x, y = board.cell_center(stack["row"], stack["col"])
        for level, _ in enumerate(stack["tiles"]):
            x += rng.uniform(-CLEARANCE, CLEARANCE)
            y += rng.uniform(-CLEARANCE, CLEARANCE)
            stack["placed"].append({"x": x, "y": y,
                                    "z": board.floor_height + level * board.tile_body_height,
                                    "turn": rng.uniform(-limits.max_turn, limits.max_turn)})
    body = rng.choice(sorted(TILE_BODIES))
    inlay, bc = rng.choice(sorted(INLAYS)), rng.choice(sorted(BOARDS))
    if colours is not None:
        body, inlay, bc = colours
    return {
        "seed": seed,
        "position": position.to_text(),
        "stacks": stacks,
        "board_size": board.size,
        "markers": [{"id": s.id, "x": s.center[0], "y": s.center[1],
                     "z": board.marker_height} for s in board.markers],
        "sticker_size": board.sticker_size,
        "marker_size": board.marker_size,
        "dictionary": board.aruco_dictionary,
        "colours": {"body": body, "body_rgb": TILE_BODIES[body],
                    "inlay": inlay, "inlay_rgb": INLAYS[inlay],
                    "board": bc, "board_rgb": BOARDS[bc],
                    "roughness": rng.uniform(0.35, 0.6)},
        "table": {"kind": rng.choice(TABLES), "hue": rng.uniform(-0.05, 0.05),
                  "scale": rng.uniform(0.6, 1.6)},
        "camera": _camera(board, limits, rng, tilt),
        "light": _lights(rng),
        "extras": _extras(board, rng),
        "samples": limits.samples,
        "photo": {"blur": rng.uniform(*limits.blur), "noise": rng.uniform(*limits.noise),
                  "jpeg_quality": rng.randint(*limits.jpeg_quality)},
    }
