"""Redealing the hidden cards (Game.redeal_hidden) and the Monte Carlo bot built on it."""

import random
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from durak_edu import VARIANTS, new_game
from durak_edu.bots import MonteCarloBot, lowest_card_bot

from helpers import fingerprint

ATTACK = sorted(n for n, v in VARIANTS.items() if v.family == "attack")


def players_for(name, n):
    r = VARIANTS[name].rules
    sizes = r.table_sizes()
    return n if n in sizes else sizes[0]


def random_position(name, players, seed, moves, **options):
    g = new_game(name, players=players_for(name, players), seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over and moves:
        g.play(rng.choice(g.legal_actions()))
        moves -= 1
    return g


def what_is_known(v):
    return (v.hand, v.known, sorted(v.unknown), v.hand_sizes, v.talon_size, v.discard, v.table,
            v.in_talon, v.unknown_in_talon, v.trump_card, v.to_act)


@given(name=st.sampled_from(ATTACK), reshuffle=st.booleans(), players=st.integers(2, 6),
       seed=st.integers(0, 10**6), moves=st.integers(0, 150), seat=st.integers(0, 5))
def test_property_a_redeal_agrees_with_everything_the_seat_knows(name, reshuffle, players, seed,
                                                                   moves, seat):
    # spade_turned="reshuffle" (R6) puts turned spades back into the talon, known to be there
    options = {"spade_turned": "reshuffle"} if reshuffle and name.startswith("japanese") else {}
    g = random_position(name, players, seed, moves, **options)
    seat %= g.players
    before = fingerprint(g)
    w = g.redeal_hidden(seat, rng=seed)
    assert fingerprint(g) == before  # the game itself is not touched
    assert what_is_known(w.view(seat)) == what_is_known(g.view(seat))
    # no card lost or duplicated: hands, table, discard and the rest of the talon make the deck
    placed = [c for h in w.hands for c in h] + [c for pair in w.table for c in pair if c]
    placed += w.discard + list(w.talon[len(w.talon) - w.talon_size:])
    placed += [c for reserve in w.reserves for c in reserve]  # R9.40's face-down reserves
    placed += w.removed  # R9.4's cards out unseen, R9.24's second trump card
    assert Counter(placed) == Counter(g.deck_order) and len(placed) == len(set(placed))
    assert w.legal_actions() if not g.is_over else True


def test_a_redeal_changes_only_what_the_seat_cannot_see():
    g = new_game("podkidnoy", players=3, seed=11)
    worlds = [g.redeal_hidden(0, rng=k) for k in range(20)]
    assert all(w.hands[0] == g.hands[0] for w in worlds)
    assert len({w.hands[1] for w in worlds}) > 10  # the other hands are really guessed again
    assert all(w.talon[-1] is g.trump_card for w in worlds)  # the turned trump stays at the bottom
    # cards everyone saw go into a hand (picked up from the table, R0) stay in that hand
    rng = random.Random(0)
    while not any(g.view(0).known.values()):
        g.play(rng.choice(g.legal_actions()))
    known = {p: cards for p, cards in g.view(0).known.items() if cards}
    for k in range(10):
        w = g.redeal_hidden(0, rng=k)
        assert all(set(cards) <= set(w.hands[p]) for p, cards in known.items())


def test_a_redealt_game_plays_on():
    g = new_game("perevodnoy", players=2, seed=3)
    w = g.redeal_hidden(1, rng=2)
    result = w.playout(4)
    assert w.is_over and result is w.result and not g.is_over


def test_the_monte_carlo_bot_is_legal_reproducible_and_changes_nothing():
    g = new_game("podkidnoy", players=2, seed=7)
    before = fingerprint(g)
    first = MonteCarloBot(playouts=4, seed=1)(g, g.to_act)
    assert first in g.legal_actions() and fingerprint(g) == before
    assert MonteCarloBot(playouts=4, seed=1)(g, g.to_act) == first


def test_the_monte_carlo_bot_plays_a_forced_move_without_simulating():
    g = new_game("podkidnoy", players=2, seed=7)
    bot = MonteCarloBot(playouts=3, seed=1)
    g.play(g.legal_actions()[0])
    g.play("take")
    while len(g.legal_actions()) != 1:
        g.play(g.legal_actions()[-1])
    state = bot.rng.getstate()
    assert bot(g, g.to_act) == g.legal_actions()[0]
    assert bot.rng.getstate() == state  # no random number was drawn


def test_the_monte_carlo_bot_avoids_an_obvious_loss():
    # 7♠ A♥ against 8♠ (hearts trump): leading 7♠ loses, leading the ace wins (see test_solve)
    from durak_edu import from_position
    g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    assert str(MonteCarloBot(playouts=10, seed=0)(g, 0)) == "attack A♥"


def test_the_monte_carlo_bot_refuses_what_it_cannot_play():
    with pytest.raises(ValueError, match="playouts must be"):
        MonteCarloBot(playouts=0)
    g = new_game("japanese_circle", players=3, seed=1)
    while len(g.legal_actions()) == 1:
        g.play(g.legal_actions()[0])
    with pytest.raises(ValueError, match="attack–defence family"):
        MonteCarloBot(playouts=2)(g, g.to_act)


def test_a_turned_card_put_back_and_drawn_since_is_unseen_in_a_redeal():
    # R6/R9.31 (ace_not_trump): a turned ace put back in the talon is known to lie there till it
    # is drawn; once another seat drew it, it is one of the unseen cards, in the redeal as well
    g = random_position("ace_not_trump", 2, 0, 19)
    assert g.reshuffled and not set(g.reshuffled) & set(g.view(0).in_talon)
    w = g.redeal_hidden(0, rng=0)
    assert what_is_known(w.view(0)) == what_is_known(g.view(0))
