"""``shuffle``: ``random.Random.shuffle``'s very permutation, drawn without its method calls.

Seeds deal decks (``new.seeded_deck``) and R9.27's redeal shuffles again
(``core/house/redeal.py``); a record carries only the seed, so the permutation a seed gives
is part of the record format (docs/record-format.md) and must never change.

>>> import random
>>> a, b = list(range(36)), list(range(36))
>>> random.Random(7).shuffle(a); shuffle(b, random.Random(7)); a == b
True
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["shuffle"]

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)`` move for move: the same permutation from the same generator."""
    if type(rng) is not random.Random:
        rng.shuffle(items)  # a generator of its own may shuffle its own way
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        # random.Random._randbelow_with_getrandbits(i + 1), as CPython draws it
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
