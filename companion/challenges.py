"""Challenge rules at the table (Bug Words and WerdUp): what a challenge of the last play does.

The rules are data (``companion/data/challenge-rules.tsv``). :meth:`ChallengeRule.resolve`
turns the words of a challenged play that are not in the word list into a
:class:`ChallengeOutcome`: whether the play comes off the board, whether the challenger loses a
turn, and a bonus for the player. The game engines apply an outcome to their state, and
:meth:`ChallengeOutcome.record_lines` says which game-record lines it adds (the lines real GCG
files use: ``--`` for a play taken off, ``(challenge)`` for a bonus, a pass for a lost turn,
marked by the note after it: :func:`lost_turn_mark`),
so every caller (CLI, web score sheet) applies the same rule the same way.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from companion.datafiles import read_table
from companion.decimals import whole_from
from companion.errors import CompanionError, UsageError
from companion.text import counted, listed, number_shown, quoted, sentence, shown

if TYPE_CHECKING:
    from companion.lexicon import Lexicon

RULES_FILE = "challenge-rules.tsv"
# Other names a table may use for a rule: the Bug Words rulebook's "expert mode" is a single
# challenge, and "off" / "void" mean the companion judges each play.
ALIASES = {"expert": "single", "off": "none", "void": "none", "five-point": "points"}


# Why no play can be challenged under a rule where the companion judges every play (``none``)
CHALLENGES_OFF = "challenges are off at this table: the companion judges each play as it is made"


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

    @property
    def called(self) -> str:
        """The rule as a sentence names it: "the single challenge rule"; "the rule of no
        challenges" for ``none`` (not "the none challenge rule")."""
        return ("the rule of no challenges" if self.name == "none"
                else f"the {self.name} challenge rule")

    def bonus_note(self) -> str:
        """The note beside a record's challenge-bonus line, in both games' replays: the rule
        that gives it ("by the points 5 challenge rule"), or that the rule gives none."""
        if self.valid_bonus:
            return f"by the {self.label()} challenge rule"
        return f"a challenge bonus, but {self.called} has none"

    def with_bonus(self, bonus: int) -> ChallengeRule:
        """The rule with another bonus for a valid play (only the ``points`` rule has one)."""
        if not self.valid_bonus:
            raise UsageError(f"{self.called} has no bonus to set")
        if not 1 <= bonus <= 100:
            raise UsageError(f"a challenge bonus is 1 to 100 points, not {number_shown(bonus)}")
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
                            lexicon, tries_left)

    def resolve(self, invalid_words: Sequence[str], lexicon: Lexicon,
                tries_left: int = 0) -> ChallengeOutcome:
        """The outcome of a challenge of a play whose words not in ``lexicon`` (the list
        the play is judged by, named in the reason) are given.

        ``tries_left`` is how many more plays the game's rules still allow the player in this
        turn after a play challenged off (:func:`tries_left`): with one or more, the player
        plays again or passes; with none, the turn is over."""
        if self.judged_at_play:
            raise ChallengeError(CHALLENGES_OFF)
        bad = tuple(w.upper() for w in invalid_words)
        if bad:
            # here, not at the top: the rules modules import this one, and the printables'
            # sheet layouts read the rules without loading the word list's numpy
            from companion.lexicon.reasons import missing_reason

            then = ("the same player may play another word or pass" if tries_left > 0
                    else "the turn is over")
            return ChallengeOutcome(
                self.name, False, bad, False, 0,
                f"{sentence(missing_reason(bad, lexicon))} The play comes off the board and "
                f"scores nothing, and {then}.",
                plays_again=tries_left > 0,
            )
        if self.valid_loses_turn:
            reason = "The play is valid and stands: the challenger loses their next turn."
        elif self.valid_bonus:
            reason = ("The play is valid and stands: its player earns "
                      f"{counted(self.valid_bonus, 'point')} for the challenge.")
        else:
            reason = "The play is valid and stands; the challenger loses nothing."
        return ChallengeOutcome(self.name, True, (), self.valid_loses_turn, self.valid_bonus,
                                reason)


# How long a play stays open to a challenge (a game's rules say which): until another word is
# played, so passes and swaps keep it open (the WerdUp rulebook: "it must be challenged before
# another word is played on the board"), or until the next turn of any kind (Bug Words).
NEXT_WORD, NEXT_TURN = "next_word", "next_turn"
CHALLENGE_WINDOWS = (NEXT_WORD, NEXT_TURN)


# The end of a game by passes (WerdUp): once every player still moving has passed in a row the
# game is over, and nothing more can be challenged (a word a pass kept open included). The
# engine, replay and the web score sheet all count the run with :class:`PassRun`.
EVERY_PLAYER_PASSED = "every player passed in a row"


