"""Monte Carlo with numpy: many deals at once, and an estimate (with its standard error) for
every exact helper of ``durak_edu.prob``.

``simulate_deals`` shuffles a whole batch of decks together: the Fisher–Yates shuffle runs one
step for every deal at once (a loop over the cards dealt, never over the deals), in chunks that
fit the processor's cache, spread over threads. Each chunk draws from its own generator spawned
from ``rng``, so a seed gives the same deals whatever the number of threads.

>>> d = simulate_deals(1000, players=2, rng=7)
>>> d.hands.shape, d.trump_card.shape, d.trump_suit.shape
((1000, 2, 6), (1000,), (1000,))
>>> est = sim_expected_trumps(n=20_000, rng=1)        # exact: 48/35 = 1.3714… (R10)
>>> abs(est.estimate - 48 / 35) < 4 * est.standard_error
True

Every estimator returns an ``Estimate`` (a named pair ``estimate, standard_error``); the
standard error is the sample standard deviation over ``sqrt(n)``, so the exact value lies within
two of them about 95% of the time.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Iterable
from typing import NamedTuple, SupportsFloat, Union

import numpy as np

from ..cards import Card, card_at, deck as _deck
from ..games.base import View
from ..rules import parse_trump
from .checks import TRUMP_DECKS, deal_args, flag, hypergeom_args, whole
from .exact import trump_pool
from .views import beaters, check_beating, check_card, check_seat, game_cards, unknown_places

__all__ = [
    "Deals", "Estimate", "simulate_deals", "deals_from_orders", "sample_hidden", "Hidden",
    "sim_hypergeom_pmf", "sim_hypergeom_cdf", "sim_p_at_least_one",
    "sim_expected_trumps", "sim_trump_distribution", "sim_lead_distribution", "sim_p_leads",
    "sim_p_holds", "sim_p_has_trump", "sim_p_can_beat",
]

#: deals shuffled together: a chunk's work arrays (36 × 8192 bytes of cards) stay in the cache
CHUNK = 8192
#: default sample size of the estimators
N_DEFAULT = 100_000
#: the most deals (or samples) one call makes: they are all held in memory at once (up to 52
#: bytes of cards each, 520 MB at most; an estimator also keeps 9 bytes per sample). For more,
#: call in a loop and combine the batches (average the estimates).
MAX_N = 10_000_000

#: what ``rng`` may be: ``None`` (fresh entropy), a seed (a whole number ≥ 0) or a numpy Generator
Rng = Union[np.random.Generator, int, None]


def _count(n: object, minimum: int, what: str = "deals") -> int:
    """``n`` checked as a sample count: a whole number from ``minimum`` to ``MAX_N``."""
    count = whole("n", n, minimum)
    if count > MAX_N:
        raise ValueError(f"n={count:,} {what} is more than one call holds in memory: at most "
                         f"{MAX_N:,} (MAX_N). Ask for fewer, or call it in a loop and combine "
                         "the batches (for an estimate, average them: the standard error "
                         "shrinks as 1/sqrt of the total)")
    return count


class Estimate(NamedTuple):
    """A simulated value and its standard error.

    Printed to the digits its error supports (``durak_edu.rates``). A probability that came out
    exactly 0 or 1 has a standard error of 0, which measures nothing: it prints so, never as
    "± 0"; bound it by ``3/n`` (the rule of three: ``rate_text(k, n)``), or compare with the
    exact value's own ``sqrt(p·(1−p)/n)``.

    >>> e = Estimate(0.25, 0.01)
    >>> print(e, Estimate(0.6234, 0.0153), Estimate(1.0, 0.0), sep="  |  ")
    0.250 ± 0.010  |  0.623 ± 0.015  |  1 (every sample alike: no spread measured)
    >>> round(e.z(0.27), 6)
    2.0
    >>> e.agrees(0.27), e.agrees(0.30)
    (True, False)
    """

    estimate: float
    standard_error: float

    def z(self, exact: SupportsFloat) -> float:
        """How many standard errors the estimate lies from ``exact`` (``inf`` if it should be
        exact and is not)."""
        gap = abs(self.estimate - float(exact))
        if self.standard_error == 0:
            return 0.0 if gap < 1e-12 else math.inf
        return gap / self.standard_error

    def agrees(self, exact: SupportsFloat, sigmas: float = 3.0) -> bool:
        """``True`` if ``exact`` lies within ``sigmas`` standard errors of the estimate: the
        course's rule for "agrees" is three (lesson 06)."""
        return self.z(exact) <= sigmas

    def __str__(self) -> str:
        from ..rates import estimate_text  # the rates module builds on this one

        if not self.standard_error > 0:
            return f"{self.estimate:g} (every sample alike: no spread measured)"
        return estimate_text(self.estimate, self.standard_error)


