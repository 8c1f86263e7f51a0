"""``new_game``: any named variant, dealt from a seed or a given deck order (``deck_order=``), and the checks of
what a user hands it (a deck order, a seed, names) that a record must be able to carry.

>>> g = new_game("podkidnoy", players=3, seed=7)
>>> g.players, len(g.hands[0]), g.talon_size
(3, 6, 18)
"""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Callable, Iterable, Sequence

from ..cards import DECK_SIZES, Card, deck as _deck
from ..rules import FAMILIES, VARIANTS, RulesBase, variant as _variant, with_options
from .base import Game
from .shuffling import shuffle

__all__ = ["new_game", "check_deck", "check_seed", "check_names", "plain_name", "MAX_SEED",
           "DeckOrder", "split_deck", "arrange_aces_first", "seeded_deck"]


#: What ``deck_order=`` (and the deprecated ``deck=<cards>``) accepts: cards or their text forms,
#: or one string of them (``"7♠ 9♠ Q♦ …"``, parsed as ``cards()`` parses it).
DeckOrder = str | Iterable[Card | str]


def _deck_tokens(order: DeckOrder, most: int) -> list[Card | str]:
    """The first ``most`` tokens of a deck given as text or as any iterable: a 10-million-card
    list costs nothing to look at."""
    if isinstance(order, str):
        return list(order.replace(",", " ").split(None, most)[:most])
    return list(itertools.islice(order, most))


def check_deck(order: DeckOrder, size: int) -> list[Card]:
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
    full = _deck(size)
    seen: set[Card] = set()
    for i, c in enumerate(out, 1):
        if c in seen:
            raise ValueError(f"deck: card {i} ({c}) appears twice")
        seen.add(c)
        if c not in full:
            raise ValueError(f"deck: card {i} ({c}) is not in a {size}-card deck")
    if len(out) != size:
        missing = " ".join(str(c) for c in full if c not in seen)
        raise ValueError(f"deck: {len(out)} cards given, the {size}-card deck needs {size}"
                         + (f"; missing: {missing}" if missing else ""))
    return out


#: Seeds are whole numbers 0 <= seed < MAX_SEED (any of them shuffles with ``random.Random``).
MAX_SEED = 2**256


def check_seed(seed: object) -> None:
    """Refuse a seed a record could not carry: a seed is a whole number, 0 <= seed < 2**256."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to 2**256 - 1, not {seed!r}")


def plain_name(name: object) -> bool:
    """A player's name: one line of printable text, not empty, no blanks around it."""
    return (isinstance(name, str) and name != "" and name == name.strip()
            and name.isprintable())


def check_names(names: object, players: int) -> list[str]:
    """Refuse names a record could not carry: one per seat, each a ``plain_name``."""
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise ValueError(f"names must be a list of one name per seat, not {names!r}")
    if len(names) != players:
        raise ValueError(f"names: {len(names)} names given for {players} players")
    seats: list[str] = []
    for i, n in enumerate(names):
        if not isinstance(n, str) or not plain_name(n):
            raise ValueError(f"names[{i}]: {n!r} is not a name: a name is one line of printable "
                             "text, not empty, with no blanks around it")
        seats.append(n)
    return seats


_DEPRECATED_DECK = ("new_game(deck=<cards>) is deprecated: pass the order as deck_order=..., "
                    "deck= is the deck size")


def split_deck(deck: int | DeckOrder | None, deck_order: DeckOrder | None,
               stacklevel: int = 2) -> tuple[int | None, DeckOrder | None]:
    """``deck=`` and ``deck_order=`` as a user gave them, as (the deck size, the order).

    ``deck`` is the size (R0); an order given there still works but warns (``DeprecationWarning``,
    raised ``stacklevel`` frames up), and an order given twice is refused.

    >>> split_deck(52, None)
    (52, None)
    """
    if deck is None or (isinstance(deck, int) and not isinstance(deck, bool)):
        return deck, deck_order
    if isinstance(deck, bool) or not isinstance(deck, (str, Iterable)):
        raise ValueError(f"deck= is the deck size (R0: 20, 24, 32, 36, 52, 53, 54, 55, 58 or 72), not "
                         f"{deck!r}; give a deck order as deck_order=...")
    if deck_order is not None:
        raise ValueError("deck= and deck_order= both give a deck order: pass the order once, as "
                         "deck_order=... (deck= is the deck size)")
    warnings.warn(_DEPRECATED_DECK, DeprecationWarning, stacklevel=stacklevel + 1)
    return None, deck


def arrange_aces_first(order: Sequence[Card]) -> list[Card]:
    """R9.11 (albansky): the deck arranged by rank from the aces down, each rank's cards kept
    in the order ``order`` had them. The sources fix only the ranks; so a seed (which shuffled
    ``order``) still decides the suits' order within each rank, *our decision*, and the deal
    is otherwise the same every game.

    >>> from durak_edu.cards import cards
    >>> " ".join(map(str, arrange_aces_first(cards("6♠ A♦ 7♣ A♠"))))
    'A♦ A♠ 7♣ 6♠'
    """
    return sorted(order, key=lambda c: -c.rank)  # stable: within a rank, the given order


