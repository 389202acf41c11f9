from companion.tiles import tile_set


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
