"""One test per clause of R1 and R2 (docs/rules.md), each with a hand-built position.

Hands are given seat 0 first (the dealer is the last seat); ``turned`` is the trump card.
"""

import pytest

from durak_edu import IllegalAction, Series, new_game, next_game
from helpers import deal_order, endgame, game, play_all, refused, texts


def hand(g, seat):
    return " ".join(map(str, g.hands[seat]))


def drawn(g):
    """(seat, number of cards) for every draw event, in order."""
    return [(e.seat, len(e.cards)) for e in g.history if e.kind == "draw"]


# -- R1: the deal ------------------------------------------------------------------------------

def test_R1_1_deal_one_card_at_a_time_from_the_player_after_the_dealer():
    order = deal_order(["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"], "6♥")
    assert hand(new_game("podkidnoy", players=3, deck_order=order), 0) == "6♠ 7♠ 8♠ 9♠ 10♠ J♠"
    # with seat 0 dealing, seat 1 receives the first card, so the hands move round by one
    g = new_game("podkidnoy", players=3, deck_order=order, dealer=0)
    assert hand(g, 1) == "6♠ 7♠ 8♠ 9♠ 10♠ J♠" and hand(g, 0) == "6♦ 7♦ 8♦ 9♦ 10♦ J♦"
    assert g.history[0].kind == "deal"


