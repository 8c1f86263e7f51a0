"""The beating house rules as parts of the core (issue 25; core/house/beating.py): R9.2
bezmastny, R9.14 tuzovy, R9.15 korolevsky, R9.30 (korolevsky_reverse), R9.32 six_beats_ace.

Each preset is played move for move on the core beside the reference ``AttackGame`` (the
machinery of core_parts.py), 2-6 players, from new games, from ``from_position``
positions and from any move of a game; and at every position every refused beat (each card of
the defender's hand on each attack card it does not beat) gets the reference's clause and words.
"""

from __future__ import annotations

import random

import pytest

from helpers import sample
from reference.parts import (Table, agree, core_position, core_state, examples, facade,
                             game_or_skip, given_moves, given_positions, ids, position,
                             set_positions, tables, taken_over)
from reference.parts import verdict

from durak_edu.actions import Beat
from durak_edu.cards import RANK_MAJOR_POSITION, to_rank_major
from durak_edu.games.core import apply as core_apply, moves as core_moves
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.house.beating import BEATING_PARTS
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import supports
from reference import take_over, core_game_of, context_of

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


def beat_refusals_agree(g, c) -> int:
    """Every refused beat in this position: the core's clause and words are the reference's."""
    if g.is_over or g.to_act != g.defender or g.taking:
        return 0
    ctx = context_of(g)
    n = 0
    for a, d in g.table:
        if d is not None:
            continue
        for card in g.hands[g.to_act]:
            if g.beats(card, a):
                continue
            act = Beat(a, card)
            ref = g._diagnose(act)
            assert ref is not None and refuse(c, act, ctx) == ref, (act, ref)
            n += 1
    return n


def play_along(t: Table) -> tuple[int, int]:
    """``agree`` on the table's game (lists, refusals, positions, result); then the same game
    again, move for move, checking every refused beat at every position.
    (positions, refused beats)"""
    seed = t.rng.random()
    positions = agree(t.game, random.Random(seed))
    g = t.again()
    c = take_over(g)
    again = random.Random(seed)
    refusals = 0
    while not g.is_over:
        assert core_position(c) == position(g)
        refusals += beat_refusals_agree(g, c)
        listed = g.legal_actions()
        j = again.randrange(len(listed))
        mine = core_moves.moves(c)
        g.play(listed[j])
        core_apply.apply(c, mine[j])
    return positions, refusals


def agree_with_refusals(g, rng: random.Random) -> int:
    """Every refused beat of the position ``g`` starts from, then ``agree``."""
    beat_refusals_agree(g, take_over(g))
    return agree(g, rng)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_each_beating_preset_plays_on_the_core(name, options):
    g = game_or_skip(name, 3, 0, options)
    assert g is not None and supports(g)
    # the part's masks are the reference's: built from the same verdict (verdict.judge)
    beat = take_over(g).cfg.beat
    for index, m in g._beaters.items():
        assert beat[RANK_MAJOR_POSITION[index]] == to_rank_major(m)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_with_the_reference_from_new_games(name, options):
    positions = refusals = 0
    for t in tables(name, options, range(2, 7)):
        p, r = play_along(t)
        positions += p
        refusals += r
    assert positions > 100 and refusals > 20


@examples(100, 25)
@given_positions(CASES)
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed, agree_with_refusals)


@examples(60, 15, slow=False)
@given_moves(CASES)
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix, agree_with_refusals)


@pytest.mark.parametrize("part", BEATING_PARTS, ids=lambda p: p.clause)
def test_a_beating_rule_the_core_does_not_play_stays_refused(part):
    # each part widens COVERED by its own option only: with it on, the core plays the preset;
    # with two beating rules the reference combines, still only what the parts cover
    from durak_edu import new_game
    c = core_state(new_game("podkidnoy", players=2, seed=1, **{part.option: True}))
    assert part in c.cfg.parts
    assert part.option in c.cfg.beat_rules.house


@pytest.mark.parametrize("name,options", CASES[:5], ids=IDS[:5])
def test_the_facade_plays_each_beating_preset_as_the_reference(name, options):
    # through CoreGame, the public API only: the same lists, refusals, events, views, results,
    # records and undo (test_core_game.side_by_side); and every refused beat in the same words
    facade(name, options, sample((2, 3, 4), 2), seed=0, every=True)
    ref = game_or_skip(name, 2, 1, options)
    core = core_game_of(ref)
    rng, checked = random.Random(1), 0
    while not ref.is_over:
        if ref.to_act == ref.defender and not ref.taking:
            for a in [a for a, d in ref.table if d is None]:
                for card in ref.hands[ref.to_act]:
                    if not ref.beats(card, a):
                        assert verdict(core, Beat(a, card)) == verdict(ref, Beat(a, card))
                        checked += 1
        act = rng.choice(ref.legal_actions())
        core.play(act)
        ref.play(act)
    assert checked
