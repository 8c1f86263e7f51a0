"""R9.26 (the trump six for the trump card, ``trump_six_exchange``) as a part of the core
(core/house/trump_six_exchange.py), move for move against the reference ``AttackGame``: from new
games (2–6 players, the preset and with options), from ``from_position`` positions and from any
move of a game in progress; through ``CoreGame``, the same events (the exchange's words), talon,
trump card, views and undo."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import from_position, new_game
from durak_edu.actions import Exchange
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from test_core_agreement import game_at_move, game_or_skip, random_position
from test_core_part_moves import agree_all, new_games, side_by_side_all

CASES = [
    ("trump_six_swap", {}),
    ("trump_six_swap", {"deck": 52}),
    ("trump_six_swap", {"deck": 24, "first_bout_limit": 6}),  # the lowest trump is a nine
    ("trump_six_swap", {"transfer": True}),
    ("trump_six_swap", {"throw_in": "neighbours", "draw_order": "clockwise"}),
    ("perevodnoy", {"trump_six_exchange": True, "take_first_only": True}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def exchanges(g) -> int:
    return sum(isinstance(a, Exchange) for a in g.actions)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_26_agrees_with_the_reference_from_new_games(name, options):
    positions, made = new_games(name, options, exchanges)
    assert positions > (300 if DEEP else 50)
    assert made >= 1  # the exchange itself was played, not only listed


def test_r9_26_the_exchange_is_listed_last_and_keeps_the_turn():
    # seat 0 holds the six of hearts, hearts are trumps, the ace lies under the talon
    g = from_position("trump_six_swap", ["6♥ 7♠ 8♣", "9♦ 10♦ J♦"], trump_card="A♥",
                      talon="K♠ Q♠")
    core = CoreGame.from_game(g)
    listed = core.legal_actions()
    assert listed == g.legal_actions() and listed[-1] == Exchange("6♥")
    core.play(Exchange("6♥"))
    assert core.to_act == 0 and "A♥" in map(str, core.hands[0])
    assert core.talon[-1] == core.trump_card == Exchange("6♥").card
    assert core.history[-1].text == "seat 0 exchanges 6♥ for the trump card A♥ (R9.26)"
    assert Exchange("6♥") not in core.legal_actions()  # he no longer holds it
    core.undo()
    assert str(core.trump_card) == "A♥" and core.legal_actions() == listed


def _same_refusal(g, core, act) -> tuple[str, str]:
    with pytest.raises(Exception) as want:
        g.check(act)
    with pytest.raises(Exception) as got:
        core.check(act)
    assert (got.value.rule, str(got.value)) == (want.value.rule, str(want.value))
    return got.value.rule, str(got.value)


def test_r9_26_refusals_name_the_clause_and_the_reference_words():
    g = from_position("trump_six_swap", ["6♥ 7♠", "9♦ 10♦"], trump_card="A♥", talon="K♠")
    core = CoreGame.from_game(g)
    assert _same_refusal(g, core, Exchange("7♠"))[1].startswith(
        "R9.26: only the trump suit's lowest card (6♥)")
    # the trump card alone under no other card: it is the next card drawn anyway
    g = from_position("trump_six_swap", ["6♥ 7♠", "9♦ 10♦"], trump_card="A♥")
    core = CoreGame.from_game(g)
    rule, words = _same_refusal(g, core, Exchange("6♥"))
    assert rule == "R9.26" and "face up under the talon with a card over it" in words
    g = from_position("trump_six_swap", ["8♥ 7♠", "6♥ 10♦"], trump_card="A♥", talon="K♠")
    core = CoreGame.from_game(g)
    assert "is not in seat 0's hand" in _same_refusal(g, core, Exchange("6♥"))[1]


@settings(max_examples=60 if DEEP else 8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_26_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        agree_all(g, rng)


@settings(max_examples=40 if DEEP else 5, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 60))
def test_property_r9_26_the_core_takes_over_at_any_move(case, players, seed, prefix):
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree_all(g, rng)


@pytest.mark.parametrize("name,options", CASES[:2], ids=IDS[:2])
def test_r9_26_through_core_game(name, options):
    for players in (2, 3, 5):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is not None:
                side_by_side_all(g, random.Random(seed))
