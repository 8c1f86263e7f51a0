"""``CounterWidget``: the deck as a grid — what one seat has seen, knows, and cannot know."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..cards import Card
from ..draw.canvas import CanvasRenderer
from ..draw.prims import Scene
from ..draw.scene import counter_scene, hit_test, verdicts
from .base import SceneWidget

if TYPE_CHECKING:
    from ..games.base import Game
    from ..record import Replay
    from .replay import ReplayWidget

__all__ = ["CounterWidget", "QuizResult", "OUT_STATES"]

#: the states of ``counter_states`` that mean "not played yet": in another hand or the talon
OUT_STATES = ("known", "unknown", "talon")

_STATE_WORDS = {"mine": "in your hand", "table": "on the table", "gone": "gone",
                "known": "in a hand", "unknown": "still out", "talon": "in the talon"}


@dataclass(frozen=True)
class QuizResult:
    """The verdict on a quiz: ``right`` (marked and out), ``missed`` (out but not marked),
    ``wrong`` (marked but not out: in your hand, on the table or gone)."""

    right: frozenset[Card]
    missed: frozenset[Card]
    wrong: frozenset[Card]
    states: dict[Card, tuple[str, int | None]]

    @property
    def ok(self) -> bool:
        return not self.missed and not self.wrong

    def __str__(self) -> str:
        def cs(s: Iterable[Card]) -> str:
            return " ".join(map(str, sorted(s)))
        total = len(self.right) + len(self.missed)
        if self.ok:
            return f"All right: exactly these {total} cards are still out."
        parts = [f"{len(self.right)} of the {total} cards still out marked."]
        if self.missed:
            parts.append(f"Missed (still out): {cs(self.missed)}.")
        if self.wrong:
            words = "; ".join(f"{c} is {_STATE_WORDS[self.states[c][0]]}" for c in sorted(self.wrong))
            parts.append(f"Not out: {words}.")
        return " ".join(parts)


class CounterWidget(SceneWidget):
    """``CounterWidget(game_or_replay, seat)``: the deck as a grid, from ``seat``'s view (R0).

    Each card shows what the seat knows of it: in its hand, on the table, gone to the discard
    pile (dimmed), known to be in another hand (with that seat), seen in the talon (the trump card
    under it), or unknown. ``game_or_replay`` is a game, a ``Replay`` or a ``ReplayWidget`` (the
    grid then follows the replay's position).

    Quiz mode hides what needs remembering; the student clicks the cards he thinks are still out
    (in other hands or the talon) and presses Check (``check()`` returns a ``QuizResult``).
    """

    def __init__(self, game_or_replay: Game | Replay | ReplayWidget, seat: int = 0, *,
                 quiz: bool = False) -> None:
        super().__init__()
        self.source = game_or_replay
        g = self.game
        if not (isinstance(seat, int) and 0 <= seat < g.players):
            raise ValueError(f"seat must be 0..{g.players - 1}, not {seat!r}")
        self._seat = seat
        self._quiz = quiz
        self.marked: set[Card] = set()
        self.result: QuizResult | None = None
        scene = counter_scene(g, seat, quiz=quiz)
        self.renderer = CanvasRenderer(scene.width, scene.height)
        self.canvas = self.renderer.canvas
        self.canvas.on_mouse_down(self._mouse_down)
        self.seat_picker = widgets.Dropdown(options=[(f"seat {p}", p) for p in range(g.players)],
                                            value=seat, description="seat",
                                            layout=widgets.Layout(width="160px"))
        self.quiz_button = widgets.ToggleButton(value=quiz, description="Quiz", icon="question",
                                                tooltip="hide what must be remembered")
        self.check_button = widgets.Button(description="Check", icon="check",
                                           tooltip="compare your marks with the cards still out")
        self.clear_button = widgets.Button(description="Clear marks",
                                           tooltip="take all your marks off the grid")
        self.summary = widgets.HTML()
        self.seat_picker.observe(lambda ch: self._set(seat=ch["new"]), names="value")
        self.quiz_button.observe(lambda ch: self._set(quiz=ch["new"]), names="value")
        self.check_button.on_click(lambda _b: self.check())
        self.clear_button.on_click(lambda _b: self.clear())
        self.children = (widgets.HBox([self.seat_picker, self.quiz_button, self.check_button,
                                       self.clear_button]), self.canvas, self.summary)
        if hasattr(game_or_replay, "on_change"):
            game_or_replay.on_change(lambda _w: self.refresh())
        self.refresh()

    # -- state ---------------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The position the grid shows (the replay's current one, for a replay)."""
        src: Any = self.source  # told apart by what each offers, as a widget of either is
        game: Game
        if hasattr(src, "replay"):       # a ReplayWidget
            game = src.replay.game
        elif hasattr(src, "goto") and hasattr(src, "game"):  # a Replay
            game = src.game
        else:
            game = src
        return game

    @property
    def seat(self) -> int:
        return self._seat

    @seat.setter
    def seat(self, seat: int) -> None:
        self.seat_picker.value = seat

    @property
    def quiz(self) -> bool:
        return self._quiz

    @quiz.setter
    def quiz(self, on: bool) -> None:
        self.quiz_button.value = bool(on)

    def _set(self, seat: int | None = None, quiz: bool | None = None) -> None:
        if seat is not None:
            self._seat = seat
        if quiz is not None:
            self._quiz = quiz
        self.marked.clear()
        self.result = None
        self.refresh()

    def states(self) -> dict[Card, tuple[str, int | None]]:
        """Card → (state, seat) as the seat knows it (``durak_edu.draw.counter_states``)."""
        states: dict[Card, tuple[str, int | None]] = self.scene.info["states"]
        return states

    def still_out(self) -> frozenset[Card]:
        """The cards not yet played as far as the seat can tell: in other hands or the talon."""
        return frozenset(c for c, (s, _p) in self.states().items() if s in OUT_STATES)

    # -- the quiz ------------------------------------------------------------------------------------
    def mark(self, card: Card | str) -> None:
        """Toggle the student's mark on ``card`` (``"7♠"`` or a card)."""
        c = Card.parse(card)
        if c not in self.states():
            raise ValueError(f"{c} is not in this game's deck")
        self.marked.symmetric_difference_update({c})
        self.result = None
        self.refresh()

    def clear(self) -> None:
        self.marked.clear()
        self.result = None
        self.refresh()

    def check(self) -> QuizResult:
        """Compare the marks with the cards really still out; show and return the verdict."""
        out = self.still_out()
        marked = frozenset(self.marked)
        self.result = QuizResult(marked & out, out - marked, marked - out, self.states())
        self.refresh()
        return self.result

    def _mouse_down(self, x: float, y: float) -> None:
        item = hit_test(self.scene, x, y)
        if item is not None and item.card is not None and self._quiz:
            self.mark(item.card)

    # -- drawing -------------------------------------------------------------------------------------
    def _checked(self) -> dict[Card, str] | None:
        r = self.result
        return None if r is None else verdicts(r.right, r.missed, r.wrong)

    def build(self) -> Scene:
        return counter_scene(self.game, self._seat, quiz=self._quiz, marked=self.marked,
                             checked=self._checked())

    def _refreshed(self) -> None:
        """The counts (or the quiz's words and verdict) under the grid."""
        c = self.scene.info["counts"]
        if self.result is not None:
            color = "#080" if self.result.ok else "#b00"
            self.summary.value = f"<span style='color:{color}'>{escape(str(self.result))}</span>"
        elif self._quiz:
            self.summary.value = (f"Click the cards you think are still out (in other hands or "
                                  f"the talon), then Check. Marked: {len(self.marked)}.")
        else:
            self.summary.value = (f"your hand {c['mine']} · table {c['table']} · gone {c['gone']}"
                                  f" · known in hands {c['known']} · seen in the talon "
                                  f"{c['talon']} · unknown {c['unknown']}")

    def describe(self) -> str:
        return f"seat {self._seat}, {'quiz' if self._quiz else 'view'}"
