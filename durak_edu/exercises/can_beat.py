"""Exercise 06: the chance the opponent can beat a card, from the attacker's seat (R0, R2.3).

In the curated game ``podkidnoy_two``, after move 21 Boris (seat 1) is about to attack Anna
(seat 0). For each of his cards in ``CARDS``: what is the chance that Anna holds at least one
card that beats it, counting only what Boris knows?

>>> check_p_can_beat(...).status, check_p_can_beat({"Q♠": 0}).status
('unanswered', 'wrong')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..cards import Card
from ..prob import p_at_least_one, p_can_beat
from ..record import Replay
from ..games.base import Game, View
from ._common import (BadAnswer, Verdict, cards_text, checker, near_float, plural, read_number,
                      replay_at, same_number, show_number)

__all__ = ["RECORD", "MOVE", "SEAT", "OPPONENT", "CARDS", "replay", "position", "answers",
           "check_p_can_beat"]

RECORD = "podkidnoy_two"
MOVE = 21
SEAT = 1        # Boris, the attacker: whose knowledge counts
OPPONENT = 0    # Anna, the defender
CARDS = ("Q♠", "8♥", "J♥")


def replay() -> Replay:
    return replay_at(RECORD, MOVE)


def position() -> Game:
    """The game after ``MOVE`` actions: Boris to attack."""
    return replay().game


def answers() -> dict[Card, Fraction]:
    """The right answers, from ``durak_edu.prob.knowledge.p_can_beat``."""
    v = position().view(SEAT)
    return {Card.parse(c): p_can_beat(v, c, OPPONENT) for c in CARDS}


def _facts(v: View, card: Card) -> dict[str, Any]:
    """What the count needs: the beaters known in her hand, hidden among the unknown cards, and
    her unknown places."""
    game_cards = set(v.unknown) | set(v.hand) | set(v.discard) | set(v.in_talon)
    for cs in v.known.values():
        game_cards |= set(cs)
    for pair in v.table:
        game_cards |= {c for c in pair if c is not None}
    beaters = {c for c in game_cards if c != card and v.beats(c, card)}
    return {"known": sorted(beaters & set(v.known.get(OPPONENT, ()))),
            "hidden": sorted(beaters & set(v.unknown)),
            "seen": sorted(beaters - set(v.unknown) - set(v.known.get(OPPONENT, ()))),
            "places": v.unknown_in_hand(OPPONENT), "unknown": len(v.unknown),
            "same_suit_hidden": sorted(c for c in beaters & set(v.unknown) if c.suit == card.suit)}


def _slips(v: View, card: Card, right: Fraction, f: dict[str, Any]) -> dict[str, Fraction]:
    u, k, m = f["unknown"], len(f["hidden"]), f["places"]
    out = {"1 minus the answer: the chance she can NOT beat it": 1 - right}
    if k:
        out[f"the chance that ONE given unknown card beats it ({k}/{u}); she holds {m} unknown "
            f"cards, and at least one of them must beat it"] = Fraction(k, u)
        out[f"{m}·{k}/{u}: adding the chances of her {m} cards counts the hands with two "
            "beaters twice; use 1 − P[none of her unknown cards beats it]"] = Fraction(m * k, u)
    if f["known"]:
        out[f"what the unknown cards alone give; but Anna is known to hold "
            f"{cards_text(f['known'])}, which beats {card}: she picked it up when she took, "
            "and Boris saw it (R0)"] = p_at_least_one(u, k, m)
    if card.suit != v.trump and f["same_suit_hidden"] != f["hidden"]:
        out["the count with higher cards of the suit only; a trump beats any card of another "
            "suit too (R2.3)"] = p_at_least_one(u, len(f["same_suit_hidden"]), m)
    hand = v.hand_sizes[OPPONENT]
    if hand <= u:
        out[f"as if all {hand} of her cards were unknown; Boris knows "
            f"{hand - m} of them, only {m} are hidden"] = p_at_least_one(u, k, hand)
    if f["seen"]:
        out[f"a count that includes {cards_text(f['seen'])}, which Boris can see elsewhere (his "
            "hand, the table, the discard pile or the trump card under the talon)"] = \
            p_at_least_one(u + len(f["seen"]), k + len(f["seen"]), m)
    return out


@checker("Give a dict card → probability (a Fraction), e.g. {'Q♠': Fraction(…), …}.")
def check_p_can_beat(answer: object) -> Verdict:
    """Check ``answer``: a dict from each card of ``CARDS`` to P[Anna can beat it], as Boris
    sees it (``Fraction``; a float is accepted to 9 decimal places)."""
    right = answers()
    if not isinstance(answer, dict):
        raise BadAnswer(f"give a dict card → probability, not {type(answer).__name__}")
    given = {}
    for key, value in answer.items():
        try:
            card = Card.parse(key)
        except ValueError:
            raise BadAnswer(f"the key {key!r} is not a card") from None
        if card not in right:
            raise BadAnswer(f"{card} is not one of the cards asked about ({' '.join(CARDS)})")
        given[card] = read_number(value, f"the answer for {card}")
    v = position().view(SEAT)
    problems, good = [], []
    for card, p in right.items():
        if card not in given:
            problems.append(f"{card}: no answer yet.")
            continue
        f = _facts(v, card)
        x = given[card]
        if same_number(x, p):
            if f["known"]:
                why = (f"Anna is known to hold {cards_text(f['known'])}, which beats {card}: "
                       "Boris saw her pick it up")
            elif not f["hidden"]:
                why = "no card that could still be in her hand beats it"
            else:
                why = (f"{plural(len(f['hidden']), 'beater')} ({cards_text(f['hidden'])}) among "
                       f"the {f['unknown']} unknown cards, {f['places']} of which are in her hand")
            good.append(f"{card}: {show_number(p)} — {why}")
            continue
        slip = next((w for w, val in _slips(v, card, p, f).items()
                     if not same_number(x, p) and same_number(x, val)), None)
        near = near_float(x, p)
        if slip:
            problems.append(f"{card}: you gave {show_number(x)}, {slip}.")
        elif near:
            problems.append(f"{card}: you gave {show_number(x)}: {near}.")
        else:
            problems.append(
                f"{card}: you gave {show_number(x)}. Count it from Boris's seat: of the "
                f"{f['unknown']} cards he cannot place, {len(f['hidden'])} beat {card}; "
                f"{f['places']} of those {f['unknown']} places are in Anna's hand"
                + (f", and she is known to hold {cards_text(f['known'])}" if f["known"] else "")
                + ".")
    if problems:
        return Verdict.wrong("\n  " + "\n  ".join(problems))
    return Verdict.right("\n  " + "\n  ".join(good))
