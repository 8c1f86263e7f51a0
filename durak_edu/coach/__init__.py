"""The coach: the odds and the best move from one seat's view, for the widgets and lessons.

``advise(game, seat=None) -> Advice`` (``seat``, ``unknown``, ``where``, ``options`` — one per
legal action with ``action``, ``p_beaten``, ``value``, ``note`` — ``best``, ``text``). It sees only
``game.view(seat)`` (R0); it sits beside ``durak_edu.bots`` and below the widgets.

>>> from durak_edu import new_game
>>> from durak_edu.coach import advise
>>> a = advise(new_game("podkidnoy", players=2, seed=7))
>>> a.seat, len(a.options) == len(new_game("podkidnoy", players=2, seed=7).legal_actions())
(1, True)
"""

from .advice import Advice, Chance, Option, advise, chance_text
from .chances import cover
from .ending import move_values

__all__ = ["advise", "Advice", "Option", "Chance", "chance_text", "cover", "move_values"]
