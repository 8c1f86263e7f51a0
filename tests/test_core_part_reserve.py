"""The deal's set-aside house parts on the core (issue 25): R9.40 s prikupom (``reserve``: a
face-down reserve taken up when hand and talon are empty) and R9.27 s peresdachey
(``redeal_five_of_a_suit``), on the core's own invariants (``core_parts``) and their
clauses' literal behaviour."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import sample

from durak_edu.games.core.state import supports

from core_parts import (examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)

CASES = [
    ("s_prikupom", {}),
    ("s_prikupom", {"reserve_size": 1, "deck": 52}),
    ("perevodnoy", {"reserve": True, "reserve_size": 2}),
    ("s_prikupom", {"scoring": "ochkovy", "share_short_talon": True}),
    ("s_peresdachey", {}),
    ("perevodnoy", {"redeal_five_of_a_suit": True, "deck": 52}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_reserve_parts_hold_their_invariants_in_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_reserve_parts_hold_their_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_reserve_parts_hold_their_invariants_from_any_move(case, players, seed, prefix):
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
    # R9.40: play with the first listed move; a seat takes his reserve up (privately) only once
    # his hand and the talon are empty, and then holds its three cards
    taken = 0
    for n in (2, 3):
        core = game_or_skip("s_prikupom", n, 1, {})
        assert core.view(0).set_aside == 3 * n and core.view(0).reserve_sizes == (3,) * n
        while not core.is_over:
            before = core.hands, core.talon_size, core.view(0).reserve_sizes
            told = len(core.history)
            core.play(core.legal_actions()[0])
            for e in core.history[told:]:
                if e.kind != "reserve":
                    continue
                assert e.private and before[1] == 0 and before[2][e.seat] == 3
                sizes = core.view(0).reserve_sizes  # (none left once the game is over)
                assert not sizes or sizes[e.seat] == 0
                taken += 1
    assert taken >= 2


def test_a_redealt_game_is_taken_over_as_dealt():
    # R9.27: find a seed whose first deal was thrown in; the core plays the deal that stood
    seed = next(s for s in range(300) if game_or_skip("s_peresdachey", 4, s, {}).redeals)
    core = game_or_skip("s_peresdachey", 4, seed, {})
    assert [e.kind for e in core.history][0] == "redeal"
    # the deal that stood: six cards each, no hand of five of a suit, the rest in the talon
    assert [len(h) for h in core.hands] == [6] * 4 and core.talon_size == 36 - 24
    assert all(max(Counter(c.suit for c in h).values()) < 5 for h in core.hands)
