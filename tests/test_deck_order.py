"""``new_game(deck_order=...)``: a deck order has its own keyword, ``deck=`` is the deck size (R0).

The old form ``new_game(deck=<cards>)`` still deals the same game, with a DeprecationWarning that
says what to write instead (issue 14, "one parse of each option").
"""

import random
import re

import pytest

from durak_edu import Match, cards, deck, new_game, next_game
from durak_edu.games import deal_order
from durak_edu.record import GameRecord

DEPRECATED = re.escape("new_game(deck=<cards>) is deprecated: pass the order as deck_order=..., "
                       "deck= is the deck size")


def shuffled(size: int, seed: int) -> list:
    order = deck(size)
    random.Random(seed).shuffle(order)
    return order


def play_randomly(g, seed: int):
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    return g


def test_R1_1_deck_order_deals_from_the_top_card_first():
    order = shuffled(36, 3)
    g = new_game("podkidnoy", players=3, deck_order=order)
    assert g.deck_order == tuple(order)
    # R1.1: single cards in turn from seat 0; R1.2: the next card is turned for trumps.
    for seat in range(3):
        assert sorted(g.hands[seat]) == sorted(order[seat:18:3])
    assert g.trump_card == order[18]


def test_deck_order_as_text_is_read_like_cards():
    order = shuffled(36, 4)
    text = " ".join(str(c) for c in order)
    assert new_game(deck_order=text).deck_order == new_game(deck_order=order).deck_order
    assert new_game(deck_order=cards(text.replace(" ", ", "))).deck_order == tuple(order)


def test_R0_a_deck_order_of_another_size_sets_the_deck_size():
    g = new_game("podkidnoy", players=8, deck_order=shuffled(52, 5))
    assert g.rules.deck == 52 and g.talon_size == 52 - 48
    assert new_game(deck=52, deck_order=shuffled(52, 5)).rules.deck == 52  # they agree: fine


def test_R0_a_deck_size_and_an_order_that_disagree_are_refused():
    with pytest.raises(ValueError, match=r"^deck=36 but deck_order has 32 cards: give the size "
                                         r"the order has, or leave deck= out \(R0\)$"):
        new_game("podkidnoy", deck=36, deck_order=shuffled(32, 1))
    with pytest.raises(ValueError, match=r"^deck=52 but deck_order has 36 cards"):
        new_game("podkidnoy", deck=52, deck_order=" ".join(map(str, shuffled(36, 1))))


def test_a_deck_order_given_twice_is_refused():
    with pytest.raises(ValueError, match=r"^deck= and deck_order= both give a deck order: pass "
                                         r"the order once, as deck_order="):
        new_game(deck=shuffled(36, 1), deck_order=shuffled(36, 1))


def test_deck_is_a_size_or_a_deprecated_order_and_nothing_else():
    with pytest.raises(ValueError, match=r"^deck= is the deck size \(R0: 20, 24, 32, 36, 52, 53, "
                                         r"54, 55, 58 or 72\), not True; give a deck order as deck_order="):
        new_game(deck=True)
    with pytest.raises(ValueError, match=r"^deck= is the deck size .*, not 3\.5"):
        new_game(deck=3.5)


def test_a_seed_and_a_deck_order_are_refused_together():
    with pytest.raises(ValueError, match=r"^give either seed or deck_order, not both$"):
        new_game(seed=1, deck_order=shuffled(36, 1))


@pytest.mark.parametrize("as_text", [False, True])
def test_the_old_form_warns_and_says_what_to_write_instead(as_text):
    order = shuffled(36, 6)
    old = " ".join(map(str, order)) if as_text else order
    with pytest.warns(DeprecationWarning, match=f"^{DEPRECATED}$") as caught:
        g = new_game("podkidnoy", deck=old)
    assert caught[0].filename == __file__  # the warning points at the line to change
    assert g.deck_order == tuple(order)


@pytest.mark.parametrize("name, players", [("podkidnoy", 2), ("perevodnoy", 3),
                                           ("japanese_circle", 4), ("japanese_maumau", 3)])
def test_the_old_form_plays_the_same_game(name, players):
    size = new_game(name, seed=0).rules.deck
    order = shuffled(size, 7)
    with pytest.warns(DeprecationWarning, match=DEPRECATED):
        old = new_game(name, players=players, deck=order)
    new = new_game(name, players=players, deck_order=order)
    play_randomly(old, 8)
    play_randomly(new, 8)
    assert [e.text for e in old.history] == [e.text for e in new.history]
    assert old.result == new.result and old.record().to_json() == new.record().to_json()


def test_a_record_of_a_deck_order_game_reads_back_the_same_game():
    g = play_randomly(new_game("podkidnoy", players=8, deck_order=shuffled(52, 9)), 9)
    back = GameRecord.from_json(g.record().to_json()).to_game()
    assert back.deck_order == g.deck_order and back.rules.deck == 52
    assert [e.text for e in back.history] == [e.text for e in g.history]


def test_R1_3_next_game_takes_a_deck_order_too():
    first = play_randomly(new_game("podkidnoy", players=2, seed=2), 2)
    order = shuffled(36, 10)
    assert next_game(first, deck_order=order).deck_order == tuple(order)
    with pytest.warns(DeprecationWarning, match=DEPRECATED):
        assert next_game(first, deck=order).deck_order == tuple(order)


def test_R8_4_a_match_takes_a_deck_order_for_its_first_game():
    order = deal_order(["8♠ 9♠", "8♣ K♦"], talon="10♥ K♠")
    m = Match("japanese_maumau", players=2, deck_order=order, hand_size=2)
    assert m.game.deck_order == tuple(order)
    with pytest.warns(DeprecationWarning, match=DEPRECATED):
        old = Match("japanese_maumau", players=2, deck=order, hand_size=2)
    assert old.game.deck_order == tuple(order)
