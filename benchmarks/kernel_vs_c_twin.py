"""The one kernel source against the kernel it replaced (issue 14), side by side in one run.

Run: python benchmarks/kernel_vs_c_twin.py [--games N] [--repeats R]   (from a git checkout)

Until commit 4c92f4e the playout kernel lived twice: ``rollout.py`` in Python and ``_rollout_c.c``,
a hand-written C twin. Today ``rollout.py`` is the only source, compiled by Cython where it can
be. This script fetches the old pair from git, builds the C twin in a temporary folder (gcc and
the Python headers), loads both next to today's package and plays the same seeded games four
ways — today's compiled kernel against the old C twin, today's file as plain Python against the
old Python kernel — whole playouts (``new_game`` + ``clone`` + ``playout``), each repeat running
all four on the same seeds in turn, so load on a shared machine hits them alike. Figures are
medians of CPU time (``time.process_time``), as games per second, for whole playouts and for the
kernel alone (the playout of a ready clone).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

from durak_edu import new_game
from durak_edu.games import rollout

BEFORE = "4c92f4e"  # the last commit with the C twin


def old_kernel(folder: Path):
    """HEAD~'s rollout.py as ``durak_edu.games.old_rollout``, with its C twin built and loaded."""
    root = Path(__file__).resolve().parent.parent
    for name in ("rollout.py", "_rollout_c.c"):
        text = subprocess.run(["git", "-C", str(root), "show", f"{BEFORE}:durak_edu/games/{name}"],
                              check=True, capture_output=True, text=True).stdout
        (folder / name).write_text(text, encoding="utf-8")
    so = folder / ("_rollout_c" + sysconfig.get_config_var("EXT_SUFFIX"))
    subprocess.run(["gcc", "-O3", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
                    str(folder / "_rollout_c.c"), "-o", str(so)], check=True)
    loader = importlib.machinery.ExtensionFileLoader("durak_edu.games._rollout_c", str(so))
    spec = importlib.util.spec_from_file_location("durak_edu.games._rollout_c", so, loader=loader)
    twin = importlib.util.module_from_spec(spec)
    loader.exec_module(twin)
    sys.modules["durak_edu.games._rollout_c"] = twin
    spec = importlib.util.spec_from_file_location("durak_edu.games.old_rollout",
                                                  folder / "rollout.py")
    old = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = old
    spec.loader.exec_module(old)
    assert old._c_play is not None, "the C twin did not load"
    return old


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per repeat (default 300)")
    ap.add_argument("--repeats", type=int, default=9, help="repeats (default 9)")
    args = ap.parse_args()
    if rollout.KERNEL != "compiled":
        sys.exit("today's kernel is not compiled here: pip install -e . with a C compiler first")
    with tempfile.TemporaryDirectory() as tmp:
        old = old_kernel(Path(tmp))
        twin = old._c_play

        def old_python(g, rng):
            old._c_play = None
            try:
                return old.rollout(g, rng)
            finally:
                old._c_play = twin

        kernels = {"C twin (old)": old.rollout, "compiled (today)": rollout.rollout,
                   "Python (old)": old_python, "plain Python (today)": rollout.python_kernel().rollout}
        print(f"games per second of CPU time, median of {args.repeats} x {args.games} games; "
              "whole: new_game + clone + playout, kernel: the playout alone")
        for name, players in [("podkidnoy", 2), ("perevodnoy", 2), ("perevodnoy", 3),
                              ("podkidnoy", 6)]:
            whole = {k: [] for k in kernels}
            alone = {k: [] for k in kernels}
            for r in range(args.repeats):
                seeds = range(r * args.games, (r + 1) * args.games)
                for label, play in kernels.items():
                    t0 = time.process_time()
                    for seed in seeds:
                        play(new_game(name, players=players, seed=seed).clone(history=False),
                             random.Random(seed))
                    whole[label].append(args.games / (time.process_time() - t0))
                    games = [new_game(name, players=players, seed=seed).clone(history=False)
                             for seed in seeds]
                    rngs = [random.Random(seed) for seed in seeds]
                    t0 = time.process_time()
                    for g, rng in zip(games, rngs):
                        play(g, rng)
                    alone[label].append(args.games / (time.process_time() - t0))
            for what, rates in (("whole", whole), ("kernel", alone)):
                m = {k: statistics.median(v) for k, v in rates.items()}
                print(f"{name} {players}p {what:>6}: compiled {m['compiled (today)']:,.0f} vs C twin "
                      f"{m['C twin (old)']:,.0f} = {m['compiled (today)'] / m['C twin (old)']:.2f}x;"
                      f" plain Python {m['plain Python (today)']:,.0f} vs old Python "
                      f"{m['Python (old)']:,.0f} = "
                      f"{m['plain Python (today)'] / m['Python (old)']:.2f}x")

if __name__ == "__main__":
    main()
