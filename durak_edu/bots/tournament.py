"""Tournaments: bots play many seeded games, changing seats, and a table says how each fared.

Every deal is played once with each rotation of the seats, so a bot that draws a strong hand
in one game sits in the other chair for the same deal in the next: luck of the deal and of the
seat evens out, and two bots' rates can be compared deal for deal.

>>> from durak_edu.bots import lowest_card_bot, random_bot
>>> table = tournament("podkidnoy", [lowest_card_bot, random_bot], games=40, seed=1)
>>> [row.bot for row in table.rows]
['lowest_card_bot', 'random_bot']
>>> table["lowest_card_bot"].games
40
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import IllegalAction
from ..progress import progress

__all__ = ["tournament", "Table", "Row", "wilson_interval"]


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


def _names(bots) -> list[str]:
    names: list[str] = []
    for bot in bots:
        base = getattr(bot, "__name__", None) or repr(bot)
        name, k = base, 2
        while name in names:
            name, k = f"{base} #{k}", k + 1
        names.append(name)
    return names


def tournament(variant: str, bots, games: int = 100, seed: int = 0, **options) -> Table:
    """Play ``games`` seeded games of ``variant`` with one bot per seat; return a ``Table``.

    ``bots`` has one bot per player (a bot is ``bot(game, seat) -> Action``); the same bot may
    appear twice. Game ``i`` deals deck ``seed + i // players`` and seats bot ``k`` at seat
    ``(k + i) % players``, so each deal is played once per rotation. Keyword options are rule
    options for ``new_game``. A bot that chooses an illegal action stops the tournament with an
    ``IllegalAction`` naming the bot, the game and the seat.
    """
    from ..games import new_game

    bots = list(bots)
    if len(bots) < 2:
        raise ValueError(f"a tournament needs a bot for each of at least 2 seats, not {len(bots)}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    for k, bot in enumerate(bots):
        if not callable(bot):
            raise TypeError(f"bot {k} is not callable: a bot is bot(game, seat) -> Action")
    names = _names(bots)
    n = len(bots)
    tally = [{1: 0, 0: 0, -1: 0} for _ in range(n)]  # per bot: wins, draws, losses
    for i in progress(range(games), f"tournament: {variant}, {' v '.join(names)}"):
        deal, turn = seed + i // n, i % n
        g = new_game(variant, players=n, seed=deal, **options).clone(history=False)
        at = [(k + turn) % n for k in range(n)]  # bot k sits at seat at[k]
        bot_at = {seat: k for k, seat in enumerate(at)}
        while not g.is_over:
            seat = g.to_act
            assert seat is not None  # the game is not over
            k = bot_at[seat]
            action = bots[k](g, seat)
            try:
                g.play(action)
            except IllegalAction as exc:
                raise IllegalAction(exc.rule, f"{names[k]} at seat {seat} in game {i} (deck seed "
                                    f"{deal}) chose '{action}': {exc.reason}", action,
                                    seat) from None
        result = g.result
        assert result is not None  # played to the end
        for k in range(n):
            tally[k][result.score(at[k])] += 1
    rows = tuple(Row(names[k], games, t[-1], t[1], t[0]) for k, t in enumerate(tally))
    return Table(variant, n, games, seed, rows)
