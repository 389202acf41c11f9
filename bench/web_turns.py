"""Web benchmark: the server's CPU time to post one turn to a long score-sheet game.

    PYTHONPATH=. .venv/bin/python bench/web_turns.py [--sizes 50,100,200] [--posts 30]
                                                     [--game werdup] [--profile 200]
                                                     [--sort tottime]

For each size, a WerdUp (or Bug Words) game of that many turns (words and a score, the
players in turn) is recorded in a throwaway SQLite database as the turns API records each
turn (:func:`companion.web.table_rules.record_turn`); then one more turn is posted to the
turns API (``POST /api/games/<key>/turns``) through Flask's test client, ``--posts`` times,
each taken back (not timed) so that the game keeps its size. It prints the median and the
90th percentile of the process time a post takes (this process is the server: its CPU time
is the server's work, whatever else the machine is doing). ``--profile N`` prints cProfile's
top functions for the posts to the game of N turns instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import tempfile
import time


def recorded_game(app, kind: str, turns: int) -> str:
    """A new game of ``kind`` for two players with ``turns`` turns recorded as the turns API
    records them, in one transaction; its table key."""
    from companion.web import scoresheet as sheet
    from companion.web import table_rules
    from companion.web.db import sessions
    from companion.web.wordlist import lexicon

    with app.app_context():
        db = sessions(app)()
        try:
            game = sheet.create_game(db, kind, ["Ann", "Bob"])
            for i in range(turns):  # words typed without challenges: the list judges them
                table_rules.record_turn(db, game, {"seat": None, "action": "play",
                                                   "words": "QUIZ", "score": 10 + i % 7,
                                                   "lexicon": lexicon()}, 0.0)
            db.commit()
            return str(game.table_key)
        finally:
            db.close()


def post_turns(client, key: str, posts: int, profile: cProfile.Profile | None = None
               ) -> list[float]:
    """CPU ms of each of ``posts`` turns posted to the game ``key`` (each taken back after)."""
    spent = []
    for i in range(posts):
        if profile is not None:
            profile.enable()
        t0 = time.process_time()
        resp = client.post(f"/api/games/{key}/turns", json={"words": "JINX", "score": 20 + i})
        spent.append((time.process_time() - t0) * 1000)
        if profile is not None:
            profile.disable()
        if resp.status_code != 201:
            raise SystemExit(f"the turn was refused: {resp.get_data(as_text=True)}")
        back = client.post(f"/api/games/{key}/undo", json={"version": resp.get_json()["version"]})
        if back.status_code != 200:
            raise SystemExit(f"the turn was not taken back: {back.get_data(as_text=True)}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200", help="the games' turns, by commas")
    parser.add_argument("--posts", type=int, default=30, help="turns posted to each game")
    parser.add_argument("--game", default="werdup", choices=["werdup", "bugwords"])
    parser.add_argument("--sort", default="cumulative",
                        help="the profile's order (cumulative, tottime)")
    parser.add_argument("--profile", type=int, default=None,
                        help="profile the posts to a game of this many turns")
    args = parser.parse_args()
    from companion.web import create_app

    sizes = [args.profile] if args.profile else [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"SECRET_KEY": "bench", "TURNS_PER_MINUTE": 1_000_000},
                         instance_path=instance)
        client = app.test_client()
        post_turns(client, recorded_game(app, args.game, 5), 5)  # warm up: imports, caches
        print(f"{args.game}: CPU time to post one turn through the turns API "
              f"({args.posts} posts a size, SQLite)")
        for size in sizes:
            key = recorded_game(app, args.game, size)
            profile = cProfile.Profile(time.process_time) if args.profile else None
            ms = post_turns(client, key, args.posts, profile)
            print(f"{size:4d} turns: median {statistics.median(ms):6.2f} ms, "
                  f"p90 {statistics.quantiles(ms, n=10)[-1]:6.2f} ms")
            if profile is not None:
                pstats.Stats(profile).sort_stats(args.sort).print_stats(40)


if __name__ == "__main__":
    main()
