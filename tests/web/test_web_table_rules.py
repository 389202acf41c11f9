"""The table's rules on the phone: each challenge rule's outcome, the game clock on a fake
time source, who may run the clock, and the record these games write (replayed)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from appfactory import at_once, make_app, page_said, token
from fakeclock import FakeClock
from lateboard import late_board

from companion.board import Board
from companion.bugwords.gcg import parse_gcg
from companion.bugwords.replay import replay
from companion.cli import main
from companion.errors import CompanionError
from companion.lexicon import default_lexicon
from companion.werdup.game import Game as WerdUpGame
from companion.werdup.notation import parse_play
from companion.werdup.record import replay as werdup_replay
from companion.werdup.record import write_record
from companion.werdup.rules import get_rules


@pytest.fixture
def fake():
    return FakeClock(1000.0)


@pytest.fixture
def tapp(tmp_path, fake, any_db_url):
    """The app on a fake clock, on SQLite and (when it is set up) PostgreSQL."""
    application = make_app(tmp_path, any_db_url, CLOCK=fake)
    yield application
    from companion.web.db import engine_of

    engine_of(application).dispose()


def _start(client, rule="none", minutes="", penalty="10", players=("Ann", "Bob"),
           game="bugwords"):
    resp = client.post("/games", data={"csrf_token": token(client), "game": game,
                                       "player": list(players), "challenge_rule": rule,
                                       "clock_minutes": minutes, "clock_penalty": penalty})
    assert resp.status_code == 302, resp.get_data(as_text=True)
    return resp.headers["Location"].rsplit("/", 1)[1]


def _api(client, key):
    return client.get(f"/api/games/{key}").get_json()


def _form(client, key, path, **fields):
    data = {"csrf_token": token(client), "version": _api(client, key)["version"], **fields}
    return client.post(f"/games/{key}/{path}", data=data)


def _play(client, key, play):
    resp = _form(client, key, "turns", play=play, action="play")
    assert resp.status_code == 302, resp.get_data(as_text=True)


def test_the_word_list_knows_the_test_words():
    lex = default_lexicon()
    assert "CAT" in lex and "QXZ" not in lex


# rule, play, stands, scores for Ann, Bob's turns after the challenge
CASES = [
    ("single", "8G QXZ", False, [0], []),
    ("single", "8G CAT", True, [10], []),
    ("double", "8G QXZ", False, [0], []),
    ("double", "8G CAT", True, [10], ["pass"]),
    ("points", "8G QXZ", False, [0], []),
    ("points", "8G CAT", True, [15], []),
]


@pytest.mark.parametrize(("rule", "play", "stands", "scores", "after"), CASES)
def test_each_rule_decides_a_challenge(tapp, rule, play, stands, scores, after):
    client = tapp.test_client()
    key = _start(client, rule)
    _play(client, key, play)  # a phony is scored, not refused, at a table that challenges
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "Challenge?" in page
    before = _api(client, key)
    assert before["turns"][0]["score"] > 0 and before["challengeable"] is True
    assert before["challenge_rule"] == ("points 5" if rule == "points" else rule)
    resp = _form(client, key, "challenge")
    assert resp.status_code == 302
    game = _api(client, key)
    assert [t["score"] for t in game["turns"] if t["seat"] == 0] == scores
    assert [t["action"] for t in game["turns"] if t["seat"] == 1] == after
    outcome = game["turns"][0]["detail"]["challenge"]
    assert outcome["play_stands"] is stands and outcome["rule"] == rule
    if stands:
        assert game["board"]["text"] == before["board"]["text"]
        assert game["next_seat"] == (0 if after else 1)
    else:
        assert outcome["invalid_words"] == ["QXZ"]
        assert not (game["board"] or {}).get("text")  # the tiles came off
        assert outcome["plays_again"] is False and game["next_seat"] == 1  # Bug Words
    page = page_said(client.get(f"/games/{key}"))
    assert "Challenge?" not in page and 'id="challenge-outcome"' in page
    # the list named one way, as the reason names it ("... (companion default)" before),
    # and once: "Challenged, judged by X: QXZ is not in the word list X." said it twice
    named = "SCOWL-70 US/UK/CA/AU, the companion default"
    word = play.split()[1]
    at = page.index('id="challenge-outcome"')
    said = page[page.index(">", at) + 1:page.index("</p>", at)]
    assert said.count(named) == 1
    # the play named: once Bob's lost turn is recorded the last play's box is gone, and
    # "Challenged, ...: The play is valid and stands" named no play
    assert said.startswith(f"{word} challenged, judged by {named}: The play is valid and "
                           "stands" if stands else
                           f"{word} challenged: QXZ is not in the word list {named}. ")
    # the last play's box and the turns say what the challenge did to the play
    at = page.find('id="last-play"')  # (none once the challenger's lost turn is recorded)
    last_play = page[at:page.index("</section>", at)] if at >= 0 else ""
    assert bool(last_play) != bool(after)
    turns = page[page.index('id="turns"'):]
    if stands:
        assert f"scores {scores[0]}" in last_play or after
        assert "came off" not in last_play
        assert "(challenged off)" not in turns
        bonus = scores[0] - 10
        # the bonus in the command line's replays' words ("challenge bonus", "(+5 challenge)"
        # on the turns before), on the screen and on paper
        assert (f"challenge bonus +{bonus}</li>" in last_play) == (bonus > 0)
        assert (f"{word} (challenge bonus +{bonus})" in turns) == (bonus > 0)
        printed = client.get(f"/games/{key}/print").get_data(as_text=True)
        assert (f"{word} (challenge bonus +{bonus}) {scores[0]}" in printed) == (bonus > 0)
        assert "challenge)" not in printed.replace("(turn lost to a challenge)", "")
        assert ("(turn lost to a challenge)" in turns) == bool(after)
    else:
        assert 'class="notice bad" id="last-play"' in page and "scores" not in last_play
        assert "came off the board after a challenge: 0 points (it would have scored" in (
            last_play)
        assert f"{word} (challenged off)" in turns
        printed = client.get(f"/games/{key}/print").get_data(as_text=True)
        assert f"{word} (challenged off) 0" in printed
    again = _form(client, key, "challenge")  # a play is challenged once
    assert again.status_code == 400


def test_werdup_gives_one_more_try_after_a_word_challenged_off(tapp):
    """The WerdUp rulebook: the player takes the tiles back and plays another word or passes;
    a second word challenged off misses the turn."""
    client = tapp.test_client()
    key = _start(client, "single", game="werdup")
    _play(client, key, "5E ZXK")
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    assert game["turns"][0]["detail"]["challenge"]["plays_again"] is True
    assert game["next_seat"] == 0 and not (game["board"] or {}).get("text")
    _play(client, key, "5E KZX")
    assert _api(client, key)["turns"][1]["seat"] == 0
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    assert game["turns"][1]["detail"]["challenge"]["plays_again"] is False
    assert game["next_seat"] == 1
    _play(client, key, "5E CAT")  # Bob's turn, with a try of its own
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    assert [t["seat"] for t in game["turns"]] == [0, 0, 1]
    assert game["turns"][2]["score"] > 0 and game["next_seat"] == 0
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert "#note ChallengeRule: single" in text
    moves = [ln.split()[2:] for ln in text.splitlines() if ln.startswith(">")]
    assert [m[0] for m in moves] == ["5E", "--", "5E", "--", "5E"]
    result = werdup_replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert sorted(result.totals.values()) == sorted(p["total"] for p in game["players"])


def test_a_turn_with_another_try_is_one_cell_of_its_round_on_the_printed_sheet(tapp):
    """WerdUp's other try after a word challenged off is the same turn: the printed sheet,
    a row a round, holds both of Ann's tries in her cell of round 1 (a line each), beside
    Bob's turn in the same row, and her next turn in round 2, not the try in round 2 and
    every later turn a round late."""
    import re

    from companion.web import scoresheet
    from companion.web.db import session

    client = tapp.test_client()
    key = _start(client, "single", game="werdup")
    _play(client, key, "5E ZXK")
    assert _form(client, key, "challenge").status_code == 302
    for play in ("5E CAT", "F4 AXE"):  # Ann's try, Bob's turn
        _play(client, key, play)
    assert _form(client, key, "turns", action="pass").status_code == 302  # Ann's next
    with tapp.app_context():
        rounds = scoresheet.rounds(scoresheet.get_game(session(), key))
        assert [[[r["words"] for r in cell] for cell in each["turns"]] for each in rounds] == [
            [["ZXK", "CAT"], ["AXE CXT"]], [[""], []]]  # (AXE stacked its X on CAT)
    printed = client.get(f"/games/{key}/print").get_data(as_text=True)
    rows = re.findall(r'<tr id="round-(\d+)">(.*?)</tr>', printed, re.S)
    assert [n for n, _ in rows] == ["1", "2"]
    assert re.search(r"ZXK \(challenged off\) 0<br>CAT \d+</span>.*AXE CXT \d+", rows[0][1], re.S)
    assert "pass 0" in rows[1][1] and "AXE" not in rows[1][1]


def test_a_turn_refused_after_a_challenge_names_the_player_as_typed(tapp):
    """The refusal of a move after a second word challenged off began with the player's name,
    so 'ann' was shown 'Ann'."""
    client = tapp.test_client()
    key = _start(client, "single", game="werdup", players=("ann", "bob"))
    for play in ("5E ZXK", "5E KZX"):
        _play(client, key, play)
        assert _form(client, key, "challenge").status_code == 302
    resp = client.post(f"/api/games/{key}/turns", json={
        "seat": 0, "action": "pass", "version": _api(client, key)["version"]})
    assert resp.status_code == 400
    assert resp.get_json()["error"].startswith("Player ann cannot move again in this turn")


def test_the_turn_rules_after_a_word_challenged_off_refuse_a_third_word_or_a_move_out_of_turn(
        tapp):
    """A player whose word came off plays again (no one else moves first); after a second word
    challenged off, that player's turn is over, even when the seat is chosen by hand."""
    client = tapp.test_client()
    key = _start(client, "single", game="werdup")
    _play(client, key, "5E ZXK")
    assert _form(client, key, "challenge").status_code == 302
    resp = _form(client, key, "turns", play="5E CAT", action="play", seat="1")
    assert resp.status_code == 400
    assert ("It is still Ann&#39;s turn: their word came off after a challenge, so Ann plays "
            "another word or passes before Bob moves.") in resp.get_data(as_text=True)
    _play(client, key, "5E KZX")
    assert _form(client, key, "challenge").status_code == 302
    for action in ("play", "pass"):
        resp = client.post(f"/api/games/{key}/turns", json={
            "seat": 0, "action": action, "play": "5E CAT" if action == "play" else "",
            "version": _api(client, key)["version"]})
        assert resp.status_code == 400
        assert resp.get_json()["error"] == (
            "Player Ann cannot move again in this turn: a second word of theirs came off after a "
            "challenge, which ends the turn, so the next player moves.")
    assert [t["seat"] for t in _api(client, key)["turns"]] == [0, 0]
    resp = _form(client, key, "turns", play="5E CAT", action="play", seat="1")
    assert resp.status_code == 302 and _api(client, key)["turns"][2]["seat"] == 1


