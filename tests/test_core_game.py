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
from reference import core_game_of


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
    """``ref`` and ``core_game_of(ref)`` through the public API: the same lists, verdicts,
    events, views, undo, results and records; ``gallery``: the gallery's shapes among the
    sampled actions too, fewer plain ones, more undos, and the talon and trump card compared;
    ``engine``: the core's facade class (the wide copy's, durak_edu.games.wide)."""
    core = core_game_of(ref, wide=engine is not CoreGame)
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
def test_core_game_plays_thereference_game(name, options):
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
        core = core_game_of(ref).clone(history=False)
        assert core.playout(seed) == ref.playout(seed)
        assert core.hands == ref.hands and core.discard == ref.discard


def test_an_action_listed_at_an_earlier_move_is_checked_in_full():
    """``CoreGame.play`` knows this move's listed actions by their moves: an action object listed
    at an earlier move (or on the game a clone came from) is checked as any other, and one no
    longer legal is refused with the game left as it was."""
    g = core_game_of(game_or_skip("podkidnoy", 2, 1, {}))
    first = g.legal_actions()
    g.play(first[0])
    g.clone().legal_actions()  # a clone's list is not this game's
    stale = [a for a in first if not g.can_play(a)]
    assert stale
    g.legal_actions()  # this move's list made: its fast path is on
    seen_before, history = seen(g), g.history
    for act in stale:
        with pytest.raises(IllegalAction):
            g.play(act)
    assert seen(g) == seen_before and g.history == history
    still = [a for a in first if g.can_play(a)]
    for act in still[:1]:  # listed before, legal now: played as the reference plays it
        assert g.play(act).action == act


def test_the_move_events_follow_each_games_names():
    """The move's own events are kept per move and seat for games with the same names
    (``_EVENTS``): a game with other names writes its own words, and the events of two games
    with the same names are equal."""
    plain = core_game_of(game_or_skip("podkidnoy", 2, 3, {}))
    named = core_game_of(game_or_skip("podkidnoy", 2, 3, {"names": ["Ann", "Bob"]}))
    again = core_game_of(game_or_skip("podkidnoy", 2, 3, {}))
    for g in (plain, named, again):
        rng = random.Random(5)
        for _ in range(12):
            g.play(rng.choice(g.legal_actions()))
    assert plain.history == again.history
    texts = [e.text for e in named.history if e.kind == "action"]
    assert texts and all(t.startswith(("seat 0 (Ann) ", "seat 1 (Bob) ")) for t in texts)
    assert [e.text for e in plain.history if e.kind == "action"] == [
        t.replace(" (Ann)", "").replace(" (Bob)", "") for t in texts]
