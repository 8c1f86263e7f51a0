"""The deal house parts on the core (issue 25): R9.3 naval (``deal_all``) and R9.16 kitaysky
(the naval deal, the 9♦'s block, the first-card pick-up), R9.31 (an ace turned goes back), on
the core's own invariants (``core_parts``: new games, set positions, any move, ``AttackGame``,
playouts) and the clauses' literal behaviour."""

from __future__ import annotations

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.actions import parse_action
from durak_edu.cards import Card, Rank, Suit
from durak_edu.games.core import checks, decode
from durak_edu.games.core.state import supports

from core_parts import (core_state, examples, facade, game_or_skip, given_moves, given_positions,
                        ids, new_games, playouts, set_positions, taken_over, verdict)

CASES = [
    ("naval", {}),
    ("naval", {"deck": 52}),
    ("perevodnoy", {"deal_all": True}),
    ("kitaysky", {}),
    ("kitaysky", {"deck": 52, "throw_in": "neighbours"}),
    ("podkidnoy", {"nine_of_diamonds_stops_throw_ins": True}),
    ("perevodnoy", {"nine_of_diamonds_stops_throw_ins": True, "transfer_after_beating": True}),
    # R9.31: a turned ace goes back into the talon (in the deal)
    ("ace_not_trump", {}),
    ("ace_not_trump", {"deck": 24}),
    ("japanese_spades", {"ace_put_back": True, "spade_turned": "reshuffle"}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_deal_parts_hold_their_invariants_in_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_deal_parts_hold_their_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_deal_parts_hold_their_invariants_from_any_move(case, players, seed, prefix):
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
    core = game_or_skip("naval", 5, 4, {"deck": 52})
    assert [len(h) for h in core.hands] == [10] * 5 and core.talon_size == 2
    assert core_state(core).cfg.hand_size == 10 != core.rules.hand_size
    attacker = core.attacker
    core.play(core.legal_actions()[0])  # one card
    while core.bout_number == 0:
        core.play(core.legal_actions()[-1])  # take, or pass
    assert len(core.hands[attacker]) == 10 and core.talon_size == 1


def test_after_the_nine_of_diamonds_the_bout_ends_in_bito_on_the_core():
    # R9.16: seat 1 beats 8♦ with the 9♦, so neither seat 0's 8♣ nor seat 2's 8♠ may follow:
    # nobody has anything to throw and the bout ends in bito at once
    hands = ["8D 8C 6S", "9D 7S KD", "8S 6C"]
    for name in ("kitaysky", "podkidnoy"):
        options = {} if name == "kitaysky" else {"nine_of_diamonds_stops_throw_ins": True}
        core = from_position(name, hands, talon="", trump="H", attacker=0, **options)
        first = core.bout_number
        core.play("attack 8♦")
        core.play("beat 8♦ 9♦")
        assert core.bout_number == first + 1
        assert [e.kind for e in core.history[-2:]] == ["action", "bito"]
        assert [str(c) for c in core.hands[0]] == ["6♠", "8♣"] and "8♠" in map(str, core.hands[2])
    plain = from_position("podkidnoy", hands, talon="", trump="H", attacker=0)
    plain.play("attack 8♦")
    plain.play("beat 8♦ 9♦")
    assert plain.bout_number == first and plain.to_act == 0  # without the rule seat 0 may throw


def test_a_throw_in_after_the_nine_is_refused_in_r9_16s_words():
    # R9.16: the refusal names the 9♦ (after R2.4's ranks, before R2.6's room); the table set in
    # the core's state, since play itself never gives a thrower priority over the 9♦
    hands = ["8D 8C 6S", "9D 7S KD"]
    g = from_position("kitaysky", hands, talon="", trump="H", attacker=0)
    g.play("attack 8♦")
    g.play("beat 8♦ K♦")
    assert g.to_act == 0
    core = core_state(g)
    nine = Card(Rank.NINE, Suit.DIAMONDS)
    core.td = [decode._POS[nine.index]] + core.td[1:]  # (a whole list: compiled, the table
    # is a C array and ``td`` a new list of it)
    g._legal_cache = None  # (the state changed under the facade)
    assert verdict(g, parse_action("throw 8♣")) == (
        "R9.16|R9.16: the defender has beaten with the 9♦: nobody may throw in now (kitaysky)")
    assert verdict(g, parse_action("throw 6♠")).startswith("R2.4|")  # no six on the table
    assert verdict(g, parse_action("throw 7♠")).startswith("R2.4|")  # not in his hand
    assert verdict(g, parse_action("pass")) == "-"
    assert checks.room(core) == 0


def test_an_ace_put_back_is_known_to_lie_in_the_talon_on_the_core():
    # R9.31: a deal whose turned card was an ace: it went back into the middle of the talon,
    # seen by all, so every view counts it in the talon till it is drawn
    seed = next(s for s in range(200)
                if any(c.rank == Rank.ACE for c in game_or_skip("ace_not_trump", 2, s, {}).reshuffled))
    core = game_or_skip("ace_not_trump", 2, seed, {})
    ace = next(c for c in core.reshuffled if c.rank == Rank.ACE)
    assert core.trump_card.rank != Rank.ACE
    assert all(ace in core.view(p).in_talon for p in range(2))
    assert "an ace may not be the trump card" in " ".join(e.text for e in core.history)
