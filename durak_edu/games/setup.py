"""Build a game from the hands you want to show: positions for lessons, exercises and tests.

>>> g = from_hands("podkidnoy", ["7♠ Q♠ 7♣ J♣ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥")
>>> str(g.trump_card), g.to_act, g.talon_size
('6♥', 0, 24)
"""

from __future__ import annotations

from ..cards import cards, deck as _deck

__all__ = ["deal_order", "from_hands"]


def deal_order(hands, turned=None, talon="", size: int = 36) -> list:
    """The deck order (top card first) that deals ``hands`` (seat 0 first; the dealer is the
    last seat, R1.1), then turns ``turned`` (if given, R1.2), then leaves ``talon`` on top of the
    talon; the remaining cards follow in canonical order."""
    hs = [cards(h) for h in hands]
    n, h = len(hs), len(hs[0]) if hs else 0
    if not hs or any(len(x) != h for x in hs):
        raise ValueError("hands: give every seat a hand of the same size")
    order = [None] * (n * h)
    for seat, cs in enumerate(hs):
        for j, c in enumerate(cs):
            order[j * n + seat] = c
    top = list(cards(talon)) if talon else []
    head = order + ([cards(turned)[0]] if turned else []) + top
    seen = set()
    for c in head:
        if c in seen:
            raise ValueError(f"hands: {c} is given twice")
        seen.add(c)
    return head + [c for c in _deck(size) if c not in seen]


def from_hands(variant: str, hands, turned=None, talon="", size: int | None = None, **options):
    """``new_game`` dealt so that seat *i* holds ``hands[i]``; ``turned`` is the trump card and
    ``talon`` the top of the talon. Options as for ``new_game``."""
    from . import new_game
    from ..rules import variant as _variant, with_options
    if size is None:
        size = with_options(_variant(variant).rules, {k: v for k, v in options.items()
                                                     if k == "deck"}).deck
    return new_game(variant, players=len(hands), deck=deal_order(hands, turned, talon, size),
                    **{k: v for k, v in options.items() if k != "deck"})
