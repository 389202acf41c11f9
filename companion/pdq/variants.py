"""The PDQ rule variants as data records, loaded from ``companion/data/pdq-variants.tsv``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from companion.datafiles import read_table
from companion.errors import UsageError
from companion.text import counted, listed, number_word, quoted

VARIANTS_FILE = "pdq-variants.tsv"
READS = ("ltr", "both")
STARTS = ("outside", "any-card", "anywhere")
ENDS = ("free", "other-outside")
GOALS = ("first", "longest", "count", "solo")
DEFAULT_VARIANT = "regular"


@dataclass(frozen=True)
class Variant:
    """One way to play: how many cards, how long a word, and how it must use the cards."""

    name: str
    title: str
    cards: int
    deal_order: tuple[int, ...]
    min_length: int
    player_min: dict[str, int] = field(default_factory=dict)
    read: str = "both"
    start: str = "outside"
    ends: str = "free"
    x_as_ex: bool = True
    remove: tuple[str, ...] = ()
    goal: str = "first"
    summary: str = ""

    def __post_init__(self) -> None:
        for value, allowed, what in (
            (self.read, READS, "read"),
            (self.start, STARTS, "start"),
            (self.ends, ENDS, "ends"),
            (self.goal, GOALS, "goal"),
        ):
            if value not in allowed:
                raise ValueError(f"variant {self.name}: {what} must be one of {allowed}")
        if self.cards < 1 or sorted(self.deal_order) != list(range(1, self.cards + 1)):
            raise ValueError(f"variant {self.name}: deal_order must list positions 1..{self.cards}")

    @property
    def takes_said(self) -> bool:
        """Whether a word is judged against the words already said this round (PDL: the
        longest word wins, and a form of a word said cannot beat it)."""
        return self.goal == "longest"

    @property
    def wins_cards(self) -> bool:
        """Whether a round's cards go to a player, who scores them (one each, or the
        alternate way); in Word Count no cards are won: a player scores the words nobody
        else wrote."""
        return self.goal != "count"

    @property
    def no_word_rule(self) -> str:
        """What the table does when no word fits the cards (the rulebook's "No Word"; in
        Solitaire the player is stuck, which ends the game; Word Count has no race to win)."""
        if self.goal == "solo":
            return "You are stuck: the game ends here; count the cards you collected."
        if self.goal == "count":
            return f"Nobody can write a word: deal {number_word(self.cards)} new cards."
        return (f"When all players agree, set the cards aside and deal "
                f"{number_word(self.cards)} new ones; the first correct word in the next "
                "round also wins the set-aside cards.")

    def role(self, player: str) -> str:
        """The player role ``player`` names, by its name in the rules: " Child " and CHILD
        are "child", as a variant's name is read in any case. A role the variant has not
        (every role, in a variant without per-player minimums) is refused, naming the rule
        and the way out."""
        role = player.strip().lower()
        if role in self.player_min:
            return role
        if self.player_min:
            why = f"its players are {listed([quoted(r) for r in self.player_min], 'or')}"
        else:  # it said "(player roles: none)", naming neither the rule nor the way out
            others = "; ".join(
                f"{v.title} has them, for {listed(list(v.player_min), 'and')}"
                for v in all_variants().values() if v.player_min)
            why = (f"every player's words need at least {counted(self.min_length, 'letter')}"
                   + (f" ({others})" if others else ""))
        raise UsageError(f"{self.title} has no per-player minimum for {quoted(player)}: {why}.")

    def check_said(self, said: Sequence[str]) -> None:
        """Refuse words said this round (any given, blanks aside) under a variant that
        judges no word against them: only PDL's words must beat the words said."""
        if not self.takes_said and any(w.strip() for w in said):
            keep = [v.title for v in all_variants().values() if v.takes_said]
            raise UsageError(f"Words said this round are for {listed(keep, 'or')}, where a "
                             f"word must beat them; {self.title} has no word to beat.")

    def minimum(self, player: str | None = None) -> int:
        """The shortest word allowed, for ``player`` (a role such as "adult", read by
        :meth:`role`) if given."""
        if player is None:
            return self.min_length
        return self.player_min[self.role(player)]

    @property
    def minimum_for_everyone(self) -> int:
        """The shortest word valid for every player, as the judge decides a word judged
        without naming the player: the longest per-player minimum (Intergenerational: an
        adult's 5; a 4-letter word is valid for a child only), else the variant's minimum."""
        return max(self.player_min.values(), default=self.min_length)

    def ex_start(self, cards: str, first: str) -> bool:
        """True if a word following a reading that begins with ``first`` may begin with EX.

        Only an X dealt as an outside card (leftmost or rightmost) may be begun as EX, in every
        variant: in Any-Which-Way a centre X may begin the word, but only as X.
        """
        cards = cards.lower()
        return self.x_as_ex and first.lower() == "x" and "x" in (cards[:1], cards[-1:])

    def readings(self, cards: str) -> list[str]:
        """The letter sequences a word may follow, each starting with the letter it begins with."""
        if self.start == "any-card":
            out = []
            for i, first in enumerate(cards):
                rest = cards[:i] + cards[i + 1 :]
                out += [first + "".join(p) for p in _permutations(rest)]
            return list(dict.fromkeys(out))
        seqs = [cards] if self.read == "ltr" else [cards, cards[::-1]]
        return list(dict.fromkeys(seqs))


