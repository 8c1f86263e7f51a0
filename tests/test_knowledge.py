"""What each seat knows (R0): ``g.view(seat)`` is exact and never leaks.

R0: everything is public except hands and the talon — the trump card, the table, the discard,
and every card a player picks up. The checks:

* a view's known cards are really in those hands, its own hand is its hand;
* its unknown cards are exactly those it cannot place: for the attack–defence family an
  independent tracker rebuilds the view from the public event stream alone, and for every family
  the counts agree (unknown = unnamed cards in other hands + unseen talon cards);
* no leak: swapping two of a seat's unknown cards in the deck gives a world the seat cannot tell
  apart (same observations), and there its view must be the same;
* the two-player empty-talon deduction, the drawn trump card, the proezdnoy, the six-player
  dealer's shown card;
* hypothesis runs all of it over random games of every preset, from every seat.
"""

import random

import pytest
from hypothesis import given, strategies as st

from helpers import player_counts, playout, sample
from durak_edu import (VARIANTS, Attack, Beat, Play, ThrowIn, Transfer, cards, new_game)
from durak_edu.actions import Counter, Exchange, Give, Swap, TalonAttack
from durak_edu.record import GameRecord, RecordError




def positions(rec):
    """The game at every position of a record, from the start."""
    g = rec.new_game()
    yield g
    for a in rec.actions:
        g.play(a)
        yield g


def table_cards(view):
    out = set()
    for x in view.table:
        if isinstance(x, tuple):
            out |= {c for c in x if c is not None}
        else:
            out.add(x)
    return out


# -- invariants every family must keep -----------------------------------------------------------------

def check_view(g, seat):
    v = g.view(seat)
    hands = g.hands
    n = g.players
    assert set(v.hand) == set(hands[seat]), "a seat sees its own hand"
    assert v.hand_sizes == tuple(len(h) for h in hands)
    assert v.talon_size == g.talon_size
    assert seat not in v.known
    for p, ks in v.known.items():
        assert set(ks) <= set(hands[p]), f"seat {seat} 'knows' {ks} in seat {p}'s hand wrongly"
    placed = set(v.hand) | set(v.discard) | table_cards(v)
    for ks in v.known.values():
        placed |= set(ks)
    unknown = set(v.unknown)
    assert len(unknown) == len(v.unknown)
    assert not unknown & placed, "an unknown card is also placed"
    for c in unknown:  # an unknown card is really in another hand or the talon
        assert c not in hands[seat]
        assert any(c in hands[p] for p in range(n) if p != seat) or v.unknown_in_talon > 0
    named = sum(v.hand_sizes[p] - len(v.known.get(p, ())) for p in range(n) if p != seat)
    assert len(unknown) == named + v.unknown_in_talon, \
        "unknown cards are exactly the unnamed cards in other hands and the unseen talon"
    return v


def check_attack_partition(g, seat, v):
    """Attack–defence family: every card of the deck is in exactly one place of the view."""
    everything = set(g.deck_order)
    placed = [set(v.hand), set(v.discard), table_cards(v), set(v.unknown)]
    placed.append(set(v.in_talon) - ({g.trump_card} if g.trump_card else set()))
    placed += [set(ks) for ks in v.known.values()]
    removed = getattr(g, "removed", ())
    if (g.trump_card is not None and (g.talon_size or g.trump_card in removed)
            and g.trump_card not in set().union(*placed)):
        placed.append({g.trump_card})  # lies face up under the talon (R1.2) or went out (R9.4)
    assert sum(map(len, placed)) == len(everything) == len(set().union(*placed))


# -- an independent tracker for the attack–defence family ---------------------------------------------

