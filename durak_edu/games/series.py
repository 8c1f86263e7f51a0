"""A series of games at one table: the fool deals the next game (R1.3).

>>> s = Series("podkidnoy", players=3, seed=1)
>>> s.game.dealer
2
"""

from __future__ import annotations

import random

from collections.abc import Sequence
from typing import Any  # rule options, passed on to new_game, which checks them

from .base import Game, Result
from .new import DeckOrder, new_game, split_deck

__all__ = ["Series", "next_game"]


def next_game(game: Game, seed: int | None = None, deck: int | DeckOrder | None = None, *,
              deck_order: DeckOrder | None = None) -> Game:
    """The next game at the same table, dealt and led per R1.3 (R7.5, R8.1 for the other
    families).

    The fool deals; the player after him leads (``next_game_lead="from_fool"``) or the player
    before him, attacking him (``"to_fool"``). After a draw (or a team game) the deal passes to
    the next player and the first game's rule picks the leader again. In mau-mau (R8.1) the
    previous winner starts; ``Match`` adds the scores up. ``seed`` or ``deck_order`` deal it
    (as in ``new_game``).
    """
    size, deck_order = split_deck(deck, deck_order)
    dealer, lead = game.next_deal()
    n = game.players
    options = game.options()
    if size is not None:
        options["deck"] = size
    return new_game(game.variant, players=n, seed=seed, deck_order=deck_order, names=game.names,
                    dealer=dealer, lead=lead, **options)


class Series:
    """Games played one after another at one table, with the results kept.

    ``seed`` seeds the whole series: game *k* is shuffled with a seed drawn from it.
    """

    def __init__(self, variant: str = "podkidnoy", players: int = 2, seed: int | None = None,
                 names: Sequence[str] | None = None, **options: Any) -> None:
        self._rng = random.Random(seed)
        self.games: list[Game] = [new_game(variant, players=players, seed=self._seed(),
                                           names=names, **options)]

    def _seed(self) -> int:
        return self._rng.randrange(2**32)

    @property
    def game(self) -> Game:
        """The game being played (the last one dealt)."""
        return self.games[-1]

    def next_game(self) -> Game:
        """Deal the next game (R1.3) once the current one is over."""
        self.games.append(next_game(self.game, seed=self._seed()))
        return self.game

    @property
    def results(self) -> list[Result]:
        """The results of the games finished so far, in order."""
        return [r for g in self.games if (r := g.result) is not None]

    def totals(self) -> tuple[int, ...]:
        """Each seat's points added up over the finished games: the scores of a scoring form
        (R9.28: cards beaten, figure cards beaten, epaulettes hung), or mau-mau's penalty points
        (R8.4, where lower is better). A game that keeps no scores adds nothing.

        >>> import random
        >>> s = Series("ochkovy", players=2, seed=3)
        >>> for _ in range(3):
        ...     _ = s.game.playout(random.Random(1))
        ...     _ = s.next_game()
        >>> [r.scores for r in s.results]
        [{0: 6, 1: 6}, {0: 7, 1: 5}, {0: 9, 1: 7}]
        >>> s.totals()
        (22, 18)
        """
        n = self.game.players
        return tuple(sum((r.scores or {}).get(p, 0) for r in self.results) for p in range(n))

    def fool_counts(self) -> list[int]:
        """How many times each seat has been the durak."""
        counts = [0] * self.game.players
        for r in self.results:
            if r.durak is not None:
                counts[r.durak] += 1
        return counts