def test_R1_2_the_turned_trump_lies_under_the_talon_and_is_drawn_last():
    g = game("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], turned="9♥")
    assert str(g.trump_card) == "9♥" and str(g.trump) == "♥" and g.talon_size == 24
    assert g.talon[-1] is g.trump_card and g.trump_card not in g.talon[:-1]
    assert g.history[1].kind == "trump" and g.history[1].cards == (g.trump_card,)


def test_R1_2_fixed_trump_turns_no_card_and_none_means_no_trump():
    g = game("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], trump="fixed:D")
    assert g.trump_card is None and str(g.trump) == "♦" and g.talon_size == 24
    g = game("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], trump="none")
    assert g.trump is None and g.trump_card is None
    assert not g.beats("A♦", "6♠")


def test_R1_2_six_players_the_dealer_shows_and_keeps_his_last_card():
    g = new_game("podkidnoy", players=6, seed=5)
    assert g.talon_size == 0 and g.trump_card in g.hands[5]
    assert g.trump_card == g.deck_order[-1]
    for seat in range(5):  # everyone knows where it is
        assert g.trump_card in g.view(seat).known[5]


def test_R1_3_the_lowest_trump_leads():
    g = game("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ 8♥", "6♣ 7♣ 8♣ 9♣ 10♣ 7♥", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"],
             turned="6♥")
    assert (g.attacker, g.defender, g.to_act) == (1, 2, 1)


def test_R1_3_no_trump_in_any_hand_the_player_after_the_dealer_leads():
    hands = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"]
    assert game("podkidnoy", hands, turned="6♥").attacker == 0
    assert new_game("podkidnoy", players=3, deck_order=deal_order(hands, "6♥"), dealer=0).attacker == 1
    assert game("podkidnoy", hands, trump="none").attacker == 0


def test_R1_3_first_lead_left_of_dealer_ignores_trumps():
    hands = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ 7♥"]
    assert game("podkidnoy", hands, turned="6♥").attacker == 1
    assert game("podkidnoy", hands, turned="6♥", first_lead="left_of_dealer").attacker == 0


def _finish(g):
    while not g.is_over:
        g.play(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("lead_rule,offset", [("from_fool", 1), ("to_fool", -1)])
def test_R1_3_in_a_series_the_fool_deals_and_the_lead_goes_from_or_to_him(lead_rule, offset):
    s = Series("podkidnoy", players=4, seed=3, next_game_lead=lead_rule)
    checked = 0
    for _ in range(6):
        g = _finish(s.game)
        nxt = s.next_game()
        assert nxt.rules.next_game_lead == lead_rule
        if g.result.durak is None:  # after a draw the deal passes on, the lowest trump leads
            assert nxt.dealer == (g.dealer + 1) % 4
            continue
        assert nxt.dealer == g.result.durak
        assert nxt.attacker == (g.result.durak + offset) % 4
        checked += 1
    assert checked >= 3
    assert sum(s.fool_counts()) + sum(r.draw for r in s.results) == 6


def test_R1_3_next_game_refuses_an_unfinished_game():
    with pytest.raises(ValueError, match="not over"):
        next_game(new_game("podkidnoy", seed=1))


# -- R2: podkidnoy -----------------------------------------------------------------------------

TWO = ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"]
# seat 0 leads (6♥ is the lowest trump); seat 1 cannot beat spades; seats 2 and 3 hold sixes
FOUR = ["6♠ 6♥ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦",
        "6♣ Q♦ K♦ A♦ Q♠ K♠"]
# the same, but seat 2 holds both remaining sixes
TAKERS = ["6♠ 6♥ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 6♣ 8♦ 9♦ 10♦ J♦",
          "7♦ Q♦ K♦ A♦ Q♠ K♠"]


def test_R2_1_roles_main_attacker_defender_throwers():
    g = game("podkidnoy", FOUR, turned="A♥")
    g.play("attack 6♠")
    assert [g.role(s) for s in range(4)] == ["attacker", "defender", "thrower", "thrower"]


def test_R2_2_the_opening_is_one_or_more_cards_of_one_rank():
    g = game("podkidnoy", TWO, turned="6♥")
    assert "attack 7♠ 7♣" in texts(g.legal_actions())
    assert "one card or several of one rank" in refused(g, "attack 7♠ Q♠", "R2.2")
    assert "9♠ is not in seat 0's hand" in refused(g, "attack 9♠", "R2.2")
    refused(g, "take", "R2.2")
    refused(g, "pass", "R2.2")


def test_R2_3_beating_a_higher_card_of_the_suit_or_any_trump():
    g = game("podkidnoy", TWO, turned="6♥")
    assert g.beats("9♠", "7♠") and not g.beats("7♠", "9♠")
    assert g.beats("6♥", "A♠") and not g.beats("A♠", "6♥")  # any trump beats a plain card
    assert g.beats("7♥", "6♥") and not g.beats("K♠", "Q♦")  # a trump only by a higher trump
    assert not any(g.beats(c, "A♥") for c in ("A♠", "K♥", "6♥"))  # nothing beats the trump ace
    g.play("attack 7♠ 7♣")
    assert "9♠ does not beat 7♣" in refused(g, "beat 7♣ 9♠", "R2.3")
    assert "K♦ does not beat 7♣" in refused(g, "beat 7♣ K♦", "R2.3")
    assert "not an attack card on the table" in refused(g, "beat 7♦ K♦", "R2.3")
    assert "not in seat 1's hand" in refused(g, "beat 7♣ J♣", "R2.3")
    g.play("beat 7♣ 10♣")  # in any order the defender likes
    assert "already beaten" in refused(g, "beat 7♣ 10♥", "R2.3")


def test_R2_4_throw_in_only_ranks_on_the_table_attack_or_defence():
    hands = ["7♠ 9♥ 9♣ J♣ Q♦ 8♥", "8♠ 10♣ A♣ 7♦ K♦ 10♥"]
    g = game("podkidnoy", hands, turned="6♥")
    play_all(g, "attack 7♠ | beat 7♠ 8♠")
    assert texts(g.legal_actions()) == ["throw 8♥", "pass"]  # 8 came with the defence card
    assert "no 9 is on the table" in refused(g, "throw 9♣", "R2.4")
    g = game("podkidnoy", hands, turned="6♥", throw_in_ranks="attack")
    play_all(g, "attack 7♠ | beat 7♠ 8♠")
    assert g.attacker == 1 and g.table == []  # nothing of rank 7 to add: the bout ended at once


def test_R2_4_several_cards_in_one_throw():
    g = game("podkidnoy", ["7♠ 7♦ 9♣ J♣ Q♦ 8♥", "8♠ 10♣ A♣ 7♣ K♦ 10♥"], turned="6♥")
    play_all(g, "attack 7♠ | beat 7♠ 8♠")
    assert texts(g.legal_actions()) == ["throw 7♦", "throw 8♥", "throw 7♦ 8♥", "pass"]
    g.play("throw 7♦ 8♥")
    assert [str(a) for a, d in g.table if d is None] == ["7♦", "8♥"] and g.to_act == 1


def asked_while_taking(g):
    """Seats asked to throw in after ``take``, everyone passing."""
    asked = []
    start = g.attacker
    g.play("take")
    while g.attacker == start and not g.is_over:
        asked.append(g.to_act)
        g.play("pass")
    return asked


@pytest.mark.parametrize("throw_in,asked,next_attacker", [
    ("all", [0, 2, 3], 2), ("neighbours", [0, 2], 2), ("attacker", [0], 2), ("none", [], 2)])
def test_R2_4_who_may_throw_in(throw_in, asked, next_attacker):
    g = game("podkidnoy", FOUR, turned="A♥", throw_in=throw_in)
    g.play("attack 6♠")
    assert asked_while_taking(g) == asked  # seat 3 sits opposite the defender (seat 1)
    assert g.attacker == next_attacker


def test_R2_4_throw_one_at_a_time_for_throwers_other_than_the_main_attacker():
    g = game("podkidnoy", TAKERS, turned="A♥", throw_one_at_a_time=True)
    play_all(g, "attack 6♠ | take | pass")
    assert g.to_act == 2 and texts(g.legal_actions()) == ["throw 6♣", "throw 6♦", "pass"]
    assert "one card at a time" in refused(g, "throw 6♣ 6♦", "R2.4")


def test_R2_5_main_attacker_first_then_clockwise_from_the_defenders_left():
    g = game("podkidnoy", FOUR, turned="A♥")
    g.play("attack 6♠")
    assert asked_while_taking(g) == [0, 2, 3]


def test_R2_5_a_thrower_with_nothing_to_throw_is_never_asked():
    g = game("podkidnoy", FOUR, turned="A♥")
    g.play("attack 8♠")  # only seat 2 (8♦) can add a card
    assert asked_while_taking(g) == [2]


def test_R2_5_after_the_defender_beats_the_round_restarts_with_the_main_attacker():
    hands = ["6♠ 6♥ 6♣ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"]
    g = game("podkidnoy", hands, trump="fixed:C")  # 6♣ is the lowest trump: seat 0 leads
    play_all(g, "attack 6♠ | beat 6♠ 7♣")
    assert g.to_act == 0
    g.play("pass")
    assert g.to_act == 2
    g.play("throw 6♦")
    assert g.to_act == 1
    g.play("beat 6♦ 8♣")
    assert g.to_act == 0 and "throw 6♥" in texts(g.legal_actions())  # he passed, but is asked again


def test_R2_5_while_the_defender_takes_a_thrower_keeps_priority_until_he_passes():
    g = game("podkidnoy", TAKERS, turned="A♥")
    play_all(g, "attack 6♠ | take | pass")
    g.play("throw 6♦")
    assert g.to_act == 2  # he keeps priority
    g.play("throw 6♣")
    # nothing more for seat 2 or 3; the table changed, so the main attacker is asked again
    assert g.to_act == 0
    g.play("pass")
    assert g.table == [] and hand(g, 1).count("6") == 3


def test_R2_5_a_thrower_who_goes_out_by_his_throw_in_passes_priority_on_in_the_order():
    # the talon is empty; order of throwers: 0 (main attacker), 2, 3
    g = endgame("podkidnoy", ["9♣ 9♠ 6♠", "7♦ 8♦ J♦ Q♦ K♦ A♦", "9♥", "9♦ 6♥"], trump="S")
    play_all(g, "attack 9♣ | take | pass | throw 9♥")
    assert g.out == (2,)
    assert g.to_act == 3  # the next thrower after seat 2, not back to the main attacker
    g.play("throw 9♦")
    assert g.to_act == 0  # seat 3 has nothing more to throw; the order wraps round to seat 0
    g.play("pass")
    assert g.table == [] and "9♥" in hand(g, 1) and "9♦" in hand(g, 1)


def test_R2_5_the_main_attacker_out_by_a_throw_in_passes_priority_to_the_next_thrower():
    g = endgame("podkidnoy", ["9♣ 9♠", "7♦ 8♦ J♦ Q♦ K♦ A♦", "9♥ 6♥", "9♦ 6♣"], trump="S")
    play_all(g, "attack 9♣ | take | throw 9♠")
    assert g.out == (0,)
    assert g.to_act == 2  # the next thrower after the main attacker


def test_R2_5_a_thrower_going_out_while_the_defender_beats_hands_the_move_to_the_defender():
    g = endgame("podkidnoy", ["9♣ 6♠ 7♠", "7♦ 8♦ 10♣ Q♦ K♦ A♦", "9♥", "9♦ 6♥"], trump="D")
    play_all(g, "attack 9♣ | beat 9♣ 10♣ | throw 9♥")
    assert g.out == (2,) and g.to_act == 1


def test_R2_5_acting_out_of_turn_says_whose_turn_it_is():
    g = game("podkidnoy", TWO, turned="6♥", names=["Anna", "Boris"])
    assert "seat 0 (Anna)'s turn, not seat 1 (Boris)'s" in refused(g, "attack 9♠", "R2.5", seat=1)
    g.play("attack 7♠")
    assert "defending" in refused(g, "throw 9♠", "R2.5")
    g.play("beat 7♠ 9♠")
    assert "throw in or pass" in refused(g, "take", "R2.5")


# the defender beats with trumps, and the ranks 7 and 8 come onto the table with them
LIMIT = ["6♣ 6♦ 7♣ 7♦ 8♣ 8♦", "9♣ 9♦ 7♠ 8♠ 10♠ J♠"]


def test_R2_6_the_first_bout_allows_five_attack_cards():
    g = game("podkidnoy", LIMIT, trump="fixed:S", first_lead="left_of_dealer")
    play_all(g, "attack 6♣ 6♦ | beat 6♣ 7♠ | beat 6♦ 8♠")
    assert max(len(a.cards) for a in g.legal_actions() if str(a) != "pass") == 3
    assert "only 3 more attack cards" in refused(g, "throw 7♣ 7♦ 8♣ 8♦", "R2.6")
    play_all(g, "throw 7♣ 7♦ 8♣ | beat 7♣ 9♣ | beat 7♦ 9♦ | beat 8♣ 10♠")
    # five attack cards: 8♦ could join (8 is on the table) but the limit is reached, so the
    # bout ends at once, without anyone passing
    assert g.table == [] and g.attacker == 1 and len(g.discard) == 10


def test_R2_6_first_bout_limit_can_be_lifted_to_six():
    g = game("podkidnoy", LIMIT, trump="fixed:S", first_bout_limit=6,
             first_lead="left_of_dealer")
    play_all(g, "attack 6♣ 6♦ | beat 6♣ 7♠ | beat 6♦ 8♠")
    assert "throw 7♣ 7♦ 8♣ 8♦" in texts(g.legal_actions())


def test_R2_6_never_more_attack_cards_than_the_defender_held():
    g = endgame("podkidnoy", ["6♣ 6♦ 6♠ 9♥", "A♠ K♠"], trump="fixed:H")
    assert max(len(a.cards) for a in g.legal_actions()) == 2
    assert "the defender holds 2" in refused(g, "attack 6♣ 6♦ 6♠", "R2.6")
    play_all(g, "attack 6♠ | beat 6♠ A♠")
    # one card left in his hand: one more attack card at most (unbeaten never outnumber it)
    assert texts(g.legal_actions()) == ["throw 6♣", "throw 6♦", "pass"]


def test_R2_7_take_then_vdogonku_then_the_player_after_the_taker_attacks():
    hands = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦"]
    g = game("podkidnoy", hands, turned="A♥")
    play_all(g, "attack 7♠ | take")
    assert g.to_act == 2 and texts(g.legal_actions()) == ["throw 7♦", "pass"]
    g.play("throw 7♦")  # after it nobody has a 7: the bout ends by itself
    assert g.table == [] and "7♠" in hand(g, 1) and "7♦" in hand(g, 1)
    assert (g.attacker, g.defender) == (2, 0)  # seat 1 loses his turn
    pickup = next(e for e in g.history if e.kind == "pickup")
    assert pickup.seat == 1 and not pickup.private and len(pickup.cards) == 2


def test_R2_7_the_defender_may_take_even_when_he_could_beat():
    g = game("podkidnoy", TWO, turned="6♥")
    g.play("attack 7♠")
    assert "beat 7♠ 9♠" in texts(g.legal_actions()) and g.can_play("take")


def test_R2_7_taker_keeps_turn_dobry():
    hands = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 8♦ 9♦ 10♦ J♦ Q♦"]
    g = game("podkidnoy", hands, turned="A♥", taker_keeps_turn=True)
    play_all(g, "attack 7♠ | take")
    assert (g.attacker, g.defender) == (1, 2)


def test_R2_8_bito_goes_to_the_discard_and_the_defender_attacks_next():
    g = game("podkidnoy", TWO, turned="6♥")
    play_all(g, "attack 7♠ | beat 7♠ 9♠ | pass")
    assert [str(c) for c in g.discard] == ["7♠", "9♠"]
    assert (g.attacker, g.defender) == (1, 0)
    assert [e.kind for e in g.history][-3:] == ["bito", "draw", "draw"]


def test_R2_8_if_the_defender_went_out_the_next_player_attacks():
    g = endgame("podkidnoy", ["7♠", "9♠", "8♣ 9♣"], trump="fixed:H")
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    assert g.out == (0, 1) and g.is_over and g.result.durak == 2


# everybody needs cards after this bout: seat 0 leads with 6♥ (lowest trump), seat 1 beats with
# trumps, seats 2 and 3 throw in one card each
DRAW = ["6♥ 6♠ 8♠ 9♠ 10♠ J♠", "7♥ 8♥ 9♥ 10♥ J♥ Q♥", "6♦ 7♦ 8♦ 9♦ 10♦ J♦",
        "6♣ 7♣ 8♣ 9♣ 10♣ J♣"]
DRAW_PLAY = "attack 6♠ | beat 6♠ 7♥ | pass | throw 6♦ | beat 6♦ 8♥ | pass | pass | throw 6♣ | " \
            "beat 6♣ 9♥ | pass | pass | pass"


@pytest.mark.parametrize("order,expected", [
    ("attacker_first", [(0, 1), (2, 1), (3, 1), (1, 3)]),
    ("clockwise", [(0, 1), (1, 3), (2, 1), (3, 1)])])
def test_R2_9_drawing_order(order, expected):
    g = play_all(game("podkidnoy", DRAW, trump="fixed:H", draw_order=order), DRAW_PLAY)
    assert drawn(g) == expected and g.talon_size == 12 - 6


# five players, trump fixed: the talon holds 6 cards, and 8 are needed after this bout
SHORT = ["6♥ 6♠ 6♣ 6♦ A♠ A♣", "7♥ 8♥ 9♥ 10♥ J♥ Q♥", "7♠ 8♠ 9♠ 10♠ J♠ Q♠",
         "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "7♦ 8♦ 9♦ 10♦ J♦ Q♦"]
SHORT_PLAY = "attack 6♥ 6♠ 6♣ 6♦ | beat 6♥ 7♥ | beat 6♠ 8♥ | beat 6♣ 9♥ | beat 6♦ 10♥ | " \
             "pass | pass | pass"


@pytest.mark.parametrize("share,expected", [(False, [(0, 4), (1, 2)]),
                                            (True, [(0, 3), (1, 3)])])
def test_R2_9_a_short_talon_goes_in_drawing_order_or_is_shared(share, expected):
    g = play_all(game("podkidnoy", SHORT, trump="fixed:H", share_short_talon=share), SHORT_PLAY)
    assert drawn(g) == expected and g.talon_size == 0


def test_R2_9_the_turned_trump_is_drawn_last_and_everyone_knows_who_has_it():
    g = new_game("podkidnoy", players=2, seed=4)
    while g.talon_size:
        g.play(g.legal_actions()[0])
    last = [e for e in g.history if e.kind == "draw"][-1]
    assert last.cards[-1] is g.trump_card
    holder = last.seat
    if g.trump_card in g.hands[holder]:
        assert g.trump_card in g.view(1 - holder).known[holder]


def test_R2_10_a_player_who_goes_out_mid_bout_takes_no_further_part():
    g = endgame("podkidnoy", ["6♠", "7♠ 7♣ 9♠", "6♣ 6♦ 9♦"], trump="fixed:H")
    g.play("attack 6♠")
    assert g.out == (0,) and g.history[-1].kind == "out"
    g.play("beat 6♠ 7♠")
    assert g.to_act == 2  # seat 0 is out: never asked to throw in
    play_all(g, "throw 6♣ | beat 6♣ 7♣ | throw 6♦ | take")
    assert g.result is None and g.attacker == 2 and g.defender == 1  # seat 0 is skipped


def test_R2_11_the_game_ends_when_a_bout_ends_and_names_the_durak():
    g = endgame("podkidnoy", ["6♠ 7♣", "7♠ 8♠"], trump="fixed:H")
    play_all(g, "attack 6♠ | beat 6♠ 7♠")
    assert not g.is_over  # seat 0 still has 7♣ to throw in
    g.play("pass")  # the bout ends; both still hold cards
    assert not g.is_over and g.attacker == 1
    g.play("attack 8♠")  # seat 1 is out at once, but the game ends only with the bout
    assert g.out == (1,) and not g.is_over
    g.play("take")
    assert g.is_over and g.result.durak == 0 and g.result.out_order == (1,)
    assert g.history[-1].kind == "game_over" and g.to_act is None
    assert "R2.11: the game is over" in str(pytest.raises(IllegalAction, g.play, "take").value)


def test_R2_11_nobody_holds_cards_is_a_draw_unless_draws_false():
    for draws, durak in ((True, None), (False, 1)):
        g = endgame("podkidnoy", ["6♠", "7♠"], trump="fixed:H", draws=draws)
        play_all(g, "attack 6♠ | beat 6♠ 7♠")
        assert g.result.draw is draws and g.result.durak == durak


def test_R2_12_epaulettes_count_the_sixes_of_the_final_bout():
    g = endgame("podkidnoy", ["6♠ 6♣", "A♦ K♦"], trump="fixed:H")
    play_all(g, "attack 6♠ 6♣ | take")
    assert g.result.durak == 1 and g.result.epaulettes == 2
    assert "2 epaulettes" in str(g.result)
    g = endgame("podkidnoy", ["6♠ 6♥", "A♦ K♦"], trump="fixed:H")
    play_all(g, "attack 6♠ 6♥ | take")
    assert g.result.epaulettes == 2  # trump sixes count too
    g = endgame("podkidnoy", ["6♥", "A♦"], trump="fixed:H", epaulettes_need_plain_six=True)
    play_all(g, "attack 6♥ | take")
    assert g.result.durak == 1 and g.result.epaulettes == 0
    g = endgame("podkidnoy", ["7♠", "A♦"], trump="fixed:H")
    play_all(g, "attack 7♠ | take")
    assert g.result.durak == 1 and g.result.epaulettes == 0


def test_R2_13_an_illegal_action_leaves_the_game_exactly_as_it_was():
    g = game("podkidnoy", TWO, turned="6♥")
    g.play("attack 7♠ 7♣")
    for bad, rule in (("beat 7♠ 7♦", "R2.3"), ("throw 9♠", "R2.5"), ("attack 9♠", "R2.5")):
        refused(g, bad, rule)
    with pytest.raises(IllegalAction, match="R0: bad action 'smash 7♠'"):
        g.play("smash 7♠")


def test_R2_11_a_position_repeated_a_third_time_is_a_draw():
    # simple durak D: whoever holds J♠ J♥ must attack with it, the other cannot beat it and
    # takes, has no pair himself and passes the attack back: round and round
    hands = ["6♠ Q♣ 8♥ J♠ J♥", "Q♠ 7♣ 10♥"]
    cycle = "attack J♠ J♥ | take | pass | attack J♠ J♥ | take | pass"
    g = play_all(endgame("prostoy_pair_only", hands, trump="fixed:D"), cycle + " | " + cycle)
    assert not g.is_over
    play_all(g, "attack J♠ J♥ | take")
    assert g.is_over and g.result.draw and "third time" in g.history[-1].text
    g = endgame("prostoy_pair_only", hands, trump="fixed:D", repetition_draw=False)
    play_all(g, " | ".join([cycle] * 4))
    assert not g.is_over