def _estimate(values: np.ndarray) -> Estimate:
    """Mean and standard error of per-sample values (booleans or numbers)."""
    v = np.asarray(values, dtype=np.float64)
    n = v.size
    mean = float(v.mean())
    sd = float(v.std(ddof=1)) if n > 1 else 0.0
    return Estimate(mean, sd / math.sqrt(n))


# -- random generators and the batched shuffle -------------------------------------------------------

def _generator(rng: object) -> np.random.Generator:
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return np.random.default_rng(int(rng))
    raise ValueError(f"rng must be None, a seed (a whole number ≥ 0) or a numpy Generator, "
                     f"not {rng!r}")


def _children(gen: np.random.Generator, k: int) -> list[np.random.Generator]:
    """``k`` independent generators derived from ``gen`` (one per chunk)."""
    try:
        return gen.spawn(k)
    except (AttributeError, TypeError, ValueError):  # numpy < 1.25, or no seed sequence
        seeds = gen.integers(0, 2**63, size=(k, 2), dtype=np.uint64)
        return [np.random.default_rng([int(a), int(b)]) for a, b in seeds]


def _workers(workers: object, chunks: int) -> int:
    if workers is None:
        try:
            cpus = len(os.sched_getaffinity(0))
        except AttributeError:  # not Linux
            cpus = os.cpu_count() or 1
        count = min(cpus, 8)
    else:
        count = whole("workers", workers, 1)
    return max(1, min(count, chunks))


@lru_cache(maxsize=16)
def _places(draws: int, c: int) -> np.ndarray:
    """``(draws, c)``: ``j·c + d``, the flat place of card j of deck d in a card-major chunk."""
    tab = (np.arange(draws, dtype=np.intp) * c)[:, None] + np.arange(c, dtype=np.intp)
    tab.setflags(write=False)
    return tab


def _shuffle_chunk(gen: np.random.Generator, values: np.ndarray, draws: int,
                   out: np.ndarray) -> None:
    """The first ``draws`` steps of a Fisher–Yates shuffle of ``values``, for ``out.shape[1]``
    decks at once; ``out[j]`` receives the j-th card of every deck.

    The decks are stored card-major (``a[i, d]`` = card i of deck d), so step j reads row j
    whole and touches one random cell per deck; every array a step uses stays in the cache.
    Step j swaps card j with card ``j + floor(u·(N−j))``, ``u`` a uniform double: the bias of
    that choice is below 2⁻⁴⁷.
    """
    size = values.shape[0]
    c = out.shape[1]
    a = np.repeat(values, c).reshape(size, c)
    flat = a.reshape(-1)
    places = _places(draws, c)
    u = np.empty(c)
    at = np.empty(c, dtype=np.intp)
    for j in range(draws):
        gen.random(out=u)
        u *= size - j
        np.copyto(at, u, casting="unsafe")  # floor: u ≥ 0
        at *= c
        at += places[j]
        out[j] = flat[at]
        flat[at] = a[j]