def _pass(client, key):
    resp = _form(client, key, "turns", action="pass")
    assert resp.status_code == 302, resp.get_data(as_text=True)


def test_in_werdup_a_pass_or_a_swap_keeps_the_word_open_until_another_word_is_played(tapp):
    """The WerdUp rulebook: a word "must be challenged before another word is played on the
    board", so Bob's pass and Cy's swap leave Ann's word open; challenged off then, it comes
    off, there is no second try (her turn is over) and the turn stays where it was."""
    client = tapp.test_client()
    key = _start(client, "single", players=("Ann", "Bob", "Cy"), game="werdup")
    _play(client, key, "5E ZXK")
    _pass(client, key)
    assert _form(client, key, "turns", action="swap").status_code == 302
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "may challenge ZXK before another word is played" in page
    assert _api(client, key)["challengeable"] is True
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    outcome = game["turns"][0]["detail"]["challenge"]
    assert outcome["play_stands"] is False and outcome["plays_again"] is False
    assert game["turns"][0]["score"] == 0 and not (game["board"] or {}).get("text")
    assert game["next_seat"] == 0 and [t["seat"] for t in game["turns"]] == [0, 1, 2]
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "ZXK is not in the word list" in page and "Challenge?" not in page
    _play(client, key, "5E CAT")  # Ann's next turn
    _pass(client, key)
    _play(client, key, "F4 O(A)T")  # Cy's word closes CAT's window
    _pass(client, key)
    assert _api(client, key)["challengeable"] is True  # OAT's
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert text.index("chose to swap") < text.index("--")  # written where it happened
    result = werdup_replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    # Bug Words keeps a play open until the next turn of any kind
    key = _start(client, "single")
    _play(client, key, "8G QXZ")
    _pass(client, key)
    assert _api(client, key)["challengeable"] is False
    resp = _form(client, key, "challenge")
    assert resp.status_code == 400
    assert "only the last play, before the next turn, can be challenged" in resp.get_data(
        as_text=True)


CHALLENGES_OFF = ("Challenges are off at this table: the companion judges each play as it is "
                  "made.")


@pytest.mark.parametrize(("game", "rule", "play"), [("werdup", "", "5E QUIZ"),
                                                    ("bugwords", "none", "8H QUIZ")])
def test_a_challenge_in_a_game_without_challenges_says_there_are_none(tapp, game, rule,
                                                                     play):
    """A challenge of the play just made, in a game where the companion judges every play
    (WerdUp's own rule, or chosen), said "There is no play to challenge: only the last play,
    before the next turn, can be challenged.", though that play had just been made. It says
    the game has no challenges, by the API and the sheet alike, and changes nothing."""
    client = tapp.test_client()
    key = _start(client, rule, game=game)
    _play(client, key, play)
    before = _api(client, key)
    resp = client.post(f"/api/games/{key}/challenge", json={})
    assert resp.status_code == 400 and resp.get_json()["error"] == CHALLENGES_OFF
    page = _form(client, key, "challenge")
    assert page.status_code == 400 and CHALLENGES_OFF in html.unescape(page_said(page))
    after = _api(client, key)
    assert after["turns"] == before["turns"] and after["challenge_rule"] == "none"


def test_words_typed_with_a_score_in_a_game_without_challenges_are_judged(tapp):
    """With no challenges, K8 ZA typed as a play was refused (not in the word list) but
    ZXQ typed as words with a score of 30 was recorded, and nothing could challenge it. The
    words are judged as a typed play's are; at a table that challenges they are recorded."""
    client = tapp.test_client()
    key = _start(client, "none")
    _play(client, key, "8G QUIZ")
    named = "the word list SCOWL-70 US/UK/CA/AU, the companion default"
    resp = client.post(f"/api/games/{key}/turns", json={"words": "ZXQ", "score": 30})
    assert resp.status_code == 400 and resp.get_json()["error"] == f"ZXQ is not in {named}."
    resp = client.post(f"/api/games/{key}/turns", json={"words": "qi zxq, qx", "score": 30})
    assert resp.get_json()["error"] == f"ZXQ and QX are not in {named}."
    page = _form(client, key, "turns", words="ZXQ", score="30", action="play")
    assert page.status_code == 400 and f"ZXQ is not in {named}." in page_said(page)
    assert re.search(r'id="words"[^>]*value="ZXQ" aria-invalid="true"',
                     page.get_data(as_text=True))
    assert [t["words"] for t in _api(client, key)["turns"]] == ["QUIZ"]
    ok = client.post(f"/api/games/{key}/turns", json={"words": "qi, at", "score": 13})
    assert ok.status_code == 201 and ok.get_json()["turns"][1]["words"] == "QI, AT"
    werdup = _start(client, "", game="werdup")  # its own rule: no challenges
    resp = client.post(f"/api/games/{werdup}/turns", json={"words": "QUIT ZXQ", "score": 5})
    assert resp.get_json()["error"] == f"ZXQ is not in {named}."
    assert client.post(f"/api/games/{werdup}/turns", json={"words": "QUIT", "score": 5}
                       ).status_code == 201
    challenged = _start(client, "single")
    resp = client.post(f"/api/games/{challenged}/turns", json={"words": "ZXQ", "score": 30})
    assert resp.status_code == 201


def _seats_and_moves(game):
    return [(t["seat"], "lost" if (t["detail"] or {}).get("lost_turn") else t["action"])
            for t in game["turns"]]


