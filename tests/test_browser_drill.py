"""The Drill in a real browser (issue 19): its countdown ticks in the front end and, at zero,
checks the round; clicking a card marks it. The drill's clock stands still until the first mark
(``clock=``), so a slow page cannot let the countdown end before the click. JupyterLab + Debian's Chromium + Playwright, as
the other browser tests (``tests/browser/lab.py``; skipped without them, except in CI)."""

from __future__ import annotations

import re

import pytest

from browser.lab import (browser_page, lab_folder, lab_url, open_and_run, require_browser,
                         served_path, write_notebook)

NOTEBOOK = "drill.ipynb"
CELLS = [
    "import time\n"
    "from durak_edu.widgets import Drill\n"
    "d, first_mark = None, []\n"
    "def clock():\n"
    "    # stands still until a card is marked, then runs: the test's click is never too late\n"
    "    if d is None or not d.marked:\n"
    "        return 0.0\n"
    "    if not first_mark:\n"
    "        first_mark.append(time.monotonic())\n"
    "    return time.monotonic() - first_mark[0]\n"
    "d = Drill('trumps', seed=7, seconds=4, clock=clock)\n"
    "x, y = next((it.x + it.w / 2, it.y + it.h / 2) for it in d.scene.cards\n"
    "            if it.card in d.answer)\n"
    "print(f'target {x:.0f} {y:.0f} {min(d.answer)}')",
    "d",
]


@pytest.fixture(scope="module")
def drill_page(course_lab, chromium):
    folder = lab_folder(course_lab, "drill")
    write_notebook(folder / NOTEBOOK, CELLS)
    with browser_page(chromium, course_lab, 1366, 1600) as pg:
        open_and_run(pg, lab_url(course_lab, served_path(course_lab, folder / NOTEBOOK), "drill"))
        pg.wait_for_selector(".jp-OutputArea-output canvas")   # within TIMEOUT_MS
        yield pg


def _text(pg) -> str:
    return pg.evaluate("() => document.body.innerText")


def test_a_click_marks_a_card_and_the_countdown_checks_the_round_at_zero(request):
    require_browser()
    pg = request.getfixturevalue("drill_page")
    pg.wait_for_function("() => document.body.innerText.includes('Marked: 0')", polling=100)
    x, y, card = re.search(r"target (\d+) (\d+) (\S+)", _text(pg)).groups()
    canvas = pg.locator(".jp-OutputArea-output canvas").last
    box = canvas.bounding_box()
    width = canvas.evaluate("c => c.width")
    scale = box["width"] / width
    canvas.click(position={"x": float(x) * scale, "y": float(y) * scale})
    pg.wait_for_function("() => document.body.innerText.includes('Marked: 1')", polling=100)
    # the countdown runs in the browser; at zero the round is checked as it stands
    pg.wait_for_function("() => /round 1 \\(trumps\\): 1\\/\\d+ found/.test(document.body.innerText)",
                         polling=200)   # the default bound, TIMEOUT_MS: a busy kernel ticks late
    text = _text(pg)
    assert "time ran out" in text and "1 rounds · streak 0" in text
    assert "Still out but not marked" in text
