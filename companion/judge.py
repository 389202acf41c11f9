"""The word challenge: is this word valid at the table, why not, and what does it mean."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache

from companion import text
from companion.games import GAME_TITLES, GAMES
from companion.lexicon import (
    Lexicon,
    absence,
    default_lexicon,
    define,
    is_letters,
    listed_reason,
    missing_reason,
    not_letters_reason,
    word_class_note,
    word_classes,
    word_letters,
)

# What a valid word's verdict shows in place of definitions the dictionary does not have
# (HATH, XU): the command line and the web's challenge page say the same.
NO_DEFINITION = "No definition on file; the word is valid all the same."


@dataclass(frozen=True)
class WordLimits:
    """How long a word a game takes under its default edition, from the game's own rules:
    ``shortest`` letters, and at most ``longest`` squares (None: no longest) when a rule of
    word lengths or the board (``board``: how many squares across) sets one. A square holds
    one letter, or one of the ``digraphs`` tiles (WerdUp's Qu). ``tiles``, when given, are
    the only tiles the game has (WerdUp's set has a Qu tile and no Q, so QI cannot be made)."""

    shortest: int
    longest: int | None = None
    board: int = 0
    digraphs: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()

    def squares(self, word: str) -> int:
        from companion.board import split_word

        return len(split_word(word.upper(), self.digraphs))

    def admits(self, word: str) -> bool:
        """Whether ``word`` (letters) is of a length and of tiles the game takes: a near
        word a verdict offers must be one (:func:`companion.lexicon.absence`)."""
        squares = self.squares(word)
        return (len(word) >= self.shortest and (self.longest is None or squares <= self.longest)
                and not self.missing_tile(word))

    def missing_tile(self, word: str) -> str:
        """Why ``word`` cannot be made of the game's tiles (``""``: it can): the first of its
        squares no tile shows."""
        from companion.board import split_word

        faces = {t.upper() for t in self.tiles}
        for tile in split_word(word.upper(), self.digraphs):
            if self.tiles and tile is not None and tile.upper() not in faces:
                like = [t for t in self.tiles if t.upper().startswith(tile.upper())]
                return f"there is no {tile} tile" + (f", only {like[0]}" if like else "")
        return ""


@cache
def word_limits(game: str) -> WordLimits:
    """The :class:`WordLimits` of ``game``, asked of its rules."""
    if game == "werdup":
        from companion.werdup.notation import DIGRAPHS
        from companion.werdup.rules import get_rules

        rules = get_rules("werdup")
        size = rules.board_size
        return WordLimits(2, size, size, tuple(DIGRAPHS), tuple(rules.tile_set.counts))
    if game == "bugwords":
        from companion.bugwords import default_rules

        rules = default_rules()
        size = max(rules.layout.rows, rules.layout.cols)
        return WordLimits(rules.min_word_length, size, size)
    if game == "girdle":
        from companion.girdle.rules import default_edition

        ed = default_edition()
        return WordLimits(ed.min_length, ed.max_length)
    if game == "pdq":
        from companion.pdq.variants import get_variant

        return WordLimits(get_variant("regular").min_length)
    raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")


@dataclass
class Verdict:
    """The answer to a challenge: ``valid``, a sentence saying why, and definitions."""

    word: str
    valid: bool
    reason: str
    game: str | None = None
    lexicon: str = ""
    definitions: list[str] = field(default_factory=list)
    decided_by: str = ""  # the list (or house layer) that decided: a word added or removed
    # a function word's part of speech, which WordNet does not define ("THOU is a pronoun;
    # ..."), shown before the definitions; "" for another word
    word_class: str = ""
    # what the reason names for a word the list lacks: the list's words close to it in
    # spelling (RECIEVE: RECEIVE), or the base whose irregular forms the list has (RUNNED:
    # RUN, RAN); all in capitals, empty otherwise (companion.lexicon.absence)
    near_words: list[str] = field(default_factory=list)
    irregular_base: str = ""
    irregular_forms: list[str] = field(default_factory=list)
    # how the word is written where the reason says so: apart or with a hyphen (ALOT: "A
    # LOT"), or a contraction with its apostrophe (DONT: "DON'T"); and the words an
    # abbreviation stands for (TV: "television"; AUG: "August"); empty otherwise
    written_as: str = ""
    abbreviation_of: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


def definitions(word: str, lexicon: Lexicon) -> list[str]:
    """The senses shown with a verdict on ``word`` (letters A-Z): for a word the list has,
    those of the common word, not of a name or abbreviation written the same (DOES is not the
    Department of Energy); for one it lacks, every sense the dictionary has for the word as
    written, names included (PARIS), but none a suffix rule guesses (RUNNED is not RUN: the
    dictionary does not know it). A function word the list has (US, HIS, ALAS: a part of
    speech WordNet does not define, :func:`word_classes`) is that common word, so it shows
    neither a name or abbreviation written the same (the US, ME for Maine) nor a sense a
    suffix rule finds (HIS is not more than one HI)."""
    listed = word.lower() in lexicon
    function_word = listed and bool(word_classes(word))
    senses = define(word, common=listed, inflected=listed and not function_word)
    return [str(d) for d in senses
            if not (function_word and (d.capitalized or d.lemma != word.lower()))]


def dictionary_entry(word: str, lexicon: Lexicon) -> tuple[str, list[str]]:
    """What a verdict shows of ``word`` (letters A-Z) besides its ruling: the note on a
    function word's part of speech (:func:`word_class_note`; ``""`` for another word) and its
    :func:`definitions`. The command line and the web pages show the same."""
    senses = definitions(word, lexicon)
    return word_class_note(word, bool(senses)), senses


def check_word(
    word: str,
    game: str | None = None,
    lexicon: Lexicon | None = None,
    with_definitions: bool = True,
) -> Verdict:
    """Judge one word for ``game`` (any game when None) against ``lexicon`` (default list)."""
    lex = lexicon if lexicon is not None else default_lexicon()
    raw = word_letters(word)
    shown = raw.upper()
    if game is not None and game not in GAME_TITLES:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")

    def verdict(valid: bool, reason: str, decided_by: str = "") -> Verdict:
        note, defs = (dictionary_entry(raw, lex) if with_definitions and is_letters(raw)
                      else ("", []))
        return Verdict(shown, valid, reason, game, lex.name, defs, decided_by, note)

    if not raw:
        return verdict(False, "No word given.")
    if not is_letters(raw):
        return verdict(False, not_letters_reason(raw))
    lower = raw.lower()
    if game is not None:
        limits = word_limits(game)
        if len(lower) < limits.shortest:
            return verdict(False, f"{shown} is too short for {GAME_TITLES[game]}: words need "
                                  f"at least {text.counted(limits.shortest, 'letter')}.")
        if limits.longest is not None and limits.squares(lower) > limits.longest:
            why = (f"the board is {text.counted(limits.board, 'square')} across" if limits.board
                   else f"words have at most {text.counted(limits.longest, 'letter')}")
            return verdict(False, f"{text.shown(shown)} is too long for {GAME_TITLES[game]}: "
                                  f"{why}.")
        missing = limits.missing_tile(lower)
        if missing:
            return verdict(False, f"{text.shown(shown)} cannot be made with the tiles of "
                                  f"{GAME_TITLES[game]}: {missing}.")
    decided_by = lex.decided_by(lower)
    if lower not in lex:
        absent = absence(raw, lex, word_limits(game).admits if game is not None else None)
        return replace(verdict(False, absent.reason, decided_by),
                       near_words=list(absent.near_words), irregular_base=absent.irregular_base,
                       irregular_forms=absent.irregular_forms, written_as=absent.written_as,
                       abbreviation_of=list(absent.abbreviation_of))
    where = f" for {GAME_TITLES[game]}" if game else ""
    return verdict(True, f"{shown} is valid{where}: it is in {listed_reason(raw, lex)}.",
                   decided_by)


def words_refusal(words: Sequence[str], lexicon: Lexicon) -> str:
    """Why the words of a play given without its squares (a score sheet's words and score)
    are refused where the companion judges every play: those ``lexicon`` lacks, in the
    sentence a play forming them is refused with (:func:`companion.lexicon.missing_reason`:
    "ZXQ and QX are not in the word list NAME."); ``""`` when it has every one."""
    missing = [w for w in words if w not in lexicon]
    return text.sentence(missing_reason(missing, lexicon)) if missing else ""


@dataclass
class Ruling:
    """Verdicts for every word of one challenge (the words of a play); valid only if every
    word is. ``companion check`` and the web's challenge page and API rule the same way."""

    verdicts: list[Verdict]
    lexicon: str

    @property
    def decided_by(self) -> list[str]:
        """The lists that decided: those of the failing words, or of every word if valid."""
        judged = [v for v in self.verdicts if not v.valid] or self.verdicts
        return list(dict.fromkeys(v.decided_by for v in judged if v.decided_by))

    @property
    def valid(self) -> bool:
        return all(v.valid for v in self.verdicts)

    @property
    def rule_reasons(self) -> list[str]:
        """The reasons of the words a rule refused, not the word list (no list decided them:
        too short, not fitting the cards, a PDL form of a word said), in play order."""
        return [v.reason for v in self.verdicts if not v.valid and not v.decided_by]

    @property
    def failed(self) -> list[str]:
        return [v.word for v in self.verdicts if not v.valid]

    @property
    def reason(self) -> str:
        if self.valid:
            return "Every word is valid." if len(self.verdicts) > 1 else self.verdicts[0].reason
        if len(self.verdicts) == 1:
            return self.verdicts[0].reason
        return f"Not valid because of {text.listed(self.failed)}."

    def to_dict(self, *, judge: bool = False) -> dict:
        if judge:  # tournament style: one verdict, no word named, no definitions
            return {"valid": self.valid, "lexicon": self.lexicon, "count": len(self.verdicts),
                    "decided_by": self.decided_by}
        return {
            "valid": self.valid,
            "reason": self.reason,
            "failed": self.failed,
            "lexicon": self.lexicon,
            "decided_by": self.decided_by,
            "words": [v.to_dict() for v in self.verdicts],
        }
