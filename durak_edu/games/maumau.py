"""The shedding family: Japanese durak as mau-mau (R8), its seven seed variants and ``Match``.

Players take turns putting one card on a pile; a card must match the top card's suit or rank
(R8.1). A player with nothing to play draws (R8.2); sixes, sevens and aces hit the next player,
and the queen is wild and may call a suit (R8.3). The first player out wins; everyone else
scores penalty points for his hand (R8.4). One engine, many options (``MaumauRules``); the seed
variants of R8.5 are presets.

Hands are integer bit sets (``Card.mask``) as in the attack–defence engine, so "which of my
cards may go on 9♠" is one ``&``. The state is a small object copied before every action.

>>> from durak_edu import new_game, cards
>>> g = new_game("japanese_maumau", players=2, lead=0, deck_order=cards(
...     "9♠ 7♣ 9♦ 10♥ K♠ A♦ 10♣ 8♥ 6♥ J♣ "
...     "6♠ 7♠ 8♠ 10♠ J♠ Q♠ A♠ 6♣ 8♣ 9♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ 7♥ 9♥ Q♥ J♥ K♥ A♥"))
>>> print(g)
japanese_maumau · 2 players · talon 26 · pile 0
▶ seat 0  9♠ K♠ 10♣ 9♦ 6♥
  seat 1  7♣ J♣ A♦ 8♥ 10♥
>>> g.play("play 9♠").text
'seat 0 plays 9♠'
>>> g.legal_actions()           # R8.2: no spade, no nine, no queen: draw
[Draw()]
>>> g.play("draw").text, g.legal_actions()
('seat 1 draws a card', [Play('6♠')])
>>> g.play("play 6♠").text, g.to_act   # R8.3: seat 0 draws 2 and misses a turn
('seat 1 plays 6♠', 1)
>>> [e.text for e in g.history[-2:]]
['seat 0 draws 2 cards (R8.3: 6♠)', 'seat 0 misses a turn (R8.3: 6♠)']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any  # a Match's rule options, passed on to new_game, which checks them

from ..actions import Action, Draw, Pass, Play
from ..cards import Card, Rank, Suit, cards_by_rank, cards_of, deck as _deck, mask_of
from ..rules.maumau import MaumauRules  # re-exported: its home is durak_edu.rules.maumau
from .base import Game, PositionKey, Result, View, held
from .new import DeckOrder, new_game, split_deck

__all__ = ["MaumauRules", "MaumauGame", "Match", "lot_starter"]

RANK_MASK = {r: mask_of(Card(r, s) for s in Suit) for r in range(2, 15)}
#: suit -> its cards (``None``, a joker's suit, matches no card)
SUIT_MASK: dict[Suit | None, int] = {s: mask_of(Card(r, s) for r in range(2, 15)) for s in Suit}
SUIT_MASK[None] = 0
KING_OF_HEARTS = Card(Rank.KING, Suit.HEARTS)
#: R8.4 (our decision): a position after a turn-over that comes round this often ends the game
_ORDINAL = {2: "second", 3: "third", 4: "fourth"}
_RANK_NAMES = {6: "six", 7: "seven", 8: "eight", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _text(cs: Iterable[Card]) -> str:
    return " ".join(map(str, cs))


def _rank_name(r: int) -> str:
    return _RANK_NAMES.get(int(r), str(int(r)))


# Interned actions: legal_actions() is asked for at every step of a playout.
_PLAYS: dict[tuple[int, int], Play] = {}
_DRAW, _PASS = Draw(), Pass()


def _play(card: Card, call: Suit | None) -> Play:
    key = (card.index, -1 if call is None else int(call))
    act = _PLAYS.get(key)
    if act is None:
        act = _PLAYS[key] = Play(card, call)
    return act


def lot_starter(deck_order: Sequence[Card], players: int, size: int | None = None) -> int:
    """R8.1: the first game's starter, drawn by lot from the deck order.

    Number the cards by their place in the fresh deck (``deck(36)``: 6♠ = 0, 7♠ = 1, …,
    A♥ = 35). Look at the *bottom* card of the shuffled deck (the last card of the talon, which
    nobody sees until it is drawn): the starter is its number modulo the number of players. If
    the number is one of the last ``size % players`` numbers (which would favour the low seats),
    the next card up is used instead. So every seat is exactly equally likely, and the starter
    depends on the deck order alone (a recorded deck replays the same game).

    >>> from durak_edu import deck
    >>> lot_starter(deck(36), 3)     # bottom card A♥ = 35, and 35 mod 3 = 2
    2
    >>> lot_starter(deck(36), 5)     # 35 is skipped (36 mod 5 = 1 extra); K♥ = 34, 34 mod 5 = 4
    4
    """
    order = list(deck_order)
    size = len(order) if size is None else size
    number = {c: i for i, c in enumerate(_deck(size))}
    limit = size - size % players
    for c in reversed(order):
        k = number[c]
        if k < limit:
            return k % players
    return 0  # pragma: no cover - a full deck always has a card below the limit


# -- the state ---------------------------------------------------------------------------------

class _State:
    """Everything that changes during play. Copied whole before each action (for undo)."""

    __slots__ = ("hands", "known", "talon", "pos", "talon_public", "pile", "call", "to_act",
                 "phase", "drawn", "ace_open", "stuck", "result", "winner", "seen", "turned")

    hands: list[int]             # per seat, the mask of his cards
    known: list[int]             # per seat, the mask of his cards everybody knows (R0)
    talon: tuple[Card, ...]      # in drawing order (rebuilt from the pile, R8.2)
    pos: int                     # cards drawn from ``talon`` so far
    talon_public: bool           # the talon was rebuilt from the pile: its order is known
    pile: tuple[Card, ...]       # bottom first; the last card is the top
    call: Suit | None            # the suit a wild card called (R8.3)
    to_act: int | None
    phase: str                   # "open", "play" or "over"
    drawn: int                   # cards the player to act has drawn this turn (R8.2)
    ace_open: bool               # an English ace's right to call is open (R8.5(4))
    stuck: int                   # passes in a row with nothing to draw (R8.4)
    result: Result | None
    winner: int | None
    seen: dict[PositionKey, int]  # position key -> visits (R8.4)
    turned: int                  # times the pile was turned over (R8.4)

    def copy(self) -> "_State":
        new = _State.__new__(_State)
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.talon = self.talon            # tuples: shared, never changed in place
        new.pos = self.pos
        new.talon_public = self.talon_public
        new.pile = self.pile
        new.call = self.call
        new.to_act = self.to_act
        new.phase = self.phase
        new.drawn = self.drawn
        new.ace_open = self.ace_open
        new.stuck = self.stuck
        new.result = self.result
        new.winner = self.winner
        new.seen = self.seen              # replaced, never changed in place
        new.turned = self.turned
        return new


class MaumauGame(Game):
    """A game of the shedding family (R8). Make one with ``new_game``.

    The pile is ``table`` (bottom first; ``top`` is its last card) and ``called`` the suit a wild
    card named, if any. ``legal_actions()`` lists ``Play(card)`` for every playable card (with
    each ``call`` a wild card may make), ``Draw()`` while the player holds nothing playable, and
    ``Pass()`` when he can neither play nor draw.

    Decisions the rules leave open (*our decision*, documented here and in the tests):

    - **First starter** (R8.1): drawn by lot from the deck order, see ``lot_starter``; ``lead``
      overrides it (a ``Match`` passes the previous winner). With ``opening="dealer_turns"``
      (R8.5(3)) the starter is the dealer (``lead`` makes that seat the dealer).
    - **Drawing** (R8.2): each ``Draw()`` takes one card. When the talon is empty, the pile but its
      top card is turned over, *not shuffled*: the pile's bottom card is drawn first. Those cards
      were all seen, so the new talon's order is public and so are the cards drawn from it.
      Forced draws (6, 7, K♥) are made at once, without an action, rebuilding the talon the same
      way; if there is not enough, the player draws what there is and still misses his turn.
    - **When play cannot go on** (R8.4): a pass made with nothing to draw (talon empty, the pile
      just its top card) counts, any play or draw resets the count, and when every player has
      passed that way in a row the game ends. With a whole deck this never actually happens: the
      talon is empty and the pile one card only when every other card is in a hand, and then so
      are the other cards of the top card's (or the called) suit. What does happen is a *cycle*:
      e.g. a player whose every move is forced draws back the aces he keeps playing while his
      opponent misses every turn. So, *our decision* extending R8.4: each time the pile is
      turned over, the position after that move (hands, talon, pile, whose turn) is noted; when
      one comes round a third time (``Game.REPETITIONS``) the game ends in the same way. That
      catches true cycles only: a game can also wander without ever repeating (the positions are
      far too many: hands, talon order and pile). So, *our decision* again: the pile is turned
      over at most ``rules.turnovers`` times (5) a game; after that nobody draws (R8.2: with
      nothing to draw he passes), every play then takes a card out of the hands for good, and
      the game ends with a winner or with everyone passing. In these cases every player scores
      his hand and there is no winner.
    - **Losers** (R8.4): the seats with the most penalty points (``durak`` when there is one);
      with ``wild_holder_loses`` (R8.5(3)) the holders of a wild card instead, if any.
    - **English ace** (R8.5(4)): after an ace its player acts again: he may add one card of the
      ace's suit, with or without a call of another suit (a wild card of that suit calls any
      suit, R8.3), or ``Pass()`` to give the right up; without such a card he must first draw
      one. Once he passes, the next player who puts a card of the ace's suit on that ace may call
      a suit other than the ace's; another ace gives its player the whole right again.
    - **The lone queen** (R8.4): it is the queen, whichever rank is wild; with the jack wild
      (R8.5(3)) a lone queen still scores 20, and a lone jack 2 (its holder loses anyway).
    - **Pharaoh** (R8.5(5)): going out on a queen makes the winner's score for the game
      ``out_on_queen`` (−30), so a ``Match`` simply adds scores up.
    """

    family = "shedding"
    _over_rule = "R8.4"
    _turn_rule = "R8.1"
    _s: _State
    rules: MaumauRules

    def __init__(self, variant: str, rules: MaumauRules, players: int,
                 deck_order: Sequence[Card], names: Iterable[object] | None = None,
                 seed: int | None = None, dealer: int | None = None,
                 lead: int | None = None) -> None:
        super().__init__(variant, rules, players, names, seed, deck_order)
        r = rules
        n = players
        if r.opening == "dealer_turns" and lead is not None:
            dealer = lead  # R8.5(3): the starter deals and turns his own last card
        self.dealer = n - 1 if dealer is None else dealer
        self.lead = lead
        self.trump = None
        self.trump_card: Card | None = None
        self._wild = RANK_MASK[r.wild_rank] if r.wild_rank is not None else 0
        self._deck_mask = mask_of(self.deck_order)
        order = list(deck_order)
        h = r.hand_size
        s = _State()
        s.hands = [0] * n
        s.known = [0] * n
        # R8.1 (R0): one card at a time, clockwise, starting with the player after the dealer.
        for i in range(n * h):
            s.hands[(self.dealer + 1 + i) % n] |= order[i].mask
        s.talon = tuple(order[n * h:])  # face down, in drawing order
        s.pos = 0
        s.talon_public = False
        s.pile = ()
        s.call = None
        s.phase = "open"
        s.drawn = 0
        s.ace_open = False
        s.stuck = 0
        s.result = None
        s.winner = None
        s.seen = {}
        s.turned = 0  # R8.4: how many times the pile has been turned over
        self._s = s
        self._rebuilt = False
        self._event("deal", f"dealt {h} cards each, clockwise from {self._who((self.dealer + 1) % n)}")
        if r.opening == "dealer_turns":
            # R8.5(3): the last card dealt is the dealer's; he turns it up and it is his lead.
            turned = order[n * h - 1]
            self.trump_card = turned
            s.hands[self.dealer] &= ~turned.mask
            s.pile = (turned,)
            s.phase = "play"
            s.to_act = self.dealer
            self._event("turned", f"the dealer {self._who(self.dealer)} turns up his last card "
                        f"{turned}: it is his lead (R8.5)", self.dealer, cards=(turned,))
            self._after_play(self.dealer, turned, None)
        else:
            if lead is None:
                starter = lot_starter(self.deck_order, n, r.deck)
                why = "chosen by lot (R8.1)"
            else:
                starter = lead
                why = "the previous winner (R8.1)"
            s.to_act = starter
            self._event("lead", f"{self._who(starter)} starts: {why}", starter)

    # -- public state -------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in display order (by suit, then rank)."""
        return tuple(cards_of(m) for m in self._s.hands)

    @property
    def talon_size(self) -> int:
        return len(self._s.talon) - self._s.pos

    @property
    def table(self) -> list[Card]:
        """The pile of played cards, bottom first (its last card is ``top``)."""
        return list(self._s.pile)

    @property
    def discard(self) -> list[Card]:
        """Always empty: in mau-mau a played card stays on the pile (``table``) until the talon is
        rebuilt from it (R8.2); no card ever leaves play."""
        return []

    @property
    def top(self) -> Card | None:
        """The card on top of the pile (``None`` before the first card)."""
        return self._s.pile[-1] if self._s.pile else None

    @property
    def called(self) -> Suit | None:
        """The suit a wild card (or an English ace's extra card) has called, while it holds (R8.3)."""
        return self._s.call

    # -- how the game shows itself (see ``Game``) --------------------------------------------------
    table_shape = "stack"   # the pile grows long (R8.2): its last cards and its size
    shows_trump = False     # mau-mau has no trump (R8)
    has_discard = False     # played cards stay on the pile (R8.2)
    winner_word = "won"     # going out first wins (R8.4)
    controls = ("pass", "draw", "call")

    def next_deal(self) -> tuple[int, int | None]:
        """R8.1: the previous winner starts the next game (and, so, deals it); with no winner
        the deal passes on."""
        if self.result is None:
            raise ValueError("the game is not over yet: finish it before dealing the next one")
        winners = self.result.winners
        if not winners:
            return (self.dealer + 1) % self.players, None
        return winners[0], winners[0]

    @property
    def called_suit(self) -> Suit | None:
        """The suit called (R8.3): ``called``."""
        return self._s.call

    def move_for(self, seat: int, card: Card, target: Card | None = None) -> Action:
        """Put ``card`` on the pile (R8.1)."""
        return Play(card)

    @property
    def winner(self) -> int | None:
        """The seat that went out first (R8.4), once there is one."""
        return self._s.winner

    def playable(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the player to act) could put on the pile now."""
        s = self._s
        if s.to_act is None:
            return ()
        seat = s.to_act if seat is None else seat
        return cards_of(self._playable_mask(seat))

    def points(self, hand: Iterable[Card | str]) -> int:
        """Penalty points of some cards (R8.4; R8.5(5), R8.5(6)): ``g.points(g.hands[1])``."""
        cs = [Card.parse(c) for c in hand]
        r = self.rules
        if len(cs) == 1 and cs[0].rank == Rank.QUEEN:
            return r.lone_queen  # a hand of one single queen
        if r.points == "pentagon":
            values = {14: 11, 13: 4, 12: 20, 11: 2, 10: 10}
            return sum(values.get(int(c.rank), 0) for c in cs)
        values = {14: 11, 13: 4, 12: 3, 11: 2}
        return sum(values.get(int(c.rank), int(c.rank)) for c in cs)

    # -- seats and matching ---------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _is_wild(self, card: Card) -> bool:
        return bool(self._wild & card.mask)

    def _wild_name(self) -> str:
        return "no wild card" if self.rules.wild_rank is None else f"a {_rank_name(self.rules.wild_rank)}"

    def _playable_mask(self, seat: int) -> int:
        """R8.1, R8.3, R8.5: the cards of ``seat`` that may go on the pile now."""
        s = self._s
        hand = s.hands[seat]
        if not s.pile:
            return hand  # R8.1: the starter plays any card
        top = s.pile[-1]
        if s.phase == "ace":
            return hand & SUIT_MASK[top.suit]  # R8.5(4): one more card of the ace's suit
        if s.call is not None:
            return hand & (SUIT_MASK[s.call] | self._wild)  # R8.3: the called suit or a wild card
        m = SUIT_MASK[top.suit] | self._wild
        if self.rules.same_rank == "always" or top.rank == Rank.SIX:  # R8.5(6): rank only on a six
            m |= RANK_MASK[top.rank]
        return hand & m

    def _calls(self, card: Card) -> tuple[Suit | None, ...]:
        """The calls that may go with ``card`` (``None`` = no call)."""
        s = self._s
        if self._is_wild(card):
            return (None,) + tuple(Suit)  # R8.3: any suit, its own included
        if self.rules.ace == "english" and s.pile:
            ace = s.pile[-1]
            if s.phase == "ace" or (s.ace_open and card.suit == ace.suit):
                return (None,) + tuple(x for x in Suit if x != ace.suit)  # R8.5(4)
        return (None,)

    def _drawable(self) -> int:
        """Cards that could still be drawn: the talon, plus the pile but its top (R8.2) while it
        may still be turned over (R8.4)."""
        s = self._s
        left = len(s.talon) - s.pos
        if s.turned < self.rules.turnovers:
            left += max(0, len(s.pile) - 1)
        return left

    @property
    def turnovers_left(self) -> int:
        """How many more times the pile may be turned over as a new talon (R8.4)."""
        return self.rules.turnovers - self._s.turned

    # -- legality ---------------------------------------------------------------------------------
    def _diagnose(self, act: Action) -> tuple[str, str] | None:
        if isinstance(act, Play):
            return self._diagnose_play(act)
        if isinstance(act, Draw):
            return self._diagnose_draw()
        if isinstance(act, Pass):
            return self._diagnose_pass()
        return ("R8.1", f"'{act}' is not a move in mau-mau: play a card (play 9♠, play Q♠ call H), "
                "draw or pass")

    def _allowed_text(self) -> str:
        """What the player to act may do instead, for error messages."""
        s = self._s
        assert s.to_act is not None  # asked only while the game is on
        playable = cards_by_rank(self._playable_mask(s.to_act))
        if playable:
            return "you may play " + _text(playable)
        options = [str(a) for a in self._legal()]
        return "you may " + " or ".join(options)

    def _diagnose_play(self, act: Play) -> tuple[str, str] | None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked only while the game is on
        card = act.card
        r = self.rules
        if not s.hands[seat] & card.mask:
            return ("R8.1", f"{self._who(seat)} does not hold {card}; {self._allowed_text()}")
        if not self._playable_mask(seat) & card.mask:
            top = s.pile[-1]
            if s.phase == "ace":
                return ("R8.5", f"English ace: the extra card must be of the ace's suit "
                        f"{top.suit}, not {card}; {self._allowed_text()}")
            if s.call is not None:
                return ("R8.3", f"{s.call} was called: play a {s.call} or {self._wild_name()}, not "
                        f"{card}; {self._allowed_text()}")
            if r.same_rank == "on_six" and card.rank == top.rank:
                return ("R8.5", f"Pentagon: the same rank goes only on a six, so {card} cannot go "
                        f"on {top}; {self._allowed_text()}")
            what = "suit" if r.same_rank == "on_six" else "suit nor the rank"
            return ("R8.1", f"{card} matches neither the {what} of the top card {top}"
                    f"; {self._allowed_text()}")
        if act.call not in self._calls(card):
            if r.ace == "english" and s.pile and (s.phase == "ace" or s.ace_open) \
                    and card.suit == s.pile[-1].suit:
                return ("R8.5", f"English ace: name a suit other than the ace's {s.pile[-1].suit}")
            if self.rules.wild_rank is None:
                return ("R8.3", f"no card calls a suit in this game; play {card} without a call")
            return ("R8.3", f"only {self._wild_name()} may call a suit; play {card} without a call")
        return None

    def _diagnose_draw(self) -> tuple[str, str] | None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked only while the game is on
        playable = self._playable_mask(seat)
        if s.phase == "ace":
            suit = s.pile[-1].suit
            if playable:
                return ("R8.5", f"English ace: you hold a {suit} card to add "
                        f"({_text(cards_by_rank(playable))}): play it or pass")
            if s.drawn:
                return ("R8.5", "English ace: lacking a card of the ace's suit you draw only one "
                        "card; it cannot be played, so pass (the call goes on to the others)")
        elif playable:
            return ("R8.2", "you may draw only while you hold no playable card; you may play "
                    + _text(cards_by_rank(playable)))
        elif self.rules.draw == "one" and s.drawn:
            return ("R8.5", "this variant draws one card only; it cannot be played, so pass")
        if not self._drawable():
            if len(s.pile) > 1:
                return ("R8.4", f"nothing to draw: the talon is empty and {self._limit_text()}; "
                        "pass")
            return ("R8.2", "nothing to draw: the talon is empty and the pile holds only its top "
                    "card; pass")
        return None

    def _diagnose_pass(self) -> tuple[str, str] | None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked only while the game is on
        playable = self._playable_mask(seat)
        if s.phase == "ace":
            if not playable and not s.drawn and self._drawable():
                return ("R8.5", f"English ace: lacking a {s.pile[-1].suit} card you must draw one "
                        "card first")
            return None
        if playable:
            return ("R8.2", "you hold a playable card, so you must play: you may play "
                    + _text(cards_by_rank(playable)))
        if self._diagnose_draw() is None:
            return ("R8.2", "you may not pass while you can draw: draw until you get a playable "
                    "card")
        return None

    def _legal(self) -> list[Action]:
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked only while the game is on
        out: list[Action] = []
        for c in cards_by_rank(self._playable_mask(seat)):
            out.extend(_play(c, call) for call in self._calls(c))
        if self._diagnose_draw() is None:
            out.append(_DRAW)
        if self._diagnose_pass() is None:
            out.append(_PASS)
        return out

    # -- applying actions --------------------------------------------------------------------------
    def _apply(self, act: Action) -> None:
        self._rebuilt = False
        self._apply_action(act)
        s = self._s
        if self._rebuilt and s.to_act is not None:
            # R8.4 (our decision): a position that comes round a third time after turning the
            # pile over would come round for ever: the game ends as when everyone is stuck.
            key = (tuple(s.hands), s.talon[s.pos:], s.pile, s.call, s.to_act, s.phase, s.drawn,
                   s.ace_open, s.stuck)
            if self._repeated(key):
                self._stuck_end(repeated=True)

    def _apply_action(self, act: Action) -> None:
        s = self._s
        seat = s.to_act
        assert seat is not None  # asked only while the game is on
        who = self._who(seat)
        if isinstance(act, Play):
            card = act.card
            text = f"{who} plays {card}" + ("" if act.call is None else f" and calls {act.call}")
            self._event("action", text, seat, act, (card,))
            s.hands[seat] &= ~card.mask
            s.known[seat] &= ~card.mask
            s.pile = s.pile + (card,)
            s.drawn = 0
            s.stuck = 0
            if not s.hands[seat]:
                self._win(seat, card)  # R8.4: the game ends at once; the card does nothing
                return
            s.ace_open = False  # R8.5(4): a card is on the ace; an open right to call is used up
            self._after_play(seat, card, act.call)
        elif isinstance(act, Draw):
            self._event("action", f"{who} draws a card", seat, act)
            s.stuck = 0
            s.drawn += 1
            self._give(seat, 1, "")
        elif isinstance(act, Pass):
            if s.phase == "ace":
                self._event("action", f"{who} passes: the right to call goes to whoever puts a "
                            f"{s.pile[-1].suit} on the ace (R8.5)", seat, act)
                s.phase = "play"
                s.ace_open = True
                s.stuck = 0
            else:
                self._event("action", f"{who} passes", seat, act)
                s.stuck = s.stuck + 1 if not self._drawable() else 0
            s.drawn = 0
            s.to_act = self._next(seat)
            if s.stuck >= self.players:
                self._stuck_end()
        else:  # pragma: no cover - _diagnose refuses everything else
            raise AssertionError(act)

    def _after_play(self, seat: int, card: Card, call: Suit | None) -> None:
        """R8.3 (and R8.5): the card's effect on the next player, and whose turn it is."""
        s = self._s
        r = self.rules
        s.call = call
        if card.rank == Rank.ACE and r.ace == "english" and s.phase != "ace":
            s.phase = "ace"  # R8.5(4): he may add one more card of the ace's suit
            s.to_act = seat
            return
        s.phase = "play"
        victim = self._next(seat)
        draws, skip = 0, False
        if card.rank == r.draw_two_rank:
            draws, skip = 2, True
        elif card.rank == r.draw_one_rank:
            draws, skip = 1, True
        elif card.rank == Rank.ACE and r.ace == "skip":
            skip = True
        if card is KING_OF_HEARTS and r.king_of_hearts_draws:
            draws, skip = r.king_of_hearts_draws, True  # R8.5(7)
        if call is not None and r.call_skips and self._is_wild(card):
            skip = True  # R8.5(6)
        special = (card is KING_OF_HEARTS and r.king_of_hearts_draws) or (
            call is not None and r.call_skips and self._is_wild(card))
        clause = "R8.5" if special else "R8.3"
        if draws:
            self._give(victim, draws, f" ({clause}: {card})")
        if skip:
            self._event("skip", f"{self._who(victim)} misses a turn ({clause}: {card})", victim)
            s.to_act = self._next(victim)
        else:
            s.to_act = victim

    def _rebuild(self) -> bool:
        """R8.2: turn the pile but its top card over as the new talon (bottom card drawn first);
        R8.4: at most ``rules.turnovers`` times a game."""
        s = self._s
        if len(s.pile) <= 1 or s.turned >= self.rules.turnovers:
            return False
        s.turned += 1
        new = s.pile[:-1]
        s.pile = s.pile[-1:]
        s.talon = new
        s.pos = 0
        s.talon_public = True
        self._rebuilt = True
        self._event("rebuild", f"the talon is empty: the pile but its top card {s.pile[0]} is "
                    f"turned over as the new talon ({len(new)} card{'s' if len(new) > 1 else ''}, R8.2)"
                    + self._last_turnover_text(), cards=new)
        return True

    @staticmethod
    def _times(k: int) -> str:
        return {1: "once", 2: "twice"}.get(k, f"{k} times")

    def _limit_text(self) -> str:
        """R8.4: why the pile is not turned over again, in words."""
        k = self.rules.turnovers
        if k == 0:
            return "the pile is never turned over in this game"
        return f"the pile may be turned over only {self._times(k)} a game, and it has been"

    def _last_turnover_text(self) -> str:
        """R8.4: the warning that comes with the last turn-over the game allows."""
        if self._s.turned < self.rules.turnovers:
            return ""
        return (f"; that was its last turn-over ({self._times(self.rules.turnovers)} a game, R8.4): "
                "when this talon is used up nobody draws any more")

    def _give(self, seat: int, k: int, why: str) -> None:
        """Draw ``k`` cards from the talon into ``seat``'s hand, rebuilding it when needed (R8.2).

        Cards from the face-down talon are private; cards from a rebuilt talon are public (they
        were all seen on the pile and the order is known).
        """
        s = self._s
        got: list[Card] = []
        public = s.talon_public

        def flush() -> None:
            if got:
                m = mask_of(got)
                s.hands[seat] |= m
                if public:
                    s.known[seat] |= m
                many = f"{len(got)} cards" if len(got) > 1 else "a card"
                text = f"{self._who(seat)} draws {many}{why}"
                if public:
                    text += f": {_text(got)} from the rebuilt talon"
                self._event("draw", text, seat, cards=got, private=not public)
                got.clear()

        for _ in range(k):
            if s.pos >= len(s.talon):
                flush()
                if not self._rebuild():
                    break
                public = True
            got.append(s.talon[s.pos])
            s.pos += 1
        flush()

    # -- the end (R8.4) ----------------------------------------------------------------------------
    def _scores(self) -> dict[int, int]:
        return {p: self.points(cards_of(m)) for p, m in enumerate(self._s.hands)}

    def _losers(self, scores: dict[int, int], among: list[int]) -> tuple[int, ...]:
        s = self._s
        if self.rules.wild_holder_loses and self._wild:
            holders = tuple(p for p in among if s.hands[p] & self._wild)
            if holders:
                return holders  # R8.5(3): whatever the points
        if not among:
            return ()
        worst = max(scores[p] for p in among)
        return tuple(p for p in among if scores[p] == worst)

    def _finish(self, result: Result, text: str) -> None:
        s = self._s
        s.result = result
        s.to_act = None
        s.phase = "over"
        s.call = None
        s.ace_open = False
        self._event("game_over", text)

    def _win(self, seat: int, last: Card) -> None:
        s = self._s
        s.winner = seat
        self._event("out", f"{self._who(seat)} is out and wins (R8.4)", seat)
        scores = self._scores()
        scores[seat] = self.rules.out_on_queen if last.rank == Rank.QUEEN else 0
        others = [p for p in range(self.players) if p != seat]
        losers = self._losers(scores, others)
        result = Result(losers[0] if len(losers) == 1 else None, (seat,), False, 0, scores,
                        (seat,), losers, names=self.names)
        self._finish(result, f"game over: {self._who(seat)} wins; {self._score_text(scores)}")

    def _stuck_end(self, repeated: bool = False) -> None:
        scores = self._scores()
        losers = self._losers(scores, list(range(self.players)))
        result = Result(losers[0] if len(losers) == 1 else None, (), False, 0, scores, (), losers,
                        names=self.names)
        if repeated:
            why = (f"the same position came round a {_ORDINAL[self.REPETITIONS]} time after turning "
                   "the pile over, so play would go round in circles")
        elif len(self._s.pile) > 1:
            why = f"nobody can play, and nobody can draw: {self._limit_text()}"
        else:
            why = "nobody can play or draw"
        self._finish(result, f"game over: {why}; every hand is scored (R8.4); "
                     + self._score_text(scores))

    def _score_text(self, scores: dict[int, int]) -> str:
        return "points: " + ", ".join(f"{self._who(p)} {v}" for p, v in scores.items())

    # -- knowledge (R0) ----------------------------------------------------------------------------
    def _sealed(self, seat: int, rng: random.Random) -> tuple[MaumauGame, View]:
        """A copy in which every card ``seat`` cannot see is dealt again (``Game._sealed``): the
        other hands' unseen cards and a face-down talon (a talon turned from the pile is known,
        R8.2)."""
        v = self.view(seat)
        g = self.clone(history=False)
        s = g._s
        hidden = list(v.unknown)
        rng.shuffle(hidden)
        hidden = self._deal_hidden(g, seat, v, hidden)
        rest = s.talon[s.pos:]
        if not s.talon_public:
            if len(hidden) != len(rest):  # pragma: no cover - the view adds up
                raise AssertionError(f"seal: {len(hidden)} hidden cards for {len(rest)} places")
            rest = tuple(hidden)
        g.deck_order = self._canonical_deck()
        g.seed = None
        s.talon = g.deck_order[:s.pos] + rest  # drawn: never read
        # R8.4: positions are counted after the pile was turned into a known talon; with this
        # talon still to draw, cards only went face up to the pile since
        now, cards = s.talon[s.pos:], sum(v.hand_sizes) + len(s.pile)
        s.seen = (self._sealed_memory(g, v, lambda key: key[1] == now and held(key)
                                      + len(key[2]) == cards)  # type: ignore[arg-type]
                  if s.talon_public else {})
        return g, v

    def _view(self, seat: int) -> View:
        s = self._s
        # R8.2: a talon rebuilt from the pile was turned over unshuffled: its order is public
        talon_known = mask_of(s.talon[s.pos:]) if s.talon_public else 0
        return self._build_view(seat, mask_of(s.pile), talon_known, (), s.pile)

    # -- text picture -------------------------------------------------------------------------------
    def __str__(self) -> str:
        s = self._s
        head = [self.variant, f"{self.players} players", f"talon {self.talon_size}"
                + (" (rebuilt, face known)" if s.talon_public and self.talon_size else ""),
                f"pile {len(s.pile)}"]
        if s.pile:
            head.append(f"top {s.pile[-1]}")
        if s.call is not None:
            head.append(f"called {s.call}")
        lines = [" · ".join(head)]
        width = max(len(self._who(p)) for p in range(self.players))
        for p in range(self.players):
            mark = "▶ " if p == s.to_act else "  "
            hand = _text(cards_of(s.hands[p])) or "—"
            lines.append(f"{mark}{self._who(p):<{width}}  {hand}")
        if s.pile:
            lines.append("pile: " + _text(s.pile))
        if s.phase == "ace":
            lines.append(f"English ace: {self._who(s.to_act)} may add a {s.pile[-1].suit} card and "
                         "call a suit")
        elif s.ace_open:
            lines.append(f"the call goes to whoever puts a {s.pile[-1].suit} on the ace")
        if s.drawn and s.to_act is not None:
            lines.append(f"{self._who(s.to_act)} has drawn {s.drawn} this turn")
        if s.stuck:
            lines.append(f"{s.stuck} pass{'es' if s.stuck > 1 else ''} in a row with nothing to draw")
        if s.result is not None:
            res = s.result
            who = f"{self._who(res.winners[0])} wins" if res.winners else "no winner"
            lines.append(f"result: {who}; {self._score_text(res.scores or {})}")
        return "\n".join(lines)


