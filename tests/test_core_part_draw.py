"""The drawing house parts on the core (issue 25): R9.5 pustoy (``draw_only_when_empty``),
R9.25 arifmeticheskiy (``progressive_refill``), R9.4 chukotsky (``talon_removed``) and R9.13
otboyny (``every_second_bito_back``), move for move against ``AttackGame``."""

from __future__ import annotations

import random

import pytest

from helpers import sample

from durak_edu import from_position
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from core_parts import (both, examples, facade, game_or_skip, given_moves, given_positions, ids,
                        new_games, playouts, set_positions, taken_over)
from reference import take_over, core_game_of

CASES = [
    ("pustoy", {}),
    ("perevodnoy", {"draw_only_when_empty": True, "share_short_talon": True}),
    ("arifmeticheskiy", {}),
    ("arifmeticheskiy", {"draw_only_when_empty": True, "deck": 52}),
    ("podkidnoy", {"progressive_refill": True, "hand_size": 3, "draw_order": "clockwise"}),
    ("chukotsky", {}),
    ("chukotsky", {"deck": 52, "transfer": True}),
    ("otboyny", {}),
    ("otboyny", {"deck": 52, "share_short_talon": True}),
    ("perevodnoy", {"every_second_bito_back": True, "draw_only_when_empty": True}),
    # R9.23 (nevidimy): the trump card face down, in views and in what is known
    ("nevidimy", {}),
    ("nevidimy", {"deck": 24, "share_short_talon": True}),
    ("perevodnoy", {"trump_card_hidden": True, "progressive_refill": True}),
]


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_draw_parts_agree_with_the_reference_from_new_games(name, options):
    new_games(name, options)


@examples(100, 15)
@given_positions(CASES)
def test_property_draw_parts_agree_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(100, 15)
@given_moves(CASES, players=(2, 8))
def test_property_draw_parts_take_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_draw_parts_through_the_facade(name, options):
    facade(name, options)


@pytest.mark.parametrize("name,options", sample(CASES, 4), ids=ids(sample(CASES, 4)))
def test_draw_parts_play_out_on_the_core(name, options):
    playouts(name, options)


def test_the_draw_presets_play_on_the_core():
    for name in ("pustoy", "arifmeticheskiy", "chukotsky", "otboyny", "nevidimy"):
        assert supports(game_or_skip(name, 3, 0, {}))


def _talon(g) -> list[int]:
    return [decode._POS[c.index] for c in g.talon]


@pytest.mark.parametrize("players", [2, 3])
def test_an_otboyny_bito_is_shuffled_into_the_reference_talon(players):
    # R9.13: the shuffle draws from the reference's generator (the deck order and the bito's
    # number), so the whole talon, not only its size, is the reference's after every bito
    reshuffles = 0
    for seed in sample(range(8), 4):
        g = game_or_skip("otboyny", players, seed, {})
        c = take_over(g)
        rng = random.Random(seed)
        while not g.is_over:
            assert c.talon[c.tp:] == _talon(g)[g._s.talon_pos:]
            j = rng.randrange(core_moves.count(c))
            before = c.talon
            g.play(g.legal_actions()[j])
            core_apply.apply(c, core_moves.nth(c, j))
            reshuffles += c.talon is not before
        assert c.extra["bitos"] == g._s.bitos
    assert reshuffles >= 2


def test_a_pustoy_hand_draws_only_when_empty():
    # R9.5: seat 0 plays his only card and draws up to six; seat 1, holding cards, draws none
    hands = ["7H", "6H KS AS"]
    talon = "6C 7C 8C 9C 10C JC QC 8S"
    for g in both(from_position, "pustoy", hands, talon=talon, trump_card="9S"):
        g.play("attack 7♥")
        g.play("take")
        assert [len(h) for h in g.hands] == [6, 4] and g.talon_size == 3


