"""``review(game_or_record, seat=0)``: where a game was lost — each of a seat's moves judged by
the coach's values, as lichess's analysis judges a chess game (issue 29).

For every decision of ``seat`` (a position where it was to act with more than one legal move),
``advise`` values the options from that seat's view (R0) at the same ``effort``, and the review
notes the value before the move (the best option's ``win``), the value after it (the played
move's ``win``), the best move and its value, and the *drop*: how much chance of not being the
durak the move gave away. Marks follow lichess's thresholds on the chance of winning:

* ``'?!'`` (dubious) for a drop of at least ``MARKS['?!']`` = 5 percentage points,
* ``'?'`` (a mistake) for at least 10, ``'??'`` (a blunder) for at least 15,

and only where the drop is beyond the estimates' noise: more than ``NOISE`` (two) standard
errors of the difference (an exact, solved drop needs none). A move the search cannot tell
from the best (``Advice.best``, its near-ties) is never marked.

``r.record`` is a copy of the game's record with each mark, a comment saying the numbers, and
the better move as a variation; ``r.plot()`` draws the seat's value over the game with the
marks on the curve.

>>> from durak_edu import new_game
>>> from durak_edu.bots import lowest_card_bot
>>> g = new_game("podkidnoy", players=2, seed=3)
>>> for _ in range(6):
...     _ = g.play(lowest_card_bot(g, g.to_act))
>>> r = review(g, seat=0, effort=40)
>>> all(m.drop >= 0 for m in r.moves), {m.mark for m in r.moves} <= {None, "?!", "?", "??"}
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..actions import Action
from ..games.base import Game
from ..prob.simulate import Estimate
from ..progress import progress
from ..record import GameRecord
from ..record.record import Variation
from .advice import Chance, advise, win_text
from .values import NOISE, effort_worlds

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure, SubFigure

__all__ = ["review", "Review", "MoveReview", "MARKS"]

#: the least drop (in chance of not being the durak) for each mark, lichess's 5/10/15 points
MARKS = {"?!": 0.05, "?": 0.10, "??": 0.15}
_WORDS = {"?!": "dubious", "?": "a mistake", "??": "a blunder"}


def _p(c: Chance | None) -> float:
    if c is None:
        return math.nan
    return c.estimate if isinstance(c, Estimate) else float(c)


def _se(c: Chance | None) -> float:
    return c.standard_error if isinstance(c, Estimate) else 0.0


@dataclass(frozen=True)
class MoveReview:
    """One decision of the reviewed seat: ``index`` (of the action in the game), ``action``
    played, ``before`` (the position's value: the best option's ``win``), ``after`` (the played
    move's ``win``), ``best`` and ``best_value``, ``drop`` (``before − after``, never below 0),
    ``noise`` (the drop's noise: ``NOISE`` standard errors) and ``mark``."""

    index: int
    action: Action
    before: Chance | None
    after: Chance | None
    best: Action
    best_value: Chance | None
    drop: float
    noise: float
    mark: str | None
    worlds: int = 0
    after_worlds: int = 0

    def __str__(self) -> str:
        mark = self.mark or ""
        text = (f"{self.index:3}. {self.action}{mark}: {win_text(self.after, self.after_worlds)}"
                f" (best {win_text(self.best_value, self.worlds)})")
        if self.best != self.action:
            text += f", better {self.best}, drop {self.drop * 100:.0f} points"
        return text


def _mark(drop: float, noise: float, tie: bool) -> str | None:
    if tie or not drop > noise:
        return None
    mark = None
    for m, least in MARKS.items():
        if drop >= least:
            mark = m
    return mark


@dataclass(frozen=True)
class Review:
    """``seat``, ``moves`` (a ``MoveReview`` per decision), ``record`` (the annotated copy),
    ``effort``. ``plot()`` draws the curve; ``marked()`` lists the marked moves, worst first."""

    seat: int
    moves: tuple[MoveReview, ...]
    record: GameRecord
    effort: str | int

    def marked(self) -> list[MoveReview]:
        return sorted((m for m in self.moves if m.mark), key=lambda m: -m.drop)

    def __str__(self) -> str:
        head = (f"Review of seat {self.seat} ({len(self.moves)} decisions, "
                f"{len(self.marked())} marked; values: chance of not being the durak)")
        return "\n".join([head] + [str(m) for m in self.moves])

    def plot(self, ax: Axes | None = None) -> Figure | SubFigure:
        """The seat's value (before each of its moves) over the game, one standard error as a
        band, the marks on the curve (matplotlib; returns the figure)."""
        import matplotlib.pyplot as plt

        fig: Figure | SubFigure
        if ax is None:
            fig, ax = plt.subplots(figsize=(8, 3))
        else:
            fig = ax.figure
        xs = [m.index for m in self.moves]
        ys = [_p(m.before) for m in self.moves]
        se = [_se(m.before) for m in self.moves]
        ax.plot(xs, ys, "-", color="#2b6cb0", lw=1.5, label="value before the move")
        ax.fill_between(xs, [y - s for y, s in zip(ys, se)], [y + s for y, s in zip(ys, se)],
                        color="#2b6cb0", alpha=0.15, lw=0)
        colours = {"?!": "#d69e2e", "?": "#dd6b20", "??": "#c53030"}
        for m in self.moves:
            if m.mark:
                ax.plot([m.index], [_p(m.after)], "o", color=colours[m.mark])
                ax.annotate(m.mark, (m.index, _p(m.after)), textcoords="offset points",
                            xytext=(0, -14), ha="center", color=colours[m.mark])
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("action number")
        ax.set_ylabel(f"seat {self.seat} not the durak")
        ax.set_title(f"Review of seat {self.seat}: the coach's value over the game")
        return fig


def _record_of(game_or_record: Game | GameRecord) -> GameRecord:
    if isinstance(game_or_record, GameRecord):
        return game_or_record
    if isinstance(game_or_record, Game):
        return GameRecord.from_game(game_or_record)
    raise TypeError(f"review needs a game or a GameRecord, not {type(game_or_record).__name__}")


def review(game_or_record: Game | GameRecord, seat: int = 0,
           effort: str | int = "quick") -> Review:
    """Judge every decision of ``seat`` in a game (or its record): see the module's words."""
    rec = _record_of(game_or_record)
    effort_worlds(effort)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rec.players:
        raise ValueError(f"seat must be a seat 0..{rec.players - 1}, not {seat!r}")
    out = rec.copy()
    g = rec.new_game()
    moves: list[MoveReview] = []
    decisions = []
    for i, action in enumerate(rec.actions):
        if g.to_act == seat and len(g.legal_actions()) > 1:
            decisions.append((i, g.clone(history=False)))
        g.play(action)
    for i, pos in progress(decisions, f"reviewing seat {seat}", total=len(decisions)):
        action = rec.actions[i]
        a = advise(pos, seat, effort)
        played = a.option(action)
        top = a.option(a.best[0])
        drop = max(0.0, _p(top.win) - _p(played.win)) if played.win is not None else 0.0
        noise = NOISE * math.hypot(_se(top.win), _se(played.win))
        mark = _mark(drop, noise, action in a.best)
        moves.append(MoveReview(i, action, a.value, played.win, a.best[0], top.win, drop, noise,
                                mark, top.worlds, played.worlds))
        if mark:
            out.annotate(i, comment=(
                f"{_WORDS[mark]}: seat {seat} is not the durak after it in "
                f"{win_text(played.win, played.worlds)}; {a.best[0]} keeps "
                f"{win_text(top.win, top.worlds)} (a drop of {drop * 100:.0f} points, noise "
                f"{noise * 100:.0f})"), mark=mark)
            out.branches.append(Variation(i, [a.best[0]]))
    out.branches.sort(key=lambda b: b.start)
    return Review(seat, tuple(moves), out, effort)
