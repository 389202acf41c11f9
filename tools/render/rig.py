"""Making renders: a plan goes to Blender with the CAD meshes and the marker textures; the
picture comes back with the photo's blur, sensor noise and JPEG applied (all from the seed).

    python -m tools.render make --seeds 100-111 --out tests/data/werdup_renders
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.board import Board
from tools.render.blender import Blender, RenderLog
from tools.render.meshes import ensure_meshes, mesh_digest
from tools.render.scene import SENSOR_WIDTH, RigLimits, plan

if TYPE_CHECKING:
    from companion.lexicon import Lexicon


def sticker_texture(dictionary: str, marker_id: int, sticker_px: int, marker_px: int
                    ) -> np.ndarray:
    """A white sticker with its ArUco marker centred: (sticker_px, sticker_px) uint8."""
    aruco = cv2.aruco
    code = aruco.generateImageMarker(aruco.getPredefinedDictionary(getattr(aruco, dictionary)),
                                     marker_id, marker_px)
    img = np.full((sticker_px, sticker_px), 255, np.uint8)
    o = (sticker_px - marker_px) // 2
    img[o: o + marker_px, o: o + marker_px] = code
    return img


def finish_photo(png: np.ndarray, photo: dict, seed: int) -> bytes:
    """The rendered BGR picture as a phone would keep it: lens blur, sensor noise, JPEG."""
    rng = np.random.default_rng(seed)
    out = png
    if photo["blur"] > 0.05:
        out = cv2.GaussianBlur(out, (0, 0), photo["blur"])
    noise = rng.normal(0, photo["noise"], out.shape[:2]).astype(np.float32)
    out = np.clip(out.astype(np.float32) + noise[:, :, None], 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, photo["jpeg_quality"]])
    if not ok:
        raise ValueError("the render could not be encoded as JPEG")
    return buf.tobytes()


def render(scene: dict, blender: Blender | None = None, threads: int = 1
           ) -> tuple[bytes, RenderLog]:
    """Render one plan (see :func:`tools.render.scene.plan`): JPEG bytes and Blender's log."""
    blender = blender or Blender()
    meshes = ensure_meshes()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stickers = {}
        ratio = scene["marker_size"] / scene["sticker_size"]
        for m in scene["markers"]:
            path = folder / f"marker-{m['id']}.png"
            cv2.imwrite(str(path), sticker_texture(scene["dictionary"], m["id"], 540,
                                                   round(540 * ratio)))
            stickers[str(m["id"])] = str(path)
        job = {"plan": scene, "meshes": str(meshes), "stickers": stickers,
               "output": str(folder / "render.png"), "threads": threads,
               "sensor_width": SENSOR_WIDTH}
        (folder / "job.json").write_text(json.dumps(job), encoding="utf-8")
        log = blender.run(folder / "job.json")
        png = cv2.imread(str(folder / "render.png"), cv2.IMREAD_COLOR)
    if png is None:
        raise ValueError("blender wrote no readable picture")
    return finish_photo(png, scene["photo"], scene["seed"]), log


def truth(scene: dict) -> dict:
    """What a reader should find, kept beside each render: the position and the camera."""
    cam = scene["camera"]
    return {"seed": scene["seed"], "position": scene["position"],
            "tilt": round(cam["tilt"], 2), "focal": round(cam["focal"], 2),
            "light": scene["light"]["kind"], "table": scene["table"]["kind"],
            "extras": [e["kind"] for e in scene["extras"]],
            "colours": {k: scene["colours"][k] for k in ("body", "inlay", "board")},
            "camera": {k: cam[k] for k in ("location", "rotation", "focal", "width",
                                           "height")}}


def made_from(jpg: Path) -> str | None:
    """The mesh set (its CAD key) a render in a folder was made from; None when unknown."""
    truth_file = jpg.with_suffix(".json")
    if not (jpg.is_file() and truth_file.is_file()):
        return None
    return json.loads(truth_file.read_text(encoding="utf-8")).get("meshes")


def stale(seeds: list[int], out: Path) -> list[int]:
    """The seeds whose render in ``out`` is missing or was made from other CAD meshes than
    the current ones (the tiles or the board changed since). A change of the CAD code that
    leaves the meshes as they were (a preview, an export) makes nothing stale."""
    current = ensure_meshes()
    digest = mesh_digest(current)
    same = {current.name}
    out_of_date = []
    for s in seeds:
        key = made_from(out / f"render-{s}.jpg")
        if key is not None and key not in same and mesh_digest(current.parent / key) == digest:
            same.add(key)
        if key not in same:
            out_of_date.append(s)
    return out_of_date


