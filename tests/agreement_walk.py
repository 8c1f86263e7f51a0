"""The fixture's close look at one game (issue 25, format 2 of ``tests/data/agreement.json``):
``walk`` plays a game with the seeded random policy and digests, through the public API only
(so that the same walk runs on any engine), what a user relies on at every position:

* ``moves``: the seat to act, the legal-move list in order and the chosen move;
* ``events``: every event's kind, seat, cards and words (the deal's included);
* ``views``: ``seen`` (hands, table, talon size, roles, ``view(seat)`` of every seat...);
* ``refusals``: the clause and words of a seeded sample of candidate actions (``candidates``,
  ``gallery_candidates``: most of them illegal), and of a listed action out of turn;
* ``undo``: now and then a move played and taken back (the action returned, the position after);
* ``copies``: now and then ``redeal_hidden`` for the seat to act and a history-free
  ``clone(history=False).playout(seed)`` (its result and end position);

and, once the game is over, the record's JSON (``record().to_json()``) and every move taken
back to the start (the actions returned, the position reached and whether it is the deal's).

Each position also adds one character (6 bits) of a digest of all of the above to ``trail``, so
that a game that differs is named with the first move at which it does. The checks draw from
their own generator (``checks_rng``), never from the policy's: the games are the ones ``play``
plays.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from typing import Any

from durak_edu import IllegalAction
from durak_edu.actions import Attack, Beat, Counter, Draw, Exchange, Pass, Swap, Take, TalonAttack
from durak_edu.actions import ThrowIn, Transfer
from durak_edu.cards import Card

#: the aspects digested over the whole game, in the order the fixture stores them
ASPECTS = ("moves", "events", "views", "refusals", "undo", "copies")
#: what the fixture stores of a walked game: the aspects, then these
FIELDS = ASPECTS + ("record", "back to start", "plies", "result", "trail")
#: hex digits kept of each whole-game digest (64 bits: a chance difference is never missed)
DIGITS = 16
#: the trail's characters: one a position, 6 bits of its digest (it only finds where a game
#: differs; the whole-game digests decide whether it does)
TRAIL = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
#: a game the random policy has not finished in this many moves is recorded as unfinished
MOST_PLIES = 3000
#: how often the walk takes a move back, and makes the copies, at a position
UNDO_RATE, COPY_RATE = 0.1, 0.04


def checks_rng(players: int, seed: int) -> random.Random:
    """The generator the walk's checks draw from (never the policy's)."""
    return random.Random(7919 * players + seed + 1)


def canon(x: Any) -> str:
    """``x`` as text that is the same for equal values on either engine: mappings and sets
    sorted, lists and tuples alike, dataclasses by their compared fields."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return type(x).__name__ + "(" + ",".join(
            f"{f.name}={canon(getattr(x, f.name))}" for f in dataclasses.fields(x)
            if f.compare) + ")"
    if isinstance(x, dict):
        return "{" + ",".join(sorted(f"{canon(k)}:{canon(v)}" for k, v in x.items())) + "}"
    if isinstance(x, (set, frozenset)):
        return "{" + ",".join(sorted(canon(v) for v in x)) + "}"
    if isinstance(x, (list, tuple)):
        return "(" + ",".join(canon(v) for v in x) + ")"
    return repr(x)


def seen(g: Any) -> tuple[object, ...]:
    """What a user can read of a position: hands, table, pile, talon, roles and every seat's
    view."""
    return (g.hands, g.table, g.discard, g.talon_size, g.to_act, g.is_over, g.result, g.out,
            None if g.is_over else (g.attacker, g.defender, g.bout_number, g.taking),
            tuple(g.role(p) for p in range(g.players)), tuple(g.view(p) for p in range(g.players)),
            g.talon, g.trump_card)


def verdict(g: Any, act: Any, seat: int | None = None) -> str:
    """``check``'s answer as text: ``-`` for a legal action, else the clause and the words."""
    try:
        g.check(act, seat)
    except IllegalAction as err:
        return f"{err.rule}|{err}"
    except (ValueError, TypeError) as err:  # (a clear error of another kind: its words count)
        return f"{type(err).__name__}|{err}"
    return "-"


def event_text(e: Any) -> str:
    return (f"{e.kind}|{e.seat}|{' '.join(map(str, e.cards))}|{int(e.private)}|{e.action}|"
            f"{e.text}")


def lowest_trump(g: Any) -> Card | None:
    """R9.26's six of trumps: the trump suit's lowest card in this deck."""
    if g.trump is None:
        return None
    return Card(min(c.rank for c in g.deck_order), g.trump)


def candidates(g: Any, rng: random.Random, k: int = 8) -> list[object]:
    """A few actions of every shape, most of them illegal: cards from the seat's hand, the
    table and the whole deck."""
    hand = list(g.hands[g.to_act])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table]
    pool = hand * 2 + deck
    out: list[object] = [Take(), Pass()]
    for _ in range(k):
        cs = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2, 3)))})
        out.append(rng.choice((Attack, ThrowIn, Transfer))(cs))
        out.append(Transfer((rng.choice(pool),), show=True))
        out.append(Beat(rng.choice(table or deck), rng.choice(pool)))
    return out


