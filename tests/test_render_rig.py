"""The WerdUp render rig's pure parts: plans from a seed, the camera maths, Blender's log.

No test here runs Blender: renders are cached in tests/data/werdup_renders (made with
``python -m tools.render make --seeds 101-112 --straight-down 112``).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from companion.board import Board
from companion.layout.werdup_board import WERDUP_BOARD as B
from tools.render.__main__ import seed_list
from tools.render.blender import Blender, BlenderError, parse_log
from tools.render.rig import finish_photo, load_truth, made_from, sticker_texture, truth
from tools.render.scene import RigLimits, look_at, plan, project, world

DATA = Path(__file__).parent / "data"

# CAT across row 5 with its A on a stack of 3 and a lone Qu on a stack of 5 (made up here).
POSITION = Board.from_text("""
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . C A3 T . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . Qu5 . .
. . . . . . . . . .
. . . . . . . . . .
""", 10, 10)


def test_a_plan_is_a_pure_function_of_its_seed():
    a, b = plan(POSITION, 5), plan(POSITION, 5)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert json.dumps(plan(POSITION, 6), sort_keys=True) != json.dumps(a, sort_keys=True)


def test_stacks_follow_the_board_text():
    p = plan(POSITION, 1)
    stacks = {(s["row"], s["col"]): s for s in p["stacks"]}
    assert set(stacks) == {(4, 3), (4, 4), (4, 5), (7, 7)}
    a = stacks[(4, 4)]
    assert a["tiles"][-1] == "A" and len(a["tiles"]) == 3
    assert all(x != y for x, y in zip(a["tiles"], a["tiles"][1:], strict=False))
    assert stacks[(7, 7)]["tiles"][-1] == "Qu" and len(stacks[(7, 7)]["tiles"]) == 5
    for level, spot in enumerate(a["placed"]):
        assert spot["z"] == pytest.approx(B.floor_height + level * B.tile_body_height)
        cx, cy = B.cell_center(4, 4)
        # loose, but within the clearance of each tile below it
        assert abs(spot["x"] - cx) <= 0.2 * (level + 1) + 1e-9
        assert abs(spot["turn"]) <= 2.0


@pytest.mark.parametrize("text, message", [
    ("\n".join([". " * 10] * 9 + [". . . . . . . . . A6"]), "6 high"),
    ("\n".join([". " * 10] * 9 + [". . . . . . . . . Zz"]), "not a WerdUp tile"),
    ("\n".join([". " * 9] * 9), "9x9"),
])
def test_bad_positions_are_sentences(text, message):
    with pytest.raises(ValueError, match=message):
        plan(Board.from_text(text), 1)


def test_limits_are_checked():
    with pytest.raises(ValueError, match="samples"):
        RigLimits(samples=0)
    with pytest.raises(ValueError, match="render size"):
        RigLimits(width=100)


def test_the_camera_frames_the_board_at_the_planned_tilt():
    for seed in range(8):
        cam = plan(POSITION, seed)["camera"]
        assert 0 <= cam["tilt"] <= 50
        rot = np.array(cam["rotation"])
        assert np.allclose(rot.T @ rot, np.eye(3), atol=1e-9)
        axis = -rot[:, 2]  # the camera looks along its -Z
        target = np.array(cam["location"]) + axis * 100
        assert np.degrees(np.arccos(-axis[2])) == pytest.approx(cam["tilt"], abs=1e-6)
        corners = np.array([world(B, x, y, 0.0) for x in (0, B.size) for y in (0, B.size)])
        px = project(cam, corners)
        # the board spans most of the photo's short side, centred; like a hand-held photo,
        # a corner may be cut off a little
        span = max(np.ptp(px[:, 0]) * cam["height"] / cam["width"], np.ptp(px[:, 1]))
        assert 0.6 * cam["height"] < span < 1.1 * cam["height"]
        centre = project(cam, np.array([world(B, B.size / 2, B.size / 2, 0.0)]))[0]
        assert abs(centre[0] - cam["width"] / 2) < cam["width"] / 4
        assert abs(centre[1] - cam["height"] / 2) < cam["height"] / 4
        assert target[2] < cam["location"][2]


def test_straight_down_puts_the_board_top_at_the_photo_top():
    cam = plan(POSITION, 3, tilt=0.0)["camera"]
    assert cam["tilt"] == 0.0
    top, bottom = project(cam, np.array([world(B, B.size / 2, 0, 0), world(B, B.size / 2,
                                                                              B.size, 0)]))
    # a little roll is allowed; the board's top edge is above its bottom edge
    assert top[1] < bottom[1]


def test_look_at_is_a_rotation_with_the_camera_behind():
    rot = look_at(np.array([0.0, -300.0, 400.0]), np.zeros(3), 0.1)
    assert np.allclose(rot.T @ rot, np.eye(3))
    assert np.linalg.det(rot) == pytest.approx(1.0)


def test_sticker_texture_holds_a_readable_marker():
    import cv2

    img = sticker_texture(B.aruco_dictionary, 33, 180, 140)
    assert img.shape == (180, 180) and img[0, 0] == 255
    aruco = cv2.aruco
    det = aruco.ArucoDetector(aruco.getPredefinedDictionary(aruco.DICT_4X4_50))
    _, ids, _ = det.detectMarkers(img)
    assert ids is not None and ids.ravel().tolist() == [33]


def test_finish_photo_is_deterministic_jpeg():
    png = np.full((60, 80, 3), 128, np.uint8)
    photo = {"blur": 0.5, "noise": 3.0, "jpeg_quality": 85}
    a, b = finish_photo(png, photo, 4), finish_photo(png, photo, 4)
    assert a == b and a[:2] == b"\xff\xd8"
    assert finish_photo(png, photo, 5) != a


def test_truth_keeps_the_position_and_camera():
    p = plan(POSITION, 9)
    t = truth(p)
    assert Board.from_text(t["position"], 10, 10) == POSITION
    assert t["camera"]["focal"] == p["camera"]["focal"]


def test_cached_renders_carry_their_truth():
    jpgs = sorted((DATA / "werdup_renders").glob("render-*.jpg"))
    assert len(jpgs) >= 12
    for jpg in jpgs:
        board, info = load_truth(jpg)
        assert info["seed"] == int(jpg.stem.split("-")[1])
        assert any(True for _ in board.squares())
        assert made_from(jpg)  # the mesh set they were made from is known


def test_a_render_knows_the_meshes_it_was_made_from(tmp_path):
    jpg = tmp_path / "render-5.jpg"
    assert made_from(jpg) is None  # not made yet
    jpg.write_bytes(b"\xff\xd8")
    jpg.with_suffix(".json").write_text(json.dumps({"seed": 5}))
    assert made_from(jpg) is None  # made before the rig kept it: re-rendered
    jpg.with_suffix(".json").write_text(json.dumps({"seed": 5, "meshes": "ab12"}))
    assert made_from(jpg) == "ab12"


def test_renders_are_stale_only_when_their_meshes_differ(tmp_path, monkeypatch):
    """A render made from another mesh set with the same files (the CAD code changed, the
    meshes did not) is kept; one from different meshes, or of unknown origin, is made again."""
    from tools.render import rig

    meshes = tmp_path / "meshes"
    for name, data in (("new", b"solid a"), ("same", b"solid a"), ("other", b"solid b"),
                       ("unfinished", b"solid a")):
        (meshes / name).mkdir(parents=True)
        (meshes / name / "quarter.stl").write_bytes(data)
        if name != "unfinished":
            (meshes / name / "complete").write_text("")
    monkeypatch.setattr(rig, "ensure_meshes", lambda: meshes / "new")
    out = tmp_path / "renders"
    out.mkdir()
    for seed, key in ((1, "same"), (2, "other"), (3, None), (4, "new"), (5, "unfinished"),
                      (6, "gone")):
        (out / f"render-{seed}.jpg").write_bytes(b"\xff\xd8")
        info = {"seed": seed} if key is None else {"seed": seed, "meshes": key}
        (out / f"render-{seed}.json").write_text(json.dumps(info))
    assert rig.stale([1, 2, 3, 4, 5, 6, 7], out) == [2, 3, 5, 6, 7]


def test_blender_log_is_parsed_from_a_recorded_run():
    log = parse_log((DATA / "blender-render.log").read_text())
    assert log.version == "3.4.1"
    assert log.saved == "/tmp/job/render.png"
    assert log.seconds == pytest.approx(1.54)
    assert log.errors == ()


def test_blender_errors_are_collected():
    log = parse_log("Blender 3.4.1\nError: Python: Traceback (most recent call last):\n")
    assert log.saved is None and log.errors


def test_a_missing_blender_is_a_sentence():
    with pytest.raises(BlenderError, match="install the Debian package 'blender'"):
        Blender("no-such-blender-binary")


@pytest.mark.parametrize("text, seeds", [("100-103,200", [100, 101, 102, 103, 200]),
                                         ("7", [7])])
def test_seed_lists(text, seeds):
    assert seed_list(text) == seeds


def test_a_bad_seed_list_is_a_sentence():
    with pytest.raises(SystemExit, match="seeds must look like"):
        seed_list("a-b")


def _cache_of(tmp_path: Path, seeds_truths: dict[int, dict]) -> Path:
    """A render cache folder: one stored render's picture under each seed, beside the truth
    given (the picture is not what is checked)."""
    out = tmp_path / "renders"
    out.mkdir()
    picture = (DATA / "werdup_renders" / "render-103.jpg").read_bytes()
    for seed, info in seeds_truths.items():
        (out / f"render-{seed}.jpg").write_bytes(picture)
        (out / f"render-{seed}.json").write_text(json.dumps(info, indent=1))
    return out


def _today(seed: int, tilt: float | None = None) -> dict:
    from companion.lexicon import default_lexicon
    from tools.render.rig import drawn_truth

    return {**drawn_truth(seed, default_lexicon(), tilt=tilt), "render_seconds": 17.0,
            "meshes": "new"}


def test_a_render_kept_with_another_position_than_todays_draw_is_stale(tmp_path):
    """The position is a game the engine plays from the seed: when the engine or the word list
    changes, a cached render may hold a position the code no longer draws for its seed."""
    from companion.lexicon import default_lexicon
    from tools.render.rig import drawn_otherwise

    lexicon = default_lexicon()
    same = _today(103)
    other_position = {**_today(103), "position": _today(104)["position"]}
    moved = _today(103)
    moved["camera"]["location"][2] += 0.5  # the camera half a millimetre higher
    assert other_position["position"] != same["position"]
    out = _cache_of(tmp_path, {1: {**_today(1)}, 2: other_position | {"seed": 2},
                               3: moved | {"seed": 3}, 103: same})
    # seed 1 kept as drawn today; 2 and 3 kept with 103's draw (another game, camera)
    assert drawn_otherwise([1, 2, 3, 103, 5], out, lexicon) == [2, 3]
    # with 103's truth edited to another position, it is stale too
    (out / "render-103.json").write_text(json.dumps(other_position))
    assert drawn_otherwise([103], out, lexicon) == [103]
    (out / "render-103.json").write_text(json.dumps(moved))
    assert drawn_otherwise([103], out, lexicon) == [103]
    (out / "render-103.json").write_text("{not json")
    assert drawn_otherwise([103], out, lexicon) == [103]


def test_a_render_straight_down_is_drawn_with_its_fixed_tilt(tmp_path):
    """A seed photographed straight down draws no tilt, so its camera and light differ from
    the same seed's drawn at an angle: it is checked against the tilt it is asked for."""
    from companion.lexicon import default_lexicon
    from tools.render.rig import drawn_otherwise

    lexicon = default_lexicon()
    out = _cache_of(tmp_path, {7: _today(7, tilt=0.0)})
    assert drawn_otherwise([7], out, lexicon, tilts={7: 0.0}) == []
    assert drawn_otherwise([7], out, lexicon) == [7]


