"""durak_edu.prob.simulate: the deals are R1's deals, and every exact helper has a simulated
counterpart that agrees within a few standard errors (seeded, so the checks are repeatable)."""

from __future__ import annotations

import numpy as np
import pytest

from durak_edu import deck, new_game
from durak_edu.cards import card_at
from helpers import deal_order
from durak_edu.prob import (Deals, Estimate, deals_from_orders, expected_trumps, hypergeom_cdf,
                            hypergeom_pmf, lead_distribution, p_at_least_one, p_can_beat,
                            p_has_trump, p_holds, p_leads, sample_hidden, sim_expected_trumps,
                            sim_hypergeom_cdf, sim_hypergeom_pmf, sim_lead_distribution,
                            sim_p_at_least_one, sim_p_can_beat, sim_p_has_trump, sim_p_holds,
                            sim_p_leads, sim_trump_distribution, simulate_deals,
                            trump_distribution)

SIGMAS = 4.5  # every comparison below is seeded; 4.5 standard errors is a wide margin


def agree(est: Estimate, exact, n: int | None = None) -> None:
    """``est`` lies within SIGMAS standard errors of ``exact``. For a probability estimated from
    ``n`` samples the standard error is also taken from the exact value, so a rare event that
    happened to come out 0 (standard error 0) is judged fairly."""
    se = est.standard_error
    if n is not None:
        p = float(exact)
        se = max(se, (p * (1 - p) / n) ** 0.5)
    assert abs(est.estimate - float(exact)) <= SIGMAS * se + 1e-12, (
        f"{est} vs exact {float(exact):.5f} (z = {est.z(exact):.1f})")


def indices(size):
    return sorted(c.index for c in deck(size))


# -- the deals (R1) ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,size,hand", [(1, 36, 6), (2, 36, 6), (4, 36, 6), (6, 36, 6),
                                               (3, 52, 6), (2, 20, 10)])
