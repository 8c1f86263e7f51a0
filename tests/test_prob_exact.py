"""durak_edu.prob.exact and .symbolic: exact values worked out by hand, a published table, brute
force on a small deck, and the engine's own deals (R1.2, R1.3, R10)."""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import permutations
from math import comb

import pytest
import sympy as sp

from durak_edu import new_game
from durak_edu.prob import (exact, expected_trumps, hypergeom_cdf, hypergeom_pmf, knowledge,
                            lead_distribution, p_at_least_one, p_leads, simulate, symbolic,
                            trump_distribution, unknown_at_start)
import durak_edu.prob as prob


# -- the hypergeometric helpers, by hand ------------------------------------------------------------

def test_hypergeom_pmf_by_hand():
    # 2 marked among 4, draw 2: one marked = 2·2 ways of C(4,2) = 6
    assert hypergeom_pmf(1, 4, 2, 2) == Fraction(2, 3)
    # two trumps in six cards, 9 trumps among 36 (suit fixed in advance):
    # C(9,2)·C(27,4)/C(36,6) = 36·17550/1947792 = 631800/1947792 = 26325/81158
    assert hypergeom_pmf(2, 36, 9, 6) == Fraction(631800, 1947792) == Fraction(26325, 81158)
    # counts the hand cannot hold are impossible, not errors
    assert hypergeom_pmf(7, 36, 9, 6) == 0
    assert hypergeom_pmf(4, 10, 3, 5) == 0      # only 3 marked cards
    assert hypergeom_pmf(0, 10, 8, 5) == 0      # only 2 unmarked: 5 cards hold at least 3 marked
    assert hypergeom_pmf(0, 0, 0, 0) == 1


def test_hypergeom_cdf_by_hand():
    # neither of 2 marked among 4 in a draw of 2: C(2,2)/C(4,2) = 1/6
    assert hypergeom_cdf(0, 4, 2, 2) == Fraction(1, 6)
    assert hypergeom_cdf(1, 4, 2, 2) == Fraction(5, 6)
    assert hypergeom_cdf(2, 4, 2, 2) == hypergeom_cdf(9, 4, 2, 2) == 1
    assert hypergeom_cdf(-1, 4, 2, 2) == 0      # a threshold below every count


def test_p_at_least_one_by_hand():
    # a trump in six cards when the trump is turned: 8 trumps among the 35 other cards;
    # 1 − C(27,6)/C(35,6) = 1 − 296010/1623160 = 1327150/1623160 = 12065/14756
    assert p_at_least_one(35, 8, 6) == Fraction(1327150, 1623160) == Fraction(12065, 14756)
    assert p_at_least_one(35, 8, 6) == 1 - hypergeom_pmf(0, 35, 8, 6)
    assert p_at_least_one(10, 0, 5) == 0 and p_at_least_one(10, 6, 5) == 1


@pytest.mark.parametrize("population,successes,draws", [(36, 9, 6), (35, 8, 6), (52, 13, 13), (7, 7, 3)])
def test_pmf_sums_to_one_and_cdf_accumulates(population, successes, draws):
    pmf = [hypergeom_pmf(k, population, successes, draws) for k in range(draws + 1)]
    assert sum(pmf) == 1
    assert [hypergeom_cdf(k, population, successes, draws) for k in range(draws + 1)] == [
        sum(pmf[:k + 1]) for k in range(draws + 1)]


# -- the bridge tables (published figures, rounded to 0.01%) ------------------------------------

def pct(p: Fraction) -> float:
    return round(float(p) * 100, 2)


def pattern(lengths):
    """P[a 13-card bridge hand has these suit lengths in some order], as a chain of
    hypergeometric draws: so many spades of the 13, then hearts among the rest, ..."""
    from itertools import permutations as perms
    orders = set(perms(lengths))
    p = Fraction(1)
    left, cards = 13, 52
    for length in lengths[:-1]:
        p *= hypergeom_pmf(length, cards, 13, left)
        left -= length
        cards -= 13
    return len(orders) * p


@pytest.mark.parametrize("lengths,published", [
    ((4, 4, 3, 2), 21.55), ((4, 3, 3, 3), 10.54), ((5, 3, 3, 2), 15.52)])
def test_bridge_hand_patterns(lengths, published):
    assert pct(pattern(lengths)) == published


