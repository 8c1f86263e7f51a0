"""What every game object shares, whatever its rule family.

The protocol follows OpenSpiel and pokerkit: ``to_act``, ``legal_actions()``, ``check`` /
``can_play`` / ``play``, ``is_over`` / ``result``, ``clone``, ``view(seat)``, plus python-chess's
cheap ``undo`` over a stack of saved states. A family engine supplies the state and four hooks:
``_diagnose`` (why an action is illegal, or ``None``), ``_apply``, ``_legal`` and ``_view``.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..actions import ACTION_TYPES, Action, as_action
from ..cards import Card, Suit, mask_of
from ..errors import IllegalAction
from ..rules import RulesBase

if TYPE_CHECKING:
    from typing_extensions import Self

    from ..record import GameRecord

__all__ = ["Event", "Result", "View", "Game", "GameState", "PositionKey", "MaskBeats"]

#: what a position is remembered by to count repetitions (R2.11, R7.5, R8.4)
PositionKey = tuple[Hashable, ...]


@dataclass(frozen=True)
class Event:
    """One thing that happened: an action, or a phase change it caused.

    ``kind`` is one of ``deal``, ``trump``, ``action``, ``bito``, ``pickup``, ``discard``,
    ``draw``, ``out``, ``game_over`` (and family-specific kinds). ``cards`` are public unless
    ``private`` is true, in which case only ``seat`` saw them (cards drawn from the talon).
    """

    kind: str
    seat: int | None = None
    action: Action | None = None
    cards: tuple[Card, ...] = ()
    private: bool = False
    text: str = ""

    def __str__(self) -> str:
        return self.text

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # IPython shows the readable line
        p.text(self.text)


@dataclass(frozen=True)
class Result:
    """How a finished game came out.

    ``durak`` is the loser's seat (``None`` for a draw or a team game), ``out_order`` the seats
    in the order they went out, ``epaulettes`` the sixes hung on the durak (R2.12), ``scores``
    seat -> points where the game keeps them (mau-mau's penalty points, R8.4; the points of a
    scoring form, R9.28), ``winners``/``losers`` the seats on each side.

    Under a scoring form (``scoring`` names it: ``"ochkovy"``, ``"pogonny"``, ``"figurny"``)
    the points decide: the top scorers win, the rest lose, and the durak is the one player with
    the fewest points (``None`` if several share the fewest); everyone level is a draw.
    ``scored`` keeps, per seat, the rank of each thing that scored (a beaten card, an epaulette),
    highest first: pogonny breaks a tie in epaulettes by the higher ones.

    >>> r = Result(1, (0,), scores={0: 7, 1: 4}, winners=(0,), losers=(1,), scoring="ochkovy")
    >>> r.text(), r.score(1)
    ('ochkovy (cards beaten): seat 0 7, seat 1 4; seat 0 wins, seat 1 is the durak', -1)
    """

    durak: int | None
    out_order: tuple[int, ...]
    draw: bool = False
    epaulettes: int = 0
    scores: dict[int, int] | None = None
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    #: why a draw is a draw, in words (empty: nobody holds cards)
    reason: str = ""
    #: the players' names, for the text (not part of the result: results compare without them)
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: the scoring form that decided the game (R9.28), ``""`` for the plain durak game
    scoring: str = ""
    #: per seat, the ranks of what scored under that form, highest first (R9.28)
    scored: dict[int, tuple[int, ...]] | None = None

    def _name(self, seat: int, names: bool) -> str:
        name = self.names[seat] if names and seat < len(self.names) else ""
        return f" ({name})" if name and name != f"seat {seat}" else ""

    @classmethod
    def repetition(cls, out: tuple[int, ...], names: tuple[str, ...] = ()) -> "Result":
        """The draw that ends a game whose position came up a third time (R2.11, R7.5, R8.4)."""
        return cls(None, out, True, 0, None, (), (), reason="the same position came up a third time",
                   names=names)

    def score(self, seat: int) -> int:
        """``1`` if ``seat`` won, ``0`` for a draw, ``-1`` if it lost (the durak, or on the losing
        team): the value bots and searches count."""
        return 0 if self.draw else (-1 if seat in self.losers else 1)

    def __str__(self) -> str:
        return self.text()

    def text(self, names: bool = True) -> str:
        """The result in words, with the players' names (``names=False``: seat numbers only,
        the form game records store)."""
        if self.scoring:
            return self._scoring_text(names)
        if self.draw:
            return f"a draw: {self.reason or 'nobody holds cards'}"
        if self.durak is None:
            return f"seats {', '.join(f'{p}{self._name(p, names)}' for p in self.losers)} lose"
        text = f"seat {self.durak}{self._name(self.durak, names)} is the durak"
        if self.epaulettes:
            text += f", with {self.epaulettes} epaulette{'s' if self.epaulettes > 1 else ''}"
        return text

    #: what each scoring form counts, for the text (R9.28)
    _COUNTS = {"ochkovy": "cards beaten", "figurny": "figure cards beaten",
               "pogonny": "epaulettes hung"}

    def _scoring_text(self, names: bool) -> str:
        """R9.28: the points, then who won: ``ochkovy (cards beaten): seat 0 7, seat 1 4; …``."""
        from ..cards import Rank
        points = self.scores or {}
        parts = []
        for p in sorted(points):
            part = f"seat {p}{self._name(p, names)} {points[p]}"
            ranks = (self.scored or {}).get(p, ())
            if self.scoring == "pogonny" and ranks:
                part += f" ({' '.join(str(Rank(r)) for r in ranks)})"
            parts.append(part)
        head = f"{self.scoring} ({self._COUNTS.get(self.scoring, 'points')}): {', '.join(parts)}"
        if self.draw:
            return f"{head}; a draw" + (f": {self.reason}" if self.reason else "")
        won = ", ".join(f"{p}{self._name(p, names)}" for p in self.winners)
        text = f"{head}; seat{'s' if len(self.winners) > 1 else ''} {won} win"
        text += "" if len(self.winners) > 1 else "s"
        if self.durak is not None:
            text += f", seat {self.durak}{self._name(self.durak, names)} is the durak"
        return text


@dataclass(frozen=True)
class View:
    """What one seat knows (R0): its own hand and everything public, nothing else.

    ``known`` maps every other seat to the cards known to be in its hand (picked up from the
    table, the turned trump card it drew, or deduced); ``unknown`` are the cards whose place
    this seat cannot tell (other hands or the talon).
    """

    seat: int
    hand: tuple[Card, ...]
    known: dict[int, tuple[Card, ...]]
    unknown: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    talon_size: int
    discard: tuple[Card, ...]
    trump: Suit | None
    trump_card: Card | None
    table: tuple[Any, ...] = ()
    to_act: int | None = None
    #: how many of ``unknown`` are in the talon (the rest are in other hands)
    unknown_in_talon: int = 0
    #: cards known to lie in the talon (the turned trump under it, a spade put back, R6; a
    #: talon rebuilt face known from the pile, R8.2)
    in_talon: tuple[Card, ...] = ()
    #: cards lying face down outside the talon and every hand, which nobody has seen (counted in
    #: ``unknown_in_talon``): potayny's second trump card before it is turned (R9.24), the
    #: reserves of s prikupom (R9.40)
    set_aside: int = 0
    #: every seat's own trump suit where each player has one (R9.35; ``trump`` is then the
    #: defender's); empty in every other game
    seat_trumps: tuple[Suit, ...] = ()
    #: R9.37 (magadansky): this seat's own dealt cards it may not play yet (in ``hand``), and
    #: how many each seat has (which of another's cards are locked is unknown); empty elsewhere
    locked: tuple[Card, ...] = ()
    locked_sizes: tuple[int, ...] = ()
    #: R9.40 (s prikupom): how many cards each seat's face-down reserve holds (unseen by all,
    #: its owner too: they are in ``unknown`` and ``set_aside``); empty elsewhere
    reserve_sizes: tuple[int, ...] = ()
    _beats: MaskBeats | None = field(default=None, repr=False, compare=False)
    #: every trump suit: ``(trump,)``, none, or two when a turned joker made both suits of its
    #: colour trumps (R9.33); the probability helpers count trumps by it
    trump_suits: tuple[Suit, ...] = ()

    def unknown_in_hand(self, seat: int) -> int:
        """How many of ``seat``'s cards this seat cannot name."""
        return self.hand_sizes[seat] - len(self.known.get(seat, ()))

    def is_trump(self, card: Card) -> bool:
        """Is ``card`` a trump (R1.2; of either trump suit in R9.33; a joker never is)?"""
        return card.suit is not None and (card.suit in self.trump_suits if self.trump_suits
                                          else card.suit == self.trump)

    def beats(self, card: Card, target: Card) -> bool:
        """Does ``card`` beat ``target`` in this game (its trump and rules, R2.3/R6)?"""
        if self._beats is None:
            raise ValueError("this game has no beating rule")
        return self._beats(card, target)


