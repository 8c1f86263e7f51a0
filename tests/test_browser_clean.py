"""Opening a course notebook in JupyterLab leaves it as it was (issue 28): the stored notebooks
carry the kernel metadata JupyterLab writes (``authoring.notebooks.METADATA``), so opening one,
running nothing, saving and closing writes the same bytes and ``git status`` stays clean.

JupyterLab + Debian's Chromium + Playwright, the server and browser every browser test shares
(``tests/browser/lab.py``; skipped without them, except in CI). The notebooks are copies, in a
folder of this file's own under the served root.
"""

from __future__ import annotations

import difflib
import json
import platform
import re
import shutil

import pytest

from browser.lab import TIMEOUT_MS, ROOT, api, browser_page, lab_folder, lab_url, served_path

# a lesson and an exercise (whose metadata is copied from its solution by authoring.exercises)
OPENED = ["notebooks/02_podkidnoy.ipynb", "exercises/05_expected_trumps.ipynb"]


@pytest.fixture(scope="module")
def lab_and_browser(course_lab, chromium):
    folder = lab_folder(course_lab, "clean")
    for path in OPENED:
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, folder / path)
    with browser_page(chromium, course_lab, 1400, 1000) as pg:
        yield course_lab, folder, pg


# the notebook in front is ``name``
CURRENT = """(name) => [...document.querySelectorAll(
    '#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel')]
    .some(t => t.textContent === name)"""


def _modified(lab: dict, path: str) -> str:
    return api(lab["url"], lab["token"], f"/api/contents/{path}?content=0")["last_modified"]


@pytest.mark.parametrize("path", OPENED)
def test_opening_saving_and_closing_a_course_notebook_leaves_its_bytes_unchanged(
        lab_and_browser, path):
    lab, root, pg = lab_and_browser
    stored = (root / path).read_bytes()
    path = served_path(lab, root / path)
    pg.goto(lab_url(lab, path, "clean"))
    name = path.rsplit("/", 1)[1]
    pg.wait_for_function(CURRENT, arg=name, polling=100)
    pg.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell")
    # the kernel is up and has told JupyterLab its language_info (what used to be rewritten)
    pg.wait_for_function("""() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
                         .some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))""", polling=100)
    before = _modified(lab, path)
    pg.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
    pg.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Save Notebook$")).click()
    pg.wait_for_function("""() => !document.querySelector(
        '#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current.jp-mod-dirty')""", polling=100)
    deadline_ms = TIMEOUT_MS
    waited = 0
    while _modified(lab, path) == before and waited < deadline_ms:   # the save reached the disk
        pg.wait_for_timeout(100)
        waited += 100
    assert _modified(lab, path) != before, f"{path}: JupyterLab did not save it"
    pg.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^File$")).click()
    pg.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Close Tab$")).click()
    pg.wait_for_function("""(name) => ![...document.querySelectorAll(
        '#jp-main-dock-panel .lm-TabBar-tabLabel')].some(t => t.textContent === name)""",
                         arg=name, polling=100)
    saved = (lab["course"] / path).read_bytes()
    if _version(stored) != platform.python_version():
        # JupyterLab writes the version of the Python its kernel runs, and the course is stored
        # by 3.11's: elsewhere, that one field may differ (and nothing else may)
        saved, stored = _without_version(saved), _without_version(stored)
    if saved != stored:
        diff = difflib.unified_diff(stored.decode().splitlines(), saved.decode().splitlines(),
                                    "stored", "saved by JupyterLab", lineterm="", n=2)
        pytest.fail(f"{path} changed on open and save:\n" + "\n".join(list(diff)[:60]))


def _version(text: bytes) -> str | None:
    return json.loads(text)["metadata"].get("language_info", {}).get("version")


def _without_version(text: bytes) -> bytes:
    nb = json.loads(text)
    nb["metadata"].get("language_info", {}).pop("version", None)
    return json.dumps(nb, indent=1, sort_keys=True).encode()
