"""PDQ dealer: deal rounds from a shuffled deck (for a table without cards, or Solitaire),
judge words for the cards, and list every word for a deal.

The deal is a pure function of (variant, seed, round), carried in the URL, so any worker can
serve any round and a table can share the link.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.errors import CompanionError, UsageError
from companion.judge import Verdict, dictionary_entry
from companion.lexicon import is_letters
from companion.pdq import (
    DEFAULT_VARIANT,
    Variant,
    all_variants,
    dealt_deck,
    find_words,
    get_variant,
    judge,
    parse_cards,
    round_count,
)
from companion.pdq.solitaire import collected_before, deals, shuffled
from companion.text import counted
from companion.web import openapi, quota
from companion.web.errors import said_on_page
from companion.web.inputs import int_from, said_from, shown_said, words_from
from companion.web.wordlist import lexicon

bp = Blueprint("pdq", __name__)
MAX_SEED = 2**53


@dataclass(frozen=True)
class Deal:
    """Round ``number`` (from 1) of the deck shuffled with ``seed``."""

    variant: str
    seed: int
    number: int
    cards: str | None  # None once the deck has run out
    rounds: int

    def to_dict(self) -> dict:
        return {"variant": self.variant, "seed": self.seed, "round": self.number,
                "cards": self.cards, "rounds": self.rounds, "deck_done": self.cards is None}


@lru_cache(maxsize=256)
def _all_rounds(variant: str, seed: int) -> tuple[str, ...]:
    var = get_variant(variant)
    pile = shuffled(dealt_deck(var), random.Random(seed))
    return tuple(deals(pile, var))


def deal(variant: str, seed: int, number: int) -> Deal:
    """The cards of one round (``cards`` None for the one after the last: the deck done)."""
    rounds = _all_rounds(get_variant(variant).name, seed)
    cards = rounds[number - 1] if number <= len(rounds) else None
    return Deal(get_variant(variant).name, seed, number, cards, len(rounds))


def _lexicon():
    return lexicon()


def _round_from(value: str | None, var: Variant) -> int:
    """A round of ``var``'s deck: 1 to the rounds the PDQ rules deal from it, or the one
    after the last (the page that says the deck is done, where the last round's "Next round"
    leads)."""
    rounds = round_count(var)
    try:
        return int_from(value, "Round", 1, rounds + 1, 1)
    except UsageError:
        raise UsageError(f"Round must be a whole number from 1 to {rounds}: {var.title} deals "
                         f"{counted(rounds, 'round')} from its deck.") from None


def _collected_from(value: str | None, var: Variant, number: int) -> int:
    """Solitaire's cards collected before round ``number``, as the engine counts them
    (:func:`companion.pdq.solitaire.collected_before`); the address may leave them out, and
    may not name another count."""
    held = collected_before(var, number)
    if value is None or value == "":
        return held
    try:
        return int_from(value, "Cards collected", held, held, held)
    except UsageError:
        pass
    if number == 1:
        raise UsageError("Cards collected before round 1 must be 0: no round was dealt "
                         "before it.")
    raise UsageError(f"Cards collected before round {number} must be {held}: in {var.title} "
                     f"a word collects its round's {counted(var.cards, 'card')} before the "
                     "next round is dealt, and a round without one ends the game.")


def _collected_word(last: str, var: Variant, seed: int, number: int) -> str | None:
    """The word that collected the cards of the round before ``number``, as the engine
    judges it for them, or None: the address's ``last`` word is shown only if it did."""
    if number == 1 or not last.strip():
        return None
    cards = deal(var.name, seed, number - 1).cards
    try:
        typed = words_from(last)
        if len(typed) != 1 or cards is None:
            return None
        verdict = judge_words(typed, cards, var.name, definitions=False)[0]
    except CompanionError:
        return None
    return verdict.word if verdict.valid else None


def kept_player(var: Variant, player: str) -> str:
    """The player chosen, as the dealer's ways on keep it (the next round, all words, a new
    deal, and the deal form under a refused deal): one of ``var``'s roles by its name in the
    rules, as the engine reads it (:meth:`Variant.role`: CHILD is "child"), else none."""
    if not player or not var.player_min:
        return ""
    try:
        return var.role(player)
    except UsageError:
        return ""


