"""A rating ladder: every bot plays every other, and a Bradley–Terry fit puts them on one scale.

``ladder(variant, bots, games, seed)`` plays a seeded two-player round-robin — every pair the same
``games`` games, each deal once with each seating, as in ``tournament`` — and fits the
Bradley–Terry model: bot ``i`` beats bot ``j`` with probability ``πᵢ / (πᵢ + πⱼ)``. The strengths
are shown on the Elo scale, ``400·log₁₀ π`` points, centred so that the bots average 0: a bot 100
points above another is expected to score 64 % against it.

How draws count: as half a win to each side (as in chess ratings), so a draw pulls two ratings
together. ``ladder`` adds one virtual draw to every pair (``prior=1``), so that a bot that won
every game still has a finite rating. The fit is the maximum-likelihood one, found by Hunter's MM iteration; the 95 %
intervals are ±1.96 standard errors from the Fisher information of the fit (its pseudo-inverse,
which matches the "average 0" centring) — approximate, as every interval from a likelihood's
curvature is, and a little narrow where draws are many (a draw carries less information than the
formula credits it with).

>>> from durak_edu.bots import lowest_card_bot, random_bot, pair_collector
>>> r = ladder("podkidnoy", [lowest_card_bot, random_bot, pair_collector], games=20, seed=1)
>>> r.names
('lowest_card_bot', 'random_bot', 'pair_collector')
>>> r["random_bot"].rating < r["lowest_card_bot"].rating
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from concurrent.futures import Executor

from .tournament import Job, Player, bot_names, prepare_jobs, run_games

__all__ = ["ladder", "Ratings", "Rating", "bradley_terry"]

ELO = 400 / math.log(10)  # Elo points per unit of log-strength


def bradley_terry(wins: np.ndarray, prior: float = 0.0, tol: float = 1e-12,
                  max_iter: int = 100_000,
                  names: Sequence[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Fit Bradley–Terry strengths to ``wins[i, j]`` (games ``i`` won against ``j``, draws
    already counted as half a win each): return ``(theta, se)``, log-strengths centred on 0 and
    their standard errors (Fisher information, pseudo-inverse).

    ``prior`` adds that many drawn games to every pair (half a win each way): a bot that never
    lost has no finite maximum-likelihood strength, and a small prior gives it one.

    >>> import numpy as np
    >>> theta, se = bradley_terry(np.array([[0, 3], [1, 0]]))   # 3 wins to 1: π₀ / π₁ = 3
    >>> round(float(theta[0] - theta[1]), 6) == round(math.log(3), 6)
    True
    """
    w = np.array(wins, dtype=float)
    if w.ndim != 2 or w.shape[0] != w.shape[1] or w.shape[0] < 2:
        raise ValueError(f"wins must be a square matrix of at least 2 bots, not shape {w.shape}")
    if (w < 0).any() or not np.isfinite(w).all():
        raise ValueError("wins: counts must be finite and non-negative")
    k = w.shape[0]
    np.fill_diagonal(w, 0.0)
    n = w + w.T
    if prior:
        w = w + prior / 2 * (1 - np.eye(k))
        n = w + w.T
    W = w.sum(axis=1)
    _check_connected(w, names or [f"bot {i}" for i in range(k)])
    pi = np.ones(k)
    for _ in range(max_iter):
        denom = (n / (pi[:, None] + pi[None, :])).sum(axis=1)
        new = W / denom
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(np.log(new) - np.log(pi))) < tol:
            pi = new
            break
        pi = new
    theta = np.log(pi)
    theta -= theta.mean()
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
    info = n * p * p.T
    fisher = np.diag(info.sum(axis=1)) - info
    cov = np.linalg.pinv(fisher)
    se = np.sqrt(np.clip(np.diag(cov), 0.0, None))
    return theta, se


def _check_connected(w: np.ndarray, names: Sequence[str]) -> None:
    """The maximum-likelihood fit exists only if no group of bots always beat all the others
    (Zermelo's condition: the "won a game against" graph is strongly connected)."""
    k = w.shape[0]
    beat = w > 0
    reach = beat | np.eye(k, dtype=bool)
    for m in range(k):
        reach = reach | (reach[:, [m]] & reach[[m], :])
    if not reach.all():
        i, j = map(int, np.argwhere(~reach)[0])
        raise ValueError(f"the ratings have no finite fit: {names[i]} never won a game, directly "
                         f"or through others, against {names[j]} (Bradley–Terry needs some wins "
                         "both ways); play more games or pass prior=1 (one virtual draw a pair)")


