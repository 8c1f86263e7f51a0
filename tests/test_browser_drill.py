"""The Drill in a real browser (issue 19): its countdown ticks in the front end and, at zero,
checks the round; clicking a card marks it. JupyterLab + Debian's Chromium + Playwright, as
``test_browser.py`` (skipped without them, except in CI)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from test_browser import lab_server, notebook_page, require_browser

NOTEBOOK = "drill.ipynb"
CELLS = [
    "from durak_edu.widgets import Drill\n"
    "d = Drill('trumps', seed=7, seconds=4)\n"
    "x, y = next((it.x + it.w / 2, it.y + it.h / 2) for it in d.scene.cards\n"
    "            if it.card in d.answer)\n"
    "print(f'target {x:.0f} {y:.0f} {min(d.answer)}')",
    "d",
]


@pytest.fixture(scope="module")
def drill_page(tmp_path_factory):
    require_browser()
    base = tmp_path_factory.mktemp("drill")
    root = base / "root"
    root.mkdir()
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
          "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [],
                     "execution_count": None, "source": s} for i, s in enumerate(CELLS)]}
    (root / NOTEBOOK).write_text(json.dumps(nb))
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}"]
    with lab_server(base, root, command) as lab, \
            notebook_page(lab, base, NOTEBOOK, 1600) as pg:
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
