"""The once-a-bout slot the gallery's moves share (R9.17, R9.18, R9.19): which seats (bits) have
made the move in which bout, ``(bout, seats)`` in ``st.extra[name]`` — a new bout clears it
without a hook, as the reference's ``_start_bout`` clears ``once``.

Compiled with the core (``once.pxd``): the parts' menus ask ``made`` at every move they may
change, and the compiled parts call it in C (issue 25)."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from ..state import CoreState

__all__ = ["made", "mark"]


def made(st: CoreState, name: str, seat: int) -> bool:
    """Has ``seat`` (-1: anyone, R9.18) made the move ``name`` in this bout?"""
    got = st.extra.get(name)
    if not isinstance(got, tuple) or got[0] != st.bout:
        return False
    return bool(got[1] >> (seat + 1) & 1)


def mark(st: CoreState, name: str, seat: int) -> None:
    got = st.extra.get(name)
    seats = got[1] if isinstance(got, tuple) and got[0] == st.bout else 0
    st.extra[name] = (st.bout, seats | 1 << (seat + 1))  # a new tuple: copies share the old