class Tracker:
    """What each seat can know, rebuilt from the public events (and its own hand) alone.

    Feed it the game after every action (``update``); ``view(g, seat)`` then gives the known
    cards of the other seats, the unknown cards and how many unknown cards are in the talon.
    """

    def __init__(self, g):
        self.n = g.players
        # (R9.38: krestovy draws its first round as the game is made; update counts it again)
        self.talon = g.talon_size + sum(len(e.cards) for e in g.history if e.kind == "draw")
        self.trump_card = g.trump_card
        self.known = {p: set() for p in range(self.n)}
        # R9.23 (nevidimy): a trump card face down is not known to be in the talon
        self.in_talon = (g.trump_card is not None and self.talon > 0
                         and g.view(0).trump_card is not None)
        # R9.4: the cards put out of the game are unseen, bar the trump card shown as it went
        self.removed = set(getattr(g, "removed", ()))
        # R9.40: the reserves lie face down, unseen by all (their owners too) till taken up
        self.reserved = sum(map(len, getattr(g, "reserves", ())))
        if g.trump_card is not None and self.talon == 0 and not getattr(g, "removed", ()):
            self.known[g.dealer].add(g.trump_card)  # R1.2: the six-player dealer shows it
        self.deck = set(g.deck_order)
        self.seen = 0
        # R6, R9.31: a turned card put back lies at a place everyone saw; known till drawn
        self.back = {c: g.talon.index(c) for c in getattr(g, "reshuffled", ())}
        self.drawn = 0
        self.out = set()
        # R9.19 (pokerny): per seat, the cards it swapped into the talon and their places (the
        # view does not follow one into the hand that draws it: a loss of knowledge, not a leak)
        self.tucked = {p: {} for p in range(self.n)}

    def update(self, g):
        for e in g.history[self.seen:]:
            a = e.action
            if e.kind == "action":
                if isinstance(a, (Attack, ThrowIn)) or (isinstance(a, Transfer) and not a.show):
                    self.known[e.seat] -= set(a.cards)
                elif isinstance(a, Beat):
                    self.known[e.seat].discard(a.card)
                elif isinstance(a, Transfer):
                    self.known[e.seat].add(a.cards[0])  # R3.4: the shown trump stays in hand
                elif isinstance(a, Play):  # R9.38: krestovy's first phase lays a card
                    self.known[e.seat].discard(a.card)
                elif isinstance(a, TalonAttack):  # R9.18: the talon's top card, turned for all
                    self.talon -= 1
                    self.drawn += 1
                    if "keeps it" in e.text:
                        self.known[e.seat] |= set(e.cards)
                elif isinstance(a, Swap):  # R9.19: his cards go in over the trump card, unseen
                    self.known[e.seat] -= set(a.cards)  # by all but him: he knows where they lie
                    k, bottom = len(a.cards), 1 if self.in_talon else 0
                    self.drawn += k  # he takes as many from the top
                    for j, c in enumerate(a.cards):
                        self.tucked[e.seat][c] = self.drawn + self.talon - k - bottom + j
                elif isinstance(a, Exchange):  # R9.26: the six for the trump card, both public
                    self.known[e.seat].discard(a.card)
                    self.known[e.seat].add(self.trump_card)
                    self.trump_card = a.card
                elif isinstance(a, Counter):  # R9.39: his beating and added cards, on the table
                    self.known[e.seat] -= {a.card, *a.extra}
                elif isinstance(a, Give):  # R9.49: to the one opponent; both players see them
                    self.known[e.seat] -= set(a.cards)
                    self.known[1 - e.seat] |= set(a.cards)
            elif e.kind == "pile":  # R9.38: the highest drawn card starts the pile
                self.known[e.seat] -= set(e.cards)
            elif e.kind == "pickup":
                self.known[e.seat] |= set(e.cards)  # R0: picked-up cards are public
            elif e.kind == "joker" and e.cards:  # R9.49: the blocking combination, shown
                self.known[e.seat] |= set(e.cards)
            elif e.kind == "trump" and "(R9.36)" in e.text:  # kozyrny: a new trump card
                self.trump_card = e.cards[0]
            elif e.kind == "trump" and "(R9.24)" in e.text and e.cards:  # potayny: turned
                self.trump_card = e.cards[0]  # the second trump card, set aside till now
            elif e.kind == "trump" and self.trump_card in e.cards and self.talon > 0:
                self.in_talon = True  # R9.23: turned face up when one card is left
            elif e.kind == "reserve":  # R9.40: a reserve taken up, seen by its owner only
                self.reserved -= len(e.cards)
            elif e.kind == "reshuffle":  # R9.13: a bito shuffled back into the talon
                self.talon += len(e.cards)
            elif e.kind == "out":
                self.out.add(e.seat)
            elif e.kind == "hands":  # R9.12: every hand goes to the next player still in
                active = [p for p in range(self.n) if p not in self.out]
                known = dict(self.known)
                for i, p in enumerate(active):
                    self.known[active[(i + 1) % len(active)]] = known[p]
            elif e.kind == "draw":
                if not e.private:  # R9.38: drawn face up, seen by all
                    self.known[e.seat] |= set(e.cards)
                self.drawn += len(e.cards)
                self.talon -= len(e.cards)  # how many were drawn is public, which ones is not
                if self.in_talon and self.talon == 0:
                    self.known[e.seat].add(self.trump_card)  # the face-up trump came last
                    self.in_talon = False
        self.seen = len(g.history)

    def view(self, g, seat):
        v = g.view(seat)
        unknown = self.deck - set(v.hand) - set(v.discard) - table_cards(v)
        others = {p: set(self.known[p]) for p in range(self.n) if p != seat}
        for ks in others.values():
            unknown -= ks
        if self.in_talon or self.trump_card in self.removed:
            unknown.discard(self.trump_card)
        unknown_in_talon = self.talon - (1 if self.in_talon else 0)
        unknown_in_talon += len(self.removed - {self.trump_card})
        unknown_in_talon += self.reserved
        for c, place in (*self.back.items(), *self.tucked[seat].items()):
            if place >= self.drawn:
                unknown.discard(c)
                unknown_in_talon -= 1
        if unknown_in_talon == 0 and unknown:
            gaps = [p for p in others if v.hand_sizes[p] > len(others[p])]
            if len(gaps) == 1:
                others[gaps[0]] |= unknown
                unknown = set()
        return others, unknown, unknown_in_talon


