"""The widgets' layout as a new user sees it (issue 28): JupyterLab in Chromium at 1400×1000 with
the file browser open. Measured from element boxes: the side column of ``PlayWidget`` and
``ReplayWidget`` stands beside the table without overlapping it, nothing leaves an empty block
taller than a few pixels, and no text is clipped (``scrollHeight <= clientHeight``).

Screenshots are saved under ``$DURAK_BROWSER_SHOTS`` when it is set, to look at them. Skipped
without the browser (a failure in CI), as every browser test (``tests/browser/lab.py``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from browser.lab import (browser_page, fail_on_errors, lab_folder, lab_url, open_and_run,
                         served_path, write_notebook)

NOTEBOOK = "layout.ipynb"
WIDTH, HEIGHT = 1400, 1000
CELLS = [
    # a coached podkidnoy game: the coach's line under the table
    "from durak_edu.widgets import PlayWidget, ReplayWidget, Drill\n"
    "from durak_edu.record import Replay, curated\n"
    "play = PlayWidget('podkidnoy', 2, seed=3, coach=True)\n"
    "play",
    # a replay at a move with a comment of two lines
    "r = Replay(curated('podkidnoy_two'))\n"
    "replay = ReplayWidget(r)\n"
    "replay.goto(5)\n"
    "replay.comment.value = ('A long comment on this move, to see that the caption shows it all '\n"
    "                        'and the line under it is not hidden by anything at all.')\n"
    "replay.save_note()\n"
    "replay",
    "drill = Drill('trumps', seed=19, seconds=60)\n"
    "drill",
]

# every widget output of the notebook, in order: play, replay, drill
OUTPUTS = ".jp-OutputArea-output:has(> .jupyter-widgets)"

MEASURE = """([sel, idx]) => {
  const out = document.querySelectorAll(sel)[idx];
  const box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const q = (cls) => out.querySelector('.' + cls);
  const res = {widget: box(out.querySelector('.jupyter-widgets'))};
  for (const cls of ['durak-table', 'durak-side', 'durak-body', 'durak-coach', 'durak-caption',
                     'durak-footer']) {
    const e = q(cls); if (e) res[cls] = box(e);
  }
  // the top-level rows of the widget, in order: their boxes, for empty blocks between them
  const root = out.querySelector('.jupyter-widgets');
  res.rows = [...root.children].filter(e => e.offsetParent !== null && e.offsetHeight > 0)
                               .map(box);
  // every text of the widget that is cut: more content than room
  res.clipped = [...out.querySelectorAll('.widget-html-content, .widget-label, .widget-html, textarea')]
    .filter(e => e.offsetParent !== null && e.scrollHeight > e.clientHeight + 1)
    .map(e => ({text: (e.textContent || e.value || '').slice(0, 60),
                scroll: e.scrollHeight, client: e.clientHeight}));
  return res;
}"""


def _overlap(a: dict, b: dict) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1)


def _gaps(rows: list[dict]) -> list[float]:
    """The vertical gaps between consecutive rows of a widget."""
    return [b["top"] - a["bottom"] for a, b in zip(rows, rows[1:])]


@pytest.fixture(scope="module")
def layout_root(course_lab) -> Path:
    return lab_folder(course_lab, "layout")


@pytest.fixture(scope="module")
def layout_page(course_lab, chromium, layout_root):
    """Chromium at 1400×1000 showing the notebook with every cell run, the file browser open."""
    write_notebook(layout_root / NOTEBOOK, CELLS)
    url = lab_url(course_lab, served_path(course_lab, layout_root / NOTEBOOK), "layout")
    with browser_page(chromium, course_lab, WIDTH, HEIGHT) as pg:
        open_and_run(pg, url, sidebar="open")
        pg.wait_for_function(f"() => document.querySelectorAll('{OUTPUTS}').length === 3",
                             polling=100)
        # the coach's sentences arrive after the table: wait for them
        pg.wait_for_function("() => document.body.innerText.includes('still out')", polling=100)
        fail_on_errors(pg)
        yield pg


def _shot(pg, name: str, idx: int) -> None:
    where = os.environ.get("DURAK_BROWSER_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        out = pg.locator(OUTPUTS).nth(idx)
        out.scroll_into_view_if_needed()
        out.screenshot(path=str(Path(where) / f"layout_{name}.png"))


def _measure(pg, idx: int) -> dict:
    pg.locator(OUTPUTS).nth(idx).scroll_into_view_if_needed()
    return pg.evaluate(MEASURE, [OUTPUTS, idx])


def _summary(name: str, m: dict) -> None:
    """One line of the measured figures (shown with ``pytest -rP``)."""
    parts = {k: {q: round(v) for q, v in m[k].items() if q in ("left", "top", "width", "height")}
             for k in ("widget", "durak-table", "durak-side") if k in m}
    print(name, json.dumps(parts), "gaps", [round(g, 1) for g in _gaps(m["rows"])],
          "clipped", len(m["clipped"]))


def _beside_and_tight(m: dict) -> None:
    table, side = m["durak-table"], m["durak-side"]
    assert not _overlap(table, side), (table, side)
    assert side["left"] >= table["right"] - 1, ("the side column is not beside the table", m)
    assert side["bottom"] <= table["bottom"] + 4, ("the side column is taller than the table", m)
    assert side["right"] <= m["widget"]["right"] + 1, m
    gaps = _gaps(m["rows"])
    assert all(g <= 8 for g in gaps), ("an empty block between the widget's rows", gaps, m)
    assert m["clipped"] == [], m["clipped"]


def test_play_widget_side_column_beside_the_table_at_1400_with_the_file_browser(request):
    pg = request.getfixturevalue("layout_page")
    m = _measure(pg, 0)
    _shot(pg, "play", 0)
    _summary("play", m)
    _beside_and_tight(m)
    coach = m["durak-coach"]
    assert coach["top"] - m["durak-body"]["bottom"] <= 8, m   # the coach's line right under


def test_replay_widget_side_column_beside_the_table_and_its_caption_readable(request):
    pg = request.getfixturevalue("layout_page")
    m = _measure(pg, 1)
    _shot(pg, "replay", 1)
    _summary("replay", m)
    _beside_and_tight(m)
    assert "A long comment" in pg.locator(OUTPUTS).nth(1).locator(".durak-caption").inner_text()


def test_drill_footer_and_summary_not_clipped(request):
    pg = request.getfixturevalue("layout_page")
    m = _measure(pg, 2)
    _shot(pg, "drill", 2)
    _summary("drill", m)
    assert m["clipped"] == [], m["clipped"]
    gaps = _gaps(m["rows"])
    assert all(g <= 8 for g in gaps), (gaps, m)
    assert m["widget"]["right"] <= pg.evaluate(
        f"() => document.querySelectorAll('{OUTPUTS}')[2].getBoundingClientRect().right") + 1


def test_the_study_boards_save_button_writes_the_game_next_to_the_notebook(request):
    pg = request.getfixturevalue("layout_page")
    root = request.getfixturevalue("layout_root")
    out = pg.locator(OUTPUTS).nth(1)
    out.locator("button", has_text=re.compile(r"^\s*Save game\s*$")).click()
    pg.wait_for_function("() => document.body.innerText.includes('Saved the game')", polling=100)
    said = out.inner_text()
    stem = "podkidnoy-for-two-a-first-whole-game"
    assert f"{stem}.json" in said and str(root) in said, said
    assert (root / f"{stem}.json").is_file() and (root / f"{stem}.txt").is_file()
    m = _measure(pg, 1)
    _shot(pg, "replay_saved", 1)
    button = out.locator("button", has_text="Save game")      # its label reads in full
    assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1")
    assert m["clipped"] == [] and all(g <= 8 for g in _gaps(m["rows"])), m


def test_narrower_the_side_column_goes_under_the_table_with_no_empty_block(request):
    """The layout adapts to the width it gets: at 1000 px with the file browser open there is
    no room beside the table, so the side column wraps under it, at the height of what it
    holds (not the table's), and nothing is cut or overlapped. (Last: it narrows the page.)"""
    pg = request.getfixturevalue("layout_page")
    pg.set_viewport_size({"width": 1000, "height": HEIGHT})
    try:
        for idx, name in ((0, "play_narrow"), (1, "replay_narrow")):
            pg.wait_for_function("""([sel, idx]) => { const o = document.querySelectorAll(sel)[idx];
                const t = o.querySelector('.durak-table').getBoundingClientRect();
                const s = o.querySelector('.durak-side').getBoundingClientRect();
                return s.top >= t.bottom - 1; }""", arg=[OUTPUTS, idx], polling=100)
            m = _measure(pg, idx)
            _shot(pg, name, idx)
            _summary(name, m)
            table, side = m["durak-table"], m["durak-side"]
            assert not _overlap(table, side) and side["top"] >= table["bottom"] - 1, m
            assert table["right"] <= m["widget"]["right"] + 1, m
            assert side["height"] <= 460, m         # what it holds, not the table's height
            assert all(g <= 8 for g in _gaps(m["rows"])), m
            assert m["clipped"] == [], m["clipped"]
            cut = pg.evaluate("""([sel, idx]) => [...document.querySelectorAll(sel)[idx]
                .querySelectorAll('button')].filter(b => b.offsetParent !== null
                && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)""", [OUTPUTS, idx])
            assert cut == [], cut                 # the buttons' row wraps instead
    finally:
        pg.set_viewport_size({"width": WIDTH, "height": HEIGHT})
