"""Exercise 03: is this transfer legal? (perevodnoy, R3)

Six positions of one perevodnoy deal for three; in each the defender proposes a transfer. Say
``True`` if it is legal, or name the clause that forbids it (``"R3.1"``, ``"R3.2"``, ``"R3.4"``).

>>> sorted(positions())
['a', 'b', 'c', 'd', 'e', 'f']
>>> check_transfers(...).status, check_transfers({"a": True}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from ..errors import IllegalAction
from ..games import from_hands
from ..games.base import Game
from ._common import BadAnswer, Verdict, checker

__all__ = ["HANDS", "TURNED", "FIRST_BOUT", "CASES", "positions", "verdicts", "check_transfers"]

HANDS = ("6♥ 7♠ 9♣ J♦ Q♣ A♣", "10♠ 8♣ 8♠ 9♥ K♦ 7♣", "8♦ 8♥ 9♦ 9♠ J♠ 10♣")
TURNED = "K♥"
#: the first bout, played out to bito in every case but (a): seat 1 then attacks seat 2
FIRST_BOUT = ("attack 7♠", "beat 7♠ 10♠", "pass")
#: letter -> (play the first bout first?, the moves of the bout so far, the proposed transfer)
CASES = {
    "a": (False, ("attack 7♠",), "transfer 7♣"),
    "b": (True, ("attack 8♣",), "transfer 8♦"),
    "c": (True, ("attack 8♣ 8♠", "beat 8♠ 9♠"), "transfer 8♦"),
    "d": (True, ("attack 9♥",), "transfer 9♦"),
    "e": (True, ("attack 8♣",), "transfer 9♦"),
    "f": (True, ("attack 8♣",), "show 8♥"),
}


def positions() -> dict[str, tuple[Game, str]]:
    """letter → (game, proposed action text): the defender is to act in each game."""
    out: dict[str, tuple[Game, str]] = {}
    for letter, (later, moves, proposal) in CASES.items():
        g = from_hands("perevodnoy", list(HANDS), turned=TURNED)
        for m in (FIRST_BOUT if later else ()) + moves:
            g.play(m)
        out[letter] = (g, proposal)
    return out


def verdicts() -> dict[str, tuple[bool | str, str]]:
    """letter → (``True`` or the clause that forbids it, the engine's message)."""
    out: dict[str, tuple[bool | str, str]] = {}
    for letter, (g, proposal) in positions().items():
        try:
            g.check(proposal)
            out[letter] = (True, "")
        except IllegalAction as exc:
            out[letter] = (exc.rule, str(exc))
    return out


def _read(value: object) -> bool | str:
    """``True``/``"legal"`` → True; ``False`` → False; ``"R3.4"``/``"3.4"`` → ``"R3.4"``."""
    if value is True or value is False:
        return value
    if isinstance(value, str):
        text = value.strip().upper()
        if text in ("LEGAL", "YES", "OK"):
            return True
        if text in ("ILLEGAL", "NO"):
            return False
        if not text.startswith("R"):
            text = "R" + text
        return text
    raise BadAnswer(f"say True (legal) or the clause that forbids it, e.g. 'R3.2' — not {value!r}")


@checker("Give a dict: each letter a–f → True (the proposal is legal) or the clause that "
         "forbids it, a text such as 'R3.x'.")
def check_transfers(answer: object) -> Verdict:
    """Check ``answer``: a dict letter → ``True`` or a clause such as ``"R3.2"``."""
    right = verdicts()
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict letter → True or clause, not {type(answer).__name__}")
    bad = [k for k in answer if k not in right]
    if bad:
        raise BadAnswer(f"{bad[0]!r} is not one of the letters {', '.join(right)}")
    problems, good = [], []
    for letter, (rule, message) in right.items():
        proposal = CASES[letter][2]
        if letter not in answer:
            problems.append(f"({letter}) '{proposal}': no answer yet.")
            continue
        said = _read(answer[letter])
        if said is True and rule is True:
            how = ("showing a trump of the attacking rank passes the attack on (proezdnoy, R3.4)"
                   if proposal.startswith("show") else
                   "a card of the attacking rank, before any beating, and the next player holds "
                   "enough cards (R3.1, R3.2)")
            good.append(f"({letter}) '{proposal}' is legal: {how}")
        elif said is True:
            problems.append(f"({letter}) you said '{proposal}' is legal, but the engine refuses "
                            f"it — {message}.")
        elif rule is True:
            problems.append(f"({letter}) '{proposal}' is legal: nothing in R3.1, R3.2 or R3.4 "
                            "forbids it" + (f" (you said {said})" if said is not False else "") + ".")
        elif said is False:
            problems.append(f"({letter}) right, '{proposal}' is illegal — now name the clause "
                            "that forbids it.")
        elif said != rule:
            problems.append(f"({letter}) '{proposal}' is illegal, as you said, but by {rule}, "
                            f"not {said} — {message}.")
        else:
            good.append(f"({letter}) {message}")
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    return Verdict.right("\n  " + "\n  ".join(good))