@dataclass(frozen=True)
class Rating:
    """One bot's line: its Elo-scale rating, standard error, 95 % interval and its games."""

    bot: str
    rating: float
    se: float
    games: int
    score: float  # wins + draws / 2, over all its games

    @property
    def interval(self) -> tuple[float, float]:
        return (self.rating - 1.96 * self.se, self.rating + 1.96 * self.se)


@dataclass(frozen=True)
class Ratings:
    """What ``ladder`` returns: the ratings and the results they come from.

    ``wins[i][j]`` games bot ``i`` won against ``j``, ``draws[i][j]`` their draws; ``rows``
    one ``Rating`` per bot in the order given; ``str()`` a table best first; ``plot()`` the
    ratings with their intervals. ``incomplete``: the ladder was stopped (an exception's
    ``partial``) after ``played`` games in all; the ratings are those games' fit.
    """

    variant: str
    games: int
    seed: int
    names: tuple[str, ...]
    wins: tuple[tuple[int, ...], ...]
    draws: tuple[tuple[int, ...], ...]
    rows: tuple[Rating, ...]
    prior: float = 1.0
    incomplete: bool = False
    played: int | None = None  # games played in all, when incomplete

    def __getitem__(self, bot: str) -> Rating:
        for row in self.rows:
            if row.bot == bot:
                return row
        raise KeyError(f"no bot {bot!r} in this ladder; bots: {', '.join(self.names)}")

    def ranked(self) -> list[Rating]:
        """The rows, highest rating first."""
        return sorted(self.rows, key=lambda r: -r.rating)

    def expected(self, a: str, b: str) -> float:
        """The fitted chance that ``a`` beats ``b`` (a draw counting half)."""
        d = (self[a].rating - self[b].rating) / ELO
        return 1 / (1 + math.exp(-d))

    def record(self, a: str, b: str) -> tuple[int, int, int]:
        """``a``'s wins, draws and losses against ``b``."""
        i, j = self.names.index(a), self.names.index(b)
        return self.wins[i][j], self.draws[i][j], self.wins[j][i]

    def _lines(self) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = [("bot", "rating", "95% interval", "score", "games")]
        for r in self.ranked():
            lo, hi = r.interval
            out.append((r.bot, f"{r.rating:+.0f}", f"{lo:+.0f} … {hi:+.0f}",
                        f"{r.score / r.games:.3f}" if r.games else "-", str(r.games)))
        return out

    def _title(self) -> str:
        prior = f", {self.prior:g} virtual draw{'s' if self.prior != 1 else ''} a pair" if self.prior else ""
        stopped = (f" — incomplete: stopped after {self.played} games in all"
                   if self.incomplete else "")
        return (f"{self.variant}, 2 players, {self.games} games a pair (seed {self.seed}): "
                f"Bradley–Terry on the Elo scale, average 0, draws half a win{prior}{stopped}")

    def __str__(self) -> str:
        lines = self._lines()
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        body = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                          for i, (cell, w) in enumerate(zip(line, widths))) for line in lines]
        return "\n".join([self._title()] + body)

    def _repr_html_(self) -> str:
        import html
        lines = self._lines()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in lines[0])
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in line) + "</tr>"
                       for line in lines[1:])
        return (f"<table><caption>{html.escape(self._title())}</caption><tr>{head}</tr>{rows}"
                "</table>")

    def plot(self, ax: Any = None) -> Any:
        """The ratings, best at the top, with their 95 % intervals as error bars (matplotlib);
        returns the axes."""
        import matplotlib.pyplot as plt
        rows = self.ranked()[::-1]
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.45 * len(rows) + 1))
        y = list(range(len(rows)))
        ax.errorbar([r.rating for r in rows], y, xerr=[1.96 * r.se for r in rows], fmt="o",
                    capsize=4, color="#1f5f8b")
        ax.set_yticks(y)
        ax.set_yticklabels([r.bot for r in rows])
        ax.axvline(0, color="#999", lw=0.8)
        ax.set_xlabel("rating (Elo scale, average 0) with 95 % interval")
        ax.set_title(f"{self.variant}: {self.games} games a pair", fontsize=10)
        return ax


