"""The deal on the core (issue 25, ``core/deal.py``), on the rules' own terms.

R1.1 (one card at a time from the player after the dealer), R1.2 (the turned trump, R6's spade
put back), R1.3 (who leads) and the house rules' deal clauses as the parts' ``deal``/``dealt``
hooks (R9.3, R9.4, R9.13, R9.17–R9.19, R9.23, R9.26, R9.27, R9.28, R9.31, R9.38, R9.40). For
every preset the core plays and the deal options, 2–8 players, many seeds and deck orders:

* a fair deal (R0): every card of the deck once, in a hand, the talon, a reserve, set aside or
  put away; every seat's view holds his own hand and names nobody else's card unseen; the seed
  only chooses the deck order (the same order given deals the same game);
* R1.1/R1.3: the deal starts after the dealer, a series' lead opens;
* a game the core dealt plays to its end on the core's invariants (``core_parts``) and writes a
  record that replays it; positions set up by hand likewise (or are refused in words).
(The deal slot for slot as the old engine dealt it: tests/test_agreement_fixture.py.)
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP

from durak_edu import IllegalAction, from_hands, from_position, new_game
from durak_edu.cards import deck
from durak_edu.games.core.deal import deal
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.state import supports
from durak_edu.games.new import seeded_deck
from durak_edu.games.setup import deal_order
from durak_edu.rules import VARIANTS, with_options

from core_parts import cards_in_play, invariants


def _core_plays(name: str, players: int) -> bool:
    try:
        return supports(new_game(name, players=players, seed=0))
    except ValueError:
        return False


#: every preset of the attack family the compiled core plays (bolshoy and dvoynoy, 72 cards,
#: are its wide copy's: tests/test_core_wide.py deals them; docs/architecture.md)
PRESETS = [(name, {}) for name, v in VARIANTS.items() if v.family == "attack"
           and _core_plays(name, max(2, v.rules.min_players))]

#: the deal's options on other presets, each clause at least once
OPTIONS = [
    ("podkidnoy", {"deck": 52}),
    ("podkidnoy", {"deck": 24}),
    ("podkidnoy", {"reserve": True, "reserve_size": 2}),          # R9.40
    ("perevodnoy", {"trump_card_hidden": True}),                  # R9.23
    ("podkidnoy", {"talon_removed": True, "deck": 52}),           # R9.4
    ("perevodnoy", {"deal_all": True}),                           # R9.3
    ("podkidnoy", {"redeal_five_of_a_suit": True, "deck": 52}),   # R9.27, often
    ("podkidnoy", {"ace_put_back": True, "deck": 24}),            # R9.31, often
    ("japanese_spades", {"ace_put_back": True, "spade_turned": "reshuffle"}),  # R6 and R9.31
    ("podkidnoy", {"trump": "fixed:H"}),
    ("podkidnoy", {"trump": "none"}),
    ("podkidnoy", {"first_lead": "left_of_dealer"}),
    ("perevodnoy", {"first_lead": "nine_of_diamonds"}),           # R9.16's lead
    ("jokers_by_colour", {"first_lead": "lowest_trump"}),         # R9.33: two trump suits
    ("podkidnoy", {"every_second_bito_back": True}),              # R9.13's key
    ("podkidnoy", {"trump_six_exchange": True, "defender_draws": True}),  # R9.26, R9.17
    ("podkidnoy", {"scoring": "pogonny"}),                        # R9.28
    ("krestovy", {"deck": 52}),                                   # R9.38 with 8 players
    ("potayny", {"reserve": True}),                               # R9.24 and R9.40's words
    ("potayny", {"spades_apart": True, "spade_turned": "reshuffle"}),  # R9.24 after R6
]

CASES = PRESETS + OPTIONS


def ids(cases):
    return [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in cases]


def dealt(name, options, players, seed, order=None, dealer=None, lead=None, names=None):
    """The core's new game, or ``None`` where the deck is too small or the core does not play
    the options."""
    source = {"seed": seed} if order is None else {"deck_order": order}
    try:
        g = new_game(name, players=players, dealer=dealer, lead=lead, names=names, **source,
                     **options)
    except ValueError:
        return None
    assert isinstance(g, AttackGame)
    return g


def assert_a_fair_deal(g) -> None:
    """R0: every card of the deck once where a user can find it (the second trump card, R9.24,
    set aside unseen); each seat's view his own hand, nobody else's card named unless seen."""
    unseen = g.secret is not None and g.secret not in (g.removed or ())
    found = cards_in_play(g) + Counter([g.secret] if unseen else [])
    assert found == Counter(g.deck_order), "a card lost or dealt twice"
    for p in range(g.players):
        v = g.view(p)
        assert sorted(v.hand) == sorted(g.hands[p])
        for q, known in v.known.items():
            assert set(known) <= set(g.hands[q]), (p, q)
    assert g.is_over or g.to_act not in g.out


PROPERTY = settings(max_examples=300 if DEEP else 60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**64))
def test_property_the_core_deals_a_fair_deal_and_the_seed_only_orders_the_deck(case, players,
                                                                               seed):
    # R1, R9: from a seed (new_game's shuffle) or from the same deck order given (deck_order=)
    name, options = case
    g = dealt(name, options, players, seed)
    if g is None:
        return
    assert_a_fair_deal(g)
    rules = with_options(VARIANTS[name].rules, dict(options))
    assert tuple(g.deck_order) == tuple(seeded_deck(rules, seed))
    again = dealt(name, options, players, None, order=g.deck_order)
    assert again.hands == g.hands and again.talon == g.talon and again.history == g.history
    assert (again.trump, again.trump_card, again.to_act) == (g.trump, g.trump_card, g.to_act)


@pytest.mark.parametrize("name,options", CASES, ids=ids(CASES))
def test_every_table_size_is_dealt_fairly(name, options):
    n = 0
    for players in range(2, 9):
        for seed in range(3 if DEEP else 1):
            g = dealt(name, options, players, 1000 + seed)
            if g is not None:
                assert_a_fair_deal(g)
                n += 1
    assert n >= 1


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32),
       dealer=st.integers(0, 7), lead=st.one_of(st.none(), st.integers(0, 7)))
def test_property_a_dealer_and_a_lead_of_a_series_are_dealt_as_r1_says(
        case, players, seed, dealer, lead):
    # R1.1: the deal starts after the dealer; R1.3: a series' lead opens the first bout
    name, options = case
    names = [f"P{i}" for i in range(players)]
    lead = None if lead is None else lead % players
    g = dealt(name, options, players, seed, None, dealer % players, lead, names)
    if g is None:
        return
    assert_a_fair_deal(g)
    assert (g.dealer, g.lead, list(g.names)) == (dealer % players, lead, names)
    said = g.history[0].text
    if said.startswith("dealt "):
        first = (dealer + 1) % players
        assert said.endswith(f"clockwise from seat {first} ({names[first]})"), said
    if lead is not None and not getattr(g.rules, "one_higher_phase", False):
        assert g.attacker == lead


@settings(max_examples=60 if DEEP else 12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_property_a_game_the_core_dealt_keeps_its_invariants(case, players, seed):
    g = dealt(*case, players, seed)
    if g is not None:
        invariants(g, random.Random(seed), 3)


@pytest.mark.parametrize("name", ["podkidnoy", "perevodnoy", "s_prikupom", "krestovy",
                                  "s_peresdachey", "chukotsky", "nevidimy", "otboyny"])
def test_a_dealt_game_plays_and_records(name):
    for players in (2, 3, 5):
        g = dealt(name, {}, players, players)
        if g is not None:
            assert invariants(g, random.Random(players), 3) > 0  # (the record replays it)


def test_a_five_card_suit_is_dealt_again():
    # R9.27: seat 0 is dealt five spades, so the deal is shown, shuffled and dealt again
    order = deal_order(["6S 7S 8S 9S 10S 6C", "6D 7D 8D 9C 10C JC"], turned="6H")
    g = new_game("s_peresdachey", deck_order=order)
    assert g.redeals and g.redeals[0] == tuple(order) and g.history[0].kind == "redeal"
    assert set(g.hands[0]) != set(order[0:12:2])
    assert all(max(Counter(c.suit for c in h).values()) < 5 for h in g.hands)
    assert_a_fair_deal(g)


def test_a_turned_ace_goes_back():
    # R9.31: an ace turned for trump goes into the talon's middle, seen by all, then the next
    order = deal_order(["6S 7S 8S 9S 10S JS", "6C 7C 8C 9C 10C JC"], turned="AH", talon="AD 7H")
    g = new_game("ace_not_trump", deck_order=order)
    assert [str(c) for c in g.reshuffled] == ["A♥", "A♦"]
    assert str(g.trump_card) == "7♥" and g.talon[-1] == g.trump_card
    assert_a_fair_deal(g)


def test_the_whole_deck_dealt_shows_the_dealers_last_card():
    # R1.2: six players with 36 cards: the dealer's last card sets the trump and he keeps it
    g = new_game("podkidnoy", players=6, seed=5)
    assert g.talon_size == 0 and g.trump_card in g.hands[5]
    assert g.view(0).known[5] == (g.trump_card,)
    assert_a_fair_deal(g)


def test_the_core_refuses_to_deal_what_it_does_not_play():
    # 72 cards (R9.21, R9.29) are not the compiled core's (wide.py's); the words say so
    for name in ("bolshoy", "dvoynoy"):
        rules = VARIANTS[name].rules
        with pytest.raises(ValueError, match="the core does not deal"):
            deal(name, rules, 2, seeded_deck(rules, 1))
    rules = VARIANTS["podkidnoy"].rules
    with pytest.raises(ValueError, match="36-card deck"):
        deal("podkidnoy", rules, 2, deck(52))


def test_a_dealt_game_refuses_and_undoes():
    g = new_game("perevodnoy", players=3, seed=11)
    with pytest.raises(IllegalAction) as err:
        g.play("take")  # R2.2: the bout is to be opened, nobody takes yet
    assert err.value.rule.startswith("R")
    before = g.history, g.to_act
    first = g.legal_actions()[0]
    g.play(first)
    assert g.undo() == first
    assert (g.history, g.to_act) == before


def position_args(rng: random.Random, name: str, players: int, options: dict):
    """Random hands, talon, trump card or suit, attacker for ``from_position`` (as
    ``test_core_agreement.random_position`` draws them)."""
    try:
        game = new_game(name, players=players, seed=0, **options)
    except ValueError:
        return None
    cards = list(game.deck_order)
    # R9.38: the attack–defence phase has no talon (the core refuses one)
    no_talon = getattr(game.rules, "one_higher_phase", False)
    rng.shuffle(cards)
    hands, i = [], 0
    for k in [rng.randint(0, 7) for _ in range(players)]:
        hands.append(" ".join(map(str, cards[i:i + k])))
        i += k
    talon = cards[i:i + rng.choice((0, 0, 1, 3, 8))]
    if no_talon:
        talon = []
    i += len(talon)
    trump_card = str(cards[i]) if talon and rng.random() < 0.7 and i < len(cards) else None
    extra = {} if trump_card or "trump" in options else {"trump": rng.choice("SCDH")}
    return dict(hands=hands, talon=" ".join(map(str, talon)), trump_card=trump_card,
                attacker=rng.randrange(players), first_bout=rng.random() < 0.2, **extra,
                **options)


@PROPERTY
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_property_a_position_is_set_up_as_given(case, players, seed):
    # setup.from_position: the hands, talon and trump given, the rest discarded (R0); settled
    # as play leaves it (R2.10, R2.8, R2.11); or refused in words where play cannot reach
    name, options = case
    rng = random.Random(seed)
    args = position_args(rng, name, players, options)
    if args is None:
        return
    try:
        g = from_position(name, **args)
    except ValueError as err:
        assert str(err)  # refused with words
        return
    assert isinstance(g, AttackGame) and g.position_set
    if not g.is_over:  # each seat holds what he was given (and what settling drew him)
        for p, hand in enumerate(args["hands"]):
            assert set(hand.split()) <= {str(c) for c in g.hands[p]}, p
    if not g.rules.talon_removed:
        found = cards_in_play(g)
        assert all(n == 1 for n in found.values()) and set(found) <= set(g.deck_order)
    if not g.is_over:
        invariants(g, rng, 2)


def test_from_hands_deals_on_the_core():
    hands = ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"]
    g = from_hands("podkidnoy", hands, turned="6♥")
    assert isinstance(g, AttackGame)
    assert [sorted(map(str, h)) for h in g.hands] == [sorted(h.split()) for h in hands]
    assert str(g.trump_card) == "6♥" and str(g.trump) == "♥"
    assert_a_fair_deal(g)
    assert invariants(g, random.Random(3), 3) > 0


def test_a_position_the_core_cannot_reach_is_refused_in_words():
    with pytest.raises(ValueError, match=r"holds no cards while the talon holds 2.*\(R2.9\)"):
        from_position("podkidnoy", ["6♠", ""], talon="7♠ 8♠", trump="H")
    with pytest.raises(ValueError, match=r"nothing left to play \(R2.11\)"):
        from_position("podkidnoy", ["", ""], trump="H")
    with pytest.raises(ValueError, match="6♠ is given twice"):
        from_position("podkidnoy", ["6♠", "6♠"], trump="H")
    over = from_position("podkidnoy", ["6♠ 7♠", ""], trump="H")
    assert isinstance(over, AttackGame) and over.is_over and over.result.durak == 0  # R2.11
    assert over.history[-1].kind == "game_over"


@settings(max_examples=120 if DEEP else 25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32),
       moves=st.integers(0, 40), seat=st.integers(0, 5))
def test_property_a_sealed_copy_keeps_the_seats_view(case, players, seed, moves, seat):
    # R0: a bot's world (redeal_hidden, SeatGame) deals every unseen card again: the seat's own
    # hand and what he has seen stay, every card once, the same copy from the same generator
    g = dealt(*case, players, seed)
    if g is None:
        return
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            return
        g.play(rng.choice(g.legal_actions()))
    if g.is_over:
        return
    seat %= players
    a, b = g.redeal_hidden(seat, seed), g.redeal_hidden(seat, seed)
    assert a.hands == b.hands and a.talon == b.talon
    mine, theirs = a.view(seat), g.view(seat)
    assert sorted(mine.hand) == sorted(theirs.hand) and mine.known == theirs.known
    assert (mine.hand_sizes, mine.talon_size, mine.table) == (
        theirs.hand_sizes, theirs.talon_size, theirs.table)
    assert a.legal_actions() == g.legal_actions() or a.to_act != seat
    assert a.playout(seed) == b.playout(seed)
