"""``companion serve``: a port outside 1-65535 is bad usage, said before anything starts."""

from __future__ import annotations

import pytest

from companion.cli import main


def _free_port() -> int:
    """A port no program listens on now (serve looks before it says it is serving)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("port", ["-1", "65536", "99999"])
def test_a_port_out_of_range_is_bad_usage(capsys, port):
    assert main(["serve", "--port", port]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--port must be 1 to 65535, not {port}" in err


def test_a_host_that_is_no_address_is_bad_usage(capsys):
    assert main(["serve", "--host", "256.1.1.1", "--port", "5999"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--host '256.1.1.1' is not an address to listen on" in err


@pytest.mark.parametrize(("setting", "text", "message"), [
    ("COMPANION_LEXICON_ADD", "# to fill in\n", "The house list of additions "),
    ("COMPANION_LEXICON_REMOVE", None, "The house list of removals "),
    ("COMPANION_LEXICON_PATH", "\n", "The word list "),
])
def test_a_word_list_the_app_cannot_use_stops_serve_in_a_sentence(capsys, tmp_path,
                                                                    monkeypatch, setting, text,
                                                                    message):
    instance = tmp_path / "instance"
    instance.mkdir()
    house = instance / "house.txt"
    if text is not None:
        house.write_text(text)
    monkeypatch.setenv("COMPANION_INSTANCE", str(instance))
    monkeypatch.setenv(setting, str(house) if setting.endswith("PATH") else "house.txt")
    assert main(["serve", "--port", "5999"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith(f"companion: {message}") and err.count("\n") == 1, err


@pytest.mark.parametrize("command", [["serve", "--port", "5999"], ["db", "current"]])
@pytest.mark.parametrize(("name", "why"), [
    ("notes.txt", "it is a file, not a folder"),  # it was "File exists (.../notes.txt)."
    ("notes.txt/instance", "it cannot be made: Not a directory"),
])
def test_an_instance_folder_that_cannot_be_one_is_said_in_a_sentence(capsys, tmp_path,
                                                                      monkeypatch, command,
                                                                      name, why):
    (tmp_path / "notes.txt").write_text("not a folder\n")
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / name))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(command) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"companion: The app keeps its files in the instance folder {tmp_path / name} (named "
        f"by COMPANION_INSTANCE), but {why}.\n")


def test_ctrl_c_before_the_server_s_loop_is_the_same_stop(capsys, tmp_path, monkeypatch):
    """The port answers once the server is bound, a moment before its loop takes Ctrl-C
    itself; Ctrl-C then came out of the app's run as an interruption (status 130). It is the
    stop the banner names, whenever it comes once serving is said."""
    import companion.web

    class App:
        def run(self, **kwargs: object) -> None:
            raise KeyboardInterrupt

    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setattr(companion.web, "create_app", lambda: App())
    assert main(["serve", "--port", str(_free_port())]) == 0
    out, err = capsys.readouterr()
    assert "(Ctrl+C to stop)" in out and "Interrupted" not in err


def test_serve_closes_a_silent_connection_and_names_no_server_version(capsys, tmp_path,
                                                                        monkeypatch):
    """Anyone on the network who reaches the port (``--host 0.0.0.0``) could open
    connections and send nothing: the development server kept a thread and a file for each
    for ever (19,990 of them held 19,993 threads and ran it out of files), and each answer
    named its software and versions ("Werkzeug/3.1.9 Python/3.11.7"). The server ``serve``
    runs closes a connection silent for ``IDLE_SECONDS`` and says only "companion"."""
    import socket
    import threading
    import urllib.request

    from flask import Flask
    from werkzeug.serving import WSGIRequestHandler, make_server

    import companion.web
    from companion.cli import serve

    ran: dict[str, object] = {}

    class App:
        def run(self, **kwargs: object) -> None:
            ran.update(kwargs)

    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setattr(companion.web, "create_app", lambda: App())
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.5, raising=False)
    assert main(["serve", "--port", str(_free_port())]) == 0
    capsys.readouterr()
    # the server is made as Flask's run makes it, with the handler serve gives it
    handler = ran.get("request_handler", WSGIRequestHandler)
    assert isinstance(handler, type) and issubclass(handler, WSGIRequestHandler)

    app = Flask("served")
    app.add_url_rule("/", "home", lambda: "served")
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/"
        with urllib.request.urlopen(url, timeout=10) as answer:  # a request is served
            assert answer.read() == b"served"
            assert answer.headers["Server"] == "companion"
        with socket.create_connection(("127.0.0.1", server.server_port)) as silent:
            silent.settimeout(10)  # the server's wait is 0.5 s: this is its failure
            silent.sendall(b"GET / HTTP/1.1\r\n")  # and then nothing
            assert silent.recv(100) == b""  # closed by the server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_port_another_program_listens_on_is_said_in_a_sentence(capsys, tmp_path,
                                                                 monkeypatch):
    # the development server said "Address already in use" and "Port N is in use by another
    # program. ..." after the banner had said it was serving, and ended with status 1
    import socket

    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err == (f"companion: Cannot listen on port {port} of 127.0.0.1: another program "
                   "listens on it (stop that program, or give another --port).\n")
    # it made the instance folder, a secret key and the database first
    assert not (tmp_path / "instance").exists()


def test_an_address_not_on_this_host_is_said_in_a_sentence(capsys, tmp_path, monkeypatch):
    # 192.0.2.1 is kept for documentation, so no host has it: the development server's
    # "Cannot assign requested address" came after the banner, with status 1
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    assert main(["serve", "--host", "192.0.2.1", "--port", "5999"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    # the system's "Cannot assign requested address" came through, after the app had made
    # its instance folder, a secret key and the database
    assert err == ("companion: Cannot listen on port 5999 of 192.0.2.1: this host has no such "
                   "address (give --host 127.0.0.1 for this host alone, or 0.0.0.0 for every "
                   "address it has).\n")
    assert not (tmp_path / "instance").exists()


def test_a_port_kept_for_the_system_is_said_in_a_sentence(capsys, tmp_path, monkeypatch):
    # a user's --port 80: the system's "Permission denied", which names no way out
    import errno
    import socket

    def refused(self: socket.socket, address: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setattr(socket.socket, "bind", refused)
    assert main(["serve", "--port", "80"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "companion: Cannot listen on port 80 of 127.0.0.1: a port below 1024 is for the "
        "system's servers (give a --port from 1024 up, such as 5000).\n")
    assert not (tmp_path / "instance").exists()


def _ctrl_c_as_in_a_terminal() -> None:
    # The tests started in the background of a shell without job control (`make test &` in a
    # script) inherit Ctrl-C ignored, and so would the server, which then never stops: the
    # test is about a terminal's Ctrl-C, so the server starts with the signal's default.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_debug_reloads_but_serves_no_interactive_debugger(tmp_path):
    """``--debug`` was Flask's debug mode: with Werkzeug's interactive debugger, whose
    console, /console, answered anyone who reached the port (with --host 0.0.0.0, every
    phone on the network), behind a PIN alone. It reloads on code changes, and /console is
    a page the app does not have."""
    import os
    import signal
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    port = _free_port()
    env = {**os.environ, "COMPANION_INSTANCE": str(tmp_path / "instance"),
           "COMPANION_SECRET_KEY": "test"}
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--debug",
                               "--port", str(port)], env=env, start_new_session=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              preexec_fn=_ctrl_c_as_in_a_terminal)
    try:
        for _ in range(200):  # the reloader's second process starts the app: up to 20 s
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/console", timeout=5)
        assert refused.value.code == 404
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            out, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            left = subprocess.run(["ps", "-o", "pid,stat,etime,args", "-s", str(server.pid)],
                                  capture_output=True, text=True).stdout
            os.killpg(server.pid, signal.SIGKILL)
            server.communicate()
            pytest.fail(f"Ctrl+C did not stop the server within 20 s; still running:\n{left}")
    assert "Restarting with stat" in out or "reloader" in out.lower(), out  # it reloads
    assert "Debugger is active" not in out, out


@pytest.mark.parametrize(("variable", "value", "said"), [
    # int() of it: a traceback as the app started
    ("COMPANION_PROXY_HOPS", "x", "The setting PROXY_HOPS (COMPANION_PROXY_HOPS) must be a "
     "whole number, 0 or more, not 'x'."),
    ("COMPANION_PROXY_HOPS", "-1", "must be a whole number, 0 or more, not -1."),
    # a variable is read as JSON, so it is repeated as JSON writes it: it said "not True."
    ("COMPANION_PROXY_HOPS", "true", "must be a whole number, 0 or more, not true."),
    ("COMPANION_GIRDLE_SOLVE_SECONDS", "null", "must be a number of seconds above 0, not null."),
    ("COMPANION_JOB_QUEUE", "false", "must be postgres or embedded (or left out: by the "
     "database), not false."),
    # taken as it was, to fail a request later (an upload, a search for par)
    ("COMPANION_MAX_CONTENT_LENGTH", "big", "The setting MAX_CONTENT_LENGTH "
     "(COMPANION_MAX_CONTENT_LENGTH) must be a whole number, 0 or more, not 'big'."),
    ("COMPANION_GIRDLE_SOLVE_SECONDS", "0", "The setting GIRDLE_SOLVE_SECONDS "
     "(COMPANION_GIRDLE_SOLVE_SECONDS) must be a number of seconds above 0, not 0."),
    # a misspelt queue ran the jobs in each app process, a worker left with nothing to run
    ("COMPANION_JOB_QUEUE", "postgress", "The setting JOB_QUEUE (COMPANION_JOB_QUEUE) must "
     "be postgres or embedded (or left out: by the database), not 'postgress'."),
])
@pytest.mark.parametrize("command", [["serve", "--port", "5999"], ["db", "current"]])
def test_a_setting_the_app_cannot_use_stops_the_start_in_a_sentence(
        capsys, tmp_path, monkeypatch, command, variable, value, said):
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv(variable, value)
    assert main(command) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("companion: ") and err.endswith(f"{said}\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize(("variable", "value", "shown"), [
    ("COMPANION_GIRDLE_SOLVE_SECONDS", "1e300", "1e+300"),
    ("COMPANION_GIRDLE_SOLVE_SECONDS", "86401", "86401"),
    ("COMPANION_JUDGE_CLEAR_SECONDS", "10000000000", "10000000000"),
])
def test_a_number_of_seconds_past_a_day_stops_the_start_in_a_sentence(
        capsys, tmp_path, monkeypatch, variable, value, shown):
    """A search for par's safety stop of 1e300 seconds was taken, and every search then
    failed as it started (Python's "timestamp too large to convert to C _PyTime_t")."""
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv(variable, value)
    assert main(["db", "current"]) == 2
    out, err = capsys.readouterr()
    key = variable.removeprefix("COMPANION_")
    assert out == "" and err == (f"companion: The setting {key} ({variable}) must be at most "
                                 f"86,400 seconds (a day), not {shown}.\n")
