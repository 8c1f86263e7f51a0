"""Tournaments (bots.tournament): seeded, seat-rotated games and a table with intervals; bots
see only their seat (R0); workers give the serial result."""

from concurrent.futures import Executor, Future

import pytest

from durak_edu import IllegalAction, Take
from durak_edu.bots import (ISMCTSBot, RandomBot, SeatBoundError, lowest_card_bot, random_bot,
                            tournament)
from durak_edu.bots.tournament import BotError, wilson_interval


def test_the_same_seed_gives_the_same_table():
    a = tournament("podkidnoy", [lowest_card_bot, random_bot], games=20, seed=3)
    b = tournament("podkidnoy", [lowest_card_bot, random_bot], games=20, seed=3)
    assert a == b
    assert [r.bot for r in a.rows] == ["lowest_card_bot", "random_bot"]
    for row in a.rows:
        assert row.games == 20 and row.lost + row.won + row.draws == 20


def test_every_bot_sits_in_every_seat_equally_on_the_same_deals():
    seats: dict[str, list] = {"a": [], "b": [], "c": []}

    def spy(name):
        def bot(game, seat):
            seats[name].append((game.trump_card, seat))  # the trump card tells the two deals apart
            return lowest_card_bot(game, seat)
        bot.__name__ = name
        return bot

    tournament("podkidnoy", [spy("a"), spy("b"), spy("c")], games=6, seed=10)
    for name, moves in seats.items():
        first = {}
        for deck_seed, seat in moves:
            first.setdefault(deck_seed, set()).add(seat)
        assert len(first) == 2  # two deals, each played three times
        assert all(s == {0, 1, 2} for s in first.values()), name


def test_the_lowest_card_bot_loses_far_less_often_than_random_play():
    table = tournament("podkidnoy", [lowest_card_bot, RandomBot(1)], games=60, seed=0)
    careful, careless = table["lowest_card_bot"], table["RandomBot()"]
    assert careful.loss_interval[1] < careless.loss_interval[0]


def test_a_bot_playing_an_illegal_action_is_named():
    def stubborn(game, seat):
        return Take()  # not legal for the attacker

    with pytest.raises(IllegalAction, match=r"stubborn at seat \d in game \d \(podkidnoy, deck "
                                            r"seed 5, move \d+\) chose 'take'"):
        tournament("podkidnoy", [stubborn, random_bot], games=2, seed=5)


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="at least 2 seats"):
        tournament("podkidnoy", [random_bot], games=2)
    with pytest.raises(ValueError, match="games must be"):
        tournament("podkidnoy", [random_bot, random_bot], games=0)
    with pytest.raises(TypeError, match="bot 1 is not callable"):
        tournament("podkidnoy", [random_bot, "random"], games=2)
    with pytest.raises(ValueError, match="unknown variant"):
        tournament("podkidnoi", [random_bot, random_bot], games=2)
    with pytest.raises(KeyError, match="no bot 'nobody'"):
        tournament("podkidnoy", [random_bot, random_bot], games=2)["nobody"]


def test_the_same_bot_twice_gets_two_names_and_the_table_prints():
    table = tournament("podkidnoy", [random_bot, random_bot], games=4, seed=1)
    assert [r.bot for r in table.rows] == ["random_bot", "random_bot #2"]
    text, html = str(table), table._repr_html_()
    assert "random_bot #2" in text and "95% interval" in text
    assert "<table>" in html and "random_bot #2" in html


def test_wilson_interval_stays_inside_zero_and_one_and_brackets_the_rate():
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28  # the textbook 95 % value for 0 of 10
    for hits, n in [(1, 3), (50, 100), (99, 100), (7, 7)]:
        lo, hi = wilson_interval(hits, n)
        assert 0.0 <= lo <= hits / n <= hi <= 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def peeker(game, seat):
    """Reads the other hand (R0 forbids it)."""
    other = game.hands[1 - seat]
    return lowest_card_bot(game, seat) if other else lowest_card_bot(game, seat)


def view_peeker(game, seat):
    game.view(1 - seat)
    return lowest_card_bot(game, seat)


def puppeteer(game, seat):
    """Plays its own move and then tries to answer for the opponent."""
    game.play(lowest_card_bot(game, seat))
    return Take()


def test_a_bot_that_peeks_at_another_hand_is_refused_and_named():
    for bot in (peeker, view_peeker):
        with pytest.raises(BotError, match=rf"{bot.__name__} at seat \d in game 0 \(podkidnoy, "
                                           r"deck seed 2, move 0\) raised SeatBoundError: R0"):
            tournament("podkidnoy", [bot, lowest_card_bot], games=1, seed=2)


def test_a_bot_that_plays_on_the_game_it_was_given_is_refused():
    with pytest.raises(BotError, match=r"puppeteer at seat \d .* raised SeatBoundError: R0: a bot "
                                       r"does not play on the game"):
        tournament("podkidnoy", [puppeteer, lowest_card_bot], games=1, seed=2)


def test_a_bot_that_raises_is_named_with_its_seat_and_game():
    def broken(game, seat):
        raise ZeroDivisionError("oops")

    with pytest.raises(BotError, match=r"broken at seat 1 in game 0 \(podkidnoy, deck seed 8, "
                                       r"move \d+\) raised ZeroDivisionError: oops") as err:
        tournament("podkidnoy", [lowest_card_bot, broken], games=2, seed=8)
    assert isinstance(err.value.__cause__, ZeroDivisionError)


