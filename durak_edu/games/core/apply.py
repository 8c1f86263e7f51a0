"""Playing a legal move on a core position, and everything that follows from it: priority
(R2.5), the bout's end (R2.7, R2.8), the draw (R2.9), going out (R2.10) and the end of the game
(R2.11). ``apply`` changes the state in place; it trusts that the move is legal (``moves``
listed it, or ``refuse`` accepted it)."""

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

if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import bitlen, popcount
from .bits import BEAT_SHIFT, RANK, RANK_LOW, SUITED
from .checks import refusal_target, room
from .moves import ATTACK, BEAT, PASS, SHIFT, SHOW, TAKE, THROW, TRANSFER
from .seats import draw_order, next_seat, thrower_order
from . import teams
from .state import CoreState

__all__ = ["apply", "start_bout", "settle", "REPETITION", "play_attack", "play_beat", "play_take",
           "play_throw", "play_pass"]

#: ``st.end[0]`` of a game drawn by repetition (R2.11); -1 is a draw with nobody left holding
REPETITION = -2

_PAYLOAD = (1 << SHIFT) - 1
_SHIFT = SHIFT  # (apply.pxd types both: a move is split in C, no Python int made)
_ONE = 1  # compiled: unsigned 64-bit, so a shift of a card or seat bit never overflows
_RANK = RANK  # the four cards of a rank (bits.py: the wide copy's two decks have eight)
_LOW = RANK_LOW  # a position's bits below its rank
_SUITED = SUITED  # every suited position (a joker's nibble is no rank: checks.table_ranks)
_BEAT, _BEAT_LOW = BEAT_SHIFT, (1 << BEAT_SHIFT) - 1  # a beat: ``target << _BEAT | card``
# the move kinds for the compiled comparisons (apply.pxd types them)
_K_ATTACK, _K_BEAT, _K_TRANSFER, _K_SHOW, _K_TAKE, _K_THROW, _K_PASS = (
    ATTACK, BEAT, TRANSFER, SHOW, TAKE, THROW, PASS)


def apply(st: CoreState, move: int) -> None:
    """Play ``move`` (a legal move of the seat to act) on ``st``."""
    hooks = st.cfg.hooks  # (the tests read each loop as ``for part in st.cfg.hooks.X``)
    kind = move >> _SHIFT
    # a house rule's own move (R9): kinds >= 8, or any move if a part plays core moves too
    if hooks.apply and (kind > _K_PASS or hooks.apply_core):
        for part in st.cfg.hooks.apply:
            if part.apply(st, move):
                return
    m = move & _PAYLOAD
    seat = st.to_act
    if hooks.played:  # a house part notes the move (R9.28: who lays attack cards)
        for part in st.cfg.hooks.played:
            part.played(st, move)
    # (the kinds by how often a playout plays them)
    if kind == _K_ATTACK:
        play_attack(st, seat, m)
    elif kind == _K_BEAT:
        a = m >> _BEAT
        i = 0
        while st.tam[i] != a:  # the place of the card it beats (a legal beat: on the table)
            i += 1
        play_beat(st, seat, i, m & _BEAT_LOW)
    elif kind == _K_THROW:
        play_throw(st, seat, m)
    elif kind == _K_TAKE:
        play_take(st)
    elif kind == _K_PASS:
        if st.opening:  # R4 D: no pair, the attack passes on (attack_shape="pair_only")
            passes = st.extra.get("open_passes", 0)
            st.extra = {**st.extra, "open_passes": (passes if isinstance(passes, int) else 0) + 1}
            start_bout(st, next_seat(st.attacker, st.n, st.outm))
            return
        play_pass(st, seat)
    elif kind == _K_TRANSFER or kind == _K_SHOW:
        _transfer(st, seat, kind, m)
    else:
        raise ValueError(f"not a move: {move!r}")


# The core's moves, one function each: ``apply`` calls them for a move's number, and a
# playout with no part that notes or plays core moves calls them itself (``playout``: no move
# number made and taken apart again).

def play_attack(st: CoreState, seat: int, m: int) -> None:
    """R2.2: ``seat`` opens the bout with the cards of ``m``."""
    if st.nt:  # (start_bout left it empty, unless a house part laid a card)
        _clear_table(st)
    st.n_attack = popcount(m)
    st.opening = False
    _remove(st, seat, m, True)
    if not st.taking and st.nub:  # (``_after_defence``, inline)
        st.to_act = st.defender
        return
    st.run = 0
    _give_priority(st, st.attacker, 0)


