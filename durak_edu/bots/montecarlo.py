"""A Monte Carlo bot: judge each move by playing it out many times in guessed worlds.

For every legal action the bot deals the cards it cannot see again at random, consistently with
what its seat knows (``redeal_hidden``, R0), plays the action and finishes the game with random
moves (``playout``); it picks the action with the best average outcome. It never peeks: each
playout guesses the hidden cards afresh. Its weakness is the one lesson 14 shows: after its move
every playout assumes random play from both sides.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> bot = MonteCarloBot(playouts=5, seed=1)
>>> bot(g, g.to_act) in g.legal_actions()
True
"""

from __future__ import annotations

import random

from ..actions import Action
from ..games.face import GameFace, SearchFace

__all__ = ["MonteCarloBot"]


class MonteCarloBot:
    """``MonteCarloBot(playouts=30, seed=None)``: flat Monte Carlo over redealt hidden cards.

    Each legal action is scored by ``playouts`` random games: +1 for a win, 0 for a draw, -1 for
    being the durak (or on the losing team); the best total wins, ties go to the action listed
    first. A forced move is played without simulation. Attack–defence family only.
    """

    def __init__(self, playouts: int = 30, seed: int | None = None):
        if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 1:
            raise ValueError(f"playouts must be a whole number of at least 1, not {playouts!r}")
        self.playouts = playouts
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"MonteCarloBot(playouts={self.playouts})"

    def __call__(self, game: GameFace, seat: int) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        if len(actions) == 1:
            return actions[0]
        if not isinstance(game, SearchFace):
            raise ValueError(f"MonteCarloBot plays the attack–defence family (R2–R6), not "
                             f"{game.variant!r}")
        best, best_score = actions[0], None
        for action in actions:
            score = 0
            for _ in range(self.playouts):
                world = game.redeal_hidden(seat, self.rng)
                world.play(action)
                r = world.playout(self.rng)
                score += r.score(seat)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best
