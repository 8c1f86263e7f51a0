"""The browser tests' JupyterLab and Chromium, started once for all six files (issue 28).

Starting JupyterLab and Chromium was most of what the browser tests cost (about 110
worker-seconds for six servers and six browsers), so every ``tests/test_browser*.py`` shares
one server and one browser: the README's course command (``durak-edu lab``) serving a copy of
the course, with throwaway Jupyter folders (the trust database included, so it starts as a new
user's), and one headless Debian Chromium. Each test file gets a folder of its own under the
served root (``lab_folder``), a browser context of its own (``browser_page``) and a JupyterLab
workspace of its own, so no file sees another's tabs, kernels or layout. The conftest groups
the six files onto one xdist worker (``BROWSER_FILES``), so the server starts once a run.

Follows ``BROWSER-TESTING.md``: wait for an idle kernel before Run All, every wait a condition
with a generous bound, sessions deleted, the server stopped by its PID. Without Chromium,
Playwright or JupyterLab the tests are skipped with instructions, except in CI (``CI`` set),
where that is a failure.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: the test files that share the server (the conftest puts them on one xdist worker)
BROWSER_FILES = re.compile(r"(^|/)tests/test_browser[^/]*\.py$")
CHROMIUM = os.environ.get("DURAK_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Bounds, not expectations: a busy machine (2 cores, other work) takes a minute or more to start
# JupyterLab and a kernel, and a test waits for a condition up to these limits, never for a time.
SERVER_START_S = 240       # JupyterLab answers /api/status
TIMEOUT_MS = 180_000       # Playwright's default wait for a page condition
RUN_STARTED_MS = 30_000    # after Run All, the first prompt shows [*] (else Run All again)
HOW = ("to run the real-browser widget test, install Debian's Chromium and Playwright's Python "
       "package: `apt-get install chromium` and `pip install playwright` (never "
       "`playwright install`: the test uses the system browser at /usr/bin/chromium)")
#: a notebook the course never shipped, whose stored HTML output sets ``window.durakEvil``
#: (test_browser_course: the course command must not trust it); in place before the server
#: starts, so that the command's report names it
EVIL_PATH = "exercises/evil.ipynb"
EVIL = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
    {"cell_type": "markdown", "id": "m1", "metadata": {}, "source": "Evil notebook here"},
    {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1,
     "source": "print('hello')", "outputs": [
         {"output_type": "display_data", "metadata": {}, "data": {
             "text/html": "<b id='durak-evil'>stored html</b>"
                          "<script>window.durakEvil = 1</script>",
             "text/plain": "<IPython.core.display.HTML object>"}}]}]}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_parts(chromium: str | None = None) -> list[str]:
    chromium = CHROMIUM if chromium is None else chromium
    missing = []
    if not (os.path.isfile(chromium) and os.access(chromium, os.X_OK)):
        missing.append(f"no browser at {chromium}")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package is not installed")
    try:
        import jupyterlab  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        missing.append("jupyterlab is not installed")
    return missing


def require_browser(chromium: str | None = None) -> None:
    """Skip (on a user's machine) or fail (in CI) when the browser or Playwright is missing."""
    missing = missing_parts(chromium)
    if missing:
        text = "; ".join(missing) + " — " + HOW
        if in_ci():
            pytest.fail("CI needs the browser test to run: " + text, pytrace=False)
        pytest.skip(text)


# -- the server ----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def api(base: str, token: str, path: str, method: str = "GET", body: Any = None) -> Any:
    """A call to the Jupyter server's REST API (``/api/...``), its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", method=method, data=data,
                                 headers={"Authorization": f"token {token}",
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as resp:  # a session POST starts a kernel
        answer = resp.read()
    return json.loads(answer) if answer else None


def delete_sessions(base: str, token: str) -> None:
    """End every kernel session of the server (pitfall 3: kernels are reused between pages)."""
    try:
        for s in api(base, token, "/api/sessions"):
            api(base, token, f"/api/sessions/{s['id']}", "DELETE")
    except (urllib.error.URLError, OSError, ValueError):
        pass


LAB_CONFIG = """
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
"""


@contextmanager
def lab_server(base: Path, root: Path, command: list[str],
               settings: dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """Start ``command`` (JupyterLab, or the course command that starts it) on 127.0.0.1 serving
    ``root``, with throwaway Jupyter folders under ``base`` — the trust database included, so a
    test starts as a new user does — and stop it afterwards. ``settings``: extra JupyterLab
    settings, ``{"@jupyterlab/plugin/file": {...}}``. Yields the url, token and log path."""
    dirs = {name: base / name for name in ("config", "runtime", "settings", "workspaces",
                                           "ipython", "data")}
    for d in dirs.values():
        d.mkdir()
    for name in ("jupyter_server_config.py", "jupyter_lab_config.py"):
        (dirs["config"] / name).write_text(LAB_CONFIG)
    # no build check (it takes seconds and is of no use here)
    (dirs["config"] / "labconfig").mkdir()
    (dirs["config"] / "labconfig" / "page_config.json").write_text(
        json.dumps({"buildCheck": False, "buildAvailable": False}))
    # no "would you like news?" toast over the notebook
    settings = {"@jupyterlab/apputils-extension/notification":
                {"fetchNews": "false", "checkForUpdates": False}, **(settings or {})}
    for key, value in settings.items():
        folder = dirs["settings"] / key.rsplit("/", 1)[0]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{key.rsplit('/', 1)[1]}.jupyterlab-settings").write_text(json.dumps(value))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(dirs["config"]),
               JUPYTER_RUNTIME_DIR=str(dirs["runtime"]), JUPYTER_DATA_DIR=str(dirs["data"]),
               JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]), IPYTHONDIR=str(dirs["ipython"]),
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    token = secrets.token_hex(16)
    log_path = base / "lab.log"
    log = open(log_path, "wb")
    proc = None
    url = ""
    try:
        # a free port can be taken between choosing it and JupyterLab binding it (parallel test
        # workers start servers too): then choose again
        for _attempt in range(5):
            port = _free_port()
            url = f"http://127.0.0.1:{port}"
            start = log_path.stat().st_size
            proc = subprocess.Popen(
                command + ["--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
                           f"--IdentityProvider.token={token}", "--allow-root",
                           "--ServerApp.port_retries=0"],
                env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
            up = _wait_until_up(proc, url, token)
            said = log_path.read_bytes()[start:].decode(errors="replace")
            if up or proc.poll() is None or "already in use" not in said:
                break
        if not up:
            raise RuntimeError(f"{' '.join(command[:4])} did not start within {SERVER_START_S} s"
                               ":\n" + said[-3000:])
        delete_sessions(url, token)
        yield {"url": url, "token": token, "log": log_path, "base": base}
    finally:
        if proc is not None:
            _stop(proc, url, token)
        log.close()


def _wait_until_up(proc: subprocess.Popen[bytes], url: str, token: str) -> bool:
    """Poll the server until it answers (``True``), exits, or ``SERVER_START_S`` pass."""
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        try:
            api(url, token, "/api/status")
            return True
        except (urllib.error.URLError, OSError):
            if proc.poll() is not None:
                return False
            time.sleep(0.2)
    return False


def _stop(proc: subprocess.Popen[bytes], url: str, token: str) -> None:
    """Delete the server's sessions and stop it by its PID."""
    if proc.poll() is None:
        delete_sessions(url, token)
        os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=60)        # it shuts its kernels down first
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