def _shuffled(n: int, values: np.ndarray, draws: int, rng: Rng,
              workers: int | None = None) -> np.ndarray:
    """``(draws, n)``: the first ``draws`` cards of ``n`` shuffles of ``values``, card-major.

    Chunks of ``CHUNK`` decks are shuffled by ``workers`` threads, each chunk with its own
    generator spawned from ``rng``: the result depends only on ``rng``.
    """
    gen = _generator(rng)
    try:
        cards = np.empty((draws, n), dtype=values.dtype)
    except MemoryError:
        raise MemoryError(f"n={n:,}: {draws * n:,} bytes of cards do not fit in this machine's "
                          "memory; ask for fewer, or call in a loop and combine the "
                          "batches") from None
    bounds = [(lo, min(lo + CHUNK, n)) for lo in range(0, n, CHUNK)]
    gens = _children(gen, len(bounds))

    def work(i: int) -> None:
        lo, hi = bounds[i]
        _shuffle_chunk(gens[i], values, draws, cards[:, lo:hi])

    k = _workers(workers, len(bounds))
    if k == 1:
        for i in range(len(bounds)):
            work(i)
    else:
        with ThreadPoolExecutor(k) as pool:
            list(pool.map(work, range(len(bounds))))
    return cards


# -- deals (R1) -----------------------------------------------------------------------------------------

def _trump_option(trump: str) -> int | None:
    """``"turned"`` -> None; ``"fixed:X"`` -> the suit; ``"none"`` -> -1."""
    try:
        parsed = parse_trump(trump)
    except ValueError:
        raise ValueError(f"trump={trump!r}: use 'turned', 'none' or 'fixed:X' with X one of "
                         "S C D H (R1.2)") from None
    return None if parsed == "turned" else -1 if parsed == "none" else int(parsed)


