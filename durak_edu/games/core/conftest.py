"""pytest: where ``setup.py`` compiled a core module, its ``.py`` is not collected for doctests
(the imported module is the ``.so``, which pytest refuses to match to the source); the
plain-Python build (``DURAK_EDU_PURE=1``) still runs them."""

from __future__ import annotations

import importlib
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
from durak_edu.games.cython_shim import CORE_COMPILED as _COMPILED  # setup.py's list


def _compiled(name: str) -> bool:
    module = importlib.import_module(f"durak_edu.games.core.{name}")
    return not str(module.__file__).endswith(".py")


collect_ignore = [os.path.join(_HERE, *name.split(".")) + ".py" for name in _COMPILED
                  if _compiled(name)]
