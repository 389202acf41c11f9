"""``companion serve``: run the web app with Flask's development server."""

from __future__ import annotations

import argparse
import errno
import socket

from companion.cli.common import whole_number

# How long the development server waits for the next byte of a request (or for its client to
# take the answer) before it closes the connection. A connection left open without a word kept
# a thread and a file of the server's for ever, so anyone on the network who could reach the
# port could hold thousands of them (19,990 idle connections held 19,993 threads and ran the
# server out of files); a phone sending a photo on a slow network sends a byte far sooner.
IDLE_SECONDS = 30


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "serve", help="serve the web app (development server)",
        description="Serve the web app (the game tables, the judge, the Word Girdle pages, "
        "the print shop) with Flask's development server, for one table at home; behind a "
        "real web server run gunicorn instead (docs/web.md). It listens on 127.0.0.1:5000 "
        "unless --host and --port say otherwise (--host 0.0.0.0 lets phones on the same "
        "network in), and keeps its data in DATABASE_URL, by default SQLite in the instance "
        "folder. Exit status: 0 once stopped (Ctrl+C), 2 bad usage, a port it cannot listen "
        "on or a DATABASE_URL it cannot use, 1 a database that does not answer.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=whole_number, default=5000, help="port (default 5000)")
    p.add_argument("--debug", action="store_true",
                   help="reload on code changes (no interactive debugger: it would answer "
                   "anyone who can reach the port)")
    p.set_defaults(func=run, ctrl_c_stops=True)  # the server's stop, not an interruption


def run(args: argparse.Namespace) -> int:
    from companion.cli.common import database_errors
    from companion.errors import UsageError
    from companion.text import number_shown, quoted
    from companion.web import create_app

    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port must be 1 to 65535, not {number_shown(args.port)}")
    try:  # before the app starts and says it is serving
        socket.getaddrinfo(args.host, args.port)
    except (socket.gaierror, UnicodeError) as exc:
        raise UsageError(f"--host {quoted(args.host)} is not an address to listen on "
                         f"({getattr(exc, 'strerror', None) or exc})") from exc
    _check_port(args.host, args.port)  # before the app makes its folder, key and database
    with database_errors():
        app = create_app()
    print(f"companion: serving on http://{args.host}:{args.port}/ (Ctrl+C to stop)")
    try:
        # never Werkzeug's interactive debugger: with --host 0.0.0.0 its console, /console,
        # answered every phone on the network, behind a PIN alone
        app.run(host=args.host, port=args.port, debug=args.debug, use_debugger=False,
                request_handler=_handler())
    except KeyboardInterrupt:  # Ctrl-C once listening but before the server's loop took it
        pass                   # (the port already answers): the same stop
    return 0


def _handler() -> type:
    """The development server's handler of a connection: it closes one that has sent nothing
    for :data:`IDLE_SECONDS`, and its answers name no server software or version, as under
    gunicorn (``Server: companion``, where it said "Werkzeug/3.1.9 Python/3.11.7" to anyone
    on the network)."""
    from werkzeug.serving import WSGIRequestHandler

    class Handler(WSGIRequestHandler):
        timeout = IDLE_SECONDS  # set on the connection as it is taken (socketserver)
        server_version = "companion"  # Werkzeug's name and version, and the environ's

        def version_string(self) -> str:
            return "companion"  # without Python's version after it

    return Handler


def _check_port(host: str, port: int) -> None:
    """Refuse, in a sentence, a port this host cannot listen on (another program's, or one
    below 1024 for a user), before saying the app is serving: the development server
    said "Address already in use" and the same in its own words, after the banner, and
    ended with status 1. The reloader's second process (``--debug``) is handed the port
    its first one holds, so only the first looks. It looks before the app is made, so a
    port refused leaves no instance folder, key or database behind."""
    from werkzeug.serving import get_sockaddr, is_running_from_reloader, select_address_family

    from companion.errors import UsageError

    if is_running_from_reloader():
        return
    family = select_address_family(host, port)  # the address the server binds, as it does
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
        try:
            probe.bind(get_sockaddr(host, port, family))
        except OSError as exc:
            causes = {
                errno.EADDRINUSE: "another program listens on it (stop that program, or give "
                                  "another --port)",
                # the system's "Cannot assign requested address"
                errno.EADDRNOTAVAIL: "this host has no such address (give --host 127.0.0.1 "
                                     "for this host alone, or 0.0.0.0 for every address it "
                                     "has)",
                # the system's "Permission denied"
                errno.EACCES: "a port below 1024 is for the system's servers (give a --port "
                              "from 1024 up, such as 5000)",
            }
            cause = causes.get(exc.errno or 0) or exc.strerror or str(exc)
            raise UsageError(f"cannot listen on port {port} of {host}: {cause}") from None
