"""Word Count: score each player's written list for one deal.

A word counts for a player if it is valid for the cards and nobody else wrote it (the most
unique words wins). Words written twice by one player count once. Missed words are the valid
words nobody wrote. A list names no player's role: under a variant with a minimum per player
(Intergenerational) every word is judged for every player, as the judge judges a word
without ``player``, so a word long enough for some players only counts for no list and is
no word missed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.lexicon import Lexicon, default_lexicon, word_letters
from companion.pdq.finder import find_words
from companion.pdq.judge import judge
from companion.pdq.variants import Variant, get_variant


@dataclass
class PlayerList:
    """One player's list, sorted out."""

    player: str
    unique: list[str] = field(default_factory=list)
    shared: list[str] = field(default_factory=list)
    invalid: list[tuple[str, str]] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)

    @property
    def score(self) -> int:
        return len(self.unique)

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "score": self.score,
            "unique": self.unique,
            "shared": self.shared,
            "invalid": [{"word": w, "reason": r} for w, r in self.invalid],
            "repeated": self.repeated,
        }


@dataclass
class WordCountResult:
    """Every player's sorted list, the winners and the words nobody found."""

    cards: str
    players: list[PlayerList]
    missed: list[str]

    @property
    def winners(self) -> list[str]:
        """The players with the most unique words; none when nobody wrote one (a player
        alone, or all, with no word that counts has not won)."""
        best = max((p.score for p in self.players), default=0)
        return [p.player for p in self.players if p.score == best] if best else []

    def to_dict(self) -> dict:
        return {
            "cards": self.cards,
            "players": [p.to_dict() for p in self.players],
            "winners": self.winners,
            "missed": self.missed,
        }


def score_word_count(
    cards: str,
    lists: Mapping[str, Sequence[str]],
    variant: Variant | str = "word-count",
    lexicon: Lexicon | None = None,
    min_length: int | None = None,
) -> WordCountResult:
    """Score ``lists`` (player name -> written words) for ``cards`` under ``variant``."""
    var = get_variant(variant) if isinstance(variant, str) else variant
    lex = lexicon if lexicon is not None else default_lexicon()
    sheets: list[PlayerList] = []
    valid_sets: dict[str, list[str]] = {}
    for player, words in lists.items():
        sheet = PlayerList(player)
        seen: list[str] = []
        for raw in words:
            w = word_letters(raw).lower()  # as the judge reads it: DRUM and ＤＲＵＭ are one
            if not w:
                continue
            if w in seen:
                if w not in sheet.repeated:
                    sheet.repeated.append(w)
                continue
            seen.append(w)
            verdict = judge(w, cards, var, lex, min_length=min_length)
            if verdict.valid:
                valid_sets.setdefault(player, []).append(w)
            else:
                sheet.invalid.append((w, verdict.reason))
        sheets.append(sheet)
    writers = Counter(w for ws in valid_sets.values() for w in ws)
    for sheet in sheets:
        for w in valid_sets.get(sheet.player, []):
            (sheet.unique if writers[w] == 1 else sheet.shared).append(w)
    # the valid words nobody wrote, by the rule the verdicts above follow: judged without a
    # player's role, a word too short for some players (Intergenerational: a child's four
    # letters) is valid for no list, so it is no word missed either
    everything = find_words(cards, var, lex, min_length=min_length if min_length is not None
                            else var.minimum_for_everyone).words
    missed = [w for w in everything if w not in writers]
    return WordCountResult(cards.upper(), sheets, missed)
