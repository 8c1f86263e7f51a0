"""The legal moves of a core position: counted, unranked and listed in one order.

The order is exactly ``AttackGame.legal_actions()``'s (docs/architecture.md, "The
enumeration"), so ``nth(st, j)`` is the move ``legal_actions()[j]`` decodes to, and a playout
drawing ``j`` as ``rng.choice`` does plays the public API's game.

A move is one integer, ``kind << SHIFT | payload`` (see ``KINDS``).

>>> from durak_edu import new_game
>>> from durak_edu.games.core.state import from_game
>>> from durak_edu.games.core.decode import action
>>> g = new_game("podkidnoy", seed=1)
>>> st = from_game(g)
>>> count(st) == len(g.legal_actions()), action(nth(st, 2)) == g.legal_actions()[2]
(True, True)
"""

from __future__ import annotations

from . import bits
from .bits import COMB, SUBSETS, RANK
from .checks import OK, limit, room, table_ranks, transfer_blocked, transfer_check, unbeaten
from .state import CoreState

__all__ = ["ATTACK", "BEAT", "TRANSFER", "SHOW", "TAKE", "THROW", "PASS", "SHIFT", "KINDS",
           "count", "nth", "moves", "kind_of", "payload_of", "menu", "count_menu",
           "nth_of_menu", "SHAPES", "shape_ok"]

SHIFT = 58
ATTACK, BEAT, TRANSFER, SHOW, TAKE, THROW, PASS = 1, 2, 3, 4, 5, 6, 7
KINDS = {ATTACK: "attack", BEAT: "beat", TRANSFER: "transfer", SHOW: "show", TAKE: "take",
         THROW: "throw", PASS: "pass"}
_PAYLOAD = (1 << SHIFT) - 1


def kind_of(move: int) -> int:
    return move >> SHIFT


def payload_of(move: int) -> int:
    return move & _PAYLOAD


#: R2.2, R4: the attack shapes other than "rank": (sizes listed, words of a refusal)
SHAPES: dict[str, tuple[tuple[int, ...], str]] = {
    "one_or_two": ((1, 2), "one card or two of a rank"),
    "pair_plus_one": ((1, 2, 3), "one card, a pair, or a pair plus one card"),
    "pairs": ((1, 3, 5), "one card, a pair plus one card, or two pairs plus one card"),
}
_LISTED = 8  # a menu whose moves are listed outright (the R4 shapes)


def _pairs_in(m: int) -> int:
    """How many pairs the cards of ``m`` make (two of a rank; three of a rank make one)."""
    total = 0
    while m:
        total += (m & RANK).bit_count() // 2
        m >>= 4
    return total


def shape_ok(shape: str, m: int) -> bool:
    """Is the attack ``m`` (a mask) of the shape ``shape``? (R2.2, R4)"""
    k = m.bit_count()
    if shape == "rank":
        base = (m & -m).bit_length() - 1 & ~3  # the lowest card's rank
        return k > 0 and m >> base <= RANK  # every card in that one nibble
    pair = k == 2 and _pairs_in(m) == 1
    if shape == "one_or_two":
        return k == 1 or pair
    if shape == "pair_plus_one":
        return k == 1 or pair or (k == 3 and _pairs_in(m) >= 1)
    return k == 1 or (k == 3 and _pairs_in(m) >= 1) or (k == 5 and _pairs_in(m) >= 2)


def _positions(m: int) -> tuple[int, ...]:
    """The cards of ``m``, lowest first: the key of ``itertools.combinations`` order."""
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b.bit_length() - 1)
    return tuple(out)


