"""``core.seats``: R2.5's thrower order and R2.9's draw order, and the memo in front of them
(a direct-mapped table of seatings: two seatings in one slot, or one seating under two
``throw_in`` rules, must each get their own order)."""

from __future__ import annotations

import itertools

import pytest

from durak_edu import new_game
from durak_edu.games.core import seats


def _state(players, **options):
    return new_game("podkidnoy", players=players, seed=0, **options)._s.core.copy()


def _seatings(n):
    """Every attacker, defender and set of seats out with both of them still in."""
    for attacker, defender in itertools.permutations(range(n), 2):
        for outm in range(1 << n):
            if not outm >> attacker & 1 and not outm >> defender & 1:
                yield attacker, defender, outm


@pytest.mark.parametrize("throw_in", ["all", "neighbours", "attacker", "none"])
def test_the_thrower_order_of_every_seating_is_the_rules_own(throw_in):
    """Asked twice in two orders (the second pass finds its slots taken by other seatings)."""
    states = {n: _state(n, throw_in=throw_in) for n in (2, 3, 4, 6)}
    asked = [(n, *s) for n in states for s in _seatings(n)]
    for rows in (asked, asked[::-1]):
        for n, attacker, defender, outm in rows:
            st = states[n]
            st.attacker, st.defender, st.outm = attacker, defender, outm
            want = seats._thrower_order(throw_in, n, attacker, defender, outm)
            assert seats.thrower_order(st) == want, (n, attacker, defender, outm)


def test_one_seating_under_two_throw_in_rules_gets_each_rules_order():
    a, b = _state(4, throw_in="all"), _state(4, throw_in="neighbours")
    for st in (a, b, a, b):
        st.attacker, st.defender, st.outm = 0, 1, 0
    assert seats.thrower_order(a) == (0, 2, 3)  # R2.5: the attacker, then from the left
    assert seats.thrower_order(b) == (0, 2)     # R2.4: only the defender's neighbours
    assert seats.thrower_order(a) == (0, 2, 3)


def _r29(n, attacker, defender, outm, clockwise):
    """R2.9's order written out: clockwise from the attacker; or the attacker, the others
    clockwise from the defender's left, the defender last; nobody who is out."""
    if clockwise:
        ring = [(attacker + k) % n for k in range(n)]
    else:
        ring = ([attacker] + [(defender + k) % n for k in range(1, n)
                              if (defender + k) % n not in (attacker, defender)] + [defender])
    return [p for p in ring if not outm >> p & 1]


@pytest.mark.parametrize("clockwise", [False, True])
def test_the_draw_order_of_every_seating_is_the_rules_own(clockwise):
    states = {n: _state(n, draw_order="clockwise" if clockwise else "attacker_first")
              for n in (2, 3, 4, 6)}
    asked = [(n, *s) for n in states for s in _seatings(n)]
    for rows in (asked, asked[::-1]):
        for n, attacker, defender, outm in rows:
            st = states[n]
            st.attacker, st.defender, st.outm = attacker, defender, outm
            want = _r29(n, attacker, defender, outm, clockwise)
            assert seats.draw_order(st) == want, (n, attacker, defender, outm)
    st = states[4]
    st.attacker, st.defender, st.outm = 0, 1, 0
    assert seats.draw_order(st) == ([0, 1, 2, 3] if clockwise else [0, 2, 3, 1])  # R2.9
