"""The few names of Cython's pure-Python mode that ``rollout.py`` uses, for plain Python.

``rollout.py`` is one source with two lives: compiled by Cython (``setup.py`` builds it where a C
compiler is), its type annotations become C types and it plays ten times faster; run as plain
Python (no compiler, pyodide, or the tests' second kernel) it imports this module under the
name ``cython`` instead. Here every type is a plain ``int`` and every
decorator leaves the function as it is — so the kernel plays exactly the same moves either way.
(Cython's own ``Shadow`` module does the same job but checks every array store, which is slow.)
"""

from __future__ import annotations

import builtins
import typing
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
