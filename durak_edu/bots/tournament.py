"""Tournaments: bots play many seeded games, changing seats, and a table says how each fared.

Every deal is played once with each rotation of the seats, so a bot that draws a strong hand
in one game sits in the other chair for the same deal in the next: luck of the deal and of the
seat evens out, and two bots' rates can be compared deal for deal.

Each bot is handed a ``SeatGame`` — its seat's view of the game, never the live game (R0) — so
it can neither read another hand nor play for someone else. A bot with a ``for_game(seed)``
method (``ISMCTSBot``, say) gets a fresh copy seeded for each game, so every game depends only on
its own number: ``workers=N`` plays the games in N processes and gives the very same table, as
does ``executor=`` (any ``concurrent.futures.Executor``: a Dask cluster's, say).

A ``SeatGame`` keeps a polite bot honest, not a hostile one: in this process ``gc`` reaches the
live game. ``isolate=True`` runs each bot in a process of its own (``isolate.py``) that is sent
only its seat's view, with a time limit on each move. Whatever a bot returns is read again from
its text and checked, isolated or not. Stopped — Ctrl-C, a bot's error — a tournament ends its
processes at once and raises with ``partial``, the table of the games finished so far.

>>> from durak_edu.bots import lowest_card_bot, random_bot
>>> table = tournament("podkidnoy", [lowest_card_bot, random_bot], games=40, seed=1)
>>> [row.bot for row in table.rows]
['lowest_card_bot', 'random_bot']
>>> table["lowest_card_bot"].games
40
"""

from __future__ import annotations

import math
import pickle
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..actions import ACTION_TYPES, Action, parse_action
from ..errors import IllegalAction
from ..progress import progress
from .isolate import DEFAULT_MOVE_TIME, BotFailure, BotProcess, ProcessSeat, check_move_time, dumps_bot
from .seat import SeatGame

#: what a tournament seats: a bot as the tournament calls it, handed its seat's ``SeatGame``
#: (every ``Bot`` is one); it may answer with an action or its text, read again either way
Player = Callable[[SeatGame, int], object]

__all__ = ["tournament", "Table", "Row", "wilson_interval", "BotError", "play_match_game",
           "run_games", "bot_names", "check_workers", "check_sendable", "prepare_jobs", "Job"]


