"""R9.18 (armyansky, ``talon_attack``) as a part of the core (core/house/talon_attack.py), move
for move against the reference ``AttackGame``: the talon's top card opening a bout, thrown in,
or kept as a pass; from new games (2–6 players), ``from_position`` positions and any move of a
game in progress; with R9.17 and R9.19 (seed 001's «Армянский Покерный-Вторая попытка»);
through ``CoreGame``, the same events (a bout the turned card ended too), views and undo."""

from __future__ import annotations

import pytest

from durak_edu import IllegalAction, from_position
from durak_edu.actions import TalonAttack
from durak_edu.games.core.game import CoreGame

from core_parts import (agree_all, examples, given_moves, given_positions, ids, new_games_until,
                        set_positions, taken_over, through_core_game)
from reference import core_game_of

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
def test_r9_18_agrees_with_the_reference_from_new_games(name, options):
    new_games_until(name, options, talon_moves)


def test_r9_18_the_turned_card_opens_joins_or_is_kept():
    g = from_position("armyansky", ["7♠ 8♣", "9♦ 10♦ 6♣"], trump_card="A♥",
                      talon="7♦ K♠ Q♠")
    core = core_game_of(g)
    assert core.legal_actions() == g.legal_actions() and core.legal_actions()[-1] == TalonAttack()
    for x in (g, core):
        x.play("attack talon")
    assert core.history[-1].text == "seat 0 attacks with the talon's top card, 7♦ (R9.18)"
    assert core.table == g.table and core.talon_size == g.talon_size == 3
    with pytest.raises(IllegalAction) as err:
        core.play("attack talon")  # the defender never plays it
    assert err.value.rule == "R9.18"
    assert core.history == g.history


def test_r9_18_a_kept_card_that_ends_the_bout_is_not_drawn_again():
    # seat 0 throws the talon's K♠ onto a table of sevens: he keeps it, and as he was the last
    # thrower the bout ends; the draws that follow are the talon's next cards
    g = from_position("armyansky", ["7♠ 8♣", "7♥ 10♦ 6♣"], trump_card="A♥",
                      talon="K♠ Q♠ J♠ 9♠")
    core = core_game_of(g)
    for act in ("attack 7♠", "beat 7♠ 7♥"):
        assert core.play(act) == g.play(act)
    if TalonAttack() in g.legal_actions():
        assert core.play("attack talon") == g.play("attack talon")
    assert core.history == g.history and core.hands == g.hands


@examples(60, 8)
@given_positions(CASES)
def test_property_r9_18_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed, agree_all)


@examples(40, 5, slow=False)
@given_moves(CASES)
def test_property_r9_18_the_core_takes_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, agree_all)


@pytest.mark.parametrize("name,options", [CASES[0], CASES[5]], ids=[IDS[0], IDS[5]])
def test_r9_18_through_core_game(name, options):
    through_core_game(name, options, seeds=4)