def _shaped(shape: str, h: int, most: int) -> list[int]:
    """R4: every attack of the shape, by size, then in combinations order (the reference sorts
    by size, then by the cards' listing order: the same order). The groups with pairs are built
    from the pairs held, not found among every subset: a hand of twenty has 15,504 subsets of
    five but only a few hundred with two pairs."""
    pairs: list[int] = []  # every two cards of one rank, in combinations order
    x = bits.rank_counts_multi(h)
    while x:
        b = x & -x
        x ^= b
        shift = b.bit_length() - 1
        pairs.extend(g << shift for g in bits.combinations(h >> shift & RANK, 2))
    out: list[int] = []
    for k in SHAPES[shape][0]:
        if k > most:
            continue
        if k == 1:
            group = bits.combinations(h, 1)
        elif k == 2:
            group = pairs
        elif k == 3:  # a pair and one more card (three of a rank included)
            group = sorted({p | c for p in pairs for c in bits.combinations(h & ~p, 1)},
                           key=_positions)
        else:  # two pairs (four of a rank included) and one more card
            group = sorted({p | q | c for i, p in enumerate(pairs) for q in pairs[i + 1:]
                            if not p & q for c in bits.combinations(h & ~p & ~q, 1)},
                           key=_positions)
        out.extend(ATTACK << SHIFT | g for g in group)
    return out


class Menu:
    """What the seat to act may do, as a few numbers (``kind`` says which fields count):

    * ``ATTACK`` (R2.2): the singles of ``hand``, then groups of 2..``most`` of a rank
      (``multi``: a bit per rank held twice or more);
    * ``BEAT`` (R2.3, R3, R2.7): per unbeaten card ``(target, options)``; the transfers of
      ``same`` of the sizes in ``sizes`` (bit ``k``), the trump ``show`` shown; then take;
    * ``THROW`` (R2.4): the subsets of ``hand`` of at most ``room`` cards; then pass.
    """

    __slots__ = ("kind", "hand", "multi", "most", "targets", "same", "sizes", "show", "room",
                 "listed")

    def __init__(self, kind: int, hand: int = 0, multi: int = 0, most: int = 0,
                 targets: list[tuple[int, int]] | None = None, same: int = 0, sizes: int = 0,
                 show: int = 0, room: int = 0) -> None:
        self.kind, self.hand, self.multi, self.most = kind, hand, multi, most
        self.targets: list[tuple[int, int]] = targets or []
        self.same, self.sizes, self.show, self.room = same, sizes, show, room
        self.listed: list[int] = []


def menu(st: CoreState) -> Menu:
    """What the seat to act may do (the game is not over)."""
    seat = st.to_act
    if st.opening:
        h = st.hands[seat]
        most = min(limit(st), st.hands[st.defender].bit_count())
        if most < 1:
            return Menu(ATTACK)
        if st.cfg.shape != "rank":
            listed = Menu(_LISTED)
            listed.listed = _shaped(st.cfg.shape, h, most)
            return listed
        return Menu(ATTACK, h, bits.rank_counts_multi(h) if most > 1 else 0, min(most, 4))
    if seat == st.defender and not st.taking:
        h = st.hands[seat]
        beat = st.cfg.beat
        targets = [(st.ta[i], h & beat[st.ta[i]]) for i in unbeaten(st)]
        same, sizes, show = _transfers(st, h)
        m = Menu(BEAT, h, targets=targets, same=same, sizes=sizes, show=show)
        if st.cfg.parts:  # the house parts narrow the menu (R9.22: no transfer of a joker)
            for part in st.cfg.parts:
                m = part.moves(st, m)
        return m
    throwable = st.hands[seat] & table_ranks(st)
    r = room(st)
    if st.cfg.one_at_a_time and seat != st.attacker:
        r = min(r, 1)
    return Menu(THROW, throwable, room=max(0, min(r, throwable.bit_count())))


def _transfers(st: CoreState, h: int) -> tuple[int, int, int]:
    """R3: the defender's cards of the attacking rank, the sizes allowed (bit ``k``: ``k``
    cards) and the trump that may be shown (a one-bit mask, 0: none)."""
    if not st.cfg.transfer:
        return 0, 0, 0
    code, rank = transfer_blocked(st)
    if code != OK:
        return 0, 0, 0
    same = h & (RANK << rank)
    sizes = 0
    for k in range(1, same.bit_count() + 1):
        if transfer_check(st, k, 0, rank) == OK:
            sizes |= 1 << k
    show = same & st.cfg.trump_mask
    if show and transfer_check(st, 1, show, rank) != OK:
        show = 0
    return same, sizes, show


