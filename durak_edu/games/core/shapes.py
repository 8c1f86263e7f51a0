"""The shaped attacks (R4, R9.7, R9.8) counted and unranked, never listed (issue 25).

A shape is a list of *groups*: a size ``k`` and a condition on how the cards fall into ranks
(``ANY``, at least one pair, at least two pairs, two pairs and no three of a rank). The
reference lists a shape's attacks by size, then in ``itertools.combinations`` order of the
cards (lowest first); here a group's attacks are counted from the hand's rank counts alone and
the ``j``-th is found card by card, each candidate weighed by how many completions it has. The
completions depend only on how many ranks above hold 1, 2, 3 or 4 cards, so they are
remembered (``_MEMO``): a hand of twenty has 15,504 subsets of five, and finding one of its
attacks weighs at most twenty candidates a card.

>>> h = 0b0011_0011_0001   # 6♠ (position 0), 7♠ 7♣ (4, 5), 8♠ 8♣ (8, 9)
>>> count(h, [code(3, PAIR)]), nth(h, 3, PAIR, 0) == 1 | 1 << 4 | 1 << 5
(6, True)
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

from .bits import COMB, RANK, nth_combination

if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import lowest, popcount

__all__ = ["ANY", "PAIR", "TWO_PAIRS", "TWO_PAIRS_ONE", "code", "count", "nth", "groups",
           "count_group", "fits", "listing"]

ANY = 0            # any k cards (R9.7; the singles)
PAIR = 1           # at least one pair among them (two or three of a rank count as one)
TWO_PAIRS = 2      # at least two pairs (four of a rank counts as two)
TWO_PAIRS_ONE = 3  # two pairs and no three of a rank (R9.8: nothing is added to a three)
# the same numbers for the compiled comparisons (shapes.pxd types them; Python names are objects)
_ANY, _PAIR, _TWO_PAIRS, _TWO_PAIRS_ONE = ANY, PAIR, TWO_PAIRS, TWO_PAIRS_ONE
_RANK = RANK
_ONE = 1  # compiled: unsigned 64-bit, so a shift of a card bit never overflows

#: the reference's shapes (attack.py ``_SHAPES``) as groups ``(size, condition)``, by size
_GROUPS: dict[str, tuple[tuple[int, int], ...]] = {
    "one_or_two": ((1, ANY), (2, PAIR)),
    "pair_plus_one": ((1, ANY), (2, PAIR), (3, PAIR)),
    "pairs": ((1, ANY), (3, PAIR), (5, TWO_PAIRS)),
    "pair_only": ((2, PAIR),),
    # R9.8: (1,), (2,), (3,), (4,), (2, 1), (2, 2), (2, 2, 1)
    "groups": ((1, ANY), (2, PAIR), (3, PAIR), (4, TWO_PAIRS), (5, TWO_PAIRS_ONE)),
}


def code(k: int, cond: int) -> int:
    """One group as an integer: its size and its condition."""
    return cond << 3 | k


#: ``groups``' lists by shape, then by ``most`` (0..7), made once: a shaped opening's menu
#: asks for one
_GROUP_LISTS: dict[str, list[list[int]]] = {
    shape: [[code(k, cond) for k, cond in gs if k <= most] for most in range(8)]
    for shape, gs in _GROUPS.items()}


def groups(shape: str, most: int) -> list[int]:
    """The groups of ``shape`` of at most ``most`` cards, as ``code``s in listing order (one
    list per shape and size, shared: read it, never change it)."""
    return _GROUP_LISTS[shape][0 if most < 0 else 7 if most > 7 else most]


# -- the condition, on a small summary: pairs so far (at most 2) + 3 * (a rank has 3 or more) -----

def _add(stat: int, f: int) -> int:
    """The summary with one more rank of ``f`` cards."""
    pairs = min(2, stat % 3 + f // 2)
    return pairs + 3 * (stat >= 3 or f >= 3)


def _accept(cond: int, stat: int) -> bool:
    pairs = stat % 3
    if cond == _PAIR:
        return pairs >= 1
    if cond == _TWO_PAIRS:
        return pairs >= 2
    if cond == _TWO_PAIRS_ONE:
        return pairs >= 2 and stat < 3
    return True


#: ``_ways`` remembered, by its arguments packed into one integer (``_key``)
_MEMO: dict[int, int] = {}
#: and in front of it a direct-mapped copy (compiled: two C arrays, no Python int made): the
#: key held in each slot (0: none) and its count
_SLOTS_MASK = 4095
_SLOT_KEY = [0] * 4096
_SLOT_WAYS = [0] * 4096


def _key(cond: int, stat: int, r: int, n1: int, n2: int, n3: int, n4: int) -> int:
    """``_ways``'s arguments as one integer: 2 bits, 3, 6 and four counts of at most 15."""
    return (((((cond << 3 | stat) << 6 | r) << 4 | n1) << 4 | n2) << 4 | n3) << 4 | n4


