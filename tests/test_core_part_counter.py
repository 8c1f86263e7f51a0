"""R9.39 (pribaltiysky, ``counter_attack``) as a part of the core (core/house/counter_attack.py),
on the core's own invariants (``core_parts``): the beat-and-add that turns the bout round; from
new games (2–6 players), ``from_position`` positions and any move of a game in progress; R9.39's
listing, refusal and words."""

from __future__ import annotations

import pytest

from durak_edu import IllegalAction, from_position
from durak_edu.actions import Counter
from durak_edu.games.core import decode

from core_parts import (invariants_all, examples, given_moves, given_positions, ids,
                        new_games_until, set_positions, taken_over, through_core_game)

CASES = [
    ("pribaltiysky", {}),
    ("pribaltiysky", {"deck": 52}),
    ("pribaltiysky", {"transfer": True}),
    ("pribaltiysky", {"throw_in_ranks": "attack", "bout_limit": 3, "first_bout_limit": 2}),
    ("pribaltiysky", {"trump_six_exchange": True, "talon_attack": True}),
]
IDS = ids(CASES)


def counters(g) -> int:
    return sum(isinstance(a, Counter) for a in g.actions)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_39_holds_its_invariants_in_new_games(name, options):
    new_games_until(name, options, counters)


def test_r9_39_the_bout_turns_round():
    core = from_position("pribaltiysky", ["9♣ 8♦ 7♦", "10♣ 10♠ 10♥ K♦"], trump="H")
    core.play("attack 9♣")
    listed = core.legal_actions()
    # 10♣ and the trump 10♥ beat 9♣ (10♠ does not); each may add one more ten (seat 0 holds
    # two cards: two to beat at most), by beating card, then the added, in listing order
    assert [str(a) for a in listed if isinstance(a, Counter)] == [
        "beat 9♣ 10♣ add 10♠", "beat 9♣ 10♣ add 10♥", "beat 9♣ 10♥ add 10♠",
        "beat 9♣ 10♥ add 10♣"]
    with pytest.raises(IllegalAction) as err:
        core.play("beat 9♣ 10♣ add 10♠ 10♥")
    assert err.value.rule == "R9.39" and "would have 3 cards to beat but holds 2" in str(err.value)
    core.play("beat 9♣ 10♣ add 10♠")
    assert core.history[-1].text == ("seat 1 beats 9♣ with 10♣ and adds 10♠: seat 0 must beat "
                                     "them (R9.39)")
    assert (core.attacker, core.defender, core.to_act) == (1, 0, 0)
    # seat 0 now defends against what seat 1 put down: his beating card and the ten he added
    assert [(str(a), d) for a, d in core.table] == [("10♣", None), ("10♠", None)]


def test_r9_39_the_move_encoding_round_trips():
    act = Counter("9♣", "10♣", "10♥ 10♠")
    from durak_edu.games.core.decode import encode
    assert decode.action(encode(act)) == act
    assert encode(Counter("9♣", "10♣", "J♠")) is None  # refused before it is ever encoded


@examples(60, 8)
@given_positions(CASES)
def test_property_r9_39_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@examples(40, 5, slow=False)
@given_moves(CASES)
def test_property_r9_39_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", CASES[:1] + CASES[-1:], ids=IDS[:1] + IDS[-1:])
def test_r9_39_through_core_game(name, options):
    through_core_game(name, options, seeds=4)
