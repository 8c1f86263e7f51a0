"""The circle family (R7): Japanese durak played round the table, and navalenny.

Two ways of play share one engine (``CircleRules.play``):

- ``"circle"`` (R7.1–R7.5, R7.8): one card per action, clockwise. The player to act beats the
  *top* card of the pile or takes its *bottom* card; the pile goes to the discard pile when it
  holds as many cards as there are players still holding cards.
- ``"navalenny"`` (R7.6–R7.7): a player beats the card led to him and, in the same turn, leads a
  card of his own to the next player (``Beat`` then ``Attack``, two actions by one seat); beaten
  cards stay in the centre until someone fails to beat and takes.

Hands are integer bit sets (``Card.mask``) as in the attack–defence engine; ``table`` is the pile
(the centre), bottom card first.

>>> from durak_edu import new_game, cards
>>> g = new_game("japanese_circle", players=4, deck_order=cards(
...     "6♠ 7♣ 8♠ 6♥ 10♣ 9♣ 7♠ 7♥ Q♣ J♣ 6♣ 8♥ A♣ K♣ 8♣ 9♥ 9♠ 6♦ 10♠ 10♥ "
...     "J♠ 7♦ Q♠ J♥ K♠ 8♦ A♠ Q♥ 9♦ 10♦ J♦ K♥ Q♦ K♦ A♦ A♥"))
>>> g.trump, g.to_act                      # R7.1 diamonds; R7.2 the lowest spade (6♠) leads
(Suit.DIAMONDS, 0)
>>> g.play("attack 10♣").text            # R7.3: now beat the top card, or take
'seat 0 leads 10♣'
>>> [str(a) for a in g.legal_actions()]  # doctest: +NORMALIZE_WHITESPACE
['beat 10♣ 6♦', 'beat 10♣ 7♦', 'beat 10♣ 8♦', 'beat 10♣ 10♦', 'beat 10♣ J♣', 'beat 10♣ K♣',
 'beat 10♣ K♦']
>>> g.play("beat 10♣ J♣").text
'seat 1 beats 10♣ with J♣'
>>> print(g)
japanese_circle · 4 players · trump ♦ · talon 0 · discard 0
  seat 0        6♠ 9♠ J♠ K♠ Q♣ A♣ 9♦ Q♦
  seat 1        7♣ 9♣ K♣ 6♦ 7♦ 8♦ 10♦ K♦
▶ seat 2  beats 7♠ 8♠ 10♠ Q♠ A♠ 6♣ 8♣ J♦ A♦
  seat 3        6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥
pile: 10♣ J♣ ← top
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..actions import Action, Attack, Beat, Take, ThrowIn, Transfer
from ..cards import Card, Suit, SPADES, cards_by_rank, cards_of, iter_mask, mask_of
from ..rules.circle import CircleRules  # re-exported: its home is durak_edu.rules.circle
from .seating import next_active
from .base import Game, PositionKey, Result, View, held
from .beating import BeatRules, beat_action, beater_masks, group_action, judge, spade_rank

__all__ = ["CircleRules", "CircleGame"]


def _text(cs: Iterable[Card]) -> str:
    return " ".join(map(str, cs))


_TAKE = Take()


class _State:
    """Everything that changes during play. Copied whole before each action (for undo)."""

    __slots__ = ("hands", "known", "talon_pos", "pile", "discard", "to_act", "phase", "out",
                 "lead_rule", "result", "seen")

    hands: list[int]             # per seat, the mask of his cards
    known: list[int]             # per seat, the mask of his cards everybody knows (R0)
    talon_pos: int               # cards drawn from the talon so far
    pile: list[Card]             # bottom card first; the last is the card to beat
    discard: list[Card]
    to_act: int | None
    phase: str                   # "lead", "beat" or "over"
    out: tuple[int, ...]         # seats out, in order (R7.5)
    lead_rule: str               # the clause that gave the lead (for the text)
    result: Result | None
    seen: dict[PositionKey, int]  # position key -> visits (R7.5)

    def copy(self) -> "_State":
        new = _State.__new__(_State)
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.talon_pos = self.talon_pos
        new.pile = self.pile[:]
        new.discard = self.discard[:]
        new.to_act = self.to_act
        new.phase = self.phase
        new.out = self.out
        new.lead_rule = self.lead_rule
        new.result = self.result
        new.seen = self.seen  # replaced, never changed in place
        return new


class CircleGame(Game):
    """A game of the circle family (R7). Make one with ``new_game``.

    ``phase`` is ``"lead"`` (the player to act plays any card: ``Attack((card,))``), ``"beat"``
    (he beats the top card: ``Beat(top, card)``, or takes: ``Take()``) or ``"over"``.

    Points RULES.md leaves open, *our decisions*:

    - R7.2: with no spade and no trump dealt, the player after the dealer leads (seat 0 in the
      first game, as R7.2 says; in a series ``lead`` decides anyway, R7.5).
    - R7.4: the pile is counted after every beat, against the players holding cards *after* that
      beat (``>=``: a beater who goes out with his last card lowers the count at once).
    - R7.5, R7.6: the game ends as soon as at most one player holds cards (or can still draw);
      nobody gets an answer to a card led with a last card. So the circle family has no draws.
    - R7.6: a player who beats with his last card while the talon lasts draws back up to 3
      *before* leading (the end-of-turn top-up brought forward), so he chooses what to lead.
      A taker's turn ends with the take; he then tops up to 3 as well (seldom needed).
      Navalenny's centre never goes to the discard pile: ``discard`` stays empty.
    - R7.6: ``Result.winners`` is the first player out, ``losers`` the last holder; in the circle
      game (R7.5, R7.8) everybody but the durak wins.
    - R7.6: without any trump in the hands, the player after the dealer leads.
    - R7.8: the last card of the deck is shown and given to the dealer; the rest is dealt one at
      a time from the player after the dealer (so with five players the dealer holds 8).
    - ``may_take_when_able`` (R7.3) applies to navalenny as well.
    - R7.3 "even a card he put there himself" needs no special case: the engine never asks who
      played the top card. (With the pile counted as R7.4 says, it cannot happen anyway: a card
      survives at most ``holders - 2`` takes before the pile empties.)
    - R7.5: in a series (``next_game``) navalenny is led the same way, from the durak's left.
    """

    family = "circle"
    _over_rule = "R7.5"
    _turn_rule = "R7.3"
    _s: _State
    rules: CircleRules
    _beaters: dict[int, int]

    def __init__(self, variant: str, rules: CircleRules, players: int,
                 deck_order: Sequence[Card], names: Iterable[object] | None = None,
                 seed: int | None = None, dealer: int | None = None,
                 lead: int | None = None) -> None:
        super().__init__(variant, rules, players, names, seed, deck_order)
        r = rules
        n = players
        self.dealer = n - 1 if dealer is None else dealer
        self.lead = lead
        self._navalenny = r.play == "navalenny"
        self._rule = "R7.6" if self._navalenny else "R7.3"
        self._turn_rule = self._rule
        order = list(deck_order)
        first = (self.dealer + 1) % n
        s = _State()
        s.hands = [0] * n
        s.known = [0] * n
        self.trump_card: Card | None = None
        self.trump: Suit | None = None
        turned = None
        if r.hand_size:
            # R7.6: 3 cards each, one at a time, from the player after the dealer.
            dealt = n * r.hand_size
            for i in range(dealt):
                s.hands[(first + i) % n] |= order[i].mask
            rest = order[dealt:]
            if r.trump == "turned":
                if rest:
                    turned = rest.pop(0)
                    rest.append(turned)  # R7.6: under the talon, face up, drawn last
                else:  # as R1.2: the whole deck was dealt; the dealer's last card is shown
                    turned = order[dealt - 1]
                    s.known[self.dealer] |= turned.mask
            deal_text = f"dealt {r.hand_size} cards each, clockwise from {self._who(first)}"
        else:
            rest = []
            body = order
            if r.trump == "turned":
                # R7.8: the last card is turned for trump and kept by the dealer (our decision:
                # the rest is dealt round first, so with 5 players the dealer holds one more).
                body, turned = order[:-1], order[-1]
                s.hands[self.dealer] |= turned.mask
                s.known[self.dealer] |= turned.mask
            for i, c in enumerate(body):  # R7.1: the whole deck, clockwise
                s.hands[(first + i) % n] |= c.mask
            sizes = sorted({m.bit_count() for m in s.hands}, reverse=True)
            each = " or ".join(map(str, sizes))
            deal_text = f"dealt the whole deck clockwise from {self._who(first)}: {each} cards each"
        fixed = r.fixed_trump
        if turned is not None:
            self.trump_card = turned
            self.trump = None if (r.spades_apart and turned.suit == SPADES) else turned.suit
        elif fixed is not None:
            self.trump = None if (r.spades_apart and fixed == SPADES) else fixed  # R7.1
        self.talon: tuple[Card, ...] = tuple(rest)  # in drawing order; the trump card last
        self._beaters = beater_masks(r.deck, self.trump, r.spades_apart, r.queen_of_spades_high)
        s.talon_pos = 0
        s.pile = []
        s.discard = []
        s.out = ()
        s.result = None
        s.seen = {}
        self._s = s
        self._event("deal", deal_text)
        if turned is not None:
            note = "" if self.trump is not None else " (a spade: no trump, R6)"
            where = (", under the talon" if self.talon
                     else f", kept by the dealer {self._who(self.dealer)}")
            self._event("trump", f"trump card {turned}{where}{note}", cards=(turned,))
        elif self.trump is not None:
            self._event("trump", f"trump suit {self.trump} (announced before the deal, "
                                 "no card turned)")
        elif fixed is not None:
            self._event("trump", "no trump: spades are never trumps (R7.1)")
        if lead is None:
            leader, s.lead_rule = self._first_leader()
        else:
            leader, s.lead_rule = lead, "R7.5"
        s.phase = "lead"
        s.to_act = leader

    # -- public state ------------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in display order (by suit, then rank)."""
        return tuple(cards_of(m) for m in self._s.hands)

    @property
    def talon_size(self) -> int:
        return len(self.talon) - self._s.talon_pos

    @property
    def table(self) -> list[Card]:
        """The pile (navalenny: the centre), bottom card first; the last card is the top."""
        return list(self._s.pile)

    pile = table

    @property
    def top(self) -> Card | None:
        """The top card of the pile: the card to beat (``None`` when the pile is empty)."""
        return self._s.pile[-1] if self._s.pile else None

    @property
    def discard(self) -> list[Card]:
        return list(self._s.discard)

    @property
    def phase(self) -> str:
        """``"lead"``, ``"beat"`` or ``"over"``."""
        return self._s.phase

    def role(self, seat: int) -> str:
        """``"leads"`` or ``"beats"`` for the seat to act, ``"out"``, else ``""``."""
        s = self._s
        if seat in s.out:
            return "out"
        if seat == s.to_act:
            return "leads" if s.phase == "lead" else "beats"
        return ""

    # -- how the game shows itself (see ``Game``) --------------------------------------------------
    table_shape = "pile"
    controls = ("take",)  # R7.3: beat the top card or take

    def targets(self) -> list[Card]:
        """The top card while it waits to be beaten (R7.3); none while a card is led."""
        s = self._s
        return [s.pile[-1]] if s.phase == "beat" and s.pile else []

    def move_for(self, seat: int, card: Card, target: Card | None = None) -> Action:
        """Beat the top card with ``card`` while it waits (R7.3), else lead ``card``."""
        targets = self.targets()
        return Beat(targets[0], card) if targets else Attack((card,))

    # -- setup helpers -----------------------------------------------------------------------------
    def _lowest_holder(self, suit: Suit | None, spade_order: bool) -> int | None:
        if suit is None:
            return None
        q = self.rules.queen_of_spades_high and spade_order
        best = None
        for seat, m in enumerate(self._s.hands):
            for c in iter_mask(m):
                if c.suit == suit:
                    key = spade_rank(c, q)
                    if best is None or key < best[0]:
                        best = (key, seat)
        return None if best is None else best[1]

    def _first_leader(self) -> tuple[int, str]:
        """R7.2 / R7.6 / R7.8: who leads the first card, and the clause that says so."""
        r = self.rules
        after_dealer = (self.dealer + 1) % self.players
        if r.first_lead == "left_of_dealer":
            return after_dealer, "R7.8"
        if r.first_lead == "lowest_spade":
            seat = self._lowest_holder(SPADES, True)  # R7.2: the lowest spade leads
            if seat is None:
                seat = self._lowest_holder(self.trump, False)  # then the lowest trump
            return (after_dealer if seat is None else seat), "R7.2"
        seat = self._lowest_holder(self.trump, self.trump == SPADES)  # R7.6: the lowest trump
        return (after_dealer if seat is None else seat), "R7.6"

    # -- seats -------------------------------------------------------------------------------------
    def _next_active(self, seat: int) -> int:
        return next_active(seat, self.players, self._s.out)

    def _active_count(self) -> int:
        return self.players - len(self._s.out)

    # -- legality ----------------------------------------------------------------------------------
    def _diagnose(self, act: Action) -> tuple[str, str] | None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # Game checks actions only while the game is on
        who = self._who(seat)
        hand = s.hands[seat]
        if s.phase == "lead":
            rule = s.lead_rule
            if isinstance(act, Attack):
                if len(act.cards) != 1:
                    return (self._rule, f"one card at a time: {who} leads a single card, not "
                            f"{len(act.cards)} ('attack {act.cards[0]}')")
                c = act.cards[0]
                if not hand & c.mask:
                    return (rule, f"{c} is not in {who}'s hand")
                return None
            if isinstance(act, (ThrowIn, Transfer)) and not self._navalenny:
                return ("R7.1", f"the circle game has no throw-ins and no transfers; {who} leads "
                        "any one card ('attack <card>')")
            return (rule, f"{who} leads: play any one card ('attack <card>'), not '{act}'"
                    + (" — the pile is empty" if not s.pile and not self._navalenny else ""))
        top = s.pile[-1]
        rule = self._rule
        able = hand & self._beaters[top.index]

        def must() -> str:
            text = f"{who} must beat {top} ('beat {top} <card>')"
            if not able or self.rules.may_take_when_able:
                text += f" or take ({self._take_words()})"
            return text

        if isinstance(act, Beat):
            if act.target is not top:
                what = "the card led to him" if self._navalenny else "the top card of the pile"
                return (rule, f"{who} beats {what}, {top}; {act.target} is not it")
            if not hand & act.card.mask:
                return (rule, f"{act.card} is not in {who}'s hand")
            if not able & act.card.mask:
                return (rule, f"{act.card} does not beat {top}: {self._beat_reason(top, act.card)}")
            return None
        if isinstance(act, Take):
            if able and not self.rules.may_take_when_able:
                with_ = _text(cards_by_rank(able))
                return (rule, f"{who} can beat {top} (with {with_}) and so must: take only when "
                        "you cannot beat (may_take_when_able=False)")
            return None
        if isinstance(act, (ThrowIn, Transfer)) and not self._navalenny:
            return ("R7.1", f"the circle game has no throw-ins and no transfers; {must()}")
        if isinstance(act, Attack):
            return (rule, f"{top} is still to be beaten: {must()}")
        return (rule, f"{must()}; '{act}' is not a move here")

    def _take_words(self) -> str:
        r = self.rules
        s = self._s
        if r.take == "bottom":
            return f"the bottom card, {s.pile[0]}"
        taken = self._taken()
        if r.take == "all" or len(taken) == len(s.pile):
            return "the whole centre"
        return f"the top {len(taken)}"

    def _beat_reason(self, target: Card, card: Card) -> str:
        """Why ``card`` does not beat ``target``: the one verdict's words (verdict.py)."""
        return judge(card, target, BeatRules.of(self.rules, self.trump)).why

    # -- legal actions -----------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        s = self._s
        assert s.to_act is not None  # Game asks only while the game is on
        hand = s.hands[s.to_act]
        if s.phase == "lead":
            return [group_action(Attack, (c,)) for c in cards_by_rank(hand)]
        top = s.pile[-1]
        able = hand & self._beaters[top.index]
        out: list[Action] = [beat_action(top, c) for c in cards_by_rank(able)]
        if not able or self.rules.may_take_when_able:
            out.append(_TAKE)
        return out

    def _taken(self) -> list[Card]:
        """The cards a Take picks up now: the bottom card (R7.3), all (R7.6), 3 or 5 (R7.7)."""
        s = self._s
        r = self.rules
        if r.take == "bottom":
            return s.pile[:1]
        if r.take == "all":
            return s.pile[:]
        k = 5 if (self.trump is not None and s.pile[-1].suit == self.trump) else 3
        return s.pile[-k:]

    # -- applying actions --------------------------------------------------------------------------
    def _apply(self, act: Action) -> None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # Game plays only checked actions, while the game is on
        who = self._who(seat)
        if isinstance(act, Attack):
            c = act.cards[0]
            to = f" to {self._who(self._next_active(seat))}" if self._navalenny else ""
            self._event("action", f"{who} leads {c}{to}", seat, act, (c,))
            s.pile.append(c)
            self._remove(seat, c)
            if self._navalenny:
                self._top_up(seat)  # R7.6: the end of his turn
            self._mark_out(seat)
            if self._check_end():
                return
            s.phase = "beat"
            s.to_act = self._next_active(seat)
        elif isinstance(act, Beat):
            self._event("action", f"{who} beats {act.target} with {act.card}", seat, act,
                        (act.target, act.card))
            s.pile.append(act.card)
            self._remove(seat, act.card)
            if self._navalenny:
                if not s.hands[seat]:
                    self._top_up(seat, " before leading")  # R7.6: nothing to lead: draw first
                self._mark_out(seat)
                if self._check_end():
                    return
                s.phase = "lead"
                s.lead_rule = "R7.6"
                # R7.6: he leads on in the same turn; if he is out, the next player leads.
                s.to_act = self._next_active(seat) if seat in s.out else seat
                return
            self._mark_out(seat)  # R7.4: out at once, which lowers the count for the pile
            if self._check_end():
                return
            if len(s.pile) >= self._active_count():  # R7.4: the pile goes to the discard pile
                gone = s.pile
                s.discard.extend(gone)
                s.pile = []
                self._event("bito", f"bito: {_text(gone)} to the discard pile", cards=gone)
                s.phase = "lead"
                s.lead_rule = "R7.4"
            s.to_act = self._next_active(seat)
        elif isinstance(act, Take):
            taken = self._taken()
            self._event("action", f"{who} takes {self._take_text(taken)}", seat, act)
            s.pile = s.pile[1:] if self.rules.take == "bottom" else s.pile[:-len(taken)]
            m = mask_of(taken)
            s.hands[seat] |= m
            s.known[seat] |= m  # R0: the pile is face up, so the taken cards are public
            self._event("pickup", f"{self._who(seat)} picks up {_text(taken)}", seat=seat,
                        cards=taken)
            if self._navalenny:
                self._top_up(seat)
                s.phase = "lead"  # R7.6: the player after him leads
                s.lead_rule = "R7.6"
            elif not s.pile:
                s.phase = "lead"  # R7.4: the player after the one who took the last card leads
                s.lead_rule = "R7.4"
            s.to_act = self._next_active(seat)
            key = (tuple(s.hands), tuple(s.pile), s.talon_pos, len(s.discard), s.to_act, s.phase)
            if self._repeated(key):
                # R7.5 (our decision): after a take, a position seen for the third time would
                # come round for ever (navalenny B can pass the same cards back and forth)
                self._repetition_draw("game over: the same position came up a third time after "
                                      "a take, a draw (R7.5)")
        else:  # pragma: no cover - _diagnose refuses everything else
            raise AssertionError(act)

    def _take_text(self, taken: list[Card]) -> str:
        r = self.rules
        if r.take == "bottom":
            return f"the bottom card, {taken[0]}"
        if len(taken) == len(self._s.pile):
            return f"the whole centre ({len(taken)} card{'s' if len(taken) != 1 else ''})"
        return f"the top {len(taken)} cards of the centre"

    def _remove(self, seat: int, c: Card) -> None:
        s = self._s
        s.hands[seat] &= ~c.mask
        s.known[seat] &= ~c.mask

    def _mark_out(self, seat: int) -> None:
        s = self._s
        if not s.hands[seat] and self.talon_size == 0 and seat not in s.out:
            s.out = s.out + (seat,)
            self._event("out", f"{self._who(seat)} is out", seat=seat)

    def _top_up(self, seat: int, why: str = "") -> None:
        """R7.6: draw back up to ``hand_size`` while the talon lasts, the trump card last."""
        s = self._s
        k = min(self.rules.hand_size - s.hands[seat].bit_count(), self.talon_size)
        if k <= 0:
            return
        drawn = self.talon[s.talon_pos:s.talon_pos + k]
        s.talon_pos += k
        s.hands[seat] |= mask_of(drawn)
        if self.trump_card is not None and self.trump_card in drawn:
            s.known[seat] |= self.trump_card.mask  # R0: everyone saw the turned trump
        self._event("draw", f"{self._who(seat)} draws {k}{why}", seat=seat, cards=drawn,
                    private=True)

    def _check_end(self) -> bool:
        """R7.5, R7.6: over once at most one player holds cards (or may still draw)."""
        s = self._s
        if self._active_count() > 1:
            return False
        left = [p for p in range(self.players) if p not in s.out]
        durak = left[0] if left else None
        if self._navalenny:
            winners = s.out[:1]  # R7.6: the first player out wins
        else:
            winners = tuple(p for p in range(self.players) if p != durak)
        result = Result(durak, s.out, durak is None, 0, None, winners,
                        () if durak is None else (durak,), names=self.names)
        s.result = result
        s.to_act = None
        s.phase = "over"
        self._event("game_over", f"game over: {result}")
        return True

    # -- knowledge (R0) ----------------------------------------------------------------------------
    def _sealed(self, seat: int, rng: random.Random) -> tuple[CircleGame, View]:
        """A copy in which every card ``seat`` cannot see is dealt again (``Game._sealed``): the
        other hands' unseen cards and the talon but its face-up trump card (R7.1)."""
        v = self.view(seat)
        g = self.clone(history=False)
        s = g._s
        hidden = list(v.unknown)
        rng.shuffle(hidden)
        hidden = self._deal_hidden(g, seat, v, hidden)
        rest = self.talon[s.talon_pos:]
        bottom = rest[-1:] if rest and rest[-1] is self.trump_card else ()
        if len(hidden) + len(bottom) != len(rest):  # pragma: no cover - the view adds up
            raise AssertionError(f"seal: {len(hidden)} hidden cards for {len(rest)} talon places")
        g.deck_order = self._canonical_deck()
        g.seed = None
        g.talon = g.deck_order[:s.talon_pos] + tuple(hidden) + bottom  # drawn: never read
        gone, drawn, cards = len(s.discard), s.talon_pos, sum(v.hand_sizes) + len(s.pile)
        # R7.5: the same discard pile and talon, and as many cards in hand and on the pile: since
        # then cards only went face up from hand to pile and back
        s.seen = self._sealed_memory(g, v, lambda key: key[3] == gone and key[2] == drawn
                                     and held(key) + len(key[1]) == cards)  # type: ignore[arg-type]
        return g, v

    def _view(self, seat: int) -> View:
        s = self._s
        talon_known = 0
        if self.trump_card is not None and self.talon_size:
            talon_known = self.trump_card.mask  # lies face up under the talon
        return self._build_view(seat, mask_of(s.discard) | mask_of(s.pile), talon_known,
                                s.discard, s.pile)

    # -- text picture ------------------------------------------------------------------------------
    def __str__(self) -> str:
        s = self._s
        trump = "no trump" if self.trump is None else f"trump {self.trump}"
        if self.trump_card is not None:
            trump += f" ({self.trump_card} " + (
                "under the talon)" if self.talon_size else "turned)")
        lines = [f"{self.variant} · {self.players} players · {trump} · talon {self.talon_size}"
                 f" · discard {len(s.discard)}"]
        width = max(len(self._who(p)) for p in range(self.players))
        for p in range(self.players):
            mark = "▶ " if p == s.to_act else "  "
            lines.append(f"{mark}{self._who(p):<{width}}  {self.role(p):<5} "
                         f"{_text(cards_of(s.hands[p])) or '—'}")
        if s.pile:
            where = "centre" if self._navalenny else "pile"
            lines.append(f"{where}: {_text(s.pile)} ← top")
        if s.result is not None:
            lines.append(f"result: {s.result}")
        return "\n".join(lines)
