"""Tournaments: bots play many seeded games, changing seats, and a table says how each fared.

Every deal is played once with each rotation of the seats, so a bot that draws a strong hand
in one game sits in the other chair for the same deal in the next: luck of the deal and of the
seat evens out, and two bots' rates can be compared deal for deal.

Each bot is handed a ``SeatGame`` — its seat's view of the game, never the live game (R0) — so
it can neither read another hand nor play for someone else. A bot with a ``for_game(seed)``
method (``ISMCTSBot``, say) gets a fresh copy seeded for each game, so every game depends only on
its own number: ``workers=N`` plays the games in N processes and gives the very same table.

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
import sys
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ..errors import IllegalAction
from ..progress import progress
from .seat import SeatGame

__all__ = ["tournament", "Table", "Row", "wilson_interval", "BotError", "play_match_game",
           "run_games", "bot_names", "check_workers", "check_sendable"]


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
    """The result of a tournament: one ``Row`` per bot, in the order the bots were given."""

    variant: str
    players: int
    games: int
    seed: int
    rows: tuple[Row, ...]

    def __getitem__(self, bot: str) -> Row:
        for row in self.rows:
            if row.bot == bot:
                return row
        raise KeyError(f"no bot {bot!r} in this table; bots: {', '.join(r.bot for r in self.rows)}")

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
        head = f"{self.variant}, {self.players} players, {self.games} games (seed {self.seed})"
        body = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                          for i, (cell, w) in enumerate(zip(line, widths))) for line in lines]
        return "\n".join([head] + body)

    def _repr_html_(self) -> str:
        import html
        lines = self._lines()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in lines[0])
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>"
                       for line in lines[1:])
        caption = html.escape(f"{self.variant}, {self.players} players, {self.games} games "
                              f"(seed {self.seed})")
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{rows}</table>"



class BotError(RuntimeError):
    """A bot raised an error instead of choosing (named with its seat and the game)."""


def bot_names(bots) -> list[str]:
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


def play_match_game(variant: str, bots: Sequence[Any], names: Sequence[str], i: int, seed: int,
                    options: dict | None = None) -> tuple[int, ...]:
    """Play game ``i`` of a tournament; return each bot's score (1 won, 0 draw, -1 lost).

    Deck ``seed + i // n``, bot ``k`` at seat ``(k + i) % n``; each bot decides on a
    ``SeatGame`` (its seat's view). An illegal choice raises ``IllegalAction`` and a bot's own
    error ``BotError``, each naming the bot, its seat, the game and the move.
    """
    from ..games import new_game

    n = len(bots)
    deal, turn = seed + i // n, i % n
    g = new_game(variant, players=n, seed=deal, **(options or {})).clone(history=False)
    at = [(k + turn) % n for k in range(n)]  # bot k sits at seat at[k]
    players = [bot.for_game(_game_seed(seed, i, k)) if hasattr(bot, "for_game") else bot
               for k, bot in enumerate(bots)]
    bot_at = {seat: k for k, seat in enumerate(at)}
    move = 0
    while g.to_act is not None:
        seat: int = g.to_act
        k = bot_at[seat]
        try:  # a fresh sealed snapshot of the seat per decision (R0)
            action = players[k](SeatGame(g, seat), seat)
        except Exception as exc:
            raise BotError(f"{_where(names[k], seat, i, variant, deal, move)} raised "
                           f"{type(exc).__name__}: {exc}") from exc
        try:
            g.play(action)
        except IllegalAction as exc:
            raise IllegalAction(exc.rule, f"{_where(names[k], seat, i, variant, deal, move)} "
                                f"chose '{action}': {exc.reason}", action, seat) from None
        move += 1
    result = g.result
    assert result is not None
    return tuple(result.score(at[k]) for k in range(n))


def _where(name: str, seat: int, i: int, variant: str, deal: int, move: int) -> str:
    return f"{name} at seat {seat} in game {i} ({variant}, deck seed {deal}, move {move})"


#: a job: (variant, bots, names, seed, options, first game, end game)
Job = tuple


def _play_job(job: Job) -> tuple:
    """Play a job's games in a worker process; errors come back as plain data (an exception with
    its own constructor arguments does not always survive the trip between processes)."""
    variant, bots, names, seed, options, start, stop = job
    try:
        return ("ok", [play_match_game(variant, bots, names, i, seed, options)
                       for i in range(start, stop)])
    except IllegalAction as exc:
        return ("illegal", exc.rule, exc.reason, exc.seat)
    except BotError as exc:
        import traceback
        cause = exc.__cause__
        tb = "".join(traceback.format_exception(type(cause), cause, cause.__traceback__)) if cause else ""
        return ("bot", str(exc), tb)


def check_sendable(bots: Sequence[Any], names: Sequence[str], workers: int) -> None:
    """Refuse, before any process starts, a bot that cannot be sent to a worker process or whose
    games would differ there from the serial run."""
    main = sys.modules.get("__main__")
    interactive = main is not None and not hasattr(main, "__file__")
    for bot, name in zip(bots, names):
        if getattr(bot, "__module__", None) == "__main__" and interactive:
            raise ValueError(f"workers={workers}: {name} is defined in this notebook, and a "
                             "worker process cannot import it; put it in a .py file and import "
                             "it, or use workers=None")
        if hasattr(bot, "rng") and not hasattr(bot, "for_game"):
            raise ValueError(f"workers={workers}: {name} draws from one random generator "
                             "across games, so games played in other processes would differ "
                             "from the serial run; give it a for_game(seed) method or use "
                             "workers=None")
        try:
            pickle.dumps(bot)
        except Exception as exc:
            raise ValueError(f"workers={workers}: {name} cannot be sent to a worker process "
                             f"({type(exc).__name__}: {exc}); use workers=None") from None


def check_workers(workers) -> int | None:
    if workers is None:
        return None
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1 (or None), not {workers!r}")
    return workers


def run_games(jobs: list[Job], workers: int | None, desc: str) -> list[list[tuple[int, ...]]]:
    """Play every job's games (serially, or over ``workers`` processes started with ``spawn``)
    with one progress bar; return per job the scores of its games, in game order."""
    total = sum(job[6] - job[5] for job in jobs)
    results: list[list] = [[None] * (job[6] - job[5]) for job in jobs]

    def serial() -> Iterator[None]:
        for j, (variant, bots, names, seed, options, start, stop) in enumerate(jobs):
            for i in range(start, stop):
                results[j][i - start] = play_match_game(variant, bots, names, i, seed, options)
                yield None

    def parallel() -> Iterator[None]:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed
        pieces = []
        size = max(1, min(25, total // (8 * (workers or 1)) or 1))
        for j, job in enumerate(jobs):
            start, stop = job[5], job[6]
            for a in range(start, stop, size):
                pieces.append((j, start, job[:5] + (a, min(stop, a + size))))
        with ProcessPoolExecutor(max_workers=workers,
                                 mp_context=multiprocessing.get_context("spawn")) as pool:
            futures = {pool.submit(_play_job, piece): (j, start, piece)
                       for j, start, piece in pieces}
            for future in as_completed(futures):
                j, start, piece = futures[future]
                out = future.result()
                if out[0] == "illegal":
                    for f in futures:
                        f.cancel()
                    raise IllegalAction(out[1], out[2], None, out[3])
                if out[0] == "bot":
                    for f in futures:
                        f.cancel()
                    raise BotError(out[1] + ("\n\nin the worker process:\n" + out[2] if out[2] else ""))
                for offset, scores in enumerate(out[1]):
                    results[j][piece[5] - start + offset] = scores
                    yield None

    for _ in progress(serial() if not workers or workers == 1 else parallel(), desc, total=total):
        pass
    return results


def tournament(variant: str, bots, games: int = 100, seed: int = 0, workers: int | None = None,
               **options) -> Table:
    """Play ``games`` seeded games of ``variant`` with one bot per seat; return a ``Table``.

    ``bots`` has one bot per player (a bot is ``bot(game, seat) -> Action``, handed a
    ``SeatGame``: its seat's view of the game, R0); the same bot may appear twice. Game ``i``
    deals deck ``seed + i // players`` and seats bot ``k`` at seat ``(k + i) % players``, so each
    deal is played once per rotation. Keyword options are rule options for ``new_game``.
    ``workers=N`` plays the games in N processes with the same result as the serial run (bots
    must then be importable from a module, and a bot that keeps a random generator needs a
    ``for_game(seed)`` method). A bot that chooses an illegal action stops the tournament with an
    ``IllegalAction``, one that raises with a ``BotError``, each naming the bot, its seat, the
    game (variant, deck seed) and the move.
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
    workers = check_workers(workers)
    names = bot_names(bots)
    if workers:
        check_sendable(bots, names, workers)
    n = len(bots)
    job = (variant, tuple(bots), tuple(names), seed, dict(options), 0, games)
    (scores,) = run_games([job], workers, f"tournament: {variant}, {' v '.join(names)}")
    tally = [{1: 0, 0: 0, -1: 0} for _ in range(n)]  # per bot: wins, draws, losses
    for game_scores in scores:
        for k in range(n):
            tally[k][game_scores[k]] += 1
    rows = tuple(Row(names[k], games, t[-1], t[1], t[0]) for k, t in enumerate(tally))
    return Table(variant, n, games, seed, rows)
