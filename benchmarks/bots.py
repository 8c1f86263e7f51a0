"""Bots: how long ISMCTSBot thinks, how often it wins, and how long a ladder takes.

Run: python benchmarks/bots.py [--games 400] [--style-games 100] [--ladder-games 200]
                               [--workers 2] [--only time|lowest|styles|ladder|isolate|interrupt]
                               [--repeats 3] [--quick]

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

* **isolate overhead** (issue 24): games a second played in this process and with
  ``isolate=True`` (each bot in a process of its own), for cheap bots (``lowest_card_bot`` v
  ``random_bot``, ``--isolate-games``) and for ``ISMCTSBot()`` v ``lowest_card_bot``
  (``--isolate-ismcts-games``); the median of ``--repeats`` runs each, and the ratio; the two
  tables are checked equal;
* **the coach** (issue 29): ``coach_bot`` (``advise(...).best[0]``, ``effort="quick"``) against
  ``lowest_card_bot`` (goal ≥ 80 % of the decided games) and ``ISMCTSBot()`` (goal ≥ 50 %),
  ``--coach-games`` seeded two-player podkidnoy games each (seats rotated, each deal played
  twice), the rate of decided games won with its 95 % Wilson interval (``--only coach``;
  ``--coach-start N`` resumes a stopped run at game ``N``, a multiple of 20; SIGINT or SIGTERM
  ends a run with its finished games counted; the figures are in ``bots/coach_bot.py``);
* **interrupt latency**: a ladder (``--workers`` processes, and again isolated) in a child
  process is sent SIGINT once some games are done, as JupyterLab's "interrupt kernel" does; the
  seconds from the signal to the ``KeyboardInterrupt`` with the partial result (median of
  ``--repeats``), and whether any worker is left.

All of it is seeded: a second run gives the same games (the times differ).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
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


def coach_decided(name: str, opponent, games: int, seed: int, workers: int | None,
                  chunk: int = 20, start: int = 0) -> float:
    """Issue 29: coach_bot (quick) against ``opponent``, as ``decided`` measures ISMCTSBot, in
    tournaments of ``chunk`` games (an even number: game ``i`` of the whole run deals deck
    ``seed + i // 2`` with the seats rotated, as one tournament of ``games`` would; the
    opponent's per-game seeds are the chunk's), the running tally printed after each, so a run
    stopped early still reports; a Ctrl-C (SIGINT, or SIGTERM) ends the run with the finished games of the
    chunk counted and the tally printed. ``start`` (a multiple of ``chunk``) resumes a stopped run: it
    plays games ``start``..``games - 1`` only, the same games that run would have played next,
    and the tally printed is of those (add the stopped run's to it)."""
    from durak_edu.coach import coach_bot

    def stop(signum, frame):  # SIGTERM too, and SIGINT even where a shell started us ignoring it
        raise KeyboardInterrupt(signal.Signals(signum).name)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    t = time.perf_counter()
    won = lost = draws = 0
    chunk = max(2, chunk - chunk % 2)
    if start % chunk:
        raise ValueError(f"--coach-start must be a multiple of {chunk}, not {start}")
    played = start
    stopped = False
    while played < games and not stopped:
        n = min(chunk, games - played)
        try:
            table = tournament("podkidnoy", [coach_bot, opponent], games=n,
                               seed=seed + played // 2, workers=workers)
        except KeyboardInterrupt as stop:  # Ctrl-C: count the chunk's finished games, then end
            table, stopped = getattr(stop, "partial"), True
        row = table.rows[0]
        won, lost, draws, played = (won + row.won, lost + row.lost, draws + row.draws,
                                    played + table.games)
        decided_n = won + lost
        lo, hi = wilson_interval(won, decided_n)
        rate = won / decided_n if decided_n else float("nan")
        span = f"{played} of {games}" if not start else f"{start}..{played - 1} of {games}"
        print(f"coach_bot v {name:20} {span} games: won {won}, lost {lost}, drew "
              f"{draws}; decided games won {rate:.3f} (95 % Wilson {lo:.3f}–{hi:.3f}) "
              f"[{time.perf_counter() - t:.0f} s, CPU {time.process_time():.0f} s]", flush=True)
    return rate


def _median_time(run, repeats: int):
    times, result = [], None
    for _ in range(repeats):
        t = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - t)
    return statistics.median(times), result


def isolate_overhead(cheap_games: int, ismcts_games: int, seed: int, repeats: int) -> None:
    for label, bots, games in (("lowest_card_bot v random_bot", [lowest_card_bot, random_bot],
                                cheap_games),
                               ("ISMCTSBot() v lowest_card_bot", [ISMCTSBot(), lowest_card_bot],
                                ismcts_games)):
        here, a = _median_time(lambda: tournament("podkidnoy", bots, games=games, seed=seed),
                               repeats)
        there, b = _median_time(lambda: tournament("podkidnoy", bots, games=games, seed=seed,
                                                   isolate=True), repeats)
        print(f"isolate overhead, {label}, {games} games (median of {repeats}): in process "
              f"{games / here:.2f} games/s ({here:.2f} s), isolate=True {games / there:.2f} "
              f"games/s ({there:.2f} s): {there / here:.2f}× the time; same table: {a == b}",
              flush=True)


_INTERRUPTED = """
import json, os, sys, time
from durak_edu.bots import ladder, lowest_card_bot, random_bot, pair_collector
STARTED = [0]
class Marked:
    __name__ = "marked"
    def for_game(self, seed):
        STARTED[0] += 1
        open(os.path.join(os.environ["MARKS"], f"pid-{os.getpid()}"), "w").close()
        if STARTED[0] == 80:
            open(os.path.join(os.environ["MARKS"], "go"), "w").close()
        return self
    def __call__(self, game, seat):
        return lowest_card_bot(game, seat)
if __name__ == "__main__":
    try:
        ladder("podkidnoy", [Marked(), random_bot, pair_collector], games=1500, seed=1, OPTIONS)
    except KeyboardInterrupt as exc:
        t = time.monotonic()
        print(json.dumps({"at": t, "played": exc.partial.played}), flush=True)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def interrupt_latency(workers: int, repeats: int) -> None:
    for options in (f"workers={workers}", f"workers={workers}, isolate=True"):
        delays, left, played = [], 0, []
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as tmp:
                script = os.path.join(tmp, "run.py")
                with open(script, "w") as f:
                    f.write(_INTERRUPTED.replace("OPTIONS", options))
                marks = os.path.join(tmp, "marks")
                os.mkdir(marks)
                child = subprocess.Popen(
                    [sys.executable, script], stdout=subprocess.PIPE, text=True,
                    env=dict(os.environ, MARKS=marks, DURAK_EDU_PROGRESS="0"),
                    start_new_session=True,
                    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
                while not os.path.exists(os.path.join(marks, "go")):
                    time.sleep(0.02)
                sent = time.monotonic()
                child.send_signal(signal.SIGINT)
                out, _ = child.communicate(timeout=120)
                report = json.loads(out.strip().splitlines()[-1])
                delays.append(report["at"] - sent)
                played.append(report["played"])
                pids = [int(n[4:]) for n in os.listdir(marks) if n.startswith("pid-")]
                left += sum(_alive(pid) for pid in pids)
        print(f"interrupt latency, ladder of 3 bots × 1500 games a pair, {options}: SIGINT to "
              f"KeyboardInterrupt median {statistics.median(delays):.2f} s (max "
              f"{max(delays):.2f} s, {repeats} runs; {statistics.median(played):.0f} games "
              f"finished and kept); workers left behind: {left}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--style-games", type=int, default=100)
    ap.add_argument("--ladder-games", type=int, default=200)
    ap.add_argument("--timing-games", type=int, default=6)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--isolate-games", type=int, default=200)
    ap.add_argument("--isolate-ismcts-games", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--coach-games", type=int, default=200)
    ap.add_argument("--coach-start", type=int, default=0,
                    help="resume a stopped coach run at this game (a multiple of 20)")
    ap.add_argument("--coach-against", choices=["lowest", "ismcts"], action="append",
                    help="the coach's opponents (repeatable; default both)")
    ap.add_argument("--only", choices=["time", "lowest", "styles", "ladder", "isolate",
                                       "interrupt", "coach"], action="append",
                    help="run only these parts (repeatable)")
    ap.add_argument("--quick", action="store_true", help="small runs, to try the script")
    a = ap.parse_args()
    if a.quick:
        a.games, a.style_games, a.ladder_games, a.timing_games = 20, 10, 10, 2
        a.isolate_games, a.isolate_ismcts_games, a.repeats, a.coach_games = 20, 1, 1, 4
    workers = a.workers if a.workers > 1 else None
    parts = set(a.only or ["time", "lowest", "styles", "ladder", "isolate", "interrupt",
                           "coach"])
    if "coach" in parts:
        against = {"lowest": ("lowest_card_bot", lowest_card_bot),
                   "ismcts": ("ISMCTSBot()", ISMCTSBot())}
        for key in a.coach_against or ["lowest", "ismcts"]:
            coach_decided(*against[key], a.coach_games, a.seed + 7, workers,
                          start=a.coach_start)
    if "isolate" in parts:
        isolate_overhead(a.isolate_games, a.isolate_ismcts_games, a.seed, a.repeats)
    if "interrupt" in parts:
        interrupt_latency(max(2, a.workers), a.repeats)
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
