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
through at will. A network is often given more than one /64 (a home a /56, 256 of them, or a
/48) and may move between them, so an IPv6 client is also counted with its /56 and its /48,
each allowed a multiple of every limit (``LIMITS_PER_56``, ``LIMITS_PER_48``):
:func:`counted_as` says every count a request is made under, and an action is taken only
when each of them has room. :func:`take` adds its rows, one a count, to the request's session
without committing: they are kept with what the request keeps (the game, the turn, the queued
job), and a request that fails is not counted. Counting and adding are one step: the request
holds each of its counts' locks for the action (on PostgreSQL a transaction-scoped advisory
lock, on SQLite the database's write lock), always the narrowest first, from before the count
until it commits or rolls back, so a burst of simultaneous requests from one client, or from
the /64s of one network, passes its limits by none.
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


@dataclass(frozen=True)
class Count:
    """A count a request is made under: ``key``, what it counts (``192.0.2.7``,
    ``2001:db8:5:6::/64``, ``2001:db8:5::/56``), and ``times``, how many times each limit it
    allows; ``wider`` for a network counted besides the client itself."""

    key: str
    times: int
    wider: bool = False


# The networks counted besides an IPv6 client's /64, narrowest first, each with the setting
# giving how many times each limit it allows (0: not counted).
WIDER = ((56, "LIMITS_PER_56"), (48, "LIMITS_PER_48"))


def counted_as() -> list[Count]:
    """Every count the request is made under, the client itself first: the request's address
    (the connection's, or under ``PROXY_HOPS`` the one the proxies forwarded), an IPv4
    address whole, an IPv6 address by its /64 (``2001:db8:5:6::/64``: the addresses a phone
    takes in turn from its network) and then its /56 and its /48 (``2001:db8:5::/56``, those
    a home given many /64s moves between) unless their setting in :data:`WIDER` is 0, an
    IPv4-mapped IPv6 address (``::ffff:192.0.2.7``) as its IPv4 address, and anything else as
    it is (64 characters at most); ``local`` outside a request."""
    if not has_request_context():
        return [Count("local", 1)]
    address = request.remote_addr or "local"
    try:
        ip = ipaddress.ip_address(_without_port(address))
    except ValueError:
        return [Count(address[:64], 1)]
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv4Address):
        return [Count(str(ip), 1)]
    counts = [Count(_network(ip, 64), 1)]
    for prefix, setting in WIDER:
        times = int(current_app.config[setting])
        if times:
            counts.append(Count(_network(ip, prefix), times, wider=True))
    return counts


def _network(ip: ipaddress.IPv6Address, prefix: int) -> str:
    """The network of ``prefix`` bits holding ``ip``, as written: ``2001:db8:5::/56``."""
    return str(ipaddress.IPv6Network((int(ip) >> (128 - prefix) << (128 - prefix), prefix)))


def client() -> str:
    """Which client is asking, as the limits count it: the first of :func:`counted_as`."""
    return counted_as()[0].key


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
    """Count one ``limit`` action under each of the request's counts (:func:`counted_as`), or
    refuse it with :class:`TooMany` when one of them has done as many as ``limit.setting``
    allows in the window, times its ``times`` (the refusal names a wider network counted).
    The counts are added to the current session, kept when the request commits; each count's
    lock for the action is held until the request commits or rolls back, so no other request
    counts that action under it meanwhile. A request takes them after any row it locks (a
    turn's request, after its game's), the narrowest first, so no two requests can each wait
    for the other."""
    from companion.web.db import hold, session
    from companion.web.models import BuildRequest, utc_now

    counts = counted_as()
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
    for count in counts:  # narrowest first, in every request: no two wait for each other
        hold(db, f"{action} {count.key}")  # no other request counts it meanwhile
    recent = {key: (n, oldest) for key, n, oldest in db.execute(
        select(BuildRequest.client, func.count(), func.min(BuildRequest.created))
        .where(BuildRequest.client.in_([count.key for count in counts]),
               BuildRequest.action == action, BuildRequest.created >= since)
        .group_by(BuildRequest.client))}
    full = [(count, recent[count.key][1]) for count in counts
            if count.key in recent and recent[count.key][0] >= allowed * count.times]
    if full:
        waits = [(max(1, math.ceil((oldest + limit.window - now).total_seconds())), count)
                 for count, oldest in full]
        seconds, count = max(waits, key=lambda wait: wait[0])  # when every count has room
        g.retry_after = seconds  # the answer's Retry-After, whichever view renders the refusal
        most = allowed * count.times
        where = f"your network ({count.key})" if count.wider else "here"
        raise TooMany(f"That is {counted(most, limit.one, limit.several)} in "
                      f"{_window_words(limit.window)} from {where}, the most allowed: "
                      f"{limit.advice}; try again in {_wait_words(seconds)}.", seconds)
    db.add_all(BuildRequest(client=count.key, action=action, created=now) for count in counts)


def spend(limit: Limit) -> None:
    """:func:`take` one ``limit`` action and commit it at once: for work that costs the
    server as much whether or not the request then succeeds (reading a photo takes seconds
    of processor time, and a photo that cannot be read took them too). The session is
    committed, so call it before the request adds anything of its own."""
    from companion.web.db import session

    take(limit)
    session().commit()
