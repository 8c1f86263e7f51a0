"""The core's random playout (durak_edu.games.core.playout) plays the public API's game.

With the same generator it must choose the same move at every step as
``rng.choice(g.legal_actions())`` on the reference engine, and so end in the same position and
result as the reference's API loop and today's kernel (``Game.playout``).
"""

from __future__ import annotations

import random

import pytest

from helpers import DEEP, sample

from durak_edu import from_position
from durak_edu.games.core import decode
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.playout import playout
from durak_edu.games.core.state import from_game
from durak_edu.games.new import _engine

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


#: endgames (three players, the talon empty, diamonds trump) whose random game with
#: ``random.Random(seed)`` is drawn by R2.11's third repetition on the reference engine (found
#: by searching random deals: about one such game in 5,000). In the first, nothing is ever
#: discarded (one epoch); in the others a bito starts a new epoch during play, and in the last
#: the position repeated is the first of its epoch.
REPEATING = [(("K♥ 10♣", "A♣ J♥", "8♣ 9♠"), 8), (("Q♥ Q♦ 7♥", "7♠ J♦ J♥", "9♥ 8♦ 6♣"), 9),
             (("8♥ K♥ 7♣", "Q♦ J♣ 6♥", "6♠ 8♠ 10♠"), 3),
             (("J♦ Q♠ J♥", "8♥ 7♠ 8♦", "K♠ 9♦ 6♣"), 0)]


@pytest.mark.parametrize("hands,seed", REPEATING)
@pytest.mark.parametrize("moves_first", [0, 12, 30])
def test_the_core_playout_draws_by_repetition_as_the_reference(hands, seed, moves_first):
    """R2.11 in the playout (counted by epochs: ``apply._repeated``): the same draw, position
    and result as the reference's API game, from the start of the endgame and from a position
    part-way through it, whose memory already counts positions of the current epoch; the
    memory it leaves is the core API game's, for the talon and discard as they ended."""
    with _engine("reference"):
        g = from_position("podkidnoy", list(hands), trump="D")
    api = from_position("podkidnoy", list(hands), trump="D")
    assert isinstance(api, CoreGame)
    rng, api_rng = random.Random(seed), random.Random(seed)
    while not api.is_over:  # the core through the public API: every position counted
        api.play(api_rng.choice(api.legal_actions()))
    for _ in range(moves_first):
        g.play(rng.choice(g.legal_actions()))
    assert not g.is_over
    st = from_game(g)
    twin = random.Random()
    twin.setstate(rng.getstate())
    playout(st, twin.getrandbits)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    assert g.result.draw and "third time" in g.result.reason
    assert core_position(st) == position(g)
    assert decode.result(st, g.players, g.names) == g.result == api.result
    now = (st.tp, len(st.discard))
    assert st.seen == {k: v for k, v in api._s.core.seen.items() if k[2:4] == now}
    assert max(st.seen.values()) == 3
    assert not st.lean  # the state is an ordinary one again (a copy or apply counts it all)
