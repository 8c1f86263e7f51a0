"""The ending search's key (``solver_key.canonical``, issue 29) joins positions that must have one
value, and only those: ranks reordered where no suit tells them apart, and the seats swapped.

R2.3 compares two cards of one suit (or a trump with a plain card), R2.4 asks whether two ranks
are equal: so two ranks with no card of one suit between them can be swapped, and every order
of the ranks that keeps each suit's order is the same position. With two players nothing in
the rules tells the seats apart but their roles, so a position and the same with the hands and
the roles swapped have one value for the seat to act. The key's two equivalences are checked
three ways: by brute force on the key (every reordering of the ranks gets the position's key
exactly where it keeps each suit's order), on the game (the reference search gives the
reordered or swapped position the same value and the same best moves), and on the search (every
first move's value with and without them: ``test_endgame_single``).
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, reject, settings, strategies as st

from durak_edu import deck, from_position
from durak_edu.bots.endgame import Endgame
from durak_edu.bots.solve import _solve_reference
from durak_edu.games.core.solver import canonical

HEARTS = 3  # the trump suit of the masks below (any one would do)


def _ranks(*masks: int) -> list[int]:
    """The ranks (``position >> 2``) any of ``masks`` holds a card of, lowest first."""
    every = 0
    for m in masks:
        every |= m
    return sorted({p >> 2 for p in range(64) if every >> p & 1})


def _moved(masks: tuple[int, ...], ranks: dict[int, int], suits: dict[int, int] | None = None
           ) -> tuple[int, ...]:
    """``masks`` with each card's rank ``r`` made ``ranks[r]`` (and suit ``s`` ``suits[s]``)."""
    suits = suits or {s: s for s in range(4)}
    out = []
    for m in masks:
        x = 0
        for p in range(64):
            if m >> p & 1:
                x |= 1 << (ranks[p >> 2] << 2 | suits[p & 3])
        out.append(x)
    return tuple(out)


def _keeps_suit_orders(masks: tuple[int, ...], ranks: dict[int, int]) -> bool:
    """Does the renaming ``ranks`` keep the order of the cards in play within every suit?"""
    every = 0
    for m in masks:
        every |= m
    for s in range(4):
        held = [p >> 2 for p in range(64) if every >> p & 1 and p & 3 == s]
        if [ranks[r] for r in held] != sorted(ranks[r] for r in held):
            return False
    return True


def _key(masks: tuple[int, ...], suits: bool, flags: int = 0, seats: bool = False) -> int:
    h0, h1, table, unbeaten = masks
    return canonical(h0, h1, table, unbeaten, HEARTS, suits, flags, True, seats)


@st.composite
def _positions(draw, most: int = 7) -> tuple[int, int, int, int]:
    """Two hands and a table of a 36-card deck (positions 16 to 51), at most ``most`` cards,
    some of the table's attack cards unbeaten."""
    rng = draw(st.randoms(use_true_random=False))
    cards = rng.sample(range(16, 52), draw(st.integers(2, most)))
    cut = sorted(rng.sample(range(len(cards) + 1), 2))
    h0, h1, table = cards[:cut[0]], cards[cut[0]:cut[1]], cards[cut[1]:]
    unbeaten = rng.sample(table, rng.randrange(len(table) + 1))
    return (sum(1 << c for c in h0), sum(1 << c for c in h1), sum(1 << c for c in table),
            sum(1 << c for c in unbeaten))


@settings(max_examples=60, deadline=None)
@given(_positions())
def test_a_reordering_of_the_ranks_shares_the_key_exactly_where_it_keeps_each_suit_s_order(
        position):
    # every renaming of the ranks in play among themselves: one key with the position's where
    # it gives a position that some renaming keeping each suit's order also gives, else another
    ranks = _ranks(*position)
    if len(ranks) > 6:
        reject()
    joined = set()
    renamings = [dict(zip(ranks, p)) for p in itertools.permutations(ranks)]
    for r in renamings:
        if _keeps_suit_orders(position, r):
            joined.add(_moved(position, r))
    key = _key(position, suits=False)
    for r in renamings:
        other = _moved(position, r)
        assert (_key(other, suits=False) == key) == (other in joined), (position, r)


@settings(max_examples=60, deadline=None)
@given(_positions(), st.permutations([0, 1, 2]))
def test_with_the_plain_suits_sorted_the_key_joins_exactly_the_suits_and_rank_orders_alike(
        position, plain):
    # the plain suits (all but hearts) permuted: one key; a position with the ranks renamed
    # too has that key exactly where it is the position with its plain suits permuted and its
    # ranks reordered within each suit's order (where two plain suits' own cards tie, every
    # order of them is tried: ``solver_key._least_order``)
    ranks = _ranks(*position)
    if len(ranks) > 6:
        reject()
    suits = {0: plain[0], 1: plain[1], 2: plain[2], HEARTS: HEARTS}
    key = _key(position, suits=True)
    assert _key(_moved(position, {r: r for r in ranks}, suits), suits=True) == key
    alike = set()
    for p in itertools.permutations([0, 1, 2]):
        for r in itertools.permutations(ranks):
            renaming = dict(zip(ranks, r))
            if _keeps_suit_orders(position, renaming):
                alike.add(_moved(position, renaming, {0: p[0], 1: p[1], 2: p[2], 3: 3}))
    for r in itertools.permutations(ranks):
        other = _moved(position, dict(zip(ranks, r)), suits)
        assert (_key(other, suits=True) == key) == (other in alike), (position, r, plain)


