"""Exercise 18: find the blunder in a reviewed game (issue 29; lesson 16's review).

A seeded two-player podkidnoy game: Anna (seat 0) and Boris (seat 1) play ``lowest_card_bot``
until the talon is empty and at most eight cards are left; there every card is known to both
(R0), the coach solves the ending exactly, and Anna once plays the move it rates lowest where
another keeps her safe; then the bots finish. ``durak_edu.coach.review`` judges each of Anna's
decisions; the student reads the review (its curve, its marks) and names the move that gave
away the most — and, if she likes, the better move there. The checker's answer is the
review's own largest drop, computed here, never typed in; a wrong answer is told what that
move's drop was and that a worse one exists, and where.

>>> check_blunder(...).status
'unanswered'
>>> g = game()
>>> g.is_over, g.names
(True, ('Anna', 'Boris'))
"""

from __future__ import annotations

import functools
import numbers

from ..actions import Action
from ..bots import lowest_card_bot
from ..coach import Chance, MoveReview, Review, advise, review, win_text
from ..errors import IllegalAction
from ..games import new_game
from ..games.base import Game
from ._common import BadAnswer, Verdict, action_key, checker, read_action, shown

__all__ = ["SEED", "SEAT", "EFFORT", "game", "thrown_away", "reviewed", "position_before",
           "check_blunder"]

SEED = 3
SEAT = 0
#: the review's effort (the coach's default, as a student's own ``review(game)`` uses)
EFFORT = "quick"


@functools.lru_cache(maxsize=1)
def _played() -> tuple[Game, int]:
    g = new_game("podkidnoy", players=2, seed=SEED, names=["Anna", "Boris"])
    while not g.is_over and (g.talon_size or sum(map(len, g.hands)) > 8):
        g.play(lowest_card_bot(g, _to_act(g)))
    thrown = -1
    while not g.is_over:
        if g.to_act == SEAT and thrown < 0:
            a = advise(g, SEAT)
            lost = [o for o in a.options if o.win == 0]   # solved: the values are exact
            if a.ending == "solved" and a.value == 1 and lost:
                thrown = len(g.actions)
                g.play(lost[0].action)
                continue
        g.play(lowest_card_bot(g, _to_act(g)))
    if thrown < 0:  # pragma: no cover - the seed is chosen so that it happens
        raise AssertionError(f"seed {SEED} never reached a solved ending Anna could throw away")
    return g, thrown


def _to_act(g: Game) -> int:
    assert g.to_act is not None, "the game is not over"
    return g.to_act


def game() -> Game:
    """The finished game (a fresh copy each call)."""
    return _played()[0].clone()


def thrown_away() -> int:
    """The action index of the move Anna threw the solved ending away with (how the game was
    made; the checker does not use it — its answer is the review's own largest drop)."""
    return _played()[1]


@functools.lru_cache(maxsize=1)
def reviewed() -> Review:
    """``review(game(), seat=0, effort=EFFORT)``, computed once."""
    return review(game(), seat=SEAT, effort=EFFORT)


def position_before(index: int) -> Game:
    """The game just before action ``index``."""
    g = _played()[0]
    h = g.record().new_game()
    for act in g.actions[:index]:
        h.play(act)
    return h


FORMS = ("Give the number the move list shows, e.g. 12 or 'move 12', or a dict {'move': N} (that "
         "number) or {'index': i} (a MoveReview's index, the number minus one); add 'better': "
         "'attack …' to the dict to name the better move too. A MoveReview from the review "
         "(e.g. r.moves[k]) is read as well.")


def _read(answer: object) -> tuple[int, Action | None]:
    if isinstance(answer, MoveReview):
        return answer.index, None
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        return int(answer) - 1, None  # the number the move list shows, as a student writes it
    if isinstance(answer, str):
        words = answer.strip().lower().removeprefix("move").strip()
        if not words.isdigit():
            raise BadAnswer(f"got the text {shown(answer)}: write the move's number, e.g. 12 or "
                            "'move 12'")
        return int(words) - 1, None
    if not isinstance(answer, dict):
        raise BadAnswer(f"got {type(answer).__name__} {shown(answer)}")
    unknown = set(answer) - {"move", "index", "better"}
    if unknown:
        raise BadAnswer(f"unknown key {sorted(map(repr, unknown))[0]} in the dict; it takes "
                        "'move' or 'index', and 'better'")
    if ("move" in answer) == ("index" in answer):
        raise BadAnswer("give exactly one of 'move' (the move list's number) and 'index'")
    key = "move" if "move" in answer else "index"
    n = answer[key]
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise BadAnswer(f"'{key}' should be a whole number, not {shown(n)}")
    index = int(n) - 1 if key == "move" else int(n)
    better = answer.get("better")
    return index, (None if better is None else read_action(better, "the better move"))