def _player_from(values) -> str:
    """The player a form or link names (Intergenerational's role), as typed."""
    return str(values.get("player", "")).strip()[:40]


def _deal_args(values) -> tuple[str, int, int]:
    var = get_variant(values.get("variant") or DEFAULT_VARIANT)
    seed = int_from(values.get("seed"), "Seed", 0, MAX_SEED, 0)
    return var.name, seed, _round_from(values.get("round"), var)


def judge_words(words: list[str], cards: str, variant: str, said: list[str] | None = None,
                *, definitions: bool = True, player: str = "") -> list[Verdict]:
    """PDQ verdicts (fit to the cards, length, word list, PDL) as challenge verdicts. In a
    variant with per-player minimums (Intergenerational), ``player`` names the role judged
    ("adult", "child"); without it a word is judged for every player. A variant without
    them has no roles: a player named is refused, as are words ``said`` under a variant
    other than PDL, as the command line refuses them (the engine's sentences)."""
    lex = _lexicon()
    var = get_variant(variant)
    cards = parse_cards(cards, var)
    # a role the variant does not have, or words said it takes none of: said before any word
    role = var.role(player) if player else None
    var.check_said(said or ())
    out = []
    for w in words:
        j = judge(w, cards, var, lex, player=role, said=said or ())
        note, defs = (dictionary_entry(j.word, lex) if definitions and is_letters(j.word)
                      else ("", []))
        out.append(Verdict(j.word, j.valid, j.reason, "pdq", lex.name, defs, j.decided_by,
                           note, list(j.near_words), j.irregular_base,
                           list(j.irregular_forms), j.written_as, list(j.abbreviation_of)))
    return out


def said_after(variant: str, said: Sequence[str], verdicts: Sequence[Verdict]) -> str | None:
    """PDL: the words-said box once the words just judged VALID (every one of them: a play
    refused names none) join the words said this round, as the words to beat (the dealer,
    the check and the judge pages alike: ``"PINE, TAPE"``); None when nothing joins them, in
    a variant that keeps no words said or after a word NOT VALID."""
    if not get_variant(variant).takes_said or not verdicts or not all(v.valid
                                                                      for v in verdicts):
        return None
    return ", ".join([*said, *(v.word for v in verdicts)])


def all_words(cards: str, variant: str, player: str = "") -> dict:
    """Every word for ``cards`` under ``variant``, for ``player``'s role when one is named
    (Intergenerational: an adult's 5+ letters); a role the variant has not is refused."""
    var = get_variant(variant)
    return find_words(parse_cards(cards, var), var, _lexicon(),
                      player=var.role(player) if player else None).to_dict()