@settings(max_examples=60, deadline=None)
@given(_positions(), st.integers(0, 2047))
def test_the_seats_swapped_with_their_roles_share_the_key_R2_1(position, flags):
    # the flags as ``Search`` packs them: who acts (bit 0), attacks, defends, opened the bout
    # (1 to 3), the bout's state (4 to 6), who passed (7, 8) and who is out (9, 10)
    h0, h1, table, unbeaten = position
    run, out = flags >> 7 & 3, flags >> 9 & 3
    swapped = ((flags ^ 15) & 127 | (run >> 1 | (run & 1) << 1) << 7
               | (out >> 1 | (out & 1) << 1) << 9)
    key = _key(position, True, flags, seats=True)
    assert _key((h1, h0, table, unbeaten), True, swapped, seats=True) == key


def test_the_key_tells_apart_ranks_a_suit_or_an_equal_rank_orders_R2_3_R2_4():
    def key(hands, table=""):
        g = from_position("podkidnoy", hands, trump="H")
        if table:
            g.play(next(a for a in g.legal_actions() if str(a) == f"attack {table}"))
        s = Endgame(g, 1)
        return s.key(s.root)

    # 7 and 8 share no suit in play with 9 and 10 (hearts trump: no suit swapped for it): the
    # two pairs of ranks swapped, one key
    assert key(["7♠ 9♥", "8♠ 10♥"]) == key(["9♠ 7♥", "10♠ 8♥"])
    # the spades' order changes (hand 0's spade was below hand 1's): not the same position
    assert key(["7♠ 9♥", "8♠ 10♥"]) != key(["9♠ 7♥", "8♠ 10♥"])
    # hand 1's 7♦ can be thrown in on hand 0's 7♠ (R2.4): with a 9♦, not
    assert key(["7♠ 8♠", "7♦ A♣"], "7♠") != key(["7♠ 8♠", "9♦ A♣"], "7♠")
    # the other seat attacking with the same hands: the seats swapped, one key
    a = from_position("podkidnoy", ["7♠ 9♣", "8♠ 10♣"], trump="H", attacker=0)
    b = from_position("podkidnoy", ["8♠ 10♣", "7♠ 9♣"], trump="H", attacker=1)
    sa, sb = Endgame(a, 1), Endgame(b, 1)
    assert sa.key(sa.root) == sb.key(sb.root)


def _valid_renaming(hands: list[list], rng: random.Random) -> dict[str, str] | None:
    """A random renaming of the ranks in play that keeps each suit's order (another rank of
    the 36-card deck for each), as a map from rank names; None if it changes nothing."""
    names = [str(c)[:-1] for c in deck(36)[:9]]  # 6 7 8 9 10 J Q K A (the deck is by suit)
    held = sorted({names.index(str(c)[:-1]) for h in hands for c in h})
    suits_of = {r: {c.suit for h in hands for c in h if names.index(str(c)[:-1]) == r}
                for r in held}
    order, left = [], list(held)
    while left:  # a random order the suits allow: any rank no lower one left shares a suit with
        free = [r for r in left
                if not any(x < r and suits_of[x] & suits_of[r] for x in left)]
        pick = rng.choice(free)
        order.append(pick)
        left.remove(pick)
    places = sorted(rng.sample(range(9), len(held)))
    renaming = {names[r]: names[p] for r, p in zip(order, places)}
    return None if all(a == b for a, b in renaming.items()) else renaming


def _renamed(text: str, renaming: dict[str, str]) -> str:
    """An action's or a hand's words with every card's rank renamed."""
    out = []
    for word in text.split():
        rank, suit = word[:-1], word[-1]
        out.append(renaming[rank] + suit if rank in renaming and suit in "♠♣♦♥" else word)
    return " ".join(out)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 4), st.sampled_from("SCDH"))
def test_reordered_ranks_and_swapped_seats_keep_the_value_and_best_moves_R2_3_R2_4(
        rng, each, trump):
    # the claim under the key, on the game itself: the reference search (no key of this kind)
    cards = rng.sample(deck(36), 2 * each)
    hands = [cards[:each], cards[each:]]
    g = from_position("podkidnoy", hands, trump=trump, attacker=rng.randrange(2))
    if g.is_over:
        reject()
    value, best = _solve_reference(g, 100_000)
    renaming = _valid_renaming(hands, rng)
    if renaming is not None:
        h = [_renamed(" ".join(map(str, hand)), renaming) for hand in hands]
        g2 = from_position("podkidnoy", h, trump=trump, attacker=g.attacker)
        value2, best2 = _solve_reference(g2, 100_000)
        assert value2 == value
        assert sorted(str(a) for a in best2) == sorted(_renamed(str(a), renaming) for a in best)
        s, s2 = Endgame(g, 1), Endgame(g2, 1)
        assert s.key(s.root) == s2.key(s2.root)
    swapped = from_position("podkidnoy", [hands[1], hands[0]], trump=trump,
                            attacker=1 - g.attacker)
    value3, best3 = _solve_reference(swapped, 100_000)
    assert value3 == value and [str(a) for a in best3] == [str(a) for a in best]
    s, s3 = Endgame(g, 1), Endgame(swapped, 1)
    assert s.key(s.root) == s3.key(s3.root)
