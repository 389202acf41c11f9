from companion.tiles import next_holding, tile_set


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


def test_the_next_player_is_the_next_one_still_holding_tiles():
    order = ["ann", "bob", "cy", "dee"]
    assert next_holding(order, "ann", order) == "bob"
    assert next_holding(order, "dee", order) == "ann"  # round the table
    assert next_holding(order, "ann", ["ann", "cy", "dee"]) == "cy"  # bob went out
    assert next_holding(order, "cy", ["ann", "bob"]) == "ann"  # cy and dee went out
    assert next_holding(order, "bob", ["bob"]) == "bob"  # only bob holds tiles
    assert next_holding(order, "bob", []) is None
