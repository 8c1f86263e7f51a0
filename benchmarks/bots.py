"""Bots: how long ISMCTSBot thinks, how often it wins, and how long a ladder takes.

Run: python benchmarks/bots.py [--games 400] [--style-games 100] [--ladder-games 200]
                               [--workers 2] [--only time|lowest|styles|ladder] [--quick]

Figures (issue 18's goals):

* **time a move**: the median seconds ``ISMCTSBot()`` (its default budget) takes per choice, over
  the choices of a few seeded games played serially in this process (one core); a forced move
  (one legal action) is answered at once and counted apart;
* **against lowest_card_bot**: ``--games`` seeded two-player podkidnoy games (``tournament``,
  seats rotated, each deal played twice); the rate of the *decided* games it won, with its 95 %
  Wilson interval (draws left out, and counted);
* **against each style**: the same against every bot of ``STYLES`` and ``counting_bot``
  (``--style-games`` each);
* **the ladder**: every bot (ISMCTSBot at a tenth of its budget, so that the ladder fits its ten
  minutes) over ``--ladder-games`` games a pair with ``--workers`` processes, and its wall time.

All of it is seeded: a second run gives the same games (the times differ).
"""

from __future__ import annotations

import argparse
import statistics
import time

from durak_edu.bots import (STYLES, ISMCTSBot, counting_bot, ladder, lowest_card_bot,
                            random_bot, tournament)
from durak_edu.bots.tournament import wilson_interval


class Timed:
    """A bot that remembers how long each choice took (forced ones apart)."""

    def __init__(self, bot, times, forced):
        self.bot, self.times, self.forced = bot, times, forced
        self.__name__ = repr(bot)

    def __call__(self, game, seat):
        n = len(game.legal_actions())
        t = time.perf_counter()
        action = self.bot(game, seat)
        (self.times if n > 1 else self.forced).append(time.perf_counter() - t)
        return action


def time_a_move(games: int, seed: int) -> None:
    times: list[float] = []
    forced: list[float] = []
    bot = Timed(ISMCTSBot(seed=seed), times, forced)
    t = time.perf_counter()
    tournament("podkidnoy", [bot, lowest_card_bot], games=games, seed=seed)
    wall = time.perf_counter() - t
    every = times + forced
    print(f"ISMCTSBot() time a move, {games} games on one core ({wall:.0f} s): median "
          f"{statistics.median(times):.3f} s a choice over {len(times)} choices "
          f"(90th percentile {sorted(times)[int(0.9 * len(times))]:.3f} s); "
          f"median {statistics.median(every):.3f} s over all {len(every)} moves with "
          f"{len(forced)} forced")


def decided(name: str, opponent, games: int, seed: int, workers: int | None) -> float:
    t = time.perf_counter()
    table = tournament("podkidnoy", [ISMCTSBot(), opponent], games=games, seed=seed,
                       workers=workers)
    row = table.rows[0]
    n = row.won + row.lost
    lo, hi = wilson_interval(row.won, n)
    rate = row.won / n if n else float("nan")
    print(f"ISMCTSBot() v {name:20} {games} games: won {row.won}, lost {row.lost}, drew "
          f"{row.draws}; decided games won {rate:.3f} (95 % Wilson {lo:.3f}–{hi:.3f}) "
          f"[{time.perf_counter() - t:.0f} s]", flush=True)
    return rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--style-games", type=int, default=100)
    ap.add_argument("--ladder-games", type=int, default=200)
    ap.add_argument("--timing-games", type=int, default=6)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", choices=["time", "lowest", "styles", "ladder"], action="append",
                    help="run only these parts (repeatable)")
    ap.add_argument("--quick", action="store_true", help="small runs, to try the script")
    a = ap.parse_args()
    if a.quick:
        a.games, a.style_games, a.ladder_games, a.timing_games = 20, 10, 10, 2
    workers = a.workers if a.workers > 1 else None
    parts = set(a.only or ["time", "lowest", "styles", "ladder"])
    if "time" in parts:
        time_a_move(a.timing_games, a.seed)
    if "lowest" in parts:
        decided("lowest_card_bot", lowest_card_bot, a.games, a.seed, workers)
    if "styles" in parts:
        for name, bot in list(STYLES.items()) + [("counting_bot", counting_bot)]:
            decided(name, bot, a.style_games, a.seed + 1, workers)
    if "ladder" not in parts:
        return
    default = ISMCTSBot()
    bots = {"lowest_card_bot": lowest_card_bot, "random_bot": random_bot, **STYLES,
            "counting_bot": counting_bot,
            "ISMCTSBot/10": ISMCTSBot(iterations=max(1, default.iterations // 10))}
    t = time.perf_counter()
    ratings = ladder("podkidnoy", bots, games=a.ladder_games, seed=a.seed, workers=workers)
    print()
    print(ratings)
    print(f"ladder of {len(bots)} bots, {a.ladder_games} games a pair, workers={workers}: "
          f"{time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
