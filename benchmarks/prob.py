"""How fast does ``durak_edu.prob.simulate_deals`` deal, against a plain ``random.shuffle`` loop?

Both sides produce the same thing for every deal: the hands, the turned trump card and the trump
suit (R1.1, R1.2). Each is timed several times in the same run; the median counts.

    python benchmarks/prob.py                 # 2 players, 36 cards
    python benchmarks/prob.py --players 6 --repeats 7

Goal (issue 5): at least 3 million deals per second, and at least 10× the plain loop.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from durak_edu.cards import deck  # noqa: E402
from durak_edu.prob import simulate_deals  # noqa: E402

GOAL_RATE = 3_000_000
GOAL_RATIO = 10


def plain_loop(n: int, players: int, size: int, hand_size: int, rnd: random.Random):
    """The obvious Python: shuffle a list of card indices per deal and slice the hands."""
    base = [c.index for c in deck(size)]
    dealt = players * hand_size
    out = []
    for _ in range(n):
        order = base[:]
        rnd.shuffle(order)
        hands = [order[s:dealt:players] for s in range(players)]
        trump_card = order[dealt] if dealt < size else order[dealt - 1]
        out.append((hands, trump_card, trump_card // 13))
    return out


def median_rate(run, n: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        run()
        rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deck", type=int, default=36)
    ap.add_argument("--hand-size", type=int, default=6)
    ap.add_argument("-n", type=int, default=2_000_000, help="deals per simulate_deals call")
    ap.add_argument("--plain-n", type=int, default=50_000, help="deals per plain-loop run")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--workers", type=int, default=None,
                    help="threads for simulate_deals (default: the processors available)")
    args = ap.parse_args(argv)

    rng = np.random.default_rng(12345)
    rnd = random.Random(12345)
    simulate_deals(10_000, args.players, args.deck, args.hand_size, rng)  # warm up

    sim = median_rate(lambda: simulate_deals(args.n, args.players, args.deck, args.hand_size, rng,
                                             workers=args.workers), args.n, args.repeats)
    one = median_rate(lambda: simulate_deals(args.n, args.players, args.deck, args.hand_size, rng,
                                             workers=1), args.n, args.repeats)
    plain = median_rate(lambda: plain_loop(args.plain_n, args.players, args.deck, args.hand_size,
                                           rnd), args.plain_n, args.repeats)
    ratio = sim / plain
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"deal: {args.players} players, {args.deck} cards, {args.hand_size} each; "
          f"median of {args.repeats} runs; load average {load} on {os.cpu_count()} CPUs")
    print(f"simulate_deals (workers={args.workers or 'auto'}): {sim:>12,.0f} deals/s  (n={args.n:,})")
    print(f"simulate_deals (workers=1):    {one:>12,.0f} deals/s")
    print(f"plain random.shuffle loop:     {plain:>12,.0f} deals/s  (n={args.plain_n:,})")
    print(f"ratio: {ratio:.1f}x (one thread: {one / plain:.1f}x)")
    ok = sim >= GOAL_RATE and ratio >= GOAL_RATIO
    print(f"goal ≥ {GOAL_RATE:,} deals/s and ≥ {GOAL_RATIO}x: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
