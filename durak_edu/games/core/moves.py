"""The legal moves of a core position: counted, unranked and listed in one order.

The order is exactly ``legal_actions()``'s (docs/architecture.md, "The
enumeration"), so ``nth(st, j)`` is the move ``legal_actions()[j]`` decodes to, and a playout
drawing ``j`` as ``rng.choice`` does plays the public API's game.

A move is one integer, ``kind << SHIFT | payload`` (see ``KINDS``).

>>> from durak_edu import new_game
>>> from durak_edu.games.core.decode import action
>>> g = new_game("podkidnoy", seed=1)
>>> st = g._s.core
>>> count(st) == len(g.legal_actions()), action(nth(st, 2)) == g.legal_actions()[2]
(True, True)
"""

from __future__ import annotations

import typing
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

from . import bits, shapes
from .bits import (BEAT_SHIFT, COMB, GROUPS, MOST_OF_RANK, MOVE_SHIFT, RANK, RANK_LOW, RANK_SHIFT, SUBSETS,
                   nth_bit, nth_combination, nth_subset, rank_counts_multi)

if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import bitlen, popcount
from .checks import (OK, playable, room, table_ranks, transfer_blocked, transfer_check,
                     unbeaten)
from .state import CoreState

__all__ = ["ATTACK", "BEAT", "TRANSFER", "SHOW", "TAKE", "THROW", "PASS", "SHIFT", "KINDS",
           "count", "nth", "moves", "kind_of", "payload_of", "menu", "phase_moves", "count_menu",
           "nth_of_menu", "SHAPES", "shape_ok", "everyone_passed", "tryoshka_size",
           "extended", "extended_subsets", "extended_combinations", "listed", "count_attack", "nth_attack", "count_transfers", "nth_transfer",
           "transfer_options", "count_throw", "nth_throw", "attack_most", "throw_room"]

SHIFT = MOVE_SHIFT  # 58 (the wide copy's two decks: bits.MOVE_SHIFT)
ATTACK, BEAT, TRANSFER, SHOW, TAKE, THROW, PASS = 1, 2, 3, 4, 5, 6, 7
KINDS = {ATTACK: "attack", BEAT: "beat", TRANSFER: "transfer", SHOW: "show", TAKE: "take",
         THROW: "throw", PASS: "pass"}
_PAYLOAD = (1 << SHIFT) - 1
# the same numbers for the compiled hot paths (moves.pxd types them; Python names are objects)
_K_ATTACK, _K_BEAT, _K_TRANSFER, _K_SHOW, _K_TAKE, _K_THROW, _K_PASS = (
    ATTACK, BEAT, TRANSFER, SHOW, TAKE, THROW, PASS)
_M_ATTACK, _M_BEAT, _M_TRANSFER, _M_SHOW, _M_TAKE, _M_THROW, _M_PASS = (
    k << SHIFT for k in (ATTACK, BEAT, TRANSFER, SHOW, TAKE, THROW, PASS))
_RANK = RANK
_ONE = 1
_BEAT = BEAT_SHIFT  # a beat's payload: ``target << _BEAT | card``


def kind_of(move: int) -> int:
    return move >> SHIFT


def payload_of(move: int) -> int:
    return move & _PAYLOAD