def test_a_wrong_challenge_under_double_costs_the_challenger_their_own_next_turn(tapp):
    """Three players, the double rule, WerdUp (a word stays open past passes and swaps):
    Ann plays CAT, Bob passes and Cy, to move, challenges it: CAT stands and Cy loses the
    turn she was about to take, so Ann moves next. Bob, named as the challenger of Ann's OAT
    after his pass, loses his own next turn when it comes, after Cy's and Ann's. The engine
    makes the same turns of the same moves, and the record replays."""
    client = tapp.test_client()
    key = _start(client, "double", players=("Ann", "Bob", "Cy"), game="werdup")
    _play(client, key, "5E CAT")
    _pass(client, key)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "Cy may challenge CAT before another word is played" in page
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    assert _seats_and_moves(game) == [(0, "play"), (1, "pass"), (2, "lost")]
    assert game["turns"][0]["detail"]["challenge"]["challenger"] == 2
    assert game["next_seat"] == 0
    _play(client, key, "F4 O(A)T")
    _pass(client, key)
    resp = _form(client, key, "challenge", challenger="0")
    assert resp.status_code == 400
    assert "The challenger must be another player at the table than Ann" in resp.get_data(
        as_text=True)
    resp = client.post(f"/api/games/{key}/challenge", json={
        "challenger": 5, "version": _api(client, key)["version"]})
    assert resp.status_code == 400
    assert resp.get_json()["error"] == "Choose one of this game's players as the challenger."
    assert _form(client, key, "challenge", challenger="1").status_code == 302
    game = _api(client, key)
    assert game["turns"][3]["detail"]["challenge"]["play_stands"] is True
    assert game["next_seat"] == 2 and len(game["turns"]) == 5  # Cy's turn; Bob's comes later
    assert _form(client, key, "turns", action="swap").status_code == 302  # Cy
    assert _form(client, key, "turns", action="swap").status_code == 302  # Ann
    game = _api(client, key)
    web = _seats_and_moves(game)
    assert web[5:] == [(2, "swap"), (0, "swap"), (1, "lost")] and game["next_seat"] == 2
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    result = werdup_replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert list(result.totals.values()) == [p["total"] for p in game["players"]]

    # the engine, on the same moves
    rules = get_rules("werdup").with_settings(challenges="double")
    racks = {"Ann": "CATOTEE", "Bob": "IIUUEEE", "Cy": "IIUUOOE"}
    g = WerdUpGame(rules, default_lexicon(), list(racks), random.Random(1),
                   Board(rules.board_size, rules.board_size), list("NMLKJHGFDB"),
                   {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5E CAT"))
    g.pass_turn()
    assert g.challenge().play_stands and g.player == "Ann"
    g.play(parse_play(g.board, "F4 O(A)T"))
    g.pass_turn()
    assert g.challenge("Bob").play_stands and g.player == "Cy"
    g.swap("I")
    g.swap("E")
    kinds = {"Play": "play", "Pass": "pass", "Swap": "swap", "LostTurn": "lost"}
    assert [(g.players.index(t.player), kinds[type(t.move).__name__])
            for t in g.history] == web
    assert g.player == "Cy"
    assert [g.scores[p["name"]] for p in game["players"]] == [p["total"] for p in
                                                               game["players"]]
    assert werdup_replay(write_record(g), default_lexicon()).ok
    # the lost turn taken back: the table records Bob's turn as it was, once
    assert _form(client, key, "undo").status_code == 302
    assert _api(client, key)["next_seat"] == 1
    _pass(client, key)
    _pass(client, key)
    assert _seats_and_moves(_api(client, key))[7:] == [(1, "pass"), (2, "pass")]


def test_without_challenges_the_companion_refuses_a_phony(tapp):
    client = tapp.test_client()
    key = _start(client, "none")
    resp = _form(client, key, "turns", play="8G QXZ", action="play")
    assert resp.status_code == 400 and "QXZ" in resp.get_data(as_text=True)
    assert _api(client, key)["turns"] == []
    assert _form(client, key, "challenge").status_code == 400


def test_a_challenge_names_the_version_it_saw(tapp):
    client = tapp.test_client()
    key = _start(client, "single")
    _play(client, key, "8G CAT")
    stale = client.post(f"/games/{key}/challenge",
                        data={"csrf_token": token(client), "version": 0})
    assert stale.status_code == 409
    assert "challenge" not in _api(client, key)["turns"][0]["detail"]


def test_the_next_turn_closes_the_challenge(tapp):
    client = tapp.test_client()
    key = _start(client, "single")
    _play(client, key, "8G CAT")
    _form(client, key, "turns", action="pass")
    assert _form(client, key, "challenge").status_code == 400


def _press(client, key, **fields):
    return client.post(f"/games/{key}/clock", data={"csrf_token": token(client), **fields})


def test_the_clock_runs_on_the_fake_time_and_survives_a_reload(tapp, fake):
    client = tapp.test_client()
    key = _start(client, "none", minutes="1", penalty="10")
    view = client.get(f"/api/games/{key}").get_json()["view_key"]
    assert _press(client, key, seat="0").status_code == 302  # Ann's clock starts
    fake.t += 50
    _press(client, key, running="0")  # Ann taps: Bob's turn
    assert _press(client, key, running="0").status_code == 409  # a double tap: refused
    fake.t += 20
    state = client.get(f"/api/games/{key}/clock").get_json()
    assert state["running"] == 1 and state["table"] is True
    assert [p["shown"] for p in state["players"]] == ["0:10", "0:40"]
    api = client.get(f"/api/games/{key}").get_json()
    assert api["clock"]["running"] == 1 and api["challenge_rule"] == "none"
    # a second phone with the spectators' link sees the same clock, and cannot press it
    other = tapp.test_client()
    seen = other.get(f"/api/games/{view}/clock").get_json()
    assert [p["shown"] for p in seen["players"]] == ["0:10", "0:40"] and seen["table"] is False
    page = other.get(f"/games/{view}/clock").get_data(as_text=True)
    assert "0:40" in page and "Watching" in page
    assert _press(other, view).status_code == 403
    _press(client, key, action="pause")
    fake.t += 500
    assert client.get(f"/api/games/{key}/clock").get_json()["players"][1]["shown"] == "0:40"
    _press(client, key, action="resume")
    fake.t += 61  # Bob is 21 s over: one started minute
    sheet = client.get(f"/games/{key}").get_data(as_text=True)
    assert "-0:21" in sheet and "(-10)" in sheet


def test_a_press_by_the_spectators_link_says_it_cannot_change_the_game_and_leads_to_it(tapp):
    """The spectators' link pressing the clock (a page kept from before, or a crafted form)
    got the error page "Cannot do that", whose only way on was "Go back or start again": it
    says the link cannot change the game and leads to the game's read-only view; the API
    says only the sentence."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1")
    view = _api(client, key)["view_key"]
    watcher = tapp.test_client()
    resp = watcher.post(f"/games/{view}/clock", data={"csrf_token": token(watcher)},
                        headers={"Referer": f"http://localhost/games/{view}/clock"})
    assert resp.status_code == 403
    page = page_said(resp)
    assert "<h1>This link cannot change the game</h1>" in page
    assert "only the players&#39; table link can run the clock." in page
    read_only = re.search(r'<p class="taps">This link shows the game but cannot change it: '
                          r'<a href="([^"]+)" id="read-only">see the game, read only</a>, or '
                          r'<a href="[^"]+" id="go-back">go back</a>\.</p>', page)
    assert read_only and read_only[1] == f"/games/{view}"
    assert 'id="start-again"' not in page and key not in page
    shown = watcher.get(read_only[1])
    assert shown.status_code == 200 and 'id="turn-form"' not in shown.get_data(as_text=True)
    api = watcher.post(f"/api/games/{view}/clock", json={})
    assert api.status_code == 403 and set(api.get_json()) == {"error", "status"}


def test_a_press_on_an_older_view_of_the_clock_says_so_and_shows_it_as_it_stands(tapp):
    """A double tap on the clock page (409) showed the generic error page, "Cannot do that",
    whose sentence said "here it is as it stands now" over no clock and whose way on was
    "Start again": the clock's page says what happened over the clock as it stands, its
    running button ready for the next tap, with the way to load it again. The API says it
    in its own words, what to fetch and send; so does a refusal of a game over since the
    page was shown, on the page."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1")
    assert _press(client, key, seat="0").status_code == 302
    stale = _press(client, key, running="-1")
    assert stale.status_code == 409
    page = page_said(stale)
    said = html.unescape(re.search(r'<p class="notice bad" id="error"[^>]*>([^<]*)</p>',
                                   page)[1])
    assert said == ("The clock was pressed meanwhile (a double tap, or another phone): here "
                    "it is as it stands now.")
    assert "Cannot do that" not in page
    assert f'<a href="/games/{key}/clock" id="reload-clock">Reload the clock</a>' in page
    ann = re.search(r'<form[^>]*class="clock-face">(?:(?!</form>).)*id="clock-0".*?</form>',
                    page, re.S)[0]
    assert 'name="running" value="0"' in ann and 'class="clock-button running"' in ann
    assert " disabled" not in ann.split("<button", 1)[1].split(">", 1)[0]
    assert _tap_on_page(client, key, 0).status_code == 302  # the tap from it goes through
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] == 1
    resp = client.post(f"/api/games/{key}/clock", json={"running": 0})
    assert resp.status_code == 409 and resp.is_json
    assert "fetch it again (GET /api/games/<key>/clock)" in resp.get_json()["error"]
    sent = client.post(f"/games/{key}/clock", json={"running": 0})  # JSON: to the API
    assert sent.status_code == 308
    assert sent.headers["Location"].endswith(f"/api/games/{key}/clock")
    assert _form(client, key, "finish", rack0="AEIOSTN", rack1="AEIOUST").status_code == 302
    over = _press(client, key, running="1")
    assert over.status_code == 400
    assert '<p class="notice bad" id="error" role="alert">This game is over: its clock ' \
        'has stopped.</p>' in page_said(over)
    assert 'id="reload-clock"' in over.get_data(as_text=True)


@pytest.mark.parametrize("by", ["api", "page"])
def test_a_press_naming_no_seat_starts_the_clock_of_the_player_on_turn(tapp, by):
    """Turns recorded before the clock was started: a press naming no seat (the API's
    default press, ``{}``) started the first seat's clock, Ann's, though Bob was on turn.
    It starts the clock of the player on turn as the score sheet says, one who lost the
    turn to a challenge passed over, by the API and by the page's form alike."""
    client = tapp.test_client()

    def pressed(key):
        if by == "api":
            resp = client.post(f"/api/games/{key}/clock", json={})
            assert resp.status_code == 200, resp.get_json()
            return resp.get_json()
        assert _press(client, key, action="press").status_code == 302
        return client.get(f"/api/games/{key}/clock").get_json()

    key = _start(client, "none", minutes="25")
    _play(client, key, "8G CAT")
    assert _api(client, key)["next_seat"] == 1
    assert pressed(key)["running"] == 1  # Bob's clock
    # three players under double challenge: Bob challenges CAT, which stands, and loses
    # his turn; Cy is on turn
    key = _start(client, "double", minutes="25", players=("Ann", "Bob", "Cy"))
    _play(client, key, "8G CAT")
    assert _form(client, key, "challenge").status_code == 302
    assert _api(client, key)["next_seat"] == 2
    clock = pressed(key)
    assert clock["running"] == 2 and clock["todo"] == "Tap your clock when your turn ends."


WERDUP_RECORD = Path(__file__).parents[1] / "data" / "werdup-selfplay-werdup.txt"


def _tap_on_page(client, key, seat):
    """A tap on ``seat``'s button of the clock page: its form sent with the fields the page
    drew in it."""
    page = client.get(f"/games/{key}/clock").get_data(as_text=True)
    form = next(f for f in re.findall(r'<form[^>]*class="clock-face">.*?</form>', page, re.S)
                if f'id="clock-{seat}"' in f)
    return client.post(f"/games/{key}/clock",
                       data=dict(re.findall(r'name="(\w+)" value="([^"]*)"', form)))


@pytest.mark.parametrize("by", ["api", "page"])
def test_a_tap_ending_a_turn_starts_the_next_player_still_playing(tapp, by):
    """WerdUp, the engine's self-play game on a clock: Bob goes out, and Ann plays on alone.
    Each mover taps their running clock, before their turn is recorded or after it (turn
    about). The tap started the next seat's clock, Bob's once he had gone out (by the API's
    press naming no seat, and by the page's running button, which named that seat); it
    starts the clock of the next player still playing, as the score sheet passes them:
    Ann's own again while she plays alone."""
    lines = [ln for ln in WERDUP_RECORD.read_text(encoding="utf-8").splitlines()
             if ln.startswith(">") and ": (" not in ln]
    client = tapp.test_client()
    key = _start(client, "none", minutes="25", players=("ann", "bob"), game="werdup")
    assert _press(client, key, seat="0").status_code == 302

    def tap(seat):
        if by == "api":
            resp = client.post(f"/api/games/{key}/clock", json={"running": seat})
            assert resp.status_code == 200, resp.get_json()
        else:
            assert _tap_on_page(client, key, seat).status_code == 302

    alone = 0
    for i, ln in enumerate(lines):
        nick, body = ln[1:].split(": ", 1)
        move = body.split()[1:]
        seat = ("ann", "bob").index(nick)
        game = _api(client, key)
        assert game["next_seat"] == seat and game["clock"]["running"] == seat, ln
        alone += bool(game["turns"]) and game["turns"][-1]["seat"] == seat
        if i % 2:
            tap(seat)
        fields = {"action": "pass"} if move[0] == "-" else {"play": " ".join(move[:2])}
        resp = client.post(f"/api/games/{key}/turns", json={"seat": seat, **fields})
        assert resp.status_code == 201, (ln, resp.get_json())
        if not i % 2 and not resp.get_json()["over"]:
            tap(seat)
    assert alone > 0  # Ann moved twice in a row: Bob had gone out
    assert _api(client, key)["over"] == "every player passed in a row"


def _tap(client, key, running):
    """The running player taps their clock by the API's press naming no seat: whose clock
    runs after."""
    resp = client.post(f"/api/games/{key}/clock", json={"running": running})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["running"]


