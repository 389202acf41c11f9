"""Write the example Bug Words game records in tests/data/gcg (engine self-play, seeded).

Run: python scripts/make_bugwords_records.py [FOLDER]   (default tests/data/gcg; the output
is the same on every run, and a test checks that it is the checked-in records byte for byte)

One game is played at a table with the ``points`` challenge rule and a game clock: the players
think for a seeded random time on a made-up clock, and now and then the next player challenges
a (valid) play, which earns its player the bonus.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from companion.bugwords.autoplay import play_out, take_best_turn
from companion.bugwords.game import Game
from companion.bugwords.gcg import record_from_game, write_gcg
from companion.clock import ClockSettings
from companion.lexicon import Lexicon, default_lexicon

GAMES = [
    ("selfplay-2p-seed1.gcg", ["Ann", "Bob"], 1),
    ("selfplay-2p-seed7.gcg", ["Cleo", "Dev"], 7),
    ("selfplay-3p-seed3.gcg", ["Eve", "Finn", "Gus"], 3),
]


CLOCKED = ("selfplay-2p-seed5-clock-points.gcg", ["Hana", "Ivo"], 5)


class MadeUpTime:
    """A time source that moves only when a player is said to think."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def clocked_game(players: list[str], seed: int, lex: Lexicon) -> Game:
    """A game under the points challenge rule on 5-minute banks (so both go over time)."""
    now, thinking = MadeUpTime(), random.Random(seed + 1000)
    game = Game(players, random.Random(seed), clock_settings=ClockSettings(5 * 60, 10),
                now=now)
    game.rules = game.rules.with_settings(challenges="points")
    while not game.over:
        now.t += thinking.randint(5, 50)
        take_best_turn(game, lex)
        if game.history[-1].kind == "place" and thinking.random() < 0.2:
            game.challenge(lex)
    return game


def main(out: Path | None = None) -> None:
    """Write the records into ``out`` (default: the tests' folder)."""
    if out is None:
        out = Path(__file__).resolve().parent.parent / "tests" / "data" / "gcg"
    out.mkdir(parents=True, exist_ok=True)
    lex = default_lexicon()
    for name, players, seed in GAMES:
        game = play_out(Game(players, random.Random(seed)), lex)
        rec = record_from_game(game, title=f"Bug Words self-play, seed {seed}")
        rec.pragmas["lexicon"] = lex.name
        rec.notes.append(
            "Made by scripts/make_bugwords_records.py: every player takes the top-scoring play."
        )
        (out / name).write_text(write_gcg(rec), encoding="utf-8")
        print(name, game.scores)
    name, players, seed = CLOCKED
    game = clocked_game(players, seed, lex)
    rec = record_from_game(game, title=f"Bug Words self-play at a table, seed {seed}")
    rec.pragmas["lexicon"] = lex.name
    rec.notes.append("Made by scripts/make_bugwords_records.py: every player takes the "
                     "top-scoring play; thinking times are seeded, some plays are challenged.")
    (out / name).write_text(write_gcg(rec), encoding="utf-8")
    print(name, game.scores)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