def wilson_interval(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``hits`` in ``n`` (95 % by default): unlike
    ``p ± 2·se`` it stays inside [0, 1] and behaves for rates near 0 or 1 and small ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Row:
    """One bot's record: games played, lost (the durak, or on the losing team), won, drawn."""

    bot: str
    games: int
    lost: int
    won: int
    draws: int

    @property
    def loss_rate(self) -> float:
        """How often the bot was the durak (or on the losing team)."""
        return self.lost / self.games if self.games else 0.0

    @property
    def loss_interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of ``loss_rate``."""
        return wilson_interval(self.lost, self.games)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.won, self.games)


@dataclass(frozen=True)
class Table:
    """The result of a tournament: one ``Row`` per bot, in the order the bots were given.

    ``incomplete``: the tournament was stopped (Ctrl-C, a bot's error) after ``games`` of the
    ``planned`` games; the table is what those games say (an exception's ``partial``).
    """

    variant: str
    players: int
    games: int
    seed: int
    rows: tuple[Row, ...]
    incomplete: bool = False
    planned: int | None = None

    def __getitem__(self, bot: str) -> Row:
        for row in self.rows:
            if row.bot == bot:
                return row
        raise KeyError(f"no bot {bot!r} in this table; bots: {', '.join(r.bot for r in self.rows)}")

    def _count(self) -> str:
        if self.incomplete:
            return f"{self.games} of {self.planned} games (incomplete: stopped)"
        return f"{self.games} games"

    def _lines(self) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = [("bot", "games", "lost (durak)", "95% interval", "won",
                                       "draws")]
        for r in self.rows:
            lo, hi = r.loss_interval
            out.append((r.bot, str(r.games), f"{r.loss_rate:.3f}", f"{lo:.3f}–{hi:.3f}",
                        f"{r.win_rate:.3f}", str(r.draws)))
        return out

    def __str__(self) -> str:
        lines = self._lines()
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        head = f"{self.variant}, {self.players} players, {self._count()} (seed {self.seed})"
        body = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                          for i, (cell, w) in enumerate(zip(line, widths))) for line in lines]
        return "\n".join([head] + body)

    def _repr_html_(self) -> str:
        import html
        lines = self._lines()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in lines[0])
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>"
                       for line in lines[1:])
        caption = html.escape(f"{self.variant}, {self.players} players, {self._count()} "
                              f"(seed {self.seed})")
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{rows}</table>"



class BotError(RuntimeError):
    """A bot raised an error, exited, crashed or hung instead of choosing; the message names the
    bot, its seat, the game and the move (``bot``, ``seat``, ``game``, ``move`` say the same).
    Raised by ``tournament`` or ``ladder``, it carries ``partial``: the games finished before."""

    bot: str | None = None
    seat: int | None = None
    game: int | None = None
    move: int | None = None


def bot_names(bots: Iterable[object]) -> list[str]:
    """A name for each bot (``__name__`` or ``repr``), numbered where the same one comes twice."""
    names: list[str] = []
    for bot in bots:
        base = getattr(bot, "__name__", None) or repr(bot)
        name, k = base, 2
        while name in names:
            name, k = f"{base} #{k}", k + 1
        names.append(name)
    return names


def _game_seed(seed: int, i: int, k: int) -> int:
    """The seed of bot ``k``'s copy for game ``i`` (``for_game``): the same in every process."""
    return (seed * 1_000_003 + i) * 64 + k


def play_match_game(variant: str, bots: Sequence[Player], names: Sequence[str], i: int, seed: int,
                    options: dict[str, Any] | None = None) -> tuple[int, ...]:
    """Play game ``i`` of a tournament; return each bot's score (1 won, 0 draw, -1 lost).

    Deck ``seed + i // n``, bot ``k`` at seat ``(k + i) % n``; each bot decides on a
    ``SeatGame`` (its seat's view). What a bot returns is read again as an action (its text
    parsed, never the bot's object) and checked: an illegal choice raises ``IllegalAction``, a
    bot's own error (even ``SystemExit``) ``BotError``, each naming the bot, its seat, the game
    and the move. A ``KeyboardInterrupt`` is let through: in this process it is the user's
    Ctrl-C (an isolated bot's own one comes back as a ``BotError``).
    """
    from ..games import new_game

    n = len(bots)
    deal, turn = seed + i // n, i % n
    g = new_game(variant, players=n, seed=deal, **(options or {})).clone(history=False)
    at = [(k + turn) % n for k in range(n)]  # bot k sits at seat at[k]
    move = 0

    def where(k: int, seat: int) -> str:
        return _where(names[k], seat, i, variant, deal, move)

    players: list[Player] = []
    for k, bot in enumerate(bots):
        try:
            for_game = getattr(bot, "for_game", None)  # a fresh copy seeded for this game
            players.append(bot if for_game is None else for_game(_game_seed(seed, i, k)))
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            raise _bot_error(exc, names[k], at[k], i, 0, where(k, at[k])) from exc
    bot_at = {seat: k for k, seat in enumerate(at)}
    while g.to_act is not None:
        seat = g.to_act
        k = bot_at[seat]
        try:  # a fresh sealed snapshot of the seat per decision (R0)
            chosen = players[k](SeatGame(g, seat), seat)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            raise _bot_error(exc, names[k], seat, i, move, where(k, seat)) from exc
        action = _rebuilt(chosen, where(k, seat), seat)
        try:
            g.play(action)
        except IllegalAction as exc:
            raise IllegalAction(exc.rule, f"{where(k, seat)} chose '{action}': {exc.reason}",
                                action, seat) from None
        move += 1
    result = g.result
    assert result is not None
    return tuple(result.score(at[k]) for k in range(n))


def _rebuilt(chosen: Any, where: str, seat: int) -> Action:
    """A fresh action read from the text of what a bot returned: the bot's own object (one it
    changed, a subclass with its own ``==``) never reaches the game (R0)."""
    if isinstance(chosen, str):
        text = chosen
    elif type(chosen) in ACTION_TYPES:
        text = str(chosen)
    else:
        raise IllegalAction("R0", f"{where} returned a {type(chosen).__name__}, not an action: "
                            "a bot returns one of game.legal_actions()", None, seat)
    try:
        return parse_action(text)
    except ValueError as exc:
        raise IllegalAction("R0", f"{where} returned {text[:80]!r}, not an action: {exc}",
                            None, seat) from None


def _bot_error(exc: BaseException, name: str, seat: int, i: int, move: int,
               where: str) -> BotError:
    if isinstance(exc, BotFailure):
        what = exc.what + (f"\n\nin the bot's process:\n{exc.detail}" if exc.detail else "")
    elif isinstance(exc, SystemExit):
        what = f"called sys.exit({exc.code!r})"
    else:
        what = f"raised {type(exc).__name__}: {exc}"
    err = BotError(f"{where} {what}")
    err.bot, err.seat, err.game, err.move = name, seat, i, move
    return err


def _where(name: str, seat: int, i: int, variant: str, deal: int, move: int) -> str:
    return f"{name} at seat {seat} in game {i} ({variant}, deck seed {deal}, move {move})"


@dataclass(frozen=True)
class Job:
    """Games ``start``…``stop - 1`` of one match. Isolated, ``bots`` holds each bot as bytes for
    a process of its own, ``index[k]`` naming bot ``k``'s process."""

    variant: str
    bots: tuple[Any, ...]  # each a Player, or (isolated) its pickled bytes
    names: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    start: int
    stop: int
    index: tuple[int, ...] = ()  # bot k of this match is bot index[k] of the whole run
    isolated: bool = False
    move_time: float = DEFAULT_MOVE_TIME
    keep: bool = False  # isolated bots' processes stay up for the worker's next piece

    def piece(self, start: int, stop: int) -> "Job":
        return Job(self.variant, self.bots, self.names, self.seed, self.options, start, stop,
                   self.index, self.isolated, self.move_time, self.keep)

    def play(self, i: int, procs: dict[int, BotProcess] | None = None) -> tuple[int, ...]:
        bots: Sequence[Player] = self.bots
        if self.isolated:
            assert procs is not None
            for key, blob in zip(self.index, self.bots):
                if key not in procs:
                    procs[key] = BotProcess(blob, self.move_time)
            bots = [ProcessSeat(procs[key]) for key in self.index]
        return play_match_game(self.variant, bots, self.names, i, self.seed, self.options)


_WORKER_PROCS: dict[int, BotProcess] = {}  # a pool worker's isolated bots (one tournament)


def _play_job(job: Job) -> tuple[Any, ...]:
    """Play a job's games in a worker process; errors come back as plain data, with the games
    finished before (an exception with its own constructor arguments does not always survive
    the trip between processes)."""
    scores: list[tuple[int, ...]] = []
    procs: dict[int, BotProcess] = _WORKER_PROCS if job.keep else {}
    if job.keep and job.isolated and not _WORKER_PROCS:
        # a pool worker ends with os._exit (no atexit): multiprocessing's finalizers still run
        from multiprocessing.util import Finalize
        Finalize(None, _end_worker_procs, exitpriority=10)
    try:
        for i in range(job.start, job.stop):
            scores.append(job.play(i, procs))
        return ("ok", scores)
    except IllegalAction as exc:
        return ("illegal", exc.rule, exc.reason, exc.seat, scores)
    except BotError as exc:
        import traceback
        cause = exc.__cause__
        tb = ("" if cause is None or isinstance(cause, BotFailure) else
              "".join(traceback.format_exception(type(cause), cause, cause.__traceback__)))
        return ("bot", str(exc), tb, scores, (exc.bot, exc.seat, exc.game, exc.move))
    finally:
        if not job.keep:
            for p in procs.values():
                p.close()


def _end_worker_procs() -> None:
    for p in _WORKER_PROCS.values():
        p.close()
    _WORKER_PROCS.clear()


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl-C to the parent, which ends it (a terminal sends SIGINT to the
    whole process group; JupyterLab to the kernel alone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def check_sendable(bots: Sequence[Any], names: Sequence[str], workers: int | str,
                   pickled: bool = True) -> None:
    """Refuse, before any process starts, a bot that cannot be sent to a worker process or whose
    games would differ there from the serial run (``pickled=False``: the bots travel as
    cloudpickle's bytes, so only the second question is asked)."""
    main = sys.modules.get("__main__")
    interactive = main is not None and not hasattr(main, "__file__")
    for bot, name in zip(bots, names):
        if pickled and getattr(bot, "__module__", None) == "__main__" and interactive:
            raise ValueError(f"workers={workers}: {name} is defined in this notebook, and a "
                             "worker process cannot import it; put it in a .py file and import "
                             "it, use isolate=True, or use workers=None")
        if hasattr(bot, "rng") and not hasattr(bot, "for_game"):
            raise ValueError(f"workers={workers}: {name} draws from one random generator "
                             "across games, so games played in other processes would differ "
                             "from the serial run; give it a for_game(seed) method or use "
                             "workers=None")
        if pickled:
            try:
                pickle.dumps(bot)
            except Exception as exc:
                raise ValueError(f"workers={workers}: {name} cannot be sent to a worker "
                                 f"process ({type(exc).__name__}: {exc}); use isolate=True or "
                                 "workers=None") from None


def check_workers(workers: object) -> int | None:
    if workers is None:
        return None
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1 (or None), not {workers!r}")
    return workers


def prepare_jobs(jobs: list[Job], bots: Sequence[Any], names: Sequence[str],
                 workers: int | None, executor: Executor | None, isolate: bool,
                 move_time: Any) -> tuple[list[Job], int | None]:
    """Check the way of running (``workers``, ``executor``, ``isolate``, ``move_time``) before
    any game, and give the jobs their isolation; return the jobs and the checked ``workers``."""
    workers = check_workers(workers)
    if executor is not None:
        if workers is not None:
            raise ValueError("give workers=N or executor=, not both (workers=N is a pool of N "
                             "processes on this machine)")
        if not isinstance(executor, Executor):
            raise TypeError(f"executor must be a concurrent.futures.Executor (a Dask client's "
                            f"get_executor(), say), not a {type(executor).__name__}")
    if not isinstance(isolate, bool):
        raise TypeError(f"isolate must be True or False, not {isolate!r}")
    if not isolate and move_time is not None:
        raise ValueError("move_time= limits an isolated bot (isolate=True): a bot in this "
                         "process cannot be stopped in the middle of a move")
    seconds = check_move_time(move_time)
    far = "executor" if executor is not None else workers if workers and workers > 1 else None
    if far is not None:
        # an executor's workers (Dask's) pickle with cloudpickle: a notebook's bot travels
        check_sendable(bots, names, far, pickled=not isolate and executor is None)
    if not isolate:
        return jobs, workers
    blobs = [dumps_bot(bot, name) for bot, name in zip(bots, names)]
    # a process per bot of the list (a bot listed twice is two bots, each seeing one seat)
    return [Job(job.variant, tuple(blobs[key] for key in job.index), job.names, job.seed,
                job.options, job.start, job.stop, job.index, True, seconds,
                keep=executor is None) for job in jobs], workers


class _Pool:
    """A process pool ended at once on an error or Ctrl-C (its running games are dropped, no
    worker is left behind), or else shut down in order."""

    def __init__(self, workers: int):
        import multiprocessing
        self.pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker,
                                        mp_context=multiprocessing.get_context("spawn"))

    def __enter__(self) -> Executor:
        return self.pool

    def __exit__(self, kind: Any, *rest: Any) -> None:
        if kind is None:
            self.pool.shutdown(wait=True)
            return
        processes = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            if p.is_alive():
                p.terminate()
        for p in processes:
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join(timeout=5)


class _Isolated:
    """The serial run's isolated bots: a process for each, started together, all ended after."""

    def __init__(self, jobs: list[Job]):
        self.procs: dict[int, BotProcess] = {}
        for job in jobs:
            if job.isolated:
                for key, blob in zip(job.index, job.bots):
                    if key not in self.procs:
                        self.procs[key] = BotProcess(blob, job.move_time)

    def __enter__(self) -> dict[int, BotProcess]:
        return self.procs

    def __exit__(self, kind: Any, *rest: Any) -> None:
        for p in self.procs.values():
            p.kill() if kind is not None else p.close()


def _close_bar(bar: Any) -> None:
    """Take a stopped bar away (a notebook's would stay, red, above the error)."""
    container = getattr(bar, "container", None)
    try:
        if container is not None and hasattr(container, "close"):
            container.close()  # the notebook bar's widget
        elif hasattr(bar, "close"):
            bar.leave = False
            bar.close()
    except Exception:  # a bar that cannot be closed is no reason to hide the error
        pass


#: the most games a worker plays before it reports them (``run_games``): what an interrupted
#: parallel tournament can lose per worker (an isolated run's pieces hold 10: each starts its
#: bots' processes)
PIECE = 4


def run_games(jobs: list[Job], workers: int | None, desc: str,
              executor: Executor | None = None,
              summarise: Callable[[list[list[Any]]], Any] | None = None) -> list[list[Any]]:
    """Play every job's games (serially, over ``workers`` processes started with ``spawn``, or on
    ``executor``) with one progress bar; return per job the scores of its games, in game order.

    Stopped — Ctrl-C, a ``BotError``, an ``IllegalAction`` — it ends the pool and the bots'
    processes at once and raises with ``partial = summarise(results)``: the games finished so
    far (``None`` for the others). Ctrl-C raises a ``KeyboardInterrupt`` of its own.
    """
    total = sum(job.stop - job.start for job in jobs)
    results: list[list[Any]] = [[None] * (job.stop - job.start) for job in jobs]

    def serial(stack: ExitStack) -> Iterator[None]:
        procs = stack.enter_context(_Isolated(jobs))
        for j, job in enumerate(jobs):
            for i in range(job.start, job.stop):
                results[j][i - job.start] = job.play(i, procs)
                yield None

    def parallel(stack: ExitStack) -> Iterator[None]:
        pool = executor if executor is not None else stack.enter_context(_Pool(workers or 2))
        spread = workers or getattr(executor, "_max_workers", None) or 4
        # small pieces: an interrupt loses only the pieces in flight (their finished games
        # are in a worker), so at most PIECE - 1 finished games a worker; measured, 800 quick
        # games on 2 workers took as long in pieces of 2 as of 25 (the noise was larger)
        size = max(1, min(PIECE, total // (8 * spread) or 1))
        if any(job.isolated for job in jobs):
            size = max(size, 10)  # a piece starts its bots' processes: a second or so each
        pieces = [(j, job.piece(a, min(job.stop, a + size)))
                  for j, job in enumerate(jobs) for a in range(job.start, job.stop, size)]
        futures = {pool.submit(_play_job, piece): (j, piece) for j, piece in pieces}
        stack.callback(lambda: [f.cancel() for f in futures])  # nothing left queued
        for future in as_completed(futures):
            j, piece = futures[future]
            out = future.result()
            first = piece.start - jobs[j].start
            scores = out[1] if out[0] == "ok" else out[4] if out[0] == "illegal" else out[3]
            for offset, game_scores in enumerate(scores):
                results[j][first + offset] = game_scores
                yield None
            if out[0] == "illegal":
                raise IllegalAction(out[1], out[2], None, out[3])
            if out[0] == "bot":
                err = BotError(out[1] + ("\n\nin the worker process:\n" + out[2] if out[2]
                                         else ""))
                err.bot, err.seat, err.game, err.move = out[4]
                raise err

    far = executor is not None or (workers is not None and workers > 1)
    try:
        with ExitStack() as stack:
            games = parallel(stack) if far else serial(stack)
            bar = progress(games, desc, total=total)
            try:
                for _ in bar:
                    pass
            except BaseException:
                _close_bar(bar)
                raise
    except KeyboardInterrupt:
        done = sum(s is not None for r in results for s in r)
        stop = KeyboardInterrupt(f"stopped after {done} of {total} games; the games finished "
                                 "so far are in this exception's .partial")
        setattr(stop, "partial", summarise(results) if summarise else results)
        raise stop from None
    except (BotError, IllegalAction) as exc:
        setattr(exc, "partial", summarise(results) if summarise else results)
        raise
    return results


def tournament(variant: str, bots: Iterable[Player], games: int = 100, seed: int = 0,
               workers: int | None = None, isolate: bool = False,
               executor: Executor | None = None, move_time: float | None = None,
               **options: Any) -> Table:
    """Play ``games`` seeded games of ``variant`` with one bot per seat; return a ``Table``.

    ``bots`` has one bot per player (a bot is ``bot(game, seat) -> Action``, handed a
    ``SeatGame``: its seat's view of the game, R0); the same bot may appear twice. Game ``i``
    deals deck ``seed + i // players`` and seats bot ``k`` at seat ``(k + i) % players``, so each
    deal is played once per rotation. Keyword options are rule options for ``new_game``.

    * ``workers=N`` plays the games in N processes with the same result as the serial run (a
      bot that keeps a random generator needs a ``for_game(seed)`` method; without isolation,
      bots must be importable from a module). ``executor=`` — any
      ``concurrent.futures.Executor``, a Dask cluster's ``client.get_executor()`` say — plays
      them there instead, with the same result.
    * ``isolate=True`` runs each bot in a process of its own that is sent only its seat's view
      and answers with a move (in-process, any bot can reach the live game through ``gc``);
      same result as ``isolate=False``. ``move_time`` (seconds, default 30) limits an isolated
      bot's move: one that hangs is stopped with a ``BotError``.

    A bot that chooses an illegal action stops the tournament with an ``IllegalAction``; one
    that raises, calls ``sys.exit``, ends its process or (isolated) hangs, with a ``BotError``;
    each names the bot, its seat, the game (variant, deck seed) and the move, and carries
    ``partial``: a ``Table`` of the games finished before (``incomplete=True``). Interrupted
    (Ctrl-C, JupyterLab's "interrupt kernel"), it stops within a second or two and raises
    ``KeyboardInterrupt`` with the same ``partial`` (in parallel, less the games a worker had
    finished of the piece it was playing: fewer than ``PIECE``, 4, a worker; isolated, fewer
    than 10). Without isolation a ``KeyboardInterrupt`` raised by a bot cannot be told from the
    user's and stops the tournament the same way.
    """
    from ..rules import VARIANTS

    bots = list(bots)
    if len(bots) < 2:
        raise ValueError(f"a tournament needs a bot for each of at least 2 seats, not {len(bots)}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    for k, bot in enumerate(bots):
        if not callable(bot):
            raise TypeError(f"bot {k} is not callable: a bot is bot(game, seat) -> Action")
    if variant not in VARIANTS:
        from ..games import new_game
        new_game(variant, players=len(bots))  # the registry's own "unknown variant" message
    names = bot_names(bots)
    n = len(bots)
    jobs = [Job(variant, tuple(bots), tuple(names), seed, dict(options), 0, games,
                tuple(range(n)))]
    jobs, workers = prepare_jobs(jobs, bots, names, workers, executor, isolate, move_time)

    def summarise(results: list[list[Any]]) -> Table:
        played = [s for s in results[0] if s is not None]
        tally = [{1: 0, 0: 0, -1: 0} for _ in range(n)]  # per bot: wins, draws, losses
        for game_scores in played:
            for k in range(n):
                tally[k][game_scores[k]] += 1
        rows = tuple(Row(names[k], len(played), t[-1], t[1], t[0]) for k, t in enumerate(tally))
        incomplete = len(played) < games
        return Table(variant, n, len(played), seed, rows, incomplete,
                     games if incomplete else None)

    (scores,) = run_games(jobs, workers, f"tournament: {variant}, {' v '.join(names)}",
                          executor, lambda results: summarise(results))
    return summarise([scores])