@pytest.mark.parametrize("recorded_first", [False, True])
def test_a_tap_passes_over_a_player_who_lost_the_turn_to_a_challenge(tapp, recorded_first):
    """Three players under double challenge: Cy challenges Ann's CAT, which stands, and
    loses his next turn. Bob's tap, made before his turn is recorded or after, started
    Cy's clock, and Cy had to tap again to pass it on; it starts Ann's, as the sheet
    passes Cy over (his lost turn a pass)."""
    client = tapp.test_client()
    key = _start(client, "double", minutes="25", players=("Ann", "Bob", "Cy"))
    assert _press(client, key, seat="0").status_code == 302
    _play(client, key, "8G CAT")
    assert _tap(client, key, 0) == 1
    assert _form(client, key, "challenge", challenger="2").status_code == 302
    if recorded_first:
        assert _form(client, key, "turns", action="pass").status_code == 302  # Bob's
    assert _tap(client, key, 1) == 0  # Ann's clock, not Cy's
    if not recorded_first:
        assert _form(client, key, "turns", action="pass").status_code == 302
    game = _api(client, key)
    assert [(t["seat"], t["action"]) for t in game["turns"]] == [(0, "play"), (1, "pass"),
                                                                 (2, "pass")]
    assert game["turns"][-1]["detail"]["lost_turn"]
    assert game["next_seat"] == 0 and game["clock"]["running"] == 0


def test_a_tap_after_a_lost_turn_starts_the_player_who_moves_again(tapp):
    """Two players under double challenge: Bob challenges Ann's CAT before she taps, it
    stands, and his lost turn is recorded at once. Ann's tap on the clock page started
    Bob's clock; it starts her own again, since she moves again, and her next tap, made
    before that turn is recorded, starts Bob's: his lost turn is behind him."""
    client = tapp.test_client()
    key = _start(client, "double", minutes="25")
    assert _press(client, key, seat="0").status_code == 302
    _play(client, key, "8G CAT")
    assert _form(client, key, "challenge").status_code == 302
    assert _api(client, key)["next_seat"] == 0
    assert _tap_on_page(client, key, 0).status_code == 302
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] == 0
    assert _tap_on_page(client, key, 0).status_code == 302  # her second turn is over
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] == 1
    assert _form(client, key, "turns", action="pass").status_code == 302  # recorded after
    game = _api(client, key)
    assert game["next_seat"] == 1 and game["clock"]["running"] == 1


def test_a_clock_stored_before_it_counted_the_turns_reads_the_last_one(tapp):
    """A clock stored without the turns counted when its player's clock started: the sheet's
    last turn other than a lost one says whether the running player's turn is recorded
    (Ann's CAT, Bob's turn lost to his challenge after it: Ann moves again)."""
    client = tapp.test_client()
    key = _start(client, "double", minutes="25")
    assert _press(client, key, seat="0").status_code == 302
    _play(client, key, "8G CAT")
    assert _form(client, key, "challenge").status_code == 302
    _store_clock(tapp, key, turns_at_start=None)
    assert _tap(client, key, 0) == 0
    _store_clock(tapp, key, turns_at_start=None)
    assert _form(client, key, "turns", action="pass").status_code == 302  # Ann's: Bob's go
    assert _tap(client, key, 0) == 1


def test_a_game_reopened_takes_off_its_overtime_until_it_is_finished_again(tapp, fake):
    """Finishing stops the clock and takes each overtime penalty off as a ``time`` turn;
    reopening the game takes those off with the end's adjustments (the time used is kept on
    the clock, which runs again for the player on turn), and the next finish works them out
    again."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1", penalty="10", game="werdup")
    _press(client, key, seat="0")
    fake.t += 75  # Ann is 15 s over
    _play(client, key, "5E QUIT")
    _press(client, key)
    fake.t += 5
    _form(client, key, "turns", action="pass")
    assert _form(client, key, "finish", rack0="AEIOSTN", rack1="AEIOUST").status_code == 302
    ended = _api(client, key)
    assert [t["action"] for t in ended["turns"]] == ["play", "pass", "time"]
    assert [p["total"] for p in ended["players"]] == [6 - 10 - 35, -35]
    fake.t += 600  # the time the game stood finished is nobody's
    assert _form(client, key, "reopen").status_code == 302
    game = _api(client, key)
    assert not game["finished"] and [t["action"] for t in game["turns"]] == ["play", "pass"]
    assert [p["total"] for p in game["players"]] == [6, 0]
    assert game["clock"]["running"] == 0 and game["next_seat"] == 0  # Ann's turn, her clock
    assert [p["shown"] for p in game["clock"]["players"]] == ["-0:15", "0:55"]
    fake.t += 3
    assert [p["shown"] for p in _api(client, key)["clock"]["players"]] == ["-0:18", "0:55"]
    _form(client, key, "turns", action="pass")  # Ann passes too: the game is over
    assert _form(client, key, "finish", rack0="AEIOSTN", rack1="AEIOUST").status_code == 302
    again = _api(client, key)
    assert [t["action"] for t in again["turns"]] == ["play", "pass", "pass", "time"]
    assert [p["total"] for p in again["players"]] == [6 - 10 - 35, -35]


def test_the_clock_of_a_game_reopened_runs_for_the_player_on_turn(tapp, fake):
    """Reopening a game with a clock left the clock stopped, so the player on turn played on
    with no clock running. Through the API, it runs again for the player on turn from the
    moment of reopening: the time used kept, the time the game stood finished charged to no
    one, the clock page showing that player's clock running, and finishing again charges the
    overtime from there."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1", penalty="10")
    _press(client, key, seat="0")
    fake.t += 30
    assert client.post(f"/api/games/{key}/turns", json={"words": "cat",
                                                        "score": 10}).status_code == 201
    _press(client, key, running="0")  # Ann taps: Bob's clock
    fake.t += 20
    assert client.post(f"/api/games/{key}/finish", json={}).status_code == 200  # too soon
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] is None
    fake.t += 900
    game = client.post(f"/api/games/{key}/reopen", json={}).get_json()
    assert not game["finished"] and game["next_seat"] == 1
    assert game["clock"]["running"] == 1 and not game["clock"]["paused"]
    assert [p["shown"] for p in game["clock"]["players"]] == ["0:30", "0:40"]
    fake.t += 50  # Bob thinks on: 10 s over
    clock = client.get(f"/api/games/{key}/clock").get_json()
    assert [p["shown"] for p in clock["players"]] == ["0:30", "-0:10"]
    assert clock["todo"] == "Tap your clock when your turn ends."
    page = client.get(f"/games/{key}/clock").get_data(as_text=True)
    bob = re.search(r'<button type="submit" class="([^"]*)"\s+id="clock-1"[^>]*>', page)
    ann = re.search(r'<button type="submit" class="([^"]*)"\s+id="clock-0"[^>]*>', page)
    assert "running" in bob[1].split() and "disabled" not in bob[0]
    assert "running" not in ann[1].split() and "disabled" in ann[0]
    assert "Tap your clock when your turn ends." in page
    sheet = client.get(f"/games/{key}").get_data(as_text=True)
    assert "-0:10" in sheet and "(-10)" in sheet
    done = client.post(f"/api/games/{key}/finish", json={}).get_json()
    assert [(t["seat"], t["action"], t["score"]) for t in done["turns"]][-1] == (1, "time", -10)
    assert [p["total"] for p in done["players"]] == [10, -10]


def test_a_game_reopened_while_its_turns_end_it_keeps_the_clock_stopped(tapp, fake):
    """A game over by its turns (every player passed in a row) has no one on turn when it is
    reopened: its clock stays stopped until pressed, so finishing again, with nothing
    changed, charges the same overtime as the first finish."""
    client = tapp.test_client()
    key = _passed_out(client, fake, ann_thinks=70)
    racks = {"rack0": "AEIOSTN", "rack1": "AEIOUST"}
    assert _form(client, key, "finish", **racks).status_code == 302
    first = [p["total"] for p in _api(client, key)["players"]]
    assert _form(client, key, "reopen").status_code == 302
    game = _api(client, key)
    assert game["over"] and game["next_seat"] is None and game["clock"]["running"] is None
    fake.t += 300
    assert _form(client, key, "finish", **racks).status_code == 302
    assert [p["total"] for p in _api(client, key)["players"]] == first == [6 - 10 - 35, -35]


def _todo_said(client, key) -> str:
    """What the clock page says a tap does now, from its API and its page alike."""
    import html

    todo = client.get(f"/api/games/{key}/clock").get_json()["todo"]
    page = client.get(f"/games/{key}/clock").get_data(as_text=True)
    shown = re.search(r'<span id="clock-todo"[^>]*>([^<]*)</span>', page)[1]
    assert html.unescape(shown) == todo
    return todo


def test_a_clock_not_yet_started_names_the_player_on_turn_once_turns_are_recorded(tapp):
    """Before its first start the clock page said "Tap the clock of the player who
    starts." though turns were recorded and the sheet had a player on turn: it names them
    (the table chooses who starts only before the first turn); the spectators' link still
    only watches."""
    client = tapp.test_client()
    key = _start(client, "double", minutes="25", players=("Ann", "Bob", "Cy"))
    assert _todo_said(client, key) == "Tap the clock of the player who starts."
    _play(client, key, "8G CAT")
    assert _todo_said(client, key) == "Bob is on turn: tap their clock to start it."
    assert _form(client, key, "challenge").status_code == 302  # Bob's turn lost: Cy's
    assert _todo_said(client, key) == "Cy is on turn: tap their clock to start it."
    view = _api(client, key)["view_key"]
    assert _todo_said(client, view) == "Watching: only the table's phone runs the clock."
    assert _tap_on_page(client, key, 2).status_code == 302
    assert _todo_said(client, key) == "Tap your clock when your turn ends."


