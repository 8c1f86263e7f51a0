"""The core (durak_edu.games.core, issue 25) on its own invariants over random games: the
presets and options over R2/R3 (and R4's shapes), 2–6 players, new games, ``from_position``
positions and games taken up at any move. At every position (``core_parts.invariants``): the
core's moves decoded are the legal list and ``count``/``nth`` agree with it, every listed action
is accepted, sampled illegal actions are refused with a clause and leave the game as it was,
undo and clone are exact, no card is lost or duplicated; every game ends, and its record replays
it. (The move-for-move agreement with the old engine: tests/test_agreement_fixture.py.)
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP, sample

# the machinery (core_parts.py); test_core_game, test_core_playout and the part modules import
# some of these names from here too
from core_parts import (candidates, core_position, game_at_move, game_or_skip,  # noqa: F401
                        ids, invariants, position, random_position)

#: the presets and options over R2/R3 (what the old playout kernel played, once tests/test_rollout.py)
CASES = [
    ("podkidnoy", {}),
    ("perevodnoy", {}),
    ("japanese_spades", {}),
    ("japanese_diamonds", {}),
    ("japanese_spades", {"spade_turned": "reshuffle"}),
    ("podkidnoy", {"throw_in": "neighbours"}),
    ("podkidnoy", {"throw_in": "attacker"}),
    ("podkidnoy", {"throw_in": "none"}),
    ("podkidnoy", {"throw_in_ranks": "attack"}),
    ("podkidnoy", {"throw_one_at_a_time": True}),
    ("podkidnoy", {"taker_keeps_turn": True}),
    ("podkidnoy", {"draw_order": "clockwise"}),
    ("podkidnoy", {"share_short_talon": True}),
    ("podkidnoy", {"draws": False}),
    ("podkidnoy", {"epaulettes_need_plain_six": True}),
    ("podkidnoy", {"deck": 52}),
    ("podkidnoy", {"deck": 24, "first_bout_limit": 6}),
    ("podkidnoy", {"deck": 32}),
    ("podkidnoy", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("podkidnoy", {"bout_limit": 4, "first_bout_limit": 3, "hand_size": 5}),
    ("perevodnoy", {"deck": 52}),
    ("perevodnoy", {"transfer_in_first_bout": True, "transfer_with_trump_on_table": True}),
    ("perevodnoy", {"transfer_by_last_card": True, "proezdnoy": False}),
    ("perevodnoy", {"transfer_after_beating": True}),
    ("perevodnoy", {"transfer_beat_only_new": True, "transfer_in_first_bout": True}),
    ("perevodnoy", {"refusal": True}),
    ("perevodnoy", {"refusal": True, "transfer_by_last_card": True, "deck": 24,
                    "transfer_in_first_bout": True}),
    ("bezkozyrny", {}),
    ("dobry", {}),
    ("besppodkidny", {}),
    # R4 (prostoy): the attack shapes and the partial take
    ("prostoy", {}),
    ("prostoy_partial", {}),
    ("prostoy_pairs", {}),
    ("prostoy_two", {}),
    ("s_par", {}),
    ("podkidnoy", {"partial_take": True}),
    # the house parts (durak_edu/games/core/house/)
    ("podkidnoy", {"take_first_only": True}),  # R9.16
    ("perevodnoy", {"take_first_only": True}),
]
IDS = ids(CASES)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_keeps_its_invariants_in_new_games(name, options):
    positions = games = 0
    for players in sample(range(2, 7), 3):  # the deep run: every size, three seeds each
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            positions += invariants(g, random.Random(1000 * players + seed))
            games += 1
    assert games >= (3 if DEEP else 1) and positions > (100 if DEEP else 30)  # (some seat only two)


@settings(max_examples=100 if DEEP else 30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_the_core_keeps_its_invariants_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    invariants(g, rng)


@settings(max_examples=60 if DEEP else 20, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 80))
def test_property_the_core_keeps_its_invariants_from_any_move(case, players, seed, prefix):
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    invariants(g, rng)
