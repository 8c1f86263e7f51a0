"""The circle family (R7): one test per clause with hand-built deals, then engine invariants.

Hands are given seat 0 first (the dealer is the last seat); in ``japanese_circle`` the four
hands of nine cards below are the whole deck. Endgames are set up white-box (``position``) with
the talon empty and every other card in the discard pile.
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

from durak_edu import (VARIANTS, Attack, Beat, IllegalAction, Pass, Suit, Take, ThrowIn,
                       Transfer, cards, deck, new_game, next_game, parse_action)
from durak_edu.cards import mask_of
from durak_edu.games import ENGINES, check_deck
from durak_edu.games.circle import CircleGame, CircleRules
from durak_edu.rules import with_options
from helpers import DEEP, deal_order, fingerprint, game, play_all, refused, texts

CIRCLE = ["japanese_circle", "navalenny", "navalenny_three_five", "navalenny_modern"]

# The whole 36-card deck in four hands: seat 0 holds the 6♠ and leads (R7.2); diamonds are trumps.
J4 = ["6♠ 7♠ 8♠ 6♣ 7♣ 8♣ 6♥ 7♥ 8♥",
      "9♠ 10♠ 9♣ 10♣ 9♥ 10♥ 6♦ 7♦ 8♦",
      "J♣ Q♣ K♣ A♣ J♥ Q♥ K♥ A♥ 9♦",
      "J♠ Q♠ K♠ A♠ 10♦ J♦ Q♦ K♦ A♦"]


def hand(g, seat):
    return " ".join(map(str, g.hands[seat]))


def kinds(g):
    return [e.kind for e in g.history]


def position(variant, hands, to_act=0, pile="", **options):
    """White-box (like helpers.endgame): an empty talon, these hands and this pile (bottom
    first), ``to_act`` to move; every other card is in the discard pile, so none is lost."""
    g = new_game(variant, players=len(hands), seed=0, **options)
    s = g._s
    s.hands = [mask_of(cards(h)) if h else 0 for h in hands]
    s.known = [0] * len(hands)
    s.pile = list(cards(pile))
    s.talon_pos = len(g.talon)
    used = mask_of(s.pile)
    for m in s.hands:
        used |= m
    s.discard = [c for c in g.deck_order if not used & c.mask]
    s.out = tuple(p for p in range(len(hands)) if not s.hands[p])
    s.to_act = to_act
    s.phase = "beat" if s.pile else "lead"
    s.lead_rule = "R7.4"
    g._history.clear()
    g._legal_cache = None
    return g


def small_game(variant, hands, turned=None, talon="", size=20, **options):
    """A hand-built deal from a short deck. (``new_game`` takes either an explicit order of the
    preset's deck or a deck size, not both, so this builds the engine the way it does.)"""
    v = VARIANTS[variant]
    rules = with_options(v.rules, dict(options, deck=size))
    rules.check_players(len(hands))
    order = check_deck(deal_order(hands, turned, talon, size), size)
    return ENGINES[v.family](variant, rules, len(hands), order)


# -- R7.1: the Japanese circle game: the deal, the trump, the spades ---------------------------------

def test_R7_1_the_whole_deck_is_dealt_with_a_fixed_trump_and_no_talon():
    g = game("japanese_circle", J4)
    assert isinstance(g, CircleGame) and g.family == "circle"
    assert [hand(g, p) for p in range(4)] == [" ".join(map(str, sorted(cards(h)))) for h in J4]
    assert g.talon_size == 0 and g.trump == Suit.DIAMONDS and g.trump_card is None
    assert g.table == [] and g.discard == [] and kinds(g) == ["deal", "trump"]
    # five players: 36 = 8 + 7 + 7 + 7 + 7, the extra card to the player after the dealer
    g5 = new_game("japanese_circle", players=5, seed=3)
    assert [len(h) for h in g5.hands] == [8, 7, 7, 7, 7]
    assert [len(h) for h in new_game("japanese_circle", players=5, seed=3, dealer=1).hands] \
        == [7, 7, 8, 7, 7]
    with pytest.raises(ValueError, match=r"for 2 to 6 players \(R7.1\)"):
        new_game("japanese_circle", players=7, seed=1)


def test_R7_1_spades_stand_apart_in_their_natural_order():
    g = game("japanese_circle", J4)
    assert g.beats("7♠", "6♠") and g.beats("6♦", "A♣")      # same suit higher; a trump
    assert not g.beats("A♦", "6♠")                            # a trump never beats a spade
    assert not g.beats("A♠", "6♣")                            # a spade beats only spades
    # R7.1 (seed 000): the ace is the top spade and the queen an ordinary one
    assert g.beats("K♠", "Q♠") and g.beats("A♠", "Q♠") and not g.beats("Q♠", "A♠")
    assert g.beats("Q♠", "9♠") and g.beats("K♠", "9♠") and g.beats("A♠", "9♠")
    assert not g.rules.queen_of_spades_high
    assert g.view(1).beats(cards("A♠")[0], cards("K♠")[0])
    assert not g.view(1).beats(cards("Q♠")[0], cards("K♠")[0])


def test_R7_1_the_queen_high_reading_stays_an_option():
    g = game("japanese_circle", J4, queen_of_spades_high=True)
    assert g.beats("Q♠", "A♠") and not g.beats("A♠", "Q♠")
    # the queen-high rule belongs to the attack–defence presets (R6)
    assert new_game("japanese_spades", seed=1).beats("Q♠", "A♠")
    assert new_game("japanese_diamonds", seed=1).beats("Q♠", "A♠")


def test_R7_1_the_trump_is_announced_or_none_and_never_spades():
    assert new_game("japanese_circle", players=3, seed=1, trump="fixed:H").trump == Suit.HEARTS
    assert new_game("japanese_circle", players=3, seed=1, trump="none").trump is None
    g = new_game("japanese_circle", players=3, seed=1, trump="fixed:S")
    assert g.trump is None and "no trump" in g.history[1].text
    assert not g.beats("6♠", "A♥")


def test_R7_1_no_throw_ins_and_no_transfers():
    g = game("japanese_circle", J4)
    refused(g, "throw 6♠", "R7.1")
    g.play("attack 6♠")
    refused(g, "transfer 9♠", "R7.1", seat=1)
    refused(g, "attack 6♠ 7♠", "R7.3", seat=1)


# -- R7.2: who leads first ---------------------------------------------------------------------------

def test_R7_2_the_lowest_spade_leads_then_the_lowest_trump_then_seat_0():
    assert game("japanese_circle", J4).to_act == 0
    assert game("japanese_circle", [J4[3], J4[0], J4[1], J4[2]]).to_act == 1
    # The fallbacks need hands without the 6♠: the navalenny deal with the Japanese lead rule.
    def nav(hands, turned, **options):
        return new_game("navalenny", players=len(hands), deck_order=deal_order(hands, turned),
                        first_lead="lowest_spade", **options)
    g = nav(["Q♠ 7♣ 8♣", "K♠ 9♣ 10♣"], "6♥", spades_apart=True, queen_of_spades_high=True)
    assert g.to_act == 1  # the queen is the highest spade, so the king is the lower one
    assert nav(["8♥ 7♣ 8♣", "7♥ 9♣ 10♣"], "A♥").to_act == 1           # no spade: lowest trump
    assert nav(["7♣ 8♣ 9♦", "9♣ 10♣ 10♦"], "A♥", trump="none").to_act == 0  # neither: seat 0
    # our decision: "seat 0" is the player after the dealer
    assert new_game("navalenny", players=2, deck_order=deal_order(["7♣ 8♣ 9♦", "9♣ 10♣ 10♦"], "A♥"),
                    first_lead="lowest_spade", trump="none", dealer=0).to_act == 1


def test_R7_2_the_first_lead_is_one_card_the_leader_holds():
    g = game("japanese_circle", J4)
    assert texts(g.legal_actions()) == ["attack 6♠", "attack 6♣", "attack 6♥", "attack 7♠",
                                        "attack 7♣", "attack 7♥", "attack 8♠", "attack 8♣",
                                        "attack 8♥"]
    assert "R7.2: seat 0 leads" in refused(g, "take", "R7.2")
    refused(g, "attack 9♠", "R7.2")          # not his card
    refused(g, "beat 6♠ 7♠", "R7.2")
    assert "seat 0's turn, not seat 2's" in refused(g, "attack J♣", "R7.3", seat=2)
    assert g.play("attack 7♣").text == "seat 0 leads 7♣"


# -- R7.3: beat the top card, else take the bottom one -----------------------------------------------

def test_R7_3_beat_the_top_card_or_take_the_bottom_card():
    g = game("japanese_circle", J4)
    g.play("attack 6♠")
    assert g.to_act == 1 and g.table == list(cards("6♠"))
    assert texts(g.legal_actions()) == ["beat 6♠ 9♠", "beat 6♠ 10♠"]  # no trump beats a spade
    assert "can beat 6♠ (with 9♠ 10♠) and so must" in refused(g, "take", "R7.3")
    assert "a spade is beaten only by a higher spade" in refused(g, "beat 6♠ 6♦", "R7.3")
    refused(g, "attack 9♠", "R7.3")
    refused(g, "pass", "R7.3")
    g.play("beat 6♠ 9♠")
    assert g.to_act == 2 and g.table == list(cards("6♠ 9♠")) and g.top == cards("9♠")[0]
    assert texts(g.legal_actions()) == ["take"]  # seat 2 holds no spade
    assert "the top card of the pile, 9♠" in refused(g, "beat 6♠ 9♦", "R7.3")
    refused(g, "beat 9♠ 9♦", "R7.3")
    event = g.play("take")
    assert event.text == "seat 2 takes the bottom card, 6♠" and event.kind == "action"
    assert g.table == list(cards("9♠")) and "6♠" in hand(g, 2) and g.to_act == 3
    assert g.history[-1].kind == "pickup" and g.history[-1].cards == cards("6♠")
    assert g.view(0).known[2] == cards("6♠")  # the pile is face up: everyone saw it taken
    # the next player beats the same top card, 9♠, though seat 1 played it
    assert texts(g.legal_actions()) == ["beat 9♠ J♠", "beat 9♠ Q♠", "beat 9♠ K♠", "beat 9♠ A♠"]
    g.play("beat 9♠ Q♠")
    assert texts(g.legal_actions()) == ["take"]  # seat 0's 7♠ 8♠ cannot beat the queen
    g.play("take")
    assert g.table == list(cards("Q♠")) and g.to_act == 1


def test_R7_3_may_take_when_able_lets_a_player_take_instead_of_beating():
    g = game("japanese_circle", J4, may_take_when_able=True)
    g.play("attack 6♠")
    assert texts(g.legal_actions()) == ["beat 6♠ 9♠", "beat 6♠ 10♠", "take"]
    g.play("take")
    assert "6♠" in hand(g, 1) and g.table == [] and g.to_act == 2


# -- R7.4: clearing the pile and the next lead -------------------------------------------------------

def test_R7_4_the_pile_is_discarded_when_it_holds_a_card_per_player_and_the_next_leads():
    g = play_all(game("japanese_circle", J4), "attack 6♣ | beat 6♣ 9♣ | beat 9♣ J♣")
    assert g.table == list(cards("6♣ 9♣ J♣")) and g.to_act == 3  # 3 cards, 4 players: go on
    g.play("beat J♣ 10♦")
    assert g.table == [] and g.discard == list(cards("6♣ 9♣ J♣ 10♦"))
    assert g.history[-1].kind == "bito" and g.history[-1].cards == cards("6♣ 9♣ J♣ 10♦")
    assert g.to_act == 0 and g.phase == "lead"  # the player after the last beater leads
    assert "R7.4: seat 0 leads" in refused(g, "take", "R7.4")
    refused(g, "beat 10♦ J♦", "R7.4")
    assert g.view(2).discard == cards("6♣ 9♣ J♣ 10♦")


def test_R7_4_when_takes_empty_the_pile_the_player_after_the_last_taker_leads():
    g = play_all(game("japanese_circle", J4),
                 "attack 6♠ | beat 6♠ 9♠ | take | beat 9♠ Q♠ | take | take")
    assert g.table == [] and g.discard == [] and "Q♠" in hand(g, 1)
    assert g.to_act == 2 and g.phase == "lead"


def test_R7_4_a_player_who_plays_his_last_card_is_out_and_the_pile_needs_one_card_fewer():
    g = position("japanese_circle", ["9♥ 10♠", "J♥", "6♣ 7♣"], to_act=0)
    g.play("attack 9♥")
    g.play("beat 9♥ J♥")                       # seat 1's last card: he is out at once,
    assert g.out == (1,) and "out" in kinds(g)
    assert g.table == [] and g.discard[-2:] == list(cards("9♥ J♥"))  # 2 cards, 2 holders: bito
    assert g.to_act == 2 and g.phase == "lead"  # the player after the last beater


def test_R7_4_out_players_are_skipped_round_the_circle():
    g = position("japanese_circle", ["", "6♥ 7♥", "K♠ A♠ 8♥"], to_act=2)
    g.play("attack K♠")
    assert g.to_act == 1  # seat 0 is out
    g.play("take")
    assert g.to_act == 2 and g.phase == "lead"


# -- R7.5: the end, and the next game ---------------------------------------------------------------

def test_R7_5_the_last_player_holding_cards_is_the_durak_and_his_left_neighbour_leads_next():
    g = position("japanese_circle", ["9♥", "6♥ 7♥", "A♠ K♠"], to_act=0)
    g.play("attack 9♥")                        # seat 0 goes out with his lead
    assert g.out == (0,) and not g.is_over and g.to_act == 1
    play_all(g, "take | attack K♠ | take")    # seat 2 leads after the take; seat 0 is skipped
    assert g.to_act == 2 and hand(g, 1) == "K♠ 6♥ 7♥ 9♥"
    g.play("attack A♠")                        # seat 2's last card: only seat 1 holds cards
    assert g.is_over and g.to_act is None and g.legal_actions() == []
    r = g.result
    assert (r.durak, r.out_order, r.winners, r.losers, r.draw) == (1, (0, 2), (0, 2), (1,), False)
    assert str(r) == "seat 1 is the durak" and g.history[-1].kind == "game_over"
    assert "R7.5: the game is over" in refused(g, "take", "R7.5")
    nxt = next_game(g, seed=4)                 # the durak deals, the player on his left leads
    assert (nxt.dealer, nxt.lead, nxt.to_act) == (1, 2, 2)
    g = new_game("japanese_circle", players=4, seed=9, lead=3)
    assert g.to_act == 3 and "R7.5" in refused(g, "take", "R7.5")


# -- R7.6: navalenny A ----------------------------------------------------------------------------------

# 20 cards (10..A), six players, 3 each: the talon is one card and the turned 10♥.
N6 = ["10♠ J♠ Q♠", "10♣ J♣ J♥", "Q♣ K♣ K♠", "A♣ 10♦ J♦", "Q♦ K♦ A♠", "A♦ Q♥ K♥"]


def test_R7_6_navalenny_deal_lowest_trump_leads_beat_then_lead_on_and_top_up_to_three():
    g = small_game("navalenny", N6, turned="10♥", talon="A♥")
    assert g.rules.deck == 20 and len(g.deck_order) == 20
    assert str(g.trump_card) == "10♥" and g.talon == cards("A♥ 10♥") and g.talon_size == 2
    assert g.to_act == 1  # J♥ is the lowest trump in a hand (10♥ lies under the talon)
    assert g.play("attack 10♣").text == "seat 1 leads 10♣ to seat 2"
    assert hand(g, 1) == "J♣ J♥ A♥" and g.talon_size == 1       # he tops up to 3
    assert g.history[-1].kind == "draw" and g.history[-1].private
    assert cards("A♥")[0] in g.view(0).unknown                   # a talon draw is private
    assert texts(g.legal_actions()) == ["beat 10♣ Q♣", "beat 10♣ K♣"]
    assert "and so must" in refused(g, "take", "R7.6")
    refused(g, "attack K♠", "R7.6")
    g.play("beat 10♣ Q♣")
    assert g.to_act == 2 and g.phase == "lead"                   # same turn: he leads on
    assert texts(g.legal_actions()) == ["attack K♠", "attack K♣"]
    refused(g, "take", "R7.6")
    g.play("attack K♠")
    assert g.table == list(cards("10♣ Q♣ K♠"))                   # beaten cards stay in the centre
    assert hand(g, 2) == "K♣ 10♥" and g.talon_size == 0          # the turned trump, drawn last
    assert g.view(0).known[2] == cards("10♥") and g.view(0).unknown_in_talon == 0
    assert texts(g.legal_actions()) == ["take"]                  # seat 3: no spade, no heart
    assert g.play("take").text == "seat 3 takes the whole centre (3 cards)"
    assert g.table == [] and g.to_act == 4 and g.phase == "lead"  # the player after him leads
    assert set(g.view(0).known[3]) == set(cards("10♣ Q♣ K♠"))
    play_all(g, "attack A♠ | beat A♠ Q♥ | attack A♦ | take | attack J♣ | beat J♣ K♣")
    g.play("attack 10♥")                       # seat 2 led his last card, the talon is empty
    assert g.out == (2,) and g.to_act == 3
    play_all(g, "take | attack Q♦")
    g.play("beat Q♦ K♥")                       # seat 5 beat with his last card: he is out,
    assert g.out == (2, 5) and g.to_act == 0 and g.phase == "lead"  # and the next player leads
    assert g.table == list(cards("Q♦ K♥")) and g.discard == []


def test_R7_6_a_player_with_nothing_to_lead_draws_first():
    g = new_game("navalenny", players=2, hand_size=1,
                 deck_order=deal_order(["8♥", "7♥"], turned="6♥", talon="10♣ J♣ Q♣"))
    assert g.to_act == 1
    g.play("attack 7♥")                        # seat 1 draws 10♣
    g.play("beat 7♥ 8♥")                       # seat 0 has no card left: he draws J♣ first
    assert g.history[-1].kind == "draw" and g.history[-1].text == "seat 0 draws 1 before leading"
    assert g.to_act == 0 and texts(g.legal_actions()) == ["attack J♣"] and g.out == ()


def test_R7_6_the_first_player_out_wins_and_the_last_holder_loses():
    g = position("navalenny", ["9♣", "10♣ J♣", "6♠ 7♠"], to_act=0, trump="fixed:D")
    g.play("attack 9♣")                        # the talon is empty: out with his last card
    assert g.out == (0,) and g.to_act == 1
    play_all(g, "beat 9♣ 10♣ | attack J♣")
    r = g.result
    assert g.is_over and (r.durak, r.out_order, r.winners, r.losers) == (2, (0, 1), (0,), (2,))


# -- R7.7: navalenny B, take three or five -----------------------------------------------------------

# Two players; trump hearts (6♥ under the talon); seat 1 has the lowest trump, 7♥.
N2 = deal_order(["9♣ 10♦ 7♠", "8♣ 9♦ 7♥"], turned="6♥", talon="6♣ J♣ 8♥ 6♦ 6♠")
N2_PLAY = "attack 8♣ | beat 8♣ 9♣ | attack 7♠ | beat 7♠ 7♥ | attack 9♦ | beat 9♦ 10♦"


def test_R7_7_a_player_who_cannot_beat_a_plain_card_takes_the_top_three():
    g = play_all(new_game("navalenny_three_five", players=2, deck_order=N2), N2_PLAY + " | attack J♣")
    assert g.table == list(cards("8♣ 9♣ 7♠ 7♥ 9♦ 10♦ J♣")) and hand(g, 1) == "6♠ 6♣ 6♦"
    assert g.play("take").text == "seat 1 takes the top 3 cards of the centre"
    assert g.history[-1].cards == cards("9♦ 10♦ J♣")
    assert g.table == list(cards("8♣ 9♣ 7♠ 7♥")) and g.to_act == 0 and g.phase == "lead"


def test_R7_7_a_trump_left_unbeaten_costs_five_cards():
    g = play_all(new_game("navalenny_three_five", players=2, deck_order=N2), N2_PLAY + " | attack 8♥")
    g.play("take")
    assert g.history[-1].cards == cards("7♠ 7♥ 9♦ 10♦ 8♥") and g.table == list(cards("8♣ 9♣"))


def test_R7_7_a_centre_with_fewer_cards_is_taken_whole():
    g = new_game("navalenny_three_five", players=2,
                 deck_order=deal_order(["7♣ 8♦ 9♠", "8♣ 9♦ 7♥"], turned="6♥"))
    g.play("attack 7♥")
    g.play("take")
    assert g.history[-1].cards == cards("7♥") and g.table == []


def test_R7_6_navalenny_A_takes_the_whole_centre_where_R7_7_takes_three():
    g = play_all(new_game("navalenny", players=2, deck_order=N2), N2_PLAY + " | attack J♣ | take")
    assert g.table == [] and len(g.hands[1]) == 3 + 7


# -- R7.8: modern navalenny ------------------------------------------------------------------------------

def test_R7_8_all_dealt_the_dealer_keeps_the_turned_last_card_and_the_next_player_leads():
    g = new_game("navalenny_modern", players=5, seed=11)
    assert [len(h) for h in g.hands] == [7, 7, 7, 7, 8] and g.talon_size == 0
    assert g.trump_card == g.deck_order[-1] and g.trump_card in g.hands[4]
    assert g.trump == g.trump_card.suit and g.to_act == 0
    for seat in range(4):                      # everyone saw it go into the dealer's hand
        assert g.trump_card in g.view(seat).known[4]
    assert new_game("navalenny_modern", players=5, seed=11, dealer=2).to_act == 3


def test_R7_8_spades_are_ordinary_and_may_be_trumps_then_play_as_R7_3():
    # the last card of the deck, A♠ (seat 3 is the dealer), is turned: spades are trumps
    g = game("navalenny_modern", [J4[0], J4[1], J4[2], "J♠ Q♠ K♠ 10♦ J♦ Q♦ K♦ A♦ A♠"])
    assert g.trump == Suit.SPADES and str(g.trump_card) == "A♠" and g.to_act == 0
    assert g.beats("6♠", "A♥") and g.beats("K♠", "Q♠") and not g.beats("Q♠", "K♠")
    g.play("attack 7♣")
    assert texts(g.legal_actions()) == ["beat 7♣ 9♠", "beat 7♣ 9♣", "beat 7♣ 10♠", "beat 7♣ 10♣"]
    play_all(g, "beat 7♣ 9♠ | take")           # seat 2 holds no spade: he takes the 7♣
    assert g.table == list(cards("9♠")) and g.to_act == 3


# -- refusals, pictures, knowledge ---------------------------------------------------------------------

def test_a_refused_action_names_the_clause_and_changes_nothing():
    g = game("japanese_circle", J4)
    g.play("attack 6♠")
    for text, rule in [("beat 6♠ 7♠", "R7.3"), ("beat 6♠ A♠", "R7.3"), ("take", "R7.3"),
                       ("draw", "R7.3"), ("play 9♠", "R7.3"), ("throw 9♠", "R7.1"),
                       ("attack 9♠", "R7.3")]:
        message = refused(g, text, rule)
        assert re.match(r"R7\.\d: ", message)
    with pytest.raises(IllegalAction, match="R0: bad action"):
        g.play("beat 6♠")


def test_the_text_picture_and_the_svg():
    g = play_all(game("japanese_circle", J4), "attack 6♠ | beat 6♠ 9♠")
    assert str(g).splitlines() == [
        "japanese_circle · 4 players · trump ♦ · talon 0 · discard 0",
        "  seat 0        7♠ 8♠ 6♣ 7♣ 8♣ 6♥ 7♥ 8♥",
        "  seat 1        10♠ 9♣ 10♣ 6♦ 7♦ 8♦ 9♥ 10♥",
        "▶ seat 2  beats J♣ Q♣ K♣ A♣ 9♦ J♥ Q♥ K♥ A♥",
        "  seat 3        J♠ Q♠ K♠ A♠ 10♦ J♦ Q♦ K♦ A♦",
        "pile: 6♠ 9♠ ← top"]
    from durak_edu.draw.svg import game_svg
    for name in CIRCLE:
        g = new_game(name, players=3, seed=2)
        g.play(g.legal_actions()[0])
        for svg in (g._repr_svg_(), game_svg(g, perspective=1)):
            assert ET.fromstring(svg).tag.endswith("svg")
    nav = new_game("navalenny", players=2, seed=2)
    assert "talon 30" in str(nav) and "under the talon" in str(nav)


def test_the_presets_are_registered_in_the_circle_family():
    for name, clause in zip(CIRCLE, ["R7.1", "R7.6", "R7.7", "R7.8"]):
        v = VARIANTS[name]
        assert v.family == "circle" and isinstance(v.rules, CircleRules) and v.clause == clause
        assert v.title and v.title_ru and len(v.summary) > 60
    assert VARIANTS["navalenny_three_five"].rules.take == "three_five"
    g = new_game("navalenny", players=3, seed=1, may_take_when_able=True)
    assert g.options() == {"may_take_when_able": True}


@pytest.mark.parametrize("options,reason", [
    ({"take": "all"}, r"take='all' needs play='navalenny'"),
    ({"hand_size": 3}, r"hand_size=3 needs play='navalenny'"),
    ({"play": "spiral"}, r"play='spiral' is not valid"),
    ({"trump": "fixed:X"}, r"not a suit"),
    ({"may_take_when_able": 1}, r"must be True or False"),
    ({"first_lead": "random"}, r"first_lead='random'"),
])
def test_impossible_circle_options_are_refused(options, reason):
    with pytest.raises(ValueError, match=reason):
        new_game("japanese_circle", players=3, seed=1, **options)
    with pytest.raises(ValueError, match="take='bottom' is the circle game's"):
        new_game("navalenny", players=3, seed=1, take="bottom")


# -- properties over random games ----------------------------------------------------------------------

MAX_ACTIONS = 20000

COMMON = {"may_take_when_able": st.booleans(), "deck": st.sampled_from([20, 24, 32, 36]),
          "spades_apart": st.booleans(), "queen_of_spades_high": st.booleans()}
OPTIONS = {
    "japanese_circle": dict(COMMON, trump=st.sampled_from(["fixed:D", "fixed:H", "fixed:S",
                                                           "none", "turned"])),
    "navalenny": dict(COMMON, trump=st.sampled_from(["turned", "fixed:C", "none"]),
                      hand_size=st.integers(0, 4)),
}
OPTIONS["navalenny_three_five"] = OPTIONS["navalenny"]
OPTIONS["navalenny_modern"] = OPTIONS["japanese_circle"]


@st.composite
def setups(draw):
    name = draw(st.sampled_from(CIRCLE))
    keys = draw(st.lists(st.sampled_from(sorted(OPTIONS[name])), max_size=3, unique=True))
    options = {k: draw(OPTIONS[name][k]) for k in keys}
    seats = with_options(VARIANTS[name].rules, options).player_range()
    players = draw(st.sampled_from(list(seats)))
    return name, players, options, draw(st.integers(0, 2**32 - 1))


def check_view(g, seat):
    """R0: a seat's knowledge partitions the deck, and what it knows is true."""
    v = g.view(seat)
    talon_known = [g.trump_card] if g.trump_card is not None and g.talon_size else []
    parts = [v.hand, v.unknown, v.discard, v.table, tuple(talon_known)]
    parts += list(v.known.values())
    every = [c for p in parts for c in p]
    assert len(every) == len(set(every)) == len(g.deck_order)
    for p, cs in v.known.items():
        assert set(cs) <= set(g.hands[p])
    assert len(v.unknown) == v.unknown_in_talon + sum(v.unknown_in_hand(p) for p in v.known)


def random_action(rng, pool):
    a, b = rng.sample(pool, 2)
    return rng.choice([Attack((a,)), Attack((a, b)), ThrowIn((a,)), Beat(a, b),
                       Transfer((a,)), Take(), Pass()])


def random_policy(rng, legal):
    """Uniform over the legal actions, but taking only one time in ten when the player may
    beat instead (``may_take_when_able``): players who always take make very long games."""
    others = [a for a in legal if not isinstance(a, Take)]
    if others and (len(others) == len(legal) or rng.random() < 0.9):
        return rng.choice(others)
    return rng.choice(legal)


def run(name, players, options, seed, probe_illegal=2, views=True):
    g = new_game(name, players=players, seed=seed, **options)
    start = fingerprint(g)
    rng = random.Random(seed)
    pool = deck(g.rules.deck)
    steps = 0
    while not g.is_over:
        steps += 1
        assert steps <= MAX_ACTIONS, "the game did not end"
        held = [c for h in g.hands for c in h] + g.table + g.discard + list(g.talon[g._s.talon_pos:])
        assert sorted(held) == sorted(pool)                       # nothing lost or doubled
        before = fingerprint(g)
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for a in legal if len(legal) <= 12 else rng.sample(legal, 12):
            assert g.can_play(a), f"listed but refused: {a}"
            assert parse_action(str(a)) == a
        if len(g.table) > 1:  # R7.3: only the top card may be beaten
            assert not any(g.can_play(Beat(g.table[0], c)) for c in g.hands[g.to_act])
        probes = [a for a in (random_action(rng, pool) for _ in range(probe_illegal))
                  if a not in legal]
        for bad in probes:
            with pytest.raises(IllegalAction, match=r"^R\d+(\.\d+)?: "):
                g.play(bad)
        if views:
            check_view(g, g.to_act)
        choice = random_policy(rng, legal)
        g.play(choice)
        g.undo()
        # the refused probes changed nothing, and undo restored the exact position
        assert fingerprint(g) == before, f"after refusing {probes} and undoing {choice}"
        g.play(str(choice))
    result = g.result
    assert result is not None and g.legal_actions() == []
    assert all(not g.hands[p] for p in result.out_order)
    if result.draw:  # R7.5 (our decision): a position repeated a third time after a take
        assert result.durak is None and "third time" in g.history[-1].text
    else:
        assert result.durak is not None and g.hands[result.durak]
        assert sorted(result.out_order + (result.durak,)) == list(range(players))
    other = g.clone()
    while g.actions:                            # undo all the way back to the deal
        g.undo()
    assert fingerprint(g) == start and other.is_over
    return steps


@settings(max_examples=60 if DEEP else 15, deadline=None)
@given(setups())
def test_random_circle_games_keep_every_invariant_and_end(setup):
    run(*setup)


def test_every_circle_preset_with_every_table_size_plays_to_the_end():
    for name in CIRCLE:
        for players in VARIANTS[name].rules.player_range():
            assert run(name, players, {}, seed=players * 7, probe_illegal=0, views=False) > 0


def test_R7_5_a_position_repeated_a_third_time_after_a_take_is_a_draw():
    # navalenny B, four players all playing the lowest card that works: deterministic play that
    # comes back to the same position after a take, so without the rule it would never end
    from durak_edu.bots import lowest_card_bot
    g = new_game("navalenny_three_five", players=4, seed=54)
    while not g.is_over and len(g.actions) < 2000:
        g.play(lowest_card_bot(g, g.to_act))
    assert g.is_over and g.result.draw and g.result.durak is None
    assert "third time" in g.history[-1].text and len(g.actions) < 100
