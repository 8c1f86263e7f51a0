"""The scoring forms on the core (issue 25): R9.28 ``scoring="ochkovy"|"pogonny"|"figurny"``
(points counted as bouts end, the points deciding the ``Result``), move for move against
``AttackGame``: the same positions, the same ``score`` events and the same results."""

from __future__ import annotations

import random

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from core_parts import (both, examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)
from reference import take_over, core_game_of

CASES = [
    ("ochkovy", {}),
    ("pogonny", {}),
    ("figurny", {}),
    ("perevodnoy", {"scoring": "pogonny"}),
    ("perevodnoy", {"scoring": "ochkovy", "repetition_draw": True}),
    ("podkidnoy", {"scoring": "figurny", "take_first_only": True, "deck": 52}),
    ("pogonny", {"pass_hands_left": True, "throw_in": "neighbours"}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_scoring_agrees_with_the_reference_from_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_scoring_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_scoring_takes_over_at_any_move(case, players, seed, prefix):
    # the points so far and who laid the last attack card are read from the reference
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_scoring_through_the_facade(name, options):
    # the score events, in the reference's words, and the Result with its scores
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_scoring_plays_out_on_the_core(name, options):
    playouts(name, options)


def test_the_scoring_presets_play_on_the_core():
    for name in ("ochkovy", "pogonny", "figurny"):
        assert supports(game_or_skip(name, 3, 0, {}))


def _both(name, hands, **kw):
    return both(from_position, name, hands, **kw)


def test_an_epaulette_is_hung_by_whoever_laid_the_second_card():
    # R9.28 pogonny: seat 0 attacks 9♣, seat 2 throws in 9♦, seat 1 takes the two nines: seat 2
    # hangs the epaulette
    ref, core = _both("pogonny", ["9C 6H", "7S 8S", "9D 10H"], trump="H", attacker=0,
                      talon="")
    for g in (ref, core):
        g.play("attack 9♣")
        g.play("take")  # seat 0 has no nine left to throw: seat 2 has priority
        g.play("throw 9♦")  # the defender's two cards allow no more: the bout ends
    assert core.history == ref.history
    texts = [e.text for e in core.history if e.kind == "score"]
    assert texts == ["seat 2 hangs an epaulette, 9♣ 9♦, on seat 1 (pogonny, R9.28)"]


def test_the_points_decide_the_result_and_it_is_the_reference_s():
    # R9.28 ochkovy: whoever beats the most cards wins; Result.scores, scored, and the text
    played = 0
    for seed in sample(range(6), 3):
        for n in (2, 4):
            ref = game_or_skip("ochkovy", n, seed, {})
            core = core_game_of(game_or_skip("ochkovy", n, seed, {}))
            rng = random.Random(seed)
            while not ref.is_over:
                act = rng.choice(ref.legal_actions())
                ref.play(act)
                core.play(act)
            assert core.result == ref.result and core.result.scores == ref.result.scores
            assert core.result.scoring == "ochkovy" and str(core.result) == str(ref.result)
            assert take_over(ref).extra["tally"] == ref._s.tally
            played += 1
    assert played >= 6
