"""Lesson 00's map is generated from the lessons that exist (issue 19): every lesson in
notebooks/ is in the stored map, and every entry of the map is a lesson that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from durak_edu.lesson import lesson_map, lesson_map_markdown

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def stored_map() -> str:
    """The map as lesson 00 last printed it (its stored Markdown output)."""
    nb = json.loads((NOTEBOOKS / "00_welcome.ipynb").read_text(encoding="utf-8"))
    maps = ["".join(out["data"]["text/markdown"]) for cell in nb["cells"]
            if cell["cell_type"] == "code" and "lesson_map" in "".join(cell["source"])
            for out in cell["outputs"] if "text/markdown" in out.get("data", {})]
    assert len(maps) == 1, ("lesson 00 should show one generated map: "
                            "run python -m authoring.notebooks notebooks/00_welcome.ipynb")
    return maps[0]


def entries(table: str) -> list[str]:
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line][1:]
    names = []
    for row in rows:
        cell = row.split("|")[1]
        link = re.search(r"\]\(([^)]+)\.ipynb\)", cell) or re.search(r"\*\*(\w+)\*\*", cell)
        assert link, row
        names.append(link.group(1))
    return names


def test_every_lesson_is_in_lesson_00s_map():
    missing = sorted(set(LESSONS) - set(entries(stored_map())))
    assert not missing, f"not in lesson 00's map: {missing}; re-run notebooks/00_welcome.ipynb"


def test_every_entry_of_the_map_is_a_lesson_that_exists_in_order():
    listed = entries(stored_map())
    assert all((NOTEBOOKS / f"{name}.ipynb").is_file() for name in listed), listed
    assert listed == sorted(listed) and len(set(listed)) == len(listed)


def test_the_map_gives_each_lesson_the_title_of_its_first_cell():
    for stem, title in lesson_map(NOTEBOOKS):
        nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8"))
        first = "".join(nb["cells"][0]["source"]).splitlines()[0]
        assert first.startswith("# " + stem[:2]) and first.endswith(title) and title


def test_a_lesson_added_later_appears_when_the_map_is_made_again(tmp_path):
    for stem, title in [("00_welcome", "Welcome"), ("15_bayes", "What a take tells you")]:
        nb = nbformat.v4.new_notebook()
        head = f"# {stem[:2]} · {title}\n\n**What you will learn**"
        nb.cells = [nbformat.v4.new_markdown_cell(head)]
        nbformat.write(nb, tmp_path / f"{stem}.ipynb")
    (tmp_path / "notes.ipynb").write_text("{}")  # not a lesson: no number
    assert lesson_map(tmp_path) == [("00_welcome", "Welcome"),
                                    ("15_bayes", "What a take tells you")]
    table = lesson_map_markdown(tmp_path, here="00_welcome")
    assert "[15_bayes](15_bayes.ipynb) | What a take tells you" in table
    assert entries(table) == ["00_welcome", "15_bayes"]


def test_a_lesson_without_a_title_cell_is_named(tmp_path):
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / "03_empty.ipynb")
    with pytest.raises(ValueError, match="03_empty.ipynb has no title cell"):
        lesson_map(tmp_path)
    with pytest.raises(ValueError, match="is not a folder"):
        lesson_map(tmp_path / "nowhere")
