"""Playing a whole game with the move generator (each player takes the best-scoring play).

Used to make example game records and benchmark positions.
"""

from __future__ import annotations

from companion.bugwords.game import Game
from companion.bugwords.movegen import generate_moves
from companion.lexicon import Lexicon


def take_best_turn(game: Game, lexicon: Lexicon) -> None:
    """The current player plays the top-scoring play; with none, exchanges all or passes."""
    moves = generate_moves(game.board, game.rack_text(), lexicon, game.rules)
    if moves:
        best = moves[0]
        game.play(best.position, best.record_word)
    elif not game.rules.swap_refusal(len(game.bag)):
        game.exchange(game.rack_text())
    else:
        game.pass_turn()


def play_out(game: Game, lexicon: Lexicon, max_turns: int = 200, stop_after: int = 0) -> Game:
    """Take best turns until the game ends (or after ``stop_after`` turns when it is > 0)."""
    turns = 0
    while not game.over and turns < max_turns and (stop_after <= 0 or turns < stop_after):
        take_best_turn(game, lexicon)
        turns += 1
    return game