def test_deals_are_deals(players, size, hand):
    d = simulate_deals(3000, players, size, hand, rng=1, talon=True)
    n = len(d)
    assert d.hands.shape == (n, players, hand) and d.hands.dtype == np.int8
    assert d.trump_card.shape == d.trump_suit.shape == (n,)
    assert d.talon.shape == (n, size - players * hand)
    # R1: every deal is the whole deck, each card once: hands, then the talon
    whole = np.concatenate([d.hands.transpose(0, 2, 1).reshape(n, -1), d.talon], axis=1)
    assert (np.sort(whole, axis=1) == indices(size)).all()
    assert (d.trump_suit == d.trump_card // 13).all()
    if players * hand < size:  # R1.2: the turned card lies under the talon, drawn last
        assert (d.talon[:, -1] == d.trump_card).all()
        assert not (d.hands == d.trump_card[:, None, None]).any()
    else:                      # R1.2: the whole deck dealt, the dealer keeps his last card
        assert (d.hands[:, -1, -1] == d.trump_card).all()


def test_deal_without_talon_is_the_same_deal():
    a = simulate_deals(500, 3, rng=5)
    assert a.talon is None
    whole = np.concatenate([a.hands.transpose(0, 2, 1).reshape(500, -1), a.trump_card[:, None]], 1)
    assert all(len(set(row)) == 19 for row in whole.tolist())


def test_fixed_and_no_trump():
    d = simulate_deals(200, 2, rng=2, trump="fixed:D")
    assert (d.trump_card == -1).all() and (d.trump_suit == 2).all()
    d = simulate_deals(200, 2, rng=2, trump="none", talon=True)
    assert (d.trump_suit == -1).all() and d.talon.shape == (200, 24)
    assert (d.trump_counts() == 0).all() and (d.first_attacker() == 0).all()  # R1.3


def test_seeded_and_independent_of_threads():
    a = simulate_deals(40_000, 2, rng=11, workers=1)
    b = simulate_deals(40_000, 2, rng=11, workers=2)
    c = simulate_deals(40_000, 2, rng=np.random.default_rng(11))
    for x in (b, c):
        assert (a.hands == x.hands).all() and (a.trump_card == x.trump_card).all()
    assert not (simulate_deals(40_000, 2, rng=12).hands == a.hands).all()


def test_every_card_equally_likely_in_every_place():
    n = 60_000
    d = simulate_deals(n, 2, rng=3)
    for place in (d.hands[:, 0, 0], d.hands[:, 1, 5], d.trump_card):
        counts = np.bincount(place.astype(np.int64), minlength=54)[indices(36)]
        p = 1 / 36
        assert np.abs(counts / n - p).max() < SIGMAS * (p * (1 - p) / n) ** 0.5


def test_deals_follow_the_engine():
    # the same deck orders through the engine and through Deals: same hands, trump, leader
    games = [new_game("podkidnoy", players=p, seed=s) for p in (2, 4, 6) for s in range(60)]
    for p in (2, 4, 6):
        gs = [g for g in games if g.players == p]
        d = deals_from_orders([g.deck_order for g in gs], players=p)
        for i, g in enumerate(gs):
            for seat in range(p):
                assert sorted(d.hand(i, seat)) == sorted(g.hands[seat])
            assert card_at(int(d.trump_card[i])) == g.trump_card
            assert int(d.first_attacker()[i]) == g.attacker          # R1.3
            assert [card_at(int(c)) for c in d.talon[i]] == list(g.talon)


def test_first_attacker_by_hand():
    orders = [
        # hearts trumps (8♥ turned); seat 0 holds 9♥, seat 1 holds 7♥: seat 1 leads (R1.3)
        deal_order(["9♥ 6♠ 8♠ 10♠ Q♠ A♠", "7♥ 7♠ 9♠ J♠ K♠ 6♣"], "8♥"),
        # A♥ turned, no heart in either hand: seat 0, the player after the dealer, leads
        deal_order(["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], "A♥"),
        # three players, diamonds: 6♦ with seat 2, the dealer
        deal_order(["7♦ 6♠ 7♠ 8♠ 9♠ 10♠", "8♦ 6♣ 7♣ 8♣ 9♣ 10♣", "6♦ J♠ Q♠ K♠ A♠ J♣"], "A♦"),
    ]
    d = deals_from_orders(orders[:2])
    assert d.first_attacker().tolist() == [1, 0]
    assert d.trump_counts().tolist() == [[1, 1], [0, 0]]
    assert deals_from_orders(orders[2:], players=3).first_attacker().tolist() == [2]
    for order, players in zip(orders, (2, 2, 3)):  # and the engine agrees
        g = new_game("podkidnoy", players=players, deck_order=order)
        assert int(deals_from_orders([order], players=players).first_attacker()[0]) == g.attacker


# -- estimators against the exact helpers --------------------------------------------------------------

@pytest.mark.parametrize("k,args", [(2, (36, 9, 6)), (0, (35, 8, 6)), (3, (26, 5, 13))])
def test_hypergeom_estimators(k, args):
    # args = (population, successes, draws)
    agree(sim_hypergeom_pmf(k, *args, n=40_000, rng=k), hypergeom_pmf(k, *args))
    agree(sim_hypergeom_cdf(k, *args, n=40_000, rng=k + 10), hypergeom_cdf(k, *args))
    agree(sim_p_at_least_one(*args, n=40_000, rng=k + 20), p_at_least_one(*args))


@pytest.mark.parametrize("turned", [True, False])
@pytest.mark.parametrize("size", [36, 52])
def test_R10_expected_trumps_estimator(turned, size):
    agree(sim_expected_trumps(6, size, turned, n=60_000, rng=size),
          expected_trumps(6, size, turned))


def test_R10_simulation_tells_48_35_from_3_2():
    est = sim_expected_trumps(n=400_000, rng=4)
    assert est.agrees(expected_trumps(), SIGMAS) and not est.agrees(1.5, 10)


@pytest.mark.parametrize("turned", [True, False])
@pytest.mark.parametrize("hand", [6, 12])
def test_trump_distribution_estimator(turned, hand):
    exact = trump_distribution(hand, given_turned_trump=turned)
    sim = sim_trump_distribution(hand, given_turned_trump=turned, n=60_000, rng=9)
    assert sim.keys() == exact.keys()
    for k in exact:
        agree(sim[k], exact[k], 60_000)  # six trumps in a hand: 1 deal in 57970


@pytest.mark.parametrize("players,size,turned", [(2, 36, True), (3, 36, True), (6, 36, True),
                                                 (4, 52, True), (3, 36, False)])
def test_R1_3_lead_estimators(players, size, turned):
    exact = lead_distribution(players, size, 6, turned)
    sim = sim_lead_distribution(players, size, 6, turned, n=60_000, rng=players)
    for seat in range(players):
        agree(sim[seat], exact[seat])
    dealer = players - 1
    agree(sim_p_leads(players, dealer, size, 6, turned, n=60_000, rng=1),
          p_leads(players, dealer, size, 6, turned))


def test_R1_3_simulation_sees_the_dealers_advantage():
    est = sim_p_leads(6, 5, n=200_000, rng=6)
    assert est.agrees(p_leads(6, 5), SIGMAS) and not est.agrees(1 / 6, 10)


# -- the hidden cards of a View ------------------------------------------------------------------------

def positions():
    """A few real positions: fresh deals and positions after some random play."""
    import random
    out = []
    for variant, players, seed, steps in [("podkidnoy", 2, 7, 0), ("podkidnoy", 3, 1, 9),
                                          ("perevodnoy", 4, 2, 14), ("japanese_spades", 2, 3, 11),
                                          ("podkidnoy", 6, 5, 0)]:
        g = new_game(variant, players=players, seed=seed)
        rnd = random.Random(seed)
        for _ in range(steps):
            if g.is_over:
                break
            g.play(rnd.choice(g.legal_actions()))
        out.append(g)
    return out


@pytest.mark.parametrize("g", positions(), ids=lambda g: f"{g.variant}-{g.players}")
def test_knowledge_estimators(g):
    v = g.view(0)
    rng = np.random.default_rng(len(v.unknown))
    targets = [v.unknown[0], v.unknown[-1], (v.hand or v.unknown)[0]]
    for seat in range(1, g.players):
        for card in targets:
            agree(sim_p_holds(v, card, seat, n=20_000, rng=rng), p_holds(v, card, seat))
            agree(sim_p_can_beat(v, card, seat, n=20_000, rng=rng), p_can_beat(v, card, seat))
        agree(sim_p_has_trump(v, seat, n=20_000, rng=rng), p_has_trump(v, seat))


def test_sample_hidden_fills_every_place():
    g = new_game("podkidnoy", players=3, seed=8)
    v = g.view(1)
    h = sample_hidden(v, n=500, rng=1)
    assert h.owner.shape == (500, len(v.unknown))
    for row in h.owner.tolist():
        assert row.count(0) == v.unknown_in_hand(0) and row.count(2) == v.unknown_in_hand(2)
        assert row.count(-1) == v.unknown_in_talon


# -- Estimate and the argument checks ------------------------------------------------------------------

def test_estimate():
    e = Estimate(0.5, 0.01)
    assert e == (0.5, 0.01) and e.agrees(0.525) and not e.agrees(0.535)  # within 3 SE (lesson 06)
    assert Estimate(1.0, 0.0).agrees(1) and not Estimate(1.0, 0.0).agrees(0.99)
    assert str(e) == "0.500 ± 0.010"                  # the digits the error supports (issue 26)
    assert "± 0" not in str(Estimate(1.0, 0.0)) and "no spread" in str(Estimate(0.0, 0.0))


@pytest.mark.parametrize("call,words", [
    (lambda: simulate_deals(0), "n=0"),
    (lambda: simulate_deals(10, players=7), "players=7"),
    (lambda: simulate_deals(10, players=0), "players=0"),
    (lambda: simulate_deals(10, deck=40), "deck=40"),
    (lambda: simulate_deals(10, hand_size=-1), "hand_size=-1"),
    (lambda: simulate_deals(10, rng="seed"), "rng must be"),
    (lambda: simulate_deals(10, rng=-3), "rng must be"),
    (lambda: simulate_deals(10, trump="fixed:X"), "trump='fixed:X'"),
    (lambda: simulate_deals(10, workers=0), "workers=0"),
    (lambda: simulate_deals(10, talon=1), "talon must be True or False"),
    (lambda: sim_hypergeom_pmf(1, 5, 2, 6), "draws=6"),
    (lambda: sim_p_at_least_one(5, 2, 3, n=1), "n=1"),
    (lambda: sim_p_leads(2, 2), "seat=2"),
    (lambda: sim_expected_trumps(deck=53), "deck=53"),
    (lambda: deals_from_orders([deck(36)[1:] + deck(36)[:1], deck(36)[:35] + deck(36)[:1]]), "deck 1"),
    (lambda: deals_from_orders([deck(36)], players=7), "players=7"),
])
def test_impossible_arguments_name_the_argument(call, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        call()


def test_knowledge_estimators_check_their_arguments():
    v = new_game("podkidnoy", players=2, seed=1).view(0)
    with pytest.raises(ValueError, match="2♠"):
        sim_p_holds(v, "2♠", 1)
    with pytest.raises(ValueError, match="seat=2"):
        sim_p_has_trump(v, 2)
    with pytest.raises(ValueError, match="view must be a View"):
        sim_p_can_beat("view", "6♠", 1)


def test_deals_repr_and_dealer():
    d = simulate_deals(3, 4, rng=0)
    assert isinstance(d, Deals) and d.dealer == 3 and "players=4" in repr(d)
    assert len(d.hand(0, 2)) == 6


# -- every family's View, and counts that cannot fit (issue 13, item 4) -------------------------------

def family_view(variant, players, seed, steps):
    import random
    g = new_game(variant, players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        g.play(rnd.choice(g.legal_actions()))
    assert not g.is_over and g.view(0).unknown
    return g.view(0)


@pytest.mark.parametrize("variant, players, seed, steps", [
    ("japanese_circle", 3, 2, 7), ("navalenny", 3, 3, 12), ("navalenny_modern", 4, 4, 5),
    ("japanese_maumau", 3, 5, 6), ("maumau_jack", 2, 6, 3)])
def test_knowledge_estimators_serve_every_family(variant, players, seed, steps):
    from durak_edu import VARIANTS
    v = family_view(variant, players, seed, steps)
    beating = VARIANTS[variant].family != "shedding"  # R2.3, R7.1; none in R8
    rng = np.random.default_rng(seed)
    n = 20_000
    for seat in range(1, players):
        for card in (v.unknown[0], v.unknown[-1], v.hand[0]):
            agree(sim_p_holds(v, card, seat, n=n, rng=rng), p_holds(v, card, seat), n)
            if beating:
                agree(sim_p_can_beat(v, card, seat, n=n, rng=rng), p_can_beat(v, card, seat), n)
        agree(sim_p_has_trump(v, seat, n=n, rng=rng), p_has_trump(v, seat), n)
    if not beating:
        # R8: no beating rule in the mau-mau family: refused, naming the families served
        with pytest.raises(ValueError, match=r"sim_p_can_beat: in this game no card beats "
                           r"another .*attack–defence \(R2.3, R6\) and circle \(R7.1\)"):
            sim_p_can_beat(v, v.unknown[0], 1, n=100, rng=1)


def test_a_count_too_large_to_hold_is_refused_with_the_largest_and_a_loop():
    from durak_edu.prob.simulate import MAX_N
    assert MAX_N == 10_000_000
    for call, what in [(lambda n: simulate_deals(n), "deals"),
                       (lambda n: sim_p_at_least_one(36, 9, 6, n=n), "samples"),
                       (lambda n: sim_p_holds(new_game("podkidnoy", seed=1).view(0), "A♥", 1,
                                              n=n), "samples")]:
        for n in (10**13, MAX_N + 1):
            with pytest.raises(ValueError, match=rf"n={n:,} {what} is more than one call holds "
                               r"in memory: at most 10,000,000 \(MAX_N\). Ask for fewer, or "
                               r"call it in a loop"):
                call(n)
