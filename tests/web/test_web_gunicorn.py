"""Production serving: gunicorn with several worker processes sharing one instance folder."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def gunicorn_url(tmp_path):
    port = _free_port()
    env = dict(os.environ, COMPANION_INSTANCE=str(tmp_path / "instance"))
    env.pop("DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:companion.web.gunicorn_conf",
         "--workers", "3", "--threads", "2", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", "companion.web:create_app()"], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/api/check?word=cat", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None:
                    pytest.fail(f"gunicorn exited with {proc.returncode}")
                time.sleep(0.2)
        yield url, proc.pid
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


@pytest.mark.slow
def test_several_workers_share_sessions_and_storage(gunicorn_url):
    url, master = gunicorn_url
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(url + "/judge").read().decode()
    tok = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    for _ in range(12):  # a new connection each time: gunicorn spreads them over workers
        body = urllib.parse.urlencode({"words": "cat dog", "csrf_token": tok}).encode()
        with opener.open(url + "/judge", data=body) as resp:
            assert resp.status == 200 and ">VALID<" in resp.read().decode()
    game = json.load(urllib.request.urlopen(urllib.request.Request(
        url + "/api/games", data=json.dumps({"game": "werdup", "players": ["A", "B"]}).encode(),
        headers={"Content-Type": "application/json"})))
    for score in range(1, 11):
        req = urllib.request.Request(
            f"{url}/api/games/{game['table_key']}/turns",
            data=json.dumps({"score": score}).encode(),
            headers={"Content-Type": "application/json"})
        urllib.request.urlopen(req).read()
    final = json.load(urllib.request.urlopen(f"{url}/api/games/{game['table_key']}"))
    assert [p["total"] for p in final["players"]] == [1 + 3 + 5 + 7 + 9, 2 + 4 + 6 + 8 + 10]
    assert len(final["turns"]) == 10
    out = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True)
    workers = out.stdout.split()
    assert len(workers) == 3


def test_worker_hook_freezes_the_loaded_app():
    import gc

    from companion.web import gunicorn_conf, health

    gc.unfreeze()
    interval = sys.getswitchinterval()
    seen = []
    before = signal.signal(signal.SIGTERM, lambda *_a: seen.append("gunicorn's own"))
    try:
        gunicorn_conf.post_worker_init(None)
        assert gc.get_freeze_count() > 0
        assert sys.getswitchinterval() == pytest.approx(gunicorn_conf.SWITCH_INTERVAL)
        # a graceful stop marks the worker as stopping, then runs gunicorn's handler
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)
        assert seen == ["gunicorn's own"] and health._stopping.is_set()
    finally:
        health._stopping.clear()
        signal.signal(signal.SIGTERM, before)
        gc.unfreeze()
        sys.setswitchinterval(interval)


@pytest.mark.slow
def test_gunicorn_names_no_server_version_and_sends_the_security_headers(gunicorn_url):
    url, _master = gunicorn_url
    with urllib.request.urlopen(url + "/girdle/archive") as resp:
        headers = resp.headers
    assert headers["Server"] == "companion"  # not "gunicorn" nor its version
    assert "script-src 'self' 'nonce-" in headers["Content-Security-Policy"]
    assert "camera=()" in headers["Permissions-Policy"]
    # behind a proxy that says the phone came over HTTPS, the session cookie is Secure
    req = urllib.request.Request(url + "/judge", headers={"X-Forwarded-Proto": "https"})
    with urllib.request.urlopen(req) as resp:
        cookie = resp.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie
    with urllib.request.urlopen(url + "/judge") as resp:  # plain HTTP (a home network)
        assert "Secure" not in resp.headers["Set-Cookie"]


@pytest.mark.slow
def test_the_longest_address_the_check_form_sends_is_answered_by_the_app(gunicorn_url):
    """The check page's boxes filled to their length with full-width letters (as a paste
    brings them: 9 bytes each once encoded) make a 7 KB address, past gunicorn's default
    4,094-byte request line: that was gunicorn's bare "URI Too Long" page; the app answers it
    with its own page. An address past the configured limit is still gunicorn's 414."""
    url, _master = gunicorn_url
    with urllib.request.urlopen(url + "/?game=pdq&variant=pdl&cards=PNA") as resp:
        page = resp.read().decode()
    form = page[page.index('id="check-form"'):]
    form = form[:form.index("</form>")]
    boxes = dict(re.findall(r'name="(\w+)"[^>]*?maxlength="(\d+)"', form))
    assert {"word", "said", "cards"} <= set(boxes), boxes
    query = {name: "\uff31" * int(length) for name, length in boxes.items()}
    target = "/?" + urllib.parse.urlencode({**query, "game": "pdq", "variant": "pdl"})
    assert len(target) > 7000  # (gunicorn's default: 4,094 bytes a request line)
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(url + target)
    assert answer.value.code == 400
    refused = answer.value.read().decode()
    assert "<title>Error:" in refused and 'id="check-form"' in refused  # the app's page
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(url + "/?word=" + "Q" * 8200)
    assert answer.value.code == 414
