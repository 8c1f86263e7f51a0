"""Actions: what a player can do, as frozen values with a text form that parses back.

>>> parse_action("beat 7♠ 9♠")
Beat('7♠', '9♠')
>>> str(Transfer("7♦", show=True))
'show 7♦'
>>> parse_action(str(Attack("7s 7d"))) == Attack("7♠ 7♦")
True

Constructors accept cards or card text, so ``Attack("7♠ 7♦")`` and
``Attack((Card.parse("7♠"), Card.parse("7♦")))`` are the same action.
"""

from __future__ import annotations

from collections.abc import Iterable
import dataclasses
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Union, cast

from .cards import Card, Suit, cards as _cards, rank_order

if TYPE_CHECKING:
    from typing_extensions import Self

#: what the card-carrying actions accept: cards, their text forms, or one text of several cards
CardsLike = Union[Card, str, Iterable[Union[Card, str]]]

__all__ = [
    "Action", "Attack", "ThrowIn", "Beat", "Transfer", "Take", "Pass", "Play", "Draw",
    "Swap", "Exchange", "TalonAttack", "Counter", "Give", "parse_action", "as_action",
]


def _card_tuple(value: CardsLike) -> tuple[Card, ...]:
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, str):
        out = _cards(value)
    else:
        out = tuple(Card.parse(c) for c in value)
    if not out:
        raise ValueError("an action needs at least one card")
    if len(set(out)) != len(out):  # twins (7♠ 7♠', R0) are two cards; one card twice is not
        raise ValueError(f"the same card twice: {' '.join(map(str, out))}")
    return out


class _Immutable(tuple):  # type: ignore[type-arg]
    """An action's values held in a tuple, so no code can change them (R0): a bot handed the
    engine's listed actions cannot turn a legal one into an illegal one, in this game or in any
    other sharing it (``object.__setattr__`` fails: the fields are read-only properties, and
    there is no ``__dict__``). Actions of different kinds never compare equal, nor to a tuple.

    >>> a = Attack("7♠")
    >>> object.__setattr__(a, "cards", ())  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    AttributeError: property 'cards' of 'Attack' object has no setter
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented  # actions have no order, as before

    __le__ = __gt__ = __ge__ = __lt__

    def __bool__(self) -> bool:
        return True  # an action is something, even one without cards (``Take()``)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return (type(self), tuple(self))

    @property
    def __dict__(self) -> dict[str, Any]:  # type: ignore[override]
        """The fields by name, as a fresh dict (``vars(action)`` as for any dataclass; changing
        it changes nothing)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


def _field(i: int, doc: str) -> Any:
    """A read-only field of an action: item ``i`` of its tuple (a property without a setter, so
    even ``object.__setattr__`` cannot change it)."""
    return property(itemgetter(i), doc=doc)


class _CardsAction(_Immutable):
    """Shared text form for actions carrying a set of cards.

    The cards are kept in one order (by rank, then suit), so ``Attack("7♥ 7♦")`` and
    ``Attack("7♦ 7♥")`` are the same action and print the same way.
    """

    __slots__ = ()
    verb = ""
    cards: tuple[Card, ...]

    def __new__(cls, cards: CardsLike) -> Self:
        return tuple.__new__(cls, (tuple(sorted(_card_tuple(cards), key=rank_order)),))

    def __str__(self) -> str:
        return f"{self.verb} {' '.join(map(str, self.cards))}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({' '.join(map(str, self.cards))!r})"