#: R2.2, R4: the attack shapes other than "rank": (sizes listed, words of a refusal)
SHAPES: dict[str, tuple[tuple[int, ...], str]] = {
    "one_or_two": ((1, 2), "one card or two of a rank"),
    "pair_plus_one": ((1, 2, 3), "one card, a pair, or a pair plus one card"),
    "pairs": ((1, 3, 5), "one card, a pair plus one card, or two pairs plus one card"),
    "pair_only": ((2,), "exactly one pair"),  # R4 D: after everyone passed, as "one_or_two"
    "groups": ((1, 2, 3, 4, 5), "one card, two to four of a rank, a pair plus one card, two "
                                "pairs, or two pairs plus one card"),  # R9.8
    "three": ((3,), "three cards, or all you hold if fewer"),  # R9.7 (fewer: tryoshka_size)
}
_LISTED = 8  # a menu whose moves are listed outright (R4 D's pass)
_SHAPED = 9  # the R4/R9.8 shapes: ``hand``, and ``listed`` holds the groups (shapes.code)
_WITH = 10  # a menu, then the house parts' own moves (R9): ``inner``, then ``listed``
#: a menu, then a house part's own moves counted, not listed (R9.19): ``inner``, then ``tag |
#: s`` for every subset ``s`` of ``hand`` of at most ``room`` cards (``extended_subsets``)
_WITH_SUBSETS = 11
#: a menu, then a house part's own moves counted, not listed (R9.49): ``inner``, then ``tag |
#: s`` for every subset ``s`` of ``hand`` of exactly ``room`` cards (``extended_combinations``)
_WITH_COMBOS = 12
_N_ATTACK_MOST = MOST_OF_RANK  # R2.2: at most four cards of one rank (eight of two decks)


def _pairs_in(m: int) -> int:
    """How many pairs the cards of ``m`` make (two of a rank; three of a rank make one)."""
    total = 0
    while m:
        total += (m & RANK).bit_count() // 2
        m >>= 1 << RANK_SHIFT
    return total


def shape_ok(shape: str, m: int) -> bool:
    """Is the attack ``m`` (a mask) of the shape ``shape``? (R2.2, R4)"""
    k = m.bit_count()
    if shape == "rank":
        base = (m & -m).bit_length() - 1 & ~RANK_LOW  # the lowest card's rank
        return k > 0 and m >> base <= RANK  # every card in that one nibble
    pair = k == 2 and _pairs_in(m) == 1
    if shape == "pair_only":
        return pair
    if shape == "three":
        return 0 < k <= 3
    if shape == "groups":  # R9.8: (1,), (2,), (3,), (4,), (2, 1), (2, 2), (2, 2, 1)
        return shapes.fits(m, shapes.groups("groups", 5))
    if shape == "one_or_two":
        return k == 1 or pair
    if shape == "pair_plus_one":
        return k == 1 or pair or (k == 3 and _pairs_in(m) >= 1)
    return k == 1 or (k == 3 and _pairs_in(m) >= 1) or (k == 5 and _pairs_in(m) >= 2)


def _shaped(shape: str, h: int, most: int) -> Menu:
    """R4, R9.8: the attacks of the shape, counted by ``shapes`` (by size, then in combinations
    order: the reference's order), none listed."""
    if shape == "one_or_two":  # singles, then pairs by rank: the menu of one rank's attacks
        return Menu(ATTACK, h, bits.rank_counts_multi(h) if most > 1 else 0, min(most, 2))
    out = Menu(_SHAPED, h)
    if shape == "three":  # R9.7: any three cards, or all he holds if fewer
        out.listed = [shapes.code(tryoshka_size(h, most), shapes.ANY)]
    else:
        out.listed = shapes.groups(shape, most)
    return out


def tryoshka_size(h: int, most: int) -> int:
    """R9.7: an attack is three cards, or all the attacker holds if fewer, and never more than
    the bout allows (R2.6)."""
    return min(3, h.bit_count(), most)


class Menu:
    """What the seat to act may do, as a few numbers (``kind`` says which fields count):

    * ``ATTACK`` (R2.2): the singles of ``hand``, then groups of 2..``most`` of a rank
      (``multi``: a bit per rank held twice or more);
    * ``BEAT`` (R2.3, R3, R2.7): per unbeaten card ``(target, options)``; the transfers of
      ``same`` of the sizes in ``sizes`` (bit ``k``), the trump ``show`` shown; then take;
    * ``THROW`` (R2.4): the subsets of ``hand`` of at most ``room`` cards; then pass.
    """

    __slots__ = ("kind", "hand", "multi", "most", "targets", "same", "sizes", "show", "room",
                 "listed", "inner", "tag")

    def __init__(self, kind: int, hand: int = 0, multi: int = 0, most: int = 0,
                 targets: list[tuple[int, int]] | None = None, same: int = 0, sizes: int = 0,
                 show: int = 0, room: int = 0) -> None:
        self.kind, self.hand, self.multi, self.most = kind, hand, multi, most
        self.targets: list[tuple[int, int]] = targets or []
        self.same, self.sizes, self.show, self.room = same, sizes, show, room
        self.listed: list[int] = []
        self.inner: Menu | None = None  # _WITH: the menu the parts' moves follow
        self.tag = 0  # _WITH_SUBSETS: the kind bits of the part's moves


