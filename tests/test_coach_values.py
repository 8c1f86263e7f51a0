"""The coach's values (issue 29): each option's win, the position's value, the best move and its
near-ties, the words, the effort; coach_bot plays the best."""

import math
from fractions import Fraction

import pytest

from durak_edu import new_game
from durak_edu.bots import SeatGame, lowest_card_bot, solve
from durak_edu.coach import CoachBot, advise, coach_bot
import durak_edu.coach.advice as advice_module
from durak_edu.coach.values import EFFORT, TIE_WORLDS, rank, sure, values
from durak_edu.prob.simulate import Estimate


def midgame(seed: int, moves: int = 8, name: str = "podkidnoy"):
    g = new_game(name, players=2, seed=seed)
    for _ in range(moves):
        g.play(lowest_card_bot(g, g.to_act))
    return g


def test_every_option_gets_a_searched_win_with_its_noise_R2_12():
    g = midgame(3)
    a = advise(g, effort=120)
    assert a.method == "search" and a.worlds == 120
    assert sum(o.worlds for o in a.options) == 120  # each world goes through one first move
    for o in a.options:  # 120 worlds cover every first move (the tree tries each once first)
        assert isinstance(o.win, Estimate) and 0 <= o.win.estimate <= 1
        assert o.win.standard_error > 0  # never a certainty from a sample
    assert a.value == a.option(a.best[0]).win


def test_best_is_the_highest_win_and_near_ties_are_within_noise():
    a = advise(midgame(5), effort=150)
    wins = {o.action: o.win for o in a.options}
    # the ranking's first: the surest of them (best[0] may be a cheaper near-tie, see below)
    top = max((wins[x] for x in a.best), key=sure)
    for o in a.options:  # no option has a clearly higher share of worlds survived
        if o.worlds >= TIE_WORLDS:
            assert o.win.estimate <= top.estimate + 2 * math.hypot(
                top.standard_error, o.win.standard_error)
    for tie in a.best:
        w = wins[tie]
        assert top.estimate - w.estimate <= 2 * math.hypot(top.standard_error, w.standard_error)
    assert a.near_tie == (len(a.best) > 1)
    if a.near_tie:
        assert "Within the search's noise" in a.text


def test_near_ties_put_the_cheapest_move_first(monkeypatch):
    """Among moves the search cannot tell apart, lowest_card_bot's comes first (it keeps the
    higher cards); the set of near-ties and every win stay as the search found them."""
    changed = 0
    for seed, moves in ((4, 8), (5, 4), (3, 8), (2, 6)):
        g = midgame(seed, moves)
        monkeypatch.setattr(advice_module, "CHEAP_FIRST", False)
        plain = advise(g, effort=150)
        monkeypatch.setattr(advice_module, "CHEAP_FIRST", True)
        cheap = advise(g, effort=150)
        assert set(cheap.best) == set(plain.best) and cheap.options == plain.options
        low = lowest_card_bot(g, g.to_act)
        if low in plain.best:
            assert cheap.best[0] == low
            changed += plain.best[0] != low
            said = f"the cheapest comes first, {low}: it keeps the higher cards" in cheap.text
            assert said == (plain.best[0] != low)  # and says so, naming the surest move
        else:
            assert cheap.best == plain.best
        assert cheap.value == cheap.option(cheap.best[0]).win
    assert changed  # seed 4 after 8 moves: taking was ranked above a beat within the noise


def _lost_ending(seed: int):
    g = new_game("podkidnoy", players=2, seed=seed)
    while not g.is_over:
        if not g.talon_size and len(g.legal_actions()) > 2 and sum(map(len, g.hands)) <= 10:
            value, _best = solve(g)
            if value < 0:
                return g
        g.play(lowest_card_bot(g, g.to_act))
    raise AssertionError(f"seed {seed}: no lost ending with three moves or more")


def test_a_lost_ending_keeps_every_move_ordered_by_the_chances_it_leaves_R0():
    """Every move loses with best play (exact win 0); they are all best, the one after which the
    search most often sees the opponent go wrong first — not the first legal move."""
    g = _lost_ending(0)
    seat = g.to_act
    a = advise(g, effort=100)
    assert a.method == "exact" and a.value == 0
    assert all(o.value == -1 and o.win == 0 for o in a.options)
    legal = g.legal_actions()
    assert set(a.best) == set(legal)
    slips = values(g, seat, 100, advice_module._seed(g, g.view(seat)))
    keys = [sure(slips.wins[legal.index(x)]) for x in a.best]
    assert keys == sorted(keys, reverse=True) and keys[0] > keys[-1]
    assert "Every move loses against perfect play" in a.text and f": {a.best[0]} (" in a.text


