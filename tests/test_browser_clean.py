"""Opening a course notebook in JupyterLab leaves it as it was (issue 28): the stored notebooks
carry the kernel metadata JupyterLab writes (``authoring.notebooks.METADATA``), so opening one,
running nothing, saving and closing writes the same bytes and ``git status`` stays clean.

JupyterLab + Debian's Chromium + Playwright, as ``test_browser.py`` (skipped without them, except
in CI). The notebooks are copies, served from a throwaway folder.
"""

from __future__ import annotations

import difflib
import json
import platform
import re
import shutil
import sys

import pytest

from test_browser import CHROMIUM, FLAGS, ROOT, TIMEOUT_MS, _api, lab_server, require_browser

# a lesson and an exercise (whose metadata is copied from its solution by authoring.exercises)
OPENED = ["notebooks/02_podkidnoy.ipynb", "exercises/05_expected_trumps.ipynb"]


@pytest.fixture(scope="module")
def lab_and_browser(tmp_path_factory):
    require_browser()
    from playwright.sync_api import sync_playwright

    base = tmp_path_factory.mktemp("clean")
    root = base / "root"
    for path in OPENED:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, root / path)
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}"]
    with lab_server(base, root, command) as lab, sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(base / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1400, "height": 1000})
        try:
            pg = ctx.pages[0] if ctx.pages else ctx.new_page()
            pg.set_default_timeout(TIMEOUT_MS)
            yield lab, root, pg
        finally:
            ctx.close()


# the notebook in front is ``name``
CURRENT = """(name) => [...document.querySelectorAll(
    '#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel')]
    .some(t => t.textContent === name)"""


def _modified(lab: dict, path: str) -> str:
    return _api(lab["url"], lab["token"], f"/api/contents/{path}?content=0")["last_modified"]


@pytest.mark.parametrize("path", OPENED)
def test_opening_saving_and_closing_a_course_notebook_leaves_its_bytes_unchanged(
        lab_and_browser, path):
    lab, root, pg = lab_and_browser
    stored = (root / path).read_bytes()
    pg.goto(f"{lab['url']}/lab/tree/{path}?token={lab['token']}")
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
    saved = (root / path).read_bytes()
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
