"""Challenge rules at the table (Bug Words and WerdUp): what a challenge of the last play does.

The rules are data (``companion/data/challenge-rules.tsv``). :meth:`ChallengeRule.resolve`
turns the words of a challenged play that are not in the word list into a
:class:`ChallengeOutcome`: whether the play comes off the board, whether the challenger loses a
turn, and a bonus for the player. The game engines apply an outcome to their state, and
:meth:`ChallengeOutcome.record_lines` says which game-record lines it adds (the lines real GCG
files use: ``--`` for a play taken off, ``(challenge)`` for a bonus, a pass for a lost turn),
so every caller (CLI, web score sheet) applies the same rule the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from companion.datafiles import read_table
from companion.errors import CompanionError, UsageError

if TYPE_CHECKING:
    from companion.lexicon import Lexicon

RULES_FILE = "challenge-rules.tsv"
# Other names a table may use for a rule: the Bug Words rulebook's "expert mode" is a single
# challenge, and "off" / "void" mean the companion judges each play.
ALIASES = {"expert": "single", "off": "none", "void": "none", "five-point": "points"}


class ChallengeError(CompanionError):
    """A challenge that cannot be made (challenges are off, no play to challenge...)."""


@dataclass(frozen=True)
class ChallengeOutcome:
    """What a challenge decided, under ``rule``.

    ``play_stands`` is False when a word was not in the list (``invalid_words``): the play
    comes off and its score is taken back; ``plays_again`` then says whether the same player
    may play another word (or pass) in the same turn, as the WerdUp rulebook allows once,
    or whether the turn is over. For a valid play, ``challenger_loses_turn`` and ``bonus``
    (points to the player) say what the rule gives.
    """

    rule: str
    play_stands: bool
    invalid_words: tuple[str, ...]
    challenger_loses_turn: bool
    bonus: int
    reason: str
    plays_again: bool = False

    def record_lines(self, play_score: int) -> list[tuple[str, str, int]]:
        """The record lines the outcome adds: ``(who, kind, points)``.

        ``who`` is ``player`` (who made the play) or ``challenger``; ``kind`` is
        ``challenged`` (the play taken back, GCG ``--``), ``challenge_bonus`` (GCG
        ``(challenge)``) or ``lost_turn`` (written as a pass when the challenger's turn comes).
        """
        if not self.play_stands:
            return [("player", "challenged", -play_score)]
        lines: list[tuple[str, str, int]] = []
        if self.bonus:
            lines.append(("player", "challenge_bonus", self.bonus))
        if self.challenger_loses_turn:
            lines.append(("challenger", "lost_turn", 0))
        return lines

    def to_dict(self) -> dict:
        return asdict(self) | {"invalid_words": list(self.invalid_words)}


@dataclass(frozen=True)
class ChallengeRule:
    """One challenge rule (a row of the data table)."""

    name: str
    title: str
    judged_at_play: bool
    valid_loses_turn: bool
    valid_bonus: int
    summary: str

    @property
    def allows_challenges(self) -> bool:
        return not self.judged_at_play

    def with_bonus(self, bonus: int) -> ChallengeRule:
        """The rule with another bonus for a valid play (only the ``points`` rule has one)."""
        if not self.valid_bonus:
            raise UsageError(f"the {self.name} challenge rule has no bonus to set")
        if not 1 <= bonus <= 100:
            raise UsageError(f"a challenge bonus is 1 to 100 points, not {bonus}")
        return replace(self, valid_bonus=bonus)

    def at_table(self, players: int) -> ChallengeRule:
        """The rule as a table of ``players`` plays it: only another player can challenge a
        play, so for a player alone the companion judges each play as it is made (``none``)."""
        return self if players >= 2 or self.judged_at_play else challenge_rules()["none"]

    def label(self) -> str:
        """``points 5``, ``double``...: the form records and settings use."""
        return f"{self.name} {self.valid_bonus}" if self.valid_bonus else self.name

    def judge(self, words: Sequence[str], lexicon: Lexicon,
              tries_left: int = 0) -> ChallengeOutcome:
        """The outcome of a challenge of a play that formed ``words``, judged by ``lexicon``
        (for a score sheet that keeps the words, not a whole game); ``tries_left`` as for
        :meth:`resolve`."""
        return self.resolve(list(dict.fromkeys(w for w in words if w not in lexicon)),
                            tries_left)

    def resolve(self, invalid_words: Sequence[str], tries_left: int = 0) -> ChallengeOutcome:
        """The outcome of a challenge of a play whose words not in the list are given.

        ``tries_left`` is how many more plays the game's rules still allow the player in this
        turn after a play challenged off (:func:`tries_left`): with one or more, the player
        plays again or passes; with none, the turn is over."""
        if self.judged_at_play:
            raise ChallengeError(
                "challenges are off at this table: the companion judges each play as it is made"
            )
        bad = tuple(w.upper() for w in invalid_words)
        if bad:
            named = " and ".join(bad) if len(bad) <= 2 else ", ".join(bad)
            verb = "is" if len(bad) == 1 else "are"
            then = ("the same player may play another word or pass" if tries_left > 0
                    else "the turn is over")
            return ChallengeOutcome(
                self.name, False, bad, False, 0,
                f"{named} {verb} not in the word list: the play comes off the board and "
                f"scores nothing, and {then}.",
                plays_again=tries_left > 0,
            )
        if self.valid_loses_turn:
            reason = "The play is valid and stands: the challenger loses their next turn."
        elif self.valid_bonus:
            reason = (f"The play is valid and stands: its player earns {self.valid_bonus} "
                      "points for the challenge.")
        else:
            reason = "The play is valid and stands; the challenger loses nothing."
        return ChallengeOutcome(self.name, True, (), self.valid_loses_turn, self.valid_bonus,
                                reason)


def tries_left(retries: int, taken_back: int) -> int:
    """How many more plays a player may make in this turn after a play challenged off:
    ``retries`` is what the game's rules allow after one (WerdUp's rulebook: 1, so a second
    play challenged off ends the turn; Bug Words: 0), ``taken_back`` how many of the
    player's plays this turn have come off already (the one just challenged included)."""
    return max(0, retries + 1 - taken_back)


