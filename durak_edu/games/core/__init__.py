"""The attack family's one core (issue 25; docs/architecture.md): an integer state, its moves
counted, unranked and listed in ``legal_actions()`` order, their application, refusals with
their clause, and random playouts — one implementation of R2 and R3 for all of them.

It plays every option of the family (``state.COVERED``; the few combinations it does not play
``new_game`` refuses, ``unplayed``). It replaced the family's old engine once it agreed with it
move for move (the same lists, refusals, events, views, results and records), and the old engine
was deleted; ``tests/data/agreement.json`` is the record of that agreement, which
``tests/test_agreement_fixture.py`` replays on the core.

The modules, one idea each: ``state`` (the integer state), ``deal``, ``moves`` (count,
nth, moves), ``apply``, ``refuse``, ``decode`` (moves as ``Action``s), ``playout``, ``game``
(``AttackGame``, the ``Game`` API on the core).
"""

from .state import CoreState, supports

__all__ = ["CoreState", "supports"]
