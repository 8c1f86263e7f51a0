"""Exercise 15: a simple-durak puzzle (prostoy, R4 reading A).

Simple durak is the oldest form: five cards each, no throw-ins. An attack is one card, two of a
rank, or two of a rank plus any one card (never more than the defender holds); the defender beats
every card or takes them all; nobody else adds anything (R4). For each position, list every legal
action of the player to act.

>>> sorted(positions())
['a', 'b', 'c']
>>> check_prostoy_moves(...).status, check_prostoy_moves({"a": {"attack 7♠"}}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..actions import Attack, Beat, Take
from ._common import Verdict, check_move_puzzle, checker, scripted_positions
from ..actions import Action
from ..games.base import Game

__all__ = ["HANDS", "TURNED", "CASES", "positions", "check_prostoy_moves"]

HANDS = ("7♠ 7♣ 9♦ J♥ A♠", "8♠ 10♣ Q♦ K♥ 6♣", "9♠ J♣ 6♦ 8♥ 10♠")
TURNED = "6♥"
#: letter -> the moves played from the deal (the player after the dealer, seat 0, attacks first)
CASES = {
    "a": (),
    "b": ("attack 7♠ 7♣ 9♦",),
    "c": ("attack 7♠ 7♣ 9♦", "beat 7♠ 8♠", "beat 7♣ 10♣", "beat 9♦ Q♦"),
}


def positions() -> dict[str, Game]:
    """letter → the game after the moves of ``CASES``."""
    return scripted_positions("prostoy", HANDS, CASES, turned=TURNED)


def _tip(action: Action, g: Game) -> str:
    if isinstance(action, Attack):
        n = len(action.cards)
        if n == 1:
            return "any single card may open an attack, R4"
        if n == 2:
            return "two cards of one rank make an attack, R4"
        return "a pair plus any one card is an attack too, R4"
    if isinstance(action, Take):
        return "the defender may always take everything instead, R2.7"
    if isinstance(action, Beat):
        return "a higher card of the suit or a trump beats a plain card, R2.3"
    return ""


@checker("Give a dict: each letter → the set of action texts ('attack 7♠ 7♣', 'beat 7♠ 8♠', "
         "'take').")
def check_prostoy_moves(answer: object) -> Verdict:
    """Check ``answer``: for each letter, the set of legal actions of the player to act."""
    return check_move_puzzle(answer, positions(), _tip)
