"""One test per clause of R3 (perevodnoy), R4 (simple durak), R5 (teams) and R6 (spades)."""

import pytest

from durak_edu import new_game
from helpers import endgame, game, play_all, refused, texts


def hand(g, seat):
    return " ".join(map(str, g.hands[seat]))


# -- R3: perevodnoy ----------------------------------------------------------------------------

# nobody holds a trump (hearts): seat 0 leads; every seat holds one seven
P3 = ["7♠ 8♠ 9♠ 10♠ J♠ Q♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "7♦ 8♦ 9♦ 10♦ J♦ Q♦"]


def test_R3_1_no_transfer_back_once_the_player_who_attacked_has_gone_out():
    g = endgame("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣"], trump="H")
    play_all(g, "attack 7♠ | transfer 7♣")
    assert g.out == (0,) and g.defender == 2
    assert texts(g.legal_actions()) == ["beat 7♣ 8♣", "beat 7♣ 9♣", "take"]
    message = refused(g, "transfer 7♦", "R3.1")
    assert "who attacked, has gone out" in message and "against the direction of play" in message


def test_R3_1_no_transfer_round_past_the_empty_seat_of_the_opener_with_four_players():
    g = endgame("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣ K♣", "7♥ 8♠ 9♠ 10♠"],
                trump="none")
    play_all(g, "attack 7♠ | transfer 7♣ | transfer 7♦")
    assert g.defender == 3
    refused(g, "transfer 7♥", "R3.1")  # would pass seat 0's empty seat and come back to seat 1
    # R3.4: a shown trump passes the attack too, and is refused the same way
    g = endgame("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣ K♣", "7♥ 8♠ 9♠ 10♠"],
                trump="H", transfer_with_trump_on_table=True)
    play_all(g, "attack 7♠ | transfer 7♣ | transfer 7♦")
    refused(g, "show 7♥", "R3.1")


def test_R3_1_a_transfer_on_is_allowed_while_the_opener_still_holds_cards_or_is_not_next():
    # the opener keeps a card: the transfer goes on to him as usual
    g = endgame("perevodnoy", ["7♠ Q♠ K♠ A♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣"], trump="H")
    play_all(g, "attack 7♠ | transfer 7♣")
    assert "transfer 7♦" in texts(g.legal_actions())
    # the opener went out, but the seat after the defender is someone else
    g = endgame("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "8♣ 9♣ 10♣", "7♦ 8♠ 9♠ 10♠"],
                trump="H")
    play_all(g, "attack 7♠ | transfer 7♣")
    assert g.defender == 2 and g.out == (0,)
    assert "beat 7♣ 8♣" in texts(g.legal_actions())


def test_R3_1_transfer_to_the_next_player_who_may_transfer_again():
    g = game("perevodnoy", P3, turned="A♥", transfer_in_first_bout=True)
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["transfer 7♣", "take"]
    g.play("transfer 7♣")
    assert (g.defender, g.to_act) == (2, 2)
    assert texts(g.legal_actions()) == ["transfer 7♦", "take"]
    g.play("transfer 7♦")
    assert (g.attacker, g.defender, g.to_act) == (2, 0, 0)  # the attack came round to seat 0
    assert [str(a) for a, _ in g.table] == ["7♠", "7♣", "7♦"]
    assert "of the attacking rank" in refused(g, "transfer 8♠", "R3.1")


def test_R3_2_transfer_only_before_any_card_is_beaten():
    g = game("perevodnoy", ["7♠ 7♣ 9♦ J♣ Q♦ 8♥", "8♠ 7♦ A♣ 10♣ K♦ 10♥"], turned="6♥",
             transfer_in_first_bout=True)
    g.play("attack 7♠ 7♣")
    assert "transfer 7♦" in texts(g.legal_actions())
    g.play("beat 7♠ 8♠")
    assert "transfer 7♦" not in texts(g.legal_actions())
    assert "beaten already" in refused(g, "transfer 7♦", "R3.2")


