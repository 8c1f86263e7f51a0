"""Each option's ``win``: the chance the seat is not the durak after it (R2.12), and the best.

Where the ending is solved (two players, the talon empty: R0, both hands known) the values are
exact (``ending.move_values``): ``win`` is ``1`` for a move that wins or draws with best play,
``0`` for one that loses. Elsewhere, where the engine's core plays the preset (``search.playable``:
podkidnoy, perevodnoy and the other presets of ``games.core.state.COVERED``), they come from the
coach's search (``search.search``): ``effort`` worlds redealt from the seat's view, a tree of
moves over them, greedy playouts; a move's ``win`` is the share of its worlds the seat survived,
an ``Estimate`` with the binomial standard error. The attack family's other presets (house rules,
teams: ``method="rough"``) get a slow, rough evaluation instead — each option followed in the
same few worlds (``rough_worlds``) by greedy playouts through the public API, with no tree, so
the opponent is assumed to play greedily — and the advice says so. Circle and mau-mau (no
redealt worlds yet) get no values (``method="none"``), and the advice says so.

The options ranked: first the move whose ``win`` is surely highest — its share of worlds
survived less ``NOISE`` (two) standard errors, so that a move seen in three worlds and won in
all three does not outrank one won in 70 % of three hundred (a search spends its worlds on the
moves that look best, as ``ISMCTSBot`` plays its most visited move) — then every option whose
``win`` lies within ``NOISE`` standard errors of the difference from it (and that was searched
in at least ``TIE_WORLDS`` worlds): near-ties, which the search cannot tell apart. The options
with the highest ``win`` are among them. ``advise`` then puts the cheapest of the near-ties first
(``lowest_card_bot``'s move, if it is one: following the noise would trade high cards and trumps
for nothing), and where a solved ending is lost whatever the seat does (every ``win`` exactly 0)
it orders the moves by ``sure`` of this search's values: how often an opponent who is not
perfect goes wrong after each.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> v = values(g, g.to_act, "quick", seed=3)
>>> v.method, v.total == EFFORT["quick"], len(v.wins) == len(g.legal_actions())
('search', True, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Union

from ..actions import Action
from ..bots import lowest_card_bot
from ..bots.seat import SeatGame
from ..games.base import Game
from ..games.core.decode import encode
from ..prob.simulate import Estimate
from .search import EPSILON, playable, search

if TYPE_CHECKING:
    from .reading import Reading

__all__ = ["EFFORT", "NOISE", "TIE_WORLDS", "Values", "values", "rank", "effort_worlds",
           "rough_worlds", "sure"]

#: worlds searched for each named effort (``"quick"``: a median of 20 ms of CPU in a two-player
#: podkidnoy mid-game, ``benchmarks/coach.py --speed``, 7 December 2026; 35 ms before the fast
#: worlds of ``coach.worlds``)
EFFORT = {"quick": 300, "deep": 2000}
#: options within this many standard errors of the best are near-ties
NOISE = 2.0
#: ... if the search went through them at least this often
TIE_WORLDS = 10

Chance = Union[Fraction, Estimate]


def effort_worlds(effort: str | int) -> int:
    """The worlds an ``effort`` asks for (``"quick"``, ``"deep"`` or a whole number ≥ 1)."""
    if isinstance(effort, str) and effort in EFFORT:
        return EFFORT[effort]
    if isinstance(effort, int) and not isinstance(effort, bool) and effort >= 1:
        return effort
    raise ValueError(f"effort must be 'quick', 'deep' or a number of worlds ≥ 1, not {effort!r}")


@dataclass(frozen=True)
class Values:
    """``wins`` and ``worlds`` per legal action (in ``legal_actions()`` order), ``method``
    (``"search"``, ``"rough"`` or ``"none"``), ``total`` worlds searched."""

    wins: tuple[Chance | None, ...]
    worlds: tuple[int, ...]
    method: str
    total: int


def _estimate(safe: int, n: int) -> Estimate:
    """The share ``safe / n`` with the binomial standard error, taken at the share with one
    win and one loss added, so that 0 of n and n of n keep a spread."""
    p = (safe + 1) / (n + 2)
    return Estimate(safe / n, math.sqrt(p * (1 - p) / n))


def values(game: Game, seat: int, effort: str | int, seed: int,
           reading: Reading | None = None) -> Values:
    """The searched values of ``seat``'s options (it must be to act); ``reading``: what the
    opponent's public play told (``coach.reading``; the tree search only)."""
    worlds = effort_worlds(effort)
    legal = game.legal_actions()
    if not playable(game):
        me = SeatGame(game, seat)
        if not me.can_redeal:
            return Values((None,) * len(legal), (0,) * len(legal), "none", 0)
        return _rough(me, legal, worlds, seed)
    stats = search(game, seat, worlds, seed, reading)
    wins: list[Chance | None] = []
    seen: list[int] = []
    for a in legal:
        s = stats.get(encode(a) or -1)
        if s is None or not s.visits:
            wins.append(None)
            seen.append(0)
        else:
            wins.append(_estimate(s.safe, s.visits))
            seen.append(s.visits)
    return Values(tuple(wins), tuple(seen), "search", worlds)


def rough_worlds(worlds: int) -> int:
    """The worlds each option gets in the rough evaluation (a tenth of the tree's share)."""
    return max(4, worlds // 30)


def _rough(me: SeatGame, legal: list[Action], worlds: int, seed: int) -> Values:
    """Where the core does not play the preset (house rules, teams): each option followed in
    the same ``rough_worlds`` worlds by greedy playouts through the public API — slow (the
    engine's own moves) and rough (no tree: the opponent is assumed to play greedily)."""
    rng = random.Random(seed)
    n = rough_worlds(worlds)
    safe = [0] * len(legal)
    for _ in range(n):
        world = me.redeal(rng)
        for i, a in enumerate(legal):
            g = world.clone(history=False)
            g.play(a)
            while not g.is_over:
                acts = g.legal_actions()
                if len(acts) > 1 and rng.random() < EPSILON:
                    g.play(acts[int(rng.random() * len(acts))])
                else:
                    g.play(acts[0] if len(acts) == 1 else lowest_card_bot(g, int(g.to_act or 0)))
            assert g.result is not None
            safe[i] += int(g.result.score(me.seat) >= 0)
    return Values(tuple(_estimate(k, n) for k in safe), (n,) * len(legal), "rough", n)


def sure(win: Chance | None) -> float:
    """What a move surely keeps: its share of worlds survived less ``NOISE`` standard errors
    (exact values as they are)."""
    if win is None:
        return -1.0
    if isinstance(win, Estimate):
        return win.estimate - NOISE * win.standard_error
    return float(win)


def rank(wins: tuple[Chance | None, ...], worlds: tuple[int, ...]) -> tuple[list[int], bool]:
    """The indices of the best option and of its near-ties (best first), and whether there are
    near-ties; ``[]`` where nothing was valued."""
    keys = [sure(w) for w in wins]
    if not keys or max(keys) < 0:
        return [], False
    first = max(range(len(keys)), key=lambda i: (keys[i], worlds[i], -i))
    top = wins[first]
    out = [first]
    if isinstance(top, Estimate):
        for i in sorted(range(len(keys)), key=lambda i: (-keys[i], i)):
            w = wins[i]
            if i == first or not isinstance(w, Estimate) or worlds[i] < TIE_WORLDS:
                continue
            noise = NOISE * math.hypot(top.standard_error, w.standard_error)
            if top.estimate - w.estimate <= noise:
                out.append(i)
    return out, len(out) > 1
