"""R9.46 (``trump_six_for_ace``): R9.26's exchange of the six of trumps read as the sources say it,
only for the trump *ace* lying face up under the talon — an option of the R9.26 part
(core/house/trump_six_exchange.py): legal lists, the refusal with clause and words, the
option's validation, whole games (with the ace turned, so that exchanges happen) and the
compiled playout."""

from __future__ import annotations

import random

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import refused, texts

from durak_edu import deck, from_position, new_game
from durak_edu.actions import Exchange
from durak_edu.cards import Card, Rank


def position(trump_card: str, **options):
    # seat 0 holds the six of hearts, the trump card lies under two talon cards
    return on_core(from_position("trump_six_swap", ["6♥ 7♠ 8♣", "9♦ 10♦ J♦"],
                                 trump_card=trump_card, talon="K♠ Q♠", **options))


def test_r9_46_the_six_is_exchanged_for_the_turned_trump_ace():
    g = position("A♥", trump_six_for_ace=True)
    assert texts(g.legal_actions())[-1] == "exchange 6♥"
    g.play("exchange 6♥")
    assert str(g.trump_card) == "6♥" and "A♥" in texts(g.hands[0]) and g.to_act == 0
    assert not any(isinstance(a, Exchange) for a in g.legal_actions())


def test_r9_46_not_for_another_trump_card():
    g = position("K♥", trump_six_for_ace=True)
    assert not any(isinstance(a, Exchange) for a in g.legal_actions())
    words = refused(g, "exchange 6♥", "R9.46")
    assert "only for the trump ace" in words and words.endswith("not for K♥")
    assert "exchange 6♥" in texts(position("K♥").legal_actions())  # R9.26 alone: any card
    # a wrong card is still R9.26's refusal
    assert "lowest card (6♥)" in refused(g, "exchange 7♠", "R9.26")


def test_r9_46_the_option_narrows_r9_26_and_says_what_it_needs():
    with pytest.raises(ValueError, match=r"needs trump_six_exchange=True"):
        new_game("podkidnoy", trump_six_for_ace=True)
    with pytest.raises(ValueError, match=r"trump_six_for_ace=True and ace_put_back=True "
                                         r"contradict each other.*\(R9\.46, R9\.31\)"):
        new_game("trump_six_swap", trump_six_for_ace=True, ace_put_back=True)
    with pytest.raises(ValueError, match=r"trump_six_for_ace=True \(R9\.46\) is not played "
                                         r"with two decks"):
        new_game("trump_six_swap", trump_six_for_ace=True, deck=72)
    # a set the core does not play (R9.24's second trump card with R9.26) is refused whole,
    # naming the clash, never played without the rule
    with pytest.raises(ValueError, match=r"trump_six_for_ace=True is not played: R9\.24 "
                                         r"\(second_trump=True\) does not go with "
                                         r"trump_six_exchange=True"):
        new_game("potayny", trump_six_exchange=True, trump_six_for_ace=True)


def ace_turned(players: int, seed: int, suit: int) -> list[Card]:
    """A shuffled 36-card deck whose turned card (after six each) is an ace."""
    rng = random.Random(seed)
    ace = next(c for c in deck(36) if c.rank == Rank.ACE and int(c.suit) == suit)
    order = [c for c in deck(36) if c != ace]
    rng.shuffle(order)
    order.insert(6 * players, ace)
    return order


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5)])
def test_r9_46_whole_games_exchange_only_for_the_ace(players, seed):
    order = ace_turned(players, seed, seed % 4)
    g = on_core(new_game("trump_six_swap", players=players, deck_order=order,
                         trump_six_for_ace=True))
    assert g.trump_card.rank == Rank.ACE
    rng = random.Random(seed)
    exchanges = 0
    while g.to_act is not None:
        listed = g.legal_actions()
        swap = [a for a in listed if isinstance(a, Exchange)]
        if swap:
            assert g.trump_card.rank == Rank.ACE
            g.play(swap[0])  # play it when it is there, so that games show it
            exchanges += 1
            assert g.trump_card.rank != Rank.ACE
            continue
        g.play(rng.choice(listed))
    assert g.result is not None and exchanges <= 1
    again = on_core(new_game("trump_six_swap", players=players, deck_order=order,
                             trump_six_for_ace=True))
    assert whole_game(again, seed) > 0


def test_r9_46_some_dealt_game_exchanges():
    played = 0
    for seed in range(12):
        g = on_core(new_game("trump_six_swap", players=2, deck_order=ace_turned(2, seed, 0),
                             trump_six_for_ace=True))
        while g.to_act is not None:
            listed = g.legal_actions()
            swap = [a for a in listed if isinstance(a, Exchange)]
            if swap:
                played += 1
                break
            g.play(random.Random(seed).choice(listed))
    assert played > 0


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (5, 7)])
def test_r9_46_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("trump_six_swap", players, seed, trump_six_for_ace=True)
    playout_agrees("trump_six_swap", players, seed, trump_six_for_ace=True,
                   deck_order=ace_turned(players, seed, seed % 4))


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12)])
def test_r9_46_a_record_keeps_the_option_and_replays(players, seed):
    record_round_trip("trump_six_swap", players, seed, trump_six_for_ace=True)
