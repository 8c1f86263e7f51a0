"""Rules options and the registry of named variants.

A variant is data: a ``Rules`` value (one frozen dataclass per rule family) plus a name, titles
and a summary. ``new_game(name, **options)`` starts from the preset and overrides options.

>>> VARIANTS["perevodnoy"].rules.transfer
True
>>> VARIANTS["podkidnoy"].title_ru
'Подкидной дурак'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK_SIZES, Suit

__all__ = ["Rules", "RulesBase", "Variant", "VARIANTS", "register", "variant", "with_options",
           "parse_trump", "trump_option"]

#: the prefix of a trump suit named before the deal, ``trump="fixed:D"`` (R1.2)
FIXED = "fixed:"


def _choice(name: str, value: Any, allowed: tuple) -> None:
    if value not in allowed:
        raise ValueError(f"option {name}={value!r} is not valid; choose one of "
                         + ", ".join(repr(a) for a in allowed))


def parse_trump(trump) -> "Suit | str":
    """The ``trump`` option (R1.2), read here for every module: ``"turned"``, ``"none"``, or the
    suit of ``"fixed:X"``. Anything else raises ``ValueError`` saying what is allowed.

    >>> parse_trump("fixed:D"), parse_trump("none")
    (Suit.DIAMONDS, 'none')
    """
    if trump in ("turned", "none"):
        return trump
    if isinstance(trump, str) and trump.startswith(FIXED):
        return Suit.parse(trump[len(FIXED):])
    raise ValueError("use 'turned', 'none' or 'fixed:X' with X one of S C D H")


def trump_option(trump: str) -> str:
    """A trump given as a suit letter (``"H"``) as the option ``"fixed:H"``; ``"none"`` and a
    ``"fixed:X"`` already written out are kept as they are.

    >>> trump_option("H"), trump_option("none"), trump_option("fixed:D")
    ('fixed:H', 'none', 'fixed:D')
    """
    return trump if trump == "none" or trump.startswith(FIXED) else FIXED + trump


class RulesBase:
    """What every family's options class shares: the trump setting and the table size."""

    #: the clause a refused table size cites
    players_clause = "R0"

    @property
    def fixed_trump(self) -> Suit | None:
        """The suit of ``trump="fixed:X"``, else ``None``."""
        trump = parse_trump(getattr(self, "trump", "none"))
        return trump if isinstance(trump, Suit) else None

    def player_range(self) -> range:
        """How many players these rules allow (R0: 6 with up to 36 cards, 8 with 52, or
        ``max_players``; never more than the deck can deal a full hand to)."""
        most = self.max_players or (6 if self.deck <= 36 else 8)
        cap = min(most, self.deck // self.hand_size) if self.hand_size else most
        return range(self.min_players, cap + 1)

    def _check_deck_and_trump(self) -> None:
        """The deck size and the ``trump`` option (R0, R1.2), shared by the families."""
        if self.deck not in DECK_SIZES or self.deck in (53, 54):
            raise ValueError(f"option deck={self.deck!r} is not valid for this family; "
                             "choose one of 20, 24, 32, 36, 52")
        try:
            parse_trump(self.trump)
        except ValueError as exc:
            raise ValueError(f"option trump={self.trump!r} is not valid: {exc}") from None

    def _check_seats_and_lead(self) -> None:
        """A game needs two players (R0); and ``next_game_lead="to_fool"`` cannot be combined with
        ``first_lead="left_of_dealer"``, which always gives the lead to the player after the
        dealer (R1.3, R7.5): the combination would be silently ignored, so it is refused."""
        if self.min_players < 2:
            raise ValueError(f"option min_players={self.min_players!r} must be at least 2: a game "
                             f"needs two players ({self.players_clause})")
        if self.max_players is not None and self.max_players < self.min_players:
            raise ValueError(f"option max_players={self.max_players!r} is below "
                             f"min_players={self.min_players!r}")
        if (getattr(self, "first_lead", None) == "left_of_dealer"
                and getattr(self, "next_game_lead", None) == "to_fool"):
            raise ValueError("options first_lead='left_of_dealer' and next_game_lead='to_fool' "
                             "contradict each other: with left_of_dealer the player after the "
                             f"dealer always leads, and the durak deals ({self.lead_clause})")

    #: the clause that says who leads the next game of a series
    lead_clause = "R1.3"

    def table_sizes(self) -> list[int]:
        """Every number of players these rules can seat (teams need an even number, R5)."""
        return [p for p in self.player_range() if not (getattr(self, "teams", False) and p % 2)]

    def check_players(self, players: int) -> None:
        """Refuse an impossible table size, saying why."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be a whole number, not {players!r}")
        ok = self.player_range()
        if players not in ok:
            why = (f"{players} players need {players * self.hand_size} cards for the deal but the "
                   f"deck has {self.deck}" if players * self.hand_size > self.deck
                   else f"this variant is for {ok.start} to {ok.stop - 1} players"
                   if ok.stop - 1 > ok.start else f"this variant is for {ok.start} players")
            raise ValueError(f"cannot deal for {players} players: {why} ({self.players_clause})")
        if getattr(self, "teams", False) and players % 2:
            raise ValueError(f"team play needs an even number of players (2×2 or 3×3), not {players} (R5)")


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
        _choice("first_lead", self.first_lead, ("lowest_trump", "left_of_dealer"))
        _choice("next_game_lead", self.next_game_lead, ("from_fool", "to_fool"))
        _choice("attack_shape", self.attack_shape,
                ("rank", "pair_plus_one", "pairs", "pair_only", "one_or_two"))
        _choice("throw_in", self.throw_in, ("all", "neighbours", "attacker", "none"))
        _choice("throw_in_ranks", self.throw_in_ranks, ("table", "attack"))
        _choice("draw_order", self.draw_order, ("attacker_first", "clockwise"))
        _choice("spade_turned", self.spade_turned, ("no_trump", "reshuffle"))
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


@dataclass(frozen=True)
class Variant:
    """A named preset: the rules of one game, with its titles, summary and clause."""

    name: str
    family: str
    title: str
    title_ru: str
    summary: str
    rules: Any
    clause: str
    tags: tuple[str, ...] = field(default=())

    def __repr__(self) -> str:
        return f"Variant({self.name!r}, {self.title!r}, {self.clause})"


VARIANTS: dict[str, Variant] = {}


def register(name: str, title: str, title_ru: str, clause: str, summary: str, rules) -> Variant:
    v = Variant(name, rules.family, title, title_ru, " ".join(summary.split()),
                rules.validate(), clause)
    VARIANTS[name] = v
    return v


def variant(name: str) -> Variant:
    """Look a variant up by name; an unknown name lists the valid ones."""
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {name!r}; choose one of: "
                         + ", ".join(sorted(VARIANTS))) from None


def with_options(rules, options: dict):
    """The rules with some options changed; an unknown option lists the valid ones."""
    if not options:
        return rules
    names = [f.name for f in dataclasses.fields(rules)]
    for key in options:
        if key not in names:
            raise ValueError(f"unknown option {key!r} for the {rules.family} family; valid "
                             "options: " + ", ".join(names))
    return dataclasses.replace(rules, **options).validate() if options else rules


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
