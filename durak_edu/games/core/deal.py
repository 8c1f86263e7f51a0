"""The deal on the core (issue 25): R1.1 (one card at a time from the player after the dealer),
R1.2 (the turned trump, drawn last; R6's spade put back), R1.3 (who leads) and the house rules'
deal clauses as the parts' ``deal``/``dealt`` hooks (R9.3, R9.4, R9.23, R9.27, R9.31, R9.38,
R9.40, ...). ``deal`` makes the very deal the old engine (the reference, deleted once the core
agreed with it, issue 25) made from the same deck order — the same hands, talon, trump, first
bout and the same words of the deal — so the games and records of before play on; the agreement
fixture (``tests/data/agreement.json``) records those deals, ``tests/test_core_deal.py`` tests
them by the rules.

The deck order comes in shuffled (``new.seeded_deck``: the seed's shuffle, and R9.11's aces
first, are ``new_game``'s, not the deal's).

>>> from durak_edu.cards import deck
>>> from durak_edu.rules import VARIANTS
>>> st, d = deal("podkidnoy", VARIANTS["podkidnoy"].rules, 2, deck(36))
>>> [h.bit_count() for h in st.hands], len(st.talon), str(d.trump_card), st.to_act  # as new_game
([6, 6], 24, '9♣', 1)
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence

from ...cards import SPADES, Card, Rank, Suit, mask_of
from ...rules import RulesBase
from ..verdict import trump_suits
from .apply import settle, start_bout
from .bits import SUIT, SUIT_SHIFT
from .seats import next_seat
from .house import PARTS, HousePart
from .state import (MAX_SEATS, POSITIONS as _POS, CoreState, config_for,
                    covered as _covered, rank_major)

__all__ = ["Deal", "deal", "first_attacker", "dealing_parts", "who_of", "position", "plays"]

#: an event of the deal, as ``Game._event`` takes it: (kind, text, seat, cards)
DealEvent = tuple[str, str, "int | None", tuple[Card, ...]]

#: a reason to put a turned card back into the talon (R6, R9.31): (test, why, clause)
PutBack = tuple[Callable[[Card], bool], str, str]


def who_of(names: Sequence[str]) -> Callable[[int | None], str]:
    """A seat as the words of an event name him (``Game._who``)."""
    def who(seat: int | None) -> str:
        if seat is None:
            return "nobody"
        name = names[seat]
        return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"
    return who


class Deal:
    """One deal as the core makes it: what the parts' ``deal`` hooks set before any card is
    dealt (the first block of fields), and what the deal made (the second)."""

    __slots__ = ("rules", "n", "dealer", "lead", "given", "order", "who", "position", "size",
                 "deals",
                 "deal_words", "reserve", "put_back", "aside", "remove", "face_down",
                 "trump_where", "start", "leads", "events", "last_events", "redeals",
                 "hands", "known", "reserves", "talon", "removed", "trump", "trump_card",
                 "reshuffled", "set_aside")

    rules: typing.Any                     # the attack family's ``Rules`` (read by the parts)
    n: int
    dealer: int                           # R1.1: the deal starts with the seat after him
    lead: int | None                      # R1.3: the first attacker given (a series), or None
    given: tuple[Card, ...]               # the deck order as given (a record's ``deck``)
    order: list[Card]                     # the order dealt from (R9.27 may deal another)
    who: Callable[[int | None], str]
    position: bool                        # a position set up by hand (``position``), not dealt
    # -- set by the parts' ``deal`` hooks, before the deal --
    size: int                             # R1.1: cards dealt to each (R9.3: the whole deck)
    deals: bool                           # False: nothing is dealt (R9.38's first phase)
    deal_words: str                       # the deal event's words ("" : R1.1's)
    reserve: int                          # R9.40: then this many cards each, face down
    put_back: list[PutBack]               # R6, R9.31: a turned card that goes back
    aside: int                            # R9.24: cards set aside face down after the turn
    remove: bool                          # R9.4: the rest of the deck leaves the game
    face_down: bool                       # R9.23: the trump card lies face down
    trump_where: str                      # the trump event's "where" ("": R1.2's)
    start: Callable[[CoreState, Deal], None] | None  # the first bout's start (R9.38's round)
    leads: Callable[[CoreState, Deal], int] | None  # R1.3 as a part reads it (R9.35)
    events: list[DealEvent]               # the deal's events, in order
    last_events: list[DealEvent]          # written after every part's (R9.24's card aside)
    redeals: tuple[tuple[Card, ...], ...]  # R9.27: the deck orders thrown in
    # -- what the deal made --
    hands: list[int]                      # per seat, ``Card.mask`` bits
    known: list[int]
    reserves: tuple[int, ...]             # R9.40, ``Card.mask`` bits
    talon: tuple[Card, ...]               # in drawing order, the turned trump last (R1.2)
    removed: tuple[Card, ...]             # R9.4: the cards put out of the game
    trump: Suit | None
    trump_card: Card | None
    reshuffled: tuple[Card, ...]          # R6, R9.31: turned cards put back, seen by all
    set_aside: tuple[Card, ...]           # R9.24: face down, out of play (in ``removed`` too)

    @property
    def dealt(self) -> int:
        """How many cards each seat is dealt (0: nothing, R9.38)."""
        return self.size if self.deals else 0


def dealing_parts(rules: object) -> tuple[HousePart, ...]:
    """The parts whose rule is on, for the deal: ``active`` or, for a rule that acts in the
    deal only (R9.3, R9.11, R9.27, R9.31: never called in play), ``in_deal``."""
    return tuple(p for p in PARTS if p.active(rules) or p.in_deal(rules))


def plays(rules: RulesBase, players: int, order: Sequence[Card]) -> bool:
    """Does the core deal and play ``rules`` (``state.supports`` before a game exists)?"""
    return (_covered(rules) and players <= MAX_SEATS
            and all(_POS[c.index] >= 0 for c in order))  # 72 cards: the wide copy's (wide.py)


def _check(rules: RulesBase, players: int, order: Sequence[Card]) -> None:
    if not _covered(rules) or players > MAX_SEATS:
        raise ValueError("the core does not deal these rules (docs/architecture.md, "
                         "\"Combinations the core does not play\"): new_game refuses them")
    if len(order) != rules.deck or any(_POS[c.index] < 0 for c in order):
        raise ValueError(f"deck: the core deals a {rules.deck}-card deck of at most 59 "
                         "positions (R0; R9.21's second deck is the wide copy's, wide.py)")


def deal(variant: str, rules: RulesBase, players: int, order: Sequence[Card],
         names: Sequence[str] | None = None, dealer: int | None = None,
         lead: int | None = None) -> tuple[CoreState, Deal]:
    """The deal of ``order`` (top card first) to ``players`` seats under ``rules``, and the
    first bout started (R1.3): the core's state and the ``Deal`` (the trump, the talon as
    cards, the events). Rules the core does not play are refused (``state.supports``)."""
    _check(rules, players, order)
    r: typing.Any = rules
    n = players
    d = Deal()
    d.rules, d.n, d.lead = r, n, lead
    d.dealer = n - 1 if dealer is None else dealer
    d.given, d.order = tuple(order), list(order)
    d.who = who_of(names if names is not None else [f"seat {i}" for i in range(n)])
    d.position = False
    d.size, d.deals, d.deal_words, d.reserve = r.hand_size, True, "", 0
    d.put_back, d.remove, d.face_down, d.trump_where = [], False, False, ""
    d.aside, d.start, d.events, d.last_events, d.redeals = 0, None, [], [], ()
    d.leads = None
    parts = dealing_parts(r)
    for part in parts:  # R9: what each house rule changes in the deal
        part.deal(d)
    if r.spades_apart and r.spade_turned == "reshuffle":  # R6: a spade cannot be trump
        d.put_back.append((lambda c: c.suit == SPADES, "a spade cannot be trump", "R6"))
    _deal_cards(d)
    _turn(d)
    cfg = config_for(r, d.trump, d.trump_card, d.dealt)
    st = _state(d, cfg)
    _words(d, len(st.talon))
    for part in parts:  # R9: the house rules' slots, from the deal
        part.dealt(st, d)
    d.events += d.last_events
    if d.start is not None:
        d.start(st, d)
    else:  # R1.3
        first = (lead if lead is not None else d.leads(st, d) if d.leads is not None
                 else first_attacker(st, d))
        start_bout(st, first)
    return st, d


def _deal_cards(d: Deal) -> None:
    """R1.1: one card at a time, clockwise from the player after the dealer; then (R9.40) a
    reserve each, the same way."""
    n, h, order = d.n, d.dealt, d.order
    hands = [0] * n
    for i in range(n * h):
        hands[(d.dealer + 1 + i) % n] |= order[i].mask
    rest = order[n * h:]
    k = d.reserve
    d.reserves = tuple(mask_of(rest[i] for i in range(n * k) if (d.dealer + 1 + i) % n == p)
                       for p in range(n))
    d.hands, d.known = hands, [0] * n
    d.talon = tuple(rest[n * k:])  # the rest, until the trump is turned


def _turn(d: Deal) -> None:
    """R1.2: the next card is turned for trump and put under the talon (a card a rule puts
    back goes into the talon's middle, R6, R9.31); with the whole deck dealt, the dealer's last
    card shows the trump and stays in his hand. ``trump="fixed:X"`` turns nothing."""
    r = d.rules
    rest = list(d.talon)
    d.trump_card, d.trump, d.reshuffled, d.removed, d.set_aside = None, None, (), (), ()
    if r.trump == "turned":
        if rest:
            turned = rest.pop(0)
            for _ in range(len(rest)):
                if not any(test(turned) for test, _, _ in d.put_back):
                    break
                if turned not in d.reshuffled:
                    d.reshuffled += (turned,)
                rest.insert(len(rest) // 2 + 1, turned)
                turned = rest.pop(0)
            if d.aside and rest:  # R9.24: the next card, set aside face down
                d.set_aside = (rest.pop(0),)
            rest.append(turned)  # R1.2: under the talon, face up, drawn last
        else:
            turned = d.order[d.n * d.dealt - 1]
            d.known[d.dealer] |= turned.mask
        d.trump_card, d.trump = turned, turned.suit
        if r.spades_apart and turned.suit == SPADES:
            d.trump = None  # R6: spades are never trumps
    elif r.fixed_trump is not None:
        fixed = r.fixed_trump
        d.trump = None if (r.spades_apart and fixed == SPADES) else fixed
    if d.remove:  # R9.4: the rest of the deck leaves the game
        d.removed, rest = tuple(rest), []
    d.removed += d.set_aside  # R9.24: it never goes into play
    d.talon = tuple(rest)


def _state(d: Deal, cfg: typing.Any) -> CoreState:
    """The core's state after the deal, before the first bout is started."""
    st = CoreState.__new__(CoreState)
    st.n, st.cfg = d.n, cfg
    st.hands = [rank_major(m) for m in d.hands]
    st.known = [rank_major(m) for m in d.known]
    st.talon = [_POS[c.index] for c in d.talon]
    st.tp = 0
    tc = d.trump_card
    st.trump_pos = _POS[tc.index] if tc is not None and d.talon and d.talon[-1] is tc else -1
    st.discard, st.ta, st.td = [], [], []
    st.settled = st.n_attack = st.nub = st.ranks = st.locked = 0
    st.attacker = st.defender = st.opener = st.to_act = 0
    st.opening, st.taking, st.refused = True, False, False
    st.run = st.shown = st.outm = st.bout = 0
    st.out = ()
    st.seen = {}
    st.end = None
    st.extra = {}
    st.lean = False
    return st


def _words(d: Deal, talon: int) -> None:
    """The reference's events of the deal (its ``__init__``), after the redeals."""
    r, who = d.rules, d.who
    d.events.append(("deal", d.deal_words or f"dealt {d.dealt} cards each, clockwise from "
                     f"{who((d.dealer + 1) % d.n)}", None, ()))
    for back in d.reshuffled:
        why, clause = next((w, c) for test, w, c in d.put_back if test(back))
        d.events.append(("trump", f"{back} was turned: {why}, so it goes back into the middle "
                         f"of the talon ({clause})", None, (back,)))
    tc = d.trump_card
    if tc is not None and d.face_down and talon > 1:
        return  # R9.23: the part says it (``dealt``)
    if tc is not None:
        note = "" if d.trump is not None else _no_trump_note(d)
        where = (d.trump_where if d.remove else f", kept by the dealer {who(d.dealer)}"
                 if not d.talon else ", under the talon")
        d.events.append(("trump", f"trump card {tc}{where}{note}", None, (tc,)))
    elif d.trump is not None:
        d.events.append(("trump", f"trump suit {d.trump} (fixed, no card turned)", None, ()))


def _no_trump_note(d: Deal) -> str:
    """Why a turned card set no trump: a spade (R6), a joker (R9.22), a wild card (R9.50), the
    mega card (R9.51), or two trumps (R9.33)."""
    tc = d.trump_card
    if tc is not None and tc.is_wild:
        return " (a wild card: no trump, R9.50)"
    if tc is not None and tc.is_mega:
        return " (the mega card: no trump, R9.51)"
    if tc is None or not tc.is_joker:
        return " (a spade: no trump, R6)"
    suits = sorted(trump_suits(d.trump, d.rules.jokers, tc))
    if suits:
        return (f" (a joker: both suits of its colour, {' '.join(map(str, suits))}, are trumps, "
                "R9.33)")
    return " (a joker: no trump, R9.22)"


def first_attacker(st: CoreState, d: Deal) -> int:
    """R1.3: the lowest trump leads (R9.33: of both trump suits); without one, the player after
    the dealer; ``first_lead="left_of_dealer"`` always him, ``"nine_of_diamonds"`` (R9.16) the
    9♦'s holder."""
    after_dealer = (d.dealer + 1) % st.n
    first_lead = d.rules.first_lead
    if first_lead == "nine_of_diamonds":
        nine = _POS[Card(Rank.NINE, Suit.DIAMONDS).index]
        for p in range(st.n):
            if st.hands[p] >> nine & 1:
                return p
    suits = trump_suits(d.trump, d.rules.jokers, d.trump_card if d.trump_card is not None
                        and d.trump_card.is_joker else None)
    mask = sum(SUIT << (int(s) << SUIT_SHIFT) for s in suits)
    if first_lead == "left_of_dealer" or not mask:
        return after_dealer
    best = None
    for p in range(st.n):
        trumps = st.hands[p] & mask
        if trumps:  # rank-major: the lowest bit is the lowest rank, then the first suit
            low = (trumps & -trumps).bit_length() - 1
            if best is None or low < best[0]:
                best = (low, p)
    return after_dealer if best is None else best[1]




def position(variant: str, rules: RulesBase, order: Sequence[Card], names: Sequence[str],
             dealer: int, deal_size: int, removed: tuple[Card, ...],
             hands: Sequence[Sequence[Card]], talon: Sequence[Card], trump_card: Card | None,
             trump: str | None, attacker: int, first_bout: bool) -> tuple[CoreState, Deal]:
    """A position set up by hand (``setup.from_position``), as the reference's ``_set_position``
    sets it on a game dealt from ``order``: ``hands``, the ``talon`` (top first) over the
    ``trump_card``, or the suit ``trump``; every other card in the discard pile, in deck order
    (R0: seen by all). Settled as play would leave it (R2.10, R2.8, R2.11); a position play
    cannot reach is refused, in the reference's words. Nothing is set aside (R9.40); R9.4's
    cards put away are the deal's (``removed``)."""
    r: typing.Any = rules
    n = len(hands)
    who = who_of(names)
    if not isinstance(attacker, int) or not 0 <= attacker < n:
        raise ValueError(f"attacker must be a seat 0..{n - 1}, not {attacker!r}")
    placed: list[Card] = [c for h in hands for c in h] + list(talon)
    if trump_card is not None:
        placed.append(trump_card)
    full = list(order)
    for c in placed:
        if placed.count(c) > 1:
            raise ValueError(f"position: {c} is given twice")
        if c not in full:
            raise ValueError(f"position: {c} is not in a {len(full)}-card deck")
    suit: Suit | None
    if trump_card is not None:
        suit = trump_card.suit
    elif trump is None:
        suit = r.fixed_trump  # trump="fixed:X" among the options, else no trump
    elif trump == "none":
        suit = None
    else:
        suit = Suit.parse(trump)
    if r.spades_apart and suit == SPADES:
        suit = None  # R6: spades are never trumps
    cards = tuple(talon) + ((trump_card,) if trump_card is not None else ())
    if cards and getattr(r, "talon_removed", False):
        raise ValueError(
            f"position: {variant} puts the rest of the deck out of the game after the deal, so "
            f"it has no talon (R9.4); {len(cards)} talon card(s) given: give the hands, and the "
            "trump as trump='D' (a suit letter)")
    if cards and getattr(r, "one_higher_phase", False):
        raise ValueError(
            f"position: {variant}'s attack–defence phase starts once the first phase has used "
            f"the deck up, so it has no talon (R9.38); {len(cards)} talon card(s) given: give "
            "the hands only, or play the first phase with new_game")
    masks = [mask_of(h) for h in hands]
    if cards:
        empty = next((p for p in range(n) if not masks[p]), None)
        if empty is not None:
            raise ValueError(
                f"position: {who(empty)} holds no cards while the talon holds {len(cards)}: "
                "in play every hand is filled from the talon before a bout begins (R2.9); "
                "give him cards, or leave the talon empty")
    elif not any(masks):
        raise ValueError("position: nobody holds a card and the talon is empty: there is "
                         "nothing left to play (R2.11)")
    d = Deal()
    d.rules, d.n, d.dealer, d.lead, d.who, d.position = r, n, dealer, None, who, True
    d.given, d.order = tuple(order), list(order)
    d.size, d.deals, d.reserve, d.aside = deal_size, True, 0, 0
    d.events, d.last_events, d.redeals, d.start, d.set_aside = [], [], (), None, ()
    d.leads = None
    d.hands, d.known, d.reserves = masks, [0] * n, (0,) * n
    d.talon, d.removed, d.reshuffled = cards, removed, ()
    d.trump, d.trump_card = suit, trump_card
    st = _state(d, config_for(r, suit, trump_card, deal_size))
    placed_set = set(placed)
    st.discard = [_POS[c.index] for c in full if c not in placed_set]
    st.bout = 0 if first_bout else 1
    if not cards:  # R2.10: with no talon an empty hand is out
        st.out = tuple(p for p in range(n) if not masks[p])
        st.outm = sum(1 << p for p in st.out)
    for part in dealing_parts(r):  # R9: the rules' slots, for a position (``d.position``)
        part.dealt(st, d)
    d.events = [("deal", "a position was set up: " + ", ".join(
        f"{who(p)} holds {len(h)}" for p, h in enumerate(hands))
        + f"; talon {len(cards)}, discard {len(st.discard)}", None, ())]
    if st.outm >> attacker & 1 and not r.teams:
        attacker = next_seat(attacker, n, st.outm)  # R2.8: as after bito, the next one attacks
    start_bout(st, attacker)
    if not cards and settle(st, False, st.defender, ()):  # R2.11: at most one holds cards
        st.opening = False  # over: no bout to open (as the reference's position reads)
    return st, d
