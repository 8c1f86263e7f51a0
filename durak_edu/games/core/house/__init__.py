"""House rules (R9) as parts of the core (issue 25; docs/architecture.md, "House rules as parts").

A part is one module here with one ``HousePart`` subclass: the ``Rules`` options it reads and
the values it adds to what the core covers (``values``), and the hooks it implements. The core
calls the active parts (``Config.parts``, in ``PARTS`` order) at fixed points only; a part
leaves every other hook as the base class has it (doing nothing).

Hook points:

* ``pickup(st, taken) -> taken`` — the bout ends in a pick-up (R2.7): which of the table's
  cards (a rank-major mask) the taker picks up; the part puts the rest where its rule says;
* ``take_over(st, game)`` — ``state.from_game``: read the part's slots of the reference;
* ``moves(st, menu) -> menu`` — ``moves.menu``: the seat's menu, extended with the part's own
  moves (``moves.extended``: listed after the core's, in ``legal_actions()`` order) or replaced;
* ``refuse(st, act, ctx)`` — ``refuse.refuse``, asked before the core's checks: ``None`` (not
  the part's question), ``ACCEPT`` (legal), or ``(clause, words)``;
* ``apply(st, move) -> bool`` — ``apply.apply``, asked first: ``True`` if it played the move;
* ``hold_bout(st) -> bool`` — ``apply._give_priority``, as the bout would end: ``True`` if the
  part gave someone a turn first (R9.10);
* ``action(move)`` / ``encode(act)`` — ``decode``: the part's own move kinds (``kinds``, >= 8)
  to and from the reference's ``Action``s;
* ``events(before, after, act, who)`` — ``CoreGame._events``: the events of the move itself
  (``who(seat)``: a seat's name in the reference's words)
  (the facade writes the rest: going out, the bout's end, the draws);
* ``laid(before, act)``, ``talon_used(before, act)`` — ``CoreGame._events``: the cards a part's
  move put on the table and the talon cards it took, for the words of a bout it ended (R9.18);
* ``covers(rules)`` — ``state.supports``: the combinations of options the part plays;
* ``role(st, seat)``, ``whole(before, act)`` — ``CoreGame``: a seat's role and the move's
  events in a phase of the part's own (R9.38's first phase);
* ``talon_known(st, seat)`` — ``CoreGame._view``: the talon's cards the seat knows (R9.19);
* ``beats(st, target, card)`` — ``refuse``: the reason of a refused beat (R9.38);
* *planned*: ``deal``, ``bout_end``, ``draw``,
  ``view``, ``score``.
"""

from __future__ import annotations

import typing
from collections.abc import Callable

if typing.TYPE_CHECKING:
    from ....actions import Action
    from ....cards import Card
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["HousePart", "PARTS", "ACCEPT", "Event", "mine", "active_parts", "part_of_kind",
           "part_of_action"]

#: what ``refuse`` returns for an action the part judged legal
ACCEPT: tuple[str, str] = ("", "")

#: an event of the facade, as ``Game._event`` takes it: (kind, text, seat, action, cards, private)
Event = tuple[str, str, "int | None", "Action | None", tuple["Card", ...], bool]


def mine(before: CoreState, act: Action, kind: str, text: str, cards: tuple[Card, ...] = (),
         private: bool = False) -> Event:
    """An event of the move itself: the seat that made it, and the action."""
    return (kind, text, before.to_act, act, cards, private)


