"""Web benchmark: the time to show a score-sheet game, by its number of turns.

    PYTHONPATH=. .venv/bin/python bench/web_sheet_views.py [--sizes 10,50,100,200]
                                                           [--views 30] [--games 20]
                                                           [--list-turns 200]
                                                           [--game werdup,bugwords]
                                                           [--profile bugwords:200]

For each game (WerdUp, Bug Words) and size, a game of two players with that many turns is
recorded in a throwaway SQLite database as the turns API records each turn
(:func:`companion.web.table_rules.record_turn`): the plays of a game the move generator plays
out (each typed as its notation, so the engine scores it and the sheet knows its tiles),
stopped before its last play, then plays typed as words and a score with a pass after every
third turn, as a long game typed at the table has them. Then each view of it is asked for
``--views`` times through Flask's test client, with the table link:

- ``sheet``: the score sheet's page, ``GET /games/<key>``;
- ``print``: its printable sheet, ``GET /games/<key>/print``;
- ``api``: the game as JSON, ``GET /api/games/<key>``.

It prints each view's median wall time and median process time (the server's own work: this
process is the server) in ms, and of the process time, the parts every view of the game
spends: reading the game's players and turns (``read``), its rows with their running totals
(``rows``), and working out from the turns by the game's rules what the sheet shows
(``rules``: over or not, who is to move, the tiles held, the play open to a challenge;
:func:`worked_out`). Last, the list of games, the Score page ``GET /games`` with
``--games`` games (of the largest size, or ``--list-turns``) remembered by the browser (20,
the most its cookie keeps, ``companion.web.games.REMEMBERED``; more are put in its cookie
by hand); the page reads no game's turns. There is no ``GET /api/games``: the API lists no
games (405). ``--profile GAME:N`` prints where the views of that game of N turns spend their
time instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import tempfile
import time

VIEWS = {"sheet": "/games/{key}", "print": "/games/{key}/print", "api": "/api/games/{key}"}


def engine_turns(kind: str, players: int, seed: int) -> list[dict]:
    """The turns of a game the move generator plays out for ``players``, as the turns API
    takes them (a play as its notation, a swap or a pass), its last play left out (it ends
    the game)."""
    from companion.lexicon import default_lexicon

    lexicon = default_lexicon()
    names = [f"p{i}" for i in range(players)]
    turns: list[dict] = []
    if kind == "bugwords":
        from companion.bugwords.autoplay import play_out as bug_play_out
        from companion.bugwords.game import Game as BugGame

        bug = bug_play_out(BugGame(names, random.Random(seed)), lexicon)
        for t in bug.history:
            if t.kind == "place":
                turns.append({"play": f"{t.position} {t.word}"})
            elif t.kind in ("exchange", "pass"):
                turns.append({"action": "swap" if t.kind == "exchange" else "pass"})
    else:
        from companion.werdup.game import Game as WerdUpGame
        from companion.werdup.game import Play, Swap
        from companion.werdup.rules import get_rules
        from companion.werdup.selfplay import play_out

        werdup = play_out(WerdUpGame.start(names, get_rules(), lexicon, random.Random(seed)))
        for w in werdup.history:
            if isinstance(w.move, Play):
                turns.append({"play": w.notation})
            else:
                turns.append({"action": "swap" if isinstance(w.move, Swap) else "pass"})
    while turns and "play" not in turns[-1]:
        turns.pop()
    return turns[:-1]


def recorded_game(app, kind: str, size: int, seed: int = 3) -> str:
    """A new game of ``kind`` for two players with ``size`` turns recorded as the turns API
    records them (:func:`engine_turns`, then words and a score with a pass after every third
    turn), in one transaction; its table key."""
    from companion.web import scoresheet as sheet
    from companion.web import table_rules
    from companion.web.db import sessions
    from companion.web.wordlist import lexicon

    played = engine_turns(kind, 2, seed)
    with app.app_context():
        db = sessions(app)()
        try:
            game = sheet.create_game(db, kind, ["Ann", "Bob"])
            table_rules.apply_settings(game, {})
            for i in range(size):
                if played:
                    turn = played.pop(0)
                elif i % 3 == 2:
                    turn = {"action": "pass"}
                else:
                    turn = {"words": "QI", "score": 11 + i % 7}
                fields = {"seat": None, "action": "play", "lexicon": lexicon()} | turn
                table_rules.record_turn(db, game, fields, 0.0)
            if len(game.turns) != size:
                raise SystemExit(f"{kind}: {len(game.turns)} turns recorded, not {size}")
            db.commit()
            return str(game.table_key)
        finally:
            db.close()


def timed(client, path: str, views: int, profile: cProfile.Profile | None = None
          ) -> tuple[float, float]:
    """The median wall and process time in ms of ``views`` GETs of ``path``."""
    wall, cpu = [], []
    for _ in range(views):
        if profile is not None:
            profile.enable()
        w0, c0 = time.perf_counter(), time.process_time()
        resp = client.get(path)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        if profile is not None:
            profile.disable()
        if resp.status_code != 200:
            raise SystemExit(f"GET {path}: {resp.status_code} {resp.get_data(as_text=True)}")
    return statistics.median(wall), statistics.median(cpu)


def worked_out(app, key: str, views: int) -> tuple[float, float, float]:
    """The median process time in ms of reading the game ``key`` with its players and turns
    (as each view does: :func:`companion.web.scoresheet.get_game`), of its rows with their
    running totals, and of what the score sheet works out from its turns by the game's
    rules: whether the game is over, who is to move, the tiles each player holds, the play
    open to a challenge."""
    from companion.web import scoresheet as sheet
    from companion.web import table_rules
    from companion.web.db import sessions

    load, rows, rules = [], [], []
    with app.app_context():
        db = sessions(app)()
        try:
            for _ in range(views):
                c0 = time.process_time()
                game = sheet.get_game(db, key)  # read again: nothing worked out is kept
                c1 = time.process_time()
                sheet.running(game), sheet.totals(game)
                c2 = time.process_time()
                sheet.game_over(game), sheet.to_move(game), sheet.tiles_held(game)
                sheet.racks_hold(game), table_rules.open_play(game)
                rules.append((time.process_time() - c2) * 1000)
                rows.append((c2 - c1) * 1000)
                load.append((c1 - c0) * 1000)
                db.rollback()
        finally:
            db.close()
    return statistics.median(load), statistics.median(rows), statistics.median(rules)


def games_list(app, client, kind: str, size: int, count: int, views: int) -> None:
    """The Score page with ``count`` games of ``size`` turns remembered by the browser."""
    keys = [recorded_game(app, kind, size, seed) for seed in range(count)]
    with client.session_transaction() as cookie:
        cookie["games"] = keys
    wall, cpu = timed(client, "/games", views)
    print(f"GET /games, {count} {kind} games of {size} turns remembered: "
          f"median {wall:6.2f} ms wall, {cpu:6.2f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,50,100,200", help="the games' turns, by commas")
    parser.add_argument("--views", type=int, default=30, help="GETs of each view")
    parser.add_argument("--games", type=int, default=20, help="games on the Score page's list")
    parser.add_argument("--list-turns", type=int, default=None,
                        help="the turns of each game listed (default: the largest size)")
    parser.add_argument("--game", default="werdup,bugwords", help="werdup, bugwords or both")
    parser.add_argument("--profile", default=None, help="GAME:N, e.g. bugwords:200")
    parser.add_argument("--sort", default="cumulative", help="the profile's order")
    args = parser.parse_args()
    from companion.web import create_app

    kinds = args.game.split(",")
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.profile:
        kind, size = args.profile.split(":")
        kinds, sizes = [kind], [int(size)]
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"SECRET_KEY": "bench"}, instance_path=instance)
        client = app.test_client()
        for kind in kinds:  # warm up: imports, templates, caches
            key = recorded_game(app, kind, 5)
            for path in VIEWS.values():
                timed(client, path.format(key=key), 3)
        print(f"median time per view over {args.views} views, ms wall / ms CPU "
              "(Flask's test client, SQLite)")
        for kind in kinds:
            for size in sizes:
                key = recorded_game(app, kind, size)
                profile = cProfile.Profile() if args.profile else None
                figures = [timed(client, path.format(key=key), args.views, profile)
                           for path in VIEWS.values()]
                said = "  ".join(f"{name} {wall:6.2f} / {cpu:6.2f}"
                                 for name, (wall, cpu) in zip(VIEWS, figures, strict=True))
                load, rows, rules = worked_out(app, key, args.views)
                print(f"{kind:8s} {size:4d} turns: {said}   (CPU: read {load:5.2f}, "
                      f"rows {rows:5.2f}, rules {rules:5.2f})")
                if profile is not None:
                    pstats.Stats(profile).sort_stats(args.sort).print_stats(40)
        if not args.profile:
            games_list(app, client, kinds[-1], args.list_turns or max(sizes), args.games,
                       args.views)


if __name__ == "__main__":
    main()
