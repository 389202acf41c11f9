"""Challenge: is this word valid at the table, why not, and what does it mean; judge mode."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from companion.errors import CompanionError
from companion.games import BOARD_GAMES, GAME_TITLES
from companion.judge import NO_DEFINITION, Ruling, Verdict, check_word
from companion.lexicon import WordListSpec, load_word_list
from companion.web import openapi
from companion.web.errors import field_at_fault, said_on_page, status_of
from companion.web.inputs import game_from, said_from, shown_said, words_from
from companion.web.limits import repeatable
from companion.web.wordlist import lexicon, word_list_notes, word_list_spec

bp = Blueprint("challenge", __name__)
MAX_JUDGE_TEXT = 1400  # characters of the judge's box (its maxlength)


@bp.context_processor
def _word_list_notes() -> dict:
    """The challenge and judge pages name the word list as its verdicts' reasons do
    (:attr:`Lexicon.display`), and say what its files skipped."""
    return {"word_list": lexicon().display, "word_list_notes": word_list_notes()}


@lru_cache(maxsize=8192)
def _verdict(word: str, game: str | None, spec: WordListSpec, definitions: bool) -> Verdict:
    # Verdicts are pure functions of their arguments (word lists never change while the
    # process runs), so each worker remembers recent ones; callers must not modify them.
    return check_word(word, game=game, lexicon=load_word_list(spec),
                      with_definitions=definitions)


def rule(words: list[str], game: str | None, *, definitions: bool = True,
         cards: str = "", variant: str = "", player: str = "",
         said: tuple[str, ...] = ()) -> Ruling:
    """Judge every word of a challenge; for PDQ with ``cards``, by the cards and variant (and,
    in a variant with per-player minimums, for ``player``'s role if one is named; in PDL,
    against the words ``said`` this round)."""
    spec = word_list_spec()
    if game == "pdq" and cards.strip():
        from companion.pdq import DEFAULT_VARIANT
        from companion.web.pdq import judge_words

        verdicts = judge_words(words, cards, variant or DEFAULT_VARIANT, list(said),
                               definitions=definitions, player=player)
    else:
        verdicts = [_verdict(w, game, spec, definitions) for w in words]
    return Ruling(verdicts, load_word_list(spec).name)


def _sent() -> MultiDict[str, str]:
    """The fields the request sent: a POST's form, a GET's query. Never the two merged: a
    ``?word=x`` in a form's address would fill or override the form's own field."""
    return request.form if request.method == "POST" else request.args


def _pdq_context() -> dict:
    from companion.pdq import all_variants

    variants = all_variants()
    sent = _sent()
    return {"cards": sent.get("cards", "").strip(),
            "variant": sent.get("variant", ""),
            "player": _role_chosen(sent.get("player", "").strip()[:40],
                                   sent.get("variant", "")),
            "said": sent.get("said", "").strip(),
            "variants": variants,
            "roles": list(dict.fromkeys(r for v in variants.values() for r in v.player_min))}


def _role_chosen(player: str, variant: str) -> str:
    """The player a form or link names, by the role's name in the rules when the variant
    named has that role (:meth:`Variant.role`: Child and CHILD are "child"), so the player
    box shows it chosen and the next check is judged for it too; as typed otherwise (a role
    the variant has not is refused with the check, in a variant without roles too)."""
    from companion.pdq import DEFAULT_VARIANT, get_variant

    try:
        var = get_variant(variant or DEFAULT_VARIANT)
        return var.role(player) if player and var.player_min else player
    except CompanionError:
        return player


class _Reading:
    """Which field of a form is being read, so that a refusal is tied to it on the page."""

    def __init__(self) -> None:
        self.field = ""

    def game(self) -> str | None:
        self.field = "game"
        return game_from(_sent().get("game"))

    def words(self, name: str, text: str | None) -> list[str]:
        self.field = name
        return words_from(text)

    def cards(self, game: str | None, pdq: dict) -> tuple[str, ...]:
        """PDQ's variant and cards, read before any word is judged by them (a later refusal
        is about the words again); the words said this round, which a PDL word must beat."""
        if game != "pdq" or not pdq["cards"]:
            return ()
        from companion.pdq import DEFAULT_VARIANT, get_variant, parse_cards

        words, self.field = self.field, "variant"
        variant = get_variant(pdq["variant"] or DEFAULT_VARIANT)
        self.field = "cards"
        parse_cards(pdq["cards"], variant)
        if pdq["player"]:  # a role it has not (every role, without them): said so
            self.field = "player"
            pdq["player"] = variant.role(pdq["player"])
        said: tuple[str, ...] = ()
        if pdq["said"]:  # refused under another variant than PDL, as the command line does
            self.field = "said"
            variant.check_said([pdq["said"]])
            text, pdq["said"] = pdq["said"], shown_said(pdq["said"])
            said = tuple(said_from(text))
        self.field = words
        return said


def _said_joined(game: str | None, pdq: dict, said: tuple[str, ...], ruling: Ruling) -> bool:
    """PDL: the words a PDQ check found VALID join the words-said box (``pdq["said"]``), the
    words to beat, as on the dealer (:func:`companion.web.pdq.said_after`); whether they did."""
    if game != "pdq" or not pdq["cards"]:
        return False
    from companion.pdq import DEFAULT_VARIANT
    from companion.web.pdq import said_after

    joined = said_after(pdq["variant"] or DEFAULT_VARIANT, said, ruling.verdicts)
    if joined is None:
        return False
    pdq["said"] = joined
    return True


@bp.get("/")
@repeatable("maybe")  # a cards photo's redirect names each card to check in one
def page() -> ResponseReturnValue:
    typed = _typed_address()
    if typed is not None:
        return redirect(typed, 303)
    text = box = request.args.get("word", "").strip()
    game, ruling, error, all_words = None, None, None, None
    pdq = _pdq_context()
    reading = _Reading()
    try:
        game = reading.game()
        if text:
            words = reading.words("word", text)
            said = reading.cards(game, pdq)
            ruling = rule(words, game, cards=pdq["cards"], variant=pdq["variant"],
                          player=pdq["player"], said=said)
            if _said_joined(game, pdq, said, ruling):
                box = ""  # it joined the words said: the box is for the next word
        if game == "pdq" and pdq["cards"] and request.args.get("all"):
            reading.cards(game, pdq)
            from companion.pdq import DEFAULT_VARIANT
            from companion.web.pdq import all_words as find_all

            all_words = find_all(pdq["cards"], pdq["variant"] or DEFAULT_VARIANT,
                                 pdq["player"])
    except CompanionError as exc:
        error = said_on_page(exc)
    return render_template("challenge.html", no_definition=NO_DEFINITION, word=box,
                           game=game, games=GAME_TITLES, ruling=ruling, error=error,
                           error_field=reading.field,
                           all_words=all_words, photo=_photo_note(),
                           picture=_picture() if _photo_note() else None,
                           doubts=_photo_doubts(request.args.getlist("maybe"), pdq["cards"],
                                                pdq["variant"]),
                           **pdq), (400 if error else 200)


# a card to check and what it may be: "3:OQDE"; "3w:DO" one a glare washed out
MAYBE = re.compile(r"([1-9])(w?):([A-Z]*)")


def _photo_doubts(given: list[str], cards: str, variant: str
                  ) -> list[tuple[int, list[str], str | None]]:
    """The cards a photo left in doubt, as its reading's redirect names them (``maybe``:
    the card's number, ``w`` when a glare washed out part of its letter, then the letters it
    offers, :func:`vision.cards.card_offers`): each card's number, letters and why it is
    listed beyond the classifier's doubt (:func:`vision.cards.card_why`: the glare, and the
    deck of ``variant`` holding fewer cards of its letter than ``cards`` show, in the
    deck's words, as the reader lists it; or None). One that does not say a card of
    ``cards`` is left out: the note is the photo's, and the cards box holds what is
    judged."""
    from vision.cards import card_why

    beyond = _beyond_the_deck(cards, variant)
    doubts = []
    for value in given:
        m = MAYBE.fullmatch(value)
        if m and int(m[1]) <= len(cards):
            n = int(m[1])
            doubts.append((n, list(m[3]), card_why(bool(m[2]), beyond[n - 1])))
    return doubts


def _beyond_the_deck(cards: str, variant: str) -> list[str | None]:
    """For each of the photo's ``cards`` the reader's reason when the deck of ``variant``
    holds fewer of its letter (:func:`vision.cards.beyond_the_deck`); none for a variant
    not known (the check refuses it)."""
    from companion.pdq import DEFAULT_VARIANT, get_variant
    from vision.cards import beyond_the_deck, deal_deck

    try:
        deck = deal_deck(get_variant(variant or DEFAULT_VARIANT))
    except CompanionError:
        return [None] * len(cards)
    return beyond_the_deck(cards.upper(), deck)


PHOTO_NOTES = ("read", "unsure")  # how the cards photo's redirect says it read the cards


def _photo_note() -> str | None:
    """How the cards photo read the cards ("read", or "unsure" of some), as its redirect says."""
    note = request.args.get("photo")
    return note if note in PHOTO_NOTES else None


def _typed_address() -> str | None:
    """The check page's address with only the boxes filled, when the one asked for holds
    more; None when it holds nothing else. Check sends the whole form, its cards photo's box
    too: a GET form sends a file box as its file's name, ``photo=`` when none is chosen, and
    no markup leaves that box out of Check while Read the cards sends it. So a shared or
    bookmarked check would carry an empty ``photo=`` (and the boxes left empty), and, with
    no game chosen, the variant box's default, which means nothing without PDQ: the page
    answers such an address with the same check's address without them (a PDQ check keeps
    its variant)."""
    from companion.pdq import DEFAULT_VARIANT

    sent = list(request.args.items(multi=True))
    pdq = request.args.get("game") == "pdq"
    kept = [(name, value) for name, value in sent
            if value and (name != "photo" or value in PHOTO_NOTES)
            and (pdq or name != "variant" or value != DEFAULT_VARIANT)]
    if len(kept) == len(sent):
        return None
    return url_for("challenge.page") + (f"?{urlencode(kept)}" if kept else "")


@bp.get("/check")
def check_address() -> ResponseReturnValue:
    """``/check``, the address a player guesses for the check page, whose tab is "Check" (it
    was "There is no such page"): a redirect (308) to the page, ``/``, with the check asked
    for, ``/check?word=qi`` to ``/?word=qi``."""
    query = request.query_string.decode("latin-1")
    return redirect(url_for("challenge.page") + (f"?{query}" if query else ""), code=308)


@bp.get("/pdq/cards-photo")
def back_to_check() -> ResponseReturnValue:
    """The cards photo form's address opened again: the check page, set for PDQ."""
    return redirect(url_for("challenge.page", game="pdq"))


