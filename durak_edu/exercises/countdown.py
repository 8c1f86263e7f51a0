"""Exercise 09: the countdown drill — name the cards still out, fast (R0).

Card counters train by naming, as fast as they can, the cards not yet played: those in the other
hands and in the talon. ``drill()`` shows a position of the curated game ``podkidnoy_two`` from
Anna's seat and starts a clock; ``check_countdown(answer, drill)`` reports accuracy and time.

A worked solution computes its answer, so it switches the clock off (``drill.untimed()``): a
computed answer is not a race, and a stored notebook must not change with the machine's speed.

>>> d = drill().untimed()
>>> check_countdown(..., d).status
'unanswered'
>>> v = check_countdown("A♠", d); v.status, "accuracy 1/10" in v.message
('wrong', True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..cards import Card
from ..games.base import Game
from ..record import Replay, curated
from ._common import Verdict, cards_text, checker, plural, read_cards

__all__ = ["RECORD", "MOVE", "SEAT", "Drill", "drill", "still_out", "check_countdown"]

RECORD = "podkidnoy_two"
MOVE = 38
SEAT = 0


def still_out(g: Game | None = None, seat: int = SEAT) -> frozenset[Card]:
    """The right answer: every card not in ``seat``'s hand, not on the table and not in the
    discard pile — in the other hands (known or not) or in the talon (the turned trump too)."""
    if g is None:
        g = Replay(curated(RECORD)).goto(MOVE)
    v = g.view(seat)
    out = set(v.unknown) | set(v.in_talon)
    for cs in v.known.values():
        out |= set(cs)
    return frozenset(out)


class Drill:
    """One run of the drill: the position, the seat, and a clock started when it was made.

    ``untimed()`` switches the clock off (for worked solutions); ``restart()`` starts it again.
    ``clock`` is any function returning seconds (``time.monotonic`` by default).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.replay = Replay(curated(RECORD))
        self.replay.goto(MOVE)
        self.game = self.replay.game
        self.seat = SEAT
        self._clock = clock
        self.started: float | None = clock()

    def untimed(self) -> "Drill":
        """Switch the clock off: the check then reports no time."""
        self.started = None
        return self

    def restart(self) -> "Drill":
        """Start the clock again (to try once more)."""
        self.started = self._clock()
        return self

    def elapsed(self) -> float | None:
        """Seconds since the clock started, or ``None`` when untimed."""
        return None if self.started is None else self._clock() - self.started

    def to_svg(self) -> str:
        """The quiz grid as SVG: what the seat sees at the table, and the discard pile (dimmed:
        the student did not watch those cards played; they are public, R0)."""
        from ..draw.svg import counter_svg
        return counter_svg(self.game, self.seat, quiz=True, discard=True)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        who = self.game.names[self.seat]
        clock = "clock off" if self.started is None else "clock running"
        return f"Countdown drill: {who} (seat {self.seat}) after move {MOVE} of {RECORD} — {clock}"


def drill() -> Drill:
    """Start the drill: the clock runs from now."""
    return Drill()


@checker("Give the cards still out: a set of card texts, or one text with the cards separated "
         "by spaces.")
def check_countdown(answer: object, drill: Drill | None = None) -> Verdict:
    """Check ``answer`` (the cards still out, as the drill's seat can tell) and report the
    accuracy and, if the drill is timed, the time taken."""
    d = Drill().untimed() if drill is None else drill
    seconds = d.elapsed()
    g, seat = d.game, d.seat
    v = g.view(seat)
    out = still_out(g, seat)
    got = read_cards(answer, "your answer")
    right, missed, wrong = got & out, out - got, got - out
    table = {c for pair in v.table for c in pair if c is not None}
    score = len(right) / (len(out) + len(wrong))
    lines = [f"Named {len(right)} of the {len(out)} cards still out; accuracy "
             f"{len(right)}/{len(out) + len(wrong)} = {score:.0%}."]
    if missed:
        lines.append(f"Still out but not named: {cards_text(missed)}.")
    for c in sorted(wrong):
        where = ("it is in your own hand" if c in v.hand else
                 "it is on the table" if c in table else
                 "it is in the discard pile (dimmed, tagged \"discard\" on the grid)"
                 if c in v.discard else
                 "it is not a card of this deck")
        lines.append(f"{c} is not out: {where}.")
    if seconds is None:
        lines.append("Time: not taken (the clock is off: drill.untimed()).")
    else:
        lines.append(f"Time: {seconds:.1f} s, {seconds / max(len(out), 1):.1f} s a card "
                     "(run the drill cell again to restart the clock).")
    if missed or wrong:
        return Verdict.wrong("\n  " + "\n  ".join(lines))
    return Verdict.right(f"All {plural(len(out), 'card')} still out: {cards_text(out)}.\n  "
                         + "\n  ".join(lines))
