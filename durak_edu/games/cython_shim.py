"""The few names of Cython's pure-Python mode that the core's hot modules use, for plain Python.

Each of ``COMPILED`` is one source with two lives: compiled by Cython (``setup.py`` builds it
where a C compiler is), its ``.pxd`` gives it C types and it plays many times faster; run as
plain Python (no compiler, pyodide, ``DURAK_EDU_PURE=1``) it imports this module under the name
``cython`` instead. Here every type is a plain ``int`` and every decorator leaves the function
as it is — so the core plays exactly the same moves either way.
(Cython's own ``Shadow`` module does the same job but checks every array store, which is slow.)

**The plain-Python switch.** ``DURAK_EDU_PURE=1`` in the environment makes every compiled module
(``COMPILED``: the attack core's hot modules, setup.py's list) import from its
``.py`` source even where the ``.so`` beside it was built, so the same tests run both ways:
``DURAK_EDU_PURE=1 python -m pytest tests/test_core_agreement.py``. ``durak_edu/games/__init__``
calls ``use_sources()`` before anything imports them.

**The wide copy.** The same finder serves ``WIDE`` (``durak_edu.games.core_wide``): the whole
``core`` package loaded a second time from its ``.py`` sources under that name, as plain Python
whether or not the compiled core beside it was built. There a card mask is an unbounded int, so
the 72-card games (R9.21, R9.29) play on it (``durak_edu.games.wide``; docs/architecture.md).
Its names are always served (``use_sources`` installs the finder either way), so a pickled
game of the wide copy loads in any process; nothing of it is imported until a 72-card game asks.
"""

from __future__ import annotations

import builtins
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import typing
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

compiled = False

if TYPE_CHECKING:  # to mypy, C integers are ints and C arrays (pointers) lists of ints
    int = builtins.int  # noqa: A001 - the name Cython gives it
    longlong = builtins.int
    ulonglong = builtins.int
    bint = builtins.bool
    p_int = list[builtins.int]
    p_ulonglong = list[builtins.int]
else:
    class _CType:
        """A C type; ``cython.int[8]`` (a fixed array) is only ever read by Cython."""

        def __getitem__(self, size):
            return self

    int = longlong = ulonglong = bint = p_int = p_ulonglong = _CType()


T = TypeVar("T")


def declare(kind: type[T], value: T) -> T:
    """``cython.declare(type, value)``: the value."""
    return value


def cast(kind: type[T], value: object) -> T:
    """``cython.cast(type, value)``: the value (in plain Python nothing needs converting)."""
    return typing.cast(T, value)


def _identity(f: F) -> F:
    return f


def _decorator(*args: Any, **kwargs: Any) -> Callable[[F], F]:
    return _identity


cfunc = _identity
inline = _identity
locals = _decorator  # noqa: A001 - the name Cython gives it
exceptval = _decorator
boundscheck = _decorator
wraparound = _decorator


#: the modules setup.py compiles (where a C compiler is): the attack core's hot modules, most with a ``.pxd`` of C types beside it (tests/test_core_typing.py
#: holds setup.py to this list)
CORE_COMPILED = ("bits", "state", "checks", "seats", "moves", "apply", "playout", "shapes",
                 "teams", "hooks", "house.one_higher_phase", "house.counter_attack",
                 "house.krugovoy", "house.magadansky", "house.otboyny", "house.defender_swaps",
                 "house.defender_throws_in", "house.joker_gives", "house.scoring",
                 "house.once", "house.talon_attack", "house.defender_draws",
                 "house.trump_six_exchange", "solver_key", "solver")
COMPILED = tuple(f"durak_edu.games.core.{m}" for m in CORE_COMPILED)
_GAMES = os.path.dirname(os.path.abspath(__file__))


def pure() -> bool:
    """Is the plain-Python switch on (``DURAK_EDU_PURE`` set to anything but "" or "0")?"""
    return os.environ.get("DURAK_EDU_PURE", "") not in ("", "0")


#: the package name of the core's wide copy: the same sources, plain Python (R9.21, R9.29)
WIDE = "durak_edu.games.core_wide"
_CORE = os.path.join(_GAMES, "core")


def _wide_spec(fullname: str) -> importlib.machinery.ModuleSpec | None:
    """The spec of ``WIDE`` or one of its modules: the ``core`` source of the same name (a
    package keeps its subpackages under ``WIDE`` too), or ``None`` where there is none."""
    base = os.path.join(_CORE, *fullname.split(".")[3:])
    init = os.path.join(base, "__init__.py")
    if os.path.isfile(init):
        return importlib.util.spec_from_file_location(fullname, init,
                                                      submodule_search_locations=[base])
    if os.path.isfile(base + ".py"):
        return importlib.util.spec_from_file_location(fullname, base + ".py")
    return None


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds a ``COMPILED`` module's ``.py`` before the ``.so`` beside it (``DURAK_EDU_PURE``,
    ``compiled=True``), and every module of the wide copy (``WIDE``) from its source."""

    def __init__(self, compiled: bool) -> None:
        self.compiled = compiled

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname == WIDE or fullname.startswith(WIDE + "."):
            return _wide_spec(fullname)
        if not self.compiled or fullname not in COMPILED:
            return None
        source = os.path.join(_GAMES, *fullname.split(".")[2:]) + ".py"
        if not os.path.exists(source):
            return None  # an install without its sources: the compiled module it is
        return importlib.util.spec_from_file_location(fullname, source)


def use_sources() -> None:
    """Serve the wide copy's names (``WIDE``), and with ``DURAK_EDU_PURE`` on make the
    ``COMPILED`` modules import from their sources (once; a module already imported stays as
    it is)."""
    if not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst(pure()))