def test_make_set_renders_again_a_render_drawn_otherwise(tmp_path, monkeypatch):
    """``make`` (and the benchmark) render again a render of today's meshes whose position
    today's code no longer draws; one as drawn today is kept. No Blender runs here."""
    from tools.render import rig
    from tools.render.blender import RenderLog

    (tmp_path / "meshes" / "new").mkdir(parents=True)
    monkeypatch.setattr(rig, "ensure_meshes", lambda: tmp_path / "meshes" / "new")
    monkeypatch.setattr(rig, "Blender", lambda: None)
    rendered = []

    def fake_render(scene, blender, threads):
        rendered.append(scene["seed"])
        return b"\xff\xd8new", RenderLog("render.png", 1.0, "3.4.1", ())

    monkeypatch.setattr(rig, "render", fake_render)
    out = _cache_of(tmp_path, {103: _today(103),
                               104: {**_today(104), "position": _today(103)["position"]}})
    rig.make_set([103, 104], out)
    assert rendered == [104]
    assert (out / "render-104.jpg").read_bytes() == b"\xff\xd8new"
    assert rig.same_draw(json.loads((out / "render-104.json").read_text()), _today(104))
    assert (out / "render-103.jpg").read_bytes()[:2] == b"\xff\xd8"  # kept as it was
    assert len((out / "render-103.jpg").read_bytes()) > 1000



