"""The core's random playout (durak_edu.games.core.playout) plays the public API's game.

With the same generator it must choose the same move at every step as
``rng.choice(g.legal_actions())`` on the reference engine, and so end in the same position and
result as the reference's API loop and today's kernel (``Game.playout``).
"""

from __future__ import annotations

import random

import pytest

from helpers import DEEP, sample

from durak_edu.games.core import decode
from durak_edu.games.core.playout import playout
from durak_edu.games.core.state import from_game

from test_core_agreement import CASES, IDS, core_position, game_or_skip, position


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    played = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):  # the deep run: four seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            rng = random.Random(seed)
            for _ in range(5 * seed):  # from a position in the middle of play too
                if not g.is_over:
                    g.play(rng.choice(g.legal_actions()))
            st = from_game(g)
            kernel = g.clone(history=False)
            twin, third = random.Random(), random.Random()
            twin.setstate(rng.getstate())
            third.setstate(rng.getstate())
            playout(st, twin.getrandbits)
            kernel.playout(third)
            while not g.is_over:  # the reference, through the public API
                g.play(rng.choice(g.legal_actions()))
            assert core_position(st) == position(g) == position(kernel)
            assert decode.result(st, g.players, g.names) == g.result == kernel.result
            played += 1
    assert played >= (4 if DEEP else 2)
