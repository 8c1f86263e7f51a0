"""The options of the circle family (R7), ``CircleRules``, and its presets.

>>> VARIANTS["navalenny"].rules.take
'all'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .base import RulesBase, check_choice
from .registry import VARIANTS, register, register_family

__all__ = ["CircleRules", "CIRCLE"]


@dataclass(frozen=True)
class CircleRules(RulesBase):
    """Options of the circle family (R7). Defaults are ``japanese_circle``'s (R7.1–R7.5).

    Each field names the clause it comes from. Combinations that make no sense are refused by
    ``validate``: the circle game deals the whole deck and takes the bottom card; navalenny takes
    the whole centre or three-or-five.
    """

    deck: int = 36                      # R7.1: the 36-card deck (20, 24, 32 and 52 also work)
    min_players: int = 2                # R7.1, R7.6: 2 to 6 players
    max_players: int = 6
    play: str = "circle"                # R7.3: "circle" (beat the top card or take the bottom);
    #                                     R7.6: "navalenny" (beat, then lead on in the same turn)
    hand_size: int = 0                  # R7.6: 3, topped up from the talon; 0 = deal the whole deck
    trump: str = "fixed:D"              # R7.1: "fixed:X" or "none"; R7.6, R7.8: "turned"
    spades_apart: bool = True           # R7.1 (as R6): spades beat and are beaten only by spades
    queen_of_spades_high: bool = False  # R7.1: spades keep their natural order (the ace on top);
    #                                     True: the queen is the highest spade, as in R6
    first_lead: str = "lowest_spade"    # R7.2; "lowest_trump" (R7.6); "left_of_dealer" (R7.8)
    next_game_lead: str = "from_fool"   # R7.5: the player left of the durak leads; or "to_fool"
    may_take_when_able: bool = False    # R7.3: False = beating is forced whenever possible
    take: str = "bottom"                # R7.3: "bottom"; R7.6: "all"; R7.7: "three_five"

    family = "circle"
    players_clause = "R7.1"
    lead_clause = "R7.5"

    def validate(self) -> "CircleRules":
        """Raise ``ValueError`` naming the first option with an impossible value."""
        self._check_deck_and_trump()
        check_choice("play", self.play, ("circle", "navalenny"))
        check_choice("first_lead", self.first_lead, ("lowest_spade", "lowest_trump", "left_of_dealer"))
        check_choice("next_game_lead", self.next_game_lead, ("from_fool", "to_fool"))
        check_choice("take", self.take, ("bottom", "all", "three_five"))
        for name in ("min_players", "max_players", "hand_size"):
            value = getattr(self, name)
            low = 0 if name == "hand_size" else 2
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ValueError(f"option {name}={value!r} must be a whole number of at least "
                                 f"{low}")
        for f in dataclasses.fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"option {f.name}={getattr(self, f.name)!r} must be True or False")
        if self.play == "circle":
            if self.take != "bottom":
                raise ValueError(f"option take={self.take!r} needs play='navalenny' (R7.6, R7.7); "
                                 "the circle game takes the bottom card (R7.3): take='bottom'")
            if self.hand_size:
                raise ValueError(f"option hand_size={self.hand_size!r} needs play='navalenny' "
                                 "(R7.6); the circle game deals the whole deck (R7.1): hand_size=0")
        elif self.take == "bottom":
            raise ValueError("option take='bottom' is the circle game's (R7.3); navalenny takes "
                             "take='all' (R7.6) or take='three_five' (R7.7)")
        self._check_seats_and_lead()
        return self


CIRCLE = register_family(CircleRules, "durak_edu.games.circle:CircleGame", "R7")

# -- the presets (R7) ------------------------------------------------------------------------------

_JAPANESE_CIRCLE = CircleRules()
_NAVALENNY = CircleRules(play="navalenny", hand_size=3, trump="turned", spades_apart=False,
                         first_lead="lowest_trump", take="all")

register("japanese_circle", "Japanese durak (round the circle)", "Японский дурак (по кругу)",
         "R7.1", """
    The whole deck is dealt. One card per move, round the table: beat the top card of the pile
    (even your own) or take its bottom card. When the pile holds as many cards as there are
    players still holding cards, it is discarded and the next player leads. Diamonds are trumps;
    spades stand apart (beaten only by a higher spade, beating only a lower one), in their
    natural order with the ace on top. The lowest spade leads first;
    the last player holding cards is the durak.""", _JAPANESE_CIRCLE)
register("navalenny", "Navalenny durak, reading A", "Дурак наваленный (А)", "R7.6", """
    Three cards each, the trump turned under the talon. The lowest trump leads a card to his
    left; each player beats the card led to him and leads one of his own to the next player,
    then tops up to three. Beaten cards pile up in the centre; a player who cannot beat takes
    the whole centre. The first player out wins, the last holding cards loses.""", _NAVALENNY)
register("navalenny_three_five", "Navalenny durak, reading B (three or five)",
         "Дурак наваленный (Б)", "R7.7", """
    As navalenny, but a player who cannot beat takes only the top three cards of the centre,
    or the top five if the card he failed to beat was a trump.""",
         dataclasses.replace(_NAVALENNY, take="three_five"))
register("navalenny_modern", "Navalenny durak, modern", "Дурак наваленный (современный)",
         "R7.8", """
    The whole deck is dealt; the dealer's last card fixes the trump and he keeps it. The player
    after the dealer leads, then the game goes round the circle as Japanese circle durak: beat
    the top card or take the bottom one, with no special suit.""",
         dataclasses.replace(_JAPANESE_CIRCLE, trump="turned", spades_apart=False,
                             first_lead="left_of_dealer"))