def play_beat(st: CoreState, seat: int, i: int, d: int) -> None:
    """R2.3: the defender ``seat`` beats the attack card at the table's place ``i`` with
    ``d``."""
    st.tdm[i] = d
    st.nub -= 1
    if st.cfg.ranks_table:
        st.ranks |= _RANK << (d & ~_LOW)
    _remove(st, seat, _ONE << d, False)
    if not st.taking and st.nub:  # (``_after_defence``, inline)
        st.to_act = st.defender
        return
    st.run = 0
    _give_priority(st, st.attacker, 0)


def play_take(st: CoreState) -> None:
    """R2.7: the defender takes; the throwers may add cards first (R2.5)."""
    st.taking = True
    st.run = 0
    _give_priority(st, st.attacker, 0)  # R2.5: the round starts again with the main attacker


def play_throw(st: CoreState, seat: int, m: int) -> None:
    """R2.4: ``seat`` throws in the cards of ``m``."""
    st.n_attack += popcount(m)
    # R2.5's order before he may go out (only an empty hand goes out, R2.10)
    order = thrower_order(st) if st.taking and not st.hm[seat] & ~m else ()
    _remove(st, seat, m, True)
    st.run = 0  # the table changed
    if not st.taking:
        st.to_act = st.defender
    elif st.outm >> seat & 1:
        # R2.5: his throw-in made him go out: priority goes on to the next thrower after him
        _give_priority(st, order[(order.index(seat) + 1) % len(order)], 0)
    else:
        _give_priority(st, seat, 0)  # R2.5: he keeps priority until he passes


def play_pass(st: CoreState, seat: int) -> None:
    """R2.5: the thrower ``seat`` passes (not an opening's pass, R4 D: ``apply``)."""
    st.run |= _ONE << seat
    _give_priority(st, seat, 1)  # R2.5: on to the next thrower after him


def _clear_table(st: CoreState) -> None:
    """An empty table (plain Python: new lists; a copy of the state has its own)."""
    st.nt = 0
    if not cython.compiled:
        st.tam, st.tdm = [], []


def _remove(st: CoreState, seat: int, m: int, lay: bool) -> None:
    """The cards of ``m`` leave ``seat``'s hand (``lay``: onto the table as attack cards, lowest
    first); R2.10: with the talon empty, an empty hand is out. (One function: no call more a
    move, in plain Python.)"""
    if not lay:
        pass
    elif not m & (m - 1):  # one card (most attacks and throw-ins; never none)
        nt = st.nt
        pos = bitlen(m) - 1
        if cython.compiled:
            st.tam[nt] = pos
            st.tdm[nt] = -1
        else:
            st.tam.append(pos)
            st.tdm.append(-1)
        st.nt = nt + 1
        st.nub += 1
        st.ranks |= _RANK << (pos & ~_LOW)
    else:
        nt = st.nt
        if cython.compiled:  # the C arrays (54 places: every position at most once)
            tam = st.tam
            tdm = st.tdm
        else:  # plain Python: the table's lists hold its ``nt`` places
            tam, tdm = st.tam, st.tdm
        ranks = st.ranks
        n = 0
        x = m
        while x:
            b = x & (~x + 1)
            x ^= b
            pos = bitlen(b) - 1
            if cython.compiled:
                tam[nt + n] = pos
                tdm[nt + n] = -1
            else:
                tam.append(pos)
                tdm.append(-1)
            n += 1
            ranks |= _RANK << (pos & ~_LOW)
        st.nt = nt + n
        st.nub += n
        st.ranks = ranks
    keep = ~m
    h = st.hm[seat] & keep
    st.hm[seat] = h
    st.km[seat] &= keep
    if h or st.tp != len(st.talon):
        return
    if st.cfg.hooks.emptied:
        for part in st.cfg.hooks.emptied:
            part.emptied(st, seat)  # R9.40: he takes up his reserve
        if st.hm[seat] or st.tp != len(st.talon):
            return
    if not st.outm >> seat & 1:
        st.out = st.out + (seat,)  # R2.10: out at once; no further part in this bout
        st.outm |= _ONE << seat


