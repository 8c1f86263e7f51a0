"""The engines, one module per rule family, and ``new_game`` that builds any named variant.

Which engine plays a family is registered with the family itself (``durak_edu.rules.FAMILIES``);
``ENGINES`` is that registry seen from here, family name -> engine class.

>>> g = new_game("podkidnoy", players=3, seed=7)
>>> g.players, len(g.hands[0]), g.talon_size
(3, 6, 18)
"""

from __future__ import annotations

from .cython_shim import use_sources

use_sources()  # DURAK_EDU_PURE=1: the compiled modules from their .py sources (before any import)

from ..rules import FAMILIES, VARIANTS  # VARIANTS: also importable from here, as before
from .base import Event, Game, Result, View
from .circle import CircleGame
from .core.game import AttackGame
from .maumau import MaumauGame
from .new import check_deck, check_names, check_seed, new_game  # checks: importable from here, as before
from .series import Series, next_game
from .setup import deal_order, from_hands, from_position

__all__ = ["new_game", "Game", "AttackGame", "CircleGame", "MaumauGame", "Event", "Result", "View",
           "Series", "next_game", "ENGINES", "check_deck", "deal_order", "from_hands",
           "from_position"]

#: rule family -> engine class, from the families' registrations
ENGINES = {name: family.engine for name, family in FAMILIES.items()}
