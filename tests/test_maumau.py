"""The shedding family (R8): Japanese durak as mau-mau, its seven seed variants and ``Match``.

One test per rule clause, named after it, each on a hand-built deal (``game(...)`` deals the
listed hands, seat 0 first, and puts ``talon`` on top of the talon) so every expectation can be
checked by eye. Then property tests over every preset: random play keeps every card, accepts every
listed action, refuses unlisted ones, undoes exactly and always ends.
"""

import random

import pytest
from hypothesis import given, settings, strategies as st

from durak_edu import (VARIANTS, Attack, Draw, IllegalAction, Pass, Play, Take, cards, deck,
                       new_game)
from durak_edu.cards import Suit, mask_of
from durak_edu.games.maumau import MaumauGame, MaumauRules, Match, lot_starter
from helpers import DEEP, deal_order, fingerprint, game, play_all, refused, texts

PRESETS = ["japanese_maumau", "maumau_draw_one", "maumau_32", "maumau_jack", "maumau_english",
           "maumau_pharaoh", "maumau_pentagon", "maumau_crocodile"]

#: three hands used by several tests (seat 0 starts)
THREE = ["9♠ 7♣ 8♦ J♥ K♥", "10♠ 9♦ K♣ 8♥ 6♣", "J♠ 7♦ 10♣ J♣ A♥"]


def hand(g, seat):
    return " ".join(map(str, g.hands[seat]))


def kinds(g, last):
    return [(e.kind, e.text) for e in g.history[-last:]]


# -- the presets ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PRESETS)
def test_every_shedding_preset_is_registered_with_titles_and_clause(name):
    v = VARIANTS[name]
    assert v.family == "shedding" and isinstance(v.rules, MaumauRules)
    assert v.title and v.title_ru and len(v.summary) > 60
    assert v.clause == ("R8" if name == "japanese_maumau" else "R8.5")
    assert v.rules.player_range() == range(2, 7)
    g = new_game(name, players=3, seed=1)
    assert isinstance(g, MaumauGame) and g.variant == name and g.rules == v.rules
    assert g.trump is None and g.discard == []


def test_shedding_options_are_checked_and_override_the_preset():
    g = new_game("japanese_maumau", players=2, seed=1, draw="one")
    assert g.options() == {"draw": "one"}
    with pytest.raises(ValueError, match=r"draw='some'.*'until_playable', 'one'"):
        new_game("japanese_maumau", players=2, seed=1, draw="some")
    with pytest.raises(ValueError, match=r"wild_rank=5 must be a rank of the 36-card deck"):
        new_game("japanese_maumau", players=2, seed=1, wild_rank=5)
    with pytest.raises(ValueError, match=r"unknown option 'bout_limit' for the shedding family"):
        new_game("japanese_maumau", players=2, seed=1, bout_limit=6)
    with pytest.raises(ValueError, match=r"7 players need 35 cards|for 2 to 6 players"):
        new_game("japanese_maumau", players=7, seed=1)
    with pytest.raises(ValueError, match=r"cannot deal for 4 players: 4 players need 40 cards"):
        new_game("japanese_maumau", players=4, seed=1, hand_size=10)


# -- R8.1 the base game ----------------------------------------------------------------------------

def test_R8_1_five_cards_each_no_trump_the_talon_face_down():
    order = deck(36)
    random.Random(4).shuffle(order)
    g = new_game("japanese_maumau", players=3, deck_order=order)
    for seat in range(3):  # one card at a time, clockwise from seat 0 (the dealer is seat 2)
        assert set(g.hands[seat]) == set(order[seat:15:3])
    assert g.talon_size == 21 and g.table == [] and g.top is None
    assert g.trump is None and g.trump_card is None
    v = g.view(0)
    assert v.unknown_in_talon == 21 and len(v.unknown) == 31 and v.hand_sizes == (5, 5, 5)
    assert g.history[0].kind == "deal"


def test_R8_1_the_first_starter_is_drawn_by_lot_from_the_deck():
    for seed in range(20):
        g = new_game("japanese_maumau", players=4, seed=seed)
        assert g.to_act == lot_starter(g.deck_order, 4)
        assert g.history[-1].text.endswith("starts: chosen by lot (R8.1)")
        assert not g.history[-1].cards  # the lot shows no card
    # The bottom card decides: A♥ is number 35 of the fresh deck; 35 mod 3 = 2.
    assert lot_starter(deck(36), 3) == 2
    # Every seat is equally likely: the kept numbers 0 .. limit-1 pick each seat equally often.
    fresh = deck(36)
    for players in range(2, 7):
        limit = 36 - 36 % players
        seats = [lot_starter(fresh[:k] + fresh[k + 1:] + [fresh[k]], players)
                 for k in range(limit)]
        assert seats == [k % players for k in range(limit)]
        assert len({seats.count(p) for p in range(players)}) == 1
    # With 5 players (36 mod 5 = 1) the last number, A♥ = 35, is passed over: the card above the
    # bottom decides (here K♥ = 34, and 34 mod 5 = 4).
    assert lot_starter(fresh, 5) == 4


def test_R8_1_later_games_the_lead_argument_starts():
    g = new_game("japanese_maumau", players=3, seed=1, lead=2)
    assert g.to_act == 2 and g.history[-1].text == "seat 2 starts: the previous winner (R8.1)"


