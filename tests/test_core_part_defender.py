"""The defender's own moves as parts of the core, move for move against the reference
``AttackGame``: R9.10 (amerikansky, ``defender_throws_in``: his turn to throw in against
himself). From new games (2–6 players), from ``from_position`` positions and from any move of a
game in progress; through ``CoreGame``, the same events (R9.10's words), views and undo."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction, from_position
from durak_edu.actions import Pass, ThrowIn
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from test_core_agreement import game_or_skip, random_position
from test_core_part_moves import agree_all, side_by_side_all

CASES = [
    ("amerikansky", {}),
    ("amerikansky", {"throw_one_at_a_time": True}),
    ("amerikansky", {"throw_in": "none"}),  # nobody but the defender throws in
    ("amerikansky", {"throw_in_ranks": "attack", "deck": 52}),
    ("amerikansky", {"transfer": True, "transfer_beat_only_new": True}),
    ("amerikansky", {"trump_six_exchange": True}),  # with R9.26: listed after his turn's moves
    ("amerikansky", {"take_first_only": True, "bout_limit": 4, "first_bout_limit": 3}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def self_throws(g) -> int:
    return sum(e.text.endswith("against himself (R9.10)") for e in g.history)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_10_agrees_with_the_reference_from_new_games(name, options):
    positions = turns = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert supports(g)
            positions += agree_all(g, random.Random(100 * players + seed))
            turns += self_throws(g)
    assert positions > 100
    assert turns >= 1  # the defender's own turn came up and was played


def test_r9_10_the_defender_throws_in_against_himself_and_must_beat():
    # seat 1 beats 7♠ with 9♠; seat 0 has nothing of those ranks: seat 1 may throw a seven
    g = from_position("amerikansky", ["7♠ A♦", "9♠ 7♣ 7♥ K♦"], trump="H")
    core = CoreGame.from_game(g)
    for x in (g, core):
        x.play("attack 7♠")
        x.play("beat 7♠ 9♠")
    assert core.to_act == g.to_act == 1
    assert core.legal_actions() == g.legal_actions() == [ThrowIn("7♣"), ThrowIn("7♥"), Pass()]
    with pytest.raises(IllegalAction) as err:
        core.play("throw 7♣ 7♥")  # 3 cards: he may throw one (half of three)
    assert err.value.rule == "R9.10" and "no more than half his hand" in str(err.value)
    core.play("throw 7♣")
    g.play("throw 7♣")
    assert core.history[-1].text == "seat 1 throws in 7♣ against himself (R9.10)"
    assert core.to_act == 1 and core.legal_actions() == g.legal_actions()
    assert core.history == g.history


def test_r9_10_his_pass_ends_the_bout_in_bito():
    g = from_position("amerikansky", ["7♠ A♦", "9♠ 7♣ K♦"], trump="H", talon="")
    core = CoreGame.from_game(g)
    for act in ("attack 7♠", "beat 7♠ 9♠", "pass"):
        assert core.play(act) == g.play(act)
    assert core.history == g.history
    assert [e.kind for e in core.history[-2:]] == ["action", "bito"]
    assert core.history[-2].text == "seat 1 throws nothing in against himself (R9.10)"


@settings(max_examples=60 if DEEP else 15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_10_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        agree_all(g, rng)


@settings(max_examples=40 if DEEP else 10, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 60))
def test_property_r9_10_the_core_takes_over_at_any_move(case, players, seed, prefix):
    name, options = case
    g = game_or_skip(name, players, seed, options)
    if g is None:
        return
    rng = random.Random(seed)
    while not g.is_over and prefix:
        g.play(rng.choice(g.legal_actions()))
        prefix -= 1
    agree_all(g, rng)


@pytest.mark.parametrize("name,options", CASES[:3], ids=IDS[:3])
def test_r9_10_through_core_game(name, options):
    for players in (2, 3, 5):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is not None:
                side_by_side_all(g, random.Random(seed))
