"""The course as a new user meets it: ``durak-edu lab`` in a real Chromium (JupyterLab, Debian's
Chromium, Playwright — see tests/browser/lab.py for the set-up and BROWSER-TESTING.md for the
traps). The server every browser test file shares is that command serving a copy of the course.

From the README's command: the first lesson opens in front with its stored pictures drawn
before anything is run (the course's notebooks are trusted), the file browser reaches the
exercises, and a lesson that was never run shows its pictures too; a stranger's notebook put in
``exercises/`` is not trusted, so its stored script does not run when it opens.
"""

from __future__ import annotations

import json
import os

import pytest

from browser.lab import EVIL_PATH, browser_page, require_browser


@pytest.fixture(scope="module")
def course_page(course_lab, chromium):
    """A new user's browser opening the address the course command gives (JupyterLab's default
    workspace: the other browser test files each use a workspace of their own)."""
    with browser_page(chromium, course_lab, 1400, 1000) as pg:
        pg.goto(f"{course_lab['url']}/?token={course_lab['token']}")  # as the browser opens
        yield pg


# the stored SVG pictures of the notebook in front, drawn (an untrusted notebook shows none)
CURRENT = """(name) => [...document.querySelectorAll(
    '#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel')]
    .some(t => t.textContent === name)"""
PICTURES = """(name) => {
  const panel = [...document.querySelectorAll('.jp-NotebookPanel')].find(
      p => !p.classList.contains('lm-mod-hidden') && p.querySelector('.jp-Notebook'));
  if (!panel) return null;
  if (!(""" + CURRENT + """)(name)) return null;
  const imgs = [...panel.querySelectorAll('.jp-RenderedSVG img')].filter(
      i => i.complete && i.naturalWidth > 0);
  const cells = panel.querySelectorAll('.jp-Cell').length;
  return imgs.length ? {pictures: imgs.length, cells: cells} : null;
}"""


def _open_from_file_browser(pg, *path):
    pg.locator(".jp-BreadCrumbs-home").first.click()
    for name in path:
        item = pg.locator(".jp-DirListing-item", has_text=name).first
        item.wait_for()
        item.dblclick()


def test_the_course_opens_with_the_first_lesson_in_front_and_its_pictures_drawn(request):
    require_browser()
    pg = request.getfixturevalue("course_page")
    found = pg.wait_for_function(PICTURES, arg="00_welcome.ipynb", polling=100).json_value()
    assert found["pictures"] >= 1 and found["cells"] > 5
    assert "/lab/tree/notebooks/00_welcome.ipynb" in pg.url
    # the file browser starts at the course root: lessons, exercises and solutions in reach
    pg.locator(".jp-BreadCrumbs-home").first.click()
    listing = pg.locator(".jp-DirListing-content")
    for folder in ("notebooks", "exercises", "solutions"):
        listing.locator(".jp-DirListing-item", has_text=folder).first.wait_for()


def test_an_exercise_opens_from_the_file_browser(request):
    require_browser()
    pg = request.getfixturevalue("course_page")
    _open_from_file_browser(pg, "exercises", "05_expected_trumps.ipynb")
    pg.wait_for_function(CURRENT, arg="05_expected_trumps.ipynb", polling=100)
    pg.wait_for_function("() => document.body.innerText.includes('check_')", polling=100)


def test_a_lesson_that_was_never_run_shows_its_stored_pictures(request):
    require_browser()
    pg = request.getfixturevalue("course_page")
    _open_from_file_browser(pg, "notebooks", "02_podkidnoy.ipynb")
    found = pg.wait_for_function(PICTURES, arg="02_podkidnoy.ipynb", polling=100).json_value()
    assert found["pictures"] >= 3


def test_without_the_course_commands_trust_the_same_lesson_hides_its_pictures(request):
    """The control: a notebook the course command did not trust (a changed copy of a lesson)
    shows its pictures' text form instead — which is why the command trusts the course."""
    require_browser()
    pg = request.getfixturevalue("course_page")
    course = request.getfixturevalue("course_lab")["course"]
    nb = json.loads((course / "notebooks" / "02_podkidnoy.ipynb").read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = ["# a copy nobody trusted\n"] + nb["cells"][0]["source"]
    (course / "notebooks" / "untrusted_copy.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    _open_from_file_browser(pg, "notebooks", "untrusted_copy.ipynb")
    pg.wait_for_function(CURRENT, arg="untrusted_copy.ipynb", polling=100)
    pg.wait_for_function("""() => document.body.innerText.includes("<AttackGame 'podkidnoy'")""",
                         polling=100)
    assert pg.evaluate(PICTURES, "untrusted_copy.ipynb") is None
    shot = os.environ.get("DURAK_BROWSER_SCREENSHOT")
    if shot:
        pg.screenshot(path=shot.replace(".png", "-course.png"))


def test_a_strangers_notebook_in_the_course_is_not_trusted_so_its_script_does_not_run(request):
    """The course command trusts only what the course shipped: a notebook it never shipped
    opens untrusted (its stored HTML is sanitised, its script never runs), and the command's
    own output named it."""
    require_browser()
    pg = request.getfixturevalue("course_page")
    lab = request.getfixturevalue("course_lab")
    log = lab["log"].read_text(encoding="utf-8", errors="replace")
    assert f"{EVIL_PATH}: not a course notebook (not in the manifest)" in log
    _open_from_file_browser(pg, "exercises", "evil.ipynb")
    pg.wait_for_function(CURRENT, arg="evil.ipynb", polling=100)
    pg.wait_for_function("() => document.body.innerText.includes('stored html')", polling=100)
    assert pg.evaluate("() => window.durakEvil") is None  # the stored script did not run
    # the notebook itself is open and shown: only its script is held back
    assert "Evil notebook here" in pg.inner_text(".jp-NotebookPanel:not(.lm-mod-hidden)")
