"""Exercise 09: the counting drill — name the cards still out, fast, on a new position each round.

The exercise shows a ``Drill`` widget (``durak_edu.widgets``): a seeded game stopped between two
bouts, seen from the seat to act, and a level that says which cards to count (the trumps, one
suit, or every card). Cards still out are those the seat cannot see played: in the other hand or
in the talon, the turned trump included (R0). ``check_drill(answer, drill)`` scores the round on
screen as the widget's Check button does — card by card — and reports the session: rounds, the
streak, the best time of a perfect round and the best accuracy.

A worked solution computes its answer, so it switches the clock off (``drill.untimed()``).

>>> from durak_edu.widgets import Drill
>>> d = Drill("trumps", seed=19).untimed()
>>> check_drill(..., d).status
'unanswered'
>>> v = check_drill(set(d.answer), d); v.status, "best accuracy 100%" in v.message
('right', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._common import Verdict, cards_text, checker, plural, read_cards

if TYPE_CHECKING:
    from ..widgets.drill import Drill

__all__ = ["check_drill"]


@checker("Give the cards still out that the round asks about (its level): a set of card texts, "
         "or one text with the cards separated by spaces.")
def check_drill(answer: object, drill: Drill | None = None) -> Verdict:
    """Score the round on screen with ``answer`` as the marks, then report the session's best
    time and accuracy. Cards outside the round's level are named, not counted."""
    if drill is None:
        return Verdict.wrong("Pass the drill too: check_drill(answer, drill).")
    got = read_cards(answer, "your answer")
    outside = got - drill.scope
    asked = got & drill.scope
    if drill.result is None:
        r = drill.recheck(asked)
        lines = [str(r) + "."]
    elif asked == drill.result.marked:
        r = drill.result
        lines = [f"This round was already checked with this same answer ({r}); name the "
                 "cards it missed and check again, or press New position (drill.next())."]
    else:  # a new answer to a checked round (a card named after the check): score it again
        first = drill.history[-1] if drill.history else drill.result
        r = drill.recheck(asked)
        lines = [f"{r}. The session keeps the round's first check ({first.accuracy:.0%}): "
                 "press New position (or run drill.next()) for a round that counts."]
    if r.missed:
        lines.append(f"Still out but not named: {cards_text(r.missed)}.")
    for c in sorted(r.wrong):
        lines.append(f"{c} is not out: {drill.where(c)}.")
    if outside:
        lines.append(f"Not asked about this round ({drill.what}): {cards_text(outside)}.")
    if r.seconds is None:
        lines.append("Time: not taken (the clock is off: drill.untimed()).")
    elif not r.in_time:
        lines.append(f"Time: {r.seconds:.1f} s — over the {drill.seconds} s of the countdown.")
    else:
        lines.append(f"Time: {r.seconds:.1f} s, {r.seconds / max(len(r.answer), 1):.1f} s a card.")
    best_t = drill.best_time()
    lines.append(f"Session: {plural(len(drill.history), 'round')}, streak {drill.streak} (best "
                 f"{drill.best_streak}), "
                 + ("no perfect timed round yet" if best_t is None else f"best time {best_t:.1f} s")
                 + f", best accuracy {drill.best_accuracy():.0%}.")
    text = "\n  " + "\n  ".join(lines)
    if r.missed or r.wrong:
        return Verdict.wrong(text)
    return Verdict.right(f"All {plural(len(r.answer), 'card')} right: {cards_text(r.answer)}."
                         + text)