def _ways(cond: int, stat: int, r: int, n1: int, n2: int, n3: int, n4: int) -> int:
    """How many ways to take ``r`` more cards from ranks of which ``n1`` hold one card, ``n2``
    two, ... so that the whole attack meets ``cond`` (``stat``: the summary so far)."""
    if r == 0:
        return 1 if _accept(cond, stat) else 0
    if r > n1 + 2 * n2 + 3 * n3 + 4 * n4:
        return 0
    key = _key(cond, stat, r, n1, n2, n3, n4)
    slot = (key ^ key >> 11) & _SLOTS_MASK
    if _SLOT_KEY[slot] == key:  # (a key is never 0: r >= 1)
        return _SLOT_WAYS[slot]
    found = _MEMO.get(key)
    if found is not None:
        _SLOT_KEY[slot] = key
        _SLOT_WAYS[slot] = found
        return found
    # one rank of the largest class: take u of its c cards
    if n4:
        c, n4 = 4, n4 - 1
    elif n3:
        c, n3 = 3, n3 - 1
    elif n2:
        c, n2 = 2, n2 - 1
    else:
        c, n1 = 1, n1 - 1
    total = 0
    for u in range(min(c, r) + 1):
        w = _ways(cond, _add(stat, u) if u else stat, r - u, n1, n2, n3, n4)
        total += _choose(c, u) * w
    _MEMO[key] = total
    _SLOT_KEY[slot] = key
    _SLOT_WAYS[slot] = total
    return total


def _classes(h: int) -> int:
    """How many ranks of ``h`` hold 1, 2, 3, 4 cards, packed: ``n1 | n2 << 8 | n3 << 16 |
    n4 << 24`` (``_class``)."""
    out = 0
    while h:
        f = popcount(h & _RANK)
        if f:
            out += _ONE << 8 * (f - 1)
        h >>= 4
    return out


def _class(packed: int, f: int) -> int:
    """How many ranks hold ``f`` (1..4) cards, of a ``_classes`` count."""
    return packed >> 8 * (f - 1) & 0xFF


def _choose(n: int, k: int) -> int:
    """C(n, k) (``COMB[n][k]`` without a list: a group has at most 7 cards)."""
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


#: the sums ``count_group`` reads, of the hand ``_SUMS_OF`` (a menu's count and its move's
#: unranking ask them of one hand for every group: made once)
_SUMS_OF = 0
_SUMS_SET = False
_SP = _SP2 = _SPF = _SP2F = _S3 = _S3P = _S4 = _S4F = 0


