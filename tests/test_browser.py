"""The widgets in a real browser: JupyterLab + Debian's headless Chromium, driven by Playwright.

Opens ``tests/browser/widgets.ipynb`` in the shared JupyterLab (``tests/browser/lab.py``: one
server and one browser for every browser test file), runs it, and checks from the canvas pixels
that cards were drawn; clicks ▶ on the ``ReplayWidget`` and checks that the picture changed and
the position advanced; clicks a card on the ``PlayWidget`` and checks that it was played.
Follows ``BROWSER-TESTING.md`` (wait for an idle kernel before Run All, read pixels with
``wait_for_function``, delete sessions, stop the server by its PID).

Needs ``/usr/bin/chromium`` (``apt-get install chromium``) and Playwright's Python package
(``pip install playwright``; never ``playwright install``: the system browser is used). Without
them the test is skipped — except in CI (the ``CI`` environment variable set), where a missing
browser is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from browser import lab as shared
from browser.lab import (browser_page, fail_on_errors, lab_folder, lab_url, open_and_run,
                         require_browser, served_path, start_kernel)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "tests" / "browser" / "widgets.ipynb"


def test_missing_browser_skips_or_fails_in_ci(monkeypatch):
    """The rule every browser test follows, checked without a browser: skip with instructions;
    fail under CI."""
    monkeypatch.setattr(shared, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="pip install playwright"):
        require_browser()


# -- the page -------------------------------------------------------------------------------------

PIXELS = """(idx) => {
  const cs = document.querySelectorAll('.jp-OutputArea-output canvas');
  const c = cs[idx];
  if (!c || !c.width || !c.height) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let white = 0, red = 0, blue = 0, sum = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i + 1], b = d[i + 2];
    if (r > 240 && g > 240 && b > 240) white++;
    else if (r > 150 && g < 60 && b < 90) red++;
    else if (r < 60 && g < 90 && b > 110) blue++;
    sum = (sum * 31 + r + 7 * g + 13 * b) >>> 0;
  }
  return {white: white, red: red, blue: blue, sum: sum, n: cs.length};
}"""

# A table with cards on it: thousands of white card pixels and some red suit pixels.
CARDS_DRAWN = f"""(idx) => {{ const p = ({PIXELS})(idx); return p && p.white > 8000 && p.red > 150 ? p : null; }}"""


@pytest.fixture(scope="module")
def page(course_lab, chromium):
    """Chromium showing the executed notebook, the file browser folded away (a laptop)."""
    folder = lab_folder(course_lab, "widgets")
    shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
    path = served_path(course_lab, folder / NOTEBOOK.name)
    start_kernel(course_lab, path)   # while the browser loads the page (it attaches to it)
    with browser_page(chromium, course_lab, 1366, 3000) as pg:   # a laptop's width
        open_and_run(pg, lab_url(course_lab, path, "widgets"), sidebar="fold")
        fail_on_errors(pg)
        yield pg


def _shot(pg, name: str, locator=None) -> None:
    """Save a screenshot under $DURAK_BROWSER_SHOTS (if set), to look at the page."""
    where = os.environ.get("DURAK_BROWSER_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        (locator or pg).screenshot(path=str(Path(where) / f"{name}.png"))


# the output areas of the widget cells, in notebook order: replay, podkidnoy play, mau-mau play
# (a widget's output carries no data-mime-type: it is the panel holding a widget view)
WIDGET_OUTPUTS = ".jp-OutputArea-output:has(> .jupyter-widgets)"


def _box(pg, selector: str, idx: int = 0) -> dict:
    return pg.evaluate("""([sel, idx]) => { const e = document.querySelectorAll(sel)[idx];
        if (!e) return null; const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right,
                bottom: r.bottom, width: r.width, height: r.height}; }""",
                       [selector, idx])


def _play_text(pg) -> str:
    return pg.evaluate("""() => [...document.querySelectorAll('.widget-html-content')]
                          .map(e => e.textContent).join('\\n')""")


def test_replay_widget_draws_and_steps(request):
    require_browser()                   # a skip, or (in CI) a failure of this test
    page = request.getfixturevalue("page")
    first = page.wait_for_function(CARDS_DRAWN, arg=0, polling=50).json_value()
    assert first["n"] >= 2, "expected the replay's and the play widget's canvases"
    assert "Start of the game" in _play_text(page)
    page.locator('button[title="one move forward"]').first.click()
    page.wait_for_function("() => document.body.innerText.includes('Move 1 of ')", polling=50)
    after = page.wait_for_function(
        f"""([idx, before]) => {{ const p = ({CARDS_DRAWN})(idx);
            return p && p.sum !== before ? p : null; }}""", arg=[0, first["sum"]],
        polling=50).json_value()
    assert after["sum"] != first["sum"]
    page.locator('button[title="one move forward"]').first.click()
    page.wait_for_function("() => document.body.innerText.includes('Move 2 of ')", polling=50)
    _shot(page, "replay", page.locator(WIDGET_OUTPUTS).nth(0))


def _printed_target(page, label: str) -> tuple[int, int, str]:
    """The card a notebook cell printed as ``LABEL x y card``: where to click it on its table."""
    out = page.locator(".jp-OutputArea-output pre", has_text=label).first.inner_text()
    m = re.search(rf"{label} (\d+) (\d+) (\S+)", out)
    assert m, out
    return int(m.group(1)), int(m.group(2)), m.group(3)


def _click_canvas(page, idx: int, x: float, y: float) -> None:
    """Click canvas ``idx`` at scene coordinates (x, y), allowing for its scaling and border."""
    page.locator(".jp-OutputArea-output canvas").nth(idx).scroll_into_view_if_needed()
    box = page.evaluate("""(idx) => { const c = document.querySelectorAll('.jp-OutputArea-output canvas')[idx];
        const r = c.getBoundingClientRect();
        return {left: r.left + c.clientLeft, top: r.top + c.clientTop,
                sx: c.clientWidth / c.width, sy: c.clientHeight / c.height}; }""", idx)
    page.mouse.click(box["left"] + x * box["sx"], box["top"] + y * box["sy"])


def test_play_widget_click_plays_the_card(request):
    require_browser()
    page = request.getfixturevalue("page")
    x, y, card = _printed_target(page, "CLICK")
    before = page.wait_for_function(CARDS_DRAWN, arg=1, polling=50).json_value()
    _click_canvas(page, 1, x, y)
    page.wait_for_function(
        """(card) => [...document.querySelectorAll('.widget-html-content')].some(
             e => e.innerHTML.split('<br>').some(
               line => line.startsWith('seat 0 (you)') && line.includes(card)))""",
        arg=card, polling=50)
    after = page.wait_for_function(
        f"""([idx, before]) => {{ const p = ({CARDS_DRAWN})(idx);
            return p && p.sum !== before ? p : null; }}""", arg=[1, before["sum"]],
        polling=50).json_value()
    assert after["sum"] != before["sum"]
    shot = os.environ.get("DURAK_BROWSER_SCREENSHOT")  # e.g. /tmp/lab.png, to look at the page
    if shot:
        page.screenshot(path=shot, full_page=True)


def test_each_live_widget_shows_one_canvas_and_no_svg(request):
    """Issue 15.3: live, a widget's output is the widget alone: one canvas, no static SVG beside
    it (the SVG fallback is for static views only)."""
    require_browser()
    page = request.getfixturevalue("page")
    page.wait_for_function(CARDS_DRAWN, arg=2, polling=50)
    cells = page.evaluate("""(sel) => [...document.querySelectorAll('.jp-CodeCell')].map(c => ({
        widgets: c.querySelectorAll(sel).length,
        canvases: c.querySelectorAll('.jp-OutputArea-output canvas').length,
        svgs: c.querySelectorAll('.jp-OutputArea-output svg, .jp-RenderedSVG, .jp-OutputArea-output img').length}))""",
                          WIDGET_OUTPUTS)
    shown = [c for c in cells if c["widgets"]]
    assert len(shown) == 5  # the replay and four play tables
    assert all(c == {"widgets": 1, "canvases": 1, "svgs": 0} for c in shown), cells


def test_replay_fits_a_laptop_screen_and_plays_and_pauses(request):
    """Issue 15.4: the replay with its move list and note editor is at most 700 px high; play
    turns into pause and back, and pausing keeps the position (the old ■ jumped to the start)."""
    require_browser()
    page = request.getfixturevalue("page")
    replay = _box(page, WIDGET_OUTPUTS, 0)
    assert replay["height"] <= 700, replay
    canvas = _box(page, ".jp-OutputArea-output canvas", 0)
    editor = _box(page, ".jp-OutputArea-output textarea", 0)      # the note editor: beside
    assert editor["left"] >= canvas["right"] - 1 and editor["bottom"] <= canvas["bottom"] + 1
    toggle = page.locator(WIDGET_OUTPUTS).nth(0).locator("button", has_text=re.compile(r"^\s*play\s*$"))
    toggle.click()
    page.wait_for_function("""() => [...document.querySelectorAll('button')].some(
        b => /^\\s*pause\\s*$/.test(b.textContent))""", polling=50)
    page.wait_for_function("""() => { const m = document.body.innerText.match(/Move (\\d+) of /);
        return m && +m[1] >= 5; }""", polling=50)
    page.locator(WIDGET_OUTPUTS).nth(0).locator("button", has_text=re.compile(r"^\s*pause\s*$")).click()
    page.wait_for_function("""() => [...document.querySelectorAll('button')].some(
        b => /^\\s*play\\s*$/.test(b.textContent))""", polling=50)
    # A tick the browser's timer sent before the pause reached it may still be on its way to the
    # kernel. Ask the kernel for something after it (another view of the table): once that is
    # drawn (seat 1's hand turned face down: blue card backs), every earlier tick has been
    # answered too, and the position is the paused one.
    view = page.locator(WIDGET_OUTPUTS).nth(0).locator(
        "select", has=page.locator("option", has_text="all hands face up"))
    backs = f"""([idx, more, than]) => {{ const p = ({PIXELS})(idx);
        return p && (more ? p.blue > than + 1500 : p.blue < than - 1500) ? p : null; }}"""
    face_up = page.wait_for_function(CARDS_DRAWN, arg=0, polling=50).json_value()
    view.select_option(index=1)
    seen = page.wait_for_function(backs, arg=[0, True, face_up["blue"]], polling=50).json_value()
    at = page.evaluate("() => document.body.innerText.match(/Move (\\d+) of /)[1]")
    page.wait_for_timeout(800)                      # three timer ticks: nothing moves
    assert page.evaluate("() => document.body.innerText.match(/Move (\\d+) of /)[1]") == at
    assert int(at) >= 5
    view.select_option(index=0)                     # as it was, for the tests that follow
    page.wait_for_function(backs, arg=[0, False, seen["blue"]], polling=50)


def test_every_button_has_a_tooltip_and_a_readable_label(request):
    """Issue 15.4: every visible button of every widget has a tooltip, and no label is cut
    short (the mau-mau call control read "c…")."""
    require_browser()
    page = request.getfixturevalue("page")
    buttons = page.evaluate("""(sel) => [...document.querySelectorAll(sel + ' button')]
        .filter(b => b.offsetParent !== null).map(b => ({text: b.textContent.trim(),
            title: b.title, scroll: b.scrollWidth, client: b.clientWidth}))""", WIDGET_OUTPUTS)
    assert len(buttons) >= 19          # replay 6, podkidnoy 5, mau-mau 8
    assert [b for b in buttons if not b["title"].strip()] == []
    assert [b for b in buttons if b["scroll"] > b["client"] + 1] == []
    calls = [b for b in buttons if b["text"] == "any"]
    assert calls and calls[0]["client"] >= 40
    assert "queen calls" in page.locator(WIDGET_OUTPUTS).nth(2).inner_text()
    _shot(page, "maumau", page.locator(WIDGET_OUTPUTS).nth(2))


def test_play_log_beside_the_table_and_messages_do_not_move_it(request):
    """Issue 15.4: the move log stands beside the table, no taller than it, newest move in view;
    a forbidden click's red message appears without moving the canvas."""
    require_browser()
    page = request.getfixturevalue("page")
    page.wait_for_function(CARDS_DRAWN, arg=1, polling=50)
    page.locator(".jp-OutputArea-output canvas").nth(1).scroll_into_view_if_needed()
    before = _box(page, ".jp-OutputArea-output canvas", 1)
    log = page.evaluate("""(sel) => { const out = document.querySelectorAll(sel)[1];
        const log = [...out.querySelectorAll('.widget-html')].find(
            e => e.textContent.includes('newest first'));
        const r = log.getBoundingClientRect();
        const lines = log.innerText.split('\\n');
        return {left: r.left, top: r.top, height: r.height,
                newest: lines[1], scrollTop: log.scrollTop}; }""", WIDGET_OUTPUTS)
    assert log["left"] >= before["right"] - 1 and abs(log["top"] - before["top"]) < 4, (log, before)
    assert log["height"] <= before["height"] + 1 and log["scrollTop"] == 0
    assert log["newest"] and log["newest"].startswith(("seat", "bot", "you")), log
    # a click on the opponent's hand (top middle of the table) is answered in red
    page.mouse.click(before["left"] + 440, before["top"] + 75)
    page.wait_for_function("""(sel) => { const out = document.querySelectorAll(sel)[1];
        return [...out.querySelectorAll('span')].some(s => s.style.color === 'rgb(187, 0, 0)'); }""",
                           arg=WIDGET_OUTPUTS, polling=50)
    after = _box(page, ".jp-OutputArea-output canvas", 1)
    assert after == before
    _shot(page, "play_message", page.locator(WIDGET_OUTPUTS).nth(1))


