"""The coach: each option's chance of not being the durak, the best move, and a game's review.

``advise(game, seat=None, effort="quick") -> Advice`` (``seat``, ``unknown``, ``where``,
``options`` — one per legal action with ``action``, ``win``, ``p_beaten``, ``value``, ``note`` —
``value``, ``best``, ``text``), from that seat's view only (R0); ``review(game_or_record, seat)``
judges each of a seat's moves (``coach.review``); ``coach_bot`` plays ``advise(...).best[0]``.
It sits beside ``durak_edu.bots`` and below the widgets.

>>> from durak_edu import new_game
>>> from durak_edu.coach import advise
>>> a = advise(new_game("podkidnoy", players=2, seed=7))
>>> a.seat, len(a.options) == len(new_game("podkidnoy", players=2, seed=7).legal_actions())
(1, True)
"""

from .advice import Advice, Chance, Option, advise, chance_text, win_text
from .chances import cover
from .ending import move_values
from .review import MoveReview, Review, review
from ..bots.coach_bot import CoachBot, coach_bot

__all__ = ["advise", "Advice", "Option", "Chance", "chance_text", "win_text", "cover",
           "move_values", "review", "Review", "MoveReview", "coach_bot", "CoachBot"]
