"""The beating house rules as parts of the core (issue 25; core/house/beating.py): R9.2
bezmastny, R9.14 tuzovy, R9.15 korolevsky, R9.30 (korolevsky_reverse), R9.32 six_beats_ace.

Each preset is played on the core's own invariants (core_parts.py), 2-6 players, from new
games, from ``from_position`` positions and from any move of a game; and at every position
every beat the rule forbids (each card of the defender's hand on each attack card it does not
beat, ``Game.beats``) is refused with a clause and never listed, and every listed beat is one
the rule allows.
"""

from __future__ import annotations

import random

import pytest

from helpers import sample
from core_parts import (Table, core_state, examples, facade, game_or_skip, given_moves,
                        given_positions, ids, invariants, refused_unchanged, set_positions,
                        tables, taken_over)

from durak_edu.actions import Beat
from durak_edu.games.core.house.beating import BEATING_PARTS
from durak_edu.games.core.state import supports

#: (preset, options): each beating part's preset, and one with options besides
CASES = [
    ("bezmastny", {}),                       # R9.2
    ("tuzovy", {}),                          # R9.14
    ("korolevsky", {}),                      # R9.15
    ("korolevsky_reverse", {}),              # R9.30
    ("six_beats_ace", {}),                   # R9.32
    ("bezmastny", {"transfer": True}),       # R9.2 with R3's transfers
    ("tuzovy", {"deck": 52}),                # R9.14, 52 cards
    ("korolevsky", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("six_beats_ace", {"deck": 52}),
]
IDS = ids(CASES)


def beat_refusals(g) -> int:
    """Every beat the rule forbids in this position (``Game.beats``) refused with a clause, the
    game unchanged, and never listed; every listed beat one it allows. The refusals counted."""
    if g.is_over:
        return 0
    for act in g.legal_actions():
        if isinstance(act, Beat):
            assert g.beats(act.card, act.target), act
    if g.to_act != g.defender or g.taking:
        return 0
    n = 0
    for a, d in g.table:
        if d is not None:
            continue
        for card in g.hands[g.to_act]:
            if g.beats(card, a):
                continue
            refused_unchanged(g, Beat(a, card))
            n += 1
    return n


def play_along(t: Table) -> tuple[int, int]:
    """``invariants`` on the table's game; then the same game again, checking every refused
    beat at every position. (positions, refused beats)"""
    seed = t.rng.random()
    positions = invariants(t.game, random.Random(seed))
    g = t.again()
    again = random.Random(seed)
    refusals = 0
    while not g.is_over:
        refusals += beat_refusals(g)
        g.play(again.choice(g.legal_actions()))
    return positions, refusals


def invariants_with_refusals(g, rng: random.Random) -> int:
    """Every refused beat of the position ``g`` starts from, then ``invariants``."""
    beat_refusals(g)
    return invariants(g, rng)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_each_beating_preset_plays_on_the_core(name, options):
    g = game_or_skip(name, 3, 0, options)
    assert g is not None and supports(g)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_holds_its_invariants_in_new_games(name, options):
    positions = refusals = 0
    for t in tables(name, options, range(2, 7)):
        p, r = play_along(t)
        positions += p
        refusals += r
    assert positions > 100 and refusals > 20


@examples(100, 25)
@given_positions(CASES)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_with_refusals)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_the_core_holds_its_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, invariants_with_refusals)


@pytest.mark.parametrize("part", BEATING_PARTS, ids=lambda p: p.clause)
def test_a_beating_rule_the_core_does_not_play_stays_refused(part):
    # each part widens COVERED by its own option only: with it on, the core plays the preset;
    # with two beating rules the reference combines, still only what the parts cover
    from durak_edu import new_game
    deck = 52 if part.option == "two_beats_ace" else 36  # R9.47 needs twos
    c = core_state(new_game("podkidnoy", players=2, seed=1, deck=deck, **{part.option: True}))
    assert part in c.cfg.parts
    assert part.option in c.cfg.beat_rules.house


@pytest.mark.parametrize("name,options", CASES[:5], ids=IDS[:5])
def test_the_facade_plays_each_beating_preset(name, options):
    # through AttackGame, the public API only: the invariants at more table sizes; and every
    # refused beat refused with a clause
    facade(name, options, sample((2, 3, 4), 2), seed=0, every=True)
    g = game_or_skip(name, 2, 1, options)
    rng, checked = random.Random(1), 0
    while not g.is_over:
        checked += beat_refusals(g)
        g.play(rng.choice(g.legal_actions()))
    assert checked
