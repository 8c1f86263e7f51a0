"""The replay's Review button in a real browser (issue 29): JupyterLab (the course command) and
headless Chromium.

Opens ``tests/browser/review.ipynb`` (a finished game in a ``ReplayWidget`` whose seat 0 throws
a solved ending away once), runs it, clicks **Review**, waits for the panel's summary and for
the value curve's pixels (its blue line, the blunder's red mark), runs the last cell again to
learn where the blunder lies on the curve, clicks it there, sees the replay go to that move
(its caption with ``??``), finds the better move as a variation (↳) on the row under it in the
move list, and picks that row: the replay is then in the variation. Uses the shared server and
the skip-or-fail rule of ``tests/browser/lab.py`` (see BROWSER-TESTING.md).
"""

from __future__ import annotations

import re
import shutil

import pytest

from browser.lab import (ROOT, browser_page, lab_folder, lab_url, open_and_run, require_browser,
                         served_path, start_kernel)
from test_browser import CARDS_DRAWN, WIDGET_OUTPUTS, _shot

NOTEBOOK = ROOT / "tests" / "browser" / "review.ipynb"

# the curve: ipycanvas 0.14 shows a MultiCanvas as one <canvas> (older: a <canvas> per layer)
CURVE = "canvas.durak-review-curve, .durak-review-curve canvas"
# its blue line and its red ?? mark
CURVE_DRAWN = """() => {
  const CURVE = "canvas.durak-review-curve, .durak-review-curve canvas";
  const cs = [...document.querySelectorAll(CURVE)];
  if (!cs.length) return null;
  let blue = 0, red = 0;
  for (const c of cs) {
    if (!c.width || !c.height) continue;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) {
      const r = d[i], g = d[i + 1], b = d[i + 2], a = d[i + 3];
      if (a < 128) continue;
      if (r < 90 && g > 80 && g < 140 && b > 140) blue++;
      else if (r > 160 && g < 90 && b < 90) red++;
    }
  }
  return blue > 60 && red > 10 ? {blue: blue, red: red} : null;
}"""


@pytest.fixture(scope="module")
def page(course_lab, chromium):
    folder = lab_folder(course_lab, "review")
    shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
    path = served_path(course_lab, folder / NOTEBOOK.name)
    start_kernel(course_lab, path)
    with browser_page(chromium, course_lab, 1366, 2000) as pg:
        open_and_run(pg, lab_url(course_lab, path, "review"))
        yield pg


def _printed(page, label: str) -> str:
    return page.locator(".jp-OutputArea-output pre", has_text=label).first.inner_text()


def _click_curve(page, x: float, y: float) -> None:
    """Click the curve at scene coordinates (x, y), allowing for its scaling and border."""
    top = page.locator(CURVE).last
    top.scroll_into_view_if_needed()
    box = page.evaluate("""(sel) => { const cs = document.querySelectorAll(sel);
        const c = cs[cs.length - 1]; const r = c.getBoundingClientRect();
        return {left: r.left + c.clientLeft, top: r.top + c.clientTop,
                sx: c.clientWidth / c.width, sy: c.clientHeight / c.height}; }""", CURVE)
    page.mouse.click(box["left"] + x * box["sx"], box["top"] + y * box["sy"])


def _rerun_last_cell(page) -> None:
    last = page.locator(".jp-CodeCell").last
    last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def test_review_a_finished_game_click_the_curve_find_the_variation(request):
    require_browser()
    page = request.getfixturevalue("page")
    page.wait_for_function(CARDS_DRAWN, arg=0, polling=50)
    m = re.search(r"BLUNDER (\d+) MOVE (\d+) OF (\d+)", _printed(page, "BLUNDER"))
    assert m, "the notebook should print where seat 0 threw the ending away"
    blunder, move = int(m.group(1)), int(m.group(2))

    # Review: the panel counts, then sums up; the curve is drawn
    page.locator("button", has_text=re.compile(r"^\s*Review\s*$")).first.click()
    page.wait_for_function("() => [...document.querySelectorAll('.durak-review-status')].some("
                           "e => e.textContent.includes('Review of seat 0'))", polling=100)
    status = page.locator(".durak-review-status").first.inner_text()
    assert "all hands shown" in status and "decisions" in status
    drawn = page.wait_for_function(CURVE_DRAWN, polling=50).json_value()
    assert drawn["blue"] > 60 and drawn["red"] > 10
    _shot(page, "review_curve", page.locator(WIDGET_OUTPUTS).nth(0))

    # where the blunder is on the curve (the last cell, run again)
    _rerun_last_cell(page)
    page.wait_for_function("""() => [...document.querySelectorAll('.jp-OutputArea-output pre')]
        .some(p => /CURVE \\d+ \\d+ BETTER/.test(p.textContent))""", polling=50)
    c = re.search(r"CURVE (\d+) (\d+) BETTER (.+)$", _printed(page, "CURVE").strip())
    x, y, better = int(c.group(1)), int(c.group(2)), c.group(3)

    # a click on the curve goes to that move: the caption names it, with its mark
    _click_curve(page, x, y + 20)
    page.wait_for_function("""(move) => [...document.querySelectorAll('.durak-caption')].some(
        e => e.textContent.includes(`Move ${move} of`) && e.textContent.includes('??'))""",
                           arg=move, polling=50)

    # the move list: the marked move, and the better move on the row under it (↳)
    options = [re.sub(r"\s+", " ", t).strip()   # the widget writes its spaces as &nbsp;
               for t in page.locator(".jupyter-widgets select[size]").first.locator("option")
               .all_inner_texts()]
    row = next(k for k, t in enumerate(options) if t.strip().startswith(f"{move}.") and "??" in t)
    assert options[row + 1].startswith(f"↳ {move}. "), options[row + 1]
    assert all(card in options[row + 1] for card in better.split()[1:]), (better, options[row + 1])
    # one click away: pick that row, and the replay is in the variation
    page.locator(".jupyter-widgets select[size]").first.select_option(index=row + 1)
    page.wait_for_function("""(move) => [...document.querySelectorAll('.durak-caption')].some(
        e => e.textContent.includes(`Move ${move} of`) && !e.textContent.includes('??'))""",
                           arg=move, polling=50)
    leave = page.locator('button[title^="leave this variation"]').first
    page.wait_for_function("(b) => !b.disabled", arg=leave.element_handle(), polling=50)
    _shot(page, "review_variation", page.locator(WIDGET_OUTPUTS).nth(0))
    assert blunder + 1 == move and better