def test_R8_1_the_starter_plays_any_card():
    g = game("japanese_maumau", ["9♠ 7♣ 8♦ J♥ K♥", "Q♥ 6♠ 9♦ K♣ 10♥"], lead=1)
    assert g.to_act == 1
    assert texts(g.legal_actions()) == [
        "play 6♠", "play 9♦", "play 10♥", "play Q♥", "play Q♥ call S", "play Q♥ call C",
        "play Q♥ call D", "play Q♥ call H", "play K♣"]


def test_R8_1_each_player_matches_the_top_cards_suit_or_rank():
    g = game("japanese_maumau", THREE, lead=0)
    g.play("play 9♠")
    assert g.to_act == 1 and g.top == cards("9♠")[0]
    assert texts(g.legal_actions()) == ["play 9♦", "play 10♠"]
    msg = refused(g, "play K♣", "R8.1")
    assert msg == "R8.1: K♣ matches neither the suit nor the rank of the top card 9♠; you may play 9♦ 10♠"
    assert "does not hold 7♣" in refused(g, "play 7♣", "R8.1")
    assert "it is seat 1's turn, not seat 2's" in refused(g, "play 10♠", "R8.1", seat=2)
    assert "not a move in mau-mau" in refused(g, Take(), "R8.1")
    refused(g, Attack("10♠"), "R8.1")
    g.play("play 10♠")
    assert g.to_act == 2 and texts(g.legal_actions()) == ["play 10♣", "play J♠"]


def test_R8_1_a_special_opening_card_acts_on_the_next_player():
    g = game("japanese_maumau", ["7♠ 9♣ 8♦ J♥ K♥", THREE[1], THREE[2]], talon="A♦ 6♦", lead=0)
    g.play("play 7♠")
    assert kinds(g, 3) == [("action", "seat 0 plays 7♠"),
                           ("draw", "seat 1 draws a card (R8.3: 7♠)"),
                           ("skip", "seat 1 misses a turn (R8.3: 7♠)")]
    assert g.history[-2].private and g.history[-2].cards == cards("A♦")
    assert g.to_act == 2 and "A♦" in hand(g, 1) and g.talon_size == 20


# -- R8.2 drawing ----------------------------------------------------------------------------------

def test_R8_2_draw_only_while_holding_no_playable_card():
    g = game("japanese_maumau", THREE, lead=0)
    g.play("play 9♠")
    assert "Draw()" not in map(repr, g.legal_actions())
    msg = refused(g, "draw", "R8.2")
    assert msg == "R8.2: you may draw only while you hold no playable card; you may play 9♦ 10♠"
    assert "you must play: you may play 9♦ 10♠" in refused(g, "pass", "R8.2")


def test_R8_2_draw_one_at_a_time_until_playable_then_play_it():
    g = game("japanese_maumau", ["9♠ 7♣ 8♦ J♥ K♥", "10♦ K♣ 8♥ 6♣ A♦", "9♣ 6♦ 10♣ J♣ A♥"],
             talon="8♣ 7♦ J♠ 6♥", lead=0)
    g.play("play 9♠")
    assert texts(g.legal_actions()) == ["draw"]
    assert "you may not pass while you can draw" in refused(g, "pass", "R8.2")
    g.play("draw")                      # 8♣: no good
    assert texts(g.legal_actions()) == ["draw"] and g.to_act == 1
    g.play("draw")                      # 7♦: no good
    g.play("draw")                      # J♠ matches the suit
    assert texts(g.legal_actions()) == ["play J♠"]
    refused(g, "draw", "R8.2")
    refused(g, "pass", "R8.2")
    assert g.history[-1].kind == "draw" and g.history[-1].private
    # Drawn cards are private: seat 2 cannot name them; seat 1 sees them in his hand.
    v2 = g.view(2)
    assert v2.hand_sizes[1] == 8 and v2.known[1] == ()
    assert {str(c) for c in cards("8♣ 7♦ J♠")} <= {str(c) for c in v2.unknown}
    assert set(cards("8♣ 7♦ J♠")) <= set(g.view(1).hand)
    g.play("play J♠")
    assert g.to_act == 2 and g.table == list(cards("9♠ J♠"))


#: two hands of 18: the whole deck is dealt, so the talon is empty from the start
REBUILD = ["6♠ 7♠ 8♠ 9♠ 10♠ Q♠ K♠ A♠ Q♣ Q♦ Q♥ 10♣ 10♦ 10♥ 6♣ 7♣ 8♣ 9♣",
           "J♠ J♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ J♦ K♦ A♦ 6♥ 7♥ 8♥ 9♥ J♥ K♥ A♥"]


