"""The deal's set-aside house parts on the core (issue 25): R9.40 s prikupom (``reserve``: a
face-down reserve taken up when hand and talon are empty) and R9.27 s peresdachey
(``redeal_five_of_a_suit``, in the deal the core takes over), move for move against
``AttackGame``."""

from __future__ import annotations

import pytest

from helpers import sample

from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from core_parts import (examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)
from reference import take_over, core_game_of

CASES = [
    ("s_prikupom", {}),
    ("s_prikupom", {"reserve_size": 1, "deck": 52}),
    ("perevodnoy", {"reserve": True, "reserve_size": 2}),
    ("s_prikupom", {"scoring": "ochkovy", "share_short_talon": True}),
    ("s_peresdachey", {}),
    ("perevodnoy", {"redeal_five_of_a_suit": True, "deck": 52}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_reserve_parts_agree_with_the_reference_from_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_reserve_parts_agree_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_reserve_parts_take_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_reserve_parts_through_the_facade(name, options):
    # the reserve's private events, the views' set_aside and reserve_sizes, records
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_reserve_parts_play_out_on_the_core(name, options):
    playouts(name, options)


def test_the_presets_play_on_the_core():
    for name in ("s_prikupom", "s_peresdachey"):
        assert supports(game_or_skip(name, 3, 0, {}))


def test_a_reserve_is_taken_up_when_hand_and_talon_run_out():
    # R9.40: play the reference's game with the first listed move; the core beside it takes
    # every reserve up when the reference does, privately, with the same views
    taken = 0
    for n in (2, 3):
        ref = game_or_skip("s_prikupom", n, 1, {})
        core = core_game_of(game_or_skip("s_prikupom", n, 1, {}))
        assert core.view(0).set_aside == 3 * n and core.view(0).reserve_sizes == (3,) * n
        while not ref.is_over:
            act = ref.legal_actions()[0]
            ref.play(act)
            core.play(act)
            assert core.view(0) == ref.view(0)
        events = [e for e in core.history if e.kind == "reserve"]
        assert events == [e for e in ref.history if e.kind == "reserve"]
        assert all(e.private for e in events)
        taken += len(events)
        assert core.result == ref.result
    assert taken >= 2


def test_a_redealt_game_is_taken_over_as_dealt():
    # R9.27: find a seed whose first deal was thrown in; the core plays the deal that stood
    seed = next(s for s in range(300) if game_or_skip("s_peresdachey", 4, s, {}).redeals)
    ref = game_or_skip("s_peresdachey", 4, seed, {})
    core = core_game_of(ref)
    assert [e.kind for e in core.history][0] == "redeal"
    assert core.hands == ref.hands and take_over(ref).talon