_CARDS = "the cards, in listing order (rank, then suit)"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Attack(_CardsAction):
    """Open a bout (R2.2) or lead a card (circle family, R7)."""

    __slots__ = ()
    cards: tuple[Card, ...] = _field(0, _CARDS)
    verb = "attack"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class ThrowIn(_CardsAction):
    """Add cards whose ranks are already on the table (R2.4)."""

    __slots__ = ()
    cards: tuple[Card, ...] = _field(0, _CARDS)
    verb = "throw"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Beat(_Immutable):
    """Cover ``target`` on the table with ``card`` from the hand (R2.3)."""

    __slots__ = ()
    target: Card = _field(0, "the table card beaten")
    card: Card = _field(1, "the card that beats it")

    def __new__(cls, target: Card | str, card: Card | str) -> Self:
        return tuple.__new__(cls, (Card.parse(target), Card.parse(card)))

    def __str__(self) -> str:
        return f"beat {self.target} {self.card}"

    def __repr__(self) -> str:
        return f"Beat({str(self.target)!r}, {str(self.card)!r})"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Transfer(_CardsAction):
    """Pass the attack on to the next player (R3.1); ``show=True`` is the proezdnoy (R3.4)."""

    __slots__ = ()
    cards: tuple[Card, ...] = _field(0, _CARDS)
    show: bool = _field(1, "shown, not laid: the proezdnoy (R3.4)")

    def __new__(cls, cards: CardsLike, show: bool = False) -> Self:
        return tuple.__new__(cls, (tuple(sorted(_card_tuple(cards), key=rank_order)),
                                   bool(show)))

    @property
    def verb(self) -> str:  # type: ignore[override]
        return "show" if self.show else "transfer"

    def __repr__(self) -> str:
        text = " ".join(map(str, self.cards))
        return f"Transfer({text!r}, show=True)" if self.show else f"Transfer({text!r})"


