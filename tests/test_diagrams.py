"""durak_edu.draw.diagrams: the bout's flow and the seats round the table (issue 19)."""

from __future__ import annotations

import re

import pytest

from durak_edu.draw.diagrams import Box, bout_flow, bout_flow_svg, flow_scene, seats, seats_svg
from durak_edu.draw.prims import Rect, Text


def test_every_step_of_the_bout_cites_its_clause_and_every_arrow_joins_two_steps():
    s = bout_flow()
    titles = [t.text for t in s.items if isinstance(t, Text) and t.bold]
    assert len(titles) == len(s.info["boxes"])
    assert all(re.search(r"R2\.\d+", t) for t in titles)
    names = set(s.info["boxes"])
    assert all(a in names and b in names and a != b for a, b in s.info["arrows"])


def test_the_flow_goes_round_and_ends_only_after_the_drawing():
    # R2.11: the end is checked when a bout ends, never in the middle of one
    arrows = bout_flow().info["arrows"]
    reach, todo = {"attack"}, ["attack"]
    while todo:
        here = todo.pop()
        for a, b in arrows:
            if a == here and b not in reach:
                reach.add(b)
                todo.append(b)
    assert reach == set(bout_flow().info["boxes"])
    assert [a for a, b in arrows if b == "end"] == ["draw"]
    assert ("next", "attack") in arrows  # bouts follow one another
    assert {a for a, b in arrows if b == "draw"} == {"take", "bito"}  # R2.9: after every bout


def name_positions(scene, names):
    return {t.text: (t.x, t.y) for t in scene.items if isinstance(t, Text) and t.text in names}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seat_0_sits_at_the_bottom_and_the_next_seats_follow_clockwise(players):
    # R0: seat i+1 is the next player clockwise; on the screen (y down) clockwise from the
    # bottom goes up the left side first, as the table picture lays the seats out
    names = [f"P{i}" for i in range(players)]
    pos = name_positions(seats(players, names), names)
    cx = 280
    assert max(pos.values(), key=lambda p: p[1]) == pos["P0"]
    if players > 2:
        assert pos["P1"][0] < cx
        assert pos[f"P{players - 1}"][0] > cx


def test_the_route_is_numbered_in_order_and_checked():
    s = seats(4, route=[(1, 2, "attack 9♣"), (2, 3, "show 9♥"), (3, 0, "9♠"), (0, 1, "9♦")])
    labels = [t for t in s.texts if t[:1].isdigit()]
    assert labels == ["1. attack 9♣", "2. show 9♥", "3. 9♠", "4. 9♦"]
    assert s.info["route"] == [(1, 2), (2, 3), (3, 0), (0, 1)]
    with pytest.raises(ValueError, match="route step 2 goes from seat 2 to seat 5"):
        seats(4, route=[(1, 2, ""), (2, 5, "")])
    with pytest.raises(ValueError, match="2 to 8 seats"):
        seats(9)
    with pytest.raises(ValueError, match="3 names for 4 seats"):
        seats(4, ["a", "b", "c"])


def test_partners_share_a_colour_and_opponents_do_not():
    # R5: team = seat mod 2
    s = seats(6, teams=[0, 1, 0, 1, 0, 1])
    fills = [r.fill for r in s.items if isinstance(r, Rect) and r.w == 96]
    assert len(fills) == 6
    assert len({fills[0], fills[2], fills[4]}) == 1 and len({fills[1], fills[3], fills[5]}) == 1
    assert fills[0] != fills[1]
    assert sum("team A" in t for t in s.texts) == 3
    with pytest.raises(ValueError, match="teams must give 0 or 1"):
        seats(4, teams=[0, 1, 2, 1])


def test_diagrams_are_the_same_svg_on_every_run():
    assert bout_flow_svg() == bout_flow_svg()
    a = seats_svg(4, ["W", "N", "E", "S"], teams=[0, 1, 0, 1], marks={3: "out"})
    assert a == seats_svg(4, ["W", "N", "E", "S"], teams=[0, 1, 0, 1], marks={3: "out"})
    assert a.startswith("<svg") and "out" in a


def test_a_flow_arrow_must_name_existing_boxes():
    with pytest.raises(ValueError, match="names the box 'c'"):
        flow_scene({"a": Box(0, 0, 10, 10, "A")}, [("a", "c", "")], 20, 20)
