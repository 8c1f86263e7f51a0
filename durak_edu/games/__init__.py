"""The engines, one module per rule family, and ``new_game`` that builds any named variant.

>>> g = new_game("podkidnoy", players=3, seed=7)
>>> g.players, len(g.hands[0]), g.talon_size
(3, 6, 18)
"""

from __future__ import annotations

import random

from ..cards import Card, cards as _cards, deck as _deck
from ..rules import VARIANTS, variant as _variant, with_options
from .attack import AttackGame
from .base import Event, Game, Result, View
from .series import Series, next_game
from .setup import deal_order, from_hands, from_position

__all__ = ["new_game", "Game", "AttackGame", "Event", "Result", "View", "Series", "next_game",
           "ENGINES", "check_deck", "deal_order", "from_hands", "from_position"]

#: rule family -> engine class
ENGINES = {"attack": AttackGame}
from .circle import CircleGame  # noqa: E402
ENGINES["circle"] = CircleGame
from .maumau import MaumauGame  # noqa: E402
ENGINES["shedding"] = MaumauGame


def check_deck(order, size: int) -> list[Card]:
    """A deck order given by a user, checked to be exactly the cards of a ``size``-card deck."""
    if isinstance(order, str):
        order = _cards(order)
    try:
        order = [Card.parse(c) for c in order]
    except ValueError as exc:
        raise ValueError(f"deck: {exc}") from None
    full = _deck(size)
    seen: set[Card] = set()
    for i, c in enumerate(order, 1):
        if c in seen:
            raise ValueError(f"deck: card {i} ({c}) appears twice")
        seen.add(c)
        if c not in full:
            raise ValueError(f"deck: card {i} ({c}) is not in a {size}-card deck")
    if len(order) != size:
        missing = " ".join(str(c) for c in full if c not in seen)
        raise ValueError(f"deck: {len(order)} cards given, the {size}-card deck needs {size}"
                         + (f"; missing: {missing}" if missing else ""))
    return order


def new_game(name: str = "podkidnoy", players: int = 2, seed: int | None = None, deck=None,
             names=None, dealer: int | None = None, lead: int | None = None, **options) -> Game:
    """Start a game of any variant in ``VARIANTS``.

    ``seed`` shuffles reproducibly; ``deck`` gives the order (top card first) instead, or, as a
    number, the deck size (``deck=52``). Keyword options override the preset's ``Rules`` (an
    unknown option lists the valid ones).
    ``dealer`` and ``lead`` are for series of games (R1.3).
    """
    v = _variant(name)
    if isinstance(deck, int) and not isinstance(deck, bool):
        options["deck"], deck = deck, None
    elif deck is not None and "deck" not in options:
        if isinstance(deck, str):
            deck = _cards(deck)
        deck = list(deck)
        if len(deck) != v.rules.deck and len(deck) in (20, 24, 32, 36, 52, 53, 54):
            options["deck"] = len(deck)  # a 32-card order means a 32-card game
    rules = with_options(v.rules, options)
    rules.check_players(players)
    if deck is not None and seed is not None:
        raise ValueError("give either seed or deck, not both")
    if deck is None:
        if seed is None:
            seed = random.randrange(2**32)
        order = _deck(rules.deck)
        random.Random(seed).shuffle(order)
    else:
        order = check_deck(deck, rules.deck)
    for label, seat in (("dealer", dealer), ("lead", lead)):
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"{label} must be a seat 0..{players - 1}, not {seat!r}")
    engine = ENGINES[v.family]
    return engine(name, rules, players, order, names=names, seed=seed, dealer=dealer, lead=lead)
