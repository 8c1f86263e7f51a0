"""The lessons as a course: every variant is taught, every notebook is stored executed and clean."""

import json
import re
from pathlib import Path

import pytest

from durak_edu import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
STORED = LESSONS + sorted((ROOT / "solutions").glob("*.ipynb"))


def text_of(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, "\n".join("".join(c["source"]) for c in nb["cells"])


def test_the_lessons_are_numbered_in_teaching_order():
    numbers = [int(p.name[:2]) for p in LESSONS]
    assert numbers == list(range(len(numbers))) and len(numbers) >= 14


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_is_taught_in_some_lesson(name):
    assert any(re.search(rf"\b{re.escape(name)}\b", text_of(p)[1]) for p in LESSONS), name


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_opens_with_its_aims_and_closes_with_a_recap(path):
    nb, _ = text_of(path)
    first = "".join(nb["cells"][0]["source"]).lower()
    last = "".join(nb["cells"][-1]["source"]).lower()
    assert "what you will learn" in first
    assert "recap" in last and ("next" in last or "exercise" in last)


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.name)
def test_stored_notebooks_are_executed_and_carry_no_widget_state(path):
    nb, _ = text_of(path)
    assert "widgets" not in nb["metadata"]  # GitHub cannot render saved widget state
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None for c in code if c["outputs"])
    assert any(c["outputs"] for c in code), "stored without outputs: run python -m authoring.notebooks"
    for c in code:
        assert "execution" not in c["metadata"]
        for out in c["outputs"]:
            assert out.get("output_type") != "error", f"an error is stored in {path.name}"
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.name)
def test_a_static_view_shows_each_picture_once(path):
    """Issue 15: a widget's stored output is its picture (the SVG fallback), so a lesson that
    also displayed ``SVG(w.to_svg())`` before it showed the same picture twice on GitHub and in
    nbconvert. No picture may follow an identical one."""
    nb, _ = text_of(path)
    pictures = ["".join(out["data"]["image/svg+xml"]) for c in nb["cells"] if c["cell_type"] == "code"
                for out in c["outputs"] if "image/svg+xml" in out.get("data", {})]
    twice = [i for i in range(1, len(pictures)) if pictures[i] == pictures[i - 1]]
    assert twice == [], f"{path.name}: pictures {twice} repeat the one before"


def test_notebook_tools_merges_split_prints_so_reruns_write_the_same_bytes():
    import nbformat

    from authoring.notebooks import clean
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print('a'); print('b')")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="a\n"),
                    nbformat.v4.new_output("stream", name="stdout", text="b\n"),
                    nbformat.v4.new_output("stream", name="stderr", text="!")]
    cell.metadata["execution"] = {"iopub.status.busy": "2026-11-29T20:00:00"}
    nb.cells = [cell]
    nb.metadata["widgets"] = {"state": {}}
    clean(nb)
    assert [o["text"] for o in nb.cells[0].outputs] == ["a\nb\n", "!"]
    assert "widgets" not in nb.metadata and "execution" not in nb.cells[0].metadata


# -- issue 26: shorter lessons, the gallery split, lesson 00's set-up line ---------------------------

def prose_words(path):
    nb, _ = text_of(path)
    return sum(len("".join(c["source"]).split()) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_no_lesson_has_more_than_2000_words_of_prose(path):
    assert prose_words(path) <= 2000, f"{path.name}: {prose_words(path)} words of prose"


def test_lesson_00s_install_line_is_the_readmes_set_up_command_word_for_word():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = re.search(r"Set up and open the course.*?```bash\n(.+?)\n```", readme, re.S).group(1)
    _, text = text_of(ROOT / "notebooks" / "00_welcome.ipynb")
    assert f"`{setup.strip()}`" in text, setup


def test_the_gallery_is_a_short_tour_and_one_lesson_per_kind_each_short():
    from durak_edu.widgets.gallery import KINDS
    tour = ROOT / "notebooks" / "17_the_variant_gallery.ipynb"
    kinds = [ROOT / "notebooks" / f"{stem}.ipynb" for stem, _ in KINDS.values()]
    assert [p.name[:2] for p in kinds] == ["18", "19", "20", "21", "22"]
    for path in [tour, *kinds]:
        nb, text = text_of(path)
        assert len(nb["cells"]) <= 40 and prose_words(path) <= 1200, path.name
        assert "PresetChooser(" in text, f"{path.name} has no chooser"
        outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
        printed = "".join("".join(o.get("text", "")) for o in outputs)
        assert not re.search(r"± 0\.0+\b(?!\d)", printed), f"{path.name} prints a zero error"
        assert not re.search(r"\d\.\d{4} ± \d\.\d{4}", printed), f"{path.name}: digits the error does not support"
    for path in kinds:  # the demonstrations are pictures, not lists of legal moves
        nb, _ = text_of(path)
        svgs = sum("image/svg+xml" in o.get("data", {}) for c in nb["cells"]
                   if c["cell_type"] == "code" for o in c["outputs"])
        assert svgs >= 2 and "may: attack" not in json.dumps(nb), path.name