def extended(m: Menu, extra: list[int]) -> Menu:
    """``m``, then the moves ``extra`` (a house part's own, R9) listed after its moves."""
    if not extra:
        return m
    if m.kind == _WITH:
        m.listed = m.listed + extra
        return m
    w = Menu(_WITH)
    w.inner, w.listed = m, extra
    return w


def extended_subsets(m: Menu, tag: int, cards: int, room: int) -> Menu:
    """``m``, then the moves ``tag | s`` for every non-empty subset ``s`` of ``cards`` of at
    most ``room`` cards, smallest first, each size in ``combinations`` order: what
    ``extended(m, [tag | s for s in bits.subsets(cards, room)])`` lists, counted and unranked
    instead (a playout asks for one of them, not for the list)."""
    room = min(room, popcount(cards))
    if room < 1:
        return m
    w = _new_menu(_WITH_SUBSETS, cards)
    w.inner, w.room, w.tag = m, room, tag
    return w


def extended_combinations(m: Menu, tag: int, cards: int, k: int) -> Menu:
    """``m``, then the moves ``tag | s`` for every subset ``s`` of ``cards`` of exactly ``k``
    cards, in ``combinations`` order: counted and unranked, never listed until ``moves`` is
    asked (R9.49's gifts: any two, or five, of a hand of any size)."""
    if k < 1 or k > popcount(cards):
        return m
    w = _new_menu(_WITH_COMBOS, cards)
    w.inner, w.room, w.tag = m, k, tag
    return w


def listed(moves: list[int]) -> Menu:
    """A menu of exactly ``moves``, listed outright (a house part's own phase, R9.38)."""
    out = Menu(_LISTED)
    out.listed = moves
    return out


def everyone_passed(st: CoreState) -> bool:
    """R4 D: every active player has passed the opening in turn (a single card may open)."""
    passes = st.extra.get("open_passes", 0)
    return isinstance(passes, int) and passes >= st.n - st.outm.bit_count()


def _pair_only(st: CoreState, h: int, most: int) -> Menu:
    """R4 D (``attack_shape="pair_only"``): open with exactly one pair, or pass the opening on
    without one; once everyone has passed in turn, with one card or one pair."""
    if everyone_passed(st):
        return _shaped("one_or_two", h, most) if most >= 1 else Menu(ATTACK)
    pairs = _shaped("pair_only", h, most)
    if count_menu(pairs):
        return pairs
    out = Menu(_LISTED)
    out.listed = [PASS << SHIFT]
    return out


def menu(st: CoreState) -> Menu:
    """What the seat to act may do (the game is not over): the core's menu, then the house
    parts' (R9)."""
    m = core_menu(st)
    if st.cfg.hooks.moves:
        for part in phase_moves(st):
            m = part.moves(st, m)
    return m


def phase_moves(st: CoreState) -> tuple[typing.Any, ...]:
    """The ``moves`` parts that act in the phase of ``core_menu`` the seat to act is in
    (``HousePart.moves_in``, hooks.py): the others leave this menu as it is."""
    if st.opening:
        return st.cfg.hooks.moves_opening
    if st.to_act == st.defender and not st.taking:
        return st.cfg.hooks.moves_defence
    return st.cfg.hooks.moves_throw


