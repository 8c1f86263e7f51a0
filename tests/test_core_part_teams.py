"""R5 (teams: podkidnoy_teams, perevodnoy_teams) on the core (durak_edu/games/core/teams.py),
move for move against ``AttackGame``: partners, who plays an out player's seat, who attacks
whom, who throws in (only the defender's opponents), transfers to whoever plays the next seat,
the team result. ``tests/test_core_agreement.py``'s machinery, with the bout's *seats* read
from ``teams.seats`` (the core's ``attacker``/``defender`` are the players of those seats)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import from_position
from durak_edu.actions import ThrowIn
from durak_edu.cards import cards
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves, teams
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.playout import playout
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import CoreState, from_game, supports

from helpers import DEEP, sample
from test_core_agreement import candidates, game_at_move, game_or_skip, position, random_position
from test_core_game import side_by_side, verdict

CASES = [
    ("podkidnoy_teams", {}),
    ("perevodnoy_teams", {}),
    ("podkidnoy_teams", {"deck": 52}),
    ("podkidnoy_teams", {"throw_in": "attacker", "taker_keeps_turn": True}),
    ("podkidnoy_teams", {"draw_order": "clockwise", "share_short_talon": True}),
    ("perevodnoy_teams", {"transfer_beat_only_new": True, "transfer_in_first_bout": True}),
    ("perevodnoy_teams", {"deck": 52, "proezdnoy": False, "transfer_by_last_card": True}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]
SEATS = (4, 6, 8)


def seat_position(c: CoreState) -> tuple[object, ...]:
    """``test_core_agreement.core_position`` with the bout's seats (R5), not their players."""
    a, d = teams.seats(c)
    return (tuple(c.hands), tuple(c.known), tuple(zip(c.ta, c.td)), len(c.talon) - c.tp,
            tuple(c.discard), None if c.to_act < 0 else (a, d, c.to_act, c.taking),
            c.out, c.bout if c.to_act >= 0 else None)


def agree_teams(g, rng: random.Random, illegal: int = 8) -> int:
    """``test_core_agreement.agree`` for team play (the same checks, seats compared)."""
    assert supports(g)
    c = from_game(g)
    ctx = Context.of(g)
    checked = 0
    while True:
        assert seat_position(c) == position(g)
        if g.is_over:
            break
        listed = g.legal_actions()
        mine = core_moves.moves(c)
        assert decode.actions(mine) == listed
        assert core_moves.count(c) == len(listed)
        for j in {0, len(listed) - 1, rng.randrange(len(listed))}:
            assert core_moves.nth(c, j) == mine[j]
        for act in listed:
            assert refuse(c, act, ctx) is None, act
        for act in candidates(g, rng, illegal):
            assert refuse(c, act, ctx) == g._diagnose(act), act
        j = rng.randrange(len(listed))
        g.play(listed[j])
        core_apply.apply(c, mine[j])
        checked += 1
    assert decode.result(c, g.players, g.names) == g.result
    return checked


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_from_new_games(name, options):
    positions = games = 0
    for players in SEATS:
        for seed in sample(range(4), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            positions += agree_teams(g, random.Random(1000 * players + seed))
            games += 1
    assert games >= 2 and positions > 30


@settings(max_examples=100 if DEEP else 20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.sampled_from((4, 6)),
       seed=st.integers(0, 2**32 - 1))
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    agree_teams(g, rng)


@settings(max_examples=60 if DEEP else 12, deadline=None)
@given(case=st.sampled_from(CASES), players=st.sampled_from((4, 6)),
       seed=st.integers(0, 2**32 - 1), prefix=st.integers(0, 120))
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # in the middle of a bout too, and after a player has gone out (his seat played by a partner)
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree_teams(g, rng)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_writes_the_reference_events(name, options):
    for players in sample((4, 6), 1 if not DEEP else 2):
        g = game_or_skip(name, players, players, options)
        side_by_side(g, random.Random(players))


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    for players in (4, 6):
        for seed in sample(range(4), 1):
            g = game_or_skip(name, players, seed, options)
            rng = random.Random(seed)
            core = from_game(g)
            twin = random.Random()
            twin.setstate(rng.getstate())
            playout(core, twin.getrandbits)
            while not g.is_over:
                g.play(rng.choice(g.legal_actions()))
            assert seat_position(core) == position(g)
            assert decode.result(core, g.players, g.names) == g.result


def _teams(hands, attacker=0, **options):
    return from_position("podkidnoy_teams", hands, talon="", attacker=attacker, trump="S",
                         **options)


def test_an_out_players_seat_is_played_by_his_partner():
    # seat 2 is out: seat 1 attacks seat 2, which his partner seat 0 defends (R5)
    g = _teams(["7♦ 9♦", "8♣ 8♥ K♣", "", "10♥ J♦ Q♦"], attacker=1)
    assert supports(g) and g.out == (2,)
    core = CoreGame.from_game(g)
    assert (core.attacker, core.defender) == (g.attacker, g.defender) == (1, 2)
    assert core.role(0) == g.role(0) == "defender"
    for act in g.legal_actions():  # the attack, then the partner's defence
        probe = CoreGame.from_game(g)
        assert probe.play(act) == g.clone().play(act)
    assert core.legal_actions() == g.legal_actions()


def test_the_defenders_partner_may_not_throw_in():
    g = _teams(["7♦ 9♦", "7♣ K♣", "7♥ Q♦", "10♥ J♦ 7♠"], attacker=0)
    core = CoreGame.from_game(g)
    core.play(core.legal_actions()[0])  # seat 0 attacks seat 1 with 7♦
    g.play(g.legal_actions()[0])
    throw = ThrowIn(tuple(cards("7♥")))  # seat 2, the attacker's partner, may throw in
    assert verdict(core, throw, 2) == verdict(g, throw, 2)
    seven = ThrowIn(tuple(cards("7♠")))  # seat 3, the defender's partner, may not (R5)
    assert verdict(core, seven, 3) == verdict(g, seven, 3)
    assert verdict(core, seven, 3)[0] == "R5"


def test_a_team_out_wins():
    g = _teams(["7♦", "8♣ K♣", "", "10♥ J♦"], attacker=0)
    core = CoreGame.from_game(g)
    rng = random.Random(3)
    while not g.is_over:
        act = rng.choice(g.legal_actions())
        assert core.play(act) == g.play(act)
    assert core.result == g.result and g.result.winners == (0, 2)


@pytest.mark.parametrize("options", [{"refusal": True, "transfer": True},
                                     {"throw_in": "neighbours"}])
def test_team_play_with_rules_the_core_does_not_seat_stays_on_the_reference(options):
    g = game_or_skip("podkidnoy_teams", 4, 0, options)
    assert g is not None and not supports(g)


def test_the_endgame_search_leaves_team_play_to_the_reference():
    # R5's seats live in st.extra, which the fast search's table key leaves out
    from durak_edu.bots import endgame
    g = _teams(["7♦", "8♣ K♣", "9♠", "10♥ J♦"])
    assert supports(g) and not endgame.fits(g)
