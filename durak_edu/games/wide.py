"""The attack core's wide copy: the same ``core`` sources, loaded a second time as plain Python.

In the compiled core (``durak_edu.games.core``) a set of cards is one unsigned 64-bit mask, so
a 72-card game (two decks, R9.21 ``bolshoy``, R9.29 ``dvoynoy``: 104 rank-major positions) does
not fit it. The wide copy is the package ``durak_edu.games.core_wide``: every module of
``core`` (and of ``core/house``) imported from its ``.py`` source under that name by
``cython_shim``'s finder, never from a compiled ``.so``, so a mask is an unbounded Python int.
Its ``bits`` module sees its own name and lays the cards out for two decks (``bits.WIDE``); the
rules are the same code. One implementation of the rules, two lives: the stated exception to
"every preset through the compiled playout" (docs/architecture.md).

Nothing here is imported until a 72-card game asks (``new_game``, ``core_wide``); the
compiled core is not touched.

>>> game = core_wide("game")
>>> game.__name__, game.__file__.endswith("game.py")
('durak_edu.games.core_wide.game', True)
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from .cython_shim import WIDE, use_sources

__all__ = ["WIDE", "core_wide", "available", "is_wide"]

_CORE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "core")


def available() -> bool:
    """Are the core's sources installed beside it (the wide copy needs them)?"""
    return os.path.isfile(os.path.join(_CORE, "game.py"))


def core_wide(name: str) -> ModuleType:
    """The wide copy's module ``name`` (``"game"``, ``"state"``, ``"house.jokers"``, ...)."""
    if not available():  # pragma: no cover - an install without its sources
        raise RuntimeError(f"the core's sources ({_CORE}) are missing, so the 72-card games "
                           "have no engine on the core: reinstall durak-edu")
    use_sources()  # (done when durak_edu.games is imported; idempotent)
    return importlib.import_module(f"{WIDE}.{name}")


def is_wide(module_name: str) -> bool:
    """Is ``module_name`` a module of the wide copy?"""
    return module_name == WIDE or module_name.startswith(WIDE + ".")