def _flag(value: str) -> bool:
    return value.strip().lower() == "yes"


@cache
def challenge_rules() -> dict[str, ChallengeRule]:
    """Every challenge rule, by name, in the table's order."""
    return {
        r["name"]: ChallengeRule(r["name"], r["title"], _flag(r["judged_at_play"]),
                                 _flag(r["valid_loses_turn"]), int(r["valid_bonus"]),
                                 r["summary"])
        for r in read_table(RULES_FILE)
    }


CHALLENGE_RULE_NAMES = ("none", "single", "double", "points")


def get_challenge_rule(text: str) -> ChallengeRule:
    """The rule named by ``text``: ``single``, ``double``, ``none``, ``points`` or
    ``points 10`` (another bonus); the aliases ``expert``, ``off``, ``void`` are accepted."""
    parts = text.strip().lower().replace("_", "-").split()
    if not parts or len(parts) > 2:
        raise UsageError(f"unknown challenge rule {text!r}; choose one of "
                         f"{', '.join(CHALLENGE_RULE_NAMES)}")
    name = ALIASES.get(parts[0], parts[0])
    rules = challenge_rules()
    if name not in rules:
        raise UsageError(f"unknown challenge rule {text!r}; choose one of "
                         f"{', '.join(CHALLENGE_RULE_NAMES)}")
    rule = rules[name]
    if len(parts) == 2:
        negative = parts[1][1:]
        if parts[1].startswith("-") and negative.isascii() and negative.isdigit():
            raise UsageError(f"a challenge bonus is 1 to 100 points, not {parts[1]}")
        if not (parts[1].isascii() and parts[1].isdigit()):
            raise UsageError(f"the challenge bonus {parts[1]!r} should be a whole number")
        rule = rule.with_bonus(int(parts[1]))
    return rule


def challenge_setting(text: str) -> ChallengeRule:
    """The rule a rules file's ``challenges`` setting names; a bad name is a ``ValueError``
    (a broken rules file), not a player's usage error."""
    try:
        return get_challenge_rule(text)
    except UsageError as exc:
        raise ValueError(f"challenges: {exc}") from exc


class ChallengeSetting:
    """For a game's rules dataclass: its ``challenges`` text as a :class:`ChallengeRule`,
    checked when the rules are made (an unknown rule is a ``ValueError``)."""

    challenges: str

    def __post_init__(self) -> None:
        self.challenge_rule  # noqa: B018 - an unknown challenge rule fails here

    @property
    def challenge_rule(self) -> ChallengeRule:
        """The table's challenge rule (``none``: the companion judges each play; ``single``,
        ``double``, ``points [N]``)."""
        return challenge_setting(self.challenges)