@pytest.mark.parametrize("missing,split,published", [
    (5, (3, 2), 67.83), (5, (4, 1), 28.26), (5, (5, 0), 3.91),
    (4, (2, 2), 40.70), (4, (3, 1), 49.74), (4, (4, 0), 9.57), (2, (1, 1), 52.00)])
def test_bridge_suit_splits(missing, split, published):
    # the missing cards lie among the opponents' 26 cards; West holds 13 of them
    a, b = split
    p = hypergeom_pmf(a, 26, missing, 13)
    if a != b:
        p += hypergeom_pmf(b, 26, missing, 13)
    assert pct(p) == published


# -- trumps in a hand (R1.2, R10) ----------------------------------------------------------------------

def test_R10_one_and_a_half_trumps_only_for_a_fixed_suit():
    # fixed suit: each of the 6 cards is a trump with probability 9/36 -> 6·9/36 = 3/2
    assert expected_trumps(given_turned_trump=False) == Fraction(3, 2)
    # turned trump: 8 trumps among the 35 cards a hand comes from -> 6·8/35 = 48/35 ≈ 1.37
    assert expected_trumps() == Fraction(48, 35)
    assert round(float(expected_trumps()), 2) == 1.37
    # 52 cards: 6·12/51 = 24/17; 32 cards: 6·7/31 = 42/31
    assert expected_trumps(deck=52) == Fraction(24, 17)
    assert expected_trumps(deck=32) == Fraction(42, 31)


@pytest.mark.parametrize("deck", exact.TRUMP_DECKS)
@pytest.mark.parametrize("turned", [True, False])
def test_expected_trumps_is_h_K_over_N(deck, turned):
    k = deck // 4
    formula = Fraction(6 * (k - 1), deck - 1) if turned else Fraction(6 * k, deck)
    assert expected_trumps(6, deck, turned) == formula


def test_trump_distribution_by_hand():
    d = trump_distribution()
    assert sorted(d) == list(range(7)) and sum(d.values()) == 1
    # no trump: C(27,6)/C(35,6) = 296010/1623160
    assert d[0] == Fraction(296010, 1623160)
    # six trumps: C(8,6)/C(35,6) = 28/1623160
    assert d[6] == Fraction(28, 1623160)
    fixed = trump_distribution(given_turned_trump=False)
    assert fixed[0] == Fraction(comb(27, 6), comb(36, 6))
    # a 20-card deck has 5 trumps, 4 left once one is turned: at most 4 in a hand
    assert max(trump_distribution(6, 20)) == 4


# -- who leads (R1.3) -------------------------------------------------------------------------------

def test_R1_3_two_players_by_hand():
    # 8 trumps among the 35 cards below the turned one; nobody is dealt a trump when all 8
    # stay in the 23-card talon: C(23,8)/C(35,8) = 490314/23535820 = 1311/62930.
    none = Fraction(comb(23, 8), comb(35, 8))
    assert none == Fraction(1311, 62930)
    # otherwise the lowest dealt trump is equally likely in either hand; with none, seat 0
    # (the player after the dealer) leads
    assert p_leads(2, 0) == (1 - none) / 2 + none == Fraction(64241, 125860)
    assert p_leads(2, 1) == (1 - none) / 2


def test_R1_3_six_players_the_dealer_keeps_the_turned_trump():
    # The dealer's last card is turned (1.2). It is the lowest trump with probability 1/9: he
    # leads. Otherwise the lowest trump is one of the other 35 cards, in his 5 other places
    # or one of the 6 places of each other seat:
    #   dealer: 1/9 + 8/9 · 5/35 = 7/63 + 8/63 = 5/21;  others: 8/9 · 6/35 = 16/105.
    d = lead_distribution(6)
    assert d[5] == Fraction(5, 21)
    assert [d[s] for s in range(5)] == [Fraction(16, 105)] * 5
    assert sum(d.values()) == 1


def test_R1_3_five_players_is_fair():
    # 30 cards dealt, 5 face down in the talon: the 8 trumps cannot all hide there
    assert lead_distribution(5) == {s: Fraction(1, 5) for s in range(5)}


@pytest.mark.parametrize("players,deck,hand_size", [(2, 36, 6), (3, 36, 6), (4, 36, 6), (6, 36, 6),
                                                    (4, 52, 6), (8, 52, 6), (2, 52, 13), (4, 52, 13),
                                                    (4, 24, 6), (3, 36, 12), (2, 32, 6)])
