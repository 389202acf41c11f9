"""The game facades a score sheet drives (companion/play.py and each game's table.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.board import Board
from companion.bugwords.gcg import GcgError, parse_gcg
from companion.bugwords.replay import replay as replay_gcg
from companion.bugwords.table import BugWordsTable
from companion.errors import UsageError
from companion.lexicon import Lexicon
from companion.play import ScoreSheet, SheetTurn
from companion.tables import table_for
from companion.werdup.record import replay as replay_werdup
from companion.werdup.table import WerdUpTable

WORDS = Lexicon(["quiz", "quit", "any", "cat", "cats", "at", "zany", "oxide"], name="table-test")


def test_the_facades_import_without_flask() -> None:
    code = ("import sys, companion.tables, companion.werdup.table, companion.bugwords.table\n"
            "assert 'flask' not in sys.modules, 'flask was imported'\n"
            "assert not any(m.startswith('vision') for m in sys.modules), 'vision was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_table_for_names_each_game() -> None:
    assert isinstance(table_for("werdup"), WerdUpTable)
    assert isinstance(table_for("bugwords"), BugWordsTable)
    assert (table_for("bugwords").record_suffix, table_for("werdup").record_suffix) == (
        ".gcg", ".txt")
    with pytest.raises(UsageError, match="Unknown game 'chess'"):
        table_for("chess")


def test_player_ranges_come_from_the_rules_data() -> None:
    assert (WerdUpTable().min_players, WerdUpTable().max_players) == (1, 4)
    assert (BugWordsTable().min_players, BugWordsTable().max_players) == (2, 4)
    assert BugWordsTable().check_players([" Ann ", "", "Bob"]) == ["Ann", "Bob"]
    with pytest.raises(UsageError, match="Bug Words needs 2 to 4 players"):
        BugWordsTable().check_players(["Ann"])
    with pytest.raises(UsageError, match="40 characters"):
        WerdUpTable().check_players(["a" * 41])


@pytest.mark.parametrize("names", [["Ann", "Ann"], ["Ann", "Bob", " ann "], ["ÅSA", "åsa"],
                                   ["Ann", "\uff21\uff4e\uff4e"], ["\u00c5sa", "A\u030asa"]])
def test_two_players_of_one_name_are_refused(names) -> None:
    """The sheet's turns, its winner line and the seat to choose tell players apart by name;
    a phone's full-width "Ａｎｎ" beside "Ann", and "Åsa" typed as A and a ring beside one
    typed as Å, read alike on the sheet (they were taken as two names)."""
    for table in (BugWordsTable(), WerdUpTable()):
        with pytest.raises(UsageError, match="Two players are called .*: give each player a "
                                             "name of their own"):
            table.check_players(names)
    assert BugWordsTable().check_players(["Ann", "Anne"]) == ["Ann", "Anne"]


def test_bugwords_typed_play_is_judged_with_the_list_given() -> None:
    table = BugWordsTable()
    blanks = table.score_play(None, "8h quiz", WORDS)  # lower case letters are blanks
    assert blanks.legal and blanks.score == 0 and blanks.notation == "8H quiz"
    assert (blanks.position, blanks.record_word) == ("8H", "quiz")
    upper = table.score_play(None, "8H QUIZ", WORDS)
    # Q10 U1 I1 Z10 = 22, doubled by the centre square
    assert upper.legal and upper.score == 44
    assert upper.words == [{"word": "QUIZ", "shown": "QUIZ", "score": 44,
                            "arithmetic": "Q 10 + U 1 + I 1 + Z 10 = 22, x2 = 44"}]
    other = Lexicon(["cat"], name="other")
    refused = table.score_play(None, "8H QUIZ", other)
    assert not refused.legal and "QUIZ" in refused.reason
    with pytest.raises(UsageError, match="write a square and a word"):
        table.score_play(None, "QUIZ", WORDS)
    with pytest.raises(UsageError, match="too long"):
        table.score_play(None, "8H " + "A" * 40, WORDS)


def test_bugwords_breakdown_shows_the_premiums_and_blanks_as_scored() -> None:
    table = BugWordsTable()
    # 8D is a double letter, 8H the centre's double word; a lower-case tile is a blank
    assert table.score_play(None, "8D OXIDE", WORDS).words[0]["arithmetic"] == (
        "O 1x2 + X 8 + I 1 + D 2 + E 1 = 14, x2 = 28")
    assert table.score_play(None, "8D oXIDE", WORDS).words[0]["arithmetic"] == (
        "o 0x2 + X 8 + I 1 + D 2 + E 1 = 12, x2 = 24")
    first = table.score_play(None, "8H QUIZ", WORDS)
    # Z already on the board counts without premiums; the new tiles' 11K doubles the word
    down = table.score_play(first.board, "K8 .ANY", WORDS)
    assert down.words == [{"word": "ZANY", "shown": "ZANY", "score": 32,
                           "arithmetic": "Z 10 + A 1 + N 1 + Y 4 = 16, x2 = 32"}]


def test_bugwords_photo_play_matches_the_typed_one() -> None:
    table = BugWordsTable()
    typed = table.score_play(None, "8H QUIZ", WORDS)
    grid = [list(row) for row in [[""] * 15 for _ in range(15)]]
    for k, letter in enumerate("QUIZ"):
        grid[7][7 + k] = letter
    seen = table.score_observed(None, grid, WORDS)
    assert (seen.legal, seen.score, seen.board) == (True, typed.score, typed.board)
    grid[7][7] = "X"
    with pytest.raises(UsageError, match="tiles never change"):
        table.score_observed(typed.board, grid, WORDS)
    grid[7][7] = "QU"  # a square holds one tile of one letter: not read as Q
    with pytest.raises(UsageError, match="'QU' at 8H: a Bug Words tile carries one letter"):
        table.score_observed(None, grid, WORDS)
    grid[7][7] = ""
    with pytest.raises(UsageError, match="has gone from the board"):
        table.score_observed(typed.board, grid, WORDS)
    with pytest.raises(UsageError, match="15 rows of 15 squares"):
        table.score_observed(None, grid[:3], WORDS)


def test_werdup_typed_and_photo_plays_stack_and_score() -> None:
    table = WerdUpTable()
    first = table.score_play(None, "5E QUIZ", WORDS)
    assert first.legal and first.score == 6
    second = table.score_play(first.board, "5E QUIT", WORDS)
    assert second.legal and second.score == 6 and "T2" in second.board
    after = Board.from_text(second.board, 10, 10)
    grid = [[after.get(r, c) or "" for c in range(10)] for r in range(10)]
    seen = table.score_observed(first.board, grid, WORDS)
    assert (seen.score, seen.board, seen.new_cells) == (6, second.board, second.new_cells)
    with pytest.raises(UsageError, match="Nothing changed on the board"):
        table.score_observed(second.board, grid, WORDS)


def test_a_pass_or_a_swap_scores_nothing() -> None:
    for table in (WerdUpTable(), BugWordsTable()):
        swap = table.no_play("swap")
        assert swap.legal and swap.score == 0 and swap.board == ""
        with pytest.raises(UsageError, match="pass or a swap"):
            table.no_play("play")


def test_end_of_game_adjustments() -> None:
    # Bug Words: Bob holds Q and Z (20); Ann went out and adds them.
    assert BugWordsTable().finish(["", "QZ"]) == [20, -20]
    assert BugWordsTable().finish(["A", "QZ"]) == [-1, -20]  # no one went out
    assert BugWordsTable().rack_cost("q ?") == (2, 10)
    with pytest.raises(UsageError, match="is not a Bug Words tile"):
        BugWordsTable().finish(["A1", ""])
    # WerdUp: five a tile, and going out adds nothing
    assert WerdUpTable().finish(["", "QUE", "ST"]) == [0, -10, -10]
    assert WerdUpTable().rack_cost("Qu E") == (2, 10)


@pytest.mark.parametrize("game", ["werdup", "bugwords"])
def test_a_rack_left_at_the_end_is_one_the_game_deals(game: str) -> None:
    """The rack boxes' length and the racks taken at the end are the engine's rule: a full
    rack of the set's longest tiles (WerdUp's Qu is two letters) typed with a space between
    tiles fits; a tile more than a rack holds, or more of a tile than the set has, does not."""
    table = table_for(game)
    longest = sorted(table.tile_set.bag(), key=len, reverse=True)[:table.rack_size]
    full = " ".join(longest)
    assert len(full) == table.rack_chars
    assert table.rack_cost(full)[0] == table.rack_size
    assert table.rack_cost("".join(longest))[0] == table.rack_size
    with pytest.raises(UsageError, match=f"a rack holds {table.rack_size}"):
        table.rack_cost("E" * (table.rack_size + 1))
    with pytest.raises(UsageError, match="has 2 Z tiles, the set has 1"):
        table.rack_cost("ZZ")
    with pytest.raises(UsageError, match=f"typed in {table.rack_chars} characters at most"):
        table.rack_cost(full + " E")
    assert (table.rack_size, table.rack_chars) == {"werdup": (7, 14), "bugwords": (7, 13)}[game]


def _sheet(table: BugWordsTable | WerdUpTable, plays: list[str], racks: list[str]) -> ScoreSheet:
    board: str | None = None
    turns = []
    for k, notation in enumerate(plays):
        scored = table.score_play(board, notation, WORDS)
        assert scored.legal, scored.reason
        board = scored.board
        turns.append(SheetTurn(k + 1, k % 2, "play", scored.score,
                               " ".join(w["word"] for w in scored.words), scored.to_dict()))
    turns.append(SheetTurn(len(plays) + 1, len(plays) % 2, "pass", 0))
    return ScoreSheet("a test game", ["Ann Lee", "Bob"], turns, True, racks, table.finish(racks))


def test_bugwords_record_replays_with_no_mismatch() -> None:
    text = BugWordsTable().write_record(_sheet(BugWordsTable(), ["8H QUIZ", "K8 .ANY"],
                                               ["", "QV"]))
    rec = parse_gcg(text)
    assert [m.kind for m in rec.moves] == ["place", "place", "pass", "rack_penalty",
                                           "out_bonus"]
    result = replay_gcg(rec)
    assert result.mismatches == 0
    assert ">p1_AnnLee: - +0 " in text and "chose to pass" not in text  # a GCG pass line


def test_a_bugwords_record_keeps_turns_in_order_around_a_play_challenged_off() -> None:
    """A score sheet's Bug Words game: Ann's phony comes off, Bob passes (a pass line) and
    later swaps (a note where it came), and Ann plays again: replay, which refuses Ann moving
    right after her phony came off, takes it."""
    table = BugWordsTable()
    qxz = table.score_play(None, "8H QXZ", None)  # scored unjudged, then challenged off
    phony = qxz.to_dict() | {"challenge": {"play_stands": False, "bonus": 0,
                                           "play_score": qxz.score}}
    cat = table.score_play(None, "8H CAT", WORDS)
    turns = [SheetTurn(1, 0, "play", 0, "QXZ", phony),
             SheetTurn(2, 1, "pass", 0),
             SheetTurn(3, 0, "play", cat.score, "CAT", cat.to_dict()),
             SheetTurn(4, 1, "swap", 0),
             SheetTurn(5, 0, "pass", 0)]
    text = table.write_record(ScoreSheet("a test game", ["Ann", "Bob"], turns))
    moves = [ln.split(": ", 1)[1] for ln in text.splitlines() if ln.startswith(">")]
    assert [m.split()[-3] for m in moves[:3]] == ["QXZ", "--", "-"]
    assert text.index(">p2_Bob: - +0 0") < text.index("8H CAT")
    assert text.index("8H CAT") < text.index("#note turn 4: Bob chose to swap") < text.index(
        ">p1_Ann: - +0")
    result = replay_gcg(parse_gcg(text))
    assert result.mismatches == 0 and result.totals == {"p1_Ann": cat.score, "p2_Bob": 0}
    turns[1:2] = []  # without Bob's pass, Ann moves twice in a row
    with pytest.raises(GcgError, match="player p1_Ann cannot move again in this turn"):
        replay_gcg(parse_gcg(table.write_record(ScoreSheet("a test game", ["Ann", "Bob"],
                                                           turns))))


def test_werdup_record_replays_with_no_mismatch() -> None:
    table = WerdUpTable()
    text = table.write_record(_sheet(table, ["5E QUIZ", "5E QUIT"], ["AB", ""]))
    result = replay_werdup(text, WORDS)
    assert result.ok, [ln.problems for ln in result.lines]
    assert result.totals == {"p1_AnnLee": 6 - 10, "p2_Bob": 6}
    assert result.board.to_text() == table.score_play(
        table.score_play(None, "5E QUIZ", WORDS).board, "5E QUIT", WORDS).board


def test_a_refused_play_carries_the_squares_it_is_about() -> None:
    """Each facade hands on the engine's squares with a refusal (a page marks them)."""
    werdup, bugwords = WerdUpTable(), BugWordsTable()
    assert werdup.score_play(None, "1A CAT", WORDS).squares == [(4, 4), (4, 5), (5, 4), (5, 5)]
    first = werdup.score_play(None, "5E QUIZ", WORDS)
    assert werdup.score_play(first.board, "5E QUIX", WORDS).squares == [(4, 4), (4, 5), (4, 6)]
    assert bugwords.score_play(None, "1A CAT", WORDS).squares == [(7, 7)]
    quiz = bugwords.score_play(None, "8H QUIZ", WORDS)
    assert bugwords.score_play(quiz.board, "H9 AT", WORDS).squares == [(7, 7), (8, 7), (9, 7)]
    assert bugwords.score_play(quiz.board, "8H ....ZY", WORDS).squares == [
        (7, 7), (7, 8), (7, 9), (7, 10), (7, 11), (7, 12)]
    assert bugwords.score_play(quiz.board, "9A CAT", WORDS).squares == []


