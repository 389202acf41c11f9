"""WerdUp positions for renders: games played by the move generator, with some stacks raised
so every height from 1 to 5 turns up."""

from __future__ import annotations

import random

from companion.board import Board
from companion.lexicon import Lexicon
from companion.werdup.game import Game
from companion.werdup.rules import get_rules
from companion.werdup.selfplay import take_turn
from tools.render.scene import MAX_STACK


def played_position(seed: int, lexicon: Lexicon, turns: tuple[int, int] = (4, 12),
                    raise_share: float = 0.55) -> Board:
    """The board after a few turns of a two-player game drawn from ``seed``; then about
    ``raise_share`` of the stacks get a random height 1-5 (the letters stay)."""
    rng = random.Random(seed)
    game = Game.start(["ann", "bob"], get_rules("werdup"), lexicon, rng)
    for _ in range(rng.randint(*turns)):
        if game.over:
            break
        take_turn(game)
    board = game.board.copy()
    for r, c, tile in list(board.squares()):
        if rng.random() < raise_share:
            board.set(r, c, tile, rng.randint(1, MAX_STACK))
    return board