def test_an_arifmeticheskiy_hand_grows_by_one_a_bout():
    # R9.25: dealt one card each; after bout b (0, 1, ...) every hand refills to b + 2 while
    # the talon lasts
    ref = game_or_skip("arifmeticheskiy", 2, 3, {})
    core = core_game_of(game_or_skip("arifmeticheskiy", 2, 3, {}))
    assert [len(h) for h in core.hands] == [1, 1]
    rng = random.Random(3)
    refills = 0
    while not ref.is_over:
        act = rng.choice(ref.legal_actions())
        bout = ref.bout_number
        ref.play(act)
        core.play(act)
        assert core.hands == ref.hands
        if ref.bout_number != bout and ref.talon_size:
            assert min(len(h) for h in core.hands) >= bout + 2
            refills += 1
    assert refills >= 3


def test_a_chukotsky_view_counts_the_cards_put_away_as_unknown():
    # R9.4: 36 - 12 dealt = 24 put away, the trump card among them shown: 23 unknown outside
    # the hands, and seat 0 cannot name seat 1's hand
    ref = game_or_skip("chukotsky", 2, 5, {})
    core = core_game_of(ref)
    v = core.view(0)
    assert v == ref.view(0)
    assert v.talon_size == 0 and v.unknown_in_talon == 23 and not v.known[1]
    assert ref.trump_card not in v.unknown and len(v.unknown) == 23 + 6


def test_the_nevidimy_trump_card_is_unseen_till_one_card_is_left():
    # R9.23: trump_card None in every view and the card one of the talon's unknown cards; the
    # drawing that leaves one card turns it up, in the reference's words
    hands = ["7H 8D 9D 10D JD AD", "6H KS 6D 7D 8H 9H"]
    ref, core = both(from_position, "nevidimy", hands, talon="6C 7C", trump_card="QS", attacker=0)
    v = core.view(0)
    assert v == ref.view(0) and v.trump_card is None and v.unknown_in_talon == 3
    assert "Q♠" in map(str, v.unknown) and v.in_talon == ()
    for g in (ref, core):
        g.play("attack 7♥")
        g.play("take")  # seat 0 draws one: two left, the trump card still face down
        assert g.view(1).trump_card is None and g.talon_size == 2
    assert core.history == ref.history and core.view(1) == ref.view(1)
    for g in (ref, core):
        g.play("attack 8♦")
        g.play("beat 8♦ K♠")  # bito; seat 0 draws one: one card left, the trump card shown
    assert core.history == ref.history
    assert core.history[-1].text.endswith("the trump card Q♠ is turned face up (R9.23)")
    assert str(core.view(1).trump_card) == "Q♠" and core.view(1) == ref.view(1)


def test_a_nevidimy_trump_card_drawn_unseen_stays_unknown():
    # R9.23: the drawing that empties the talon in one go takes it face down: nobody but its
    # holder knows where it went, and no view ever shows it
    hands = ["7H 8C 9C", "6H KS", "10H JH"]
    ref, core = both(from_position, "nevidimy", hands, talon="6C", trump_card="QS", attacker=0)
    for g in (ref, core):
        g.play("attack 7♥")
        g.play("beat 7♥ K♠")  # bito; seat 0 draws both cards, the trump card unseen
    assert core.history == ref.history and core.talon_size == 0
    assert "Q♠" in map(str, core.hands[0])
    for seat in (1, 2):
        v = core.view(seat)
        assert v == ref.view(seat) and v.trump_card is None
        assert "Q♠" in map(str, v.unknown) and "Q♠" not in map(str, v.known[0])


def test_nevidimy_with_otboyny_is_left_to_the_reference():
    # a bito shuffled back (R9.13) takes the face-down card into the talon's middle: the core
    # does not play that yet, and says so rather than play it differently
    assert not supports(game_or_skip("otboyny", 3, 0, {"trump_card_hidden": True}))
    assert supports(game_or_skip("otboyny", 3, 0, {}))
