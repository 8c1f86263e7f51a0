"""The options of the shedding family (R8), ``MaumauRules``, and its presets (R8.5).

>>> VARIANTS["maumau_jack"].rules.wild_rank
11
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..cards import DECK_SIZES
from .base import RulesBase, check_choice
from .registry import VARIANTS, register, register_family

__all__ = ["MaumauRules", "SHEDDING"]


# -- the options ---------------------------------------------------------------------------------

_RANK_OPTIONS = ("draw_two_rank", "draw_one_rank", "wild_rank")


@dataclass(frozen=True)
class MaumauRules(RulesBase):
    """Options of the shedding family (R8). Defaults are ``japanese_maumau``'s (R8.1–R8.4).

    Ranks are numbers (``Rank.QUEEN == 12``) or ``None`` for "no such card".
    """

    deck: int = 36                      # R8.1: 36 cards; R8.5(2): 32; 52 also works
    hand_size: int = 5                  # R8.1: 5 each; R8.5(3): 6; R8.5(5): 4
    min_players: int = 2
    max_players: int = 6                # R0: up to 6 players (and the deal must fit the deck)
    opening: str = "lot"                # R8.1 "lot": the first starter by lot, later the previous
    #                                     winner; R8.5(3) "dealer_turns": the dealer turns his last
    #                                     card and it is his lead
    draw: str = "until_playable"        # R8.2 "until_playable"; R8.5(1) "one": one card, then pass
    same_rank: str = "always"           # R8.1 "always"; R8.5(6) "on_six": same rank only on a six
    wild_rank: int | None = 12          # R8.3: the queen is wild and calls; R8.5(3): the jack (11)
    draw_two_rank: int | None = 6       # R8.3: a 6 makes the next draw 2 and miss; R8.5(2): 7
    draw_one_rank: int | None = 7       # R8.3: a 7 makes the next draw 1 and miss; R8.5(2): 8
    ace: str = "skip"                   # R8.3 "skip": the next misses his turn; R8.5(4) "english";
    #                                     "plain": no effect
    king_of_hearts_draws: int = 0       # R8.5(7): K♥ makes the next draw this many (5) and miss
    call_skips: bool = False            # R8.5(6): after a wild card's call the next misses a turn
    points: str = "standard"            # R8.4 "standard"; R8.5(6) "pentagon" (A11 K4 Q20 J2 10=10)
    lone_queen: int = 20                # R8.4: a hand of one single queen scores 20; R8.5(5): 30
    out_on_queen: int = 0               # R8.5(5): -30, the winner's score when he goes out on a queen
    wild_holder_loses: bool = False     # R8.5(3): holding a wild card at the end loses, whatever
    #                                     the points
    turnovers: int = 5                  # R8.4 (our decision): the pile is turned over into a new
    #                                     talon at most this many times a game; after that nobody
    #                                     draws, so every game ends

    family = "shedding"

    def validate(self) -> "MaumauRules":
        """Raise ``ValueError`` naming the first option with an impossible value."""
        if self.deck not in (32, 36, 52):
            raise ValueError(f"option deck={self.deck!r} is not valid for this family; "
                             "choose one of 32, 36, 52")
        for name, allowed in (("opening", ("lot", "dealer_turns")),
                              ("draw", ("until_playable", "one")),
                              ("same_rank", ("always", "on_six")),
                              ("ace", ("skip", "english", "plain")),
                              ("points", ("standard", "pentagon"))):
            check_choice(name, getattr(self, name), allowed)
        ranks = DECK_SIZES[self.deck]
        for name in _RANK_OPTIONS:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value not in ranks:
                raise ValueError(f"option {name}={value!r} must be a rank of the {self.deck}-card "
                                 f"deck ({ranks.start}..{ranks.stop - 1}) or None")
        if self.wild_rank is not None and self.wild_rank in (self.draw_two_rank,
                                                             self.draw_one_rank):
            raise ValueError(f"option wild_rank={self.wild_rank!r}: the wild rank cannot also be a "
                             "drawing card")
        if self.draw_two_rank is not None and self.draw_two_rank == self.draw_one_rank:
            raise ValueError(f"options draw_two_rank and draw_one_rank are both {self.draw_one_rank}")
        for name in ("hand_size", "min_players", "max_players"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"option {name}={value!r} must be a whole number of at least 1")
        if not isinstance(self.turnovers, int) or isinstance(self.turnovers, bool) \
                or self.turnovers < 0:
            raise ValueError(f"option turnovers={self.turnovers!r} must be a whole number of at "
                             "least 0: how many times the pile may be turned over (R8.4)")
        for name in ("king_of_hearts_draws", "lone_queen", "out_on_queen"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"option {name}={value!r} must be a whole number")
        if self.king_of_hearts_draws < 0:
            raise ValueError(f"option king_of_hearts_draws={self.king_of_hearts_draws!r} must be 0 "
                             "or more")
        if self.opening == "dealer_turns" and self.hand_size < 2:
            raise ValueError("option opening='dealer_turns' needs hand_size of at least 2")
        if not isinstance(self.call_skips, bool) or not isinstance(self.wild_holder_loses, bool):
            name = "call_skips" if not isinstance(self.call_skips, bool) else "wild_holder_loses"
            raise ValueError(f"option {name}={getattr(self, name)!r} must be True or False")
        self._check_seats_and_lead()
        return self


SHEDDING = register_family(MaumauRules, "durak_edu.games.maumau:MaumauGame", "R8")

# -- the presets (R8.1–R8.5) -------------------------------------------------------------------------

_BASE = MaumauRules()
_DRAW_ONE = dataclasses.replace(_BASE, draw="one")

register("japanese_maumau", "Japanese durak (mau-mau)", "Японский дурак (мау-мау)", "R8", """
    The shedding game the sources also call Japanese durak: 36 cards, five each, no trump. Put a
    card of the top card's suit or rank on the pile, or draw until you can. A 6 makes the next
    player draw two and miss his turn, a 7 draw one and miss, an ace miss; the queen is wild and
    may call a suit. The first player out wins; the others score their cards.""", _BASE)
register("maumau_draw_one", "Mau-mau, draw one", "Японский дурак: вариант 1", "R8.5", """
    Japanese mau-mau where a player who cannot play draws just one card; if it cannot be played
    either, he passes.""", _DRAW_ONE)
register("maumau_32", "Mau-mau with 32 cards", "Японский дурак: вариант 2 (32 карты)", "R8.5", """
    Japanese mau-mau with the short 32-card deck (sevens to aces): the 7 makes the next player
    draw two and miss his turn, the 8 draw one and miss.""",
         dataclasses.replace(_BASE, deck=32, draw_two_rank=7, draw_one_rank=8))
register("maumau_jack", "Mau-mau with the jack", "Японский дурак: вариант 3 (валет)", "R8.5", """
    Six cards each; the dealer turns up his last card and it is his lead. The jack, not the
    queen, is wild and calls a suit, and whoever still holds a jack at the end loses, whatever
    the points.""",
         dataclasses.replace(_BASE, hand_size=6, opening="dealer_turns", wild_rank=11,
                             wild_holder_loses=True))
register("maumau_english", "English durak", "Дурак английский", "R8.5", """
    Japanese mau-mau where the ace makes nobody miss a turn: its player may add one more card of
    the ace's suit and call another suit; lacking one he draws a card, and if he still cannot, the
    call passes to the next player who puts a card of the ace's suit (or another ace) on it.""",
         dataclasses.replace(_BASE, ace="english"))
register("maumau_pharaoh", "Pharaoh", "Фараон", "R8.5", """
    Japanese mau-mau with four cards each. Going out on a queen takes 30 points off the winner's
    match score, and a hand of one single queen scores 30.""",
         dataclasses.replace(_BASE, hand_size=4, lone_queen=30, out_on_queen=-30))
register("maumau_pentagon", "Pentagon", "Пентагон", "R8.5", """
    Japanese mau-mau played on the suit only (the queen stays wild): the same rank may go only on
    a six. After a queen's call the next player misses his turn. Points: ace 11, king 4, queen 20,
    jack 2, ten 10, the rest nothing.""",
         dataclasses.replace(_BASE, same_rank="on_six", call_skips=True, points="pentagon"))
register("maumau_crocodile", "Crocodile", "Крокодил", "R8.5", """
    Mau-mau with one card drawn when you cannot play (variant 1), plus the king of hearts: the
    next player draws five cards and misses his turn.""",
         dataclasses.replace(_DRAW_ONE, king_of_hearts_draws=5))
