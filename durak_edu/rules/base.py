"""What the options classes of every rule family share: the trump setting, the deck and the
table size, and the checks of an option's value.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

from ..cards import DECK_SIZES, Suit

__all__ = ["RulesBase", "check_choice", "parse_trump", "trump_option", "FIXED"]

#: the prefix of a trump suit named before the deal, ``trump="fixed:D"`` (R1.2)
FIXED = "fixed:"


def parse_trump(trump: object) -> "Suit | str":
    """The ``trump`` option (R1.2), read here for every module: ``"turned"``, ``"none"``, or the
    suit of ``"fixed:X"``. Anything else raises ``ValueError`` saying what is allowed.

    >>> parse_trump("fixed:D"), parse_trump("none")
    (Suit.DIAMONDS, 'none')
    """
    if trump == "turned" or trump == "none":
        return str(trump)
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


def check_choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    """Refuse an option whose value is not one of ``allowed``, listing them."""
    if value not in allowed:
        raise ValueError(f"option {name}={value!r} is not valid; choose one of "
                         + ", ".join(repr(a) for a in allowed))



_R = TypeVar("_R", bound="RulesBase")


class RulesBase:
    """What every family's options class shares: the trump setting and the table size.

    Each family's options class is a frozen dataclass with (at least) these fields.
    """

    # the fields every family has (declared here, defined by each family's dataclass)
    deck: int
    hand_size: int
    min_players: int
    max_players: int | None
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    #: the family's name (``Variant.family``), set by each options class
    family: ClassVar[str] = ""
    #: the clause a refused table size cites
    players_clause = "R0"
    #: the decks beyond R0's one-deck, jokerless ones that this family plays: the jokers (53, 54,
    #: R9.22; 55 with the mega card, R9.51; 58 with the wild cards, R9.50) and two decks (72,
    #: R9.21); the other families refuse them
    special_decks: ClassVar[tuple[int, ...]] = ()

    def validate(self: _R) -> _R:
        """Raise ``ValueError`` naming the first option with an impossible value; else ``self``."""
        raise NotImplementedError

    @property
    def fixed_trump(self) -> Suit | None:
        """The suit of ``trump="fixed:X"``, else ``None``."""
        trump = parse_trump(self.trump_setting)
        return trump if isinstance(trump, Suit) else None

    @property
    def trump_setting(self) -> str:
        """The ``trump`` option (R1.2), ``"none"`` for a family that has none (R8)."""
        trump: str = getattr(self, "trump", "none")
        return trump

    def player_range(self) -> range:
        """How many players these rules allow (R0: 6 with up to 36 cards, 8 with 52, or
        ``max_players``; never more than the deck can deal a full hand to)."""
        most = self.max_players or (6 if self.deck <= 36 else 8)
        cap = min(most, self.deck // self.hand_size) if self.hand_size else most
        return range(self.min_players, cap + 1)

    def _check_deck_and_trump(self) -> None:
        """The deck size and the ``trump`` option (R0, R1.2), shared by the families."""
        special = {53: "the jokers, R9.22", 54: "the jokers, R9.22", 55: "the mega card, R9.51",
                   58: "the wild cards, R9.50", 72: "two decks, R9.21"}
        if self.deck not in DECK_SIZES or (self.deck in special
                                           and self.deck not in self.special_decks):
            allowed = ", ".join(str(d) for d in sorted(DECK_SIZES)
                                if d not in special or d in self.special_decks)
            why = (f" ({special[self.deck]}, are played by the attack–defence family only)"
                   if self.deck in special else "")
            raise ValueError(f"option deck={self.deck!r} is not valid for this family{why}; "
                             f"choose one of {allowed}")
        try:
            parse_trump(self.trump_setting)
        except ValueError as exc:
            raise ValueError(f"option trump={self.trump_setting!r} is not valid: {exc}") from None

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
