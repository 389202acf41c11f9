"""Phone-size screenshots of every page of the web app for the README.

    .venv/bin/python scripts/web_screenshots.py [-o docs/images]

Serves the app from a temporary instance folder, walks through each job in Debian's Chromium
(390 x 844 CSS pixels) and writes ``web-*.png``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import threading
from pathlib import Path

import numpy as np
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from companion.web import create_app

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Whether every image in the window (with ``full``, also every one the page loads at once) has
# loaded: the pictures a screenshot shows.
IMAGES_SHOWN = """full => Array.from(document.images).filter(i => {
  const r = i.getBoundingClientRect();
  const seen = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
  return seen || (full && i.loading !== "lazy");
}).every(i => i.complete && i.naturalWidth > 0)"""


def board_photo(tmp: Path) -> Path:
    """A synthetic phone photo of a commercial Bug Words board with QUIZ on it (its tiles show
    their point values, as a real set's do)."""
    from synthetic.boards import synthetic_photo
    from synthetic.camera import Camera
    from synthetic.scenes import Scene
    from vision.boards import board_spec

    spec = board_spec("bugwords")
    letters = [[""] * spec.cols for _ in range(spec.rows)]
    for i, ch in enumerate("QUIZ"):
        letters[7][7 + i] = ch
    jpeg = synthetic_photo("commercial", spec, Scene(letters, set()), np.random.default_rng(3),
                           Camera(width=1600, height=1200, max_tilt=20, max_rotation=10,
                                  max_blur=0.8))
    path = tmp / "board.jpg"
    path.write_bytes(jpeg)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", default="docs/images", help="folder for the PNG files")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"JUDGE_CLEAR_SECONDS": 60}, instance_path=str(tmp / "instance"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_context(base_url=base, viewport={"width": 390, "height": 844},
                                   device_scale_factor=1, is_mobile=True,
                                   has_touch=True).new_page()
        page.set_default_timeout(120000)

        def shot(name: str, full: bool = False) -> None:
            # a picture still on its way (a lazy preview the scroll just brought into view)
            # would be taken as an empty box: wait for every one the shot shows
            page.wait_for_function(IMAGES_SHOWN, arg=full)
            page.screenshot(path=str(out / f"web-{name}.png"), full_page=full)
            print(f"wrote {out / f'web-{name}.png'}")

        page.goto("/?word=quixotic")
        shot("challenge")
        page.goto("/judge")
        page.fill("#words", "QUIZ QI ZAX")
        page.click("#judge-form button[type=submit]")
        shot("judge")
        page.goto("/games")
        page.select_option("#game", "bugwords")
        page.fill("input[aria-label='Player 1']", "Ann")
        page.fill("input[aria-label='Player 2']", "Bob")
        page.click("#new-game button[type=submit]")
        page.set_input_files("#photo", str(board_photo(tmp)))
        page.click("#photo-upload button[type=submit]")
        shot("photo", full=True)
        for c, letter in enumerate("QUIZ", start=7):  # what the player confirms
            page.fill(f"#sq-7-{c}", letter)
        page.click("#photo-form button[type=submit]")
        page.fill("#play", "K8 .ANY")
        page.click("#turn-form button[type=submit]")
        page.locator("#last-play").scroll_into_view_if_needed()
        shot("score")
        day = (dt.date.today() - dt.timedelta(days=2)).isoformat()  # its hints are out
        page.goto(f"/girdle/{day}?hints=1")
        page.evaluate("document.getElementById('shape').scrollIntoView(); window.scrollBy(0, -130)")
        shot("girdle-day")  # the day's shape and its word icons
        from companion.girdle import puzzle_for, solve
        from companion.girdle.typed_sheet import solution_text

        pz = puzzle_for(dt.date.fromisoformat(day))
        best = solve(pz).placements  # typed as a player would: words and start squares only
        page.fill("#solution", "\n".join(line.split(" +")[0].split(" -")[0]
                                          for line in solution_text(pz, best).splitlines()))
        page.click("#score-sheet")
        # par is worked out beside the app: the answer opens again by itself once it is found
        page.wait_for_url(f"**/girdle/{day}/result")
        page.wait_for_selector("#result:not(:has(#par-pending))", timeout=180_000)
        page.locator("#result").scroll_into_view_if_needed()
        shot("girdle")
        page.goto("/prints?doc=board#doc-board")  # a board split over pages, side by side
        shot("prints")
        page.goto("/pdq?variant=regular&seed=2026&round=1&show=1")
        shot("pdq")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
