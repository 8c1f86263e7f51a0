"""Random playouts on the core: the same ``menu``/``nth``/``apply`` as the public API's moves,
in one loop, with no ``Action``, event or undo state made.

The index is drawn exactly as ``random.Random.choice`` draws it (``getrandbits`` of the count's
bit length, drawn again while out of range), so a core playout plays, move for move, the game
``rng.choice(g.legal_actions())`` would play with the same generator.

>>> import random
>>> from durak_edu import new_game
>>> from durak_edu.games.core.state import from_game
>>> g = new_game("perevodnoy", players=3, seed=4)
>>> st = from_game(g)
>>> playout(st, random.Random(9).getrandbits)
>>> g.playout(random.Random(9)).durak == (st.end[0] if st.end[0] >= 0 else None)
True
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

from collections.abc import Callable

from .apply import apply
if not cython.compiled:  # compiled: the C builtins of cbits.pxd, inlined
    from .bits import bitlen
else:  # a compiled playout must still stop on Ctrl-C (checked every 256 moves)
    from cython.cimports.cpython.exc import PyErr_CheckSignals
from .moves import count_menu, menu, nth_of_menu
from .state import CoreState

__all__ = ["playout"]


def playout(st: CoreState, getrandbits: Callable[[int], int]) -> None:
    """Play ``st`` to its end (``st.end`` says how it ended) with uniformly random moves."""
    played = 0
    while st.to_act >= 0:
        played += 1
        if cython.compiled and not played & 255:
            PyErr_CheckSignals()  # raises KeyboardInterrupt here, not after an endless game
        m = menu(st)
        count = count_menu(m)
        if not count:  # rng.choice([]) fails too: never loop for ever
            raise RuntimeError("playout: no legal move to choose from")
        k = bitlen(count)
        j = getrandbits(k)
        while j >= count:
            j = getrandbits(k)
        apply(st, nth_of_menu(m, j))
