"""``companion check WORD``: the word challenge."""

from __future__ import annotations

import argparse

from companion.cli.common import (
    add_house_list_options,
    add_lexicon_option,
    lexicon_from_args,
    print_json,
)
from companion.errors import UsageError
from companion.games import GAMES
from companion.text import printable, shown


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="challenge a word: valid or not, why, and what it means",
        description="Judge a word (or the words of one play) against the word list. Exit "
        "status: 0 valid (every word), 1 not valid, 2 bad usage.",
    )
    p.add_argument("word", nargs="+", metavar="WORD",
                   help="the word to judge; several: the words of one play, valid only if "
                   "every one is")
    p.add_argument("--game", choices=GAMES, help="apply this game's rules (e.g. minimum length)")
    add_lexicon_option(p)
    add_house_list_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.judge import NO_DEFINITION, Ruling, check_word
    from companion.lexicon import word_letters

    if not all(map(word_letters, args.word)):  # blank, or invisible characters only
        raise UsageError("give a word to check, e.g. 'companion check qi'")
    lexicon = lexicon_from_args(args)
    ruling = Ruling([check_word(w, game=args.game, lexicon=lexicon) for w in args.word],
                    lexicon.name)
    if args.json:
        one = len(ruling.verdicts) == 1
        print_json(ruling.verdicts[0].to_dict() if one else ruling.to_dict())
        return 0 if ruling.valid else 1
    for verdict in ruling.verdicts:
        print(f"{shown(verdict.word)}: {'VALID' if verdict.valid else 'NOT VALID'}")
        print(f"  {printable(verdict.reason)}")
        print(f"  Word list: {lexicon.display}")  # as the reason names it
        if verdict.word_class:  # THOU is a pronoun, whatever the dictionary's senses say
            print(f"  {verdict.word_class}")
        if verdict.definitions and verdict.word.lower() not in lexicon:
            # a dictionary entry is no licence to play: say so before its definitions
            print(f"  The dictionary (WordNet) knows {verdict.word}, but the word list does "
                  "not, so it is not playable:")
        for d in verdict.definitions:
            print(f"  - {d}")
        if verdict.valid and not verdict.definitions:
            print(f"  {NO_DEFINITION}")
    if len(ruling.verdicts) > 1:
        print(f"The play: {'VALID' if ruling.valid else 'NOT VALID'}. "
              f"{printable(ruling.reason)}")
    return 0 if ruling.valid else 1
