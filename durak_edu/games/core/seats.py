"""Who is next (R2.10), who throws in (R2.5) and who draws (R2.9), on seat numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .. import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from .. import cython_shim as cython

from . import teams
from .state import Config, CoreState

__all__ = ["next_seat", "thrower_order", "draw_order"]


def next_seat(seat: int, n: int, outm: int, step: int = 1) -> int:
    """The next seat clockwise (``step=-1``: anticlockwise) still in the game (R2.10)."""
    if not outm:  # nobody is out: the neighbour
        return (seat + step) % n
    for k in range(1, n + 1):
        p = (seat + step * k) % n
        if not outm >> p & 1:
            return p
    return seat


#: R2.5's orders per ``throw_in``, by seating (a code of who is out, attacker, defender, players:
#: an int key, no tuple to build and hash at every bout)
_ORDERS: dict[str, dict[int, tuple[int, ...]]] = {}


def thrower_order(st: CoreState) -> tuple[int, ...]:
    """R2.5: the main attacker first, then the others clockwise from the defender's left (only
    the defender's neighbours with ``throw_in="neighbours"``; only the main attacker with
    ``"attacker"``; nobody with ``"none"``). Remembered per seating."""
    global _last_code, _last_cfg, _last_order
    code = ((st.outm << 4 | st.attacker) << 4 | st.defender) << 4 | st.n
    if code == _last_code and st.cfg is _last_cfg:
        return _last_order  # the seating asked last (compiled: two C comparisons)
    if st.cfg.teams:  # R5: only the defender's opponents, from his seat (never remembered)
        return teams.thrower_order(st)
    throw_in = st.cfg.throw_in
    slot = 0
    found = None
    if cython.compiled:  # the memo (plain Python: the dicts are as quick)
        slot = (code ^ code >> 10) & _MASK
        if _t_code[slot] == code and _t_rule[slot] is throw_in:
            found = _t_order[slot]
    if found is None:
        orders = _ORDERS.get(throw_in)
        if orders is None:
            orders = _ORDERS[throw_in] = {}
        found = orders.get(code)
        if found is None:
            found = orders[code] = _thrower_order(throw_in, st.n, st.attacker, st.defender,
                                                  st.outm)
        if cython.compiled:
            _t_code[slot], _t_rule[slot], _t_order[slot] = code, throw_in, found
    _last_code, _last_cfg, _last_order = code, st.cfg, found
    return found


# the last seating ``thrower_order`` answered, by its code (a bout asks for the same one again
# and again), and the config it was asked with (the same config: the same ``throw_in``, and no
# teams)
_last_code = 0
_last_cfg: Config | None = None
_last_order: tuple[int, ...] = ()

#: Compiled, a direct-mapped memo in front of ``_ORDERS`` and ``_DRAWS`` (the seatings of a
#: game with several players change every bout): slot ``(code ^ code >> 10) & _MASK`` holds
#: the code of the seating last asked there (a C array) and its order, so a hit makes no Python
#: int and looks up no dict. (Plain Python it would cost what the dict look-ups cost: unused.)
#: A seating's code is never 0 (it holds ``n``).
_WAYS = 1024
_MASK = _WAYS - 1
if not cython.compiled:  # (compiled: C arrays of zeros, seats.pxd)
    _t_code = [0] * _WAYS
    _d_code = [0] * _WAYS
_t_rule: list[str | None] = [None] * _WAYS  # the ``throw_in`` the order was made for
_t_order: list[tuple[int, ...]] = [()] * _WAYS
_d_order: list[list[int]] = [[]] * _WAYS


def _thrower_order(throw_in: str, n: int, attacker: int, defender: int, outm: int
                   ) -> tuple[int, ...]:
    if throw_in == "none":
        return ()
    order = [attacker] if not outm >> attacker & 1 else []
    if throw_in == "attacker":
        return tuple(order)
    allowed = None
    if throw_in == "neighbours":
        allowed = {next_seat(defender, n, outm), next_seat(defender, n, outm, -1)}
    for k in range(1, n):
        p = (defender + k) % n
        if outm >> p & 1 or p == defender or p in order:
            continue
        if allowed is not None and p not in allowed:
            continue
        order.append(p)
    if allowed is not None:
        order = [p for p in order if p in allowed]
    return tuple(order)


#: R2.9's orders by seating (a code of who is out, attacker, defender, players, clockwise):
#: one list per seating, shared, never changed
_DRAWS: dict[int, list[int]] = {}


def draw_order(st: CoreState) -> list[int]:
    """R2.9: the main attacker, the others clockwise from the defender's left, the defender
    last (``draw_order="clockwise"``: clockwise from the attacker); nobody who is out.
    Remembered per seating: the list is shared, so a caller reads it and never changes it."""
    if st.cfg.teams:  # R5: the seats' order, each drawn for by its player
        return teams.draw_order(st)
    code = (((st.outm << 4 | st.attacker) << 4 | st.defender) << 4 | st.n) << 1 | st.cfg.clockwise
    slot = 0
    if cython.compiled:  # the memo (plain Python: the dict is as quick)
        slot = (code ^ code >> 10) & _MASK
        if _d_code[slot] == code:
            return _d_order[slot]
    found = _DRAWS.get(code)
    if found is None:
        found = _DRAWS[code] = _draw_order(st.n, st.attacker, st.defender, st.outm,
                                           st.cfg.clockwise)
    if cython.compiled:
        _d_code[slot], _d_order[slot] = code, found
    return found


def _draw_order(n: int, a: int, d: int, outm: int, clockwise: bool) -> list[int]:
    if clockwise:
        seats = [(a + k) % n for k in range(n)]
    else:
        seats = [a] + [(d + k) % n for k in range(1, n) if (d + k) % n not in (a, d)]
        seats.append(d)
    order: list[int] = []
    for p in seats:
        if p not in order and not outm >> p & 1:
            order.append(p)
    return order
