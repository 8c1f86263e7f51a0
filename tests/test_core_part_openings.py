"""R9.6 (zanudny: open with your highest rank) and R9.11 (albansky: the deck aces first) as
parts of the core (durak_edu/games/core/house/highest_opens.py, aces_first.py), move for move
against ``AttackGame`` with ``tests/test_core_agreement.py``'s machinery: legal lists in order,
refusals (clause and words), positions and results, from new games, set positions and any
move; ``CoreGame``'s events; the core's playout."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import from_position, new_game
from durak_edu.actions import Attack
from durak_edu.cards import cards
from durak_edu.games.core import decode, moves as core_moves
from durak_edu.games.core.playout import playout
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import from_game, supports

from helpers import DEEP, sample
from test_core_agreement import (agree, core_position, game_at_move, game_or_skip,
                                 position, random_position)
from test_core_game import side_by_side

CASES = [
    ("zanudny", {}),                                    # R9.6
    ("zanudny", {"transfer": True}),
    ("zanudny", {"deck": 52, "throw_in": "neighbours"}),
    ("prostoy_pairs", {"attack_with_highest": True}),   # R9.6 with the R4 shapes
    ("s_grupp", {"attack_with_highest": True}),
    ("albansky", {}),                                   # R9.11
    ("albansky", {"transfer": True, "deck": 52}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_from_new_games(name, options):
    positions = games = 0
    for players in sample(range(2, 9), 3):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            positions += agree(g, random.Random(1000 * players + seed))
            games += 1
    assert games >= 2 and positions > 30


@settings(max_examples=100 if DEEP else 20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    agree(g, rng)


@settings(max_examples=60 if DEEP else 12, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 80))
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree(g, rng)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_writes_the_reference_events(name, options):
    for players in sample((2, 3, 4, 6), 2):
        g = game_or_skip(name, players, players, options)
        if g is not None:
            side_by_side(g, random.Random(players))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    for players in sample((2, 3, 5), 2):
        for seed in sample(range(4), 2):
            g = game_or_skip(name, players, seed, options)
            rng = random.Random(seed)
            core = from_game(g)
            twin = random.Random()
            twin.setstate(rng.getstate())
            playout(core, twin.getrandbits)
            while not g.is_over:
                g.play(rng.choice(g.legal_actions()))
            assert core_position(core) == position(g)
            assert decode.result(core, g.players, g.names) == g.result


def test_zanudny_opens_only_with_the_highest_rank():
    g = from_position("zanudny", ["7♠ K♦ K♣ 9♥", "8♠ 9♣ 10♦"], talon="", trump="H")
    core, ctx = from_game(g), Context.of(g)
    listed = [Attack(tuple(cards(t))) for t in ("K♣", "K♦", "K♣ K♦")]
    assert decode.actions(core_moves.moves(core)) == g.legal_actions() == listed
    low = Attack(tuple(cards("9♥")))  # a trump counts by its rank (R9.6)
    assert refuse(core, low, ctx) == g._diagnose(low) == (
        "R9.6", "open only with your highest rank (zanudny); 9♥ is not of it")
    missing = Attack(tuple(cards("A♠")))  # not held: the core's R2.2 first, as the reference
    assert refuse(core, missing, ctx) == g._diagnose(missing)
    assert refuse(core, missing, ctx)[0] == "R2.2"


def test_albansky_is_dealt_by_the_reference_and_played_by_the_core():
    g = new_game("albansky", players=3, seed=7)
    assert supports(g)
    assert from_game(g).cfg.parts == ()  # nothing to do in play


@pytest.mark.parametrize("options", [{"attack_shape": "three"}, {"attack_shape": "pair_only",
                                                                  "throw_in": "none"}])
def test_zanudny_with_the_shapes_it_does_not_narrow_stays_on_the_reference(options):
    g = new_game("zanudny", players=2, seed=1, **options)
    assert not supports(g)
    with pytest.raises(ValueError, match="does not play"):
        from_game(g)
