"""A seed deals the same deck everywhere: ``new_game``'s shuffle (``games/shuffling.py``) is
``random.Random.shuffle``'s permutation (a record carries only the seed, R0)."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from durak_edu import new_game
from durak_edu.cards import deck
from durak_edu.games.shuffling import shuffle


@given(seed=st.integers(0, 2**64), size=st.sampled_from([20, 24, 32, 36, 52, 54, 72]))
def test_the_shuffle_is_randoms_own(seed, size):
    a, b = list(range(size)), list(range(size))
    random.Random(seed).shuffle(a)
    shuffle(b, random.Random(seed))
    assert a == b


def test_a_seed_deals_randoms_shuffle_of_the_canonical_deck():
    order = deck(36)
    random.Random(11).shuffle(order)
    assert list(new_game("podkidnoy", seed=11).deck_order) == order


def test_a_generator_of_its_own_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()
    items = list(range(5))
    shuffle(items, Reversing(1))
    assert items == [4, 3, 2, 1, 0]
