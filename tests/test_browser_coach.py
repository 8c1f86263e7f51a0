"""The coach and the study board in a real browser (issue 17): JupyterLab + headless Chromium.

Opens ``tests/browser/coach.ipynb`` (a ``ReplayWidget(coach=True)``), runs it, checks from the
canvas pixels that the coach's strip and sentences are drawn under the table, clicks a card of
the player to act to branch off the recorded line, sees the variation in the move list, and runs
the last cell again to find the branch in the saved record. Uses the shared server and the
skip-or-fail rule of ``tests/browser/lab.py`` (see BROWSER-TESTING.md).
"""

from __future__ import annotations

import re
import shutil

import pytest

from browser.lab import (ROOT, browser_page, lab_folder, lab_url, open_and_run, require_browser,
                         served_path, start_kernel)
from test_browser import CARDS_DRAWN, WIDGET_OUTPUTS, _click_canvas, _printed_target, _shot

NOTEBOOK = ROOT / "tests" / "browser" / "coach.ipynb"
TABLE_H = 600  # the table's own height (durak_edu.draw.scene.HEIGHT): the coach draws below it

# light pixels (text, card faces) in the band under the table: the coach's strip and sentences
BELOW = """(top) => {
  const c = document.querySelectorAll('.jp-OutputArea-output canvas')[0];
  if (!c || c.height <= top) return null;
  const d = c.getContext('2d').getImageData(0, top, c.width, c.height - top).data;
  let light = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] > 200 && d[i + 2] > 200) light++;
  return light > 300 ? {light: light, height: c.height} : null;
}"""


@pytest.fixture(scope="module")
def page(course_lab, chromium):
    folder = lab_folder(course_lab, "coach")
    shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
    path = served_path(course_lab, folder / NOTEBOOK.name)
    start_kernel(course_lab, path)
    with browser_page(chromium, course_lab, 1366, 2400) as pg:
        open_and_run(pg, lab_url(course_lab, path, "coach"))
        yield pg


def test_coach_overlay_branch_and_the_saved_record(request):
    require_browser()
    page = request.getfixturevalue("page")
    page.wait_for_function(CARDS_DRAWN, arg=0, polling=50)
    # the coach's layer: the canvas is taller than the table, with words in the band below it
    below = page.wait_for_function(BELOW, arg=TABLE_H, polling=50).json_value()
    assert below["height"] > TABLE_H
    page.wait_for_function("() => document.body.innerText.includes('still out') || "
                           "[...document.querySelectorAll('.widget-html-content')].some("
                           "e => e.textContent.startsWith('Coach'))", polling=50)
    assert "suggests" in page.locator(".widget-html-content", has_text="Coach").first.inner_text()

    # branch: click a card whose move differs from the record's
    x, y, card = _printed_target(page, "BRANCH")
    out = page.locator(".jp-OutputArea-output pre", has_text="BRANCH").first.inner_text()
    move = re.search(r"MOVE (.+)$", out.strip()).group(1)
    _click_canvas(page, 0, x, y)
    page.wait_for_function("""() => [...document.querySelectorAll('select option')].some(
        o => o.textContent.includes('↳'))""", polling=50)
    assert "new variation" in page.locator(".widget-html-content", has_text="variation").first.inner_text()
    _shot(page, "study_board", page.locator(WIDGET_OUTPUTS).nth(0))

    # the branch is in the saved record: run the last cell again
    last = page.locator(".jp-CodeCell").last
    last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("""(move) => [...document.querySelectorAll('.jp-OutputArea-output pre')]
        .some(p => p.textContent.includes('BRANCHES [[') && p.textContent.includes(move))""",
                           arg=move, polling=50)
    assert card in move