@pytest.mark.parametrize("turned", [True, False])
def test_lead_distribution_sums_to_one(players, deck, hand_size, turned):
    d = lead_distribution(players, deck, hand_size, turned)
    assert sum(d.values()) == 1 and all(p > 0 for p in d.values())
    if players * hand_size < deck or not turned:  # symmetric but for seat 0's no-trump deals
        assert len({d[s] for s in range(1, players)}) == 1 and d[0] >= d[1]


def brute_force_leads(players: int, hand_size: int, deck: int = 20) -> dict[int, Fraction]:
    """Count every placement of the trump suit in the deck order (R1.1–R1.3), by brute force.

    The trump suit is the turned card's suit; its other cards take every ordered set of
    positions among the other deck positions, the turned card every rank.
    """
    k = deck // 4
    dealt = players * hand_size
    turned_at = dealt if dealt < deck else dealt - 1   # R1.2
    others = [p for p in range(deck) if p != turned_at]
    wins = [0] * players
    total = 0
    for t in range(k):                                   # rank of the turned card
        ranks = [r for r in range(k) if r != t]
        for places in permutations(others, k - 1):      # places of the other trumps
            where = dict(zip(ranks, places))
            where[t] = turned_at
            lead = 0                                     # R1.3: nobody has a trump -> seat 0
            for r in range(k):
                if where[r] < dealt:
                    lead = where[r] % players
                    break
            wins[lead] += 1
            total += 1
    return {s: Fraction(w, total) for s, w in enumerate(wins)}


@pytest.mark.parametrize("players,hand_size", [(4, 5), (3, 4)])
def test_lead_distribution_against_brute_force(players, hand_size):
    # 4 × 5 uses up the 20-card deck (the dealer keeps the turned card); 3 × 4 leaves a talon
    assert lead_distribution(players, 20, hand_size) == brute_force_leads(players, hand_size)


@pytest.mark.parametrize("players,games", [(2, 2000), (3, 2000), (6, 6000)])
def test_R1_3_p_leads_against_engine_deals(players, games):
    counts = [0] * players
    for seed in range(games):
        counts[new_game("podkidnoy", players=players, seed=seed).attacker] += 1
    for seat in range(players):
        p = float(p_leads(players, seat))
        se = (p * (1 - p) / games) ** 0.5
        assert abs(counts[seat] / games - p) < 4 * se, (seat, counts, p)
    if players == 6:  # the dealer's advantage shows: 5/21 ≈ 0.238 against 1/6 ≈ 0.167
        assert counts[5] / games > 0.2


def test_lead_distribution_with_a_fixed_suit_against_the_engine():
    games = 1500
    counts = [0, 0, 0]
    for seed in range(games):
        counts[new_game("podkidnoy", players=3, seed=seed, trump="fixed:D").attacker] += 1
    d = lead_distribution(3, given_turned_trump=False)
    for seat in range(3):
        p = float(d[seat])
        assert abs(counts[seat] / games - p) < 4 * (p * (1 - p) / games) ** 0.5


# -- what is unknown (R10) ---------------------------------------------------------------------------

def test_R10_23_unknown_to_everybody_29_to_one_seat():
    # the talon: 36 − 12 = 24 cards, the turned trump face up among them -> 23 face down;
    # one seat cannot see the 6 cards of the other hand either: 23 + 6 = 29 = 36 − 6 − 1
    u = unknown_at_start(2)
    assert (u.to_everybody, u.to_seat, u.in_other_hands, u.in_talon) == (23, 29, 6, 23)
    # six players: nothing stays face down; the dealer's turned card is seen by all
    assert unknown_at_start(6, seat=0) == (0, 29, 29, 0)
    assert unknown_at_start(6, seat=5) == (0, 30, 30, 0)
    assert unknown_at_start(2, given_turned_trump=False) == (24, 30, 6, 24)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_unknown_at_start_matches_the_engine(players):
    g = new_game("podkidnoy", players=players, seed=players)
    assert len(knowledge.unknown_to_everybody(g)) == unknown_at_start(players).to_everybody
    for seat in range(players):
        assert knowledge.unknown_count(g, seat) == unknown_at_start(players, seat=seat).to_seat


# -- impossible arguments ------------------------------------------------------------------------------

