"""The scoring forms on the core (issue 25): R9.28 ``scoring="ochkovy"|"pogonny"|"figurny"``
(points counted as bouts end, the points deciding the ``Result``), on the core's own
invariants (``core_parts``), the ``score`` events' words and results that add them up."""

from __future__ import annotations

import random
import re

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.games.core.state import supports

from core_parts import (examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)

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
def test_scoring_holds_its_invariants_in_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_scoring_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_scoring_holds_its_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_scoring_through_the_facade(name, options):
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_scoring_plays_out_on_the_core(name, options):
    playouts(name, options)


def test_the_scoring_presets_play_on_the_core():
    for name in ("ochkovy", "pogonny", "figurny"):
        assert supports(game_or_skip(name, 3, 0, {}))


def test_an_epaulette_is_hung_by_whoever_laid_the_second_card():
    # R9.28 pogonny: seat 0 attacks 9♣, seat 2 throws in 9♦, seat 1 takes the two nines: seat 2
    # hangs the epaulette
    core = from_position("pogonny", ["9C 6H", "7S 8S", "9D 10H"], trump="H", attacker=0,
                         talon="")
    core.play("attack 9♣")
    core.play("take")  # seat 0 has no nine left to throw: seat 2 has priority
    core.play("throw 9♦")  # the defender's two cards allow no more: the bout ends
    texts = [e.text for e in core.history if e.kind == "score"]
    assert texts == ["seat 2 hangs an epaulette, 9♣ 9♦, on seat 1 (pogonny, R9.28)"]


def test_the_points_decide_the_result():
    # R9.28 ochkovy: whoever beats the most cards wins; Result.scores are the score events'
    # cards added up, the winners those with the most (nobody: a draw), the text says so
    played = 0
    for seed in sample(range(6), 3):
        for n in (2, 4):
            core = game_or_skip("ochkovy", n, seed, {})
            rng = random.Random(seed)
            while not core.is_over:
                core.play(rng.choice(core.legal_actions()))
            counted = dict.fromkeys(range(n), 0)
            for e in core.history:
                said = re.fullmatch(r"seat (\d) has beaten (\d+) cards? \(ochkovy, R9.28\)", e.text)
                if e.kind == "score" and said:
                    counted[int(said[1])] += int(said[2])
            result = core.result
            assert result.scoring == "ochkovy" and result.scores == counted
            best = max(counted.values())
            tops = tuple(p for p in range(n) if counted[p] == best)
            assert result.winners == (() if len(tops) == n else tops)
            assert str(result).startswith("ochkovy (cards beaten): ")
            played += 1
    assert played >= 6
