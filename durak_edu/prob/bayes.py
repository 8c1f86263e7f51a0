"""Reasoning from behaviour: what an opponent's choice says about his hand, by Bayes' rule.

Counting (``knowledge``) treats every way to fill an opponent's unknown places as equally
likely: that is the *prior*, and it is all a seat can say from the cards it has seen (R0). But the
opponent also *chose* — he took instead of beating, say. A stated model of him gives, for each hand
he could hold, the chance that he would have chosen so (the *likelihood*). Bayes' rule, counted
exactly over the hands, as Think Bayes does it with a table::

    posterior(hand) = prior(hand) × likelihood(hand) / (the sum of that product over all hands)

``belief(view, seat)`` is the prior over ``seat``'s hand as ``view.seat`` sees it: one entry for
every set of unknown cards that fills his unknown places, each with the same weight. ``update``
multiplies by a likelihood and normalises, ``follow`` carries a belief on to a later view; ``took(targets, beats, p_beat)`` is the likelihood of a
take under the simple model "a defender who can beat the whole attack beats it with probability
``p_beat``, otherwise he takes" (``p_beat=1``: he never takes when he could beat; ``p_beat=0``: the
take says nothing, and the posterior is the prior).

>>> from durak_edu import from_hands
>>> g = from_hands("podkidnoy", ["9♠ Q♠ 9♣ J♣ 10♦ 10♥", "K♠ 10♣ A♣ J♦ K♦ A♥"], turned="9♥",
...                deck=24)
>>> v = g.view(0)
>>> b = belief(v, 1)
>>> len(b), b.p_holds("Q♥")              # 6 of the 17 unknown cards are in seat 1's hand
(12376, Fraction(6, 17))
>>> after = b.update(took("9♣", v.beats))     # if he took 9♣: no club above it, and no trump
>>> after.p_holds("Q♥"), after.p_any("10♣ Q♣ A♣")
(Fraction(0, 1), Fraction(0, 1))
>>> after.p_holds("K♠")                   # his 6 cards are among the 9 that cannot beat 9♣
Fraction(2, 3)

The prior has ``C(U, m)`` hands (``U`` unknown cards, ``m`` places): listing them is fast up to
a few hundred thousand; ``belief`` refuses more than ``limit`` of them rather than run for ever.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Callable, Iterable, Mapping

from ..cards import Card
from ..cards import cards as parse_cards
from ..games.base import View
from .views import check_seat, check_view, unknown_places

__all__ = ["HandBelief", "belief", "update", "took", "can_beat_all", "LIMIT"]

Hand = frozenset[Card]
Likelihood = Callable[[Hand], "Fraction | int"]

#: the most hands ``belief`` lists by default (C(25, 6) = 177,100 fits; C(29, 6) does not)
LIMIT = 250_000


def _cards(cards: Iterable[Card | str] | Card | str) -> list[Card]:
    if isinstance(cards, Card):
        return [cards]
    if isinstance(cards, str):
        try:
            return list(parse_cards(cards))
        except ValueError as exc:
            raise ValueError(f"cards: {exc}") from None
    out = []
    for c in cards:
        try:
            out.append(Card.parse(c))
        except ValueError as exc:
            raise ValueError(f"cards: {exc}") from None
    return out


def can_beat_all(hand: Iterable[Card], targets: Iterable[Card],
                 beats: Callable[[Card, Card], bool]) -> bool:
    """``True`` if ``hand`` can beat every card of ``targets`` at once, a different card for each
    (R2.3: each attack card is covered by its own beater) — a matching, found by augmenting paths.

    >>> from durak_edu import from_hands
    >>> v = from_hands("podkidnoy", ["7♠ 7♣ J♣ Q♠ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥").view(0)
    >>> from durak_edu import cards
    >>> can_beat_all(cards("8♠ 10♥"), cards("7♠ 7♣"), v.beats)
    True
    >>> can_beat_all(cards("10♥ 7♦"), cards("7♠ 7♣"), v.beats)   # one trump, two cards to cover
    False
    """
    hand, targets = list(hand), list(targets)
    if len(targets) > len(hand):
        return False
    options = [[i for i, c in enumerate(hand) if beats(c, t)] for t in targets]
    owner: dict[int, int] = {}          # hand index -> target index it covers

    def place(t: int, seen: set[int]) -> bool:
        for i in options[t]:
            if i not in seen:
                seen.add(i)
                if i not in owner or place(owner[i], seen):
                    owner[i] = t
                    return True
        return False

    return all(place(t, set()) for t in sorted(range(len(targets)), key=lambda t: len(options[t])))


@dataclass(frozen=True)
class HandBelief:
    """What one seat believes about another seat's hand: ``known`` cards (picked up, deduced)
    and a weight for every possible set of ``hidden`` cards (the weights add up to 1).

    ``p(event)`` is the total weight of the hands where ``event(hand)`` is true; a hand passed to
    an event or a likelihood is the whole hand, ``known`` cards included.
    """

    seat: int
    known: Hand
    weights: Mapping[Hand, Fraction]

    def __len__(self) -> int:
        return len(self.weights)

    def hands(self) -> Iterable[tuple[Hand, Fraction]]:
        """Every possible whole hand with its weight (hands of weight 0 included)."""
        for hidden, w in self.weights.items():
            yield self.known | hidden, w

    def p(self, event: Callable[[Hand], bool]) -> Fraction:
        """P[``event(hand)``] under this belief."""
        return sum((w for h, w in self.hands() if event(h)), Fraction(0))

    def p_holds(self, card: Card | str) -> Fraction:
        """P[the hand holds ``card``]."""
        c = Card.parse(card)
        return self.p(lambda h: c in h)

    def p_any(self, cards: Iterable[Card | str]) -> Fraction:
        """P[the hand holds at least one of ``cards``]."""
        want = set(_cards(cards))
        return self.p(lambda h: not want.isdisjoint(h))

    def p_can_beat(self, targets: Iterable[Card | str] | Card | str,
                   beats: Callable[[Card, Card], bool]) -> Fraction:
        """P[the hand can beat every card of ``targets``, a different card for each]."""
        ts = _cards(targets)
        return self.p(lambda h: can_beat_all(h, ts, beats))

    def update(self, likelihood: Likelihood) -> "HandBelief":
        """The posterior: each weight times ``likelihood(hand)``, normalised (Bayes' rule).

        Raises ``ValueError`` if the likelihood is 0 for every hand (the model says the choice
        that was seen could not happen) or is negative somewhere."""
        raw = {}
        for hidden, w in self.weights.items():
            lk = Fraction(likelihood(self.known | hidden))
            if lk < 0:
                raise ValueError(f"likelihood: {lk} < 0 for the hand "
                                 f"{' '.join(map(str, sorted(self.known | hidden)))}")
            raw[hidden] = w * lk
        total = sum(raw.values(), Fraction(0))
        if total == 0:
            raise ValueError("likelihood: 0 for every possible hand — under this model of the "
                             "opponent the choice that was seen is impossible; soften the model "
                             "(e.g. p_beat below 1)")
        return HandBelief(self.seat, self.known, {h: w / total for h, w in raw.items()})

    def follow(self, view: View) -> "HandBelief":
        """The same belief at a later position seen by the same seat: cards he picked up join
        ``known`` (R2.7), and a hidden set holding a card the seat has since seen elsewhere (drawn
        by the seat itself, say) drops out — Bayes' rule with a likelihood of 0 or 1.

        Raises ``ValueError`` if the number of his unknown places changed (he drew, or played a
        card the seat could not place): the hidden part is then another set, start a new
        ``belief``."""
        view = check_view(view)
        places = unknown_places(view).get(self.seat)
        size = len(next(iter(self.weights)))
        if places != size:
            raise ValueError(f"view: seat {self.seat} now has {places} unknown places, not {size} "
                             "(he drew or played an unseen card since): start a new belief")
        unknown = set(view.unknown)
        known = frozenset(view.known.get(self.seat, ()))
        kept = HandBelief(self.seat, known, self.weights)
        return kept.update(lambda hand: Fraction(int((hand - known) <= unknown)))

    def __repr__(self) -> str:
        return (f"HandBelief(seat {self.seat}: {len(self.known)} known cards, "
                f"{len(self.weights)} possible sets of hidden cards)")


def belief(view: View, seat: int, limit: int = LIMIT) -> HandBelief:
    """The prior over ``seat``'s hand as ``view.seat`` sees it: his known cards, and every set of
    unknown cards that fills his unknown places, all equally likely (R0)."""
    view = check_view(view)
    seat = check_seat(view, seat)
    if seat == view.seat:
        raise ValueError(f"seat={seat}: that is the view's own seat; its hand is known")
    m = unknown_places(view)[seat]
    n = comb(len(view.unknown), m)
    if n > limit:
        raise ValueError(f"seat {seat} has {m} unknown places among {len(view.unknown)} unknown "
                         f"cards: {n:,} possible hands, more than limit={limit:,}; ask later in "
                         "the game or raise the limit")
    w = Fraction(1, n)
    return HandBelief(seat, frozenset(view.known.get(seat, ())),
                      {frozenset(h): w for h in combinations(view.unknown, m)})


def update(prior: HandBelief, likelihood: Likelihood) -> HandBelief:
    """``prior.update(likelihood)``: Bayes' rule over the hands."""
    return prior.update(likelihood)


def took(targets: Iterable[Card | str] | Card | str, beats: Callable[[Card, Card], bool],
         p_beat: Fraction | float | int = 1) -> Callable[[Hand], Fraction]:
    """The likelihood of "he took ``targets``" under a simple model of the defender: if his hand
    can beat them all (R2.3) he beats with probability ``p_beat`` and takes otherwise; if it
    cannot, he takes (R2.7). ``beats`` is the game's rule, e.g. ``view.beats``."""
    ts = _cards(targets)
    pb = Fraction(p_beat)
    if not 0 <= pb <= 1:
        raise ValueError(f"p_beat={p_beat}: a probability, between 0 and 1")

    def likelihood(hand: Hand) -> Fraction:
        return 1 - pb if can_beat_all(hand, ts, beats) else Fraction(1)
    return likelihood
