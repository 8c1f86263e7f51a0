"""Card counting from one seat: exact probabilities over a ``View`` (R0).

Everything is public except hands and the talon (R0), so a seat knows its own hand, the
discard pile, the table, the turned trump and every card it saw picked up; ``View.known``
lists the cards known to be in each other hand and ``View.unknown`` the rest. Those unknown
cards fill the places the seat cannot see: ``view.unknown_in_hand(s)`` in each other hand and
``view.unknown_in_talon`` in the talon. Every way to place them is counted as equally likely,
so an unknown card is in seat ``s``'s hand with probability ``unknown_in_hand(s) / len(unknown)``
and the questions "has he a trump?", "can he beat this?" are hypergeometric.

Every family's ``View`` is served: the table is attack–defence pairs (R2) or a pile of single
cards (circle R7, mau-mau R8), and cards known to lie in the talon (``View.in_talon``: the turned
trump, a spade put back, R6; a mau-mau talon turned over face known, R8.2) are nobody's. "Can
beat" follows the game's own rule (``View.beats``: R2.3, R6, R7.1); the mau-mau family has none,
so ``p_can_beat`` refuses its views with a ``ValueError``, and ``p_has_trump`` is 0 there (no
trump, R8.1).

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> unknown_count(g, 0)            # R10: 36 − 6 − 1 = 29
29
>>> v = g.view(0)
>>> p_holds(v, v.unknown[0], 1)    # 6 of the 29 unknown places are in seat 1's hand
Fraction(6, 29)

What the counting leaves out: what the play itself suggests. R1.3 tells everyone that the first
attacker holds the lowest trump dealt, a player who takes may have had nothing to beat with,
and so on; these helpers use only where the cards may be, not why a player chose a move.
"""

from __future__ import annotations

from fractions import Fraction

from ..cards import Card
from ..games.base import Game, View
from .exact import p_at_least_one
from .views import beaters, check_beating, check_card, check_seat, game_cards, unknown_places

__all__ = [
    "unknown_count", "unknown_to_everybody",
    "p_holds", "p_holds_all", "p_has_trump", "p_can_beat",
]


def _p_holds_one_of(view: View, seat: int, wanted: set[Card]) -> Fraction:
    """P[``seat`` holds at least one card of ``wanted``]."""
    own = view.hand if seat == view.seat else view.known.get(seat, ())
    if any(c in wanted for c in own):
        return Fraction(1)
    if seat == view.seat:
        return Fraction(0)
    slots = unknown_places(view)
    hidden = sum(1 for c in view.unknown if c in wanted)
    return p_at_least_one(len(view.unknown), hidden, slots[seat])


# -- the questions -------------------------------------------------------------------------------------

def unknown_count(g: Game | View, seat: int | None = None) -> int:
    """How many cards ``seat`` cannot place (R0, R10): ``len(g.view(seat).unknown)``.

    ``g`` is a game (then ``seat`` is required) or a ``View`` (``seat`` may be left out).

    >>> from durak_edu import new_game
    >>> unknown_count(new_game("podkidnoy", players=2, seed=1), 1)
    29
    """
    if isinstance(g, View):
        if seat is not None and seat != g.seat:
            raise ValueError(f"seat={seat!r}: this View is seat {g.seat}'s; "
                             "ask the game for the other seat's view")
        return len(g.unknown)
    if not isinstance(g, Game):
        raise ValueError(f"g must be a game or a View, not {type(g).__name__}")
    if seat is None:
        raise ValueError("seat: say whose knowledge to count (a seat number)")
    return len(g.view(seat).unknown)


