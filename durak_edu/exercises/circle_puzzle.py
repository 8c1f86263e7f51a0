"""Exercise 11: a circle-durak legal-move puzzle (Japanese durak round the circle, R7.1–R7.4).

The whole deck is dealt to three players; diamonds are trumps and spades stand apart (a spade is
beaten only by a higher spade and beats only a lower one, R7.1 as R6), in their natural order: the
ace is the highest spade and the queen an ordinary card (R7.1; the queen is high only in the
spades-by-spades presets of R6). For each position, list every legal action of the player to act:
``"beat 9♠ 10♠"`` or ``"take"``. Position (b) is answered by the king and the ace of spades,
which beat the queen; in (d) a player whose spades are all lower than the led spade must take.

>>> sorted(positions())
['a', 'b', 'c', 'd']
>>> check_circle_moves(...).status, check_circle_moves({"a": {"take"}}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..actions import Action, Beat, Take
from ..cards import Suit
from ..games.base import Game
from ._common import Verdict, check_move_puzzle, checker, scripted_positions

__all__ = ["HANDS", "CASES", "positions", "check_circle_moves"]

HANDS = ("6♠ 9♠ J♣ A♣ 7♦ 10♥ 8♥ Q♥ 7♣ 10♣ K♥ A♦",
         "7♠ 10♠ Q♠ 8♣ 6♦ 9♦ J♥ A♥ 9♥ 6♣ K♣ 8♦",
         "8♠ J♠ K♠ A♠ 9♣ Q♣ 10♦ J♦ Q♦ K♦ 6♥ 7♥")
#: letter -> the moves played from the deal (seat 0 holds the lowest spade and leads, R7.2)
CASES = {
    "a": ("attack 9♠",),
    "b": ("attack 9♠", "beat 9♠ Q♠"),
    "c": ("attack 10♣",),
    # seat 1 cannot beat the ace of trumps and takes it, the pile is empty, so seat 2 leads (R7.4)
    "d": ("attack A♦", "take", "attack J♠"),
}


def positions() -> dict[str, Game]:
    """letter → the game after the moves of ``CASES``."""
    return scripted_positions("japanese_circle", HANDS, CASES)


def _tip(action: Action, trump: object) -> str:
    if isinstance(action, Take):
        return "who cannot beat the top card must take the bottom card of the pile, R7.3"
    if isinstance(action, Beat) and action.card.suit == action.target.suit == Suit.SPADES:
        return ("only a higher spade beats a spade, and in the circle game the spades keep their "
                "natural order, the ace highest and the queen below the king, R7.1")
    if isinstance(action, Beat) and action.card.suit == action.target.suit:
        return "a higher card of the same suit beats, R2.3"
    if isinstance(action, Beat):
        return f"a trump ({trump}) beats any card of another suit except a spade, R2.3, R6"
    return ""


@checker("Give a dict: each letter → the set of action texts ('beat <top card> <your card>', "
         "'take').")
def check_circle_moves(answer: object) -> Verdict:
    """Check ``answer``: for each letter, the set of legal actions of the player to act."""
    return check_move_puzzle(answer, positions(), lambda a, g: _tip(a, g.trump))