def test_bug_words_engine_table_and_move_generator_write_a_play_alike() -> None:
    """Over a game the move generator plays, each play is written the same way (the square,
    then the main word with ``.`` for tiles already down and lower case for a blank) by the
    move generator, by the engine's history and by the score sheet's facade judging it."""
    import random

    from companion.bugwords.game import Game
    from companion.bugwords.movegen import generate_moves
    from companion.lexicon import default_lexicon

    lex, table = default_lexicon(), BugWordsTable()
    g = Game(["Ann", "Bob"], random.Random(7), lexicon=lex)
    through = blanks = 0
    while not g.over:
        moves = generate_moves(g.board, g.rack_text(), lex, g.rules)
        if not moves:
            g.pass_turn()
            continue
        best, before = moves[0], g.board.to_text()
        turn = g.play(best.position, best.record_word)
        judged = table.score_play(before, f"{best.position} {best.record_word}", None)
        assert (turn.position, turn.word) == (str(best.position), best.record_word)
        assert (judged.position, judged.record_word) == (turn.position, turn.word)
        assert judged.score == turn.score == best.score
        through += "." in turn.word
        blanks += any(ch.islower() for ch in turn.word)
    assert through and blanks  # plays through tiles on the board and plays of a blank


def test_a_play_with_no_new_tile_is_refused_in_one_wording_by_each_engine() -> None:
    """"Puts no new tile on the board" has one owner in Bug Words (its validation's
    check_new_tiles, which the game, replay and the facade ask) and one wording, WerdUp's
    the same (companion.board.no_new_tile)."""
    import random

    from companion.board import no_new_tile
    from companion.bugwords.game import Game as BugWordsGame
    from companion.bugwords.validation import IllegalPlay

    said = "the play 8G CAT puts no new tile on the board"
    game = BugWordsGame(["Ann", "Bob"], random.Random(0), lexicon=WORDS)
    game.racks = [list("CATSXYZ"), list("CATSXYZ")]
    game.play("8G", "CAT")
    with pytest.raises(IllegalPlay) as refused:
        game.play("8G", "CAT")
    assert str(refused.value) == said == no_new_tile("the play 8G CAT")
    with pytest.raises(GcgError, match=f"line 4: {said}$"):
        replay_gcg(parse_gcg("#player1 A A\n#player2 B B\n>A: CAT 8G CAT +10 10\n"
                             ">B: CAT 8G CAT +10 10\n"))
    bugwords, werdup = BugWordsTable(), WerdUpTable()
    after = bugwords.score_play(None, "8G CAT", WORDS).board
    again = bugwords.score_play(after, "8G CAT", WORDS)
    empty = werdup.judge(Board(10, 10), [], WORDS)
    assert not again.legal and not empty.legal
    # (WerdUp's facade ends its reasons with a full stop, Bug Words' does not)
    assert again.reason == empty.reason.rstrip(".") == "The play puts no new tile on the board"