@bp.post("/pdq/cards-photo")
def cards_photo() -> ResponseReturnValue:
    """The check page set for PDQ with the cards read from a photo (as many as the form's
    variant deals: a card hidden is not read as a smaller deal), or, when they cannot be
    read, as the cards-photo form left it (its word, variant and player), the photo's refusal
    tied to the photo field."""
    from companion.pdq import DEFAULT_VARIANT, get_variant
    from companion.web.pdq import deal_from_photo
    from vision.cards import washed_said

    variant = request.form.get("variant") or DEFAULT_VARIANT  # the cards are checked under it
    try:
        get_variant(variant)  # an unknown one is the variant box's fault, not the photo's
    except CompanionError as exc:
        return _cards_photo_refused(said_on_page(exc), status_of(exc), "variant")
    try:
        read, picture = deal_from_photo(variant)
    except CompanionError as exc:
        return _cards_photo_refused(str(exc), status_of(exc),
                                    field_at_fault(exc, "cards-photo"))
    maybe = [f"{i + 1}{'w' if washed_said(read['why'][i]) else ''}:"
             f"{''.join(a['letter'] for a in read['alternatives'][i])}"
             for i in read["uncertain"]]
    return redirect(url_for("challenge.page", game="pdq", cards=read["cards"],
                            variant=variant, word=request.form.get("word") or None,
                            player=request.form.get("player", "").strip()[:40] or None,
                            photo="unsure" if read["uncertain"] else "read",
                            maybe=maybe or None, picture=_keep_picture(picture)))


