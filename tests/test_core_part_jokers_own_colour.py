"""R9.44 (``jokers="own_colour"``): seed 001's other reading of two jokers — never trumps, each
beats only the cards of its own colour whatever the trump, and (our decision) falls to any trump.
A reading of the jokers part (core/house/jokers.py) whose verdicts and words are
``verdict.judge``'s; these tests hold the core to it: every verdict of the deck, legal lists,
refusals with clause and words, a turned joker, the option's validation, whole games and the
compiled playout."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, refused, texts

from durak_edu import deck, new_game
from durak_edu.cards import Card, Rank

BLACK, RED = Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)


@pytest.mark.parametrize("trump", ["fixed:S", "fixed:H", "none"])
def test_r9_44_a_joker_beats_its_colour_and_falls_only_to_a_trump(trump):
    g = new_game("two_joker", seed=2, jokers="own_colour", trump=trump)
    plain = new_game("podkidnoy", seed=2, deck=52, trump=trump)
    for joker in (BLACK, RED):
        for c in deck(52):
            assert g.beats(joker, c) == (c.is_red == joker.is_red), (joker, c)
            assert g.beats(c, joker) == (g.trump is not None and c.suit == g.trump), (c, joker)
        other = RED if joker is BLACK else BLACK
        assert not g.beats(joker, other)
    # two suited cards: R2.3, as without jokers
    assert all(g.beats(c, t) == plain.beats(c, t) for c in deck(52) for t in deck(52))


def test_r9_44_the_defender_beats_a_trump_ace_with_the_joker_of_its_colour():
    g = on_core(endgame("two_joker", ["A♠ 9♦", "BJ RJ 7♥ 8♦"], trump="S", jokers="own_colour"))
    g.play("attack A♠")
    assert [a for a in texts(g.legal_actions()) if a.startswith("beat")] == ["beat A♠ BJ"]
    words = refused(g, "beat A♠ RJ", "R9.44")
    assert "never a trump" in words and "only the cards of its own colour" in words


def test_r9_44_a_led_joker_falls_to_a_trump_and_to_nothing_else():
    g = on_core(endgame("two_joker", ["RJ 9♦", "A♥ 2♠ K♦ BJ"], trump="S", jokers="own_colour"))
    g.play("attack RJ")
    assert [a for a in texts(g.legal_actions()) if a.startswith("beat")] == ["beat RJ 2♠"]
    assert "falls only to a trump" in refused(g, "beat RJ A♥", "R9.44")
    refused(g, "beat RJ BJ", "R9.44")
    g = on_core(endgame("two_joker", ["RJ 9♦", "A♥ 2♠ K♦ BJ"], trump="none",
                        jokers="own_colour"))
    g.play("attack RJ")
    assert not [a for a in g.legal_actions() if str(a).startswith("beat")]
    assert "this game has no trump" in refused(g, "beat RJ 2♠", "R9.44")


def test_r9_44_a_joker_turned_for_trump_sets_no_trump():
    order = [c for c in deck(54) if c != RED]
    order.insert(12, RED)  # two hands of six dealt, the next card is turned (R1.2)
    g = on_core(new_game("two_joker", players=2, deck_order=order, jokers="own_colour"))
    assert g.trump_card == RED and g.trump is None and g.trump_suits == ()
    assert not any(g.beats(c, BLACK) or g.beats(c, RED) for c in deck(52))


def test_r9_44_the_option_needs_two_jokers_and_names_its_clause():
    with pytest.raises(ValueError, match=r"jokers='own_colour' reads two jokers: it needs "
                                         r"deck=54 \(or 55, 58\), not deck=53 \(R9\.44\)"):
        new_game("one_joker", jokers="own_colour")
    with pytest.raises(ValueError, match="jokers='own_color' is not valid; choose one of"):
        new_game("two_joker", jokers="own_color")


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"transfer": True}), (4, 3, {"trump": "none"}),
    (2, 4, {"lowest_only_by_ace": True, "highest_only_by_lowest": True})])
def test_r9_44_whole_games_end_on_the_core(players, seed, options):
    g = on_core(new_game("two_joker", players=players, seed=seed, jokers="own_colour", **options))
    assert whole_game(g, seed) > 0


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (5, 7)])
def test_r9_44_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("two_joker", players, seed, jokers="own_colour")


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12)])
def test_r9_44_a_record_keeps_the_option_and_replays(players, seed):
    record_round_trip("two_joker", players, seed, jokers="own_colour")