def test_each_tables_swap_refusal_is_its_engines():
    """A swap is refused by the bag as each engine refuses it: Bug Words below 7 tiles,
    WerdUp only with the bag empty (its swap draws one tile)."""
    bugwords, werdup = table_for("bugwords"), table_for("werdup")
    assert bugwords.swap_refusal(7) == "" and werdup.swap_refusal(1) == ""
    assert bugwords.swap_refusal(6) == "the bag has 6 tiles: swapping needs at least 7"
    assert werdup.swap_refusal(0) == "the bag is empty, so there is nothing to swap with"


def test_a_bag_of_one_tile_is_said_as_one_tile():
    """The refusal counts the bag with the one plural rule (``companion.text.counted``): it
    said "the bag has 1 tiles"."""
    assert table_for("bugwords").swap_refusal(1) == (
        "the bag has 1 tile: swapping needs at least 7")


def test_a_werdup_play_of_no_new_tile_is_named_as_typed() -> None:
    """A WerdUp play putting no new tile (each letter on the same letter) makes no word to
    write, and its refusal named it "(no word)": the score sheet said "(no word): The play
    puts no new tile on the board." for 5F H typed on the H of CHAT. It names the play as
    typed, as Bug Words' does; a play read from a photo, typed by no one, names none."""
    werdup = WerdUpTable()
    cat = werdup.score_play(None, "5E CAT", WORDS)
    again = werdup.score_play(cat.board, " 5f  a ", WORDS)
    assert not again.legal and again.reason == "The play puts no new tile on the board."
    assert again.notation == "5F A"
    assert werdup.judge(Board(10, 10), [], WORDS).notation == ""


