"""Build a game from the hands you want to show: positions for lessons, exercises and tests.

>>> g = from_hands("podkidnoy", ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥")
>>> str(g.trump_card), g.to_act, g.talon_size
('6♥', 0, 24)
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any  # rule options, passed on to new_game, which checks them

from ..cards import Card, cards, deck as _deck
from ..rules import trump_option, variant as _variant, with_options
from .core.game import AttackGame
from .base import Game
from .new import new_game

__all__ = ["deal_order", "from_hands", "from_position"]


#: a hand as the set-up functions take it: cards, or one text of them (``"7♠ Q♠ 7♣"``)
HandLike = str | Sequence[Card | str]


def deal_order(hands: Sequence[HandLike], turned: HandLike | None = None, talon: HandLike = "",
               size: int = 36) -> list[Card]:
    """The deck order (top card first) that deals ``hands`` (seat 0 first; the dealer is the
    last seat, R1.1), then turns ``turned`` (if given, R1.2), then leaves ``talon`` on top of the
    talon; the remaining cards follow in canonical order."""
    hs = [cards(h) for h in hands]
    n, h = len(hs), len(hs[0]) if hs else 0
    if not hs or any(len(x) != h for x in hs):
        raise ValueError("hands: give every seat a hand of the same size")
    order = [hs[i % n][i // n] for i in range(n * h)]  # R1.1: one card at a time
    top = list(cards(talon)) if talon else []
    head = order + ([cards(turned)[0]] if turned else []) + top
    seen = set()
    for c in head:
        if c in seen:
            raise ValueError(f"hands: {c} is given twice")
        seen.add(c)
    return head + [c for c in _deck(size) if c not in seen]


def from_hands(variant: str, hands: Sequence[HandLike], turned: HandLike | None = None,
               talon: HandLike = "", size: int | None = None, **options: Any) -> Game:
    """``new_game`` dealt so that seat *i* holds ``hands[i]``; ``turned`` is the trump card and
    ``talon`` the top of the talon. Options as for ``new_game``. Each hand must be exactly what
    the deal gives a seat (``hand_size`` cards; the whole deck shared out in the circle game):
    a short hand is refused, never filled up silently.

    >>> from_hands("podkidnoy", ["6♠ 7♠", "6♣ 7♣"])
    Traceback (most recent call last):
    ...
    ValueError: hands: seat 0 is given 2 cards, but a podkidnoy deal gives him 6 (hand_size=6, R1.1): give full hands, or use from_position for a position in the middle of a game
    """
    if size is None:
        size = with_options(_variant(variant).rules, {k: v for k, v in options.items()
                                                     if k == "deck"}).deck
    if options.get("one_higher_phase", getattr(_variant(variant).rules, "one_higher_phase", False)):
        raise ValueError(f"hands: {variant} deals nothing — its first phase draws the deck card "
                         "by card (R9.38); give the order drawn as new_game(variant, "
                         "deck_order=...), or a second-phase position with from_position")
    g = new_game(variant, players=len(hands), deck_order=deal_order(hands, turned, talon, size),
                 **{k: v for k, v in options.items() if k != "deck"})
    if getattr(g, "redeals", ()):
        raise ValueError(
            f"hands: in {variant} a deal that gives a hand five cards of one suit is dealt again "
            "(R9.27), so these hands would not stand; to show the redeal, deal them with "
            "new_game(variant, deck_order=deal_order(hands, turned))")
    for seat, (asked, dealt) in enumerate(zip(hands, g.hands)):
        size = g.rules.hand_size or len(dealt)  # 0: the whole deck is shared out (R7.1)
        if len(cards(asked)) != size:
            raise ValueError(
                f"hands: seat {seat} is given {len(cards(asked))} cards, but a {variant} deal "
                f"gives him {size} (hand_size={g.rules.hand_size}, R1.1): give full hands, or "
                "use from_position for a position in the middle of a game")
    return g


def from_position(variant: str, hands: Sequence[HandLike], *, trump: str | None = None,
                  trump_card: HandLike | None = None, talon: HandLike = "", attacker: int = 0,
                  first_bout: bool = False, names: Sequence[str] | None = None,
                  **options: Any) -> AttackGame:
    """An attack–defence position in the middle of a game, for endgames and exercises.

    ``hands`` as in ``from_hands`` (any sizes, even empty); ``talon`` the cards left to draw,
    top first; ``trump_card`` the turned card under them (drawn last), or ``trump`` a suit letter
    (or ``"none"``) when no card shows it. Every other card of the deck is in the discard pile,
    seen by all (R0). ``attacker`` opens the next bout; it is not the first bout of the game
    unless ``first_bout=True`` (R2.6). Such a game has no deck order, so it cannot be recorded.

    The position is settled as play would leave it, so it always has a move or is over: with the
    talon empty, a player without cards is out (R2.10), an attacker who is out hands the attack
    to the next player who holds cards (R2.8), and if at most one player holds cards the game is
    over (R2.11). A position play cannot reach is refused: an empty hand while the talon still
    has cards (everyone draws before a bout, R2.9), or no cards anywhere.

    >>> g = from_position("podkidnoy", ["6♠ 6♣", "A♦ K♦"], trump="H")
    >>> g.talon_size, len(g.discard), g.to_act, [str(a) for a in g.legal_actions()][-1]
    (0, 32, 0, 'attack 6♠ 6♣')
    """
    if trump is not None:  # a suit letter, "none", or the rules' own "fixed:X"
        options["trump"] = trump_option(trump)
        trump = None
    try:
        g = new_game(variant, players=len(hands), seed=0, names=names, **options)
    except ValueError as exc:  # the position's trump against the preset's own options (R9.24, …)
        raise ValueError(f"position: {exc}") from None
    if g.family != "attack":
        raise ValueError(f"from_position builds attack–defence positions; {variant!r} is of the "
                         f"{g.family} family")
    g = typing.cast(AttackGame, g)  # (or the wide copy's AttackGame: 72 cards)
    g._set_position([cards(h) if h else () for h in hands], cards(talon) if talon else (),
                    cards(trump_card)[0] if trump_card else None, trump, attacker, first_bout)
    return g
