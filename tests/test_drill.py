"""The Drill widget: counting practice on a new seeded position every round (issue 19, R0)."""

import pytest

from durak_edu.widgets import CounterWidget, Drill
from durak_edu.widgets.drill import LEVELS, drill_position, still_out


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def solve(d, skip=0, extra=()):
    """Mark the round's answer, leaving out `skip` cards and adding `extra` ones."""
    for c in sorted(d.answer)[skip:]:
        d.mark(c)
    for c in extra:
        d.mark(c)


def test_every_round_is_a_new_position_and_a_seed_gives_the_same_session():
    d = Drill("all", seed=4, seconds=None)
    seen = []
    for _ in range(4):
        seen.append(str(d.game))
        d.next()
    assert len(set(seen)) == 4
    again = Drill("all", seed=4, seconds=None)
    assert str(again.game) == seen[0] and again.answer == Drill("all", seed=4, seconds=None).answer


@pytest.mark.parametrize("seed", range(6))
def test_a_position_stands_between_bouts_of_an_unfinished_game(seed):
    g, seat, scope, what = drill_position(seed, "all")
    assert not g.is_over and not g.table and seat == g.to_act and len(scope) == 36


def test_the_levels_ask_about_the_trumps_one_suit_or_every_card():
    for seed in range(5):
        g, _s, trumps, what = drill_position(seed, "trumps")
        assert {c.suit for c in trumps} == {g.trump} and "trumps" in what
        _g, _s, suit, _w = drill_position(seed, "suit")
        assert len({c.suit for c in suit}) == 1 and len(suit) == 9
    suits = {next(iter(drill_position(seed, "suit")[2])).suit for seed in range(12)}
    assert len(suits) > 1                                   # not always the same suit
    assert set(LEVELS) == {"trumps", "suit", "all"}


def test_the_answer_is_what_the_counter_widget_calls_still_out_within_the_scope():
    """R0: still out = in the other hand (known or not) or in the talon, the turned trump too."""
    for level in LEVELS:
        d = Drill(level, seed=2, seconds=None)
        assert d.answer == CounterWidget(d.game, d.seat).still_out() & d.scope
        assert d.answer == still_out(d.game, d.seat) & d.scope


def test_the_check_gives_feedback_card_by_card():
    d = Drill("all", seed=1, seconds=None)
    gone = next(c for c in d.scope if c in d.game.discard)
    mine = d.game.hands[d.seat][0]
    solve(d, skip=1, extra=[gone, mine])
    r = d.check()
    assert r.missed == {sorted(d.answer)[0]} and r.wrong == {gone, mine}
    assert r.accuracy == (len(d.answer) - 1) / (len(d.answer) + 2) and not r.perfect
    text = d.summary.value
    assert f"{gone} is not out: it is in the discard pile (dimmed, tagged" in text
    assert f"{mine} is not out: it is in your own hand" in text
    assert "Still out but not marked: " + str(sorted(d.answer)[0]) in text
    svg = d.to_svg()
    assert "missed" in svg and "not out" in svg
    with pytest.raises(ValueError, match="checked"):
        d.mark(mine)


def test_streaks_and_the_history_of_the_session():
    d = Drill("trumps", seed=0, seconds=None)
    for _ in range(3):
        solve(d)
        assert d.check().perfect
        d.next()
    assert d.streak == 3
    solve(d, skip=1)
    d.check()
    assert d.streak == 0 and d.best_streak == 3 and len(d.history) == 4
    d.next()
    solve(d)
    d.check()
    assert d.streak == 1 and d.best_streak == 3
    assert "5 rounds · streak 1 (best 3)" in d.report()


def test_the_countdown_ends_the_round_and_the_best_time_is_the_fastest_perfect_round():
    clock = Clock()
    d = Drill("trumps", seed=5, seconds=20, clock=clock)
    solve(d)
    clock.now += 7.5
    assert d.remaining() == pytest.approx(12.5)
    assert d.check().seconds == pytest.approx(7.5)
    d.next()
    solve(d)
    clock.now += 4.0
    d.check()
    d.next()
    solve(d)
    clock.now += 19
    d.tick()
    assert d.countdown.value == 1 and d.result is None
    clock.now += 11                       # too slow: the countdown reaches zero and checks
    d.tick()
    late = d.history[-1]
    assert late.number == 3 and not late.in_time and not late.perfect
    assert d.countdown.value == 0
    assert d.best_time() == pytest.approx(4.0) and d.best_accuracy() == 1.0
    assert "best time 4.0 s" in d.report()


