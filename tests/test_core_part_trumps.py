"""R9.36 kozyrny (``bito_swaps_trump``) as a part of the core (issue 25; core/house/kozyrny.py):
after every bito its last card changes places with the trump card under the talon and becomes
the trump. Played move for move beside the reference ``AttackGame`` (core_parts'
machinery), and at every position the trump, the card under the talon and the talon's order
are the reference's too; through ``CoreGame`` the same events (the swap's words), views,
records and undo."""

from __future__ import annotations

import random

import pytest

from helpers import sample
from reference.parts import (agree, examples, game_at_move, game_or_skip, given_moves,
                             given_positions, ids, set_positions, tables)
from reference.parts import side_by_side

from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from reference import take_over, core_game_of

CASES = [
    ("kozyrny", {}),
    ("kozyrny", {"transfer": True}),            # the trump swap with R3's transfers (shown trump)
    ("kozyrny", {"deck": 52}),
    ("kozyrny", {"spades_apart": True}),         # R6: a spade swapped in sets no trump
]
IDS = ids(CASES)


def trumps(g) -> tuple[object, ...]:
    """The reference's trump, the card showing it (while under the talon) and the talon."""
    under = g.trump_card if g.talon_size and g.talon[-1] is g.trump_card else None
    return g.trump, under, tuple(g.talon)


def core_trumps(c) -> tuple[object, ...]:
    from durak_edu.cards import Suit
    return (None if c.cfg.trump_suit < 0 else Suit(c.cfg.trump_suit),
            None if c.trump_pos < 0 or c.tp == len(c.talon) else decode.card(c.trump_pos),
            tuple(decode.card(p) for p in c.talon))


def walk(g, rng: random.Random) -> int:
    """Play ``g`` with the core beside it comparing the trump and the talon; the swaps seen."""
    c = take_over(g)
    swaps = 0
    while not g.is_over:
        assert core_trumps(c) == trumps(g)
        listed = g.legal_actions()
        j = rng.randrange(len(listed))
        mine = core_moves.moves(c)
        before = g.trump_card
        g.play(listed[j])
        core_apply.apply(c, mine[j])
        swaps += g.trump_card is not before
    assert core_trumps(c)[0] == g.trump
    return swaps


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_with_the_reference_from_new_games(name, options):
    positions = swaps = 0
    for t in tables(name, options, range(2, 7)):
        positions += agree(t.game, t.rng)  # (agree asserts the core plays it: supports)
        swaps += walk(t.again(), random.Random(t.players))
    assert positions > 100 and swaps > 0


@examples(100, 20)
@given_positions(CASES)
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # from_game after swaps made by the reference: the core starts from the changed trump
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    twin = game_or_skip(name, players, seed, options)
    for act in g.actions[len(twin.actions):]:
        twin.play(act)
    walk(twin, random.Random(seed))
    agree(g, rng)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_facade_swaps_the_trump_as_the_reference(players):
    # CoreGame: the trump event's words, the views (their trump), beats, records, undo
    for seed in sample(range(4), 2):
        ref = game_or_skip("kozyrny", players, seed, {})
        side_by_side(ref, random.Random(seed))
    ref = game_or_skip("kozyrny", players, 0, {})
    from durak_edu.games.core.game import CoreGame
    core = core_game_of(ref)
    first = (core.trump, core.trump_card, core.talon)
    rng = random.Random(0)
    while not ref.is_over:
        act = rng.choice(ref.legal_actions())
        ref.play(act)
        core.play(act)
        assert (core.trump, core.trump_card, core.talon) == (ref.trump, ref.trump_card, ref.talon)
        assert all(core.beats(a, b) == ref.beats(a, b) for a in ref.deck_order[:9]
                   for b in ref.deck_order[-9:])
    assert [e.text for e in core.history] == [e.text for e in ref.history]
    assert any(e.kind == "trump" for e in core.history)
    for _ in range(len(ref.actions)):  # undo all the way back: the first trump again
        core.undo()
    assert (core.trump, core.trump_card, core.talon) == first


def test_a_history_free_kozyrny_game_plays_out_on_the_core_to_the_references_end():
    # the compiled playout (no events, no undo) swaps the trump as the reference does
    from durak_edu.games.core.game import CoreGame
    for seed in sample(range(10), 4):
        ref = game_or_skip("kozyrny", 2 + seed % 4, seed, {})
        core = core_game_of(ref).clone(history=False)
        assert core.playout(seed) == ref.playout(seed)
        assert (core.hands, core.discard, core.trump, core.trump_card) == (
            ref.hands, ref.discard, ref.trump, ref.trump_card)
