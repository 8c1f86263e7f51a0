"""The typed faces of a game: what a bot, the coach and a widget may read of one, declared once.

``Game`` (every engine), ``SeatGame`` (the sealed seat a bot is handed, ``bots/seat.py``) and
``View`` (what one seat knows) offer parts of one surface. Each part is a ``Protocol`` here, so
that code reading a game is typed against the face it needs instead of ``Any``, and a new
member is declared in one place:

* ``PublicFace`` — the public table: trump, its card, the talon's size, table, discard pile,
  who acts. ``Game``, ``SeatGame`` and ``View`` all offer it.
* ``GameFace`` — everything a bot may use (R0): the public face, the rules and names, the
  results, the table's faces (``role``, ``targets``, …), ``view``, ``legal_actions``, ``check``
  and ``can_play``. ``Game`` and ``SeatGame`` offer it; bots are typed against it.
* ``SearchFace`` — a ``GameFace`` that also deals copies to search (``redeal_hidden``): the
  attack–defence engine and every ``SeatGame``.

``SeatGame`` subclasses ``SearchFace`` and fills each member it does not compute itself with
``forward``/``forward_call``, which take the member's type from its declaration here: mypy
refuses to build a ``SeatGame`` that leaves a member out (an abstract member), and
``tests/test_face.py`` holds the members and the forwarding together at run time.

>>> from durak_edu import new_game
>>> isinstance(new_game("podkidnoy", seed=1), GameFace), isinstance(new_game("podkidnoy").view(0), PublicFace)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, Concatenate, Generic, ParamSpec, Protocol, TypeVar
from typing import runtime_checkable

from ..actions import Action
from ..cards import Card, Suit
from ..rules import RulesBase

if TYPE_CHECKING:
    from .base import Game, Result, View

__all__ = ["PublicFace", "GameFace", "SearchFace", "Bot", "members", "forward", "forward_call"]

R = TypeVar("R")
P = ParamSpec("P")


@runtime_checkable
class PublicFace(Protocol):
    """What lies open on the table (R0): every game, seat and view shows it alike."""

    __slots__ = ()

    @property
    def trump(self) -> Suit | None:
        """The trump suit (``None``: no trump, R1.2)."""
        ...

    @property
    def trump_card(self) -> Card | None:
        """The card that showed the trump (``None``: none shown, or still face down)."""
        ...

    @property
    def talon_size(self) -> int:
        """Cards left to draw (R2.9)."""
        ...

    @property
    def table(self) -> Sequence[Any]:
        """The table: ``(attack, defence or None)`` pairs, or a pile's cards (``table_shape``)."""
        ...

    @property
    def discard(self) -> Sequence[Card]:
        """The discard pile, in order."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` once the game is over."""
        ...


@runtime_checkable
class GameFace(PublicFace, Protocol):
    """What a bot may use of a game (R0): the public face, the rules, the result, the table's
    faces and its choices. A bot is ``bot(game: GameFace, seat) -> Action`` (``Bot``)."""

    __slots__ = ()

    @property
    def variant(self) -> str:
        """The preset's name (a key of ``VARIANTS``)."""
        ...

    @property
    def family(self) -> str:
        """The rule family: ``"attack"``, ``"circle"`` or ``"shedding"``."""
        ...

    @property
    def rules(self) -> RulesBase:
        """The rule options in force."""
        ...

    @property
    def players(self) -> int:
        """How many seats."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def out(self) -> tuple[int, ...]:
        """Seats that have gone out, in order (R2.10)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def result(self) -> Result | None:
        """The ``Result`` once the game is over."""
        ...

    @property
    def table_shape(self) -> str:
        """The table's layout: ``"pairs"``, ``"pile"`` or ``"stack"``."""
        ...

    @property
    def is_taking(self) -> bool:
        """Whether the defender has declared take (R2.7)."""
        ...

    @property
    def called_suit(self) -> Suit | None:
        """The suit a card has called, while the call holds (R8.3)."""
        ...

    def role(self, seat: int) -> str:
        """``seat``'s part now, as the table writes it (``""``: none)."""
        ...

    def targets(self) -> list[Card]:
        """The table cards a ``Beat`` may be aimed at now, in table order."""
        ...

    def beats(self, card: Card | str, target: Card | str) -> bool:
        """Does ``card`` beat ``target`` here (R2.3, R6, R7.1)?"""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` knows (R0)."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, in a fixed order."""
        ...

    def check(self, action: Action | str) -> Action:
        """Raise ``IllegalAction`` naming the rule if ``action`` may not be played now."""
        ...

    def can_play(self, action: Action | str) -> bool:
        """Whether ``check`` would accept ``action``."""
        ...


@runtime_checkable
class SearchFace(GameFace, Protocol):
    """A ``GameFace`` that deals copies to search: every card ``seat`` cannot see dealt again
    at random, consistently with its view (R0)."""

    __slots__ = ()

    def redeal_hidden(self, seat: int, rng: random.Random | int | None = None) -> Game:
        """A full game, redealt from ``seat``'s view: the searcher's own to play."""
        ...


#: a bot: ``bot(game, seat) -> Action``, choosing from ``game.legal_actions()``
Bot = Callable[[GameFace, int], Action]


def members(face: type) -> tuple[str, ...]:
    """The names a face declares (its own and its bases'), in declaration order."""
    names: dict[str, None] = {}
    for cls in reversed(face.__mro__):
        if not getattr(cls, "_is_protocol", False) or cls.__module__ == "typing":
            continue  # object, Protocol, Generic
        for name, value in vars(cls).items():
            if isinstance(value, property) or (callable(value) and not name.startswith("_")):
                names[name] = None
    return tuple(names)


class _Forwarded(Generic[R]):
    """A read-only attribute taken from the object's ``_face_target()`` (``forward``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        if name != self.name:
            raise TypeError(f"{owner.__name__}.{name} forwards {self.name!r}: the names differ")

    def __get__(self, obj: Any, owner: type | None = None) -> R:
        if obj is None:
            return self  # type: ignore[return-value]  # the class's own attribute: the descriptor
        value = getattr(obj._face_target(), self.name)
        # a list is the holder's own copy: changing it changes nothing (R0: a snapshot)
        return list(value) if isinstance(value, list) else value  # type: ignore[return-value]


def forward(declared: Callable[[Any], R]) -> _Forwarded[R]:
    """A read-only property that reads the same property of ``self._face_target()``, typed as
    ``declared`` (a face's property, ``GameFace.variant``) says; a list comes back copied."""
    if not isinstance(declared, property) or declared.fget is None:
        raise TypeError(f"forward takes a face's property, not {declared!r}")
    return _Forwarded(declared.fget.__name__)


def forward_call(declared: Callable[Concatenate[Any, P], R]) -> Callable[Concatenate[Any, P], R]:
    """A method that calls the same method of ``self._face_target()``, typed as ``declared``
    (a face's method, ``GameFace.role``) says."""
    name = getattr(declared, "__name__", None)
    if isinstance(declared, property) or not isinstance(name, str):
        raise TypeError(f"forward_call takes a face's method, not {declared!r}")

    def method(self: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        result: R = getattr(self._face_target(), name)(*args, **kwargs)
        return result

    method.__name__ = method.__qualname__ = name
    method.__doc__ = declared.__doc__
    method.__forwarded__ = name  # type: ignore[attr-defined]  # read by members' tests
    return method
