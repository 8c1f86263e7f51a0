"""R9.18 (armyansky, ``talon_attack``) as a part of the core (core/house/talon_attack.py), move
for move against the reference ``AttackGame``: the talon's top card opening a bout, thrown in,
or kept as a pass; from new games (2–6 players), ``from_position`` positions and any move of a
game in progress; with R9.17 and R9.19 (seed 001's «Армянский Покерный-Вторая попытка»);
through ``CoreGame``, the same events (a bout the turned card ended too), views and undo."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction, from_position
from durak_edu.actions import TalonAttack
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from test_core_agreement import game_at_move, game_or_skip, random_position
from test_core_part_moves import agree_all, new_games, side_by_side_all

CASES = [
    ("armyansky", {}),
    ("armyansky", {"transfer": True}),
    ("armyansky", {"throw_in": "neighbours", "throw_one_at_a_time": True}),
    ("armyansky", {"trump": "none", "first_lead": "left_of_dealer"}),  # no trump card under it
    ("armyansky", {"defender_swaps": True}),  # «Армянский Покерный»
    ("armyansky", {"defender_swaps": True, "defender_draws": True}),
    ("armyansky", {"deck": 24, "first_bout_limit": 6, "take_first_only": True}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def talon_moves(g) -> int:
    return sum(isinstance(a, TalonAttack) for a in g.actions)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_18_agrees_with_the_reference_from_new_games(name, options):
    positions, made = new_games(name, options, talon_moves)
    assert positions > (300 if DEEP else 50)
    assert made >= 1


def test_r9_18_the_turned_card_opens_joins_or_is_kept():
    g = from_position("armyansky", ["7♠ 8♣", "9♦ 10♦ 6♣"], trump_card="A♥",
                      talon="7♦ K♠ Q♠")
    core = CoreGame.from_game(g)
    assert core.legal_actions() == g.legal_actions() and core.legal_actions()[-1] == TalonAttack()
    for x in (g, core):
        x.play("attack talon")
    assert core.history[-1].text == "seat 0 attacks with the talon's top card, 7♦ (R9.18)"
    assert core.table == g.table and core.talon_size == g.talon_size == 3
    with pytest.raises(IllegalAction) as err:
        core.play("attack talon")  # the defender never plays it
    assert err.value.rule == "R9.18"
    assert core.history == g.history


def test_r9_18_a_kept_card_that_ends_the_bout_is_not_drawn_again():
    # seat 0 throws the talon's K♠ onto a table of sevens: he keeps it, and as he was the last
    # thrower the bout ends; the draws that follow are the talon's next cards
    g = from_position("armyansky", ["7♠ 8♣", "7♥ 10♦ 6♣"], trump_card="A♥",
                      talon="K♠ Q♠ J♠ 9♠")
    core = CoreGame.from_game(g)
    for act in ("attack 7♠", "beat 7♠ 7♥"):
        assert core.play(act) == g.play(act)
    if TalonAttack() in g.legal_actions():
        assert core.play("attack talon") == g.play("attack talon")
    assert core.history == g.history and core.hands == g.hands


@settings(max_examples=60 if DEEP else 8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_18_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        agree_all(g, rng)


@settings(max_examples=40 if DEEP else 5, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 60))
def test_property_r9_18_the_core_takes_over_at_any_move(case, players, seed, prefix):
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree_all(g, rng)


@pytest.mark.parametrize("name,options", [CASES[0], CASES[5]], ids=[IDS[0], IDS[5]])
def test_r9_18_through_core_game(name, options):
    for players in (2, 3, 5):
        for seed in sample(range(4), 1):
            g = game_or_skip(name, players, seed, options)
            if g is not None:
                side_by_side_all(g, random.Random(seed))
