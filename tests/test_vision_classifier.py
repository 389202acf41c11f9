"""The shipped tile classifier: real camera samples, tile renders, the classify command."""

from __future__ import annotations

import json

import cv2
import numpy as np

from companion.cli import main
from synthetic.fonts import tile_fonts
from synthetic.render import tile_face
from synthetic.training import accuracy, real_samples, rendered_set, sample_set, split_samples
from vision.classifier import shipped_classifier
from vision.config import DEFAULT


def test_held_out_real_samples_are_read():
    _, held_out = split_samples(real_samples())
    feats, labels = sample_set(DEFAULT.cells, held_out, np.random.default_rng(0))
    assert len(labels) >= 250
    assert accuracy(shipped_classifier(), feats, labels) >= 0.98


def test_fresh_distorted_renders_are_read():
    feats, labels = rendered_set(DEFAULT.cells, np.random.default_rng(12345), per_font=1)
    assert accuracy(shipped_classifier(), feats, labels) >= 0.95


def test_classify_command_json(tmp_path, capsys):
    font = tile_fonts()[0]
    files = []
    for name, letter in (("k.png", "K"), ("blank.png", "")):
        p = tmp_path / name
        cv2.imwrite(str(p), tile_face(letter, 64, font, value=5 if letter else None))
        files.append(str(p))
    real = tmp_path / "real-x.png"
    src = next(m for m, lab in real_samples() if lab == "X")
    cv2.imwrite(str(real), src.astype(np.uint8) * 255)
    files.append(str(real))
    assert main(["vision", "classify", *files, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["letter"] for r in out] == ["K", None, "X"]
    assert all(0 <= r["confidence"] <= 1 for r in out)
    assert [r["file"] for r in out] == files


def test_classify_names_a_file_with_esc_in_its_name_escaped(tmp_path, capsys):
    # the name went raw to the terminal: ESC [2J cleared it
    p = tmp_path / "k\x1b[2J.png"
    cv2.imwrite(str(p), tile_face("K", 64, tile_fonts()[0], value=5))
    assert main(["vision", "classify", str(p)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and f"{tmp_path}/k\\x1b[2J.png: K" in out


def test_classify_rejects_a_non_image(tmp_path, capsys):
    p = tmp_path / "notes.txt"
    p.write_text("hello")
    assert main(["vision", "classify", str(p)]) == 2
    assert "not an image" in capsys.readouterr().err


def test_classify_reads_every_tile_though_one_file_is_missing(tmp_path, capsys):
    # the first missing file stopped the command, the tiles after it unread, and it was
    # called "The photo"
    good = []
    for name, letter in (("k.png", "K"), ("q.png", "Q")):
        good.append(tmp_path / name)
        cv2.imwrite(str(good[-1]), tile_face(letter, 64, tile_fonts()[0], value=5))
    gone = tmp_path / "gone.png"
    files = [str(good[0]), str(gone), str(good[1])]
    assert main(["vision", "classify", *files]) == 2
    said = capsys.readouterr()
    assert said.err == (f"companion: The tile image {gone} was not found: check the file's name "
                        "and its folder.\n")
    assert [line.split(": ")[1].split()[0] for line in said.out.splitlines()] == ["K", "Q"]
    assert main(["vision", "classify", *files, "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert [r["file"] for r in out] == files
    assert [r["letter"] for r in out] == ["K", None, "Q"]
    assert out[1]["error"] == (f"The tile image {gone} was not found: check the file's name and "
                               "its folder.")


def test_classify_reads_a_tile_in_any_photo_format(tmp_path, capsys):
    """A tile cropped on a phone comes back as HEIC or WebP: read like its PNG."""
    import pillow_heif
    from PIL import Image

    face = tile_face("K", 64, tile_fonts()[0], value=5)
    rgb = Image.fromarray(np.ascontiguousarray(face[:, :, ::-1]) if face.ndim == 3 else face)
    files = []
    for name in ("k.png", "k.webp", "k.heic"):
        p = tmp_path / name
        if name.endswith(".heic"):
            pillow_heif.from_pillow(rgb.convert("RGB")).save(p, quality=95)
        else:
            rgb.save(p, quality=95)  # (PNG: lossless, the quality unused)
        files.append(str(p))
    assert main(["vision", "classify", *files, "--json"]) == 0
    assert [r["letter"] for r in json.loads(capsys.readouterr().out)] == ["K", "K", "K"]
