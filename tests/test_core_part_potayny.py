"""R9.24 potayny (``second_trump``) as a part of the core (issue 25; core/house/potayny.py): a
second card set aside face down at the deal is turned when a bout's drawing uses the talon up,
and its suit is the trump from then on. Played move for move beside the reference
``AttackGame`` (test_core_agreement's machinery) from new games, set positions and any move of a
game in progress, 2–6 players; at every position the trump and the card showing it are the
reference's; through ``CoreGame`` the same events (the turn's words), refusals (R9.24's),
views (the card unseen, then seen), records, undo and history-free playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction
from durak_edu.actions import Beat
from durak_edu.cards import Suit
from durak_edu.games.core import apply as core_apply, moves as core_moves
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import supports

from helpers import DEEP, sample
from reference.parts import examples, given_moves, taken_over
from reference import take_over, core_game_of
from reference.parts import agree, game_or_skip, random_position
from reference.parts import side_by_side

CASES = [
    ("potayny", {}),
    ("potayny", {"transfer": True}),          # R3 with the trump changing (shown trump, R3.4)
    ("potayny", {"deck": 52}),
    ("potayny", {"spades_apart": True}),      # R6: a spade turned second sets no trump
    ("potayny", {"epaulettes_need_plain_six": True}),  # R2.12 reads the new trump
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def turned(g) -> bool:
    """Has the reference turned its second card (R9.24)?"""
    return g.secret is not None and g.trump_card is g.secret


def walk(g, rng: random.Random) -> int:
    """Play ``g`` with the core beside it, comparing the trump and the card showing it at
    every position; 1 if the second card was turned."""
    c = take_over(g)
    while not g.is_over:
        assert (c.cfg.trump_suit, c.extra.get("trump_card") is not None) == (
            -1 if g.trump is None else int(g.trump), turned(g))
        listed = g.legal_actions()
        j = rng.randrange(len(listed))
        mine = core_moves.moves(c)
        g.play(listed[j])
        core_apply.apply(c, mine[j])
    return int(turned(g))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_24_agrees_with_the_reference_from_new_games(name, options):
    positions = turns = 0
    for players in range(2, 7):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert supports(g)
            positions += agree(g, random.Random(1000 * players + seed))
            turns += walk(game_or_skip(name, players, seed, options), random.Random(players))
    assert positions > 100 and turns > 0  # the second card was turned in some game


@settings(max_examples=60 if DEEP else 15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_24_agrees_from_set_positions(case, players, seed):
    # R9.24: a position set up by hand has no second card; the core plays it as the reference
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    assert g.secret is None
    agree(g, rng)


@examples(60, 20)
@given_moves(CASES, (2, 6), prefix=120)
def test_property_r9_24_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # from_game before and after the turn: the core starts from the card and trump as they are
    taken_over(case, players, seed, prefix)


def game_after_turn(players: int, seed: int):
    """A reference potayny game played at random until the second card is turned (or None)."""
    g = game_or_skip("potayny", players, seed, {})
    rng = random.Random(seed)
    while not g.is_over and not turned(g):
        g.play(rng.choice(g.legal_actions()))
    return None if g.is_over else g


def test_r9_24_the_old_trump_is_no_trump_once_the_second_card_is_turned():
    # R9.24: after the turn a card of the old trump suit beats only a higher card of its suit,
    # and a beat with it on another suit is refused under R9.24 (the reference's words)
    checked = 0
    for seed in range(40):
        g = game_after_turn(2 + seed % 3, seed)
        if g is None or g.trump in (None, g._old_trump):
            continue  # (a second card of the old trump's suit changes nothing)
        core = core_game_of(g)
        old = g._old_trump
        assert core.trump == g.trump and core.trump_card is g.secret
        rng = random.Random(seed)
        while not g.is_over:
            if g.table and g.to_act == g.defender and not g.taking:
                target = next(a for a, d in g.table if d is None)
                for card in g.hands[g.to_act]:
                    if card.suit == old and target.suit != old:
                        act = Beat(target, card)
                        with pytest.raises(IllegalAction) as mine:
                            core.check(act)
                        with pytest.raises(IllegalAction) as ref:
                            g.check(act)
                        assert (mine.value.rule, str(mine.value)) == (ref.value.rule,
                                                                      str(ref.value))
                        assert mine.value.rule == "R9.24" and "no trump any more" in str(mine.value)
                        checked += 1
            act = rng.choice(g.legal_actions())
            assert core.play(act) == g.play(act)
    assert checked > 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_facade_turns_the_second_card_as_the_reference(players):
    # CoreGame: the turn's event, the views (the card unseen, then seen), records, undo
    for seed in sample(range(4), 2):
        side_by_side(game_or_skip("potayny", players, seed, {}), random.Random(seed))
    ref = game_or_skip("potayny", players, 1, {})
    core = core_game_of(ref)
    first = (core.trump, core.trump_card)
    secret = ref.secret
    assert secret is not None
    rng = random.Random(1)
    while not ref.is_over:
        for p in range(players):  # R9.24: nobody has seen it until it is turned, then all
            v = core.view(p)
            assert (v.set_aside, secret in v.unknown) == ((0, False) if turned(ref) else (1, True))
            assert secret not in v.hand
        act = rng.choice(ref.legal_actions())
        ref.play(act)
        core.play(act)
        assert (core.trump, core.trump_card) == (ref.trump, ref.trump_card)
    assert [e.text for e in core.history] == [e.text for e in ref.history]
    words = [e.text for e in core.history if e.text.startswith("the talon is used up: the second")]
    if turned(ref):
        assert len(words) == 1 and str(secret) in words[0]
        assert core.trump == (secret.suit if secret.suit != Suit.SPADES or not
                              ref.rules.spades_apart else None)
    for _ in range(len(ref.actions)):  # undo all the way back: the first trump again
        core.undo()
    assert (core.trump, core.trump_card) == first


def test_a_history_free_potayny_game_plays_out_on_the_core_to_the_references_end():
    # the compiled playout (no events, no undo) turns the second card as the reference does
    for seed in sample(range(10), 4):
        ref = game_or_skip("potayny", 2 + seed % 4, seed, {})
        core = core_game_of(ref).clone(history=False)
        assert core.playout(seed) == ref.playout(seed)
        assert (core.hands, core.discard, core.trump, core.trump_card) == (
            ref.hands, ref.discard, ref.trump, ref.trump_card)


def test_r9_24_covers_only_the_combinations_the_part_plays():
    # the other rules that change the trump card stay on the reference (the part's covers)
    assert supports(game_or_skip("potayny", 3, 0, {}))
    assert not supports(game_or_skip("potayny", 3, 0, {"bito_swaps_trump": True}))


@pytest.mark.parametrize("options", [{}, {"spades_apart": True, "spade_turned": "reshuffle"}])
def test_r9_24_dealt_by_the_core_deals_and_plays_as_the_reference(options):
    # core.deal with the part's deal hooks: the same deal (R9.24: the card set aside), then the same game
    from test_core_deal import assert_same_deal, dealt_by_the_core, play_side_by_side, reference
    played = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):
            for dealer, lead in ((None, None), (players - 2, None), (0, 1 % players)):
                ref = reference("potayny", options, players, seed, None, dealer, lead)
                if ref is None:
                    continue
                core = dealt_by_the_core(ref)
                assert_same_deal(core, ref)  # hands, talon, trump, events, views, slots
                played += play_side_by_side(core, ref, random.Random(seed)) > 0
    assert played >= 3