def check_against_reference(g, seat, tracker=None):
    if tracker is None:
        tracker = Tracker(GameRecord.from_game(g).new_game())
        tracker.update(g)
    v = g.view(seat)
    others, unknown, in_talon = tracker.view(g, seat)
    assert {p: set(ks) for p, ks in v.known.items()} == others
    assert set(v.unknown) == unknown
    assert v.unknown_in_talon == in_talon


def check_game(rec):
    """Every view of every position of a record, from every seat."""
    attack = VARIANTS[rec.variant].family == "attack"
    tracker = None
    for g in positions(rec):
        if attack:
            if tracker is None:
                tracker = Tracker(g)
            tracker.update(g)
        for seat in range(rec.players):
            v = check_view(g, seat)
            if attack:
                check_attack_partition(g, seat, v)
                check_against_reference(g, seat, tracker)


# -- no leak: worlds the seat cannot tell apart give the same view --------------------------------------

def observations(g, seat):
    """Everything ``seat`` has observed: public events, its own private ones, the counts of
    the others' private ones — and whose turn it is now."""
    return [(e.kind, e.seat, e.action, e.text,
             e.cards if (not e.private or e.seat == seat) else len(e.cards))
            for e in g.history] + [g.to_act]


def indistinguishable_world(rec, i, seat, rng):
    """The game at position ``i`` with two of ``seat``'s unknown cards swapped in the deck, or
    ``None`` when the swap changes what the seat observes (or makes an action illegal)."""
    g = rec.to_game(i)
    unknown = list(g.view(seat).unknown)
    if len(unknown) < 2:
        return g, None
    x, y = rng.sample(unknown, 2)
    order = list(rec.deck)
    ix, iy = order.index(x), order.index(y)
    order[ix], order[iy] = order[iy], order[ix]
    other = GameRecord(variant=rec.variant, players=rec.players, deck=order,
                       actions=rec.actions[:i], options=rec.options, names=rec.names,
                       dealer=rec.dealer, lead=rec.lead)
    try:
        h = other.to_game()
    except RecordError:
        return g, None
    if observations(h, seat) != observations(g, seat):
        return g, None
    return g, h


def check_no_leak(rec, rng, tries=6):
    compared = 0
    for _ in range(tries):
        i = rng.randrange(len(rec.actions) + 1)
        seat = rng.randrange(rec.players)
        g, h = indistinguishable_world(rec, i, seat, rng)
        if h is None:
            continue
        assert h.view(seat) == g.view(seat), \
            f"seat {seat}'s view at {i} depends on cards it has never seen"
        compared += 1
    return compared


ALL = sorted(VARIANTS)
ATTACK = [n for n in ALL if VARIANTS[n].family == "attack"]


# -- the checks, preset by preset ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_views_are_exact_at_every_position_from_every_seat(name):
    """Two seeded games a preset in the deep run, the first in the quick run (the hypothesis
    test below plays random games of every preset besides)."""
    counts = player_counts(name)
    for seed in sample((3, 4), 1):
        players = counts[seed % len(counts)]
        check_game(playout(name, players, seed, cap=150).record())


def test_no_leak_across_families():
    rng = random.Random(7)
    compared = 0
    for name in ALL:
        counts = player_counts(name)
        rec = playout(name, counts[0], 11, cap=120).record()
        compared += check_no_leak(rec, rng, tries=8)
    assert compared > 40  # enough indistinguishable pairs were really compared


def test_two_player_empty_talon_deduction():
    """R0: with two players and no talon, each can name every card in the other's hand."""
    checked = 0
    for name in ("podkidnoy", "perevodnoy", "prostoy_two", "japanese_spades", "japanese_diamonds"):
        for seed in range(3):
            for g in positions(playout(name, 2, seed).record()):
                if g.talon_size or g.is_over:
                    continue
                for seat in (0, 1):
                    v = g.view(seat)
                    assert set(v.known[1 - seat]) == set(g.hands[1 - seat])
                    assert v.unknown == () and v.unknown_in_talon == 0
                    checked += 1
    assert checked > 50


def test_the_deduction_waits_while_a_card_could_still_be_in_the_talon():
    g = playout("podkidnoy", 2, 5)
    for h in positions(g.record()):
        if h.talon_size == 1 and not h.is_over:  # only the face-up trump is left
            v = h.view(h.to_act)
            assert v.unknown_in_talon == 0
            assert set(v.known[1 - h.to_act]) == set(h.hands[1 - h.to_act])
            break