DEAL_PICTURE = "deal-as-read.jpg"  # a cards photo's picture as read, kept a short while
DEAL_PICTURE_SECONDS = 600
_PICTURE_KEY = re.compile(r"[0-9a-f]{64}")


def _keep_picture(jpeg: bytes) -> str:
    """Keep a cards photo's picture as read (the photo itself is not kept) for the check page
    it leads to, :data:`DEAL_PICTURE_SECONDS`, under a key no one guesses; the pictures kept
    longer than that go now. The key, committed."""
    import secrets
    from datetime import timedelta

    from sqlalchemy import delete

    from companion.web import artifacts
    from companion.web.db import session
    from companion.web.models import Artifact, utc_now

    db = session()
    db.execute(delete(Artifact).where(
        Artifact.name == DEAL_PICTURE,
        Artifact.created < utc_now() - timedelta(seconds=DEAL_PICTURE_SECONDS)))
    key = secrets.token_hex(32)
    artifacts.put(db, key, DEAL_PICTURE, jpeg, "image/jpeg")
    db.commit()
    return key


def _picture() -> dict | None:
    """The picture of the cards photo the page's address names (``picture``), as the page
    shows it inline: ``src`` (a data URL), ``width`` and ``height``; ``{"gone": True}`` once
    it is no longer kept; None when the address names none."""
    import base64
    from datetime import timedelta

    import cv2
    import numpy as np

    from companion.web import artifacts
    from companion.web.db import session
    from companion.web.models import utc_now

    key = request.args.get("picture", "")
    if not key:
        return None
    row = artifacts.get(session(), key, DEAL_PICTURE) if _PICTURE_KEY.fullmatch(key) else None
    if row is None or row.created < utc_now() - timedelta(seconds=DEAL_PICTURE_SECONDS):
        return {"gone": True, "minutes": DEAL_PICTURE_SECONDS // 60}
    image = cv2.imdecode(np.frombuffer(row.data, np.uint8), cv2.IMREAD_UNCHANGED)
    if image is None:  # pragma: no cover - the app stored it from OpenCV's own JPEG
        return {"gone": True, "minutes": DEAL_PICTURE_SECONDS // 60}
    height, width = image.shape[:2]
    return {"src": "data:image/jpeg;base64," + base64.b64encode(row.data).decode("ascii"),
            "width": width, "height": height}


def _cards_photo_refused(error: str, status: int, field: str) -> ResponseReturnValue:
    return render_template("challenge.html", no_definition=NO_DEFINITION,
                           word=request.form.get("word", "").strip()[:400], game="pdq",
                           games=GAME_TITLES, ruling=None, error=error,
                           error_field=field, all_words=None, photo=None,
                           **_pdq_context()), status


@bp.route("/judge", methods=["GET", "POST"])
def judge() -> ResponseReturnValue:
    ruling, error, game = None, None, None
    pdq = _pdq_context()
    reading = _Reading()
    try:
        game = reading.game()
        if request.method == "POST":
            words = reading.words("words", request.form.get("words"))
            said = reading.cards(game, pdq)
            ruling = rule(words, game, definitions=False, cards=pdq["cards"],
                          variant=pdq["variant"], player=pdq["player"], said=said)
            _said_joined(game, pdq, said, ruling)
    except CompanionError as exc:
        error = said_on_page(exc)
    # A refused play comes back as typed; a judged one is never shown again (no hints).
    typed = request.form.get("words", "")[:MAX_JUDGE_TEXT] if error else ""
    return render_template("judge.html", games=GAME_TITLES, game=game, ruling=ruling, **pdq,
                           on_a_board=game is None or game in BOARD_GAMES,
                           words=typed, error=error, error_field=reading.field,
                           decided_by=lexicon().shown_deciders(ruling.decided_by)
                           if ruling else [],
                           clear_after=current_app.config["JUDGE_CLEAR_SECONDS"]), (
        400 if error else 200)


def _api_words() -> tuple[list[str], str | None, str, str, str, tuple[str, ...]]:
    """Words, game, and for PDQ the cards, variant, player and (PDL) the words said this
    round, from the query or a JSON body."""
    body = request.get_json(silent=True) if request.method == "POST" else None
    if request.method == "POST" and not isinstance(body, dict):
        raise CompanionError('Send a JSON object such as {"words": ["cat", "dog"]}.')
    if body is not None:
        raw = body.get("words", body.get("word"))
        if not (isinstance(raw, str) or isinstance(raw, list)
                and all(isinstance(w, str) for w in raw)):
            raise CompanionError('"words" must be a list of words (or one word as a string).')
        source = body
    else:
        source = request.args.to_dict()  # a plain dict: a missing key costs no exception
        raw = source.get("words") or source.get("word")
        if not raw:
            raise CompanionError("Give a word: /api/check?word=WORD")
    # (a JSON body's types are checked before the view: inputs.refuse_wrong_json_types)
    cards, variant = source.get("cards") or "", source.get("variant") or ""
    player = source.get("player") or ""
    said = source.get("said") or []
    return (words_from(raw), game_from(source.get("game")), cards[:12], variant[:40],
            player.strip()[:40], tuple(words_from(said)) if said else ())


@lru_cache(maxsize=8192)
def _check_body(words: tuple[str, ...], game: str | None, word_list: WordListSpec,
                single: bool, cards: str, variant: str, player: str = "",
                said: tuple[str, ...] = ()) -> str:
    # The JSON answer is as pure as the verdicts, so it is remembered too (the hot path), for
    # the word list it was judged by (``word_list``: the house list too, not only its base).
    ruling = rule(list(words), game, cards=cards, variant=variant, player=player, said=said)
    data = ruling.verdicts[0].to_dict() if single else ruling.to_dict()
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


@bp.get("/api/check")
def api_check() -> ResponseReturnValue:
    words, game, cards, variant, player, said = _api_words()
    single = len(words) == 1 and "words" not in request.args
    body = _check_body(tuple(words), game, word_list_spec(), single, cards, variant, player,
                       said)
    return Response(body, mimetype="application/json")


@bp.route("/api/judge", methods=["GET", "POST"])
def api_judge() -> ResponseReturnValue:
    words, game, cards, variant, player, said = _api_words()
    ruling = rule(words, game, definitions=False, cards=cards, variant=variant, player=player,
                  said=said)
    return jsonify(ruling.to_dict(judge=True))


_WORDS_SCHEMA = {"type": "object", "properties": {
    "words": {"oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 20},
                        {"type": "string"}]},
    "game": {"type": "string", "enum": list(GAME_TITLES)},
    "cards": {"type": "string", "description": "PDQ: the cards left to right"},
    "variant": {"type": "string", "description": "PDQ: the variant (default regular)"},
    "player": {"type": "string", "description": "Intergenerational PDQ: the role of the "
               "player judged, adult or child (default: every player)"},
    "said": {"oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 20},
                       {"type": "string"}],
             "description": "PDL: the words already said this round, which a word must beat"},
}, "required": ["words"]}
_RULING_SCHEMA = {"type": "object", "properties": {
    "valid": {"type": "boolean"}, "reason": {"type": "string"},
    "failed": {"type": "array", "items": {"type": "string"}}, "lexicon": {"type": "string"},
    "words": {"type": "array", "items": {"$ref": "#/components/schemas/Verdict"}}},
    "required": ["valid", "words"]}