#: a deck's cards (mask) -> the deck in card order (``Game._canonical_deck``): a few decks
_CANONICAL: dict[int, tuple[Card, ...]] = {}


def _hands(key: PositionKey) -> tuple[int, ...]:
    """The hands (masks, by seat) a repetition key begins with (R2.11, R7.5, R8.4)."""
    hands = key[0]
    assert isinstance(hands, tuple)
    return hands


def held(key: PositionKey) -> int:
    """How many cards the hands of a repetition key hold."""
    return sum(m.bit_count() for m in _hands(key))


def beats_by_masks(beaters: dict[int, int], card: Card | str, target: Card | str) -> bool:
    """Does ``card`` beat ``target``, ``beaters`` mapping each card's index to the mask of the
    cards that beat it (``Game.beats``, and a ``View``'s, which holds no game)?"""
    card, target = Card.parse(card), Card.parse(target)
    return bool(beaters.get(target.index, 0) & card.mask)


class MaskBeats:
    """``View._beats``: a game's beating rule as a copy of its masks (each card's index -> the
    mask of the cards that beat it), so a view keeps no reference to the game (R0) and can name
    every beater of a card at once (``prob.views.beaters``)."""

    __slots__ = ("masks",)

    def __init__(self, masks: dict[int, int]) -> None:
        self.masks = masks

    def __call__(self, card: Card, target: Card) -> bool:
        return beats_by_masks(self.masks, card, target)

    def beaters(self, target: Card) -> int:
        """The mask of the cards that beat ``target``."""
        return self.masks.get(target.index, 0)