def test_the_six_player_dealer_shows_his_last_card():
    """R1.2: with six players the whole deck is dealt; the dealer's last card sets the trump
    and everyone knows it is in his hand (worked example 3)."""
    deck36 = cards("6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ "
                   "10♦ J♦ Q♦ K♦ A♦ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    g = new_game("podkidnoy", players=6, deck_order=deck36)
    assert g.trump_card == cards("A♥")[0] and g.talon_size == 0
    for seat in range(5):
        assert cards("A♥")[0] in g.view(seat).known[5]
        check_view(g, seat)
    assert 5 not in g.view(5).known


def test_the_drawn_trump_card_and_picked_up_cards_are_known_until_played():
    g = playout("podkidnoy", 3, 8)
    rec = g.record()
    seen_trump = seen_pickup = False
    for h in positions(rec):
        if h.talon_size == 0 and h.trump_card is not None and not h.is_over:
            holder = [p for p in range(3) if h.trump_card in h.hands[p]]
            if holder:
                p = holder[0]
                for seat in range(3):
                    if seat != p:
                        assert h.trump_card in h.view(seat).known[p]
                        seen_trump = True
        for e in h.history[-3:]:
            if e.kind == "pickup":
                for c in e.cards:
                    if c in h.hands[e.seat]:
                        for seat in range(3):
                            if seat != e.seat:
                                assert c in h.view(seat).known[e.seat]
                                seen_pickup = True
    assert seen_trump and seen_pickup


def test_the_shown_trump_is_known_after_a_proezdnoy():
    """R3.4: a trump shown instead of played stays in the hand, and everyone has seen it."""
    g = new_game("perevodnoy", players=3, deck_order=cards(
        "6♣ 8♣ 9♦ 9♥ 9♠ Q♣ 7♠ J♠ 10♠ 10♦ Q♦ K♦ K♣ 7♣ 8♦ A♠ A♦ 6♠ 6♥ 8♠ Q♠ K♠ 9♣ 10♣ J♣ "
        "A♣ 6♦ 7♦ J♦ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥"))
    for a in ("attack 6♣", "beat 6♣ 8♣", "pass", "attack 9♠", "transfer 9♦", "show 9♥"):
        g.play(a)
    nine = cards("9♥")[0]
    assert nine in g.hands[0]
    for seat in (1, 2):
        assert nine in g.view(seat).known[0]
        check_against_reference(g, seat)


def test_a_view_hides_what_others_drew():
    g = new_game("podkidnoy", players=2, seed=1)
    v = g.view(0)
    assert set(v.unknown) == set(g.deck_order) - set(g.hands[0]) - {g.trump_card}
    assert len(v.unknown) == 29  # R10: 36 - 6 - 1 unknown from one seat at the start
    assert v.unknown_in_talon == 23


# -- hypothesis: random games of every preset, from every seat ---------------------------------------------

@given(name=st.sampled_from(ALL), seed=st.integers(0, 10**6), data=st.data())
def test_hypothesis_views_over_random_games(name, seed, data):
    counts = player_counts(name)
    players = data.draw(st.sampled_from(counts), label="players")
    rec = playout(name, players, seed, cap=100).record()
    check_game(rec)
    check_no_leak(rec, random.Random(seed), tries=3)


def test_every_card_is_in_exactly_one_place_of_a_view_across_families():
    """hand + known in other hands + unknown + in_talon + table + discard = the whole deck."""
    import random as _random
    from durak_edu import VARIANTS, new_game
    for name in ("podkidnoy", "japanese_spades", "japanese_circle", "navalenny", "japanese_maumau"):
        players = 3
        g = new_game(name, players=players, seed=17)
        rng = _random.Random(17)
        for _ in range(400):
            if g.is_over:
                break
            for seat in range(players):
                v = g.view(seat)
                table = [c for t in v.table for c in (t if isinstance(t, tuple) else (t,)) if c]
                places = (list(v.hand) + [c for cs in v.known.values() for c in cs]
                          + list(v.unknown) + list(v.in_talon) + table + list(v.discard))
                assert len(places) == len(set(places)) == len(g.deck_order), (name, seat)
            g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("seed,players", [(266, 2), (0, 3)])
def test_R9_19_a_card_swapped_back_by_another_is_not_taken_for_ones_own(seed, players):
    """R9.19, R0: a swapper knows the cards he tucked while they stay in the talon; once one is
    drawn and another player swaps it back in, the first does not know it is there (the stale
    memory made his view place the whole talon, then the other's hand). Found by the deep run's
    random games; both engines had it."""
    check_game(playout("pokerny", players, seed, cap=100).record())