def test_the_clock_page_of_a_game_reopened_while_its_turns_end_it_says_what_is_true(tapp,
                                                                                    fake):
    """Reopened while every player's passes still end it, no one is on turn and the clock
    stays stopped, but its page said "Tap the clock of the player who starts.", which read
    oddly mid-game. It says the game is over and how to end it or play on; with the last
    pass taken back, the clock runs again for the player on turn; the spectators' link
    still only watches."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1", penalty="10", game="werdup")
    assert _todo_said(client, key) == "Tap the clock of the player who starts."
    _press(client, key, seat="0")
    fake.t += 20
    _play(client, key, "5E QUIT")
    _press(client, key)
    _form(client, key, "turns", action="pass")
    _press(client, key)
    _form(client, key, "turns", action="pass")  # over: every player passed in a row
    assert _form(client, key, "finish", rack0="AEIOSTN", rack1="AEIOUST").status_code == 302
    assert _form(client, key, "reopen").status_code == 302
    assert _todo_said(client, key) == (
        "The game is over (every player passed in a row): the clock has stopped. End the "
        "game on the score sheet, or take back the last turn there if it was recorded by "
        "mistake.")
    view = _api(client, key)["view_key"]
    assert _todo_said(client, view) == "Watching: only the table's phone runs the clock."
    assert _form(client, key, "undo").status_code == 302  # Ann's pass taken back: her turn
    game = _api(client, key)
    assert game["next_seat"] == 0 and game["clock"]["running"] == 0
    assert _todo_said(client, key) == "Tap your clock when your turn ends."


def test_the_turn_that_ends_the_game_stops_its_clock_and_taking_it_back_runs_it(tapp, fake):
    """A game over by its turns (every player passed in a row) but not yet finished kept its
    clock running for the next player, so overtime ran on for a game that was over, and the
    clock page said "Tap your clock when your turn ends.". The clock stops as the pass that
    ends the game is added, its time charged up to then; the page says the game is over and
    to end it on the score sheet, its buttons off and a press refused; with that pass taken
    back, the clock runs again for the player on turn."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="1", penalty="10", game="werdup")
    _press(client, key, seat="0")
    fake.t += 20
    _play(client, key, "5E QUIT")
    _press(client, key)  # Ann taps: Bob's clock
    fake.t += 10
    _form(client, key, "turns", action="pass")
    _press(client, key)  # Bob taps: Ann's clock
    fake.t += 50
    assert client.post(f"/api/games/{key}/turns", json={"action": "pass"}).status_code == 201
    fake.t += 300  # the game stands over, not yet finished
    game = _api(client, key)
    assert game["over"] and not game["finished"] and game["clock"]["running"] is None
    assert [p["shown"] for p in game["clock"]["players"]] == ["-0:10", "0:50"]
    assert [p["penalty"] for p in game["clock"]["players"]] == [10, 0]
    assert game["turns"][-1]["detail"]["time_left"] == -10
    clock = client.get(f"/api/games/{key}/clock").get_json()
    assert clock["over"] == "every player passed in a row" and clock["running"] is None
    assert _todo_said(client, key) == (
        "The game is over (every player passed in a row): the clock has stopped. End the "
        "game on the score sheet, or take back the last turn there if it was recorded by "
        "mistake.")
    page = client.get(f"/games/{key}/clock").get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" class="([^"]*)"\s+id="clock-\d"[^>]*>', page)
    assert len(buttons) == 2 and all("disabled" in b for b in re.findall(
        r'<button type="submit" class="[^"]*"\s+id="clock-\d"[^>]*>', page))
    assert not any("running" in b.split() for b in buttons)
    refused = client.post(f"/api/games/{key}/clock", json={"seat": 1})
    assert refused.status_code == 400 and "The game is over" in refused.get_json()["error"]
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] is None
    taken = client.post(f"/api/games/{key}/undo", json={"version": game["version"]})
    assert taken.status_code == 200
    on = taken.get_json()
    assert not on["over"] and on["next_seat"] == 0 and on["clock"]["running"] == 0
    fake.t += 5  # Ann thinks again: only from the take-back on
    assert [p["shown"] for p in _api(client, key)["clock"]["players"]] == ["-0:15", "0:50"]
    assert _todo_said(client, key) == "Tap your clock when your turn ends."


PASSED_OUT = ("The game is over (every player passed in a row): the clock has stopped. End the "
              "game on the score sheet, or take back the last turn there if it was recorded "
              "by mistake.")


def _passed_out(client, fake, ann_thinks: int = 20) -> str:
    """A WerdUp game on a 1-minute clock: Ann plays after ``ann_thinks`` seconds, then both
    pass; the game stands over by its turns, not finished, its clock stopped. Its table
    key."""
    key = _start(client, "none", minutes="1", penalty="10", game="werdup")
    _press(client, key, seat="0")
    fake.t += ann_thinks
    _play(client, key, "5E QUIT")
    _press(client, key)
    _form(client, key, "turns", action="pass")
    _press(client, key)
    _form(client, key, "turns", action="pass")  # over: every player passed in a row
    return key


def _statements(app, ask) -> list[str]:
    """The SQL statements ``ask()`` sends to ``app``'s database."""
    from sqlalchemy import event

    from companion.web.db import engine_of

    sent: list[str] = []

    def seen(_conn, _cursor, statement, *_args) -> None:
        sent.append(statement)

    engine = engine_of(app)
    event.listen(engine, "before_cursor_execute", seen)
    try:
        ask()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    return sent


def _store_clock(app, key, **fields) -> None:
    """Change ``fields`` of the game's stored clock (None: left out, as a clock stored
    before they were kept)."""
    from sqlalchemy import select

    from companion.web import db as dbmod
    from companion.web.models import Game

    with app.app_context():
        session = dbmod.session()
        game = session.scalars(select(Game).where(Game.table_key == key)).one()
        clock = dict(game.clock) | fields
        game.clock = {k: v for k, v in clock.items() if v is not None}
        session.commit()


def test_the_clock_page_asks_for_its_clock_without_reading_the_turns(tapp, fake):
    """A stopped clock's page says whether the game's turns end it; the page asks for its
    clock every second, and each ask read every turn of the game and replayed them to say
    so, a long game or several phones watching paying that every second. It is kept with
    the clock when the turns change: the page and its asks, by either link, read no turn,
    and say what they said."""
    client = tapp.test_client()
    key = _passed_out(client, fake)
    view = _api(client, key)["view_key"]
    answers: dict[str, dict] = {}

    def ask() -> None:
        for link in (key, view):
            answers[link] = client.get(f"/api/games/{link}/clock").get_json()
            assert client.get(f"/games/{link}/clock").status_code == 200

    sent = _statements(tapp, ask)
    assert any(re.search(r"\bgames\b", s) for s in sent)
    assert not [s for s in sent if re.search(r"\bturns\b", s)]
    assert answers[key]["over"] == answers[view]["over"] == "every player passed in a row"
    assert answers[key]["todo"] == PASSED_OUT and answers[key]["running"] is None
    assert answers[view]["todo"] == "Watching: only the table's phone runs the clock."
    assert _todo_said(client, key) == PASSED_OUT
    refused = client.post(f"/api/games/{key}/clock", json={})
    assert refused.status_code == 400 and refused.get_json()["error"] == (
        "The game is over (every player passed in a row): its clock has stopped; end the "
        "game on the score sheet, or take back the last turn there.")


def test_a_clock_stored_before_it_kept_whether_the_turns_end_the_game_says_the_same(
        tapp, fake):
    """A clock stored before it kept why the game's turns end it has them read: its page
    says the game is over as before; a clock stored stopped mid-game after it ran names
    the player on turn; the next turn tells the clock, and the asks read no turn again."""
    client = tapp.test_client()
    key = _passed_out(client, fake)
    _store_clock(tapp, key, over=None)
    assert client.get(f"/api/games/{key}/clock").get_json()["over"] == \
        "every player passed in a row"
    assert _todo_said(client, key) == PASSED_OUT
    assert client.post(f"/api/games/{key}/clock", json={}).status_code == 400
    assert _form(client, key, "undo").status_code == 302  # Ann's pass taken back: her turn
    assert _todo_said(client, key) == "Tap your clock when your turn ends."
    for over in (None, ""):  # stopped mid-game, as stored before, and as kept now
        _store_clock(tapp, key, running=None, since=None, over=over)
        clock = client.get(f"/api/games/{key}/clock").get_json()
        assert clock["over"] == "" and clock["running"] is None
        assert _todo_said(client, key) == "Ann is on turn: tap their clock to run it again."
    _store_clock(tapp, key, over=None)
    _form(client, key, "turns", action="pass")  # Ann passes again: over, and kept
    sent = _statements(tapp, lambda: client.get(f"/api/games/{key}/clock"))
    assert not [s for s in sent if re.search(r"\bturns\b", s)]
    assert _todo_said(client, key) == PASSED_OUT


def test_a_play_that_went_out_challenged_off_runs_the_clock_for_the_player_now_on_turn(
        tapp, fake):
    """A Bug Words game started near its end (14 tiles off the board: two full racks, the
    bag empty) under double challenge: Ann's play of her 7 tiles goes out and stops the
    clock; Bob challenges, the play comes off, and the game goes on with Bob on turn (no
    turn lost: the play was not valid), his clock running from the challenge, the time the
    game stood over charged to no one."""
    client = tapp.test_client()
    game = client.post("/api/games", json={
        "game": "bugwords", "players": ["Ann", "Bob"], "challenge_rule": "double",
        "clock_minutes": 1, "clock_penalty": 10,
        "start": late_board("QZXJKVWABCDEFG")}).get_json()
    key = game["table_key"]
    assert [p["tiles_held"] for p in game["players"]] == [7, 7]
    assert client.post(f"/api/games/{key}/clock", json={"seat": 0}).status_code == 200
    fake.t += 20
    out = client.post(f"/api/games/{key}/turns", json={"play": "14A QZXJKVW"}).get_json()
    assert out["over"] == "Ann has played every tile and the bag is empty"
    assert out["clock"]["running"] is None
    fake.t += 300  # the game stands over: nobody's time
    challenged = client.post(f"/api/games/{key}/challenge",
                             json={"version": out["version"]}).get_json()
    assert not challenged["turns"][-1]["detail"]["challenge"]["play_stands"]
    assert challenged["over"] == "" and challenged["next_seat"] == 1
    assert challenged["clock"]["running"] == 1
    assert [p["tiles_held"] for p in challenged["players"]] == [7, 7]
    fake.t += 5
    assert [p["shown"] for p in _api(client, key)["clock"]["players"]] == ["0:40", "0:55"]
    assert _todo_said(client, key) == "Tap your clock when your turn ends."

def test_a_play_challenged_off_after_reopening_no_longer_offers_the_racks_typed(tapp):
    """The play that went out, challenged after the game was reopened, comes off and gives
    its tiles back: the racks typed at the finish (its player's empty) are no longer the
    racks left, and End the game no longer offers them."""
    client = tapp.test_client()
    key = _start(client, "single")
    _play(client, key, "8G QXZ")
    assert _form(client, key, "finish", rack0="AAEEIIO", rack1="AEIOURS").status_code == 302
    assert _form(client, key, "reopen").status_code == 302
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert 'id="rack0"' in page and 'value="AAEEIIO"' in page  # kept while nothing changed
    assert _form(client, key, "challenge").status_code == 302
    game = _api(client, key)
    assert game["turns"][0]["score"] == 0  # QXZ came off
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert re.findall(r'<input id="rack\d" name="rack\d"[^>]*value="([^"]*)"', page) == ["",
                                                                                      ""]


def test_a_stranger_cannot_touch_the_clock(tapp):
    client = tapp.test_client()
    key = _start(client, "none", minutes="25")
    stranger = "A" * 22
    assert _press(client, stranger).status_code == 404
    assert client.get(f"/api/games/{stranger}/clock").status_code == 404
    no_clock = _start(client, "none")
    assert client.get(f"/games/{no_clock}/clock").status_code == 404
    assert client.get(f"/games/{key}/clock").status_code == 200


def test_the_clock_address_of_a_game_without_one_says_so_and_leads_back_to_the_game(tapp):
    """A link or bookmark to the clock of a game started without one showed a bare "Not
    found" page whose way on was "Start again" (a new game). The page names the game, says it
    has no clock and leads back to it, from the table's link and the spectators' alike; the
    API still answers 404 with the sentence."""
    import re

    client = tapp.test_client()
    key = _start(client, "none")
    view = _api(client, key)["view_key"]
    said = "This game has no clock: choose one when starting a game."
    for link in (key, view):
        resp = client.get(f"/games/{link}/clock")
        page = resp.get_data(as_text=True)
        assert resp.status_code == 404
        heading = re.search(r"<h1>(.*?)</h1>", page).group(1)
        assert re.fullmatch(r"No clock: Bug Words #\d+", heading), heading
        assert f'<p id="no-clock">{said}</p>' in page
        assert f'href="/games/{link}" id="back-to-game">Back to the game</a>' in page
        assert "Not found" not in page and 'id="clock"' not in page
        api = client.get(f"/api/games/{link}/clock")
        assert (api.status_code, api.get_json()["error"]) == (404, said)


def test_the_clock_s_json_fields_of_another_type_are_refused_naming_the_field(tapp):
    """The clock takes JSON as the API does, and its fields get the API's one type check:
    a field of another type is refused with a sentence naming it, and the clock is as it
    was; the right types still press it."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="25")
    for field, wrong in (("action", 1.5), ("seat", "first"), ("running", [0])):
        resp = client.post(f"/api/games/{key}/clock", json={field: wrong})
        assert resp.status_code == 400, field
        assert resp.get_json()["error"].startswith(f'"{field}" must be'), field
        assert client.get(f"/api/games/{key}/clock").get_json()["running"] is None
    resp = client.post(f"/api/games/{key}/clock", json={"action": "press", "seat": 1})
    assert resp.status_code == 200 and resp.get_json()["running"] == 1


def test_the_clock_is_in_the_published_api_and_answers_json_errors(tapp):
    """A client finds the clock in /api/openapi.json, beside the game's other operations,
    and every answer it gets there is JSON, refusals too: a stranger's key 404, the
    spectators' key 403, a double tap 409, a bad action 400 (the clock's JSON press was at
    the page's address, where its refusals were HTML pages, so it was left out of the
    published description). A JSON press sent to the page's address is sent on to the API's."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="25")
    view = client.get(f"/api/games/{key}").get_json()["view_key"]
    doc = client.get("/api/openapi.json").get_json()
    ops = doc["paths"]["/api/games/{key}/clock"]
    assert set(ops) == {"get", "post"}
    assert {"200", "400", "403", "404", "409"} <= set(ops["post"]["responses"])
    assert "/games/{key}/clock" not in doc["paths"]
    index = client.get("/api/").get_data(as_text=True).replace("<wbr>", "")
    assert "GET /api/games/{key}/clock" in index and "POST /api/games/{key}/clock" in index
    refusals = [
        (client.get("/api/games/" + "A" * 22 + "/clock"), 404, "no game"),
        (client.post(f"/api/games/{view}/clock", json={}), 403, "This is the spectators' "
         "link: only the players' table link can run the clock."),
        (client.post(f"/api/games/{key}/clock", json={"action": "stop"}), 400,
         "A clock action is one of: press, pause, resume."),
        (client.post(f"/api/games/{key}/clock", json={"running": 1}), 409,
         "pressed meanwhile"),
    ]
    for resp, status, said in refusals:
        assert resp.status_code == status and resp.mimetype == "application/json", said
        assert resp.get_json()["status"] == status and said in resp.get_json()["error"]
    seen = client.get(f"/api/games/{view}/clock")
    assert seen.status_code == 200 and seen.get_json()["table"] is False
    assert seen.headers["Cache-Control"] == "no-store"
    sent = client.post(f"/games/{key}/clock", json={"seat": 1})
    assert sent.status_code == 308
    assert sent.headers["Location"].endswith(f"/api/games/{key}/clock")
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] is None  # not pressed
    # (a 308 has the client send the same request there: the test client's body is spent)
    followed = client.post(sent.headers["Location"], json={"seat": 1})
    assert followed.status_code == 200 and followed.get_json()["running"] == 1


