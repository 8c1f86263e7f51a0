"""R5 (teams, ``teams=True``): the seats of the bout and the players who play them.

The teams are the even and the odd seats. A seat stays in the order of play when its player
goes out; the nearest partner still in, clockwise, plays it with his own hand. So the core's
``attacker`` and ``defender`` are, in team play, the *players* (whose hands attack and defend,
as everywhere else in the core), and the *seats* of the bout are ``st.extra["seats"]``
(``(attacking seat, defending seat)``, replaced, never changed in place). The core calls these
functions from small ``if cfg.teams:`` blocks where a seat, not a player, decides.

Compiled with C types (``teams.pxd``, the same way as ``seats.py``); ``thrower_order`` is
remembered per seating, as ``seats.thrower_order`` is: R2.5's priority asks for it again and
again in a bout.
"""

from __future__ import annotations

from ..base import Result
from .state import CoreState

__all__ = ["controller", "seats", "start", "transfer", "next_defender", "next_opener",
           "thrower_order", "draw_order", "settle", "result"]


def controller(st: CoreState, seat: int) -> int:
    """R5: who plays ``seat`` — its player, or if he is out his nearest partner still in."""
    outm = st.outm
    if not outm >> seat & 1:
        return seat
    n = st.n
    for k in range(2, n + 1, 2):
        p = (seat + k) % n
        if not outm >> p & 1:
            return p
    return seat


def seats(st: CoreState) -> tuple[int, int]:
    """The bout's attacking and defending seats."""
    found = st.extra.get("seats")
    if isinstance(found, tuple):
        return found[0], found[1]
    return st.attacker, st.defender


def _defending_seat(st: CoreState) -> int:
    found = st.extra.get("seats")
    if isinstance(found, tuple):
        d: int = found[1]
        return d
    return st.defender


def start(st: CoreState, attacker: int) -> None:
    """A bout opened from seat ``attacker`` against the next seat (R2.1), whoever plays them."""
    defender = (attacker + 1) % st.n
    st.extra = {**st.extra, "seats": (attacker, defender)}
    st.attacker = st.to_act = controller(st, attacker)
    st.defender = controller(st, defender)
    st.opener = attacker


def transfer(st: CoreState) -> None:
    """R3 in teams: the attack passes to whoever plays the next seat; the defending seat
    becomes the attacking one (the core has made the transferring player the attacker)."""
    defender = _defending_seat(st)
    new = (defender + 1) % st.n
    st.extra = {**st.extra, "seats": (defender, new)}
    st.defender = controller(st, new)


def next_defender(st: CoreState) -> int:
    """Who would defend after a transfer: the player of the seat after the defending one."""
    return controller(st, (_defending_seat(st) + 1) % st.n)


def next_opener(st: CoreState, took: bool) -> int:
    """R2.8 in teams: the seat that opens the next bout (the seat, even if its player is out)."""
    defender = _defending_seat(st)
    if took and not st.cfg.keeps_turn:
        return (defender + 1) % st.n
    return defender


_ORDERS: dict[tuple[str, int, int, int, int, int], tuple[int, ...]] = {}
# the last seating ``thrower_order`` answered (a bout asks for the same one again and again)
_last_n = _last_attacker = _last_defender = _last_seat = -1
_last_outm = 0
_last_throw_in: str | None = None
_last_order: tuple[int, ...] = ()


def thrower_order(st: CoreState) -> tuple[int, ...]:
    """R2.5, R5: the main attacker, then the defender's opponents clockwise from his left.
    Remembered per seating (the rules' ``throw_in``, the players, the defending seat, who is
    out)."""
    global _last_n, _last_attacker, _last_defender, _last_seat, _last_outm, _last_throw_in
    global _last_order
    seat = _defending_seat(st)
    if (st.attacker == _last_attacker and st.defender == _last_defender and seat == _last_seat
            and st.n == _last_n and st.outm == _last_outm
            and st.cfg.throw_in is _last_throw_in):
        return _last_order  # the seating asked last (compiled: six C comparisons)
    key = (st.cfg.throw_in, st.n, st.attacker, st.defender, st.outm, seat)
    found = _ORDERS.get(key)
    if found is None:
        if len(_ORDERS) > 4096:
            _ORDERS.clear()
        found = _ORDERS[key] = _thrower_order(st.cfg.throw_in, st.n, st.attacker, st.defender,
                                             st.outm, seat)
    _last_n, _last_attacker, _last_defender, _last_seat = st.n, st.attacker, st.defender, seat
    _last_outm, _last_throw_in, _last_order = st.outm, st.cfg.throw_in, found
    return found


def _thrower_order(throw_in: str, n: int, attacker: int, defender: int, outm: int,
                   seat: int) -> tuple[int, ...]:
    if throw_in == "none":
        return ()
    order = [attacker] if not outm >> attacker & 1 else []
    if throw_in == "attacker":
        return tuple(order)
    for k in range(1, n):
        p = (seat + k) % n
        if outm >> p & 1 or p == defender or p in order or p % 2 == seat % 2:
            continue
        order.append(p)
    return tuple(order)


def draw_order(st: CoreState) -> list[int]:
    """R2.9 in teams: the seats in drawing order, each drawn for by its player, once."""
    n = st.n
    a, d = seats(st)
    if st.cfg.clockwise:
        order = [(a + k) % n for k in range(n)]
    else:
        order = [a] + [(d + k) % n for k in range(1, n) if (d + k) % n not in (a, d)] + [d]
    out: list[int] = []
    for seat in order:
        p = controller(st, seat)
        if p not in out and not st.outm >> p & 1:
            out.append(p)
    return out


def _team_holds(st: CoreState, team: int) -> bool:
    """Does a player of ``team`` (0: the even seats, 1: the odd) hold a card?"""
    for p in range(team, st.n, 2):
        if st.hands[p]:
            return True
    return False


def settle(st: CoreState) -> bool:
    """R5: with the talon empty, a team none of whose players holds a card has won (both at
    once: a draw). ``st.end`` is ``(-1, False, ())``; ``result`` reads who won."""
    if st.tp < len(st.talon):
        return False
    if _team_holds(st, 0) and _team_holds(st, 1):
        return False
    st.end = (-1, False, ())
    st.to_act = -1
    return True


def result(st: CoreState, names: tuple[str, ...]) -> Result:
    """The team result (R5): the winning and losing seats, or a draw."""
    n = st.n
    empty = [t for t in (0, 1) if not _team_holds(st, t)]
    draw = len(empty) == 2
    winners = () if draw else tuple(range(empty[0], n, 2))
    losers = () if draw else tuple(range(1 - empty[0], n, 2))
    return Result(None, st.out, draw, 0, None, winners, losers,
                  reason="both teams went out together" if draw else "", names=names)
