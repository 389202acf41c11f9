"""Per-address limits on costly or lasting requests: the one mechanism for all of them.

Each thing limited (a new 3D build, a search for a past day's par, a new game, a turn, a
photo read, a Girdle sheet kept for a new player or day, a new Girdle player id) is an
*action* with a setting in the app's config: how many one client address may do in a window
of time (``BUILDS_PER_HOUR``, ``PAST_SEARCHES_PER_HOUR``, ``GAMES_PER_HOUR``,
``TURNS_PER_MINUTE``, ``PHOTOS_PER_HOUR``, ``SUBMISSIONS_PER_HOUR``, ``PLAYERS_PER_HOUR``).
Each one done is a row in the ``build_requests`` table (named for the first action limited),
so every app server, on any host, counts the same. Past the limit the request is a 429
saying when to try again, with ``Retry-After``.

A client is an address as :func:`client` says: an IPv6 client by its /64, which it may rotate
through at will. :func:`take` adds its row to the request's session without committing: the
row is kept with what the request keeps (the game, the turn, the queued job), and a request
that fails is not counted. Counting and adding are one step: the request holds its client's
lock for the action (on PostgreSQL a transaction-scoped advisory lock, on SQLite the
database's write lock) from before the count until it commits or rolls back, so a burst of
simultaneous requests from one client passes its limit by none.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import math
from dataclasses import dataclass

from flask import current_app, g, has_request_context, request
from sqlalchemy import delete, func, select

from companion.errors import UsageError
from companion.text import counted


@dataclass(frozen=True)
class Limit:
    """An action limited per address: the config setting giving how many, its window, the
    words for one and for several (``new game``, ``new games``) and the refusal's advice."""

    setting: str
    window: dt.timedelta
    one: str
    several: str
    advice: str


BUILD = Limit("BUILDS_PER_HOUR", dt.timedelta(hours=1), "new build", "new builds",
              "the files already built are still there")
PAST_SEARCH = Limit("PAST_SEARCHES_PER_HOUR", dt.timedelta(hours=1),
                    "search for a past day's best sheet", "searches for past days' best sheets",
                    "the days already worked out still show theirs")
GAME = Limit("GAMES_PER_HOUR", dt.timedelta(hours=1), "new game", "new games",
             "the games already started still take turns")
TURN = Limit("TURNS_PER_MINUTE", dt.timedelta(minutes=1), "turn", "turns",
             "nothing was recorded")

PHOTO = Limit("PHOTOS_PER_HOUR", dt.timedelta(hours=1), "photo read", "photos read",
              "the letters can still be typed")

SUBMISSION = Limit("SUBMISSIONS_PER_HOUR", dt.timedelta(hours=1), "new Girdle sheet",
              "new Girdle sheets", "the sheets already kept can still be sent again")
PLAYER = Limit("PLAYERS_PER_HOUR", dt.timedelta(hours=1), "new player id", "new player ids",
               "the ids already given still work")

ACTIONS = {BUILD: "build", PAST_SEARCH: "past-search", GAME: "game", TURN: "turn",
           PHOTO: "photo", SUBMISSION: "submission", PLAYER: "player"}
LONGEST = max(limit.window for limit in ACTIONS)


class TooMany(UsageError):
    """A client address did an action more often than its limit allows (HTTP 429)."""

    status = 429

    def __init__(self, message: str, retry_after: int | None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def client() -> str:
    """Which client is asking, as the limits count it: the request's address (the
    connection's, or under ``PROXY_HOPS`` the one the proxies forwarded), an IPv4 address
    whole, an IPv6 address by its /64 (``2001:db8:5:6::/64``: the addresses a phone takes in
    turn from its network), an IPv4-mapped IPv6 address (``::ffff:192.0.2.7``) as its IPv4
    address, and anything else as it is (64 characters at most); ``local`` outside a
    request."""
    if not has_request_context():
        return "local"
    address = request.remote_addr or "local"
    try:
        ip = ipaddress.ip_address(_without_port(address))
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _without_port(address: str) -> str:
    """``address`` without the port or brackets some proxies write into ``X-Forwarded-For``
    (``192.0.2.7:5678``, ``[2001:db8::1]:443``, ``[2001:db8::1]``); otherwise as it is."""
    if address.startswith("["):
        inside, bracket, _ = address[1:].partition("]")
        return inside if bracket else address
    host, colon, port = address.rpartition(":")
    if colon and "." in host and ":" not in host and port.isdigit():
        return host
    return address


def _wait_words(seconds: int) -> str:
    if seconds < 60:
        return counted(seconds, "second")
    return counted(math.ceil(seconds / 60), "minute")


def _window_words(window: dt.timedelta) -> str:
    return "a minute" if window == dt.timedelta(minutes=1) else "an hour"


def take(limit: Limit) -> None:
    """Count one ``limit`` action for the requesting :func:`client`, or refuse it with
    :class:`TooMany` when the client has done as many as ``limit.setting`` allows in the
    window. The count is added to the current session, kept when the request commits; the
    client's lock for the action is held until the request commits or rolls back, so no other
    request of the client counts that action meanwhile. A request takes it after any row it
    locks (a turn's request, after its game's), so no two requests can each wait for the
    other."""
    from companion.web.db import hold, session
    from companion.web.models import BuildRequest, utc_now

    who = client()
    action = ACTIONS[limit]
    allowed = int(current_app.config[limit.setting])
    if allowed <= 0:
        raise TooMany(f"This server takes no {limit.several}: {limit.advice}.", None)
    now = utc_now()
    since = now - limit.window
    db = session()
    # rows past every window are dropped, but not those another request is dropping (it
    # would wait for that request: SKIP LOCKED, on PostgreSQL). On SQLite this write takes
    # the database's write lock, before the count.
    db.execute(delete(BuildRequest).where(BuildRequest.id.in_(
        select(BuildRequest.id).where(BuildRequest.created < now - LONGEST)
        .with_for_update(skip_locked=True))))
    hold(db, f"{action} {who}")  # no other request of the client counts it meanwhile
    mine = (BuildRequest.client == who, BuildRequest.action == action,
            BuildRequest.created >= since)
    recent, oldest = db.execute(select(func.count(), func.min(BuildRequest.created))
                                .where(*mine)).one()
    if recent >= allowed:
        wait = limit.window if oldest is None else oldest + limit.window - now
        seconds = max(1, math.ceil(wait.total_seconds()))
        g.retry_after = seconds  # the answer's Retry-After, whichever view renders the refusal
        raise TooMany(f"That is {counted(allowed, limit.one, limit.several)} in "
                      f"{_window_words(limit.window)} from here, the most allowed: "
                      f"{limit.advice}; try again in {_wait_words(seconds)}.", seconds)
    db.add(BuildRequest(client=who, action=action, created=now))


def spend(limit: Limit) -> None:
    """:func:`take` one ``limit`` action and commit it at once: for work that costs the
    server as much whether or not the request then succeeds (reading a photo takes seconds
    of processor time, and a photo that cannot be read took them too). The session is
    committed, so call it before the request adds anything of its own."""
    from companion.web.db import session

    take(limit)
    session().commit()
