"""Write the example Bug Words game records in tests/data/gcg (engine self-play, seeded).

Run: python scripts/make_bugwords_records.py   (the output is the same on every run)
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.bugwords.autoplay import play_out
from companion.bugwords.game import Game
from companion.bugwords.gcg import record_from_game, write_gcg
from companion.lexicon import default_lexicon

GAMES = [
    ("selfplay-2p-seed1.gcg", ["Ann", "Bob"], 1),
    ("selfplay-2p-seed7.gcg", ["Cleo", "Dev"], 7),
    ("selfplay-3p-seed3.gcg", ["Eve", "Finn", "Gus"], 3),
]


def main() -> None:
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


if __name__ == "__main__":
    main()
