"""House rules (R9) as parts of the core (issue 25; docs/architecture.md, "House rules as parts").

A part is one module here with one ``HousePart`` subclass: the ``Rules`` options it reads and
the values it adds to what the core covers (``values``), and the hooks it implements. The core
calls the active parts (``Config.parts``, in ``PARTS`` order) at fixed points only; a part
leaves every other hook as the base class has it (doing nothing). This increment has the
first hook and the first part; the others are listed with the point the core will call them.

Hook points (the ones marked *planned* are not called yet):

* ``pickup(st, taken) -> taken`` — the bout ends in a pick-up (R2.7): which of the table's
  cards (a rank-major mask) the taker picks up; the part puts the rest where its rule says;
* ``throw_block(st) -> (clause, words) | None`` — nobody may throw in now (R9.16's 9♦):
  ``checks.room`` is 0 and ``refuse`` gives these words after the ranks check (R2.4);
* ``take_over(st, game)`` — ``state.from_game`` reads the rule's slots into ``st.extra``;
* ``refill(st, seat, size) -> size`` — R2.9: the hand size a seat draws up to (R9.5, R9.25);
* ``bito(st) -> bool`` — R2.8: the bout ends in bito; ``True``: the part took the cards (R9.13);
* ``draw(st)`` — after the bout's draw and R2.10's going out, before R2.11 (R9.12);
* ``view(st, seat, view) -> view`` — R0: the facade's ``View`` as the rule changes it (R9.4);
* ``covers(rules)`` — ``state.supports``: a combination of options the part does not play;
* ``emptied(st, seat)`` — R2.10: a hand is empty with the talon empty (R9.40: the reserve);
  ``set_aside(st)`` — the facade's unseen cards outside talon and hands (R9.40);
* ``played(st, move)`` — ``apply``, before a move (R9.28: who lays attack cards);
* ``bout_end(st, took, taken)`` — R2.7/R2.8, after the pick-up or bito, the table still laid
  (R9.28: what the bout scores);
* ``score(st, result) -> result`` — ``decode.result``: the finished game's ``Result`` (R9.28);
* facade only: ``drawn_hands(st)`` (the hands before R9.12 passed them) and
  ``events(before, after, point, who)`` (the rule's events at a point of a bout's end);
* *planned*: ``deal``, ``moves`` (narrow or extend the menu), ``refuse`` (a clause of its own,
  asked before the core's), ``beats`` (the verdict and its reason), ``apply`` (its own moves),
  ``bout_end``, ``draw``, ``view``, ``score``.
"""

from __future__ import annotations

import typing
from collections.abc import Callable

if typing.TYPE_CHECKING:
    from ....cards import Card
    from ...attack import AttackGame
    from ...base import Result, View
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
    #: the kind and words of the event of a bito its ``bito`` hook takes (``{cards}``)
    bito_words: tuple[str, str] | None = None
    #: the kinds of the part's events only their seat sees (R9.40: a reserve taken up)
    private_events: frozenset[str] = frozenset()

    def active(self, rules: object) -> bool:
        """Is the rule on in ``rules``? (By default: any of its fields is truthy.)"""
        return any(getattr(rules, name) for name in self.values)

    def pickup(self, st: CoreState, taken: int) -> int:
        """R2.7 hook: the cards the taker picks up (by default all of ``taken``)."""
        return taken

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        """R2.4/R2.6 hook (``checks.room``, ``refuse``): why nobody may throw in now, or None."""
        return None

    def take_over(self, st: CoreState, game: AttackGame) -> None:
        """``state.from_game`` hook: read this rule's slots of ``game`` into ``st.extra``."""

    def refill(self, st: CoreState, seat: int, size: int) -> int:
        """R2.9 hook (``apply._draw``): how many cards ``seat`` draws up to (by default ``size``)."""
        return size

    def bito(self, st: CoreState) -> bool:
        """R2.8 hook: the bout ends in bito; True if the part put the table's cards elsewhere."""
        return False

    def draw(self, st: CoreState) -> None:
        """R2.9 hook: after the bout's draw (and R2.10's going out), before R2.11's end."""

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """R0 hook (``CoreGame._view``): what ``seat`` knows, as the rule changes it."""
        return view

    def covers(self, rules: object) -> bool:
        """``state.supports`` hook: does the part play this combination of options?"""
        return True

    def drawn_hands(self, st: CoreState) -> tuple[int, ...] | None:
        """Facade hook: the hands as the bout's draw left them, if the part moved them since."""
        return None

    def events(self, before: CoreState, after: CoreState, point: str,
               who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """Facade hook: the rule's events ``(kind, words, cards, seat)`` of a move that ended a
        bout, at ``point``: ``"move"`` (after the move's own event), ``"table"`` (after the
        pick-up or bito), ``"draw"`` (after the draws), ``"out"`` (after who went out, before
        the game's end); ``"move"`` is asked of every move."""
        return []

    def emptied(self, st: CoreState, seat: int) -> None:
        """R2.10 hook (``apply``): ``seat``'s hand and the talon are empty; he is out unless the
        part gives him cards (R9.40: his reserve)."""

    def set_aside(self, st: CoreState) -> int:
        """R0 hook (``CoreGame._view``): unseen cards outside the talon and the hands (R9.40)."""
        return 0

    def played(self, st: CoreState, move: int) -> None:
        """``apply`` hook: ``st.to_act`` is about to play ``move`` (nothing applied yet)."""

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """R2.7/R2.8 hook: the bout ends (``taken``: the cards picked up), table still laid."""

    def score(self, st: CoreState, result: Result) -> Result:
        """R2.11/R2.12 hook (``decode.result``): the result of a finished game."""
        return result


def _parts() -> tuple[HousePart, ...]:
    from .take_first_only import TakeFirstOnly
    from .naval import DealAll, NineStopsThrowIns
    from .refill import DrawOnlyWhenEmpty, ProgressiveRefill
    from .chukotsky import TalonRemoved
    from .otboyny import BitoBack
    from .nevidimy import TrumpHidden
    from .ace_put_back import AcePutBack
    from .krugovoy import PassHandsLeft
    from .scoring import Scoring
    from .redeal import RedealFiveOfASuit
    from .reserve import Reserve
    return (TakeFirstOnly(), DealAll(), NineStopsThrowIns(), ProgressiveRefill(),
            DrawOnlyWhenEmpty(), TalonRemoved(), BitoBack(), TrumpHidden(), AcePutBack(),
            PassHandsLeft(), Scoring(), RedealFiveOfASuit(), Reserve())


#: every part, in the order the core calls them
PARTS: tuple[HousePart, ...] = _parts()


def active_parts(rules: object) -> tuple[HousePart, ...]:
    """The parts whose rule is on in ``rules``."""
    return tuple(p for p in PARTS if p.active(rules))
