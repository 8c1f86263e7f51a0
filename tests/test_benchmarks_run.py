"""``benchmarks/engine.py`` (issue 25's side-by-side figures) still runs, so it cannot rot.

Nothing here is timed: the script runs its quickest form (one game a batch, one batch), against
this very tree (``--self``: no build), or against HEAD's plain checkout (``--no-build``), and the
tests check what its reader relies on: every table and row is printed, the two sides played
the same games when they are the same package, the temporary worktree is gone afterwards, and a
bad commit or tree is refused with a message, not a traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from durak_edu import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "engine.py"
ONE = ["--quick", "--games", "1", "--repeats", "1"]


def run(*args: str, **env_vars: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **env_vars)
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def rows(out: str, section: str) -> dict[tuple[str, int], list[str]]:
    """The rows of the table after the line starting ``section``: (preset, players) -> the rest."""
    lines = out.split("\n" + section, 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    found = {}
    for line in lines:
        m = re.match(r"(\w+)\s+(\d+)\s+(.*)", line)
        if m:
            found[(m[1], int(m[2]))] = m[3].split()
    return found


def test_self_quick_prints_every_table_with_the_same_games_on_both_sides():
    done = run("--self", *ONE)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "new_game builds core.game.AttackGame" in out  # the core plays (issue 25)
    pairs = {"1. ": [("podkidnoy", 2), ("perevodnoy", 3)],
             "2. ": [(n, p) for n in ("podkidnoy", "perevodnoy") for p in (2, 3, 6)]}
    pairs["3. "] = pairs["2. "]
    for section, expected in pairs.items():
        table = rows(out, section)
        assert list(table) == expected, section
        for key, cells in table.items():
            old, new, ratio, repeats, same = cells[:5]
            assert float(old) > 0 and float(new) > 0 and ratio.endswith("x"), key
            assert repeats == "1" and same == "yes", key  # one package: the same games
    presets = rows(out, "4. ")
    attack = [n for n, v in VARIANTS.items() if v.family == "attack"]
    assert [name for name, _ in presets] == attack
    assert "core_wide" in " ".join(presets[("bolshoy", 2)])  # the stated exception, named
    assert re.search(r"targets \(issue 25\):\n  api .*\n  playout .*\n  pure .*\n  presets ",
                     out)


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs a git checkout")
def test_against_a_commit_checks_it_out_and_removes_the_worktree_after(tmp_path):
    head = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h"],
                          capture_output=True, text=True, check=True).stdout.strip()
    # the temporary worktree goes under tmp_path, so another run's cannot be mistaken for it
    done = run("--against", "HEAD", "--no-build", "--only", "api", *ONE, TMPDIR=str(tmp_path))
    assert done.returncode == 0, done.stderr
    old = done.stdout.splitlines()[0]
    assert old.startswith(f"old: {head} ") and "plain checkout, not built" in old
    assert "no compiled modules loaded" in old  # the checkout's sources, unbuilt
    assert set(rows(done.stdout, "1. ")) == {("podkidnoy", 2), ("perevodnoy", 3)}
    trees = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True,
                           text=True, check=True).stdout
    assert str(tmp_path) not in trees and list(tmp_path.iterdir()) == []


def test_a_bad_commit_is_refused_by_name():
    done = run("--against", "no-such-commit-xyz", *ONE)
    assert done.returncode != 0
    assert "no-such-commit-xyz" in done.stderr and "not a commit" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_tree_without_the_package_is_refused_naming_it(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from measure import Side, SideError
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    with pytest.raises(SideError, match=re.escape(str(tmp_path))):
        Side("old", tmp_path)
