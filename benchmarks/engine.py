"""Engine speed: random-playout games per second for every preset, and legal_actions cost.

Run: python benchmarks/engine.py [--games N] [--only NAME ...]

Two figures per preset, both for complete games from ``new_game`` to the result, each move chosen
uniformly among the legal actions:

* **api**: ``rng.choice(g.legal_actions())`` then ``g.play(...)`` — the full public API, every
  action checked, events and undo states kept;
* **playout**: ``new_game(...).clone(history=False).playout(rng)`` — the same games move for move
  (tests/test_rollout.py), played by the simulation kernel where the rules have one: the compiled
  one (``rollout.py`` built by Cython) when it was built, and, in the next column, the same file
  run as plain Python.

Figures are medians of repeats in one run, so the ratios are meaningful on a noisy machine.

After the table, issue 25's first figure (``--api`` alone: only it): the public API loop on the
reference engine (``AttackGame``) and on the core's facade (``CoreGame``) side by side, the same
games in both, measured alternately in CPU time, with the ratio and whether it reaches 2x
(``benchmarks/core.py`` prints it too, with the playout figures).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from durak_edu import VARIANTS, new_game
from durak_edu.games import rollout

from core import api_table  # benchmarks/core.py (this script's folder is on the path)


def playout(name: str, players: int, seed: int) -> int:
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
        n += 1
    return n


def fast_playout(name: str, players: int, seed: int) -> int:
    new_game(name, players=players, seed=seed).clone(history=False).playout(random.Random(seed))
    return 0


def python_playout(name: str, players: int, seed: int) -> int:
    with rollout.use_kernel("python"):
        return fast_playout(name, players, seed)


def games_per_second(name: str, players: int, games: int, repeats: int = 5,
                     play=playout) -> tuple[float, float]:
    rates, lengths = [], []
    for r in range(repeats):
        t0 = time.perf_counter()
        total = sum(play(name, players, seed=r * games + i) for i in range(games))
        rates.append(games / (time.perf_counter() - t0))
        lengths.append(total / games)
    return statistics.median(rates), statistics.median(lengths)


def legal_actions_cost(name: str, players: int, samples: int = 2000) -> float:
    """Median seconds for one ``legal_actions()`` call on fresh (uncached) positions."""
    times = []
    seed = 0
    while len(times) < samples:
        g = new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        seed += 1
        while not g.is_over and len(times) < samples:
            g._legal_cache = None  # measure the work, not the cache
            t0 = time.perf_counter()
            acts = g.legal_actions()
            times.append(time.perf_counter() - t0)
            g.play(rng.choice(acts))
    return statistics.median(times)


GOAL = 2000  # issue 2: complete random two-player podkidnoy games per second


def default_players(name: str) -> int:
    rules = VARIANTS[name].rules
    return 4 if getattr(rules, "teams", False) else 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per repeat (default 200)")
    ap.add_argument("--only", nargs="*", help="presets to run (default: all)")
    ap.add_argument("--api", action="store_true",
                    help="only issue 25's API figure (engine vs CoreGame)")
    ap.add_argument("--api-games", type=int, default=30, help="its games per repeat (30)")
    ap.add_argument("--api-repeats", type=int, default=5, help="its repeats (5)")
    args = ap.parse_args()
    if not args.api:
        preset_table(args)
    print(f"\nissue 25: the public API loop, legal_actions() + play() with history and undo "
          f"(target: CoreGame >= 2x the engine's; games per CPU second, medians of "
          f"{args.api_repeats} x {args.api_games}, alternately)")
    ratios = api_table(args.api_games, args.api_repeats)
    print(f"  API loop >= 2x: {min(ratios):.2f}x-{max(ratios):.2f}x, "
          + ("met" if min(ratios) >= 2 else "NOT met"))


def preset_table(args: argparse.Namespace) -> None:
    """The table of every preset (api and playout rates, legal_actions cost)."""
    names = args.only or list(VARIANTS)
    compiled = "compiled" if rollout.KERNEL == "compiled" else "NOT BUILT"
    print(f"{'preset':<22} {'players':>7} {'api games/s':>11} {'playout games/s':>15} "
          f"{'speed-up':>8} {'python kernel':>13} {'actions/game':>12} {'legal_actions µs':>16}")
    print(f"{'':<22} {'':>7} {'':>11} {compiled:>15}")
    rows = [(name, default_players(name)) for name in names]
    if not args.only or "podkidnoy" in args.only:
        rows.append(("podkidnoy", 6))
    goal = None
    for name, players in rows:
        rate, length = games_per_second(name, players, args.games)
        fast, _ = games_per_second(name, players, args.games, play=fast_playout)
        slow, _ = games_per_second(name, players, args.games, play=python_playout)
        cost = legal_actions_cost(name, players)
        print(f"{name:<22} {players:>7} {rate:>11.0f} {fast:>15.0f} {fast / rate:>7.1f}x "
              f"{slow:>13.0f} {length:>12.1f} {cost * 1e6:>16.1f}")
        if (name, players) == ("podkidnoy", 2):
            goal = (fast, slow)
    if goal:
        print(f"\ngoal (issue 2): {GOAL:,} complete random two-player podkidnoy games/s on one core; "
              f"playout: {goal[0] / GOAL:.1f}x the goal ({goal[1] / GOAL:.1f}x with the Python "
              "kernel alone)")


if __name__ == "__main__":
    main()
