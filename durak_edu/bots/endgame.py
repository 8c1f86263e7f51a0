"""A fast exact endgame search on the engine's integer core (issue 29, issue 24 §3b).

The same question as ``solve``'s reference search (``solve._Search``: every position of a
two-player ending with the talon empty, searched to the end), asked of the core's compact state
(``durak_edu.games.core``: ``moves``, ``apply``, ``CoreState.copy``) instead of
``Game.clone().play()``, with

* alpha–beta over the three values −1, 0, 1 (for the seat ``me``), so a null window
  (``lo, lo + 1``) asks "at least ``lo + 1``?" and most lines are cut;
* a transposition table of bounds (``[lower, upper, best move]``) keyed by everything that
  decides the future: both hands, the table, the roles, who acts, who passed, the bout's counts,
  whether it is the first bout (R2.6, R3.4), who is out, and the repetition counts that can
  still come back (R2.11: those with the present discard pile, as ``position_key`` keeps them);
* every child looked up before any is searched: one the table already knows to cut ends the
  node at once (an enhanced transposition cut-off), and the rest are tried by what the table
  knows of them — last time's best first, then the highest floor — else more cards shed
  first, trumps kept (on the benchmark's 12-card endings this halves the positions searched).

Where it does not pay to keep a repetition count in the key, it is left out: with two players,
no transfer and the taker not keeping the turn, no position counted with the present pile can
come back (R2.11). The order the cards were laid in is left out too, except where R3.4
(``transfer_beat_only_new``) makes it count.

Values are exact, so ``solve`` and the coach give the same answers as the reference search; the
agreement tests (``tests/test_solve_fast.py``) hold them to it.

>>> from durak_edu import from_position
>>> g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
>>> s = Endgame(g, limit=1_000)
>>> s.value(s.root, -1, 1), [s.exact(s.child(m)) for m in s.root_moves()]
(1, [-1, 1])
"""

from __future__ import annotations

from typing import TypeGuard

from ..games.core import apply as core_apply, moves as core_moves
from ..games.core.game import AttackGame
from ..games.core.state import CoreState

__all__ = ["Endgame", "fits", "LimitReached"]

_apply = core_apply.apply
_moves = core_moves.moves
_PAYLOAD = (1 << core_moves.SHIFT) - 1


class LimitReached(Exception):
    """The search met more than ``limit`` positions (the callers say it in their words)."""


def fits(game: object) -> TypeGuard[AttackGame]:
    """Can the fast search take ``game``? A game the compiled core plays (``AttackGame``: the wide
    copy's 72-card games are another class, and any other family another engine), with the
    repetition draw on (R2.11: without it a position can come back for ever, and the reference
    search is the one that says so) and no house-rule part (R9) with slots of its own.
    Everything else goes to the reference search."""
    if not isinstance(game, AttackGame):
        return False
    c = game._s.core.cfg
    # R4 D's passes and R5's seats are slots of the state (st.extra) the table's key leaves out
    return (bool(game.rules.repetition_draw) and not c.parts and c.shape != "pair_only"
            and not c.teams)


