"""R0: cards, notation and decks."""

import pickle
import random

import pytest

from durak_edu import Card, Rank, Suit, cards, deck


@pytest.mark.parametrize("text,expected", [
    ("10♦", "10♦"), ("10D", "10♦"), ("10d", "10♦"), ("QS", "Q♠"), ("qs", "Q♠"),
    ("Д♠", "Q♠"), ("Т♣", "A♣"), ("тc", "A♣"), ("В♥", "J♥"), ("К♦", "K♦"), ("6H", "6♥"),
    ("2c", "2♣"), ("RJ", "RJ"), ("bj", "BJ"), (" 7♠ ", "7♠"),
    ("7S'", "7♠'"), ("10d′", "10♦'"), ("Т♣’", "A♣'"),  # the second deck's copy (72 cards)
])
def test_R0_notation_latin_russian_and_symbols(text, expected):
    assert str(Card.parse(text)) == expected


def test_R0_every_card_round_trips_through_text_and_repr():
    for c in deck(54) + deck(72)[1::2]:  # with the second deck's copies (7♠')
        assert Card.parse(str(c)) is c
        assert eval(repr(c), {"Card": Card}) is c
        assert pickle.loads(pickle.dumps(c)) is c


@pytest.mark.parametrize("bad", ["", "1♠", "11D", "QX", "♠Q", "10", "Z", "JJ", "10♦♦", "BJ'", "'"])
def test_R0_a_bad_token_raises_ValueError_naming_it(bad):
    with pytest.raises(ValueError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)


def test_R0_cards_names_the_bad_token_and_its_position():
    with pytest.raises(ValueError, match=r"card 2 of 3: not a card: 'X9'"):
        cards("7♠ X9 Q♦")
    assert cards("7♠, 9♠ Q♦") == (Card(7, Suit.SPADES), Card(9, Suit.SPADES), Card(12, Suit.DIAMONDS))


@pytest.mark.parametrize("size,lowest", [(36, 6), (32, 7), (52, 2), (24, 9), (20, 10)])
def test_R0_decks_in_canonical_order(size, lowest):
    d = deck(size)
    assert len(d) == len(set(d)) == size
    assert d == sorted(d)  # suit by suit, ranks rising
    assert min(c.rank for c in d) == lowest and max(c.rank for c in d) == Rank.ACE
    assert [str(c) for c in d[:2]] == [f"{Rank(lowest).symbol}♠", f"{Rank(lowest + 1).symbol}♠"]


def test_R0_joker_decks():
    assert [str(c) for c in deck(53)[-1:]] == ["RJ"]
    assert [str(c) for c in deck(54)[-2:]] == ["BJ", "RJ"]
    with pytest.raises(ValueError, match="no 40-card deck"):
        deck(40)


def test_R0_cards_are_immutable_and_interned():
    c = Card.parse("9♥")
    assert c is Card(Rank.NINE, Suit.HEARTS) and hash(c) == hash(Card.parse("9H"))
    with pytest.raises(AttributeError):
        c.rank = Rank.TEN
    assert c.is_red and not Card.parse("9♠").is_red and Card.parse("RJ").is_joker


def test_R0_display_order_is_by_suit_then_rank():
    assert [str(c) for c in sorted(cards("A♠ 6♥ 7♠ 10♣ 6♠"))] == ["6♠", "7♠", "A♠", "10♣", "6♥"]


def test_rank_major_masks_round_trip():
    # the core's masks are rank-major (4 * (rank - 2) + suit); a hand's cards in both orders
    from durak_edu import new_game
    from durak_edu.cards import mask_of, to_rank_major, to_suit_major
    rng = random.Random(0)
    for _ in range(200):
        m = rng.getrandbits(52)
        assert to_suit_major(to_rank_major(m)) == m
    # the lowest rank-major bit is the card legal_actions() lists first: by rank, then suit
    hand = new_game("podkidnoy", seed=4).hands[0]
    low = to_rank_major(mask_of(hand)) & -to_rank_major(mask_of(hand))
    assert to_suit_major(low) == min(hand, key=lambda c: (c.rank, c.suit)).mask