def _permutations(letters: str) -> list[tuple[str, ...]]:
    from itertools import permutations

    return list(permutations(letters))


def _variant_from_row(row: dict[str, str]) -> Variant:
    def dash_list(value: str) -> list[str]:
        return [] if value.strip() == "-" else value.split()

    player_min = {}
    for item in dash_list(row["player_min"]):
        role, _, n = item.partition("=")
        player_min[role] = int(n)
    return Variant(
        name=row["name"],
        title=row["title"],
        cards=int(row["cards"]),
        deal_order=tuple(int(p) for p in row["deal_order"].split()),
        min_length=int(row["min_length"]),
        player_min=player_min,
        read=row["read"],
        start=row["start"],
        ends=row["ends"],
        x_as_ex=row["x_as_ex"] == "yes",
        remove=tuple(dash_list(row["remove"])),
        goal=row["goal"],
        summary=row["summary"],
    )


@cache
def all_variants() -> dict[str, Variant]:
    """Every variant of the rulebook, by name, in the rulebook's order."""
    return {v.name: v for v in map(_variant_from_row, read_table(VARIANTS_FILE))}


def table_variants() -> tuple[str, ...]:
    """The names of the variants a table of two or more plays, in the rulebook's order:
    every one but those played alone (Solitaire)."""
    return tuple(name for name, rules in all_variants().items() if rules.goal != "solo")


class UnknownVariant(UsageError):
    """A variant the rulebook does not have, refused naming the ones the place it was given
    takes (``allowed``; default: every one): by the names the command line and the API take
    (``str``), or by the titles a page's list shows (:meth:`by_title`)."""

    def __init__(self, given: str, allowed: tuple[str, ...] | None = None) -> None:
        self.given = given
        self.allowed = tuple(all_variants()) if allowed is None else allowed
        super().__init__(f"Unknown PDQ variant {quoted(given)}; choose one of: "
                         f"{', '.join(self.allowed)}.")

    def among(self, allowed: tuple[str, ...]) -> UnknownVariant:
        """The same refusal naming only ``allowed``, the variants the place it was given
        takes (a score sheet's: every one but Solitaire)."""
        return UnknownVariant(self.given, allowed)

    def by_title(self) -> str:
        """The refusal naming the variants as a player picks them from a page's list: "...;
        choose one of: PDQ, PDQ for Experts, ... or Word Count." (the list shows titles,
        where the names, "regular", "pdl", are the command line's)."""
        titles = [all_variants()[name].title for name in self.allowed]
        return f"Unknown PDQ variant {quoted(self.given)}; choose one of: {listed(titles, 'or')}."


def get_variant(name: str) -> Variant:
    """The variant called ``name``; a clear :class:`UnknownVariant` for an unknown name."""
    variants = all_variants()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in variants:
        raise UnknownVariant(name)
    return variants[key]
