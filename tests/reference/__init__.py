"""The old engine of the attack family, frozen as the tests' reference (issue 25).

The core (``durak_edu/games/core/``) is the family's one engine in the package; this package
keeps the engine it replaced, and what exists only to compare the two, for the agreement tests
(``tests/test_core_*.py``, ``tests/test_agreement_fixture.py``):

* ``AttackGame``: the old engine;
* ``reference_engine()``: a block in which ``new_game``/``from_position``/``from_hands``/record
  replay build the attack family on the reference; ``reference_game(...)``: ``new_game`` there;
* ``take_over(game)``: a reference game's position as the core's ``CoreState``;
  ``core_game_of(game)``: as a ``CoreGame``; ``context_of(game)``: the words of its refusals.
"""

from .attack import AttackGame
from .engine import reference_engine, reference_game
from .take_over import context_of, core_game_of, take_over

__all__ = ["AttackGame", "reference_engine", "reference_game", "take_over", "core_game_of",
           "context_of"]