@pytest.mark.parametrize(("body", "ctype"), [
    ("[0]", "application/json"), ('"press"', "application/json"), ("1", "application/json"),
    ("", "application/json"), ('{"action": "pause"}', "application/octet-stream"),
])
def test_a_clock_press_whose_body_is_no_json_object_is_refused_and_presses_nothing(
        tapp, body, ctype):
    """The API's press takes a JSON object, as its description says: a body that is JSON but
    no object (a list, a string, a number), an empty body or one of another type was read as
    ``{}``, the default press, and started a clock no one asked for."""
    client = tapp.test_client()
    key = _start(client, "none", minutes="25")
    resp = client.post(f"/api/games/{key}/clock", data=body, content_type=ctype)
    assert resp.status_code == 400 and resp.mimetype == "application/json"
    assert resp.get_json()["error"] == "Send a JSON object in the request body."
    assert client.get(f"/api/games/{key}/clock").get_json()["running"] is None


@pytest.mark.parametrize(("body", "ctype"), [
    ("[1]", "application/json"), ("1", "application/json"), ("", "application/json"),
    ('{"challenger": 1}', "application/octet-stream"),
])
@pytest.mark.parametrize("action", ["challenge", "undo"])
def test_a_challenge_or_take_back_whose_body_is_no_json_object_is_refused(
        tapp, body, ctype, action):
    """As every JSON route of the API, a challenge and a take-back take a JSON object: a
    challenge whose body was JSON but no object, empty or of another type was read as
    ``{}`` and challenged the last play for the player to move."""
    client = tapp.test_client()
    key = _start(client, "double", players=("Ann", "Bob"), game="werdup")
    _play(client, key, "5E CAT")
    before = _api(client, key)
    resp = client.post(f"/api/games/{key}/{action}", data=body, content_type=ctype)
    assert resp.status_code == 400 and resp.mimetype == "application/json"
    assert resp.get_json()["error"] == "Send a JSON object in the request body."
    assert _api(client, key)["turns"] == before["turns"]


def test_presses_from_phones_at_once_on_one_view_of_the_clock_start_it_once(tmp_path,
                                                                           any_db_url):
    """Presses sent at the same moment from the same view of the clock (two phones, a double
    tap on a slow network) are taken one after the other: the first starts the clock, the
    others are refused as pressed meanwhile (409). Each read the clock before any had saved
    its press, so every one passed the check and was kept, the last one's time counting."""
    import time

    def slow() -> float:  # time enough between a press's reading and its saving
        time.sleep(0.3)
        return 1000.0

    app = make_app(tmp_path, any_db_url, CLOCK=slow)
    try:
        key = _start(app.test_client(), "none", minutes="25")
        answers = at_once(app, lambda c, i: c.post(f"/api/games/{key}/clock", json={
            "running": -1, "seat": i % 2}), 4)
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
        (first,) = [a.get_json() for a in answers if a.status_code == 200]
        state = app.test_client().get(f"/api/games/{key}/clock").get_json()
        assert state["running"] == first["running"]
    finally:
        from companion.web.db import engine_of

        engine_of(app).dispose()


def test_bad_settings_are_refused_with_a_sentence(tapp):
    client = tapp.test_client()
    resp = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["A", "B"], "challenge_rule": "triple"})
    assert resp.status_code == 400 and "challenge rule" in resp.get_data(as_text=True)
    resp = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["A", "B"], "clock_minutes": "999"})
    assert resp.status_code == 400


def test_the_record_replays_with_challenges_and_time(tapp, fake, tmp_path, capsys):
    """A points-rule game on 1-minute clocks: a phony taken off, a valid play challenged (the
    bonus), a player over time at the end; the GCG replays with every line accounted."""
    client = tapp.test_client()
    key = _start(client, "points", minutes="1", penalty="10")
    _press(client, key, seat="0")
    fake.t += 20
    _play(client, key, "8G QXZ")  # Ann's phony
    _form(client, key, "challenge")
    _press(client, key)
    fake.t += 30
    _play(client, key, "8G CAT")  # Bob
    _form(client, key, "challenge")  # Ann challenges a good word: Bob earns 5
    _press(client, key)
    fake.t += 55  # Ann is 15 s over
    _play(client, key, "H7 B.T")  # BAT, through the A of CAT
    _press(client, key)
    resp = _form(client, key, "finish", rack0="EEEEAAA", rack1="QIEEAAO")
    assert resp.status_code == 302, resp.get_data(as_text=True)
    game = _api(client, key)
    assert [t["action"] for t in game["turns"]][-1] == "time"
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert "#note ChallengeRule: points 5" in text
    assert "#note Clock: 1 minute, 10 points a started minute over" in text
    assert " -- " in text and "(challenge) +5" in text and "(time) -10" in text
    assert "#note Time left: -0:15" in text
    result = replay(parse_gcg(text))
    assert result.mismatches == 0
    assert result.challenge_rule == "points 5" and result.clock.startswith("1 minute")
    kinds = [m.kind for m in result.moves]
    assert kinds.count("challenged") == 1 and kinds.count("challenge_bonus") == 1
    assert [m.computed for m in result.moves if m.kind == "time_penalty"] == [-10]
    totals = {p["name"]: p["total"] for p in game["players"]}
    assert sorted(result.totals.values()) == sorted(totals.values())
    path = tmp_path / "game.gcg"
    path.write_text(text)
    assert main(["bugwords", "replay", str(path)]) == 0


