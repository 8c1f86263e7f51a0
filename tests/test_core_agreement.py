"""The new core (durak_edu.games.core, issue 25) against the reference engine, move for move.

Today's ``AttackGame`` stays the reference until the core agrees with it everywhere
(docs/architecture.md, the migration plan). Here both play the same random games — the presets
and options the core covers, 2–6 players, new games and ``from_position`` positions — and at
every position:

* the core's moves, decoded, are ``AttackGame.legal_actions()`` in the same order, and
  ``count``/``nth`` agree with the list;
* a sample of illegal actions is refused by both with the same clause and the same words, and
  every listed action is accepted by the core's ``refuse``;
* the same action leads to the same position (hands, what is known of them, table, talon,
  discard, roles, who acts, who is out, the bout) and, at the end, the same ``Result``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP, sample

# the machinery (core_parts.py); test_core_game, test_core_playout and the part modules import
# some of these names from here too
from core_parts import (agree, candidates, core_position, game_at_move,  # noqa: F401
                        game_or_skip, ids, position, random_position)

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
def test_the_core_agrees_with_the_reference_from_new_games(name, options):
    positions = games = 0
    for players in range(2, 7):
        for seed in sample(range(3), 1):  # the deep run: three seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            positions += agree(g, random.Random(1000 * players + seed))
            games += 1
    assert games >= (3 if DEEP else 1) and positions > (100 if DEEP else 30)  # (some seat only two)


@settings(max_examples=100 if DEEP else 30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    agree(g, rng)


@settings(max_examples=60 if DEEP else 20, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 80))
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # from_game reads any position of the reference, in the middle of a bout too
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree(g, rng)