def _rank_sums(h: int) -> None:
    """``count_group``'s sums over the ranks of ``h`` with two cards or more: with ``f`` a
    rank's cards, ``p = C(f, 2)``, ``t = C(f, 3)``, ``q = C(f, 4)``, the sums of ``p``, ``p²``,
    ``p f``, ``p² f``, ``t``, ``t p``, ``q`` and ``q f``."""
    global _SUMS_OF, _SUMS_SET, _SP, _SP2, _SPF, _SP2F, _S3, _S3P, _S4, _S4F
    sp = sp2 = spf = sp2f = s3 = s3p = s4 = s4f = 0
    x = h
    while x:
        f = popcount(x & _RANK)
        x >>= 4
        if f < 2:
            continue
        if f == 2:  # (a rank has at most four cards: C(f, k) by cases, no division)
            p, t, q = 1, 0, 0
        elif f == 3:
            p, t, q = 3, 1, 0
        elif f == 4:
            p, t, q = 6, 4, 1
        else:
            p = f * (f - 1) // 2
            t = p * (f - 2) // 3
            q = t * (f - 3) // 4
        sp += p
        sp2 += p * p
        spf += p * f
        sp2f += p * p * f
        s3 += t
        s3p += t * p
        s4 += q
        s4f += q * f
    _SP = sp
    _SP2 = sp2
    _SPF = spf
    _SP2F = sp2f
    _S3 = s3
    _S3P = s3p
    _S4 = s4
    _S4F = s4f
    _SUMS_OF = h
    _SUMS_SET = True


def count_group(h: int, c: int) -> int:
    """How many attacks of the group ``c`` the hand ``h`` has: the groups the shapes use
    (``_GROUPS``) in closed form from the ranks' card counts ``f`` — with ``p = C(f, 2)``,
    ``t = C(f, 3)``, ``q = C(f, 4)`` summed over the ranks, ``n`` the cards held:

    * a pair (2): ``Σp``; a pair and one more card (3, ``PAIR``): ``Σ p (n - f) + Σt``;
    * two pairs of four cards (``TWO_PAIRS``: two ranks of two, or one of four):
      ``Σ_{r<s} p_r p_s + Σq``;
    * two pairs and one card of a third rank (5, ``TWO_PAIRS_ONE``, R9.8):
      ``Σ_{r<s} p_r p_s (n - f_r - f_s)``; (5, ``TWO_PAIRS``, R4's "pairs") adds three and
      two of a rank and four and one: ``Σ_{r≠s} t_r p_s + Σ q (n - f)``;

    any other by the remembered walk (``_ways``)."""
    k, cond = c & 7, c >> 3
    if cond == _ANY:
        return _choose(popcount(h), k)
    if k == 2 or k == 3 and cond == _PAIR or k == 4 and cond == _TWO_PAIRS or k == 5 and (
            cond == _TWO_PAIRS_ONE or cond == _TWO_PAIRS):
        if h != _SUMS_OF or not _SUMS_SET:
            _rank_sums(h)
        n = popcount(h)
        sp = _SP
        sp2 = _SP2
        spf = _SPF
        sp2f = _SP2F
        s3 = _S3
        s3p = _S3P
        s4 = _S4
        s4f = _S4F
        if k == 2:
            return sp
        if k == 3:
            return sp * n - spf + s3
        pairs2 = (sp * sp - sp2) // 2  # Σ_{r<s} p_r p_s
        if k == 4:
            return pairs2 + s4
        # Σ_{r<s} p_r p_s (n - f_r - f_s) = n Σ_{r<s} p_r p_s - Σ_{r≠s} p_r f_r p_s
        out = n * pairs2 - (spf * sp - sp2f)
        if cond == _TWO_PAIRS:
            out += s3 * sp - s3p + s4 * n - s4f
        return out
    m = _classes(h)
    return _ways(cond, 0, k, _class(m, 1), _class(m, 2), _class(m, 3), _class(m, 4))


def fits(m: int, codes: list[int]) -> bool:
    """Is the attack ``m`` (a mask) of one of the groups ``codes``?"""
    stat = 0
    x = m
    while x:
        stat = _add(stat, popcount(x & _RANK))
        x >>= 4
    k = popcount(m)
    for c in codes:
        if c & 7 == k and _accept(c >> 3, stat):
            return True
    return False


