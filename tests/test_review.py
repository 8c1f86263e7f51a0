"""review (issue 29): each of a seat's decisions judged by the coach's values, marks by the
documented thresholds and only beyond noise, the annotated record with the better move as a
variation, the curve."""

import pytest

from durak_edu import new_game
from durak_edu.bots import lowest_card_bot, solve
from durak_edu.coach import review
from durak_edu.coach.review import MARKS, _mark
from durak_edu.record import GameRecord


def blundered_game():
    """Seat 0 plays lowest cards, but at its first decision of a solved ending (talon empty,
    at most 8 cards, R0) where a move wins and another loses it plays the losing one."""
    for seed in range(60):
        g = new_game("podkidnoy", players=2, seed=seed)
        blunder = None
        while not g.is_over:
            s = g.to_act
            if (blunder is None and s == 0 and not g.talon_size
                    and sum(map(len, g.hands)) <= 8 and len(g.legal_actions()) > 1):
                value, best = solve(g)
                losing = []
                for a in g.legal_actions():
                    after = g.clone()
                    after.play(a)
                    v = (after.result.score(0) if after.is_over else
                         solve(after)[0] * (1 if after.to_act == 0 else -1))
                    if v < 0:
                        losing.append(a)
                if value == 1 and losing:
                    blunder = len(g.actions)
                    g.play(losing[0])
                    continue
            g.play(lowest_card_bot(g, s))
        if blunder is not None:
            return g, blunder
    raise AssertionError("no seed gave a blunder to find")


def test_thresholds_are_lichess_s_and_only_beyond_noise():
    assert MARKS == {"?!": 0.05, "?": 0.10, "??": 0.15}
    assert _mark(0.06, 0.02, False) == "?!" and _mark(0.12, 0.02, False) == "?"
    assert _mark(0.40, 0.02, False) == "??" and _mark(0.04, 0.0, False) is None
    assert _mark(0.30, 0.35, False) is None  # within the noise: no mark
    assert _mark(0.30, 0.0, True) is None  # the search cannot tell it from the best


def test_a_solved_blunder_is_marked_with_its_better_move_as_a_variation_R0():
    g, at = blundered_game()
    r = review(g, seat=0, effort=60)
    by_index = {m.index: m for m in r.moves}
    m = by_index[at]
    assert m.mark == "??" and m.drop == 1 and m.noise == 0  # exact: 1 before, 0 after
    assert m.before == 1 and m.after == 0 and g.record().to_game(at).can_play(m.best)
    ann = r.record.annotations[at]
    assert ann.mark == "??" and "a blunder" in ann.comment and str(m.best) in ann.comment
    var = [b for b in r.record.branches if b.start == at]
    assert var and var[0].actions == [m.best]
    r.record.validate()  # the variation replays: the better move is legal there
    assert GameRecord.from_json(r.record.to_json()).annotations[at].mark == "??"
    assert g.record().annotations == {}  # the game's own record is left as it was


def test_every_decision_of_the_seat_and_only_those_is_reviewed():
    g = new_game("podkidnoy", players=2, seed=11)
    for _ in range(14):
        g.play(lowest_card_bot(g, g.to_act))
    r = review(g.record(), seat=1, effort=30)
    replay = g.record().new_game()
    expected = []
    for i, a in enumerate(g.actions):
        if replay.to_act == 1 and len(replay.legal_actions()) > 1:
            expected.append(i)
        replay.play(a)
    assert [m.index for m in r.moves] == expected
    for m in r.moves:
        assert m.action == g.actions[m.index]
        assert m.drop >= 0 and (m.mark is None or m.drop > m.noise)
    assert str(r).startswith("Review of seat 1")


def test_plot_draws_the_curve_with_the_marks():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    g, at = blundered_game()
    r = review(g, seat=0, effort=30)
    fig = r.plot()
    ax = fig.axes[0]
    xs = list(ax.lines[0].get_xdata())
    assert xs == [m.index for m in r.moves]
    assert any(t.get_text() == "??" for t in ax.texts)


def test_bad_input_is_refused():
    with pytest.raises(TypeError, match="review needs a game or a GameRecord"):
        review("podkidnoy")
    with pytest.raises(ValueError, match="seat must be a seat 0..1"):
        review(new_game("podkidnoy", players=2, seed=1), seat=5)
