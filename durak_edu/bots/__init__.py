"""Bots: callables ``bot(game, seat) -> Action`` that choose from ``game.legal_actions()``.

A bot decides from what its seat knows, ``game.view(seat)`` (R0), plus the public rules; it
never looks at another hand. It does not change the game: the caller plays the action.
``tournament``, ``ladder`` and the exercise checker hand a bot a ``SeatGame`` — the game as its
seat sees it, with no other hand and no ``play`` — so that it cannot cheat.

* ``random_bot`` — any legal action, at random (reproducible: see its docstring).
* ``lowest_card_bot`` — the lowest card that works: beat, lead or play with the cheapest card,
  keep trumps (and wild cards) for last, take or draw only when nothing else works.
* ``STYLES``: seed 000's four opponents, ``trump_collector``, ``high_card_collector``,
  ``small_card_attacker``, ``pair_collector``; ``counting_bot`` (attacks by ``p_can_beat``);
  ``circle_bot`` and ``maumau_bot`` for the circle (R7) and shedding (R8) families.
* ``MonteCarloBot`` — judges each move by random playouts in worlds redealt from its view.
* ``ISMCTSBot`` — information-set Monte Carlo tree search over such worlds (the strongest).
* ``BOTS`` — every bot by name, each with a factory (``PlayWidget``'s opponent menu).

``tournament`` plays bots against each other over many seeded deals and changing seats;
``ladder`` rates many bots on one scale (Bradley–Terry, Elo points, intervals); ``solve`` plays
a two-player ending with an empty talon perfectly.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> while not g.is_over:
...     _ = g.play(lowest_card_bot(g, g.to_act))
>>> g.result is not None
True
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from ..actions import Action, Attack, Beat, Draw, Give, Pass, Play, Take, ThrowIn, Transfer
from ..cards import Card, Rank, Suit
from ..games.face import Bot, GameFace

__all__ = ["random_bot", "lowest_card_bot", "RandomBot", "card_value", "MonteCarloBot",
           "tournament", "Table", "BotError", "solve", "SolveError", "SeatGame", "SeatBoundError",
           "trump_collector", "high_card_collector", "small_card_attacker", "pair_collector",
           "counting_bot", "circle_bot", "maumau_bot", "STYLES", "BOTS", "ISMCTSBot", "ladder", "Ratings", "bradley_terry",
           "Bot", "GameFace"]


def _seed_of(game: GameFace, seat: int) -> int:
    """A stable number from what ``seat`` sees (the same position gives the same number in every
    process: no ``hash()``, which Python salts per run)."""
    v = game.view(seat)
    text = repr((game.variant, seat, v.hand, v.table, v.talon_size, v.discard, v.hand_sizes,
                 v.to_act, len(game.legal_actions())))
    return zlib.crc32(text.encode("utf-8"))


def random_bot(game: GameFace, seat: int, rng: random.Random | None = None) -> Action:
    """A legal action chosen at random.

    With ``rng`` (a ``random.Random``) the choice comes from it; without, from a generator seeded
    by the seat's view, so a position always gets the same answer and every game is reproducible.
    For a stream of independent choices use ``RandomBot(seed)``.
    """
    actions = game.legal_actions()
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    rng = rng if rng is not None else random.Random(_seed_of(game, seat))
    return rng.choice(actions)


class RandomBot:
    """A random bot with its own generator: ``bot = RandomBot(seed=1); bot(game, seat)``."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def __call__(self, game: GameFace, seat: int) -> Action:
        return random_bot(game, seat, self.rng)

    def __repr__(self) -> str:
        return "RandomBot()"


def card_value(card: Card, trump: Suit | None, wild_rank: int | None = None,
               queen_of_spades_high: bool = False) -> tuple[int, int, int]:
    """How dear a card is to give up: plain cards by rank, then wild cards, then trumps.

    With ``queen_of_spades_high`` (R6: the queen is the top spade) the queen of spades counts
    above the ace of spades.

    >>> from durak_edu import Card
    >>> q, a = Card.parse("Q♠"), Card.parse("A♠")
    >>> card_value(q, None) < card_value(a, None), card_value(q, None, None, True) > card_value(a, None)
    (True, True)
    """
    if card.suit is None:  # a joker
        return (3, int(card.rank), 0)
    rank = int(card.rank)
    if queen_of_spades_high and card.suit == Suit.SPADES and card.rank == Rank.QUEEN:
        rank = 15
    if trump is not None and card.suit == trump:
        return (2, rank, int(card.suit))
    if wild_rank is not None and int(card.rank) == int(wild_rank):
        return (1, rank, int(card.suit))
    return (0, rank, int(card.suit))


