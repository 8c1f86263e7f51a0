"""R9.38 (krestovy) as parts of the core, on the core's own invariants (``core_parts``):
``clubs_apart`` (core/house/clubs_apart.py: clubs are the suit apart; the refusal's reason
is R9.38's). From new games (2–6 players), ``from_position`` positions and any move of a game in
progress; R9.38's listing and refusals."""

from __future__ import annotations

import pytest

from durak_edu import IllegalAction, from_position
from durak_edu.actions import Play

from core_parts import (invariants_all, examples, given_moves, given_positions, ids,
                        new_games_until, set_positions, taken_over, through_core_game)

CLUBS = [
    ("podkidnoy", {"clubs_apart": True, "trump": "fixed:D"}),
    ("podkidnoy", {"clubs_apart": True, "trump": "none", "first_lead": "left_of_dealer"}),
    ("perevodnoy", {"clubs_apart": True, "trump": "fixed:H", "deck": 52}),
    ("pribaltiysky", {"clubs_apart": True, "trump": "fixed:D"}),  # R9.39's beat in R9.38's words
]
CLUB_IDS = ids(CLUBS)


@pytest.mark.parametrize("name,options", CLUBS, ids=CLUB_IDS)
def test_r9_38_clubs_apart_holds_its_invariants_in_new_games(name, options):
    new_games_until(name, options, None)  # the refusals are checked at every position


def test_r9_38_a_refused_beat_names_the_suit_apart():
    core = from_position("podkidnoy", ["9♣ 8♦", "10♦ 6♣ A♠"], trump="D", clubs_apart=True)
    core.play("attack 9♣")
    assert [str(a) for a in core.legal_actions()] == ["take"]  # the trump 10♦ beats no club
    for bad in ("beat 9♣ 10♦", "beat 9♣ 6♣"):
        with pytest.raises(IllegalAction) as got:
            core.check(bad)
    assert got.value.rule == "R9.38" and "clubs stand apart" in str(got.value)


@examples(60, 8)
@given_positions(CLUBS)
def test_property_r9_38_clubs_apart_holds_its_invariants_from_set_positions(case, players, seed):
    set_positions(case, players, seed, invariants_all)


@pytest.mark.parametrize("name,options", CLUBS[:1], ids=CLUB_IDS[:1])
def test_r9_38_clubs_apart_through_core_game(name, options):
    through_core_game(name, options, seeds=4)


# -- one_higher_phase: the first phase, laying one rank higher ---------------------------------

CLIMB = [
    ("krestovy", {}),
    ("krestovy", {"first_lead": "left_of_dealer"}),
    ("krestovy", {"trump": "none", "deck": 24}),
    ("podkidnoy", {"one_higher_phase": True, "trump": "fixed:S", "deck": 52}),
    ("perevodnoy", {"one_higher_phase": True, "trump": "fixed:H"}),
]
CLIMB_IDS = ids(CLIMB)


def laid(g) -> int:
    return sum(isinstance(a, Play) for a in g.actions)


@pytest.mark.parametrize("name,options", CLIMB, ids=CLIMB_IDS)
def test_r9_38_first_phase_holds_its_invariants_in_new_games(name, options):
    # cards were laid on the pile (not only listed), and the second phase played to the end
    new_games_until(name, options, laid)


@examples(40, 5, slow=False)
@given_moves(CLIMB)
def test_property_r9_38_invariants_from_any_move(case, players, seed, prefix):
    # in the first phase (the pile on the table, the rounds) or the second
    taken_over(case, players, seed, prefix, invariants_all)


@pytest.mark.parametrize("name,options", CLIMB[:1] + CLIMB[3:4], ids=CLIMB_IDS[:1] + CLIMB_IDS[3:4])
def test_r9_38_first_phase_through_core_game(name, options):
    # the rounds' draw and pile events, the take, the phase's end, "to lay", the views
    through_core_game(name, options, seeds=4)


def test_r9_38_the_first_phase_is_refused_with_the_gallerys_moves():
    from durak_edu import new_game
    from durak_edu.games.core.game import AttackGame
    from durak_edu.games.core.state import supports
    assert supports(new_game("krestovy", seed=1))
    assert isinstance(new_game("krestovy", seed=1), AttackGame)  # new_game builds it on the core
    # the gallery's moves in the first phase: refused, not played
    with pytest.raises(ValueError):
        new_game("krestovy", seed=1, defender_draws=True)


def test_r9_38_lay_one_higher_or_take():
    from durak_edu import new_game
    core = new_game("krestovy", players=3, seed=5)
    assert core.role(core.to_act) == "to lay" and core.targets() == []
    listed = core.legal_actions()
    assert listed and all(isinstance(a, Play) or str(a) == "take" for a in listed)
    bad = next((a for a in ("take", "play A♠", "attack 6♦") if a not in map(str, listed)))
    with pytest.raises(IllegalAction) as got:
        core.check(bad)
    assert got.value.rule == "R9.38"