def count_menu(m: Menu) -> int:
    if m.kind == _LISTED:
        return len(m.listed)
    if m.kind == ATTACK:
        h, multi, most = m.hand, m.multi, m.most
        total = h.bit_count()
        x = multi
        while x:
            b = x & -x
            x ^= b
            c = (h >> (b.bit_length() - 1) & RANK).bit_count()
            total += sum(COMB[c][k] for k in range(2, most + 1))
        return total
    if m.kind == BEAT:
        targets, same, sizes, show = m.targets, m.same, m.sizes, m.show
        total = 1 + sum(o.bit_count() for _, o in targets)
        n_same = same.bit_count()
        for k in range(1, n_same + 1):
            if sizes >> k & 1:
                total += COMB[n_same][k]
        return total + (show != 0)
    throwable, r = m.hand, m.room
    return (SUBSETS[throwable.bit_count()][r] if r > 0 else 0) + 1


def count(st: CoreState) -> int:
    """How many legal moves the seat to act has (0 when the game is over)."""
    return 0 if st.to_act < 0 else count_menu(menu(st))


def nth(st: CoreState, j: int) -> int:
    """The ``j``-th legal move (0-based), in ``legal_actions()`` order, without listing them."""
    return nth_of_menu(menu(st), j)


def nth_of_menu(m: Menu, j: int) -> int:
    if m.kind == _LISTED:
        return m.listed[j]
    if m.kind == ATTACK:
        h, multi, most = m.hand, m.multi, m.most
        singles = h.bit_count()
        if j < singles:
            return ATTACK << SHIFT | bits.nth_bit(h, j)
        j -= singles
        for k in range(2, most + 1):
            x = multi
            while x:
                b = x & -x
                x ^= b
                shift = b.bit_length() - 1
                nibble = h >> shift & RANK
                c = COMB[nibble.bit_count()][k]
                if j < c:
                    return ATTACK << SHIFT | bits.nth_combination(nibble, k, j) << shift
                j -= c
        raise IndexError("move index out of range")
    if m.kind == BEAT:
        targets, same, sizes, show = m.targets, m.same, m.sizes, m.show
        for a, options in targets:
            c = options.bit_count()
            if j < c:
                return BEAT << SHIFT | a << 6 | (bits.nth_bit(options, j).bit_length() - 1)
            j -= c
        n_same = same.bit_count()
        for k in range(1, n_same + 1):
            if sizes >> k & 1:
                c = COMB[n_same][k]
                if j < c:
                    return TRANSFER << SHIFT | bits.nth_combination(same, k, j)
                j -= c
        if show:
            if j == 0:
                return SHOW << SHIFT | show
            j -= 1
        if j == 0:
            return TAKE << SHIFT
        raise IndexError("move index out of range")
    throwable, r = m.hand, m.room
    c = SUBSETS[throwable.bit_count()][r] if r > 0 else 0
    if j < c:
        return THROW << SHIFT | bits.nth_subset(throwable, r, j)
    if j == c:
        return PASS << SHIFT
    raise IndexError("move index out of range")


def moves(st: CoreState) -> list[int]:
    """Every legal move, in ``legal_actions()`` order (empty when the game is over)."""
    if st.to_act < 0:
        return []
    m = menu(st)
    if m.kind == _LISTED:
        return list(m.listed)
    if m.kind == ATTACK:
        h, multi, most = m.hand, m.multi, m.most
        out = [ATTACK << SHIFT | b for b in bits.combinations(h, 1)]
        for k in range(2, most + 1):
            x = multi
            while x:
                b = x & -x
                x ^= b
                shift = b.bit_length() - 1
                out.extend(ATTACK << SHIFT | g << shift
                           for g in bits.combinations(h >> shift & RANK, k))
        return out
    if m.kind == BEAT:
        targets, same, sizes, show = m.targets, m.same, m.sizes, m.show
        out = []
        for a, options in targets:
            x = options
            while x:
                b = x & -x
                x ^= b
                out.append(BEAT << SHIFT | a << 6 | (b.bit_length() - 1))
        for k in range(1, same.bit_count() + 1):
            if sizes >> k & 1:
                out.extend(TRANSFER << SHIFT | g for g in bits.combinations(same, k))
        if show:
            out.append(SHOW << SHIFT | show)
        out.append(TAKE << SHIFT)
        return out
    throwable, r = m.hand, m.room
    out = [THROW << SHIFT | g for g in bits.subsets(throwable, r)]
    out.append(PASS << SHIFT)
    return out
