from companion.tiles import ALL_OUT, ONE_OUT, TileCount, next_holding, start_problem, tile_set


def test_bugwords_tiles():
    ts = tile_set("bugwords")
    assert ts.total == 100
    assert ts.counts["E"] == 12 and ts.counts["?"] == 2
    assert ts.value("Q") == 10 and ts.value("?") == 0 and ts.value("K") == 5
    assert len(ts.bag()) == 100


def test_werdup_tiles_have_one_qu():
    ts = tile_set("werdup")
    assert ts.total == 100
    assert ts.counts["Qu"] == 1
    assert "Q" not in ts.counts


def test_werdup_tiles_are_the_ten_by_ten_editions_hundred():
    """The default edition's 100 tiles, letter by letter (Hasbro's 10 x 10 set): a count
    moved from one letter to another keeps the total, so the total alone would not tell."""
    counts = ("A7 B3 C4 D5 E8 F3 G3 H3 I7 J1 K2 L5 M5 N5 O7 P3 Qu1 R5 S6 T5 U5 V1 W2 X1 Y2 "
              "Z1").split()
    expected = {c.rstrip("0123456789"): int(c.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZu"))
                for c in counts}
    assert tile_set("werdup").counts == expected
    assert sum(expected.values()) == 100


def test_the_next_player_is_the_next_one_still_holding_tiles():
    order = ["ann", "bob", "cy", "dee"]
    assert next_holding(order, "ann", order) == "bob"
    assert next_holding(order, "dee", order) == "ann"  # round the table
    assert next_holding(order, "ann", ["ann", "cy", "dee"]) == "cy"  # bob went out
    assert next_holding(order, "cy", ["ann", "bob"]) == "ann"  # cy and dee went out
    assert next_holding(order, "bob", ["bob"]) == "bob"  # only bob holds tiles
    assert next_holding(order, "bob", []) is None


def test_racks_left_are_checked_against_the_tiles_not_on_the_board():
    """The first rack the set cannot hold, by its index, once the tiles played are on the
    board and the racks before it have theirs; None when they all fit."""
    from companion.tiles import TileSet

    ts = TileSet("small", {"A": 3, "B": 1, "?": 1}, {"A": 1, "B": 3, "?": 0})
    assert ts.left_problem(["A", "A"], [("A", ["A"]), ("", [])]) is None
    assert ts.left_problem(["B"], [("A", ["A"]), ("B", ["B"])]) == (
        1, "the rack B has 1 B tile, but the set has 1, and 1 is on the board")
    assert ts.left_problem(["A"], [("A", ["A"]), ("AA", ["A", "A"])]) == (
        1, "the rack AA has 2 A tiles, but the set has 3, and 1 is on the board and 1 is on the "
        "racks before it")
    assert ts.left_problem(["A", "A", "A", "B"], [("??", ["?", "?"])]) == (
        0, "the rack ?? has 2 tiles, but only 1 is not on the board")
    assert ts.left_problem(["A", "A", "B"], [("?A", ["?", "A"]), ("A", ["A"])]) == (
        1, "the racks up to this one hold 3 tiles, but only 2 are not on the board")
    assert ts.left_problem(["A", "A", "A", "B", "?"], [("", []), ("A", ["A"])]) == (
        1, "the rack A has 1 tile, but every tile of the set is on the board")
    assert ts.left_problem(["?"], [("?", ["?"])]) == (
        0, "the rack ? has 1 blank (?), but the set has 1, and 1 is on the board")
    # more of a tile than the set has at all (a rack no game deals) is said as that
    assert ts.left_problem([], [("BB", ["B", "B"])]) == (
        0, "the rack BB has 2 B tiles, but the set has 1")


def test_only_a_player_with_no_tile_left_can_have_gone_out():
    """An empty rack at the end says its player went out: while the count is known, only a
    player who played every tile dealt and drawn can have (the bag empty first)."""
    count = TileCount.deal(["ann", "bob"], 100, 7)
    count.play("ann", 4)  # refilled from the bag
    said = count.rack_left_problem("ann", 0)
    assert said == ("it is empty, but ann still holds 7 tiles by the plays on the sheet "
                    "(the bag has 82 more), so has not gone out: type the tiles left on the rack")
    ending = TileCount({"ann": 3, "bob": 7}, 0, 7)
    assert "still holds 3 tiles" in ending.rack_left_problem("ann", 0)
    assert "(the bag is empty)" in ending.rack_left_problem("ann", 0)
    ending.play("ann", 3)  # plays out with the bag empty
    assert ending.rack_left_problem("ann", 0) == ""
    unknown = TileCount.deal(["ann", "bob"], 100, 7)
    unknown.known = False  # a play entered as words and a score: the tiles decide nothing
    assert unknown.rack_left_problem("ann", 0) == ""


def test_a_rack_left_holds_as_many_tiles_as_the_count_says():
    """While the count is known, the rack typed at the end holds the tiles dealt and drawn
    and not played: no fewer, no more; while it is not known, any number is taken."""
    count = TileCount.deal(["ann", "bob"], 100, 7)
    count.play("ann", 4)
    assert count.rack_left_problem("ann", 7) == ""
    assert count.rack_left_problem("ann", 3) == (
        "it has 3 tiles, but ann holds 7 tiles by the plays on the sheet (the bag has 82 "
        "more): type every tile left on the rack")
    ending = TileCount({"ann": 1, "bob": 0}, 0, 7)
    assert ending.rack_left_problem("ann", 1) == "" and ending.rack_left_problem("bob", 0) == ""
    assert ending.rack_left_problem("ann", 2) == (
        "it has 2 tiles, but ann holds 1 tile by the plays on the sheet (the bag is empty): "
        "type every tile left on the rack")
    assert ending.rack_left_problem("bob", 1) == (
        "it has 1 tile, but bob has played every tile by the plays on the sheet (the bag is "
        "empty), so has gone out: leave the rack empty")
    unknown = TileCount.deal(["ann", "bob"], 100, 7)
    unknown.known = False
    assert unknown.rack_left_problem("ann", 3) == ""


def test_a_play_may_not_put_down_a_tile_the_set_has_no_more_of():
    bugwords = tile_set("bugwords")
    assert bugwords.placed_problem([], ["?", "?"]) == ""
    assert bugwords.placed_problem(["?", "A"], ["?", "?"]) == (
        "the board would then hold 3 blanks (?), the set has 2")
    assert bugwords.placed_problem(["Z"], ["Z"]) == (
        "the board would then hold 2 Z tiles, the set has 1")
    assert bugwords.placed_problem(["Z", "Q"], ["A"]) == ""


def test_a_late_start_with_fewer_tiles_than_full_racks_knows_only_their_total():
    """Started with 10 tiles off the board for two racks of 7, the bag is empty and the
    racks hold 10 between them: any split, each rack at most 7; a play with nothing to draw
    takes its tiles off the total and off the most its player can hold."""
    full = TileCount.started(["ann", "bob"], 20, 7)
    assert (full.sizes, full.bag, full.shared) == ({"ann": 7, "bob": 7}, 6, None)
    late = TileCount.started(["ann", "bob"], 10, 7)
    assert (late.bag, late.shared) == (0, 10)
    assert [late.held("ann"), late.least("ann")] == [None, 3]
    assert late.holding() == ["ann", "bob"] and late.out("ann", ONE_OUT) == ""
    assert late.racks_total_problem(10) == "" and late.racks_total_problem(9).startswith(
        "the racks hold 9 tiles between them as typed, but 10 tiles are off the board")
    assert [late.rack_left_problem("ann", n) for n in (0, 5, 7)] == ["", "", ""]
    assert late.play("ann", 2) == 0
    assert (late.shared, late.sizes) == (8, {"ann": 5, "bob": 7})
    assert late.rack_left_problem("ann", 6).startswith(
        "it has 6 tiles, but ann holds 5 tiles at most by the plays on the sheet")
    late.play("ann", 5)  # her rack's most: she has gone out, and Bob holds the rest
    assert [late.held("ann"), late.held("bob")] == [0, 3]
    assert late.out("ann", ONE_OUT) == "ann has played every tile and the bag is empty"


def test_a_start_leaving_a_player_of_a_game_still_going_no_tile_is_refused():
    assert start_problem(98, 100, 2, ONE_OUT) == ""
    assert start_problem(99, 100, 2, ONE_OUT).startswith(
        "the starting position holds 99 tiles, leaving 1 of the set's 100 for the racks, but "
        "each of the 2 players holds a tile")
    assert start_problem(99, 100, 4, ALL_OUT) == ""
    assert "a player holds a tile" in start_problem(100, 100, 4, ALL_OUT)