@bp.get("/pdq")
def page() -> ResponseReturnValue:
    error = None
    variants = all_variants()
    variant = DEFAULT_VARIANT  # until the one asked for is read: the deal form keeps it
    player = _player_from(request.args)
    try:
        variant = get_variant(request.args.get("variant") or DEFAULT_VARIANT).name
        variant, seed, number = _deal_args(request.args)
        if "seed" not in request.args:
            return render_template("pdq.html", variants=variants, variant=variant, d=None,
                                   error=None,
                                   kept_player=kept_player(variants[variant], player))
        d = deal(variant, seed, number)
        solo = variants[variant].goal == "solo"
        collected = (_collected_from(request.args.get("collected"), variants[variant], number)
                     if solo else 0)  # the other variants' cards are won by the players
    except CompanionError as exc:  # the deal form keeps the variant and player asked for
        return render_template("pdq.html", variants=variants, variant=variant, d=None,
                               error=said_on_page(exc),
                               kept_player=kept_player(variants[variant], player)), 400
    word = request.args.get("word", "").strip()
    # PDL: the words already said this round, which a word must beat (the engine's judge)
    longest = variants[variant].takes_said
    said_text = request.args.get("said", "").strip()  # refused under another variant
    said: list[str] = []
    verdict = words = None
    field = "word"
    try:  # a word that cannot be judged is said beside the round, which stays on the table
        if player:  # refused, as the command line refuses it, in a variant without roles
            field = "player"  # the box shows the role chosen (Child, CHILD: child)
            player = variants[variant].role(player)
            field = "word"
        if said_text:
            field = "said"
            variants[variant].check_said([said_text])
            text, said_text = said_text, shown_said(said_text)
            said = said_from(text)
            field = "word"
        if word and d.cards:
            typed = words_from(word)
            if len(typed) > 1:
                raise UsageError(f"Check one word at a time ({len(typed)} were typed).")
            verdict = judge_words(typed, d.cards, variant, said, definitions=False,
                                  player=player)[0]
            joined = said_after(variant, said, [verdict])
            if joined is not None:  # the word to beat from now on, out of the box
                said_text, word = joined, ""
        if request.args.get("show") and d.cards:
            words = all_words(d.cards, variant, player)
    except CompanionError as exc:
        error = said_on_page(exc)
    if solo and verdict is not None and verdict.valid:  # Solitaire: collect and deal on
        return redirect(url_for("pdq.page", variant=variant, seed=seed, round=number + 1,
                                collected=collected + len(d.cards or ""), last=verdict.word))
    return render_template("pdq.html", variants=variants, variant=variant, d=d, word=word,
                           verdict=verdict, words=words, solo=solo, collected=collected,
                           stuck=bool(request.args.get("stuck")),
                           last=_collected_word(request.args.get("last", ""), variants[variant],
                                                seed, number) if solo else None,
                           player=player, roles=list(variants[variant].player_min),
                           kept_player=kept_player(variants[variant], player),
                           longest=longest, said=said_text,
                           error=error, error_field=field), 400 if error else 200


@bp.post("/pdq/deal")
def new_deal() -> ResponseReturnValue:
    """A new deck of the variant chosen, the player the page had chosen kept when the
    variant has that player (:func:`kept_player`)."""
    variant = get_variant(request.form.get("variant") or DEFAULT_VARIANT)
    return redirect(url_for("pdq.page", variant=variant.name, seed=secrets.randbelow(MAX_SEED),
                            round=1, player=kept_player(variant, _player_from(request.form))
                            or None))


@bp.get("/pdq/deal")
def back_to_page() -> ResponseReturnValue:
    """The deal form's address opened again (reload, back button): the dealer."""
    return redirect(url_for("pdq.page"))


def cards_from_photo(variant: str | None) -> dict:
    """The cards read from the uploaded photo (a form's file or the request's body), as many
    as ``variant`` (a PDQ variant's name) deals; 3 or 4 without one."""
    return _read_deal(variant, drawn=False)[0]


def deal_from_photo(variant: str | None) -> tuple[dict, bytes]:
    """The cards read from the uploaded photo (:func:`cards_from_photo`) and the picture of
    what was read on it, a JPEG (:func:`companion.web.photos.read_pdq_deal`)."""
    read, picture = _read_deal(variant, drawn=True)
    assert picture is not None
    return read, picture


def _read_deal(variant: str | None, drawn: bool) -> tuple[dict, bytes | None]:
    from companion.web.photos import chosen_photo, read_pdq_deal

    upload = request.files.get("photo")
    data = chosen_photo(upload, "the cards") if upload is not None else (
        b"" if request.mimetype.startswith("multipart/") else request.get_data())
    quota.spend(quota.PHOTO)
    return read_pdq_deal(data, current_app.config["MAX_IMAGE_PIXELS"], variant, drawn)


# -- JSON API --------------------------------------------------------------------------------

@bp.get("/api/pdq/variants")
def api_variants() -> ResponseReturnValue:
    return jsonify([{"name": v.name, "title": v.title, "cards": v.cards,
                     "min_length": v.min_length, "summary": v.summary}
                    for v in all_variants().values()])


@bp.get("/api/pdq/deal")
def api_deal() -> ResponseReturnValue:
    args = request.args.to_dict()
    if "seed" not in args:
        args["seed"] = str(secrets.randbelow(MAX_SEED))
    return jsonify(deal(*_deal_args(args)).to_dict())


