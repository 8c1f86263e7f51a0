"""The new core (durak_edu.games.core, issue 25) beside today's engine and kernel, in one run.

Run: python benchmarks/core.py [--games N] [--repeats R]

Complete random games from ``new_game`` to the result, each move uniform among the legal ones,
the same games move for move in every column (tests/test_core_agreement.py,
tests/test_core_playout.py):

* **engine api**: ``rng.choice(g.legal_actions())`` then ``g.play(...)`` on ``AttackGame``
  (every action checked, events and undo states kept);
* **core api**: the core's API-style loop — ``moves`` decoded to ``Action``s (what
  ``legal_actions()`` returns), ``rng.choice``, the state saved for undo (``copy``), ``apply``;
  no events yet (the facade's work);
* **CoreGame**: the same public API loop as *engine api* on ``CoreGame`` (the facade: events,
  undo states, refusals through the core);
* **kernel**: ``clone(history=False).playout(rng)``, today's playout kernel compiled (``rollout.py``
  built by Cython) and, next, the same file as plain Python;
* **core playout**: ``core.playout`` (compiled where ``setup.py`` built it, else plain Python).

Figures are medians of repeats in one run, so the ratios hold on a noisy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from durak_edu import VARIANTS, new_game
from durak_edu.games import rollout
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves, playout
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import from_game, supports

Play = Callable[[str, int, int], None]


def engine_api(name: str, players: int, seed: int) -> None:
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))


def core_api(name: str, players: int, seed: int) -> None:
    st = from_game(new_game(name, players=players, seed=seed))
    rng = random.Random(seed)
    stack = []
    while st.to_act >= 0:
        ms = core_moves.moves(st)
        act = rng.choice(decode.actions(ms))
        move = decode.encode(act)
        stack.append(st)
        st = st.copy()
        core_apply.apply(st, move if move is not None else ms[0])


def core_game_api(name: str, players: int, seed: int) -> None:
    g = CoreGame.from_game(new_game(name, players=players, seed=seed))
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))


def kernel(name: str, players: int, seed: int) -> None:
    new_game(name, players=players, seed=seed).clone(history=False).playout(random.Random(seed))


def kernel_python(name: str, players: int, seed: int) -> None:
    with rollout.use_kernel("python"):
        kernel(name, players, seed)


def core_playout(name: str, players: int, seed: int) -> None:
    st = from_game(new_game(name, players=players, seed=seed))
    playout.playout(st, random.Random(seed).getrandbits)


def rate(play: Play, name: str, players: int, games: int, repeats: int) -> float:
    """Median games per second over ``repeats`` runs of ``games`` games."""
    rates = []
    for r in range(repeats):
        t0 = time.perf_counter()
        for i in range(games):
            play(name, players, r * games + i)
        rates.append(games / (time.perf_counter() - t0))
    return statistics.median(rates)


ROWS = [("podkidnoy", 2), ("perevodnoy", 3), ("podkidnoy", 3), ("perevodnoy", 2),
        ("podkidnoy", 6), ("perevodnoy", 6)]


def covered_presets() -> list[tuple[str, int]]:
    """Every attack preset the core plays (``state.supports``), at its smallest table."""
    out = []
    for name, v in VARIANTS.items():
        if v.family != "attack":
            continue
        players = v.rules.player_range().start
        if supports(new_game(name, players=players, seed=0)):
            out.append((name, players))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per repeat (default 100)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats (default 5)")
    ap.add_argument("--presets", action="store_true",
                    help="also: the core playout of every preset it covers, vs podkidnoy")
    args = ap.parse_args()
    built = {"kernel": rollout.KERNEL,
             "core": "compiled" if playout.__file__.endswith((".so", ".pyd")) else "python"}
    print(f"kernel: {built['kernel']}; core: {built['core']}; games/s, medians of "
          f"{args.repeats} x {args.games}")
    print(f"{'preset':<11} {'players':>7} {'engine api':>10} {'core api':>9} {'ratio':>6} "
          f"{'CoreGame':>8} {'ratio':>6} {'kernel':>8} {'kernel py':>9} {'core playout':>12} "
          f"{'vs kernel':>9} {'vs py':>6}")
    for name, players in ROWS:
        got = [rate(play, name, players, args.games, args.repeats)
               for play in (engine_api, core_api, core_game_api, kernel, kernel_python,
                            core_playout)]
        api, capi, facade, kern, kpy, cplay = got
        print(f"{name:<11} {players:>7} {api:>10.0f} {capi:>9.0f} {capi / api:>5.1f}x "
              f"{facade:>8.0f} {facade / api:>5.1f}x {kern:>8.0f} {kpy:>9.0f} {cplay:>12.0f} {cplay / kern:>8.2f}x {cplay / kpy:>5.2f}x")

    if args.presets:
        base = rate(core_playout, "podkidnoy", 2, args.games, args.repeats)
        print(f"\ncore playout of every covered preset (issue 25: each >= 0.3x podkidnoy's "
              f"{base:.0f} games/s)")
        for name, players in covered_presets():
            r = rate(core_playout, name, players, args.games, args.repeats)
            print(f"{name:<22} {players:>2} {r:>8.0f} {r / base:>6.2f}x")


if __name__ == "__main__":
    main()
