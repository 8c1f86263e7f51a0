"""Reading a ``View``: where its cards are (the table, the whole game, the unknown places) and
the checks of a question asked of it, shared by ``knowledge`` (exact) and ``simulate``.
"""

from __future__ import annotations

from ..cards import Card
from ..games.base import View
from .checks import whole

__all__ = ["table_cards", "game_cards", "check_view", "check_seat", "check_card",
           "unknown_places", "check_beating", "beaters"]


def table_cards(view: View) -> set[Card]:
    """The cards on the table: attack–defence pairs (R2.3, ``(attack, beat or None)``), or the
    pile of the circle (R7.3) and mau-mau (R8.1) families, one card per place."""
    out: set[Card] = set()
    for place in view.table:
        if isinstance(place, Card):
            out.add(place)
        else:
            out.update(c for c in place if c is not None)
    return out


def game_cards(view: View) -> set[Card]:
    """Every card of the game, wherever it is (the View places each exactly once): hands,
    unknown, discard, table, the cards known to lie in the talon (the turned trump, a spade put
    back, R6; a mau-mau talon rebuilt face known, R8.2)."""
    out = set(view.hand) | set(view.unknown) | set(view.discard) | table_cards(view)
    out |= set(view.in_talon)
    for cs in view.known.values():
        out |= set(cs)
    if view.trump_card is not None:
        out.add(view.trump_card)
    return out


def check_view(view: object) -> View:
    """``view`` if it is a ``View``, or ``ValueError`` saying where one comes from."""
    if not isinstance(view, View):
        raise ValueError(f"view must be a View (from game.view(seat)), not {type(view).__name__}")
    return view


def check_seat(view: View, seat: object) -> int:
    """``seat`` checked to be a seat of the view's table."""
    view = check_view(view)
    number = whole("seat", seat)
    if number >= len(view.hand_sizes):
        raise ValueError(f"seat={number}: a {len(view.hand_sizes)}-player table has seats "
                         f"0..{len(view.hand_sizes) - 1}")
    return number


def check_card(view: View, card: Card | str) -> Card:
    """``card`` parsed and checked to be a card of the view's game."""
    view = check_view(view)
    try:
        parsed = Card.parse(card)
    except ValueError as exc:
        raise ValueError(f"card: {exc}") from None
    if parsed not in game_cards(view):
        raise ValueError(f"card={parsed}: not a card of this game's deck")
    return parsed


def unknown_places(view: View) -> dict[int, int]:
    """Where the unknown cards are: seat -> unknown places in its hand, -1 -> in the talon.

    Raises ``ValueError`` if the places do not add up to ``len(view.unknown)`` (a View that
    contradicts itself).
    """
    view = check_view(view)
    slots = {s: view.unknown_in_hand(s) for s in range(len(view.hand_sizes)) if s != view.seat}
    slots[-1] = view.unknown_in_talon
    bad = {s: m for s, m in slots.items() if m < 0}
    if bad or sum(slots.values()) != len(view.unknown):
        raise ValueError(f"view: {len(view.unknown)} unknown cards but {sum(slots.values())} "
                         f"places for them ({slots}, -1 = talon): the View contradicts itself")
    return slots


def check_beating(view: View, helper: str) -> None:
    """Refuse a "can beat" question about a game without a beating rule (mau-mau, R8)."""
    if view._beats is None:
        raise ValueError(f"{helper}: in this game no card beats another (the mau-mau family, R8, "
                         "matches suit or rank instead); it serves the attack–defence (R2.3, R6) "
                         "and circle (R7.1) families. To ask whether a seat holds a card that may "
                         "go on the pile, use p_holds for each such card")


def beaters(view: View, card: Card) -> set[Card]:
    """The cards of the game that beat ``card`` (R2.3, R6, R7.1: the View's own beating rule)."""
    mask = view._beats.beaters(card) if view._beats is not None else 0  # (None: mau-mau, R8)
    return {c for c in game_cards(view) if c.mask & mask and c != card}
