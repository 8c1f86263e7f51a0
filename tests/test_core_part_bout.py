"""The bout-end house parts on the core (issue 25): R9.12 krugovoy (``pass_hands_left``: the
hands go round after every bout), on the core's own invariants (``core_parts``) and R9.12's
literal behaviour."""

from __future__ import annotations

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.games.core.state import supports

from core_parts import (examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)

CASES = [
    ("krugovoy", {}),
    ("krugovoy", {"deck": 52, "draw_order": "clockwise"}),
    ("perevodnoy", {"pass_hands_left": True}),
    ("krugovoy", {"take_first_only": True, "taker_keeps_turn": True}),
    ("krugovoy", {"trump_card_hidden": True, "draw_only_when_empty": True}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_bout_parts_hold_their_invariants_in_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_bout_parts_hold_their_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_bout_parts_hold_their_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_bout_parts_through_the_facade(name, options):
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_bout_parts_play_out_on_the_core(name, options):
    playouts(name, options)


def test_the_krugovoy_preset_plays_on_the_core():
    for n, deck in ((2, 36), (8, 52)):
        assert supports(game_or_skip("krugovoy", n, 0, {"deck": deck}))


def test_the_hands_go_to_the_left_after_the_draw_with_what_was_known():
    # R9.12: seat 1 takes 7♥ (now known to be his), seat 0 draws; then every hand moves one
    # seat on: seat 2 holds seat 1's hand, 7♥ known there; seat 1 holds what seat 0 drew
    hands = ["7H 8C", "6H KS", "9D 10D"]
    talon = "6C 7C 8D 9C JC"
    core = from_position("krugovoy", hands, talon=talon, trump_card="QS", attacker=0)
    core.play("attack 7♥")
    core.play("take")  # nobody holds a seven to throw in: the bout ends
    assert core.history[-1].text == "every player passes his hand to the left (R9.12)"
    # seat 0 drew the five talon cards, seat 2 the trump card, seat 1 (the taker) nothing
    assert [{str(c) for c in h} for h in core.hands] == [
        {"Q♠", "9♦", "10♦"}, {"8♣", "6♣", "7♣", "8♦", "9♣", "J♣"}, {"6♥", "K♠", "7♥"}]
    assert [str(c) for c in core.view(0).known[2]] == ["7♥"]