class Endgame:
    """An exact search of one ending from the side of the seat to act at its root (``me``),
    sharing one table between every question asked of it (the root, then each first move).

    ``limit`` caps the positions the table holds; meeting one more raises ``LimitReached``."""

    def __init__(self, game: AttackGame, limit: int):
        st = game._s.core.copy()
        self.root: CoreState = st
        self.me = st.to_act
        self.limit = limit
        self.table: dict[tuple[object, ...], list[int]] = {}
        # R2.11: with two players, no transfer and the taker not keeping the turn, the attacker
        # stays while the pile is unchanged and his hand only shrinks, so no position counted
        # with this pile can come back: the counts decide nothing and stay out of the key
        self.counts_matter = st.cfg.transfer or st.cfg.keeps_turn
        # R3.4 (transfer_beat_only_new): the first ``settled`` pairs are out of reach, so there
        # the order of the table counts; elsewhere only which card lies on which
        self.ordered = st.cfg.only_new

    def root_moves(self) -> list[int]:
        return _moves(self.root)

    def child(self, move: int) -> CoreState:
        c = self.root.copy()
        _apply(c, move)
        return c

    def exact(self, st: CoreState) -> int:
        """The value of ``st`` for ``me`` with best play on both sides: two null-window
        questions (a win? else a draw?) cut more than one full window."""
        if self.value(st, 0, 1) >= 1:
            return 1
        return 0 if self.value(st, -1, 0) >= 0 else -1

    def at_least(self, st: CoreState, v: int) -> bool:
        """Is the value of ``st`` for ``me`` at least ``v``? (a null-window search)"""
        return v <= -1 or self.value(st, v - 1, v) >= v

    def _score(self, st: CoreState) -> int:
        end = st.end
        assert end is not None, "the game is not over"
        durak = end[0]
        return 0 if durak < 0 else (-1 if durak == self.me else 1)

    def _key(self, st: CoreState) -> tuple[object, ...]:
        seen: object = None
        if st.seen and self.counts_matter:
            pile = len(st.discard)
            seen = frozenset(item for item in st.seen.items() if item[0][3] == pile)
        if self.ordered:
            table: object = (tuple(st.ta), tuple(st.td))
        else:  # the order cards were laid in decides nothing: the pairs, sorted
            table = tuple(sorted(zip(st.ta, st.td)))
        return (tuple(st.hands), table, st.to_act, st.attacker,
                st.defender, st.opener, st.taking, st.run, st.n_attack, st.settled, st.shown,
                st.refused, st.opening, st.bout == 0, st.out, seen)

    def value(self, st: CoreState, alpha: int, beta: int,
              key: tuple[object, ...] | None = None) -> int:
        """Alpha–beta, fail-soft: the exact value where it lies strictly between ``alpha`` and
        ``beta``, else a bound on the far side of the window."""
        if st.to_act < 0:
            return self._score(st)
        if key is None:
            key = self._key(st)
        table = self.table
        entry = table.get(key)
        if entry is None:
            if len(table) >= self.limit:
                raise LimitReached(self.limit)
            entry = [-1, 1, -1]
            table[key] = entry
        lo, hi, first = entry
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a = a0 = alpha if alpha > lo else lo
        b = b0 = beta if beta < hi else hi
        ms = _moves(st)
        mine = st.to_act == self.me
        # every child and what the table knows of it: a known child may cut at once
        # (enhanced transposition cut-off), and known good children are tried first
        kids = []
        for i in _order(st, ms):
            c = st.copy()
            _apply(c, ms[i])
            if c.to_act < 0:
                v = self._score(c)
                bound = (v, v)
                ck = None
            else:
                ck = self._key(c)
                e = table.get(ck)
                bound = (-1, 1) if e is None else (e[0], e[1])
            if mine and bound[0] >= b or not mine and bound[1] <= a:
                entry[2] = i
                if mine:
                    entry[0] = bound[0]
                else:
                    entry[1] = bound[1]
                return bound[0] if mine else bound[1]
            kids.append((i == first, bound, i, c, ck))
        if mine:  # the last best first, then the highest floor, then the static order
            kids.sort(key=lambda k: (not k[0], -k[1][0], -k[1][1]))
        else:
            kids.sort(key=lambda k: (not k[0], k[1][1], k[1][0]))
        best = -2 if mine else 2
        best_i = -1
        for _, (klo, khi), i, c, ck in kids:
            if ck is None:
                v = klo
            elif mine and khi <= a or not mine and klo >= b:
                v = khi if mine else klo  # cannot beat what we have: its bound is enough
            else:
                v = self.value(c, a, b, ck)
            if mine:
                if v > best:
                    best, best_i = v, i
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best, best_i = v, i
                if v < b:
                    b = v
                    if a >= b:
                        break
        entry[2] = best_i
        if best <= a0:
            entry[1] = best  # an upper bound (at least lo: it was the window's floor)
        elif best >= b0:
            entry[0] = best  # a lower bound
        else:
            entry[0] = entry[1] = best
        return best


def _order(st: CoreState, ms: list[int]) -> list[int]:
    """The indices of ``ms`` in the order to try them: more cards shed first, trumps kept
    (a stable sort: ties stay in ``legal_actions()`` order)."""
    if len(ms) < 2:
        return list(range(len(ms)))
    trumps = st.cfg.trump_mask
    scores = []
    for m in ms:
        k = m >> core_moves.SHIFT
        if k == 2:  # BEAT: one card
            c = 1 << (m & 63)
            score = -8 + (4 if c & trumps else 0)
        elif k in (1, 3, 6):
            p = m & _PAYLOAD
            score = -8 * p.bit_count() + 4 * (p & trumps).bit_count()
        else:
            score = 0
        scores.append(score)
    return sorted(range(len(ms)), key=scores.__getitem__)