def test_bots_are_handed_a_seat_bound_view_and_the_existing_bots_play_through_it():
    kinds = set()

    def spy(game, seat):
        kinds.add(type(game).__name__)
        assert game.seat == seat and len(game.hand) == game.view().hand_sizes[seat]
        return lowest_card_bot(game, seat)

    table = tournament("podkidnoy", [spy, random_bot], games=4, seed=3)
    assert kinds == {"SeatGame"} and table.games == 4


def test_workers_give_the_same_table_as_the_serial_run():
    bots = [lowest_card_bot, ISMCTSBot(iterations=4, seed=4), random_bot]
    serial = tournament("podkidnoy", bots, games=9, seed=6)
    assert tournament("podkidnoy", bots, games=9, seed=6, workers=2) == serial


def test_workers_refuse_what_a_process_cannot_repeat():
    with pytest.raises(ValueError, match="workers must be"):
        tournament("podkidnoy", [random_bot, random_bot], games=2, workers=0)
    with pytest.raises(ValueError, match=r"RandomBot\(\) draws from one random generator"):
        tournament("podkidnoy", [RandomBot(1), random_bot], games=2, workers=2)
    with pytest.raises(ValueError, match="cannot be sent to a worker"):
        tournament("podkidnoy", [lambda g, s: random_bot(g, s), random_bot], games=2, workers=2)


def test_a_dask_cluster_gives_the_same_tables_as_the_serial_run():
    """executor= takes any concurrent.futures.Executor: here a Dask cluster of two worker
    processes on this machine (the README says how to point it at a real one)."""
    from distributed import Client, LocalCluster

    from durak_edu.bots import ladder, small_card_attacker
    bots = [lowest_card_bot, ISMCTSBot(iterations=4, seed=4), random_bot]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        executor = client.get_executor()
        assert (tournament("podkidnoy", bots, games=9, seed=6, executor=executor)
                == tournament("podkidnoy", bots, games=9, seed=6))
        three = [lowest_card_bot, small_card_attacker, random_bot]
        assert (ladder("podkidnoy", three, games=8, seed=2, executor=executor, isolate=True)
                == ladder("podkidnoy", three, games=8, seed=2))
    with pytest.raises(ValueError, match="workers=N or executor=, not both"):
        tournament("podkidnoy", bots, games=2, workers=2, executor=executor)


class BadCopy:
    """A bot whose for_game fails: the error names it and the game, before any move."""

    __name__ = "bad_copy"

    def for_game(self, seed):
        raise RuntimeError("no copy today")

    def __call__(self, game, seat):
        return lowest_card_bot(game, seat)


def test_a_bot_whose_for_game_fails_is_named_isolated_or_not():
    for isolate in (False, True):
        with pytest.raises(BotError, match=r"bad_copy at seat \d in game 0 \(podkidnoy, deck seed "
                                           r"1, move 0\) raised RuntimeError: no copy today"):
            tournament("podkidnoy", [BadCopy(), random_bot], games=2, seed=1, isolate=isolate)


def test_a_stopped_tournament_says_so_in_its_table():
    from durak_edu.bots.tournament import Row, Table
    t = Table("podkidnoy", 2, 3, 1, (Row("a", 3, 1, 2, 0), Row("b", 3, 2, 1, 0)), True, 10)
    assert "3 of 10 games (incomplete: stopped)" in str(t) and "incomplete" in t._repr_html_()


class _InterruptedPool(Executor):
    """An executor that plays the first ``done`` pieces at once, in this process; once the
    tournament has read all their results, its next piece is "interrupted" (JupyterLab's
    interrupt arrives as a KeyboardInterrupt in the main process, waiting for its workers).
    The rest never finish."""

    def __init__(self, done: int) -> None:
        self.done, self.sizes, self.read = done, [], 0
        self.waiting: Future[object] = Future()

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        job = args[0]
        self.sizes.append(job.stop - job.start)
        if len(self.sizes) == self.done + 1:
            return self.waiting
        if len(self.sizes) > self.done:
            return Future()
        pool = self

        class Finished(Future):  # type: ignore[type-arg]
            def result(self, timeout=None):  # type: ignore[no-untyped-def]
                pool.read += 1
                if pool.read == pool.done:  # every finished piece read: now the interrupt
                    pool.waiting.set_exception(KeyboardInterrupt())
                return super().result(timeout)

        future = Finished()
        future.set_result(fn(*args))
        return future


def test_an_interrupted_parallel_tournament_keeps_the_finished_pieces_and_loses_few_games():
    """Interrupted while waiting for its workers, a parallel tournament raises with every game
    the finished pieces played; a piece holds at most ``PIECE`` games, so an interrupt loses
    fewer than that a worker."""
    from durak_edu.bots.tournament import PIECE
    pool = _InterruptedPool(done=3)
    with pytest.raises(KeyboardInterrupt, match=r"stopped after (\d+) of 400 games") as info:
        tournament("podkidnoy", [lowest_card_bot, random_bot], games=400, seed=3,
                   executor=pool)
    assert max(pool.sizes) <= PIECE == 4
    finished = sum(pool.sizes[:3])
    assert f"stopped after {finished} of 400" in str(info.value)
    partial = info.value.partial  # type: ignore[attr-defined]
    assert partial.incomplete and partial.games == finished
    serial = tournament("podkidnoy", [lowest_card_bot, random_bot], games=finished, seed=3)
    assert [(r.bot, r.lost) for r in partial.rows] == [(r.bot, r.lost) for r in serial.rows]
