"""The options of the attack–defence family (R1–R6) and its presets.

>>> VARIANTS["perevodnoy"].rules.transfer
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..cards import Suit, cards
from .base import RulesBase, check_choice
from .registry import VARIANTS, register, register_family

__all__ = ["Rules", "ATTACK", "SCORING_FORMS"]

#: R9.38: the options about the deal and the talon, which krestovy's first phase replaces
_DEAL_OPTIONS = ("deal_all", "talon_removed", "progressive_refill", "draw_only_when_empty",
                 "redeal_five_of_a_suit", "trump_card_hidden", "every_second_bito_back",
                 "pass_hands_left")

#: R9.28: how a game is won — the plain durak game, or the points of a scoring form
SCORING_FORMS = ("durak", "ochkovy", "pogonny", "figurny")


@dataclass(frozen=True)
class Rules(RulesBase):
    """Options of the attack–defence family (R1–R6). Defaults are podkidnoy's.

    Each field names the clause it comes from; docs/rules.md explains them.
    """

    deck: int = 36                      # R0: 36, 32, 52 (and 20, 24); 72: two decks (R9.21)
    hand_size: int = 6                  # R1.1
    min_players: int = 2
    max_players: int | None = None      # R0: None = 6 with up to 36 cards, 8 with 52; never more than the deal allows
    trump: str = "turned"               # R1.2: "turned", "fixed:D" (any suit letter) or "none"
    first_lead: str = "lowest_trump"    # R1.3, or "left_of_dealer"; R9.16: "nine_of_diamonds"
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
    # R9: the gallery's house rules (docs/rules.md R9.N); the defaults leave R1–R6 unchanged
    suitless: bool = False              # R9.2 bezmastny: any higher rank beats, or a trump
    ace_beaten_by_any_trump: bool = False  # R9.14 tuzovy: an ace falls to any trump, only to one
    lowest_only_by_ace: bool = False    # R9.15 korolevsky: the lowest rank only by an ace
    highest_only_by_lowest: bool = False  # R9.30: an ace only by the lowest rank or a trump
    six_beats_ace: bool = False         # R9.32: a six also beats the ace of its suit
    two_beats_ace: bool = False         # R9.47 estonsky: any two also beats any ace
    deal_all: bool = False              # R9.3 naval: the whole deck dealt out evenly
    talon_removed: bool = False         # R9.4 chukotsky: the talon leaves the game after the deal
    aces_first: bool = False            # R9.11 albansky: the deck lies aces first, unshuffled
    ace_put_back: bool = False          # R9.31: a turned ace goes back, the next card is turned
    draw_only_when_empty: bool = False  # R9.5 pustoy: draw only with an empty hand
    progressive_refill: bool = False    # R9.25: refill to hand_size + bouts played
    attack_with_highest: bool = False   # R9.6 zanudny: open only with your highest rank
    pass_hands_left: bool = False       # R9.12 krugovoy: after each bout hands go to the left
    trump_card_hidden: bool = False     # R9.23 nevidimy: the trump card face down till one is left
    every_second_bito_back: bool = False  # R9.13 otboyny: every second bito goes into the talon
    bito_swaps_trump: bool = False      # R9.36 kozyrny: a bito's last card becomes the trump card
    nine_of_diamonds_stops_throw_ins: bool = False  # R9.16 kitaysky: beaten with 9♦, no throw-ins
    take_first_only: bool = False       # R9.16 kitaysky: a taker takes the first attack card only
    rest_passes_on: bool = False        # R9.48 bez nazvaniya: the taker's unbeaten rest pass on
    # R9.22, R9.33 (jokers): what a joker beats and what beats it, in a 53- or 54-card deck
    jokers: str = "beat_all"            # R9.22, R9.33, R9.44, R9.47, R9.49: one of JOKER_READINGS
    joker_block_combination: str = ""   # R9.49 volshebny: five cards agreed to block a joker ("": none)
    # R9.50 diky (deck=58: four wild cards), R9.51 stolichny (deck=55: the mega card)
    joker_beat_ends_bout: bool = False  # R9.50 diky: a joker's beat ends the bout as bito
    # R9.21 bolshoy, R9.29 dvoynoy: two-deck games (deck=72, two of every card)
    twin_beats: bool = False            # R9.29 dvoynoy: a card beats its twin; then no throw-ins
    hand_loses_at: int | None = None    # R9.21, R9.29: a player holding this many cards loses at once
    # R9.10, R9.17, R9.18, R9.19, R9.26: the gallery's new moves (durak_edu.actions)
    defender_throws_in: bool = False    # R9.10 amerikansky: all passed, he throws in against himself
    defender_draws: bool = False        # R9.17 vtoraya popytka: draw one card to beat with (draw)
    talon_attack: bool = False          # R9.18 armyansky: attack with the talon's top card
    defender_swaps: bool = False        # R9.19 pokerny: swap up to two cards with the talon
    trump_six_exchange: bool = False    # R9.26: the six of trumps for the trump card (exchange)
    counter_attack: bool = False        # R9.39 pribaltiysky: beat and add cards of the beater's rank
    # R9.27, R9.28, R9.38: scoring forms, the redeal for five of a suit, krestovy's clubs apart
    scoring: str = "durak"              # R9.28: "durak", or "ochkovy", "pogonny", "figurny" points
    redeal_five_of_a_suit: bool = False  # R9.27: a deal giving a hand five of a suit is redone
    clubs_apart: bool = False           # R9.38 krestovy: clubs beat and are beaten only by clubs
    one_higher_phase: bool = False      # R9.38 krestovy: a first phase of laying one rank higher
    # R9.24, R9.35, R9.37, R9.40 (the trumps helper): trumps and hands that change in play
    second_trump: bool = False          # R9.24 potayny: a hidden second trump card, turned at the end
    trump_per_seat: bool = False        # R9.35 dvukhkozyrny: every player has his own trump suit
    opponents_trump: str = "plain"      # R9.35: an opponent's trump is "plain", or beaten "as_trump"
    dealt_locked: bool = False          # R9.37 magadansky: one dealt card open, one more per bito
    reserve: bool = False               # R9.40 s prikupom: a face-down reserve, taken up at the end
    reserve_size: int = 3               # R9.40: the reserve's cards (our decision)
    # issue 27: readings of existing presets, as options
    lead_whole_rank: bool = False       # R9.45 besppodkidny: a lead holds every card of its rank
    trump_six_for_ace: bool = False     # R9.46: R9.26's exchange only for a turned trump ace

    family = "attack"
    special_decks = (53, 54, 55, 58, 72)  # R0: the jokers (R9.22; with the mega card R9.51,
    # the wild cards R9.50) and two decks (R9.21) are played here

    def validate(self) -> "Rules":
        """Raise ``ValueError`` naming the first option with an impossible value."""
        self._check_deck_and_trump()
        check_choice("first_lead", self.first_lead,
                     ("lowest_trump", "left_of_dealer", "nine_of_diamonds"))
        check_choice("next_game_lead", self.next_game_lead, ("from_fool", "to_fool"))
        check_choice("attack_shape", self.attack_shape,
                ("rank", "pair_plus_one", "pairs", "pair_only", "one_or_two", "three", "groups"))
        check_choice("throw_in", self.throw_in, ("all", "neighbours", "attacker", "none"))
        check_choice("throw_in_ranks", self.throw_in_ranks, ("table", "attack"))
        check_choice("draw_order", self.draw_order, ("attacker_first", "clockwise"))
        check_choice("spade_turned", self.spade_turned, ("no_trump", "reshuffle"))
        check_choice("scoring", self.scoring, SCORING_FORMS)  # R9.28
        for name in ("hand_size", "bout_limit", "first_bout_limit", "min_players", "max_players"):
            value = getattr(self, name)
            if name == "max_players" and value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"option {name}={value!r} must be a whole number of at least 1")
        for f in dataclasses.fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise ValueError(f"option {f.name}={getattr(self, f.name)!r} must be True or False")
        check_choice("opponents_trump", self.opponents_trump, ("plain", "as_trump"))
        self._check_seats_and_lead()
        self._check_house_rules()
        self._check_jokers()
        self._check_two_decks()
        self._check_gallery_actions()
        self._check_trumps_and_hands()
        self._check_readings()
        return self

    def _check_readings(self) -> None:
        """R9.45, R9.46: the readings of issue 27 where they have nothing to do or the core
        does not play them (two decks, R9.21), saying which clause. (Another set the core does
        not play is refused by ``new_game``: the reference does not play them either.)"""
        if self.lead_whole_rank and self.attack_shape != "rank":
            raise ValueError(f"option lead_whole_rank=True makes a lead of one rank hold every "
                             f"card of it (R9.45); attack_shape={self.attack_shape!r} decides "
                             "what an attack holds another way: use attack_shape='rank'")
        if self.lead_whole_rank and self.deck == 72:
            raise ValueError("option lead_whole_rank=True (R9.45) is not played with two decks "
                             "(deck=72, R9.21)")
        if self.trump_six_for_ace:
            if not self.trump_six_exchange:
                raise ValueError("option trump_six_for_ace=True narrows the exchange of R9.26 to "
                                 "a turned trump ace (R9.46): it needs trump_six_exchange=True")
            if self.ace_put_back:
                raise ValueError("options trump_six_for_ace=True and ace_put_back=True contradict "
                                 "each other: the exchange is only for a turned ace, which "
                                 "ace_put_back never leaves turned (R9.46, R9.31)")
            if self.deck == 72:
                raise ValueError("option trump_six_for_ace=True (R9.46) is not played with two "
                                 "decks (deck=72, R9.21)")

    def _check_two_decks(self) -> None:
        """R9.21, R9.29: ``twin_beats`` needs twins (``deck=72``); ``hand_loses_at`` is a whole
        number above the hand size (or the deal itself would lose)."""
        if self.twin_beats and self.deck != 72:
            raise ValueError(f"option twin_beats=True needs two identical cards, so the 72-card "
                             f"deck (two 36-card decks), not deck={self.deck} (R9.29)")
        n = self.hand_loses_at
        if n is not None and (not isinstance(n, int) or isinstance(n, bool)
                              or n <= self.hand_size):
            raise ValueError(f"option hand_loses_at={n!r} must be None or a whole number above "
                             f"hand_size={self.hand_size} (R9.21)")

    def _check_gallery_actions(self) -> None:
        """Refuse the new moves of R9.10–R9.26 where the deal or the attack shape leaves them
        nothing to do, saying which clause."""
        if self.talon_attack and self.attack_shape in ("three", "pair_only"):
            raise ValueError(f"option talon_attack=True opens with one card from the talon "
                             f"(R9.18), which attack_shape={self.attack_shape!r} forbids")
        for name, clause in (("talon_attack", "R9.18"), ("defender_draws", "R9.17"),
                             ("defender_swaps", "R9.19"), ("trump_six_exchange", "R9.26")):
            if getattr(self, name) and (self.deal_all or self.talon_removed):
                raise ValueError(f"option {name}=True uses the talon ({clause}); with "
                                 f"{'deal_all' if self.deal_all else 'talon_removed'}=True "
                                 "there is none")
        if self.trump_six_exchange and self.trump != "turned":
            raise ValueError(f"option trump_six_exchange=True exchanges for the turned trump card "
                             f"(R9.26); with trump={self.trump!r} no card is turned")

    def _check_house_rules(self) -> None:
        """Refuse R9 options that contradict each other or the deck, saying which clause."""
        if self.suitless and self.spades_apart:
            raise ValueError("options suitless=True and spades_apart=True contradict each other: "
                             "suitless beating ignores suits, spades apart depends on one (R9.2, R6)")
        for other in ("six_beats_ace", "highest_only_by_lowest", "two_beats_ace"):
            if self.ace_beaten_by_any_trump and getattr(self, other):
                raise ValueError(f"options ace_beaten_by_any_trump=True and {other}=True "
                                 "contradict each other: both say what beats an ace (R9.14)")
        if self.two_beats_ace and self.highest_only_by_lowest:
            raise ValueError("options two_beats_ace=True and highest_only_by_lowest=True "
                             "contradict each other: both say what beats an ace (R9.47, R9.30)")
        if self.two_beats_ace and self.deck not in (52, 53, 54, 55, 58):
            raise ValueError(f"option two_beats_ace=True needs a deck with twos (52, 53, 54, 55 "
                             f"or 58 cards), not deck={self.deck} (R9.47)")
        if self.six_beats_ace and self.deck not in (36, 52):
            raise ValueError(f"option six_beats_ace=True needs a deck with sixes (36 or 52 "
                             f"cards), not deck={self.deck} (R9.32)")
        if self.talon_removed and (self.deal_all or self.progressive_refill
                                   or self.draw_only_when_empty):
            raise ValueError("option talon_removed=True puts the talon out of the game (R9.4): "
                             "deal_all, progressive_refill and draw_only_when_empty, which "
                             "decide how it is dealt or drawn, cannot be set with it")
        if self.deal_all and (self.progressive_refill or self.draw_only_when_empty):
            raise ValueError("option deal_all=True deals the whole deck: there is no talon to "
                             "refill from (R9.3), so progressive_refill and draw_only_when_empty "
                             "cannot be set with it")
        if self.take_first_only and self.partial_take:
            raise ValueError("options take_first_only=True and partial_take=True contradict each "
                             "other: both say what a defender who fails takes (R9.16, R4)")
        if self.rest_passes_on and not self.take_first_only:
            raise ValueError("option rest_passes_on=True passes on the cards a kitaysky taker "
                             "does not pick up (R9.48): it needs take_first_only=True (R9.16)")
        if self.pass_hands_left and self.teams:
            raise ValueError("options pass_hands_left=True and teams=True cannot be combined: "
                             "in team play a seat may be played from a partner's hand (R9.12, R5)")
        self._check_scoring_redeal_clubs()

    def _check_scoring_redeal_clubs(self) -> None:
        """R9.27, R9.28, R9.38: the combinations these options cannot play."""
        if self.scoring != "durak" and self.teams:
            raise ValueError(f"option scoring={self.scoring!r} counts each player's points; it "
                             "cannot be combined with teams=True (R9.28, R5)")
        if self.redeal_five_of_a_suit and (self.deal_all or self.hand_size > 8):
            raise ValueError("option redeal_five_of_a_suit=True redeals a hand of five cards of "
                             "one suit; with deal_all=True or a hand of more than 8 cards such a "
                             "hand is so common (from 17 cards certain) that the dealing might "
                             "never stop (R9.27)")
        if self.clubs_apart and (self.spades_apart or self.suitless):
            raise ValueError("option clubs_apart=True sets clubs apart in place of spades; it "
                             "cannot be combined with spades_apart=True or suitless=True (R9.38)")
        if self.one_higher_phase and (self.trump == "turned" or self.teams or any(
                getattr(self, name) for name in _DEAL_OPTIONS)):
            raise ValueError("option one_higher_phase=True draws the whole deck in a first phase "
                             "(R9.38): it needs a trump named before the deal (trump='fixed:X' "
                             "or 'none'), and cannot be combined with teams or with "
                             + ", ".join(_DEAL_OPTIONS) + ", which decide how the deck is dealt")
        if self.clubs_apart and (self.trump == "turned" or self.fixed_trump == Suit.CLUBS):
            raise ValueError("option clubs_apart=True: clubs are never trumps, so the trump "
                             "must be a fixed suit other than clubs, or none — e.g. "
                             "trump='fixed:D' (R9.38)")


    def _check_jokers(self) -> None:
        """R9.22, R9.33, R9.44: the ``jokers`` reading, and what it cannot be combined with."""
        check_choice("jokers", self.jokers, JOKER_READINGS)
        if self.joker_beat_ends_bout and self.deck not in (53, 54, 55, 58):
            raise ValueError(f"option joker_beat_ends_bout=True needs a deck with jokers (53, 54, "
                             f"55 or 58 cards), not deck={self.deck} (R9.50)")
        # two jokers: 54 cards, or 54 with the mega card or the wild cards (R9.51, R9.50); R9.49
        # reads the jokers' positions as the rank a joker is transferred with: 54 cards only
        decks = (54,) if self.jokers == "volshebny" else (54, 55, 58)
        if self.jokers != "beat_all" and self.deck not in decks:
            raise ValueError(f"option jokers={self.jokers!r} reads two jokers: it needs deck=54"
                             + ("" if len(decks) == 1 else " (or 55, 58)")
                             + f", not deck={self.deck} ("
                             + {"own_colour": "R9.44", "estonsky": "R9.47",
                                "volshebny": "R9.49"}.get(
                                 self.jokers, "R9.22, R9.33") + ")")
        self._check_block_combination()
        if self.jokers == "volshebny" and not self.transfer:
            raise ValueError("option jokers='volshebny' is played on perevodnoy (a joker is "
                             "transferred with the other joker): it needs transfer=True (R9.49)")
        if self.jokers == "by_colour":
            clash = [name for name in ("spades_apart", "suitless", "ace_beaten_by_any_trump",
                                       "lowest_only_by_ace", "highest_only_by_lowest",
                                       "six_beats_ace", "bito_swaps_trump", "second_trump",
                                       "trump_per_seat") if getattr(self, name)]
            if clash:
                raise ValueError(f"option jokers='by_colour' cannot be combined with "
                                 f"{clash[0]}=True: a turned joker makes two suits trumps, which "
                                 "that rule does not read (R9.33)")


    def _check_block_combination(self) -> None:
        """R9.49: the blocking combination is five different suited cards, in volshebny."""
        text = self.joker_block_combination
        if not isinstance(text, str):
            raise ValueError(f"option joker_block_combination={text!r} must be the text of five "
                             "cards, e.g. '7♠ 7♣ 7♦ 9♥ J♠', or '' for none (R9.49)")
        if not text:
            return
        if self.jokers != "volshebny":
            raise ValueError("option joker_block_combination blocks volshebny's jokers: it needs "
                             f"jokers='volshebny', not jokers={self.jokers!r} (R9.49)")
        try:
            combination = cards(text)
        except ValueError as exc:
            raise ValueError(f"option joker_block_combination={text!r}: {exc} (R9.49)") from None
        if (len(combination) != 5 or len(set(combination)) != 5
                or any(c.is_joker for c in combination)):
            raise ValueError(f"option joker_block_combination={text!r} must be five different "
                             "cards, none a joker (R9.49)")

    def _check_trumps_and_hands(self) -> None:
        """Refuse R9.24, R9.35, R9.37 and R9.40 options the deal cannot give, saying which clause."""
        if self.second_trump and (self.trump != "turned" or self.talon_removed):
            raise ValueError("option second_trump=True sets a second card aside when the trump is "
                             "turned and turns it when the talon runs out (R9.24): it needs "
                             "trump='turned' and a talon (not talon_removed)")
        if self.trump_per_seat:
            clash = [name for name in ("spades_apart", "second_trump", "bito_swaps_trump")
                     if getattr(self, name)]
            if self.trump == "none" or clash:
                raise ValueError("option trump_per_seat=True gives every player his own trump "
                                 "suit from the trump card (R9.35): it needs a trump ('turned' "
                                 "or 'fixed:X') and cannot be set with "
                                 + (", ".join(f"{c}=True" for c in clash) or "trump='none'")
                                 + ", which decide the trump another way")
            if self.max_players is not None and self.max_players > 4:
                raise ValueError(f"option trump_per_seat=True: four suits give at most 4 players "
                                 f"their own trump, not max_players={self.max_players} (R9.35)")

        size = self.reserve_size
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise ValueError(f"option reserve_size={size!r} must be a whole number of at least 1 "
                             "(R9.40)")
        if self.reserve and (self.deal_all or self.talon_removed):
            raise ValueError("option reserve=True deals a reserve beside the hands, taken up "
                             "once the talon is empty (R9.40): it cannot be set with deal_all or "
                             "talon_removed, which leave no talon to deal it from")
        if self.dealt_locked and self.pass_hands_left:
            raise ValueError("options dealt_locked=True and pass_hands_left=True cannot be "
                             "combined: a player's locked cards are his own dealt cards (R9.37)")

    def player_range(self) -> range:
        """As ``RulesBase.player_range``; with ``trump_per_seat`` (R9.35) at most 4 players, one
        suit each; with ``reserve`` (R9.40) as many as get a hand and a reserve."""
        seats = super().player_range()
        stop = seats.stop
        if self.trump_per_seat:
            stop = min(stop, 5)
        if self.jokers == "volshebny":  # R9.49: the cards go to the one opponent
            stop = min(stop, 3)
        if self.reserve:  # R9.40: a hand and a reserve each
            stop = min(stop, self.deck // (self.hand_size + self.reserve_size) + 1)
        return range(seats.start, stop)


#: the readings of ``Rules.jokers`` (R9.22, R9.33, R9.44; docs/rules.md says what each beats)
JOKER_READINGS = ("beat_all", "novosibirsk", "by_colour", "by_colour_no_trump", "own_colour",
                  "estonsky", "volshebny")


ATTACK = register_family(Rules, "durak_edu.games.core.game:AttackGame", "R1–R6")  # the core (issue 25)

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

# --- the variant gallery (R9): house rules as options on this engine -----------------------------

register("bezkozyrny", "No-trump durak", "Бескозырный дурак", "R9.1", """
    Podkidnoy without trumps: a card is beaten only by a higher card of its own suit, and the
    player after the dealer leads.""", Rules(trump="none"))
register("bezmastny", "Suitless durak", "Безмастный дурак", "R9.2", """
    Suits count only for the trump: any card of a higher rank beats, whatever its suit, and a
    trump beats any plain card; a trump falls only to a higher trump.""", Rules(suitless=True))
register("naval", "Naval (the whole deck dealt)", "Наваленный дурак", "R9.3", """
    Podkidnoy dealt as in navalenny: the whole deck is shared out evenly at the start, so there
    is (almost) no talon; the lowest trump leads.""", Rules(deal_all=True))
register("chukotsky", "Chukchi durak (no talon)", "Чукотский дурак", "R9.4", """
    Podkidnoy in which, once six cards each are dealt and the trump shown, the rest of the
    deck, trump card and all, leaves the game: you play only the cards you were dealt.""",
         Rules(talon_removed=True))
register("pustoy", "Empty-hand drawing", "Пустой дурак", "R9.5", """
    Podkidnoy in which you draw from the talon only when your hand is empty, and then up to
    six cards.""", Rules(draw_only_when_empty=True))
register("zanudny", "Tedious durak (highest card leads)", "Занудный дурак", "R9.6", """
    Podkidnoy in which you may open a bout only with cards of your highest rank; throwing in
    and beating are as usual.""", Rules(attack_with_highest=True))
register("tryoshka", "Threes (three-card attacks)", "Трёшка", "R9.7", """
    Podkidnoy in which every attack opens with three cards of any ranks, or with all you hold
    if fewer (and never more than the defender can face).""", Rules(attack_shape="three"))
register("s_par", "With pairs", "Дурак с пар", "R9.8", """
    Podkidnoy with five cards each, where an attack is one card, a pair plus one card, or two
    pairs plus one card (the shapes of simple durak, reading C).""",
         Rules(hand_size=5, attack_shape="pairs"))
register("s_grupp", "With groups", "Дурак с групп", "R9.8", """
    As with pairs, but a group of two, three or four cards of one rank may also open alone;
    nothing is added to a three or a four.""", Rules(hand_size=5, attack_shape="groups"))
register("dobry", "Kind durak (the taker keeps his turn)", "Добрый дурак", "R9.9", """
    Podkidnoy in which a defender who takes does not lose his turn: he attacks next.""",
         Rules(taker_keeps_turn=True))
register("albansky", "Albanian durak (aces first)", "Албанский дурак", "R9.11", """
    Podkidnoy dealt from a deck arranged aces first, then kings, queens and so on down, not
    shuffled; a seed only orders the suits within each rank.""",
         Rules(aces_first=True))
register("krugovoy", "Round durak (hands passed left)", "Круговой дурак", "R9.12", """
    Podkidnoy in which, after every bout and the drawing, each player hands his whole hand to
    the player on his left.""", Rules(pass_hands_left=True))
register("otboyny", "Bito-back durak", "Отбойный дурак", "R9.13", """
    Podkidnoy in which every second bito is not discarded but shuffled back into the talon,
    while there is a talon; so the game runs longer.""", Rules(every_second_bito_back=True))
register("kitaysky", "Chinese durak", "Китайский дурак", "R9.16", """
    The naval deal; the holder of the nine of diamonds leads. Once a defender has beaten with
    the 9♦ nobody may throw in, and a defender who fails takes only the first attack card: the
    rest go to the discard pile.""",
         Rules(deal_all=True, first_lead="nine_of_diamonds", nine_of_diamonds_stops_throw_ins=True,
               take_first_only=True))
register("bez_nazvaniya", "Chinese durak, passing on", "Без названия", "R9.48", """
    Chinese durak in which a defender who fails takes only the first attack card, and the
    other cards he has not beaten pass to the next player, who must beat them or take the
    first of them in the same way; the beaten pairs go to the discard pile.""",
         Rules(deal_all=True, first_lead="nine_of_diamonds", nine_of_diamonds_stops_throw_ins=True,
               take_first_only=True, rest_passes_on=True))
register("tuzovy", "Aces durak", "Тузовый дурак", "R9.14", """
    An ace is beaten only by a trump, and by any trump: even the trump ace falls to the
    lowest trump, so it is a blank rather than the unbeatable card.""",
         Rules(ace_beaten_by_any_trump=True))
register("korolevsky", "Royal durak", "Королевский дурак", "R9.15", """
    The lowest rank (the sixes) can be beaten only by an ace: the ace of its suit, or the trump
    ace, which beats any six.""", Rules(lowest_only_by_ace=True))
register("besppodkidny", "Perevodnoy without throw-ins", "Бесподкидной дурак", "R9.20", """
    Perevodnoy in which nobody throws in: the attack is only what the opener and the
    transfers put down.""", Rules(transfer=True, throw_in="none"))
register("nevidimy", "Invisible durak", "Невидимый дурак", "R9.23", """
    Podkidnoy in which everyone knows the trump suit but the trump card lies face down under
    the talon until only one card is left.""", Rules(trump_card_hidden=True))
register("arifmeticheskiy", "With an arithmetic progression", "Дурак с арифметической "
         "прогрессией", "R9.25", """
    Each player is dealt one card; after the first bout hands are refilled to two, after the
    second to three, and so on while the talon lasts.""",
         Rules(hand_size=1, progressive_refill=True))
register("korolevsky_reverse", "Royal durak, reversed", "Королевский дурак (обратный)", "R9.30", """
    The converse of royal durak: an ace can be beaten only by the lowest card of its suit, or
    by a trump if it is not the trump ace (which falls only to the lowest trump).""",
         Rules(highest_only_by_lowest=True))
register("korolevsky_full", "Royal durak in full", "Королевский дурак (полный)", "R9.43", """
    Both royal rules in one game: the lowest rank (the sixes) can be beaten only by an ace (the
    ace of its suit, or the trump ace), and an ace only by the lowest card of its suit, or by a
    trump if it is not the trump ace.""",
         Rules(lowest_only_by_ace=True, highest_only_by_lowest=True))
register("ace_not_trump", "No ace for trump", "Туз не козырь", "R9.31", """
    Podkidnoy in which an ace may not be the turned trump card: it goes back into the middle of
    the talon and the next card is turned.""", Rules(ace_put_back=True))
register("kozyrny", "Trump-swap durak", "Козырный дурак", "R9.36", """
    Podkidnoy in which, after every bito, its last card changes places with the trump card
    under the talon and becomes the new trump, while the trump card lies there.""",
         Rules(bito_swaps_trump=True))
register("six_beats_ace", "Sixes beat aces", "Шестёрка бьёт туза", "R9.32", """
    Podkidnoy in which a six also beats the ace of its own suit; the trump six beats even the
    trump ace.""", Rules(six_beats_ace=True))

# R9.22, R9.33: the jokers (53 or 54 cards)
register("one_joker", "One-joker durak", "Одноджокерный дурак", "R9.22", """
    Podkidnoy with twos to aces and one joker (53 cards): the joker beats any card and nothing
    beats it. It has no rank: it opens a bout alone and is never thrown in or transferred.""",
         Rules(deck=53))
register("two_joker", "Two-joker durak", "Двухджокерный дурак", "R9.22", """
    As one-joker durak with both jokers (54 cards): each joker beats any card, the red joker
    the black one too; nothing else beats a joker.""", Rules(deck=54))
register("two_joker_novosibirsk", "Two-joker durak, Novosibirsk", "Двухджокерный новосибирский",
         "R9.22", """
    54 cards. A joker beats only aces, the trump ace included, and falls to any card but an
    ace or the other joker. A joker turned for trump means no trump, and then the jokers beat
    any card.""", Rules(deck=54, jokers="novosibirsk"))
register("jokers_by_colour", "Jokers by colour", "Джокеры по цвету", "R9.33", """
    54 cards. The black joker beats the spades and clubs, the red one the diamonds and hearts;
    the joker of the trump's colour is the highest card. A joker turned for trump means no
    trump (the rules contract); jokers="by_colour" makes its colour's suits trumps instead.""",
         Rules(deck=54, jokers="by_colour_no_trump"))
