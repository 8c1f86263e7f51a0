"""Exercise 01: which card beats which (R2.3).

Seat 0 may open with any of his cards; for each, which cards of the defender (seat 1) beat it?

>>> g = position()
>>> g.trump, g.to_act
(Suit.HEARTS, 0)
>>> check_beaters(...).status
'unanswered'
>>> check_beaters({"9♠": "Q♠"}).status
'wrong'
"""

from __future__ import annotations

from ..cards import Card, Suit
from ..errors import IllegalAction
from ..games import from_hands
from ..games.base import Game
from ._common import BadAnswer, Verdict, cards_text, checker, read_cards

__all__ = ["HANDS", "TURNED", "ATTACKS", "position", "beaters", "check_beaters"]

#: seat 0 (the attacker, holding the lowest trump) and seat 1 (the defender)
HANDS = ("9♠ 6♣ J♦ 6♥ Q♥ K♣", "8♠ Q♠ 10♣ 7♦ A♦ 9♥")
#: the turned card: hearts are trumps
TURNED = "8♥"
#: the attack cards asked about (all from seat 0's hand)
ATTACKS = ("9♠", "6♣", "J♦", "6♥", "Q♥")


def position() -> Game:
    """The position of the exercise: podkidnoy for two, seat 0 to open the first bout."""
    return from_hands("podkidnoy", list(HANDS), turned=TURNED)


def beaters() -> dict[Card, frozenset[Card]]:
    """The right answer, by the engine's own rule: attack card → the defender's cards that
    beat it."""
    g = position()
    defender = g.hands[1]
    return {Card.parse(a): frozenset(c for c in defender if g.beats(c, a)) for a in ATTACKS}


def _why_beats(card: Card, target: Card, trump: Suit | None) -> str:
    if card.suit == target.suit:
        return f"a higher {target.suit} beats {target}"
    return f"a trump ({trump}) beats any card of another suit"


def _engine_says(card: Card, target: Card) -> str:
    """The engine's reason (with its clause) why ``card`` does not beat ``target``."""
    g = position()
    g.play(f"attack {target}")
    try:
        g.check(f"beat {target} {card}")
    except IllegalAction as exc:
        return str(exc)
    return "the engine accepts it"  # pragma: no cover - only called for non-beaters


@checker("Give a dict: each attack card → the set of seat 1's cards that beat it (an empty "
         "set if none does), e.g. {'9♠': {…}, '6♣': {…}, …}.")
def check_beaters(answer: object) -> Verdict:
    """Check ``answer``: a dict from each attack card of ``ATTACKS`` to the set (or text) of
    seat 1's cards that beat it (an empty set when none does)."""
    right = beaters()
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict (attack card → cards that beat it), not "
                        f"{type(answer).__name__}")
    given: dict[Card, frozenset[Card]] = {}
    for k, v in answer.items():
        try:
            key = Card.parse(k)
        except ValueError:
            raise BadAnswer(f"the key {k!r} is not a card") from None
        if key not in right:
            raise BadAnswer(f"{key} is not one of the attack cards asked about "
                            f"({' '.join(ATTACKS)})")
        given[key] = read_cards(v, f"the answer for {key}")
    g = position()
    trump, hand = g.trump, frozenset(g.hands[1])
    problems = []
    for target, want in right.items():
        if target not in given:
            problems.append(f"{target}: no answer yet.")
            continue
        got = given[target]
        lines = []
        for c in sorted(got - hand):
            lines.append(f"{c} is not in seat 1's hand ({cards_text(hand)})")
        for c in sorted((got & hand) - want):
            lines.append(f"{c} does not beat it — {_engine_says(c, target)}")
        for c in sorted(want - got):
            lines.append(f"you left out {c}: {_why_beats(c, target, trump)} (R2.3)")
        if lines:
            problems.append(f"{target}: " + "; ".join(lines) + ".")
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    parts = [f"{t} ← {cards_text(cs) if cs else 'nothing: seat 1 must take'}"
             for t, cs in right.items()]
    return Verdict.right("Seat 1 beats " + "; ".join(parts) + " (R2.3).")
