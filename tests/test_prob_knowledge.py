"""durak_edu.prob.knowledge: card counting from one seat (R0), on hand-built positions worked out
by hand and on real positions reached by random play."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from durak_edu import VARIANTS, Card, new_game
from durak_edu.prob import (p_at_least_one, p_can_beat, p_has_trump, p_holds, p_holds_all,
                            unknown_count, unknown_to_everybody)
from helpers import DEEP, game

HANDS = ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"]


def c(text: str) -> Card:
    return Card.parse(text)


# -- R10: what is unknown at the start ------------------------------------------------------------

def test_R10_29_unknown_from_one_seat_23_to_everybody():
    g = new_game("podkidnoy", players=2, seed=7)
    # 36 − 6 (own hand) − 1 (the turned trump) = 29: 6 in the other hand, 23 in the talon
    assert unknown_count(g, 0) == unknown_count(g, 1) == 29
    assert unknown_count(g.view(0)) == 29
    v = g.view(0)
    assert v.unknown_in_hand(1) == 6 and v.unknown_in_talon == 23
    # the talon's 24 cards less the face-up trump: nobody has seen them
    common = unknown_to_everybody(g)
    assert len(common) == 23 and g.trump_card not in common
    assert set(common) == set(g.talon) - {g.trump_card}


# -- a hand-built position, worked out by hand --------------------------------------------------------

@pytest.fixture
def fresh():
    """Seat 0 holds six spades, seat 1 six clubs; 6♥ is turned: hearts are trumps."""
    return game("podkidnoy", HANDS, turned="6♥")


def test_p_holds_by_hand(fresh):
    v = fresh.view(0)
    assert p_holds(v, "A♥", 1) == Fraction(6, 29)      # 6 of the 29 unknown places
    assert p_holds(v, "6♥", 1) == 0                     # the trump card lies under the talon
    assert p_holds(v, "6♠", 1) == 0 and p_holds(v, "6♠", 0) == 1   # my own card
    assert p_holds(v, "A♥", 0) == 0                     # I know my own hand
    assert p_holds(fresh.view(1), "6♠", 0) == Fraction(6, 29)


def test_p_has_trump_by_hand(fresh):
    v = fresh.view(0)
    # 8 trumps (7♥..A♥) among the 29 unknown; none of them in 6 cards: C(21,6)/C(29,6)
    # = 54264/475020, so 1 − 54264/475020 = 420756/475020
    assert p_has_trump(v, 1) == Fraction(420756, 475020)
    assert p_has_trump(v, 1) == p_at_least_one(29, 8, 6)
    assert p_has_trump(v, 0) == 0                       # six spades, no heart


def test_p_can_beat_by_hand(fresh):
    v = fresh.view(0)
    # J♠ is beaten by Q♠ K♠ A♠ and the 8 unknown hearts: 11 of the 29 unknown cards;
    # none in 6: C(18,6)/C(29,6) = 18564/475020
    assert p_can_beat(v, "J♠", 1) == 1 - Fraction(18564, 475020)
    # K♥ is beaten only by A♥: in seat 1's hand with probability 6/29
    assert p_can_beat(v, "K♥", 1) == Fraction(6, 29)
    assert p_can_beat(v, "A♥", 1) == 0                  # nothing beats the trump ace (R2.3)
    assert p_can_beat(v, "10♠", 0) == 1                 # my J♠ beats it
    assert p_can_beat(v, "J♠", 0) == 0                  # no higher spade, no trump


def test_R6_spades_are_beaten_only_by_spades():
    g = game("japanese_spades", HANDS, turned="6♥")
    v = g.view(0)
    # K♠ is beaten by A♠ and by the queen of spades (the highest spade, R6), never by a
    # trump: 2 unknown beaters; none in 6 cards: C(27,6)/C(29,6) = 296010/475020
    assert p_can_beat(v, "K♠", 1) == 1 - Fraction(296010, 475020)
    # in podkidnoy the 8 trumps beat it as well: 9 beaters
    assert p_can_beat(game("podkidnoy", HANDS, turned="6♥").view(0), "K♠", 1) == \
        1 - Fraction(comb(20, 6), comb(29, 6))


def test_picked_up_cards_are_known(fresh):
    g = fresh
    attacker = g.to_act
    defender = 1 - attacker
    card = g.hands[attacker][0]
    g.play(f"attack {card}")
    g.play("take")
    while g.to_act == attacker and not g.is_over and any(str(a) == "pass" for a in g.legal_actions()):
        g.play("pass")
    v = g.view(attacker)
    # R0: the defender picked the card up in front of everyone
    assert card in v.known[defender]
    assert p_holds(v, card, defender) == 1


def test_the_dealer_keeps_the_turned_trump_in_a_six_player_game():
    g = new_game("podkidnoy", players=6, seed=7)
    v = g.view(0)
    assert p_holds(v, g.trump_card, 5) == 1 and p_has_trump(v, 5) == 1   # R1.2
    assert p_holds(v, g.trump_card, 1) == 0
    # the dealer has 5 unknown places, the others 6, among 29 unknown cards, no talon
    assert p_holds(v, v.unknown[0], 5) == Fraction(5, 29)
    assert p_holds(v, v.unknown[0], 2) == Fraction(6, 29)


def test_without_a_trump_nobody_has_one():
    g = new_game("podkidnoy", players=3, seed=2, trump="none")
    assert all(p_has_trump(g.view(0), s) == 0 for s in range(3))


def test_frequencies_on_real_deals():
    # Over many fresh deals, a card seat 0 cannot see is in seat 1's hand 6 times in 29.
    n = held = 0
    for seed in range(1500):
        g = new_game("podkidnoy", players=2, seed=seed)
        if c("A♦") in g.view(0).unknown:
            n += 1
            held += c("A♦") in g.hands[1]
    p = 6 / 29
    assert abs(held / n - p) < 4 * (p * (1 - p) / n) ** 0.5


# -- argument checks ----------------------------------------------------------------------------------

@pytest.mark.parametrize("call,words", [
    (lambda v: p_holds(v, "2♠", 1), "card=2♠: not a card of this game"),
    (lambda v: p_holds(v, "Z♠", 1), "card: not a card"),
    (lambda v: p_holds(v, "6♠", 2), "seat=2"),
    (lambda v: p_holds(v, "6♠", -1), "seat=-1"),
    (lambda v: p_has_trump(v, "1"), "seat must be a whole number"),
    (lambda v: p_can_beat(v, "RJ", 1), "card=RJ"),
    (lambda v: p_holds("v", "6♠", 1), "view must be a View"),
    (lambda v: unknown_count(v, 1), "seat=1"),
    (lambda v: p_holds_all(v, 5), "seat=5"),
])
def test_impossible_arguments_name_the_argument(fresh, call, words):
    with pytest.raises(ValueError, match=words):
        call(fresh.view(0))


def test_unknown_count_needs_a_seat_and_a_game(fresh):
    with pytest.raises(ValueError, match="seat"):
        unknown_count(fresh)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        unknown_count(fresh, 2)
    with pytest.raises(ValueError, match="g must be"):
        unknown_count("game", 0)


def test_a_view_that_contradicts_itself_is_refused(fresh):
    bad = dataclasses.replace(fresh.view(0), unknown_in_talon=22)
    with pytest.raises(ValueError, match="contradicts itself"):
        p_holds(bad, "A♥", 1)


# -- random positions: the invariants, and the truth -------------------------------------------------

VARIANT_SETUPS = [("podkidnoy", 2, {}), ("podkidnoy", 3, {}), ("podkidnoy", 4, {}),
                  ("podkidnoy", 6, {}), ("perevodnoy", 3, {}), ("japanese_spades", 2, {}),
                  ("japanese_diamonds", 3, {}), ("prostoy", 4, {}),
                  ("podkidnoy", 2, {"trump": "none"}), ("podkidnoy_teams", 4, {}),
                  ("podkidnoy", 3, {"share_short_talon": True})]


def check_view(g, seat):
    v = g.view(seat)
    table = {x for pair in v.table for x in pair if x is not None}
    everything = p_holds_all(v, seat).keys()
    assert len(everything) == g.rules.deck  # every card of the deck has its place
    unknown = set(v.unknown)
    for s in range(g.players):
        probs = p_holds_all(v, s)
        assert sum(probs.values()) == v.hand_sizes[s]
        if s != seat:
            assert sum(probs[x] for x in unknown) == v.unknown_in_hand(s)
        for card, p in probs.items():
            assert 0 <= p <= 1
            truly = card in g.hands[s]
            assert (p > 0) or not truly, f"{card} is in seat {s}'s hand but p = 0"
            assert (p < 1) or truly, f"p = 1 but {card} is not in seat {s}'s hand"
            if card in v.discard or card in table:
                assert p == 0
            if s == seat:
                assert p == (card in v.hand)
            elif card in v.known.get(s, ()):
                assert p == 1
            elif card in unknown:
                assert p == Fraction(v.unknown_in_hand(s), len(unknown))
            assert p == p_holds(v, card, s)
        trumps = [x for x in everything if v.trump is not None and x.suit == v.trump]
        pt = p_has_trump(v, s)
        has = any(x in g.hands[s] for x in trumps)
        assert (pt > 0 or not has) and (pt < 1 or has)
        assert pt >= max((probs[x] for x in trumps), default=0)
        target = random.Random(len(g.actions) + s).choice(sorted(everything))
        pb = p_can_beat(v, target, s)
        beaters = [x for x in everything if x != target and v.beats(x, target)]
        can = any(x in g.hands[s] for x in beaters)
        assert (pb > 0 or not can) and (pb < 1 or can)
        assert pb >= max((probs[x] for x in beaters), default=0)
    # an unknown card is somewhere: another hand or the talon
    if unknown:
        x = next(iter(unknown))
        talon = 1 - sum(p_holds(v, x, s) for s in range(g.players))
        assert talon == Fraction(v.unknown_in_talon, len(unknown))


@settings(max_examples=20 if DEEP else 8, deadline=None)
@given(setup=st.sampled_from(VARIANT_SETUPS), seed=st.integers(0, 2**32 - 1),
       stops=st.lists(st.integers(0, 120), min_size=1, max_size=3))
def test_knowledge_invariants_on_random_play(setup, seed, stops):
    name, players, options = setup
    g = new_game(name, players=players, seed=seed, **options)
    rnd = random.Random(seed)
    step = 0
    for stop in sorted(stops):
        while step < stop and not g.is_over:
            legal = g.legal_actions()
            others = [a for a in legal if str(a) != "take"]
            g.play(rnd.choice(others if others and rnd.random() < 0.9 else legal))
            step += 1
        for seat in range(players):
            check_view(g, seat)
        if g.is_over:
            break


@pytest.mark.parametrize("setup", VARIANT_SETUPS, ids=lambda s: f"{s[0]}-{s[1]}-{s[2]}")
def test_knowledge_invariants_at_the_deal_and_after_ten_moves(setup):
    name, players, options = setup
    g = new_game(name, players=players, seed=17, **options)
    for seat in range(players):
        check_view(g, seat)
    rnd = random.Random(17)
    for _ in range(10):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_actions()))
    for seat in range(players):
        check_view(g, seat)


# -- every family's View (issue 13, item 4) ---------------------------------------------------------

def reached(variant, players, seed, steps, until=None):
    """A position reached by ``steps`` random moves (or, with ``until``, the first position after
    them where ``until(view of seat 0)`` holds)."""
    g = new_game(variant, players=players, seed=seed)
    rnd = random.Random(seed)
    for i in range(10_000):
        if g.is_over or (i >= steps and (until is None or until(g.view(0)))):
            break
        g.play(rnd.choice(g.legal_actions()))
    assert not g.is_over
    return g


FAMILY_POSITIONS = [("podkidnoy", 3, 1, 9), ("japanese_circle", 3, 2, 7), ("navalenny", 3, 3, 12),
                    ("navalenny_modern", 4, 4, 5), ("japanese_maumau", 3, 5, 6),
                    ("maumau_jack", 2, 6, 3)]


@pytest.mark.parametrize("variant, players, seed, steps", FAMILY_POSITIONS)
def test_p_holds_and_p_has_trump_serve_every_family(variant, players, seed, steps):
    # R0: which cards a seat may hold is the same question in every family
    g = reached(variant, players, seed, steps)
    v = g.view(0)
    assert v.unknown  # something to count
    table = {c for place in v.table for c in ((place,) if isinstance(place, Card) else place) if c}
    for seat in range(1, players):
        probs = p_holds_all(v, seat)
        assert sum(probs.values()) == v.hand_sizes[seat]   # every place of his hand is filled
        assert all(probs[c] == 0 for c in table | set(v.hand) | set(v.in_talon))
        assert all(probs[c] == 1 for c in v.known.get(seat, ()))
        assert all(probs[c] == Fraction(v.unknown_in_hand(seat), len(v.unknown))
                   for c in v.unknown)
        if v.trump is None:  # R8.1: mau-mau has no trump
            assert p_has_trump(v, seat) == 0
        else:
            trumps = [c for c in v.unknown if c.suit == v.trump]
            expected = 1 if any(c.suit == v.trump for c in v.known.get(seat, ())) else \
                p_at_least_one(len(v.unknown), len(trumps), v.unknown_in_hand(seat))
            assert p_has_trump(v, seat) == expected


@pytest.mark.parametrize("variant, players, seed, steps", FAMILY_POSITIONS[:4])
def test_p_can_beat_uses_each_familys_beating_rule(variant, players, seed, steps):
    # R2.3, R6, R7.1: "can beat" follows View.beats, whatever the family
    g = reached(variant, players, seed, steps)
    v = g.view(0)
    for card in (v.unknown[0], v.unknown[-1], v.hand[0]):
        beaters = [c for c in v.unknown if c != card and g.beats(c, card)]
        for seat in range(1, players):
            known = [c for c in v.known.get(seat, ()) if g.beats(c, card)]
            expected = 1 if known else p_at_least_one(len(v.unknown), len(beaters),
                                                      v.unknown_in_hand(seat))
            assert p_can_beat(v, card, seat) == expected
        mine = any(g.beats(c, card) for c in v.hand)
        assert p_can_beat(v, card, 0) == (1 if mine else 0)


def test_p_can_beat_refuses_a_mau_mau_view_and_says_which_families_it_serves():
    v = reached("japanese_maumau", 3, 5, 6).view(0)
    for seat in (0, 1):
        with pytest.raises(ValueError, match=r"p_can_beat: in this game no card beats another "
                           r"\(the mau-mau family, R8.*serves the attack–defence \(R2.3, R6\) "
                           r"and circle \(R7.1\) families"):
            p_can_beat(v, v.unknown[0], seat)


def test_a_mau_mau_talon_turned_over_face_known_is_counted():
    # R8.2: the rebuilt talon's cards are known to lie there: nobody holds them
    g = reached("japanese_maumau", 3, 1, 0, until=lambda v: len(v.in_talon) >= 2)
    v = g.view(0)
    assert len(v.in_talon) >= 2 and v.talon_size >= 2
    for card in v.in_talon:
        assert p_holds(v, card, 1) == 0 and p_holds(v, card, 2) == 0
    assert sum(p_holds_all(v, 1).values()) == v.hand_sizes[1]


def test_R6_spades_put_back_in_the_talon_are_cards_of_the_game_held_by_nobody():
    # R6 (spade_turned="reshuffle"): a turned spade put back is known to lie in the talon; it
    # was refused as "not a card of this game's deck" before the View's in_talon was counted
    g = new_game("japanese_spades", players=2, seed=1, spade_turned="reshuffle")
    v = g.view(0)
    put_back = [c for c in v.in_talon if c != g.trump_card]
    assert put_back
    probs = p_holds_all(v, 1)
    assert len(probs) == 36 and sum(probs.values()) == v.hand_sizes[1]
    assert all(p_holds(v, c, 1) == 0 and probs[c] == 0 for c in put_back)


@pytest.mark.parametrize("variant", sorted(v for v in VARIANTS
                                          if VARIANTS[v].rules.family != "shedding"))
def test_the_beaters_a_view_names_are_those_the_game_says_beat_the_card(variant):
    """``prob.views.beaters`` reads the view's copy of the game's masks (``MaskBeats``): the
    same cards ``Game.beats`` names, one by one, under every preset's beating rule (R2.3, R6,
    R7.1 and the house rules: jokers, twins, a six on the ace ...)."""
    from durak_edu.prob.views import beaters, game_cards

    g = reached(variant, max(2, VARIANTS[variant].rules.min_players), 7, 6)
    v = g.view(g.to_act if g.to_act is not None else 0)
    for card in sorted(game_cards(v)):
        assert beaters(v, card) == {c for c in game_cards(v) if c != card and g.beats(c, card)}
