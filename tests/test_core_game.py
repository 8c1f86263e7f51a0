"""``CoreGame`` (the ``Game`` API on the core, issue 25) against ``AttackGame``, through the
public API only: the same legal lists, the same refusals (``IllegalAction``'s clause and words,
out of turn too), the same events, positions, views, results and records, and undo and
history-free playouts that agree."""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction
from durak_edu.games.core.game import CoreGame

from helpers import DEEP, sample
from test_core_agreement import CASES, IDS, candidates, game_or_skip, random_position
from core_parts import gallery_candidates


def seen(g) -> tuple[object, ...]:
    return (g.hands, g.table, g.discard, g.talon_size, g.to_act, g.is_over, g.result, g.out,
            None if g.is_over else (g.attacker, g.defender, g.bout_number, g.taking),
            tuple(g.role(p) for p in range(g.players)), tuple(g.view(p) for p in range(g.players)))


def verdict(g, act, seat=None) -> tuple[str, str] | None:
    try:
        g.check(act, seat)
    except IllegalAction as err:
        return err.rule, str(err)
    return None


def side_by_side(ref, rng: random.Random, *, gallery: bool = False, engine=CoreGame) -> int:
    """``ref`` and ``CoreGame.from_game(ref)`` through the public API: the same lists, verdicts,
    events, views, undo, results and records; ``gallery``: the gallery's shapes among the
    sampled actions too, fewer plain ones, more undos, and the talon and trump card compared;
    ``engine``: the core's facade class (the wide copy's, durak_edu.games.wide)."""
    core = engine.from_game(ref)
    undo = 0.15 if gallery else 0.1
    steps = 0
    while True:
        assert seen(core) == seen(ref)
        if gallery:
            assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.history == ref.history
        if ref.is_over:
            break
        listed = ref.legal_actions()
        assert core.legal_actions() == listed
        sampled = (candidates(ref, rng, 3) + gallery_candidates(ref, rng) if gallery
                   else candidates(ref, rng, 4))
        for act in sampled:
            assert verdict(core, act) == verdict(ref, act), act
        other = rng.randrange(ref.players)
        act = rng.choice(listed)
        assert verdict(core, act, other) == verdict(ref, act, other)
        if rng.random() < undo:  # undo and play again
            core.play(act)
            ref.play(act)
            assert core.undo() == ref.undo() == act
            assert seen(core) == seen(ref) and core.history == ref.history
            if gallery:
                assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.play(act) == ref.play(act)
        steps += 1
    if ref.position_set:
        return steps
    assert core.record().to_json() == ref.record().to_json()
    return steps


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_plays_the_reference_game(name, options):
    games = 0
    for players in (2, 3, 4, 6):
        for seed in sample(range(2), 1):  # the deep run: two seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            side_by_side(g, random.Random(seed))
            games += 1
    assert games >= (2 if DEEP else 1)


def test_core_game_from_set_positions():
    played = 0
    for seed in sample(range(60), 24):  # the deep run: all 60
        rng = random.Random(seed)
        name, options = CASES[seed % len(CASES)]
        g = random_position(rng, name, 2 + seed % 5, options)
        if g is not None:
            side_by_side(g, rng)
            played += 1
    assert played > (30 if DEEP else 10)


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                          ("perevodnoy", 6)])
def test_a_history_free_core_game_plays_out_on_the_core(name, players):
    for seed in range(10):
        ref = game_or_skip(name, players, seed, {})
        core = CoreGame.from_game(ref).clone(history=False)
        assert core.playout(seed) == ref.playout(seed)
        assert core.hands == ref.hands and core.discard == ref.discard