def test_R3_2_the_new_defender_must_hold_enough_cards():
    g = endgame("perevodnoy", ["7♠ 9♠ 10♠", "7♣ 10♦ J♦", "K♠"], trump="fixed:H")
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["take"]
    assert "seat 2 holds 1 card, fewer than the 2" in refused(g, "transfer 7♣", "R3.2")


def test_R3_2_the_bout_limit_still_holds():
    g = game("perevodnoy", ["7♠ 7♣ 7♦ J♣ Q♦ 8♥", "7♥ 8♠ A♣ 10♣ K♦ 10♥"], trump="none",
             transfer_in_first_bout=True, first_bout_limit=3)
    g.play("attack 7♠ 7♣ 7♦")
    assert "the limit is 3" in refused(g, "transfer 7♥", "R3.2")


def test_R3_3_the_transferring_player_becomes_main_attacker_throws_and_draws_first():
    g = game("perevodnoy", P3, turned="A♥", transfer_in_first_bout=True)
    play_all(g, "attack 7♠ | transfer 7♣")
    assert g.attacker == 1 and g.role(1) == "attacker" and g.role(0) == "thrower"
    g.play("take")  # seat 2 cannot beat; nobody holds another seven
    draws = [(e.seat, len(e.cards)) for e in g.history if e.kind == "draw"]
    assert draws == [(1, 1), (0, 1)]  # seat 1 draws before seat 0, who opened the bout
    assert (g.attacker, g.defender) == (0, 1)  # after the take: the player after the taker


def test_R3_4_no_transfer_in_the_first_bout_by_default():
    g = game("perevodnoy", P3, turned="A♥")
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["take"]
    assert "first bout" in refused(g, "transfer 7♣", "R3.4")


