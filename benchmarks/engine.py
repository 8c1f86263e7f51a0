"""Engine speed, the working tree beside another commit, in one run (issue 25's figures).

    python benchmarks/engine.py                     # against 216326f (before issue 25's wave)
    python benchmarks/engine.py --against REV       # against any commit (built once, cached)
    python benchmarks/engine.py --quick             # a few games: checks it runs, in seconds
    python benchmarks/engine.py --only api presets  # some of: api playout pure presets
    python benchmarks/engine.py --self --quick      # this tree against itself (no git, no build)
    python benchmarks/engine.py --against 4c92f4e --only api playout
                                    # against the C twin kernel issue 14 replaced (no pure mode)

The other commit ("old") is checked out into a temporary ``git worktree``, built there once with
this interpreter and kept in ``~/.cache/durak-edu-bench/`` (``trees.py``; ``--cache DIR``,
``--no-build`` for its plain sources). Each side runs in its own process that imports
``durak_edu`` from its tree and measures with the same code, through the public API only
(``measure.py``): in 216326f that is ``AttackGame`` and the old kernel's ``rollout``, in the
working tree whatever ``new_game`` builds (``AttackGame`` on the core) and its history-free
``playout``. Batches alternate between the sides (old, new, old, new, ...) on the same seeds, so a
change in the shared machine's load falls on both; a figure is games per CPU second, the median
of the repeats, and each row prints both medians, the ratio new/old, the repeats and whether the
two sides played the same games (their results' digests agree). Read the ratios, not the rates.
The first run against a commit builds it (about four minutes of CPU on a 2-core machine; the
build requirements are installed by pip into the cache the first time); later runs start at
once. ``tests/test_benchmarks_run.py`` runs ``--self`` and ``--no-build`` untimed, so the script
cannot rot.

1. **api**: the public API loop, ``legal_actions()`` + ``play()`` with history and undo states,
   2-player podkidnoy and 3-player perevodnoy (target: new >= 2x old);
2. **playout**: ``new_game(...).clone(history=False).playout(rng)``, podkidnoy and perevodnoy with
   2, 3 and 6 players, compiled (target: new >= 1x old);
3. **pure**: the same with ``DURAK_EDU_PURE=1`` in both processes: the sources as plain Python
   (target: new >= 1x old);
4. **presets**: the working tree alone: every attack-family preset's playout against 2-player
   podkidnoy's, each ratio the median of batches timed back to back (target: each >= 0.3x; the
   72-card presets play on the core's plain-Python wide copy, the stated exception).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling modules, run as a script

from measure import Side  # noqa: E402
from trees import DEFAULT_AGAINST, ROOT, TreeError, cache_dir, git, prepared, resolve  # noqa: E402

API_ROWS = [("podkidnoy", 2), ("perevodnoy", 3)]
PLAYOUT_ROWS = [(name, p) for name in ("podkidnoy", "perevodnoy") for p in (2, 3, 6)]
SECTIONS = ("api", "playout", "pure", "presets")
GOALS = {"api": 2.0, "playout": 1.0, "pure": 1.0, "presets": 0.3}  # issue 25's targets

#: presets at or near 0.3x podkidnoy's playout, with the reason (printed when below); none now:
#: otboyny (R9.13's reseeded shuffle, 0.28x) and magadansky (R9.37's playable hook, 0.28x) left
#: it on 7 December (issue 25: 0.42x and 0.50x)
SLOW: dict[str, str] = {}

#: presets that do not play on the compiled core, the stated exceptions (docs/architecture.md):
#: listed with their ratio, outside the target
EXCEPTIONS: dict[str, str] = {
    name: "72 cards (R0): a hand does not fit the compiled core's 64-bit mask"
    for name in ("bolshoy", "dvoynoy")
}


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    which = ap.add_mutually_exclusive_group()
    which.add_argument("--against", default=DEFAULT_AGAINST, metavar="REV",
                       help=f"the old side: a commit of this repository (default {DEFAULT_AGAINST})")
    which.add_argument("--self", action="store_true",
                       help="the old side is this tree too (no git, no build): checks the script")
    ap.add_argument("--only", nargs="+", choices=SECTIONS, help="these sections (default: all)")
    ap.add_argument("--quick", action="store_true", help="a few games, one or two repeats")
    ap.add_argument("--games", type=int,
                    help="games per batch (default 400, long enough to time a playout; --quick 3)")
    ap.add_argument("--repeats", type=int, help="batches per side and row (default 5; --quick 2)")
    ap.add_argument("--cache", help="where built commits are kept (~/.cache/durak-edu-bench)")
    ap.add_argument("--no-build", action="store_true",
                    help="do not build the old commit: its sources as plain Python, not cached")
    args = ap.parse_args(argv)
    args.games = args.games or (3 if args.quick else 400)
    args.repeats = args.repeats or (2 if args.quick else 5)
    if args.games < 1 or args.repeats < 1:
        ap.error("--games and --repeats must be at least 1")
    args.only = args.only or list(SECTIONS)
    return args


def short(engine: str) -> str:
    """The engine's class with its module inside ``durak_edu.games`` (both sides may call it
    ``AttackGame``: the old engine's module is ``attack``, the core's ``core.game``)."""
    return engine.removeprefix("durak_edu.games.")


def side_by_side(old: Side, new: Side, way: str, rows: list[tuple[str, int]], games: int,
                 repeats: int) -> list[float]:
    """A table of ``rows`` played ``way`` on both sides, batches alternating; the ratios."""
    print(f"{'preset':<11} {'players':>7} {'old':>8} {'new':>8} {'new/old':>7} {'repeats':>7}  "
          f"{'same games':<10} engines (old -> new)")
    ratios = []
    for name, players in rows:
        got: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for r in range(repeats):
            for label, side in (("old", old), ("new", new)):
                got[label].append(side.batch(way, name, players, r * games, games))
        o, n = (statistics.median(b["rate"] for b in got[k]) for k in ("old", "new"))
        same = [b["digest"] for b in got["old"]] == [b["digest"] for b in got["new"]]
        ratios.append(n / o)
        print(f"{name:<11} {players:>7} {o:>8.0f} {n:>8.0f} {n / o:>6.2f}x {repeats:>7}  "
              f"{'yes' if same else 'NO':<10} {short(got['old'][0]['engine'])} -> "
              f"{short(got['new'][0]['engine'])}")
    return ratios


def presets_table(new: Side, games: int, repeats: int) -> list[float]:
    """Every attack preset's playout against 2-player podkidnoy's, on the new side alone; the
    ratios of the presets the target covers (all but ``EXCEPTIONS``)."""
    base = new.info["engine"]
    low, ratios, excepted = [], [], []
    for name, players in new.ask({"do": "presets"}):
        rates, pairs = [], []
        for r in range(repeats):
            b = new.batch("playout", "podkidnoy", 2, r * games, games)
            x = new.batch("playout", name, players, r * games, games)
            rates.append(x["rate"])
            pairs.append(x["rate"] / b["rate"])
        ratio = statistics.median(pairs)
        notes = [] if x["engine"] == base else [f"on {x['engine'].removeprefix('durak_edu.')}"]
        if name in EXCEPTIONS:
            excepted.append(name)
            notes.append(f"the exception: {EXCEPTIONS[name]}")
        else:
            ratios.append(ratio)
            if ratio < GOALS["presets"]:
                low.append(name)
                notes += [SLOW[name]] if name in SLOW else []
        print(f"{name:<22} {players:>2} {statistics.median(rates):>8.0f} {ratio:>6.2f}x"
              + (f"  ({'; '.join(notes)})" if notes else ""))
    print(f"  every preset >= {GOALS['presets']}x: "
          + ("met" if not low else f"NOT met (below: {', '.join(low)})")
          + (f"; not counted, the stated exceptions: {', '.join(excepted)}" if excepted else ""))
    return ratios


def describe(side: Side, what: str) -> str:
    compiled = len(side.info["compiled"])
    return (f"{side.label}: {what}; {compiled or 'no'} compiled module{'s' * (compiled != 1)} "
            f"loaded; new_game builds {short(side.info['engine'])}")


@contextmanager
def old_tree(args: argparse.Namespace) -> Iterator[tuple[Path, str]]:
    """The old side's tree and how to name it."""
    if args.self:
        yield ROOT, f"this tree, {ROOT} (--self)"
        return
    sha, line = resolve(args.against)
    line = line if len(line) <= 72 else line[:71] + "…"
    with prepared(sha, cache_dir(args.cache), build_it=not args.no_build) as tree:
        yield tree, f"{line} ({'plain checkout, not built' if args.no_build else tree})"


