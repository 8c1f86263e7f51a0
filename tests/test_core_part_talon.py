"""R9.18 (armyansky, ``talon_attack``) as a part of the core (core/house/talon_attack.py), on the
core's own invariants (``core_parts``) and R9.18's literal behaviour: the talon's top card
opening a bout, thrown in, or kept as a pass; from new games (2–6 players), ``from_position``
positions and any move of a game in progress; with R9.17 and R9.19 (seed 001's «Армянский
Покерный-Вторая попытка»); more table sizes through ``AttackGame``."""

from __future__ import annotations

import pytest

from durak_edu import IllegalAction, from_position
from durak_edu.actions import TalonAttack

from core_parts import (invariants_all, examples, given_moves, given_positions, ids,
                        new_games_until, set_positions, taken_over, through_core_game)

CASES = [
    ("armyansky", {}),
    ("armyansky", {"transfer": True}),
    ("armyansky", {"throw_in": "neighbours", "throw_one_at_a_time": True}),
    ("armyansky", {"trump": "none", "first_lead": "left_of_dealer"}),  # no trump card under it
    ("armyansky", {"defender_swaps": True}),  # «Армянский Покерный»
    ("armyansky", {"defender_swaps": True, "defender_draws": True}),
    ("armyansky", {"deck": 24, "first_bout_limit": 6, "take_first_only": True}),
]
IDS = ids(CASES)


def talon_moves(g) -> int:
    return sum(isinstance(a, TalonAttack) for a in g.actions)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_18_holds_its_invariants_in_new_games(name, options):
    new_games_until(name, options, talon_moves)


def test_r9_18_the_turned_card_opens_joins_or_is_kept():
    core = from_position("armyansky", ["7♠ 8♣", "9♦ 10♦ 6♣"], trump_card="A♥", talon="7♦ K♠ Q♠")
    assert core.legal_actions()[-1] == TalonAttack()
    core.play("attack talon")
    assert core.history[-1].text == "seat 0 attacks with the talon's top card, 7♦ (R9.18)"
    assert [(str(a), d) for a, d in core.table] == [("7♦", None)] and core.talon_size == 3
    with pytest.raises(IllegalAction) as err:
        core.play("attack talon")  # the defender never plays it
    assert err.value.rule == "R9.18"


def test_r9_18_a_kept_card_that_ends_the_bout_is_not_drawn_again():
    # seat 0 throws the talon's K♠ onto a table of sevens: he keeps it, and as he was the last
    # thrower the bout ends; the draws that follow are the talon's next cards
    core = from_position("armyansky", ["7♠ 8♣", "7♥ 10♦ 6♣"], trump_card="A♥",
                         talon="K♠ Q♠ J♠ 9♠")
    for act in ("attack 7♠", "beat 7♠ 7♥"):
        core.play(act)
    # seat 0 has no seven to throw in: bito, and he draws the whole talon (the trump card last);
    # with no face-down card over the trump card the talon attacks no more
    assert {str(c) for c in core.hands[0]} == {"8♣", "K♠", "Q♠", "J♠", "9♠", "A♥"}
    assert TalonAttack() not in core.legal_actions()


@examples(60, 8)
@given_positions(CASES)
def test_property_r9_18_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@examples(40, 5, slow=False)
@given_moves(CASES)
def test_property_r9_18_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", [CASES[0], CASES[5]], ids=[IDS[0], IDS[5]])
def test_r9_18_through_core_game(name, options):
    through_core_game(name, options, seeds=4)
