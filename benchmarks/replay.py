"""Replay speed: ``goto`` to a random position of a ~300-action game, and record load times.

Run: ``python benchmarks/replay.py`` (from the repository root). Goal (docs/architecture.md):
median ``goto`` well under a millisecond. Figures are printed, nothing is asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from durak_edu import Take, new_game  # noqa: E402
from durak_edu.record import GameRecord, Replay  # noqa: E402


def long_game(target: int = 300):
    """A seeded random podkidnoy game for 4–6 players with at least ``target`` actions."""
    best = None
    for seed in range(2000):
        players = 4 + seed % 3
        g = new_game("podkidnoy", players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and len(g.actions) < 2 * target:
            legal = g.legal_actions()
            plain = [a for a in legal if not isinstance(a, Take)]
            g.play(rng.choice(plain if plain and rng.random() < 0.6 else legal))
        if best is None or len(g.actions) > len(best.actions):
            best = g
        if len(g.actions) >= target:
            return g
    return best


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def ms(xs) -> str:
    return f"median {statistics.median(xs) * 1e3:.3f} ms, p90 {sorted(xs)[int(len(xs) * .9)] * 1e3:.3f} ms"


def main() -> None:
    g = long_game()
    rec = g.record()
    n = len(rec.actions)
    print(f"game: podkidnoy, {g.players} players, {n} actions ({'over' if g.is_over else 'unfinished'})")

    build = timed(lambda: Replay(rec), 20)
    print(f"Replay(record) build (replays once, snapshots):  {ms(build)}")

    r = Replay(rec)
    rng = random.Random(1)
    targets = [rng.randrange(n + 1) for _ in range(2000)]
    it = iter(targets)
    goto = timed(lambda: r.goto(next(it)), len(targets))
    print(f"goto(random position), r.game ready:             {ms(goto)}")

    it = iter(targets)
    scratch = timed(lambda: rec.to_game(next(it)), 200)
    print(f"for comparison, replay from the start:           {ms(scratch)}")

    r.goto(0)
    step = timed(r.step, n)
    print(f"step():                                          {ms(step)}")

    js, tx = rec.to_json(), rec.to_text()
    print(f"record size: JSON {len(js.encode()) / 1024:.1f} KiB, text {len(tx.encode()) / 1024:.1f} KiB")
    print(f"GameRecord.from_json (validate + replay):        {ms(timed(lambda: GameRecord.from_json(js), 30))}")
    print(f"GameRecord.from_text (validate + replay):        {ms(timed(lambda: GameRecord.from_text(tx), 30))}")
    print(f"GameRecord.to_json:                              {ms(timed(rec.to_json, 30))}")


if __name__ == "__main__":
    main()
