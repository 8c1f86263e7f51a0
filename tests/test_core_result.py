"""The ``Result`` of a plain attack game (``decode.result``: made with its ``__dict__`` set whole
and remembered, since a history-free playout ends in one): a true ``Result``, field for field
what its constructor makes, the same whether the game was played with history or out on the
core, and the others' side of it right (R2.11, R2.12)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from durak_edu import new_game
from durak_edu.games.base import Result


def _rebuilt(r):
    """The same result made by ``Result``'s own constructor."""
    return Result(**{f.name: getattr(r, f.name) for f in dataclasses.fields(Result)})


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                          ("podkidnoy", 6)])
def test_a_plain_games_result_is_the_constructors_field_for_field(name, players):
    for seed in range(15):
        g = new_game(name, players=players, seed=seed, names=[f"p{i}" for i in range(players)])
        light = g.clone(history=False).playout(seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
        full = g.result
        assert full == light and vars(full) == vars(light)
        assert type(full) is Result and vars(full) == vars(_rebuilt(full))
        assert hash(full) == hash(_rebuilt(full)) and repr(full) == repr(_rebuilt(full))
        assert full.names == g.names and full.out_order == g.out
        if full.durak is None:
            assert full.draw and full.losers == () and full.winners == tuple(range(players))
        else:
            assert not full.draw and full.losers == (full.durak,)
            assert full.winners == tuple(p for p in range(players) if p != full.durak)
            assert full.durak not in g.out  # R2.10: the durak never went out