register("estonsky", "Estonian durak", "Эстонский дурак", "R9.47", """
    Perevodnoy with the rules of perevodnoy 2 and 3 (transfer after beating has begun; the new
    defender beats only the cards the transfer added), 52 cards from twos to aces and two
    jokers. A group of one rank may be led or thrown in at once. A joker beats any card but a
    two or a three, which beat it; an ace is also beaten by any two.""",
         Rules(deck=54, jokers="estonsky", two_beats_ace=True, transfer=True,
               transfer_after_beating=True, transfer_beat_only_new=True))
register("volshebny", "Magic durak", "Волшебный дурак", "R9.49", """
    Perevodnoy with 52 cards from twos to aces and two jokers. A joker beats any card and any
    card beats a joker. Lead the black joker and you give your opponent any two of your cards;
    lead the red joker and he gives you any two of his. Transfer a joker with the other joker,
    or lead both, and you give five. Short of cards to give, you draw the rest from the talon;
    if the talon cannot make them up, the joker's power is off. Left with only a joker at the
    end, you lose.""", Rules(deck=54, jokers="volshebny", transfer=True))
# R9.50, R9.51: the new card kinds, wild cards and the mega card (issue 27)
register("stolichny", "Capital durak", "Столичный дурак", "R9.51", """
    Estonian durak with a third kind of card: 52 cards, two jokers and the mega card (55). The
    mega card beats any card, the jokers too, but a four, and only a four beats it. It has no
    rank: it opens a bout alone and is never thrown in or transferred.""",
         Rules(deck=55, jokers="estonsky", two_beats_ace=True, transfer=True,
               transfer_after_beating=True, transfer_beat_only_new=True))