@dataclass(frozen=True)
class Deals:
    """A batch of ``n`` simulated deals (R1), as numpy arrays of card indices.

    A card index is ``Card.index`` (``suit·13 + rank − 2``, so ``index // 13`` is the suit and
    ``index % 13 + 2`` the rank); ``durak_edu.cards.card_at(i)`` gives the ``Card``.

    - ``hands``: ``(n, players, hand_size)`` int8, ``hands[d, s, j]`` the j-th card dealt to seat
      ``s`` in deal ``d``. Seat 0 receives the first card; the dealer is seat ``players − 1`` (R0).
    - ``trump_card``: ``(n,)`` int8, the turned card (R1.2), or −1 if no card is turned. When the
      whole deck is dealt it is the dealer's last card: ``hands[:, -1, -1]``.
    - ``trump_suit``: ``(n,)`` int8, the trump suit (``Suit`` value), or −1 for no trump.
    - ``talon``: ``(n, deck − players·hand_size)`` int8 in drawing order, the turned card last
      (R1.2); ``None`` when the shuffle stopped at the deal (``simulate_deals(..., talon=False)``).

    The arrays are views of one card-major buffer (``hands[d]`` is not contiguous): numpy
    handles them like any array; ``np.ascontiguousarray`` makes a compact copy if needed.
    """

    hands: np.ndarray
    trump_card: np.ndarray
    trump_suit: np.ndarray
    talon: np.ndarray | None
    players: int
    deck: int
    hand_size: int
    trump: str = "turned"

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def __repr__(self) -> str:
        return (f"<Deals n={len(self)}, players={self.players}, deck={self.deck}, "
                f"hand_size={self.hand_size}, trump={self.trump!r}>")

    @property
    def dealer(self) -> int:
        """The dealer's seat, ``players − 1`` (R0)."""
        return self.players - 1

    def is_trump(self, cards: np.ndarray) -> np.ndarray:
        """Which of ``cards`` (shape ``(n, …)``, one row per deal) are trumps of their deal."""
        cards = np.asarray(cards)
        suit = self.trump_suit.reshape((-1,) + (1,) * (cards.ndim - 1))
        trumps: np.ndarray = (cards // 13) == suit
        return trumps

    def trump_counts(self) -> np.ndarray:
        """``(n, players)``: trumps in each hand."""
        counts: np.ndarray = self.is_trump(self.hands).sum(axis=2)
        return counts

    def first_attacker(self) -> np.ndarray:
        """``(n,)``: the seat that attacks first in each deal (R1.3): the lowest trump in any
        hand; with none, the player after the dealer (seat 0)."""
        rank = np.where(self.is_trump(self.hands), self.hands % 13, 99).min(axis=2)
        low = rank.min(axis=1)
        return np.where(low == 99, 0, rank.argmin(axis=1)).astype(np.int8)

    def hand(self, d: int, seat: int) -> tuple[Card, ...]:
        """Deal ``d``'s hand for ``seat`` as ``Card`` objects (in the order dealt)."""
        return tuple(card_at(int(i)) for i in self.hands[d, seat])


def _deck_indices(deck: int) -> np.ndarray:
    return np.array([c.index for c in _deck(deck)], dtype=np.int8)


def _one_deck(deck: int, where: str) -> None:
    """The simulated deals read a card's suit and rank from its index (``index // 13``), which
    holds for one deck only: the 72-card game's twins (R9.21) are refused, saying what to use."""
    if deck == 72:
        raise ValueError(f"{where}: the simulated deals hold one deck (a card's index gives its "
                         "suit and rank); for two decks (72 cards, R9.21) use the exact helpers "
                         "(expected_trumps, p_trumps_in_hand, ...) or a real game's View")


def simulate_deals(n: int, players: int = 2, deck: int = 36, hand_size: int = 6, rng: Rng = None, *,
                   trump: str = "turned", talon: bool = False, workers: int | None = None) -> Deals:
    """Deal ``n`` shuffled decks at once, as R1 does (see ``Deals`` for the arrays).

    Cards are dealt one at a time from seat 0 (R1.1); with ``trump="turned"`` the next card is
    the turned trump (R1.2), or, when the deck is used up, the dealer's last card, which he
    keeps. ``trump="fixed:D"`` fixes the suit and turns nothing; ``"none"`` has no trump.
    ``players=1`` is allowed: one hand and the turned card, for questions about a single hand.

    ``n`` is at most ``MAX_N`` (10,000,000): every deal is held in memory at once, so for more
    call it in a loop. ``talon=False`` (the default) shuffles only as far as the deal needs; ``talon=True``
    shuffles the whole deck and fills ``Deals.talon``. ``workers`` threads share the chunks
    (default: the processors available); the result depends only on ``rng``.

    >>> d = simulate_deals(5, players=6, rng=3)
    >>> bool((d.trump_card == d.hands[:, 5, 5]).all())    # R1.2: the dealer keeps it
    True
    >>> d = simulate_deals(4, players=2, rng=3, talon=True)
    >>> d.talon.shape, bool((d.talon[:, -1] == d.trump_card).all())
    ((4, 24), True)
    """
    n = _count(n, 1)
    players, deck, hand_size, _ = deal_args(players, deck, hand_size, minimum_players=1)
    _one_deck(deck, "deck=72")
    fixed = _trump_option(trump)
    talon = flag("talon", talon)
    dealt = players * hand_size
    turned_extra = fixed is None and dealt < deck  # a card is turned after the deal
    draws = deck if talon else min(deck, dealt + turned_extra)
    values = _deck_indices(deck)
    return _deals(_shuffled(n, values, draws, rng, workers), players, deck, hand_size, trump)


def _deals(cards: np.ndarray, players: int, deck: int, hand_size: int, trump: str) -> Deals:
    """``Deals`` from card-major decks ``cards[j, d]`` (card j of deck d, top first), R1."""
    fixed = _trump_option(trump)
    n = cards.shape[1]
    dealt = players * hand_size
    # R1.1: card j goes to seat j % players as its (j // players)-th card. ``hands`` is a view
    # of the card-major buffer: no copy.
    hands = cards[:dealt].reshape(hand_size, players, n).transpose(2, 1, 0)
    if fixed is None:
        trump_card = cards[dealt] if dealt < deck else cards[dealt - 1]
        trump_suit = trump_card // 13
    else:
        trump_card = np.full(n, -1, dtype=np.int8)
        trump_suit = np.full(n, fixed, dtype=np.int8)
    rest = None
    if cards.shape[0] == deck:  # the whole deck is there: the talon too
        if fixed is None and dealt < deck:  # R1.2: the turned card lies under the talon
            rest = np.concatenate([cards[dealt + 1:], cards[dealt:dealt + 1]]).T
        else:
            rest = cards[dealt:].T
    return Deals(hands, trump_card, trump_suit, rest, players, deck, hand_size, trump)


def deals_from_orders(orders: Iterable[Iterable[Card | str]], players: int = 2, hand_size: int = 6,
                      trump: str = "turned") -> Deals:
    """The ``Deals`` of given deck orders (top card first): e.g. real games' ``g.deck_order``,
    to check a simulation's conventions against the engine's, or to study a chosen deal.

    ``orders`` is a sequence of decks (each a sequence of ``Card`` or card text) or an
    ``(n, deck)`` array of card indices. The talon is filled.

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=3, seed=4)
    >>> d = deals_from_orders([g.deck_order], players=3)
    >>> int(d.first_attacker()[0]) == g.attacker, card_at(int(d.trump_card[0])) == g.trump_card
    (True, True)
    """
    if isinstance(orders, np.ndarray):
        arr = orders
    else:
        rows = []
        for i, order in enumerate(orders):
            try:
                rows.append([Card.parse(c).index for c in order])
            except ValueError as exc:
                raise ValueError(f"orders: deck {i}: {exc}") from None
        arr = np.array(rows, dtype=np.int8)
    if arr.ndim != 2 or arr.shape[0] == 0:
        raise ValueError(f"orders must be a non-empty list of decks, not shape {arr.shape}")
    deck = arr.shape[1]
    _one_deck(deck, "orders")
    if deck not in TRUMP_DECKS:
        raise ValueError(f"orders: decks of {deck} cards; choose one of "
                         f"{', '.join(map(str, TRUMP_DECKS))} (R0)")
    full = np.sort(_deck_indices(deck))
    bad = np.flatnonzero((np.sort(arr, axis=1) != full).any(axis=1))
    if bad.size:
        raise ValueError(f"orders: deck {int(bad[0])} is not the {deck}-card deck, each card once")
    players, deck, hand_size, _ = deal_args(players, deck, hand_size, minimum_players=1)
    _trump_option(trump)
    return _deals(np.ascontiguousarray(arr.T, dtype=np.int8), players, deck, hand_size, trump)


# -- estimators for the exact helpers ------------------------------------------------------------------

def _sample_size(n: object) -> int:
    return _count(n, 2, "samples")


def _hypergeom_counts(population: int, successes: int, draws: int, n: int,
                      rng: Rng) -> np.ndarray:
    """``(n,)``: marked cards among ``draws`` taken from ``population`` (``successes`` marked),
    by shuffling the population."""
    population, successes, draws = hypergeom_args(population, successes, draws)
    n = _sample_size(n)
    if draws == 0:
        return np.zeros(n, dtype=np.int16)
    values = (np.arange(population) < successes).astype(np.int8)
    counts: np.ndarray = _shuffled(n, values, draws, rng).sum(axis=0, dtype=np.int16)
    return counts


def sim_hypergeom_pmf(k: int, population: int, successes: int, draws: int,
                      n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``hypergeom_pmf``: shuffle the cards ``n`` times and count.

    >>> sim_hypergeom_pmf(2, 36, 9, 6, n=20_000, rng=1).agrees(26325 / 81158)
    True
    """
    k = whole("k", k)
    return _estimate(_hypergeom_counts(population, successes, draws, n, rng) == k)


def sim_hypergeom_cdf(k: int, population: int, successes: int, draws: int,
                      n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``hypergeom_cdf`` (P[X ≤ k]).

    >>> sim_hypergeom_cdf(0, 4, 2, 2, n=10_000, rng=1).agrees(1 / 6)
    True
    """
    k = whole("k", k, None)
    return _estimate(_hypergeom_counts(population, successes, draws, n, rng) <= k)


def sim_p_at_least_one(population: int, successes: int, draws: int,
                       n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``p_at_least_one``.

    >>> sim_p_at_least_one(35, 8, 6, n=10_000, rng=1).agrees(12065 / 14756)
    True
    """
    return _estimate(_hypergeom_counts(population, successes, draws, n, rng) >= 1)


def _hand_trumps(hand_size: int, deck: int, given_turned_trump: bool, n: int,
                 rng: Rng) -> tuple[np.ndarray, int]:
    """``(n,)``: trumps in one simulated hand (R1.2; a fixed suit is diamonds), and the most
    a hand can hold."""
    _, trumps, hand_size = trump_pool(hand_size, deck, given_turned_trump)  # checks them
    n = _sample_size(n)
    deals = simulate_deals(n, players=1, deck=deck, hand_size=hand_size, rng=rng,
                           trump="turned" if given_turned_trump else "fixed:D")
    return deals.trump_counts()[:, 0], min(hand_size, trumps)


def sim_expected_trumps(hand_size: int = 6, deck: int = 36, given_turned_trump: bool = True,
                        n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``expected_trumps`` (R10): deal a hand, turn the next card, count trumps.

    >>> turned = sim_expected_trumps(n=50_000, rng=1)
    >>> fixed = sim_expected_trumps(given_turned_trump=False, n=50_000, rng=1)
    >>> turned.agrees(48 / 35), fixed.agrees(3 / 2), turned.agrees(3 / 2)
    (True, True, False)
    """
    return _estimate(_hand_trumps(hand_size, deck, given_turned_trump, n, rng)[0])


def sim_trump_distribution(hand_size: int = 6, deck: int = 36, given_turned_trump: bool = True,
                           n: int = N_DEFAULT, rng: Rng = None) -> dict[int, Estimate]:
    """Simulated ``trump_distribution``: one ``Estimate`` per possible count.

    >>> d = sim_trump_distribution(n=10_000, rng=1)
    >>> sorted(d), d[0].agrees(2691 / 14756)
    ([0, 1, 2, 3, 4, 5, 6], True)
    """
    counts, top = _hand_trumps(hand_size, deck, given_turned_trump, n, rng)
    return {k: _estimate(counts == k) for k in range(0, top + 1)}


def _leaders(players: int, deck: int, hand_size: int, given_turned_trump: bool, n: int,
             rng: Rng) -> np.ndarray:
    players, deck, hand_size, _ = deal_args(players, deck, hand_size)
    turned = flag("given_turned_trump", given_turned_trump)
    n = _sample_size(n)
    deals = simulate_deals(n, players, deck, hand_size, rng,
                           trump="turned" if turned else "fixed:D")
    return deals.first_attacker()


def sim_lead_distribution(players: int, deck: int = 36, hand_size: int = 6,
                          given_turned_trump: bool = True, n: int = N_DEFAULT,
                          rng: Rng = None) -> dict[int, Estimate]:
    """Simulated ``lead_distribution`` (R1.3): who holds the lowest trump, per seat.

    >>> d = sim_lead_distribution(6, n=20_000, rng=1)
    >>> d[5].agrees(5 / 21), d[0].agrees(16 / 105)
    (True, True)
    """
    leaders = _leaders(players, deck, hand_size, given_turned_trump, n, rng)
    return {s: _estimate(leaders == s) for s in range(players)}


def sim_p_leads(players: int, seat: int, deck: int = 36, hand_size: int = 6,
                given_turned_trump: bool = True, n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``p_leads`` (R1.3).

    >>> sim_p_leads(6, 5, n=20_000, rng=2).agrees(5 / 21)   # the dealer keeps the turned card
    True
    """
    seat = whole("seat", seat)
    players = whole("players", players, 2)
    if seat >= players:
        raise ValueError(f"seat={seat}: a {players}-player table has seats 0..{players - 1}")
    return _estimate(_leaders(players, deck, hand_size, given_turned_trump, n, rng) == seat)


# -- the hidden cards of a View (R0) -----------------------------------------------------------------

@dataclass(frozen=True)
class Hidden:
    """``n`` random placements of a View's unknown cards, each equally likely.

    ``cards``: ``(U,)`` int8, the indices of ``view.unknown``; ``owner``: ``(n, U)`` int8,
    the seat holding each of them in each sample, −1 for the talon.
    """

    cards: np.ndarray
    owner: np.ndarray

    def holds(self, seat: int, cards: Iterable[Card]) -> np.ndarray:
        """``(n,)`` bool: does ``seat`` hold at least one of ``cards`` (unknown cards only)."""
        wanted = np.isin(self.cards, [c.index for c in cards])
        held: np.ndarray = (self.owner[:, wanted] == seat).any(axis=1)
        return held


def sample_hidden(view: View, n: int = N_DEFAULT, rng: Rng = None) -> Hidden:
    """Deal ``view.unknown`` at random ``n`` times into the places it may be: each other seat's
    ``view.unknown_in_hand(seat)`` slots and the talon's ``view.unknown_in_talon`` (R0).

    >>> from durak_edu import new_game
    >>> v = new_game("podkidnoy", seed=7).view(0)
    >>> h = sample_hidden(v, n=1000, rng=1)
    >>> h.owner.shape, int((h.owner == 1).sum(axis=1).max())   # 6 of 29 in seat 1's hand
    ((1000, 29), 6)
    """
    slots = unknown_places(view)
    n = _sample_size(n)
    labels = np.array([s for s, m in slots.items() for _ in range(m)], dtype=np.int8)
    cards = np.array([c.index for c in view.unknown], dtype=np.int8)
    owner = _shuffled(n, labels, labels.size, rng).T
    return Hidden(cards, owner)


def _sim_holds_any(view: View, seat: int, wanted: set[Card], n: int, rng: Rng) -> Estimate:
    """P[seat holds at least one of ``wanted``] by sampling the hidden cards."""
    own = view.hand if seat == view.seat else view.known.get(seat, ())
    if any(c in wanted for c in own):
        return Estimate(1.0, 0.0)
    if seat == view.seat:
        return Estimate(0.0, 0.0)
    return _estimate(sample_hidden(view, n, rng).holds(seat, wanted))


def sim_p_holds(view: View, card: Card | str, seat: int, n: int = N_DEFAULT,
                rng: Rng = None) -> Estimate:
    """Simulated ``p_holds``: how often ``seat`` holds ``card`` over random placements.

    >>> from durak_edu import new_game
    >>> v = new_game("podkidnoy", seed=7).view(0)
    >>> sim_p_holds(v, v.unknown[0], 1, n=10_000, rng=1).agrees(6 / 29)
    True
    """
    card = check_card(view, card)
    seat = check_seat(view, seat)
    return _sim_holds_any(view, seat, {card}, n, rng)


def sim_p_has_trump(view: View, seat: int, n: int = N_DEFAULT, rng: Rng = None) -> Estimate:
    """Simulated ``p_has_trump``.

    >>> from durak_edu import new_game
    >>> from durak_edu.prob import p_has_trump
    >>> v = new_game("podkidnoy", seed=7).view(0)
    >>> sim_p_has_trump(v, 1, n=10_000, rng=1).agrees(p_has_trump(v, 1))
    True
    """
    seat = check_seat(view, seat)
    trumps = {c for c in game_cards(view) if view.is_trump(c)}  # two suits in R9.33; no joker
    if not trumps:
        return Estimate(0.0, 0.0)
    return _sim_holds_any(view, seat, trumps, n, rng)


def sim_p_can_beat(view: View, card: Card | str, seat: int, n: int = N_DEFAULT,
                   rng: Rng = None) -> Estimate:
    """Simulated ``p_can_beat``.

    >>> from durak_edu import new_game
    >>> from durak_edu.prob import p_can_beat
    >>> v = new_game("podkidnoy", seed=7).view(0)
    >>> sim_p_can_beat(v, "9♠", 1, n=10_000, rng=1).agrees(p_can_beat(v, "9♠", 1))
    True
    """
    card = check_card(view, card)
    seat = check_seat(view, seat)
    check_beating(view, "sim_p_can_beat")
    return _sim_holds_any(view, seat, beaters(view, card), n, rng)
