"""durak-edu: learn Durak and its variants in JupyterLab.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> g.to_act in (0, 1), len(g.legal_actions()) > 0
(True, True)
"""

from .actions import (Action, Attack, Beat, Counter, Draw, Exchange, Give, Pass, Play, Swap,
                      TalonAttack, Take, ThrowIn, Transfer, parse_action)
from .cards import Card, Rank, Suit, cards, deck
from .errors import IllegalAction
from .games import (Event, Game, Result, Series, View, from_hands, from_position, new_game,
                    next_game)
from .games.maumau import Match
from .rules import VARIANTS, Rules, Variant

__version__ = "0.1.0"

__all__ = [
    "Card", "Rank", "Suit", "cards", "deck",
    "Action", "Attack", "ThrowIn", "Beat", "Transfer", "Take", "Pass", "Play", "Draw",
    "Swap", "Exchange", "TalonAttack", "Counter",  # the gallery's moves (R9.18, R9.19, R9.26, R9.39)
    "Give",  # R9.49 volshebny
    "parse_action", "IllegalAction",
    "Rules", "Variant", "VARIANTS", "new_game", "from_hands", "from_position", "next_game", "Series", "Match",
    "Game", "Event", "Result", "View",
]