def unknown_to_everybody(g: Game) -> tuple[Card, ...]:
    """The cards no seat can place: face down in the talon (R10: 23 at the start of a
    two-player game; the turned trump is seen by all).

    >>> from durak_edu import new_game
    >>> len(unknown_to_everybody(new_game("podkidnoy", players=2, seed=1)))
    23
    """
    if not isinstance(g, Game):
        raise ValueError(f"g must be a game, not {type(g).__name__}")
    common = set(g.view(0).unknown)
    for seat in range(1, g.players):
        common &= set(g.view(seat).unknown)
    return tuple(sorted(common))


def p_holds(view: View, card: Card | str, seat: int) -> Fraction:
    """P[``seat`` holds ``card``], seen from ``view.seat`` (R0).

    1 for a card in the seat's own hand or known to be in ``seat``'s hand; 0 for a card seen
    elsewhere (another hand, the table, the discard pile, the trump card under the talon);
    ``unknown_in_hand(seat) / len(unknown)`` for an unknown card.

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=6, seed=7)
    >>> v = g.view(0)
    >>> p_holds(v, g.trump_card, 5)    # R1.2: the dealer keeps the turned card
    Fraction(1, 1)
    >>> p_holds(v, v.unknown[0], 5), p_holds(v, v.unknown[0], 1)
    (Fraction(5, 29), Fraction(6, 29))
    """
    card = check_card(view, card)
    seat = check_seat(view, seat)
    return _p_holds_one_of(view, seat, {card})


def p_holds_all(view: View, seat: int) -> dict[Card, Fraction]:
    """``p_holds`` for every card of the game (e.g. to shade a card-counting chart).

    The values add up to ``view.hand_sizes[seat]``.

    >>> from durak_edu import new_game
    >>> probs = p_holds_all(new_game("podkidnoy", seed=7).view(0), 1)
    >>> len(probs), sum(probs.values())
    (36, Fraction(6, 1))
    """
    seat = check_seat(view, seat)
    return {c: _p_holds_one_of(view, seat, {c}) for c in sorted(game_cards(view))}


def p_has_trump(view: View, seat: int) -> Fraction:
    """P[``seat`` holds at least one trump] (R1.2), seen from ``view.seat``. A trump is a card of
    ``view.trump_suits`` (two suits after a joker was turned in R9.33); a joker is never one
    (R9.22).

    1 if a trump is known to be in that hand; otherwise at least one of the unknown trumps
    among its ``unknown_in_hand(seat)`` unknown cards: ``p_at_least_one``. 0 without a trump
    (``trump="none"``, and every mau-mau game, R8.1).

    >>> from durak_edu import new_game, cards
    >>> from durak_edu.prob import p_at_least_one
    >>> g = new_game("podkidnoy", seed=7)
    >>> v = g.view(0)
    >>> hidden = sum(c.suit == v.trump for c in v.unknown)
    >>> p_has_trump(v, 1) == p_at_least_one(29, hidden, 6)
    True
    """
    seat = check_seat(view, seat)
    trumps = {c for c in game_cards(view) if view.is_trump(c)}  # two suits in R9.33; no joker
    if not trumps:
        return Fraction(0)
    return _p_holds_one_of(view, seat, trumps)


def p_can_beat(view: View, card: Card | str, seat: int) -> Fraction:
    """P[``seat`` holds at least one card that beats ``card``] (R2.3; R6 in spades by spades;
    R7.1 in the circle family, through ``view.beats``), seen from ``view.seat``. A mau-mau view
    (R8: cards match, none beats another) is refused with a ``ValueError``.

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", seed=7)
    >>> v = g.view(0)
    >>> g.trump_card                   # hearts are trumps in this deal
    Card.parse('K♥')
    >>> p_can_beat(v, "A♥", 1)         # nothing beats the trump ace (R2.3)
    Fraction(0, 1)
    >>> p_can_beat(v, "K♥", 1)         # only A♥, one of the 29 unknown cards
    Fraction(6, 29)
    """
    card = check_card(view, card)
    seat = check_seat(view, seat)
    check_beating(view, "p_can_beat")
    return _p_holds_one_of(view, seat, beaters(view, card))
