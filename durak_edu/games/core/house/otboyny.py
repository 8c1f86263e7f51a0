"""R9.13 (otboyny, ``every_second_bito_back``): every second bito is shuffled back into the
talon while there is one; a face-up trump card stays at the bottom.

Slots (``st.extra``, replaced, never changed in place, so undo is exact): ``"bitos"``, the
bitos so far (the reference's ``_State.bitos``), and ``"otboyny_key"``, the deck order the seed
made as the reference writes it. The shuffle is the reference's own: ``random.Random`` seeded
by that key and the bito's number, shuffling the talon's rest and then the table's cards (each
attack card, then its beater, in table order), so it draws the same random numbers and makes
the same talon.

Compiled with the core (``otboyny.pxd``): the shuffle is most of an otboyny playout's time, so
``_shuffle`` draws as ``random.shuffle`` does (tests/test_core_hooks.py holds it to it) with
no Python frame per card.
"""

from __future__ import annotations

import random
import typing
from hashlib import sha512

if typing.TYPE_CHECKING:
    from ... import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from ... import cython_shim as cython

if not cython.compiled:  # compiled: the C builtin of cbits.pxd, inlined
    from ..bits import bitlen
from . import HousePart

if typing.TYPE_CHECKING:
    from ..deal import Deal
    from ..state import CoreState

#: the words of the facade's event (``{cards}``: the bito's cards)
WORDS = "bito: {cards} shuffled back into the talon, every second bito (R9.13)"


class BitoBack(HousePart):
    clause = "R9.13"
    values = {"every_second_bito_back": frozenset({False, True})}
    bito_words = ("reshuffle", WORDS)
    piles_grow = True  # (the bito goes under the drawn cards: ``tp`` stays, the discard too)

    def dealt(self, st: CoreState, d: Deal) -> None:
        """No bito yet; the key is the deck order given (a record's ``deck``)."""
        st.extra = {**st.extra, "bitos": 0,
                    "otboyny_key": " ".join(str(c.index) for c in d.given)}

    def bito(self, st: CoreState) -> bool:
        """A second bito with a talon left goes back into it (counted either way)."""
        bitos = typing.cast(int, st.extra["bitos"]) + 1
        st.extra = {**st.extra, "bitos": bitos}
        left = len(st.talon) - st.tp
        if not left or bitos % 2:
            return False
        rest = st.talon[st.tp:]
        bottom = rest[-1:] if rest[-1] == st.trump_pos and _face_up(st) else []
        pool = rest[:len(rest) - len(bottom)]
        for a, d in zip(st.ta, st.td):
            pool.append(a)
            if d >= 0:
                pool.append(d)
        _shuffle(seeded(f"{st.extra['otboyny_key']}/{bitos}"), pool)
        st.talon = st.talon[:st.tp] + pool + bottom
        return True


#: the one generator the shuffles reseed (a playout makes about 5.5 a game)
_RNG = random.Random()
#: its C generator's seed, random.Random.seed's own last step (``super().seed(a)``)
_SEED = super(random.Random, _RNG).seed


def seeded(key: str) -> random.Random:
    """``random.Random(key)``'s generator, made as its ``seed`` makes it (version 2: the key's
    bytes and their SHA-512 as one integer) with no Python frame of ``Random.__init__`` and
    ``seed`` (the seeding is a third of an otboyny playout), into one kept generator: the
    next call reseeds it."""
    b = key.encode()
    _SEED(int.from_bytes(b + sha512(b).digest(), "big"))
    return _RNG


def _shuffle(rng: random.Random, pool: list[int]) -> None:
    """``rng.shuffle(pool)``, drawn as ``random.shuffle`` draws: from the last place down, the
    place to swap with is ``getrandbits`` of the count's bit length, drawn again while out of
    range (``Random._randbelow``)."""
    getrandbits = rng.getrandbits
    for i in range(len(pool) - 1, 0, -1):
        n = i + 1
        k = bitlen(n)
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pool[i], pool[j] = pool[j], pool[i]


def _face_up(st: CoreState) -> bool:
    """Does the trump card lie face up under the talon (not R9.23's face-down card)?"""
    return not st.extra.get("trump_hidden", False)

