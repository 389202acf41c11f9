"""Playing whole games with the move generator (for demonstrations, tests and benchmarks)."""

from __future__ import annotations

from companion.werdup.game import Game
from companion.werdup.movegen import generate_plays

# Tiles that are hardest to play, swapped first when there is no play.
HARD_TILES = frozenset({"J", "K", "Qu", "V", "X", "Z"})


def take_turn(game: Game) -> str:
    """The player to move makes the best-scoring play, else swaps their worst tile, else passes.

    Returns ``"play"``, ``"swap"`` or ``"pass"``.
    """
    rack = game.rack()
    plays = generate_plays(game.board, rack, game.rules, game.lexicon)
    if plays:
        game.play(plays[0].placements)
        return "play"
    if not game.rules.swap_refusal(len(game.bag)):
        game.swap(max(rack, key=lambda t: (t in HARD_TILES, t)))
        return "swap"
    game.pass_turn()
    return "pass"


def play_out(game: Game, max_turns: int = 500) -> Game:
    """Play until the game ends (including when no one can play)."""
    for _ in range(max_turns):
        if game.over:
            break
        take_turn(game)
        if not game.over and not game.bag and game.passes_in_a_row:
            game.end_if_blocked()
    return game
