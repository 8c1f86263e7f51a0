"""The widgets in a real browser: JupyterLab + Debian's headless Chromium, driven by Playwright.

Starts JupyterLab on loopback with throwaway config directories, opens
``tests/browser/widgets.ipynb``, runs it, and checks from the canvas pixels that cards were
drawn; clicks ▶ on the ``ReplayWidget`` and checks that the picture changed and the position
advanced; clicks a card on the ``PlayWidget`` and checks that it was played. Follows
``BROWSER-TESTING.md`` (wait for an idle kernel before Run All, read pixels with
``wait_for_function``, delete sessions, stop the server by its PID).

Needs ``/usr/bin/chromium`` (``apt-get install chromium``) and Playwright's Python package
(``pip install playwright``; never ``playwright install``: the system browser is used). Without
them the test is skipped — except in CI (the ``CI`` environment variable set), where a missing
browser is a failure.
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
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "tests" / "browser" / "widgets.ipynb"
CHROMIUM = os.environ.get("DURAK_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOW = ("to run the real-browser widget test, install Debian's Chromium and Playwright's Python "
       "package: `apt-get install chromium` and `pip install playwright` (never "
       "`playwright install`: the test uses the system browser at /usr/bin/chromium)")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing_parts() -> list[str]:
    missing = []
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing.append(f"no browser at {CHROMIUM}")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the playwright package is not installed")
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        missing.append("jupyterlab is not installed")
    return missing


def require_browser() -> None:
    """Skip (on a user's machine) or fail (in CI) when the browser or Playwright is missing."""
    missing = missing_parts()
    if missing:
        text = "; ".join(missing) + " — " + HOW
        if in_ci():
            pytest.fail("CI needs the browser test to run: " + text, pytrace=False)
        pytest.skip(text)


def test_missing_browser_skips_or_fails_in_ci(monkeypatch):
    """The rule above, checked without a browser: skip with instructions; fail under CI."""
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        require_browser()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="pip install playwright"):
        require_browser()


# -- the server ----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(base: str, token: str, path: str, method: str = "GET", body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", method=method, data=data,
                                 headers={"Authorization": f"token {token}",
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        body = resp.read()
    return json.loads(body) if body else None


def _delete_sessions(base: str, token: str) -> None:
    try:
        for s in _api(base, token, "/api/sessions"):
            _api(base, token, f"/api/sessions/{s['id']}", "DELETE")
    except (urllib.error.URLError, OSError, ValueError):
        pass


LAB_CONFIG = """
c.LabApp.news_url = None
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.extension_manager = "readonly"
"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab on 127.0.0.1 with throwaway config dirs, serving a copy of the notebook."""
    require_browser()
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    dirs = {name: base / name for name in ("config", "runtime", "settings", "workspaces", "ipython")}
    for d in dirs.values():
        d.mkdir()
    for name in ("jupyter_server_config.py", "jupyter_lab_config.py"):
        (dirs["config"] / name).write_text(LAB_CONFIG)
    # no build check (it takes seconds and is of no use here)
    (dirs["config"] / "labconfig").mkdir()
    (dirs["config"] / "labconfig" / "page_config.json").write_text(
        json.dumps({"buildCheck": False, "buildAvailable": False}))
    # no "would you like news?" toast over the notebook
    notes = dirs["settings"] / "@jupyterlab" / "apputils-extension"
    notes.mkdir(parents=True)
    (notes / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(dirs["config"]),
               JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
               JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
               JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]), IPYTHONDIR=str(dirs["ipython"]),
               PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    port, token = _free_port(), secrets.token_hex(16)
    log = open(base / "lab.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}", "--allow-root",
         "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _api(url, token, "/api/status")
                break
            except (urllib.error.URLError, OSError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    raise RuntimeError("JupyterLab did not start:\n"
                                       + (base / "lab.log").read_text(errors="replace")[-3000:])
                time.sleep(0.2)
        _delete_sessions(url, token)
        # start the notebook's kernel now, while the browser loads the page (it attaches to it)
        _api(url, token, "/api/sessions", "POST",
             {"path": NOTEBOOK.name, "name": NOTEBOOK.name, "type": "notebook",
              "kernel": {"name": "python3"}})
        yield {"url": url, "token": token, "log": base / "lab.log", "base": base}
    finally:
        _delete_sessions(url, token)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        log.close()


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
def page(lab):
    """Chromium showing the executed notebook."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(lab["base"] / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1300, "height": 2200})
        try:
            pg = ctx.pages[0] if ctx.pages else ctx.new_page()
            pg.set_default_timeout(30_000)
            pg.goto(f"{lab['url']}/lab/tree/{NOTEBOOK.name}?token={lab['token']}")
            pg.wait_for_selector(".jp-Notebook .jp-Cell")
            # Pitfall 1: Run All before the kernel is idle clears the cells and runs nothing.
            pg.wait_for_function("""() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
                                 .some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))""",
                                 polling=100)
            for attempt in range(3):
                pg.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
                pg.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
                try:
                    pg.wait_for_function("""() => { const p = document.querySelector(
                        '.jp-CodeCell .jp-InputPrompt'); return p && /\\[(\\*|\\d+)\\]/.test(p.textContent); }""",
                                         polling=100, timeout=5_000)
                    break
                except Exception:
                    if attempt == 2:
                        raise
            # every code cell has run: its prompt shows a number
            pg.wait_for_function("""() => { const ps = [...document.querySelectorAll(
                '.jp-CodeCell .jp-InputPrompt')]; return ps.length > 0 && ps.every(
                p => /\\[\\d+\\]/.test(p.textContent)); }""", polling=100)
            errors = pg.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
            if errors.count():
                pytest.fail("the notebook printed errors:\n" + "\n".join(errors.all_inner_texts()))
            yield pg
        finally:
            ctx.close()


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


def test_play_widget_click_plays_the_card(request):
    require_browser()
    page = request.getfixturevalue("page")
    out = page.locator(".jp-OutputArea-output pre", has_text="CLICK").first.inner_text()
    m = re.search(r"CLICK (\d+) (\d+) (\S+) HAND (\d+)", out)
    assert m, out
    x, y, card = int(m.group(1)), int(m.group(2)), m.group(3)
    before = page.wait_for_function(CARDS_DRAWN, arg=1, polling=50).json_value()
    canvas = page.locator(".jp-OutputArea-output canvas").nth(1)
    canvas.scroll_into_view_if_needed()
    box = page.evaluate("""() => { const c = document.querySelectorAll('.jp-OutputArea-output canvas')[1];
        const r = c.getBoundingClientRect();
        return {left: r.left + c.clientLeft, top: r.top + c.clientTop,
                sx: c.clientWidth / c.width, sy: c.clientHeight / c.height}; }""")
    page.mouse.click(box["left"] + x * box["sx"], box["top"] + y * box["sy"])
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
