"""Screen one change of the coach against ``lowest_card_bot`` on fixed seeds (issue 29).

Run: ``DURAK_EDU_PROGRESS=0 python benchmarks/coach_screen.py --games 360 --seed 6000
[--effort 300] [--against lowest|ismcts]
[--variant eps0.1|noise1.0|c=0.7|bias=1.0|noread|model|nomodel|readeps0.1|base]`` (from the
repository root; ``--against ismcts``: against ``ISMCTSBot()`` instead).

``CoachBot(effort)`` plays seat-rotated two-player podkidnoy games against ``lowest_card_bot`` in
tournaments of 20 (game ``i`` deals deck ``seed + i // 2``), the running tally printed after
each, so two variants run on the same ``--seed`` play the same deals (paired). A variant sets
one module constant for this process only: ``epsX`` the playouts' random share
(``coach.search.EPSILON``), ``noiseX`` the standard errors of ``coach.values.NOISE``, ``c=X``
and ``bias=X`` the tree's UCB constant and greedy nudge, ``noread`` deals the worlds uniformly
(no reading of the opponent, ``coach.reading``), ``model`` also answers for him greedily in
the tree while he plays greedily, ``nomodel`` reads him but lets the tree answer for him
(``coach.reading.MODEL``: the default), ``readepsX`` that reading's ``EPSILON``;
``base`` changes nothing. A few hundred
games tell only large differences (one standard error of a rate near 0.8 over 300 decided games
is 0.023): ``bots/coach_bot.py`` has what was screened and what it showed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import durak_edu.coach.reading as reading_module  # noqa: E402
import durak_edu.coach.search as search_module  # noqa: E402
import durak_edu.coach.values as values_module  # noqa: E402
from durak_edu.bots import ISMCTSBot, lowest_card_bot, tournament  # noqa: E402
from durak_edu.bots.coach_bot import CoachBot  # noqa: E402
from durak_edu.bots.tournament import wilson_interval  # noqa: E402


def apply_variant(variant: str) -> bool:
    """Set the variant's constants; whether the bot reads the opponent (``noread``: not)."""
    read = True
    for v in variant.split(","):
        if v == "base":
            continue
        if v == "noread":
            read = False
        elif v == "nomodel":
            reading_module.MODEL = False
        elif v == "model":
            reading_module.MODEL = True
        elif v.startswith("readeps"):
            reading_module.EPSILON = float(v[7:])
        elif v.startswith("eps"):
            search_module.EPSILON = float(v[3:])
        elif v.startswith("noise"):
            values_module.NOISE = float(v[5:])
        elif v.startswith("c="):
            search_module.C = float(v[2:])
        elif v.startswith("bias="):
            search_module.BIAS = float(v[5:])
        else:
            raise SystemExit(f"unknown variant {v!r}: epsX, noiseX, c=X, bias=X, noread, "
                             "model, nomodel, readepsX or base")
    return read


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--effort", default="quick")
    ap.add_argument("--against", choices=["lowest", "ismcts"], default="lowest")
    a = ap.parse_args()
    read = apply_variant(a.variant)
    bot = CoachBot(int(a.effort) if a.effort.isdigit() else a.effort, read)
    opponent = lowest_card_bot if a.against == "lowest" else ISMCTSBot()
    t = time.process_time()
    won = lost = drawn = 0
    for start in range(0, a.games, 20):
        row = tournament("podkidnoy", [bot, opponent], games=min(20, a.games - start),
                         seed=a.seed + start // 2).rows[0]
        won, lost, drawn = won + row.won, lost + row.lost, drawn + row.draws
        print(f"  {start + 20}: {won}/{lost}/{drawn} cpu {time.process_time() - t:.0f}",
              flush=True)
    lo, hi = wilson_interval(won, won + lost)
    print(f"{a.variant} against={a.against} effort={a.effort} seed={a.seed} games={a.games}: "
          f"won {won} lost {lost} drew {drawn} rate {won / max(1, won + lost):.3f} "
          f"({lo:.3f}-{hi:.3f}) cpu {time.process_time() - t:.0f}s", flush=True)


if __name__ == "__main__":
    main()