# -- a match: games added up (R8.4) ---------------------------------------------------------------

def _over(game: MaumauGame) -> Result:
    """The result of a finished game of a match."""
    assert game.result is not None, "a match reads the results of finished games only"
    return game.result


class Match:
    """Several games of one shedding variant at one table, with a running score table (R8.4).

    The first game's starter is chosen by lot; each later game is started by the previous
    winner (after a game nobody won, by lot again). ``totals`` adds up every finished game's
    ``Result.scores``: penalty points, and in Pharaoh (R8.5(5)) the winner's −30 for going out on
    a queen. ``seed`` seeds the whole match; ``deck_order`` (or ``next_game(deck_order=…)``) fixes a deal.

    >>> m = Match("maumau_pharaoh", players=3, seed=5)
    >>> m.game.players, len(m.game.hands[0])
    (3, 4)
    """

    def __init__(self, variant: str = "japanese_maumau", players: int = 2, seed: int | None = None,
                 names: Sequence[str] | None = None, deck: int | DeckOrder | None = None, *,
                 deck_order: DeckOrder | None = None, **options: Any) -> None:
        self.variant = variant
        self.players = players
        self.names = names
        size, deck_order = split_deck(deck, deck_order)
        if size is not None:
            options["deck"] = size
        self.options = options
        self._rng = random.Random(seed)
        game = new_game(variant, players=players,
                        seed=None if deck_order is not None else self._seed(),
                        deck_order=deck_order, names=names, **options)
        if not isinstance(game, MaumauGame):
            raise ValueError(f"a Match adds up mau-mau games (R8); {variant!r} is of the "
                             f"{game.family} family")
        self.games: list[MaumauGame] = [game]

    def _seed(self) -> int:
        return self._rng.randrange(2**32)

    @property
    def game(self) -> MaumauGame:
        """The game being played (the last one dealt)."""
        return self.games[-1]

    def next_game(self, seed: int | None = None, deck: int | DeckOrder | None = None, *,
                  deck_order: DeckOrder | None = None) -> MaumauGame:
        """Deal the next game once the current one is over; the previous winner starts (R8.1)."""
        last = self.game
        if not last.is_over:
            raise ValueError("the game is not over yet: finish it before dealing the next one")
        size, deck_order = split_deck(deck, deck_order)
        options = dict(self.options) if size is None else dict(self.options, deck=size)
        if deck_order is None and seed is None:
            seed = self._seed()
        winners = _over(last).winners
        lead = winners[0] if winners else None
        game = new_game(self.variant, players=self.players, seed=seed, deck_order=deck_order,
                        names=last.names, lead=lead, **options)
        assert isinstance(game, MaumauGame)  # the variant is of the shedding family (checked)
        self.games.append(game)
        return game

    @property
    def scores(self) -> list[tuple[int, ...]]:
        """One row per finished game: each seat's points in it."""
        return [tuple((_over(g).scores or {})[p] for p in range(self.players))
                for g in self.games if g.is_over]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running total over the finished games (lower is better)."""
        rows = self.scores
        return tuple(sum(row[p] for row in rows) for p in range(self.players))

    @property
    def leader(self) -> tuple[int, ...]:
        """The seats with the lowest running total."""
        t = self.totals
        best = min(t)
        return tuple(p for p in range(self.players) if t[p] == best)

    def __str__(self) -> str:
        g = self.game
        names = [g._who(p) for p in range(self.players)]
        w = max(7, *(len(x) for x in names))
        lines = ["game  " + "  ".join(f"{x:>{w}}" for x in names) + "  winner"]
        for i, (game, row) in enumerate(zip([x for x in self.games if x.is_over], self.scores), 1):
            won = _over(game).winners
            winner = game._who(won[0]) if won else "—"
            lines.append(f"{i:>4}  " + "  ".join(f"{v:>{w}}" for v in row) + f"  {winner}")
        lines.append("total " + "  ".join(f"{v:>{w}}" for v in self.totals))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Match {self.variant!r}, {self.players} players, {len(self.games)} games>"
