"""The defender's own moves as parts of the core, on the core's own invariants (``core_parts``)
and their clauses' literal behaviour: R9.10 (amerikansky, ``defender_throws_in``: his turn to
throw in against himself), R9.17 (vtoraya popytka, ``defender_draws``: a second try from the
talon), R9.19 (pokerny, ``defender_swaps``: a swap with the talon) and the last two together.
From new games (2–6 players), from ``from_position`` positions and from any move of a game in progress;
the clauses' listing, words, views and refusals."""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction, from_position, new_game
from durak_edu.actions import Draw, Pass, Swap, ThrowIn

from core_parts import (invariants_all, examples, given_moves, given_positions, ids,
                        new_games_until, set_positions, taken_over, through_core_game)

CASES = [
    ("amerikansky", {}),
    ("amerikansky", {"throw_one_at_a_time": True}),
    ("amerikansky", {"throw_in": "none"}),  # nobody but the defender throws in
    ("amerikansky", {"throw_in_ranks": "attack", "deck": 52}),
    ("amerikansky", {"transfer": True, "transfer_beat_only_new": True}),
    ("amerikansky", {"trump_six_exchange": True}),  # with R9.26: listed after his turn's moves
    ("amerikansky", {"take_first_only": True, "bout_limit": 4, "first_bout_limit": 3}),
]
IDS = ids(CASES)


def self_throws(g) -> int:
    return sum(e.text.endswith("against himself (R9.10)") for e in g.history)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_10_holds_its_invariants_in_new_games(name, options):
    new_games_until(name, options, self_throws)  # the defender's own turn came up, was played


def test_r9_10_the_defender_throws_in_against_himself_and_must_beat():
    # seat 1 beats 7♠ with 9♠; seat 0 has nothing of those ranks: seat 1 may throw a seven
    core = from_position("amerikansky", ["7♠ A♦", "9♠ 7♣ 7♥ K♦"], trump="H")
    core.play("attack 7♠")
    core.play("beat 7♠ 9♠")
    assert core.to_act == 1
    assert core.legal_actions() == [ThrowIn("7♣"), ThrowIn("7♥"), Pass()]
    with pytest.raises(IllegalAction) as err:
        core.play("throw 7♣ 7♥")  # 3 cards: he may throw one (half of three)
    assert err.value.rule == "R9.10" and "no more than half his hand" in str(err.value)
    core.play("throw 7♣")
    assert core.history[-1].text == "seat 1 throws in 7♣ against himself (R9.10)"
    # he must beat his own seven now (with the trump 7♥ or K♦? neither beats 7♣ but the trump)
    assert core.to_act == 1 and core.legal_actions()
    assert all(str(a).startswith(("beat 7♣", "take")) for a in core.legal_actions())


def test_r9_10_his_pass_ends_the_bout_in_bito():
    core = from_position("amerikansky", ["7♠ A♦", "9♠ 7♣ K♦"], trump="H", talon="")
    for act in ("attack 7♠", "beat 7♠ 9♠", "pass"):
        core.play(act)
    assert [e.kind for e in core.history[-2:]] == ["action", "bito"]
    assert core.history[-2].text == "seat 1 throws nothing in against himself (R9.10)"


@examples(60, 8)
@given_positions(CASES)
def test_property_r9_10_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@examples(40, 5, slow=False)
@given_moves(CASES)
def test_property_r9_10_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", CASES[:3], ids=IDS[:3])
def test_r9_10_through_core_game(name, options):
    through_core_game(name, options, seeds=3)


# -- R9.17 and R9.19 ----------------------------------------------------------------------------

TRIES = [
    ("vtoraya_popytka", {}),
    ("vtoraya_popytka", {"transfer": True}),
    ("vtoraya_popytka", {"deck": 24, "first_bout_limit": 6, "share_short_talon": True}),
    ("pokerny", {}),
    ("pokerny", {"transfer": True, "proezdnoy": True}),
    ("pokerny", {"deck": 52, "hand_size": 5, "bout_limit": 5, "first_bout_limit": 5}),
    ("pokerny", {"defender_draws": True}),  # «Покерный-Вторая попытка»
    ("pokerny", {"defender_draws": True, "trump_six_exchange": True}),
]
TRY_IDS = ids(TRIES)


def tries(g) -> int:
    return sum(isinstance(a, (Draw, Swap)) for a in g.actions)


@pytest.mark.parametrize("name,options", TRIES, ids=TRY_IDS)
def test_r9_17_r9_19_hold_their_invariants_in_new_games(name, options):
    new_games_until(name, options, tries)  # a draw or a swap was played, not only listed


@examples(60, 8)
@given_positions(TRIES)
def test_property_r9_17_r9_19_hold_their_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@examples(40, 5, slow=False)
@given_moves(TRIES)
def test_property_r9_17_r9_19_invariants_from_any_move(case, players, seed,
                                                                          prefix):
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", [TRIES[0], TRIES[3], TRIES[6]],
                         ids=[TRY_IDS[0], TRY_IDS[3], TRY_IDS[6]])
def test_r9_17_r9_19_through_core_game(name, options):
    # the draw's private event, the swap's, and the swapper's view of his cards in the talon
    through_core_game(name, options, seeds=3)


def test_r9_19_the_swapped_cards_lie_over_the_trump_card_and_he_knows_them():
    core = from_position("pokerny", ["7♠ 8♣", "9♦ 10♦ 6♣"], trump_card="A♥", talon="K♠ Q♠ J♣")
    core.play("attack 7♠")
    core.play("swap 6♣ 9♦")
    assert [str(c) for c in core.talon[-3:]] == ["6♣", "9♦", "A♥"]
    assert core.history[-1].text == "seat 1 swaps 2 cards with the talon (R9.19)"
    assert {str(c) for c in core.view(1).in_talon} >= {"6♣", "9♦"}
    assert "6♣" not in {str(c) for c in core.view(0).in_talon}
    with pytest.raises(IllegalAction) as err:
        core.play("swap 10♦")
    assert err.value.rule == "R9.19" and "swapped already in this bout" in str(err.value)


def test_r9_17_a_second_try_only_facing_a_card_he_cannot_beat():
    core = from_position("vtoraya_popytka", ["A♠ 8♣", "9♦ 10♦"], trump="H", talon="K♠ Q♥")
    core.play("attack A♠")
    assert core.legal_actions()[-1] == Draw()
    core.play("draw")
    assert core.undo() == Draw()  # undo is exact: the once-a-bout mark goes with it
    assert core.legal_actions()[-1] == Draw()
    core.play("draw")
    assert core.history[-1].private  # what he drew is his alone to see
    assert {str(c) for c in core.hands[1]} == {"9♦", "10♦", "K♠"}
    assert core.legal_actions()[-1] != Draw()  # once a bout
    with pytest.raises(IllegalAction) as err:
        core.play("draw")
    assert err.value.rule == "R9.17"


@pytest.mark.parametrize("seed", [0, 1])
def test_r9_19_a_world_redealt_from_a_seats_view_shows_him_that_view_at_every_move(seed):
    """A card a seat tucked into the talon and another seat drew since is unknown to him again
    (R0): a world redealt from his view may deal it anywhere unseen, and his view of that world
    must not place it in the talon (seeds 0 and 1 each reach such a position)."""
    g = new_game("pokerny", players=2, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        for seat in range(g.players):
            assert g.redeal_hidden(seat, rng).view(seat) == g.view(seat), (len(g.history), seat)
        g.play(rng.choice(g.legal_actions()))
