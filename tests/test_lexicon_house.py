"""House word lists: a base list, the shipped offensive-word list, additions and removals."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.judge import check_word
from companion.lexicon import (
    OFFENSIVE_LIST_NAME,
    HouseLexicon,
    Layer,
    Lexicon,
    LexiconError,
    WordListSpec,
    default_lexicon,
    house_lexicon,
    load_word_list,
    offensive_words,
)

BASE = Lexicon(["cat", "dog", "cock", "hen", "qi"], name="base list")


def words_file(tmp_path: Path, name: str, *words: str) -> str:
    path = tmp_path / name
    path.write_text("# a house list\n" + "\n".join(words) + "\n", encoding="utf-8")
    return str(path)


# Precedence, later layers winning: base, offensive removals, house additions, house removals.
# (word, in base, offensive, added, removed by the house -> valid, list that decided)
PRECEDENCE = [
    ("cat", True, False, False, False, True, "base list"),
    ("zax", False, False, True, False, True, "family.txt"),
    ("dog", True, False, False, True, False, "no.txt"),
    ("zax", False, False, True, True, False, "no.txt"),  # a house removal beats its addition
    ("cock", True, True, False, False, False, OFFENSIVE_LIST_NAME),
    ("cock", True, True, True, False, True, "family.txt"),  # the house adds the bird back
    ("cock", True, True, True, True, False, "no.txt"),
    ("hen", True, False, True, False, True, "family.txt"),  # adding a base word: still valid
]


@pytest.mark.parametrize(
    ("word", "in_base", "offensive", "added", "removed", "valid", "decided"), PRECEDENCE
)
def test_layers_precedence(word, in_base, offensive, added, removed, valid, decided):
    assert (word in BASE) is in_base
    layers = []
    if offensive:
        layers.append(Layer(OFFENSIVE_LIST_NAME, "remove", frozenset({word})))
    if added:
        layers.append(Layer("family.txt", "add", frozenset({word})))
    if removed:
        layers.append(Layer("no.txt", "remove", frozenset({word})))
    lex = HouseLexicon(BASE, layers)
    assert (word in lex) is valid
    assert lex.decided_by(word) == decided


def test_house_lexicon_from_files_names_every_layer(tmp_path):
    spec = WordListSpec(
        add=(words_file(tmp_path, "family.txt", "Zax", "grandma-isms", "cock"),),
        remove=(words_file(tmp_path, "no.txt", "dog"),),
        remove_offensive=True,
    )
    lex = house_lexicon(BASE, spec)
    assert lex.name == f"base list - {OFFENSIVE_LIST_NAME} + family.txt - no.txt"
    assert set(lex) == {"cat", "cock", "hen", "qi", "zax"}  # "grandma-isms" is not a word
    assert lex.change("zax") == "added" and lex.change("dog") == "removed"
    assert lex.change("cat") == "" and BASE.change("cat") == ""
    assert house_lexicon(BASE, WordListSpec()) is BASE


def test_a_house_file_reads_accented_lines_as_typed_words_are_read(tmp_path):
    """A house file's "Fiancé" was skipped like a line that is not a word."""
    spec = WordListSpec(add=(words_file(tmp_path, "family.txt", "Fiancé", "x-ray", "",
                                        "# ok"),),
                        remove=(words_file(tmp_path, "no.txt", "CAFÉ"),))
    lex = house_lexicon(Lexicon(["cafe", "cat"]), spec)
    assert set(lex) == {"cat", "fiance"}
    assert lex.change("fiance") == "added" and lex.change("cafe") == "removed"
    assert lex.skipped_lines() == ["family.txt: 1 line skipped as not a word (line 3: x-ray)"]


