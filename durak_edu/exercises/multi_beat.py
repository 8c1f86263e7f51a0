"""Exercise 13: beating every card of a multi-card attack (R2.3, R2.7).

Against an attack of several cards the defender needs a *different* beater for each card (R2.3);
if no such assignment exists he must take (R2.7), even when every card on its own could be
beaten. For each position, give a dict attack card → beating card that beats them all, or
``None`` when it cannot be done.

>>> sorted(positions())
['a', 'b']
>>> check_all_beaten(...).status, check_all_beaten({"b": None}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from typing import Literal, cast

from ..cards import Card
from ..errors import IllegalAction
from ..games import from_hands
from ..prob.bayes import can_beat_all
from ..games.base import Game
from ._common import BadAnswer, Verdict, cards_text, checker

__all__ = ["CASES", "positions", "assignment", "check_all_beaten"]

#: letter -> (attacker's hand, defender's hand, the turned trump, the attack)
CASES = {
    "a": ("9♠ 9♦ 9♥ Q♣ 7♣ 6♦", "10♥ K♠ J♣ 7♦ A♦ 6♠", "6♥", "attack 9♠ 9♦ 9♥"),
    "b": ("8♣ 8♦ 6♥ Q♠ K♣ A♠", "7♥ 6♣ 6♠ 10♠ J♠ 7♦", "9♥", "attack 8♣ 8♦"),
}


def positions() -> dict[str, Game]:
    """letter → the game with the attack on the table, the defender to act."""
    out = {}
    for letter, (attacker, defender, turned, attack) in CASES.items():
        g = from_hands("podkidnoy", [attacker, defender], turned=turned)
        g.play(attack)
        out[letter] = g
    return out


def _unbeaten(g: Game) -> list[Card]:
    """The attack cards still to beat (R2.3); the table holds attack–defence pairs here."""
    pairs = cast("list[tuple[Card, Card | None]]", g.table)
    return [a for a, d in pairs if d is None]


def _defender_hand(g: Game) -> tuple[Card, ...]:
    assert g.to_act is not None, "the defender is to act"
    return g.hands[g.to_act]


def assignment(g: Game) -> dict[Card, Card] | None:
    """One way to beat every attack card (attack → beater), or ``None``; the right answer."""
    targets = _unbeaten(g)
    hand = _defender_hand(g)
    if not can_beat_all(hand, targets, g.beats):
        return None
    # extend a partial assignment card by card, keeping the rest beatable (R2.3)
    out: dict[Card, Card] = {}
    left = list(hand)
    for i, t in enumerate(targets):
        for c in left:
            rest = [x for x in left if x != c]
            if g.beats(c, t) and can_beat_all(rest, targets[i + 1:], g.beats):
                out[t] = c
                left = rest
                break
    return out


def _read(value: object, letter: str) -> dict[Card, Card] | Literal[True] | None:
    """``None`` (cannot be done), ``True`` (a bare "yes, it can": no beaters named yet) or the
    assignment as cards. ``False`` is the same answer as ``None``: the question is yes/no."""
    if value is None or value is False:
        return None
    if value is True:
        return True
    if not isinstance(value, dict):
        raise BadAnswer(f"the answer for ({letter}) should be a dict attack card → beater, or "
                        f"None (or False) if it cannot be done, not {type(value).__name__} "
                        f"{value!r}")
    pairs: dict[Card, Card] = {}
    for k, v in value.items():
        try:
            pairs[Card.parse(k)] = Card.parse(v)
        except ValueError as exc:
            raise BadAnswer(f"in ({letter}): {exc}") from None
    return pairs


def _judge(letter: str, g: Game,
           given: dict[Card, Card] | Literal[True] | None) -> tuple[bool, str]:
    targets = _unbeaten(g)
    right = assignment(g)
    if given is None:
        if right is None:
            single = [t for t in targets if any(g.beats(c, t) for c in _defender_hand(g))]
            return True, (f"({letter}) right: no assignment beats {cards_text(targets)} — "
                          f"{'each' if len(single) == len(targets) else 'some'} card can be "
                          "beaten on its own, but not all at once with different cards; he "
                          "takes (R2.7)")
        return False, (f"({letter}) it can be done: every attack card has its own beater in "
                       f"{cards_text(_defender_hand(g))} — find one for each, without using a "
                       "card twice")
    if given is True:
        if right is None:
            return False, (f"({letter}) you said it can be done, but no assignment beats "
                           f"{cards_text(targets)} with different cards: look again")
        return False, (f"({letter}) yes, it can be done; now say how: a dict attack card → "
                       f"beater, for each of {cards_text(targets)}")
    missing = [t for t in targets if t not in given]
    extra = [t for t in given if t not in targets]
    if extra:
        return False, f"({letter}) {cards_text(extra)} is not an attack card on the table"
    trial = g.clone()
    for t, c in given.items():
        try:
            trial.play(f"beat {t} {c}")
        except IllegalAction as exc:
            used = [x for x, y in given.items() if y == c and x != t]
            why = (f"{c} is already used on {used[0]} — each attack card needs its own beater"
                   if used else str(exc))
            return False, f"({letter}) beat {t} with {c}: {why}"
    if missing:
        why = ("; look again: with a different card for each, can it be done at all (None if "
               "not)" if right is None else "")
        return False, f"({letter}) no beater given for {cards_text(missing)}{why}"
    if right is None:  # pragma: no cover - the engine refuses an impossible assignment
        return False, f"({letter}) the engine accepted an assignment the search says is impossible"
    text = ", ".join(f"{c} on {t}" for t, c in given.items())
    return True, f"({letter}) right: {text}"


@checker("Give a dict: each letter → a dict attack card → beater (card texts), or None (or "
         "False) if the defender cannot beat every card.")
def check_all_beaten(answer: object) -> Verdict:
    """Check ``answer``: for each position, a way to beat every attack card, or ``None``."""
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict letter → assignment or None, not {type(answer).__name__}")
    games = positions()
    bad = [k for k in answer if k not in games]
    if bad:
        raise BadAnswer(f"{bad[0]!r} is not one of the letters {', '.join(games)}")
    lines, ok = [], True
    for letter, g in games.items():
        if letter not in answer:
            lines.append(f"({letter}) no answer yet.")
            ok = False
            continue
        good, text = _judge(letter, g, _read(answer[letter], letter))
        ok &= good
        lines.append(text if text.endswith((".", "?", "!")) else text + ".")
    return (Verdict.right if ok else Verdict.wrong)("\n  " + "\n  ".join(lines))
