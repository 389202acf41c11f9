"""GCG records: reading, writing, replaying every example record in tests/data/gcg."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from companion.bugwords.autoplay import play_out
from companion.bugwords.game import Game, GameError
from companion.bugwords.gcg import GcgError, format_move, parse_gcg, record_from_game, write_gcg
from companion.bugwords.replay import replay
from companion.challenges import get_challenge_rule
from companion.lexicon import Lexicon

GCG_DIR = Path(__file__).parent / "data" / "gcg"
RECORDS = sorted(GCG_DIR.glob("*.gcg"))


def test_there_are_several_records():
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_replay_reproduces_every_placement_score(path):
    rec = parse_gcg(path.read_text(encoding="utf-8"))
    result = replay(rec)
    places = [m for m in result.moves if m.kind == "place"]
    assert len(places) >= 4
    assert result.mismatches == 0
    assert all(m.computed == m.recorded for m in places)


@pytest.mark.parametrize("path", [p for p in RECORDS if p.name.startswith("selfplay")],
                         ids=lambda p: p.name)
def test_self_play_records_totals_match_recorded_totals(path):
    # These records follow this rulebook throughout, so the running totals agree too.
    rec = parse_gcg(path.read_text(encoding="utf-8"))
    result = replay(rec)
    last_total = {}
    for mv in rec.moves:
        last_total[mv.player] = mv.total
    assert result.totals == last_total


def test_handmade_record_lines_and_notes():
    rec = parse_gcg((GCG_DIR / "handmade-features.gcg").read_text(encoding="utf-8"))
    assert rec.players == [("Kim", "Kim Park"), ("Lee", "Lee Chan")]
    assert rec.pragmas["title"].startswith("Hand-made")
    assert len(rec.notes) == 2 and rec.notes[1].endswith("adds it once.")
    kinds = [m.kind for m in rec.moves]
    assert kinds == ["place", "exchange", "place", "place", "challenged", "place", "place",
                     "place", "challenge_bonus", "place", "place", "time_penalty", "out_bonus"]
    lex = Lexicon(["wreath", "hole", "end", "pan", "la", "work", "ax"], name="small")
    result = replay(rec, lexicon=lex)
    by_line = {m.line: m for m in result.moves}
    assert by_line[13].not_in_list == ("PAXE",)
    assert by_line[14].computed == -13 and not by_line[14].mismatch
    assert by_line[16].words == ("PAN", "OP", "LA") and by_line[16].not_in_list == ("OP",)
    # No ChallengeRule note, but a challenge bonus: the record is read as the points rule (5).
    assert result.challenge_rule == "points 5"
    assert by_line[18].computed == 5 and by_line[18].note == "by the points 5 challenge rule"
    assert by_line[21].computed is None and "time penalty" in by_line[21].note
    assert by_line[22].computed == 10 and "tournament end-of-game doubling" in by_line[22].note
    assert result.mismatches == 0
    assert result.totals == {"Kim": 32 + 8 + 4 + 11 + 5 + 29 + 10, "Lee": 15 + 17}
    # The board after the record: PAX came off again.
    assert result.board.get(10, 5) is None and result.board.get(10, 10) == "d"


def test_a_wrong_score_is_a_mismatch():
    text = "#player1 A A\n#player2 B B\n>A: CATSXYZ 8G CAT +12 12\n>B: AAAAAAS 8G ...S +6 6\n"
    result = replay(parse_gcg(text))
    assert [m.computed for m in result.moves] == [10, 6]
    assert result.mismatches == 1 and result.moves[0].mismatch


def test_write_then_read_round_trip():
    g = play_out(Game(["Ann Lee", "Bob"], random.Random(5)), _small_lexicon(), stop_after=6)
    assert len(g.bag) >= 7
    g.exchange(g.rack_text()[:2])
    g.pass_turn()
    assert [t.kind for t in g.history[-2:]] == ["exchange", "pass"]
    rec = record_from_game(g, title="round trip")
    text = write_gcg(rec)
    assert "#player1 Ann_Lee Ann Lee" in text
    again = parse_gcg(text)
    assert [format_move(m) for m in again.moves] == [format_move(m) for m in rec.moves]
    assert write_gcg(again) == text
    assert replay(again).board == g.board


def _small_lexicon() -> Lexicon:
    words = ["at", "ta", "an", "na", "in", "it", "ti", "on", "no", "to", "so", "os", "is", "si",
             "as", "es", "re", "er", "ne", "en", "oe", "ae", "ar", "or", "et", "te", "de",
             "ed", "do", "od", "id", "di", "ad", "da", "rat", "tar", "art", "ten", "net", "tin",
             "nit", "ant", "tan", "one", "eon", "neo", "toe", "tee", "ore", "roe", "red", "rod",
             "dot", "tod", "nod", "don", "and", "end", "den", "dos", "sod", "ids", "aid", "dais",
             "said", "rated", "trade", "tread", "dater", "stone", "notes", "onset", "tones",
             "seton", "steno", "tenor", "toner", "noter", "trone", "stoned", "toned", "irate",
             "retain", "ratine", "retina", "nitre", "niter", "inter", "entrails", "strained"]
    return Lexicon(words, name="small")


@pytest.mark.parametrize(
    "text, message",
    [
        ("#player1 A A\n>A: CAT 8G CAT 10 10\n", "line 2: the score '10' should be like"),
        ("#player1 A A\n>A: CAT 8G CAT +10 ten\n", "line 2: the running total 'ten'"),
        # ASCII digits only: int() read a full-width or an Arabic-Indic digit as a number
        ("#player1 A A\n>A: CAT 8G CAT +1\uff10 10\n", "line 2: the score '\\+1\uff10'"),
        ("#player1 A A\n>A: CAT 8G CAT +10 \u0661\u0660\n", "line 2: the running total"),
        ("#player1 A A\n>A: CAT \uff18G CAT +10 10\n", "line 2: cannot tell what move"),
        ("#player1 A A\n>B: CAT 8G CAT +10 10\n", "line 2: 'B' is not one of the players"),
        ("#player1 A A\n\n>A: CAT 8G C@T +10 10\n", "line 3: the word 'C@T'"),
        ("#player1 A A\n>A: C4T 8G CAT +10 10\n", "line 2: the rack should be letters"),
        ("#player1 A A\n>A: CAT 8G CAT\n", "line 2: the move should end with its score and the"),
        ("#player1 A A\n>A: CAT ZZ9 CAT +1 1\n", "line 2: cannot tell what move this is"),
        ("#player1 A A\n>A: CAT !X +0 0\n", "line 2: cannot tell what move '!X' is"),
        ("#player1 A A\n>A +0 0\n", "line 2: a move line reads"),
        ("#player1 A A\nhello\n", "line 2: lines start with '#'"),
        ("#player1 A A\n#player2 A B\n", "line 2: player 'A' is named twice"),
        ("#player1 A A\n#player1 B B\n", "line 2: the player lines go #player1, #player2"),
        ("#player2 A A\n#player1 B B\n", "line 1: the player lines go #player1, #player2"),
        # a fifth player line was kept as an unknown pragma, so the player's moves were
        # refused as by someone not at the table
        ("".join(f"#player{i} P{i} P\n" for i in range(1, 6)) + ">P5: CAT 8G CAT +10 10\n",
         "line 5: the player lines are #player1 to #player4"),
        ("", "the game record is empty"),  # it said "no players and no moves"
        (" \n\n\ufeff\n", "the game record is empty"),
    ],
)
def test_malformed_records_name_the_line(text, message):
    with pytest.raises(GcgError, match=message):
        parse_gcg(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("#player1 A A\n#player2 B B\n>A: CAT 1A CAT +10 10\n",
         "line 3: the first word must cover the centre"),
        ("#player1 A A\n#player2 B B\n>A: CATS 8G CAT +10 10\n>B: X 8G D +1 1\n",
         "line 4: .*8G already holds C"),
        ("#player1 A A\n#player2 B B\n>A: CAT 8N CAT +10 10\n",
         "line 3: the play 8N CAT runs off the board"),
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>A: CAT -- -10 0\n>A: CAT -- -10 0\n",
         "line 5: '--' takes back a play"),
        ("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n>B: CAT 8G CAT +10 10\n",
         "line 4: the play 8G CAT puts no new tile"),
    ],
)
def test_impossible_plays_name_the_line(text, message):
    with pytest.raises(GcgError, match=message):
        replay(parse_gcg(text))


def test_record_without_player_lines_and_exchange_by_count():
    text = ">X: AEINRST 8B RETAINS +66 66\n>Y: ABCDEFG -7 +0 0\n>X: ABCDEFG - +0 66\n"
    rec = parse_gcg(text)
    assert rec.player_names() == ["X", "Y"]
    assert rec.moves[1].kind == "exchange" and rec.moves[1].tiles == "7"
    assert replay(rec).moves[0].computed == 66


def test_placement_without_rack():
    rec = parse_gcg("#player1 X X\n#player2 Y Y\n>X: 8B RETAINS +66 66\n")
    assert rec.moves[0].rack == "" and rec.moves[0].word == "RETAINS"
    assert replay(rec).mismatches == 0


def test_rack_penalty_lines_follow_the_rulebook():
    text = ("#player1 A A\n#player2 B B\n>A: AEINRST 8B RETAINS +66 66\n"
            ">A: QZ (QZ) -20 46\n")
    result = replay(parse_gcg(text))
    assert result.moves[1].computed == -20 and result.moves[1].note == ""


def test_a_challenged_game_writes_and_replays():
    lex = Lexicon(["cat", "cats", "at", "ta", "act"], name="tiny")
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=lex)
    g.racks = [list("CATXYZQ"), list("TACEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.play("H7", "T.C")  # TAC: not in the list
    assert g.challenge().invalid_words == ("TAC",)
    g.pass_turn()
    text = write_gcg(record_from_game(g))
    assert ">Bob: TACEEEE H7 T.C +5 5\n>Bob: TACEEEE -- -5 0\n>Ann: " in text
    result = replay(parse_gcg(text), lexicon=lex)
    assert result.mismatches == 0 and result.board == g.board
    assert [m.kind for m in result.moves] == ["place", "place", "challenged", "pass"]


# A valid play (CAT) or a phony (TAC; both 10 on the centre) challenged under each rule: the
# record's challenge
# lines, read back and replayed with every score accounted.
RECORD_TABLE = [
    ("single", "TAC", [">Ann: CATXYZQ -- -10 0"], 0),
    ("single", "CAT", [], 0),
    ("double", "CAT", [">Bob: EEEEEEE - +0 0", "#note Lost turn to a challenge"], 0),
    ("double", "TAC", [">Ann: CATXYZQ -- -10 0"], 0),
    ("points", "CAT", [">Ann: XYZQPON (challenge) +5 15"], 0),
    ("points 10", "CAT", [">Ann: XYZQPON (challenge) +10 20"], 0),
]


@pytest.mark.parametrize(("rule", "word", "lines", "mismatches"), RECORD_TABLE)
def test_each_challenge_rule_writes_real_gcg_lines_and_replays(rule, word, lines, mismatches):
    lex = Lexicon(["cat", "cats", "at", "ta", "act"], name="tiny")
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=lex)
    g.rules = g.rules.with_settings(challenges=rule)
    g.racks = [list("CATXYZQ"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", word)
    g.challenge()
    text = write_gcg(record_from_game(g))
    label = get_challenge_rule(rule).label()  # "points" is written "points 5"
    assert f"#note ChallengeRule: {label}\n" in text
    moves = text.splitlines()[text.splitlines().index(f">Ann: CATXYZQ 8G {word} +10 10") + 1:]
    assert moves == lines
    result = replay(parse_gcg(text), lexicon=lex)
    assert result.mismatches == mismatches and result.challenge_rule == label
    assert result.totals == dict(zip(["Ann", "Bob"], g.scores, strict=True))


def test_a_challenge_bonus_that_differs_from_the_rule_is_a_mismatch():
    text = ("#player1 Ann Ann\n#player2 Bob Bob\n#note ChallengeRule: points 5\n"
            ">Ann: CATXYZQ 8G CAT +10 10\n>Ann: XYZQPON (challenge) +10 20\n")
    result = replay(parse_gcg(text))
    assert result.mismatches == 1 and result.moves[1].computed == 5
    single = replay(parse_gcg(text.replace("points 5", "single")))
    assert single.mismatches == 1 and "single challenge rule has none" in single.moves[1].note
    assert replay(parse_gcg(text), challenge_rule=get_challenge_rule("points 10")).mismatches == 0


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (">Ann: CATXYZQ 8G CAT +10 10\n>Bob: EEE (challenge) +5 5\n",
         "line 4: a challenge bonus goes to the player whose play was just challenged"),
        (">Ann: CATXYZQ 8G CAT +10 10\n>Bob: EEE -- -10 0\n", "line 4: '--' takes back"),
    ],
)
def test_challenge_lines_out_of_place(moves, message):
    with pytest.raises(GcgError, match=message):
        replay(parse_gcg("#player1 Ann Ann\n#player2 Bob Bob\n" + moves))


CHALLENGED_OFF = ("#player1 Ann Ann\n#player2 Bob Bob\n#note ChallengeRule: single\n"
                  ">Ann: ACTXYZQ 8G TAC +10 10\n>Ann: ACTXYZQ -- -10 0\n")


@pytest.mark.parametrize("move", ["8G CAT +10 10", "- +0 0", "-XYZ +0 0"])
def test_after_a_phony_challenged_off_the_same_player_does_not_move_again(move):
    """Bug Words: a phony challenged off ends the player's turn, so the next turn in the
    record is another player's."""
    with pytest.raises(GcgError, match="game record line 6: player Ann cannot move again in this "
                       "turn: their word came off after a challenge, which ends the turn, so "
                       "the next player moves"):
        replay(parse_gcg(CHALLENGED_OFF + f">Ann: ACTXYZQ {move}\n"))
    after = CHALLENGED_OFF + ">Bob: EEE - +0 0\n>Ann: ACTXYZQ 8G CAT +10 10\n"
    assert replay(parse_gcg(after)).mismatches == 0
    # a note among the moves may stand for turns the record has no line for (a score
    # sheet's swap): whose turn it is cannot be told, so nothing is refused
    noted = CHALLENGED_OFF + "#note turn 3: Bob chose to swap\n>Ann: ACTXYZQ 8G CAT +10 10\n"
    assert replay(parse_gcg(noted)).mismatches == 0


