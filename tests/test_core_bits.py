"""The core's counting and unranking of card sets (``durak_edu/games/core/bits.py`` and the
attack count of ``moves.py``) agree with listing the sets outright, shortcuts included: a
playout draws the j-th move from these numbers, so an off-by-one here would play a move other
than ``legal_actions()[j]`` (R2.2 attacks, R2.4 throw-ins). The same tests run compiled and
with ``DURAK_EDU_PURE=1``."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from durak_edu.games.core import bits, moves

RANK = 0xF  # one deck: a rank is a nibble of four suits


def _cards(m: int) -> list[int]:
    return [1 << i for i in range(m.bit_length()) if m >> i & 1]


def _masks(seed: int, n: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(52) & rng.getrandbits(52) for _ in range(n)] + [0, 1, 0b1011]


@pytest.mark.parametrize("room", [1, 2, 3, 4])
def test_nth_subset_is_the_listed_throw_ins_in_order(room):
    """R2.4: the throw-ins of at most ``room`` cards, one card first, then by size, each size
    in ``itertools.combinations`` order (as ``legal_actions()`` lists them)."""
    for m in _masks(room, 60):
        listed = [sum(c) for k in range(1, room + 1) for c in combinations(_cards(m), k)]
        assert [bits.nth_subset(m, room, j) for j in range(len(listed))] == listed
        assert bits.SUBSETS[m.bit_count()][min(room, m.bit_count())] == len(listed)
        with pytest.raises(IndexError):
            bits.nth_subset(m, room, len(listed))


def test_no_throw_in_is_listed_without_room():
    with pytest.raises(IndexError):
        bits.nth_subset(0b111, 0, 0)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_nth_combination_is_combinations_order(k):
    for m in _masks(10 + k, 40):
        listed = [sum(c) for c in combinations(_cards(m), k)]
        assert [bits.nth_combination(m, k, j) for j in range(len(listed))] == listed


@pytest.mark.parametrize("most", [0, 1, 2, 3, 4, 6])
def test_the_attacks_counted_are_the_attacks_listed(most):
    """R2.2: the singles, then two to ``most`` cards of each rank held twice or more (by
    size, then rank, then ``combinations``); a rank never gives more than its four cards."""
    for h in _masks(20 + most, 60):
        multi = bits.rank_counts_multi(h) if most > 1 else 0
        listed = _cards(h)
        for k in range(2, most + 1):
            for r in range(13):
                listed += [sum(c) for c in combinations(_cards(h & RANK << 4 * r), k)]
        assert moves.count_attack(h, multi, most) == len(listed)
        capped = min(most, 4) if most > 0 else 0  # (what the menu passes: R2.2's four)
        assert [moves.nth_attack(h, multi, capped, j) & ~(-1 << moves.SHIFT)
                for j in range(len(listed))] == listed
