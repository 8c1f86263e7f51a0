"""``AttackGame`` (the ``Game`` API on the core, issue 25) through the public API: the core's own
invariants (``core_parts.invariants``: listed actions accepted, sampled illegal ones refused
with a clause, out of turn too, and the game unchanged, undo and clone exact, records that
replay) over the presets and options of test_core_agreement, from new games and set positions;
history-free playouts that are the full game's; a stale listed action checked in full; events
in each game's names. (The same lists, refusals, events, views and records as the old engine's:
tests/test_agreement_fixture.py.)"""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction

from helpers import DEEP, sample
from test_core_agreement import CASES, IDS
from core_parts import game_or_skip, invariants, position, random_position


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_holds_its_invariants(name, options):
    games = 0
    for players in (2, 3, 4, 6):
        for seed in sample(range(2), 1):  # the deep run: two seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            invariants(g, random.Random(seed), 4)
            games += 1
    assert games >= (2 if DEEP else 1)


def test_core_game_from_set_positions():
    played = 0
    for seed in sample(range(60), 24):  # the deep run: all 60
        rng = random.Random(seed)
        name, options = CASES[seed % len(CASES)]
        g = random_position(rng, name, 2 + seed % 5, options)
        if g is not None:
            invariants(g, rng, 4)
            played += 1
    assert played > (30 if DEEP else 10)


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                          ("perevodnoy", 6)])
def test_a_history_free_core_game_plays_out_as_the_full_game(name, players):
    for seed in range(10):
        full = game_or_skip(name, players, seed, {})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert light.hands == full.hands and light.discard == full.discard


def test_an_action_listed_at_an_earlier_move_is_checked_in_full():
    """``AttackGame.play`` knows this move's listed actions by their moves: an action object listed
    at an earlier move (or on the game a clone came from) is checked as any other, and one no
    longer legal is refused with the game left as it was."""
    g = game_or_skip("podkidnoy", 2, 1, {})
    first = g.legal_actions()
    g.play(first[0])
    g.clone().legal_actions()  # a clone's list is not this game's
    stale = [a for a in first if not g.can_play(a)]
    assert stale
    g.legal_actions()  # this move's list made: its fast path is on
    seen_before, history = position(g), g.history
    for act in stale:
        with pytest.raises(IllegalAction):
            g.play(act)
    assert position(g) == seen_before and g.history == history
    still = [a for a in first if g.can_play(a)]
    for act in still[:1]:  # listed before, legal now: played
        assert g.play(act).action == act


def test_the_move_events_follow_each_games_names():
    """The move's own events are kept per move and seat for games with the same names
    (``_EVENTS``): a game with other names writes its own words, and the events of two games
    with the same names are equal."""
    plain = game_or_skip("podkidnoy", 2, 3, {})
    named = game_or_skip("podkidnoy", 2, 3, {"names": ["Ann", "Bob"]})
    again = game_or_skip("podkidnoy", 2, 3, {})
    for g in (plain, named, again):
        rng = random.Random(5)
        for _ in range(12):
            g.play(rng.choice(g.legal_actions()))
    assert plain.history == again.history
    texts = [e.text for e in named.history if e.kind == "action"]
    assert texts and all(t.startswith(("seat 0 (Ann) ", "seat 1 (Bob) ")) for t in texts)
    assert [e.text for e in plain.history if e.kind == "action"] == [
        t.replace(" (Ann)", "").replace(" (Bob)", "") for t in texts]