class _Bare(_Immutable):
    """An action without values (take, pass, draw, attack from the talon)."""

    __slots__ = ()

    def __new__(cls) -> Self:
        return tuple.__new__(cls, ())


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Take(_Bare):
    """Give up the defence and pick up the table (R2.7); take the bottom card (R7.3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "take"

    def __repr__(self) -> str:
        return "Take()"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Pass(_Bare):
    """Decline to throw in (R2.5), pass the attack on (R4 D), or pass in mau-mau (R8.2)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Play(_Immutable):
    """Play one card on the pile (shedding family, R8); ``call`` names a suit for a wild card."""

    __slots__ = ()
    card: Card = _field(0, "the card played")
    call: Suit | None = _field(1, "the suit called (a wild card), or None")

    def __new__(cls, card: Card | str, call: Suit | str | None = None) -> Self:
        return tuple.__new__(cls, (Card.parse(card), None if call is None else Suit.parse(call)))

    def __str__(self) -> str:
        return f"play {self.card}" + ("" if self.call is None else f" call {self.call.letter}")

    def __repr__(self) -> str:
        if self.call is None:
            return f"Play({str(self.card)!r})"
        return f"Play({str(self.card)!r}, call={self.call.letter!r})"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Draw(_Bare):
    """Draw a card from the talon (shedding family, R8.2)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


# -- the gallery's own moves (R9) ---------------------------------------------------------------

@dataclass(frozen=True, repr=False, init=False, eq=False)
class Swap(_CardsAction):
    """Pokerny (R9.19): before defending, give one or two cards for as many from the talon.

    >>> str(Swap("8♦ 7♠")), parse_action("swap 7s 8d") == Swap("7♠ 8♦")
    ('swap 7♠ 8♦', True)
    """

    __slots__ = ()
    cards: tuple[Card, ...] = _field(0, _CARDS)
    verb = "swap"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Exchange(_Immutable):
    """R9.26: give the six of trumps for the trump card turned under the talon.

    >>> Exchange("6h"), str(Exchange("6♥"))
    (Exchange('6♥'), 'exchange 6♥')
    """

    __slots__ = ()
    card: Card = _field(0, "the six of trumps given")

    def __new__(cls, card: Card | str) -> Self:
        return tuple.__new__(cls, (Card.parse(card),))

    def __str__(self) -> str:
        return f"exchange {self.card}"

    def __repr__(self) -> str:
        return f"Exchange({str(self.card)!r})"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class TalonAttack(_Bare):
    """Armyansky (R9.18): attack, or throw in, with the top card of the talon, unseen till played.

    >>> parse_action("attack talon")
    TalonAttack()
    """

    __slots__ = ()

    def __str__(self) -> str:
        return "attack talon"

    def __repr__(self) -> str:
        return "TalonAttack()"


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Counter(_Immutable):
    """Pribaltiysky (R9.39): beat ``target`` with ``card`` and add ``extra`` cards of ``card``'s
    rank, which the attacker must now beat.

    >>> Counter("9♣", "10♣", "10♠"), str(Counter("9♣", "10♣", "10♥ 10♠"))
    (Counter('9♣', '10♣', '10♠'), 'beat 9♣ 10♣ add 10♠ 10♥')
    """

    __slots__ = ()
    target: Card = _field(0, "the table card beaten")
    card: Card = _field(1, "the card that beats it")
    extra: tuple[Card, ...] = _field(2, "the cards of its rank added, in listing order")

    def __new__(cls, target: Card | str, card: Card | str, extra: CardsLike) -> Self:
        self = tuple.__new__(cls, (Card.parse(target), Card.parse(card),
                                   tuple(sorted(_card_tuple(extra), key=rank_order))))
        if self.card in self.extra or self.target in self.extra:
            raise ValueError(f"the same card twice: {self}")
        return self

    def __str__(self) -> str:
        return f"beat {self.target} {self.card} add {' '.join(map(str, self.extra))}"

    def __repr__(self) -> str:
        return (f"Counter({str(self.target)!r}, {str(self.card)!r}, "
                f"{' '.join(map(str, self.extra))!r})")


@dataclass(frozen=True, repr=False, init=False, eq=False)
class Give(_CardsAction):
    """Volshebny (R9.49): a joker was led or transferred, and these cards of yours go to the
    opponent it names (two, or five).

    >>> str(Give("8♦ 7♠")), parse_action("give 7s 8d") == Give("7♠ 8♦")
    ('give 7♠ 8♦', True)
    """

    __slots__ = ()
    cards: tuple[Card, ...] = _field(0, _CARDS)
    verb = "give"


Action = Union[Attack, ThrowIn, Beat, Transfer, Take, Pass, Play, Draw, Swap, Exchange, TalonAttack,
               Counter, Give]
ACTION_TYPES = (Attack, ThrowIn, Beat, Transfer, Take, Pass, Play, Draw, Swap, Exchange,
                TalonAttack, Counter, Give)

_VERBS = "attack, throw, beat, transfer, show, take, pass, play, draw, swap, exchange, give"


def parse_action(text: str) -> Action:
    """Read the text form of an action; the inverse of ``str(action)``.

    A bad text raises ``ValueError`` naming what was wrong.
    """
    if not isinstance(text, str):
        raise ValueError(f"not an action: {text!r}")
    words = text.split()
    if not words:
        raise ValueError("empty action text")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb in ("take", "pass", "draw"):
            if args:
                raise ValueError(f"'{verb}' takes no cards")
            return Take() if verb == "take" else Pass() if verb == "pass" else Draw()
        if verb == "attack":
            if [a.lower() for a in args] == ["talon"]:
                return TalonAttack()  # R9.18
            return Attack(" ".join(args))
        if verb == "swap":
            if len(args) > 2:
                raise ValueError("'swap' gives one or two cards (R9.19)")
            return Swap(" ".join(args))
        if verb == "give":
            return Give(" ".join(args))  # R9.49 (how many is the game's to say)
        if verb == "exchange":
            if len(args) != 1:
                raise ValueError("'exchange' needs one card: the six of trumps (R9.26)")
            return Exchange(args[0])
        if verb == "throw":
            return ThrowIn(" ".join(args))
        if verb == "transfer":
            return Transfer(" ".join(args))
        if verb == "show":
            return Transfer(" ".join(args), show=True)
        if verb == "beat" and len(args) > 3 and args[2].lower() == "add":
            return Counter(args[0], args[1], " ".join(args[3:]))  # R9.39
        if verb == "beat":
            if len(args) != 2:
                raise ValueError("'beat' needs two cards: the table card, then the card that beats it")
            return Beat(args[0], args[1])
        if verb == "play":
            if len(args) == 1:
                return Play(args[0])
            if len(args) == 3 and args[1].lower() == "call":
                return Play(args[0], args[2])
            raise ValueError("'play' needs one card, optionally followed by 'call' and a suit")
    except ValueError as exc:
        raise ValueError(f"bad action {text!r}: {exc}") from None
    raise ValueError(f"bad action {text!r}: unknown verb {words[0]!r} (one of {_VERBS})")


def as_action(action: "Action | str") -> Action:
    """An ``Action`` from an action or its text form.

    An object of a class derived from an action's (its fields overridden, say) is read once,
    from the values it holds, into the action's own class: what is checked is what is played.
    """
    if type(action) in ACTION_TYPES:
        return cast(Action, action)
    if isinstance(action, ACTION_TYPES):
        base = next(t for t in type(action).__mro__ if t in ACTION_TYPES)
        return base(*(tuple.__getitem__(action, i) for i in range(tuple.__len__(action))))
    return parse_action(action)