@dataclass
class PassRun:
    """Passes in a row: a pass counts, for the player who passed; a play or a swap starts
    the count again; a turn lost to a challenge (the pass recorded for a challenger under
    ``double``) and a challenge's own lines (a play taken back, a bonus) neither count nor
    break the run, as the engines count them. Since a lost turn passes a player over, the
    run ends the game only once each player has passed, not after as many passes as there
    are players."""

    passes: int = 0
    passed: Counter[str] = field(default_factory=Counter)  # passes in the run, by player
    unnamed: bool = False  # a pass whose player is not known counts only in ``passes``

    def add(self, kind: str, player: str = "") -> None:
        """One more turn of ``kind`` by ``player`` (``""``: not known): ``pass``, ``play``,
        ``swap``, or anything else (``lost_turn``, ``challenged``, ``challenge_bonus``,
        ``time``...)."""
        if kind == "pass":
            self.passes += 1
            if player:
                self.passed[player] += 1
            else:
                self.unnamed = True
        elif kind in ("play", "swap"):
            self.passes, self.unnamed = 0, False
            self.passed.clear()

    def ends_game(self, moving: int | Collection[str], rounds: int = 1) -> bool:
        """Whether every one of the ``moving`` players (those still holding tiles, by name;
        a record or a score sheet that does not know the racks names every player) has
        passed ``rounds`` times in the run (WerdUp: once; Bug Words: twice). Given only how
        many players are moving, or with a pass whose player is not known, it counts the
        passes instead."""
        if isinstance(moving, int) or self.unnamed:
            count = moving if isinstance(moving, int) else len(moving)
            return count > 0 and self.passes >= count * rounds
        return bool(moving) and all(self.passed[p] >= rounds for p in moving)


def passes_reason(rounds: int = 1) -> str:
    """Why a game ended by passes: every player passed ``rounds`` times in a row."""
    times = {1: "", 2: " twice"}.get(rounds, f" {counted(rounds, 'time')}")
    return f"every player passed{times} in a row"


RACKS_COUNTED = "the tiles left on the racks have been counted"


# What a challenge did to a turn, in the words every list of turns gives it: the command
# line's replays (WerdUp's and Bug Words') and the web score sheet with its printable copy.
BONUS_WORDS = "challenge bonus"  # a valid play's bonus under the ``points`` rule
CHALLENGED_OFF = "challenged off"  # a play taken off the board (GCG ``--``)
LOST_TURN = "turn lost to a challenge"  # the challenger's turn, under ``double``


def challenge_bonus(points: int) -> str:
    """A valid play's challenge bonus with its points, as the web score sheet writes it beside
    the play ("challenge bonus +5"); the command line's replays give the words alone
    (:data:`BONUS_WORDS`), the points having a column of their own."""
    return f"{BONUS_WORDS} {points:+d}"


# A turn lost to a challenge (a valid play challenged under ``double``) has no line of its own
# in GCG: records write a pass for it and mark the pass with a note after it, ``#note Lost
# turn to a challenge of 8D WORD`` (WerdUp's records and Bug Words' alike), which another
# GCG reader keeps as a comment. Woogles' records mark it ``#note #unsuccessful-challenge``.
LOST_TURN_MARK = "Lost turn to a challenge"
_LOST_TURN_MARKS = re.compile(r"lost turn to a challenge(?: of (.+))?|#unsuccessful-challenge",
                              re.IGNORECASE)


def record_rule(named: str | None, has_bonus_lines: bool,
                default: ChallengeRule) -> ChallengeRule:
    """The challenge rule a game record was played under, Bug Words' and WerdUp's alike: its
    ``#note ChallengeRule:`` line (``named``), else ``points`` (5) when it has challenge-bonus
    lines (GCG ``(challenge)``), which no other rule gives, else ``default`` (the rules' own).
    WerdUp's replay took ``none`` for a record with bonus lines and no note, and called every
    bonus wrong."""
    if named:
        return get_challenge_rule(named)
    if has_bonus_lines:
        return get_challenge_rule("points")
    return default


def lost_turn_mark(challenged: str = "") -> str:
    """The note that marks the pass before it as a turn lost to a challenge of the play
    ``challenged`` (its notation, ``8D WORD``; empty when not known)."""
    return LOST_TURN_MARK + (f" of {challenged}" if challenged else "")


def read_lost_turn_mark(note: str) -> str | None:
    """The play a lost-turn mark (:func:`lost_turn_mark`) names, ``""`` when it names none;
    None when ``note`` is no such mark."""
    m = _LOST_TURN_MARKS.fullmatch(note.strip())
    if m is None:
        return None
    return (m.group(1) or "").strip()


def no_more_moves(reason: str) -> str:
    """What a record's replay says of a move after the game ended for ``reason``."""
    return f"the game is over ({reason}): no more moves"


