"""Scaffolding for the issue-27 house-rule options played on the core alone (no reference):
``whole_game`` plays a seeded random game through the public API to its end under
``core_parts.invariants``, with unlisted actions of the seat's own cards among the candidates it
must refuse with a clause (R2.13), the game unchanged; ``playout_agrees`` holds the
core's compiled playout (``clone(history=False).playout``) to the API's ``rng.choice`` game."""

from __future__ import annotations

import random

from helpers import fingerprint
from core_parts import invariants

from durak_edu import new_game
from durak_edu.actions import Attack, Beat, ThrowIn, Transfer
from durak_edu.games.core import deal as core_deal
from durak_edu.games.core.game import AttackGame


def on_core(g) -> AttackGame:
    """``g`` itself, after checking ``new_game`` built it on the core with its compiled loop."""
    assert isinstance(g, AttackGame), f"{g.variant} {g.rules}: not built on the core"
    assert core_deal.plays(g.rules, g.players, list(g.deck_order or ()))
    return g


def probes(g, rng: random.Random, k: int = 4) -> list[object]:
    """A few actions of the seat's own cards, most of them illegal."""
    hand = list(g.hands[g.to_act])
    if not hand:
        return []
    out: list[object] = []
    for _ in range(k):
        some = rng.sample(hand, rng.randint(1, min(3, len(hand))))
        out += [Attack(tuple(some)), ThrowIn(tuple(some[:1])), Transfer(tuple(some[:1]))]
        for a, d in g.table:
            if d is None:
                out.append(Beat(a, some[0]))
    return out


def whole_game(g, seed: int) -> int:
    """Play ``g`` to its end with seeded random moves and return the moves played:
    ``core_parts.invariants`` (listed moves accepted and counted, sampled illegal ones refused
    with a clause and the game unchanged, undo, clone, no card lost, the game ends, the record
    replays), with this module's ``probes`` of the seat's own cards among the candidates."""
    moves = invariants(g, random.Random(seed), extra=probes)
    assert g.result is not None
    return moves


def playout_agrees(name: str, players: int, seed: int, **options) -> None:
    """The compiled playout plays the same game as ``rng.choice(legal_actions())`` (the deal
    from ``seed``, or from ``deck_order=`` given in ``options``; the moves from ``seed``)."""
    dealt = {} if "deck_order" in options else {"seed": seed}
    g = on_core(new_game(name, players=players, **dealt, **options))
    fast = g.clone(history=False).playout(random.Random(seed))
    rng = random.Random(seed)
    while g.to_act is not None:
        g.play(rng.choice(g.legal_actions()))
    assert fast == g.result


def record_round_trip(name: str, players: int, seed: int, **options) -> None:
    """A game with the option, part played, is recorded with the option and replays to the same
    position and the same legal moves (text and JSON)."""
    from durak_edu.record import GameRecord
    g = on_core(new_game(name, players=players, seed=seed, **options))
    rng = random.Random(seed)
    for _ in range(40):
        if g.to_act is None:
            break
        g.play(rng.choice(g.legal_actions()))
    rec = g.record()
    assert all(rec.options[k] == v for k, v in options.items()), rec.options
    for back in (GameRecord.from_text(rec.to_text()), GameRecord.from_json(rec.to_json())):
        assert back == rec
        again = back.to_game()
        assert fingerprint(again) == fingerprint(g)
