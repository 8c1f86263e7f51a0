"""Engine speed: random-playout games per second for every preset, and legal_actions cost.

Run: python benchmarks/engine.py [--games N] [--only NAME ...]

Every game is played to the end by choosing uniformly among ``legal_actions()`` and calling
``play``: the full public API, with every action checked. Figures are medians of repeats in one
run, so the ratios between presets are meaningful even on a noisy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from durak_edu import VARIANTS, new_game


def playout(name: str, players: int, seed: int) -> int:
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
        n += 1
    return n


def games_per_second(name: str, players: int, games: int, repeats: int = 5) -> tuple[float, float]:
    rates, lengths = [], []
    for r in range(repeats):
        t0 = time.perf_counter()
        total = sum(playout(name, players, seed=r * games + i) for i in range(games))
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


def default_players(name: str) -> int:
    rules = VARIANTS[name].rules
    return 4 if getattr(rules, "teams", False) else 2


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per repeat (default 200)")
    ap.add_argument("--only", nargs="*", help="presets to run (default: all)")
    args = ap.parse_args()
    names = args.only or list(VARIANTS)
    print(f"{'preset':<22} {'players':>7} {'games/s':>9} {'actions/game':>12} "
          f"{'legal_actions µs':>16}  ratio to podkidnoy")
    base = None
    for name in names:
        players = default_players(name)
        rate, length = games_per_second(name, players, args.games)
        cost = legal_actions_cost(name, players)
        if name == "podkidnoy":
            base = rate
        ratio = f"{rate / base:.2f}" if base else "-"
        print(f"{name:<22} {players:>7} {rate:>9.0f} {length:>12.1f} {cost * 1e6:>16.1f}  {ratio}")
    g = new_game("podkidnoy", players=6, seed=1)
    rate6, _ = games_per_second("podkidnoy", 6, args.games // 2)
    print(f"{'podkidnoy':<22} {6:>7} {rate6:>9.0f}")


if __name__ == "__main__":
    main()