def core_menu(st: CoreState) -> Menu:
    """What the seat to act may do under R2-R6."""
    seat = st.to_act
    if st.opening:
        h = playable(st, seat)  # (R9.37: not the locked cards)
        if st.cfg.hooks.opening:  # a house rule may narrow the cards that open (R9.6)
            for part in st.cfg.hooks.opening:
                h = part.opening(st, h)
        most = attack_most(st)
        if st.cfg.shape == "pair_only":
            return _pair_only(st, h, most)
        if most < 1:
            return Menu(ATTACK)
        if st.cfg.shape != "rank":
            return _shaped(st.cfg.shape, h, most)
        m = _new_menu(_K_ATTACK, h)
        m.most = most if most < _N_ATTACK_MOST else _N_ATTACK_MOST
        m.multi = rank_counts_multi(h) if most > 1 else 0
        return m
    if seat == st.defender and not st.taking:
        h = playable(st, seat)
        beat = st.cfg.beat
        targets = []
        for i in range(st.settled, st.nt):
            if st.tdm[i] < 0:
                a = st.tam[i]
                targets.append((a, h & beat[a]))
        m = _new_menu(_K_BEAT, h)
        m.targets = targets
        if st.cfg.transfer:
            m.same, m.sizes, m.show = transfer_options(st, h)
        if st.cfg.hooks.defence:  # the house parts narrow the menu
            for part in st.cfg.hooks.defence:
                m = part.defence(st, m)
        return m
    throwable = playable(st, seat) & table_ranks(st)
    m = _new_menu(_K_THROW, throwable)
    m.room = throw_room(st, seat, throwable)
    return m


def attack_most(st: CoreState) -> int:
    """R2.6: how many cards the opening attack may hold (before R2.2's four of a rank)."""
    c = st.cfg
    most = c.first_limit if st.bout == 0 else c.later_limit  # (limit(st))
    held = popcount(st.hm[st.defender])  # (no min(): a call, in plain Python)
    return most if most < held else held


def throw_room(st: CoreState, seat: int, throwable: int) -> int:
    """R2.4, R2.6: how many of ``throwable`` ``seat`` may throw in at once."""
    r = room(st)
    if st.cfg.one_at_a_time and seat != st.attacker and r > 1:
        r = 1
    held = popcount(throwable)  # (no min() or max(): calls, in plain Python)
    if r > held:
        r = held
    return r if r > 0 else 0


#: the empty list a menu's unused list fields share (never changed: ``extended`` replaces
#: ``listed``, and a part that narrows ``targets`` assigns a new list)
_NONE: list[typing.Any] = []


def _new_menu(kind: int, hand: int) -> Menu:
    """``Menu(kind, hand)`` without the keyword arguments' cost (the hot path's menus)."""
    m = Menu.__new__(Menu)
    m.kind, m.hand, m.multi, m.most = kind, hand, 0, 0
    m.targets, m.same, m.sizes, m.show, m.room = _NONE, 0, 0, 0, 0
    m.listed, m.inner, m.tag = _NONE, None, 0
    return m


def transfer_options(st: CoreState, h: int) -> tuple[int, int, int]:
    """R3: the defender's cards of the attacking rank, the sizes allowed (bit ``k``: ``k``
    cards) and the trumps that may be shown (a mask, 0: none; one card of one deck, each of
    the twins with two, R9.21)."""
    if not st.cfg.transfer:
        return 0, 0, 0
    code, rank = transfer_blocked(st)
    if code != OK:
        return 0, 0, 0
    same = h & (_RANK << rank)
    sizes = 0
    for k in range(1, popcount(same) + 1):
        if transfer_check(st, k, 0, rank) == OK:
            sizes |= _ONE << k
    show = same & st.cfg.trump_mask
    if show and transfer_check(st, 1, show, rank) != OK:
        show = 0
    return same, sizes, show


def count_menu(m: Menu) -> int:
    if m.kind == _WITH:  # R9: the core's moves, then the parts'
        assert m.inner is not None
        return count_menu(m.inner) + len(m.listed)
    if m.kind == _WITH_SUBSETS:
        assert m.inner is not None
        return count_menu(m.inner) + count_throw(m.hand, m.room) - 1  # (no pass)
    if m.kind == _WITH_COMBOS:
        assert m.inner is not None
        return count_menu(m.inner) + COMB[popcount(m.hand)][m.room]
    if m.kind == _LISTED:
        return len(m.listed)
    if m.kind == _SHAPED:
        return shapes.count(m.hand, m.listed)
    if m.kind == _K_ATTACK:
        return count_attack(m.hand, m.multi, m.most)
    if m.kind == _K_BEAT:
        total = 1
        for target in m.targets:
            total += popcount(target[1])
        return total + count_transfers(m.same, m.sizes, m.show)
    return count_throw(m.hand, m.room)