def seeded_deck(rules: RulesBase, seed: int) -> list[Card]:
    """The deck order ``seed`` deals under ``rules``: ``random.Random(seed)``'s shuffle of the
    canonical deck, then arranged aces first where the rules say so (R9.11). New games and
    records (which check that a seed deals the deck they carry) both ask here.

    >>> [str(c)[0] for c in seeded_deck(VARIANTS["albansky"].rules, 1)[:5]]
    ['A', 'A', 'A', 'A', 'K']
    """
    order = _deck(rules.deck)
    shuffle(order, random.Random(seed))  # random.Random.shuffle's very permutation, faster
    return arrange_aces_first(order) if getattr(rules, "aces_first", False) else order


def _attack_engine(variant: str, rules: RulesBase, players: int,
                   order: Sequence[Card]) -> Callable[..., object]:
    """The constructor of the attack family's game under ``rules``: the core's (the compiled
    core, or its plain-Python wide copy for 72 cards, ``wide.py``). Rules the core does not
    play are refused, naming the variant, the options that clash and the clause
    (``core/unplayed.py``)."""
    if rules.deck == 72:  # R9.21, R9.29: two decks, on the core's plain-Python wide copy
        from .wide import core_wide
        if core_wide("deal").plays(rules, players, order):
            dealt: Callable[..., object] = core_wide("game").AttackGame.dealt
            return dealt
        why = core_wide("unplayed").refusal(variant, rules, players)
    else:
        from .core.deal import plays
        from .core.game import AttackGame
        if plays(rules, players, order):
            return AttackGame.dealt
        from .core.unplayed import refusal
        why = refusal(variant, rules, players)
    raise ValueError(f"{why or variant + ' is not played with these options'} "
                     "(docs/architecture.md, \"Combinations the core does not play\")")


def new_game(name: str = "podkidnoy", players: int = 2, seed: int | None = None,
             deck: int | DeckOrder | None = None, names: Sequence[str] | None = None,
             dealer: int | None = None, lead: int | None = None, *,
             deck_order: DeckOrder | None = None, **options: object) -> Game:
    """Start a game of any variant in ``VARIANTS``.

    ``seed`` shuffles reproducibly; ``deck_order`` gives the order instead (top card first:
    cards, or a string of them). ``deck`` is the deck size (``deck=52``, R0); an order of
    another size sets it (a 32-card order deals a 32-card game), and a size and an order that
    disagree are refused. Keyword options override the preset's ``Rules`` (an unknown option
    lists the valid ones). ``dealer`` and ``lead`` are for series of games (R1.3).

    Whatever is accepted here a record carries (docs/record-format.md): ``seed`` is a whole
    number from 0 to 2**256 - 1, ``names`` one line of printable text per seat (not empty, no
    blanks around it), ``dealer`` and ``lead`` seat numbers.

    >>> g = new_game("podkidnoy", deck_order="6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ "
    ...              "Q♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    >>> " ".join(str(c) for c in g.hands[0]), str(g.trump_card)
    ('6♠ 8♠ 10♠ Q♠ A♠ 7♣', '9♣')
    """
    v = _variant(name)
    size, given = split_deck(deck, deck_order)
    tokens: list[Card | str] | None = None
    if size is not None:
        options["deck"] = size
    if given is not None:
        most = max(DECK_SIZES)  # 72: two decks (R0, R9.21)
        if isinstance(given, (list, tuple)) and len(given) > most:
            raise ValueError(f"deck: {len(given)} cards given, the largest deck has {most} (R0)")
        tokens = _deck_tokens(given, most + 1)
        if len(tokens) > most:
            raise ValueError(f"deck: more than {most} cards given, the largest deck has {most} (R0)")
        if size is not None and len(tokens) != size:
            raise ValueError(f"deck={size} but deck_order has {len(tokens)} cards: give the "
                             f"size the order has, or leave deck= out (R0)")
        if size is None and len(tokens) != v.rules.deck and len(tokens) in DECK_SIZES:
            options["deck"] = len(tokens)  # a 32-card order means a 32-card game
    rules = with_options(v.rules, options)
    rules.check_players(players)
    if tokens is not None and seed is not None:
        raise ValueError("give either seed or deck_order, not both")
    if seed is not None:
        check_seed(seed)
    seats = None if names is None else check_names(names, players)
    if tokens is None:
        if seed is None:
            seed = random.randrange(2**32)
        order = seeded_deck(rules, seed)
    else:
        order = check_deck(tokens, rules.deck)
        if getattr(rules, "aces_first", False) and order != arrange_aces_first(order):
            raise ValueError("deck: with aces_first=True the deck lies aces first, "
                             "then kings, queens and so on down, not shuffled (R9.11)")
    for label, seat in (("dealer", dealer), ("lead", lead)):
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < players):
            raise ValueError(f"{label} must be a seat 0..{players - 1}, not {seat!r}")
    engine = FAMILIES[v.family].engine
    if v.family == "attack":  # issue 25: the core, its one engine (refusing what it does not play)
        engine = _attack_engine(name, rules, players, order)
    game = engine(name, rules, players, order, names=seats, seed=seed, dealer=dealer, lead=lead)
    if not isinstance(game, Game):  # pragma: no cover - a family registers a Game subclass
        raise TypeError(f"the {v.family} family's engine made {type(game).__name__}, not a Game")
    return game
