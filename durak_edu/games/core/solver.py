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
dict. A node's children are played on states the search reuses (``Search._row``), and its
moves, order and children are words of the search's scratch (``cscratch.pxd``; ``scratch.py``).
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
    from .memo import memo_fetch, memo_free, memo_get, memo_new, memo_put, memo_used
    from .scratch import scratch_free, scratch_grow, scratch_new, scratch_sort
    from .solver_key import key_words
else:  # a compiled search must still stop on Ctrl-C (checked every 4,096 new positions)
    from cython.cimports.cpython.exc import PyErr_CheckSignals
from .apply import apply
from .bits import BEAT_SHIFT, RANK, SUIT
from .moves import (ATTACK, BEAT, PASS, SHIFT, THROW, TRANSFER, Menu, count_menu, menu, moves,
                    nth_of_menu)
from .solver_key import canonical
from .state import CoreState

__all__ = ["Search", "Node", "LimitReached", "Table", "table_slots", "canonical", "order", "twins",
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
_FRESH = 0 | 2 << 2  # a new entry: the bounds -1 and 1, no best move yet (``_entry``)
_NO_CUT = 9  # ``Search._known``: the child does not cut (a value is -1 to 1)


class LimitReached(Exception):
    """The search met more than ``limit`` positions (the callers say it in their words)."""


def table_slots(cards: int, limit: int) -> int:
    """The table's first size for an ending of ``cards`` cards (hands and table) searched
    within ``limit`` positions: about ``2 ** (2 * cards - 11)``, the most positions endings of
    that size were seen to need (``benchmarks/coach.py``: 12 cards at most about 15,000, 16
    cards up to 2 million), never more than ``limit`` positions fill at 70 %, and at most
    2,097,152 slots (48 MB; a bigger search doubles its way up). Starting big spares the big
    searches the table's doublings (each rehashes every entry into fresh memory), and small
    ones stay at the C table's least, 65,536 slots (1.5 MB).

    >>> table_slots(16, 1_000_000), table_slots(16, 60_000), table_slots(12, 1_000_000)
    (2097152, 131072, 65536)
    >>> table_slots(36, 10 ** 9)
    2097152
    """
    want = 1 << min(21, max(0, 2 * cards - 11))
    fits = 1 << (limit * 10 // 7).bit_length()
    return max(1 << 16, min(want, fits))


class Table:
    """The search's transposition table: a position's key to its entry (``_entry``). Where the
    key is ``canonical``'s two words (``find``'s ``key`` None: the ranks closed up), compiled,
    a C table (``cmemo.pxd``: no Python object per position, one cache line a look-up);
    any other key (a tuple, ``Search._key``) in a dict. ``len``: the positions it holds.
    ``slots``: the C table's first size (``table_slots``); it doubles as it fills."""

    def __init__(self, slots: int = 0) -> None:
        self.keyed: dict[object, int] = {}
        self.words = memo_new(slots)
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

    ``limit`` caps the positions the table holds; meeting one more raises ``LimitReached``.
    ``scratch``: the first size of the nodes' scratch (``stk``) in words; it grows as deep or
    wide searches need, and its size changes nothing searched."""

    def __init__(self, state: CoreState, limit: int, scratch: int = 4096) -> None:
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
        cards = popcount(table) + sum(popcount(h) for h in st.hands[:st.n])
        self.table: Table = Table(table_slots(cards, limit))  # bounds, best move: ``_entry``
        self.pool: list[list[CoreState]] = []  # the states of the children (``_row``)
        # the menu of each of them (``_advance``'s ``made``), so its search need not make it
        self.menus: list[list[Menu | None]] = []
        self.made: Menu | None = None
        self.at_table: int = 0  # the table's masks of the position ``_advance`` left
        self.at_unbeaten: int = 0
        # the nodes' frames (``_value``): moves, orders and children as words, not objects
        self.cap: int = max(scratch, 1)
        self.stk: list[int] = scratch_new(self.cap)
        if cython.compiled and not self.stk:
            raise MemoryError("no memory for the ending search's scratch")
        c = st.cfg
        self.trumps: int = c.trump_mask
        # R2.11: with two players, no transfer and the taker not keeping the turn, the attacker
        # stays while the pile is unchanged and his hand only shrinks, so no position counted
        # with this pile can come back: the counts decide nothing and stay out of the key
        self.counts_matter: bool = c.transfer or c.keeps_turn
        # ``_advance`` counts R2.11 as a playout does (``lean``) where the counts decide
        # nothing, under the playout's own conditions (``playout.playout``)
        self.lean: bool = (not self.counts_matter and c.hooks.piles_grow and c.repetition
                           and c.repetitions >= 2)
        if not self.counts_matter:
            # then the discard pile decides nothing either (R2.11's count, which reads only its
            # size, is all it is read for): the search's copy starts with none, so a child's
            # copy (``CoreState.copy_into``) copies only what went to the pile in the search
            st.discard = []
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

    def __dealloc__(self) -> None:  # compiled: the scratch's memory (plain Python: unused)
        scratch_free(self.stk)

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
            if self._ask(node, 0, 1, None) >= 1:
                return 1
            return 0 if self._ask(node, -1, 0, None) >= 0 else -1
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
            return self._ask(node, v - 1, v, None) >= v
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
            return self._ask(node, alpha, beta, key)
        finally:
            if collect:
                gc.enable()

    def _ask(self, node: Node, alpha: int, beta: int, key: object) -> int:
        """``_value`` of ``node`` as a question's root (depth 0, its frame the scratch's
        first word)."""
        st: CoreState = node[0]
        return self._value(st, node[1], node[2], alpha, beta, key, 0, 0, False, 0, 0, None)

    def _play(self, node: Node, move: int) -> Node:
        """The node after ``move`` (``_advance`` on a copy of ``node``'s state)."""
        st: CoreState = node[0]
        c: CoreState = st.copy()
        self._advance(c, node[1], node[2], move)
        return (c, self.at_table, self.at_unbeaten)

    def _row(self, depth: int, n: int) -> None:
        """The row of ``depth`` (``pool``) made to hold at least ``n`` states: the children
        of a node at ``depth`` (``_value``'s) live no longer than its search, so each depth
        has a row of states the search copies a child into (``CoreState.copy_into``) instead
        of making a state a child (and a row of their menus, ``menus``)."""
        pool = self.pool
        while len(pool) <= depth:
            pool.append([])
            self.menus.append([])
        row: list[CoreState] = pool[depth]
        while len(row) < n:
            row.append(self.root[0].copy())
            self.menus[depth].append(None)

    def _grow(self, n: int) -> None:
        """The scratch (``stk``) grown to at least ``n`` words (its words kept)."""
        cap: int = self.cap
        while cap < n:
            cap *= 2
        grown = scratch_grow(self.stk, cap)
        if cython.compiled and not grown:
            raise MemoryError("no memory for the ending search's scratch")
        self.stk = grown
        self.cap = cap

    def _advance(self, c: CoreState, table: int, unbeaten: int, move: int) -> int:
        """``move`` played on ``c`` (a copy no node holds yet), the table's masks ``table``
        and ``unbeaten`` kept up (left in ``at_table``, ``at_unbeaten``; 0 returned: a C
        int, no tuple and no error check a call); in a one-card game (``single``) a throw-in onto
        a taken bout is followed by the pass (see ``order``); then, while the player to act
        has one legal move only (a card he cannot beat: the take), that move, on the same
        copy: a forced move takes no entry of the table and no question of its own (its moves
        are counted here, listed only where it is searched). The menu of the position left is
        kept in ``made`` (None: the game is over) for its search (``_value``)."""
        if self.lean:
            # R2.11's counts decide nothing here (``counts_matter``; ``seen`` is cleared
            # below): the core's history-free count (``lean``, ``apply._end_bout``) makes no
            # Python key where a bout ends, and a talon position of -1 starts its epoch afresh
            # (the pool's states keep another position's epoch: ``copy_into`` copies none)
            c.lean = True
            c.ep_tp = -1
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
            if c.to_act < 0:
                self.made = None
                self.at_table, self.at_unbeaten = table, unbeaten
                return 0
            mm: Menu = menu(c)
            if count_menu(mm) != 1:
                self.made = mm
                self.at_table, self.at_unbeaten = table, unbeaten
                return 0
            move = nth_of_menu(mm, 0)

    def _score(self, st: CoreState) -> int:
        end = st.end
        assert end is not None, "the game is not over"
        durak: int = end[0]
        return 0 if durak < 0 else (-1 if durak == self.me else 1)

    def _key(self, st: CoreState, table: int, unbeaten: int) -> object:
        """The table's key of the node (``st``, ``table``, ``unbeaten``) where the ranks are
        not closed up (``close``: ``_words`` instead)."""
        seen: object = None
        if st.seen and self.counts_matter:
            pile = len(st.discard)
            seen = frozenset(item for item in st.seen.items() if item[0][3] == pile)
        if self.masks:  # which cards lie on the table, and which still need beating
            h0: int = _hand(st, 0)
            h1: int = _hand(st, 1)
            flags: int = (st.to_act | st.attacker << 4 | st.defender << 8 | st.opener << 12
                          | st.taking << 16 | st.opening << 17 | (st.bout == 0) << 18
                          | st.run << 20 | st.outm << 28)
            return (h0, h1, table, unbeaten, flags, st.shown, seen)
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
            hi, lo = self._words(node[0], node[1], node[2])
            high: int = hi
            return high << 64 | lo
        return self._key(node[0], node[1], node[2])

    def _words(self, st: CoreState, table: int, unbeaten: int) -> tuple[int, int]:
        """The key of the node (``st``, ``table``, ``unbeaten``) where the ranks are closed up
        (``close``): ``canonical``'s two words (compiled, a C pair: no Python object), the
        plain suits in order (two seats)."""
        flags: int = (st.to_act | st.attacker << 1 | st.defender << 2 | st.opener << 3
                      | st.taking << 4 | st.opening << 5 | (st.bout == 0) << 6
                      | st.run << 7 | st.outm << 9)
        return key_words(_hand(st, 0), _hand(st, 1), table, unbeaten, self.trump_suit,
                      self.suits, flags, self.ranks, self.seats)

    def _value(self, st: CoreState, table: int, unbeaten: int, alpha: int, beta: int,
               key: object, depth: int, sp: int, known: bool, kh: int, kl: int,
               mm: Menu | None) -> int:
        """``value``'s body (a C method compiled: no look-up per call) for the node ``st``
        with the table's masks ``table`` and ``unbeaten``. ``key``: the node's (``_key``),
        None: not made yet, or the ranks closed up (``_words``: ``kh``, ``kl`` where
        ``known``, else made here); ``depth``: the node's below the question's (its children's
        row of ``pool``); ``sp``: its frame's first word in the scratch (``stk``): its ``n``
        moves, the indices of those to try, then four words a child made (its masks and key
        words) and one (its sort key) — seven words a move; its children's frames follow.
        ``mm``: the node's menu where ``_advance`` made it (None: made here)."""
        if st.to_act < 0:
            return self._score(st)
        if (self.verdicts and st.to_act == st.attacker and (st.nt == 0 or st.taking)
                and unbeatable(_hand(st, st.attacker), _hand(st, st.defender) | table,
                               self.trumps)):
            return 1 if st.attacker == self.me else -1  # no entry: the test is cheaper
        if self.close:
            if not known:
                kh, kl = self._words(st, table, unbeaten)
        elif key is None:
            key = self._key(st, table, unbeaten)
        tab = self.table
        entry: int = tab.find(key, kh, kl)
        if entry < 0:
            size: int = tab.size()
            if size >= self.limit:
                raise LimitReached(self.limit)
            if cython.compiled and not size & 4095:
                PyErr_CheckSignals()  # raises KeyboardInterrupt here, not after the search
            entry = _FRESH
            tab.keep(key, kh, kl, entry)
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
        if mm is None:
            mm = menu(st)  # the moves, in ``moves``' order, into the frame
        n: int = count_menu(mm)
        if sp + 7 * n > self.cap:
            self._grow(sp + 7 * n)
        buf = self.stk
        for i in range(n):
            buf[sp + i] = nth_of_menu(mm, i)
        t: int = self._tried(st, table, sp, n)
        self._row(depth, n)
        best: int = -2 if mine else 2
        best_i: int = -1
        if first >= 0 and _holds(buf, sp + n, t, first):
            # last time's best first, before any other child is made: it mostly cuts again
            c: CoreState = self.pool[depth][0]
            st.copy_into(c)
            self._advance(c, table, unbeaten, buf[sp + first])
            v: int = self._score(c) if c.to_act < 0 else self._value(
                c, self.at_table, self.at_unbeaten, a, b, None, depth + 1, sp + 7 * n, False,
                0, 0, self.made)
            best, best_i = v, first
            if mine and v > a:
                a = v
            elif not mine and v < b:
                b = v
            if a >= b:
                return self._keep(key, kh, kl, best, best_i, a0, b0, lo, hi, mine)
        return self._others(st, table, unbeaten, sp, n, t, key, kh, kl, a, b, a0, b0, lo, hi,
                            best, best_i, depth)

    def _tried(self, st: CoreState, table: int, sp: int, n: int) -> int:
        """The moves of the frame ``sp`` (its ``n`` moves) to try, in ``order``'s order,
        the higher twins (``twins``) left out: their indices written after the moves; how
        many."""
        buf = self.stk
        out: int = sp + n
        k: int = 0
        if n < 2:
            for i in range(n):
                buf[out + i] = i
            k = n
        else:
            other: int = 0
            own: int = 0
            breaks: bool = st.n == 2 and not self.counts_matter  # ``order``'s tie-breaks
            # (where cards go to and fro, R2.7 and R2.11, they lengthened the lines to the
            # third repetition: a 6-card ending of podkidnoy with the taker keeping the turn
            # passed 100,000 positions instead of a few thousand)
            if breaks:
                other, own = _hand(st, 1 - st.to_act), _hand(st, st.to_act)
            single: bool = self.single and not st.taking
            for i in range(n):
                r: int = _rank(buf[sp + i], single, self.trumps, breaks, other, own)
                if r >= 0:
                    buf[out + k] = r << _ORDER | i
                    k += 1
            scratch_sort(buf, out, k)
            for q in range(k):
                buf[out + q] &= _LOW16
        if not self.twins:
            return k
        skip: int = twins(_hand(st, st.to_act), _hand(st, 1 - st.to_act), table)
        if not skip:
            return k
        t: int = 0  # the cards whose moves repeat a twin's left out
        for q in range(k):
            i = buf[out + q]
            m: int = buf[sp + i]
            kind = m >> _SHIFT
            if kind == _K_BEAT:
                if _ONE << (m & _BEAT_LOW) & skip:
                    continue
            elif ((kind == _K_ATTACK or kind == _K_THROW) and m & skip
                  and popcount(m & _PAYLOAD) == 1):
                continue
            buf[out + t] = i
            t += 1
        return t

    def _others(self, st: CoreState, table: int, unbeaten: int, sp: int, n: int, t: int,
                key: object, kh: int, kl: int, a: int, b: int, a0: int, b0: int, lo: int,
                hi: int, best: int, best_i: int, depth: int) -> int:
        """``_value`` after last time's best move (``best_i``, or -1): every other child of
        the frame ``sp`` (its ``t`` moves to try) and what the table knows of it: a known
        child may cut at once (an enhanced transposition cut-off), and known good children are
        tried first. The node's key is ``key``, or the words ``kh``, ``kl`` (``_words``:
        ``key`` None). Each child is made one ahead of its look-up (``_made``, ``_known``),
        so the memory of its table slot is fetched while the next one is made."""
        mine: bool = st.to_act == self.me
        close: bool = self.close
        keys: list[object] = []  # (not where the key is ``_words``: in the frame)
        tried: int = sp + n
        kid: int = sp + 2 * n  # a child's masks and key words: four words from kid + 4 j
        order_at: int = sp + 6 * n  # a child's sort key (``_known``): one word
        buf = self.stk
        row: list[CoreState] = self.pool[depth]  # (``_row``)
        menus: list[Menu | None] = self.menus[depth]
        k: int = 0  # the children: the moves to try but last time's best, in order
        for q in range(t):
            if buf[tried + q] != best_i:
                buf[tried + k] = buf[tried + q]
                k += 1
        for j in range(k + 1):
            if j < k:
                self._made(st, row[j], menus, table, unbeaten, sp, n, j, keys)
            if j > 0:
                v: int = self._known(sp, n, j - 1, None if close else keys[j - 1], key, kh,
                                     kl, mine, row[j - 1].to_act == self.me, a, b, lo, hi)
                if v != _NO_CUT:
                    return v
        scratch_sort(buf, order_at, k)
        for q in range(k):
            buf = self.stk  # (a child's search may have grown it)
            s: int = buf[order_at + q]
            i = s & _LOW16
            klo = (s >> (_ORDER + 2) & 3) - 1
            khi = (s >> _ORDER & 3) - 1
            j = s >> (_ORDER + 4) & _LOW16
            if klo == khi:  # the game's end, or a value the table knows exactly
                v = klo
            elif mine and khi <= a:
                v = khi  # cannot beat what we have: its bound is enough
            elif not mine and klo >= b:
                v = klo
            else:
                w: int = kid + 4 * j
                v = self._value(row[j], buf[w], buf[w + 1], a, b, None if close else keys[j],
                                depth + 1, sp + 7 * n, close, buf[w + 2], buf[w + 3], menus[j])
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

    def _made(self, st: CoreState, c: CoreState, menus: list[Menu | None], table: int,
              unbeaten: int, sp: int, n: int, j: int, keys: list[object]) -> int:
        """The ``j``-th child of the frame ``sp`` (its move: the ``j``-th index after the
        moves) made on ``c`` (the ``j``-th state of its row, ``_row``), its menu into
        ``menus``: its masks and key words kept in the frame (``_others``), its key in
        ``keys`` where it is not the words, its table slot fetched into the cache
        (``memo_fetch``); a child where the game ended gets its score + 2 as its sort key
        for now (else 0). Returns 0 (a C int: no error check a call)."""
        st.copy_into(c)
        buf = self.stk
        self._advance(c, table, unbeaten, buf[sp + buf[sp + n + j]])
        menus[j] = self.made
        ct: int = self.at_table
        cu: int = self.at_unbeaten
        w: int = sp + 2 * n + 4 * j
        buf[w] = ct
        buf[w + 1] = cu
        buf[w + 2] = buf[w + 3] = 0
        buf[sp + 6 * n + j] = 0
        if c.to_act < 0:
            buf[sp + 6 * n + j] = self._score(c) + 2
            if not self.close:
                keys.append(None)
        elif self.close:
            ch, cl = self._words(c, ct, cu)
            buf[w + 2] = ch
            buf[w + 3] = cl
            memo_fetch(self.table.words, ch, cl)
        else:
            keys.append(self._key(c, ct, cu))
        return 0

    def _known(self, sp: int, n: int, j: int, ck: object, key: object, kh: int, kl: int,
               mine: bool, kmine: bool, a: int, b: int, lo: int, hi: int) -> int:
        """What the table knows of the ``j``-th child of the frame ``sp`` (``_made``; its key
        ``ck``, None: its words): where it cuts (an enhanced transposition cut-off), the
        node's entry kept and the child's bound returned; else its sort key written in the
        frame — its rank by bounds (the highest floor first, ``mine``, or the lowest ceiling),
        its place ``j`` (the static order), its bounds and its index in the moves, so sorting
        them sorts by rank, then ``j`` — and ``_NO_CUT`` returned. ``kmine``: the child's
        mover is ``me`` (the table keeps bounds for the seat to act: ``_entry``)."""
        tab = self.table
        buf = self.stk
        i: int = buf[sp + n + j]
        w: int = sp + 2 * n + 4 * j
        ended: int = buf[sp + 6 * n + j]
        if ended:  # the game's end: its score
            klo = khi = ended - 2
        else:
            e: int = tab.find(ck, buf[w + 2], buf[w + 3])
            if e < 0:
                klo, khi = -1, 1
            else:
                klo, khi = (e & 3) - 1, (e >> 2 & 3) - 1
                if not kmine:  # (the seat to act's bounds: ``_entry``)
                    klo, khi = -khi, -klo
        if mine and klo >= b:
            tab.keep(key, kh, kl, _entry(klo, hi, i, mine))
            return klo
        if not mine and khi <= a:
            tab.keep(key, kh, kl, _entry(lo, khi, i, mine))
            return khi
        if mine:
            rank: int = (1 - klo) << 2 | (1 - khi)
        else:
            rank = (khi + 1) << 2 | (klo + 1)
        buf[sp + 6 * n + j] = (((rank << _ORDER | j) << 4 | (klo + 1) << 2 | (khi + 1))
                               << _ORDER | i)
        return _NO_CUT

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
    key's ``seats``: ``key_words``) share an entry; the best move is the same move of either
    (the mover's hand and the table are the same)."""
    if not mine:
        lo, hi = -hi, -lo
    return (lo + 1) | (hi + 1) << 2 | (best + 1) << 4


def _holds(buf: list[int], start: int, n: int, i: int) -> bool:
    """Is ``i`` one of the ``n`` words of the scratch ``buf`` from ``start``?"""
    for q in range(n):
        if buf[start + q] == i:
            return True
    return False


def order(ms: list[int], single: bool, trumps: int, breaks: bool = False, other: int = 0,
          own: int = 0) -> list[int]:
    """The indices of ``ms`` in the order to try them: more cards shed first, trumps kept
    (a stable sort: ties stay in ``legal_actions()`` order). With ``breaks``, among cards
    alike (plain or trump) a beat with a card whose rank the other hand (``other``) holds none
    of, so he can throw nothing in on it (R2.4), and a card laid or thrown in alone whose rank
    the mover's hand (``own``) holds no other card of, before the rest, and the pass before
    a trump is thrown in (on 16-card deals 45 % fewer positions; a card with company first,
    or the pass before any throw-in, searched 2 to 20 times more). With ``single``, the moves
    of the one-card game only: attacks and throw-ins of one card each (``_rank``: each move's
    place; the search orders its frames the same way, ``Search._tried``).

    The one-card game is exact where the attack shape is R2.2's "rank", throw-ins are allowed
    and nothing is transferred (``Search.single``) and the bout is not being taken: laying a
    set of cards at once is never better for the attacker than laying them one by one, since
    each later card of the set may still be thrown (its rank is on the table, and the room,
    R2.6, falls by one for each card laid, as it does for the set), so he can lay the same set
    either way, and one by one he sees each answer first. For the same reason a throw-in onto
    a taken bout (R2.7) is followed by the pass (``Search._advance``): a set thrown in several
    goes is one set thrown at once."""
    n = len(ms)
    if n < 2:
        return list(range(n))
    keys: list[int] = []
    for i in range(n):
        r: int = _rank(ms[i], single, trumps, breaks, other, own)
        if r >= 0:
            keys.append(r << _ORDER | i)
    keys.sort()
    return [k & _LOW16 for k in keys]


def _rank(m: int, single: bool, trumps: int, breaks: bool, other: int, own: int) -> int:
    """The move ``m``'s place in ``order`` (lower: tried first; -1: left out of the one-card
    game); ``order`` says why."""
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
            return -1
        score = 60 - 8 * cards + 4 * popcount(p & trumps)
        if breaks and cards == 1 and k != _K_TRANSFER:
            c1: int = lowest(p)
            if own >> (c1 & ~3) & _NIBBLE & ~(1 << (c1 & 3)):
                score += 1  # another card of its rank in the hand: after the lone ranks
    elif breaks and k == _K_PASS:
        score = 55  # after the plain throw-ins, before the trumps
    else:
        score = 60
    return score + 64  # (at least 0: a set has at most 15 cards)


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
