"""The house parts of a rule set by hook: who to call at each of the core's hot hook points.

``Config.parts`` holds the active parts (R9) in ``PARTS`` order; a part overrides only the few
hooks its clause needs and leaves the rest as ``HousePart`` has them (doing nothing). Calling
every part at every hook point costs a Python call per part and point, many times a move
(``checks.room`` alone is asked several times), though almost all of them do nothing. So
``Config.hooks`` holds, per hot hook point, the active parts that *override* that hook, in the
same ``PARTS`` order: the core loops over ``st.cfg.hooks.played`` where it looped over
``st.cfg.parts``, and a hook point no active part implements costs one test of an empty tuple.
A part left out is one whose hook is the base class's no-op (returns its argument, ``False`` or
``None``), so the results are the same move for move.

A part may also say *when* a hook acts (``HousePart.moves_in``, ``apply_own_only``), and the
core asks it only then: ``moves_opening``/``moves_defence``/``moves_throw`` are the ``moves``
parts by ``core_menu``'s phase (the seat opens; the defender defends; anyone else, or the
defender who takes), and ``apply_core`` says whether an ``apply`` part plays core moves too
(else the core asks ``apply`` only for moves of a part's own kinds, >= 8). ``menu_free`` (no
part narrows a menu: no ``opening``, ``defence`` or ``throw_block``) and
``piles_grow`` (every part keeps R2.11's epochs: ``HousePart.piles_grow``) let a playout count
a phase's moves from numbers and count repetitions by epochs as a part-free game does
(``playout.py``).

>>> from durak_edu.games.core.house.krugovoy import PassHandsLeft
>>> h = of((PassHandsLeft(),))
>>> len(h.draw), h.played, h.throw_block, h.menu_free, h.piles_grow
(1, (), (), True, True)
"""

from __future__ import annotations

from collections.abc import Callable

from .house import HousePart

__all__ = ["Hooks", "of", "NAMES"]

#: the hook points that are called in play, every move or every bout (``HousePart``'s names)
NAMES = ("apply", "played", "emptied", "transferred", "hold_bout", "pickup", "bito",
         "bout_end", "draw", "refill", "bout_start", "moves", "opening", "defence", "throw_block")

#: ``core_menu``'s phases, the values of ``HousePart.moves_in``
PHASES = ("opening", "defence", "throw")


class Hooks:
    """Per hook point, the parts (of one rule set, in ``PARTS`` order) that implement it."""

    # compiled, a ``cdef class`` (hooks.pxd): the core reads its fields as C fields
    __slots__ = NAMES + ("moves_opening", "moves_defence", "moves_throw", "apply_core",
                         "menu_free", "piles_grow")

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
    throw_block: tuple[HousePart, ...]
    moves_opening: tuple[HousePart, ...]  # ``moves`` parts that act in the opening (R2.2)
    moves_defence: tuple[HousePart, ...]  # ... while the defender defends (R2.3, R3)
    moves_throw: tuple[HousePart, ...]    # ... for a thrower, or the defender who takes
    apply_core: bool   # an ``apply`` part plays core moves too (kinds < 8), not only its own
    menu_free: bool    # no part narrows a menu (opening, defence, throw_block)
    piles_grow: bool   # every part draws from the talon only and discards only (R2.11's epochs)


def implements(part: HousePart, name: str) -> bool:
    """Does ``part`` override the hook ``name`` (is it more than ``HousePart``'s no-op)?"""
    return getattr(type(part), name) is not getattr(HousePart, name)


def of(parts: tuple[HousePart, ...],
       asked: Callable[[HousePart, str], bool] | None = None) -> Hooks:
    """The hooks of ``parts``: for each name of ``NAMES``, the parts that implement it (and
    that ``asked(part, name)`` keeps, if given: ``house.rehook``'s parts asked at fewer)."""
    h = Hooks()
    for name in NAMES:
        setattr(h, name, tuple(p for p in parts if implements(p, name)
                               and (asked is None or asked(p, name))))
    for phase in PHASES:
        setattr(h, f"moves_{phase}", tuple(p for p in h.moves if phase in p.moves_in))
    h.apply_core = any(not p.apply_own_only for p in h.apply)
    h.menu_free = not (h.opening or h.defence or h.throw_block)
    h.piles_grow = all(p.piles_grow for p in parts)
    return h
