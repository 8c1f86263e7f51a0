"""Exercise 14: an endgame to solve — and then to check with the solver (R2.10, R2.11).

A two-player podkidnoy ending with the talon empty: every card is known to both players (R0).
The student works out by reasoning whether the player to act wins, draws or loses with best
play, and with which first move; ``durak_edu.bots.solve`` (lesson 13) is the referee.

>>> g = position()
>>> g.talon_size, len(g.legal_actions())
(0, 5)
>>> check_endgame(...).status, check_endgame({"value": "draw", "move": "attack 8♣"}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

import numbers

from ..actions import ACTION_TYPES, Action
from ..bots import lowest_card_bot, solve
from ..errors import IllegalAction
from ..games import new_game
from ..games.base import Game, Result
from ._common import BadAnswer, Verdict, action_key, checker, read_action

__all__ = ["SEED", "position", "check_endgame", "WORDS"]

SEED = 85
WORDS = {1: "win", 0: "draw", -1: "loss"}


def position() -> Game:
    """Seed 85 played by two ``lowest_card_bot`` players until the talon is empty, the table is
    clear and at most seven cards are left in the hands."""
    g = new_game("podkidnoy", players=2, seed=SEED, names=["Anna", "Boris"])
    while not (g.talon_size == 0 and not g.table and sum(map(len, g.hands)) <= 7):
        g.play(lowest_card_bot(g, _to_act(g)))
    return g


def _to_act(g: Game) -> int:
    assert g.to_act is not None, "the game is not over"
    return g.to_act


def _line(g: Game, first: Action) -> tuple[str, Result | None]:
    """The solver's best play after ``first``, as text."""
    h = g.clone()
    h.play(first)
    moves = [str(first)]
    while not h.is_over:
        _v, best = solve(h)
        h.play(best[0])
        moves.append(str(best[0]))
    return " · ".join(moves), h.result


#: the words a student may use for each value, beside the value itself (what ``solve`` returns)
SAID = {1: ("win", "wins", "won"), 0: ("draw", "draws", "drawn"),
        -1: ("loss", "lose", "loses", "lost")}

FORMS = ("Give a dict {'value': 'win' | 'draw' | 'loss', 'move': 'attack …'}: the result for the "
         "player to act with best play on both sides, and a first move that gets it. The value "
         "may also be solve's number (1, 0 or -1), and the answer may be solve's own tuple "
         "(value, best moves), as solve(game) returns it.")


def _read_value(said: object) -> int:
    """The value a student gave: a word (any case) or the number ``solve`` returns."""
    if isinstance(said, bool) or said is None:
        raise BadAnswer(f"'value' should be 'win', 'draw' or 'loss' (or solve's 1, 0, -1), "
                        f"not {said!r}")
    if isinstance(said, str):
        word = said.strip().lower()
        for value, words in SAID.items():
            if word in words:
                return value
    elif isinstance(said, numbers.Integral) and int(said) in SAID:
        return int(said)
    raise BadAnswer(f"'value' should be 'win', 'draw' or 'loss' (or solve's 1, 0, -1), "
                    f"not {said!r}")


def _read_answer(answer: object) -> tuple[int, list[Action] | None]:
    """``(value, moves or None)`` from a dict, or from a ``(value, move(s))`` pair such as the
    tuple ``solve`` returns."""
    if isinstance(answer, dict):
        unknown = set(answer) - {"value", "move"}
        if unknown or "value" not in answer:
            what = (f"unknown key {sorted(map(repr, unknown))[0]}" if unknown
                    else "no 'value' key")
            raise BadAnswer(f"{what} in the dict; it takes the keys 'value' and 'move'")
        said, move = answer["value"], answer.get("move")
        has_move = "move" in answer
    elif (isinstance(answer, (tuple, list)) and not isinstance(answer, ACTION_TYPES)
          and len(answer) == 2):
        (said, move), has_move = answer, True
    else:
        raise BadAnswer(f"got {type(answer).__name__} {answer!r}")
    value = _read_value(said)
    if not has_move:
        return value, None
    if isinstance(move, (list, tuple)) and not isinstance(move, ACTION_TYPES):
        # solve's list of best moves: every one is checked
        if not move:
            raise BadAnswer("the list of moves is empty")
        return value, [read_action(m, "the move") for m in move]
    return value, [read_action(move, "the move")]


@checker(FORMS)
def check_endgame(answer: object) -> Verdict:
    """Check ``answer`` against the solver: the value for the player to act, and a best first
    move. ``check_endgame(solve(game))`` checks the solver's own answer, every best move."""
    said, moves = _read_answer(answer)
    g = position()
    value, best = solve(g)
    who = g.names[_to_act(g)]
    lines, ok = [], True
    if said == value:
        lines.append(f"{who} {_VERB[value]} with best play: right.")
    else:
        ok = False
        lines.append(f"you said {WORDS[said]} for {who}; with best play on both sides it is a "
                     f"{WORDS[value]} (R2.11).")
    if moves is None:
        return Verdict.wrong("\n  " + "\n  ".join(lines + ["no 'move' given yet."]))
    keys = {action_key(a) for a in best}
    for move in moves:
        try:
            g.check(move)
        except IllegalAction as exc:
            ok = False
            lines.append(f"'{move}' is not legal here — {exc}")
            continue
        line, result = _line(g, move)
        if action_key(move) in keys:
            lines.append(f"'{move}' keeps the {WORDS[value]}: {line} → {result}.")
            continue
        ok = False
        lines.append(f"after '{move}' the best {who} can get is a {WORDS[_after(g, move)]}, not "
                     f"a {WORDS[value]}: {line} → {result}. Look for the move that keeps it.")
    return (Verdict.right if ok else Verdict.wrong)("\n  " + "\n  ".join(lines))


_VERB = {1: "wins", 0: "draws", -1: "loses"}


def _after(g: Game, move: Action) -> int:
    """The value for the player to act in ``g`` once ``move`` is played, with best play."""
    h = g.clone()
    h.play(move)
    r = h.result
    if r is not None:  # the move ended the game
        return 0 if r.draw else 1 if r.durak != g.to_act else -1
    v = solve(h)[0]
    return v if h.to_act == g.to_act else -v
