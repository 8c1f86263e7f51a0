"""What every checker shares: the ``Verdict`` it returns and readers for students' answers.

A checker never raises on a student's answer. It returns a ``Verdict`` whose text says what is
right, or exactly what is wrong; given the stub value ``...`` (what the generated exercise
notebooks hold until the student replaces it) it says "not answered yet".

>>> v = Verdict.right("8♠ beats 7♠.")
>>> v.ok, v
(True, ✔ Right. 8♠ beats 7♠.)
>>> unanswered(...)
True
"""

from __future__ import annotations

import functools
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable

#: a checker: ``check(answer, ...) -> Verdict``
Check = Callable[..., "Verdict"]

from ..actions import Action, Transfer, as_action
from ..cards import Card, cards as _cards

if TYPE_CHECKING:
    from ..games.base import Game
    from ..record import Replay

#: what ``action_key`` makes: an action's kind and its cards, in any order
ActionKey = tuple[Hashable, ...]

__all__ = ["Verdict", "STUB", "unanswered", "BadAnswer", "checker", "shown", "read_cards",
           "read_action", "read_action_set", "action_key", "compare_actions", "read_number",
           "same_number", "show_number", "near_float", "plural", "cards_text"]

#: the value an unsolved exercise holds: ``answer = ...``
STUB = ...


def unanswered(answer: object) -> bool:
    """``True`` for the stub value ``...`` of an unsolved exercise."""
    return answer is STUB


class BadAnswer(ValueError):
    """An answer the checker cannot read; its message says what was expected."""


@dataclass(frozen=True, repr=False)
class Verdict:
    """A checker's verdict: ``status`` is ``"right"``, ``"wrong"`` or ``"unanswered"``.

    ``ok`` is ``True`` only when right. ``repr`` (what a notebook shows) is the whole message,
    one point per line.
    """

    status: str
    message: str

    @classmethod
    def right(cls, message: str) -> "Verdict":
        return cls("right", message)

    @classmethod
    def wrong(cls, message: str) -> "Verdict":
        return cls("wrong", message)

    @classmethod
    def unanswered(cls, what: str = "") -> "Verdict":
        text = "Replace the `...` with your answer, run the cell, then run this check again."
        return cls("unanswered", f"{text} {what}".strip())

    @property
    def ok(self) -> bool:
        return self.status == "right"

    def __repr__(self) -> str:
        head = {"right": "✔ Right.", "wrong": "✘ Not yet right.",
                "unanswered": "… Not answered yet."}[self.status]
        msg = self.message
        if msg.startswith("\n"):
            return f"{head}{msg}"
        if re.match(r"[a-z]+[ ,:]", msg):  # a sentence: capital first letter, never in "h/4"
            msg = msg[:1].upper() + msg[1:]
        return f"{head} {msg}"

    __str__ = __repr__


def shown(value: object, most: int = 60) -> str:
    """``repr(value)`` cut to ``most`` characters, for echoing a student's answer in a verdict:
    a huge answer neither floods the notebook nor (a whole number past Python's 4,300 digits)
    raises instead of being echoed.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown(10 ** 5000)
    'an int too long to print'
    """
    try:
        text = repr(value)
    except ValueError:
        return f"an {type(value).__name__} too long to print"
    return text if len(text) <= most else text[:most - 3] + "..."


