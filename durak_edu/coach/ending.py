"""The value of every move in an ending: one minimax for all of a position's options.

The same searches as the endgame solver (``durak_edu.bots.solve``), but giving a value to *each*
legal action from one shared memory: where the engine's core plays the rules
(``bots.endgame.fits``), the fast search on the core (alpha–beta, a transposition table, move
ordering; issue 29); elsewhere plain minimax over the engine's own ``legal_actions`` and
``play``, every position remembered by ``position_key`` (the repetition draw of R2.11 part of
the key), on light copies (``clone(history=False)``), so it also serves the history-free worlds
of ``redeal_hidden``. The tests check it against ``solve``.

>>> from durak_edu import from_position
>>> g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
>>> [(str(a), v) for a, v in move_values(g)]   # lead the trump ace: a win (R2.3)
[('attack 7♠', -1), ('attack A♥', 1)]
"""

from __future__ import annotations

from ..actions import Action
from ..bots.endgame import Endgame, LimitReached, fits
from ..bots.solve import too_big
from ..games.base import Game

__all__ = ["move_values", "TooBig", "LIMIT"]

#: positions searched at most: enough for every two-player podkidnoy ending of up to 12 cards
#: in ``benchmarks/coach.py`` (the largest of its 40 needs 35,997 for every move's value since
#: the search plays one card at a time and closes up the ranks, 48,562 before; at the 15,000 of
#: before that, 10 of the 40 were "too big"), about 0.6 s of CPU at most on the course's 2-core
#: machines; the hands' floor (``bots.solve.too_big``) still refuses 10 against 10 at once
LIMIT = 60_000


class TooBig(Exception):
    """The search would pass ``limit`` positions: the message says what was too big."""


def move_values(game: Game, limit: int = LIMIT) -> list[tuple[Action, int]]:
    """``(action, value)`` for every legal action, in ``legal_actions()`` order; ``value`` is
    ``1``/``0``/``-1`` for the player to act with best play after it. Raises ``TooBig``: at
    once where the hands are bound to need more than ``limit`` positions (``too_big``), else
    when the search reaches the limit."""
    why = too_big(game, limit)
    if why is not None:
        raise TooBig(why)
    if fits(game):
        search = Endgame(game, limit)
        ms, same = search.root_moves(), search.repeats()  # a twin's value is its twin's
        try:
            values = {i: search.exact(search.child(ms[i])) for i in sorted(set(same))}
            return [(a, values[i]) for a, i in zip(game.legal_actions(), same)]
        except LimitReached:
            raise TooBig(_words(limit)) from None
    me = game.to_act
    if me is None:
        raise ValueError("move_values: the game is over, so there are no moves to value")
    memo: dict[tuple[object, ...], int] = {}

    def value(g: Game) -> int:  # the value for ``me``
        if g.is_over:
            if g.result is None:
                raise RuntimeError("move_values: a game over without a result")
            return g.result.score(me)
        key = g.position_key()
        found = memo.get(key)
        if found is not None:
            return found
        if len(memo) >= limit:
            raise TooBig(_words(limit))
        mine = g.to_act == me
        best = -2 if mine else 2
        for a in g.legal_actions():
            child = g.clone(history=False)
            child.play(a)
            v = value(child)
            if mine and v > best:
                best = v
                if best == 1:
                    break
            elif not mine and v < best:
                best = v
                if best == -1:
                    break
        memo[key] = best
        return best

    out = []
    for a in game.legal_actions():
        child = game.clone(history=False)
        child.play(a)
        out.append((a, value(child)))
    return out


def _words(limit: int) -> str:
    return f"too big to search to the end: more than the limit of {limit:,} positions"