def test_the_sets_colours_can_be_forced_leaving_the_rest_of_the_draw_as_it_was():
    from tools.render.scene import colour_names

    assert colour_names("silver,black,charcoal") == ("silver", "black", "charcoal")
    assert colour_names(" White, Graphite ,grey") == ("white", "graphite", "grey")
    drawn, forced = plan(POSITION, 5), plan(POSITION, 5, colours=("silver", "black", "black"))
    assert forced["colours"]["body"] == "silver" and forced["colours"]["board"] == "black"
    assert forced["colours"]["inlay_rgb"] == (0.03, 0.03, 0.03)
    assert forced["colours"]["roughness"] == drawn["colours"]["roughness"]
    rest = {k: v for k, v in drawn.items() if k != "colours"}
    assert json.dumps(rest, sort_keys=True) == json.dumps(
        {k: v for k, v in forced.items() if k != "colours"}, sort_keys=True)


@pytest.mark.parametrize("text, message", [
    ("silver,black", "three names, tile body, letters and board"),
    ("gold,black,black", "'gold' is not a tile body colour of the rig; those are ivory, "),
    ("silver,white,black", "'white' is not a letter colour"),
    ("silver,black,pink", "'pink' is not a board colour"),
])
def test_bad_colours_are_sentences(text, message, capsys):
    from tools.render.__main__ import main
    from tools.render.scene import colour_names

    with pytest.raises(ValueError, match=message):
        colour_names(text)
    assert main(["make", "--seeds", "1", "--out", "/nonexistent/never-made",
                 "--colours", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bad --colours: ") and "Traceback" not in err


def test_make_takes_the_colours_to_every_render(tmp_path, monkeypatch):
    from tools.render import rig
    from tools.render.__main__ import main
    from tools.render.blender import RenderLog

    (tmp_path / "meshes" / "new").mkdir(parents=True)
    monkeypatch.setattr(rig, "ensure_meshes", lambda: tmp_path / "meshes" / "new")
    monkeypatch.setattr(rig, "Blender", lambda: None)
    scenes = []

    def fake_render(scene, blender, threads):
        scenes.append(scene)
        return b"\xff\xd8new", RenderLog("render.png", 1.0, "3.4.1", ())

    monkeypatch.setattr(rig, "render", fake_render)
    out = tmp_path / "out"
    assert main(["make", "--seeds", "103-104", "--out", str(out),
                 "--colours", "white,graphite,grey"]) == 0
    assert [s["colours"]["body"] + s["colours"]["inlay"] + s["colours"]["board"]
            for s in scenes] == ["whitegraphitegrey"] * 2
    kept = json.loads((out / "render-104.json").read_text())
    assert kept["colours"] == {"body": "white", "inlay": "graphite", "board": "grey"}
    main(["make", "--seeds", "103-104", "--out", str(out), "--colours", "white,graphite,grey"])
    assert len(scenes) == 2  # made already with those colours: kept
