"""Exercise 02: every legal action of a thrower in podkidnoy (R2.4–R2.6).

Three players; seat 0 opened with 7♠ 7♣ and seat 1 beat both. Seat 0 has nothing to throw and
is skipped, so seat 2 has priority. List all his legal actions.

>>> g = position()
>>> g.to_act, g.table
(2, [(Card.parse('7♠'), Card.parse('9♠')), (Card.parse('7♣'), Card.parse('10♣'))])
>>> check_legal_actions(...).status, check_legal_actions({"pass"}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..actions import ThrowIn
from ..games import from_hands
from ._common import Verdict, cards_text, checker, compare_actions, plural, read_action_set
from ..actions import Action
from ..games.base import Game

__all__ = ["HANDS", "TURNED", "MOVES", "position", "check_legal_actions"]

HANDS = ("7♠ 7♣ 6♥ J♦ Q♣ 8♦", "9♠ 10♣ A♠ K♦ 8♣ J♥", "9♥ 10♦ 10♥ 7♦ K♣ 6♠")
TURNED = "Q♥"
#: the moves that lead to the position (seat 0 attacks, seat 1 beats both cards)
MOVES = ("attack 7♠ 7♣", "beat 7♠ 9♠", "beat 7♣ 10♣")


def position() -> Game:
    """Podkidnoy for three, first bout, seat 2 to act as a thrower."""
    g = from_hands("podkidnoy", list(HANDS), turned=TURNED)
    for m in MOVES:
        g.play(m)
    return g


def _tip(action: Action) -> str:
    if isinstance(action, ThrowIn) and len(action.cards) > 1:
        return "one throw-in may add several cards at once, R2.4"
    if isinstance(action, ThrowIn):
        return "any card whose rank lies on the table — attack or defence card — may be thrown in, R2.4"
    return "a thrower may always decline, R2.5"


@checker("Give a set of action texts: 'throw <card>', 'throw <card> <card>', …, 'pass'.")
def check_legal_actions(answer: object) -> Verdict:
    """Check ``answer``: the set of seat 2's legal actions, as texts (``"throw 7♦ 9♥"``,
    ``"pass"``) or actions; the order of cards inside one action does not matter."""
    g = position()
    given = read_action_set(answer, "your answer")
    problems = compare_actions(g, given, "", _tip)
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    legal = g.legal_actions()
    throws = [a for a in legal if isinstance(a, ThrowIn)]
    cards = sorted({c for a in throws for c in a.cards})
    room = max(len(a.cards) for a in throws)
    return Verdict.right(
        f"Seat 2 has exactly these {plural(len(legal), 'legal action')}: every group of 1 to "
        f"{room} of his cards {cards_text(cards)} (their ranks lie on the table, R2.4; at most "
        f"{room} because the first bout allows {getattr(g.rules, 'first_bout_limit')} attack cards and "
        f"{len(g.table)} are down, R2.6), and pass (R2.5).")
