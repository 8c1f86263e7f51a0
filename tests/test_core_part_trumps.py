"""R9.36 kozyrny (``bito_swaps_trump``) as a part of the core (issue 25; core/house/kozyrny.py):
after every bito its last card changes places with the trump card under the talon and becomes
the trump. On the core's own invariants (``core_parts``), and at every swap what R9.36 says:
the bito's last card under the talon, the old trump card on the discard pile, the trump its
suit, in R9.36's words; undo brings the first trump back, a history-free playout swaps as the
full game does."""

from __future__ import annotations

import random

import pytest

from helpers import sample
from core_parts import (examples, game_at_move, game_or_skip, given_moves, given_positions, ids,
                        invariants, set_positions, tables)

CASES = [
    ("kozyrny", {}),
    ("kozyrny", {"transfer": True}),            # the trump swap with R3's transfers (shown trump)
    ("kozyrny", {"deck": 52}),
    ("kozyrny", {"spades_apart": True}),         # R6: a spade swapped in sets no trump
]
IDS = ids(CASES)


def walk(g, rng: random.Random) -> int:
    """Play ``g`` with random moves, checking R9.36 at every swap; return the swaps seen."""
    swaps = 0
    while not g.is_over:
        before, told = g.trump_card, len(g.history)
        g.play(rng.choice(g.legal_actions()))
        if g.trump_card == before:
            continue
        swaps += 1
        new = g.trump_card
        bito = next(e for e in g.history[told:] if e.kind == "bito")
        assert new == bito.cards[-1] and before in g.discard
        assert g.talon[-1] == new or g.is_over
        said = [e.text for e in g.history[told:] if e.kind == "trump"]
        assert said and said[0].startswith(f"{new}, the last card of the bito, changes places "
                                           f"with the trump card {before}: the trump is now ")
        assert g.trump in (new.suit, None)  # (R6: a spade swapped in sets no trump)
    return swaps


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_holds_its_invariants_in_new_games(name, options):
    positions = swaps = 0
    for t in tables(name, options, range(2, 7)):
        positions += invariants(t.game, t.rng)  # (invariants asserts the core plays it: supports)
        swaps += walk(t.again(), random.Random(t.players))
    assert positions > 100 and swaps > 0


@examples(100, 20)
@given_positions(CASES)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_invariants_from_any_move(case, players, seed, prefix):
    # from any move after swaps (R9.36): the core plays on from the changed trump
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    twin = game_or_skip(name, players, seed, options)
    for act in g.actions[len(twin.actions):]:
        twin.play(act)
    walk(twin, random.Random(seed))
    invariants(g, rng)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_facade_swaps_the_trump_and_undo_brings_it_back(players):
    # AttackGame: the trump event, the views' trump, beats by the new trump, undo to the start
    for seed in sample(range(4), 2):
        invariants(game_or_skip("kozyrny", players, seed, {}), random.Random(seed), 4)
    core = game_or_skip("kozyrny", players, 0, {})
    first = (core.trump, core.trump_card, core.talon)
    rng = random.Random(0)
    while not core.is_over:
        core.play(rng.choice(core.legal_actions()))
        if not core.is_over:
            assert all(v.trump == core.trump for v in map(core.view, range(players)))
        if core.trump is not None:
            low = min((c for c in core.deck_order if c.suit == core.trump), key=lambda c: c.rank)
            plain = [c for c in core.deck_order if c.suit != core.trump]
            assert all(core.beats(low, x) for x in plain)  # any trump beats any other suit
    assert any(e.kind == "trump" for e in core.history)
    for _ in range(len(core.actions)):  # undo all the way back: the first trump again
        core.undo()
    assert (core.trump, core.trump_card, core.talon) == first


def test_a_history_free_kozyrny_game_plays_out_as_the_full_game():
    # the compiled playout (no events, no undo) swaps the trump as the full game does
    for seed in sample(range(10), 4):
        full = game_or_skip("kozyrny", 2 + seed % 4, seed, {})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert (light.hands, light.discard, light.trump, light.trump_card) == (
            full.hands, full.discard, full.trump, full.trump_card)