register("diky", "Wild durak", "Дикий дурак", "R9.50", """
    Podkidnoy with 58 cards: twos to aces, two jokers and four wild cards. A wild card covers
    any card and falls to any card; a joker beats any card, and when a joker beats, the bout
    ends at once as bito. Jokers and wild cards have no rank: they open a bout alone and are
    never thrown in.""", Rules(deck=58, joker_beat_ends_bout=True))
# R9.21, R9.29: the two-deck games (72 cards, two of every card)
register("bolshoy", "Big durak (two decks)", "Большой дурак", "R9.21", """
    Podkidnoy with two 36-card decks, 72 cards, so every card has an identical twin; two
    identical cards cannot beat each other, and a player who holds 52 cards or more loses at
    once.""", Rules(deck=72, hand_loses_at=52))
register("dvoynoy", "Double durak (two decks)", "Двойной дурак", "R9.29", """
    Podkidnoy with two 36-card decks, in which a card *does* beat its identical twin, and once
    it has nobody may throw in any more; 52 cards in one hand lose at once.""",
         Rules(deck=72, twin_beats=True, hand_loses_at=52))
register("amerikansky", "American durak (throwing in against yourself)", "Американский дурак",
         "R9.10", """
    Podkidnoy in which, when every attacker has passed and all is beaten, the defender may throw
    in cards of the ranks on the table against himself, and must then beat them or take.""",
         Rules(defender_throws_in=True))