class HousePart:
    """One R9 clause (or a tight group) as a part of the core."""

    #: the clause of docs/rules.md it implements
    clause = ""
    #: the ``Rules`` fields it reads, and the values of each it makes the core cover
    values: dict[str, frozenset[object]] = {}
    #: the words of the discard event its pick-up writes (``{cards}``: the cards discarded)
    discard_words = ""
    #: the move kinds (>= 8) the part owns
    kinds: tuple[int, ...] = ()

    def active(self, rules: object) -> bool:
        """Is the rule on in ``rules``? (By default: any of its fields is truthy.)"""
        return any(getattr(rules, name) for name in self.values)

    def covers(self, rules: object) -> bool:
        """``state.supports`` hook: does the part play its rule with the other options of
        ``rules`` (by default: yes; ``COVERED`` judges each option alone)?"""
        return True

    def pickup(self, st: CoreState, taken: int) -> int:
        """R2.7 hook: the cards the taker picks up (by default all of ``taken``)."""
        return taken

    def take_over(self, st: CoreState, game: object) -> None:
        """``from_game`` hook: read the part's slots of an ``AttackGame`` into ``st.extra``."""

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        """``menu`` hook: the menu with the part's moves (by default ``menu`` unchanged)."""
        return menu

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """``refuse`` hook: ``None`` (not the part's), ``ACCEPT`` or ``(clause, words)``."""
        return None

    def apply(self, st: CoreState, move: int) -> bool:
        """``apply`` hook: play ``move`` if it is the part's (``True``), else leave it."""
        return False

    def hold_bout(self, st: CoreState) -> bool:
        """Bout-end hook (R2.5's last pass): give someone a turn first (``True``)?"""
        return False

    def action(self, move: int) -> Action:
        """``decode.action`` hook: the ``Action`` one of the part's moves is."""
        raise ValueError(f"not a move of {self.clause}: {move!r}")

    def encode(self, act: Action) -> int | None:
        """``decode.encode`` hook: the part's move an ``Action`` is (``None``: not the part's)."""
        return None

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        """``CoreGame._events`` hook: the move's own events (``None``: the facade's usual)."""
        return None

    def talon_known(self, st: CoreState, seat: int) -> int:
        """``CoreGame._view`` hook: cards (rank-major) ``seat`` knows to be in the talon."""
        return 0

    def beats(self, st: CoreState, target: Card, card: Card) -> tuple[str, str] | None:
        """``refuse``'s beat hook: why ``card`` does not beat ``target`` under the part's rule
        (the verdict is ``Config.beat``'s), or ``None``: R2.3's words."""
        return None

    def role(self, st: CoreState, seat: int) -> str | None:
        """``CoreGame.role`` hook: the seat's role in a phase of the part's own (R9.38)."""
        return None

    def whole(self, before: CoreState, act: Action) -> bool:
        """``CoreGame._events`` hook: the part's events are all the move's (but the end)."""
        return False

    def laid(self, before: CoreState, act: Action) -> tuple[int, ...]:
        """``CoreGame._events`` hook: the cards (positions) the part's move put on the table."""
        return ()

    def talon_used(self, before: CoreState, act: Action) -> int:
        """``CoreGame._events`` hook: talon cards the move itself took (not the bout's draw)."""
        return 0


def _parts() -> tuple[HousePart, ...]:
    from .defender_draws import DefenderDraws
    from .defender_swaps import DefenderSwaps
    from .clubs_apart import ClubsApart
    from .counter_attack import CounterAttack
    from .defender_throws_in import DefenderThrowsIn
    from .one_higher_phase import OneHigherPhase
    from .take_first_only import TakeFirstOnly
    from .talon_attack import TalonAttackPart
    from .trump_six_exchange import TrumpSixExchange
    # the order the reference lists the gallery's moves in: R9.10's turn replaces the menu;
    # then R9.26, R9.18, R9.17, R9.19, R9.39 each add theirs after it (AttackGame._legal)
    return (TakeFirstOnly(), DefenderThrowsIn(), TrumpSixExchange(), TalonAttackPart(),
            DefenderDraws(), DefenderSwaps(), CounterAttack(), ClubsApart(), OneHigherPhase())


#: every part, in the order the core calls them
PARTS: tuple[HousePart, ...] = _parts()

_BY_KIND: dict[int, HousePart] = {k: p for p in PARTS for k in p.kinds}


def active_parts(rules: object) -> tuple[HousePart, ...]:
    """The parts whose rule is on in ``rules``."""
    return tuple(p for p in PARTS if p.active(rules))


def part_of_kind(kind: int) -> HousePart | None:
    """The part that owns move kind ``kind`` (``None``: no part)."""
    return _BY_KIND.get(kind)


def part_of_action(act: Action) -> int | None:
    """The move an ``Action`` of a part's own kind is (``None``: no part's)."""
    for p in PARTS:
        move = p.encode(act)
        if move is not None:
            return move
    return None
