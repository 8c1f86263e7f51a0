"""The old engine of the attack–defence family, frozen as the tests' reference (issue 25).

It was ``durak_edu/games/attack.py`` until the core (``durak_edu/games/core/``) became the
family's one engine; the agreement tests hold the core to it move for move. Build it with
``reference.reference_game(...)`` or inside ``with reference.reference_engine():``. Do not
mend it: a change here changes what the core is compared with.

One engine, many options (``durak_edu.rules.Rules``). Comments cite docs/rules.md (R1–R6).

Hands are held as integer bit sets (``Card.mask``), so "which of my cards beat 9♦" is one
``&`` with a precomputed mask. The state is a small object copied before every action, which
makes ``undo`` and snapshots cheap.

>>> from durak_edu import cards
>>> from reference import reference_game as new_game
>>> g = new_game("podkidnoy", deck_order=cards(
...     "7♠ 9♠ 7♣ 10♣ 9♦ 7♦ J♣ K♦ Q♠ A♣ 8♥ 10♥ 6♥ 6♠ 8♠ 10♠ J♠ K♠ A♠ 6♣ 8♣ 9♣ Q♣ K♣ "
...     "6♦ 8♦ 10♦ J♦ Q♦ A♦ 7♥ 9♥ J♥ Q♥ K♥ A♥"))
>>> g.trump_card, g.to_act
(Card.parse('6♥'), 0)
>>> g.play("attack 7♠ 7♣").text
'seat 0 attacks with 7♠ 7♣'
>>> [str(a) for a in g.legal_actions()][:3]
['beat 7♠ 9♠', 'beat 7♠ 10♥', 'beat 7♣ 10♣']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, cycle, groupby, islice
from operator import attrgetter

from durak_edu.actions import (Action, Attack, Beat, Counter, Draw, Exchange, Pass, Play, Swap,
                       TalonAttack, Take, ThrowIn, Transfer)
from durak_edu.cards import (COPY_BASE, Card, Rank, Suit, SPADES, card_at, cards_by_rank, cards_of,
                     iter_mask, mask_of, rank_order)
from durak_edu.rules.attack import Rules
from durak_edu.games.base import Game, PositionKey, Result, View, held
from durak_edu.games.beating import (HOUSE_RULES, BeatRules, beat_action, by_rank_then_suit, group_action, judge,
                      masks_of, trump_suits, seat_beater_masks)

__all__ = ["AttackGame"]

# both decks' cards (R0, 72 cards): a one-deck hand simply never holds a copy's bit
RANK_MASK = {r: mask_of(Card(r, s, k) for s in Suit for k in (0, 1)) for r in range(2, 15)}
SUIT_MASK = {s: mask_of(Card(r, s, k) for r in range(2, 15) for k in (0, 1)) for s in Suit}
# R9.22: a joker has no rank; as a "rank" of its own, of one card, it admits no throw-in or transfer
RANK_MASK.update({r: Card(r).mask for r in (Rank.BLACK_JOKER, Rank.RED_JOKER)})


_rank_of = attrgetter("rank")


def _subsets(cs: list[Card], max_size: int) -> Iterator[tuple[Card, ...]]:
    """Non-empty subsets of ``cs`` up to ``max_size`` cards, smallest first."""
    for k in range(1, min(max_size, len(cs)) + 1):
        yield from combinations(cs, k)


_RANKS = range(2, 15)
_NINE_OF_DIAMONDS = Card(Rank.NINE, Suit.DIAMONDS)  # R9.16 (kitaysky)
_SINGLE_ATTACK = {c.index: group_action(Attack, (c,))  # every card: 54, and the copies (R0, 72)
                  for c in (*map(card_at, range(54)), *map(card_at, range(COPY_BASE, COPY_BASE + 52)))}


def _text(cs: Iterable[Card]) -> str:
    return " ".join(map(str, cs))


class _State:
    """Everything that changes during play. Copied whole before each action (for undo)."""

    __slots__ = ("hands", "known", "talon_pos", "table", "discard", "attacker", "defender",
                 "att_player", "def_player", "taking", "pass_run", "to_act", "phase", "bout",
                 "out", "shown", "n_attack", "settled", "open_passes", "result", "refused",
                 "seen", "opener", "trump_shown", "talon", "bitos",
                 "trump", "trump_card", "beaters", "trump_mask",
                 "once", "tucked",  # R9.17–R9.19: once-a-bout moves; cards swapped in (R9.19)
                 "tally", "last_layer",  # R9.28
                 "locked", "reserves")  # R9.37, R9.40

    hands: list[int]             # per seat, the mask of his cards
    known: list[int]             # per seat, the mask of his cards everybody knows (R0)
    talon_pos: int               # cards drawn from the talon so far
    table: list[tuple[Card, Card | None]]  # (attack, defence or None), in order played
    discard: list[Card]
    attacker: int                # the main attacker's seat (R2.1)
    defender: int
    att_player: int              # who plays for them (a partner in team play, R5)
    def_player: int
    taking: bool                 # the defender has declared take (R2.7)
    pass_run: frozenset[int]     # seats that passed since the table last changed
    to_act: int | None
    phase: str
    bout: int
    out: tuple[int, ...]         # seats out, in order (R2.10)
    shown: frozenset[int]        # seats that showed a trump this bout (proezdnoy, R3.4)
    n_attack: int                # attack cards put on the table this bout
    settled: int                 # table pairs a transfer can no longer move (R3.4)
    open_passes: int
    result: Result | None
    refused: bool                # a refusal was made this bout (R3.4 "otkaz")
    seen: dict[PositionKey, int]  # position key -> visits (R2.11)
    opener: int                  # who opened the bout (R3.1: a transfer moves ``attacker``)
    trump_shown: bool            # the trump card lies face up (always, but in nevidimy, R9.23)
    talon: tuple[Card, ...]      # the talon in drawing order, the trump card last (R1.2)
    bitos: int                   # bouts ended in bito so far (R9.13 otboyny)
    trump: Suit | None           # the trump suit (R1.2); it changes only in kozyrny (R9.36)
    trump_card: Card | None
    beaters: dict[int, int]      # card index -> mask of the cards that beat it, for ``trump``
    trump_mask: int
    once: frozenset[tuple[str, int]]  # (clause, seat) of the once-a-bout moves made (R9.17–R9.19)
    tucked: tuple[int, ...]      # per seat, cards he swapped into the talon, still there (R9.19)
    tally: tuple[tuple[int, ...], ...]  # R9.28: per seat, the ranks that scored (highest first)
    last_layer: int              # R9.28: who laid the last attack card on the table (-1: none)
    locked: tuple[int, ...]      # per seat, his dealt cards he may not play yet (R9.37)
    reserves: tuple[int, ...]    # per seat, his face-down reserve not yet taken up (R9.40)

    def copy(self) -> "_State":
        new = _State.__new__(_State)
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.talon_pos = self.talon_pos
        new.table = self.table[:]
        new.discard = self.discard[:]
        new.attacker = self.attacker
        new.defender = self.defender
        new.att_player = self.att_player
        new.def_player = self.def_player
        new.taking = self.taking
        new.pass_run = self.pass_run
        new.to_act = self.to_act
        new.phase = self.phase
        new.bout = self.bout
        new.out = self.out
        new.shown = self.shown
        new.n_attack = self.n_attack
        new.settled = self.settled
        new.open_passes = self.open_passes
        new.result = self.result
        new.refused = self.refused
        new.seen = self.seen
        new.opener = self.opener
        new.trump_shown = self.trump_shown
        new.talon = self.talon  # a tuple: shared, replaced whole when it changes (R9.13)
        new.bitos = self.bitos
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.beaters = self.beaters  # shared: a new trump gets a new dict (R9.36)
        new.trump_mask = self.trump_mask
        new.once = self.once
        new.tucked = self.tucked
        new.tally = self.tally  # a tuple of tuples: replaced whole when a bout scores (R9.28)
        new.last_layer = self.last_layer
        new.locked = self.locked  # tuples: replaced whole when they change (R9.37, R9.40)
        new.reserves = self.reserves
        return new


class AttackGame(Game):
    """A game of the attack–defence family (R1–R6). Make one with ``new_game``.

    Seats act in turn as *main attacker*, *defender* and *throwers* (R2.1); ``to_act`` says who
    moves, ``legal_actions()`` lists what he may do. ``dealer`` and ``lead`` serve a series of
    games (R1.3): the dealer deals first to the seat after him; ``lead`` fixes the first attacker.
    """

    family = "attack"
    _s: _State
    rules: Rules
    _dealt_at: dict[Card, int] = {}  # R9.37: set in magadansky only (``_lock_dealt``)

    def __init__(self, variant: str, rules: Rules, players: int, deck_order: Sequence[Card],
                 names: Iterable[object] | None = None, seed: int | None = None,
                 dealer: int | None = None, lead: int | None = None) -> None:
        super().__init__(variant, rules, players, names, seed, deck_order)
        r = rules
        n = players
        self.dealer = n - 1 if dealer is None else dealer
        self.lead = lead
        self.position_set = False  # True once from_position has replaced the deal
        #: any of the gallery's new moves in play (R9.10–R9.39)? If not, the hooks cost nothing
        self._gallery_moves = (r.defender_throws_in or r.defender_draws or r.talon_attack
                               or r.defender_swaps or r.trump_six_exchange or r.counter_attack)
        order = list(deck_order)
        # R9.3 (naval): the whole deck is dealt out evenly; what is left over (fewer cards than
        # players) is the talon, and hands are refilled to the dealt size
        h = len(order) // n if r.deal_all else r.hand_size
        h = 0 if r.one_higher_phase else h  # R9.38: nothing is dealt, the first phase draws
        self.deal_size = h
        order = self._redeal_five_of_a_suit(order, n, h)  # R9.27
        #: R9.28: pogonny needs to know who laid the last attack card (others need not pay)
        self._counts_layers = r.scoring == "pogonny"
        s = _State()
        self._s = s
        s.bitos = 0
        s.tucked = (0,) * n  # R9.19
        s.tally = ((),) * n
        s.last_layer = -1
        s.hands = [0] * n
        s.known = [0] * n
        s.locked = s.reserves = (0,) * n
        # R1.1: one card at a time, clockwise, starting with the player after the dealer.
        for i in range(n * h):
            s.hands[(self.dealer + 1 + i) % n] |= order[i].mask
        rest = order[n * h:]
        if r.reserve:  # R9.40: then a reserve each, face down, one card at a time as R1.1
            k = r.reserve_size
            s.reserves = tuple(mask_of(rest[i] for i in range(n * k)
                                       if (self.dealer + 1 + i) % n == p) for p in range(n))
            rest = rest[n * k:]
        self.trump_card = None
        self.trump = None
        fixed = r.fixed_trump
        #: spades turned and put back into the talon (R6): everyone saw them
        self.reshuffled: tuple[Card, ...] = ()
        #: R9.24 (potayny): the second trump card, set aside face down (``None``: none)
        self.secret: Card | None = None
        self._old_trump: Suit | None = None  # R9.24: the trump before the second card was turned
        if r.trump == "turned":
            if rest:
                turned = rest.pop(0)
                spade_back = r.spades_apart and r.spade_turned == "reshuffle"
                if spade_back or r.ace_put_back:
                    # R6: the spade goes back into the middle of the talon; turn the next card.
                    # R9.31: so does an ace when an ace may not be the trump card.
                    for _ in range(len(rest)):
                        if not ((spade_back and turned.suit == SPADES)
                                or (r.ace_put_back and turned.rank == Rank.ACE)):
                            break
                        if turned not in self.reshuffled:
                            self.reshuffled += (turned,)
                        rest.insert(len(rest) // 2 + 1, turned)
                        turned = rest.pop(0)
                if r.second_trump and rest:
                    self.secret = rest.pop(0)  # R9.24: the next card, set aside face down
                rest.append(turned)  # R1.2: under the talon, face up, drawn last
            else:
                # R1.2: the whole deck was dealt; the dealer's last card is shown and kept.
                turned = order[n * h - 1]
                s.known[self.dealer] |= turned.mask
            self.trump_card = turned
            self.trump = turned.suit
            if r.spades_apart and turned.suit == SPADES:
                self.trump = None  # R6: spades are never trumps
        elif fixed is not None:
            self.trump = None if (r.spades_apart and fixed == SPADES) else fixed
        #: R9.4 (chukotsky): the cards put out of the game after the deal, face down (the
        #: trump card among them, seen by all)
        self.removed: tuple[Card, ...] = ()
        if r.talon_removed:
            self.removed, rest = tuple(rest), []
        if self.secret is not None:
            self.removed += (self.secret,)  # R9.24: it never goes into play, only shows the trump
        self.talon = tuple(rest)  # in drawing order; the trump card last
        self._beaters = self._beater_masks()
        self._trump_mask = self._suits_mask()
        self._set_seat_trumps()  # R9.35: every player his own trump
        self._lock_dealt(order[:n * h])  # R9.37: one dealt card playable, the rest locked
        #: R9.24, R9.35, R9.37, R9.40 are on: the hooks of ``_start_bout`` and ``_draw`` run
        self._in_play = bool(r.second_trump or r.trump_per_seat or r.dealt_locked or r.reserve)
        s.talon_pos = 0
        s.table = []
        s.discard = []
        s.taking = False
        s.pass_run = frozenset()
        s.phase = "open"
        s.bout = 0
        s.out = ()
        s.shown = frozenset()
        s.n_attack = 0
        s.settled = 0
        s.open_passes = 0
        s.result = None
        s.refused = False
        s.seen = {}
        # R9.23 (nevidimy): the trump card lies face down until one card is left in the talon
        s.trump_shown = not (r.trump_card_hidden and len(self.talon) > 1)
        self._s = s
        deal_text = f"dealt {h} cards each, clockwise from {self._who((self.dealer + 1) % n)}"
        if r.one_higher_phase:
            deal_text = "nothing is dealt: the first phase draws the deck card by card (R9.38)"
        for thrown, shown in self._redeal_texts:  # R9.27: the deals thrown in, before this one
            self._event("redeal", thrown, cards=shown)
        self._event("deal", deal_text)
        for back in self.reshuffled:
            why, clause = (("an ace may not be the trump card", "R9.31")
                           if back.rank == Rank.ACE and r.ace_put_back
                           else ("a spade cannot be trump", "R6"))
            self._event("trump", f"{back} was turned: {why}, so it goes back into the middle of "
                                 f"the talon ({clause})", cards=(back,))
        if self.trump_card is not None and not s.trump_shown:
            self._event("trump", f"trump suit {self.trump}: the trump card lies face down under "
                                 "the talon until one card is left (R9.23)")
        elif self.trump_card is not None:
            note = "" if self.trump is not None else self._no_trump_note()
            where = (", put out of the game with the rest of the deck (R9.4)" if r.talon_removed
                     else f", kept by the dealer {self._who(self.dealer)}" if not self.talon
                     else ", under the talon")
            self._event("trump", f"trump card {self.trump_card}{where}{note}",
                        cards=(self.trump_card,))
        elif self.trump is not None:
            self._event("trump", f"trump suit {self.trump} (fixed, no card turned)")
        if self.seat_trumps:
            self._event("trump", "every player has his own trump: " + ", ".join(
                f"{self._who(p)} {suit}" for p, suit in enumerate(self.seat_trumps)) + " (R9.35)")
        if any(s.reserves):
            self._event("deal", f"each player is dealt a reserve of {r.reserve_size} cards face "
                        "down, which nobody sees until he takes it up (R9.40)")
        if any(s.locked):
            self._event("deal", "of his dealt cards each player may play only the first he was "
                        "dealt; one more unlocks with each bito he beats off (R9.37)")
        if self.secret is not None:
            self._event("trump", "a second card is set aside face down: when the talon runs out "
                                 "it is turned and becomes the trump (R9.24)")
        if r.one_higher_phase:  # R9.38: the first phase comes before any bout
            first = lead if lead is not None else (self.dealer + 1) % n  # who draws first
            self._start_bout(first)  # (sets the bout's fields; the phase replaces it at once)
            self._climb_round(first)
            return
        attacker = self._first_attacker() if lead is None else lead
        self._start_bout(attacker)

    def _set_position(self, hands: Sequence[Sequence[Card]], talon: Sequence[Card],
                      trump_card: Card | None, trump: str | None, attacker: int,
                      first_bout: bool) -> None:
        """Put the game at a position (``from_position``): hands, talon, trump; the rest of the
        deck is the discard pile."""
        n = self.players
        if not isinstance(attacker, int) or not 0 <= attacker < n:
            raise ValueError(f"attacker must be a seat 0..{n - 1}, not {attacker!r}")
        placed: list[Card] = [c for h in hands for c in h] + list(talon)
        if trump_card is not None:
            placed.append(trump_card)
        full = list(self.deck_order)
        for c in placed:
            if placed.count(c) > 1:
                raise ValueError(f"position: {c} is given twice")
            if c not in full:
                raise ValueError(f"position: {c} is not in a {len(full)}-card deck")
        if trump_card is not None:
            suit = trump_card.suit
        elif trump is None:
            suit = self.rules.fixed_trump  # trump="fixed:X" among the options, else no trump
        elif trump == "none":
            suit = None
        else:
            suit = Suit.parse(trump)
        if self.rules.spades_apart and suit == SPADES:
            suit = None  # R6: spades are never trumps
        self.trump_card, self.trump = trump_card, suit
        self._beaters = self._beater_masks()
        self._trump_mask = self._suits_mask()
        self.talon = tuple(talon) + ((trump_card,) if trump_card is not None else ())
        self.reshuffled = ()
        self._forget_set_aside()  # R9.24, R9.40: a set-up position has no cards set aside
        self._set_seat_trumps()  # R9.35: the players' trumps follow the position's trump
        self.position_set = True
        s = self._s
        s.hands = [mask_of(h) for h in hands]
        s.known = [0] * n
        s.talon_pos = 0
        s.discard = [c for c in full if c not in placed]
        s.bout = 0 if first_bout else 1
        if self.talon:
            empty = next((p for p in range(n) if not s.hands[p]), None)
            if empty is not None:
                raise ValueError(
                    f"position: {self._who(empty)} holds no cards while the talon holds "
                    f"{len(self.talon)}: in play every hand is filled from the talon before a "
                    "bout begins (R2.9); give him cards, or leave the talon empty")
        elif not any(s.hands):
            raise ValueError("position: nobody holds a card and the talon is empty: there is "
                             "nothing left to play (R2.11)")
        s.out = tuple(p for p in range(n) if not s.hands[p]) if not self.talon else ()  # R2.10
        s.seen = {}
        s.tucked = (0,) * n  # R9.19
        s.trump_shown = not (self.rules.trump_card_hidden and len(self.talon) > 1)
        self._history.clear()
        self._event("deal", "a position was set up: " + ", ".join(
            f"{self._who(p)} holds {len(h)}" for p, h in enumerate(hands))
            + f"; talon {len(self.talon)}, discard {len(s.discard)}")
        if attacker in s.out and not self.rules.teams:
            attacker = next_active(attacker, n, s.out)  # R2.8: as after bito, the next one attacks
        self._start_bout(attacker)
        if not self.talon:
            self._check_end(False, s.def_player, [])  # R2.11: at most one holds cards: over

    # -- public state -------------------------------------------------------------------------
    # the trump lives in the state: kozyrny changes it in play, and undo must take that back
    @property
    def trump(self) -> Suit | None:
        """The trump suit (R1.2), ``None`` without one."""
        return self._s.trump

    @trump.setter
    def trump(self, suit: Suit | None) -> None:
        self._s.trump = suit

    @property
    def trump_card(self) -> Card | None:
        """The card that showed the trump (R1.2), ``None`` if none was turned."""
        return self._s.trump_card

    @trump_card.setter
    def trump_card(self, card: Card | None) -> None:
        self._s.trump_card = card

    @property
    def _beaters(self) -> dict[int, int]:
        return self._s.beaters

    @_beaters.setter
    def _beaters(self, masks: dict[int, int]) -> None:
        self._s.beaters = masks

    @property
    def _trump_mask(self) -> int:
        return self._s.trump_mask

    @_trump_mask.setter
    def _trump_mask(self, mask: int) -> None:
        self._s.trump_mask = mask

    @property
    def talon(self) -> tuple[Card, ...]:
        """The talon in drawing order, the drawn cards included (``talon_size`` are left); it
        lives in the state, as otboyny shuffles cards back into it (R9.13)."""
        return self._s.talon

    @talon.setter
    def talon(self, cards: tuple[Card, ...]) -> None:
        self._s.talon = cards

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in display order (by suit, then rank)."""
        return tuple(cards_of(m) for m in self._s.hands)

    @property
    def talon_size(self) -> int:
        return len(self.talon) - self._s.talon_pos

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        """The bout on the table: ``(attack card, defence card or None)`` pairs, in order."""
        return list(self._s.table)

    @property
    def discard(self) -> list[Card]:
        return list(self._s.discard)

    @property
    def attacker(self) -> int:
        """The main attacker's seat (R2.1)."""
        return self._s.attacker

    @property
    def defender(self) -> int:
        """The defender's seat (R2.1)."""
        return self._s.defender

    @property
    def bout_number(self) -> int:
        """0 in the first bout of the game (R2.6), then 1, 2, …"""
        return self._s.bout

    @property
    def taking(self) -> bool:
        """``True`` once the defender has declared take in this bout (R2.7)."""
        return self._s.taking

    def role(self, seat: int) -> str:
        """``"attacker"``, ``"defender"``, ``"thrower"``, ``"out"`` or ``""`` (R2.1); in
        krestovy's first phase ``"to lay"`` for the player to act (R9.38)."""
        s = self._s
        if s.phase == "climb":
            return "to lay" if seat == s.to_act else ""
        if seat in s.out:
            return "out"
        if s.to_act is None:
            return ""
        if seat == s.def_player:
            return "defender"
        if seat == s.att_player:
            return "attacker"
        if s.phase == "bout" and seat in self._thrower_order():
            return "thrower"
        return ""

    # -- how the game shows itself (see ``Game``) --------------------------------------------------
    @property
    def controls(self) -> tuple[str, ...]:
        """Take, Pass and several cards at once (R2.2, R2.4); Transfer where the rules allow it (R3);
        Draw for the second try (R9.17)."""
        return (("take", "pass", "several") + (("transfer",) if self.rules.transfer else ())
                + (("draw",) if self.rules.defender_draws else ()))  # R9.17: the second try

    def targets(self) -> list[Card]:
        """The attack cards not yet beaten, in table order (R2.3); none in R9.38's first phase."""
        return [a for a, d in self._s.table if d is None] if self._s.phase != "climb" else []

    @property
    def is_taking(self) -> bool:
        """The defender has declared take in this bout (R2.7): ``taking``."""
        return self._s.taking

    @property
    def taker(self) -> int | None:
        """The defender while he has declared take (R2.7), else ``None``."""
        return self.defender if self._s.taking else None

    def move_for(self, seat: int, card: Card, target: Card | None = None) -> Action:
        """The defender beats (``target`` or the first unbeaten card); others attack an empty
        table or throw in (R2.2–R2.4); in krestovy's first phase a card is laid (R9.38)."""
        if self._s.phase == "climb":
            return Play(card)
        targets = self.targets()
        if self.role(seat) == "defender" and targets:
            return Beat(target if target in targets else targets[0], card)
        if not self._s.table:
            return Attack((card,))
        return ThrowIn((card,))

    # -- setup helpers ----------------------------------------------------------------------------
    def _house_rules(self) -> frozenset[str]:
        """The R9 house rules of beating in force (names from ``HOUSE_RULES``)."""
        return frozenset(name for name in HOUSE_RULES if getattr(self.rules, name))

    def _beater_masks(self) -> dict[int, int]:
        """For each card index, the mask of cards that beat it (R2.3; R6 for spades; R9)."""
        return masks_of(BeatRules.of(self.rules, self.trump, self.trump_card))

    def _beat_rules(self) -> BeatRules:
        """What decides a beat now: the trump that counts, the house rules (verdict.py)."""
        return BeatRules.of(self.rules, self.trump, self.trump_card, self.seat_trumps)

    def _first_attacker(self) -> int:
        """R1.3: the lowest trump leads; without one, the player after the dealer."""
        after_dealer = (self.dealer + 1) % self.players
        if self.seat_trumps and self.rules.first_lead == "lowest_trump":
            return self._lowest_own_trump(after_dealer)  # R9.35: each counts his own trump
        if self.rules.first_lead == "nine_of_diamonds":  # R9.16: the 9♦'s holder leads
            nine = next((p for p, m in enumerate(self._s.hands) if m & _NINE_OF_DIAMONDS.mask),
                        None)
            if nine is not None:
                return nine
        if self.rules.first_lead == "left_of_dealer" or not self._trump_mask:
            return after_dealer
        best = None
        for seat, m in enumerate(self._s.hands):
            trumps = m & self._trump_mask
            if trumps:  # R9.33: of two trump suits' equal ranks, the first suit (♠ ♣ ♦ ♥);
                # R9.21: of twins, the first deck's card counts as the lower
                low = min(iter_mask(trumps), key=rank_order)
                if best is None or rank_order(low) < best[0]:
                    best = (rank_order(low), seat)
        return after_dealer if best is None else best[1]

    # -- seats, teams and roles (R2.1, R5) ----------------------------------------------------------
    def _active(self, seat: int) -> bool:
        return seat not in self._s.out

    def _next_seat(self, seat: int) -> int:
        """The next seat in rotation: the next active player, or in teams simply the next seat."""
        if self.rules.teams:
            return (seat + 1) % self.players
        return next_active(seat, self.players, self._s.out)

    def _prev_seat(self, seat: int) -> int:
        if self.rules.teams:
            return (seat - 1) % self.players
        return next_active(seat, self.players, self._s.out, step=-1)

    def _controller(self, seat: int) -> int:
        """R5: an out player's seat is played by the nearest active partner clockwise."""
        if seat not in self._s.out or not self.rules.teams:
            return seat
        n = self.players
        for k in range(2, n + 1, 2):
            p = (seat + k) % n
            if p not in self._s.out:
                return p
        return seat

    def _thrower_order(self) -> list[int]:
        """R2.5: the main attacker first, then the others clockwise from the defender's left."""
        s = self._s
        r = self.rules
        if r.throw_in == "none":
            return []
        d = s.def_player
        n = self.players
        order = [s.att_player] if s.att_player not in s.out else []
        if r.throw_in == "attacker":
            return order
        allowed = None
        if r.throw_in == "neighbours":
            allowed = {self._controller(self._next_seat(s.defender)),
                       self._controller(self._prev_seat(s.defender))}
        for k in range(1, n):
            p = (s.defender + k) % n
            if p in s.out or p == d or p in order:
                continue
            if r.teams and p % 2 == s.defender % 2:
                continue  # R5: only the defender's opponents throw in
            if allowed is not None and p not in allowed:
                continue
            order.append(p)
        if allowed is not None:
            order = [p for p in order if p in allowed]
        return order

    # -- the bout ----------------------------------------------------------------------------------
    def _limit(self) -> int:
        """R2.6: attack cards allowed in this bout (before the defender's hand is counted)."""
        r = self.rules
        return r.first_bout_limit if self._s.bout == 0 else r.bout_limit

    def _unbeaten(self) -> list[int]:
        s = self._s
        return [i for i in range(s.settled, len(s.table)) if s.table[i][1] is None]

    def _nine_blocks(self) -> bool:
        """R9.16 (kitaysky): the defender has beaten with the 9♦, so nobody may throw in."""
        return self.rules.nine_of_diamonds_stops_throw_ins and any(
            d == _NINE_OF_DIAMONDS for _, d in self._s.table)

    def _twin_blocks(self) -> bool:
        """R9.29 (dvoynoy): a card on the table is beaten by its twin, so nobody may throw in."""
        return self.rules.twin_beats and any(d is not None and d is a.twin
                                             for a, d in self._s.table)

    def _room(self) -> int:
        """How many more attack cards may join the bout (R2.6; none after R9.16's 9♦, nor
        after R9.29's twin)."""
        s = self._s
        if self._nine_blocks() or self._twin_blocks():
            return 0
        held = s.hands[s.def_player].bit_count()
        return min(self._limit() - s.n_attack, held - len(self._unbeaten()))

    def _table_ranks_mask(self) -> int:
        s = self._s
        m = 0
        for a, d in s.table:
            m |= RANK_MASK[a.rank]
            if d is not None and self.rules.throw_in_ranks == "table":
                m |= RANK_MASK[d.rank]
        return m

    def _throwable(self, seat: int) -> int:
        return self._s.hands[seat] & ~self._s.locked[seat] & self._table_ranks_mask()  # R9.37

    def _can_throw(self, seat: int) -> bool:
        return self._room() > 0 and bool(self._throwable(seat))

    def _start_bout(self, attacker_seat: int) -> None:
        s = self._s
        s.attacker = s.opener = attacker_seat  # R3.1: the opener stays; a transfer moves attacker
        s.defender = self._next_seat(attacker_seat)
        s.att_player = self._controller(attacker_seat)
        s.def_player = self._controller(s.defender)
        s.table = []
        s.taking = False
        s.pass_run = frozenset()
        s.phase = "open"
        s.shown = frozenset()
        s.n_attack = 0
        s.settled = 0
        s.refused = False
        s.once = frozenset()  # R9.17–R9.19: the once-a-bout moves start afresh
        s.to_act = s.att_player
        if self._in_play:
            self._bout_starts()  # R9.35: the defender's trump; R9.37: an opener never stuck

    def _give_priority(self, start: int | None) -> None:
        """R2.5: find the next thrower (from ``start``, cyclically) who may act, or end the bout."""
        s = self._s
        order = self._thrower_order()
        if not order:
            if self._offer_self_throw():  # R9.10: the defender may throw in against himself
                return
            self._end_bout()
            return
        i0 = order.index(start) if start in order else 0
        run = set(s.pass_run)
        for k in range(len(order)):
            p = order[(i0 + k) % len(order)]
            if p in run:
                continue
            if self._can_throw(p):
                s.pass_run = frozenset(run)
                s.to_act = p
                return
            run.add(p)  # R2.5: a thrower with nothing to throw is skipped
        s.pass_run = frozenset(run)
        if self._offer_self_throw():  # R9.10: the defender may throw in against himself
            return
        self._end_bout()

    def _after_defence(self) -> None:
        """Priority after the defender's move: he acts again, or it goes back to the throwers."""
        s = self._s
        if not s.taking and self._unbeaten():
            s.to_act = s.def_player
            return
        s.pass_run = frozenset()
        self._give_priority(s.att_player)  # R2.5: the round starts again with the main attacker

    def _remove(self, seat: int, cs: Iterable[Card]) -> None:
        s = self._s
        m = mask_of(cs)
        s.hands[seat] &= ~m
        s.known[seat] &= ~m
        if s.reserves[seat] and not s.hands[seat] and self.talon_size == 0:
            self._take_reserve(seat)  # R9.40: his hand ran out: he takes up his reserve
        if not s.hands[seat] and self.talon_size == 0 and seat not in s.out:
            s.out = s.out + (seat,)  # R2.10: out at once; no further part in this bout
            self._event("out", f"{self._who(seat)} is out", seat=seat)

    # -- ending a bout (R2.7–R2.11) ---------------------------------------------------------------
    def _end_bout(self) -> None:
        s = self._s
        r = self.rules
        taker = s.def_player
        table_cards = [c for pair in s.table for c in pair if c is not None]
        final_attack = [a for a, _ in s.table]
        took = s.taking
        if took:
            if r.take_first_only:  # R9.16: only the first attack card; the rest discarded
                taken = [s.table[0][0]]
                rest = [c for c in table_cards if c != taken[0]]
                s.discard.extend(rest)
                if rest:
                    self._event("discard", f"the rest go to the discard pile: {_text(rest)} "
                                "(R9.16)", cards=rest)
            elif r.partial_take:  # R4 B: beaten pairs are discarded, the rest taken
                beaten = [c for a, d in s.table if d is not None for c in (a, d)]
                taken = [a for a, d in s.table if d is None]
                s.discard.extend(beaten)
                if beaten:
                    self._event("discard", f"beaten pairs discarded: {_text(beaten)}", cards=beaten)
            else:
                taken = table_cards
            m = mask_of(taken)
            s.hands[taker] |= m
            s.known[taker] |= m  # R0: cards picked up are public
            if taker in s.out:  # R3.4 refusal: the player who had gone out takes and is back in
                s.out = tuple(p for p in s.out if p != taker)
            self._event("pickup", f"{self._who(taker)} picks up {_text(taken)}", seat=taker,
                        cards=taken)
            if self._too_many_cards(taker, final_attack):  # R9.21, R9.29
                return
        elif r.every_second_bito_back and self.talon_size and s.bitos % 2 == 1:
            s.bitos += 1  # R9.13: this is a second bito, and there is a talon to shuffle into
            self._bito_into_talon(table_cards)
        else:
            s.bitos += 1
            s.discard.extend(table_cards)
            self._event("bito", f"bito: {_text(table_cards)} to the discard pile", cards=table_cards)
            if r.bito_swaps_trump:
                self._swap_trump()
        self._score_bout(took, taken if took else [], taker)  # R9.28
        s.table = []
        if not took and s.locked[taker]:
            self._unlock_one(taker, "he has beaten off")  # R9.37: one more per bito
        self._draw()
        if r.pass_hands_left:
            self._pass_hands_left()
        # R2.11: the end is checked when a bout ends.
        if self._check_end(took, taker, final_attack):
            return
        s.bout += 1
        s.open_passes = 0
        if took:
            nxt = s.defender if r.taker_keeps_turn else self._next_seat(s.defender)
        else:
            nxt = s.defender if (r.teams or s.defender not in s.out) else self._next_seat(s.defender)
        if r.repetition_draw and self._repeated((tuple(s.hands), nxt, s.talon_pos,
                                                 len(s.discard), s.out)):
            # R2.11 (our decision): a bout about to start from the same position for the third
            # time ends the game as a draw, so that no game can go round for ever (two players
            # passing the same unbeatable cards back and forth by takes)
            self._repetition_draw("game over: the same position came up a third time, a draw "
                                  "(R2.11)")
            return
        self._start_bout(nxt)

    def _too_many_cards(self, taker: int, final_attack: list[Card]) -> bool:
        """R9.21, R9.29: a player who holds ``hand_loses_at`` cards or more loses at once. He is
        the durak (in team play his team loses, R5); everyone else wins, those already out in
        their order (*our decision*, docs/rules.md R9.21). The table has been picked up; nobody
        draws."""
        s = self._s
        most = self.rules.hand_loses_at
        held = s.hands[taker].bit_count()
        if most is None or held < most:
            return False
        s.table = []
        reason = f"{self._who(taker)} holds {held} cards, {most} or more (R9.21)"
        if self.rules.teams:  # R5: his team loses with him
            n = self.players
            result = Result(None, s.out, False, 0, None, tuple(range(1 - taker % 2, n, 2)),
                            tuple(range(taker % 2, n, 2)), reason=reason, names=self.names)
        else:
            result = dataclasses.replace(fool_result(self, taker, s.out, True, final_attack),
                                         reason=reason)
        s.result = result
        s.to_act = None
        s.phase = "over"
        self._event("game_over", f"game over: {self._who(taker)} holds {held} cards, {most} or "
                    f"more, and loses at once (R9.21); {result}")
        return True

    def _swap_trump(self) -> None:
        """R9.36 (kozyrny): the last card of the bito just discarded — the card covering the last
        attack card — changes places with the trump card under the talon, and becomes the trump.
        Only while the trump card lies there face up; and as in R6 a spade sets no trump."""
        s = self._s
        old = self.trump_card
        if (old is None or not self.talon_size or self.talon[-1] is not old or not s.trump_shown
                or not s.discard):
            return
        new = s.discard[-1]
        s.discard[-1] = old
        s.talon = self.talon[:-1] + (new,)
        self.trump_card = new
        self.trump = None if (self.rules.spades_apart and new.suit == SPADES) else new.suit
        self._beaters = self._beater_masks()
        self._trump_mask = self._suits_mask()
        self._event("trump", f"{new}, the last card of the bito, changes places with the trump "
                    f"card {old}: the trump is now {self.trump} (R9.36)", cards=(new, old))

    # -- R9.37 magadansky: dealt cards unlock one per bito -----------------------------------------
    def _lock_dealt(self, dealt: Sequence[Card]) -> None:
        """R9.37 (magadansky): of each player's dealt cards only the first dealt to him may be
        played; the others are locked (our decision: the sources give no choice, and a fixed card
        needs no new move). With no talon to run out, nothing is locked."""
        if not self.rules.dealt_locked or not self.talon:
            return
        #: R9.37: where each dealt card came in the deal (the order in which they unlock)
        self._dealt_at = {c: i for i, c in enumerate(dealt)}
        s = self._s
        locked = list(s.hands)
        for c in dealt:  # the first card each seat was dealt stays playable
            p = next(q for q in range(self.players) if s.hands[q] & c.mask)
            if locked[p] == s.hands[p]:
                locked[p] &= ~c.mask
        s.locked = tuple(locked)

    def _unlock_one(self, seat: int, why: str) -> None:
        """R9.37: ``seat`` may play the next of his locked cards, in the order they were dealt;
        which card it is only he knows."""
        s = self._s
        first = min(iter_mask(s.locked[seat]),
                    key=lambda c: (self._dealt_at.get(c, len(self._dealt_at)), c.index))
        s.locked = tuple(m & ~first.mask if p == seat else m for p, m in enumerate(s.locked))
        self._event("unlock", f"{self._who(seat)} may play one more of his dealt cards: {why} "
                    "(R9.37)", seat=seat, cards=(first,), private=True)

    def _bout_starts(self) -> None:
        """As a bout starts: the defender's own trump counts (R9.35); an opener holding only
        locked cards unlocks one, so the game cannot stall (R9.37)."""
        s = self._s
        if self.seat_trumps:
            self._defender_trump()
        p = s.att_player
        if s.locked[p] and not s.hands[p] & ~s.locked[p]:
            self._unlock_one(p, "he must open the bout")

    def _talon_used_up(self, order: list[int]) -> None:
        """After a drawing that leaves the talon empty: the second trump card is turned
        (R9.24), every locked card unlocks (R9.37), an empty hand takes up its reserve (R9.40)."""
        s = self._s
        if self.secret is not None and self.trump_card is not self.secret:
            self._turn_secret()
        if any(s.locked):
            self._unlock_all()
        for p in order:
            if s.reserves[p] and not s.hands[p]:
                self._take_reserve(p)

    def _hand_text(self, seat: int) -> str:
        """A hand for the text picture; R9.37's locked cards in brackets."""
        locked = self._s.locked[seat]
        text = " ".join(f"[{c}]" if locked & c.mask else str(c)
                        for c in cards_of(self._s.hands[seat]))
        reserve = self._s.reserves[seat].bit_count()  # R9.40
        return text + f" (+{reserve} face down)" if reserve else text

    # -- R9.40 s prikupom: the reserves -----------------------------------------------------------
    @property
    def reserves(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-down reserve not yet taken up (R9.40; empty tuples elsewhere)."""
        return tuple(cards_of(m) for m in self._s.reserves)

    def _take_reserve(self, seat: int) -> None:
        """R9.40 (s prikupom): with the talon empty and his hand used up, ``seat`` takes up his
        reserve and plays on; only he sees the cards (they come to him like a draw)."""
        s = self._s
        m = s.reserves[seat]
        s.hands[seat] |= m
        s.reserves = tuple(0 if p == seat else r for p, r in enumerate(s.reserves))
        taken = cards_of(m)
        self._event("reserve", f"{self._who(seat)} has no cards left and the talon is empty: he "
                    f"takes up his reserve of {len(taken)} (R9.40)", seat=seat, cards=taken,
                    private=True)

    def _unlock_all(self) -> None:
        """R9.37: with the talon used up, every locked card may be played."""
        s = self._s
        s.locked = (0,) * self.players
        self._event("unlock", "the talon is used up: every dealt card may be played (R9.37)")

    def _locked_reason(self, seat: int, act: Action) -> tuple[str, str] | None:
        """R9.37: an action that would play (or show) a card still locked."""
        used = act.cards if isinstance(act, (Attack, ThrowIn, Transfer)) else (
            (act.card,) if isinstance(act, Beat) else
            (act.card, *act.extra) if isinstance(act, Counter) else ())  # R9.39 lays them too
        locked = [c for c in used if self._s.locked[seat] & c.mask]
        if locked:
            return ("R9.37", f"{locked[0]} is one of {self._who(seat)}'s dealt cards not yet "
                    "unlocked: one more unlocks with each bito he beats off, all once the talon "
                    "is used up (magadansky)")
        return None

    # -- R9.24 potayny: the second trump card ---------------------------------------------------
    def _turn_secret(self) -> None:
        """R9.24 (potayny): the talon is used up, trump card and all: the card set aside face down
        at the deal is turned and its suit is the trump from now on (the beater masks change; a
        spade in a spades-apart game means no trump, R6). It stays face up beside the table, out
        of play: it only shows the trump (our decision: the source says no more)."""
        new = self.secret
        assert new is not None  # called only in potayny
        old = self._old_trump = self.trump
        self.trump_card = new
        self.trump = None if (self.rules.spades_apart and new.suit == SPADES) else new.suit
        self._beaters = self._beater_masks()
        self._trump_mask = SUIT_MASK[self.trump] if self.trump is not None else 0
        self._event("trump", f"the talon is used up: the second trump card {new} is turned, and "
                    f"the trump is now {self.trump} (was {old}) (R9.24)", cards=(new,))

    def _changed_trump_reason(self, act: Beat) -> tuple[str, str] | None:
        """Why a refused beat is refused, when R9.24 or R9.35 decides the trump (clause, words)."""
        if self.seat_trumps:
            return self._seat_trump_reason(act)
        if (self.secret is not None and self.trump_card is self.secret
                and act.card.suit == self._old_trump != self.trump):
            return ("R9.24", f"the talon is used up and the second trump card {self.secret} is "
                    f"turned: {self._old_trump} is no trump any more, the trump is {self.trump}")
        return None

    # -- R9.35 dvukhkozyrny: every player his own trump -------------------------------------------
    def _set_seat_trumps(self) -> None:
        """R9.35: the player after the dealer has the trump card's suit (or the fixed suit), each
        next player the next suit in the order of R0, ♠ ♣ ♦ ♥ (our decision: the sources do not
        say how the trumps are chosen; one turned card gives every player a different suit)."""
        #: R9.35: each seat's own trump suit (empty: one trump for all)
        self.seat_trumps: tuple[Suit, ...] = ()
        self._seat_beaters: tuple[dict[int, int], ...] = ()
        first = self.trump
        if not self.rules.trump_per_seat or first is None:
            return
        n = self.players
        suits = [Suit((first + (p - self.dealer - 1) % n) % 4) for p in range(n)]
        self.seat_trumps = tuple(suits)
        r = self.rules
        house = self._house_rules()
        self._seat_beaters = tuple(
            seat_beater_masks(r.deck, own, frozenset(suits) - {own},
                              r.opponents_trump == "as_trump", r.spades_apart,
                              r.queen_of_spades_high, house) for own in suits)

    def _defender_trump(self) -> None:
        """R9.35: the trump that counts is the defender's own: ``trump`` and the beater masks
        follow whoever defends (set as each bout starts and after each transfer)."""
        s = self._s
        s.trump = self.seat_trumps[s.def_player]
        s.beaters = self._seat_beaters[s.def_player]
        s.trump_mask = SUIT_MASK[s.trump] if s.trump is not None else 0

    def _lowest_own_trump(self, after_dealer: int) -> int:
        """R1.3 with R9.35: whoever holds the lowest card of his own trump leads (on a tie, the
        first of them from the dealer's left); nobody: the player after the dealer."""
        best: tuple[int, int] | None = None
        for k in range(self.players):
            seat = (after_dealer + k) % self.players
            own = self._s.hands[seat] & SUIT_MASK[self.seat_trumps[seat]]
            if own:
                low = min(c.rank for c in iter_mask(own))
                if best is None or low < best[0]:
                    best = (low, seat)
        return after_dealer if best is None else best[1]

    def beats_for(self, seat: int, card: Card | str, target: Card | str) -> bool:
        """Does ``card`` beat ``target`` when ``seat`` defends? With every player his own trump
        (R9.35) the answer depends on the defender; otherwise it is ``beats``.

        >>> from reference import reference_game as new_game
        >>> g = new_game("dvukhkozyrny", seed=1)
        >>> g.seat_trumps
        (Suit.SPADES, Suit.CLUBS)
        >>> g.beats_for(0, "6♠", "A♦"), g.beats_for(1, "6♠", "A♦")
        (True, False)
        """
        if not self.seat_trumps:
            return self.beats(card, target)
        card, target = Card.parse(card), Card.parse(target)
        return bool(self._seat_beaters[seat][target.index] & card.mask)

    def _seat_trump_reason(self, act: Beat) -> tuple[str, str] | None:
        """R9.35: a beat refused because of whose trump a suit is (clause, words)."""
        s = self._s
        own = self.seat_trumps[s.def_player]
        owner = {suit: p for p, suit in enumerate(self.seat_trumps)}
        card, target = act.card, act.target
        if card.suit != target.suit and card.suit != own and card.suit in owner:
            return ("R9.35", f"{card.suit} is {self._who(owner[card.suit])}'s trump, not yours: "
                    f"an opponent's trump is no trump for you; yours is {own}")
        if (card.suit == own != target.suit and target.suit in owner
                and self.rules.opponents_trump == "as_trump"):
            return ("R9.35", f"{target.suit} is {self._who(owner[target.suit])}'s trump: an "
                    f"opponent's trump is beaten as a trump, only by a higher {target.suit} "
                    "(opponents_trump='as_trump')")
        return None

    def _forget_set_aside(self) -> None:
        """A position set up by hand (``from_position``) has no card set aside (R9.24, R9.40)
        and no card locked (R9.37)."""
        self._s.locked = self._s.reserves = (0,) * self.players
        if self.secret is not None:
            self.removed = tuple(c for c in self.removed if c is not self.secret)
            self.secret = None

    def _redeal_set_aside(self, g: AttackGame, hidden: list[Card]) -> list[Card]:
        """``redeal_hidden``: an unseen second trump card (R9.24) is one of the cards the seat
        cannot see, drawn again at random like the rest; return the cards left for the talon."""
        if self.secret is not None and self.secret is not self.trump_card and hidden:
            g.secret = hidden.pop()
            g.removed = tuple(c for c in self.removed if c is not self.secret) + (g.secret,)
        if any(self._s.reserves):  # R9.40: nobody has seen a reserve, its owner included
            reserves = []
            for m in self._s.reserves:
                k = m.bit_count()
                reserves.append(mask_of(hidden[:k]))
                hidden = hidden[k:]
            g._s.reserves = tuple(reserves)
        return hidden

    def _bito_into_talon(self, table_cards: list[Card]) -> None:
        """R9.13 (otboyny): the beaten cards are shuffled into what is left of the talon; a face-up
        trump card stays at the bottom. The shuffle is seeded by the deck order dealt (which the
        game's seed made, and which every record carries) and the bito's number, so a game
        replays exactly."""
        s = self._s
        rest = list(self.talon[s.talon_pos:])
        bottom = [rest.pop()] if rest and rest[-1] is self.trump_card and s.trump_shown else []
        pool = rest + table_cards
        key = " ".join(str(c.index) for c in self.deck_order) + f"/{s.bitos}"
        random.Random(key).shuffle(pool)
        s.talon = self.talon[:s.talon_pos] + tuple(pool) + tuple(bottom)
        self._event("reshuffle", f"bito: {_text(table_cards)} shuffled back into the talon, every "
                    "second bito (R9.13)", cards=table_cards)

    def _pass_hands_left(self) -> None:
        """R9.12 (krugovoy): after the bout and the drawing, every player still in hands his
        whole hand to the next player still in (seat i+1); what was public about it stays
        public, now about its new holder."""
        s = self._s
        active = [p for p in range(self.players) if p not in s.out]
        if len(active) < 2:
            return
        hands, known = s.hands[:], s.known[:]
        for i, p in enumerate(active):
            q = active[(i + 1) % len(active)]
            s.hands[q], s.known[q] = hands[p], known[p]
        self._event("hands", "every player passes his hand to the left (R9.12)")

    def _draw_order(self) -> list[int]:
        """R2.9: the main attacker, the others clockwise from the defender's left, the defender."""
        s = self._s
        n = self.players
        if self.rules.draw_order == "clockwise":
            seats = [(s.attacker + k) % n for k in range(n)]
        else:
            seats = [s.attacker] + [(s.defender + k) % n for k in range(1, n)
                                    if (s.defender + k) % n not in (s.attacker, s.defender)]
            seats.append(s.defender)
        order = []
        for seat in seats:
            p = self._controller(seat) if self.rules.teams else seat
            if p not in order and p not in s.out:
                order.append(p)
        return order

    def refill_to(self, seat: int) -> int:
        """How many cards ``seat`` draws up to after this bout (R2.9): ``hand_size``; the dealt
        size in naval (R9.3); one more than the deal per bout played with ``progressive_refill``
        (R9.25); and nothing while he holds a card with ``draw_only_when_empty`` (R9.5)."""
        r = self.rules
        s = self._s
        h = self.deal_size
        if r.progressive_refill:
            h += s.bout + 1  # read as the bout ends: after the first bout (0) hands fill to 2
        if r.draw_only_when_empty and s.hands[seat]:
            return 0
        return h

    def _draw(self) -> None:
        s = self._s
        order = self._draw_order()
        needs = {p: max(0, self.refill_to(p) - s.hands[p].bit_count()) for p in order}
        left = self.talon_size
        got: dict[int, list[Card]] = {p: [] for p in order}
        if self.rules.share_short_talon and sum(needs.values()) > left:
            while left and any(needs.values()):  # R2.9: share a short talon one card at a time
                for p in order:
                    if left and needs[p]:
                        got[p].append(self.talon[s.talon_pos])
                        s.talon_pos += 1
                        needs[p] -= 1
                        left -= 1
        else:
            for p in order:
                k = min(needs[p], left)
                got[p] = list(self.talon[s.talon_pos:s.talon_pos + k])
                s.talon_pos += k
                left -= k
        for p in order:
            drawn = got[p]
            if not drawn:
                continue
            m = mask_of(drawn)
            s.hands[p] |= m
            if self.trump_card is not None and self.trump_card in drawn and s.trump_shown:
                s.known[p] |= self.trump_card.mask  # R0: the turned trump was seen by all
            self._event("draw", f"{self._who(p)} draws {len(drawn)}", seat=p, cards=drawn,
                        private=True)
        if not s.trump_shown and self.talon_size == 1 and self.trump_card is not None:
            s.trump_shown = True  # R9.23: one card is left: the trump card is turned up
            self._event("trump", f"one card is left: the trump card {self.trump_card} is turned "
                                 "face up (R9.23)", cards=(self.trump_card,))
        if self._in_play and self.talon_size == 0:
            self._talon_used_up(order)  # R9.24, R9.37, R9.40
        if self.talon_size == 0:  # R2.10: with the talon empty, an empty hand is out
            for p in order:
                if not s.hands[p] and p not in s.out:
                    s.out = s.out + (p,)
                    self._event("out", f"{self._who(p)} is out", seat=p)

    def _check_end(self, took: bool, last_defender: int, final_attack: list[Card]) -> bool:
        s = self._s
        r = self.rules
        if self.talon_size:
            return False
        holders = [p for p in range(self.players) if s.hands[p]]
        if r.teams:
            empty = [t for t in (0, 1) if not any(s.hands[p] for p in range(t, self.players, 2))]
            if not empty:
                return False
            draw = len(empty) == 2
            winners = () if draw else tuple(range(empty[0], self.players, 2))
            losers = () if draw else tuple(range(1 - empty[0], self.players, 2))
            result = Result(None, s.out, draw, 0, None, winners, losers,
                            reason="both teams went out together" if draw else "",
                            names=self.names)
        else:
            if len(holders) > 1:
                return False
            if holders:
                durak = holders[0]
            elif r.draws:
                durak = None
            else:
                durak = last_defender  # R2.11: with draws=False the last defender loses
            result = fool_result(self, durak, s.out, took and durak == last_defender,
                                 final_attack)
        result = self._scored(result)  # R9.28: a scoring form decides by points
        s.result = result
        s.to_act = None
        s.phase = "over"
        self._event("game_over", f"game over: {result}")
        return True

    def _out_of_turn(self, seat: int, act: Action) -> tuple[str, str]:
        """A throw-in out of turn by a player who may never throw in this bout says why (R2.4, R5)."""
        s = self._s
        rule, message = super()._out_of_turn(seat, act)
        if s.phase == "bout" and isinstance(act, ThrowIn) and self._twin_blocks():
            return ("R9.29", "a card was beaten by its twin: nobody may throw in for the rest of "
                    "this bout (dvoynoy); " + message)
        if s.phase != "bout" or not isinstance(act, ThrowIn) or seat in self._thrower_order():
            return rule, message
        if seat == s.def_player:
            return ("R2.5", f"{self._who(seat)} is the defender, who beats and does not throw in; "
                    + message)
        if seat in s.out:
            return ("R2.10", f"{self._who(seat)} is out and takes no further part; " + message)
        if self.rules.teams and seat % 2 == s.defender % 2:
            return ("R5", f"{self._who(seat)} is the defender's partner: only the defender's "
                    "opponents throw in; " + message)
        return ("R2.4", f"{self._who(seat)} may not throw in this bout "
                f"(throw_in={self.rules.throw_in!r}); " + message)

    # -- legality ----------------------------------------------------------------------------------
    def _diagnose(self, act: Action) -> tuple[str, str] | None:
        s = self._s
        seat = s.to_act
        who = self._who(seat)
        if s.phase == "climb":
            return self._diagnose_climb(act)  # R9.38: krestovy's first phase
        if seat is not None and s.locked[seat] and (err := self._locked_reason(seat, act)):
            return err  # R9.37: a dealt card not yet unlocked
        if self._gallery_move(act):  # R9.10, R9.17–R9.19, R9.26: the gallery's own moves
            return self._diagnose_gallery(act)
        if s.phase == "open":
            if isinstance(act, Attack):
                return self._diagnose_attack(act)
            if isinstance(act, Pass) and self.rules.attack_shape == "pair_only":
                if s.open_passes >= self._active_count():
                    return ("R4", "everyone has passed in turn: open with a single card now")
                if self._pair_attacks():
                    return ("R4", f"{who} holds a pair and must attack with it")
                return None
            return ("R2.2", f"{who} opens the bout: the first move is an attack, not "
                            f"'{act}'")
        if seat == s.def_player and not s.taking:
            if isinstance(act, Beat):
                return self._diagnose_beat(act)
            if isinstance(act, Transfer):
                return self._diagnose_transfer(act)
            if isinstance(act, Take):
                return None
            return ("R2.5", f"{who} is defending: beat a card, "
                            + ("transfer, " if self.rules.transfer else "") + f"or take — not '{act}'")
        # a thrower has priority
        if isinstance(act, Pass):
            return None
        if isinstance(act, ThrowIn):
            return self._diagnose_throw(act)
        if isinstance(act, Attack):
            return ("R2.4", f"the bout is open already: add cards with 'throw {_text(act.cards)}'")
        return ("R2.5", f"{who} has priority as a thrower: throw in or pass — not '{act}'")

    def _not_held(self, cs: Iterable[Card]) -> tuple[str, str] | None:
        s = self._s
        assert s.to_act is not None  # an action is checked only while the game is on
        m = s.hands[s.to_act]
        for c in cs:
            if not m & c.mask:
                return ("R2.2", f"{c} is not in {self._who(s.to_act)}'s hand")
        return None

    def _active_count(self) -> int:
        return self.players - len(self._s.out)

    def _attack_limit(self) -> int:
        s = self._s
        return min(self._limit(), s.hands[s.def_player].bit_count())

    def _diagnose_attack(self, act: Attack) -> tuple[str, str] | None:
        err = self._not_held(act.cards) or self._joker_move(act)
        if err:
            return err
        cs = act.cards
        shape = self.rules.attack_shape
        s = self._s
        assert s.to_act is not None  # an action is checked only while the game is on
        if self.rules.attack_with_highest:
            low = [c for c in cs if not self._highest_mask(s.hands[s.to_act]) & c.mask]
            if low:
                return ("R9.6", f"open only with your highest rank (zanudny); {low[0]} is not "
                        "of it")
        if shape == "three":
            need = self._tryoshka_size()
            if len(cs) != need:
                return ("R9.7", f"an attack is three cards, or all you hold if fewer, within "
                        f"the bout's limit: here {need}; you attack with {len(cs)}")
            return None
        if shape == "pair_only" and self._s.open_passes >= self._active_count():
            ok, why = len(cs) == 1 or _is_pair(cs), "one card or one pair"
        else:
            ok, why = _SHAPES[shape](cs)
        if not ok:
            clause = {"rank": "R2.2", "groups": "R9.8"}.get(shape, "R4")
            return (clause, f"an attack is {why}; '{_text(cs)}' is not")
        limit = self._attack_limit()
        if len(cs) > limit:
            return ("R2.6", f"this bout allows at most {limit} attack card"
                    f"{'s' if limit != 1 else ''} ({self._limit_reason()}); you attack with {len(cs)}")
        return None

    def _limit_reason(self) -> str:
        s = self._s
        held = s.hands[s.def_player].bit_count()
        lim = self._limit()
        if held < lim:
            return f"the defender holds {held}"
        return "the first bout" if s.bout == 0 and lim == self.rules.first_bout_limit else "the bout limit"

    def _diagnose_beat(self, act: Beat) -> tuple[str, str] | None:
        s = self._s
        idx = next((i for i, (a, _) in enumerate(s.table) if a is act.target), None)
        if idx is None:
            return ("R2.3", f"{act.target} is not an attack card on the table")
        if s.table[idx][1] is not None:
            return ("R2.3", f"{act.target} is already beaten by {s.table[idx][1]}")
        if idx < s.settled:
            return ("R3.4", f"{act.target} was passed on and needs no beating (transfer_beat_only_new)")
        err = self._not_held((act.card,))
        if err:
            return ("R2.3", err[1])
        if not self._beaters[act.target.index] & act.card.mask:
            v = judge(act.card, act.target, self._beat_rules(),  # verdict.py: R2.3, R6, R9
                      lambda card, target: self._changed_trump_reason(act))
            return (v.clause, f"{act.card} does not beat {act.target}: {v.why}")
        return None

    # -- the jokers (R9.22, R9.33) -------------------------------------------------------------------
    def _turned_joker(self) -> Card | None:
        """The joker turned for trump (R9.22, R9.33), if the trump card is one."""
        c = self.trump_card
        return c if c is not None and c.is_joker else None

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """Every trump suit, in suit order: ``(trump,)``, none, or both suits of the colour of a
        joker turned for trump in ``jokers="by_colour"`` (R9.33), when ``trump`` is ``None``."""
        return tuple(sorted(trump_suits(self.trump, self.rules.jokers, self._turned_joker())))

    def _suits_mask(self) -> int:
        """The mask of every trump (``_trump_mask``): the cards of ``trump_suits``."""
        return sum(SUIT_MASK[s] for s in self.trump_suits)

    def _trump_text(self) -> str:
        """The trump as the text picture names it: "trump ♥", "no trump", "trumps ♠ ♣" (R9.33)."""
        suits = self.trump_suits
        if len(suits) > 1:
            return "trumps " + " ".join(map(str, suits))
        return "no trump" if not suits else f"trump {suits[0]}"

    def _no_trump_note(self) -> str:
        """Why a turned card set no trump: a spade (R6), or a joker (R9.22), or two trumps (R9.33)."""
        joker = self._turned_joker()
        if joker is None:
            return " (a spade: no trump, R6)"
        if self.trump_suits:
            return f" (a joker: both suits of its colour, {' '.join(map(str, self.trump_suits))}, are trumps, R9.33)"
        return " (a joker: no trump, R9.22)"

    def _joker_move(self, act: Attack | ThrowIn | Transfer) -> tuple[str, str] | None:
        """R9.22: a joker has no rank, so it opens a bout only alone, is never thrown in, never
        transfers, and an attack with a joker cannot be transferred."""
        joker = next((c for c in act.cards if c.is_joker), None)
        if isinstance(act, Transfer) and joker is None:
            joker = next((a for a, d in self._s.table if d is None and a.is_joker), None)
            if joker is not None:
                return ("R9.22", f"{joker} has no rank: an attack with a joker cannot be "
                        "transferred")
        if joker is None or (isinstance(act, Attack) and (len(act.cards) == 1
                                                         or self.rules.attack_shape != "rank")):
            return None  # the other shapes (R4, R9.7, R9.8) count a joker as one odd card
        what = {Attack: "opens a bout only alone", ThrowIn: "is never thrown in",
                Transfer: "never transfers an attack"}[type(act)]
        return ("R9.22", f"{joker} has no rank: a joker {what}")

    def _diagnose_transfer(self, act: Transfer) -> tuple[str, str] | None:
        s = self._s
        r = self.rules
        if not r.transfer:
            return ("R3", f"this is {self.variant}: there are no transfers (perevodnoy only)")
        err = self._not_held(act.cards)
        if err:
            return ("R3.1", err[1])
        if self._joker_move(act):
            return self._joker_move(act)
        if s.bout == 0 and not r.transfer_in_first_bout:
            return ("R3.4", "the first bout of a game cannot be transferred")
        beaten = any(d is not None for _, d in s.table)
        if beaten and not r.transfer_after_beating:
            return ("R3.2", "a card has been beaten already: transfer only before beating")
        unbeaten = [s.table[i][0] for i in self._unbeaten()]
        ranks = {a.rank for a in unbeaten}
        if len(ranks) != 1:
            return ("R3.1", "the cards to beat are of different ranks: nothing to transfer with")
        rank = ranks.pop()
        bad = [c for c in act.cards if c.rank != rank]
        if bad:
            return ("R3.1", f"a transfer adds cards of the attacking rank ({rank}); {bad[0]} is not")
        if not r.transfer_with_trump_on_table and self._trump_mask and any(
                self._trump_mask & c.mask for pair in s.table for c in pair if c is not None):
            return ("R3.4", "a trump lies on the table: no transfer (transfer_with_trump_on_table=False)")
        if act.show:
            if not r.proezdnoy:
                return ("R3.4", "showing a trump (proezdnoy) is not allowed in this game")
            if len(act.cards) != 1 or not self._trump_mask & act.cards[0].mask:
                return ("R3.4", "proezdnoy: show exactly one trump of the attacking rank")
            if s.def_player in s.shown:
                return ("R3.4", f"{self._who(s.def_player)} has shown a trump already in this bout")
        added = 0 if act.show else len(act.cards)
        if s.n_attack + added > self._limit():
            return ("R3.2", f"the bout would have {s.n_attack + added} attack cards; the limit is "
                    f"{self._limit()} (R2.6)")
        target_seat = self._next_seat(s.defender)
        target = self._controller(target_seat)
        need = len(unbeaten) + added if not r.transfer_beat_only_new else max(added, 1)
        if (not r.transfer_by_last_card and not act.show and self.talon_size == 0
                and len(act.cards) == s.hands[s.def_player].bit_count()):
            return ("R3.4", "with the talon empty you may not go out by transferring your last cards")
        if self._refusal_target() is not None:
            if act.show:
                return ("R3.4", "a refusal passes cards back: play them, do not show")
            return None
        if target == s.def_player:
            return ("R3.1", "there is nobody to transfer to")
        if self._transfer_goes_back():
            return ("R3.1", f"{self._who(s.opener)}, who attacked, has gone out: a transfer would "
                    f"pass his empty seat and go back to {self._who(target)}, against the "
                    "direction of play")
        held = s.hands[target].bit_count()
        if held < need:
            return ("R3.2", f"{self._who(target)} holds {held} card{'s' if held != 1 else ''}, "
                    f"fewer than the {need} cards to beat")
        return None

    def _transfer_goes_back(self) -> bool:
        """R3.1: the player who opened this bout went out by it, and his is the next seat after
        the defender: the transfer would skip it and come back round (seed 001)."""
        s = self._s
        if self.rules.teams or s.opener not in s.out:
            return False
        earlier = tuple(p for p in s.out if p != s.opener)
        return next_active(s.defender, self.players, earlier) == s.opener

    def _refusal_target(self) -> int | None:
        """R3.4 refusal: the last opponent went out by this attack; the cards may go back."""
        s = self._s
        if not self.rules.refusal or s.refused or s.att_player not in s.out:
            return None
        if any(d is not None for _, d in s.table) or self._active_count() != 1:
            return None
        if self._next_seat(s.defender) != s.defender:
            return None
        return s.att_player

    def _diagnose_throw(self, act: ThrowIn) -> tuple[str, str] | None:
        s = self._s
        r = self.rules
        err = self._not_held(act.cards)
        if err:
            return ("R2.4", err[1])
        if self._joker_move(act):
            return self._joker_move(act)
        ranks = self._table_ranks_mask()
        for c in act.cards:
            if not ranks & c.mask:
                where = "among the attack cards" if r.throw_in_ranks == "attack" else "on the table"
                return ("R2.4", f"no {c.rank} is {where}, so {c} cannot be thrown in")
        if self._nine_blocks():
            return ("R9.16", "the defender has beaten with the 9♦: nobody may throw in now "
                    "(kitaysky)")
        if self._twin_blocks():
            a = next(a for a, d in self._s.table if d is not None and d is a.twin)
            return ("R9.29", f"{a} was beaten by its twin {a.twin}: nobody may throw in now "
                    "(dvoynoy)")
        room = self._room()
        if len(act.cards) > room:
            return ("R2.6", f"only {room} more attack card{'s' if room != 1 else ''} may join this "
                    f"bout; you throw {len(act.cards)}")
        if r.throw_one_at_a_time and s.to_act != s.att_player and len(act.cards) > 1:
            return ("R2.4", "throwers other than the main attacker add one card at a time")
        return None

    # -- legal actions -----------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if not self._gallery_moves:
            return self._legal_standard()
        if self._self_throw_turn():  # R9.10: throw in against himself, or pass
            return self._self_throw_options() + self._gallery_options()
        return self._legal_standard() + self._gallery_options()  # R9.17–R9.19, R9.26, R9.39

    def _legal_standard(self) -> list[Action]:
        s = self._s
        seat = s.to_act
        assert seat is not None  # Game asks only while the game is on
        hand = s.hands[seat] & ~s.locked[seat]  # R9.37: locked cards cannot be played
        if s.phase == "climb":
            return self._climb_options(hand)  # R9.38: krestovy's first phase
        if s.phase == "open":
            out: list[Action] = list(self._attack_options(hand))
            if (self.rules.attack_shape == "pair_only" and s.open_passes < self._active_count()
                    and not out):
                out.append(Pass())
            return out
        if seat == s.def_player and not s.taking:
            out = []
            for i in self._unbeaten():
                a = s.table[i][0]
                options = cards_by_rank(hand & self._beaters[a.index])
                out.extend(beat_action(a, d) for d in options)
            if self.rules.transfer:
                out.extend(self._transfer_options(hand))
            out.append(Take())
            return out
        throwable = cards_by_rank(self._throwable(seat))
        room = self._room()
        if self.rules.throw_one_at_a_time and seat != s.att_player:
            room = min(room, 1)
        out = [group_action(ThrowIn, cs) for cs in _subsets(throwable, room)]
        out.append(Pass())
        return out

    def _pair_attacks(self) -> list[Action]:
        if self._attack_limit() < 2:
            return []
        seat = self._s.to_act
        assert seat is not None  # asked while listing the legal actions
        hand = self._s.hands[seat]
        return [group_action(Attack, pair) for r in range(2, 15)
                for pair in combinations(cards_by_rank(hand & RANK_MASK[r]), 2)]

    def _highest_mask(self, hand: int) -> int:
        """R9.6 (zanudny): the cards of the highest rank in ``hand`` (a trump counts by its rank
        like any card: seed 000, «если есть тузы, то с тузов»)."""
        top = max(c.rank for c in iter_mask(hand))
        return hand & RANK_MASK[top]

    def _tryoshka_size(self) -> int:
        """R9.7: an attack is three cards, or all the attacker holds if fewer — and never more
        than the bout allows (R2.6)."""
        s = self._s
        assert s.to_act is not None  # asked while the game is on
        return min(3, s.hands[s.to_act].bit_count(), self._attack_limit())

    def _attack_options(self, hand: int) -> list[Action]:
        limit = self._attack_limit()
        shape = self.rules.attack_shape
        if limit < 1:
            return []
        if self.rules.attack_with_highest and hand:
            hand = self._highest_mask(hand)  # R9.6: only the highest rank may open
        singles = cards_by_rank(hand)
        if shape == "pair_only":
            pairs = self._pair_attacks()
            if self._s.open_passes >= self._active_count():
                return [group_action(Attack, (c,)) for c in singles] + pairs
            return pairs
        if shape == "rank":
            # one card or several of one rank, listed by size, then by rank and suit
            out: list[Action] = [_SINGLE_ATTACK[c.index] for c in singles]
            by_rank = [list(cs) for _, cs in groupby(singles, key=_rank_of)] if limit > 1 else []
            most = max(map(len, by_rank), default=0)  # 4 of a rank; 8 with two decks (R0)
            for k in range(2, min(most, limit) + 1):
                out.extend(group_action(Attack, combo) for cs in by_rank if len(cs) >= k
                           for combo in combinations(cs, k))
            return out
        found: dict[int, tuple[Card, ...]] = {}
        sizes = {"one_or_two": (1, 2), "pair_plus_one": (1, 2, 3), "pairs": (1, 3, 5),
                 "groups": (1, 2, 3, 4, 5), "three": (self._tryoshka_size(),)}[shape]
        for k in sizes:
            if k > limit:
                continue
            for combo in combinations(singles, k):
                if _SHAPES[shape](combo)[0]:
                    found[mask_of(combo)] = combo
        groups = sorted(found.values(), key=lambda g: (len(g), [by_rank_then_suit(c) for c in g]))
        return [group_action(Attack, g) for g in groups]

    def _transfer_options(self, hand: int) -> list[Action]:
        s = self._s
        ranks = {s.table[i][0].rank for i in self._unbeaten()}
        if len(ranks) != 1:
            return []
        rank = next(iter(ranks))
        same = cards_by_rank(hand & RANK_MASK[rank])
        out: list[Action] = []
        for cs in _subsets(same, len(same)):
            act = group_action(Transfer, cs)
            if self._diagnose_transfer(act) is None:
                out.append(act)
        for c in same:
            if self._trump_mask & c.mask:
                act = group_action(Transfer, (c,), show=True)
                if self._diagnose_transfer(act) is None:
                    out.append(act)
        return out

    # -- applying actions --------------------------------------------------------------------------
    def _apply(self, act: Action) -> None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # Game plays only checked actions, while the game is on
        who = self._who(seat)
        if self._counts_layers:
            self._note_layer(seat, act)  # R9.28 (pogonny): who laid the last attack card
        if s.phase == "climb":
            self._apply_climb(seat, act)  # R9.38: krestovy's first phase
            return
        if self._gallery_moves and (isinstance(act, (Draw, Swap, Exchange, TalonAttack, Counter))
                                    or self._self_throw_turn()):
            self._apply_gallery(seat, act)  # R9.10, R9.17–R9.19, R9.26, R9.39
            return
        if isinstance(act, Attack):
            self._event("action", f"{who} attacks with {_text(act.cards)}", seat, act, act.cards)
            s.table = [(c, None) for c in act.cards]
            s.n_attack = len(act.cards)
            s.phase = "bout"
            self._remove(seat, act.cards)
            self._after_defence()
        elif isinstance(act, Beat):
            self._event("action", f"{who} beats {act.target} with {act.card}", seat, act,
                        (act.target, act.card))
            s.table = [(a, act.card if a is act.target else d) for a, d in s.table]
            self._remove(seat, (act.card,))
            self._after_defence()
        elif isinstance(act, Take):
            self._event("action", f"{who} takes", seat, act)
            s.taking = True
            self._after_defence()
        elif isinstance(act, ThrowIn):
            self._event("action", f"{who} throws in {_text(act.cards)}", seat, act, act.cards)
            s.table = s.table + [(c, None) for c in act.cards]
            s.n_attack += len(act.cards)
            order = self._thrower_order() if s.taking else None  # before he may go out (R2.5)
            self._remove(seat, act.cards)
            s.pass_run = frozenset()  # the table changed
            if not s.taking:
                s.to_act = s.def_player
            elif seat in s.out:
                assert order is not None  # s.taking: the thrower order was taken above
                # R2.5: his throw-in made him go out: priority goes on to the next thrower
                # after him in the throwing order, not back to the main attacker
                self._give_priority(order[(order.index(seat) + 1) % len(order)])
            else:
                self._give_priority(seat)  # R2.5: he keeps priority until he passes
        elif isinstance(act, Pass):
            if s.phase == "open":  # R4 D: no pair, the attack passes on
                self._event("action", f"{who} has no pair and passes the attack on", seat, act)
                s.open_passes += 1
                self._start_bout(self._next_seat(s.attacker))
                return
            self._event("action", f"{who} passes", seat, act)
            s.pass_run = s.pass_run | {seat}
            order = self._thrower_order()
            nxt = order[(order.index(seat) + 1) % len(order)] if seat in order else None
            self._give_priority(nxt)
        elif isinstance(act, Transfer):
            self._apply_transfer(seat, act)
        else:  # pragma: no cover - _diagnose refuses everything else
            raise AssertionError(act)

    def _apply_transfer(self, seat: int, act: Transfer) -> None:
        s = self._s
        who = self._who(seat)
        back_to = self._refusal_target()
        if act.show:
            self._event("action", f"{who} shows {act.cards[0]} and passes the attack on", seat,
                        act, act.cards)
            s.shown = s.shown | {seat}
            s.known[seat] |= act.cards[0].mask  # everyone has seen it in his hand
        else:
            self._event("action", f"{who} transfers with {_text(act.cards)}", seat, act, act.cards)
            if self.rules.transfer_beat_only_new:
                s.settled = len(s.table)
            s.table = s.table + [(c, None) for c in act.cards]
            s.n_attack += len(act.cards)
            self._remove(seat, act.cards)
        new_def = self._next_seat(s.defender)
        s.attacker = s.defender  # R3.3: the transferring player becomes the main attacker
        s.att_player = seat
        s.defender = new_def
        s.def_player = self._controller(new_def)
        if self.seat_trumps:
            self._defender_trump()  # R9.35: the new defender beats with his own trump
        s.pass_run = frozenset()
        if back_to is not None:  # R3.4 refusal: he takes the cards back and play goes on
            s.refused = True
            s.defender = back_to
            s.def_player = back_to
            s.taking = True
            self._end_bout()
            return
        s.to_act = s.def_player

    # -- the gallery's own moves (R9.10, R9.17, R9.18, R9.19, R9.26) ---------------------------------
    def _gallery_move(self, act: Action) -> bool:
        """Is ``act`` judged by the gallery's rules rather than R2–R6: a new kind of move, or any
        move of a defender throwing in against himself (R9.10)?"""
        if isinstance(act, (Swap, Exchange, TalonAttack, Counter)):
            return True
        if isinstance(act, Draw):
            return self.rules.defender_draws
        return self._self_throw_turn()

    def _self_throw_turn(self) -> bool:
        """R9.10 (amerikansky): every attacker has passed with all beaten; the defender acts."""
        s = self._s
        return (s.to_act == s.def_player and s.phase == "bout" and not s.taking
                and self.rules.defender_throws_in and not self._unbeaten())

    def _self_room(self) -> int:
        """R9.10: how many cards the defender may throw in against himself: the bout's limit
        (R2.6), and never more than he keeps to beat them with (our decision)."""
        s = self._s
        if self._nine_blocks():
            return 0
        return min(self._limit() - s.n_attack, s.hands[s.def_player].bit_count() // 2)

    def _offer_self_throw(self) -> bool:
        """R9.10: when the bout would end in bito, give the defender his turn to throw in against
        himself, unless he has passed since the table last changed or has nothing to throw."""
        s = self._s
        if not self.rules.defender_throws_in or s.taking or self._unbeaten():
            return False
        d = s.def_player
        if d in s.pass_run or d in s.out or self._self_room() < 1 or not self._throwable(d):
            return False
        s.to_act = d
        return True

    def _self_throw_options(self) -> list[Action]:
        s = self._s
        room = self._self_room()
        if self.rules.throw_one_at_a_time:
            room = min(room, 1)
        throwable = cards_by_rank(self._throwable(s.def_player) & ~s.locked[s.def_player])  # R9.37
        out: list[Action] = [group_action(ThrowIn, cs) for cs in _subsets(throwable, room)]
        out.append(Pass())
        return out

    def _talon_top_free(self) -> int:
        """Face-down cards lying over the trump card (the talon's top cards a move may use)."""
        rest = self.talon[self._s.talon_pos:]
        return len(rest) - (1 if rest and rest[-1] is self.trump_card else 0)

    def _lowest_trump(self) -> Card | None:
        """R9.26: the six of trumps — the trump suit's lowest card in this deck."""
        if self.trump is None:
            return None
        return Card(min(c.rank for c in self.deck_order), self.trump)

    def _diagnose_gallery(self, act: Action) -> tuple[str, str] | None:
        s = self._s
        r = self.rules
        seat = s.to_act
        assert seat is not None  # an action is checked only while the game is on
        who = self._who(seat)
        if self._self_throw_turn() and not isinstance(act, (Exchange, TalonAttack)):
            if isinstance(act, Pass):
                return None
            if not isinstance(act, ThrowIn):
                return ("R9.10", f"every attacker has passed: {who}, the defender, may throw in "
                        f"against himself or pass — not '{act}'")
            err = self._not_held(act.cards)
            if err:
                return ("R9.10", err[1])
            ranks = self._table_ranks_mask()
            bad = [c for c in act.cards if not ranks & c.mask]
            if bad:
                return ("R9.10", f"no {bad[0].rank} is on the table, so {bad[0]} cannot be thrown "
                        "in (R2.4)")
            room = self._self_room()
            if len(act.cards) > room:
                return ("R9.10", f"{who} may throw in {room} card{'s' if room != 1 else ''} "
                        f"against himself: the bout's limit (R2.6) and no more than half his "
                        f"hand, as he must beat each; he throws {len(act.cards)}")
            if r.throw_one_at_a_time and len(act.cards) > 1:
                return ("R9.10", "throwers other than the main attacker add one card at a time")
            return None
        defending = seat == s.def_player and s.phase == "bout" and not s.taking
        if isinstance(act, Draw):
            if not defending or not self._unbeaten():
                return ("R9.17", f"only the defender, facing a card, may draw a second try; "
                        f"{who} may not draw now")
            if ("R9.17", seat) in s.once:
                return ("R9.17", f"{who} has had his second try in this bout already")
            if not self.talon_size:
                return ("R9.17", "the talon is empty: there is no card to draw")
            hand = s.hands[seat]
            if all(hand & self._beaters[s.table[i][0].index] for i in self._unbeaten()):
                return ("R9.17", f"{who} can beat every card on the table: draw a second try "
                        "only when some card cannot be beaten")
            return None
        if isinstance(act, Swap):
            if not r.defender_swaps:
                return ("R9.19", f"this is {self.variant}: no swapping with the talon (pokerny)")
            if not defending or not self._unbeaten():
                return ("R9.19", f"only the defender, before defending, may swap; {who} may not "
                        "now")
            if any(d is not None for _, d in s.table):
                return ("R9.19", "a card has been beaten already: swap only before defending")
            if ("R9.19", seat) in s.once:
                return ("R9.19", f"{who} has swapped already in this bout")
            if len(act.cards) > 2:
                return ("R9.19", "swap at most two cards")
            err = self._not_held(act.cards)
            if err:
                return ("R9.19", err[1])
            held = s.hands[seat].bit_count()
            if held > r.hand_size:
                return ("R9.19", f"{who} holds {held} cards: swap only with no more than "
                        f"{r.hand_size}")
            free = self._talon_top_free()
            if len(act.cards) > free:
                return ("R9.19", f"the talon has {free} face-down card{'s' if free != 1 else ''} "
                        f"over the trump card: too few to swap {len(act.cards)}")
            return None
        if isinstance(act, Exchange):
            if not r.trump_six_exchange:
                return ("R9.26", f"this is {self.variant}: the six of trumps is not exchanged for "
                        "the trump card")
            six = self._lowest_trump()
            if six is None or act.card != six:
                return ("R9.26", f"only the trump suit's lowest card ({six}) is exchanged for the "
                        f"trump card, not {act.card}")
            err = self._not_held((act.card,))
            if err:
                return ("R9.26", err[1])
            if not s.trump_shown or self.talon_size < 2 or self.talon[-1] is not self.trump_card:
                return ("R9.26", "exchange only while the trump card lies face up under the talon "
                        "with a card over it")
            return None
        if isinstance(act, Counter):
            return self._diagnose_counter(act)
        assert isinstance(act, TalonAttack)
        if not r.talon_attack:
            return ("R9.18", f"this is {self.variant}: nobody attacks from the talon (armyansky)")
        if ("R9.18", -1) in s.once:
            return ("R9.18", "the talon's top card has been played once in this bout already")
        if self._talon_top_free() < 1:
            return ("R9.18", "no face-down card lies over the trump card: nothing to attack with")
        if s.phase == "open":
            return None
        if seat == s.def_player and not s.taking:
            return ("R9.18", f"{who} is defending: only an attacker plays the talon's top card")
        room = self._room()
        if room < 1:
            return ("R9.18", "no more attack cards may join this bout (R2.6)")
        return None

    def _gallery_options(self) -> list[Action]:
        """The legal gallery moves of the seat to act, listed after the R2–R6 ones."""
        r = self.rules
        if not (r.defender_draws or r.defender_swaps or r.talon_attack or r.trump_six_exchange
                or r.counter_attack):
            return []
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked while the game is on
        out: list[Action] = []
        if r.trump_six_exchange:
            six = self._lowest_trump()
            if six is not None and self._diagnose_gallery(Exchange(six)) is None:
                out.append(Exchange(six))
        if r.talon_attack and self._diagnose_gallery(TalonAttack()) is None:
            out.append(TalonAttack())
        if r.defender_draws and self._diagnose_gallery(Draw()) is None:
            out.append(Draw())
        if r.defender_swaps and seat == s.def_player:
            hand = cards_by_rank(s.hands[seat])
            first = Swap(hand[:1]) if hand else None
            if first is not None and self._diagnose_gallery(first) is None:
                out.extend(Swap(cs) for cs in _subsets(hand, 2)
                           if len(cs) <= self._talon_top_free())
        if r.counter_attack and seat == s.def_player:
            out.extend(self._counter_options())
        return out

    def _diagnose_counter(self, act: Counter) -> tuple[str, str] | None:
        """R9.39 (pribaltiysky): beat a lone attack card and add cards of the beater's rank, which
        the main attacker must beat; at most as many as he holds and the bout allows (R2.6)."""
        s = self._s
        if not self.rules.counter_attack:
            return ("R9.39", f"this is {self.variant}: a defender does not add cards to his beat "
                    "(pribaltiysky)")
        seat = s.to_act
        if seat != s.def_player or s.phase != "bout" or s.taking:
            return ("R9.39", f"only the defender, beating, may add cards; {self._who(seat)} may "
                    "not now")
        if len(s.table) != 1:
            return ("R9.39", "add cards only when beating a lone attack card: the table holds "
                    f"{len(s.table)}")
        err = self._diagnose_beat(Beat(act.target, act.card))
        if err:
            return ("R9.39", err[1])
        bad = [c for c in act.extra if c.rank != act.card.rank]
        if bad:
            return ("R9.39", f"the cards added are of the beating card's rank, {act.card.rank}; "
                    f"{bad[0]} is not")
        err = self._not_held(act.extra)
        if err:
            return ("R9.39", err[1])
        foe = s.att_player
        need = 1 + len(act.extra)
        held = s.hands[foe].bit_count()
        if foe in s.out or need > min(held, self._limit()):
            return ("R9.39", f"{self._who(foe)} would have {need} cards to beat but holds {held}"
                    f" (the bout allows {self._limit()}, R2.6)")
        return None

    def _counter_options(self) -> list[Action]:
        s = self._s
        if len(s.table) != 1 or s.table[0][1] is not None or s.taking:
            return []
        target = s.table[0][0]
        hand = s.hands[s.def_player] & ~s.locked[s.def_player]  # R9.37: no locked card
        out: list[Action] = []
        for card in cards_by_rank(hand & self._beaters[target.index]):
            same = [x for x in cards_by_rank(hand & RANK_MASK[card.rank]) if x is not card]
            for extra in _subsets(same, len(same)):
                act = Counter(target, card, extra)
                if self._diagnose_counter(act) is None:
                    out.append(act)
        return out

    def _apply_counter(self, seat: int, act: Counter) -> None:
        """R9.39: the beaten card goes to the discard pile; the bout turns round, the defender
        attacking the main attacker with his beating card and the added ones (our decision)."""
        s = self._s
        foe_seat, foe = s.attacker, s.att_player
        self._event("action", f"{self._who(seat)} beats {act.target} with {act.card} and adds "
                    f"{_text(act.extra)}: {self._who(foe)} must beat them (R9.39)", seat, act,
                    (act.target, act.card) + act.extra)
        s.discard.append(act.target)
        new = (act.card,) + act.extra
        s.table = [(c, None) for c in new]
        s.attacker = s.opener = s.defender
        s.att_player = seat
        s.defender, s.def_player = foe_seat, foe
        s.n_attack = len(new)
        s.settled = 0
        s.shown = frozenset()
        s.pass_run = frozenset()
        self._remove(seat, new)
        s.to_act = foe

    def _take_from_talon(self, k: int) -> tuple[Card, ...]:
        """The talon's top ``k`` cards, drawn; R9.23's card turned up if one is left."""
        s = self._s
        got = self.talon[s.talon_pos:s.talon_pos + k]
        s.talon_pos += k
        if not s.trump_shown and self.talon_size == 1 and self.trump_card is not None:
            s.trump_shown = True  # R9.23: one card is left: the trump card is turned up
            self._event("trump", f"one card is left: the trump card {self.trump_card} is turned "
                                 "face up (R9.23)", cards=(self.trump_card,))
        return got

    def _apply_gallery(self, seat: int, act: Action) -> None:
        s = self._s
        who = self._who(seat)
        if isinstance(act, Counter):
            self._apply_counter(seat, act)
        elif isinstance(act, ThrowIn):  # R9.10: against himself; he must now beat them or take
            self._event("action", f"{who} throws in {_text(act.cards)} against himself (R9.10)",
                        seat, act, act.cards)
            s.table = s.table + [(c, None) for c in act.cards]
            s.n_attack += len(act.cards)
            self._remove(seat, act.cards)
            s.pass_run = frozenset()  # the table changed
            s.to_act = seat
        elif isinstance(act, Pass):  # R9.10: he throws nothing more: the bout ends in bito
            self._event("action", f"{who} throws nothing in against himself (R9.10)", seat, act)
            s.pass_run = s.pass_run | {seat}
            self._give_priority(None)
        elif isinstance(act, Draw):  # R9.17: the second try; the card is his secret
            s.once = s.once | {("R9.17", seat)}
            shown = s.trump_shown
            got = self._take_from_talon(1)
            s.hands[seat] |= got[0].mask
            if got[0] is self.trump_card and shown:
                s.known[seat] |= got[0].mask  # the face-up trump card, seen by all (R0)
            self._event("draw", f"{who} draws a second try (R9.17)", seat, act, got, private=True)
        elif isinstance(act, Swap):  # R9.19: his cards go face down over the trump card
            s.once = s.once | {("R9.19", seat)}
            k = len(act.cards)
            pos = s.talon_pos
            rest = list(self.talon[pos + k:])
            bottom = [rest.pop()] if rest and rest[-1] is self.trump_card else []
            s.talon = self.talon[:pos + k] + tuple(rest) + act.cards + tuple(bottom)
            got = self._take_from_talon(k)
            given = mask_of(act.cards)
            s.hands[seat] = (s.hands[seat] & ~given) | mask_of(got)
            s.known[seat] &= ~given
            left = mask_of(self.talon[s.talon_pos:]) & ~given  # a card drawn since: forgotten
            tucked = [m & left for m in s.tucked]
            tucked[seat] |= given
            s.tucked = tuple(tucked)
            self._event("action", f"{who} swaps {k} card{'s' if k > 1 else ''} with the talon "
                        "(R9.19)", seat, act, act.cards + got, private=True)
        elif isinstance(act, Exchange):  # R9.26: the six goes under the talon, face up
            old = self.trump_card
            assert old is not None  # checked: the trump card lies under the talon
            s.hands[seat] = (s.hands[seat] & ~act.card.mask) | old.mask
            s.known[seat] = (s.known[seat] & ~act.card.mask) | old.mask
            s.talon = self.talon[:-1] + (act.card,)
            self.trump_card = act.card
            self._event("action", f"{who} exchanges {act.card} for the trump card {old} (R9.26)",
                        seat, act, (act.card, old))
        else:
            assert isinstance(act, TalonAttack)
            self._apply_talon_attack(seat, act)

    def _apply_talon_attack(self, seat: int, act: TalonAttack) -> None:
        """R9.18 (armyansky): the talon's top card is turned and played as an attack card; one
        that cannot join the table (its rank is not there) goes to his hand, seen by all, and
        counts as his pass (our decision)."""
        s = self._s
        who = self._who(seat)
        s.once = s.once | {("R9.18", -1)}
        card = self._take_from_talon(1)[0]
        if s.phase == "open":
            self._event("action", f"{who} attacks with the talon's top card, {card} (R9.18)",
                        seat, act, (card,))
            s.table = [(card, None)]
            s.n_attack = 1
            s.phase = "bout"
            self._after_defence()
            return
        if self._table_ranks_mask() & card.mask:
            self._event("action", f"{who} throws in the talon's top card, {card} (R9.18)", seat,
                        act, (card,))
            s.table = s.table + [(card, None)]
            s.n_attack += 1
            s.pass_run = frozenset()
            if not s.taking:
                s.to_act = s.def_player
            else:
                self._give_priority(seat)
            return
        self._event("action", f"{who} turns the talon's top card, {card}: no {card.rank} is on "
                    "the table, so he keeps it and passes (R9.18)", seat, act, (card,))
        s.hands[seat] |= card.mask
        s.known[seat] |= card.mask
        s.pass_run = s.pass_run | {seat}
        order = self._thrower_order()
        self._give_priority(order[(order.index(seat) + 1) % len(order)] if seat in order else None)

    def redeal_hidden(self, seat: int, rng: random.Random | int | None = None) -> AttackGame:
        """A copy of this game in which every card ``seat`` cannot see is dealt again at random.

        The copy agrees with everything ``seat`` knows (``view(seat)``, R0): its own hand, the
        table and the discard pile, each hand's size and the cards known to be in it (picked up,
        shown, the drawn trump card), the talon's size with the turned trump at its bottom. Only
        *which* unseen card lies where is new. Bots play out such copies to judge a move without
        peeking (a history-free copy: ``play`` and ``playout`` work, ``undo`` does not).

        >>> from reference import reference_game as new_game
        >>> g = new_game("podkidnoy", seed=1)
        >>> other = g.redeal_hidden(0, rng=5)
        >>> other.hands[0] == g.hands[0], other.hands[1] == g.hands[1]
        (True, False)
        >>> other.view(0).unknown == g.view(0).unknown
        True
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return self._sealed(seat, rng)[0]

    def _sealed(self, seat: int, rng: random.Random) -> tuple[AttackGame, View]:
        v = self.view(seat)
        g = self.clone(history=False)
        s = g._s
        hidden = list(v.unknown)  # in the view's own (canonical) order: only ``rng`` deals them
        rest = self.talon[s.talon_pos:]
        bottom: tuple[Card, ...] = ()
        if rest and rest[-1] is self.trump_card:
            if s.trump_shown:
                bottom = rest[-1:]  # lies face up
            else:  # R9.23: face down, of the trump suit everyone knows
                suit = rest[-1].suit
                bottom = (rng.choice([c for c in hidden if c.suit == suit]),)
                hidden.remove(bottom[0])
                g.trump_card = bottom[0]
        rng.shuffle(hidden)
        hidden = self._deal_hidden(g, seat, v, hidden)
        hidden = self._redeal_set_aside(g, hidden)  # R9.24: the unseen second trump card
        if any(s.locked):  # R9.37: which of another's unseen cards are locked is unseen too
            s.locked = tuple(m if p == seat or not m else mask_of(rng.sample(
                list(cards_of(s.hands[p] & ~mask_of(v.known.get(p, ())))), m.bit_count()))
                for p, m in enumerate(s.locked))
        if self.removed and self.rules.talon_removed:  # R9.4: what no hand holds went out unseen
            shown = tuple(c for c in self.removed if c is self.trump_card)
            g.removed, hidden = tuple(hidden) + shown, []
        pool = hidden + [c for c in v.in_talon if c not in bottom]  # R6: a spade put back
        if len(pool) + len(bottom) != len(rest):  # pragma: no cover - the view adds up
            raise AssertionError(f"redeal: {len(pool)} hidden cards for {len(rest)} talon places")
        rng.shuffle(pool)
        self._seal(g, seat, v, rng, tuple(pool) + bottom)
        return g, v

    def _seal(self, g: AttackGame, seat: int, v: View, rng: random.Random,
              talon: tuple[Card, ...]) -> None:
        """``redeal_hidden``: leave nothing in the copy ``g`` that ``seat`` did not see (R0), so
        that it depends on ``v`` (the seat's view) and ``rng`` only. The deck order, the dealt
        order and the cards already drawn are the canonical ones, there is no seed and no deal
        thrown in (R9.27); the others' swapped cards (R9.19) and unlocking order (R9.37) are the
        copy's own; the repetition memory (R2.11) keeps only the positions that can still come
        back, each with the hidden cards of the copy (how those got there was all in view)."""
        s = g._s
        canonical = self._canonical_deck()
        g.deck_order = g.dealt_order = canonical
        g.seed = None
        g.redeals = ()
        g.reshuffled = tuple(c for c in self.reshuffled if c in v.in_talon)  # R6: drawn: unseen
        g.talon = tuple(islice(cycle(canonical), s.talon_pos)) + talon  # drawn: never read
        s.tucked = tuple(m if p == seat else 0 for p, m in enumerate(s.tucked))
        if self._dealt_at:  # R9.37: his own dealt cards unlock as dealt; the others' as drawn
            own = sorted(cards_of(s.locked[seat]), key=lambda c: self._dealt_at.get(c, 0))
            others = [c for p, m in enumerate(s.locked) if p != seat for c in cards_of(m)]
            rng.shuffle(others)
            g._dealt_at = {c: i for i, c in enumerate(own + others)}
        pile, drawn = len(s.discard), s.talon_pos
        cards = sum(v.hand_sizes) + sum(1 for pair in s.table for c in pair if c is not None)
        # R2.11: the same pile and talon, and every card in hand but those on the table now:
        # since the bout began with it, cards only went from hand to table and back, face up
        s.seen = self._sealed_memory(g, v, lambda key: key[3] == pile and key[2] == drawn
                                     and held(key) == cards)

    def position_key(self) -> PositionKey:
        """Everything that decides how play can go on from here: the key an endgame search
        remembers positions by. It includes the repetition counts that can still matter (R2.11):
        cards can go to and fro (a transfer taken back, ``taker_keeps_turn``), and a position
        seen twice before does not play on like a fresh one. Only counts of positions with the
        present discard pile can come back (the pile never shrinks), so only those are kept."""
        s = self._s
        pile = len(s.discard)
        seen = (frozenset(item for item in s.seen.items() if item[0][3] == pile)
                if self.rules.repetition_draw else None)
        return (tuple(s.hands), tuple(s.table), s.to_act, s.attacker, s.defender, s.att_player,
                s.def_player, s.opener, s.taking, s.pass_run, s.n_attack, s.settled, s.shown, s.refused,
                s.phase, s.bout == 0, s.out, s.open_passes, self.talon_size, seen)

    # -- knowledge (R0) ----------------------------------------------------------------------------
    def _view(self, seat: int) -> View:
        s = self._s
        public = mask_of(s.discard) | mask_of(c for pair in s.table for c in pair if c)
        talon_known = 0
        if self.trump_card is not None and self.talon_size and s.trump_shown:
            talon_known = self.trump_card.mask  # lies face up under the talon
        if self.reshuffled:  # R6: a turned spade put back is known to be in the talon till drawn
            talon_known |= mask_of(c for c in self.talon[s.talon_pos:] if c in self.reshuffled)
        if s.tucked[seat]:  # R9.19: he knows the cards he swapped into the talon
            talon_known |= s.tucked[seat] & mask_of(self.talon[s.talon_pos:])
        if self.removed and self.rules.talon_removed:
            return self._view_with_removed(seat, public)
        if self.removed:  # R9.24: the second trump card, unseen until turned
            shown = self.secret.mask if self.secret is self.trump_card and self.secret else 0
            public |= shown
            aside = (mask_of(self.removed) & ~shown).bit_count()
        else:
            aside = 0
        aside += sum(m.bit_count() for m in s.reserves)  # R9.40: unseen by all, owner too
        view = self._build_view(seat, public, talon_known, s.discard, s.table, aside)
        if self.seat_trumps:  # R9.35: public, like the trump card that set them
            view = dataclasses.replace(view, seat_trumps=self.seat_trumps)
        if any(s.reserves):  # R9.40: how many each seat has face down
            view = dataclasses.replace(view, reserve_sizes=tuple(m.bit_count() for m in s.reserves))
        if any(s.locked):  # R9.37: his own locked cards; of the others, how many
            view = dataclasses.replace(view, locked=cards_of(s.locked[seat]),
                                       locked_sizes=tuple(m.bit_count() for m in s.locked))
        if not s.trump_shown:  # R9.23: the trump suit is known, the trump card is not
            view = dataclasses.replace(view, trump_card=None)
        return view

    def _view_with_removed(self, seat: int, public: int) -> View:
        """R9.4 (chukotsky): as ``_build_view``, but the cards put out of the game are unknown
        and in no hand: they count with ``unknown_in_talon`` (unknown cards outside the hands),
        so no seat deduces the others' hands from what it cannot see. The trump card was shown
        as it went out: it is neither in a hand nor unknown."""
        s = self._s
        out_of_game = mask_of(self.removed)
        shown = self.trump_card.mask if self.trump_card in self.removed else 0
        known = {p: s.known[p] for p in range(self.players) if p != seat}
        unknown = mask_of(self.deck_order) & ~(s.hands[seat] | public | shown)
        for m in known.values():
            unknown &= ~m
        return View(seat=seat, hand=cards_of(s.hands[seat]),
                    known={p: cards_of(m) for p, m in known.items()},
                    unknown=cards_of(unknown), hand_sizes=tuple(m.bit_count() for m in s.hands),
                    talon_size=self.talon_size, discard=tuple(s.discard), trump=self.trump,
                    trump_card=self.trump_card, table=tuple(s.table), to_act=s.to_act,
                    unknown_in_talon=(out_of_game & ~shown).bit_count(), in_talon=(),
                    _beats=self._view_beats(), trump_suits=self.trump_suits)

    # -- R9.27, R9.28, R9.38: the redeal, the scoring forms, clubs apart ----------------------------
    def _redeal_five_of_a_suit(self, order: list[Card], n: int, h: int) -> list[Card]:
        """R9.27: while the deal would give a hand five or more cards of one suit, the cards go
        back and are dealt again — at once, nobody chooses (seed 001: «обязывают к пересдаче»).
        Each new order is shuffled from a seed made of the deck order given (which the game's
        seed made, and which a record carries) and the redeal's number, so a record replays the
        same deals. ``redeals`` keeps the orders thrown in, ``dealt_order`` the one played."""
        #: R9.27: the deck orders thrown in, in order, and the words that said why
        self.redeals: tuple[tuple[Card, ...], ...] = ()
        self._redeal_texts: tuple[tuple[str, tuple[Card, ...]], ...] = ()
        if self.rules.redeal_five_of_a_suit:
            key = " ".join(str(c.index) for c in order)
            while True:
                hands: list[list[Card]] = [[] for _ in range(n)]
                for i in range(n * h):  # R1.1: one at a time from the player after the dealer
                    hands[(self.dealer + 1 + i) % n].append(order[i])
                five = next(((p, suit, same) for p, hand in enumerate(hands) for suit in Suit
                             if len(same := [c for c in hand if c.suit == suit]) >= 5), None)
                if five is None:
                    break
                seat, suit, same = five
                self.redeals += (tuple(order),)
                shown = tuple(sorted(same, key=by_rank_then_suit))  # shown to all, then shuffled
                self._redeal_texts += ((
                    f"{self._who(seat)} is dealt {len(same)} cards of one suit, {_text(shown)}: "
                    "the cards go back and are shuffled and dealt again (R9.27)", shown),)
                order = order[:]
                random.Random(f"{key}/redeal {len(self.redeals)}").shuffle(order)
        #: the deck order the game was dealt from (``deck_order`` unless R9.27 redealt)
        self.dealt_order: tuple[Card, ...] = tuple(order)
        return order

    def _note_layer(self, seat: int, act: Action) -> None:
        """R9.28 (pogonny): remember who laid the last attack card (shown cards lay none)."""
        if isinstance(act, (Attack, ThrowIn)) or (isinstance(act, Transfer) and not act.show):
            self._s.last_layer = seat

    def _score_bout(self, took: bool, taken: Sequence[Card], taker: int) -> None:
        """R9.28: what the bout just ended scores. A bito scores for the defender the attack
        cards he beat (ochkovy: all of them; figurny: the tens and above — beaten cards he then
        took score nothing, seed 001); a take of exactly two cards of one rank is an epaulette
        (pogonny) for whoever laid the last of them."""
        form = self.rules.scoring
        if form == "durak":
            return
        s = self._s
        ranks: tuple[int, ...]
        if took:
            if (form != "pogonny" or len(taken) != 2 or taken[0].rank != taken[1].rank
                    or s.last_layer in (-1, taker)):
                return
            seat, ranks = s.last_layer, (int(taken[0].rank),)
            text = (f"{self._who(seat)} hangs an epaulette, {_text(taken)}, on "
                    f"{self._who(taker)} (pogonny, R9.28)")
        else:
            seat = taker
            ranks = tuple(int(a.rank) for a, d in s.table if d is not None and (
                form == "ochkovy" or (form == "figurny" and Rank.TEN <= a.rank <= Rank.ACE)))
            if not ranks:
                return
            what = "figure card" if form == "figurny" else "card"
            text = (f"{self._who(seat)} has beaten {len(ranks)} {what}{'s' if len(ranks) > 1 else ''}"
                    f" ({form}, R9.28)")
        s.tally = tuple(tuple(sorted(t + ranks, reverse=True)) if p == seat else t
                        for p, t in enumerate(s.tally))
        self._event("score", text, seat=seat)

    @property
    def points(self) -> dict[int, int]:
        """R9.28: each seat's points so far under the scoring form (all 0 in the plain game)."""
        return {p: len(t) for p, t in enumerate(self._s.tally)}

    def _scored(self, result: Result) -> Result:
        """R9.28: the result of play, decided by points under a scoring form. The top scorers
        win (pogonny: level on epaulettes, the higher ones win, seed 000); the rest lose; the
        durak is the one player with the fewest points (none if several share them); everyone
        level is a draw. Being left with cards counts for nothing (seed 001: «только тем, что
        выигрывает игрок, который отобьёт наибольшее количество карт»)."""
        form = self.rules.scoring
        if form == "durak":
            return result
        tally = self._s.tally
        n = self.players
        points = {p: len(t) for p, t in enumerate(tally)}
        scored = dict(enumerate(tally))

        def key(p: int) -> tuple[int, tuple[int, ...]]:
            return points[p], tally[p] if form == "pogonny" else ()

        best = max(key(p) for p in range(n))
        winners = tuple(p for p in range(n) if key(p) == best)
        if len(winners) == n:
            return Result(None, result.out_order, True, 0, points, (), (),
                          reason="everyone has the same points", names=self.names,
                          scoring=form, scored=scored)
        worst = min(key(p) for p in range(n))
        bottom = [p for p in range(n) if key(p) == worst]
        return Result(bottom[0] if len(bottom) == 1 else None, result.out_order, False, 0, points,
                      winners, tuple(p for p in range(n) if p not in winners), names=self.names,
                      scoring=form, scored=scored)

    def _repetition_draw(self, text: str) -> None:
        """R2.11's repetition draw; under a scoring form (R9.28) it stays a draw, with the
        points so far attached (a series still adds them up)."""
        super()._repetition_draw(text)
        s = self._s
        if self.rules.scoring != "durak" and s.result is not None:
            s.result = dataclasses.replace(s.result, scores=self.points, scoring=self.rules.scoring,
                                           scored=dict(enumerate(s.tally)))

    # -- R9.38: krestovy's first phase, laying cards one rank higher ------------------------------
    def _climb_round(self, first: int) -> None:
        """R9.38: a round of the first phase. From ``first`` round the table each player draws a
        card and lays it face up (into his hand, seen by all); the highest of them starts the
        pile (of equal highest, the first clockwise from ``first``), and the next player is to
        lay. With the deck used up the second phase, the attack–defence game, begins."""
        s = self._s
        n = self.players
        drawn: list[tuple[int, Card]] = []
        for p in ((first + k) % n for k in range(n)):
            if not self.talon_size:
                break
            c = self.talon[s.talon_pos]
            s.talon_pos += 1
            s.hands[p] |= c.mask
            s.known[p] |= c.mask  # face up: everyone saw it
            drawn.append((p, c))
            self._event("draw", f"{self._who(p)} draws {c} and lays it face up (R9.38)", seat=p,
                        cards=(c,))
        if not drawn:
            self._end_climb()
            return
        top = max(c.rank for _, c in drawn)
        leader, card = next((p, c) for p, c in drawn if c.rank == top)
        s.hands[leader] &= ~card.mask
        s.known[leader] &= ~card.mask
        s.table = [(card, None)]
        s.phase = "climb"
        s.to_act = (leader + 1) % n
        self._event("pile", f"{self._who(leader)} has the highest card, {card}: it starts the "
                    "pile, and each in turn lays a card one rank higher or takes the pile (R9.38)",
                    seat=leader, cards=(card,))

    def _climb_needs(self) -> int:
        """The rank the next card on the pile must have: one above its top card (R9.38)."""
        return self._s.table[-1][0].rank + 1

    def _climb_options(self, hand: int) -> list[Action]:
        """R9.38: lay a card one rank higher; only a player who has none takes the pile."""
        need = self._climb_needs()
        plays: list[Action] = [Play(c) for c in cards_by_rank(hand) if c.rank == need]
        return plays or [Take()]

    def _diagnose_climb(self, act: Action) -> tuple[str, str] | None:
        s = self._s
        assert s.to_act is not None  # checked only while the game is on
        who = self._who(s.to_act)
        top = s.table[-1][0]
        options = self._climb_options(s.hands[s.to_act])
        if act in options:
            return None
        if isinstance(act, Play) and act.call is None:
            if not s.hands[s.to_act] & act.card.mask:
                return ("R9.38", f"{act.card} is not in {who}'s hand")
            return ("R9.38", f"lay a card one rank higher than {top}"
                    + (f", not {act.card}" if top.rank < Rank.ACE else
                       ": nothing is higher than an ace, so take the pile"))
        if isinstance(act, Take):
            return ("R9.38", f"{who} holds a card one rank higher than {top} and must lay it; "
                    "only a player who has none takes the pile")
        return ("R9.38", "in krestovy's first phase you lay a card one rank higher ('play X') or "
                f"take the pile ('take'), not '{act}'")

    def _apply_climb(self, seat: int, act: Action) -> None:
        s = self._s
        who = self._who(seat)
        if isinstance(act, Play):
            self._event("action", f"{who} lays {act.card} on the pile", seat, act, (act.card,))
            s.hands[seat] &= ~act.card.mask
            s.known[seat] &= ~act.card.mask
            s.table = s.table + [(act.card, None)]
            s.to_act = (seat + 1) % self.players
            return
        pile = [c for c, _ in s.table]
        self._event("action", f"{who} takes", seat, act)
        s.hands[seat] |= mask_of(pile)
        s.known[seat] |= mask_of(pile)  # R0: cards picked up are public
        s.table = []
        self._event("pickup", f"{who} picks up {_text(pile)}", seat=seat, cards=pile)
        self._climb_round(seat)  # R9.38: it all starts again, the taker drawing first

    def _end_climb(self) -> None:
        """R9.38: the deck is used up: the attack–defence game begins with the hands as they
        are; a player holding nothing is out (R2.10) and the lowest trump leads (R1.3)."""
        s = self._s
        s.table = []
        self._event("phase", "the deck is used up: the second phase, the attack–defence game, "
                    "begins (R9.38)")
        for p in range(self.players):
            if not s.hands[p]:
                s.out = s.out + (p,)
                self._event("out", f"{self._who(p)} is out", seat=p)
        if self._check_end(False, -1, []):
            return
        attacker = self._first_attacker()
        if attacker in s.out:
            attacker = next_active(attacker, self.players, s.out)
        self._start_bout(attacker)

    # -- text picture -------------------------------------------------------------------------------
    def __str__(self) -> str:
        s = self._s
        trump = self._trump_text()
        if self.seat_trumps:  # R9.35: the defender's trump counts; each player has his own
            trump = "own trumps " + " ".join(f"{p}:{t}" for p, t in enumerate(self.seat_trumps))
        if self.trump_card is not None:
            trump += f" ({self.trump_card} " + ("under the talon)" if self.talon_size else "turned)")
        lines = [f"{self.variant} · {self.players} players · {trump} · talon {self.talon_size}"
                 f" · discard {len(s.discard)}"]
        width = max(len(self._who(p)) for p in range(self.players))
        for p in range(self.players):
            role = self.role(p)
            mark = "▶ " if p == s.to_act else "  "
            lines.append(f"{mark}{self._who(p):<{width}}  {role:<9} {self._hand_text(p) or '—'}")
        if s.table:
            lines.append("table: " + "  ".join(f"{a}/{d}" if d else f"{a}/·" for a, d in s.table))
        if self.rules.scoring != "durak":  # R9.28: the points so far
            lines.append(f"points ({self.rules.scoring}): " + ", ".join(
                f"{self._who(p)} {v}" for p, v in self.points.items()))
        if s.result is not None:
            lines.append(f"result: {s.result}")
        return "\n".join(lines)


# -- shared with the old playout kernel (rollout.py, gone) --------------------------------------------

def next_active(seat: int, n: int, out: tuple[int, ...], step: int = 1) -> int:
    """The next seat clockwise (``step=-1``: anticlockwise) still in the game (R2.10)."""
    for k in range(1, n + 1):
        p = (seat + step * k) % n
        if p not in out:
            return p
    return seat


def fool_result(game: AttackGame, durak: int | None, out: tuple[int, ...], took_last: bool,
                final_attack: Iterable[Card]) -> Result:
    """R2.11, R2.12: the result of a game with one durak (or none: a draw), with the epaulettes
    hung on a durak who took sixes in the last bout (``final_attack``: its attack cards)."""
    epaulettes = 0
    if durak is not None and took_last:
        sixes = [c for c in final_attack if c.rank == Rank.SIX]
        if sixes and (not game.rules.epaulettes_need_plain_six
                      or any(not game._trump_mask & c.mask for c in sixes)):
            epaulettes = len(sixes)
    return Result(durak, out, durak is None, epaulettes, None,
                  tuple(p for p in range(game.players) if p != durak),
                  () if durak is None else (durak,), names=game.names)


# -- attack shapes ------------------------------------------------------------------------------

def _is_pair(cs: Sequence[Card]) -> bool:
    return len(cs) == 2 and cs[0].rank == cs[1].rank


def _rank_counts(cs: Iterable[Card]) -> tuple[int, ...]:
    """How many cards of each rank, largest count first: ``(2, 2, 1)`` for two pairs and one."""
    counts: dict[int, int] = {}
    for c in cs:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))


#: R9.8 (s grupp, seed 001): groups of one rank go alone; a pair or two pairs may take one more
#: card; nothing is added to a three or a four (our decision: nor to a four)
_GROUPS = {(1,), (2,), (3,), (4,), (2, 1), (2, 2), (2, 2, 1)}


def _pairs_in(cs: Iterable[Card]) -> int:
    counts: dict[int, int] = {}
    for c in cs:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return sum(v // 2 for v in counts.values())


#: attack shape -> (does a group of cards have it?, the shape in words) (R2.2, R4)
_SHAPES: dict[str, Callable[[Sequence[Card]], tuple[bool, str]]] = {
    "rank": lambda cs: (len({c.rank for c in cs}) == 1, "one card or several of one rank"),
    "one_or_two": lambda cs: (len(cs) == 1 or _is_pair(cs), "one card or two of a rank"),
    "pair_plus_one": lambda cs: (len(cs) == 1 or _is_pair(cs) or (len(cs) == 3 and _pairs_in(cs) >= 1),
                                 "one card, a pair, or a pair plus one card"),
    "pairs": lambda cs: (len(cs) == 1 or (len(cs) == 3 and _pairs_in(cs) >= 1)
                         or (len(cs) == 5 and _pairs_in(cs) >= 2),
                         "one card, a pair plus one card, or two pairs plus one card"),
    "pair_only": lambda cs: (_is_pair(cs), "exactly one pair"),
    "groups": lambda cs: (_rank_counts(cs) in _GROUPS,
                          "one card, two to four of a rank, a pair plus one card, two pairs, or "
                          "two pairs plus one card"),
    "three": lambda cs: (len(cs) <= 3, "three cards, or all you hold if fewer"),  # R9.7
}
