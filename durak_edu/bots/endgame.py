"""A fast exact endgame search on the engine's integer core (issue 29, issue 24 §3b).

The same question as ``solve``'s reference search (``solve._Search``: every position of a
two-player ending with the talon empty, searched to the end), asked of the core's compact state
(``durak_edu.games.core``: ``moves``, ``apply``, ``CoreState.copy``) instead of
``Game.clone().play()``, with

* alpha–beta over the three values −1, 0, 1 (for the seat ``me``), so a null window
  (``lo, lo + 1``) asks "at least ``lo + 1``?" and most lines are cut;
* a transposition table of bounds (``[lower, upper, best move]``) keyed by everything that
  decides the future: both hands, the table as two masks (its cards, and the attack cards still
  unbeaten: which card lies on which decides nothing), the roles, who acts, who passed, whether
  it is the first bout (R2.6, R3.4), who is out, and the repetition counts that can still come
  back (R2.11: those with the present discard pile, as ``position_key`` keeps them);
* every child looked up before any is searched: one the table already knows to cut ends the
  node at once (an enhanced transposition cut-off), and the rest are tried by what the table
  knows of them — last time's best first, then the highest floor — else more cards shed
  first, trumps kept (on the benchmark's 12-card endings this halves the positions searched);
* the ranks closed up where a bout is to open (``_close_ranks``): ranks no card in play holds
  are taken out, so endings that differ only in what went to the discard pile share an entry
  (a sixth fewer positions on the 16-card endings);
* forced moves played through (``Endgame._forced``): a position with one legal move takes no
  entry (on ten 16-card deals a quarter fewer positions and less time where solved);
* the one-card game (``_order``): where R2.2's attack shape and throw-ins hold and nothing is
  transferred, the attacker lays one card at a time — a set laid at once is never better than
  the same cards one by one (of ten 16-card deals, 8 solved within 1,000,000 positions, not 6).

Where it does not pay to keep a repetition count in the key, it is left out: with two players,
no transfer and the taker not keeping the turn, no position counted with the present pile can
come back (R2.11). Where R3.4 makes the table's order count (``transfer_beat_only_new``, the
refusal) the key keeps the table's lists instead of its masks.

Tried on ten 16-card deals and left out (7 December 2026): a history heuristic (moves that
were best before tried first) searched 2 to 100 times more positions — the static order above
is right at 93 % of the nodes a side wins; cards the other hand cannot beat tried first won on
some deals and lost fivefold on others; without the transposition cut-off, 17 % more
positions and 28 % more time; this module compiled by Cython as it is, 12 % less time. The
proofs of those deals need 5,000 to well over 1,000,000 positions at about 100,000 a second.

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

from ..games.core import apply as core_apply, bits, moves as core_moves
from ..games.core.game import AttackGame
from ..games.core.state import CoreState

__all__ = ["Endgame", "Node", "fits", "LimitReached"]

_apply = core_apply.apply
_moves = core_moves.moves
_SHIFT = core_moves.SHIFT
_PAYLOAD = (1 << _SHIFT) - 1
_ATTACK, _BEAT, _TRANSFER, _THROW = (core_moves.ATTACK, core_moves.BEAT, core_moves.TRANSFER,
                                     core_moves.THROW)
_BEAT_SHIFT = bits.BEAT_SHIFT
_BEAT_LOW = (1 << _BEAT_SHIFT) - 1
_PASS_MOVE = core_moves.PASS << _SHIFT


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


#: A position of the search: the core's state, its table as two masks (every card on it, and
#: the attack cards still unbeaten), kept up move by move, so the key is read from a few
#: integers instead of the state's lists, and its legal moves where they were listed already
#: (``Endgame._forced``) (a plain tuple: the search makes hundreds of thousands)
Node = tuple[CoreState, int, int, list[int] | None]


class Endgame:
    """An exact search of one ending from the side of the seat to act at its root (``me``),
    sharing one table between every question asked of it (the root, then each first move).

    ``limit`` caps the positions the table holds; meeting one more raises ``LimitReached``."""

    def __init__(self, game: AttackGame, limit: int):
        st = game._s.core.copy()
        table = unbeaten = 0
        for a, d in zip(st.ta, st.td):
            table |= 1 << a
            if d >= 0:
                table |= 1 << d
            else:
                unbeaten |= 1 << a
        self.root: Node = (st, table, unbeaten, None)
        self.me = st.to_act
        self.limit = limit
        self.table: dict[tuple[object, ...], list[int]] = {}
        c = st.cfg
        # R2.11: with two players, no transfer and the taker not keeping the turn, the attacker
        # stays while the pile is unchanged and his hand only shrinks, so no position counted
        # with this pile can come back: the counts decide nothing and stay out of the key
        self.counts_matter = c.transfer or c.keeps_turn
        # R3.4 (transfer_beat_only_new): the first ``settled`` pairs are out of reach, so there
        # the order of the table counts, and a refusal (R3.4) reads the table's pairs: the key
        # keeps the table's lists; elsewhere its two masks say all that decides the future
        # (R4 B's partial take too: it asks only which attack cards are beaten)
        self.masks = not (c.only_new or c.refusal)
        # one card at a time: see ``_order``
        self.single = (c.shape == "rank" and c.throw_in != "none" and not c.transfer
                       and not c.partial_take)
        # ranks by their order only (``_close_ranks``): where the beating is R2.3's alone, in
        # the 36-card deck, and no repetition count (R2.11, whose positions are the real ones)
        # is kept
        r = c.beat_rules
        self.close = (self.masks and not self.counts_matter and r.size == 36
                      and not (r.spades_apart or r.queen_high or r.house or r.as_trump))

    def root_moves(self) -> list[int]:
        return _moves(self.root[0])

    def child(self, move: int) -> Node:
        return self._play(self.root, move)

    def _play(self, node: Node, move: int) -> Node:
        """The node after ``move``, its table's masks kept up; in a one-card game (``single``)
        a throw-in onto a taken bout is followed by the pass (see ``_order``), and a forced
        move by the next (``_forced``)."""
        st, table, unbeaten, _ = node
        c = st.copy()
        taking = st.taking
        _apply(c, move)
        if c.nt == 0:
            return self._forced((c, 0, 0, None))
        kind, m = move >> _SHIFT, move & _PAYLOAD
        if kind == _BEAT:
            a, d = m >> _BEAT_SHIFT, m & _BEAT_LOW
            table |= 1 << d
            unbeaten &= ~(1 << a)
        elif kind == _ATTACK or kind == _THROW or kind == _TRANSFER:
            table |= m
            unbeaten |= m
            if (kind == _THROW and taking and self.single and c.to_act == c.attacker
                    and c.taking):
                _apply(c, _PASS_MOVE)
                if c.nt == 0:
                    return self._forced((c, 0, 0, None))
        return self._forced((c, table, unbeaten, None))

    def _forced(self, node: Node) -> Node:
        """``node``, or where its player has one legal move only (a card he cannot beat: the
        take), the node after it, and so on: a forced move takes no entry of the table and no
        question of its own. The moves listed to find that out go with the node."""
        st = node[0]
        if st.to_act < 0:
            return node
        ms = _moves(st)
        if len(ms) == 1:
            return self._play(node, ms[0])
        return (st, node[1], node[2], ms)

    def exact(self, node: Node) -> int:
        """The value of ``node`` for ``me`` with best play on both sides: two null-window
        questions (a win? else a draw?) cut more than one full window."""
        if self.value(node, 0, 1) >= 1:
            return 1
        return 0 if self.value(node, -1, 0) >= 0 else -1

    def at_least(self, node: Node, v: int) -> bool:
        """Is the value of ``node`` for ``me`` at least ``v``? (a null-window search)"""
        return v <= -1 or self.value(node, v - 1, v) >= v

    def _score(self, st: CoreState) -> int:
        end = st.end
        assert end is not None, "the game is not over"
        durak = end[0]
        return 0 if durak < 0 else (-1 if durak == self.me else 1)

    def _key(self, node: Node) -> tuple[object, ...]:
        st = node[0]
        seen: object = None
        if st.seen and self.counts_matter:
            pile = len(st.discard)
            seen = frozenset(item for item in st.seen.items() if item[0][3] == pile)
        if self.masks:  # which cards lie on the table, and which still need beating
            hands = st.hands
            if self.close and not node[1]:  # a bout to open: the ranks closed up
                h0, h1 = _close_ranks(hands[0], hands[1])
                return (h0, h1, 0, 0, st.to_act | st.attacker << 4 | st.defender << 8
                        | st.opener << 12 | st.taking << 16 | st.opening << 17
                        | (st.bout == 0) << 18 | st.run << 20 | st.outm << 28 | st.shown << 36,
                        seen)
            return (hands[0], hands[1], node[1], node[2],
                    st.to_act | st.attacker << 4 | st.defender << 8 | st.opener << 12
                    | st.taking << 16 | st.opening << 17 | (st.bout == 0) << 18
                    | st.run << 20 | st.outm << 28 | st.shown << 36, seen)
        table = (tuple(st.ta), tuple(st.td))  # R3.4: the order counts
        return (tuple(st.hands), table, st.to_act, st.attacker,
                st.defender, st.opener, st.taking, st.run, st.n_attack, st.settled, st.shown,
                st.refused, st.opening, st.bout == 0, st.out, seen)

    def value(self, node: Node, alpha: int, beta: int,
              key: tuple[object, ...] | None = None) -> int:
        """Alpha–beta, fail-soft: the exact value where it lies strictly between ``alpha`` and
        ``beta``, else a bound on the far side of the window."""
        st = node[0]
        if st.to_act < 0:
            return self._score(st)
        if key is None:
            key = self._key(node)
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
        ms = node[3]
        if ms is None:
            ms = _moves(st)
        mine = st.to_act == self.me
        # every child and what the table knows of it: a known child may cut at once
        # (enhanced transposition cut-off), and known good children are tried first
        kids = []
        for i in _order(st, ms, self.single and not st.taking):
            c = self._play(node, ms[i])
            if c[0].to_act < 0:
                v = self._score(c[0])
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


def _order(st: CoreState, ms: list[int], single: bool) -> list[int]:
    """The indices of ``ms`` in the order to try them: more cards shed first, trumps kept
    (a stable sort: ties stay in ``legal_actions()`` order). With ``single``, the moves of the
    one-card game only: attacks and throw-ins of one card each.

    The one-card game is exact where the attack shape is R2.2's "rank", throw-ins are allowed
    and nothing is transferred (``Endgame.single``) and the bout is not being taken: laying a
    set of cards at once is never better for the attacker than laying them one by one, since
    each later card of the set may still be thrown (its rank is on the table, and the room,
    R2.6, falls by one for each card laid, as it does for the set), so he can lay the same set
    either way, and one by one he sees each answer first. For the same reason a throw-in onto
    a taken bout (R2.7) is followed by the pass (``Endgame._play``): a set thrown in several
    goes is one set thrown at once."""
    if len(ms) < 2:
        return list(range(len(ms)))
    trumps = st.cfg.trump_mask
    scores = []
    index = []
    for i, m in enumerate(ms):
        k = m >> _SHIFT
        if k == _BEAT:  # one card
            score = -8 + (4 if 1 << (m & _BEAT_LOW) & trumps else 0)
        elif k == _ATTACK or k == _TRANSFER or k == _THROW:
            p = m & _PAYLOAD
            n = p.bit_count()
            if single and n > 1 and k != _TRANSFER:
                continue
            score = -8 * n + 4 * (p & trumps).bit_count()
        else:
            score = 0
        scores.append(score)
        index.append(i)
    return [index[j] for j in sorted(range(len(index)), key=scores.__getitem__)]


_NIBBLE = bits.RANK
_RANK_SHIFT = bits.RANK_SHIFT
_N_RANKS = 13


_LOWS = sum(1 << (r << _RANK_SHIFT) for r in range(_N_RANKS))  # the lowest bit of each rank
_PLANS: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}


def _plan(ranks: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """For the ranks in play (``ranks``: a rank's lowest bit each), the cards that stay (the
    ranks below the first gap) and each rank to move: (from shift, to shift)."""
    moves = []
    j = 0
    keep = 0
    gap = False
    for r in range(_N_RANKS):
        sh = r << _RANK_SHIFT
        if ranks >> sh & 1:
            if gap:
                moves.append((sh, j))
            else:
                keep |= _NIBBLE << sh
            j += 1 << _RANK_SHIFT
        else:
            gap = True
    plan = _PLANS[ranks] = (keep, tuple(moves))
    return plan


def _close_ranks(h0: int, h1: int) -> tuple[int, int]:
    """Both hands with the ranks no card in play holds taken out and the ranks above moved
    down: a position and its closed-up copy are the same game (R2.3 compares the ranks of a
    suit, R2.4 asks whether two ranks are equal: only their order and equality count), so
    endings that differ only in which cards went to the discard pile share one entry."""
    p = h0 | h1
    p |= p >> 1
    p = (p | p >> 2) & _LOWS
    plan = _PLANS.get(p)
    if plan is None:
        plan = _plan(p)
    keep, moves = plan
    if not moves:
        return h0, h1
    out0, out1 = h0 & keep, h1 & keep
    for sh, j in moves:
        out0 |= (h0 >> sh & _NIBBLE) << j
        out1 |= (h1 >> sh & _NIBBLE) << j
    return out0, out1