def test_a_round_shows_itself_as_svg_without_a_browser():
    d = Drill("suit", seed=3, seconds=45)
    svg = d._repr_svg_()
    assert svg.startswith("<svg") and "Round 1" in svg and "45 s on the clock" in svg
    assert svg == Drill("suit", seed=3, seconds=45).to_svg()


def test_bad_input_is_refused_saying_what_and_where():
    with pytest.raises(ValueError, match="level='easy'"):
        Drill("easy")
    with pytest.raises(ValueError, match="seconds=0"):
        Drill(seconds=0)
    d = Drill("trumps", seed=1, seconds=None)
    outside = next(c for c in d.game.deck_order if c not in d.scope)
    with pytest.raises(ValueError, match="not asked about"):
        d.mark(outside)


# -- exercise 09 as a student tried it (issue 26) --------------------------------------------------

def _texts(scene):
    from durak_edu.draw.prims import Text
    return [it for it in scene.items if isinstance(it, Text)]


def test_the_discard_pile_the_verdict_speaks_of_is_shown_on_the_grid():
    """The checker said a card "went to the discard pile", which nothing on screen showed: the
    quiz grid now shows every discarded card dimmed and tagged "discard" (R0: it is public),
    and the verdict says where to see it."""
    d = Drill("all", seed=1, seconds=None)
    discard = set(d.game.view(d.seat).discard)
    assert discard
    cards = {it.card: it for it in d.scene.cards}
    assert all(cards[c].dim for c in discard)
    assert not [c for c, it in cards.items() if it.dim and c not in discard]
    tags = [t for t in _texts(d.scene) if t.text == "discard"]
    assert len(tags) == len(discard)
    assert any(t.text == "discard (dimmed)" for t in _texts(d.scene))        # the legend
    gone = min(discard)
    assert 'discard pile (dimmed, tagged "discard"' in d.where(gone)


def test_the_cards_outside_the_level_are_shaded_above_the_cards():
    """The notebook said cards outside the level are shaded: the shade lies above the cards
    (layer 3, which the canvas now draws, see test_draw) over exactly those cards."""
    from durak_edu.draw.prims import Rect
    d = Drill("trumps", seed=19, seconds=None)
    shades = {(it.x, it.y) for it in d.scene.items if isinstance(it, Rect) and it.layer == 3}
    outside = {(it.x, it.y) for it in d.scene.cards if it.card not in d.scope}
    assert shades == outside and outside


@pytest.mark.parametrize("level, seconds", [("trumps", 60), ("suit", 45), ("all", None)])
def test_the_footer_is_never_cut_at_the_edge_of_the_grid(level, seconds):
    """The drill's footer read "… · stre" at the canvas's edge: it now wraps, each line within
    the grid (a bold 12.5 px character is at most about 0.62 × 12.5 px wide)."""
    d = Drill(level, seed=19, seconds=seconds)
    footer = [t for t in _texts(d.scene) if t.text.startswith("Round") or "streak" in t.text]
    assert any("streak 0" in t.text for t in footer)
    for t in footer:
        assert t.x + 0.62 * t.size * len(t.text) <= d.scene.width - 4, t.text
        assert t.y <= d.scene.height - 4


def test_checking_again_after_naming_a_missed_card_gives_the_new_verdict():
    """Re-checking a round repeated the old verdict after the missed card was named: the new
    answer is scored (try 2) and shown on the grid; the session keeps the first check."""
    from durak_edu.exercises import check_drill
    d = Drill("trumps", seed=19, seconds=None)
    answer = sorted(d.answer)
    first = check_drill(" ".join(map(str, answer[1:])), d)
    assert first.status == "wrong" and f"Still out but not named: {answer[0]}" in first.message
    again = check_drill(" ".join(map(str, answer)), d)
    assert again.status == "right" and "try 2" in again.message, again.message
    assert "first check (" in again.message
    assert d.result.marked == set(answer) and d.result.attempt == 2 and not d.result.missed
    assert "right" in [v for v in d._checked().values()] and "missed" not in d._checked().values()
    assert len(d.history) == 1 and d.history[0].missed == {answer[0]} and d.streak == 0
    same = check_drill(" ".join(map(str, answer)), d)
    assert same.status == "right" and "already checked with this same answer" in same.message
    with pytest.raises(ValueError, match="not asked about"):
        d.recheck([next(c for c in d.game.deck_order if c not in d.scope)])