@pytest.mark.parametrize("call,words", [
    (lambda: hypergeom_pmf(1, 6, 2, 7), "draws=7"),
    (lambda: hypergeom_pmf(1, 6, 9, 2), "successes=9"),
    (lambda: hypergeom_pmf(1, -6, 2, 2), "population=-6"),
    (lambda: hypergeom_pmf(-1, 6, 2, 2), "k=-1"),
    (lambda: hypergeom_pmf(1.5, 6, 2, 2), "k must be a whole number"),
    (lambda: hypergeom_pmf(True, 6, 2, 2), "k must be a whole number"),
    (lambda: hypergeom_cdf(1, 6, 2, "3"), "draws must be a whole number"),
    (lambda: p_at_least_one(5, 2, 6), "draws=6"),
    (lambda: expected_trumps(deck=40), "deck=40"),
    (lambda: expected_trumps(deck=54), "deck=54"),
    (lambda: expected_trumps(hand_size=0), "hand_size=0"),
    (lambda: expected_trumps(hand_size=36), "hand_size=36"),
    (lambda: trump_distribution(given_turned_trump="yes"), "given_turned_trump"),
    (lambda: p_leads(7, 0), "players=7"),
    (lambda: p_leads(1, 0), "players=1"),
    (lambda: p_leads(6, 6), "seat=6"),
    (lambda: p_leads(2, -1), "seat=-1"),
    (lambda: unknown_at_start(2, seat=2), "seat=2"),
])
def test_impossible_arguments_name_the_argument(call, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        call()


# -- the formulas (sympy) ------------------------------------------------------------------------------

def test_symbolic_expected_trumps_substitutes_to_the_exact_values():
    N, K, h = symbolic.N, symbolic.K, symbolic.h
    assert sp.simplify(symbolic.expected_trumps() - h * (K - 1) / (N - 1)) == 0
    assert symbolic.expected_trumps().subs(symbolic.values()) == sp.Rational(48, 35)
    assert symbolic.expected_trumps(False).subs(symbolic.values()) == sp.Rational(3, 2)
    for deck in exact.TRUMP_DECKS:
        for turned in (True, False):
            value = symbolic.expected_trumps(turned).subs(symbolic.values(deck, 5))
            assert Fraction(str(value)) == expected_trumps(5, deck, turned)


def test_symbolic_pmf_and_variance_match_the_exact_distribution():
    for deck, hand in [(36, 6), (52, 6), (24, 5)]:
        for turned in (True, False):
            dist = trump_distribution(hand, deck, turned)
            subs = symbolic.values(deck, hand)
            for kk, p in dist.items():
                assert Fraction(str(symbolic.trump_pmf(turned).subs(subs).subs(symbolic.k, kk))) == p
            mean = sum(kk * p for kk, p in dist.items())
            var = sum(kk * kk * p for kk, p in dist.items()) - mean ** 2
            assert Fraction(str(symbolic.variance_trumps(turned).subs(subs))) == var
            assert Fraction(str(symbolic.p_at_least_one(turned).subs(subs))) == 1 - dist[0]
    generic = symbolic.hypergeom_pmf().subs({symbolic.N: 52, symbolic.K: 13, symbolic.h: 13,
                                             symbolic.k: 4})
    assert Fraction(str(generic)) == hypergeom_pmf(4, 52, 13, 13)


def test_symbolic_unknown_counts_R10():
    everybody, seat = symbolic.unknown_at_start()
    assert (everybody.subs(symbolic.values()), seat.subs(symbolic.values())) == (23, 29)
    assert everybody.subs(symbolic.values(players=4)) == unknown_at_start(4).to_everybody


def test_symbolic_derivation_for_a_lesson():
    d = symbolic.derivation()
    assert d.result == sp.Rational(48, 35)
    text = str(d)
    assert "K − 1" in text and "48/35" in text and "3/2" in text and "R10" in text
    assert d.to_markdown().startswith("**") and "\\frac{48}{35}" in d.to_markdown()
    assert symbolic.derivation(given_turned_trump=False).result == sp.Rational(3, 2)
    assert symbolic.derivation(deck=52).result == sp.Rational(24, 17)
    with pytest.raises(ValueError, match="deck=40"):
        symbolic.values(40)


# -- the docstrings' examples run ------------------------------------------------------------------------

@pytest.mark.parametrize("module", [prob, exact, symbolic, simulate, knowledge],
                         ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