def test_R8_2_the_pile_but_its_top_card_is_turned_over_as_the_new_talon():
    g = game("japanese_maumau", REBUILD, lead=0, hand_size=18)
    assert g.talon_size == 0
    play_all(g, "play 9♠ | play J♠ | play 10♠")
    assert texts(g.legal_actions()) == ["draw"]
    g.play("draw")
    assert kinds(g, 3) == [
        ("action", "seat 1 draws a card"),
        ("rebuild", "the talon is empty: the pile but its top card 10♠ is turned over as the new "
                    "talon (2 cards, R8.2)"),
        ("draw", "seat 1 draws a card: 9♠ from the rebuilt talon")]
    # Turned over, not shuffled: the pile's bottom card (9♠) is drawn first, J♠ is next.
    assert g.table == list(cards("10♠")) and g.talon_size == 1
    assert texts(g.legal_actions()) == ["play 9♠"]
    # Every card of the rebuilt talon was seen: the drawn card is public, the talon known.
    assert not g.history[-1].private
    v = g.view(0)
    assert cards("9♠")[0] in v.known[1] and v.unknown_in_talon == 0
    assert cards("J♠")[0] not in v.unknown
    assert "talon 1 (rebuilt, face known)" in str(g)


def test_R8_2_with_nothing_to_draw_he_passes():
    hands = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ Q♣ Q♦ 6♥ 7♥ 8♥ 9♥ 10♥ Q♥ A♥",
             "6♣ 7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ K♦ A♦ J♥ K♥"]
    g = game("japanese_maumau", hands, lead=0, hand_size=18)
    g.play("play Q♠")  # no call: a spade or a queen must follow; seat 1 has neither
    assert texts(g.legal_actions()) == ["pass"]
    assert "nothing to draw: the talon is empty and the pile holds only its top card" in \
        refused(g, "draw", "R8.2")
    g.play("pass")
    assert g.to_act == 0 and "1 pass in a row with nothing to draw" in str(g)


# -- R8.3 special cards --------------------------------------------------------------------------

def test_R8_3_a_six_makes_the_next_player_draw_two_and_miss_his_turn():
    g = game("japanese_maumau", ["9♠ 7♣ 8♦ J♥ K♥", "6♠ 9♦ K♣ 8♥ 6♣", THREE[2]],
             talon="A♦ 6♦", lead=0)
    play_all(g, "play 9♠ | play 6♠")
    assert kinds(g, 2) == [("draw", "seat 2 draws 2 cards (R8.3: 6♠)"),
                           ("skip", "seat 2 misses a turn (R8.3: 6♠)")]
    assert g.to_act == 0 and len(g.hands[2]) == 7 and set(cards("A♦ 6♦")) <= set(g.hands[2])


def test_R8_3_a_seven_makes_the_next_player_draw_one_and_miss_his_turn():
    g = game("japanese_maumau", ["9♠ 7♣ 8♦ J♥ K♥", "7♠ 9♦ K♣ 8♥ 6♣", THREE[2]],
             talon="A♦", lead=0)
    play_all(g, "play 9♠ | play 7♠")
    assert g.to_act == 0 and len(g.hands[2]) == 6 and "A♦" in hand(g, 2)


def test_R8_3_an_ace_makes_the_next_player_miss_his_turn():
    g = game("japanese_maumau", ["A♠ 7♣ 8♦ J♥ K♥", THREE[1], THREE[2]], lead=0)
    g.play("play A♠")
    assert g.history[-1].text == "seat 1 misses a turn (R8.3: A♠)"
    assert g.to_act == 2 and len(g.hands[1]) == 5 and g.talon_size == 21
    two = game("japanese_maumau", ["A♠ 7♣ 8♦ J♥ K♥", THREE[1]], lead=0)
    two.play("play A♠")
    assert two.to_act == 0  # with two players he plays again


QUEEN = ["9♠ 8♦ 7♣ J♥ K♥", "Q♥ 10♦ K♣ 8♥ 6♣", "8♣ 9♦ 10♥ Q♣ A♥"]


def test_R8_3_the_queen_is_wild_and_may_call_any_suit_its_own_included():
    g = game("japanese_maumau", QUEEN, lead=0)
    g.play("play 9♠")
    assert texts(g.legal_actions()) == ["play Q♥", "play Q♥ call S", "play Q♥ call C",
                                        "play Q♥ call D", "play Q♥ call H"]
    assert g.play(Play("Q♥", call="D")).text == "seat 1 plays Q♥ and calls ♦"
    assert g.called == Suit.DIAMONDS and "top Q♥ · called ♦" in str(g)
    # The next card must be a diamond or another queen.
    assert texts(g.legal_actions()) == ["play 9♦", "play Q♣", "play Q♣ call S", "play Q♣ call C",
                                        "play Q♣ call D", "play Q♣ call H"]
    msg = refused(g, "play 10♥", "R8.3")
    assert msg.startswith("R8.3: ♦ was called: play a ♦ or a queen, not 10♥; you may play 9♦ Q♣")
    g.play("play 9♦")
    # After it, matching by suit or rank resumes.
    assert g.called is None and texts(g.legal_actions()) == ["play 8♦"]


def test_R8_3_another_queen_may_answer_a_call():
    g = game("japanese_maumau", QUEEN, lead=0)
    play_all(g, "play 9♠ | play Q♥ call D | play Q♣ call S")
    assert g.called == Suit.SPADES and g.to_act == 0
    assert texts(g.legal_actions()) == ["draw"]  # no spade left, no queen


def test_R8_3_a_queen_played_without_a_call_is_matched_like_any_card():
    g = game("japanese_maumau", QUEEN, lead=0)
    play_all(g, "play 9♠ | play Q♥")
    assert g.called is None
    assert texts(g.legal_actions())[:2] == ["play 10♥", "play Q♣"]
    assert texts(g.legal_actions())[-1] == "play A♥"
    refused(g, "play 9♦", "R8.1")