def gallery_candidates(g: Any, rng: random.Random) -> list[object]:
    """Actions of the gallery's shapes, mostly illegal: any card of the deck, the six of trumps,
    cards of the hand and of the table."""
    hand = list(g.hands[g.to_act])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table] or deck
    pool = hand * 2 + deck
    out: list[object] = [TalonAttack(), Draw()]
    six = lowest_trump(g)
    if six is not None:
        out.append(Exchange(six))
    out.append(Exchange(rng.choice(pool)))
    for _ in range(3):
        out.append(Swap(tuple({rng.choice(pool) for _ in range(rng.choice((1, 2, 2, 3)))})))
        target, card = rng.choice(table), rng.choice(pool)
        extra = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2)))} - {card, target})
        if extra and card != target:
            out.append(Counter(target, card, extra))
    return out


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:DIGITS]


def _copies(g: Any, rng: random.Random) -> str:
    """``redeal_hidden`` for the seat to act and a history-free playout, as text."""
    seed = rng.randrange(2**32)
    try:
        copy = g.redeal_hidden(g.to_act, random.Random(seed))
        sealed = canon((copy.hands, copy.talon, copy.legal_actions(), copy.view(g.to_act)))
    except Exception as err:  # noqa: BLE001 (the words of any refusal are what is compared)
        sealed = f"{type(err).__name__}|{err}"
    light = g.clone(history=False)
    result = light.playout(seed)
    return f"{sealed}\n{canon((result, light.hands, light.discard, light.out))}"


def walk(g: Any, rng: random.Random, checks: random.Random) -> list[Any]:
    """Play ``g`` to its end with ``rng.choice`` over its legal moves (``checks`` drawing the
    samples), then take every move back; return the digests in ``FIELDS``'s order."""
    h = {name: hashlib.sha256() for name in ASPECTS}
    trail: list[str] = []
    start = canon(seen(g))
    told = plies = 0
    while True:
        history = g.history
        parts = {"events": "".join(event_text(e) + "\n" for e in history[told:]),
                 "views": canon(seen(g))}
        told = len(history)
        if g.is_over or plies >= MOST_PLIES:
            for name, text in parts.items():
                h[name].update(text.encode())
            break
        listed = g.legal_actions()
        if not listed:
            raise ValueError(f"seat {g.to_act} has no legal move after {plies} moves and the "
                             "game is not over")
        act = rng.choice(listed)
        parts["moves"] = f"{g.to_act}:{' / '.join(map(str, listed))} > {act}"
        tried = candidates(g, checks, 3) + gallery_candidates(g, checks)
        other = checks.randrange(g.players)
        parts["refusals"] = "\n".join([verdict(g, a) for a in tried]
                                      + [f"{other}:{verdict(g, act, other)}"])
        if checks.random() < UNDO_RATE:
            g.play(act)
            back = g.undo()
            parts["undo"] = f"{back}|{canon(seen(g))}|{len(g.history)}"
        if checks.random() < COPY_RATE:
            parts["copies"] = _copies(g, checks)
        for name, text in parts.items():
            h[name].update(f"{plies}:{text}\n".encode())
        mark = hashlib.sha256("\n".join(f"{k}={v}" for k, v in sorted(parts.items())).encode())
        trail.append(TRAIL[mark.digest()[0] % 64])
        g.play(act)
        plies += 1
    result = g.result
    h["events"].update(repr(result).encode())
    try:
        record = g.record().to_json()
    except Exception as err:  # noqa: BLE001 (the words of any refusal are what is compared)
        record = f"{type(err).__name__}|{err}"
    taken = [str(g.undo()) for _ in range(plies)]
    back = canon(seen(g))
    return ([h[name].hexdigest()[:DIGITS] for name in ASPECTS]
            + [_digest(record), _digest(f"{taken}|{back}|{back == start}"), plies,
               "unfinished" if result is None else str(result), "".join(trail)])


def first_difference(want: list[Any], got: list[Any]) -> str:
    """What differs between a walk as stored and as played: the move at which the trails part
    first, and the aspects (or end fields) that differ; empty if nothing does."""
    named = dict(zip(FIELDS, want)), dict(zip(FIELDS, got))
    what = [name for name in FIELDS[:-1] if named[0][name] != named[1][name]]
    if not what and want[-1] == got[-1]:
        return ""
    a, b = want[-1], got[-1]
    step = next((i for i in range(max(len(a), len(b))) if a[i:i + 1] != b[i:i + 1]), None)
    at = f"from move {step} on" if step is not None else "at the end"
    ends = "; ".join(f"{k}: {named[0][k]!r} recorded, {named[1][k]!r} played"
                     for k in ("plies", "result") if k in what)
    return f"{at}: {', '.join(what) or 'trail'} differ" + (f" ({ends})" if ends else "")