def count_attack(h: int, multi: int, most: int) -> int:
    """R2.2: the attacks of ``h``: its singles, then 2..``most`` cards of each rank of
    ``multi`` (a bit per rank held twice or more)."""
    total = popcount(h)
    if most < 2:
        return total
    if most > _N_ATTACK_MOST:
        most = _N_ATTACK_MOST  # (a rank has no more cards)
    x = multi
    while x:
        b = x & (~x + 1)
        x ^= b
        total += GROUPS[popcount(h >> (bitlen(b) - 1) & _RANK)][most]
    return total


def count_transfers(same: int, sizes: int, show: int) -> int:
    """R3: the transfers with ``same`` (bit ``k`` of ``sizes``: ``k`` cards allowed), and the
    trumps of ``show``, each shown alone (R3.4; two of them with two decks)."""
    total = 0
    n_same = popcount(same)
    for k in range(1, n_same + 1):
        if sizes >> k & 1:
            total += COMB[n_same][k]
    return total + popcount(show)


def count_throw(throwable: int, r: int) -> int:
    """R2.4: the throw-ins of at most ``r`` cards of ``throwable``, and the pass."""
    return (SUBSETS[popcount(throwable)][r] if r > 0 else 0) + 1


def _nth_shaped(h: int, groups: list[int], j: int) -> int:
    """The ``j``-th attack of the groups (``shapes.code``), as a mask."""
    for g in groups:
        c = shapes.count_group(h, g)
        if j < c:
            return shapes.nth(h, g & 7, g >> 3, j)
        j -= c
    raise IndexError("move index out of range")


def count(st: CoreState) -> int:
    """How many legal moves the seat to act has (0 when the game is over)."""
    return 0 if st.to_act < 0 else count_menu(menu(st))


def nth(st: CoreState, j: int) -> int:
    """The ``j``-th legal move (0-based), in ``legal_actions()`` order, without listing them."""
    return nth_of_menu(menu(st), j)


def nth_of_menu(m: Menu, j: int) -> int:
    if m.kind == _WITH:  # R9: the core's moves, then the parts'
        assert m.inner is not None
        c = count_menu(m.inner)
        return nth_of_menu(m.inner, j) if j < c else m.listed[j - c]
    if m.kind == _WITH_SUBSETS:
        assert m.inner is not None
        c = count_menu(m.inner)
        if j < c:
            return nth_of_menu(m.inner, j)
        if j - c < count_throw(m.hand, m.room) - 1:
            return m.tag | nth_subset(m.hand, m.room, j - c)
        raise IndexError("move index out of range")
    if m.kind == _WITH_COMBOS:
        assert m.inner is not None
        c = count_menu(m.inner)
        if j < c:
            return nth_of_menu(m.inner, j)
        if j - c < COMB[popcount(m.hand)][m.room]:
            return m.tag | nth_combination(m.hand, m.room, j - c)
        raise IndexError("move index out of range")
    if m.kind == _LISTED:
        return m.listed[j]
    if m.kind == _SHAPED:
        return _M_ATTACK | _nth_shaped(m.hand, m.listed, j)
    if m.kind == _K_ATTACK:
        return nth_attack(m.hand, m.multi, m.most, j)
    if m.kind == _K_BEAT:
        for target in m.targets:
            options = target[1]
            c = popcount(options)
            if j < c:
                a = target[0]
                return _M_BEAT | _ONE * a << _BEAT | (bitlen(nth_bit(options, j)) - 1)
            j -= c
        return nth_transfer(m.same, m.sizes, m.show, j)
    return nth_throw(m.hand, m.room, j)