def test_R8_3_only_the_queen_may_call_a_suit():
    g = game("japanese_maumau", THREE, lead=0)
    g.play("play 9♠")
    msg = refused(g, "play 10♠ call H", "R8.3")
    assert msg == "R8.3: only a queen may call a suit; play 10♠ without a call"


# -- R8.4 the end and the points --------------------------------------------------------------------

def test_R8_4_the_first_player_out_wins_and_his_last_card_does_nothing():
    g = game("japanese_maumau", ["9♠ 6♠", "10♠ 8♥", "J♠ A♥"], lead=0, hand_size=2)
    play_all(g, "play 9♠ | play 10♠ | play J♠ | play 6♠")
    assert g.is_over and g.to_act is None
    assert [e.kind for e in g.history[-3:]] == ["action", "out", "game_over"]
    assert len(g.hands[1]) == 1  # the six's draw 2 was not carried out
    r = g.result
    assert r.winners == (0,) and r.out_order == (0,)
    assert r.scores == {0: 0, 1: 8, 2: 11}
    assert r.losers == (2,) and r.durak == 2  # the most points
    assert g.history[-1].text == "game over: seat 0 wins; points: seat 0 0, seat 1 8, seat 2 11"
    assert "result: seat 0 wins; points: seat 0 0, seat 1 8, seat 2 11" in str(g)
    assert "the game is over" in refused(g, "draw", "R8.4")


def test_R8_4_penalty_points():
    g = new_game("japanese_maumau", players=2, seed=1)
    assert g.points(cards("J♠ Q♠ K♠ A♠")) == 2 + 3 + 4 + 11
    assert g.points(cards("6♠ 7♦ 8♣ 9♥ 10♠")) == 40
    assert g.points(cards("Q♦")) == 20          # a hand of one single queen
    assert g.points(cards("Q♦ Q♠")) == 6
    assert g.points(cards("Q♦ 6♠")) == 9
    assert g.points(()) == 0


def position(variant, hands, pile, to_act=0, **options):
    """White-box: a game with these hands, this pile (bottom first) and an empty talon. All 36
    cards must be placed, so the position is one a real game can reach."""
    g = new_game(variant, players=len(hands), seed=0, lead=0, **options)
    s = g._s
    s.hands = [mask_of(cards(h)) for h in hands]
    s.pile, s.talon, s.pos, s.phase, s.to_act = cards(pile), (), 0, "play", to_act
    assert sum(len(cards(h)) for h in hands) + len(s.pile) == g.rules.deck
    g._history.clear()
    g._legal_cache = None
    return g


def test_R8_4_a_game_going_round_in_circles_ends_and_every_hand_is_scored():
    # Seat 0 can follow neither clubs nor diamonds nor an ace, and has no queen; the pile is
    # A♣ A♦. He must draw A♣ back and play it (seat 1 misses a turn), draw A♦ and play it, …
    g = position("japanese_maumau",
                 ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥",
                  "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ Q♠ Q♥ A♠ A♥"],
                 pile="A♣ A♦")
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert len(legal) == 1 and g.to_act == 0  # every move is forced
        g.play(legal[0])
        steps += 1
    assert [e.text for e in g.history[:5]] == [
        "seat 0 draws a card",
        "the talon is empty: the pile but its top card A♦ is turned over as the new talon "
        "(1 card, R8.2)",
        "seat 0 draws a card: A♣ from the rebuilt talon",
        "seat 0 plays A♣",
        "seat 1 misses a turn (R8.3: A♣)"]
    # The position after the first turn-over comes back every four moves; the third time ends it.
    assert steps == 1 + 4 * (MaumauGame.REPETITIONS - 1) == 9
    r = g.result
    assert r.winners == () and r.out_order == () and not r.draw
    assert r.scores == {p: g.points(g.hands[p]) for p in (0, 1)}
    assert r.losers == (1,) and r.durak == 1
    assert g.history[-1].text.startswith(
        "game over: the same position came round a third time after turning the pile over, so play "
        "would go round in circles; every hand is scored (R8.4)")
    assert MaumauGame.REPETITIONS == 3


def test_R8_4_when_nobody_can_play_or_draw_the_game_ends_and_every_hand_is_scored():
    # White-box: with a whole deck this position cannot arise (see the property test below), so
    # the cards not in these hands are simply out of play.
    g = new_game("japanese_maumau", players=2, seed=0, lead=0)
    s = g._s
    s.hands = [mask_of(cards("7♥")), mask_of(cards("8♣"))]
    s.pile, s.talon, s.pos, s.phase, s.to_act = cards("9♠"), (), 0, "play", 0
    g._legal_cache = None
    assert texts(g.legal_actions()) == ["pass"]
    g.play("pass")
    assert not g.is_over and texts(g.legal_actions()) == ["pass"]
    g.play("pass")
    r = g.result
    assert r.winners == () and r.scores == {0: 7, 1: 8} and r.losers == (1,)
    assert g.history[-1].text == ("game over: nobody can play or draw; every hand is scored (R8.4); "
                                  "points: seat 0 7, seat 1 8")


