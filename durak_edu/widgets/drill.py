"""``Drill``: a card counter's practice — a new position every round, against the clock (R0).

Counters train by naming, as fast as they can, the cards not yet played. ``Drill`` deals a new
seeded game for every round, plays it some way in with ``lowest_card_bot`` on both sides, and
stops between two bouts; the student then clicks, on the grid of the whole deck, every card of the
round's *scope* that is still out — in the other hand or in the talon (the turned trump too). The
scope is the level:

=========  ========================================================
``trumps``  the trumps still out (the first thing a player counts)
``suit``    the cards of one suit still out (a new suit each round)
``all``     every card still out
=========  ========================================================

Once the drill is on screen a countdown runs (a thread of the kernel ticks four times a second, as
the ipywidgets documentation updates a progress bar); when it reaches zero the round is checked as
it stands. ``check()`` gives per-card feedback on the grid (right,
missed, "not out" with the reason), and the session keeps a history of rounds with their times
and accuracy, the current streak of perfect rounds in time and the best one.

Everything the buttons do is also a method, so a notebook or a test can drive it:

>>> d = Drill("trumps", seed=3, seconds=None)           # seconds=None: no clock
>>> d.round, d.level, len(d.answer) <= 9
(1, 'trumps', True)
>>> for card in d.answer:
...     d.mark(card)
>>> r = d.check(); r.perfect, r.accuracy, d.streak
(True, 1.0, 1)
>>> d.next().round
2
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, replace
from html import escape
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as widgets

from ..bots import lowest_card_bot
from ..cards import Card, Suit
from ..draw.canvas import CanvasRenderer
from ..draw.prims import Item, Rect, Scene, Text
from ..draw.scene import counter_scene, hit_test, verdicts
from ..games import new_game
from .base import SceneWidget

if TYPE_CHECKING:
    from ..games.base import Game

__all__ = ["Drill", "Round", "LEVELS", "drill_position", "still_out"]

#: the levels, and what a round asks at each
LEVELS = {"trumps": "the trumps still out", "suit": "one suit still out",
          "all": "every card still out"}

_GOLD, _LABEL = "#f5d76e", "#e8f5e9"


def still_out(game: Game, seat: int) -> frozenset[Card]:
    """The cards ``seat`` cannot see played: in other hands (known or not) or in the talon,
    the turned trump included (R0) — what a counter names."""
    v = game.view(seat)
    out = set(v.unknown) | set(v.in_talon)
    for cs in v.known.values():
        out |= set(cs)
    return frozenset(out)


def drill_position(seed: int, level: str = "trumps",
                   variant: str = "podkidnoy") -> tuple[Game, int, frozenset[Card], str]:
    """``(game, seat, scope_cards, what)`` for one round, a pure function of ``seed``: a deal of
    ``variant`` for two, played by ``lowest_card_bot`` for 8 to 30 actions and on to the end of the
    bout (so the table is empty), from the seat to act; ``scope_cards`` are the cards asked about
    (``what`` says so in words)."""
    _check_level(level)
    rng = random.Random(seed)
    g: Game | None = None
    for _attempt in range(100):
        g = new_game(variant, players=2, seed=rng.randrange(1 << 30))
        stop = rng.randint(8, 30)
        while not g.is_over and (len(g.actions) < stop or g.table):
            g.play(lowest_card_bot(g, g.to_act))  # type: ignore[arg-type]  # not over
        if not g.is_over:
            break
    else:  # pragma: no cover - a bot game of podkidnoy lasts far longer than 30 actions
        raise RuntimeError(f"seed={seed}: no unfinished position found")
    assert g is not None and g.to_act is not None, "the loop found a game in progress"
    seat = g.to_act
    deck = sorted(g.deck_order)
    if level == "trumps" and g.trump is not None:
        suit = g.trump
    elif level in ("trumps", "suit"):
        suit = rng.choice([s for s in Suit if any(c.suit == s for c in deck)])
    else:
        suit = None
    scope = frozenset(c for c in deck if suit is None or c.suit == suit)
    what = ("every card still out" if suit is None else
            f"the trumps still out ({suit})" if suit == g.trump and level == "trumps" else
            f"the {suit} cards still out")
    return g, seat, scope, what


def _wrap_parts(parts: list[str], width: float, size: float) -> list[str]:
    """``parts`` joined by `` · `` into as few lines as keep each within ``width`` pixels (a
    bold ``size`` px font is about 0.62 × ``size`` a character)."""
    most = max(8, int(width / (0.62 * size)))
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= most:
            lines[-1] += " · " + part
        else:
            lines.append(part)
    return lines


def _check_level(level: object) -> None:
    if level not in LEVELS:
        raise ValueError(f"level={level!r}: choose one of {', '.join(map(repr, LEVELS))}")


@dataclass(frozen=True)
class Round:
    """One checked round: what was asked (``scope``), the right ``answer``, the student's
    ``marked`` cards, the time taken (``None`` without a clock) and whether it was ``in_time``."""

    number: int
    level: str
    seed: int
    what: str
    answer: frozenset[Card]
    marked: frozenset[Card]
    seconds: float | None
    in_time: bool
    #: 1 for the check that counts; 2, 3, … for a later answer to the same round (``recheck``)
    attempt: int = 1

    @property
    def right(self) -> frozenset[Card]:
        return self.marked & self.answer

    @property
    def missed(self) -> frozenset[Card]:
        return self.answer - self.marked

    @property
    def wrong(self) -> frozenset[Card]:
        return self.marked - self.answer

    @property
    def accuracy(self) -> float:
        """Right marks over (cards to find + wrong marks): 1.0 only for a perfect round."""
        return len(self.right) / max(len(self.answer) + len(self.wrong), 1)

    @property
    def perfect(self) -> bool:
        return not self.missed and not self.wrong and self.in_time

    def __str__(self) -> str:
        t = "untimed" if self.seconds is None else f"{self.seconds:.1f} s"
        late = "" if self.in_time else ", time ran out"
        again = "" if self.attempt == 1 else f", try {self.attempt}"
        return (f"round {self.number} ({self.level}{again}): {len(self.right)}/{len(self.answer)} "
                f"found, {len(self.wrong)} wrong, accuracy {self.accuracy:.0%}, {t}{late}")


class Drill(SceneWidget):
    """``Drill(level="trumps", seconds=60, seed=0)``: a counting drill, a new position each round.

    ``level`` is ``"trumps"``, ``"suit"`` or ``"all"`` (``LEVELS``); ``seconds`` the countdown of
    a round (``None``: no clock, for worked solutions and stored notebooks); ``seed`` makes the
    session's positions reproducible (round ``n`` uses ``seed * 1000 + n``); ``clock`` is any
    function returning seconds (``time.monotonic`` by default).
    """

    def __init__(self, level: str = "trumps", *, seconds: int | None = 60, seed: int = 0,
                 variant: str = "podkidnoy", clock: Callable[[], float] = time.monotonic):
        super().__init__()
        _check_level(level)
        if seconds is not None and not (isinstance(seconds, int) and seconds > 0):
            raise ValueError(f"seconds={seconds!r}: a whole number of seconds above 0, or None "
                             "for no clock")
        self.level = level
        self.seconds = seconds
        self.seed = seed
        self.variant = variant
        self._clock = clock
        self.history: list[Round] = []
        self.round = 0
        self.result: Round | None = None
        self.marked: set[Card] = set()

        self.level_picker = widgets.Dropdown(options=[(w, k) for k, w in LEVELS.items()],
                                             value=level, description="level",
                                             layout=widgets.Layout(width="280px"))
        self.new_button = widgets.Button(description="New position", icon="refresh")
        self.check_button = widgets.Button(description="Check", icon="check")
        self._ticking = 0           # the countdown thread's generation (a new round: a new one)
        self._lock = threading.RLock()   # a click and the countdown may check at the same time
        self._shown = False
        self.countdown = widgets.IntProgress(value=seconds or 0, min=0, max=seconds or 1,
                                             description="time left",
                                             layout=widgets.Layout(width="260px"))
        self.clock_label = widgets.Label()
        self.summary = widgets.HTML()
        self.scores = widgets.HTML()
        self.level_picker.observe(lambda ch: self.set_level(ch["new"]), names="value")
        self.new_button.on_click(lambda _b: self.next())
        self.check_button.on_click(lambda _b: self.check())
        self._start_round()
        self.scene = self.build()
        self.renderer = CanvasRenderer(self.scene.width, self.scene.height)
        self.canvas = self.renderer.canvas
        self.canvas.on_mouse_down(self._mouse_down)
        timer_row = [self.countdown, self.clock_label] if seconds else []
        self.children = (widgets.HBox([self.level_picker, self.new_button, self.check_button]),
                         widgets.HBox(timer_row), self.canvas, self.summary, self.scores)
        self.refresh()

    # -- rounds --------------------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.round_seed = self.seed * 1000 + self.round
        self.game, self.seat, self.scope, self.what = drill_position(
            self.round_seed, self.level, self.variant)
        self.answer = still_out(self.game, self.seat) & self.scope
        self.marked = set()
        self.result = None
        self.started = self._clock()
        if self.seconds:
            self.countdown.value = self.seconds
            self.clock_label.value = f"{self.seconds} s"
            if self._shown:
                self._start_ticking()

    def next(self) -> "Drill":
        """A new position (the next round); an unchecked round is dropped, not scored."""
        self._start_round()
        if hasattr(self, "renderer"):
            self.refresh()
        return self

    def set_level(self, level: str) -> "Drill":
        """Change the level; a new round starts at once."""
        _check_level(level)
        self.level = level
        if self.level_picker.value != level:
            self.level_picker.value = level      # calls back here once more, harmlessly
            return self
        return self.next()

    def untimed(self) -> "Drill":
        """Switch the clock off (a worked solution computes its answer: that is no race, and a
        stored notebook must not change with the machine's speed)."""
        self.seconds = None
        self._ticking += 1
        self.refresh()
        return self

    def elapsed(self) -> float | None:
        """Seconds since the round began (``None`` without a clock)."""
        return None if self.seconds is None else self._clock() - self.started

    def remaining(self) -> float | None:
        """Seconds left on the countdown (``None`` without a clock)."""
        e = self.elapsed()
        return None if e is None or self.seconds is None else max(0.0, self.seconds - e)

    def tick(self) -> None:
        """One tick of the countdown: show the seconds left and, at zero, check the round."""
        left = self.remaining()
        if left is None or self.result is not None:
            return
        self.countdown.value = int(round(left))
        self.clock_label.value = f"{left:.0f} s"
        if left <= 0:
            self.check()

    def _start_ticking(self) -> None:
        self._ticking += 1
        generation = self._ticking
        stop = threading.Event()

        def run() -> None:
            while generation == self._ticking and self.result is None and self.seconds:
                self.tick()
                stop.wait(0.25)
        threading.Thread(target=run, daemon=True, name="drill-countdown").start()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the countdown starts when the drill is first shown, not when it is made
        bundle = super()._repr_mimebundle_(**kwargs)
        if self.seconds and not self._shown:
            self._shown = True
            self.started = self._clock()
            self._start_ticking()
        self._shown = True
        return bundle

    # -- the student's marks -------------------------------------------------------------------------
    def mark(self, card: Card | str) -> None:
        """Toggle the mark on ``card`` (``"7♠"`` or a card) — only cards of the round's scope."""
        c = Card.parse(card)
        if c not in self.scope:
            raise ValueError(f"{c} is not asked about in this round ({self.what})")
        if self.result is not None:
            raise ValueError("this round is checked: start the next one (next())")
        self.marked.symmetric_difference_update({c})
        self.refresh()

    def clear(self) -> None:
        self.marked.clear()
        self.refresh()

    def check(self) -> Round:
        """Score the round: per-card feedback on the grid, the history and the streak updated."""
        with self._lock:
            return self._check()

    def _check(self) -> Round:
        if self.result is not None:
            return self.result
        seconds = self.elapsed()
        in_time = seconds is None or self.seconds is None or seconds < self.seconds
        self.result = Round(self.round, self.level, self.round_seed, self.what,
                            frozenset(self.answer), frozenset(self.marked), seconds, in_time)
        self.history.append(self.result)
        self._ticking += 1
        self.countdown.value = max(0, int(round(self.remaining() or 0)))
        self.refresh()
        return self.result

    def recheck(self, marks: Iterable[Card | str]) -> Round:
        """Score the checked round again with ``marks`` (a second answer to the same round, as
        after naming a card the first check said was missed): the grid shows the new verdict;
        the session keeps the first check (a try after seeing the answer is no count), so the
        streak and the best scores do not change. Before the first check, this is ``check``."""
        got = frozenset(Card.parse(c) for c in marks)
        outside = got - self.scope
        if outside:
            raise ValueError(f"{' '.join(map(str, sorted(outside)))}: not asked about in this "
                             f"round ({self.what})")
        with self._lock:
            if self.result is None:
                self.marked = set(got)
                return self._check()
            self.marked = set(got)
            self.result = replace(self.result, marked=got, attempt=self.result.attempt + 1)
            self.refresh()
            return self.result

    def _mouse_down(self, x: float, y: float) -> None:
        item = hit_test(self.scene, x, y)
        if item is not None and item.card in self.scope and self.result is None:
            self.mark(item.card)

    # -- the session ---------------------------------------------------------------------------------
    @property
    def streak(self) -> int:
        """Perfect rounds in time, in a row, up to the last one checked."""
        n = 0
        for r in reversed(self.history):
            if not r.perfect:
                break
            n += 1
        return n

    @property
    def best_streak(self) -> int:
        best = run = 0
        for r in self.history:
            run = run + 1 if r.perfect else 0
            best = max(best, run)
        return best

    def best_time(self, level: str | None = None) -> float | None:
        """The fastest perfect round (of ``level``, or any), in seconds; ``None`` if none."""
        times = [r.seconds for r in self.history if r.perfect and r.seconds is not None
                 and (level is None or r.level == level)]
        return min(times) if times else None

    def best_accuracy(self, level: str | None = None) -> float | None:
        accs = [r.accuracy for r in self.history if level is None or r.level == level]
        return max(accs) if accs else None

    # -- drawing -------------------------------------------------------------------------------------
    def _checked(self) -> dict[Card, str] | None:
        r = self.result
        return None if r is None else verdicts(r.right, r.missed, r.wrong)

    def build(self) -> Scene:
        """The grid of the round: the whole deck as the seat sees it at the table, the cards
        outside the scope shaded, the student's marks, and after a check the verdict per card."""
        base = counter_scene(self.game, self.seat, quiz=True, marked=self.marked,
                             checked=self._checked(), discard=True)
        extra: list[Item] = []
        for it in base.cards:
            if it.card is not None and it.zone == "grid" and it.card not in self.scope:
                extra.append(Rect(it.x, it.y, it.w, it.h, r=4, fill="#0b2e1a", alpha=0.72,
                                  layer=3))
        clock = ("no clock" if self.seconds is None else f"{self.seconds} s on the clock")
        parts = [f"Round {self.round}", f"name {self.what}", clock, f"streak {self.streak}"]
        lines = _wrap_parts(parts, base.width - 20, 12.5)   # never cut at the canvas's edge
        height = base.height + 16 * len(lines)
        for i, line in enumerate(lines):
            extra.append(Text(10, height - 12 - 16 * (len(lines) - 1 - i), line, 12.5, _GOLD,
                              "start", True))
        felt, *rest = base.items                 # the felt under everything: make it taller
        if isinstance(felt, Rect):
            felt = replace(felt, h=height)
        return replace(base, height=height, items=(felt, *rest, *extra))

    def _refreshed(self) -> None:
        """The words under the grid: what to click, or the verdict; the scores."""
        if self.result is not None:
            r = self.result
            colour = "#080" if r.perfect else "#b00"
            lines = [escape(str(r))]
            if r.missed:
                lines.append("Still out but not marked: " + " ".join(map(str, sorted(r.missed))))
            for c in sorted(r.wrong):
                lines.append(escape(f"{c} is not out: {self.where(c)}"))
            self.summary.value = f"<span style='color:{colour}'>" + "<br>".join(lines) + "</span>"
        else:
            self.summary.value = escape(f"Click {self.what}, then Check. Marked: {len(self.marked)}.")
        self.scores.value = escape(self.report())

    def where(self, card: Card | str) -> str:
        """Why a card is not out, in the words of what the grid shows: in the seat's hand, on
        the table, or in the discard pile (dimmed and tagged "discard")."""
        c = Card.parse(card)
        v = self.game.view(self.seat)
        return ("it is in your own hand (outlined green)" if c in v.hand else
                "it is on the table (outlined orange)" if any(c in pair for pair in v.table) else
                "it is in the discard pile (dimmed, tagged \"discard\" on the grid)")

    def report(self) -> str:
        """The session in one line: rounds, streaks, best time and best accuracy."""
        if not self.history:
            return "No round checked yet."
        t = self.best_time()
        best = "no perfect round in time yet" if t is None else f"best time {t:.1f} s"
        return (f"{len(self.history)} rounds · streak {self.streak} (best {self.best_streak}) · "
                f"{best} · best accuracy {self.best_accuracy():.0%}")

    def describe(self) -> str:
        return f"level {self.level!r}, round {self.round}, {len(self.history)} checked"