# -- the shared server and browser (session fixtures, imported by tests/conftest.py) -------------

@pytest.fixture(scope="session")
def course_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """``durak-edu lab`` serving a copy of the course (and the evil notebook), with throwaway
    Jupyter folders; every cell drawn at once (JupyterLab draws only the cells in view by
    default), so that a test can count a whole notebook's pictures without scrolling. Yields
    the url, token, log path and ``course`` (the served root)."""
    require_browser()
    base = tmp_path_factory.mktemp("lab")
    course = base / "course"
    for folder in ("notebooks", "exercises", "solutions"):
        shutil.copytree(ROOT / folder, course / folder)
    (course / EVIL_PATH).write_text(json.dumps(EVIL), encoding="utf-8")
    # the course command, as the README runs it (lab_server adds what a test server needs)
    command = [sys.executable, "-m", "durak_edu.course", "lab", "--root", str(course)]
    with lab_server(base, base, command, settings={
            "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"}}) as server:
        yield {**server, "course": course}


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Debian Chromium (never a downloaded one) for every browser test."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def lab_folder(lab: dict[str, Any], name: str) -> Path:
    """A fresh folder ``name`` under the served root, for one test file's notebooks."""
    folder: Path = lab["course"] / "browser-tests" / name
    folder.mkdir(parents=True)
    return folder