def test_R8_4_a_match_adds_games_up_and_the_winner_starts_the_next():
    first = deal_order(["8♠ 9♠", "8♣ K♦"], talon="10♥ K♠")
    m = Match("japanese_maumau", players=2, deck_order=first, hand_size=2, names=["Anna", "Boris"])
    g = m.game
    # Bottom card A♥ = 35 of the fresh deck, 35 mod 2 = 1: Boris starts by lot.
    assert g.to_act == 1 == lot_starter(g.deck_order, 2)
    with pytest.raises(ValueError, match="not over yet"):
        m.next_game()
    play_all(g, "play 8♣ | play 8♠ | draw | draw | play K♠ | play 9♠")
    assert g.result.winners == (0,) and g.result.scores == {0: 0, 1: 14}
    assert m.scores == [(0, 14)] and m.totals == (0, 14) and m.leader == (0,)
    nxt = m.next_game(seed=5)
    assert nxt is m.game and len(m.games) == 2
    assert nxt.to_act == 0 and nxt.history[-1].text == "seat 0 (Anna) starts: the previous winner (R8.1)"
    assert nxt.rules.hand_size == 2 and nxt.names == ("Anna", "Boris")
    text = str(m)
    assert "seat 0 (Anna)" in text and "total" in text and text.splitlines()[1].split()[-1] == "(Anna)"
    with pytest.raises(ValueError, match="adds up mau-mau games"):
        Match("podkidnoy", players=2, seed=1)


# -- R8.5 the seed variants --------------------------------------------------------------------------

def test_R8_5_variant_1_draw_one_card_only_then_pass():
    g = game("maumau_draw_one", ["9♠ 7♣ 8♦ J♥ K♥", "10♦ K♣ 8♥ 6♣ A♦", "9♣ 6♦ 10♣ J♣ A♥"],
             talon="8♣ J♠", lead=0)
    g.play("play 9♠")
    g.play("draw")  # 8♣ cannot be played
    assert texts(g.legal_actions()) == ["pass"]
    assert "this variant draws one card only" in refused(g, "draw", "R8.5")
    g.play("pass")
    assert g.to_act == 2 and "has drawn" not in str(g)
    # A playable card drawn is played.
    h = game("maumau_draw_one", ["9♠ 7♣ 8♦ J♥ K♥", "10♦ K♣ 8♥ 6♣ A♦", "9♣ 6♦ 10♣ J♣ A♥"],
             talon="J♠", lead=0)
    play_all(h, "play 9♠ | draw")
    assert texts(h.legal_actions()) == ["play J♠"]


def test_R8_5_variant_2_thirty_two_cards_seven_draws_two_eight_draws_one():
    hands = ["7♠ 9♦ 10♣ J♥ K♥", "10♦ K♣ 9♥ A♦ J♣", "8♠ 9♣ 10♥ K♦ A♣"]
    g = new_game("maumau_32", players=3, deck_order=deal_order(hands, talon="A♠ K♠ J♠", size=32), lead=0)
    assert g.rules.deck == 32 and g.talon_size == 17
    g.play("play 7♠")
    assert kinds(g, 2)[1] == ("skip", "seat 1 misses a turn (R8.3: 7♠)")
    assert len(g.hands[1]) == 7 and g.to_act == 2
    g.play("play 8♠")
    assert len(g.hands[0]) == 5 and g.to_act == 1 and "J♠" in hand(g, 0)
    refused(g, "play 6♠", "R8.1")  # no sixes in a 32-card deck


def test_R8_5_variant_3_the_dealer_turns_his_last_card_and_the_jack_is_wild():
    hands = ["10♠ 9♦ K♣ 8♥ 6♣ A♦", "Q♦ 8♦ 10♣ K♥ A♥ 9♣", "J♥ 7♦ 10♥ J♣ A♣ 9♠"]
    g = game("maumau_jack", hands)
    assert g.dealer == 2 and g.trump_card == cards("9♠")[0] and g.table == list(cards("9♠"))
    assert g.history[1].text == "the dealer seat 2 turns up his last card 9♠: it is his lead (R8.5)"
    assert len(g.hands[2]) == 5 and g.to_act == 0 and g.talon_size == 18
    g.play("play 10♠")
    # Seat 1: no spade, no ten; the queen is an ordinary card here.
    assert texts(g.legal_actions()) == ["play 10♣"]
    refused(g, "play Q♦", "R8.1")
    assert "only a jack may call a suit" in refused(g, "play 10♣ call H", "R8.3")
    g.play("play 10♣")
    assert texts(g.legal_actions())[:6] == ["play 10♥", "play J♣", "play J♣ call S",
                                            "play J♣ call C", "play J♣ call D", "play J♣ call H"]
    g.play("play J♥ call D")
    assert g.called == Suit.DIAMONDS and texts(g.legal_actions()) == ["play 9♦", "play A♦"]


def test_R8_5_variant_3_a_turned_special_acts_on_the_next_player():
    hands = ["10♠ 9♦ K♣ 8♥ 6♣ A♦", "Q♦ 8♦ 10♣ K♥ A♥ 9♣", "J♥ 7♦ 10♥ J♣ A♣ 7♠"]
    g = game("maumau_jack", hands, talon="6♥")
    assert g.to_act == 1 and "6♥" in hand(g, 0)
    assert g.history[-1].text == "seat 0 misses a turn (R8.3: 7♠)"