def test_a_blanks_letter_is_shown_in_lower_case_by_the_engine() -> None:
    """The engine says which tiles of a word are blanks: each word of a Bug Words play is
    kept with how it shows (``QUIz``, the Z a blank, as GCG writes it) beside the word
    (``QUIZ``), and a WerdUp word, which has no blanks, shows as it reads (Qu as QU)."""
    bugwords, werdup = table_for("bugwords"), table_for("werdup")
    played = bugwords.score_play(None, "8H QUIz", WORDS)
    assert [(w["word"], w["shown"]) for w in played.words] == [("QUIZ", "QUIz")]
    assert bugwords.words_shown(played.to_dict(), "QUIZ") == "QUIz"
    assert bugwords.words_shown(None, "QUIZ") == "QUIZ"  # words and a score: as typed
    quit_ = werdup.score_play(None, "5E QUIT", WORDS)
    assert werdup.words_shown(quit_.to_dict(), "QUIT") == "QUIT"


# -- a game started part way through, from a board already played on -----------------------

def _bugwords_board(rows: dict[int, str]) -> str:
    """Bug Words board text: ``rows`` (0-based) as given, the others empty."""
    return "\n".join(rows.get(r, "." * 15) for r in range(15)) + "\n"


def _werdup_board(rows: dict[int, str]) -> str:
    """WerdUp board text, a square a token: ``rows`` (0-based) as given, the others empty."""
    return "\n".join(rows.get(r, " ".join("." * 10)) for r in range(10)) + "\n"


