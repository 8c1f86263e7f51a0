"""The styles of seed 000 (bots.styles), the card counter and the family heuristics: legal, from
the seat's view only (R0), and each doing what its style says."""

from __future__ import annotations

import random

import pytest

from durak_edu import Card, cards, new_game
from durak_edu.actions import Attack, Beat, Play, Take
from durak_edu.bots import (STYLES, SeatGame, card_value, circle_bot, counting_bot,
                            high_card_collector, lowest_card_bot, maumau_bot, pair_collector,
                            small_card_attacker, trump_collector)

from helpers import endgame, fingerprint, game

ALL = list(STYLES.values()) + [counting_bot, circle_bot, maumau_bot]


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("podkidnoy", 4), ("perevodnoy", 3),
                                          ("japanese_spades", 2), ("japanese_circle", 3),
                                          ("navalenny", 4), ("japanese_maumau", 3),
                                          ("maumau_english", 2), ("podkidnoy_teams", 4)])
def test_every_style_plays_legal_moves_through_its_seat_view_and_changes_nothing(name, players):
    for seed in range(2):
        g = new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if g.is_over:
                break
            before = fingerprint(g)
            bot = ALL[rng.randrange(len(ALL))]
            a = bot(SeatGame(g, g.to_act), g.to_act)
            assert a in g.legal_actions() and fingerprint(g) == before, (bot, name)
            g.play(a)
        assert g.is_over, (name, seed)


def test_the_styles_have_their_names_and_quote_the_seed_in_both_languages():
    for name, bot in STYLES.items():
        assert repr(bot) == bot.__name__ == name
        doc = type(bot).__doc__
        assert "Seed 000" in doc and "«" in doc and '"' in doc and "Read as" in doc


def test_the_trump_collector_takes_rather_than_spend_a_trump_while_the_talon_lasts():
    g = game("podkidnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "8♠ J♠ 10♥ Q♦ A♦ 6♦"], turned="7♥",
             talon="9♣ 9♦ 10♣ 10♦ J♦ J♣")
    g.play("attack 8♣")                        # only the trump 10♥ beats it (R2.3)
    assert lowest_card_bot(g, 1) == Beat("8♣", "10♥")
    assert trump_collector(g, 1) == Take()
    late = endgame("podkidnoy", ["8♣ 9♣", "10♥ 6♦ 7♦"], trump="H")
    late.play("attack 8♣")                     # the talon is empty: the hoard is spent
    assert trump_collector(late, 1) == Beat("8♣", "10♥")


def test_the_high_card_collector_keeps_its_aces_kings_and_queens_for_the_end():
    g = game("podkidnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "K♠ J♣ 6♦ 7♦ 8♦ 10♥"], turned="7♥",
             talon="9♣ 9♦ 10♣ 10♦ J♦ J♠")
    g.play("attack 7♠")
    assert lowest_card_bot(g, 1) == Beat("7♠", "K♠")
    assert high_card_collector(g, 1) == Beat("7♠", "10♥")  # a small trump before the king
    late = endgame("podkidnoy", ["7♣ A♣ K♦", "8♠ 9♠ 10♠"], trump="H")
    assert high_card_collector(late, 0) == Attack(cards("A♣"))  # the heavy artillery
    assert lowest_card_bot(late, 0) == Attack(cards("7♣"))


def test_the_small_card_attacker_opens_with_several_small_cards():
    g = game("podkidnoy", ["6♥ 7♠ 7♣ 6♦ K♦ A♥", "8♠ J♠ J♣ Q♦ A♦ 10♥"], turned="7♥")
    assert lowest_card_bot(g, 0) == Attack(cards("6♦"))
    assert small_card_attacker(g, 0) == Attack(cards("7♠ 7♣"))


def test_the_pair_collector_attacks_with_a_pair_and_does_not_break_one_to_defend():
    g = game("podkidnoy", ["6♥ 9♠ 9♣ 6♦ K♦ A♥", "8♠ J♠ J♣ Q♦ A♦ 10♥"], turned="7♥")
    assert pair_collector(g, 0) == Attack(cards("9♠ 9♣"))
    d = game("podkidnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "8♠ 8♦ Q♠ J♣ A♦ 10♥"], turned="7♥")
    d.play("attack 7♠")
    assert lowest_card_bot(d, 1) == Beat("7♠", "8♠")
    assert pair_collector(d, 1) == Beat("7♠", "Q♠")  # the eights stay a pair


def test_the_counting_bot_attacks_with_the_card_the_defender_cannot_beat():
    g = endgame("podkidnoy", ["7♠ 8♦", "9♠ 10♠ J♠"], trump="H")  # R0: every hand is known
    assert lowest_card_bot(g, 0) == Attack(cards("7♠"))
    assert counting_bot(g, 0) == Attack(cards("8♦"))


def test_the_circle_bot_leads_what_the_next_player_cannot_beat():
    g = endgame("podkidnoy", ["7♠ 8♦", "9♠ 10♠ J♠"], trump="H")
    assert circle_bot(g, 0) == Attack(cards("8♦"))
    c = new_game("japanese_circle", players=2, seed=5)
    assert circle_bot(SeatGame(c, c.to_act), c.to_act) in c.legal_actions()


def test_the_maumau_bot_sheds_its_dearest_card_and_keeps_the_wild_queen():
    w = new_game("japanese_maumau", players=2, lead=0,
                 deck_order=cards("A♠ 7♥ Q♠ 10♥ 9♠ J♥ 8♠ K♥ 6♣ 8♥ "
                            "6♠ 7♠ 10♠ J♠ K♠ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ "
                            "A♦ 6♥ 9♥ Q♥ A♥"))
    hand = set(w.hands[0])
    assert {Card.parse(c) for c in ("A♠", "Q♠", "9♠")} <= hand
    choice = maumau_bot(w, 0)
    assert choice == Play("A♠")  # R8.4: the ace scores 11 if it stays; the queen waits


def test_card_value_honours_the_queen_of_spades_high():
    q, a = Card.parse("Q♠"), Card.parse("A♠")
    assert card_value(q, None) < card_value(a, None)
    assert card_value(q, None, queen_of_spades_high=True) > card_value(a, None)
    g = endgame("japanese_spades", ["10♠ 6♣", "Q♠ A♠ 7♣"], trump="C")
    g.play("attack 10♠")         # R6: the queen is the top spade, so the ace is the cheaper beat
    for bot in STYLES.values():
        assert bot(g, 1) == Beat("10♠", "A♠"), bot
