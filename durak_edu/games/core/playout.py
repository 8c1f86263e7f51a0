"""Random playouts on the core: the same moves as the public API's, in one loop, with no
``Action``, event or undo state made.

The index is drawn exactly as ``random.Random.choice`` draws it (``getrandbits`` of the count's
bit length, drawn again while out of range), so a core playout plays, move for move, the game
``rng.choice(g.legal_actions())`` would play with the same generator.

A position whose menu no house part changes (podkidnoy, perevodnoy, every preset that only
sets R2-R3 options, and a part's game in the phases its ``moves`` leaves alone:
``hooks.Hooks.menu_free``, ``moves.phase_moves``), but an opening with R4's shapes (the only
menu ``core_menu`` builds by the shape), is counted and unranked from numbers
(``moves.count_attack`` and the rest, the functions ``count_menu``/``nth_of_menu`` use too),
with no ``Menu`` made; any other goes through ``menu``.

>>> import random
>>> from durak_edu import new_game
>>> g = new_game("perevodnoy", players=3, seed=4)
>>> st = g._s.core.copy()  # (a playout plays on the state it is given)
>>> playout(st, random.Random(9).getrandbits)
>>> g.playout(random.Random(9)).durak == (st.end[0] if st.end[0] >= 0 else None)
True
"""

from __future__ import annotations

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

from collections.abc import Callable

from .apply import apply
if not cython.compiled:  # compiled: C functions (playout.pxd cimports them)
    from .apply import play_attack, play_beat, play_pass, play_take, play_throw
from .bits import BEAT_SHIFT, MOST_OF_RANK, SUITED, nth_bit, nth_subset, rank_counts_multi
if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import bitlen, popcount
else:  # a compiled playout must still stop on Ctrl-C (checked every 256 moves)
    from cython.cimports.cpython.exc import PyErr_CheckSignals
from .moves import (ATTACK, BEAT, PASS, SHIFT, TAKE, THROW, attack_most, count_attack,
                    count_menu, count_throw, count_transfers, menu, nth_attack, nth_of_menu,
                    nth_transfer, phase_moves, throw_room, transfer_options)
from .state import MAX_SEATS, CoreState

__all__ = ["playout"]

_N_ATTACK_MOST = MOST_OF_RANK  # R2.2: at most four cards of one rank (two decks: eight)
_SUITED = SUITED  # the positions that have a rank (not a joker's, R9.22)
_ONE = 1  # compiled: unsigned 64-bit (a beat's move: its card's position shifted)
_TAKE, _PASS = TAKE << SHIFT, PASS << SHIFT  # the last move of a defence's, a throw's menu
_M_ATTACK, _M_BEAT, _M_THROW = ATTACK << SHIFT, BEAT << SHIFT, THROW << SHIFT
_BEAT = BEAT_SHIFT  # a beat's move: ``BEAT << SHIFT | attack card << _BEAT | card``
_PAYLOAD = (1 << SHIFT) - 1


def playout(st: CoreState, getrandbits: Callable[[int], int]) -> None:
    """Play ``st`` to its end (``st.end`` says how it ended) with uniformly random moves."""
    played = 0
    # no part narrows a menu, and none adds moves at all (parts are never added in play; a
    # part that retires, ``house.retire``, or a trump swap, R9.36, brings another config)
    # (R4's shapes change the opening's menu only: a defence or a throw-in is counted as well)
    cfg = st.cfg
    counted = cfg.hooks.menu_free
    plain = counted and not cfg.hooks.moves and cfg.shape == "rank"
    ranked = cfg.shape == "rank"
    # a counted core move is played by ``apply``'s function of its kind, straight away, unless
    # a part notes or plays core moves (``apply``'s hooks)
    direct = not (cfg.hooks.apply or cfg.hooks.played)
    if st.cfg.hooks.piles_grow and st.cfg.repetition and st.cfg.repetitions >= 2:
        # R2.11 by epochs (apply._end_bout): ``st.seen`` ends holding the last epoch's counts
        st.lean, st.ep_pending = True, False
        st.ep_tp, st.ep_discard = st.tp, len(st.discard)
        if st.seen:  # (a key is (hands, next attacker, talon drawn, discard size, out))
            st.seen = {k: v for k, v in st.seen.items()
                       if k[2] == st.ep_tp and k[3] == st.ep_discard}
        if not cython.compiled:  # (compiled: a C array in the state)
            st.eh = [0] * MAX_SEATS
    try:
        while st.to_act >= 0:
            if cython.compiled:
                played += 1
                if not played & 255:  # raises KeyboardInterrupt here, not after an endless game
                    PyErr_CheckSignals()
            if plain and direct and st.cfg is cfg:
                # a part-free game: move after move until it ends (or a part changes the
                # config, or a transfer is drawn: ``apply`` plays it)
                move = _plain_move(st, getrandbits, True, True)
                if move:
                    apply(st, move)
                continue
            if st.cfg is not cfg:
                cfg = st.cfg
                counted = cfg.hooks.menu_free
                plain = counted and not cfg.hooks.moves and cfg.shape == "rank"
                ranked = cfg.shape == "rank"
                direct = not (cfg.hooks.apply or cfg.hooks.played)
            if plain or counted and (ranked or not st.opening) and not phase_moves(st):
                move = _plain_move(st, getrandbits, direct, False)
                if move:  # (0: played)
                    apply(st, move)
                continue
            m = menu(st)
            apply(st, nth_of_menu(m, _index(count_menu(m), getrandbits)))
    finally:
        st.lean = False


