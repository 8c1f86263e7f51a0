"""Building the reference through ``new_game``'s checks: ``reference_engine()`` sets the attack
family's constructor to the reference for a block (the package's one test seam,
``durak_edu.games.new._ATTACK_ENGINE``), so ``new_game``, ``from_hands``, ``from_position`` and
a record's replay build ``AttackGame`` there, every combination of options included (the
reference plays them all; the core refuses a few, ``core/unplayed.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from durak_edu.games import new as _new
from durak_edu.games.base import Game

from .attack import AttackGame

__all__ = ["reference_engine", "reference_game"]


@contextlib.contextmanager
def reference_engine() -> Iterator[None]:
    """Inside the block the attack family is built on the reference (``AttackGame``).

    >>> from durak_edu import new_game
    >>> with reference_engine():
    ...     type(new_game("podkidnoy", seed=1)).__module__
    'reference.attack'
    >>> type(new_game("podkidnoy", seed=1)).__module__
    'durak_edu.games.core.game'
    """
    token = _new._ATTACK_ENGINE.set(AttackGame)
    try:
        yield
    finally:
        _new._ATTACK_ENGINE.reset(token)


def reference_game(*args: Any, **kwargs: Any) -> Game:
    """``new_game`` on the reference engine (``AttackGame``), for the tests that compare it with
    the core."""
    with reference_engine():
        return _new.new_game(*args, **kwargs)