def _cards_variant() -> tuple[str, str]:
    cards = request.args.get("cards", "")
    if not cards:
        raise UsageError("Give the cards left to right, e.g. cards=PNA.")
    return cards, get_variant(request.args.get("variant") or DEFAULT_VARIANT).name


@bp.get("/api/pdq/judge")
def api_judge() -> ResponseReturnValue:
    cards, variant = _cards_variant()
    said = words_from(request.args["said"]) if request.args.get("said") else []
    verdicts = judge_words(words_from(request.args.get("word")), cards, variant, said,
                           player=request.args.get("player", "").strip()[:40])
    return jsonify(verdicts[0].to_dict() if len(verdicts) == 1 else
                   {"valid": all(v.valid for v in verdicts),
                    "words": [v.to_dict() for v in verdicts]})


@bp.post("/api/pdq/cards")
def api_cards_photo() -> ResponseReturnValue:
    return jsonify(cards_from_photo(request.args.get("variant") or None))


@bp.get("/api/pdq/words")
def api_words() -> ResponseReturnValue:
    return jsonify(all_words(*_cards_variant(), _player_from(request.args)))


_VARIANT = openapi.query("variant", "a PDQ variant name (see /api/pdq/variants); default "
                         "regular")
_CARDS = openapi.query("cards", "the cards left to right, e.g. PNA", required=True)
_PLAYER = openapi.query("player", "Intergenerational: the role of the player (adult or "
                        "child); without it, every player's; another variant has no roles and "
                        "refuses one (400)")
openapi.add("/api/pdq/variants", "get", {
    "summary": "The PDQ variants", "responses": openapi.ok("name, title, cards, minimum", {
        "type": "array", "items": {"type": "object", "required": ["name", "title"]}})})
openapi.add("/api/pdq/deal", "get", {
    "summary": "One round dealt from a shuffled deck (the same seed gives the same deck)",
    "parameters": [_VARIANT, openapi.query("seed", "shuffle number (random if absent)",
                                           schema={"type": "integer", "minimum": 0}),
                   openapi.query("round", "round number from 1 to the rounds the variant "
                                 "deals from its deck (26 in regular PDQ); one more: the deck "
                                 "done", schema={"type": "integer", "minimum": 1})],
    "responses": openapi.ok("the cards (null once the deck has run out)")})
openapi.add("/api/pdq/judge", "get", {
    "summary": "Judge a word for the cards: fit, length, word list, PDL",
    "parameters": [openapi.query("word", "the word (several: separated by spaces)",
                                 required=True), _CARDS, _VARIANT,
                   openapi.query("said", "PDL: words already said, separated by commas"),
                   _PLAYER],
    "responses": openapi.ok("a Verdict", {"$ref": "#/components/schemas/Verdict"})})
openapi.add("/api/pdq/cards", "post", {
    "summary": "Read the dealt cards from a photo, left to right",
    "parameters": [openapi.query("variant", "a PDQ variant name (see /api/pdq/variants): a "
                                 "photo of another number of cards than it deals is refused "
                                 "(400); without it, 3 or 4 cards are read")],
    "requestBody": openapi.photo_body(),
    "responses": {**openapi.ok("cards (? for a card not read), the positions (0-based) to "
                               "check, and alternatives: what each card offers ({letter, p}), "
                               "a listed card's letter read first, then its runners-up more "
                               "than 2% likely; empty for a card not listed", {
                                   "type": "object",
                                   "required": ["cards", "uncertain", "alternatives"],
                                   "properties": {
                                       "cards": {"type": "string"},
                                       "uncertain": {"type": "array",
                                                     "items": {"type": "integer"}},
                                       "alternatives": {"type": "array", "items": {
                                           "type": "array", "items": {
                                               "type": "object",
                                               "required": ["letter", "p"]}}}}}),
                  "429": openapi.ERROR, "503": openapi.NOT_SET_UP}})
openapi.add("/api/pdq/words", "get", {
    "summary": "Every word for the cards, grouped by length, longest first",
    "parameters": [_CARDS, _VARIANT, _PLAYER],
    "responses": openapi.ok("the words; no_word is true when none exists")})