def test_verdicts_name_the_list_that_decided(tmp_path):
    spec = WordListSpec(add=(words_file(tmp_path, "family.txt", "zyzzyx"),),
                        remove=(words_file(tmp_path, "no.txt", "cat"),))
    lex = load_word_list(spec)
    assert lex is load_word_list(spec)  # cached per spec
    added = check_word("zyzzyx", lexicon=lex, with_definitions=False)
    assert added.valid and added.decided_by == "family.txt"
    assert added.reason == ("ZYZZYX is valid: it is in the word list SCOWL-70 US/UK/CA/AU, "
                            "the companion default, with family.txt added and no.txt removed; "
                            "family.txt adds it.")
    removed = check_word("cat", lexicon=lex, with_definitions=False)
    assert not removed.valid and removed.decided_by == "no.txt"
    assert removed.reason.endswith("SCOWL-70 US/UK/CA/AU, the companion default, with "
                                   "family.txt added and no.txt removed: no.txt removes it.")
    assert removed.lexicon == lex.name == (
        "SCOWL-70 US/UK/CA/AU (companion default) + family.txt - no.txt")
    base = check_word("dog", lexicon=lex, with_definitions=False)
    assert base.valid and base.decided_by == "SCOWL-70 US/UK/CA/AU (companion default)"
    # as a page names the lists that decided: the base list as the reasons do, and last
    assert lex.shown_deciders([base.decided_by, added.decided_by]) == [
        "family.txt", "SCOWL-70 US/UK/CA/AU, the companion default"]
    assert lex.shown_deciders([removed.decided_by]) == ["no.txt"]
    plain = check_word("dog", with_definitions=False)
    assert default_lexicon().shown_deciders([plain.decided_by]) == [default_lexicon().display]


def test_shipped_offensive_list():
    words = offensive_words()
    assert len(words) == 275 and all(w.isalpha() and w.islower() for w in words)
    lex = load_word_list(WordListSpec(remove_offensive=True))
    removed = [w for w in words if w in default_lexicon()]
    assert len(removed) == 148 and len(lex) == len(default_lexicon()) - 148
    assert not any(w in lex for w in words)
    folder = Path(__file__).parent.parent / "companion" / "lexicon" / "data"
    assert "Attribution 4.0 International" in (folder / "LDNOOBW-LICENSE.txt").read_text()
    assert "CC BY 4.0" in (folder / "offensive-en.txt").read_text().split("\n", 8)[4]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: WordListSpec(add=(str(p / "nope.txt"),)), "the house list of additions "
         ".*nope.txt was not found"),
        (lambda p: WordListSpec(remove=(str(p),)), "the house list of removals .* is a "
         "folder, not a file"),
    ],
)
def test_bad_house_files(tmp_path, make, message):
    with pytest.raises(LexiconError, match=message):
        load_word_list(make(tmp_path))


def test_an_empty_house_file_is_refused(tmp_path):
    """A house list with no word in it is a wrong file (not saved yet, the wrong one), not a
    rule that changes nothing."""
    with pytest.raises(LexiconError, match="the house list of additions .*empty.txt has no words"):
        house_lexicon(BASE, WordListSpec(add=(words_file(tmp_path, "empty.txt"),)))


def _builder():
    import importlib.util

    path = Path(__file__).parent.parent / "scripts" / "build_offensive_list.py"
    spec = importlib.util.spec_from_file_location("build_offensive_list", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _package(tmp_path: Path, licence: str = "CC-BY-4.0") -> Path:
    """A made-up npm package in the naughty-words layout."""
    import io
    import json
    import tarfile

    tgz = tmp_path / "naughty-words-9.9.9.tgz"
    files = {
        "package/package.json": json.dumps({"name": "naughty-words", "version": "9.9.9",
                                            "license": licence}),
        "package/en.json": json.dumps(["Zonk", "two words", "b4d", "arg", "zonk", "Ärger"]),
        "package/LICENSE": "Attribution 4.0 International\n",
    }
    with tarfile.open(tgz, "w:gz") as tar:
        for name, text in files.items():
            data = text.encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return tgz


def test_offensive_list_builder(tmp_path):
    builder = _builder()
    out = tmp_path / "out"
    out.mkdir()
    assert builder.build(_package(tmp_path), out) == 2
    text = (out / "offensive-en.txt").read_text()
    assert text.splitlines()[-2:] == ["arg", "zonk"]
    assert "npm package naughty-words 9.9.9" in text and "kept (of 6)" in text
    assert (out / "LDNOOBW-LICENSE.txt").read_text().startswith("Attribution 4.0")
    with pytest.raises(SystemExit, match="unexpected licence"):
        builder.build(_package(tmp_path, "MIT"), out)