KEPT_ONLY = ("render_seconds", "meshes")  # facts of the making, not drawn from the seed


def drawn_truth(seed: int, lexicon: Lexicon, limits: RigLimits | None = None,
                tilt: float | None = None) -> dict:
    """The truth today's code draws for ``seed`` (the position the engine plays, then the
    camera, light and the rest), as a render's truth file keeps it. About 10 ms of CPU."""
    from tools.render.positions import played_position

    return as_kept(plan(played_position(seed, lexicon), seed, limits, tilt))


def as_kept(scene: dict) -> dict:
    """A plan's truth as its file keeps it (JSON: tuples become lists)."""
    return json.loads(json.dumps(truth(scene)))


def same_draw(kept: object, drawn: object) -> bool:
    """Whether a render's kept truth is what was drawn: the same position, colours, light and
    table, and the same camera to a millionth (of a millimetre, of a degree)."""
    if isinstance(kept, dict) and isinstance(drawn, dict):
        keys = set(kept) - set(KEPT_ONLY)
        return (keys == set(drawn) - set(KEPT_ONLY)
                and all(same_draw(kept[k], drawn[k]) for k in keys))
    if isinstance(kept, list) and isinstance(drawn, list):
        return len(kept) == len(drawn) and all(map(same_draw, kept, drawn))
    numbers = (int, float)
    if (isinstance(kept, numbers) and isinstance(drawn, numbers)
            and not isinstance(kept, bool) and not isinstance(drawn, bool)):
        return math.isclose(kept, drawn, rel_tol=1e-9, abs_tol=1e-6)
    return kept == drawn


def kept_truth(jpg: Path) -> dict | None:
    """The truth kept beside a render; None when the render or its truth is missing or the
    truth cannot be read."""
    truth_file = jpg.with_suffix(".json")
    if not (jpg.is_file() and truth_file.is_file()):
        return None
    try:
        kept = json.loads(truth_file.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return kept if isinstance(kept, dict) else None


def drawn_otherwise(seeds: list[int], out: Path, lexicon: Lexicon, limits: RigLimits | None = None,
                    tilts: dict[int, float] | None = None) -> list[int]:
    """The seeds whose render in ``out`` keeps a truth (position, camera, ...) other than the
    one today's code draws for the seed: the engine or the word list changed the game since,
    or the rig draws otherwise. Those whose render is missing are left to :func:`stale`."""
    out_of_date = []
    for s in seeds:
        jpg = out / f"render-{s}.jpg"
        if not jpg.is_file():
            continue
        kept = kept_truth(jpg)
        drawn = drawn_truth(s, lexicon, limits, (tilts or {}).get(s))
        if kept is None or not same_draw(kept, drawn):
            out_of_date.append(s)
    return out_of_date


def make_set(seeds: list[int], out: Path, limits: RigLimits | None = None,
             tilts: dict[int, float] | None = None, threads: int = 1,
             lexicon=None, colours: tuple[str, str, str] | None = None) -> list[Path]:
    """Render every seed missing from ``out``, made there from older CAD meshes, or kept
    with a truth today's code no longer draws for its seed (:func:`drawn_otherwise`), as
    ``render-SEED.jpg`` with ``render-SEED.json`` (its truth); returns the JPEG paths, in
    seed order. ``colours`` (tile body, letters, board) replaces the colours drawn."""
    from companion.lexicon import default_lexicon
    from tools.render.positions import played_position

    out.mkdir(parents=True, exist_ok=True)
    lexicon = lexicon or default_lexicon()
    blender = Blender()
    key = ensure_meshes().name
    paths = []
    for seed in seeds:
        jpg = out / f"render-{seed}.jpg"
        paths.append(jpg)
        position = played_position(seed, lexicon)
        scene = plan(position, seed, limits, (tilts or {}).get(seed), colours=colours)
        kept = kept_truth(jpg)
        if made_from(jpg) == key and kept is not None and same_draw(kept, as_kept(scene)):
            continue
        data, log = render(scene, blender, threads)
        jpg.write_bytes(data)
        info = truth(scene)
        info["render_seconds"] = log.seconds
        info["meshes"] = key
        jpg.with_suffix(".json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
        print(f"{jpg.name}: tilt {info['tilt']:.0f} deg, {info['light']}, "
              f"{log.seconds or 0:.0f} s", flush=True)
    return paths


def load_truth(path: Path) -> tuple[Board, dict]:
    """A render's position (board text with heights) and its facts."""
    info = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    return Board.from_text(info["position"], 10, 10), info
