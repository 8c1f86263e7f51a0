"""One side of a side-by-side benchmark: a subprocess that imports ``durak_edu`` from one tree.

``Side(label, tree, pure)`` starts ``python benchmarks/measure.py TREE`` with ``TREE`` first on
its ``sys.path`` (and ``DURAK_EDU_PURE=1`` in its environment for the plain-Python sources),
and asks it for batches of games, one JSON line each way. The child runs *this* file's
measuring code whatever the tree, through the public API only (``new_game``,
``legal_actions``, ``play``, ``clone``, ``playout``), so the two sides differ only in the
package they import, and in whatever engine its ``new_game`` builds:

* ``api``: ``g.play(rng.choice(g.legal_actions()))`` to the end on ``new_game(...)``, history,
  events and undo states kept, ``rng = random.Random(seed)``;
* ``playout``: ``g.clone(history=False).playout(random.Random(seed))`` on ``new_game(...)``:
  the engine's history-free playout (the old kernel ``rollout`` under ``AttackGame``, the core's
  ``playout`` under ``AttackGame``), the clone inside the clock as a search clones before each.

The games are dealt before the clock starts; the clock is the child's CPU time
(``time.process_time``). Each batch also returns a digest of the games' results (and, for
``api``, their lengths): two trees that play the same games give the same digest.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
WARM_SEED = 10**9  # the untimed game played before a row's first batch (imports, caches)


# -- the child ------------------------------------------------------------------------------


def _digest(results: list[Any], lengths: list[int]) -> int:
    text = ";".join(f"{r.durak},{tuple(r.out_order)},{n}" for r, n in zip(results, lengths))
    return zlib.crc32(text.encode())


def _batch(way: str, name: str, players: int, seeds: range) -> dict[str, Any]:
    """Games per CPU second of ``seeds`` played ``way``, and the digest of their results."""
    from durak_edu import new_game
    import random

    games = [new_game(name, players=players, seed=s) for s in seeds]
    results: list[Any] = []
    lengths: list[int] = []
    gc.collect()  # the deal's garbage is not the run's
    t0 = time.process_time()
    if way == "api":
        for g, s in zip(games, seeds):
            rng = random.Random(s)
            n = 0
            while not g.is_over:
                g.play(rng.choice(g.legal_actions()))
                n += 1
            lengths.append(n)
    elif way == "playout":
        for g, s in zip(games, seeds):
            results.append(g.clone(history=False).playout(random.Random(s)))
    else:
        raise ValueError(f"way must be 'api' or 'playout', not {way!r}")
    spent = time.process_time() - t0
    if way == "api":
        results = [g.result for g in games]
    else:
        lengths = [0] * len(results)
    return {"rate": len(seeds) / max(spent, 1e-9), "digest": _digest(results, lengths),
            "engine": f"{type(games[0]).__module__}.{type(games[0]).__qualname__}"}


def _hello(tree: Path) -> dict[str, Any]:
    """Which package this child imported, and which of its modules are compiled after a game
    on each path (the engine's own modules load lazily)."""
    import durak_edu
    from durak_edu import new_game

    where = Path(durak_edu.__file__).resolve()
    if tree not in where.parents:
        raise RuntimeError(f"imported durak_edu from {where}, not from {tree}")
    g = new_game("podkidnoy", players=2, seed=0)
    g.clone(history=False).playout(0)
    g.play(g.legal_actions()[0])
    compiled = sorted(n for n, m in list(sys.modules.items())
                      if n.startswith("durak_edu") and str(getattr(m, "__file__", None) or "")
                      .endswith((".so", ".pyd")))
    return {"durak_edu": str(where), "compiled": compiled,
            "engine": f"{type(g).__module__}.{type(g).__qualname__}"}


def _presets() -> list[tuple[str, int]]:
    """Every attack-family preset, at its smallest table."""
    from durak_edu import VARIANTS

    return [(n, v.rules.player_range().start) for n, v in VARIANTS.items()
            if v.family == "attack"]


def child(tree: Path) -> None:
    """Answer one JSON request per stdin line with one JSON line on stdout."""
    sys.path.insert(0, str(tree))
    warm: set[tuple[str, str, int]] = set()
    for line in sys.stdin:
        req = json.loads(line)
        try:
            if req["do"] == "hello":
                reply: Any = _hello(tree)
            elif req["do"] == "presets":
                reply = _presets()
            else:
                key = (req["do"], req["name"], req["players"])
                if key not in warm:
                    warm.add(key)
                    _batch(*key, range(WARM_SEED, WARM_SEED + 1))
                reply = _batch(*key, range(*req["seeds"]))
        except Exception as exc:  # the parent names the side and the request
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(reply), flush=True)


# -- the parent's handle on a child ---------------------------------------------------------


class SideError(SystemExit):
    """A side's child failed: the message names the side, the request and the error."""


class Side:
    """A child process measuring the package of ``tree`` (plain Python if ``pure``)."""

    def __init__(self, label: str, tree: Path, pure: bool = False) -> None:
        self.label, self.tree, self.pure = label, tree, pure
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "DURAK_EDU_PURE", "DURAK_EDU_ENGINE")}
        env["PYTHONPATH"] = str(tree)  # the tree's own defaults decide the engine
        if pure:
            env["DURAK_EDU_PURE"] = "1"
        self._err = tempfile.TemporaryFile()
        self._proc = subprocess.Popen([sys.executable, str(HERE), str(tree)], cwd=tree, env=env,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=self._err, text=True)
        try:
            self.info: dict[str, Any] = self.ask({"do": "hello"})
        except SideError:
            self.close()
            raise
        if pure and self.info["compiled"]:
            self.close()
            raise SideError(f"{label}: DURAK_EDU_PURE=1 still loaded compiled modules "
                            f"{', '.join(self.info['compiled'])} (this tree has no such switch?)")

    def ask(self, req: dict[str, Any]) -> Any:
        """The child's answer to ``req``; a ``SideError`` if it failed or died."""
        assert self._proc.stdin is not None and self._proc.stdout is not None
        try:
            self._proc.stdin.write(json.dumps(req) + "\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self._proc.wait()
            self._err.seek(0)
            tail = self._err.read().decode(errors="replace").strip().splitlines()[-5:]
            raise SideError(f"{self.label} ({self.tree}): the measuring process ended "
                            f"(exit status {self._proc.returncode}) at {req}:\n" + "\n".join(tail))
        reply = json.loads(line)
        if isinstance(reply, dict) and "error" in reply:
            raise SideError(f"{self.label} ({self.tree}): {req}: {reply['error']}")
        return reply

    def batch(self, way: str, name: str, players: int, first: int, games: int) -> dict[str, Any]:
        return dict(self.ask({"do": way, "name": name, "players": players,
                              "seeds": [first, first + games]}))

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        if self._proc.stdout:
            self._proc.stdout.close()
        self._err.close()


if __name__ == "__main__":
    child(Path(sys.argv[1]).resolve())