class GameState(Protocol):
    """What ``Game`` itself reads and writes in an engine's state ``_s`` (each engine's state
    class has these slots and its own): copied whole before each action, for ``undo``."""

    to_act: int | None
    result: Result | None
    phase: str
    #: position key -> how often it came up (R2.11, R7.5, R8.4); replaced, never changed in place
    seen: dict[PositionKey, int]
    #: per seat, the mask of the cards in his hand / known to all to be in it (R0)
    hands: list[int]
    known: list[int]

    def copy(self) -> Self: ...


class Game:
    """Base class of the engines. Subclasses set ``_s`` (a ``GameState``) and the hooks
    ``_diagnose``, ``_apply``, ``_legal`` and ``_view``."""

    family = ""
    _s: GameState
    #: the trump suit (``None``: no trump) and the card that showed it (``None``: none shown)
    trump: Suit | None
    trump_card: Card | None

    def __init__(self, variant: str, rules: RulesBase, players: int,
                 names: Iterable[object] | None, seed: int | None,
                 deck_order: Iterable[Card]) -> None:
        self.variant = variant
        self.rules = rules
        self.players = players
        if names is None:
            names = [f"seat {i}" for i in range(players)]
        seats = [str(n) for n in names]
        if len(seats) != players:
            raise ValueError(f"names: {len(seats)} names given for {players} players")
        self.names = tuple(seats)
        self.seed = seed
        self.dealer: int = players - 1
        self.lead: int | None = None
        self.deck_order: tuple[Card, ...] = tuple(deck_order)
        self._history: list[Event] = []
        self._stack: list[tuple[GameState, int]] = []
        self._actions: list[Action] = []
        self._legal_cache: list[Action] | None = None
        self._keep_history = True

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat whose move it is, or ``None`` when the game is over."""
        return self._s.to_act

    @property
    def is_over(self) -> bool:
        return self._s.to_act is None

    @property
    def result(self) -> Result | None:
        """The ``Result`` once the game is over, else ``None``."""
        return self._s.result

    @property
    def out(self) -> tuple[int, ...]:
        """Seats that have gone out, in order (R2.10, R7.5; empty where nobody goes out)."""
        out: tuple[int, ...] = getattr(self._s, "out", ())
        return out

    @property
    def talon_size(self) -> int:
        """Cards left to draw."""
        raise NotImplementedError

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand, in display order (by suit, then rank)."""
        raise NotImplementedError

    @property
    def table(self) -> list[tuple[Card, Card | None]] | list[Card]:
        """What lies on the table, as ``table_shape`` says: ``"pairs"``, ``(attack, defence or
        None)`` pairs (attack–defence); ``"pile"`` or ``"stack"``, the cards, bottom first."""
        raise NotImplementedError

    @property
    def discard(self) -> list[Card]:
        """The discard pile, in order."""
        raise NotImplementedError

    # -- the hooks an engine supplies -------------------------------------------------------------
    def _legal(self) -> list[Action]:
        """Every legal action of the seat to act (the game is not over)."""
        raise NotImplementedError

    def _diagnose(self, act: Action) -> tuple[str, str] | None:
        """Why ``act`` is illegal now, as (rule, message), or ``None`` if it is legal."""
        raise NotImplementedError

    def _apply(self, act: Action) -> None:
        """Play the legal action ``act`` on ``self._s`` (a fresh copy), adding its events."""
        raise NotImplementedError

    def _view(self, seat: int) -> View:
        """What ``seat`` knows now (``view`` has checked the seat)."""
        raise NotImplementedError

    # -- how the game shows itself (what the drawing layer and the widgets ask) ------------------
    #: the table's layout: ``"pairs"`` (attack/defence pairs), ``"pile"`` (a short pile, every
    #: card shown, cleared away) or ``"stack"`` (a long pile: its last cards shown, its size told)
    table_shape = "pairs"
    #: whether the table shows a trump (its card under the talon, its suit or "no trump")
    shows_trump = True
    #: whether played cards leave for a discard pile (drawn beside the talon)
    has_discard = True
    #: the word for a seat that finished on the winning side: ``"out"`` (went out) or ``"won"``
    winner_word = "out"

    @property
    def controls(self) -> tuple[str, ...]:
        """The buttons a play widget offers, in order, from ``"take"``, ``"pass"``, ``"several"``
        (play several cards at once), ``"transfer"``, ``"draw"`` (also a click on the talon) and
        ``"call"`` (a suit to call); each is enabled only while ``legal_actions()`` allows it."""
        return ()

    def role(self, seat: int) -> str:
        """``seat``'s part now, as the table writes it beside the seat (``""``: none)."""
        return ""

    def targets(self) -> list[Card]:
        """The table cards a ``Beat`` may be aimed at now, in table order (none: nothing to beat)."""
        return []

    @property
    def is_taking(self) -> bool:
        """``True`` while the ``defender`` has declared take (``False`` where no one takes so)."""
        return False

    @property
    def taker(self) -> int | None:
        """The seat that has declared take (R2.7), while it holds (``None``: nobody takes so)."""
        return None

    @property
    def called_suit(self) -> Suit | None:
        """The suit a card has called, while the call holds (``None``: no call, or no calling)."""
        return None

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """Every trump suit: ``(trump,)`` or none (an engine may have two, R9.33)."""
        return () if self.trump is None else (self.trump,)

    def move_for(self, seat: int, card: Card, target: Card | None = None) -> Action:
        """The move a click on ``card`` in ``seat``'s hand most likely means (``target``: a table
        card chosen first), legal or not: what a widget explains when the click is refused."""
        from ..actions import Attack
        return Attack((card,))

    @property
    def history(self) -> list[Event]:
        """Every event so far, oldest first (a copy: changing it changes nothing)."""
        return list(self._history)

    @property
    def actions(self) -> list[Action]:
        """The actions played so far, in order (what a record stores)."""
        return list(self._actions)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now, in a fixed order."""
        if self._legal_cache is None:
            self._legal_cache = [] if self._s.to_act is None else self._legal()
        return list(self._legal_cache)

    def check(self, action: Action | str, seat: int | None = None) -> Action:
        """Raise ``IllegalAction`` (naming the rule) if ``action`` may not be played now.

        ``seat`` optionally says who is trying to act; acting out of turn is refused with whose
        turn it is. Returns the parsed action.
        """
        try:
            act = as_action(action)
        except ValueError as exc:
            raise IllegalAction("R0", str(exc), action, seat) from None
        s = self._s
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            # as strict as ``players`` (Rules.check_players): 0.0 or True is not a seat
            raise IllegalAction("R0", f"seat must be a whole number 0..{self.players - 1}, "
                                f"not {seat!r}", act, None)
        if s.to_act is None:
            raise IllegalAction(self._over_rule, "the game is over; no more moves", act, seat)
        if seat is not None and seat != s.to_act:
            if not 0 <= seat < self.players:
                raise IllegalAction("R0", f"there is no seat {seat!r} at a {self.players}-player table",
                                    act, seat)
            rule, message = self._out_of_turn(seat, act)
            raise IllegalAction(rule, message, act, seat)
        err = self._diagnose(act)
        if err is not None:
            rule, message = err
            raise IllegalAction(rule, message, act, s.to_act)
        return act

    def can_play(self, action: Action | str, seat: int | None = None) -> bool:
        """``True`` if ``check`` would accept the action."""
        try:
            self.check(action, seat)
        except IllegalAction:
            return False
        return True

    def play(self, action: Action | str, seat: int | None = None) -> Event:
        """Play an action (or its text form) for the seat to act; return its event.

        An illegal action raises ``IllegalAction`` and leaves the game exactly as it was. A
        ``clone(history=False)`` records nothing: its event names only the seat and the action
        (no text, no phase changes).
        """
        act: Action | None = None
        if seat is None and self._legal_cache is not None and type(action) in ACTION_TYPES:
            # The engine's own listed object, of an action's own class: actions cannot be
            # changed (``actions._Immutable``), so it is still the legal action it was listed as.
            for listed in self._legal_cache:
                if listed is action:
                    act = listed
                    break
        if act is None:
            act = self.check(action, seat)  # anything else is checked in full
        actor = self._s.to_act
        mark = self._push(act)
        if not self._keep_history:
            return Event("action", actor, act)
        return self._history[mark]

    def _push(self, act: Action) -> int:
        """Play the legal action ``act``; return where its events begin in ``history``."""
        # The saved state is never changed again: the action works on a fresh copy, so undo can
        # put the saved object back, and clones may share the saved states of the stack.
        saved = self._s
        self._s = saved.copy()
        mark = len(self._history)
        if self._keep_history:
            self._stack.append((saved, mark))
            self._actions.append(act)
        self._legal_cache = None
        try:
            self._apply(act)
        except BaseException:
            self._s = saved
            if self._keep_history:
                self._stack.pop()
                self._actions.pop()
            del self._history[mark:]
            raise
        return mark

    def undo(self) -> Action:
        """Take the last action back and return it."""
        if not self._stack:
            raise ValueError("nothing to undo: no action has been played"
                             + ("" if self._keep_history else " (a clone made with history=False)"))
        self._s, mark = self._stack.pop()
        del self._history[mark:]
        self._legal_cache = None
        return self._actions.pop()

    def clone(self, history: bool = True) -> Self:
        """An independent copy (with its own undo stack).

        ``history=False`` makes a light copy for bots and simulations: it keeps no events, no
        undo stack and no action list, so playing it out is faster; ``play`` returns an event
        naming only the seat and the action.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._s = self._s.copy()
        other._keep_history = history and self._keep_history
        other._history = list(self._history) if other._keep_history else []
        other._stack = list(self._stack) if other._keep_history else []
        other._actions = list(self._actions) if other._keep_history else []
        other._legal_cache = None
        return other

    def playout(self, rng: "random.Random | int | None" = None) -> Result:
        """Play on to the end, each move chosen uniformly at random among ``legal_actions()``
        (the random playout of Monte Carlo bots); return the ``Result``.

        ``rng`` is a ``random.Random`` or a seed. The game is changed in place: play out a
        ``clone()`` to keep the position. On a ``clone(history=False)`` the attack–defence family
        plays on the core's loop (``durak_edu.games.core.playout``), exactly the same moves
        many times faster.

        >>> from durak_edu import new_game
        >>> g = new_game("podkidnoy", seed=3)
        >>> fast = g.clone(history=False).playout(11)
        >>> fast == g.playout(11)   # the same game, move for move
        True
        """
        if not isinstance(rng, random.Random):
            if rng is not None and (not isinstance(rng, int) or isinstance(rng, bool)):
                raise TypeError(f"rng must be a random.Random or an int seed, not {rng!r}")
            rng = random.Random(rng)
        if not (self._s.to_act is not None and not self._keep_history and self._rollout(rng)):
            while self._s.to_act is not None:
                self._push(rng.choice(self.legal_actions()))  # listed, so legal
        assert self._s.result is not None, "a game that is over has its result"
        return self._s.result

    def _rollout(self, rng: random.Random) -> bool:
        """Play to the end by a faster route if the engine has one (``False``: it has not)."""
        return False

    _beaters: dict[int, int] | None = None  # card index -> mask of the cards that beat it

    def beats(self, card: Card | str, target: Card | str) -> bool:
        """Does ``card`` beat ``target`` under this game's trump and rules (R2.3, R6, R7.1)?"""
        if self._beaters is None:
            raise ValueError(f"cards do not beat each other in {self.variant} (R8)")
        return beats_by_masks(self._beaters, card, target)

    def _view_beats(self) -> MaskBeats | None:
        """``View._beats``: the beating rule as a plain function of a copy of the masks, so that a
        view keeps no reference to the game (R0: a bot handed a view cannot reach the game)."""
        if self._beaters is None:
            return None
        return MaskBeats(dict(self._beaters))

    def position_key(self) -> PositionKey:
        """A hashable key equal for positions that play on alike: what a search (the endgame
        solver, ``durak_edu.bots.solve``) remembers positions by. Engines that a search serves
        define it; the attack–defence engine does."""
        raise TypeError(f"position_key: {self.variant} is of the {self.family} family, which no "
                        "search serves yet (the endgame solver plays attack–defence endings)")

    def _sealed(self, seat: int, rng: random.Random) -> tuple[Game, View]:
        """The sealed world a ``SeatGame`` keeps (R0), with ``view(seat)``: a history-free copy in
        which every card ``seat`` cannot see is dealt again with ``rng``, and nothing else tells
        where the hidden cards are (deck order, seed, repetition memory), so that it depends on
        ``view(seat)`` and ``rng`` alone. Each family supplies it."""
        raise TypeError(f"{self.variant} ({self.family} family) has no sealed copies: a bot "
                        "cannot be given one of its seats")

    def _deal_hidden(self, g: Game, seat: int, v: View, hidden: list[Card]) -> list[Card]:
        """Sealing (``_sealed``): give each other seat of the copy ``g`` the cards ``v`` (``seat``'s
        view) knows he holds and as many of ``hidden`` as he holds unseen; return the rest."""
        hands = g._s.hands
        for p in range(self.players):
            if p != seat:
                known = v.known.get(p, ())
                need = v.hand_sizes[p] - len(known)
                hands[p] = mask_of(known) | mask_of(hidden[:need])
                hidden = hidden[need:]
        return hidden

    def _sealed_memory(self, g: Game, v: View,
                       keep: Callable[[PositionKey], bool]) -> dict[PositionKey, int]:
        """Sealing: the repetition memory (R2.11, R7.5, R8.4) of the copy ``g``, from what the
        seat of ``v`` saw. A position is remembered by every hand (``key[0]``), which the seat
        did not see; only those that can still come back are kept (``keep``: since then, cards
        only went face up from hand to table or pile and back), so each card the seat cannot
        see lay then where it lies now: it is put where it lies in ``g``. The rest of each hand
        is what the seat saw."""
        out: dict[PositionKey, int] = {}
        kept = [(key, count) for key, count in self._s.seen.items() if keep(key)]
        if kept:
            unknown = mask_of(v.unknown)
            seen = ~unknown
            now = [w & unknown for w in g._s.hands]
            for key, count in kept:
                ours = tuple([(m & seen) | w for m, w in zip(_hands(key), now)])
                out[(ours,) + key[1:]] = count
        return out

    def _canonical_deck(self) -> tuple[Card, ...]:
        """The deck in card order: the deck order of a sealed copy (it tells nothing)."""
        mask = mask_of(self.deck_order)
        canonical = _CANONICAL.get(mask)
        if canonical is None:
            canonical = _CANONICAL[mask] = tuple(sorted(self.deck_order, key=lambda c: c.index))
        return canonical

    def view(self, seat: int) -> View:
        """What ``seat`` knows now (R0): see ``View``."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat!r}")
        return self._view(seat)

    def next_deal(self) -> tuple[int, int | None]:
        """Who deals the next game at this table and who leads it (``None``: the first game's
        rule picks the leader), once this one is over (R1.3, R7.5; R8.1 overrides it).

        The fool deals; the player after him leads (``next_game_lead="from_fool"``) or the one
        before him, attacking him (``"to_fool"``). After a draw (or a team game) the deal passes
        to the next player.
        """
        if self.result is None:
            raise ValueError("the game is not over yet: finish it before dealing the next one")
        n, fool = self.players, self.result.durak
        if fool is None:
            return (self.dealer + 1) % n, None
        if getattr(self.rules, "first_lead", None) == "left_of_dealer":
            return fool, None
        from_fool = getattr(self.rules, "next_game_lead", "from_fool") == "from_fool"
        return fool, (fool + 1) % n if from_fool else (fool - 1) % n

    def options(self) -> dict[str, Any]:
        """The rule options that differ from the variant's preset (what ``new_game`` was given)."""
        from ..rules import VARIANTS
        preset = VARIANTS[self.variant].rules
        return {f.name: getattr(self.rules, f.name) for f in dataclasses.fields(self.rules)
                if getattr(self.rules, f.name) != getattr(preset, f.name)}

    def _build_view(self, seat: int, public: int, talon_known: int, discard: Iterable[Card],
                    table: Iterable[object], aside: int = 0) -> View:
        """The ``View`` of ``seat`` (R0), shared by the engines. ``public`` is the mask of the
        cards lying face up (table, pile, discard), ``talon_known`` of the cards known to be in
        the talon; ``self._s.known`` holds, per seat, the cards everyone knows are in his hand.
        ``aside``: how many unseen cards lie outside the talon and the hands (``View.set_aside``)."""
        from ..cards import cards_of, mask_of
        s = self._s
        hands, everyones = s.hands, s.known  # (the core game's are made on each read)
        known = {p: everyones[p] for p in range(self.players) if p != seat}
        unknown = mask_of(self.deck_order) & ~(hands[seat] | public | talon_known)
        for m in known.values():
            unknown &= ~m
        sizes = tuple(m.bit_count() for m in hands)
        unknown_in_talon = self.talon_size - talon_known.bit_count() + aside
        # Deduction: with no unknown card left in the talon every unknown card is in a hand; if
        # only one other player holds cards this seat cannot name, they are all his.
        if unknown_in_talon == 0 and unknown:
            gaps = [p for p in known if sizes[p] > known[p].bit_count()]
            if len(gaps) == 1:
                known[gaps[0]] |= unknown
                unknown = 0
        return View(seat=seat, hand=cards_of(hands[seat]),
                    known={p: cards_of(m) for p, m in known.items()},
                    unknown=cards_of(unknown), hand_sizes=sizes, talon_size=self.talon_size,
                    discard=tuple(discard), trump=self.trump, trump_card=self.trump_card,
                    table=tuple(table), to_act=s.to_act, unknown_in_talon=unknown_in_talon,
                    in_talon=cards_of(talon_known), set_aside=aside,
                    _beats=self._view_beats(),
                    trump_suits=self.trump_suits)

    def record(self) -> GameRecord:
        """This game as a ``GameRecord`` (variant, options, deck order, actions)."""
        from ..record import GameRecord
        return GameRecord.from_game(self)

    # -- helpers for subclasses -------------------------------------------------------------------
    #: a position seen this many times ends the game (R2.11, R7.5, R8.4: our decision)
    REPETITIONS = 3

    def _repeated(self, key: PositionKey) -> bool:
        """Count one more visit of the position ``key``; ``True`` on its third visit.

        Every engine calls this at the points where play can go round in a circle, so that every
        game ends. The counts live in the state (``seen``), copied on write so that the states
        saved for ``undo`` keep their own counts.
        """
        s = self._s
        count = s.seen.get(key, 0) + 1
        s.seen = {**s.seen, key: count}
        return count >= self.REPETITIONS

    def _repetition_draw(self, text: str) -> None:
        """End the game in the repetition draw (``_repeated`` said so), with the event ``text``."""
        s = self._s
        s.result = Result.repetition(self.out, self.names)
        s.to_act = None
        s.phase = "over"
        self._event("game_over", text)

    _over_rule = "R2.11"
    _turn_rule = "R2.5"

    def _out_of_turn(self, seat: int, act: Action) -> tuple[str, str]:
        """Why ``seat`` may not act now (an engine may name a more precise rule)."""
        return (self._turn_rule, f"it is {self._who(self._s.to_act)}'s turn, not {self._who(seat)}'s")

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        name = self.names[seat]
        return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"

    def _event(self, kind: str, text: str, seat: int | None = None, action: Action | None = None,
               cards: Iterable[Card] = (), private: bool = False) -> None:
        if self._keep_history:
            self._history.append(Event(kind, seat, action, tuple(cards), private, text))

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._who(self.to_act)} to act"
        return f"<{type(self).__name__} {self.variant!r}, {self.players} players, {state}>"

    def _repr_svg_(self) -> str:
        from ..draw.svg import game_svg
        return game_svg(self)