def test_R8_5_variant_3_whoever_holds_a_jack_at_the_end_loses():
    hands = ["10♠ A♠", "J♥ 8♠", "K♣ 9♠"]
    g = game("maumau_jack", hands, talon="K♠", hand_size=2)
    play_all(g, "play 10♠ | play 8♠ | draw | play K♠ | play A♠")
    r = g.result
    assert r.winners == (0,) and r.scores == {0: 0, 1: 2, 2: 4}
    assert r.losers == (1,) and r.durak == 1  # whatever the points
    plain = game("maumau_jack", hands, talon="K♠", hand_size=2, wild_holder_loses=False)
    play_all(plain, "play 10♠ | play 8♠ | draw | play K♠ | play A♠")
    assert plain.result.losers == (2,)


ENGLISH = ["A♠ 9♠ 7♣ 8♦ J♥", "10♦ K♣ 8♥ 6♣ 9♥", "J♠ 7♦ 10♣ J♣ K♥"]


def test_R8_5_variant_4_english_the_ace_allows_one_more_card_and_a_call():
    g = game("maumau_english", ENGLISH, lead=0)
    g.play("play A♠")
    assert g.to_act == 0 and "English ace: seat 0 may add a ♠ card and call a suit" in str(g)
    assert texts(g.legal_actions()) == ["play 9♠", "play 9♠ call C", "play 9♠ call D",
                                        "play 9♠ call H", "pass"]
    assert "the extra card must be of the ace's suit ♠, not 7♣" in refused(g, "play 7♣", "R8.5")
    assert "name a suit other than the ace's ♠" in refused(g, "play 9♠ call S", "R8.5")
    assert "you hold a ♠ card to add (9♠): play it or pass" in refused(g, "draw", "R8.5")
    g.play("play 9♠ call H")
    assert g.called == Suit.HEARTS and g.to_act == 1  # the ace made nobody miss a turn
    assert texts(g.legal_actions()) == ["play 8♥", "play 9♥"]


def test_R8_5_variant_4_english_lacking_a_card_he_draws_one_then_loses_the_call():
    hands = ["A♠ 7♣ 8♦ J♥ K♦", "10♠ K♣ 8♥ 6♣ 9♥", "J♠ 7♦ 10♣ J♣ K♥"]
    g = game("maumau_english", hands, talon="6♥ 8♣", lead=0)
    g.play("play A♠")
    assert texts(g.legal_actions()) == ["draw"]
    assert "lacking a ♠ card you must draw one card first" in refused(g, "pass", "R8.5")
    g.play("draw")  # 6♥: still unable
    assert texts(g.legal_actions()) == ["pass"]
    assert "you draw only one card" in refused(g, "draw", "R8.5")
    g.play("pass")
    assert g.to_act == 1 and "the call goes to whoever puts a ♠ on the ace" in str(g)
    # The next player to put a card of the ace's suit on it may call.
    assert texts(g.legal_actions()) == ["play 10♠", "play 10♠ call C", "play 10♠ call D",
                                        "play 10♠ call H"]
    g.play("play 10♠ call D")
    assert g.called == Suit.DIAMONDS and g.to_act == 2 and texts(g.legal_actions()) == ["play 7♦"]


def test_R8_5_variant_4_english_a_drawn_card_of_the_aces_suit_may_be_added():
    hands = ["A♠ 7♣ 8♦ J♥ K♦", "10♠ K♣ 8♥ 6♣ 9♥", "J♠ 7♦ 10♣ J♣ K♥"]
    g = game("maumau_english", hands, talon="8♠", lead=0)
    play_all(g, "play A♠ | draw")
    assert texts(g.legal_actions()) == ["play 8♠", "play 8♠ call C", "play 8♠ call D",
                                        "play 8♠ call H", "pass"]


def test_R8_5_variant_4_english_another_ace_takes_the_right_over():
    hands = ["A♠ 7♣ 8♦ J♥ K♦", "A♦ K♣ 8♥ 6♣ 9♥", "J♠ 7♦ 10♣ J♣ K♥"]
    g = game("maumau_english", hands, talon="6♥", lead=0)
    play_all(g, "play A♠ | draw | pass | play A♦")
    assert g.to_act == 1 and "English ace: seat 1 may add a ♦ card" in str(g)
    assert texts(g.legal_actions()) == ["draw"]


def test_R8_5_variant_5_pharaoh_four_cards_going_out_on_a_queen_and_the_lone_queen():
    m = Match("maumau_pharaoh", players=2,
              deck_order=deal_order(["10♠ K♦ 8♣ 8♥", "9♠ 9♦ 10♦ Q♥"], talon="J♦"))
    g = m.game
    assert len(g.hands[0]) == 4 and g.talon_size == 28 and g.to_act == 1  # by lot: A♥, 35 mod 2
    play_all(g, "play 9♠ | play 10♠ | play 10♦ | play K♦ | play 9♦ | draw | play J♦ | play Q♥")
    assert g.result.winners == (1,) and g.result.scores == {0: 16, 1: -30}
    assert m.totals == (16, -30)  # the −30 comes off the winner's running total
    assert g.points(cards("Q♠")) == 30 and g.points(cards("Q♠ 6♦")) == 9