def test_R3_4_no_transfer_while_a_trump_lies_on_the_table():
    hands = ["7♥ 7♠ 9♠ 10♠ J♠ Q♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "7♦ 8♦ 9♦ 10♦ J♦ Q♦"]
    g = game("perevodnoy", hands, turned="A♥", transfer_in_first_bout=True)
    g.play("attack 7♥")  # an opening trump blocks transfers
    assert "a trump lies on the table" in refused(g, "transfer 7♣", "R3.4")
    g = game("perevodnoy", hands, turned="A♥", transfer_in_first_bout=True,
             transfer_with_trump_on_table=True)
    g.play("attack 7♥")
    assert g.can_play("transfer 7♣")


def test_R3_4_a_transfer_with_a_trump_is_allowed_and_blocks_the_next():
    hands = ["7♠ 8♠ 9♠ 10♠ J♠ Q♠", "7♥ 8♣ 9♣ 10♣ J♣ Q♣", "7♦ 8♦ 9♦ 10♦ J♦ Q♦"]
    g = game("perevodnoy", hands, turned="A♥", transfer_in_first_bout=True,
             first_lead="left_of_dealer")
    play_all(g, "attack 7♠ | transfer 7♥")
    assert "a trump lies on the table" in refused(g, "transfer 7♦", "R3.4")


def test_R3_4_no_going_out_by_transferring_the_last_cards():
    g = endgame("perevodnoy", ["7♠ 9♠", "7♣", "8♦ 9♦ 10♦"], trump="fixed:H")
    g.play("attack 7♠")
    assert "talon empty" in refused(g, "transfer 7♣", "R3.4")
    g = endgame("perevodnoy", ["7♠ 9♠", "7♣", "8♦ 9♦ 10♦"], trump="fixed:H",
                transfer_by_last_card=True)
    play_all(g, "attack 7♠ | transfer 7♣")
    assert g.out == (1,) and g.defender == 2


def test_R3_4_proezdnoy_shows_a_trump_which_stays_in_the_hand_once_per_bout():
    hands = ["7♠ 7♦ 9♠ 10♠ J♠ Q♠", "7♥ 8♣ 9♣ 10♣ J♣ Q♣"]
    opts = dict(turned="A♥", transfer_in_first_bout=True, first_lead="left_of_dealer")
    g = game("perevodnoy", hands, **opts)
    g.play("attack 7♠")
    assert "show 7♥" in texts(g.legal_actions())
    g.play("show 7♥")
    assert "7♥" in hand(g, 1) and len(g.table) == 1  # no attack card added
    assert (g.attacker, g.defender) == (1, 0)
    g.play("transfer 7♦")  # back to seat 1, who has shown his trump already in this bout
    assert "show 7♥" not in texts(g.legal_actions())
    assert "shown a trump already" in refused(g, "show 7♥", "R3.4")
    assert g.can_play("transfer 7♥")  # but he may still play it
    g = game("perevodnoy", hands, proezdnoy=False, **opts)
    g.play("attack 7♠")
    assert "not allowed" in refused(g, "show 7♥", "R3.4")


def test_R3_4_only_a_trump_can_be_shown():
    g = game("perevodnoy", P3, turned="A♥", transfer_in_first_bout=True)
    g.play("attack 7♠")
    assert "show exactly one trump" in refused(g, "show 7♣", "R3.4")


def test_R3_4_transfer_after_beating_perevodnoy_2():
    hands = ["7♠ 7♣ 9♦ J♣ Q♦ 8♥", "8♠ 7♦ A♣ 10♣ K♦ 10♥"]
    for allowed in (False, True):
        g = game("perevodnoy", hands, turned="6♥", transfer_in_first_bout=True,
                 transfer_after_beating=allowed)
        play_all(g, "attack 7♠ | beat 7♠ 8♠ | throw 7♣")
        assert g.can_play("transfer 7♦") is allowed
    g.play("transfer 7♦")
    assert g.defender == 0 and [str(a) for a, d in g.table if d is None] == ["7♣", "7♦"]


def test_R3_4_transfer_beat_only_new_perevodnoy_3():
    hands = ["7♠ 9♠ 10♠ J♠ Q♠ K♠", "7♣ 9♣ 10♣ J♣ Q♣ K♣", "7♦ 8♠ 8♣ 9♦ 10♦ J♦"]
    g = game("perevodnoy", hands, turned="A♥", transfer_in_first_bout=True,
             transfer_beat_only_new=True)
    play_all(g, "attack 7♠ | transfer 7♣")
    assert [a for a in texts(g.legal_actions()) if a.startswith("beat")] == ["beat 7♣ 8♣"]
    assert "passed on" in refused(g, "beat 7♠ 8♠", "R3.4")
    g.play("beat 7♣ 8♣")
    while g.attacker == 1:
        g.play("pass")
    assert {str(c) for c in g.discard} == {"7♠", "7♣", "8♣"}  # bito takes the passed-on card too


def test_R3_4_refusal_passes_the_cards_back_to_the_player_who_went_out():
    for allowed in (False, True):
        g = endgame("perevodnoy", ["7♠", "7♣ 9♦"], trump="fixed:H", refusal=allowed)
        g.play("attack 7♠")
        assert g.out == (0,)
        assert g.can_play("transfer 7♣") is allowed
    g.play("transfer 7♣")
    assert hand(g, 0) == "7♠ 7♣" and g.out == () and not g.is_over
    assert (g.attacker, g.defender) == (1, 0)


# -- R4: simple durak --------------------------------------------------------------------------

S5 = ["7♠ 7♣ 9♦ J♥ Q♠", "8♠ 8♣ 10♦ K♥ A♠"]


def test_R4_prostoy_A_one_card_a_pair_or_a_pair_plus_one_and_no_throw_ins():
    g = game("prostoy", S5, turned="6♥")
    assert len(g.hands[0]) == 5 and g.attacker == 0  # the player after the dealer attacks
    attacks = texts(g.legal_actions())
    assert attacks[:5] == ["attack 7♠", "attack 7♣", "attack 9♦", "attack J♥", "attack Q♠"]
    assert attacks[5:] == ["attack 7♠ 7♣", "attack 7♠ 7♣ 9♦", "attack 7♠ 7♣ J♥",
                           "attack 7♠ 7♣ Q♠"]
    assert "a pair plus one card" in refused(g, "attack 9♦ J♥", "R4")
    play_all(g, "attack 7♠ 7♣ 9♦ | beat 7♠ 8♠ | beat 7♣ 8♣ | beat 9♦ 10♦")
    assert g.table == [] and g.attacker == 1  # nobody may throw in: bito at once


def test_R4_prostoy_A_the_defender_beats_all_or_takes_all():
    g = game("prostoy", S5, turned="6♥")
    play_all(g, "attack 7♠ 7♣ | beat 7♠ 8♠ | take")
    assert "7♠" in hand(g, 1) and "8♠" in hand(g, 1) and g.discard == []
    assert g.attacker == 0  # the next player after the taker


def test_R4_prostoy_partial_B_beaten_pairs_are_discarded_the_rest_taken():
    g = game("prostoy_partial", S5, turned="6♥")
    play_all(g, "attack 7♠ 7♣ | beat 7♠ 8♠ | take")
    assert [str(c) for c in g.discard] == ["7♠", "8♠"]
    assert "7♣" in hand(g, 1) and "8♠" not in hand(g, 1)
    assert g.attacker == 0  # having taken anything, he loses his turn


def test_R4_prostoy_pairs_C_one_card_pair_plus_one_or_two_pairs_plus_one():
    g = game("prostoy_pairs", ["7♠ 7♣ 9♦ 9♥ Q♠", "8♠ 8♣ 10♦ K♥ A♠"], turned="6♥")
    attacks = [a for a in g.legal_actions()]
    assert sorted({len(a.cards) for a in attacks}) == [1, 3, 5]
    assert len([a for a in attacks if len(a.cards) == 3]) == 6
    assert texts(attacks)[-1] == "attack 7♠ 7♣ 9♦ 9♥ Q♠"
    assert "two pairs plus one card" in refused(g, "attack 7♠ 7♣", "R4")


def test_R4_prostoy_pair_only_D_pass_without_a_pair_then_a_single_card():
    hands = ["7♠ 8♣ 9♦ J♥ Q♠", "6♠ 8♠ 10♦ K♥ A♠", "7♣ 9♣ 10♣ J♣ K♣"]
    g = game("prostoy_pair_only", hands, turned="6♥")
    assert texts(g.legal_actions()) == ["pass"]
    assert "exactly one pair" in refused(g, "attack 7♠", "R4")
    g.play("pass")
    assert (g.attacker, g.defender) == (1, 2) and texts(g.legal_actions()) == ["pass"]
    play_all(g, "pass | pass")  # everyone has passed in turn
    assert g.attacker == 0 and "attack 7♠" in texts(g.legal_actions())
    assert "pass" not in texts(g.legal_actions())
    g.play("attack 7♠")
    assert g.to_act == 1


def test_R4_prostoy_pair_only_D_a_pair_must_attack():
    g = game("prostoy_pair_only", ["7♠ 7♣ 9♦ J♥ Q♠", "8♠ 8♣ 10♦ K♥ A♠"], turned="6♥")
    assert texts(g.legal_actions()) == ["attack 7♠ 7♣"]
    assert "must attack" in refused(g, "pass", "R4")


def test_R4_prostoy_two_the_lowest_trump_attacks_first():
    g = game("prostoy_two", ["7♠ Q♠ 7♣ J♣ 9♦ K♥", "9♠ 10♣ A♣ 7♦ K♦ 8♥"], turned="6♥")
    assert g.rules.first_lead == "lowest_trump"
    assert g.to_act == 1  # seat 1 holds 8♥, the lowest trump
    g = game("prostoy_two", ["7♠ Q♠ 7♥ J♣ 9♦ K♥", "9♠ 10♣ A♣ 7♦ K♦ 8♥"], turned="6♥")
    assert g.to_act == 0  # now seat 0 holds the lowest trump, 7♥
    g = game("prostoy_two", ["7♠ Q♠ 7♣ J♣ 9♦ K♠", "9♠ 10♣ A♣ 7♦ K♦ 8♣"], turned="6♥")
    assert g.to_act == 0  # nobody holds a trump: the player after the dealer (R1.3)


def test_R4_the_other_simple_durak_readings_keep_the_player_after_the_dealer():
    for name in ("prostoy", "prostoy_partial", "prostoy_pairs", "prostoy_pair_only"):
        g = game(name, ["7♠ Q♠ 7♣ J♣ 9♦", "9♠ 10♣ A♣ 7♦ 8♥"], turned="6♥")
        assert g.rules.first_lead == "left_of_dealer" and g.to_act == 0, name


def test_R4_prostoy_two_one_card_or_two_of_a_rank_six_cards_two_players():
    g = game("prostoy_two", ["7♠ 7♣ 7♦ J♥ Q♠ K♠", "8♠ 8♣ 10♦ K♥ A♠ A♣"], turned="6♥")
    assert {len(a.cards) for a in g.legal_actions()} == {1, 2}
    assert "two of a rank" in refused(g, "attack 7♠ 7♣ 7♦", "R4")
    assert new_game("prostoy_two", deck=52, seed=1).talon_size == 52 - 12


# -- R5: teams ---------------------------------------------------------------------------------

def test_R5_only_the_defenders_opponents_throw_in():
    hands = ["6♠ 6♥ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦",
             "6♣ Q♦ K♦ A♦ Q♠ K♠"]
    g = game("podkidnoy_teams", hands, turned="A♥")
    play_all(g, "attack 6♠ | take")
    asked = []
    while g.attacker == 0:
        asked.append(g.to_act)
        g.play("pass")
    assert asked == [0, 2]  # seat 3 is the defender's partner: he holds 6♣ but never throws


def test_R5_an_out_players_seat_is_played_by_his_partner():
    # seats 1 and 3 are partners; seat 3 is out, so seat 1 attacks seat 0 from seat 3
    g = endgame("podkidnoy_teams", ["9♠ 10♠", "7♠ 8♣", "K♦", ""], attacker=3, trump="fixed:H")
    assert (g.attacker, g.defender, g.to_act) == (3, 0, 1)
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    # seat 0 beat off: he attacks next, against seat 1
    assert (g.attacker, g.defender, g.to_act) == (0, 1, 0)


def test_R5_a_team_wins_when_all_its_players_are_out():
    g = endgame("podkidnoy_teams", ["7♠", "9♦", "", "K♣"], trump="fixed:H")
    play_all(g, "attack 7♠ | take")
    r = g.result
    assert r.winners == (0, 2) and r.losers == (1, 3) and r.durak is None and not r.draw


def test_R5_both_teams_empty_at_once_is_a_draw():
    g = endgame("podkidnoy_teams", ["7♠", "9♠", "", ""], trump="fixed:H")
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    assert g.result.draw and g.result.winners == ()


def test_R5_a_transfer_goes_to_whoever_plays_the_next_seat():
    g = endgame("perevodnoy_teams", ["7♦ 9♠ 10♠", "7♣ K♥", "", "8♦ 9♥"], trump="fixed:H")
    play_all(g, "attack 7♦ | transfer 7♣")
    assert (g.defender, g.to_act, g.attacker) == (2, 0, 1)  # seat 2 is out; seat 0 plays it


# -- R6: spades by spades ------------------------------------------------------------------------

def test_R6_spades_beat_and_are_beaten_only_by_spades_queen_highest():
    g = game("japanese_diamonds", ["7♠ 7♣ 9♦ J♥ Q♠ 8♥", "8♠ 8♣ 10♦ K♥ A♠ A♣"])
    assert str(g.trump) == "♦" and g.trump_card is None and g.talon_size == 24
    assert g.beats("8♠", "7♠") and not g.beats("9♦", "7♠")  # a trump cannot beat a spade
    assert not g.beats("7♠", "6♥") and not g.beats("A♠", "8♥")  # a spade beats only spades
    assert g.beats("Q♠", "A♠") and g.beats("Q♠", "K♠") and not g.beats("A♠", "Q♠")
    assert g.beats("9♦", "A♥")  # other suits as usual
    g.play("attack 7♠")  # 9♦ is the lowest trump: seat 0 leads
    assert "spade is beaten only by a higher spade" in refused(g, "beat 7♠ 10♦", "R2.3")
    assert texts(g.legal_actions()) == ["beat 7♠ 8♠", "beat 7♠ A♠", "take"]


def test_R6_japanese_spades_a_turned_spade_means_no_trump():
    g = game("japanese_spades", ["7♠ 7♣ 9♦ J♥ Q♠ 8♥", "8♠ 8♣ 10♦ K♥ A♠ A♣"], turned="6♠")
    assert g.trump is None and str(g.trump_card) == "6♠" and "no trump" in str(g.history[1])
    assert not g.beats("A♦", "7♣")


def test_R6_japanese_spades_a_turned_heart_is_trump_but_never_beats_spades():
    g = game("japanese_spades", ["7♠ 7♣ 9♦ J♥ Q♠ 8♥", "8♠ 8♣ 10♦ K♥ A♠ A♣"], turned="6♥")
    assert str(g.trump) == "♥" and g.beats("6♥", "A♣") and not g.beats("6♥", "7♠")


def test_R6_spade_turned_reshuffle_puts_it_back_and_turns_the_next_card():
    g = game("japanese_spades", ["7♠ 7♣ 9♦ J♥ Q♠ 8♥", "8♠ 8♣ 10♦ K♥ A♠ A♣"], turned="6♠",
             talon="9♠ 6♥", spade_turned="reshuffle")
    assert str(g.trump_card) == "6♥" and str(g.trump) == "♥"
    assert g.talon_size == 24 and g.talon[-1] is g.trump_card
    middle = g.talon[len(g.talon) // 2 - 2: len(g.talon) // 2 + 2]
    assert any(str(c) == "6♠" for c in middle)  # back in the middle of the talon


def test_R6_a_reshuffled_spade_is_known_to_be_in_the_talon_until_drawn():
    g = game("japanese_spades", ["7♠ 7♣ 9♦ J♥ Q♠ 8♥", "8♠ 8♣ 10♦ K♥ A♠ A♣"], turned="6♠",
             talon="9♠ 6♥", spade_turned="reshuffle")
    v = g.view(0)
    assert [str(c) for c in g.reshuffled] == ["6♠", "9♠"]  # 9♠ came up next: back it went too
    assert not set(g.reshuffled) & set(v.unknown)
    assert v.unknown_in_talon == 24 - 3  # the two spades and the trump card are placed
    assert any(e.kind == "trump" and "6♠" in e.text for e in g.history)


def test_R3_4_a_refusal_may_not_pass_back_the_last_card_unless_transfer_by_last_card():
    for allowed in (False, True):
        g = endgame("perevodnoy", ["7♠", "7♣"], trump="fixed:H", refusal=True,
                    transfer_by_last_card=allowed)
        g.play("attack 7♠")
        assert g.can_play("transfer 7♣") is allowed


def test_R5_the_defenders_partner_trying_to_throw_in_is_told_why():
    hands = ["6♠ 6♥ 8♠ 9♠ 10♠ J♠", "7♣ 8♣ 9♣ 10♣ J♣ Q♣", "6♦ 7♦ 8♦ 9♦ 10♦ J♦",
             "6♣ Q♦ K♦ A♦ Q♠ K♠"]
    g = game("podkidnoy_teams", hands, turned="A♥")
    play_all(g, "attack 6♠ | take")
    assert "defender's partner" in refused(g, "throw 6♣", "R5", seat=3)
    g = game("podkidnoy", hands, turned="A♥", throw_in="neighbours")
    play_all(g, "attack 6♠ | take")
    assert "throw_in='neighbours'" in refused(g, "throw 6♣", "R2.4", seat=3)
    assert "seat 0's turn" in refused(g, "throw 6♦", "R2.5", seat=2)  # he may, but not yet