def test_a_double_challenge_record_replays(tapp, tmp_path):
    """A valid play challenged under the double rule: the challenger's lost turn is written
    as a pass, as real GCG records do, marked by the note after it (it was a plain pass,
    which replay could not tell from one), and the record replays with no difference."""
    client = tapp.test_client()
    key = _start(client, "double")
    _play(client, key, "8G CAT")
    _form(client, key, "challenge")
    _play(client, key, "H7 B.T")  # Ann again: Bob lost his turn
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert "#note ChallengeRule: double" in text
    lines = [ln for ln in text.splitlines() if ln.startswith(">")]
    assert len(lines) == 3 and lines[2].startswith(">p1_Ann: BT H7 B.T")
    assert lines[1] == ">p2_Bob: - +0 0"  # the lost turn: a pass line, its rack unknown
    assert ">p2_Bob: - +0 0\n#note Lost turn to a challenge of 8G CAT\n" in text
    result = replay(parse_gcg(text))
    assert result.mismatches == 0 and result.challenge_rule == "double"
    assert [m.kind for m in result.moves] == ["place", "lost_turn", "place"]


@pytest.mark.parametrize(("play", "stands"), [("5E CAT", True), ("5E QXZ", False)])
def test_a_werdup_play_is_challenged_too(tapp, play, stands):
    client = tapp.test_client()
    resp = client.post("/games", data={"csrf_token": token(client), "game": "werdup",
                                       "player": ["Ann", "Bob"], "challenge_rule": "points"})
    key = resp.headers["Location"].rsplit("/", 1)[1]
    _play(client, key, play)
    scored = _api(client, key)["turns"][0]["score"]
    assert scored > 0
    _form(client, key, "challenge")
    game = _api(client, key)
    assert game["turns"][0]["score"] == (scored + 5 if stands else 0)
    assert game["turns"][0]["detail"]["challenge"]["play_stands"] is stands


def test_an_older_database_gets_the_new_columns(tmp_path, fake):
    """A database made before games had table rules (and before migrations) is given the
    columns at start-up."""
    import sqlite3

    make_app(tmp_path, CLOCK=fake)
    path = tmp_path / "instance" / "companion.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE games DROP COLUMN challenge_rule")
        db.execute("ALTER TABLE games DROP COLUMN clock")
        for table in ("alembic_version", "jobs", "artifacts"):
            db.execute(f"DROP TABLE {table}")
    app = make_app(tmp_path, CLOCK=fake)
    with sqlite3.connect(path) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    assert {"challenge_rule", "clock"} <= columns
    client = app.test_client()
    key = _start(client, "double", minutes="25")
    assert _api(client, key)["challenge_rule"] == "double"


def test_the_api_challenges_the_last_play(tapp):
    client = tapp.test_client()
    game = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                           "challenge_rule": "single"}).get_json()
    key = game["table_key"]
    played = client.post(f"/api/games/{key}/turns", json={"play": "8G QXZ"}).get_json()
    assert played["challengeable"] and played["turns"][0]["score"] > 0
    done = client.post(f"/api/games/{key}/challenge", json={"version": played["version"]})
    assert done.status_code == 200
    assert done.get_json()["turns"][0]["score"] == 0 and not done.get_json()["challengeable"]
    view = client.post(f"/api/games/{game['view_key']}/challenge", json={})
    assert view.status_code == 403


def test_api_settings_take_numbers(tapp):
    client = tapp.test_client()
    game = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                           "clock_minutes": 30, "clock_penalty": 0}).get_json()
    assert game["clock"]["settings"] == {"bank_seconds": 1800, "penalty": 0,
                                         "label": "30 minutes, 0 points a started minute over"}
    none = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                           "clock_minutes": 0}).get_json()
    assert none["clock"] is None


def test_a_game_created_without_a_challenge_rule_plays_by_its_rules_file(tapp):
    """The API gave every game without a ``challenge_rule`` ``none``, while Bug Words' rules
    file (and its rulebook's expert mode) says ``single``: a new game takes its engine's rule."""
    from companion.bugwords.rules import default_rules

    client = tapp.test_client()
    own = {"bugwords": default_rules().challenge_rule, "werdup": get_rules().challenge_rule}
    assert (own["bugwords"].name, own["werdup"].name) == ("single", "none")
    for kind, players in (("bugwords", ["A", "B"]), ("werdup", ["A", "B"]), ("werdup", ["A"])):
        game = client.post("/api/games", json={"game": kind, "players": players}).get_json()
        assert game["challenge_rule"] == own[kind].at_table(len(players)).label(), kind
    bug = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                          "challenge_rule": None}).get_json()
    assert bug["challenge_rule"] == "single"
    played = client.post(f"/api/games/{bug['table_key']}/turns",
                         json={"play": "8G QXZ"}).get_json()
    assert played["challengeable"]  # a phony stands until challenged, as the rulebook says
    werdup = client.post("/api/games", json={"game": "werdup", "players": ["A", "B"]}
                         ).get_json()
    refused = client.post(f"/api/games/{werdup['table_key']}/turns", json={"play": "5E ZXK"})
    assert refused.status_code == 400  # WerdUp's rules judge each play as it is made
    chosen = client.post("/api/games", json={"game": "bugwords", "players": ["A", "B"],
                                             "challenge_rule": "none"}).get_json()
    assert chosen["challenge_rule"] == "none"


def test_a_werdup_record_replays_with_challenges_and_time(tapp, fake):
    """A WerdUp sheet at a points-rule table on 1-minute clocks: a phony taken off (and the
    player's second try), a valid play challenged (the bonus), a player over time at the
    end; the WerdUp record carries every line and replays with no difference."""
    client = tapp.test_client()
    key = _start(client, "points", minutes="1", penalty="10", game="werdup")
    _press(client, key, seat="0")
    fake.t += 20
    _play(client, key, "5E ZXK")  # Ann's phony, taken off: she plays again
    _form(client, key, "challenge")
    _play(client, key, "5E CAT")
    _form(client, key, "challenge")  # a good word: Ann earns 5
    _press(client, key)
    fake.t += 70  # Bob is 10 s over
    _play(client, key, "G3 OA.")  # OAT down, through the T of CAT
    _press(client, key)
    assert _form(client, key, "finish", rack0="EEEEIIO", rack1="ABRSTLN").status_code == 302
    game = _api(client, key)
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    for line in ("#note ChallengeRule: points 5", "#note Clock: 1 minute", " -- -",
                 "(challenge) +5", "#note Time left: -0:10", "(time) -10"):
        assert line in text, line
    result = werdup_replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert "not in the word list" not in result.lines[-2].note  # OAT is a word
    totals = {p["name"]: p["total"] for p in game["players"]}
    assert sorted(result.totals.values()) == sorted(totals.values())


def test_a_player_alone_plays_without_challenges(tapp):
    """Only another player challenges a play: a game of one is judged as each play is made,
    so a phony is refused rather than left standing for want of a challenger."""
    client = tapp.test_client()
    resp = client.post("/games", data={"csrf_token": token(client), "game": "werdup",
                                       "player": ["Ann"], "challenge_rule": "single"})
    assert resp.status_code == 400
    assert "A player alone has no one to challenge" in resp.get_data(as_text=True)
    api = client.post("/api/games", json={"game": "werdup", "players": ["Ann"],
                                          "challenge_rule": "double"})
    assert api.status_code == 400
    key = _start(client, "none", players=("Ann",), game="werdup")
    refused = _form(client, key, "turns", play="5E ZXK", action="play")
    assert refused.status_code == 400 and "ZXK" in refused.get_data(as_text=True)


def test_in_werdup_nothing_can_be_challenged_once_every_player_has_passed(tapp):
    """The engine ends a WerdUp game when every player has passed in a row, and then refuses
    a challenge; the sheet, which waits for the racks before finishing, refuses it there,
    and replay of its record refuses the challenge's line too."""
    client = tapp.test_client()
    key = _start(client, "single", game="werdup")
    _play(client, key, "5E ZXK")
    _pass(client, key)
    assert _api(client, key)["challengeable"] is True  # open past Bob's pass
    _pass(client, key)  # Ann too: every player has passed in a row
    assert _api(client, key)["challengeable"] is False
    assert "Challenge?" not in client.get(f"/games/{key}").get_data(as_text=True)
    refusal = ("The game is over (every player passed in a row): its plays can no longer be "
               "challenged.")
    resp = _form(client, key, "challenge")
    assert resp.status_code == 400 and refusal in resp.get_data(as_text=True)
    resp = client.post(f"/api/games/{key}/challenge",
                       json={"version": _api(client, key)["version"]})
    assert resp.status_code == 400 and resp.get_json()["error"].startswith(refusal)
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert werdup_replay(text, default_lexicon()).ok
    play = next(ln for ln in text.splitlines() if ln.startswith(">"))
    nick, score = play.split(":")[0], play.split()[-1]
    with pytest.raises(CompanionError, match="the game is over \\(every player passed"):
        werdup_replay(text + f"{nick}: KXZ -- -{score} 0\n", default_lexicon())