def _points(m: MoveReview) -> str:
    n = round(m.drop * 100)
    return f"{n} point{'' if n == 1 else 's'}" + (f" (noise {m.noise * 100:.0f})" if m.noise else "")


def _chance(c: Chance | None, worlds: int) -> str:
    """``win_text``, and what its counts count when there were too few deals for a rate."""
    text = win_text(c, worlds)
    return text if "%" in text or " of " not in text else f"{text} deals searched"


def _said(m: MoveReview, who: str) -> str:
    mark = f", marked {m.mark}" if m.mark else ", no mark"
    return (f"move {m.index + 1}, {who}'s '{m.action}': her chance of not being the durak went "
            f"from {_chance(m.before, m.worlds)} to {_chance(m.after, m.after_worlds)}, a drop "
            f"of {_points(m)}{mark}")


def _not_a_decision(index: int, g: Game, who: str) -> str:
    n = len(g.actions)
    if not 0 <= index < n:
        return (f"the game has moves 1 … {n} (indexes 0 … {n - 1}); {shown(index + 1)} is not one "
                "of them")
    pos = position_before(index)
    act = g.actions[index]
    if pos.to_act != SEAT:
        return (f"move {index + 1} ('{act}') was {g.names[_to_act(pos)]}'s: the review judges "
                f"only {who}'s moves")
    return (f"at move {index + 1} {who} had only one legal move ('{act}'): nothing to choose, "
            "so nothing to judge")


def _better(m: MoveReview, better: Action, who: str) -> tuple[bool, str]:
    pos = position_before(m.index)
    try:
        act = pos.check(better)
    except IllegalAction as exc:
        return False, f"'{better}' is not legal at move {m.index + 1} — {exc}"
    a = advise(pos, SEAT, EFFORT)
    good = {action_key(x) for x in a.best} | {action_key(m.best)}
    o = a.option(act)
    if action_key(act) in good:
        return True, (f"'{act}' is a better move there: {who} is not the durak after it in "
                      f"{_chance(o.win, o.worlds)}.")
    return False, (f"'{act}' is not the better move there: {who} is not the durak after it in "
                   f"{_chance(o.win, o.worlds)}; the review's better move keeps "
                   f"{_chance(m.best_value, m.worlds)}.")


@checker(FORMS)
def check_blunder(answer: object) -> Verdict:
    """Is ``answer`` the move of Anna's that gave away the most (and, if named, a better move
    there)? ``check_blunder({"move": N, "better": "attack …"})``."""
    index, better = _read(answer)
    g = _played()[0]
    who = g.names[SEAT]
    r = reviewed()
    worst = max(m.drop for m in r.moves)
    mine = next((m for m in r.moves if m.index == index), None)
    if mine is None:
        return Verdict.wrong(_not_a_decision(index, g, who) + ". Look at the review's moves "
                             "(r.moves) or the marks in the move list.")
    if mine.drop < worst:
        worse = [m for m in r.moves if m.drop > mine.drop]
        where = ("later" if all(m.index > index for m in worse) else
                 "earlier" if all(m.index < index for m in worse) else "elsewhere")
        top = max(worse, key=lambda m: m.drop)
        return Verdict.wrong(
            f"{_said(mine, who)}. {len(worse)} of {who}'s moves gave away more, {where} in the "
            f"game; the worst dropped {top.drop * 100:.0f} points. Look for the curve's steepest "
            "fall.")
    lines = [f"{_said(mine, who)}: the largest drop of the game."]
    ok = True
    if better is not None:
        fine, words = _better(mine, better, who)
        ok = fine
        lines.append(words)
    elif mine.best != mine.action:
        lines.append(f"The review's better move there: '{mine.best}' "
                     f"({_chance(mine.best_value, mine.worlds)}).")
    return (Verdict.right if ok else Verdict.wrong)("\n  " + "\n  ".join(lines))
