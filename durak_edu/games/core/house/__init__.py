"""House rules (R9) as parts of the core (issue 25; docs/architecture.md, "House rules as parts").

A part is one module here with one ``HousePart`` subclass: the ``Rules`` options it reads and
the values it adds to what the core covers (``values``), and the hooks it implements. The core
calls the active parts (``Config.parts``, in ``PARTS`` order) at fixed points only; a part
leaves every other hook as the base class has it (doing nothing). This increment has the
first hook and the first part; the others are listed with the point the core will call them.

Hook points (the ones marked *planned* are not called yet):

* ``pickup(st, taken) -> taken`` — the bout ends in a pick-up (R2.7): which of the table's
  cards (a rank-major mask) the taker picks up; the part puts the rest where its rule says;
* ``beats(rules) -> rules`` — once per rule set (``state.config_of``): the beating rules
  (``verdict.BeatRules``) as the part changes them; the core's beater masks and the words of a
  refused beat both come from ``verdict.judge`` under them (``house/beating.py``'s parts);
* ``bout_end(st, took)`` — ``apply``, the bout over and the table cleared, before the draw;
* ``events(before, after)`` — ``CoreGame._events``, after the pick-up or bito: its own events;
* ``covers(rules)`` — ``state.supports``: a combination of options the part does not play;
* ``moves(st, menu) -> menu`` — ``moves.menu``, defending: the menu narrowed (R9.22);
* ``refuse(st, action, ctx)`` — ``refuse``, right after "not held" for an attack, a throw-in
  and a transfer: a clause of its own, or ``None`` (``house/jokers.py``, R9.22);
* *planned*: ``deal``, ``apply`` (its own moves), ``draw``, ``view``, ``score``.
"""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from ....actions import Action
    from ...verdict import BeatRules
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["HousePart", "PARTS", "active_parts"]


class HousePart:
    """One R9 clause (or a tight group) as a part of the core."""

    #: the clause of docs/rules.md it implements
    clause = ""
    #: the ``Rules`` fields it reads, and the values of each it makes the core cover
    values: dict[str, frozenset[object]] = {}
    #: the words of the discard event its pick-up writes (``{cards}``: the cards discarded)
    discard_words = ""

    def active(self, rules: object) -> bool:
        """Is the rule on in ``rules``? (By default: any of its fields is truthy.)"""
        return any(getattr(rules, name) for name in self.values)

    def pickup(self, st: CoreState, taken: int) -> int:
        """R2.7 hook: the cards the taker picks up (by default all of ``taken``)."""
        return taken

    def beats(self, rules: BeatRules) -> BeatRules:
        """Config hook (once per rule set): the beating rules as this part changes them."""
        return rules

    def bout_end(self, st: CoreState, took: bool) -> None:
        """``apply`` hook: the bout has ended (the table cleared), before the draw (R2.9)."""

    def events(self, before: CoreState, after: CoreState) -> list[tuple[str, str, tuple[int, ...]]]:
        """Facade hook (``CoreGame._events``), after the pick-up or bito: the part's own events
        as ``(kind, text, card positions)``."""
        return []

    def covers(self, rules: object) -> bool:
        """``supports`` hook: can the core play ``rules`` with this part on (a combination of
        options its ``values`` cannot say)?"""
        return True

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        """``moves.menu`` hook (defending): the menu as this part narrows it."""
        return menu

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """``refuse`` hook, after "not held" (attack, throw-in, transfer): its own clause."""
        return None


def _parts() -> tuple[HousePart, ...]:
    from .take_first_only import TakeFirstOnly
    from .beating import BEATING_PARTS
    from .jokers import Jokers
    from .kozyrny import Kozyrny
    return (TakeFirstOnly(), *BEATING_PARTS, Jokers(), Kozyrny())


#: every part, in the order the core calls them
PARTS: tuple[HousePart, ...] = _parts()


def active_parts(rules: object) -> tuple[HousePart, ...]:
    """The parts whose rule is on in ``rules``."""
    return tuple(p for p in PARTS if p.active(rules))