def _transfer(st: CoreState, seat: int, kind: int, m: int) -> None:
    """R3.1: add cards of the attacking rank (or show its trump, R3.4) and pass the attack on;
    R3.3: the transferring player becomes the main attacker."""
    back = refusal_target(st)
    if kind == _K_SHOW:
        st.shown |= _ONE << seat
        st.km[seat] |= m  # everyone has seen it in his hand
    else:
        if st.cfg.only_new:
            st.settled = st.nt
            st.nub = 0  # R3.4: the old cards need no beating
        st.n_attack += popcount(m)
        _remove(st, seat, m, True)
    new_def = next_seat(st.defender, st.n, st.outm)
    st.attacker = st.defender
    st.defender = new_def
    if st.cfg.teams:  # R5: to whoever plays the next seat
        teams.transfer(st)
    if st.cfg.hooks.transferred:  # the new defender's own trump (R9.35)
        for part in st.cfg.hooks.transferred:
            part.transferred(st)
    st.run = 0
    if back >= 0:  # R3.4 refusal: he takes the cards back and play goes on
        st.refused = True
        st.defender = back
        st.taking = True
        _end_bout(st)
        return
    st.to_act = st.defender


def _give_priority(st: CoreState, start: int, after: int) -> None:
    """R2.5: the next thrower who may act, or the bout ends: from ``start`` cyclically
    (``after=1``: from the thrower after him; the first thrower if he is none)."""
    order = thrower_order(st)
    if order:
        seq = order  # the round from ``start``: ``order`` turned to begin there
        if len(order) > 1 and (order[0] != start or after):
            i = 0
            if cython.compiled:  # (a C loop)
                for k in range(len(order)):
                    if order[k] == start:
                        i = k + after
                        break
            elif start in order:  # (plain Python: the tuple's own search, in C)
                i = order.index(start) + after
            if i:
                seq = order[i:] + order[:i]
        run = st.run
        ranks = st.ranks & _SUITED & ~st.locked  # (table_ranks; R9.37: locked cards stay)
        for p in seq:
            if run >> p & 1:
                continue
            if st.hm[p] & ranks:
                # R2.6: is there room for a card? (asked once somebody could throw one)
                if room(st) > 0:
                    st.run = run
                    st.to_act = p
                    return
                for p in order:  # no room: nobody may throw
                    run |= _ONE << p
                break
            run |= _ONE << p  # R2.5: a thrower with nothing to throw is skipped
        st.run = run
    if st.cfg.hooks.hold_bout:
        for part in st.cfg.hooks.hold_bout:
            if part.hold_bout(st):  # a house rule gives someone a turn first (R9.10)
                return
    _end_bout(st)


