"""The rating ladder (bots.ladder): a seeded round-robin, a Bradley–Terry fit checked by hand,
intervals, a table and a plot; workers give the serial result."""

from __future__ import annotations

import math

import numpy as np
import pytest

from durak_edu.bots import (Ratings, bradley_terry, ladder, lowest_card_bot, pair_collector,
                            random_bot, small_card_attacker)

ELO = 400 / math.log(10)


def test_bradley_terry_on_a_case_worked_by_hand():
    # A beats B 3 games to 1. The likelihood p³(1-p) peaks at p = 3/4 = πA/(πA+πB): πA/πB = 3,
    # 400·log10(3) = 190.8 Elo points apart. Fisher information of d = θA − θB: n·p·(1−p) =
    # 4·(3/4)·(1/4) = 3/4; centred, θA = d/2 has variance (4/3)/4 = 1/3.
    theta, se = bradley_terry(np.array([[0, 3], [1, 0]]))
    assert ELO * (theta[0] - theta[1]) == pytest.approx(400 * math.log10(3))
    assert theta.sum() == pytest.approx(0)
    assert se == pytest.approx([math.sqrt(1 / 3)] * 2)


def test_bradley_terry_gives_equal_strengths_to_a_perfect_cycle():
    theta, se = bradley_terry(np.array([[0, 2, 1], [1, 0, 2], [2, 1, 0]]))
    assert theta == pytest.approx([0, 0, 0], abs=1e-9)
    assert se[0] == pytest.approx(se[1]) == pytest.approx(se[2])


def test_the_fit_solves_the_likelihood_equations():
    rng = np.random.default_rng(5)
    wins = rng.integers(1, 30, size=(5, 5)).astype(float)
    np.fill_diagonal(wins, 0)
    theta, _ = bradley_terry(wins)
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    n = wins + wins.T
    assert (n * p).sum(axis=1) == pytest.approx(wins.sum(axis=1))  # expected wins = wins


def test_a_bot_that_never_lost_has_no_finite_rating_unless_a_prior_is_given():
    wins = np.array([[0, 5, 4], [0, 0, 2], [0, 3, 0]])
    with pytest.raises(ValueError, match="no finite fit: B never won .* against A"):
        bradley_terry(wins, names=["A", "B", "C"])
    theta, se = bradley_terry(wins, prior=1)
    assert theta[0] > theta[2] > theta[1] and np.isfinite(se).all()


def test_a_ladder_plays_every_pair_on_the_same_deals_and_rates_them():
    bots = {"lowest": lowest_card_bot, "random": random_bot, "pairs": pair_collector}
    r = ladder("podkidnoy", bots, games=24, seed=3, prior=0)
    assert isinstance(r, Ratings) and r.names == ("lowest", "random", "pairs")
    for a in r.names:
        for b in r.names:
            if a != b:
                w, d, lost = r.record(a, b)
                assert w + d + lost == 24
    assert r["random"].rating < min(r["lowest"].rating, r["pairs"].rating)
    assert sum(row.rating for row in r.rows) == pytest.approx(0, abs=1e-6)
    lo, hi = r["random"].interval
    assert lo < r["random"].rating < hi
    assert 0 < r.expected("lowest", "random") < 1
    text, html = str(r), r._repr_html_()
    assert "95% interval" in text and "draws half a win" in text and "<table>" in html
    assert text.splitlines()[2].startswith(r.ranked()[0].bot)
    assert ladder("podkidnoy", bots, games=24, seed=3, prior=0) == r
    with_prior = ladder("podkidnoy", bots, games=24, seed=3)
    assert abs(with_prior["random"].rating) < abs(r["random"].rating)  # pulled toward 0


def test_the_ladder_plots_each_bot_with_its_interval():
    import matplotlib
    matplotlib.use("Agg")
    r = ladder("podkidnoy", [lowest_card_bot, random_bot], games=10, seed=1)
    ax = r.plot()
    assert [t.get_text() for t in ax.get_yticklabels()] == [row.bot for row in r.ranked()[::-1]]
    assert len(ax.collections) >= 1  # the error bars


def test_workers_give_the_same_ladder_as_the_serial_run():
    bots = [lowest_card_bot, small_card_attacker, random_bot]
    assert (ladder("podkidnoy", bots, games=12, seed=2, workers=2)
            == ladder("podkidnoy", bots, games=12, seed=2))


