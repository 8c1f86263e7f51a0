"""Exercise 16: a teams puzzle (podkidnoy in two teams, R5).

Four players, partners sitting alternately: seats 0 and 2 against seats 1 and 3. Only the
defender's opponents throw in (R5): the defender's partner sits the bout out, whatever he holds.
For each position, list every legal action of the player to act.

>>> sorted(positions())
['a', 'b', 'c']
>>> check_teams_moves(...).status, check_teams_moves({"a": {"pass"}}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..actions import Pass, ThrowIn
from ._common import Verdict, check_move_puzzle, checker, scripted_positions
from ..actions import Action
from ..games.base import Game

__all__ = ["HANDS", "TURNED", "CASES", "positions", "check_teams_moves"]

HANDS = ("6♠ 7♠ A♠ 7♣ 9♦ J♥", "8♠ 6♣ 8♣ 10♣ Q♦ K♥", "9♠ 10♠ J♣ 6♦ 7♦ 8♥",
         "Q♠ K♠ A♣ 8♦ 9♥ 10♥")
TURNED = "6♥"
#: letter -> the moves played from the deal (seat 2 holds the lowest trump and attacks seat 3)
CASES = {
    "a": ("attack 6♦", "beat 6♦ 8♦"),
    "b": ("attack 6♦", "beat 6♦ 8♦", "pass"),
    "c": ("attack 6♦", "beat 6♦ 8♦", "pass", "throw 6♠", "beat 6♠ 9♥"),
}


def positions() -> dict[str, Game]:
    """letter → the game after the moves of ``CASES``."""
    return scripted_positions("podkidnoy_teams", HANDS, CASES, turned=TURNED)


def _tip(action: Action, g: Game) -> str:
    if isinstance(action, ThrowIn):
        return ("a card of a rank already on the table may be thrown in by the defender's "
                "opponents, R2.4, R5")
    if isinstance(action, Pass):
        return "a thrower may always pass, R2.5"
    return ""


@checker("Give a dict: each letter → the set of action texts ('throw 8♥', 'pass', …).")
def check_teams_moves(answer: object) -> Verdict:
    """Check ``answer``: for each letter, the set of legal actions of the player to act."""
    return check_move_puzzle(answer, positions(), _tip)