@pytest.mark.parametrize(("game", "rounds", "reason"), [
    ("werdup", 1, "every player passed in a row"),
    ("bugwords", 2, "every player passed twice in a row"),
])
def test_no_turn_once_every_player_has_passed(tapp, game, rounds, reason):
    """The engines end the game when every player has passed in a row (WerdUp once, Bug
    Words twice) and refuse any move after; so does the sheet (400, on the page and in the
    API), until the table ends the game with the racks. A lost turn is no pass."""
    client = tapp.test_client()
    key = _start(client, "double", game=game)
    _play(client, key, "5E CAT" if game == "werdup" else "8G CAT")
    assert _form(client, key, "challenge").status_code == 302  # Bob loses his turn
    for _ in range(2 * rounds):
        _pass(client, key)
    assert len(_api(client, key)["turns"]) == 2 + 2 * rounds
    refusal = (f"The game is over ({reason}): no more turns; end the game to enter the tiles "
               "left on the racks.")  # one sentence: it was two
    resp = _form(client, key, "turns", action="pass")
    assert resp.status_code == 400 and refusal in resp.get_data(as_text=True)
    resp = client.post(f"/api/games/{key}/turns",
                       json={"version": _api(client, key)["version"], "action": "swap"})
    assert resp.status_code == 400 and resp.get_json()["error"].startswith(refusal)
    assert len(_api(client, key)["turns"]) == 2 + 2 * rounds
    assert _form(client, key, "finish", rack0="E" * 7, rack1="O" * 7).status_code == 302


def test_a_play_can_be_challenged_past_a_turn_lost_at_once(tapp):
    """Bug Words, ``double``, three players: Cy, named as the challenger of Ann's CAT, loses
    her next turn, which comes at once after Bob's phony; no one has moved since, so the
    phony can still be challenged, as in the engine (it comes off, and Cy's turn stays
    lost: Ann moves next). The record replays."""
    client = tapp.test_client()
    key = _start(client, "double", players=("Ann", "Bob", "Cy"))
    _play(client, key, "8G CAT")
    assert _form(client, key, "challenge", challenger="2").status_code == 302
    _play(client, key, "H7 Q.Z")
    game = _api(client, key)
    assert _seats_and_moves(game) == [(0, "play"), (1, "play"), (2, "lost")]
    assert game["challengeable"] is True and game["next_seat"] == 0
    assert _form(client, key, "challenge").status_code == 302  # Ann
    game = _api(client, key)
    assert game["turns"][1]["score"] == 0 and game["next_seat"] == 0
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert list(replay(parse_gcg(text)).totals.values()) == [10, 0, 0]


def test_two_wrong_challenges_cost_two_turns(tapp):
    """Under ``double`` each valid play challenged costs the challenger a turn, as in the
    engines: Dee, named as the challenger of Ann's CAT and of Bob's OAT before her turn
    comes, loses her next two turns, one each time it comes round."""
    client = tapp.test_client()
    key = _start(client, "double", players=("Ann", "Bob", "Cy", "Dee"), game="werdup")
    _play(client, key, "5E CAT")
    assert _form(client, key, "challenge", challenger="3").status_code == 302
    _play(client, key, "F4 O(A)T")
    assert _form(client, key, "challenge", challenger="3").status_code == 302
    for _ in range(3):  # Cy, Ann, Bob
        _pass(client, key)
    assert _form(client, key, "turns", action="swap").status_code == 302  # Cy
    game = _api(client, key)
    assert _seats_and_moves(game) == [(0, "play"), (1, "play"), (2, "pass"), (3, "lost"),
                                      (0, "pass"), (1, "pass"), (2, "swap"), (3, "lost")]
    assert [t["detail"]["challenged"] for t in game["turns"] if t["detail"]
            and t["detail"].get("lost_turn")] == ["5E CAT", "F4 O(A)T"]
    assert game["next_seat"] == 0
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert werdup_replay(text, default_lexicon()).ok


def test_every_player_must_pass_not_as_many_passes_as_players(tapp):
    """Cy loses her next turn to a wrong challenge of Ann's CAT; Bob, Ann and Bob pass:
    three passes, but Cy has not passed, so the game goes on (as in the engines) until she
    does."""
    client = tapp.test_client()
    key = _start(client, "double", players=("Ann", "Bob", "Cy"), game="werdup")
    _play(client, key, "5E CAT")
    assert _form(client, key, "challenge", challenger="2").status_code == 302
    for _ in range(3):  # Bob, (Cy's lost turn), Ann, Bob
        _pass(client, key)
    game = _api(client, key)
    assert _seats_and_moves(game)[1:] == [(1, "pass"), (2, "lost"), (0, "pass"), (1, "pass")]
    assert game["next_seat"] == 2
    _pass(client, key)  # Cy: now every player has passed in a row
    resp = _form(client, key, "turns", action="pass")
    assert resp.status_code == 400 and "The game is over (every player passed in a row)" \
        in resp.get_data(as_text=True)


def test_in_werdup_a_lost_turn_is_no_pass_and_leaves_a_later_word_open(tapp):
    """Bob challenges Ann's CAT after his own pass, so he loses his next turn, which comes
    after Ann's KAX: as in the engine, KAX stays open past that lost turn and Ann's pass (a
    lost turn is no pass, so the game goes on), and comes off when Bob challenges it. The
    record names the play the lost turn was for, and replays."""
    client = tapp.test_client()
    key = _start(client, "double", game="werdup")
    _play(client, key, "5E CAT")
    _pass(client, key)
    assert _form(client, key, "challenge").status_code == 302  # Bob; Ann is to move
    _play(client, key, "F4 K(A)X")
    game = _api(client, key)
    assert _seats_and_moves(game) == [(0, "play"), (1, "pass"), (0, "play"), (1, "lost")]
    assert game["turns"][3]["detail"]["challenged"] == "5E CAT"
    assert game["challengeable"] is True
    _pass(client, key)  # Ann
    assert _api(client, key)["challengeable"] is True
    assert _form(client, key, "challenge").status_code == 302  # Bob
    game = _api(client, key)
    assert game["turns"][2]["detail"]["challenge"]["play_stands"] is False
    assert [p["total"] for p in game["players"]] == [6, 0]
    text = client.get(f"/games/{key}.gcg").get_data(as_text=True)
    assert "#note turn 4: Bob lost the turn to a challenge of 5E CAT" in text
    result = werdup_replay(text, default_lexicon())
    assert result.ok, [ln.problems for ln in result.lines]
    assert list(result.totals.values()) == [6, 0]
    # the engine, on the same moves
    rules = get_rules("werdup").with_settings(challenges="double")
    racks = {"Ann": "CATKXEE", "Bob": "IIUUEEE"}
    g = WerdUpGame(rules, default_lexicon(), list(racks), random.Random(1),
                   Board(rules.board_size, rules.board_size), list("NMLKJHGFDB"),
                   {p: list(r) for p, r in racks.items()}, {p: 0 for p in racks})
    g.play(parse_play(g.board, "5E CAT"))
    g.pass_turn()
    assert g.challenge().play_stands
    g.play(parse_play(g.board, "F4 K(A)X"))
    g.pass_turn()
    assert not g.challenge().play_stands and not g.over
    kinds = {"Play": "play", "Pass": "pass", "LostTurn": "lost", "TakenBack": "off"}
    assert [(g.players.index(t.player), kinds[type(t.move).__name__])
            for t in g.history] == _seats_and_moves(game)[:5] + [(0, "off")]
    assert [g.scores[p] for p in racks] == [6, 0]


def test_a_turn_lost_to_a_challenge_keeps_the_time_left(tapp, fake):
    """On a game clock every turn keeps the mover's time left, a lost turn too: Bob's, lost
    at once when he challenges while his clock runs, and later when his turn comes."""
    client = tapp.test_client()
    key = _start(client, "double", minutes="1", game="werdup")
    _press(client, key, seat="0")
    fake.t += 20
    _play(client, key, "5E CAT")
    _press(client, key)  # Bob's clock runs
    fake.t += 30
    assert _form(client, key, "challenge").status_code == 302  # Bob, to move: turn lost
    game = _api(client, key)
    assert _seats_and_moves(game) == [(0, "play"), (1, "lost")]
    assert game["turns"][0]["detail"]["time_left"] == 40
    assert game["turns"][1]["detail"]["time_left"] == 30
    _press(client, key)  # Ann's clock runs
    fake.t += 5
    _play(client, key, "F4 O(A)T")
    _pass(client, key)  # Bob
    assert _form(client, key, "challenge").status_code == 302  # Bob again; Ann is to move
    # Ann swaps (a second pass would end the game: every player passed in a row, and then
    # no turn comes, a lost one neither); then Bob's lost turn
    assert _form(client, key, "turns", action="swap").status_code == 302
    game = _api(client, key)
    assert _seats_and_moves(game)[2:] == [(0, "play"), (1, "pass"), (0, "swap"), (1, "lost")]
    assert game["turns"][-1]["detail"]["time_left"] == 30  # Bob's clock did not run since


def _selected_rule(page: str) -> str:
    import re

    select = re.search(r'<select id="challenge_rule".*?</select>', page, re.S).group(0)
    return re.search(r'<option value="(\w+)"[^>]* selected', select).group(1)


def test_the_new_game_form_starts_at_the_games_own_challenge_rule(tapp):
    """The form started at "No challenges" for every game, while a game created naming no rule
    plays by its rules file's (Bug Words: single): each game in the form carries the rule the
    API gives it, and the form starts at the preselected game's."""
    import re

    client = tapp.test_client()
    page = client.get("/games").get_data(as_text=True)
    carried = dict(re.findall(r'<option value="(\w+)" data-min-players="\d+" '
                              r'data-challenge-rule="(\w+)"', page))
    for kind in ("bugwords", "werdup"):
        made = client.post("/api/games", json={"game": kind, "players": ["A", "B"]}).get_json()
        assert carried[kind] == made["challenge_rule"], kind
    first = re.search(r'<select id="game".*?<option value="(\w+)"', page, re.S).group(1)
    assert _selected_rule(page) == carried[first]
    # a form sent back with a problem starts at the game typed (without scripts, too)
    back = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                       "player": ["Ann"]})
    page = back.get_data(as_text=True)
    assert back.status_code == 400 and _selected_rule(page) == "single"
    assert carried["bugwords"] == "single"
    assert "An invalid play challenged comes off the board" in page  # its summary
    assert '<details id="table-settings" open>' not in page  # the game's own: nothing to show
    chosen = client.post("/games", data={"csrf_token": token(client), "game": "bugwords",
                                         "player": ["Ann"], "challenge_rule": "double"})
    assert _selected_rule(chosen.get_data(as_text=True)) == "double"
