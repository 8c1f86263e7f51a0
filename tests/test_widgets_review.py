"""The replay's *Review* button (issue 29): the coach judges one seat's moves, the value curve
stands above the move list, the marks show in the list, the better move is a variation one
click away, and a click on the curve goes to that move.

The game: podkidnoy for two, seed 1, both seats playing ``lowest_card_bot`` until the talon is
empty and at most eight cards are left, then seat 0 throws the ending away once on purpose (the
option the coach's *solved* values rate lowest, a chance of 0 where the best keeps 1) and the
bots finish. An ending with the talon empty is searched exactly (R0: every card is known), so
that move's drop is exact — 100 points, no noise — and it must be marked ``??`` whatever the
search does elsewhere; every other check compares the widget with ``review``'s own answer.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest

from durak_edu import new_game
from durak_edu.bots import lowest_card_bot
from durak_edu.coach import advise, review
from durak_edu.widgets import ReplayWidget
from durak_edu.widgets.review_curve import MARK_COLOURS, curve_hit, curve_scene

EFFORT = 40  # few worlds: the solved ending decides the test, the search elsewhere only varies


def thrown_away() -> tuple[object, int, str]:
    """The game, the index of seat 0's thrown-away move, and the coach's better move there."""
    g = new_game("podkidnoy", players=2, seed=1)
    while not g.is_over and (g.talon_size or sum(map(len, g.hands)) > 8):
        g.play(lowest_card_bot(g, g.to_act))
    blunder = None
    while not g.is_over:
        if g.to_act == 0 and blunder is None:
            a = advise(g, 0)
            if a.ending == "solved":
                worst = min(a.options, key=lambda o: o.win)
                if a.value == 1 and worst.win == 0:
                    blunder = (len(g.actions), a.best)
                    g.play(worst.action)
                    continue
        g.play(lowest_card_bot(g, g.to_act))
    assert blunder is not None, "seed 1 should reach a solved ending seat 0 can throw away"
    return g, blunder[0], blunder[1]


@pytest.fixture(scope="module")
def reviewed():
    g, index, better = thrown_away()
    w = ReplayWidget(g)
    seen: list[str] = []
    w.reviewer.status.observe(lambda c: seen.append(c["new"]), names="value")
    r = w.review(effort=EFFORT)
    return w, r, g, index, better, seen


def test_before_a_review_there_is_no_curve_and_the_button_is_there():
    g, _i, _b = thrown_away()
    w = ReplayWidget(g)
    assert w.reviewer.button.description == "Review"
    assert w.reviewer.button in w.children[0].children  # in the row of controls
    # no second canvas until a review: the replay alone shows one canvas, its table
    assert w.reviewer.canvas is None and w.reviewer.box.children == () and w.reviewer.review is None
    assert "chance of not being the durak" not in w.to_svg()


def test_the_review_is_seat_0s_when_all_hands_are_shown_and_says_so(reviewed):
    w, r, _g, _i, _b, _seen = reviewed
    assert r.seat == 0 and w.perspective is None
    status = w.reviewer.status.value
    assert "seat 0" in status and "all hands shown" in status
    assert w.reviewer.box.children == (w.reviewer.canvas,) and w.reviewer.canvas is not None


def test_the_review_is_the_perspectives_seat():
    g, _i, _b = thrown_away()
    w = ReplayWidget(g, perspective=1)
    r = w.review(effort=EFFORT)
    assert r.seat == 1 and w.reviewer.scene.info["seat"] == 1
    assert "Review of seat 1" in w.reviewer.status.value


def test_the_progress_counts_the_decisions_while_it_works(reviewed):
    _w, r, _g, _i, _b, seen = reviewed
    n = len(r.moves)
    counts = [int(m.group(1)) for s in seen for m in [re.search(rf"… (\d+)/{n}<", s)] if m]
    assert counts[0] == 0 and counts[-1] == n and counts == sorted(counts)
    assert len(counts) == n + 1   # one line before each decision, one at the end
    assert "decisions" in seen[-1]  # then the summary


def test_the_thrown_away_ending_is_a_blunder_with_the_better_move_as_a_variation(reviewed):
    w, r, _g, index, better, _seen = reviewed
    m = next(m for m in r.moves if m.index == index)
    assert m.mark == "??" and m.drop == 1 and m.after == Fraction(0)   # exact: solved
    assert m.best in better
    # the move list: the mark on the move, its better move on the next row, indented (↳)
    labels = [label for label, _v in w.moves.options]
    row = next(k for k, label in enumerate(labels) if label.split(". ")[0].strip() == str(index + 1)
               and "↳" not in label)
    assert labels[row].rstrip(" ✎").endswith("??")
    assert "↳" in labels[row + 1] and labels[row + 1].lstrip("\u2003↳ ").startswith(f"{index + 1}.")
    # one click away: that row replays the better move
    w.moves.value = w.moves.options[row + 1][1]
    assert w.replay.path and w.replay.line.start == index
    assert w.replay.line.actions == [m.best] and w.replay.position == index + 1
    w.main_line()


def test_every_mark_of_the_review_shows_in_the_move_list_with_its_comment(reviewed):
    w, r, _g, _i, _b, _seen = reviewed
    main = {v: label for label, v in w.moves.options if isinstance(v, int)}
    for m in r.moves:
        label = main[m.index + 1]
        if m.mark:
            assert label.rstrip(" ✎").endswith(m.mark), label
            note = w.replay.annotations[m.index]
            assert note.mark == m.mark and str(m.best) in note.comment
            assert [v.actions for v in w.replay.variations(m.index)] == [[m.best]]
        else:
            assert not re.search(r"(\?!|\?\?|\?)$", label.rstrip(" ✎")), label
    assert len(w.record().branches) == len(r.marked())


def test_the_curve_has_a_point_per_decision_and_the_marks_on_it(reviewed):
    w, r, g, _i, _b, _seen = reviewed
    s = w.reviewer.scene
    assert [i for i, _x, _y in s.info["points"]] == [m.index for m in r.moves]
    assert s.info["marks"] == {m.index: m.mark for m in r.moves if m.mark}
    x0, y0, x1, y1 = s.info["plot"]
    xs = [x for _i, x, _y in s.info["points"]]
    assert xs == sorted(xs) and x0 <= xs[0] and xs[-1] <= x1
    for m, (_i, _x, y) in zip(r.moves, s.info["points"]):   # higher value, higher on the plot
        v = float(getattr(m.before, "estimate", m.before))
        assert math.isclose(y, y1 - (y1 - y0) * v, abs_tol=1e-6)
    assert s.info["total"] == len(g.actions)


def test_the_svg_holds_the_curve_and_its_marks_above_the_table(reviewed):
    w, r, _g, _i, _b, _seen = reviewed
    w.goto(0)
    svg = w.to_svg()
    assert svg.count("<svg") == 3   # the frame, the curve, the table
    curve, table = svg.split("<svg")[2], svg.split("<svg")[3]
    assert "chance of not being the durak" in curve and 'y="0"' in curve.split(">")[0]
    for mark, colour in MARK_COLOURS.items():
        n = sum(1 for m in r.moves if m.mark == mark)
        assert curve.count(f'fill="{colour}" text-anchor="middle" font-weight="bold">'
                           f'{mark}</text>') == n
    line = re.search(r'stroke="#2b6cb0"[^>]* d="M([^"]+)"', curve)
    assert line and line.group(1).count("L") == len(r.moves) - 1
    assert "Start of the game" in table
    assert w.to_svg() == svg  # deterministic


def test_a_click_on_the_curve_goes_to_that_move(reviewed):
    w, r, _g, index, _b, _seen = reviewed
    w.goto(0)
    i, x, y = next(p for p in w.reviewer.scene.info["points"] if p[0] == index)
    w.reviewer._mouse_down(x + 0.4, y + 30)    # what ipycanvas calls on a click there
    assert w.position == index + 1 and not w.replay.path
    assert "??" in w.caption.value   # the caption shows the move, its mark and the comment
    # from inside a variation the click goes back to the main line
    w.goto(index)
    w.replay.enter(w.replay.variations(index)[0])
    w._line_changed(index + 1)
    first = w.reviewer.scene.info["points"][0]
    w.reviewer._mouse_down(first[1], first[2])
    assert not w.replay.path and w.position == first[0] + 1
    # off the plot: nothing
    w.goto(3)
    w.reviewer._mouse_down(1, 1)
    assert w.position == 3


def test_curve_hit_takes_the_nearest_decision_and_nothing_off_the_plot(reviewed):
    _w, r, g, _i, _b, _seen = reviewed
    s = curve_scene(r, len(g.actions), 280, 124)
    pts = s.info["points"]
    for (i, x, y), nxt in zip(pts, pts[1:]):
        mid = (x + nxt[1]) / 2
        assert curve_hit(s, mid - 0.01, y) == i and curve_hit(s, mid + 0.01, y) == nxt[0]
    assert curve_hit(s, 140, -30) is None and curve_hit(s, 0, 60) is None


def test_reviewing_again_adds_nothing_twice_and_keeps_a_users_note():
    g, index, _b = thrown_away()
    w = ReplayWidget(g)
    w.replay.annotate(index, comment="I thought this was safe", mark="!?")
    r = w.review(effort=EFFORT)
    note = w.replay.annotations[index]
    assert note.mark == "!?" and note.comment.startswith("I thought this was safe · ")
    branches = len(w.record().branches)
    w.review(effort=EFFORT)
    assert len(w.record().branches) == branches == len(r.marked())
    assert w.replay.annotations[index].comment == note.comment


def test_the_curve_follows_the_position_shown(reviewed):
    w, _r, _g, index, _b, _seen = reviewed
    w.goto(index)
    here = [it for it in w.reviewer.scene.items if getattr(it, "stroke", None) == "#7b8794"]
    assert len(here) == 1
    x0, _y0, x1, _y1 = w.reviewer.scene.info["plot"]
    assert here[0].d.startswith(f"M{x0 + (x1 - x0) * index / w.reviewer.total:.1f} ")


def test_a_review_made_already_is_shown_as_the_button_shows_it(reviewed):
    w, r, g, _i, _b, _seen = reviewed
    other = ReplayWidget(g)
    other.show_review(r)
    assert [label for label, _v in other.moves.options] == [label for label, _v in w.moves.options]
    assert other.reviewer.scene.info["points"] == w.reviewer.scene.info["points"]
    assert other.reviewer.scene.info["marks"] == w.reviewer.scene.info["marks"]
    assert "Review of seat 0" in other.reviewer.status.value
    stranger = new_game("podkidnoy", players=2, seed=2)
    stranger.play(lowest_card_bot(stranger, stranger.to_act))
    with pytest.raises(ValueError, match="another game"):
        ReplayWidget(stranger).show_review(r)
