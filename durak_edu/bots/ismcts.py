"""A bot that really searches: information-set Monte Carlo tree search (ISMCTS).

Flat Monte Carlo (``MonteCarloBot``) judges each move by random games and so assumes that both
sides play at random from the next move on. ISMCTS grows a tree of moves instead (Cowling,
Powley and Whitehouse, 2012, "single-observer" ISMCTS). Each iteration

1. *determinizes*: deals the cards this seat cannot see again at random, consistently with its
   view (``SeatGame.redeal``, R0) — a fresh guess each time, so no hidden card is ever read;
2. *selects* down the tree by UCB among the moves that are legal in this guessed world (the
   opponent's moves depend on his guessed hand, so a move's "parent visits" are the times it was
   available), with a small bias toward the move ``lowest_card_bot`` would play;
3. *expands* one new move, and *plays out* the rest of the game;
4. *backs up* each player's score (+1 won, 0 draw, −1 the durak) along the path.

The playout: ``playout="greedy"`` (the default) plays every seat's lowest card that works, with
a random move one time in ten (``epsilon``); ``playout="random"`` plays uniformly random moves
with the core's playout loop (``Game.playout`` on a history-free copy, ``games.core.playout``),
some forty times faster. The loop's
games are cheap but poor judges: a random player takes, throws trumps and keeps nothing, so a
move that is good against a sensible player scores no better than a bad one. Measured
while choosing the default (40 seeded games each against ``lowest_card_bot``, seed 100, without
the endgame solver): random playouts at 600 iterations won 59 % of the decided games, greedy ones
at 100 iterations 68 %, at 200 79 % — in about the same time a move as the 600 random ones.
``python benchmarks/bots.py`` measures the default over 400 games.

The move played is the root move visited most. Where the talon is empty in a two-player game
every card is known (R0) and, if the ending is small, the endgame solver (``solve``) plays it
perfectly instead.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> bot = ISMCTSBot(iterations=50, seed=1)
>>> bot(g, g.to_act) in g.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..cards import Card
from ..games.base import Game, Result
from ..games.face import GameFace
from .seat import SeatGame

__all__ = ["ISMCTSBot"]


class _Node:
    """Statistics of one move in the tree, from the side of the player who made it."""

    __slots__ = ("visits", "total", "avail", "children", "player")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Action, _Node] = {}


class ISMCTSBot:
    """``ISMCTSBot(iterations=200, seconds=None, seed=None, c=0.7, bias=1.0, solve_cards=8, playout="greedy", epsilon=0.1)``.

    ``playout`` is ``"greedy"`` or ``"random"`` (the kernel), see above. ``iterations`` worlds
    are searched per move (``seconds``, if given, stops the search sooner:
    faster, but then the choice depends on the machine's speed). ``c`` is the UCB exploration
    constant, ``bias`` the weight of the ``lowest_card_bot`` hint (0: none). When the talon is
    empty in a two-player game and the hands hold at most ``solve_cards`` cards in all, the
    solver decides (``solve_cards=0``: never). It searches the attack–defence family (R2–R6);
    in a family with no redealt copies yet (circle, mau-mau) it plays ``lowest_card_bot``.

    ``for_game(seed)`` gives a fresh copy seeded for one game (tournaments use it, so that every
    game is reproducible on its own and ``workers=N`` repeats the serial run).
    """

    def __init__(self, iterations: int = 200, seconds: float | None = None,
                 seed: int | None = None, c: float = 0.7, bias: float = 1.0,
                 solve_cards: int = 8, playout: str = "greedy", epsilon: float = 0.1):
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be a positive number of seconds (or None), not {seconds!r}")
        if not isinstance(solve_cards, int) or solve_cards < 0:
            raise ValueError(f"solve_cards must be a whole number ≥ 0, not {solve_cards!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.c = float(c)
        self.bias = float(bias)
        self.solve_cards = solve_cards
        if playout not in ("random", "greedy"):
            raise ValueError(f"playout must be 'random' or 'greedy', not {playout!r}")
        self.playout = playout
        self.epsilon = float(epsilon)
        self.rng = random.Random(seed)
        self.__name__ = repr(self)

    def __repr__(self) -> str:
        extra = f", seconds={self.seconds}" if self.seconds is not None else ""
        return f"ISMCTSBot(iterations={self.iterations}{extra})"

    def for_game(self, seed: int) -> "ISMCTSBot":
        """A fresh copy of this bot with its generator seeded by ``seed``."""
        return ISMCTSBot(self.iterations, self.seconds, seed, self.c, self.bias, self.solve_cards,
                         self.playout, self.epsilon)

    def __call__(self, game: GameFace, seat: int) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        if len(actions) == 1:
            return actions[0]
        if not isinstance(game, (SeatGame, Game)):
            raise TypeError(f"ISMCTSBot plays a game or a SeatGame, not {type(game).__name__}")
        me = game if isinstance(game, SeatGame) else SeatGame(game, seat)
        if not me.can_redeal:
            from . import lowest_card_bot
            return lowest_card_bot(game, seat)  # no worlds to search: the plain heuristic
        solved = self._solve(me)
        if solved is not None:
            return solved
        return self._search(me, actions)

    # -- the endgame ---------------------------------------------------------------------------
    def _solve(self, me: SeatGame) -> Action | None:
        view = me.view()
        if (me.players != 2 or view.talon_size or view.unknown or not self.solve_cards
                or sum(view.hand_sizes) > self.solve_cards):
            return None
        from .solve import SolveError, solve
        try:
            world = me.redeal(self.rng)  # nothing is unknown: the one world there is (R0)
            value, best = solve(world, limit=3_000)  # at most a fraction of a second
        except (SolveError, ValueError):
            return None
        if value < 0 or not best:
            return None  # lost against best play: let the search look for the opponent's slips
        return best[0]

    # -- the search ----------------------------------------------------------------------------
    def _search(self, me: SeatGame, actions: list[Action]) -> Action:
        from . import lowest_card_bot

        rng = self.rng
        root = _Node(me.seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        c, bias = self.c, self.bias
        for it in range(self.iterations):
            if deadline is not None and it and time.perf_counter() > deadline:
                break
            world = me.redeal(rng)
            node = root
            path: list[_Node] = []
            # selection and expansion
            while not world.is_over:
                player = world.to_act
                assert player is not None  # the game is not over
                legal = world.legal_actions()
                untried = [a for a in legal if a not in node.children]
                for a in legal:
                    child = node.children.get(a)
                    if child is not None:
                        child.avail += 1
                if untried:
                    hint = None
                    if bias and len(untried) > 1:
                        hint = lowest_card_bot(world, player)
                    a = (hint if hint is not None and hint in untried
                         else untried[rng.randrange(len(untried))])
                    child = _Node(player)
                    child.avail = 1
                    node.children[a] = child
                    world.play(a)
                    path.append(child)
                    break
                best, best_u = None, -math.inf
                hint = lowest_card_bot(world, player) if bias else None
                for a in legal:
                    ch = node.children[a]
                    u = (ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                         + (bias / (1 + ch.visits) if a == hint else 0.0))
                    if u > best_u:
                        best, best_u = a, u
                assert best is not None
                node = node.children[best]
                world.play(best)
                path.append(node)
            # the rest at random
            result: Result | None
            if world.is_over:
                result = world.result
            elif self.playout == "greedy":
                result = _greedy_playout(world, rng, self.epsilon)
            else:  # a redealt world keeps no history: the core plays it out on its own loop
                result = world.playout(rng)
            assert result is not None, "a game played to its end has its result"
            for n in path:
                n.visits += 1
                n.total += result.score(n.player)
        choice = max(actions, key=lambda a: (root.children[a].visits, root.children[a].total)
                     if a in root.children else (-1, 0.0))
        return choice


def _greedy_playout(world: Game, rng: random.Random, epsilon: float) -> Result | None:
    """Play ``world`` to its end with the lowest card that works for every seat (a quick
    ``lowest_card_bot`` read from the actions alone), a random move with chance ``epsilon``."""
    from ..actions import Attack, Beat, Pass, Take, ThrowIn
    trump = world.trump
    value: dict[Card, int] = {}

    def v(card: Card) -> int:
        x = value.get(card)
        if x is None:
            x = value[card] = int(card.rank) + (100 if card.suit is None or card.suit == trump else 0)
        return x

    while not world.is_over:
        legal = world.legal_actions()
        if len(legal) == 1:
            world.play(legal[0])
            continue
        if rng.random() < epsilon:
            world.play(legal[rng.randrange(len(legal))])
            continue
        best, best_key = legal[0], 10_000
        for a in legal:
            if isinstance(a, Beat):
                key = v(a.card)
            elif isinstance(a, Attack):
                key = max(v(c) for c in a.cards) * 4 - len(a.cards)
                key = key // 4
            elif isinstance(a, ThrowIn):
                key = max(v(c) for c in a.cards)
                if key >= 100:
                    continue
            elif isinstance(a, Pass):
                key = 500
            elif isinstance(a, Take):
                key = 1000
            else:
                continue
            if key < best_key:
                best, best_key = a, key
        world.play(best)
    return world.result