def count(h: int, codes: list[int]) -> int:
    """How many attacks the groups ``codes`` give the hand ``h``."""
    total = 0
    for c in codes:
        total += count_group(h, c)
    return total


def _above(h: int) -> list[int]:
    """``above[q]``: how many ranks above rank ``q`` hold 1, 2, 3, 4 cards of ``h`` (packed as
    ``_classes`` packs them)."""
    above = [0] * 14
    acc = 0
    for q in range(12, -1, -1):
        above[q] = acc
        f = popcount(h >> 4 * q & _RANK)
        if f:
            acc += _ONE << 8 * (f - 1)
    return above


def _weight(h: int, above: list[int], cond: int, base: int, rank: int,
            t: int, y: int, r: int) -> int:
    """How many attacks take ``y`` next, with ``r`` cards still to take (``y`` among them):
    ``base`` sums the finished ranks, ``t`` cards of the current ``rank`` are taken."""
    ry = y >> 2
    if ry == rank:
        fixed, t0 = base, t
    else:
        fixed, t0 = _add(base, t) if t else base, 0
    a = popcount(h >> (y + 1) & _RANK >> (y & 3) + 1)  # its rank's cards above it
    n = above[ry]
    n1, n2, n3, n4 = _class(n, 1), _class(n, 2), _class(n, 3), _class(n, 4)
    c = 0
    for u in range(min(a, r - 1) + 1):
        w = _ways(cond, _add(fixed, t0 + 1 + u), r - 1 - u, n1, n2, n3, n4)
        c += _choose(a, u) * w
    return c


def nth(h: int, k: int, cond: int, j: int) -> int:
    """The ``j``-th attack (a mask) of ``k`` cards of ``h`` meeting ``cond``, in combinations
    order of the cards (the reference's order within one size)."""
    if cond == _ANY:
        return nth_combination(h, k, j)
    if k == 2:
        shift = 0
        while True:
            nib = h >> shift & _RANK
            c = COMB[popcount(nib)][2]
            if j < c:
                return nth_combination(nib, 2, j) << shift
            j -= c
            shift += 4
    above = _above(h)
    out = 0
    base = 0      # the summary of the ranks finished (below the current one)
    rank = -1     # the current rank, and how many of its cards are taken
    t = 0
    m = h
    r = k
    while r:
        x = m
        while True:
            if not x:
                raise IndexError("attack index out of range")
            y = lowest(x)
            x &= x - 1
            c = _weight(h, above, cond, base, rank, t, y, r)
            if j < c:
                break
            j -= c
        out |= _ONE << y
        if y >> 2 == rank:
            t += 1
        else:
            base = _add(base, t) if t else base
            rank, t = y >> 2, 1
        m = x  # the cards above y
        r -= 1
    return out


def listing(h: int, k: int, cond: int) -> list[int]:
    """Every attack of ``k`` cards of ``h`` meeting ``cond``, in ``nth``'s order: one walk,
    into a candidate only when it has completions."""
    if cond == ANY or k == 2:
        return [nth(h, k, cond, j) for j in range(count_group(h, code(k, cond)))]
    above = _above(h)
    out: list[int] = []

    def walk(m: int, chosen: int, base: int, rank: int, t: int, r: int) -> None:
        x = m
        while x:
            y = (x & -x).bit_length() - 1
            x &= x - 1
            if not _weight(h, above, cond, base, rank, t, y, r):
                continue
            if r == 1:
                out.append(chosen | 1 << y)
            elif y >> 2 == rank:
                walk(x, chosen | 1 << y, base, rank, t + 1, r - 1)
            else:
                walk(x, chosen | 1 << y, _add(base, t) if t else base, y >> 2, 1, r - 1)

    walk(h, 0, 0, -1, 0, k)
    return out
