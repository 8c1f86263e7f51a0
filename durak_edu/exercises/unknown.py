"""Exercise 04: how many cards are unknown to seat 1 after move 14 of a curated game (R0, R10)?

>>> g = position()
>>> g.names[SEAT], g.talon_size
('Boris', 20)
>>> check_unknown_count(...).status, check_unknown_count(0).status
('unanswered', 'wrong')

The answer is a number; the cards themselves (``{"6♠", "7♠", …}``) are accepted too, and then
the checker names exactly which card was counted wrongly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import Card

from ..prob import unknown_count
from ..record import Replay
from ..games.base import Game
from ._common import BadAnswer, Verdict, cards_text, checker, plural, read_cards, replay_at

__all__ = ["RECORD", "MOVE", "SEAT", "replay", "position", "breakdown", "check_unknown_count"]

RECORD = "podkidnoy_two"
MOVE = 14
SEAT = 1


def replay() -> Replay:
    """The curated game, at the position after move ``MOVE``."""
    return replay_at(RECORD, MOVE)


def position() -> Game:
    """The game after ``MOVE`` actions."""
    return replay().game


def breakdown(g: Game | None = None, seat: int = SEAT) -> dict[str, tuple[int, Sequence[Card]]]:
    """What ``seat`` can place, part by part: name → (count, the cards)."""
    g = position() if g is None else g
    v = g.view(seat)
    table = [c for pair in v.table for c in pair if c is not None]
    known = [c for cs in v.known.values() for c in cs]
    return {"hand": (len(v.hand), v.hand), "table": (len(table), table),
            "discard": (len(v.discard), v.discard), "trump": (len(v.in_talon), v.in_talon),
            "known": (len(known), known)}


def _check_cards(given: frozenset[Card]) -> Verdict:
    """The answer as cards: name every card counted that seat 1 can place, and every card left
    out that he cannot."""
    g = position()
    v = g.view(SEAT)
    unknown = frozenset(v.unknown)
    me = g.names[SEAT]
    them = g.names[1 - SEAT]
    if given == unknown:
        return Verdict.right(f"these {len(unknown)} cards are exactly the ones {me} cannot place.")
    parts = breakdown(g)
    reasons = {"hand": f"in {me}'s own hand", "table": "on the table, in plain sight",
               "discard": "in the discard pile, seen face up (R0)",
               "trump": "the trump card, face up under the talon (R1.2)",
               "known": f"picked up by {them} at a take and not played since (R0)"}
    lines = []
    for part, (_, cs) in parts.items():
        wrong = sorted(given & frozenset(cs))
        if wrong:
            lines.append(f"{cards_text(wrong)}: {me} can place "
                         f"{'it' if len(wrong) == 1 else 'them'} — {reasons[part]}")
    missed = sorted(unknown - given)
    if missed:
        lines.append(f"you left out {plural(len(missed), 'card')} {me} cannot place: "
                     f"{cards_text(missed)}")
    return Verdict.wrong("\n  " + "\n  ".join(lines))


def _read_int(answer: object) -> int:
    if (isinstance(answer, bool) or not isinstance(answer, (int, float))
            or answer != answer or answer in (float("inf"), float("-inf")) or answer != int(answer)):
        raise BadAnswer(f"give a whole number of cards, not {answer!r}")
    return int(answer)


@checker("Give a whole number: how many cards seat 1 cannot place.")
def check_unknown_count(answer: object) -> Verdict:
    """Check ``answer``: the number of cards whose place seat 1 cannot know after move 14 —
    or the cards themselves, to be told exactly which one was counted wrongly."""
    if isinstance(answer, (str, set, frozenset, list, tuple)):
        return _check_cards(read_cards(answer))
    n = _read_int(answer)
    g = position()
    v = g.view(SEAT)
    right = unknown_count(g, SEAT)
    me = g.names[SEAT]
    other = [p for p in range(g.players) if p != SEAT][0]
    them = g.names[other]
    parts = breakdown(g)
    total = len(g.deck_order)
    in_hand = v.unknown_in_hand(other)
    if n == right:
        return Verdict.right(
            f"{me} cannot place {right} cards: {total} in the deck, less his own "
            f"{parts['hand'][0]}, the {parts['table'][0]} on the table, the {parts['discard'][0]} "
            f"in the discard pile, the turned trump {cards_text(parts['trump'][1])} and the "
            f"{plural(parts['known'][0], 'card')} he saw {them} pick up and keep "
            f"({cards_text(parts['known'][1])}). Of the {right}, {in_hand} are in {them}'s hand "
            f"and {v.unknown_in_talon} face down in the talon.")
    why = {
        "hand": f"{me} knows his own {parts['hand'][0]} cards",
        "table": f"the {parts['table'][0]} cards on the table ({cards_text(parts['table'][1])}) "
                 "are in plain sight",
        "discard": f"the {parts['discard'][0]} cards of the discard pile "
                   f"({cards_text(parts['discard'][1])}) were all seen face up (R0)",
        "trump": f"the trump card {cards_text(parts['trump'][1])} lies face up under the talon: "
                 "everyone has seen it (R1.2)",
        "known": f"{me} saw {them} pick up {cards_text(parts['known'][1])} at a take, and she "
                 f"has not played {'it' if parts['known'][0] == 1 else 'them'} since: "
                 f"{me} knows where {'it is' if parts['known'][0] == 1 else 'they are'} (R0)",
    }
    names = [k for k in why if parts[k][0]]
    for size in range(1, len(names) + 1):
        groups = [g for g in combinations(names, size)
                  if n == right + sum(parts[k][0] for k in g)]
        if len(groups) == 1:
            return Verdict.wrong(f"you counted {n}, {n - right} too many: "
                                 + "; and ".join(why[k] for k in groups[0]) + ".")
        if groups:
            return Verdict.wrong(
                f"you counted {n}, {n - right} too many: a count alone cannot say which card "
                "slipped in. It is one of these: " + "; or ".join(
                    "; and ".join(why[k] for k in g) for g in groups)
                + ". To be told exactly, give the cards instead of the number: "
                "check_unknown_count({'6♠', '7♠', …}).")
    if n == v.unknown_in_talon:
        return Verdict.wrong(f"you counted {n}: only the face-down talon. {me} cannot see the "
                             f"{in_hand} of {them}'s cards he has not seen picked up either.")
    if n == in_hand:
        return Verdict.wrong(f"you counted {n}: only {them}'s hidden cards. The "
                             f"{v.unknown_in_talon} face-down cards of the talon are unknown too.")
    if n == g.talon_size:
        return Verdict.wrong(f"you counted {n}: the whole talon, the face-up trump card included, "
                             f"and nothing of {them}'s hand.")
    return Verdict.wrong(
        f"you counted {n}. Start from the {total} cards of the deck and take away every card "
        f"{me} can place: his own hand, the table, the discard pile, the turned trump under the "
        f"talon, and the cards he saw {them} pick up that she still holds.")