def test_a_mau_mau_queen_is_played_with_the_suit_called(request):
    """Issue 15: choose a call with the 'queen calls' buttons, click the queen on the table,
    and the game records the call (R8.3)."""
    require_browser()
    page = request.getfixturevalue("page")
    x, y, card = _printed_target(page, "QUEEN")
    widget = page.locator(WIDGET_OUTPUTS).nth(3)
    widget.scroll_into_view_if_needed()
    widget.locator("button", has_text=re.compile(r"^\s*♣\s*$")).click()
    # five cards in hand: fewer white card pixels than a full table
    page.wait_for_function(f"""(idx) => {{ const p = ({PIXELS})(idx);
        return p && p.white > 3000 && p.red > 100 ? p : null; }}""", arg=3, polling=50)
    _click_canvas(page, 3, x, y)
    page.wait_for_function(
        """(card) => document.body.innerText.includes('seat 0 (you) plays ' + card + ' and calls ♣')""",
        arg=card, polling=50)


def test_a_gallery_move_is_played_from_the_other_moves_menu(request):
    """Issue 16: a move no click makes (armyansky's 'attack talon', R9.18) is offered in the
    'Other moves' menu, and pressing 'Play it' plays it in the browser."""
    require_browser()
    page = request.getfixturevalue("page")
    assert "OTHER ['attack talon']" in page.locator(".jp-OutputArea-output").all_inner_texts()[-2]
    widget = page.locator(WIDGET_OUTPUTS).nth(4)
    widget.scroll_into_view_if_needed()
    menu = widget.locator("select[title^='a legal move']")
    labels = [t.replace("\xa0", " ") for t in menu.locator("option").all_inner_texts()]
    assert menu.is_visible() and labels == ["attack talon"]  # (ipywidgets writes a no-break space)
    _shot(page, "other_moves", widget)
    widget.locator("button", has_text=re.compile(r"^\s*Play it\s*$")).click()
    page.wait_for_function(
        """() => document.body.innerText.includes("seat 0 (you) attacks with the talon's top card")""",
        polling=50)
    _shot(page, "other_moves_played", widget)
