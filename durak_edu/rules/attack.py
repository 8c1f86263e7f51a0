"""The options of the attack–defence family (R1–R6) and its presets.

>>> VARIANTS["perevodnoy"].rules.transfer
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .base import RulesBase, check_choice
from .registry import VARIANTS, register, register_family

__all__ = ["Rules", "ATTACK"]


@dataclass(frozen=True)
class Rules(RulesBase):
    """Options of the attack–defence family (R1–R6). Defaults are podkidnoy's.

    Each field names the clause it comes from; docs/rules.md explains them.
    """

    deck: int = 36                      # R0: 36, 32, 52 (and 20, 24)
    hand_size: int = 6                  # R1.1
    min_players: int = 2
    max_players: int | None = None      # R0: None = 6 with up to 36 cards, 8 with 52; never more than the deal allows
    trump: str = "turned"               # R1.2: "turned", "fixed:D" (any suit letter) or "none"
    first_lead: str = "lowest_trump"    # R1.3, or "left_of_dealer"
    next_game_lead: str = "from_fool"   # R1.3, or "to_fool"
    attack_shape: str = "rank"          # R2.2 "rank"; R4: "pair_plus_one", "pairs", "pair_only", "one_or_two"
    throw_in: str = "all"               # R2.4: "all", "neighbours", "attacker", "none"
    throw_in_ranks: str = "table"       # R2.4: "table" or "attack"
    throw_one_at_a_time: bool = False   # R2.4
    bout_limit: int = 6                 # R2.6
    first_bout_limit: int = 5           # R2.6
    partial_take: bool = False          # R4 B: beaten pairs are discarded, the rest taken
    taker_keeps_turn: bool = False      # R2.7 ("dobry")
    draw_order: str = "attacker_first"  # R2.9, or "clockwise"
    share_short_talon: bool = False     # R2.9
    draws: bool = True                  # R2.11
    repetition_draw: bool = True        # R2.11 (our decision): a third repetition is a draw
    epaulettes_need_plain_six: bool = False  # R2.12
    transfer: bool = False              # R3 (perevodnoy)
    transfer_in_first_bout: bool = False        # R3.4
    transfer_with_trump_on_table: bool = False  # R3.4
    transfer_by_last_card: bool = False         # R3.4
    proezdnoy: bool = True                      # R3.4: show a trump instead of playing it
    transfer_after_beating: bool = False        # R3.4 ("perevodnoy 2")
    transfer_beat_only_new: bool = False        # R3.4 ("perevodnoy 3")
    refusal: bool = False                       # R3.4 ("otkaz")
    teams: bool = False                 # R5: partners sit alternately (team = seat mod 2)
    spades_apart: bool = False          # R6: spades beat and are beaten only by spades
    spade_turned: str = "no_trump"      # R6: "no_trump" or "reshuffle"
    queen_of_spades_high: bool = False  # R6

    family = "attack"

    def validate(self) -> "Rules":
        """Raise ``ValueError`` naming the first option with an impossible value."""
        self._check_deck_and_trump()
        check_choice("first_lead", self.first_lead, ("lowest_trump", "left_of_dealer"))
        check_choice("next_game_lead", self.next_game_lead, ("from_fool", "to_fool"))
        check_choice("attack_shape", self.attack_shape,
                ("rank", "pair_plus_one", "pairs", "pair_only", "one_or_two"))
        check_choice("throw_in", self.throw_in, ("all", "neighbours", "attacker", "none"))
        check_choice("throw_in_ranks", self.throw_in_ranks, ("table", "attack"))
        check_choice("draw_order", self.draw_order, ("attacker_first", "clockwise"))
        check_choice("spade_turned", self.spade_turned, ("no_trump", "reshuffle"))
        for name in ("hand_size", "bout_limit", "first_bout_limit", "min_players", "max_players"):
            value = getattr(self, name)
            if name == "max_players" and value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"option {name}={value!r} must be a whole number of at least 1")
        for f in dataclasses.fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"option {f.name}={getattr(self, f.name)!r} must be True or False")
        self._check_seats_and_lead()
        return self


ATTACK = register_family(Rules, "durak_edu.games.attack:AttackGame", "R1–R6")

# --- the attack–defence family (R2–R6) --------------------------------------------------------

_PODKIDNOY = Rules()
_PEREVODNOY = Rules(transfer=True)
_PROSTOY = Rules(hand_size=5, throw_in="none", attack_shape="pair_plus_one", bout_limit=5,
                 first_bout_limit=5, first_lead="left_of_dealer", max_players=5)
_JAPANESE = Rules(spades_apart=True, queen_of_spades_high=True)

register("podkidnoy", "Podkidnoy (throw-in) durak", "Подкидной дурак", "R2", """
    The reference game. The attacker opens with one card or several of one rank; the defender
    beats each card with a higher card of its suit or a trump; everyone else may throw in cards
    of ranks already on the table, up to six (five in the first bout). A defender who cannot or
    will not beat takes the whole table. Last player holding cards is the durak.""", _PODKIDNOY)
register("perevodnoy", "Perevodnoy (transfer) durak", "Переводной дурак", "R3", """
    Podkidnoy with transfers: before beating anything, the defender may add a card of the
    attacking rank and pass the whole attack to the next player, who may pass it on again.
    A trump of that rank may simply be shown (proezdnoy).""", _PEREVODNOY)
register("prostoy", "Simple durak, reading A", "Простой дурак (А)", "R4", """
    The oldest form: five cards each, no throw-ins. Attack with one card, a pair, or a pair
    plus any card; the defender beats everything or takes everything.""", _PROSTOY)
register("prostoy_partial", "Simple durak, reading B (partial take)", "Простой дурак (Б)", "R4", """
    As reading A, but the defender may beat some cards and take the rest; the beaten pairs are
    discarded and, having taken anything, he loses his turn to attack.""",
         dataclasses.replace(_PROSTOY, partial_take=True))
register("prostoy_pairs", "Simple durak, reading C (pairs)", "Простой дурак (В)", "R4", """
    As reading A, but an attack is one card, a pair plus one card, or two pairs plus one
    card.""", dataclasses.replace(_PROSTOY, attack_shape="pairs"))
register("prostoy_pair_only", "Simple durak, reading D (pair only)", "Простой дурак (Г)", "R4", """
    Attack only with exactly one pair; a player without a pair passes the attack on. When
    everyone has passed in turn, a single card may open, so the game never stalls.""",
         dataclasses.replace(_PROSTOY, attack_shape="pair_only"))
register("prostoy_two", "Simple durak for two", "Простой дурак вдвоём", "R4", """
    The two-player classic: six cards each, attack with one card or two of a rank, no
    throw-ins; a 36- or 52-card deck. In the first game the holder of the lowest trump attacks
    first.""",
         dataclasses.replace(_PROSTOY, hand_size=6, attack_shape="one_or_two", bout_limit=6,
                             max_players=2, first_lead="lowest_trump"))  # R4: seed 000
register("podkidnoy_teams", "Podkidnoy in teams", "Подкидной командами", "R5", """
    Two teams (2×2 or 3×3), partners sitting alternately. Only the defender's opponents throw
    in. A player who goes out leaves his seat to his nearest partner, who plays it with his
    own hand. A team wins when all its players are out.""", Rules(teams=True, min_players=4))
register("perevodnoy_teams", "Perevodnoy in teams", "Переводной командами", "R5", """
    Perevodnoy played in two teams as in podkidnoy_teams; a transfer goes to whoever plays the
    next seat.""", Rules(teams=True, min_players=4, transfer=True))
register("japanese_spades", "Spades by spades (turned trump)", "Японский дурак: пики пиками", "R6", """
    Podkidnoy where spades stand apart: a spade is beaten only by a higher spade, never by a
    trump, and beats only lower spades; the queen of spades is the highest spade. Spades are
    never trumps: if a spade is turned, the game has no trump.""", _JAPANESE)
register("japanese_diamonds", "Spades by spades (diamonds trump)", "Японский дурак: бубны козыри", "R6", """
    Spades by spades with diamonds always trumps: no card is turned and the whole rest of the
    deck is the talon. Played with 36 or 52 cards.""",
         dataclasses.replace(_JAPANESE, trump="fixed:D"))
