"""Exercise 08: the endgame deduction — name the opponent's hand (R0, R2.9).

In the curated game ``podkidnoy_two`` the talon runs out with the draw before move 39. Two
players, an empty talon: every card Anna (seat 0) cannot see is in Boris's hand. Name it.

>>> len(position().view(SEAT).hand), position().talon_size
(6, 0)
>>> check_opponent_hand(...).status, check_opponent_hand("A♠").status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..cards import Card
from ..record import Replay
from ..games.base import Game
from ._common import Verdict, cards_text, checker, plural, read_cards, replay_at

__all__ = ["RECORD", "MOVE", "SEAT", "OPPONENT", "replay", "position", "opponent_hand",
           "check_opponent_hand"]

RECORD = "podkidnoy_two"
MOVE = 39
SEAT = 0        # Anna, who reasons
OPPONENT = 1    # Boris, whose hand she names


def replay() -> Replay:
    return replay_at(RECORD, MOVE)


def position() -> Game:
    """The game after ``MOVE`` actions: the talon is empty, Boris is to attack."""
    return replay().game


def opponent_hand() -> frozenset[Card]:
    """The right answer: Boris's hand (the library makes the same deduction in Anna's
    ``View``: ``position().view(SEAT).known[OPPONENT]``)."""
    return frozenset(position().hands[OPPONENT])


@checker("Give Boris's cards: a set of card texts, or one text with the cards separated by "
         "spaces.")
def check_opponent_hand(answer: object) -> Verdict:
    """Check ``answer``: the cards in Boris's hand, as Anna can deduce them."""
    g = position()
    v = g.view(SEAT)
    me, them = g.names[SEAT], g.names[OPPONENT]
    right = opponent_hand()
    got = read_cards(answer, "your answer")
    table = {c for pair in v.table for c in pair if c is not None}
    problems = []
    for c in sorted(got - right):
        if c in v.hand:
            where = f"it is in {me}'s own hand"
        elif c in v.discard:
            where = "it went to the discard pile, face up, in an earlier bito (R0)"
        elif c in table:
            where = "it lies on the table"
        else:
            where = "it is not a card of this 36-card deck"
        problems.append(f"{c} is not in {them}'s hand: {where}.")
    for c in sorted(right - got):
        if c == g.trump_card:
            how = (f"the turned trump {c} was the last card of the talon; {me} did not draw it, "
                   f"so {them} did (R1.2, R2.9)")
        else:
            how = (f"{me} never saw {c} played: it is not in her hand, not on the table, not in "
                   f"the discard pile, and the talon is empty — so {them} holds it")
        problems.append(f"you left out {c}: {how}.")
    if problems:
        n = len(right)
        return Verdict.wrong(f"({them} holds {plural(n, 'card')}.)\n  " + "\n  ".join(problems))
    parts = [f"{me}'s {len(v.hand)}"]
    if table:
        parts.append(f"the {len(table)} on the table")
    parts.append(f"the {len(v.discard)} discarded")
    return Verdict.right(
        f"{them} holds {cards_text(right)}. With two players and an empty talon, the "
        f"{len(g.deck_order)} cards are {', '.join(parts)} and the rest — {them}'s {len(right)}: "
        "no card is hidden any more (R0).")
