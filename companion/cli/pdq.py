"""``companion pdq CARDS...``: the PDQ referee (all words, judge a word, PDL, Word Count, ties)
and the Solitaire dealer (``--solitaire``)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import TYPE_CHECKING

from companion.cli.common import (
    add_house_list_options,
    add_lexicon_option,
    file_name,
    lexicon_from_args,
    print_json,
    seed_number,
    whole_number,
)
from companion.errors import UsageError
from companion.pdq.variants import all_variants
from companion.text import counted, printable, quoted, shown

if TYPE_CHECKING:
    from companion.pdq.judge import Judgement
    from companion.pdq.variants import Variant


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pdq",
        help="PDQ referee: every word for the cards, judge a word, PDL, Word Count, Solitaire",
        description="List every word for the dealt PDQ cards (longest first; proves 'No Word'), "
        "or judge one word with --word. Cards are given left to right: 'P N A' or 'PNA'. "
        "Exit status: 0 done / word valid, 1 word not valid, 2 bad usage.",
        epilog="Variants: " + ", ".join(all_variants()) + ". See --variants.",
    )
    p.add_argument("cards", nargs="*", metavar="CARDS", help="the cards, left to right")
    p.add_argument(
        "--variant",
        default=None,
        metavar="NAME",
        help="rules to play by (default: regular; see --variants for the list)",
    )
    p.add_argument("--min", type=whole_number, metavar="N", help="override the minimum word length")
    p.add_argument(
        "--player",
        metavar="ROLE",
        help="use this player's minimum length (intergenerational: adult or child; without "
        "it a word is judged for every player, and one too short for some is valid for the "
        "others only, exit status 1)",
    )
    add_lexicon_option(p)
    add_house_list_options(p)
    p.add_argument("--deck", metavar="FILE", type=file_name,
                   help="deck distribution table (letter<TAB>count; '-' for standard input, "
                   "but not with --play, which reads the words there)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--word", metavar="WORD", help="judge this word for the cards")
    p.add_argument(
        "--said",
        metavar="W1,W2",
        help="PDL: words already said this round (with --word; implies --variant pdl)",
    )
    p.add_argument(
        "--tie",
        metavar="W1,W2",
        help="words shouted at the same moment, one per player: the longest valid word wins",
    )
    p.add_argument(
        "--score",
        action="append",
        metavar="NAME=W1,W2",
        help="Word Count: one player's written words (repeat for each player)",
    )
    p.add_argument(
        "--solitaire",
        action="store_true",
        help="deal a shuffled deck and play Solitaire until stuck (no CARDS needed)",
    )
    p.add_argument(
        "--play",
        action="store_true",
        help="with --solitaire: you type the words, the companion deals and judges",
    )
    p.add_argument("--seed", type=seed_number, metavar="N",
                   help="with --solitaire: repeatable shuffle")
    p.add_argument("--variants", action="store_true", help="list the variants and their rules")
    p.set_defaults(func=run)


def _split(words: str) -> list[str]:
    return [w.strip() for w in words.split(",") if w.strip()]


def _variant_name(args: argparse.Namespace) -> str:
    if args.variant is not None:  # --variant '' is an unknown variant, not the default
        return args.variant
    if args.said is not None:
        return "pdl"
    if args.score:
        return "word-count"
    if args.solitaire:
        return "solitaire"
    return "regular"


def _check_min(args: argparse.Namespace) -> None:
    if args.min is not None and not 1 <= args.min <= 30:
        raise UsageError("--min must be a word length between 1 and 30.")


def run(args: argparse.Namespace) -> int:
    from companion.pdq import get_variant, load_deck, parse_cards

    if args.variants:
        if args.cards:  # they were dropped without a word
            raise UsageError("--variants lists the variants; give no CARDS with it.")
        return _list_variants(args)
    _check_min(args)
    variant = get_variant(_variant_name(args))
    if args.player is not None:  # --player '' is an unknown role, not every player
        args.player = variant.role(args.player)  # CHILD as child; a clear error for another
    if args.deck == "-" and args.play:
        # the deck read every line, and the game took the end of input for the player's
        # stop before a card was shown
        raise UsageError("--deck - and --play both read standard input: save the deck "
                         "to a file and name it")
    deck = load_deck(args.deck)
    _check_modes(args, variant)
    lexicon = lexicon_from_args(args)
    if args.solitaire:
        if args.cards:
            raise UsageError("--solitaire deals its own cards; give no CARDS.")
        return _solitaire(args, variant, deck, lexicon)
    if not args.cards:
        raise UsageError("Give the cards, left to right, e.g. 'companion pdq P N A'.")
    cards = parse_cards(args.cards, variant, deck)
    if args.word:
        return _judge(args, cards, variant, lexicon)
    if args.tie:
        return _tie(args, cards, variant, lexicon)
    if args.score:
        return _score(args, cards, variant, lexicon)
    return _list_words(args, cards, variant, lexicon)


def _check_modes(args: argparse.Namespace, variant: Variant) -> None:
    """One mode at a time, and each option only with the mode it belongs to."""
    from companion.lexicon import word_letters

    if args.word is not None and not word_letters(args.word):  # blank, or invisible only
        raise UsageError("--word needs the word to judge, e.g. --word PAIN.")
    if args.tie is not None and not _split(args.tie):
        raise UsageError("--tie needs the words shouted, one per player, e.g. --tie PAIN,PANT.")
    if args.said is not None and not _split(args.said):
        raise UsageError("--said needs the words said this round, e.g. --said PAIN,PANT.")
    modes = [m for m in ("word", "tie", "score", "solitaire") if getattr(args, m)]
    if len(modes) > 1:
        raise UsageError("Use only one of --word, --tie, --score and --solitaire at a time.")
    if args.said and not args.word:
        raise UsageError("--said needs --word: the word that tries to beat them.")
    variant.check_said(_split(args.said or ""))  # PDL's only, as the judge refuses them
    if args.player and modes and modes != ["word"]:
        raise UsageError(f"--player goes with --word or the word list, not --{modes[0]}: "
                         "it names the role of the one player judged.")
    if args.play and not args.solitaire:
        raise UsageError("--play goes with --solitaire.")
    if args.seed is not None and not args.solitaire:
        raise UsageError("--seed goes with --solitaire.")


def _list_variants(args: argparse.Namespace) -> int:
    variants = all_variants()
    if args.json:
        print_json([
            {"name": v.name, "title": v.title, "cards": v.cards, "min_length": v.min_length,
             "player_min": v.player_min, "summary": v.summary}
            for v in variants.values()
        ])
        return 0
    for v in variants.values():
        print(f"{v.name:20} {v.title}")
        print(textwrap.fill(v.summary, width=88, initial_indent=" " * 21,
                            subsequent_indent=" " * 21))
    return 0


def _status(verdict: Judgement) -> str:
    """``VALID``, ``NOT VALID``, or ``VALID FOR CHILDREN ONLY`` (a word judged for every
    player of a variant with a minimum per player)."""
    from companion.pdq.judge import plural

    if verdict.valid_for:
        return f"VALID FOR {' OR '.join(plural(r).upper() for r in verdict.valid_for)} ONLY"
    return "VALID" if verdict.valid else "NOT VALID"


def _judge(args, cards, variant, lexicon) -> int:
    from companion.pdq import judge

    verdict = judge(args.word, cards, variant, lexicon, min_length=args.min,
                    player=args.player, said=_split(args.said or ""))
    if args.json:
        print_json(verdict.to_dict())
    else:
        print(f"{shown(verdict.word)}: {_status(verdict)}")
        print(f"  {printable(verdict.reason)}")
    return 0 if verdict.valid else 1


def _list_words(args, cards, variant, lexicon) -> int:
    from companion.pdq import find_words

    result = find_words(cards, variant, lexicon, min_length=args.min, player=args.player)
    if args.json:
        print_json(result.to_dict())
        return 0
    shown = " ".join(cards)
    if result.no_word:
        print(f"No word: none of the {counted(result.searched, 'word')} in "
              f"{lexicon.display} fits "
              f"{shown} under {variant.title} rules ({result.min_length}+ letters).")
        print(f"  {result.no_word_rule}")
        if result.near_misses:
            print("Words with the letters in order that start elsewhere (not allowed):")
            print(textwrap.fill(", ".join(w.upper() for w in result.near_misses), width=88,
                                initial_indent="  ", subsequent_indent="  "))
        return 0
    print(f"{shown} - {variant.title}, {result.min_length}+ letters, {lexicon.display}: "
          f"{counted(len(result.words), 'word')}")
    for length, words in result.groups():
        print(textwrap.fill(", ".join(w.upper() for w in words), width=88,
                            initial_indent=f"{counted(length, 'letter', spec='3')}: ",
                            subsequent_indent=" " * 13))
    return 0


def _tie(args, cards, variant, lexicon) -> int:
    from companion.pdq.ties import settle_tie

    result = settle_tie(_split(args.tie), cards, variant, lexicon, min_length=args.min)
    if args.json:
        print_json(result.to_dict())
        return 0
    for j in result.judgements:
        print(f"{shown(j.word)}: {_status(j)} - {printable(j.reason)}")
    print(printable(result.outcome))
    return 0


def _parse_score(items: list[str]) -> dict[str, list[str]]:
    lists: dict[str, list[str]] = {}
    for item in items:
        name, sep, words = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--score wants NAME=WORD1,WORD2,...; got {quoted(item)}.")
        if name.strip() in lists:
            raise UsageError(f"Player {quoted(name.strip())} is given twice with --score.")
        lists[name.strip()] = _split(words)
    return lists


def _score(args, cards, variant, lexicon) -> int:
    from companion.pdq.wordcount import score_word_count

    result = score_word_count(cards, _parse_score(args.score), variant, lexicon,
                              min_length=args.min)
    if args.json:
        print_json(result.to_dict())
        return 0
    for p in result.players:
        print(f"{shown(p.player)}: {counted(p.score, 'unique word')}")
        if p.unique:
            print(f"  unique: {', '.join(w.upper() for w in p.unique)}")
        if p.shared:
            print(f"  also written by another player: {', '.join(w.upper() for w in p.shared)}")
        for _word, reason in p.invalid:
            print(f"  not valid: {printable(reason)}")
        if p.repeated:
            print(f"  written twice: {', '.join(w.upper() for w in p.repeated)}")
    winners = " and ".join(shown(w) for w in result.winners)
    if not result.winners:
        print("No winner: nobody wrote a word that counts.")
    else:
        print(f"Winner: {winners}" if len(result.winners) == 1 else f"Tie: {winners}")
    if result.missed:
        print(textwrap.fill(f"Nobody found {counted(len(result.missed), 'word')}, e.g. "
                            f"{', '.join(w.upper() for w in result.missed[:10])}.", width=88))
    else:
        print("Together you found every word.")
    return 0


def _ask(prompt: str) -> str:
    """A line from the player, read in the terminal's character set
    (:func:`companion.typed.typed_bytes`: "café" typed at a Latin-1 terminal was "not a word",
    or with PYTHONIOENCODING=utf-8 a traceback); the end of input (or none at all, <&-)
    counts as being stuck."""
    from companion.typed import typed_bytes, typed_text

    if sys.stdin is None:
        print()
        return ""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # text without bytes behind it (a test's StringIO)
        try:
            return typed_text(input(prompt), sys.stdin.encoding)
        except EOFError:
            print()
            return ""
    print(prompt, end="", flush=True)
    line = buffer.readline()
    if not line:
        print()
        return ""
    return typed_bytes(line.rstrip(b"\r\n"))


def _solitaire(args, variant, deck, lexicon) -> int:
    from companion.pdq.solitaire import play_solitaire, simulate_solitaire

    if args.play:
        if args.json:
            raise UsageError("--play is interactive; it has no --json output.")
        play_solitaire(_ask, print, args.seed, lexicon, variant, deck, args.min)
        return 0
    game = simulate_solitaire(args.seed, lexicon, variant, deck, args.min)
    if args.json:
        print_json(game.to_dict())
        return 0
    for r in game.rounds:
        said = r.word.upper() if r.word else "stuck: no word exists"
        words = counted(r.word_count, "word", spec="5")
        print(f"round {r.number:2}: {' '.join(r.cards)}  {words:11}  {said}")
    end = ("got through the whole deck" if game.through_the_deck
           else f"stuck on round {len(game.rounds)}")
    print(f"Collected {counted(len(game.collected), 'card')} ({end}; alternate scoring "
          f"{game.alternate_score}; {counted(game.undealt, 'card')} not dealt).")
    return 0