def checker(what: str) -> Callable[[Check], Check]:
    """Decorate a checker: the stub gives "not answered yet", an unreadable answer (the readers
    raise ``BadAnswer``) gives a verdict that says what was expected. Nothing else is caught: a
    bug in a checker must show as one, not as "I could not read your answer"."""

    def wrap(fn: Check) -> Check:
        def check(answer: object = STUB, *args: Any, **kwargs: Any) -> Verdict:
            if unanswered(answer):
                return Verdict.unanswered(what)
            try:
                verdict: Verdict = fn(answer, *args, **kwargs)
                return verdict
            except BadAnswer as exc:
                return Verdict.wrong(f"I could not read your answer: {exc}; "
                                     f"{what[:1].lower()}{what[1:]}")
        check.__name__ = fn.__name__
        check.__qualname__ = fn.__qualname__
        check.__doc__ = fn.__doc__
        check.__module__ = fn.__module__
        setattr(check, "__wrapped__", fn)  # what inspect.signature and doctest follow
        return check
    return wrap


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` → ``"1 card"``, ``plural(3, "card")`` → ``"3 cards"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def cards_text(cs: Iterable[Card]) -> str:
    """Cards in display order, space separated (``—`` for none)."""
    shown = sorted(cs)
    return " ".join(map(str, shown)) if shown else "—"


def read_cards(value: object, what: str = "your answer") -> frozenset[Card]:
    """A set of cards from text (``"7♠ 9♠"``), a card, or any collection of cards or card texts."""
    if value is None:
        raise BadAnswer(f"{what} is None; give the cards, e.g. {{'7♠', '9♠'}} or \"7♠ 9♠\"")
    if isinstance(value, Card):
        return frozenset((value,))
    try:
        if isinstance(value, str):
            return frozenset(_cards(value))
        items = list(value)  # type: ignore[call-overload]  # anything iterable; else TypeError
    except TypeError:
        raise BadAnswer(f"{what} should be cards, e.g. {{'7♠', '9♠'}} or \"7♠ 9♠\", "
                        f"not {type(value).__name__}") from None
    except ValueError as exc:
        raise BadAnswer(f"{what}: {exc}") from None
    out: set[Card] = set()
    for item in items:
        try:
            out.add(Card.parse(item))
        except ValueError as exc:
            raise BadAnswer(f"{what}: {exc}") from None
    return frozenset(out)


def read_action(value: object, what: str = "an action") -> Action:
    """An action from its text form (``"throw 9♥"``) or an ``Action``."""
    try:
        return as_action(value)  # type: ignore[arg-type]  # anything else: ValueError
    except ValueError as exc:
        raise BadAnswer(f"{what} {shown(value)}: {exc}") from None


def action_key(action: Action) -> ActionKey:
    """A key under which ``throw 9♥ 10♦`` and ``throw 10♦ 9♥`` are the same action."""
    if hasattr(action, "cards"):
        return (type(action).__name__, frozenset(action.cards),
                isinstance(action, Transfer) and action.show)
    return (type(action).__name__, frozenset(vars(action).items()))


def read_number(value: object, what: str = "your answer") -> Fraction | float:
    """A number: an ``int``, a ``Fraction``, a sympy rational (exact) or a ``float``."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        raise BadAnswer(f"{what} should be a number (a Fraction for an exact answer), "
                        f"not {shown(value)}")
    if isinstance(value, numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, numbers.Real):
        return float(value)
    try:  # sympy numbers
        import sympy
        v = sympy.nsimplify(value) if not isinstance(value, sympy.Basic) else value
        if getattr(v, "is_Rational", False):
            return Fraction(int(v.p), int(v.q))
        if getattr(v, "is_number", False):
            return float(v)
    except Exception:  # noqa: BLE001 - anything unreadable is reported below
        pass
    raise BadAnswer(f"{what} should be a number (a Fraction for an exact answer), "
                    f"not {shown(value)}")


def read_pair_answers(answer: object, cases: Iterable[tuple[int, int]], pair: str, example: str,
                      value: str) -> dict[tuple[int, int], Fraction | float]:
    """A dict ``{(a, b): number}`` answering some of ``cases``, each key a pair of whole numbers
    (``pair`` names them, ``example`` shows one), each value read by ``read_number``."""
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict {pair} → {value}, not {type(answer).__name__}")
    given: dict[tuple[int, int], Fraction | float] = {}
    for key, number in answer.items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(x, int) for x in key)):
            raise BadAnswer(f"the key {shown(key)} should be a pair {pair}, e.g. {example}")
        if key not in cases:
            raise BadAnswer(f"{key} is not one of the cases asked for: "
                            + ", ".join(map(str, cases)))
        given[key] = read_number(number, f"the answer for {key}")
    return given


def same_number(answer: Fraction | float, exact: Fraction) -> bool:
    """Exact equality for exact answers; for a float, agreement to 9 decimal places."""
    if isinstance(answer, float):
        return abs(answer - float(exact)) < 1e-9
    return answer == exact


#: how close a decimal must be to the exact answer to be called a rounding of it
NEAR = 5e-3


def near_float(answer: Fraction | float, exact: Fraction) -> str | None:
    """For a decimal answer that is a rounding of the exact one, what to say instead of a bare
    "wrong": the answer is exact, so give it as a ``Fraction``. ``None`` for anything else.

    >>> near_float(0.238, Fraction(5, 21))[:40]
    '0.238 is the exact answer rounded (off b'
    >>> near_float(0.5, Fraction(5, 21)) is None
    True
    """
    if not isinstance(answer, float) or abs(answer - float(exact)) >= NEAR or answer == exact:
        return None
    return (f"{answer:.6g} is the exact answer rounded (off by {abs(answer - float(exact)):.1g}), so it is close but it is not the answer: a count gives an exact probability, "
            "so give it as a Fraction — from fractions import Fraction; Fraction(a, b) — or keep "
            "the Fractions your computation already makes")


def show_number(x: Fraction | float) -> str:
    """A number as a student reads it: ``48/35 ≈ 1.3714``."""
    if isinstance(x, float):
        return f"{x:.6g}"
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x} ≈ {float(x):.4f}"


def read_action_set(value: object, what: str) -> dict[ActionKey, Action]:
    """A collection of actions (texts such as ``"throw 9♥"`` or ``Action`` values), keyed by
    ``action_key``; one text alone counts as a collection of one."""
    if value is None:
        raise BadAnswer(f"{what} is None; give a set of action texts, e.g. {{'throw 9♥', 'pass'}}")
    items: Iterable[object] = (value if isinstance(value, Iterable) and not isinstance(value, str)
                               else [value])
    out: dict[ActionKey, Action] = {}
    for item in items:
        act = read_action(item, f"in {what},")
        out[action_key(act)] = act
    return out


def compare_actions(game: Game, given: dict[ActionKey, Action], label: str,
                    tip: Callable[[Action], str] | None = None) -> list[str]:
    """What is wrong with ``given`` as the set of legal actions of ``game`` (empty: all right).

    An action that is not legal is explained by the engine's own message (``game.check``,
    which names the clause); a legal action left out is named, with ``tip(action)`` if given.
    """
    from ..errors import IllegalAction

    legal = {action_key(a): a for a in game.legal_actions()}
    problems: list[str] = []
    for key, act in sorted(given.items(), key=lambda kv: str(kv[1])):
        if key in legal:
            continue
        try:
            game.check(act)
            reason = "it is not among the legal actions"
        except IllegalAction as exc:
            reason = str(exc)
        problems.append(f"{label}'{act}' is not legal — {reason}")
    missed = [a for k, a in legal.items() if k not in given]
    if missed:
        names = ", ".join(f"'{a}'" for a in missed)
        text = f"{label}you left out {plural(len(missed), 'legal action')}: {names}"
        tips = sorted({t for t in (tip(a) for a in missed) if t}) if tip else []
        problems.append(text + (f" ({'; '.join(tips)})" if tips else ""))
    return problems


def scripted_positions(variant: str, hands: Iterable[str], cases: Mapping[str, Iterable[str]],
                       **setup: Any) -> dict[str, Game]:
    """letter → the game dealt ``hands`` (``from_hands(variant, hands, **setup)``) after the
    moves of ``cases[letter]``: the positions of a move puzzle."""
    from ..games import from_hands
    out: dict[str, Game] = {}
    for letter, moves in cases.items():
        g = from_hands(variant, list(hands), **setup)
        for m in moves:
            g.play(m)
        out[letter] = g
    return out


def check_move_puzzle(answer: object, games: Mapping[str, Game],
                      tip: Callable[[Action, Game], str]) -> "Verdict":
    """Shared by the legal-move puzzles: ``answer`` maps each position's letter to the set of
    legal actions of the player to act; ``tip(action, game)`` explains one the student missed."""
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict letter → set of actions, not {type(answer).__name__}")
    bad = [k for k in answer if k not in games]
    if bad:
        raise BadAnswer(f"{shown(bad[0])} is not one of the letters {', '.join(games)}")
    problems: list[str] = []
    good: list[str] = []
    for letter, g in games.items():
        if letter not in answer:
            problems.append(f"({letter}) no answer yet.")
            continue
        given = read_action_set(answer[letter], f"the answer for ({letter})")
        found = compare_actions(g, given, f"({letter}) ", functools.partial(_tip_at, tip, g))
        if found:
            problems.extend(found)
        else:
            acts = ", ".join(f"'{a}'" for a in g.legal_actions())
            good.append(f"({letter}) seat {g.to_act}: {acts}")
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    return Verdict.right("\n  " + "\n  ".join(good))


def _tip_at(tip: Callable[[Action, Game], str], game: Game, action: Action) -> str:
    return tip(action, game)


def replay_at(record: str, move: int) -> Replay:
    """A ``Replay`` of a curated game, standing after ``move`` actions."""
    from ..record import Replay, curated
    r = Replay(curated(record))
    r.goto(move)
    return r