def _end_bout(st: CoreState) -> None:
    """The bout's end and the next bout, in one function (issue 25: one call a bout in plain
    Python; each house part asked at its point in it): R2.7, R2.8 pick up or bito; R2.9 draw up
    to the hand size in ``draw_order`` (a short talon shared one card at a time with
    ``share_short_talon``, and the parts' refill targets: ``_draw_with``); R2.10 out; R2.11 the
    end, or the same position seen ``repetitions`` times; then the next bout (``start_bout``).

    R2.11's count: a ``lean`` state (``playout``'s, with no house part but those that keep the
    piles growing, ``HousePart.piles_grow``: the talon is only drawn from and the discard only
    grows, so a position with other counts than now's never comes back) counts the current
    epoch only, and writes the epoch's first position down only when a second bout of the same
    epoch follows: most bouts draw or discard, so most positions never become a Python key."""
    c = st.cfg
    hooks = c.hooks
    taker = st.defender
    took = st.taking
    nt = st.nt
    # the table (compiled: pointers to the C arrays; plain Python: the lists themselves, which
    # are replaced below, so ``tam`` keeps the final attack for R2.11)
    tam = st.tam
    tdm = st.tdm
    m = 0  # the cards picked up
    if took:
        for i in range(nt):
            m |= _ONE << tam[i]
            d = tdm[i]
            if d >= 0:
                m |= _ONE << d
        if c.partial_take:  # R4 B: the beaten pairs are discarded, the rest taken
            m = 0
            for i in range(nt):
                a, d = tam[i], tdm[i]
                if d >= 0:
                    st.discard.append(a)
                    st.discard.append(d)
                else:
                    m |= _ONE << a
        if hooks.pickup:
            for part in c.hooks.pickup:
                m = part.pickup(st, m)  # a house rule may keep some of them off his hand (R9)
        st.hm[taker] |= m
        st.km[taker] |= m  # R0: cards picked up are public
        if st.outm >> taker & 1:  # R3.4 refusal: the player who had gone out is back in
            st.out = tuple([p for p in st.out if p != taker])
            st.outm &= ~(_ONE << taker)
    elif hooks.bito and _bito_kept(st):
        pass  # a house part put the bito's cards elsewhere (R9.13: back into the talon)
    else:
        discard = st.discard
        for i in range(nt):
            discard.append(tam[i])
            d = tdm[i]
            if d >= 0:
                discard.append(d)
    ta = None  # the final attack (R2.11), read only if the game ends: see below
    if hooks.bout_end:  # what the bout's end means to a house rule (R9.28: its score; R9.36: the trump)
        for part in c.hooks.bout_end:
            part.bout_end(st, took, m)
        if st.to_act < 0:  # a house rule ended the game at the pick-up (R9.21): nobody draws
            _clear_table(st)
            st.nub = st.ranks = 0
            return
        nt = st.nt  # (as the part left it)
        if not cython.compiled:
            tam = st.tam
    # compiled and with no house part asked in the draw (which might lay a card there:
    # ``refill``, ``emptied``, ``draw``), the C array keeps the final attack after the table is
    # cleared (``nt`` set to 0) until the next bout lays one
    if cython.compiled and (hooks.refill or hooks.emptied or hooks.draw):
        ta = st.ta
    st.nt = 0  # (``_clear_table``)
    if not cython.compiled:
        st.tam, st.tdm = [], []
    st.nub = st.ranks = 0
    talon = st.talon  # R2.9 (after the parts above: R9.13 gives the talon new cards)
    left = len(talon) - st.tp
    drawn = True  # part-free with the talon empty before this bout's end, nothing is drawn
    if not left and not c.parts:  # and the turned trump is known (R0): only a hand emptied
        drawn = False  # in this bout goes out (R2.10), below
        for p in range(st.n):
            if not st.hm[p] and not st.outm >> p & 1:
                drawn = True
                break
    if drawn:
        order = draw_order(st)
        if left and not hooks.refill and not c.share_short:  # each as many as he needs
            size = c.hand_size
            tp = st.tp
            for p in order:
                h = st.hm[p]
                k = size - popcount(h)
                if k > left:
                    k = left
                if k > 0:
                    for i in range(tp, tp + k):
                        pos = talon[i]  # (typed: the shift stays in C)
                        h |= _ONE << pos
                    st.hm[p] = h
                    tp += k
                    left -= k
            st.tp = tp
        elif left or hooks.refill:
            _draw_with(st, order, c.hand_size)
        if st.tp == len(talon):
            if st.trump_pos >= 0:
                for p in order:
                    if st.hm[p] >> st.trump_pos & 1:
                        st.km[p] |= _ONE << st.trump_pos  # R0: the turned trump was seen by all
            if hooks.emptied:  # R9.40: an empty hand takes up its reserve
                for p in order:
                    if not st.hm[p]:
                        for part in c.hooks.emptied:
                            part.emptied(st, p)
            for p in order:  # R2.10: with the talon empty, an empty hand is out
                if not st.hm[p] and not st.outm >> p & 1:
                    st.out = st.out + (p,)
                    st.outm |= _ONE << p
    if hooks.draw:  # after the draw (R9.12: the hands go round)
        for part in c.hooks.draw:
            part.draw(st)
    if st.tp == len(st.talon):  # the talon is empty: the game may be over (R2.11)
        if ta is not None:
            final = tuple(ta)
        elif cython.compiled:
            final = tuple([tam[i] for i in range(nt)])
        else:
            final = tuple(tam)
        if settle(st, took, taker, final):
            return
    elif c.teams and settle(st, took, taker, ()):  # (R5 in any case)
        return
    st.bout += 1
    if st.extra and st.extra.get("open_passes"):  # R4 D: a new bout, nobody has passed its opening
        st.extra = {**st.extra, "open_passes": 0}
    nxt = st.defender
    if took and not c.keeps_turn or not took and st.outm >> nxt & 1:
        nxt = next_seat(nxt, st.n, st.outm)
    if c.teams:  # R5: the next seat opens, whether or not its player is out
        nxt = teams.next_opener(st, took)
    if c.repetition:  # R2.11 (our decision): the same position a third time is a draw
        k = len(st.discard)
        seen = 0  # (a new epoch: its first position, not yet written down)
        if not st.lean:
            seen = 1
        elif st.tp != st.ep_tp or k != st.ep_discard:  # a new epoch (repetitions >= 2)
            st.ep_tp, st.ep_discard, st.ep_next, st.ep_out = st.tp, k, nxt, st.out
            if cython.compiled:  # (C arrays)
                for p in range(st.n):
                    st.eh[p] = st.hm[p]
            else:
                st.eh = st.hm[:]
            st.ep_pending = True
            if st.seen:
                st.seen = {}
        else:
            seen = 1
            if st.ep_pending:  # the epoch's first position, seen once
                st.ep_pending = False
                if cython.compiled:  # (C arrays)
                    hands = tuple([st.eh[p] for p in range(st.n)])
                else:
                    hands = tuple(st.eh[:st.n])
                st.seen[(hands, st.ep_next, st.tp, k, st.ep_out)] = 1
        if seen:
            if cython.compiled:
                hands = tuple([st.hm[p] for p in range(st.n)])
            else:
                hands = tuple(st.hm[:st.n])
            key = (hands, nxt, st.tp, k, st.out)
            seen = st.seen.get(key, 0) + 1
            st.seen[key] = seen  # (a copy of the state has its own dict: CoreState.copy)
            if seen >= c.repetitions:
                st.end = (REPETITION, False, ())
                st.to_act = -1
                return
    start_bout(st, nxt)