def test_rank_tells_noise_from_a_real_difference():
    close = (Estimate(0.60, 0.03), Estimate(0.56, 0.03), Estimate(0.20, 0.03))
    order, near = rank(close, (200, 200, 200))
    assert order == [0, 1] and near
    order, near = rank((Estimate(0.9, 0.02), Estimate(0.5, 0.03)), (200, 200))
    assert order == [0] and not near
    # three worlds of three wins do not outrank 300 worlds of 70 %: one win and one loss added
    order, _ = rank((Estimate(1.0, 0.2), Estimate(0.7, 0.026)), (3, 300))
    assert order[0] == 1


def test_the_text_says_the_method_the_worlds_and_the_numbers():
    a = advise(midgame(3), effort=120)
    assert "Searched over 120 deals of the unseen cards" in a.text
    assert "greedy policy" in a.text
    assert f"Best: {a.best[0]}" in a.text and " ± " in a.text
    assert "Hardest to answer" not in a.text and "rule of thumb" not in a.text
    assert "100 %" not in a.text  # an estimate is never written as a certainty


def test_solved_endings_give_exact_wins_and_the_solver_s_best_R0():
    g = new_game("podkidnoy", players=2, seed=0)
    while not g.is_over and (g.talon_size or sum(map(len, g.hands)) > 8):
        g.play(lowest_card_bot(g, g.to_act))
    assert not g.is_over
    a = advise(g)
    value, best = solve(g)
    assert a.method == "exact" and a.ending == "solved"
    assert set(a.best) == set(best)
    for o in a.options:
        assert o.win == Fraction(int(o.value >= 0))
    assert a.value == Fraction(int(value >= 0))


def test_a_preset_the_core_does_not_play_says_it_has_no_values():
    g = new_game("japanese_circle", players=3, seed=4)
    a = advise(g)
    assert a.method == "none" and a.value is None
    assert all(o.win is None for o in a.options)
    assert "no values for japanese_circle" in a.text
    assert a.best == (lowest_card_bot(g, g.to_act),)


@pytest.mark.parametrize("effort", ["fast", 0, -3, 2.5, True])
def test_a_bad_effort_is_refused_by_name(effort):
    with pytest.raises(ValueError, match="effort must be 'quick', 'deep' or a number of worlds"):
        advise(midgame(1), effort=effort)
    with pytest.raises(ValueError, match="effort must be"):
        CoachBot(effort)


def test_the_coach_bot_module_imports_first_in_a_fresh_interpreter():
    """``coach_bot`` is made when its module loads; that must not need the coach package, which
    imports the module (a doctest run, or a user, may import ``durak_edu.bots.coach_bot`` first)."""
    import os
    import subprocess
    import sys
    code = "import durak_edu.bots.coach_bot as m; print(repr(m.coach_bot))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "coach_bot"


def test_named_efforts_search_their_worlds():
    assert EFFORT["quick"] < EFFORT["deep"]
    a = advise(midgame(2, 4))
    assert a.worlds == EFFORT["quick"]


def test_three_players_perevodnoy_are_searched_too_R3():
    g = new_game("perevodnoy", players=3, seed=6)
    for _ in range(5):
        g.play(lowest_card_bot(g, g.to_act))
    a = advise(g, effort=60)
    assert a.method == "search" and all(g.can_play(x) for x in a.best)


def test_coach_bot_plays_the_best_and_a_seat_game_gets_the_same_move():
    from durak_edu.coach.reading import Reading
    g = midgame(4)
    s = g.to_act
    r = Reading()  # what it reads of the opponent's cards on the table (tests/test_coach_reading)
    r.see(SeatGame(g, s))
    assert coach_bot(g, s) == advise(g, s, reading=r).best[0]
    assert coach_bot(SeatGame(g, s), s) == coach_bot(g, s)  # advice from the view alone (R0)
    bot = CoachBot(40, read=False)
    assert bot(g, s) == advise(g, s, 40).best[0] and repr(bot) == "CoachBot(40, read=False)"


@pytest.mark.parametrize("name,players", [("bolshoy", 2), ("dvoynoy", 3)])  # 72 cards: not on the core
def test_presets_the_core_does_not_play_get_rough_values_and_say_so(name, players):
    from durak_edu.coach.values import rough_worlds
    from durak_edu.games.core.game import AttackGame
    g = new_game(name, players=players, seed=3)
    assert not isinstance(g, AttackGame), f"{name} plays on the compiled core now: pick another"
    a = advise(g, effort=120)
    n = rough_worlds(120)
    assert a.method == "rough" and a.worlds == n
    assert all(isinstance(o.win, Estimate) and o.worlds == n for o in a.options)
    assert "slow and rough" in a.text and f"same {n} deals" in a.text
    assert a.value == a.option(a.best[0]).win
