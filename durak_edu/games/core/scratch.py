"""The plain-Python twin of ``cscratch.pxd`` (the exact ending search's scratch memory in C,
issue 29): one growable array of 64-bit words, here a list of ints. ``solver.py`` imports these
where it runs as plain Python (``if not cython.compiled``); compiled it calls the C functions
of the same names, which do the same to a C array."""

from __future__ import annotations


def scratch_new(n: int) -> list[int]:
    """An array of ``n`` words, all 0."""
    return [0] * n


def scratch_grow(p: list[int], n: int) -> list[int]:
    """``p`` grown to ``n`` words, its words kept (the same list)."""
    if n > len(p):
        p.extend([0] * (n - len(p)))
    return p


def scratch_free(p: list[int]) -> None:
    p.clear()


def scratch_sort(p: list[int], start: int, n: int) -> None:
    """The ``n`` words from ``p[start]`` sorted upwards in place."""
    p[start:start + n] = sorted(p[start:start + n])
