"""The exact ending search's hot loop on the core's state, compiled (issue 29).

``durak_edu.bots.endgame`` explains the search (alpha–beta over the three values, a
transposition table of bounds, enhanced transposition cut-offs, the one-card game, the ranks
closed up, forced moves played through); this module is its body, written as one source with
two lives like the core's hot modules: Cython compiles it with the C types of ``solver.pxd``
(no Python objects for the moves, masks, bounds and orders of a node: the positions it covers
per second are several times the plain search's), and where nothing is compiled, or with
``DURAK_EDU_PURE=1``, the same file runs as plain Python and gives the same values.

A node is a plain tuple ``(state, table, unbeaten)`` (``Node``): the core's state and its table
as two masks (every card on it, and the attack cards still unbeaten) kept up move by move.
The transposition table is a ``Table``: compiled, the keys closed up (``canonical``'s two
words) go to a C table (``cmemo.pxd``; as plain Python ``memo.py``'s dict), other keys to a
dict. A node's children are played on states the search reuses (``Search._reuse``).
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .. import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from .. import cython_shim as cython

if not cython.compiled:  # compiled: the C builtins of cbits.pxd and cmemo.pxd, inlined
    from .bits import lowest, popcount
    from .memo import memo_free, memo_get, memo_new, memo_put, memo_used
else:  # a compiled search must still stop on Ctrl-C (checked every 4,096 new positions)
    from cython.cimports.cpython.exc import PyErr_CheckSignals
from .apply import apply
from .bits import BEAT_SHIFT, RANK, SUIT
from .moves import ATTACK, BEAT, PASS, SHIFT, THROW, TRANSFER, count, moves, nth
from .state import CoreState

__all__ = ["Search", "Node", "LimitReached", "Table", "canonical", "order", "twins",
           "unbeatable"]

#: A position of the search: the core's state and its table as two masks (every card on it,
#: and the attack cards still unbeaten), kept up move by move, so the key is read from a few
#: integers instead of the state's lists (a plain tuple: the search makes hundreds of thousands)
Node = tuple[CoreState, int, int]

_SHIFT = SHIFT
_PAYLOAD = (1 << SHIFT) - 1
_K_ATTACK, _K_BEAT, _K_TRANSFER, _K_THROW, _K_PASS = ATTACK, BEAT, TRANSFER, THROW, PASS
_BEAT = BEAT_SHIFT
_BEAT_LOW = (1 << BEAT_SHIFT) - 1
_PASS_MOVE = PASS << SHIFT
_ONE = 1  # compiled: unsigned 64-bit, so a card's bit never overflows
_N_RANKS = 13
_SUIT = SUIT  # the cards of suit 0, one bit a rank (``<< t``: suit t's)
_ORDER = 16  # a sort key's low bits: the move's place (a node has fewer than 65,536 moves)
_LOW16 = (1 << _ORDER) - 1
_NIBBLE = RANK  # the four cards of rank 0 (``>> (card & ~3)``: a card's rank's)
_TRIPLETS = 0o111111111  # the low bit of each rank's three in a suit's codes (``_canon``)
_FRESH = 0 | 2 << 2  # a new entry: the bounds -1 and 1, no best move yet (``_entry``)


class LimitReached(Exception):
    """The search met more than ``limit`` positions (the callers say it in their words)."""


class Table:
    """The search's transposition table: a position's key to its entry (``_entry``). Where the
    key is ``canonical``'s two words (``find``'s ``key`` None: the ranks closed up), compiled,
    a C table (``cmemo.pxd``: no Python object per position, one cache line a look-up);
    any other key (a tuple, ``Search._key``) in a dict. ``len``: the positions it holds."""

    def __init__(self) -> None:
        self.keyed: dict[object, int] = {}
        self.words = memo_new()
        if cython.compiled and not self.words:
            raise MemoryError("no memory for the ending search's table")

    def __dealloc__(self) -> None:  # compiled: the C table's memory (plain Python: unused)
        memo_free(self.words)

    def __len__(self) -> int:
        return self.size()

    def size(self) -> int:
        return len(self.keyed) + memo_used(self.words)

    def find(self, key: object, hi: int, lo: int) -> int:
        """The entry of ``key`` (None: of the words ``hi``, ``lo``), -1: none yet."""
        if key is None:
            return memo_get(self.words, hi, lo)
        got: int | None = self.keyed.get(key)
        return -1 if got is None else got

    def keep(self, key: object, hi: int, lo: int, entry: int) -> None:
        """The entry of ``key`` (None: of the words ``hi``, ``lo``) set to ``entry``."""
        if key is not None:
            self.keyed[key] = entry
        elif memo_put(self.words, hi, lo, entry):
            raise MemoryError("no memory for the ending search's table")


class Search:
    """An exact search of one ending from the side of the seat to act at its root (``me``),
    sharing one table between every question asked of it (``bots.endgame.Endgame``'s body).

    ``limit`` caps the positions the table holds; meeting one more raises ``LimitReached``."""

    def __init__(self, state: CoreState, limit: int) -> None:
        st = cython.declare(CoreState, state.copy())
        table = unbeaten = 0
        for a, d in zip(st.ta, st.td):
            table |= _ONE << a
            if d >= 0:
                table |= _ONE << d
            else:
                unbeaten |= _ONE << a
        self.root: Node = (st, table, unbeaten)
        self.me: int = st.to_act
        self.limit: int = limit
        self.table: Table = Table()  # bounds and best move: ``_entry``
        self.pool: list[list[CoreState]] = []  # the states of the children (``_reuse``)
        c = st.cfg
        self.trumps: int = c.trump_mask
        # R2.11: with two players, no transfer and the taker not keeping the turn, the attacker
        # stays while the pile is unchanged and his hand only shrinks, so no position counted
        # with this pile can come back: the counts decide nothing and stay out of the key
        self.counts_matter: bool = c.transfer or c.keeps_turn
        # R3.4 (transfer_beat_only_new): the first ``settled`` pairs are out of reach, so there
        # the order of the table counts, and a refusal (R3.4) reads the table's pairs: the key
        # keeps the table's lists; elsewhere its two masks say all that decides the future
        # (R4 B's partial take too: it asks only which attack cards are beaten)
        self.masks: bool = not (c.only_new or c.refusal)
        # one card at a time: see ``order``
        self.single: bool = (c.shape == "rank" and c.throw_in != "none" and not c.transfer
                             and not c.partial_take)
        # ranks by their order only (``canonical``): where the beating is R2.3's alone, in
        # the 36-card deck, and no repetition count (R2.11, whose positions are the real ones)
        # is kept
        r = c.beat_rules
        self.close: bool = (self.masks and not self.counts_matter and r.size == 36
                            and not (r.spades_apart or r.queen_high or r.house or r.as_trump))
        # twin cards (``twins``): where the ranks are closed up, in the one-card game of two
        self.twins: bool = self.close and self.single and st.n == 2
        # the plain suits told apart by nothing but their cards (``canonical``): where the
        # ranks are closed up (R2.3 and R2.4 alone: no suit of its own, R6)
        self.suits: bool = self.close
        # the ranks in a canonical order (``canonical``: two ranks with no suit in common
        # swapped), and the seat to act as seat 0 (the table's bounds kept for the seat to act)
        self.ranks: bool = self.close
        self.seats: bool = self.close
        # a bout to open (or a taken one, R2.7: he passes) whose attacker holds only cards the
        # defender (with the table's cards, if taken) cannot beat is the attacker's win
        # (``unbeatable``): where the one-card game of two holds with R2.3's beating alone
        self.verdicts: bool = self.twins
        self.trump_suit: int = lowest(self.trumps) & 3 if self.trumps else -1

    def root_moves(self) -> list[int]:
        return moves(self.root[0])

    def child(self, move: int) -> Node:
        return self._play(self.root, move)

    def repeats(self) -> list[int]:
        """For each root move (``root_moves``' order), the index of the root move whose value
        it has for sure: its own, or its twin's (``twins``: a card laid, thrown or beaten with
        whose twin below it does the same), so a caller asks one question for both."""
        st = cython.declare(CoreState, self.root[0])
        ms = moves(st)
        out = list(range(len(ms)))
        if not self.twins or st.to_act < 0:
            return out
        h: int = _hand(st, st.to_act)
        table: int = self.root[1]
        skip: int = twins(h, _hand(st, 1 - st.to_act), table)
        if not skip:
            return out
        index = {m: i for i, m in enumerate(ms)}
        inplay: int = h | _hand(st, 1 - st.to_act) | table
        for i, m in enumerate(ms):
            kind = m >> _SHIFT
            card = -1
            if kind == _K_BEAT:
                card = m & _BEAT_LOW
            elif (kind == _K_ATTACK or kind == _K_THROW) and popcount(m & _PAYLOAD) == 1:
                card = lowest(m & _PAYLOAD)
            j = i
            while card >= 0 and _ONE << card & skip:  # down the chain to its lowest card
                below = inplay & (_SUIT << (card & 3)) & ((_ONE << card) - 1)
                twin = below.bit_length() - 1  # the card below it in play: its twin
                m = (m & ~(_ONE << card) | _ONE << twin) if kind != _K_BEAT else (
                    m & ~_BEAT_LOW | twin)
                j = index[m]
                card = twin
            out[i] = j
        return out

    def exact(self, node: Node) -> int:
        """The value of ``node`` for ``me`` with best play on both sides: two null-window
        questions (a win? else a draw?) cut more than one full window."""
        collect = gc.isenabled()
        gc.disable()  # the search makes no cycles: the collector would only walk the table
        try:
            if self._value(node, 0, 1, None, 0) >= 1:
                return 1
            return 0 if self._value(node, -1, 0, None, 0) >= 0 else -1
        finally:
            if collect:
                gc.enable()

    def at_least(self, node: Node, v: int) -> bool:
        """Is the value of ``node`` for ``me`` at least ``v``? (a null-window search)"""
        if v <= -1:
            return True
        collect = gc.isenabled()
        gc.disable()  # (as in ``exact``)
        try:
            return self._value(node, v - 1, v, None, 0) >= v
        finally:
            if collect:
                gc.enable()

    def value(self, node: Node, alpha: int, beta: int,
              key: object = None) -> int:
        """Alpha–beta, fail-soft: the exact value where it lies strictly between ``alpha`` and
        ``beta``, else a bound on the far side of the window."""
        collect = gc.isenabled()
        gc.disable()  # (as in ``exact``)
        try:
            return self._value(node, alpha, beta, key, 0)
        finally:
            if collect:
                gc.enable()

    def _play(self, node: Node,
              move: int) -> Node:
        """The node after ``move`` (``_advance`` on a copy of ``node``'s state)."""
        st: CoreState = node[0]
        return self._advance(st.copy(), node[1], node[2], move)

    def _reuse(self, node: Node, move: int, depth: int, j: int) -> Node:
        """``_play`` on the ``j``-th state of the row of ``depth`` (``pool``): the children of
        a node at ``depth`` (``_value``'s) live no longer than its search, so each depth has a
        row of states the search copies into (``CoreState.copy_into``) instead of making a
        state a child."""
        pool = self.pool
        while len(pool) <= depth:
            pool.append([])
        row: list[CoreState] = pool[depth]
        while len(row) <= j:
            row.append(self.root[0].copy())
        c: CoreState = row[j]
        st: CoreState = node[0]
        st.copy_into(c)
        return self._advance(c, node[1], node[2], move)

    def _advance(self, c: CoreState, table: int, unbeaten: int, move: int) -> Node:
        """``move`` played on ``c`` (a copy no node holds yet), the table's masks ``table``
        and ``unbeaten`` kept up; in a one-card game (``single``) a throw-in onto a taken bout
        is followed by the pass (see ``order``); then, while the player to act has one legal
        move only (a card he cannot beat: the take), that move, on the same copy: a forced
        move takes no entry of the table and no question of its own (its moves are counted
        here, listed only where it is searched)."""
        while True:
            taking = c.taking
            apply(c, move)
            if c.seen and not self.counts_matter:
                c.seen.clear()  # R2.11's counts: never 2 here (``counts_matter``): none copied
            if c.nt == 0:
                table = unbeaten = 0
            else:
                kind, m = move >> _SHIFT, move & _PAYLOAD
                if kind == _K_BEAT:
                    table |= _ONE << (m & _BEAT_LOW)
                    unbeaten &= ~(_ONE << (m >> _BEAT))
                elif kind == _K_ATTACK or kind == _K_THROW or kind == _K_TRANSFER:
                    table |= m
                    unbeaten |= m
                    if (kind == _K_THROW and taking and self.single and c.to_act == c.attacker
                            and c.taking):
                        apply(c, _PASS_MOVE)
                        if c.nt == 0:
                            table = unbeaten = 0
            if c.to_act < 0 or count(c) != 1:
                return (c, table, unbeaten)
            move = nth(c, 0)

    def _score(self, st: CoreState) -> int:
        end = st.end
        assert end is not None, "the game is not over"
        durak: int = end[0]
        return 0 if durak < 0 else (-1 if durak == self.me else 1)

    def _key(self, node: Node) -> object:
        st: CoreState = node[0]
        seen: object = None
        if st.seen and self.counts_matter:
            pile = len(st.discard)
            seen = frozenset(item for item in st.seen.items() if item[0][3] == pile)
        if self.masks:  # which cards lie on the table, and which still need beating
            h0: int = _hand(st, 0)
            h1: int = _hand(st, 1)
            table: int = node[1]
            flags: int = (st.to_act | st.attacker << 4 | st.defender << 8 | st.opener << 12
                          | st.taking << 16 | st.opening << 17 | (st.bout == 0) << 18
                          | st.run << 20 | st.outm << 28)
            return (h0, h1, table, node[2], flags, st.shown, seen)
        # R3.4: the order counts
        table_lists = (tuple(st.ta), tuple(st.td))
        return (tuple(st.hands), table_lists, st.to_act, st.attacker,
                st.defender, st.opener, st.taking, st.run, st.n_attack, st.settled, st.shown,
                st.refused, st.opening, st.bout == 0, st.out, seen)

    def key(self, node: Node) -> object:
        """The table's key of ``node`` as the search makes it (where the ranks are closed up,
        ``canonical``'s integer: ``_words``), so two positions share an entry exactly where
        their keys are equal (for tests: the search itself keeps the words apart)."""
        if self.close:
            hi, lo = self._words(node)
            high: int = hi
            return high << 64 | lo
        return self._key(node)

    def _words(self, node: Node) -> tuple[int, int]:
        """The key of ``node`` where the ranks are closed up (``close``): ``canonical``'s two
        words (compiled, a C pair: no Python object), the plain suits in order (two seats)."""
        st: CoreState = node[0]
        flags: int = (st.to_act | st.attacker << 1 | st.defender << 2 | st.opener << 3
                      | st.taking << 4 | st.opening << 5 | (st.bout == 0) << 6
                      | st.run << 7 | st.outm << 9)
        return _canon(_hand(st, 0), _hand(st, 1), node[1], node[2], self.trump_suit,
                      self.suits, flags, self.ranks, self.seats)

    def _value(self, node: Node, alpha: int, beta: int,
               key: object, depth: int) -> int:
        """``value``'s body (a C method compiled: no look-up per call). ``key``: the node's
        (``_key``), None: not made yet, or the ranks closed up (``_words``, made here);
        ``depth``: the node's below the question's (its children's row of ``pool``)."""
        st: CoreState = node[0]
        if st.to_act < 0:
            return self._score(st)
        if (self.verdicts and st.to_act == st.attacker and (st.nt == 0 or st.taking)
                and unbeatable(_hand(st, st.attacker), _hand(st, st.defender) | node[1],
                               self.trumps)):
            return 1 if st.attacker == self.me else -1  # no entry: the test is cheaper
        kh: int = 0
        kl: int = 0
        if self.close:
            kh, kl = self._words(node)
        elif key is None:
            key = self._key(node)
        table = self.table
        entry: int = table.find(key, kh, kl)
        if entry < 0:
            size: int = table.size()
            if size >= self.limit:
                raise LimitReached(self.limit)
            if cython.compiled and not size & 4095:
                PyErr_CheckSignals()  # raises KeyboardInterrupt here, not after the search
            entry = _FRESH
            table.keep(key, kh, kl, entry)
        mine: bool = st.to_act == self.me
        lo: int = (entry & 3) - 1
        hi: int = (entry >> 2 & 3) - 1
        if not mine:  # the entry's bounds are for the seat to act (``_entry``)
            lo, hi = -hi, -lo
        first: int = (entry >> 4) - 1
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a: int = alpha if alpha > lo else lo
        b: int = beta if beta < hi else hi
        a0, b0 = a, b
        ms = moves(st)
        skip: int = 0  # the cards whose moves repeat a twin's (``twins``)
        if self.twins:
            skip = twins(_hand(st, st.to_act), _hand(st, 1 - st.to_act), node[1])
        tried: list[int] = []
        other: int = 0
        own: int = 0
        breaks: bool = st.n == 2 and not self.counts_matter  # ``order``'s tie-breaks
        # (where cards go to and fro, R2.7 and R2.11, they lengthened the lines to the third
        # repetition: a 6-card ending of podkidnoy with the taker keeping the turn passed
        # 100,000 positions instead of a few thousand)
        if breaks:
            other, own = _hand(st, 1 - st.to_act), _hand(st, st.to_act)
        for i in order(ms, self.single and not st.taking, self.trumps, breaks, other, own):
            m: int = ms[i]
            if skip:
                kind = m >> _SHIFT
                if kind == _K_BEAT:
                    if _ONE << (m & _BEAT_LOW) & skip:
                        continue
                elif ((kind == _K_ATTACK or kind == _K_THROW) and m & skip
                      and popcount(m & _PAYLOAD) == 1):
                    continue
            tried.append(i)
        best: int = -2 if mine else 2
        best_i: int = -1
        if first >= 0 and first in tried:
            # last time's best first, before any other child is made: it mostly cuts again
            c = self._reuse(node, ms[first], depth, 0)
            cst: CoreState = c[0]
            v = self._score(cst) if cst.to_act < 0 else self._value(c, a, b, None, depth + 1)
            best, best_i = v, first
            if mine and v > a:
                a = v
            elif not mine and v < b:
                b = v
            if a >= b:
                return self._keep(key, kh, kl, best, best_i, a0, b0, lo, hi, mine)
        return self._others(node, ms, tried, key, kh, kl, a, b, a0, b0, lo, hi, best, best_i,
                            depth)

    def _others(self, node: Node, ms: list[int], tried: list[int], key: object, kh: int,
                kl: int, a: int, b: int, a0: int, b0: int, lo: int, hi: int, best: int,
                best_i: int, depth: int) -> int:
        """``_value`` after last time's best move (``best_i``, or -1): every other child of
        ``tried`` (indices of ``ms``) and what the table knows of it: a known child may cut at
        once (an enhanced transposition cut-off), and known good children are tried first.
        The node's key is ``key``, or the words ``kh``, ``kl`` (``_words``: ``key`` None)."""
        table = self.table
        mine: bool = node[0].to_act == self.me
        kids: list[Node] = []
        keys: list[object] = []  # (not where the key is ``_words``: made again)
        close: bool = self.close
        # one int a child: its rank by bounds, its place ``j`` in ``kids`` (the static order),
        # its bounds and its index in ``ms``, so sorting them sorts by rank, then ``j``
        sort: list[int] = []
        for i in tried:
            if i == best_i:
                continue
            c = self._reuse(node, ms[i], depth, len(kids))
            cst = c[0]
            ck: object = None  # the child's key (``_words``: made again if it is searched)
            if cst.to_act < 0:
                klo = khi = self._score(cst)
            else:
                ch: int = 0
                cl: int = 0
                if self.close:
                    ch, cl = self._words(c)
                else:
                    ck = self._key(c)
                e: int = table.find(ck, ch, cl)
                if e < 0:
                    klo, khi = -1, 1
                else:
                    klo, khi = (e & 3) - 1, (e >> 2 & 3) - 1
                    if cst.to_act != self.me:  # (the seat to act's bounds: ``_entry``)
                        klo, khi = -khi, -klo
            if mine and klo >= b:
                table.keep(key, kh, kl, _entry(klo, hi, i, mine))
                return klo
            if not mine and khi <= a:
                table.keep(key, kh, kl, _entry(lo, khi, i, mine))
                return khi
            j = len(kids)
            # the highest floor first (mine) or the lowest ceiling (not mine), then the static
            # order (``j``)
            if mine:
                rank = (1 - klo) << 2 | (1 - khi)
            else:
                rank = (khi + 1) << 2 | (klo + 1)
            sort.append(((rank << _ORDER | j) << 4 | (klo + 1) << 2 | (khi + 1)) << _ORDER | i)
            kids.append(c)
            if not close:
                keys.append(ck)
        sort.sort()
        for s in sort:
            i = s & _LOW16
            klo = (s >> (_ORDER + 2) & 3) - 1
            khi = (s >> _ORDER & 3) - 1
            j = s >> (_ORDER + 4) & _LOW16
            ck = None if close else keys[j]
            if klo == khi:  # the game's end, or a value the table knows exactly
                v = klo
            elif mine and khi <= a:
                v = khi  # cannot beat what we have: its bound is enough
            elif not mine and klo >= b:
                v = klo
            else:
                v = self._value(kids[j], a, b, ck, depth + 1)
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
        return self._keep(key, kh, kl, best, best_i, a0, b0, lo, hi, mine)

    def _keep(self, key: object, kh: int, kl: int, best: int, best_i: int, a0: int, b0: int,
              lo: int, hi: int, mine: bool) -> int:
        """Store what a search of the node ``key`` (or ``kh``, ``kl``: ``_others``) (window ``a0``–``b0`` within the bounds
        ``lo``–``hi`` it had) found: ``best`` is exact inside the window, else a bound on the
        side it fell; ``best_i`` the move that gave it (``mine``: the node's mover is ``me``).
        Returns ``best``."""
        if best <= a0:
            hi = best  # an upper bound (at least lo: it was the window's floor)
        elif best >= b0:
            lo = best  # a lower bound
        else:
            lo = hi = best
        self.table.keep(key, kh, kl, _entry(lo, hi, best_i, mine))
        return best


def _hand(st: CoreState, seat: int) -> int:
    """``seat``'s hand: compiled, straight from the state's C array; as plain Python through
    ``hands``, which also reads a compiled state (a build where the core is compiled and this
    module is not: plain Python cannot see the C arrays)."""
    if cython.compiled:
        return st.hm[seat]
    return st.hands[seat]


def _entry(lo: int, hi: int, best: int, mine: bool) -> int:
    """A table entry as one integer (no list for the collector to walk): the bounds ``lo``
    and ``hi`` of the value (-1 to 1) for ``me`` and the index of the best move found (-1:
    none). The bounds are kept for the seat to act: as they are where he is ``me``
    (``mine``), else turned round, so a position and the same with the seats swapped (the
    key's ``seats``: ``_canon``) share an entry; the best move is the same move of either
    (the mover's hand and the table are the same)."""
    if not mine:
        lo, hi = -hi, -lo
    return (lo + 1) | (hi + 1) << 2 | (best + 1) << 4


def order(ms: list[int], single: bool, trumps: int, breaks: bool = False, other: int = 0,
          own: int = 0) -> list[int]:
    """The indices of ``ms`` in the order to try them: more cards shed first, trumps kept
    (a stable sort: ties stay in ``legal_actions()`` order). With ``breaks``, among cards
    alike (plain or trump) a beat with a card whose rank the other hand (``other``) holds none
    of, so he can throw nothing in on it (R2.4), and a card laid or thrown in alone whose rank
    the mover's hand (``own``) holds no other card of, before the rest, and the pass before
    a trump is thrown in (on 16-card deals 45 % fewer positions; a card with company first,
    or the pass before any throw-in, searched 2 to 20 times more). With ``single``, the moves
    of the one-card game only: attacks and throw-ins of one card each.

    The one-card game is exact where the attack shape is R2.2's "rank", throw-ins are allowed
    and nothing is transferred (``Search.single``) and the bout is not being taken: laying a
    set of cards at once is never better for the attacker than laying them one by one, since
    each later card of the set may still be thrown (its rank is on the table, and the room,
    R2.6, falls by one for each card laid, as it does for the set), so he can lay the same set
    either way, and one by one he sees each answer first. For the same reason a throw-in onto
    a taken bout (R2.7) is followed by the pass (``Search._play``): a set thrown in several
    goes is one set thrown at once."""
    n = len(ms)
    if n < 2:
        return list(range(n))
    keys: list[int] = []
    for i in range(n):
        m: int = ms[i]
        k = m >> _SHIFT
        if k == _K_BEAT:  # one card: the score -8, or -4 for a trump
            d: int = m & _BEAT_LOW
            score = 56 if _ONE << d & trumps else 52
            if breaks and other >> (d & ~3) & _NIBBLE:
                score += 2  # a rank the attacker (``other``) can throw in: after the rest
        elif k == _K_ATTACK or k == _K_TRANSFER or k == _K_THROW:
            p: int = m & _PAYLOAD
            cards = popcount(p)
            if single and cards > 1 and k != _K_TRANSFER:
                continue
            score = 60 - 8 * cards + 4 * popcount(p & trumps)  # at most 8 cards in a set
            if breaks and cards == 1 and k != _K_TRANSFER:
                c1: int = lowest(p)
                if own >> (c1 & ~3) & _NIBBLE & ~(1 << (c1 & 3)):
                    score += 1  # another card of its rank in the hand: after the lone ranks
        elif breaks and k == _K_PASS:
            score = 55  # after the plain throw-ins, before the trumps
        else:
            score = 60
        keys.append(score << _ORDER | i)
    keys.sort()
    return [k & _LOW16 for k in keys]


def unbeatable(attacker: int, defender: int, trumps: int) -> bool:
    """Can no card of the hand ``defender`` beat any card of the hand ``attacker`` (R2.3: a
    higher card of its suit, or any trump on a plain card; ``trumps`` the trump suit's cards)?

    Then, at a bout to open, the attacker wins (``Search.verdicts``): he leads his cards one
    at a time, the plain ones first and each suit upwards, the trumps last and upwards; each
    is one the defender cannot beat, so he takes it (R2.7: the only move left to him; the
    attacker throws in nothing and passes) and, with two players, the attacker opens the next
    bout too (the taker does not keep the turn). What the defender took cannot beat what is
    still to come either: a plain card only its suit's lower ones, led before it, and a trump
    is taken only once the plain cards are gone, each lower than the trumps after it. The
    attacker's last card leaves him out with the defender holding cards: the durak. At a bout
    the defender is taking, the attacker passes and so opens the next one against the
    defender's hand and the table's cards (on the 16-card deals of ``benchmarks/coach.py``,
    4 to 5 % fewer positions)."""
    if attacker & ~trumps and defender & trumps:
        return False  # a trump beats any plain card
    for u in range(4):
        a: int = attacker & (_SUIT << u)
        if a and defender & (_SUIT << u) & ~(((a & (~a + 1)) << 1) - 1):
            return False  # a card of its suit above the attacker's lowest one
    return True


def twins(h: int, other: int, table: int) -> int:
    """The cards of hand ``h`` (the mover's, ``other`` the other hand's, ``table`` the cards
    on the table) whose one-card moves repeat a twin's: a card ``c`` of ``h`` and the next card
    in play above it in its suit, ``c2``, also in ``h``, where swapping their two ranks
    everywhere changes nothing — in every other suit the cards of the two ranks are both out
    of play, or both in one hand with no card in play of that suit between them, and none of
    either rank lies on the table. Then the swap maps the position to itself and ``c`` to
    ``c2``: R2.3 compares cards of a suit (nothing in play lies between the swapped ones),
    R2.4 asks whether ranks are equal (the swap keeps equality), so laying or beating with
    ``c2`` leads to the image of the position after ``c``, of the same value. Each such
    ``c2`` is in the mask returned; along a chain (``c``, ``c2``, ``c3``) every card but the
    lowest. Only where the ranks may be closed up (``Search.close``: R2.3's beating alone)."""
    inplay: int = h | other | table
    skip: int = 0
    rest: int = h
    while rest:
        low: int = rest & (~rest + 1)
        rest ^= low
        c: int = lowest(low)
        t: int = c & 3
        above: int = inplay & (_SUIT << t) & ~((low << 1) - 1)
        if not above:
            continue
        nxt: int = above & (~above + 1)
        if not nxt & h:
            continue
        r: int = c >> 2
        r2: int = lowest(nxt) >> 2
        between: int = ((_ONE << (r2 << 2)) - 1) & ~((_ONE << ((r + 1) << 2)) - 1)
        ok = True
        for u in range(4):
            if u == t:
                continue
            both: int = _ONE << (r << 2 | u) | _ONE << (r2 << 2 | u)
            if not inplay & both:
                continue
            if (both & table or (h & both != both and other & both != both)
                    or inplay & (_SUIT << u) & between):
                ok = False
                break
        if ok:
            skip |= nxt
    return skip


def canonical(h0: int, h1: int, table: int, unbeaten: int, trump: int, suits: bool,
              flags: int, ranks: bool = True, seats: bool = True) -> int:
    """The table's key of a position where the ranks may be closed up (``_canon``: what it
    keeps and why), its two words as one integer."""
    hi, lo = _canon(h0, h1, table, unbeaten, trump, suits, flags, ranks, seats)
    high: int = hi  # compiled: a Python int (``solver.pxd``), so the shift does not overflow
    return high << 64 | lo


def _canon(h0: int, h1: int, table: int, unbeaten: int, trump: int, suits: bool,
           flags: int, ranks: bool, seats: bool) -> tuple[int, int]:
    """The table's key of a position of two seats where the ranks may be closed up
    (``Search.close``: a 36-card deck, so at most nine ranks in play), two 64-bit words.

    Each suit is three bits a rank (the card in hand 0, in hand 1, on the table beaten or
    unbeaten), with the ranks no card in play holds taken out: R2.3 compares the ranks of a
    suit, R2.4 asks whether two ranks (the table's among them) are equal, so only their order
    and equality count, and a card in the discard pile never comes back: endings that differ
    only in which cards went to the pile share an entry. The trump suit (``trump``, -1: none)
    comes first; with ``suits`` the plain suits are sorted: no rule tells two plain suits
    apart (R2.3 asks only whether two cards share a suit or one is a trump), so endings that
    differ by a permutation of the plain suits share an entry (with the ranks closed
    mid-bout too, 8 % fewer positions on 16-card deals). With ``ranks`` the ranks are put in
    a canonical order too (``_rank_order``: two ranks with no suit in common can be swapped),
    the plain suits then sorted first by their own cards' codes, which no such swap changes.
    With ``seats`` the seat to act is always seat 0: the hands swapped with the roles (the
    search keeps each entry's bounds for the seat to act, so they hold for either).
    Last come the 11 bits of ``flags`` (roles, who acts, passes: ``Search._words``)."""
    if seats and flags & 1:  # seat 1 to act: hands, roles, passes and who is out swapped
        h0, h1 = h1, h0
        run: int = flags >> 7 & 3
        out: int = flags >> 9 & 3
        flags = ((flags ^ 15) & 127 | ((run >> 1) | (run & 1) << 1) << 7
                 | ((out >> 1) | (out & 1) << 1) << 9)
    # each card's code (0 out of play, 1 hand 0, 2 hand 1, 3 beaten on the table, 4 unbeaten)
    # as three bits, one mask a bit; the ranks in play, one bit a rank (at its suit-0 place)
    beaten: int = table & ~unbeaten
    x0: int = h0 | beaten
    x1: int = h1 | beaten
    inplay: int = h0 | h1 | table
    left: int = inplay | inplay >> 1
    left = (left | left >> 2) & _SUIT
    s0: int = 0  # each suit's codes, three bits a rank in play, lowest rank first
    s1: int = 0
    s2: int = 0
    s3: int = 0
    j: int = 0
    while left:
        low: int = left & (~left + 1)
        left ^= low
        sh: int = lowest(low)
        y: int = (x0 >> sh & 15) | (x1 >> sh & 15) << 4 | (unbeaten >> sh & 15) << 8
        s0 |= ((y & 1) | (y >> 3 & 2) | (y >> 6 & 4)) << j
        s1 |= ((y >> 1 & 1) | (y >> 4 & 2) | (y >> 7 & 4)) << j
        s2 |= ((y >> 2 & 1) | (y >> 5 & 2) | (y >> 8 & 4)) << j
        s3 |= ((y >> 3 & 1) | (y >> 6 & 2) | (y >> 9 & 4)) << j
        j += 3
    # the trump suit first, the plain suits in suit order with the fourth in the trump's place
    # (no trump: the fourth first, the other three sorted)
    t: int = s3
    a: int = s0
    b: int = s1
    c: int = s2
    if trump == 0:
        t, a = s0, s3
    elif trump == 1:
        t, b = s1, s3
    elif trump == 2:
        t, c = s2, s3
    ab: bool = False  # (with ``ranks``: two plain suits whose own codes tie)
    bc: bool = False
    if suits:
        ka: int = a
        kb: int = b
        kc: int = c
        if ranks:  # first by the suit's own codes, lowest card first (no rank swap moves them)
            ka |= _packed(a) << 27
            kb |= _packed(b) << 27
            kc |= _packed(c) << 27
        if ka > kb:
            a, b, ka, kb = b, a, kb, ka
        if kb > kc:
            b, c, kb, kc = c, b, kc, kb
        if ka > kb:
            a, b, ka, kb = b, a, kb, ka
        if ranks:
            ab = ka >> 27 == kb >> 27
            bc = kb >> 27 == kc >> 27
    if ab or bc:
        t, a, b, c = _least_order(t, a, b, c, ab, bc)
    elif ranks:
        t, a, b, c = _rank_order(t, a, b, c)
    # two 64-bit words: at most nine ranks in play, 27 bits a suit
    return (t << 27 | a) << 1 | flags >> 10, (b << 27 | c) << 10 | (flags & 1023)


def _packed(s: int) -> int:
    """A suit's codes (``_canon``: three bits a rank) with the ranks it has no card of left
    out: its cards' codes alone, lowest card first, which reordering the ranks keeps."""
    q: int = 0
    m: int = (s | s >> 1 | s >> 2) & _TRIPLETS  # its ranks: the low bit of each code
    while m:
        low: int = m & (~m + 1)
        m ^= low
        q = q << 3 | (s >> lowest(low) & 7)
    return q


def _least_order(t: int, a: int, b: int, c: int, ab: bool, bc: bool
                 ) -> tuple[int, int, int, int]:
    """``_rank_order``'s least result over the orders of the plain suits whose own codes tie
    (``ab``: ``a`` and ``b``, ``bc``: ``b`` and ``c``; ``_canon`` sorted them by those): the
    suits' order is then the ranks' to settle, so every order of the tied suits is tried, and
    the least keeps the key one for every reordering of the suits and ranks alike."""
    t0, a0, b0, c0 = _rank_order(t, a, b, c)
    n: int = 6 if ab and bc else 2
    x: int = a
    y: int = b
    z: int = c
    i: int = 1
    while i < n:  # (all three tie: every order, one swap each: acb, cab, cba, bca, bac)
        if bc and (i & 1 or not ab):
            y, z = z, y
        else:
            x, y = y, x
        t1, a1, b1, c1 = _rank_order(t, x, y, z)
        if (t1 < t0 or t1 == t0 and (a1 < a0 or a1 == a0 and (b1 < b0 or b1 == b0
                                                                and c1 < c0))):
            t0, a0, b0, c0 = t1, a1, b1, c1
        i += 1
    return t0, a0, b0, c0


def _rank_order(t: int, a: int, b: int, c: int) -> tuple[int, int, int, int]:
    """The four suits' codes (``_canon``: three bits a rank) with the ranks put in a
    canonical order: two positions get the same codes exactly where one is the other with
    its ranks reordered, each suit keeping its cards' order.

    That order is all R2.3 and R2.4 ask: a card beats a lower one of its suit (or is a trump),
    and cards are thrown in by equal rank, so two ranks with no suit in common (no card of the
    one in a suit of the other) may be swapped. The ranks that may come next (each the lowest
    left in every suit it has a card of: no two share a suit, so their columns differ) are
    compared by their column (the four suits' codes, the trump's first) and the least is
    taken: the least sequence of columns of every order the suits allow, whichever of those
    orders the position came in."""
    # each suit's ranks, and all of them: the low bit of each rank's three
    mt: int = (t | t >> 1 | t >> 2) & _TRIPLETS
    ma: int = (a | a >> 1 | a >> 2) & _TRIPLETS
    mb: int = (b | b >> 1 | b >> 2) & _TRIPLETS
    mc: int = (c | c >> 1 | c >> 2) & _TRIPLETS
    left: int = mt | ma | mb | mc
    if (mt & mt >> 3 | ma & ma >> 3 | mb & mb >> 3 | mc & mc >> 3) == left >> 3:
        return t, a, b, c  # each rank shares a suit with the next: one order only
    ot: int = 0
    oa: int = 0
    ob: int = 0
    oc: int = 0
    j: int = 0
    while left:
        # a rank may come next unless a lower one left shares a suit with it
        x: int = mt & left
        held: int = x & (x - 1)
        x = ma & left
        held |= x & (x - 1)
        x = mb & left
        held |= x & (x - 1)
        x = mc & left
        held |= x & (x - 1)
        free: int = left & ~held
        low: int = free & (~free + 1)
        sh: int = lowest(low)
        best: int = (t >> sh & 7) << 9 | (a >> sh & 7) << 6 | (b >> sh & 7) << 3 | (c >> sh & 7)
        pick: int = low
        free ^= low
        while free:
            low = free & (~free + 1)
            free ^= low
            sh = lowest(low)
            col: int = (t >> sh & 7) << 9 | (a >> sh & 7) << 6 | (b >> sh & 7) << 3 | (c >> sh & 7)
            if col < best:
                best, pick = col, low
        left ^= pick
        ot |= (best >> 9) << j
        oa |= (best >> 6 & 7) << j
        ob |= (best >> 3 & 7) << j
        oc |= (best & 7) << j
        j += 3
    return ot, oa, ob, oc
