"""Making renders: a plan goes to Blender with the CAD meshes and the marker textures; the
picture comes back with the photo's blur, sensor noise and JPEG applied (all from the seed).

    python -m tools.render make --seeds 100-111 --out tests/data/werdup_renders
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import cv2
import numpy as np

from companion.board import Board
from tools.render.blender import Blender, RenderLog
from tools.render.meshes import ensure_meshes, mesh_digest
from tools.render.scene import SENSOR_WIDTH, RigLimits, plan


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


def make_set(seeds: list[int], out: Path, limits: RigLimits | None = None,
             tilts: dict[int, float] | None = None, threads: int = 1,
             lexicon=None) -> list[Path]:
    """Render every seed missing from ``out``, or made there from older CAD meshes, as
    ``render-SEED.jpg`` with ``render-SEED.json`` (its truth); returns the JPEG paths, in
    seed order."""
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
        if made_from(jpg) == key:
            continue
        position = played_position(seed, lexicon)
        scene = plan(position, seed, limits, (tilts or {}).get(seed))
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
