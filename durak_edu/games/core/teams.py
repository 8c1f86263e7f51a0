"""R5 (teams, ``teams=True``): the seats of the bout and the players who play them.

The teams are the even and the odd seats. A seat stays in the order of play when its player
goes out; the nearest partner still in, clockwise, plays it with his own hand. So the core's
``attacker`` and ``defender`` are, in team play, the *players* (whose hands attack and defend,
as everywhere else in the core), and the *seats* of the bout are ``st.extra["seats"]``
(``(attacking seat, defending seat)``, replaced, never changed in place). The core calls these
functions from small ``if cfg.teams:`` blocks where a seat, not a player, decides.
"""

from __future__ import annotations

from ..base import Result
from .state import CoreState

__all__ = ["controller", "seats", "start", "transfer", "next_defender", "next_opener",
           "thrower_order", "draw_order", "settle", "result"]


def controller(st: CoreState, seat: int) -> int:
    """R5: who plays ``seat`` — its player, or if he is out his nearest partner still in."""
    if not st.outm >> seat & 1:
        return seat
    n = st.n
    for k in range(2, n + 1, 2):
        p = (seat + k) % n
        if not st.outm >> p & 1:
            return p
    return seat


def seats(st: CoreState) -> tuple[int, int]:
    """The bout's attacking and defending seats."""
    found = st.extra.get("seats")
    if isinstance(found, tuple):
        return found[0], found[1]
    return st.attacker, st.defender


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
    _, defender = seats(st)
    new = (defender + 1) % st.n
    st.extra = {**st.extra, "seats": (defender, new)}
    st.defender = controller(st, new)


def next_defender(st: CoreState) -> int:
    """Who would defend after a transfer: the player of the seat after the defending one."""
    return controller(st, (seats(st)[1] + 1) % st.n)


def next_opener(st: CoreState, took: bool) -> int:
    """R2.8 in teams: the seat that opens the next bout (the seat, even if its player is out)."""
    defender = seats(st)[1]
    if took and not st.cfg.keeps_turn:
        return (defender + 1) % st.n
    return defender


def thrower_order(st: CoreState) -> tuple[int, ...]:
    """R2.5, R5: the main attacker, then the defender's opponents clockwise from his left."""
    c = st.cfg
    if c.throw_in == "none":
        return ()
    order = [st.attacker] if not st.outm >> st.attacker & 1 else []
    if c.throw_in == "attacker":
        return tuple(order)
    seat = seats(st)[1]
    for k in range(1, st.n):
        p = (seat + k) % st.n
        if st.outm >> p & 1 or p == st.defender or p in order or p % 2 == seat % 2:
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


def settle(st: CoreState) -> bool:
    """R5: with the talon empty, a team none of whose players holds a card has won (both at
    once: a draw). ``st.end`` is ``(-1, False, ())``; ``result`` reads who won."""
    if st.tp < len(st.talon):
        return False
    if all(any(st.hands[p] for p in range(t, st.n, 2)) for t in (0, 1)):
        return False
    st.end = (-1, False, ())
    st.to_act = -1
    return True


def result(st: CoreState, names: tuple[str, ...]) -> Result:
    """The team result (R5): the winning and losing seats, or a draw."""
    n = st.n
    empty = [t for t in (0, 1) if not any(st.hands[p] for p in range(t, n, 2))]
    draw = len(empty) == 2
    winners = () if draw else tuple(range(empty[0], n, 2))
    losers = () if draw else tuple(range(1 - empty[0], n, 2))
    return Result(None, st.out, draw, 0, None, winners, losers,
                  reason="both teams went out together" if draw else "", names=names)
