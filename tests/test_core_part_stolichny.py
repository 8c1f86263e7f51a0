"""R9.51 (``"stolichny"``): seed 001's «Столичный» — estonsky (R9.47) with a third kind of card,
the mega card ``MJ`` (55 cards): it beats any card but a four, and only a four beats it
(``verdict.judge``'s R9.51); like a joker it has no rank (core/house/jokers.py). These tests hold
the core to the clause as docs/rules.md states it: the card and its text, every verdict of the
deck, legal lists and refusals with clause and words, whole games, the compiled playout, the
record."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, refused, texts

from durak_edu import deck, new_game
from durak_edu.cards import Card, Rank, cards
from durak_edu.games.verdict import BeatRules, judge

MEGA, BLACK, RED = Card.parse("MJ"), Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)


def beats_listed(g):
    return [a for a in texts(g.legal_actions()) if a.startswith("beat")]


def test_r9_51_the_deck_and_the_card():
    d = deck(55)
    assert len(d) == len(set(d)) == 55
    assert d[-3:] == [BLACK, RED, MEGA]
    assert str(MEGA) == "MJ" and Card.parse("mj") is MEGA and cards("MJ 4♠")[0] is MEGA
    assert MEGA.suit is None and MEGA.is_mega and not MEGA.is_joker and MEGA.is_special
    with pytest.raises(ValueError, match="no second-deck copy"):
        Card.parse("MJ'")
    assert len(new_game("stolichny", seed=1).deck_order) == 55


@pytest.mark.parametrize("trump", ["fixed:S", "fixed:H", "none"])
def test_r9_51_every_verdict_of_the_mega_card(trump):
    g = new_game("stolichny", seed=3, trump=trump)
    for c in deck(54):  # every suited card and both jokers
        assert g.beats(MEGA, c) == (c.rank != Rank.FOUR), c
        assert g.beats(c, MEGA) == (c.rank == Rank.FOUR), c
    estonsky = new_game("estonsky", seed=3, trump=trump)
    for c in deck(54):  # the rest is estonsky's
        for t in deck(54):
            if c is not t:
                assert g.beats(c, t) == estonsky.beats(c, t), (c, t)


def test_r9_51_a_led_mega_card_falls_only_to_a_four():
    g = on_core(endgame("stolichny", ["MJ 9♦", "A♠ 4♥ 2♦ RJ 4♣"], trump="fixed:S"))
    g.play("attack MJ")
    assert sorted(beats_listed(g)) == ["beat MJ 4♣", "beat MJ 4♥"]
    words = refused(g, "beat MJ RJ", "R9.51")
    assert words == ("R9.51: RJ does not beat MJ: the mega card beats any card but a four, and "
                     "only a four beats it (stolichny)")
    refused(g, "beat MJ A♠", "R9.51")
    g.play("beat MJ 4♣")  # seat 0 has no rank to throw in: bito
    assert g.discard[-2:] == [MEGA, Card.parse("4♣")]


def test_r9_51_the_mega_card_beats_the_trump_ace_and_a_joker_but_not_a_four():
    g = on_core(endgame("stolichny", ["A♠ 4♦", "MJ 5♣"], trump="fixed:S"))
    g.play("attack A♠")
    assert beats_listed(g) == ["beat A♠ MJ"]
    g = on_core(endgame("stolichny", ["RJ 4♦", "MJ 5♣"], trump="fixed:S"))
    g.play("attack RJ")
    assert beats_listed(g) == ["beat RJ MJ"]
    g = on_core(endgame("stolichny", ["4♦ 9♦", "MJ 5♣ RJ"], trump="fixed:S"))
    g.play("attack 4♦")
    assert beats_listed(g) == ["beat 4♦ RJ"]
    refused(g, "beat 4♦ MJ", "R9.51")
    v = judge(MEGA, Card.parse("A♠"), BeatRules.of(g.rules, g.trump))
    assert v.beats and v.clause == "R9.51" and "MJ beats A♠" in v.explain


def test_r9_51_the_mega_card_has_no_rank():
    g = on_core(endgame("stolichny", ["MJ 9♦ 9♣", "4♥ 9♥ 5♣", "5♦ 6♦"], trump="fixed:S",
                        transfer_in_first_bout=True))
    assert "attack MJ 9♦" not in texts(g.legal_actions())
    words = refused(g, "attack MJ 9♦", "R9.51")
    assert words == "R9.51: MJ has no rank: the mega card opens a bout only alone"
    g.play("attack MJ")
    assert not [a for a in texts(g.legal_actions()) if a.startswith("transfer")]
    assert "an attack with the mega card cannot be transferred" in refused(
        g, "transfer 9♥", "R9.51")
    g.play("beat MJ 4♥")
    assert not [a for a in texts(g.legal_actions()) if a.startswith("throw")]  # no rank
    g = on_core(endgame("stolichny", ["9♦ 9♣ MJ", "10♦ 5♣ 6♣"], trump="fixed:S"))
    g.play("attack 9♦")
    g.play("beat 9♦ 10♦")
    assert g.to_act == 0 and texts(g.legal_actions()) == ["throw 9♣", "pass"]
    assert "is never thrown in" in refused(g, "throw MJ", "R9.51")


def test_r9_51_a_turned_mega_card_means_no_trump():
    from durak_edu import from_hands
    g = from_hands("stolichny", ["5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "5♥ 6♥ 7♥ 8♥ 9♥ 10♥"], "MJ", "", 55)
    assert g.trump is None and g.trump_card is MEGA
    assert any("(the mega card: no trump, R9.51)" in e.text for e in g.history)


def test_r9_51_the_options_name_their_clause():
    with pytest.raises(ValueError, match=r"deck=55 is not valid for this family \(the mega "
                                         r"card, R9\.51"):
        new_game("japanese_circle", deck=55)
    assert new_game("two_joker", deck=55).beats(MEGA, RED)  # the card comes with the deck


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"trump": "none"}), (4, 3, {"transfer_in_first_bout": True}),
    (5, 4, {"throw_in": "neighbours"})])
def test_r9_51_whole_games_end_on_the_core(players, seed, options):
    g = on_core(new_game("stolichny", players=players, seed=seed, **options))
    assert whole_game(g, seed) > 0
    assert sorted(g.discard + [c for h in g.hands for c in h]) == sorted(deck(55))


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (6, 7)])
def test_r9_51_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("stolichny", players, seed)


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_r9_51_a_record_keeps_the_mega_card_and_replays(players, seed):
    record_round_trip("stolichny", players, seed, trump="fixed:H")


def test_r9_51_the_knowledge_helpers_count_the_mega_card():
    from durak_edu.prob import (UnknownAtStart, expected_trumps, p_at_least_one, p_can_beat,
                                unknown_at_start, unknown_count)
    g = new_game("stolichny", seed=4)
    v = g.view(0)
    assert unknown_count(g, 0) == 55 - 6 - 1  # his hand and the turned card are seen
    assert (MEGA in v.unknown) == (MEGA not in g.hands[0] and MEGA != g.trump_card)
    fours = [c for c in v.unknown if c.rank == Rank.FOUR]  # only a four beats it (R9.51)
    assert p_can_beat(v, MEGA, 1) == p_at_least_one(48, len(fours), 6)
    assert unknown_at_start(2, deck=55) == UnknownAtStart(42, 48, 6, 42)
    with pytest.raises(ValueError, match=r"deck=55: .* the mega card \(R9\.51\) have no suit"):
        expected_trumps(deck=55)


def test_r9_51_the_mega_card_is_drawn_and_counted_in_the_grid():
    from durak_edu.draw import counter_scene
    from durak_edu.draw.svg import card_svg
    assert "MEGA" in card_svg(MEGA) and "JOKER" in card_svg(RED)
    g = new_game("stolichny", seed=4)
    grid = counter_scene(g, 0)
    assert sorted(it.card for it in grid.cards) == sorted(deck(55))
    row = max(it.y for it in grid.cards)  # the last row: the cards with no suit
    assert [str(it.card) for it in grid.cards if it.y == row] == ["BJ", "RJ", "MJ"]
