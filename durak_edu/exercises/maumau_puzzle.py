"""Exercise 10: a mau-mau legal-move puzzle (Japanese durak as mau-mau, R8).

Three positions of one deal of ``japanese_maumau`` for three players. For each, list every legal
action of the player to act, as texts: ``"play 9♥"``, ``"play Q♦ call C"``, ``"draw"``.

>>> sorted(positions())
['a', 'b', 'c']
>>> check_maumau_moves(...).status, check_maumau_moves({"a": {"draw"}}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..actions import Draw, Play
from ._common import Verdict, check_move_puzzle, checker, scripted_positions
from ..actions import Action
from ..games.base import Game

__all__ = ["HANDS", "CASES", "positions", "check_maumau_moves"]

HANDS = ("Q♠ 8♣ 10♦ J♥ 7♠", "9♥ 9♠ Q♦ 6♣ K♠", "10♣ A♣ 7♦ A♦ 8♠")
#: letter -> the moves played from the deal (seat 0 starts)
CASES = {
    "a": ("play Q♠ call H",),
    "b": ("play Q♠ call H", "play 9♥"),
    "c": ("play Q♠ call H", "play Q♦ call C"),
}


def positions() -> dict[str, Game]:
    """letter → the game after the moves of ``CASES``."""
    return scripted_positions("japanese_maumau", HANDS, CASES, lead=0)


def _tip(action: Action) -> str:
    if isinstance(action, Play) and action.card.rank == 12:
        return "a queen is wild: it goes on anything, with or without a call, R8.3"
    if isinstance(action, Draw):
        return "with no playable card you must draw, R8.2"
    return "after a call, play the called suit (or a queen); otherwise match suit or rank, R8.1, R8.3"


@checker("Give a dict: each letter → the set of action texts ('play <card>', "
         "'play <card> call <S, C, D or H>', 'draw').")
def check_maumau_moves(answer: object) -> Verdict:
    """Check ``answer``: for each letter, the set of legal actions of the player to act."""
    return check_move_puzzle(answer, positions(), lambda a, g: _tip(a))
