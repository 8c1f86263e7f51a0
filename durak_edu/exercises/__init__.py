"""Checkers for the exercise notebooks, and the command that builds ``exercises/``.

Each exercise notebook ends by calling one checker with the student's answer; the checker
returns a ``Verdict`` whose text says what is right, or exactly what is wrong. Until the student
replaces the stub ``...`` it says "not answered yet" (it never raises). Every right answer is
computed with the library, never typed in.

=====================================  ==============================  ========================
exercise                               checker                         module
=====================================  ==============================  ========================
01 which card beats which              ``check_beaters``               ``beating``
02 legal actions of a thrower          ``check_legal_actions``         ``throw_ins``
03 is this transfer legal              ``check_transfers``             ``transfers``
04 unknown cards after move 14         ``check_unknown_count``         ``unknown``
05 expected trumps (counted, exact,    ``check_P``,                    ``spaces``,
   symbolic)                           ``check_counted_trumps``,       ``trumps``
                                       ``check_expected_trumps``,
                                       ``check_trump_formula``
06 can the opponent beat it            ``check_P``, ``check_p_can_beat`` ``can_beat``
07 who leads first                     ``check_p_leads``               ``leads``
08 the endgame deduction               ``check_opponent_hand``         ``endgame``
09 the counting drill, a new position  ``check_drill``                 ``drill``
   each round (``Drill``)
09 (first version: one position)       ``check_countdown``             ``countdown``
10 a mau-mau puzzle                    ``check_maumau_moves``          ``maumau_puzzle``
11 a circle-durak puzzle               ``check_circle_moves``          ``circle_puzzle``
12 write your own bot                  ``check_bot``                   ``own_bot``
13 beating every card of an attack     ``check_all_beaten``            ``multi_beat``
14 an endgame to solve                 ``check_endgame``               ``endgame_solve``
15 a simple-durak puzzle               ``check_prostoy_moves``         ``prostoy_puzzle``
16 a teams puzzle                      ``check_teams_moves``           ``teams_puzzle``
17 a Bayesian update                   ``check_P``,                    ``bayes_update``
                                       ``check_bayes_update``
18 find the blunder in a reviewed game  ``check_blunder``               ``blunder``
=====================================  ==============================  ========================

``python -m authoring.exercises`` (a lesson author's tool beside the course) regenerates ``exercises/`` from ``solutions/``
(``--check`` only reports whether they are in sync).

>>> check_unknown_count(...)
… Not answered yet. Replace the `...` with your answer, run the cell, then run this check again. Give a whole number: how many cards seat 1 cannot place.
"""

from ._common import STUB, Verdict
from .bayes_update import check_bayes_update
from .beating import check_beaters
from .blunder import check_blunder
from .can_beat import check_p_can_beat
from .circle_puzzle import check_circle_moves
from .countdown import check_countdown
from .drill import check_drill
from .endgame import check_opponent_hand
from .endgame_solve import check_endgame
from .leads import check_p_leads
from .maumau_puzzle import check_maumau_moves
from .multi_beat import check_all_beaten
from .own_bot import check_bot
from .prostoy_puzzle import check_prostoy_moves
from .teams_puzzle import check_teams_moves
from .throw_ins import check_legal_actions
from .transfers import check_transfers
from .spaces import check_P
from .trumps import check_counted_trumps, check_expected_trumps, check_trump_formula
from .unknown import check_unknown_count

#: every checker, by name (the tests run each on a wrong answer, the right one and the stub)
CHECKERS = {f.__name__: f for f in (
    check_beaters, check_legal_actions, check_transfers, check_unknown_count,
    check_P, check_counted_trumps, check_expected_trumps, check_trump_formula, check_p_can_beat, check_p_leads,
    check_opponent_hand, check_countdown, check_drill, check_maumau_moves, check_circle_moves,
    check_bot, check_all_beaten, check_endgame, check_prostoy_moves, check_teams_moves,
    check_bayes_update, check_blunder)}

__all__ = ["STUB", "Verdict", "CHECKERS", *CHECKERS]
