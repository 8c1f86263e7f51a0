"""The ending search's key (issue 29): a position of two seats where the ranks may be closed up,
as two 64-bit words, so that positions no rule tells apart share one entry of the search's
table (``solver.Table``).

What is joined, and why each join is exact, is said at each function: ranks no card in play
holds taken out (``key_words``), the plain suits sorted, ranks with no suit in common put in one
order (``_rank_order``, ``_least_order``), and the two seats swapped with their roles so the
seat to act is seat 0 (``Search`` keeps each entry's bounds for the seat to act). Like the
search, one source with two lives: compiled by Cython with ``solver_key.pxd``'s C types, or
plain Python. ``canonical`` is the key as one integer, for the tests.
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

if not cython.compiled:  # compiled: cbits.pxd's C builtin, inlined
    from .bits import lowest
from .bits import SUIT

__all__ = ["canonical", "key_words"]

_SUIT = SUIT  # the cards of suit 0, one bit a rank (``<< t``: suit t's)
_TRIPLETS = 0o111111111  # the low bit of each rank's three in a suit's codes (``key_words``)


def canonical(h0: int, h1: int, table: int, unbeaten: int, trump: int, suits: bool,
              flags: int, ranks: bool = True, seats: bool = True) -> int:
    """The table's key of a position where the ranks may be closed up (``key_words``: what it
    keeps and why), its two words as one integer."""
    hi, lo = key_words(h0, h1, table, unbeaten, trump, suits, flags, ranks, seats)
    high: int = hi  # compiled: a Python int (``solver.pxd``), so the shift does not overflow
    return high << 64 | lo


def key_words(h0: int, h1: int, table: int, unbeaten: int, trump: int, suits: bool,
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
    """A suit's codes (``key_words``: three bits a rank) with the ranks it has no card of left
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
    (``ab``: ``a`` and ``b``, ``bc``: ``b`` and ``c``; ``key_words`` sorted them by those): the
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
    """The four suits' codes (``key_words``: three bits a rank) with the ranks put in a
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
