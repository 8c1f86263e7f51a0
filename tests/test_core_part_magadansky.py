"""R9.37 magadansky (``dealt_locked``) as a part of the core (issue 25; core/house/magadansky.py):
of his dealt cards a player may play only the first dealt to him, one more unlocks with each
bito he beats off (and when he must open holding only locked cards), all once the talon is used
up. On the core's own invariants (``core_parts``) from new games, set positions and any move of
a game in progress, 2–6 players; at every position the locked cards lie in their seat's hand;
through ``AttackGame`` R9.37's refusals and words, events (the unlocks, private to their seat),
views (``locked``, ``locked_sizes``), undo, sealed copies and history-free playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction, new_game
from durak_edu.actions import Attack, Beat, ThrowIn
from durak_edu.games.core.state import supports

from core_options import playout_agrees
from helpers import DEEP, sample
from core_parts import (core_state, dealt_with_talon, examples, game_or_skip, given_moves,
                        invariants, random_position, taken_over)

CASES = [
    ("magadansky", {}),
    ("magadansky", {"transfer": True}),       # R3: a locked card neither transfers nor shows
    ("magadansky", {"deck": 52}),
    ("magadansky", {"throw_one_at_a_time": True, "throw_in": "neighbours"}),
    ("magadansky", {"share_short_talon": True, "taker_keeps_turn": True}),
    ("magadansky", {"draw_only_when_empty": True}),  # R9.5: an opener left with locked cards only
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def core_locked(c) -> tuple[int, ...]:
    slot = c.extra.get("r9.37")
    return (0,) * c.n if slot is None else slot[0]


def union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def walk(g, rng: random.Random) -> tuple[int, int]:
    """Play ``g`` with random moves, the locked cards of every seat in his hand at every
    position; return the cards unlocked one at a time, and the positions where the seat to act
    held a locked card."""
    unlocked = held = 0
    while not g.is_over:
        c = core_state(g)
        locked = core_locked(c)
        assert all(m & ~h == 0 for m, h in zip(locked, c.hands))
        assert c.locked == union(locked)  # the mask the core reads (checks.playable)
        held += bool(locked[g.to_act])
        before = sum(m.bit_count() for m in locked)
        g.play(rng.choice(g.legal_actions()))
        unlocked += before - sum(m.bit_count() for m in core_locked(core_state(g))) == 1
    return unlocked, held


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_r9_37_holds_its_invariants_in_new_games(name, options):
    positions = unlocked = held = 0
    for players in range(2, 7):
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            locked = core_locked(core_state(g))
            assert supports(g) and any(locked) == bool(g.talon_size)  # (no talon: no lock)
            positions += invariants(g, random.Random(1000 * players + seed))
            u, h = walk(game_or_skip(name, players, seed, options), random.Random(players))
            unlocked, held = unlocked + u, held + h
    assert positions > 100 and unlocked > 0 and held > 0


@settings(max_examples=60 if DEEP else 15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_37_holds_its_invariants_from_set_positions(case, players, seed):
    # R9.37: a position set up by hand locks nothing
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    assert not any(core_locked(core_state(g)))
    invariants(g, rng)


@examples(60, 20)
@given_moves(CASES, (2, 6), prefix=100)
def test_property_r9_37_invariants_from_any_move(case, players, seed, prefix):
    taken_over(case, players, seed, prefix)


def test_r9_37_a_locked_card_is_refused_and_never_listed():
    # R9.37: playing, throwing or beating with a locked card is refused (R9.37's words), and no
    # listed action holds one
    refused = 0
    for seed in range(8):
        g = core = game_or_skip("magadansky", 2 + seed % 3, seed, {})
        rng = random.Random(seed)
        while not g.is_over:
            locked = core.view(g.to_act).locked
            listed = core.legal_actions()
            assert not any(set(locked) & set(getattr(a, "cards", (getattr(a, "card", None),)))
                           for a in listed)
            for card in locked[:2]:
                for act in (Attack((card,)), ThrowIn((card,)),
                            Beat(g.table[0][0], card) if g.table else Attack((card,))):
                    with pytest.raises(IllegalAction) as mine:
                        core.check(act)
                    assert mine.value.rule == "R9.37" and "not yet unlocked" in str(mine.value)
                    refused += 1
            core.play(rng.choice(listed))
    assert refused > 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_facade_unlocks(players):
    # AttackGame: the unlock events (private to the seat for his own card, public for "all"),
    # the views (his locked cards, everyone's counts), undo
    for seed in sample(range(4), 2):
        invariants(game_or_skip("magadansky", players, seed, {}), random.Random(seed), 4)
    core = game_or_skip("magadansky", players, 0, {})
    first = [core.view(p) for p in range(players)]
    rng = random.Random(0)
    while not core.is_over:
        counts = tuple(m.bit_count() for m in core_locked(core_state(core)))
        for p in range(players):
            v = core.view(p)
            assert set(v.locked) <= set(v.hand) and len(v.locked) == counts[p]
            assert v.locked_sizes in ((), counts)
        core.play(rng.choice(core.legal_actions()))
    unlocks = [e for e in core.history if e.kind == "unlock"]
    assert unlocks
    assert all(e.private == (e.seat is not None) for e in unlocks)
    assert any(e.text.endswith("every dealt card may be played (R9.37)") for e in unlocks)
    for _ in range(len(core.actions)):  # undo all the way back: the dealt cards locked again
        core.undo()
    assert [core.view(p) for p in range(players)] == first


def test_r9_37_an_opener_holding_only_locked_cards_unlocks_one():
    # R9.37: so the game cannot stall; with R9.5 (draw only when empty) it comes up often
    told = 0
    for seed in sample(range(6), 3):
        g = game_or_skip("magadansky", 3, seed, {"draw_only_when_empty": True})
        invariants(g, random.Random(seed), 4)
        opens = [e for e in g.history if e.text.endswith("he must open the bout (R9.37)")]
        assert all(e.private and e.seat is not None and len(e.cards) == 1 for e in opens)
        told += len(opens)
    assert told > 0


def test_a_history_free_magadansky_game_plays_out_as_the_full_game():
    for seed in sample(range(10), 4):
        full = game_or_skip("magadansky", 2 + seed % 4, seed, {"transfer": seed % 2 == 1})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert (light.hands, light.discard) == (full.hands, full.discard)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {"transfer": True}), (5, 4, {}), (6, 5, {"deck": 52}),
    (2, 6, {"draw_only_when_empty": True}), (3, 7, {"throw_in": "neighbours"})])
def test_r9_37_the_compiled_playout_plays_the_api_game(players, seed, options):
    # the locked cards are a mask the core reads (``st.locked``), not a hook asked at every
    # menu: a magadansky playout counts its moves from numbers as podkidnoy's does, and still
    # plays the game rng.choice(legal_actions()) plays
    c = core_state(game_or_skip("magadansky", players, seed, options))
    assert c.locked and c.cfg.hooks.menu_free
    playout_agrees("magadansky", players, seed, **options)


def test_r9_37_covers_only_the_combinations_the_part_plays():
    # a rule whose moves or events interleave otherwise is refused (core/unplayed.py)
    assert supports(game_or_skip("magadansky", 3, 0, {}))
    for options in ({"defender_draws": True}, {"scoring": "ochkovy"}):
        g = game_or_skip("magadansky", 3, 0, options)
        assert g is None or not supports(g)


@pytest.mark.parametrize("options", [{}, {"draw_only_when_empty": True}])
def test_r9_37_each_seat_may_play_only_the_first_card_dealt_to_him(options):
    # R9.37, with any dealer and lead (R1.3): of each dealt hand all but one card are locked
    played = 0
    for g, seed in dealt_with_talon("magadansky", options):  # (no talon: nothing locked)
        for p in range(g.players):
            assert len(g.view(p).locked) == len(g.hands[p]) - 1
        played += invariants(g, random.Random(seed), 2) > 0
    assert played >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r9_37_a_sealed_copy_locks_cards_of_its_own_and_reveals_none(players):
    # R0 (redeal_hidden, a bot's SeatGame): which of another's unseen cards are locked, and the
    # order they unlock in, are the copy's own; the copy depends on the seat's view and the
    # generator only, so a game with the same view and other hidden cards gives the same copy
    checked = 0
    for seed in sample(range(6), 3):
        core = game_or_skip("magadansky", players, seed, {})
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            core.play(rng.choice(core.legal_actions()))
        for seat in range(players):
            b = core.redeal_hidden(seat, seed)
            mine = core_locked(b._s.core)
            assert mine[seat] == core_locked(core_state(core))[seat]  # his own: as they are
            assert all(m & ~h == 0 for m, h in zip(mine, b._s.core.hands))
            assert [m.bit_count() for m in mine] == [
                m.bit_count() for m in core_locked(core_state(core))]
            twin = core.redeal_hidden(seat, 99).redeal_hidden(seat, seed)
            assert core_locked(twin._s.core) == mine
            assert b._s.core.locked == twin._s.core.locked == union(mine)
            assert twin._s.core.extra.get("r9.37") == b._s.core.extra.get("r9.37")
            checked += any(m for p, m in enumerate(mine) if p != seat)
            moves = random.Random(seat)
            while not b.is_over:  # the same unlocks, in the same order
                assert b.legal_actions() == twin.legal_actions()
                act = moves.choice(b.legal_actions())
                b.play(act)
                twin.play(act)
            assert b.hands == twin.hands and b.result == twin.result
    assert checked > 0


def test_the_text_picture_brackets_each_seats_locked_cards():
    # R9.37: the text picture shows which dealt cards may not be played yet (as the widgets do)
    g = new_game("magadansky", players=2, seed=3)
    for seat, line in enumerate(str(g).splitlines()[1:3]):
        locked = set(g.view(seat).locked)
        assert locked and len(locked) < len(g.hands[seat])
        for c in g.hands[seat]:
            assert (f"[{c}]" in line.split()) == (c in locked)


@pytest.mark.parametrize("seed", range(4 if not DEEP else 12))
def test_a_sealed_copy_keeps_every_seats_locked_count_to_the_end_of_the_game(seed):
    # R9.37, R0: late in a game a seat can place every card of the other's hand, locked ones
    # included; the sealed copy a bot or the coach searches must still lock as many of them
    # (it raised "Sample larger than population", or, through SeatGame, dropped the locks)
    rng = random.Random(seed)
    g = new_game("magadansky", players=2, seed=seed)
    while not g.is_over:
        for seat in range(2):
            v = g.view(seat)
            w = g.redeal_hidden(seat, rng.randrange(10**6)).view(seat)
            assert (w.locked_sizes, w.hand_sizes, w.talon_size) == (
                v.locked_sizes, v.hand_sizes, v.talon_size)
        legal = g.legal_actions()
        g.play(legal[rng.randrange(len(legal))])
