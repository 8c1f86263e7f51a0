"""The study board's Save (issue 28): ReplayWidget saves its record — variations and notes
included — as JSON and as text next to the notebook, named after the game, never overwriting a
file, and says where."""

from __future__ import annotations

import pytest

from durak_edu.record import GameRecord, curated
from durak_edu.widgets import ReplayWidget
from durak_edu.widgets.replay import file_stem


def studied() -> ReplayWidget:
    """A replay with a variation (a move other than the line's at move 6) and notes in both."""
    w = ReplayWidget(curated("podkidnoy_two"))
    w.goto(5)
    line_move = w.replay.actions[5]
    other = next(a for a in w.game.legal_actions() if a != line_move)
    assert w.play_move(other) and w.replay.path               # now in the new variation
    w.comment.value = "what if Boris had led this?"
    w.mark.value = "?!"
    assert w.save_note()
    return w


def test_save_writes_json_and_text_that_read_back_as_the_same_record(tmp_path, monkeypatch):
    w = studied()
    monkeypatch.chdir(tmp_path)                               # the notebook's folder
    w.file_button.click()
    stem = "podkidnoy-for-two-a-first-whole-game"
    js, txt = tmp_path / f"{stem}.json", tmp_path / f"{stem}.txt"
    assert js.is_file() and txt.is_file()
    want = w.record().to_dict()
    for back in (GameRecord.from_json(js.read_text(encoding="utf-8")),
                 GameRecord.from_text(txt.read_text(encoding="utf-8"))):
        assert back.to_dict() == want
        var = [v for _d, v in back.walk()]
        assert len(var) == 1 and any(a.comment == "what if Boris had led this?"
                                     for a in var[0].annotations.values())
    said = w.saved.value
    assert w.saved.layout.display != "none"
    assert f"{stem}.json" in said and f"{stem}.txt" in said and str(tmp_path) in said
    assert "1 variation," in said


def test_save_never_overwrites_a_file_it_adds_a_number(tmp_path):
    w = studied()
    stem = file_stem(w.record())
    (tmp_path / f"{stem}.txt").write_text("someone's own notes")   # only one of the pair
    first = w.save(tmp_path)
    assert [p.name for p in first] == [f"{stem}-2.json", f"{stem}-2.txt"]
    second = w.save(tmp_path)
    assert [p.name for p in second] == [f"{stem}-3.json", f"{stem}-3.txt"]
    assert (tmp_path / f"{stem}.txt").read_text() == "someone's own notes"
    assert not (tmp_path / f"{stem}.json").exists()


def test_a_game_without_a_title_is_named_after_its_variant_and_players():
    rec = curated("podkidnoy_two")
    rec.meta.pop("title")
    assert file_stem(rec) == "podkidnoy-anna-boris"


def test_save_into_a_missing_folder_says_so_and_writes_nothing(tmp_path, monkeypatch):
    w = studied()
    with pytest.raises(ValueError, match="is not a folder"):
        w.save(tmp_path / "nowhere")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ro").mkdir()
    monkeypatch.chdir(tmp_path / "ro")
    (tmp_path / "ro").rmdir()                                  # the notebook's folder is gone
    w.file_button.click()
    assert "Not saved" in w.saved.value and "is not a folder" in w.saved.value
