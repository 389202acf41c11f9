"""Settling a round when several players shout at once: the longest valid word wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.lexicon import Lexicon
from companion.pdq.judge import Judgement, a_role, judge
from companion.pdq.variants import DEFAULT_VARIANT, Variant
from companion.text import counted


@dataclass
class TieResult:
    """The shouted words judged, the winning word(s), and a sentence for the table."""

    judgements: list[Judgement]
    winners: list[str]
    outcome: str

    def to_dict(self) -> dict:
        return {
            "judgements": [j.to_dict() for j in self.judgements],
            "winners": self.winners,
            "outcome": self.outcome,
        }


def settle_tie(
    words: Sequence[str],
    cards: str,
    variant: Variant | str = DEFAULT_VARIANT,
    lexicon: Lexicon | None = None,
    min_length: int | None = None,
) -> TieResult:
    """Judge words shouted at the same moment; the longest valid word wins the cards.

    ``words`` holds one word per player. Valid words of the same greatest length tie (the same
    word shouted by two players too): the rulebook sets the cards aside and deals three new
    ones that only the tied players may play for.
    """
    judged = [judge(w, cards, variant, lexicon, min_length=min_length) for w in words]
    valid = [j for j in judged if j.valid]
    some = [j for j in judged if j.valid_for]
    if not valid and some:
        # Intergenerational: who said a word decides whether it counts, and a tie is not told
        counts = "; ".join(f"{j.word} counts only if "
                           f"{' or '.join(a_role(r) for r in j.valid_for)} said it" for j in some)
        return TieResult(judged, [], f"No word shouted is valid for every player: {counts}.")
    if not valid:
        return TieResult(judged, [], "No valid word was shouted: play on with the same cards.")
    longest = max(len(j.word) for j in valid)
    # one word per player: two players shouting the same word tie as any equal lengths do
    winners = [j.word for j in valid if len(j.word) == longest]
    if len(winners) == 1:
        outcome = (f"{winners[0]} wins the cards: the longest valid word "
                   f"({counted(longest, 'letter')}).")
    elif len(set(winners)) == 1:
        outcome = (
            f"Tie: {counted(len(winners), 'player')} shouted {winners[0]} "
            f"({counted(longest, 'letter')}): set the cards aside and deal new cards for the "
            "tied players only; the winner also takes the set-aside cards."
        )
    else:
        outcome = (
            f"Tie between {', '.join(winners)} ({counted(longest, 'letter')} each): set the cards "
            "aside and deal new cards for the tied players only; the winner also takes the "
            "set-aside cards."
        )
    return TieResult(judged, winners, outcome)
