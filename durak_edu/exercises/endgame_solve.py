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

from ..bots import lowest_card_bot, solve
from ..errors import IllegalAction
from ..games import new_game
from ._common import BadAnswer, Verdict, action_key, checker, read_action

__all__ = ["SEED", "position", "check_endgame", "WORDS"]

SEED = 85
WORDS = {1: "win", 0: "draw", -1: "loss"}


def position():
    """Seed 85 played by two ``lowest_card_bot`` players until the talon is empty, the table is
    clear and at most seven cards are left in the hands."""
    g = new_game("podkidnoy", players=2, seed=SEED, names=["Anna", "Boris"])
    while not (g.talon_size == 0 and not g.table and sum(map(len, g.hands)) <= 7):
        g.play(lowest_card_bot(g, g.to_act))
    return g


def _line(g, first):
    """The solver's best play after ``first``, as text."""
    h = g.clone()
    h.play(first)
    moves = [str(first)]
    while not h.is_over:
        _v, best = solve(h)
        h.play(best[0])
        moves.append(str(best[0]))
    return " · ".join(moves), h.result


@checker("Give a dict {'value': 'win' | 'draw' | 'loss', 'move': 'attack …'}: the result for the "
         "player to act with best play on both sides, and a first move that gets it.")
def check_endgame(answer) -> Verdict:
    """Check ``answer`` against the solver: the value for the player to act, and a best first
    move."""
    if not isinstance(answer, dict) or set(answer) - {"value", "move"}:
        raise BadAnswer("give a dict with the keys 'value' and 'move'")
    g = position()
    value, best = solve(g)
    who = g.names[g.to_act]
    lines, ok = [], True
    said = answer.get("value")
    if said not in WORDS.values():
        raise BadAnswer(f"'value' should be 'win', 'draw' or 'loss', not {said!r}")
    if said == WORDS[value]:
        lines.append(f"{who} {'wins' if value == 1 else 'draws' if value == 0 else 'loses'} "
                     "with best play: right.")
    else:
        ok = False
        lines.append(f"you said {said} for {who}; with best play on both sides it is a "
                     f"{WORDS[value]} (R2.11).")
    if "move" not in answer:
        return Verdict.wrong("\n  " + "\n  ".join(lines + ["no 'move' given yet."]))
    move = read_action(answer["move"], "the move")
    try:
        g.check(move)
    except IllegalAction as exc:
        return Verdict.wrong("\n  " + "\n  ".join(lines + [f"'{move}' is not legal here — {exc}"]))
    if action_key(move) in {action_key(a) for a in best}:
        line, result = _line(g, move)
        lines.append(f"'{move}' keeps the {WORDS[value]}: {line} → {result}.")
    else:
        ok = False
        h = g.clone()
        h.play(move)
        after = -solve(h)[0] if h.to_act != g.to_act and not h.is_over else (
            solve(h)[0] if not h.is_over else
            (0 if h.result.draw else 1 if h.result.durak != g.to_act else -1))
        line, result = _line(g, move)
        lines.append(f"after '{move}' the best {who} can get is a {WORDS[after]}, not a "
                     f"{WORDS[value]}: {line} → {result}. Look for the move that keeps it.")
    return (Verdict.right if ok else Verdict.wrong)("\n  " + "\n  ".join(lines))