register("vtoraya_popytka", "Second try", "Дурак «Вторая попытка»", "R9.17", """
    Podkidnoy in which a defender facing a card he cannot beat may, once a bout, draw one card
    from the talon and defend on with it and the rest of his hand, or take.""",
         Rules(defender_draws=True))
register("pokerny", "Poker durak (swap with the talon)", "Покерный дурак", "R9.19", """
    Podkidnoy in which the defender, before beating anything, may once a bout swap one or two
    of his cards for as many from the top of the talon; combine with the second try by adding
    defender_draws=True.""", Rules(defender_swaps=True))
register("trump_six_swap", "The trump six for the trump card", "Шестёрка козырей за козырь",
         "R9.26", """
    Podkidnoy in which the holder of the six of trumps may, on his turn, give it for the trump
    card under the talon while a card still lies over it.""", Rules(trump_six_exchange=True))
register("armyansky", "Armenian durak (attacking from the talon)", "Армянский дурак", "R9.18",
         """
    Podkidnoy in which, once a bout, an attacker may play the top card of the talon, unseen till
    it is turned, as his attack or throw-in; a card whose rank is not on the table goes to his
    hand and he passes.""", Rules(talon_attack=True))
register("pribaltiysky", "Baltic durak (beat and hit back)", "Прибалтийский дурак", "R9.39", """
    Podkidnoy in which a defender beating a lone attack card may add cards of his beating card's
    rank: the beaten card goes to the discard pile and the attacker must now beat the beating
    card and the added ones, the bout turned round.""", Rules(counter_attack=True))