def test_a_pass_without_its_rack_and_notes_among_the_moves_are_read_and_written_in_place():
    text = ("#character-encoding UTF-8\n#player1 Ann Ann\n#player2 Bob Bob\n#note header\n"
            ">Ann: 8G CAT +10 10\n#note turn 2: Bob chose to swap\n>Ann: - +0 10\n"
            ">Bob: -- +0 0\n#note the end\n")
    rec = parse_gcg(text)
    assert [(m.kind, m.rack) for m in rec.moves] == [("place", ""), ("pass", ""),
                                                      ("challenged", "")]
    assert rec.notes_before(1) == ["turn 2: Bob chose to swap"]
    assert rec.notes_before(3) == ["the end"] and rec.notes_before(0) == []
    assert rec.notes[0] == "header" and 0 not in rec.note_places
    assert write_gcg(rec) == text


def test_an_unknown_challenge_rule_in_a_record():
    with pytest.raises(GcgError, match="unknown challenge rule 'sometimes'"):
        replay(parse_gcg("#player1 Ann Ann\n#player2 Bob Bob\n#note ChallengeRule: sometimes\n"
                         ">Ann: CAT 8G CAT +10 10\n"))


def test_the_self_play_records_are_what_their_script_writes(tmp_path):
    # The records are engine self-play; if the engine's choice of play changes, this says so
    # and the script writes them again (python scripts/make_bugwords_records.py).
    import importlib.util

    path = Path(__file__).parent.parent / "scripts" / "make_bugwords_records.py"
    spec = importlib.util.spec_from_file_location("make_bugwords_records", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    written = sorted(p.name for p in tmp_path.glob("*.gcg"))
    assert written == sorted(p.name for p in RECORDS if p.name.startswith("selfplay"))
    for name in written:
        assert (tmp_path / name).read_text(encoding="utf-8") == \
            (GCG_DIR / name).read_text(encoding="utf-8"), name


def test_replay_refuses_a_move_after_the_game_is_over():
    """The engine ends the game once every player has passed twice in a row and refuses any
    move after; replay refuses a move line there too, and after the lines that count the
    tiles left. Under ``double`` a record that marks none of its lost turns may have written
    one as a plain pass, which the engine does not count, so there the passes cannot end the
    game in replay."""
    g = Game(["Ann", "Bob"], random.Random(3))
    for _ in range(4):
        g.pass_turn()
    assert g.over
    rec = record_from_game(g)
    passes = [mv for mv in rec.moves if mv.kind == "pass"]
    assert len(passes) == 4
    rec.moves = [*passes, passes[0]]
    text = write_gcg(rec)
    extra = len(text.splitlines())
    with pytest.raises(GcgError, match=f"game record line {extra}: the game is over \\(every "
                                       "player passed twice in a row\\): no more moves"):
        replay(parse_gcg(text))
    assert replay(parse_gcg(text), challenge_rule=get_challenge_rule("double")).moves
    ended = (GCG_DIR / "selfplay-2p-seed1.gcg").read_text(encoding="utf-8")
    with pytest.raises(GcgError, match="the game is over \\(Ann has played every tile and the "
                                       "bag is empty\\): no more moves"):
        replay(parse_gcg(ended + ">Bob: - +0 388\n"))
    rackless = "".join(ln.split(" ", 1)[0] + " " + ln.split(" ", 2)[2] + "\n"
                       if ln.startswith(">") and "(" not in ln else ln + "\n"
                       for ln in ended.splitlines())
    with pytest.raises(GcgError, match="the game is over \\(the tiles left on the racks have "
                                       "been counted\\): no more moves"):
        replay(parse_gcg(rackless + ">Bob: - +0 388\n"))


@pytest.mark.parametrize(("line", "message"), [
    (">Bob: ADEINRST 9B RETAINS +63 63", "game record line 4: the rack ADEINRST has 8 tiles; "
                                         "a rack holds 7"),
    (">Bob: ZZE - +0 0", "game record line 4: the rack ZZE has 2 Z tiles, the set has 1"),
    (">Bob: ???E -E +0 0", "game record line 4: the rack \\?\\?\\?E has 3 blanks"),
])
def test_replay_refuses_a_rack_no_game_can_deal(line, message):
    text = "#player1 Ann\n#player2 Bob\n>Ann: ?AT 8G cAT +4 4\n" + line + "\n"
    with pytest.raises(GcgError, match=message):
        replay(parse_gcg(text))


@pytest.mark.parametrize(("moves", "message"), [
    (">Ann: ?AT 8G cAT +4 4\n>Ann: EEE - +0 4\n", "game record line 4: it is Bob's turn, "
                                                  "not Ann's"),
    (">Ann: ?AT 8G cAT +4 4\n>Ann: ?AT -- -4 0\n>Ann: EEE - +0 0\n",
     "game record line 5: player Ann cannot move again in this turn"),
    (">Ann: ?AT 8G cAT +4 4\n>Bob: EEE - +0 0\n>Bob: EEE - +0 0\n", "game record line 5: "
                                                                     "it is Ann's turn"),
])
def test_replay_keeps_the_turn_order(moves, message):
    """The players move in the order of the #player lines (the engine's order: a turn lost
    to a challenge is a pass line in its place); a record where a player moves out of turn
    is refused at that line."""
    with pytest.raises(GcgError, match=message):
        replay(parse_gcg("#player1 Ann\n#player2 Bob\n" + moves))
    ok = ">Ann: ?AT 8G cAT +4 4\n>Ann: ?AT -- -4 0\n>Bob: EEE - +0 0\n>Ann: ?AT - +0 0\n"
    assert replay(parse_gcg("#player1 Ann\n#player2 Bob\n" + ok)).totals == {"Ann": 0,
                                                                             "Bob": 0}


def test_replay_counts_the_tiles_when_the_racks_are_whole():
    """From a record the engine wrote (whole racks), replay counts the tiles as the engine
    deals and draws them: an exchange with fewer than 7 tiles in the bag is refused, as the
    engine refuses it, and a player who goes out with the bag empty ends the game even
    where the record stops before its end lines; the play that went out can still be
    challenged off."""
    from companion.bugwords.autoplay import take_best_turn
    from companion.lexicon import default_lexicon

    g = Game(["Ann", "Bob"], random.Random(1))
    while len(g.bag) >= 7:
        take_best_turn(g, default_lexicon())
    with pytest.raises(GameError, match=f"the bag has {len(g.bag)} tiles: swapping needs "
                                        "at least 7"):
        g.exchange(g.rack_text()[0])
    text = write_gcg(record_from_game(g))
    nick, rack = g.players[g.current], g.rack_text()
    total = g.scores[g.current]
    extra = len(text.splitlines()) + 1
    with pytest.raises(GcgError, match=f"game record line {extra}: the bag has {len(g.bag)} "
                                       "tiles: swapping needs at least 7"):
        replay(parse_gcg(text + f">{nick}: {rack} -{rack[0]} +0 {total}\n"))
    ended = (GCG_DIR / "selfplay-2p-seed1.gcg").read_text(encoding="utf-8")
    open_end = "".join(ln + "\n" for ln in ended.splitlines() if "(" not in ln)
    with pytest.raises(GcgError, match="the game is over \\(Ann has played every tile and the "
                                       "bag is empty\\): no more moves"):
        replay(parse_gcg(open_end + ">Bob: A - +0 389\n"))
    taken = replay(parse_gcg(open_end + ">Ann: T -- -8 330\n>Bob: A - +0 389\n"),
                   challenge_rule=get_challenge_rule("single"))
    assert taken.totals == {"Ann": 330, "Bob": 389}


def _double_challenge_game() -> Game:
    """Ann plays CAT, Bob challenges it under ``double`` (it stands: Bob's turn is lost),
    then both pass until the game ends."""
    lex = Lexicon(["cat", "cats", "at", "ta", "act"], name="tiny")
    g = Game(["Ann", "Bob"], random.Random(0), lexicon=lex)
    g.rules = g.rules.with_settings(challenges="double")
    g.racks = [list("CATXYZQ"), list("EEEEEEE")]
    g.bag = list("ABCDEFGHIJKLMNOP")
    g.play("8G", "CAT")
    g.challenge()
    while not g.over:
        g.pass_turn()
    return g


def test_a_lost_turn_is_a_pass_marked_by_a_note_and_reads_back_as_one():
    """GCG has no line for a turn lost to a challenge: it was written as a plain pass, which
    replay could not tell from one. It is a pass marked by the note after it (as WerdUp's
    records mark it, and as other programs' GCG readers keep a note), read back as the lost
    turn it is."""
    text = write_gcg(record_from_game(_double_challenge_game()))
    assert ">Bob: EEEEEEE - +0 0\n#note Lost turn to a challenge\n>Ann: " in text
    rec = parse_gcg(text)
    assert [mv.kind for mv in rec.moves][:3] == ["place", "lost_turn", "pass"]
    assert rec.notes == ["ChallengeRule: double"]  # the mark is the move's, not a note
    assert write_gcg(rec) == text
    result = replay(rec)
    assert [m.kind for m in result.moves][:3] == ["place", "lost_turn", "pass"]
    assert result.mismatches == 0


def test_passes_end_a_double_challenge_game_once_its_lost_turns_are_marked():
    """The lost turn is no pass (the engine's count): the game ends after both players pass
    twice more, and replay refuses a move after that, as under any other rule. A record that
    marks none of its lost turns may have written one as a plain pass, so its passes still
    do not end the game there."""
    text = write_gcg(record_from_game(_double_challenge_game()))
    moves = text.splitlines()
    end = next(i for i, ln in enumerate(moves) if "(XYZQPON)" in ln)
    extra = "\n".join([*moves[:end], ">Ann: XYZQPON - +0 10"]) + "\n"
    with pytest.raises(GcgError, match=f"game record line {end + 1}: the game is over \\(every "
                                       "player passed twice in a row\\): no more moves"):
        replay(parse_gcg(extra))
    unmarked = extra.replace("#note Lost turn to a challenge\n", "")
    assert [m.kind for m in replay(parse_gcg(unmarked)).moves].count("pass") == 6


@pytest.mark.parametrize("note", ["Lost turn to a challenge of 8G CAT",
                                  "#unsuccessful-challenge"])
def test_a_lost_turn_mark_names_the_play_or_comes_from_another_program(note):
    text = ("#player1 Ann Ann\n#player2 Bob Bob\n#note ChallengeRule: double\n"
            ">Ann: CATXYZQ 8G CAT +10 10\n>Bob: EEEEEEE - +0 0\n"
            f"#note {note}\n>Ann: XYZQPON - +0 10\n")
    rec = parse_gcg(text)
    assert rec.moves[1].kind == "lost_turn" and rec.notes == ["ChallengeRule: double"]
    assert rec.moves[1].challenged == ("8G CAT" if "CAT" in note else "")


def test_a_lost_turn_mark_follows_a_pass():
    with pytest.raises(GcgError, match="game record line 4: a lost turn's note follows its "
                                       "pass line"):
        parse_gcg("#player1 Ann Ann\n#player2 Bob Bob\n>Ann: CATXYZQ 8G CAT +10 10\n"
                  "#note Lost turn to a challenge\n")


@pytest.mark.parametrize("short", [False, True])
def test_the_engine_and_replay_allow_an_exchange_on_the_same_bag(short):
    """Under a house rule for the bag an exchange needs (``min_bag_to_exchange``), the engine
    and the replay of its record count the same bag and apply the same rule
    (``BugWordsRules.swap_refusal``): both make the exchange, or both refuse it in the
    same words."""
    from companion.bugwords.autoplay import take_best_turn
    from companion.lexicon import default_lexicon

    g = Game(["Ann", "Bob"], random.Random(3))
    while len(g.bag) >= 7:
        take_best_turn(g, default_lexicon())
    g.rules = g.rules.with_settings(min_bag_to_exchange=len(g.bag) + short)
    text = write_gcg(record_from_game(g))
    nick, rack, total = g.players[g.current], g.rack_text(), g.scores[g.current]
    line = f">{nick}: {rack} -{rack[0]} +0 {total}\n"
    if short:
        with pytest.raises(GameError) as refused:
            g.exchange(rack[0])
        extra = len(text.splitlines()) + 1
        with pytest.raises(GcgError, match=f"game record line {extra}: {refused.value}$"):
            replay(parse_gcg(text + line), g.rules)
    else:
        g.exchange(rack[0])
        assert replay(parse_gcg(text + line), g.rules).moves[-1].kind == "exchange"


@pytest.mark.parametrize("line", [">" + " " * 5000 + "x", "> " + "\t " * 3000 + ": CAT",
                                  ">" + " " * 5000 + ":"])
def test_a_move_line_of_thousands_of_spaces_is_refused_at_once(line):
    # the move pattern trimmed the name as it matched: minutes for 5,000 spaces, cubed
    started = time.monotonic()
    with pytest.raises(GcgError, match="line 3: a move line reads"):
        parse_gcg("#player1 A A\n#player2 B B\n" + line + "\n")
    assert time.monotonic() - started < 5


def test_a_move_line_is_read_round_its_spaces():
    record = parse_gcg("#player1 A Ann\n#player2 B Bob\n>  A :  CAT 8G CAT  +10  10  \n")
    assert [(m.player, m.score, m.total) for m in record.moves] == [("A", 10, 10)]
