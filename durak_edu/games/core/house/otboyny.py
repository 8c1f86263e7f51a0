"""R9.13 (otboyny, ``every_second_bito_back``): every second bito is shuffled back into the
talon while there is one; a face-up trump card stays at the bottom.

Slots (``st.extra``, replaced, never changed in place, so undo is exact): ``"bitos"``, the
bitos so far (the reference's ``_State.bitos``), and ``"otboyny_key"``, the deck order the seed
made as the reference writes it. The shuffle is the reference's own: ``random.Random`` seeded
by that key and the bito's number, shuffling the talon's rest and then the table's cards (each
attack card, then its beater, in table order), so it draws the same random numbers and makes
the same talon.

Compiled with the core (``otboyny.pxd``): the shuffle is most of an otboyny playout's time, and
seeding CPython's generator most of the shuffle's (its C ``init_genrand``, ``init_by_array``
and a whole twist of 624 words, for the thirty or so numbers a shuffle draws). So compiled,
``keyed_shuffle`` seeds and draws from a Mersenne Twister of its own (``_seed``, ``_next32``),
CPython's ``_randommodule.c`` step for step: the base state ``init_genrand(19650218)`` made
once, the twist made word by word as far as the draws reach, and the seeding of the game's
next reshuffle (two bitos on) made with this one's, its chain interleaved with this one's at
little more than one's cost, for the next shuffle to take if its key is that one. The same
numbers, so the same talon (tests/test_core_part_draw.py holds it to
``random.Random(key).shuffle`` over many keys); as plain Python, where that loop would be
slow, it is ``random.Random``'s own. The ``bito`` hook itself is a typed helper
(``_bito_back``) on the state's fields and the table's C arrays.
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
        return _bito_back(st)


def _bito_back(st: CoreState) -> bool:
    """``BitoBack.bito``, compiled on the state's own fields (asked at every bito): the bito
    counted; every second, with a talon left, the talon's rest and the table's cards (each
    attack card, then its beater) shuffled into the talon, a face-up trump card at the bottom."""
    bitos: int = st.extra["bitos"]  # type: ignore[assignment]  # (no typing.cast call: hot)
    bitos += 1
    extra = dict(st.extra)
    extra["bitos"] = bitos
    st.extra = extra
    talon = st.talon
    tp = st.tp
    if tp == len(talon) or bitos % 2:
        return False
    rest = talon[tp:]
    bottom = rest[-1:] if rest[-1] == st.trump_pos and _face_up(st) else []
    pool = rest[:len(rest) - len(bottom)]
    for i in range(st.nt):  # (compiled: the table's C arrays; plain Python, its lists)
        pool.append(st.tam[i])
        d = st.tdm[i]
        if d >= 0:
            pool.append(d)
    key = extra["otboyny_key"]
    keyed_shuffle(f"{key}/{bitos}", pool, f"{key}/{bitos + 2}")  # (the next one's seeded too)
    st.talon = talon[:tp] + pool + bottom
    return True


#: the one generator the shuffles reseed (a playout makes about 5.5 a game)
_RNG = random.Random()
#: its C generator's seed, random.Random.seed's own last step (``super().seed(a)``)
_SEED = super(random.Random, _RNG).seed


def seeded(key: str) -> random.Random:
    """``random.Random(key)``'s generator, made as its ``seed`` makes it (version 2: the key's
    bytes and their SHA-512 as one integer) with no Python frame of ``Random.__init__`` and
    ``seed``, into one kept generator: the next call reseeds it (plain Python's shuffle)."""
    b = key.encode()
    _SEED(int.from_bytes(b + sha512(b).digest(), "big"))
    return _RNG


def keyed_shuffle(key: str, pool: list[int], ahead: str = "") -> None:
    """``random.Random(key).shuffle(pool)``: compiled on the part's own generator, which seeds
    ``ahead`` too (the key of the shuffle likely to come next) and takes it from there if the
    next key is that one; as plain Python (or for a key of over ``_KEY_WORDS`` words) on
    ``seeded``'s."""
    global _ahead
    if cython.compiled:
        if key == _ahead:
            _seed_ahead()
            _draw_shuffle(pool)
            return
        ahead = ahead or key
        b, a = key.encode(), ahead.encode()
        if _seed(b + sha512(b).digest(), a + sha512(a).digest()):
            _ahead = ahead
            _draw_shuffle(pool)
            return
    _shuffle(seeded(key), pool)


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


# -- CPython's Mersenne Twister (Modules/_randommodule.c), for the compiled shuffle ----------------

_N, _M = 624, 397
# (named, so that compiled they are C integers: a literal over 2**31 is a Python int to Cython)
_WORD, _UPPER, _LOWER, _MATRIX_A = 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x9908B0DF
_TEMPER_B, _TEMPER_C = 0x9D2C5680, 0xEFC60000
_KEY_WORDS = 128  # a key of more 32-bit words is seeded by random.Random (never, in play)
if not cython.compiled:  # compiled: a C cast, inlined (otboyny.pxd), off the seeding's chain
    def _u32(x: int) -> int:
        """The low 32 bits of ``x`` (C's ``unsigned int`` arithmetic)."""
        return x & _WORD
_BASE = [0] * 624  # init_genrand(19650218): where every init_by_array starts
_MT = [0] * 624    # the generator's words
_KEY = [0] * 128   # the seed's words, lowest first
_at = 0            # the place of the next word to draw in ``_MT``
_twisted = 0       # how many words of ``_MT`` this turn's twist has made (lazily)
#: the seeded words of ``_ahead``, the key the shuffle after this one will probably use (the
#: game's next reshuffle: two bitos on), seeded with this one's (``_seed``)
_MT_AHEAD = [0] * 624
_KEY_AHEAD = [0] * 128
_ahead: str | None = None  # (compiled only: as plain Python every shuffle is ``seeded``'s)


def _base() -> None:
    """``init_genrand(19650218)``, into ``_BASE`` (once)."""
    x = 19650218
    _BASE[0] = x
    for i in range(1, _N):
        x = (1812433253 * (x ^ x >> 30) + i) & _WORD
        _BASE[i] = x


_base()


def _words(s: bytes, key: list[int]) -> int:
    """The 32-bit words of ``int.from_bytes(s, "big")``, lowest first, into ``key`` (CPython's
    ``random_seed``: as many as the integer needs, at least one); how many, 0 (``key`` left as
    it was) if over ``_KEY_WORDS``."""
    b = s  # (compiled: a pointer to its bytes)
    n = len(s)
    start = 0
    while start < n and b[start] == 0:  # (leading zero bytes: not part of the integer)
        start += 1
    words = (n - start + 3) // 4
    if words > _KEY_WORDS:
        return 0
    if not words:
        key[0] = 0
        return 1
    for w in range(words):
        end = n - 4 * w
        x = 0
        for q in range(end - 4 if end - 4 > start else start, end):
            x = x << 8 | b[q]
        key[w] = x
    return words


def _seed(s: bytes, ahead: bytes) -> bool:
    """Seed the generator (``_MT``) as ``random.Random.seed(int.from_bytes(s, "big"))`` does
    (``init_by_array`` of the integer's words), and ``_MT_AHEAD`` as it would be from
    ``ahead``; ``False`` (nothing seeded) if either is over ``_KEY_WORDS`` words. Each seeding
    is one chain of 1,247 dependent steps, so its time is the chain's latency: two independent
    chains, interleaved, take little more than one (the next reshuffle's, made now)."""
    global _at, _twisted
    words = _words(s, _KEY)
    words_ahead = _words(ahead, _KEY_AHEAD) if words else 0
    if not words_ahead:
        return False
    mt, mt2 = _MT, _MT_AHEAD
    for i in range(_N):
        mt[i] = mt2[i] = _BASE[i]
    # (``y``, ``y2``: the words just made, which the next step reads, kept out of the arrays; a
    # key holds at most _KEY_WORDS < N words, so CPython's max(N, key length) steps are N)
    i, j, j2, y, y2 = 1, 0, 0, mt[0], mt2[0]
    for k in range(_N):
        y = _u32((mt[i] ^ (y ^ y >> 30) * 1664525) + _KEY[j] + j)
        y2 = _u32((mt2[i] ^ (y2 ^ y2 >> 30) * 1664525) + _KEY_AHEAD[j2] + j2)
        mt[i], mt2[i] = y, y2
        i, j, j2 = i + 1, j + 1, j2 + 1
        if i >= _N:
            mt[0], mt2[0] = y, y2
            i = 1
        if j >= words:
            j = 0
        if j2 >= words_ahead:
            j2 = 0
    for k in range(_N - 1):
        y = _u32((mt[i] ^ (y ^ y >> 30) * 1566083941) - i)
        y2 = _u32((mt2[i] ^ (y2 ^ y2 >> 30) * 1566083941) - i)
        mt[i], mt2[i] = y, y2
        i += 1
        if i >= _N:
            mt[0], mt2[0] = y, y2
            i = 1
    mt[0] = mt2[0] = _UPPER
    _at = _twisted = 0  # (CPython: ``index = N``, the first draw twists)
    return True


def _seed_ahead() -> None:
    """The generator seeded as ``_seed`` seeded ``_MT_AHEAD`` (``_MT_AHEAD`` kept)."""
    global _at, _twisted
    for i in range(_N):
        _MT[i] = _MT_AHEAD[i]
    _at = _twisted = 0


def _next32() -> int:
    """``genrand_uint32``: the next word, the twist made only as far as it (its step ``kk``
    reads words ``kk``, ``kk + 1`` and ``kk + M``, as CPython's loop reads them in place)."""
    global _at, _twisted
    mt = _MT
    if _at >= _N:  # a turn drawn: the next twist
        _at = _twisted = 0
    while _twisted <= _at:
        kk = _twisted
        y = mt[kk] & _UPPER | mt[kk + 1 if kk < _N - 1 else 0] & _LOWER
        x = mt[kk + _M if kk < _N - _M else kk + _M - _N] ^ y >> 1
        mt[kk] = x ^ _MATRIX_A if y & 1 else x
        _twisted += 1
    y = mt[_at]
    _at += 1
    y ^= y >> 11
    y ^= y << 7 & _TEMPER_B
    y ^= y << 15 & _TEMPER_C
    return y ^ y >> 18


def _draw_shuffle(pool: list[int]) -> None:
    """``random.shuffle(pool)`` on the seeded generator: ``getrandbits(k)`` (``k <= 32``) is
    the next word's top ``k`` bits (``_random_Random_getrandbits_impl``)."""
    for i in range(len(pool) - 1, 0, -1):
        n = i + 1
        k = 32 - bitlen(n)
        j = _next32() >> k
        while j >= n:
            j = _next32() >> k
        pool[i], pool[j] = pool[j], pool[i]