_JUDGE_SCHEMA = {"type": "object", "properties": {
    "valid": {"type": "boolean"}, "lexicon": {"type": "string"}, "count": {"type": "integer"}}}
_GAME_PARAM = openapi.query("game", "apply this game's rules (e.g. PDQ needs 4+ letters)",
                            schema={"type": "string", "enum": list(GAME_TITLES)})
_PDQ_PARAMS = [openapi.query("cards", "PDQ (game=pdq): the cards left to right, e.g. PNA"),
               openapi.query("variant", "PDQ: the variant (see /api/pdq/variants)"),
               openapi.query("player", "Intergenerational PDQ: the role of the player judged, "
                             "adult or child (default: every player)"),
               openapi.query("said", "PDL: the words already said this round, separated by "
                             "commas, which a word must beat")]

openapi.add("/api/check", "get", {
    "summary": "Check a word (or several): verdict, reason and definitions",
    "parameters": [
        openapi.query("word", "one word: the answer is a single Verdict"),
        openapi.query("words", "several words separated by spaces or commas: the answer says "
                      "which failed"),
        _GAME_PARAM, *_PDQ_PARAMS,
    ],
    "responses": {
        "200": {"description": "a Verdict for `word`, a ruling for `words`", "content": {
            "application/json": {"schema": {"oneOf": [
                {"$ref": "#/components/schemas/Verdict"}, _RULING_SCHEMA]}}}},
    },
})
_JUDGE_DOC = {
    "summary": "Judge mode: one valid/not valid verdict for a play's words, naming none",
    "responses": openapi.ok("the verdict and the word list in use", _JUDGE_SCHEMA),
}
openapi.add("/api/judge", "get", {
    **_JUDGE_DOC,
    "parameters": [openapi.query("words", "the words, separated by spaces or commas",
                                 required=True), _GAME_PARAM, *_PDQ_PARAMS],
})
openapi.add("/api/judge", "post", {**_JUDGE_DOC, "requestBody": openapi.json_body(_WORDS_SCHEMA)})
