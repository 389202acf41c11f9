"""Challenge: is this word valid at the table, and what does it mean."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template, request

from companion.judge import GAME_TITLES, GAMES, check_word
from companion.lexicon import Lexicon, LexiconError, load_lexicon

bp = Blueprint("challenge", __name__)


def _lexicon() -> Lexicon:
    return load_lexicon(current_app.config.get("LEXICON_PATH"))


def _game_arg() -> str | None:
    game = request.args.get("game") or None
    return game if game in GAMES else None


@bp.get("/")
def page():
    word = request.args.get("word", "").strip()
    game = _game_arg()
    verdict = check_word(word, game=game, lexicon=_lexicon()) if word else None
    return render_template("challenge.html", word=word, game=game, games=GAME_TITLES,
                           verdict=verdict)


@bp.get("/api/check")
def api_check():
    word = request.args.get("word", "").strip()
    game = request.args.get("game") or None
    if not word:
        return jsonify(error="give a word: /api/check?word=WORD"), 400
    if len(word) > 64:
        return jsonify(error="that word is too long to judge (64 letters at most)"), 400
    if game is not None and game not in GAMES:
        return jsonify(error=f"unknown game {game!r}; choose one of {', '.join(GAMES)}"), 400
    try:
        lex = _lexicon()
    except LexiconError as exc:
        return jsonify(error=str(exc)), 500
    return jsonify(check_word(word, game=game, lexicon=lex).to_dict())
