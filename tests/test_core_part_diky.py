"""R9.50 (``"diky"``): seed 001's «Дикий» — podkidnoy with 58 cards: twos to aces, two jokers
(R9.22's ``"beat_all"``) and four wild cards ``W1``-``W4``. A wild card covers any card and falls
to any card (``verdict.judge``'s R9.50); after a joker beats, the bout ends at once as bito
(``joker_beat_ends_bout``, core/house/joker_ends_bout.py); a wild card, like a joker, has no rank
(core/house/jokers.py). These tests hold the core to the clause as docs/rules.md states it."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, refused, texts

from durak_edu import deck, new_game
from durak_edu.cards import Card, Rank, cards
from durak_edu.games.verdict import BeatRules, judge

WILD = cards("W1 W2 W3 W4")
BLACK, RED = Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)


def beats_listed(g):
    return [a for a in texts(g.legal_actions()) if a.startswith("beat")]


def test_r9_50_the_deck_and_the_cards():
    d = deck(58)
    assert len(d) == len(set(d)) == 58
    assert d[-6:] == [BLACK, RED, *WILD]
    assert [str(w) for w in WILD] == ["W1", "W2", "W3", "W4"]
    assert Card.parse("w3") is WILD[2] and Card(Rank.WILD, None, 3) is WILD[3]
    assert all(w.suit is None and w.is_wild and not w.is_joker for w in WILD)
    with pytest.raises(ValueError, match=r"card 2 of 2: not a card: 'W5' .*; W1, W2, W3, W4 are "
                                         r"the wild cards \(58 cards, R9\.50\)"):
        cards("W1 W5")
    g = new_game("diky", seed=2)
    assert len(g.deck_order) == 58 and g.rules.joker_beat_ends_bout


@pytest.mark.parametrize("trump", ["fixed:S", "none"])
def test_r9_50_every_verdict_of_a_wild_card(trump):
    g = new_game("diky", seed=3, trump=trump)
    for w in WILD:
        for c in deck(58):
            if c is not w:
                assert g.beats(w, c) and g.beats(c, w), (w, c)
    two_joker = new_game("two_joker", seed=3, trump=trump)
    for c in deck(54):  # the rest is R9.22's two-joker deck
        for t in deck(54):
            if c is not t:
                assert g.beats(c, t) == two_joker.beats(c, t), (c, t)


def test_r9_50_a_wild_card_covers_the_trump_ace_and_falls_to_a_two():
    g = on_core(endgame("diky", ["A♠ 2♦", "W2 5♣"], trump="fixed:S"))
    g.play("attack A♠")
    assert beats_listed(g) == ["beat A♠ W2"]
    g = on_core(endgame("diky", ["W1 9♦", "2♦ 5♣ BJ"], trump="fixed:S"))
    g.play("attack W1")
    assert beats_listed(g) == ["beat W1 2♦", "beat W1 5♣", "beat W1 BJ"]
    v = judge(Card.parse("2♦"), WILD[0], BeatRules.of(g.rules, g.trump))
    assert v.beats and v.clause == "R9.50" and "2♦ beats W1" in v.explain


def test_r9_50_a_joker_beat_ends_the_bout_as_bito_at_once():
    g = on_core(endgame("diky", ["9♠ 9♦ 9♣ K♥", "RJ 10♠ 8♥"], trump="fixed:H"))
    g.play("attack 9♠ 9♦")
    g.play("beat 9♦ RJ")  # 9♠ is still unbeaten, and seat 0 holds the 9♣ to throw in
    assert g.table == [] and g.to_act == 1  # bito: the defender leads the next bout (R2.8)
    assert g.discard[-3:] == list(cards("9♠ 9♦ RJ"))
    assert g.history[-1].text == "bito: 9♠ 9♦ RJ to the discard pile"
    assert g.hands[0] == cards("9♣ K♥")


def test_r9_50_a_wild_beat_does_not_end_the_bout():
    g = on_core(endgame("diky", ["9♠ 9♦ 9♣ K♥", "W4 10♠ 8♥"], trump="fixed:H"))
    g.play("attack 9♠ 9♦")
    g.play("beat 9♦ W4")
    assert g.to_act == 1 and beats_listed(g) == ["beat 9♠ 8♥", "beat 9♠ 10♠"]
    g.play("beat 9♠ 10♠")
    assert g.to_act == 0 and "throw 9♣" in texts(g.legal_actions())


def test_r9_50_a_wild_card_has_no_rank():
    g = on_core(endgame("diky", ["W1 W2 9♦ 9♣", "4♥ 10♦ 5♣ 6♣"], trump="fixed:S"))
    assert "R9.50: W1 has no rank: a wild card opens a bout only alone" == refused(
        g, "attack W1 W2", "R9.50")
    g.play("attack 9♦")
    g.play("beat 9♦ 10♦")
    assert "is never thrown in" in refused(g, "throw W1", "R9.50")


@pytest.mark.parametrize("led,held", [("W1", "W2 BJ"), ("RJ", "W1 W2"), ("W3", "W4 RJ")])
def test_r9_50_a_wild_card_or_a_joker_led_is_never_transferred(led, held):
    # W1, W2 share the jokers' nibble of positions (52-55), W3, W4 the next: no card in it has
    # a rank to transfer with (checks.transfer_blocked), whatever else the defender holds
    g = on_core(endgame("diky", [f"{led} 9♦", f"{held} 9♣", "5♦ 6♦"], trump="fixed:S",
                        transfer=True, transfer_in_first_bout=True))
    g.play(f"attack {led}")
    assert not [a for a in texts(g.legal_actions()) if a.startswith("transfer")]
    for card in held.split():
        refused(g, f"transfer {card}", "R9.22" if card[1] == "J" else "R9.50")


def test_r9_50_a_joker_beat_ends_the_bout_after_throw_ins_too():
    g = on_core(endgame("diky", ["9♠ 9♦ 9♣ 8♠ K♥", "8♦ RJ 10♠ 10♥ Q♣"], trump="fixed:H"))
    g.play("attack 9♠")
    g.play("beat 9♠ 10♠")
    g.play("throw 9♦")  # a thrown card beaten by the joker: the bout ends, 9♣ stays in hand
    g.play("beat 9♦ RJ")
    assert g.table == [] and g.to_act == 1 and sorted(g.hands[0]) == sorted(cards("9♣ 8♠ K♥"))
    assert g.discard[-4:] == list(cards("9♠ 10♠ 9♦ RJ"))


@pytest.mark.parametrize("players,seed,options", [
    (2, 21, {"transfer": True}), (3, 22, {"transfer": True, "transfer_in_first_bout": True}),
    (2, 23, {"throw_in": "neighbours"})])
def test_r9_50_the_playout_plays_the_api_game_with_other_options(players, seed, options):
    playout_agrees("diky", players, seed, **options)


def test_r9_50_the_options_name_their_clause():
    with pytest.raises(ValueError, match=r"joker_beat_ends_bout=True needs a deck with jokers "
                                         r"\(53, 54, 55 or 58 cards\), not deck=36 \(R9\.50\)"):
        new_game("podkidnoy", joker_beat_ends_bout=True)
    with pytest.raises(ValueError, match=r"deck=58 is not valid for this family \(the wild "
                                         r"cards, R9\.50"):
        new_game("japanese_circle", deck=58)
    # R9.49 reads the jokers' positions as a rank, which in 58 cards holds two wild cards too
    with pytest.raises(ValueError, match=r"jokers='volshebny' reads two jokers: it needs deck=54, "
                                         r"not deck=58 \(R9\.49\)"):
        new_game("volshebny", deck=58)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {"trump": "none"}), (4, 3, {"transfer": True}),
    (6, 4, {"throw_in": "neighbours"})])
def test_r9_50_whole_games_end_on_the_core(players, seed, options):
    g = on_core(new_game("diky", players=players, seed=seed, **options))
    assert whole_game(g, seed) > 0
    assert sorted(g.discard + [c for h in g.hands for c in h]) == sorted(deck(58))


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (6, 7)])
def test_r9_50_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("diky", players, seed)


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_r9_50_a_record_keeps_the_wild_cards_and_replays(players, seed):
    record_round_trip("diky", players, seed, trump="fixed:H")


def test_r9_50_the_knowledge_helpers_count_the_wild_cards():
    from durak_edu.prob import (UnknownAtStart, expected_trumps, p_at_least_one, p_can_beat,
                                unknown_at_start, unknown_count)
    g = new_game("diky", seed=4)
    v = g.view(0)
    assert unknown_count(g, 0) == 58 - 6 - 1
    # any card beats a wild card: every unknown card but the wild card itself
    w = next(c for c in WILD if c in v.unknown)
    assert p_can_beat(v, w, 1) == 1
    # a wild card covers the trump ace: the unknown wild cards, and nothing else suited does
    ace = Card.parse(f"A{g.trump.symbol}")
    beaters = [c for c in v.unknown if c.is_wild or c.is_joker]
    assert 0 < len(beaters) <= 6
    assert p_can_beat(v, ace, 1) == p_at_least_one(51, len(beaters), 6)
    assert unknown_at_start(3, deck=58) == UnknownAtStart(39, 51, 12, 39)
    with pytest.raises(ValueError, match=r"deck=58: .* the wild cards \(R9\.50\) have no suit"):
        expected_trumps(deck=58)


def test_r9_50_the_wild_cards_are_drawn_and_counted_in_the_grid():
    from durak_edu.draw import counter_scene
    from durak_edu.draw.svg import card_svg
    assert "WILD" in card_svg(WILD[0]) and ">W1<" in card_svg(WILD[0])
    g = new_game("diky", seed=4)
    grid = counter_scene(g, 0)
    assert sorted(it.card for it in grid.cards) == sorted(deck(58))
    row = max(it.y for it in grid.cards)
    assert [str(it.card) for it in grid.cards if it.y == row] == ["BJ", "RJ", "W1", "W2", "W3",
                                                                    "W4"]


@pytest.mark.parametrize("option", ["defender_throws_in", "defender_draws", "talon_attack",
                                    "defender_swaps", "counter_attack"])
def test_r9_50_cards_of_no_rank_are_not_played_with_the_gallerys_moves(option):
    # their parts read every position as one of the 52 cards (a joker was thrown in against
    # himself, a drawn one had no card): refused for every joker deck, not left to crash
    for name in ("diky", "stolichny", "two_joker"):
        with pytest.raises(ValueError, match=rf"does not go with {option}=True: .*a card of no "
                                             r"rank \(a joker, a wild card, the mega card\)"):
            new_game(name, **{option: True})


def test_r9_50_a_turned_wild_card_means_no_trump_and_any_preset_takes_the_deck():
    from durak_edu import from_hands
    g = from_hands("diky", ["5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "5♥ 6♥ 7♥ 8♥ 9♥ 10♥"], "W3", "", 58)
    assert g.trump is None and g.trump_card is WILD[2]
    assert any("(a wild card: no trump, R9.50)" in e.text for e in g.history)
    g = on_core(new_game("perevodnoy", players=3, seed=8, deck=58))
    assert not g.rules.joker_beat_ends_bout and g.beats(Card.parse("6♣"), WILD[1])
    assert whole_game(g, 8) > 0


def test_r9_50_the_coachs_strip_of_cards_still_out_names_the_wild_cards():
    from durak_edu.coach import advise
    from durak_edu.draw.overlay import coach_overlay, overlay_items
    from durak_edu.draw.prims import Text
    g = new_game("diky", seed=1)
    ov = coach_overlay(advise(g, g.to_act))
    items, _ = overlay_items(ov, [], 0, 3000, lambda suit, x, y: Text(x, y, str(suit)))
    suitless = [c for c in deck(58) if c.suit is None and c in g.view(g.to_act).unknown]
    assert any(c.is_wild for c in suitless)
    strip = [it.text for it in items if isinstance(it, Text) and it.y < 30]
    assert strip[-1] == f"{' '.join(map(str, suitless))} ({len(suitless)})"  # "RJ W1 W2 ..."
