"""R5 (teams: podkidnoy_teams, perevodnoy_teams) on the core (durak_edu/games/core/teams.py),
move for move against ``AttackGame``: partners, who plays an out player's seat, who attacks
whom, who throws in (only the defender's opponents), transfers to whoever plays the next seat,
the team result. ``tests/core_parts.py``'s machinery, with the bout's *seats* read
from ``teams.seats`` (the core's ``attacker``/``defender`` are the players of those seats)."""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st

from durak_edu import from_position
from durak_edu.actions import ThrowIn
from durak_edu.cards import cards
from durak_edu.games.core import teams
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.state import CoreState, supports

from helpers import sample
from reference.parts import (agree, examples, facade, game_or_skip, given_moves, given_positions,
                             ids, new_games, playouts, set_positions, taken_over)
from reference import reference_engine, core_game_of
from reference.parts import verdict

CASES = [
    ("podkidnoy_teams", {}),
    ("perevodnoy_teams", {}),
    ("podkidnoy_teams", {"deck": 52}),
    ("podkidnoy_teams", {"throw_in": "attacker", "taker_keeps_turn": True}),
    ("podkidnoy_teams", {"draw_order": "clockwise", "share_short_talon": True}),
    ("perevodnoy_teams", {"transfer_beat_only_new": True, "transfer_in_first_bout": True}),
    ("perevodnoy_teams", {"deck": 52, "proezdnoy": False, "transfer_by_last_card": True}),
]
IDS = ids(CASES)
SEATS = (4, 6, 8)
#: the table sizes the property tests draw
DRAWN = st.sampled_from((4, 6))


def seat_position(c: CoreState) -> tuple[object, ...]:
    """``test_core_agreement.core_position`` with the bout's seats (R5), not their players."""
    a, d = teams.seats(c)
    return (tuple(c.hands), tuple(c.known), tuple(zip(c.ta, c.td)), len(c.talon) - c.tp,
            tuple(c.discard), None if c.to_act < 0 else (a, d, c.to_act, c.taking),
            c.out, c.bout if c.to_act >= 0 else None)


def agree_teams(g, rng: random.Random, illegal: int = 8) -> int:
    """``core_parts.agree`` for team play (the same checks, seats compared)."""
    return agree(g, rng, illegal, seats=seat_position)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_from_new_games(name, options):
    new_games(name, options, SEATS, seeds=4, check=agree_teams, least=(2, 30))


@examples(100, 20)
@given_positions(CASES, players=DRAWN)
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    set_positions(case, players, seed, agree_teams)


@examples(60, 12, slow=False)
@given_moves(CASES, players=DRAWN, prefix=120)
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # in the middle of a bout too, and after a player has gone out (his seat played by a partner)
    taken_over(case, players, seed, prefix, agree_teams)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_writes_the_reference_events(name, options):
    facade(name, options, sample((4, 6), 1), every=True)  # the deep run: both


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    playouts(name, options, (4, 6), seeds=4, every=True, seats=seat_position)


def _teams(hands, attacker=0, **options):
    """The reference's position (the core takes it over)."""
    with reference_engine():
        return from_position("podkidnoy_teams", hands, talon="", attacker=attacker, trump="S",
                             **options)


def test_an_out_players_seat_is_played_by_his_partner():
    # seat 2 is out: seat 1 attacks seat 2, which his partner seat 0 defends (R5)
    g = _teams(["7♦ 9♦", "8♣ 8♥ K♣", "", "10♥ J♦ Q♦"], attacker=1)
    assert supports(g) and g.out == (2,)
    core = core_game_of(g)
    assert (core.attacker, core.defender) == (g.attacker, g.defender) == (1, 2)
    assert core.role(0) == g.role(0) == "defender"
    for act in g.legal_actions():  # the attack, then the partner's defence
        probe = core_game_of(g)
        assert probe.play(act) == g.clone().play(act)
    assert core.legal_actions() == g.legal_actions()


def test_the_defenders_partner_may_not_throw_in():
    g = _teams(["7♦ 9♦", "7♣ K♣", "7♥ Q♦", "10♥ J♦ 7♠"], attacker=0)
    core = core_game_of(g)
    core.play(core.legal_actions()[0])  # seat 0 attacks seat 1 with 7♦
    g.play(g.legal_actions()[0])
    throw = ThrowIn(tuple(cards("7♥")))  # seat 2, the attacker's partner, may throw in
    assert verdict(core, throw, 2) == verdict(g, throw, 2)
    seven = ThrowIn(tuple(cards("7♠")))  # seat 3, the defender's partner, may not (R5)
    assert verdict(core, seven, 3) == verdict(g, seven, 3)
    assert verdict(core, seven, 3)[0] == "R5"


def test_a_team_out_wins():
    g = _teams(["7♦", "8♣ K♣", "", "10♥ J♦"], attacker=0)
    core = core_game_of(g)
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
    # R5's seats live in st.extra, which the fast search's table key leaves out: the core plays
    # R5 (from_position builds it on the core, issue 25), and the endgame search leaves it to
    # the reference search (the public API's), whichever engine holds it
    from durak_edu.bots import endgame
    ref = _teams(["7♦", "8♣ K♣", "9♠", "10♥ J♦"])
    assert supports(ref) and not endgame.fits(ref)
    g = from_position("podkidnoy_teams", ["7♦", "8♣ K♣", "9♠", "10♥ J♦"], talon="", attacker=0,
                      trump="S")
    assert isinstance(g, CoreGame) and not endgame.fits(g)