def _bito_kept(st: CoreState) -> bool:
    """R2.8: does a house part take the bito's cards (every part is asked: each counts it)?"""
    kept = False
    for part in st.cfg.hooks.bito:
        if part.bito(st):
            kept = True
    return kept


def _draw_with(st: CoreState, order: list[int], size: int) -> None:
    """R2.9's draw with the house parts' refill targets (R9.5, R9.25), or a short talon shared
    one card at a time (``share_short_talon``)."""
    needs = [max(0, size - popcount(st.hm[p])) for p in order]
    if st.cfg.hooks.refill:  # a house part's refill target (R9.5, R9.25)
        for i, p in enumerate(order):
            k = size
            for part in st.cfg.hooks.refill:
                k = part.refill(st, p, k)
            needs[i] = max(0, k - popcount(st.hm[p]))
    left = len(st.talon) - st.tp
    if st.cfg.share_short and sum(needs) > left:
        while left and any(needs):
            for i, p in enumerate(order):
                if left and needs[i]:
                    st.hm[p] |= _ONE << st.talon[st.tp]
                    st.tp += 1
                    needs[i] -= 1
                    left -= 1
    else:
        for i, p in enumerate(order):
            k = min(needs[i], left)
            for pos in st.talon[st.tp:st.tp + k]:
                st.hm[p] |= _ONE << pos
            st.tp += k
            left -= k


def settle(st: CoreState, took: bool, last_defender: int, final_attack: tuple[int, ...]
           ) -> bool:
    """R2.11: with the talon empty and at most one player holding cards, the game is over
    (``st.end`` says how); ``True`` if it is."""
    if st.cfg.teams:  # R5: a team out wins
        return teams.settle(st)
    if st.tp < len(st.talon):
        return False
    holders, holder = 0, -1
    if not cython.compiled:  # plain Python: the hands counted in C first
        if st.n - st.hm[:st.n].count(0) > 1:
            return False
    for p in range(st.n):
        if st.hm[p]:
            holders += 1
            if holders > 1:
                return False
            holder = p
    durak = holder if holders else (-1 if st.cfg.draws else last_defender)
    st.end = (durak, took and durak == last_defender, final_attack)
    st.to_act = -1
    return True


def start_bout(st: CoreState, attacker: int) -> None:
    """A new bout opened by ``attacker`` against the next seat (R2.1)."""
    st.attacker = st.opener = attacker  # R3.1: the opener stays; a transfer moves attacker
    st.defender = next_seat(attacker, st.n, st.outm)
    if st.nt:  # (the bout's end left it empty)
        _clear_table(st)
    st.taking = st.refused = False
    st.run = st.shown = 0
    st.opening = True
    st.n_attack = st.settled = st.nub = st.ranks = 0
    st.to_act = attacker
    if st.cfg.teams:  # R5: ``attacker`` is a seat; its player and the next seat's play
        teams.start(st, attacker)
    if st.cfg.hooks.bout_start:  # the bout as a house rule starts it (R9.35: the trump; R9.37)
        for part in st.cfg.hooks.bout_start:
            part.bout_start(st)

