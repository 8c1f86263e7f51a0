"""``new_game``: any named variant, dealt from a seed or a given deck order, and the checks of
what a user hands it (a deck order, a seed, names) that a record must be able to carry.

>>> g = new_game("podkidnoy", players=3, seed=7)
>>> g.players, len(g.hands[0]), g.talon_size
(3, 6, 18)
"""

from __future__ import annotations

import itertools
import random

from ..cards import Card, deck as _deck
from ..rules import FAMILIES, variant as _variant, with_options
from .base import Game

__all__ = ["new_game", "check_deck", "check_seed", "check_names", "plain_name", "MAX_SEED"]


def _deck_tokens(order, most: int) -> list:
    """The first ``most`` tokens of a deck given as text or as any iterable: a 10-million-card
    list costs nothing to look at."""
    if isinstance(order, str):
        return order.replace(",", " ").split(None, most)[:most]
    return list(itertools.islice(order, most))


def check_deck(order, size: int) -> list[Card]:
    """A deck order given by a user, checked to be exactly the cards of a ``size``-card deck.

    A bad token is named with its position: ``deck: card 3 'XX': not a card: …``.
    """
    # Of more than ``size`` cards, the first ``size + 1`` hold a bad token, a card twice or a
    # card outside the deck, and the checks below name it: the rest need not be read.
    tokens = _deck_tokens(order, size + 1)
    out: list[Card] = []
    for i, tok in enumerate(tokens, 1):
        try:
            out.append(Card.parse(tok))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"deck: card {i} {tok!r}: {exc}") from None
    order = out
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


#: Seeds are whole numbers 0 <= seed < MAX_SEED (any of them shuffles with ``random.Random``).
MAX_SEED = 2**256


def check_seed(seed) -> None:
    """Refuse a seed a record could not carry: a seed is a whole number, 0 <= seed < 2**256."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**256 - 1, not {seed!r}")


def plain_name(name) -> bool:
    """A player's name: one line of printable text, not empty, no blanks around it."""
    return (isinstance(name, str) and name != "" and name == name.strip()
            and name.isprintable())


def check_names(names, players: int) -> list[str]:
    """Refuse names a record could not carry: one per seat, each a ``plain_name``."""
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise ValueError(f"names must be a list of one name per seat, not {names!r}")
    if len(names) != players:
        raise ValueError(f"names: {len(names)} names given for {players} players")
    for i, n in enumerate(names):
        if not plain_name(n):
            raise ValueError(f"names[{i}]: {n!r} is not a name: a name is one line of printable "
                             "text, not empty, with no blanks around it")
    return list(names)


def new_game(name: str = "podkidnoy", players: int = 2, seed: int | None = None, deck=None,
             names=None, dealer: int | None = None, lead: int | None = None, **options) -> Game:
    """Start a game of any variant in ``VARIANTS``.

    ``seed`` shuffles reproducibly; ``deck`` gives the order (top card first) instead, or, as a
    number, the deck size (``deck=52``). Keyword options override the preset's ``Rules`` (an
    unknown option lists the valid ones).
    ``dealer`` and ``lead`` are for series of games (R1.3).

    Whatever is accepted here a record carries (docs/record-format.md): ``seed`` is a whole
    number from 0 to 2**256 - 1, ``names`` one line of printable text per seat (not empty, no
    blanks around it), ``dealer`` and ``lead`` seat numbers.
    """
    v = _variant(name)
    if isinstance(deck, int) and not isinstance(deck, bool):
        options["deck"], deck = deck, None
    elif deck is not None and "deck" not in options:
        if isinstance(deck, (list, tuple)) and len(deck) > 54:
            raise ValueError(f"deck: {len(deck)} cards given, the largest deck has 54 (R0)")
        deck = _deck_tokens(deck, 55)
        if len(deck) > 54:
            raise ValueError("deck: more than 54 cards given, the largest deck has 54 (R0)")
        if len(deck) != v.rules.deck and len(deck) in (20, 24, 32, 36, 52, 53, 54):
            options["deck"] = len(deck)  # a 32-card order means a 32-card game
    rules = with_options(v.rules, options)
    rules.check_players(players)
    if deck is not None and seed is not None:
        raise ValueError("give either seed or deck, not both")
    if seed is not None:
        check_seed(seed)
    if names is not None:
        names = check_names(names, players)
    if deck is None:
        if seed is None:
            seed = random.randrange(2**32)
        order = _deck(rules.deck)
        random.Random(seed).shuffle(order)
    else:
        order = check_deck(deck, rules.deck)
    for label, seat in (("dealer", dealer), ("lead", lead)):
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < players):
            raise ValueError(f"{label} must be a seat 0..{players - 1}, not {seat!r}")
    engine = FAMILIES[v.family].engine
    return engine(name, rules, players, order, names=names, seed=seed, dealer=dealer, lead=lead)
