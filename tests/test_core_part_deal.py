"""The deal house parts on the core (issue 25): R9.3 naval (``deal_all``) and R9.16 kitaysky
(the naval deal, the 9♦'s block, the first-card pick-up), move for move against ``AttackGame``
(``core_parts``' machinery: new games, set positions, any move, ``CoreGame``, playouts)."""

from __future__ import annotations

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.actions import parse_action
from durak_edu.cards import Card, Rank, Suit
from durak_edu.games.core import checks, decode
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import supports

from reference.parts import (both, examples, facade, game_or_skip, given_moves, given_positions,
                             ids, new_games, playouts, set_positions, taken_over)
from reference import reference_engine, take_over, core_game_of, context_of

CASES = [
    ("naval", {}),
    ("naval", {"deck": 52}),
    ("perevodnoy", {"deal_all": True}),
    ("kitaysky", {}),
    ("kitaysky", {"deck": 52, "throw_in": "neighbours"}),
    ("podkidnoy", {"nine_of_diamonds_stops_throw_ins": True}),
    ("perevodnoy", {"nine_of_diamonds_stops_throw_ins": True, "transfer_after_beating": True}),
    # R9.31: a turned ace goes back into the talon (in the deal, the reference's)
    ("ace_not_trump", {}),
    ("ace_not_trump", {"deck": 24}),
    ("japanese_spades", {"ace_put_back": True, "spade_turned": "reshuffle"}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_deal_parts_agree_with_the_reference_from_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_deal_parts_agree_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_deal_parts_take_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_deal_parts_through_the_facade(name, options):
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 3), ids=ids(sample(CASES, 3)))
def test_deal_parts_play_out_on_the_core(name, options):
    playouts(name, options)


def test_the_naval_and_kitaysky_presets_play_on_the_core():
    for name in ("naval", "kitaysky"):
        for n in (2, 6):
            assert supports(game_or_skip(name, n, 0, {}))


def test_a_naval_hand_refills_to_the_dealt_size():
    # R9.3: 52 cards among 5 players: 10 each, two left over (the first turned for trump); the
    # attacker, who draws first (R2.9), refills to 10, not to hand_size's 6
    ref = game_or_skip("naval", 5, 4, {"deck": 52})
    core = core_game_of(game_or_skip("naval", 5, 4, {"deck": 52}))
    assert [len(h) for h in core.hands] == [10] * 5 and core.talon_size == 2
    assert take_over(ref).cfg.hand_size == 10 != ref.rules.hand_size
    attacker = ref.attacker
    for g in (ref, core):
        g.play(g.legal_actions()[0])  # one card
        while g.bout_number == 0:
            g.play(g.legal_actions()[-1])  # take, or pass
    assert core.hands == ref.hands and len(core.hands[attacker]) == 10
    assert core.talon_size == ref.talon_size == 1


def test_after_the_nine_of_diamonds_the_bout_ends_in_bito_on_the_core():
    # R9.16: seat 1 beats 8♦ with the 9♦, so neither seat 0's 8♣ nor seat 2's 8♠ may follow:
    # nobody has anything to throw and the bout ends in bito at once
    hands = ["8D 8C 6S", "9D 7S KD", "8S 6C"]
    for name in ("kitaysky", "podkidnoy"):
        options = {} if name == "kitaysky" else {"nine_of_diamonds_stops_throw_ins": True}
        ref, core = both(from_position, name, hands, talon="", trump="H", attacker=0, **options)
        first = ref.bout_number
        for g in (ref, core):
            g.play("attack 8♦")
            g.play("beat 8♦ 9♦")
        assert core.bout_number == ref.bout_number == first + 1
        assert core.history == ref.history
        assert [str(c) for c in core.hands[0]] == ["6♠", "8♣"] and "8♠" in map(str, core.hands[2])
    plain = from_position("podkidnoy", hands, talon="", trump="H", attacker=0)
    plain.play("attack 8♦")
    plain.play("beat 8♦ 9♦")
    assert plain.bout_number == first and plain.to_act == 0  # without the rule seat 0 may throw


def test_a_throw_in_after_the_nine_is_refused_in_the_reference_words():
    # R9.16: the refusal names the 9♦ (after R2.4's ranks, before R2.6's room); the same table
    # set on both, since play itself never gives a thrower priority over the 9♦
    hands = ["8D 8C 6S", "9D 7S KD"]
    with reference_engine():  # the reference's position, taken over by the core below
        ref = from_position("kitaysky", hands, talon="", trump="H", attacker=0)
    ref.play("attack 8♦")
    ref.play("beat 8♦ K♦")
    assert ref.to_act == 0
    core = take_over(ref)
    nine = Card(Rank.NINE, Suit.DIAMONDS)
    ref._s.table = [(ref._s.table[0][0], nine)]
    core.td[0] = decode._POS[nine.index]
    ctx = context_of(ref)
    for act in ("throw 8♣", "throw 6♠", "throw 7♠", "pass"):
        a = parse_action(act)
        assert refuse(core, a, ctx) == ref._diagnose(a), act
    assert refuse(core, parse_action("throw 8♣"), ctx) == (
        "R9.16", "the defender has beaten with the 9♦: nobody may throw in now (kitaysky)")
    assert checks.room(core) == ref._room() == 0


def test_an_ace_put_back_is_known_to_lie_in_the_talon_on_the_core():
    # R9.31: a deal whose turned card was an ace: it went back into the middle of the talon,
    # seen by all, so every view counts it in the talon till it is drawn
    seed = next(s for s in range(200)
                if any(c.rank == Rank.ACE for c in game_or_skip("ace_not_trump", 2, s, {}).reshuffled))
    ref = game_or_skip("ace_not_trump", 2, seed, {})
    core = core_game_of(game_or_skip("ace_not_trump", 2, seed, {}))
    ace = next(c for c in ref.reshuffled if c.rank == Rank.ACE)
    assert ref.trump_card.rank != Rank.ACE and ace in core.view(0).in_talon
    assert core.view(0) == ref.view(0) and core.history == ref.history
    assert "an ace may not be the trump card" in " ".join(e.text for e in core.history)
