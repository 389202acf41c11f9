"""A live app on a loopback port and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from werkzeug.serving import make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@contextmanager
def live_server(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free loopback port in a thread; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[object]:
    """A headless Chromium (Debian's package)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def phones(browser, url: str, count: int = 1, timeout: float = 15000,
           **settings) -> Iterator[list]:
    """``count`` phone-sized pages on ``url`` (``settings`` override :data:`PHONE`'s, e.g.
    ``java_script_enabled=False``), each in a browser context of its own waiting up to
    ``timeout`` ms for what it is asked, closed afterwards however the test ends."""
    contexts = [browser.new_context(base_url=url, **{**PHONE, **settings})
                for _ in range(count)]
    try:
        pages = [c.new_page() for c in contexts]
        for page in pages:
            page.set_default_timeout(timeout)
        yield pages
    finally:
        for context in contexts:
            context.close()


def fits_phone(page) -> None:
    """Nothing on ``page`` is wider than the phone's screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


def focused(page) -> str:
    """The id of what has the keyboard ("" for the page's body or an element without one),
    once the page's ``autofocus`` has been applied: a browser applies it in a rendering step
    after the page is parsed, which may come after the load event Playwright waits for, so
    two animation frames are waited for first."""
    return page.evaluate("""() => new Promise(done => requestAnimationFrame(() =>
        requestAnimationFrame(() => done(document.activeElement ? document.activeElement.id
                                                                : ''))))""")


def tap_and_wait(page, button: str) -> None:
    """Tap ``button`` and wait for the page it leads to."""
    with page.expect_navigation():
        page.tap(button)


def photo_chosen_for_a_new_game(page, photo, game: str = "bugwords") -> None:
    """A new game (Bug Words unless ``game`` says) of Ann and Bob made on /games, and the file
    ``photo`` chosen in its sheet's photo box (not yet sent). The sheet's page has loaded, its
    script with it: the photo box's script must be there before a test sends the photo by
    keyboard."""
    page.goto("/games")
    page.select_option("#game", game)
    page.fill("input[aria-label='Player 1']", "Ann")
    page.fill("input[aria-label='Player 2']", "Bob")
    with page.expect_navigation():  # waits for the new page's load, not its first bytes
        page.click("#new-game button[type=submit]")
    page.set_input_files("#photo", str(photo))


def post_json(base: str, path: str, body: dict) -> dict:
    """``body`` sent as JSON to the live app at ``base`` + ``path`` (POST): its JSON answer."""
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as answer:
        return json.load(answer)


def get_json(base: str, path: str) -> dict:
    """The live app's JSON answer at ``base`` + ``path`` (GET)."""
    with urllib.request.urlopen(base + path) as answer:
        return json.load(answer)