def nth_attack(h: int, multi: int, most: int, j: int) -> int:
    """The ``j``-th attack that ``count_attack`` counts."""
    singles = popcount(h)
    if j < singles:
        return _M_ATTACK | nth_bit(h, j)
    j -= singles
    for k in range(2, most + 1):
        x = multi
        while x:
            b = x & (~x + 1)
            x ^= b
            shift = bitlen(b) - 1
            nibble = h >> shift & _RANK
            c = COMB[popcount(nibble)][k]
            if j < c:
                return _M_ATTACK | nth_combination(nibble, k, j) << shift
            j -= c
    raise IndexError("move index out of range")


def nth_transfer(same: int, sizes: int, show: int, j: int) -> int:
    """The ``j``-th of the transfers ``count_transfers`` counts, then the take (R2.7)."""
    n_same = popcount(same)
    for k in range(1, n_same + 1):
        if sizes >> k & 1:
            c = COMB[n_same][k]
            if j < c:
                return _M_TRANSFER | nth_combination(same, k, j)
            j -= c
    if show:  # each trump of the rank shown alone (two of them with two decks)
        c = popcount(show)
        if j < c:
            return _M_SHOW | nth_bit(show, j)
        j -= c
    if j == 0:
        return _M_TAKE
    raise IndexError("move index out of range")


def nth_throw(throwable: int, r: int, j: int) -> int:
    """The ``j``-th move ``count_throw`` counts: a throw-in, then the pass."""
    c = SUBSETS[popcount(throwable)][r] if r > 0 else 0
    if j < c:
        return _M_THROW | nth_subset(throwable, r, j)
    if j == c:
        return _M_PASS
    raise IndexError("move index out of range")


def moves(st: CoreState) -> list[int]:
    """Every legal move, in ``legal_actions()`` order (empty when the game is over)."""
    if st.to_act < 0:
        return []
    m = menu(st)
    if m.kind == _WITH:  # R9: the core's moves, then the parts'
        assert m.inner is not None
        return [nth_of_menu(m.inner, j) for j in range(count_menu(m.inner))] + m.listed
    if m.kind == _WITH_SUBSETS:
        assert m.inner is not None
        return ([nth_of_menu(m.inner, j) for j in range(count_menu(m.inner))]
                + [m.tag | g for g in bits.subsets(m.hand, m.room)])
    if m.kind == _WITH_COMBOS:
        assert m.inner is not None
        return ([nth_of_menu(m.inner, j) for j in range(count_menu(m.inner))]
                + [m.tag | g for g in bits.combinations(m.hand, m.room)])
    if m.kind == _LISTED:
        return list(m.listed)
    out: list[int] = []
    if m.kind == _SHAPED:
        for c in m.listed:
            for g in shapes.listing(m.hand, c & 7, c >> 3):
                out.append(_M_ATTACK | g)
        return out
    if m.kind == _K_ATTACK:
        h, multi, most = m.hand, m.multi, m.most
        x = h
        while x:  # the singles, lowest first
            b = x & (~x + 1)
            x ^= b
            out.append(_M_ATTACK | b)
        for k in range(2, most + 1):
            x = multi
            while x:
                b = x & (~x + 1)
                x ^= b
                shift = bitlen(b) - 1
                for g in bits.combinations(h >> shift & _RANK, k):
                    out.append(_M_ATTACK | g << shift)
        return out
    if m.kind == _K_BEAT:
        same, sizes, show = m.same, m.sizes, m.show
        for target in m.targets:
            a = target[0]
            x = target[1]
            while x:
                b = x & (~x + 1)
                x ^= b
                out.append(_M_BEAT | a << _BEAT | (bitlen(b) - 1))
        for k in range(1, popcount(same) + 1):
            if sizes >> k & 1:
                for g in bits.combinations(same, k):
                    out.append(_M_TRANSFER | g)
        x = show
        while x:  # each trump of the rank shown alone (two of them with two decks)
            b = x & (~x + 1)
            x ^= b
            out.append(_M_SHOW | b)
        out.append(_M_TAKE)
        return out
    throwable, r = m.hand, m.room
    for g in bits.subsets(throwable, r):
        out.append(_M_THROW | g)
    out.append(_M_PASS)
    return out
