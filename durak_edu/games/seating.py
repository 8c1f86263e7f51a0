"""Who sits next in a game whose players leave it one by one (R2.10): shared by the engines
that pass the turn round the table (the circle game, ``circle.py``).

>>> next_active(0, 4, (1,)), next_active(0, 4, (3,), step=-1)
(2, 2)
"""

from __future__ import annotations

__all__ = ["next_active"]


def next_active(seat: int, n: int, out: tuple[int, ...], step: int = 1) -> int:
    """The next seat clockwise (``step=-1``: anticlockwise) still in the game (R2.10); ``seat``
    itself when everyone else is out."""
    for k in range(1, n + 1):
        p = (seat + step * k) % n
        if p not in out:
            return p
    return seat