def game_over_refusal(reason: str) -> str:
    """The sentence refusing a challenge once the game is over for ``reason``."""
    return f"The game is over ({reason}): its plays can no longer be challenged."


def default_challenger(seats: int, player: int, to_move: int) -> int:
    """The seat that challenges a play when the table names none: the player to move (the
    next player; after passes or swaps that kept the play open, whoever's turn it now is),
    unless that is the seat ``player`` that made the play, then the seat after it. Under a
    rule where a valid play costs the challenger a turn, it is the challenger's own next
    turn that is lost: at once when they are to move, else when their turn comes."""
    if not 0 <= player < seats or not 0 <= to_move < seats:
        raise ValueError(f"seats {player} and {to_move} are not both below {seats}")
    return to_move if to_move != player else (player + 1) % seats


def tries_left(retries: int, taken_back: int) -> int:
    """How many more plays a player may make in this turn after a play challenged off:
    ``retries`` is what the game's rules allow after one (WerdUp's rulebook: 1, so a second
    play challenged off ends the turn; Bug Words: 0), ``taken_back`` how many of the
    player's plays this turn have come off already (the one just challenged included)."""
    return max(0, retries + 1 - taken_back)


@dataclass(frozen=True)
class ChallengedOff:
    """A play just challenged off the board: whose it was, how many of that player's plays
    have come off in this turn (this one included), and whether the player tries again
    (:attr:`ChallengeOutcome.plays_again`). It decides who may move next."""

    player: str
    taken_back: int
    plays_again: bool

    def check_next(self, mover: str, same_player: bool | None = None,
                   alone: bool = False) -> None:
        """Refuse (:class:`ChallengeError`) a move by ``mover`` that the turn rules do not
        allow next: with a try left, only the same player moves (another word, or a pass);
        without, that player's turn is over and another player moves, unless the player is
        ``alone`` (every other player has gone out and is passed over, as the engines do):
        then the next turn is the same player's again. ``same_player`` says whether
        ``mover`` is the player (by default: the same name)."""
        same = mover == self.player if same_player is None else same_player
        if self.plays_again and not same:
            raise ChallengeError(
                f"it is still {self.player}'s turn: their word came off after a challenge, "
                f"so {self.player} plays another word or passes before {mover} moves")
        if not self.plays_again and same and not alone:
            why = ("a second word of theirs came off after a challenge"
                   if self.taken_back >= 2 else "their word came off after a challenge")
            raise ChallengeError(
                f"player {self.player} cannot move again in this turn: {why}, which ends the turn, "
                "so the next player moves")


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
# A rule's name, then its bonus after a space, a colon or an equals sign: "points 10",
# "points:10", "points = 10" (house rules and other programs write all three).
_RULE_TEXT = re.compile(r"([^\s:=]+)(?:\s*[:=]\s*|\s+)([^\s:=]+)|([^\s:=]+)")
RULE_FORMS = (f"choose one of {listed(list(CHALLENGE_RULE_NAMES), 'or')}, with another bonus "
              "for points written as points 10, points:10 or points=10")


def get_challenge_rule(text: str) -> ChallengeRule:
    """The rule named by ``text``: ``single``, ``double``, ``none``, ``points`` or
    ``points 10`` (another bonus, also written ``points:10`` or ``points=10``); the aliases
    ``expert``, ``off``, ``void`` are accepted."""
    found = _RULE_TEXT.fullmatch(text.strip().lower().replace("_", "-"))
    parts = [part for part in found.groups() if part is not None] if found else []
    if not parts:
        raise UsageError(f"unknown challenge rule {quoted(text)}; {RULE_FORMS}")
    name = ALIASES.get(parts[0], parts[0])
    rules = challenge_rules()
    if name not in rules:
        raise UsageError(f"unknown challenge rule {quoted(text)}; {RULE_FORMS}")
    rule = rules[name]
    if len(parts) == 2:
        if not rule.valid_bonus:  # "double points" was "the challenge bonus 'points' should
            # be a whole number", as if the rule took one
            raise UsageError(f"{rule.called} has no bonus to set, so {quoted(text)} names no "
                             f"rule; {RULE_FORMS}")
        negative = parts[1][1:]
        if parts[1].startswith("-") and negative.isascii() and negative.isdigit():
            raise UsageError(f"a challenge bonus is 1 to 100 points, not {shown(parts[1])}")
        if not (parts[1].isascii() and parts[1].isdigit()):
            raise UsageError(f"the challenge bonus {quoted(parts[1])} should be a whole number")
        try:
            bonus = whole_from(parts[1])
        except ValueError as exc:
            raise UsageError(f"a challenge bonus is 1 to 100 points: {exc}") from exc
        rule = rule.with_bonus(bonus)
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