def test_a_start_position_the_rules_leave_is_taken_with_its_tiles_counted() -> None:
    table = table_for("bugwords")
    board = table.start_position(_bugwords_board({7: "......CAt......",
                                                  8: "......A........"}))
    assert [(r, c, t) for r, c, t in board.squares()] == [
        (7, 6, "C"), (7, 7, "A"), (7, 8, "t"), (8, 6, "A")]
    assert table.tiles_on(board) == 4
    werdup = table_for("werdup")
    stacks = werdup.start_position(_werdup_board({4: ". . . . C A3 T . . ."}))
    assert (stacks.height(4, 5), werdup.tiles_on(stacks)) == (3, 5)


@pytest.mark.parametrize(("game", "rows", "said", "squares"), [
    ("bugwords", {0: "AB" + "." * 13, 7: "......CAT......"},
     "The tiles of the starting position are not all joined: 1A, 1B lie apart from the "
     "others, and every play joins the tiles already down.", [(0, 0), (0, 1)]),
    ("bugwords", {2: "..CAT.........."},
     "No tile of the starting position is on 8H, where the first word goes: check the "
     "board, or the squares read.", [(7, 7)]),
    ("bugwords", {7: "......ZZZ......"}, "The starting position shows 3 Z tiles, the set "
     "has 1.", []),
    ("bugwords", {7: ".......A......."}, "The starting position has one tile, and a word "
     "has two letters at least: type the board as it stands.", [(7, 7)]),
    ("bugwords", {}, "The starting position has no tile on it: leave it out to start from "
     "the empty board.", []),
    ("werdup", {4: ". . . . C A6 T . . ."}, "The starting position: board text line 5: the "
     "stack height of 'A6' is 6; a stack is 1 to 5 tiles high.", []),
    ("werdup", {4: ". . . . C A T . . .", 8: "Z O . . . . . . . ."},
     "The tiles of the starting position are not all joined: 9A, 9B lie apart from the "
     "others, and every play joins the tiles already down.", [(8, 0), (8, 1)]),
])
def test_a_start_position_no_game_leaves_is_refused_in_a_sentence(game, rows, said,
                                                                   squares) -> None:
    board = (_bugwords_board if game == "bugwords" else _werdup_board)(rows)
    with pytest.raises(UsageError) as refused:
        table_for(game).start_position(board)
    assert str(refused.value) == said
    assert list(getattr(refused.value, "squares", ())) == squares