def test_R8_5_variant_6_pentagon_suit_only_rank_on_a_six_and_the_call_skips():
    g = game("maumau_pentagon", ["9♠ 6♦ 7♣ 8♦ J♥", "9♦ 10♠ K♣ 8♥ 6♣", "6♠ 10♦ Q♣ J♣ A♥"], lead=0)
    g.play("play 9♠")
    assert texts(g.legal_actions()) == ["play 10♠"]
    msg = refused(g, "play 9♦", "R8.5")
    assert msg == "R8.5: Pentagon: the same rank goes only on a six, so 9♦ cannot go on 9♠; you may play 10♠"
    g.play("play 10♠")
    # seat 2: suit only (no spade except 6♠), the queen stays wild
    assert texts(g.legal_actions())[:2] == ["play 6♠", "play Q♣"]
    g.play("play Q♣ call D")
    assert g.history[-1].text == "seat 0 misses a turn (R8.5: Q♣)" and g.to_act == 1
    assert texts(g.legal_actions()) == ["play 9♦"]
    # On a six the same rank is allowed.
    h = game("maumau_pentagon", ["6♦ 9♠ 7♣ 8♦ J♥", "9♦ 10♠ K♣ 8♥ 6♣", "6♠ 10♦ Q♣ J♣ A♥"], lead=0)
    h.play("play 6♦")  # seat 1 draws 2 and misses
    assert h.to_act == 2 and texts(h.legal_actions())[:2] == ["play 6♠", "play 10♦"]
    assert h.points(cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 6♥")) == 11 + 4 + 20 + 2 + 10
    assert h.points(cards("Q♠")) == 20


def test_R8_5_variant_7_crocodile_the_king_of_hearts_draws_five_and_misses():
    g = game("maumau_crocodile", ["K♥ 7♣ 8♦ J♠ 9♠", THREE[1], "J♣ 7♦ 10♣ 8♣ 9♣"],
             talon="6♠ 7♠ 8♠ J♦ Q♠ A♦", lead=0)
    g.play("play K♥")
    assert kinds(g, 2) == [("draw", "seat 1 draws 5 cards (R8.5: K♥)"),
                           ("skip", "seat 1 misses a turn (R8.5: K♥)")]
    assert len(g.hands[1]) == 10 and g.to_act == 2
    g.play("draw")  # variant 1: one card (A♦), unplayable on K♥: pass
    assert texts(g.legal_actions()) == ["pass"]


# -- the game object ---------------------------------------------------------------------------------

def test_undo_clone_str_and_svg():
    g = game("japanese_maumau", QUEEN, lead=0)
    before = fingerprint(g)
    views = [g.view(p) for p in range(3)]
    g.play("play 9♠")
    c = g.clone()
    g.play("play Q♥ call D")
    assert c.called is None and c.to_act == 1 and g.called == Suit.DIAMONDS
    assert g.undo() == Play("Q♥", call="D")
    assert fingerprint(g) == fingerprint(c)
    g.undo()
    assert fingerprint(g) == before and [g.view(p) for p in range(3)] == views
    with pytest.raises(ValueError, match="nothing to undo"):
        g.undo()
    g.play("play 9♠")
    g.play("play Q♥ call D")
    assert str(g).splitlines() == [
        "japanese_maumau · 3 players · talon 21 · pile 2 · top Q♥ · called ♦",
        "  seat 0  7♣ 8♦ J♥ K♥",
        "  seat 1  6♣ K♣ 10♦ 8♥",
        "▶ seat 2  8♣ Q♣ 9♦ 10♥ A♥",
        "pile: 9♠ Q♥"]
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<text") > 10 and "talon 21" in svg
    assert "<MaumauGame 'japanese_maumau', 3 players, seat 2 to act>" == repr(g)


# -- properties over random games ------------------------------------------------------------------

MAX_ACTIONS = 30000


def probes(g, rng):
    """Some actions to try: every card of the deck as a play, with and without calls, and more."""
    pool = deck(g.rules.deck)
    out = [Play(c) for c in rng.sample(pool, 6)]
    out += [Play(c, call=rng.choice(list(Suit))) for c in rng.sample(pool, 4)]
    out += [Draw(), Pass(), Take(), Attack(rng.choice(pool))]
    return out


def snapshot(g):
    return (fingerprint(g), [g.view(p) for p in range(g.players)], g.history[-8:], g.called,
            g.top, g.actions[-8:])


def run(name, players, seed, deep_steps=25, deep_rate=0.02):
    """Play one random game, checking the invariants; return it when it ends."""
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)         # chooses the actions
    prng = random.Random(seed + 1)    # chooses the probes and the steps checked in depth
    size = g.rules.deck
    steps = 0
    while not g.is_over:
        # R0: no card lost or duplicated.
        held = [c for h in g.hands for c in h]
        seen = held + g.table
        assert len(seen) + g.talon_size == size and len(set(seen)) == len(seen)
        assert sum(g.view(0).hand_sizes) == len(held)
        # R8.4: why "everyone stuck" never comes with a whole deck — with the talon empty and
        # one card on the pile, the other cards of the suit to follow are all in hands.
        if g.talon_size == 0 and len(g.table) == 1:
            suit = g.called or g.top.suit
            assert any(c.suit == suit for c in held)
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        deep = steps < deep_steps or prng.random() < deep_rate
        if deep:
            before = snapshot(g)
            for act in probes(g, prng):
                if act in legal:
                    continue
                with pytest.raises(IllegalAction) as err:
                    g.play(act)
                assert err.value.rule.startswith("R8.") and str(err.value).startswith(err.value.rule)
            assert snapshot(g) == before
            for act in legal:
                assert g.can_play(act) and g.can_play(str(act))
        act = rng.choice(legal)
        g.play(act)  # every listed action is accepted
        if deep:
            after = snapshot(g)
            g.undo()
            assert snapshot(g) == before  # undo restores the exact previous state
            g.play(act)
            assert snapshot(g) == after
        steps += 1
        assert steps <= MAX_ACTIONS
    r = g.result
    assert r.scores.keys() == set(range(players))
    if r.winners:
        w = r.winners[0]
        assert g.hands[w] == () and r.out_order == (w,)
        assert r.scores[w] in (0, g.rules.out_on_queen)
        assert all(r.scores[p] == g.points(g.hands[p]) for p in range(players) if p != w)
    else:  # the documented end: stuck, or going round in circles
        assert "every hand is scored (R8.4)" in g.history[-1].text
        assert all(r.scores[p] == g.points(g.hands[p]) for p in range(players))
    assert r.losers and (r.durak is None) == (len(r.losers) > 1)
    return g


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=20 if DEEP else 6, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_rule(name, players, seed):
    run(name, players, seed)


