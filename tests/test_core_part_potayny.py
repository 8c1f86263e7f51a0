"""R9.24 potayny (``second_trump``) as a part of the core (issue 25; core/house/potayny.py): a
second card set aside face down at the deal is turned when a bout's drawing uses the talon up,
and its suit is the trump from then on. On the core's own invariants (``core_parts``) from new
games, set positions and any move of a game in progress, 2–6 players; at every position the
trump is the second card's once it is turned and the first's before; through ``AttackGame`` the
turn's words, R9.24's refusals, views (the card unseen, then seen), undo and history-free
playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction, new_game
from durak_edu.actions import Beat
from durak_edu.cards import Suit
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from core_parts import (dealt_with_talon, examples, game_or_skip, given_moves, invariants,
                        random_position, taken_over)

CASES = [
    ("potayny", {}),
    ("potayny", {"transfer": True}),          # R3 with the trump changing (shown trump, R3.4)
    ("potayny", {"deck": 52}),
    ("potayny", {"spades_apart": True}),      # R6: a spade turned second sets no trump
    ("potayny", {"epaulettes_need_plain_six": True}),  # R2.12 reads the new trump
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def turned(g) -> bool:
    """Has the game turned its second card (R9.24)?"""
    return g.secret is not None and g.trump_card == g.secret


def walk(g, rng: random.Random) -> int:
    """Play ``g`` with random moves: the trump is the first card's until the second is turned,
    then the second's (none for a spade apart, R6), and the turn comes once; 1 if it came."""
    first, turns = g.trump, 0
    while not g.is_over:
        was = turned(g)
        g.play(rng.choice(g.legal_actions()))
        turns += turned(g) and not was
        if not turned(g):
            assert g.trump == first
        else:
            assert g.trump in (g.secret.suit, None)
    assert turns <= 1
    return int(turned(g))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_24_holds_its_invariants_in_new_games(name, options):
    positions = turns = 0
    for players in range(2, 7):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert supports(g)
            positions += invariants(g, random.Random(1000 * players + seed))
            turns += walk(game_or_skip(name, players, seed, options), random.Random(players))
    assert positions > 100 and turns > 0  # the second card was turned in some game


@settings(max_examples=60 if DEEP else 15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_24_holds_its_invariants_from_set_positions(case, players, seed):
    # R9.24: a position set up by hand has no second card
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    assert g.secret is None
    invariants(g, rng)


@examples(60, 20)
@given_moves(CASES, (2, 6), prefix=120)
def test_property_r9_24_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


def game_after_turn(players: int, seed: int):
    """A potayny game played at random until the second card is turned (or None), and the
    trump it had before."""
    g = game_or_skip("potayny", players, seed, {})
    old = g.trump
    rng = random.Random(seed)
    while not g.is_over and not turned(g):
        g.play(rng.choice(g.legal_actions()))
    return (None, None) if g.is_over else (g, old)


def test_r9_24_the_old_trump_is_no_trump_once_the_second_card_is_turned():
    # R9.24: after the turn a card of the old trump suit beats only a higher card of its suit,
    # and a beat with it on another suit is refused under R9.24, in its words
    checked = 0
    for seed in range(40):
        g, old = game_after_turn(2 + seed % 3, seed)
        if g is None or g.trump in (None, old):
            continue  # (a second card of the old trump's suit changes nothing)
        core = g
        assert core.trump == g.secret.suit and core.trump_card == g.secret
        rng = random.Random(seed)
        while not g.is_over:
            if g.table and g.to_act == g.defender and not g.taking:
                target = next(a for a, d in g.table if d is None)
                for card in g.hands[g.to_act]:
                    if card.suit == old and target.suit != old:
                        act = Beat(target, card)
                        with pytest.raises(IllegalAction) as mine:
                            core.check(act)
                        assert mine.value.rule == "R9.24" and "no trump any more" in str(mine.value)
                        checked += 1
            g.play(rng.choice(g.legal_actions()))
    assert checked > 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_facade_turns_the_second_card(players):
    # AttackGame: the turn's event, the views (the card unseen, then seen), undo
    for seed in sample(range(4), 2):
        invariants(game_or_skip("potayny", players, seed, {}), random.Random(seed), 4)
    ref = core = game_or_skip("potayny", players, 1, {})
    first = (core.trump, core.trump_card)
    secret = ref.secret
    assert secret is not None
    rng = random.Random(1)
    while not ref.is_over:
        for p in range(players):  # R9.24: nobody has seen it until it is turned, then all
            v = core.view(p)
            assert (v.set_aside, secret in v.unknown) == ((0, False) if turned(ref) else (1, True))
            assert secret not in v.hand
        core.play(rng.choice(core.legal_actions()))
    words = [e.text for e in core.history if e.text.startswith("the talon is used up: the second")]
    if turned(ref):
        assert len(words) == 1 and str(secret) in words[0]
        assert core.trump == (secret.suit if secret.suit != Suit.SPADES or not
                              ref.rules.spades_apart else None)
    for _ in range(len(ref.actions)):  # undo all the way back: the first trump again
        core.undo()
    assert (core.trump, core.trump_card) == first


def test_a_history_free_potayny_game_plays_out_as_the_full_game():
    # the compiled playout (no events, no undo) turns the second card as the full game does
    for seed in sample(range(10), 4):
        full = game_or_skip("potayny", 2 + seed % 4, seed, {})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert (light.hands, light.discard, light.trump, light.trump_card) == (
            full.hands, full.discard, full.trump, full.trump_card)


def test_r9_24_covers_only_the_combinations_the_part_plays():
    # the other rules that change the trump card are refused (core/unplayed.py)
    assert supports(game_or_skip("potayny", 3, 0, {}))
    assert game_or_skip("potayny", 3, 0, {"bito_swaps_trump": True}) is None


@pytest.mark.parametrize("options", [{}, {"spades_apart": True, "spade_turned": "reshuffle"}])
def test_r9_24_a_second_card_is_set_aside_unseen_whatever_the_dealer(options):
    # R9.24, with any dealer and lead (R1.3): one card set aside, in no hand and no view
    played = 0
    for g, seed in dealt_with_talon("potayny", options):  # (no talon: nothing to set aside)
        assert g.secret is not None and g.secret != g.trump_card
        for p in range(g.players):
            v = g.view(p)
            assert g.secret not in g.hands[p] and g.secret in v.unknown
            assert v.set_aside == 1
        played += walk(g, random.Random(seed)) >= 0
    assert played >= 3
