"""The house parts of a rule set by hook: who to call at each of the core's hot hook points.

``Config.parts`` holds the active parts (R9) in ``PARTS`` order; a part overrides only the few
hooks its clause needs and leaves the rest as ``HousePart`` has them (doing nothing). Calling
every part at every hook point costs a Python call per part and point, many times a move
(``checks.playable`` alone is asked several times), though almost all of them do nothing. So
``Config.hooks`` holds, per hot hook point, the active parts that *override* that hook, in the
same ``PARTS`` order: the core loops over ``st.cfg.hooks.played`` where it looped over
``st.cfg.parts``, and a hook point no active part implements costs one test of an empty tuple.
A part left out is one whose hook is the base class's no-op (returns its argument, ``False`` or
``None``), so the results are the same move for move.

>>> from durak_edu.games.core.house.krugovoy import PassHandsLeft
>>> h = of((PassHandsLeft(),))
>>> len(h.draw), h.played, h.playable
(1, (), ())
"""

from __future__ import annotations

from .house import HousePart

__all__ = ["Hooks", "of", "NAMES"]

#: the hook points that are called in play, every move or every bout (``HousePart``'s names)
NAMES = ("apply", "played", "emptied", "transferred", "hold_bout", "pickup", "bito",
         "bout_end", "draw", "refill", "bout_start", "moves", "opening", "defence", "playable",
         "throw_block")


class Hooks:
    """Per hook point, the parts (of one rule set, in ``PARTS`` order) that implement it."""

    # compiled, a ``cdef class`` (hooks.pxd): the core reads its fields as C fields
    __slots__ = NAMES

    apply: tuple[HousePart, ...]
    played: tuple[HousePart, ...]
    emptied: tuple[HousePart, ...]
    transferred: tuple[HousePart, ...]
    hold_bout: tuple[HousePart, ...]
    pickup: tuple[HousePart, ...]
    bito: tuple[HousePart, ...]
    bout_end: tuple[HousePart, ...]
    draw: tuple[HousePart, ...]
    refill: tuple[HousePart, ...]
    bout_start: tuple[HousePart, ...]
    moves: tuple[HousePart, ...]
    opening: tuple[HousePart, ...]
    defence: tuple[HousePart, ...]
    playable: tuple[HousePart, ...]
    throw_block: tuple[HousePart, ...]


def implements(part: HousePart, name: str) -> bool:
    """Does ``part`` override the hook ``name`` (is it more than ``HousePart``'s no-op)?"""
    return getattr(type(part), name) is not getattr(HousePart, name)


def of(parts: tuple[HousePart, ...]) -> Hooks:
    """The hooks of ``parts``: for each name of ``NAMES``, the parts that implement it."""
    h = Hooks()
    for name in NAMES:
        setattr(h, name, tuple(p for p in parts if implements(p, name)))
    return h