def _index(count: int, getrandbits: Callable[[int], int]) -> int:
    """A uniform index below ``count``, drawn as ``random.Random.choice`` draws it."""
    if not count:  # rng.choice([]) fails too: never loop for ever
        raise RuntimeError("playout: no legal move to choose from")
    k = bitlen(count)
    j = getrandbits(k)
    while j >= count:
        j = getrandbits(k)
    return j


def _plain_move(st: CoreState, getrandbits: Callable[[int], int], direct: bool, many: bool
                ) -> int:
    """Random moves of a part-free position with R2.2's shape: ``core_menu``'s moves in its
    order, counted and unranked from numbers (each phase draws its index as ``_index`` does).
    ``direct``: an attack, beat, take, throw-in or pass is played here (``apply``'s function of
    its kind), with ``many`` move after move (no call a move in plain Python) until the game
    ends or a part changes the config; 0 returned then. Else (and a transfer) the move."""
    cfg = st.cfg
    parts = len(cfg.parts)  # (none: nothing changes the config in play)
    bouts = 0
    while True:
        seat = st.to_act
        h = st.hm[seat] & ~st.locked  # (checks.playable: R9.37's locked cards are not played)
        if st.opening:  # R2.2
            if cython.compiled:
                bouts += 1
                if not bouts & 255:  # raises KeyboardInterrupt here, not after an endless game
                    PyErr_CheckSignals()
            most = attack_most(st)
            singles = popcount(h)  # (``count_attack``'s first moves: one card each)
            count = singles if most > 0 else 0
            multi = 0
            if most > 1:
                multi = rank_counts_multi(h)
                if multi:  # (else only the singles)
                    if most > _N_ATTACK_MOST:
                        most = _N_ATTACK_MOST
                    count = count_attack(h, multi, most)
            if not count:  # rng.choice([]) fails too: never loop for ever (``_index`` raises)
                _index(0, getrandbits)
            k = bitlen(count)
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            # (``nth_attack``: the ``j``-th single card, then the groups of a rank)
            m = nth_bit(h, j) if j < singles else nth_attack(h, multi, most, j) & _PAYLOAD
            if not direct:
                return _M_ATTACK | m
            play_attack(st, seat, m)
        elif seat == st.defender and not st.taking:  # R2.3, R3, then R2.7's take
            # R2.3: the beats of ``h`` on the cards still to beat (a ``BEAT`` menu's targets)
            beat = cfg.beat
            tam = st.tam  # (compiled: pointers to the C arrays)
            tdm = st.tdm
            beats = 0
            for i in range(st.settled, st.nt):
                if tdm[i] < 0:
                    b = beat[tam[i]]  # (typed: the mask arithmetic stays in C)
                    beats += popcount(h & b)
            count = beats + 1
            same = sizes = show = 0
            # (R3 needs a card of the attacking rank: none of the table's ranks, nothing to ask)
            if cfg.transfer and h & st.ranks:
                same, sizes, show = transfer_options(st, h)
                if same:
                    count += count_transfers(same, sizes, show)
            k = bitlen(count)
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            if j < beats:  # the ``j``-th beat: on the table's place ``i``, the card ``d``
                i = st.settled
                while True:
                    if tdm[i] < 0:
                        b = beat[tam[i]]
                        c = popcount(h & b)
                        if j < c:
                            break
                        j -= c
                    i += 1
                d = bitlen(nth_bit(h & b, j)) - 1
                if not direct:
                    return _M_BEAT | _ONE * tam[i] << _BEAT | d
                play_beat(st, seat, i, d)
            elif j == count - 1:  # R2.7: the take, the menu's last move
                if not direct:
                    return _TAKE
                play_take(st)
            else:
                return nth_transfer(same, sizes, show, j - beats)
        else:
            throwable = h & st.ranks & _SUITED  # R2.4 (table_ranks), then the pass
            r = throw_room(st, seat, throwable)
            count = count_throw(throwable, r)
            k = bitlen(count)
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            if j == count - 1:  # the pass, the menu's last move
                if not direct:
                    return _PASS
                play_pass(st, seat)
            else:  # the ``j``-th throw-in (``nth_throw``'s, its subset unranked straight away)
                m = nth_subset(throwable, r, j)
                if not direct:
                    return _M_THROW | m
                play_throw(st, seat, m)
        if not many or st.to_act < 0 or parts and st.cfg is not cfg:
            return 0