def working_tree() -> str:
    try:
        head = git("log", "-1", "--format=%h")
        dirty = " + uncommitted changes" if git("status", "--porcelain", "--", "durak_edu") else ""
    except TreeError:
        return f"the working tree {ROOT}"
    return f"the working tree {ROOT} (HEAD {head}{dirty})"


def run(args: argparse.Namespace, stack: ExitStack) -> None:
    def start(label: str, where: Path, pure: bool = False) -> Side:
        side = Side(label, where, pure)
        stack.callback(side.close)
        return side

    if not args.self:
        resolve(args.against)  # a bad commit is refused whatever the sections
    tree, old = ROOT, None
    if set(args.only) - {"presets"}:  # the presets table is the new side's alone
        tree, what = stack.enter_context(old_tree(args))
        old = start("old", tree)
        print(describe(old, what))
    new = start("new", ROOT)
    print(describe(new, working_tree()))
    print(f"games per CPU second in each side's process, medians of {args.repeats} batches of "
          f"{args.games} games per side, the sides alternating on the same seeds")
    met: dict[str, list[float]] = {}
    if "api" in args.only and old:
        print(f"\n1. the public API loop, history kept (target: new >= {GOALS['api']}x old)")
        met["api"] = side_by_side(old, new, "api", API_ROWS, args.games, args.repeats)
    if "playout" in args.only and old:
        print(f"\n2. playout, compiled (target: new >= {GOALS['playout']}x old)")
        met["playout"] = side_by_side(old, new, "playout", PLAYOUT_ROWS, args.games, args.repeats)
    if "pure" in args.only:
        print(f"\n3. playout, plain Python: DURAK_EDU_PURE=1 on both sides (target: new >= "
              f"{GOALS['pure']}x old)")
        old_py, new_py = start("old, plain Python", tree, True), start("new, plain Python", ROOT,
                                                                        True)
        met["pure"] = side_by_side(old_py, new_py, "playout", PLAYOUT_ROWS, args.games,
                                   args.repeats)
    if "presets" in args.only:
        print(f"\n4. every attack preset's playout against 2-player podkidnoy's, new side only "
              f"(target: each >= {GOALS['presets']}x; medians of {args.repeats} pairs of "
              f"batches, podkidnoy's timed just before the preset's)")
        met["presets"] = presets_table(new, args.games, args.repeats)
    print("\ntargets (issue 25):")
    for key, ratios in met.items():
        print(f"  {key:<8} >= {GOALS[key]}x: {min(ratios):.2f}x-{max(ratios):.2f}x, "
              + ("met" if min(ratios) >= GOALS[key] else "NOT met"))


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    with ExitStack() as stack:
        run(args, stack)


if __name__ == "__main__":
    main()