def test_bad_ladders_are_refused_clearly():
    with pytest.raises(ValueError, match="at least 2 bots"):
        ladder("podkidnoy", [random_bot], games=2)
    with pytest.raises(ValueError, match="games must be"):
        ladder("podkidnoy", [random_bot, lowest_card_bot], games=0)
    with pytest.raises(TypeError, match="'x' is not callable"):
        ladder("podkidnoy", {"x": 1, "y": random_bot}, games=2)
    with pytest.raises(KeyError, match="no bot 'z'"):
        ladder("podkidnoy", [random_bot, lowest_card_bot], games=2, prior=1)["z"]


LONG = """
import durak_edu.progress as p
p.DELAY = 0.0
from durak_edu.bots import ladder, lowest_card_bot, random_bot, pair_collector
if __name__ == "__main__":
    ladder("podkidnoy", [lowest_card_bot, random_bot, pair_collector], games=4, seed=1, workers=WORKERS)
"""


@pytest.mark.parametrize("workers", [None, 2])
def test_a_ladder_on_a_terminal_shows_its_progress_over_every_game(tmp_path, workers):
    import os
    import subprocess
    import sys
    script = tmp_path / "run.py"  # a file: worker processes import the main module (spawn)
    script.write_text(LONG.replace("WORKERS", repr(workers)))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True,
                         env=dict(os.environ, DURAK_EDU_PROGRESS="1"))
    assert "ladder: podkidnoy, 3 bots, 3 pairs" in run.stderr
    assert "/12 " in run.stderr  # 3 pairs of 4 games, counted game by game


INTERRUPTED = """
import json, os, sys, time
from durak_edu.bots import ladder, lowest_card_bot, random_bot, pair_collector


STARTED = [0]  # games begun in this process (a worker is sent a fresh copy of the bot)


class Marked:
    '''lowest_card_bot that leaves its process's pid in MARKS, and a file "go" once it has
    begun its 80th game in that process (by then some pieces of 25 games are finished).'''

    __name__ = "marked"

    def for_game(self, seed):
        STARTED[0] += 1
        marks = os.environ["MARKS"]
        open(os.path.join(marks, f"pid-{os.getpid()}"), "w").close()
        if STARTED[0] == 80:
            open(os.path.join(marks, "go"), "w").close()
        return self

    def __call__(self, game, seat):
        return lowest_card_bot(game, seat)


if __name__ == "__main__":
    try:
        ladder("podkidnoy", [Marked(), random_bot, pair_collector], games=1500, seed=1,
               OPTIONS)
    except KeyboardInterrupt as exc:
        t = time.monotonic()
        r = exc.partial
        print(json.dumps({"at": t, "incomplete": r.incomplete, "played": r.played,
                          "games": sum(w + d + l for w, d, l in
                                       (r.record(a, b) for a in r.names for b in r.names
                                        if a < b)),
                          "message": str(exc)}), flush=True)
        sys.exit(0)
    sys.exit("the ladder was not interrupted")
"""


def _alive(pid):
    """Whether ``pid`` is a living process (a zombie, waiting to be reaped, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("options", ["workers=2", "workers=2, isolate=True"])
def test_an_interrupted_ladder_stops_soon_with_its_finished_games_and_no_worker_left(
        tmp_path, options):
    """JupyterLab's "interrupt kernel" sends SIGINT to the kernel process alone: the ladder
    ends its workers, drops the pending games and raises with the games finished so far."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time
    script = tmp_path / "run.py"  # a file: worker processes import the main module (spawn)
    script.write_text(INTERRUPTED.replace("OPTIONS", options))
    marks = tmp_path / "marks"
    marks.mkdir()
    child = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, MARKS=str(marks), DURAK_EDU_PROGRESS="0"),
        # a process of its own with Python's own SIGINT handler (KeyboardInterrupt), whatever
        # this one's shell did with SIGINT
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 300
        while not (marks / "go").exists():
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the ladder never got going"
            time.sleep(0.05)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, err
    report = json.loads(out.strip().splitlines()[-1])
    assert report["at"] - sent < 20, report  # the benchmark's figure is under 2 s
    assert report["incomplete"] and 0 < report["played"] < 3 * 1500
    assert report["games"] == report["played"]
    assert f"of {3 * 1500} games" in report["message"]
    pids = [int(p.name[4:]) for p in marks.glob("pid-*")]
    assert pids
    # the bots' processes are gone: one the ladder ended may still be exiting when the ladder's
    # own process has returned (seen on a loaded machine), so wait for that within a generous
    # bound; a leaked worker is still alive at the end of it
    deadline = time.monotonic() + 60
    while [pid for pid in pids if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in pids if _alive(pid)], "a bot's process outlived the ladder by 60 s"