def ladder(variant: str, bots: Sequence[Player] | Mapping[str, Player], games: int = 200,
           seed: int = 0, workers: int | None = None, prior: float = 1.0,
           isolate: bool = False, executor: Executor | None = None,
           move_time: float | None = None, **options: Any) -> Ratings:
    """Play every pair of ``bots`` ``games`` seeded two-player games of ``variant`` and rate them.

    ``bots`` is a list (named as in ``tournament``) or a dict name → bot. Every pair plays the
    same deals: game ``i`` deals deck ``seed + i // 2`` and the bots swap seats from one game to
    the next (``tournament``'s rotation), so luck of the deal is shared out alike. ``workers=N``
    plays the games in N processes with the same result as the serial run. ``prior``: virtual
    drawn games added to every pair (default one: a bot that won every game still gets a finite
    rating; against 200 real games it moves a rating by a point or two; ``prior=0``: the plain
    maximum-likelihood fit). Keyword options are rule options.

    ``isolate``, ``move_time`` and ``executor`` are ``tournament``'s: each bot in a process of
    its own, a time limit on its moves, the games on any ``concurrent.futures.Executor`` (a Dask
    cluster's). Stopped by Ctrl-C or a bot's error, the exception carries ``partial``: the
    ``Ratings`` of the games finished so far (``incomplete=True``).
    """
    from ..rules import VARIANTS

    if isinstance(bots, Mapping):
        names = [str(k) for k in bots]
        players = list(bots.values())
    else:
        players = list(bots)
        names = bot_names(players)
    if len(players) < 2:
        raise ValueError(f"a ladder needs at least 2 bots, not {len(players)}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    for name, bot in zip(names, players):
        if not callable(bot):
            raise TypeError(f"bot {name!r} is not callable: a bot is bot(game, seat) -> Action")
    if variant not in VARIANTS:
        from ..games import new_game
        new_game(variant, players=2)  # the registry's own "unknown variant" message
    k = len(players)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    jobs = [Job(variant, (players[i], players[j]), (names[i], names[j]), seed, dict(options), 0,
                games, (i, j)) for i, j in pairs]
    jobs, workers = prepare_jobs(jobs, players, names, workers, executor, isolate, move_time)

    def summarise(results: list[list[Any]], final: bool = False) -> Ratings:
        wins = np.zeros((k, k), dtype=int)
        draws = np.zeros((k, k), dtype=int)
        for (i, j), scores in zip(pairs, results):
            for pair in scores:
                if pair is None:
                    continue
                a, b = pair
                if a > b:
                    wins[i, j] += 1
                elif b > a:
                    wins[j, i] += 1
                else:
                    draws[i, j] += 1
                    draws[j, i] += 1
        played_all = int(sum(s is not None for r in results for s in r))
        fit_prior = prior
        try:
            theta, se = bradley_terry(wins + draws / 2, prior=prior, names=names)
        except ValueError:
            if final:
                raise
            fit_prior = max(prior, 1.0)  # a stopped ladder may not have the games for a fit
            theta, se = bradley_terry(wins + draws / 2, prior=fit_prior, names=names)
        played = (wins + wins.T + draws).sum(axis=1)
        score = wins.sum(axis=1) + draws.sum(axis=1) / 2
        rows = tuple(Rating(names[i], float(ELO * theta[i]), float(ELO * se[i]), int(played[i]),
                            float(score[i])) for i in range(k))
        incomplete = played_all < games * len(pairs)
        return Ratings(variant, games, seed, tuple(names), tuple(map(tuple, wins.tolist())),
                       tuple(map(tuple, draws.tolist())), rows, fit_prior, incomplete,
                       played_all if incomplete else None)

    results = run_games(jobs, workers, f"ladder: {variant}, {k} bots, {len(pairs)} pairs",
                        executor, summarise)
    return summarise(results, final=True)
