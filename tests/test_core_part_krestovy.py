"""R9.38 (krestovy) as parts of the core, move for move against the reference ``AttackGame``:
``clubs_apart`` (core/house/clubs_apart.py: clubs are the suit apart; the refusal's reason
is R9.38's). From new games (2–6 players), ``from_position`` positions and any move of a game in
progress; through ``CoreGame``, the same refusals and events."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from durak_edu import IllegalAction, from_position
from durak_edu.actions import Play
from durak_edu.games.core.game import CoreGame

from helpers import DEEP, sample
from test_core_agreement import game_at_move, game_or_skip, random_position
from test_core_part_moves import agree_all, new_games, side_by_side_all

CLUBS = [
    ("podkidnoy", {"clubs_apart": True, "trump": "fixed:D"}),
    ("podkidnoy", {"clubs_apart": True, "trump": "none", "first_lead": "left_of_dealer"}),
    ("perevodnoy", {"clubs_apart": True, "trump": "fixed:H", "deck": 52}),
    ("pribaltiysky", {"clubs_apart": True, "trump": "fixed:D"}),  # R9.39's beat in R9.38's words
]
CLUB_IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for n, o in CLUBS]


def club_refusals(g) -> int:
    return 1  # every game is checked; the refusals are compared at every position


@pytest.mark.parametrize("name,options", CLUBS, ids=CLUB_IDS)
def test_r9_38_clubs_apart_agrees_with_the_reference_from_new_games(name, options):
    positions, _ = new_games(name, options, club_refusals)
    assert positions > (300 if DEEP else 50)


def test_r9_38_a_refused_beat_names_the_suit_apart():
    g = from_position("podkidnoy", ["9♣ 8♦", "10♦ 6♣ A♠"], trump="D", clubs_apart=True)
    core = CoreGame.from_game(g)
    for x in (g, core):
        x.play("attack 9♣")
    assert core.legal_actions() == g.legal_actions()  # the trump 10♦ does not beat a club
    for bad in ("beat 9♣ 10♦", "beat 9♣ 6♣"):
        with pytest.raises(IllegalAction) as want:
            g.check(bad)
        with pytest.raises(IllegalAction) as got:
            core.check(bad)
        assert (got.value.rule, str(got.value)) == (want.value.rule, str(want.value))
    assert got.value.rule == "R9.38" and "clubs stand apart" in str(got.value)


@settings(max_examples=60 if DEEP else 8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CLUBS), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_r9_38_clubs_apart_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        agree_all(g, rng)


@pytest.mark.parametrize("name,options", CLUBS[:1], ids=CLUB_IDS[:1])
def test_r9_38_clubs_apart_through_core_game(name, options):
    for players in (2, 3, 5):
        for seed in sample(range(4), 1):
            g = game_or_skip(name, players, seed, options)
            if g is not None:
                side_by_side_all(g, random.Random(seed))


# -- one_higher_phase: the first phase, laying one rank higher ---------------------------------

CLIMB = [
    ("krestovy", {}),
    ("krestovy", {"first_lead": "left_of_dealer"}),
    ("krestovy", {"trump": "none", "deck": 24}),
    ("podkidnoy", {"one_higher_phase": True, "trump": "fixed:S", "deck": 52}),
    ("perevodnoy", {"one_higher_phase": True, "trump": "fixed:H"}),
]
CLIMB_IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CLIMB]


def laid(g) -> int:
    return sum(isinstance(a, Play) for a in g.actions)


@pytest.mark.parametrize("name,options", CLIMB, ids=CLIMB_IDS)
def test_r9_38_first_phase_agrees_with_the_reference_from_new_games(name, options):
    positions, made = new_games(name, options, laid)
    assert positions > (300 if DEEP else 50)
    assert made >= 1  # cards were laid on the pile, and the second phase was played to the end


@settings(max_examples=40 if DEEP else 5, deadline=None)
@given(case=st.sampled_from(CLIMB), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 60))
def test_property_r9_38_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # in the first phase (the pile on the table, the rounds) or the second
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree_all(g, rng)


@pytest.mark.parametrize("name,options", CLIMB[:1] + CLIMB[3:4], ids=CLIMB_IDS[:1] + CLIMB_IDS[3:4])
def test_r9_38_first_phase_through_core_game(name, options):
    # the rounds' draw and pile events, the take, the phase's end, "to lay", the views
    for players in (2, 3, 5):
        for seed in sample(range(4), 1):
            g = game_or_skip(name, players, seed, options)
            if g is not None:
                side_by_side_all(g, random.Random(seed))


def test_r9_38_the_first_phase_is_refused_with_the_gallerys_moves():
    from durak_edu import new_game
    from durak_edu.games.core.state import supports
    assert supports(new_game("krestovy", seed=1))
    # the reference lists some of the gallery's moves in the first phase: not on the core
    assert not supports(new_game("krestovy", seed=1, defender_draws=True))


def test_r9_38_lay_one_higher_or_take():
    from durak_edu import new_game
    g = new_game("krestovy", players=3, seed=5)
    core = CoreGame.from_game(g)
    assert core.role(core.to_act) == g.role(g.to_act) == "to lay" and core.targets() == []
    listed = core.legal_actions()
    assert listed == g.legal_actions()
    bad = next((a for a in ("take", "play A♠", "attack 6♦") if a not in map(str, listed)))
    with pytest.raises(IllegalAction) as want:
        g.check(bad)
    with pytest.raises(IllegalAction) as got:
        core.check(bad)
    assert (got.value.rule, str(got.value)) == (want.value.rule, str(want.value)) and \
        got.value.rule == "R9.38"