def lowest_card_bot(game: GameFace, seat: int) -> Action:
    """The lowest card that works.

    Attack–defence family: beat with the cheapest card that beats (R2.3), open with the cheapest
    card (R2.2), throw in only cheap plain cards (R2.4), never transfer, give away the cheapest
    cards (R9.49); otherwise take (R2.7) or pass (R2.5). Circle family: lead the cheapest card, beat the top card as cheaply as possible,
    else take (R7.3). Shedding family: play the cheapest matching card, calling the suit it holds
    most of (R8.3), else draw, else pass (R8.2).
    """
    actions = game.legal_actions()
    if not actions:
        raise ValueError("the game is over: there is nothing to choose")
    view = game.view(seat)
    trump = view.trump
    wild = getattr(game.rules, "wild_rank", None)
    hand = list(view.hand)

    high_queen = bool(getattr(game.rules, "queen_of_spades_high", False))

    def value(c: Card) -> tuple[int, int, int]:  # R6: where the queen is the top spade, she is dearer
        return card_value(c, trump, wild, high_queen)

    def most_held(exclude: Card) -> Suit | None:
        counts: dict[Suit, int] = {}
        for c in hand:
            if c is not exclude and c.suit is not None:
                counts[c.suit] = counts.get(c.suit, 0) + 1
        return max(counts, key=lambda s: (counts[s], -int(s))) if counts else None

    best: Action | None = None
    best_key: tuple[tuple[int, int, int], int] | None = None
    for a in actions:
        if isinstance(a, Beat):
            key = (value(a.card), 0)
        elif isinstance(a, Attack):
            key = (max(value(c) for c in a.cards), len(a.cards))
        elif isinstance(a, ThrowIn):
            if any(value(c)[0] > 0 for c in a.cards):
                continue  # keep trumps (and wild cards): pass instead
            key = (max(value(c) for c in a.cards), len(a.cards))
        elif isinstance(a, Play):
            want = most_held(a.card)
            key = (value(a.card), 0 if a.call == want else 1 if a.call is None else 2)
        elif isinstance(a, Give):  # R9.49: keep the best cards, give the cheapest
            key = (max(value(c) for c in a.cards), sum(value(c)[1] for c in a.cards))
        else:
            continue
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is not None:
        return best
    for kind in (Pass, Take, Draw):
        for a in actions:
            if isinstance(a, kind):
                return a
    for a in actions:
        if not isinstance(a, Transfer):
            return a
    return actions[0]


from .montecarlo import MonteCarloBot  # noqa: E402
from .ismcts import ISMCTSBot  # noqa: E402
from .ladder import Ratings, bradley_terry, ladder  # noqa: E402
from .solve import SolveError, solve  # noqa: E402
from .seat import SeatBoundError, SeatGame  # noqa: E402
from .tournament import BotError, Table, tournament  # noqa: E402
from .styles import (circle_bot, counting_bot, high_card_collector, maumau_bot,  # noqa: E402
                     pair_collector, small_card_attacker, trump_collector)

#: every bot by name, each with a factory that makes a fresh one (PlayWidget's opponent menu)
BOTS: dict[str, Callable[[], Bot]] = {
    "lowest_card_bot": lambda: lowest_card_bot,
    "random_bot": lambda: RandomBot(),
    "trump_collector": lambda: trump_collector,
    "high_card_collector": lambda: high_card_collector,
    "small_card_attacker": lambda: small_card_attacker,
    "pair_collector": lambda: pair_collector,
    "counting_bot": lambda: counting_bot,
    "circle_bot": lambda: circle_bot,
    "maumau_bot": lambda: maumau_bot,
    "ISMCTSBot": lambda: ISMCTSBot(seed=0),
}

#: the four styles of seed 000, by name
STYLES = {"trump_collector": trump_collector, "high_card_collector": high_card_collector,
          "small_card_attacker": small_card_attacker, "pair_collector": pair_collector}