def served_path(lab: dict[str, Any], path: Path) -> str:
    """``path`` as the server names it (relative to its root, with ``/``)."""
    root: Path = lab["course"]
    return path.relative_to(root).as_posix()


def start_kernel(lab: dict[str, Any], path: str) -> None:
    """Start the kernel of the notebook at served ``path`` now, while the browser loads the
    page (the page attaches to it)."""
    api(lab["url"], lab["token"], "/api/sessions", "POST",
        {"path": path, "name": path.rsplit("/", 1)[-1], "type": "notebook",
         "kernel": {"name": "python3"}})


@contextmanager
def browser_page(chromium: Any, lab: dict[str, Any], width: int,
                 height: int) -> Iterator[Any]:
    """A page in a browser context of its own (its own cookies and storage), at ``width`` ×
    ``height``; afterwards the context is closed and the server's kernels ended."""
    ctx = chromium.new_context(viewport={"width": width, "height": height})
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(TIMEOUT_MS)  # a generous bound: a busy machine is slow
        yield pg
    finally:
        ctx.close()
        delete_sessions(lab["url"], lab["token"])


def lab_url(lab: dict[str, Any], path: str, workspace: str) -> str:
    """The address of notebook ``path`` in JupyterLab workspace ``workspace`` (a fresh one per
    test file: the open tabs and the side bar of one file do not come back in the next)."""
    return f"{lab['url']}/lab/workspaces/{workspace}/tree/{path}?token={lab['token']}"


KERNEL_IDLE = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
                 .some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))"""
RUN_STARTED = """() => { const p = document.querySelector('.jp-CodeCell .jp-InputPrompt');
                 return p && /\\[(\\*|\\d+)\\]/.test(p.textContent); }"""
ALL_RUN = """() => { const ps = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
             return ps.length > 0 && ps.every(p => /\\[\\d+\\]/.test(p.textContent)); }"""


def open_and_run(pg: Any, url: str, sidebar: str | None = None) -> None:
    """Open the notebook at ``url`` and run every code cell: Run All once the kernel is idle
    (pitfall 1: earlier, it clears the cells and runs nothing), again until a prompt shows the
    run started, then wait until every prompt is numbered. ``sidebar="fold"``: the file browser
    folded away first, as on a laptop; ``"open"``: waited for, open (JupyterLab's default)."""
    pg.goto(url)
    pg.wait_for_selector(".jp-Notebook .jp-Cell")
    if sidebar == "fold":
        pg.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").first.click()
        pg.wait_for_function("() => { const s = document.querySelector('#jp-left-stack');"
                             " return !s || s.offsetWidth === 0 || "
                             "s.classList.contains('lm-mod-hidden'); }", polling=100)
    elif sidebar == "open":
        pg.wait_for_function("() => { const s = document.querySelector('#jp-left-stack');"
                             " return s && s.offsetWidth > 100; }", polling=100)
    pg.wait_for_function(KERNEL_IDLE, polling=100)
    for attempt in range(3):
        pg.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        pg.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            pg.wait_for_function(RUN_STARTED, polling=100, timeout=RUN_STARTED_MS)
            break
        except Exception:
            if attempt == 2:
                raise
    pg.wait_for_function(ALL_RUN, polling=100)


def fail_on_errors(pg: Any) -> None:
    """Fail if the notebook printed an error (a traceback in an output)."""
    errors = pg.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    if errors.count():
        pytest.fail("the notebook printed errors:\n" + "\n".join(errors.all_inner_texts()))


def write_notebook(path: Path, cells: list[str]) -> None:
    """A notebook of the code ``cells``, not run yet."""
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [],
                     "execution_count": None, "source": s} for i, s in enumerate(cells)]}
    path.write_text(json.dumps(nb))