# R9.27, R9.28, R9.38 (the scoring forms, the redeal, krestovy)
register("ochkovy", "Points durak (most cards beaten)", "Очковый дурак", "R9.28", """
    Podkidnoy played for points: each bout a defender beats off scores him the attack cards he
    beat (none if he takes). Whoever has beaten the most cards wins, even if he is left
    holding cards; the fewest points make the durak.""", Rules(scoring="ochkovy"))
register("pogonny", "Epaulettes durak (most epaulettes hung)", "Погонный дурак", "R9.28", """
    Podkidnoy played for epaulettes: a take of exactly two cards of one rank is an epaulette
    for whoever laid the second of them. The most epaulettes win; level on epaulettes, the
    higher ones win.""", Rules(scoring="pogonny"))
register("figurny", "Figure-card durak", "Фигурный дурак", "R9.28", """
    Podkidnoy played for figure cards: each bout a defender beats off scores him the tens,
    jacks, queens, kings and aces he beat (none if he takes). The most figure cards win.""",
         Rules(scoring="figurny"))
register("s_peresdachey", "With a redeal for five of a suit", "Дурак с пересдачей", "R9.27", """
    Podkidnoy in which a deal that gives anyone five or six cards of one suit does not stand:
    the cards are shuffled and dealt again, until no hand holds five of a suit.""",
         Rules(redeal_five_of_a_suit=True))