def test_random_games_all_end_mostly_with_a_winner_some_by_the_turnover_limit():
    ends = {"winner": 0, "limit": 0}
    for seed in range(40):
        g = run("maumau_32", 4, seed, deep_steps=0, deep_rate=0)
        # R8.4: at most `turnovers` turn-overs, whoever wins
        assert sum(e.kind == "rebuild" for e in g.history) <= g.rules.turnovers
        if g.result.winners:
            ends["winner"] += 1
        else:
            assert "the pile may be turned over only 5 times a game" in g.history[-1].text
            ends["limit"] += 1
    assert ends["winner"] > 30 and ends["limit"] >= 1


def test_R8_4_after_the_last_turnover_nobody_draws_and_the_game_still_ends():
    # The cycle of the test above, with turnovers=2: seat 0 draws back A♣, then A♦; the second
    # turn-over is the last, so when he is stuck again he must pass and seat 1 plays on.
    g = position("japanese_maumau",
                 ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ K♥",
                  "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ Q♠ Q♥ A♠ A♥"],
                 pile="A♣ A♦", turnovers=2)
    assert g.turnovers_left == 2
    for _ in range(4):
        g.play(g.legal_actions()[0])  # draw (turn-over), play the ace; twice
    rebuilds = [e.text for e in g.history if e.kind == "rebuild"]
    assert len(rebuilds) == 2 and g.turnovers_left == 0
    assert rebuilds[1].endswith("that was its last turn-over (twice a game, R8.4): when this "
                                "talon is used up nobody draws any more")
    assert g.to_act == 0 and g.talon_size == 0 and len(g.table) == 2
    assert g.legal_actions() == [Pass()]
    assert "the pile may be turned over only twice a game, and it has been; pass" in \
        refused(g, "draw", "R8.4")
    g.play("pass")
    assert g.to_act == 1 and not g.is_over
    mark = len(g.history)
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    assert sum(e.kind == "rebuild" for e in g.history) == 2  # never again
    assert not any(e.kind == "draw" for e in g.history[mark:])  # nothing drawn any more


def test_R8_4_when_the_pile_may_not_be_turned_over_and_nobody_can_play_every_hand_is_scored():
    rest = [c for c in deck(36) if str(c) not in ("6♥", "7♥", "8♣", "10♦", "9♠")]
    pile = " ".join(map(str, rest)) + " 9♠"
    # With the default (5 turn-overs) seat 0, who cannot play on 9♠, draws from the turned pile …
    g = position("japanese_maumau", ["6♥ 7♥", "8♣ 10♦"], pile=pile)
    assert g.legal_actions() == [Draw()]
    # … with turnovers=0 nobody can draw: both pass, and the game ends (R8.4), hands scored.
    g = position("japanese_maumau", ["6♥ 7♥", "8♣ 10♦"], pile=pile, turnovers=0)
    assert g.legal_actions() == [Pass()]
    g.play("pass")
    assert g.legal_actions() == [Pass()]
    g.play("pass")
    r = g.result
    assert g.is_over and r.winners == () and not r.draw
    assert r.scores == {0: 13, 1: 18} and r.losers == (1,) and r.durak == 1
    assert g.history[-1].text == (
        "game over: nobody can play, and nobody can draw: the pile is never turned over in this "
        "game; every hand is scored (R8.4); points: seat 0 13, seat 1 18")


@pytest.mark.parametrize("bad", [-1, 1.5, True, "5", None])
def test_R8_4_turnovers_must_be_a_whole_number_of_at_least_zero(bad):
    with pytest.raises(ValueError, match=r"option turnovers=.* must be a whole number of at least 0"):
        new_game("japanese_maumau", turnovers=bad)
