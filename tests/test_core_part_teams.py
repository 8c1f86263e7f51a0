"""R5 (teams: podkidnoy_teams, perevodnoy_teams) on the core (durak_edu/games/core/teams.py),
on the core's own invariants (``tests/core_parts.py``): partners, who plays an out player's
seat, who attacks whom, who throws in (only the defender's opponents), transfers to whoever
plays the next seat, the team result; the bout's *seats* (``teams.seats``) always seats of the
table, the defender's an opponent's of the attacker's."""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st

from durak_edu import from_position, new_game
from durak_edu.actions import ThrowIn
from durak_edu.cards import cards
from durak_edu.games.core import teams
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.state import supports

from helpers import sample
from core_parts import (core_state, examples, facade, given_moves, given_positions, ids,
                        invariants, new_games, playouts, set_positions, taken_over, verdict)

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


def invariants_teams(g, rng: random.Random, illegal: int = 8) -> int:
    """``core_parts.invariants`` for team play, and at every position the bout's seats
    (``teams.seats``): two seats of the table, of different teams (R5: partners sit
    alternately), the seat to act's player one who is not out."""
    check = g.clone()
    moves = random.Random(rng.random())
    while not check.is_over:
        a, d = teams.seats(core_state(check))
        assert 0 <= a < check.players and 0 <= d < check.players and (a - d) % 2 == 1
        assert check.to_act not in check.out
        check.play(moves.choice(check.legal_actions()))
    return invariants(g, rng, illegal)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_holds_its_invariants_in_new_games(name, options):
    new_games(name, options, SEATS, seeds=4, check=invariants_teams, least=(2, 30))


@examples(100, 20)
@given_positions(CASES, players=DRAWN)
def test_property_the_core_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_teams)


@examples(60, 12, slow=False)
@given_moves(CASES, players=DRAWN, prefix=120)
def test_property_the_core_holds_its_invariants_from_any_move(case, players, seed, prefix):
    # in the middle of a bout too, and after a player has gone out (his seat played by a partner)
    taken_over(case, players, seed, prefix, invariants_teams)


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_core_game_holds_its_invariants(name, options):
    facade(name, options, sample((4, 6), 1), every=True)  # the deep run: both


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    playouts(name, options, (4, 6), seeds=4, every=True)


def _teams(hands, attacker=0, **options):
    """A team position set up by hand (on the core)."""
    return from_position("podkidnoy_teams", hands, talon="", attacker=attacker, trump="S",
                         **options)


def test_an_out_players_seat_is_played_by_his_partner():
    # seat 2 is out: seat 1 attacks seat 2, which his partner seat 0 defends (R5)
    g = _teams(["7♦ 9♦", "8♣ 8♥ K♣", "", "10♥ J♦ Q♦"], attacker=1)
    assert supports(g) and g.out == (2,)
    assert (g.attacker, g.defender) == (1, 2)
    assert g.role(0) == "defender"
    assert [str(a) for a in g.legal_actions()] == ["attack 8♣", "attack 8♥", "attack K♣",
                                                   "attack 8♣ 8♥"]
    for act in g.legal_actions():  # the attack, then the partner's defence: seat 0 acts
        probe = g.clone()
        probe.play(act)
        assert probe.to_act == 0 and probe.legal_actions()  # (7♦ 9♦ beat no club: he takes)


def test_the_defenders_partner_may_not_throw_in():
    g = _teams(["7♦ 9♦", "7♣ K♣", "7♥ Q♦", "10♥ J♦ 7♠"], attacker=0)
    g.play(g.legal_actions()[0])  # seat 0 attacks seat 1 with 7♦
    throw = ThrowIn(tuple(cards("7♥")))  # seat 2, the attacker's partner: not R5 (his turn
    assert verdict(g, throw, 2).startswith("R2.5|")  # to come: only out of turn now)
    seven = ThrowIn(tuple(cards("7♠")))  # seat 3, the defender's partner, may not (R5)
    assert verdict(g, seven, 3).startswith(
        "R5|R5: seat 3 is the defender's partner: only the defender's opponents throw in")


def test_a_team_out_wins():
    g = _teams(["7♦", "8♣ K♣", "", "10♥ J♦"], attacker=0)
    rng = random.Random(3)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    assert g.result.winners == (0, 2)


@pytest.mark.parametrize("options", [{"refusal": True, "transfer": True},
                                     {"throw_in": "neighbours"}])
def test_team_play_with_rules_the_core_does_not_seat_is_refused(options):
    with pytest.raises(ValueError, match="is not played"):
        new_game("podkidnoy_teams", players=4, seed=0, **options)


def test_the_endgame_search_leaves_team_play_to_the_api_search():
    # R5's seats live in st.extra, which the fast search's table key leaves out: the core plays
    # R5 (from_position builds it on the core, issue 25), and the endgame search leaves it to
    # the search through the public API
    from durak_edu.bots import endgame
    g = from_position("podkidnoy_teams", ["7♦", "8♣ K♣", "9♠", "10♥ J♦"], talon="", attacker=0,
                      trump="S")
    assert isinstance(g, AttackGame) and not endgame.fits(g)