register("krestovy", "Clubs durak", "Крестовый дурак", "R9.38", """
    First the deck is drawn card by card: each round everyone draws one, the highest starts a
    pile, and in turn each lays a card one rank higher or takes the pile. Then the attack–defence
    Japanese durak with clubs in place of spades (a club beats and is beaten only by a higher
    club), diamonds always trumps.""",
         Rules(clubs_apart=True, trump="fixed:D", one_higher_phase=True))
# -- R9.24, R9.35, R9.37, R9.40: trumps and hands that change in play --------------------------
register("potayny", "Secret-trump durak", "Потайной дурак", "R9.24", """
    Podkidnoy in which a second card is set aside face down when the trump is turned; when the
    talon, trump card and all, is used up, it is turned and its suit is the new trump.""",
         Rules(second_trump=True))
register("dvukhkozyrny", "Two-trump durak", "Двухкозырной дурак", "R9.35", """
    Every player has his own trump suit: the trump card's suit for the first player, the next
    suits for the others. An opponent's trump is no trump for you: beat it with your trump or
    a higher card of its suit.""", Rules(trump_per_seat=True, max_players=4))
register("magadansky", "Magadan durak", "Магаданский дурак", "R9.37", """
    Podkidnoy in which only the first card dealt to each player may be played at first; each
    bito he beats off unlocks one more. Drawn and taken cards are playable at once, and every
    card unlocks when the talon runs out.""", Rules(dealt_locked=True))
register("s_prikupom", "With a reserve", "Дурак с прикупом", "R9.40", """
    Podkidnoy in which each player is also dealt three cards face down, unseen even by him;
    when the talon is empty and his hand runs out, he takes them up and plays on.""",
         Rules(reserve=True))