def test_a_werdup_start_is_read_from_a_photos_stacks() -> None:
    """A photo of the WerdUp board gives each stack's height: the start has them (a square
    typed where none was read is one tile); a stack whose height the photo does not show is
    refused, naming its square."""
    table = table_for("werdup")
    grid = [[""] * 10 for _ in range(10)]
    grid[4][4:7] = ["C", "A", "T"]
    heights = [[0] * 10 for _ in range(10)]
    heights[4][4:7] = [1, 3, 0]
    board = table.start_position(table.position_text(grid, heights))
    assert [board.height(4, c) for c in (4, 5, 6)] == [1, 3, 1]
    heights[4][6] = None
    with pytest.raises(UsageError, match="how high the stacks at 5G are") as refused:
        table.position_text(grid, heights)
    assert list(refused.value.squares) == [(4, 6)]


def test_a_record_counts_its_totals_from_the_scores_at_the_start() -> None:
    """A sheet started part way through writes its running totals from each seat's score
    then, so the record's totals are the sheet's."""
    table = table_for("bugwords")
    after = table.score_play(_bugwords_board({7: "......CAT......"}), "9G AT", None)
    assert after.legal
    sheet = ScoreSheet("Bug Words", ["Ann", "Bob"],
                       [SheetTurn(1, 0, "play", after.score, "AT", after.to_dict())],
                       start_scores=[120, 95])
    assert f"+{after.score} {120 + after.score}" in table.write_record(sheet)


@pytest.mark.parametrize("letter", ["Ç", "é", "ß", "Ä"])
def test_a_bug_words_letter_no_tile_has_is_refused_naming_it(letter) -> None:
    """A letter no Bug Words tile has, typed in a play or in a photo's grid, is the play's
    refusal, naming the letter and its square: it was taken, and the board it left could not
    be read back ("The stored board cannot be read: board text line 8: cannot read square
    'Ç'."), the sheet blaming its own board."""
    table = BugWordsTable()
    typed = table.score_play(None, f"8H {letter}AT", WORDS)
    assert not typed.legal and typed.squares == [(7, 7)]
    assert typed.reason == (f"The letter {letter!r} is on no Bug Words tile: write letters "
                            "A-Z, a blank's letter in lower case")
    board = Board(15, 15)
    board.place(table.parse_play(board, "8H CAT"))
    grid = [[board.get(r, c) or "" for c in range(15)] for r in range(15)]
    grid[8][8] = letter
    seen = table.score_observed(board.to_text(), grid, WORDS)
    assert not seen.legal and seen.squares == [(8, 8)]
    assert seen.reason == typed.reason
