"""The plain-Python twin of ``cmemo.pxd`` (the exact ending search's transposition table in C,
issue 29): positions keyed by two 64-bit words to an entry, here a dict keyed by one integer.
``solver.py`` imports these where it runs as plain Python (``if not cython.compiled``); compiled
it calls the C functions of the same names, which give the same answers."""

from __future__ import annotations

#: the table: the two words of a key as one integer -> the entry
Memo = dict[int, int]


def memo_new(slots: int) -> Memo:
    """A table for about ``slots`` keys (the C twin's first size; a dict sizes itself)."""
    return {}


def memo_free(t: Memo) -> None:
    t.clear()


def memo_get(t: Memo, hi: int, lo: int) -> int:
    """The entry of the key (``hi``, ``lo``), -1: none."""
    return t.get(hi << 64 | lo, -1)


def memo_put(t: Memo, hi: int, lo: int, entry: int) -> int:
    """The entry of the key (``hi``, ``lo``) set to ``entry``: 0 (the C twin's -1: no memory)."""
    t[hi << 64 | lo] = entry
    return 0


def memo_fetch(t: Memo, hi: int, lo: int) -> None:
    """The C twin fetches the key's slot into the cache for a look-up soon; here nothing."""


def memo_used(t: Memo) -> int:
    """How many keys the table holds."""
    return len(t)
