"""``AttackGame``: the public ``Game`` API on the core (issue 25, docs/architecture.md).

``new_game`` builds every game of the attack family with it (``AttackGame.dealt``: the core's
deal, ``core.deal``) and it plays every move on the core: ``legal_actions()`` decodes the core's
moves, ``check``/``play`` refuse through ``refuse``, ``undo`` pops saved states, events are
written from what each move changed, and a history-free clone plays out with ``core.playout``.
It agreed with the old engine it replaced (then ``AttackGame`` too; deleted, issue 25) move for
move: the same lists, refusals, events, views, results and records, which the agreement fixture
(``tests/data/agreement.json``) keeps on record; ``tests/test_core_game.py`` tests it by the rules.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", seed=1)
>>> g.play(g.legal_actions()[0]).text
'seat 0 attacks with 7♦'
"""

from __future__ import annotations

import random
import typing
from collections.abc import Iterable, Sequence

from ...actions import Action, Attack, Beat, Pass, Play, Take, ThrowIn, Transfer
from ...cards import Card, Suit, cards_of as suit_major_cards, mask_of, to_suit_major
from ...errors import IllegalAction
from ...rules.attack import Rules
from ..base import Event, Game, View
from ..beating import BeatRules, masks_of
from ..verdict import trump_suits
from . import decode, teams
from .apply import REPETITION, apply
from .deal import deal, position
from .moves import PASS, SHIFT, moves
from .playout import playout
from .refuse import Context, refuse
from .seats import thrower_order
from .state import CoreState, suit_major

__all__ = ["AttackGame"]

_PASS_MOVE = PASS << SHIFT
#: the seats' names -> (move | seat << _SEAT_SHIFT -> the move's event) (``AttackGame._move_event``):
#: events are frozen, so one object serves every game with those names that plays that move
_EVENTS: dict[tuple[str, ...], dict[int, Event]] = {}
#: a move's key in ``_EVENTS`` is ``move | seat << _SEAT_SHIFT``: above any move's bits (a
#: kind is below 256; the wide copy's moves are wider than 64 bits, bits.MOVE_SHIFT)
_SEAT_SHIFT = SHIFT + 8
_NEW = object.__new__
_POS, _CARD = decode._POS, decode._CARD
#: each card's text (``str(card)``) by ``Card.index`` (any other card: ``_text`` asks ``str``)
_WORDS: dict[int, str] = {c.index: str(c) for c in _CARD}
_MOVE_OF, _LISTED, _LOOKUP = decode._MOVE_OF, decode._CACHE, decode._CACHE.__getitem__
_SET = object.__setattr__


def _new_event(kind: str, seat: int | None, action: Action | None, cards: tuple[Card, ...],
               private: bool, text: str) -> Event:
    """``Event(kind, seat, action, cards, private, text)``, equal to it field for field, made
    without the frozen dataclass's ``__init__`` (one ``object.__setattr__`` a field): its
    ``__dict__`` is set whole."""
    ev: Event = _NEW(Event)
    _SET(ev, "__dict__", {"kind": kind, "seat": seat, "action": action, "cards": cards,
                          "private": private, "text": text})
    return ev


class _Slots:
    """The facade's state: the core's, and what ``Game`` reads (``to_act``, ``result``)."""

    __slots__ = ("core", "to_act", "result")

    def __init__(self, core: CoreState, names: tuple[str, ...]) -> None:
        self.core = core
        self.to_act: int | None = None if core.to_act < 0 else core.to_act
        self.result = None if core.to_act >= 0 else decode.result(core, core.n, names)

    def copy(self) -> _Slots:
        new = _Slots.__new__(_Slots)
        new.core, new.to_act, new.result = self.core.copy(), self.to_act, self.result
        return new

    # what Game._build_view reads, in Card.mask bits
    @property
    def hands(self) -> list[int]:
        return [suit_major(m) for m in self.core.hands]

    @property
    def known(self) -> list[int]:
        return [suit_major(m) for m in self.core.known]

    @property
    def out(self) -> tuple[int, ...]:
        return self.core.out

    # what tests and tools read of ``_s``, as the old engine kept it (suit-major ``Card.mask`` bits)
    @property
    def bout(self) -> int:
        return self.core.bout

    @property
    def talon_pos(self) -> int:
        return self.core.tp

    @property
    def seen(self) -> dict[tuple[object, ...], int]:
        """R2.11's memory, its keys' hands in ``Card.mask`` bits as the reference keeps them."""
        return {_suit_key(k): v for k, v in self.core.seen.items()}


class AttackGame(Game):
    """An attack–defence game (R1–R6 and the gallery's house rules, R9) played on the core: the
    engine ``new_game`` builds for the attack family."""

    family = "attack"
    _s: _Slots  # type: ignore[assignment]
    rules: Rules

    @classmethod
    def dealt(cls, variant: str, rules: Rules, players: int, deck_order: Sequence[Card],
              names: Sequence[str] | None = None, seed: int | None = None,
              dealer: int | None = None, lead: int | None = None) -> AttackGame:
        """A new game dealt by the core (``core.deal``: R1, and the house rules' deal clauses)
        from ``deck_order``, as the reference dealt it: the same hands, trump, first bout and
        events (``new_game``'s engine signature)."""
        core, d = deal(variant, rules, players, deck_order, names, dealer, lead)
        g = cls(variant, rules, players, names, seed, deck_order)
        g.dealer, g.lead = d.dealer, lead
        g.trump, g.trump_card = d.trump, d.trump_card
        g._beaters = masks_of(BeatRules.of(rules, d.trump, d.trump_card))
        g.reshuffled = d.reshuffled
        g._talon, g._talon_of = d.talon, core.talon
        g.deal_size, g.removed = d.dealt, d.removed
        g.secret = d.set_aside[0] if d.set_aside else None  # R9.24
        g.redeals, g.dealt_order = d.redeals, tuple(d.order)  # R9.27
        g._ctx = Context(g.names, variant)
        g._s = _Slots(core, g.names)
        g._first_trump(core)
        g._start = (core.cfg, g.trump, g.trump_card, g._beaters)
        for kind, text, seat, shown in d.events:
            g._event(kind, text, seat=seat, cards=shown)
        return g

    def _first_trump(self, core: CoreState) -> None:
        """A house part set the first bout's trump other than the turned card's (R9.35: the
        first defender's own, and the others' suits beaten as trumps): the facade's trump and
        beater masks are the core's."""
        if (core.cfg.trump_suit != (-1 if self.trump is None else int(self.trump))
                or core.cfg.beat_rules.as_trump):
            self.trump = None if core.cfg.trump_suit < 0 else Suit(core.cfg.trump_suit)
            self._beaters = masks_of(core.cfg.beat_rules)

    def _set_position(self, hands: Sequence[Sequence[Card]], talon: Sequence[Card],
                      trump_card: Card | None, trump: str | None, attacker: int,
                      first_bout: bool) -> None:
        """Put the game at a position (``setup.from_position``), as the reference's ``_set_position``
        does: hands, talon, trump; the rest of the deck is the discard pile (``deal.position``)."""
        if self.secret is not None:  # R9.24: a set-up position has no card set aside
            self.removed = tuple(c for c in self.removed if c is not self.secret)
            self.secret = None
        if self.rules.talon_removed:  # R9.4: what no hand holds is the discard, seen by all (R0)
            self.removed = ()
        core, d = position(self.variant, self.rules, self.deck_order, self.names, self.dealer,
                           self.deal_size, self.removed, hands, talon, trump_card, trump,
                           attacker, first_bout)
        self.trump, self.trump_card = d.trump, d.trump_card
        self._beaters = masks_of(BeatRules.of(self.rules, d.trump, d.trump_card))
        self.reshuffled = ()
        self._talon, self._talon_of = d.talon, core.talon
        self.position_set = True
        self._s = _Slots(core, self.names)
        self._first_trump(core)
        self._start = (core.cfg, self.trump, self.trump_card, self._beaters)
        self._history.clear()
        self._stack.clear()
        self._legal_cache = None
        for kind, text, seat, shown in d.events:
            self._event(kind, text, seat=seat, cards=shown)
        self._game_over(core)

    #: the cards each seat was dealt (R1.1; R9.3: the whole deck shared out)
    deal_size: int
    #: R9.4: the cards put out of the game after the deal (R9.24's card set aside too)
    removed: tuple[Card, ...] = ()
    #: R9.24: the second trump card, set aside face down (``None``: none)
    secret: Card | None = None
    #: R9.27: the deck orders thrown in, and the one dealt
    redeals: tuple[tuple[Card, ...], ...] = ()
    dealt_order: tuple[Card, ...] = ()
    #: a game the core dealt has no set-up position (``setup.from_position``)
    position_set = False

    _start: tuple[object, Suit | None, Card | None, dict[int, int]]
    #: this game's share of ``_EVENTS`` (made at its first move)
    _move_events: dict[int, Event] | None = None

    def _follow_trump(self) -> None:
        """A house part changed the trump in play (R9.36: ``st.cfg`` swapped): the facade's
        trump, trump card and beater masks follow the core's (after a move and undo; the talon
        follows it in ``talon``)."""
        c = self._s.core
        if c.cfg is self._start[0]:
            _, self.trump, self.trump_card, self._beaters = self._start
            return
        self.trump = None if c.cfg.trump_suit < 0 else Suit(c.cfg.trump_suit)
        shown = c.extra.get("trump_card")
        if isinstance(shown, int):
            self.trump_card = decode.card(shown)
        self._beaters = masks_of(c.cfg.beat_rules)

    # -- the undo journal --------------------------------------------------------------------------
    #: The undo stack keeps the whole position before a move (``(_Slots, mark)``, as ``Game``'s)
    #: only every ``_KEEP_EVERY``-th move; between them it keeps the history mark alone (an
    #: ``int``), and ``undo`` plays the moves again from the last position kept (``_rebuilt``).
    #: A saved position is a handful of objects the cyclic garbage collector walks again and
    #: again while the game lives: kept at every move they cost more than the moves themselves.
    _KEEP_EVERY = 8
    _stack: list[tuple[_Slots, int] | int]  # type: ignore[assignment]

    def _push(self, act: Action) -> int:
        """``Game._push`` with the journal: play the legal ``act`` on a copy of the position;
        the position before it is kept on the undo stack every ``_KEEP_EVERY``-th move."""
        saved = self._s
        self._s = saved.copy()
        mark = len(self._history)
        self._legal_cache = None
        try:
            self._apply(act, saved.core)
        except BaseException:
            self._s = saved
            del self._history[mark:]
            raise
        if self._keep_history:
            stack = self._stack
            stack.append(mark if len(stack) % self._KEEP_EVERY else (saved, mark))
            self._actions.append(act)
        return mark

    def undo(self) -> Action:
        """Take the last action back and return it (``Game.undo``, on the journal)."""
        stack = self._stack
        if not stack:
            return super().undo()  # nothing to undo: its words
        top = stack[-1]
        if isinstance(top, int):  # (popped once rebuilt: a Ctrl-C there changes nothing)
            slots, mark = self._rebuilt(len(stack) - 1), top
        else:
            slots, mark = top
        stack.pop()
        self._s = slots
        del self._history[mark:]
        self._legal_cache = None
        self._follow_trump()
        return self._actions.pop()

    def _rebuilt(self, upto: int) -> _Slots:
        """The position before move ``upto``: the last kept position at or before it, with the
        moves since played again on the core (the same ``apply`` that played them: a move's
        outcome is the position's alone). The positions passed on the way are kept on the
        stack, so taking several moves back replays each move once."""
        stack = self._stack
        at = upto - 1
        while isinstance(stack[at], int):
            at -= 1
        kept = stack[at]
        assert not isinstance(kept, int)
        core = kept[0].core
        for i in range(at, upto):
            core = core.copy()
            apply(core, self._move_of(self._actions[i]))
            slots = _Slots(core, self.names)
            if i + 1 < upto:
                entry = stack[i + 1]
                assert isinstance(entry, int)
                stack[i + 1] = (slots, entry)
        return slots

    @staticmethod
    def _move_of(act: Action) -> int:
        """The core's move of a legal action (a listed one by its own cached move)."""
        move = _MOVE_OF.get(id(act))
        if move is None or _LISTED.get(move) is not act:
            move = decode.encode(act)
            if move is None:  # pragma: no cover - refuse has refused it
                raise IllegalAction("R0", f"'{act}' is no move of this game", act, None)
        return move

    reshuffled: tuple[Card, ...]
    _talon: tuple[Card, ...]
    _talon_of: list[int]  # the core's talon ``_talon`` was read from
    _trump_card: Card | None = None
    _ctx: Context

    # -- the position, as the reference shows it ------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(suit_major_cards(suit_major(m)) for m in self._s.core.hands)

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        c = self._s.core
        return [(decode.card(a), None if d < 0 else decode.card(d)) for a, d in zip(c.ta, c.td)]

    @property
    def discard(self) -> list[Card]:
        return [decode.card(p) for p in self._s.core.discard]

    @property
    def talon(self) -> tuple[Card, ...]:
        c = self._s.core
        if c.talon is not self._talon_of:  # a house part has replaced it (R9.13, R9.26, R9.36)
            self._talon = tuple(decode.card(p) for p in c.talon)
            self._talon_of = c.talon
        return self._talon

    @property
    def trump_card(self) -> Card | None:
        """The turned trump card (R1.2): the reference's, or one a house rule put there."""
        pos = self._s.core.extra.get("trump_card")  # R9.26
        return decode.card(pos) if isinstance(pos, int) else self._trump_card

    @trump_card.setter
    def trump_card(self, card: Card | None) -> None:
        self._trump_card = card

    @property
    def talon_size(self) -> int:
        c = self._s.core
        return len(c.talon) - c.tp

    @property
    def attacker(self) -> int:
        """The main attacker's seat (R2.1; in teams the seat, whoever plays it: R5)."""
        return teams.seats(self._s.core)[0]

    @property
    def defender(self) -> int:
        """The defender's seat (R2.1, R5)."""
        return teams.seats(self._s.core)[1]

    @property
    def taker(self) -> int | None:
        """The defender while he has declared take (R2.7), else ``None``."""
        return self.defender if self._s.core.taking else None

    @property
    def bout_number(self) -> int:
        return self._s.core.bout

    @property
    def taking(self) -> bool:
        return self._s.core.taking

    is_taking = taking

    def role(self, seat: int) -> str:
        """``"attacker"``, ``"defender"``, ``"thrower"``, ``"out"`` or ``""`` (R2.1)."""
        c = self._s.core
        if c.cfg.parts:  # a phase of a house rule's own (R9.38)
            for part in c.cfg.parts:
                own_role = part.role(c, seat)
                if own_role is not None:
                    return own_role
        if c.outm >> seat & 1:
            return "out"
        if c.to_act < 0:
            return ""
        if seat == c.defender:
            return "defender"
        if seat == c.attacker:
            return "attacker"
        return "thrower" if not c.opening and seat in thrower_order(c) else ""

    def redeal_hidden(self, seat: int, rng: random.Random | int | None = None) -> AttackGame:
        """A copy of this game in which every card ``seat`` cannot see is dealt again at random
        (the reference's ``redeal_hidden``: the same copy from the same view and generator)."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        return self._sealed(seat, rng)[0]

    def _sealed(self, seat: int, rng: random.Random) -> tuple[AttackGame, View]:
        from .seal import sealed
        return sealed(self, seat, rng)

    def position_key(self) -> tuple[object, ...]:
        """Everything that decides how play can go on from here (the key a search remembers
        positions by, the reference's ``position_key``): the core's state, with the repetition counts
        that can still matter (R2.11: those with the present discard pile) and the house rules'
        slots (R9)."""
        c = self._s.core
        pile = len(c.discard)
        seen = (frozenset((_suit_key(k), v) for k, v in c.seen.items() if k[3] == pile)
                if c.cfg.repetition else None)
        extra = tuple(sorted((k, v) for k, v in c.extra.items() if k != "result"))
        return (tuple(suit_major(m) for m in c.hands), tuple(c.ta), tuple(c.td), c.to_act,
                c.attacker, c.defender, c.opener, c.taking, c.run, c.n_attack, c.settled,
                c.shown, c.refused, c.opening, c.bout == 0, c.out, len(c.talon) - c.tp, extra,
                c.cfg.trump_suit, seen)  # the memory last, as the reference's

    @property
    def trump_suits(self) -> tuple[Suit, ...]:
        """Every trump suit, in suit order: ``(trump,)``, none, or both suits of the colour of a
        joker turned for trump in ``jokers="by_colour"`` (R9.33), when ``trump`` is ``None``."""
        tc = self.trump_card
        joker = tc if tc is not None and tc.is_joker else None
        return tuple(sorted(trump_suits(self.trump, self.rules.jokers, joker)))

    def __str__(self) -> str:
        """The text picture, as the reference's: the trump, talon and discard; each seat's role
        and hand (R9.37: its locked cards in brackets; R9.40: and his reserve); the table;
        R9.28's points; the result."""
        suits = self.trump_suits
        trump = ("trumps " + " ".join(map(str, suits)) if len(suits) > 1
                 else "no trump" if not suits else f"trump {suits[0]}")
        if self.trump_card is not None:
            trump += f" ({self.trump_card} " + ("under the talon)" if self.talon_size else "turned)")
        lines = [f"{self.variant} · {self.players} players · {trump} · talon {self.talon_size}"
                 f" · discard {len(self._s.core.discard)}"]
        width = max(len(self._who(p)) for p in range(self.players))
        reserves = self.reserves
        for p in range(self.players):
            mark = "▶ " if p == self.to_act else "  "
            locked = set(self.view(p).locked) if self.rules.dealt_locked else set()
            text = " ".join(f"[{c}]" if c in locked else str(c) for c in self.hands[p])  # R9.37
            if reserves[p]:  # R9.40
                text += f" (+{len(reserves[p])} face down)"
            lines.append(f"{mark}{self._who(p):<{width}}  {self.role(p):<9} {text or '—'}")
        if self._s.core.ta:
            lines.append("table: " + "  ".join(f"{a}/{d}" if d else f"{a}/·"
                                               for a, d in self.table))
        if self.rules.scoring != "durak":  # R9.28: the points so far
            lines.append(f"points ({self.rules.scoring}): " + ", ".join(
                f"{self._who(p)} {v}" for p, v in self.points.items()))
        if self.result is not None:
            lines.append(f"result: {self.result}")
        return "\n".join(lines)

    @property
    def seat_trumps(self) -> tuple[Suit, ...]:
        """R9.35: every seat's own trump suit (empty: one trump for all; house/two_trumps.py)."""
        slot = self._s.core.extra.get("r9.35")
        return typing.cast("tuple[Suit, ...]", slot[0]) if isinstance(slot, tuple) else ()

    @property
    def reserves(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's face-down reserve not yet taken up (R9.40; empty tuples elsewhere)."""
        got = self._s.core.extra.get("reserves")
        if not isinstance(got, tuple):
            return ((),) * self.players
        return tuple(suit_major_cards(suit_major(m)) for m in got)

    @property
    def points(self) -> dict[int, int]:
        """R9.28: each seat's points so far under the scoring form (all 0 in the plain game)."""
        tally = self._s.core.extra.get("tally")
        if not isinstance(tally, tuple):
            return {p: 0 for p in range(self.players)}
        return {p: len(t) for p, t in enumerate(tally)}

    def refill_to(self, seat: int) -> int:
        """How many cards ``seat`` draws up to after this bout (R2.9; R9.3, R9.5, R9.25), as the
        core's draw asks it (``apply._end_bout``)."""
        c = self._s.core
        size = c.cfg.hand_size
        for part in c.cfg.parts:
            size = part.refill(c, seat, size)
        return size

    def beats_for(self, seat: int, card: Card | str, target: Card | str) -> bool:
        """Does ``card`` beat ``target`` when ``seat`` defends? With every player his own trump
        (R9.35) his ``Config``'s masks answer; otherwise it is ``beats``."""
        slot = self._s.core.extra.get("r9.35")
        if not isinstance(slot, tuple):
            return self.beats(card, target)
        from .house.two_trumps import seat_config
        card, target = Card.parse(card), Card.parse(target)
        beat = seat_config(self._s.core, seat).beat
        return bool(beat[decode._POS[target.index]] >> decode._POS[card.index] & 1)

    @property
    def controls(self) -> tuple[str, ...]:
        """Take, Pass and several cards at once (R2.2, R2.4); Transfer where the rules allow it (R3);
        Draw for the second try (R9.17): the reference's ``controls``."""
        return (("take", "pass", "several") + (("transfer",) if self.rules.transfer else ())
                + (("draw",) if self.rules.defender_draws else ()))

    def move_for(self, seat: int, card: Card, target: Card | None = None) -> Action:
        """The defender beats (``target`` or the first unbeaten card); others attack an empty
        table or throw in (R2.2–R2.4); in krestovy's first phase a card is laid (R9.38)."""
        c = self._s.core
        if c.cfg.parts and any(p.role(c, seat) is not None for p in c.cfg.parts):
            return Play(card)
        targets = self.targets()
        if self.role(seat) == "defender" and targets:
            return Beat(target if target in targets else targets[0], card)
        if not c.ta:
            return Attack((card,))
        return ThrowIn((card,))

    def targets(self) -> list[Card]:
        c = self._s.core
        if c.cfg.parts and any(p.role(c, c.to_act) is not None for p in c.cfg.parts):
            return []  # R9.38: the pile of the first phase is nothing to beat
        return [a for a, d in self.table if d is None]

    # -- the hooks of Game ------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        listed = moves(self._s.core)
        try:
            acts = list(map(_LOOKUP, listed))  # each move's cached ``Action`` (decode.actions)
        except KeyError:
            acts = decode.actions(listed)
        self._listed = (acts, listed)
        return acts

    #: the last list ``_legal`` made (``Game``'s ``_legal_cache`` while it is that very list)
    #: and its moves
    _listed: tuple[list[Action], list[int]] | None = None

    def play(self, action: Action | str, seat: int | None = None) -> Event:
        """``Game.play``; an action listed for this move is known as such by its move (the
        cache of ``decode`` holds that very object, and the move is among this move's), not by
        scanning the list."""
        listed = self._listed
        if (seat is None and self._keep_history and listed is not None
                and listed[0] is self._legal_cache):
            move = _MOVE_OF.get(id(action))
            if move is not None and _LISTED.get(move) is action and move in listed[1]:
                return self._history[self._push(action)]
        return super().play(action, seat)

    def _diagnose(self, act: Action) -> tuple[str, str] | None:
        return refuse(self._s.core, act, self._ctx)

    def _out_of_turn(self, seat: int, act: Action) -> tuple[str, str]:
        """As the reference's ``_out_of_turn``: a throw-in by a seat that may not throw in says why."""
        c = self._s.core
        rule, message = super()._out_of_turn(seat, act)
        if not c.opening and isinstance(act, ThrowIn) and c.cfg.parts:  # R9.29: blocked
            for part in c.cfg.parts:
                why = part.out_of_turn(c, act)
                if why is not None:
                    return why[0], why[1] + message
        if c.opening or not isinstance(act, ThrowIn) or seat in thrower_order(c):
            return rule, message
        if seat == c.defender:
            return ("R2.5", f"{self._who(seat)} is the defender, who beats and does not throw "
                    "in; " + message)
        if c.outm >> seat & 1:
            return ("R2.10", f"{self._who(seat)} is out and takes no further part; " + message)
        if c.cfg.teams and seat % 2 == self.defender % 2:
            return ("R5", f"{self._who(seat)} is the defender's partner: only the defender's "
                    "opponents throw in; " + message)
        return ("R2.4", f"{self._who(seat)} may not throw in this bout "
                f"(throw_in={self.rules.throw_in!r}); " + message)

    def _apply(self, act: Action, before: CoreState | None = None) -> None:
        """Play ``act`` on ``self._s`` (a fresh copy of the position ``before``: ``_push``)
        and write its events."""
        s = self._s
        core = s.core
        move = _MOVE_OF.get(id(act))  # a listed action: its own move (``decode.encode``)
        if move is None or _LISTED.get(move) is not act:
            move = decode.encode(act)
            if move is None:  # pragma: no cover - refuse has refused it
                raise IllegalAction("R0", f"'{act}' is no move of this game", act, s.to_act)
        if before is None:  # pragma: no cover - ``_push`` names it
            raise TypeError("_apply needs the position before the move")
        cfg = core.cfg
        apply(core, move)
        if core.cfg is not cfg:  # a house part changed the trump (R9.36)
            self._follow_trump()
        if core.to_act < 0:
            s.to_act = None
            s.result = decode.result(core, self.players, self.names)
        else:
            s.to_act = core.to_act
        if not self._keep_history:
            return
        # ``before``: the position before the move, for the events (``_push`` plays on a copy,
        # so no second copy is made)
        if core.cfg.parts or before.opening and move == _PASS_MOVE:
            self._events(act, move, before, core)
            return
        # the common case, inline: no house part's words, so the move's own event (interned,
        # ``_move_event``), and the bout's end and who went out only when the move changed them
        known = self._move_events
        ev = None if known is None else known.get(move | before.to_act << _SEAT_SHIFT)
        if ev is None or ev.action is not act:
            ev = self._move_event(before.to_act, move, act)
        self._history.append(ev)
        if core.outm != before.outm or core.bout != before.bout or core.to_act < 0:
            self._bout_events(act, before.to_act, before, core, ())

    def _rollout(self, rng: random.Random) -> bool:
        """A history-free game plays out on the core's own loop (``core.playout``), on a copy of
        the position: a Ctrl-C inside the loop leaves the game as it was."""
        st = self._s.core.copy()
        playout(st, rng.getrandbits)
        self._s.core = st
        if self._s.core.cfg is not self._start[0]:  # a house part changed the trump (R9.36)
            self._follow_trump()
        self._s.to_act = None
        self._s.result = decode.result(self._s.core, self.players, self.names)
        return True

    def _view(self, seat: int) -> View:
        c = self._s.core
        table, discard = self.table, self.discard  # (each made on each read)
        public = mask_of(discard) | mask_of(x for pair in table for x in pair if x)
        talon_known = 0
        left = self.talon[c.tp:]
        if self.trump_card is not None and left:
            talon_known = self.trump_card.mask  # lies face up under the talon
        if self.reshuffled:  # R6: a turned spade put back is known to be in the talon till drawn
            talon_known |= mask_of(x for x in left if x in self.reshuffled)
        if c.cfg.parts:  # a house rule's cards he knows are there (R9.19)
            for part in c.cfg.parts:
                talon_known |= to_suit_major(part.talon_known(c, seat))
        aside = sum(part.set_aside(c) for part in c.cfg.parts)  # R9.24, R9.40
        for part in c.cfg.parts:  # face up outside talon, hands and pile (R9.24)
            public |= to_suit_major(part.face_up(c))
        view = self._build_view(seat, public, talon_known, discard, table, aside)
        if c.cfg.parts:  # what a house rule changes in it (R9.4)
            for part in c.cfg.parts:
                view = part.view(c, seat, view)
        return view

    # -- events -------------------------------------------------------------------------------------
    def _event(self, kind: str, text: str, seat: int | None = None, action: Action | None = None,
               cards: Iterable[Card] = (), private: bool = False) -> None:
        if self._keep_history:
            self._history.append(_new_event(kind, seat, action, tuple(cards), private, text))

    def _events(self, act: Action, move: int, before: CoreState, after: CoreState) -> None:
        """The reference's events for one move: the move; who went out by it (R2.10); if the
        bout ended, the pick-up or bito, the draws, who is out after them, and the game's end.
        (``_apply`` writes the common case itself: no house part's words.)"""
        seat = before.to_act
        own = None
        if after.cfg.parts:  # a house rule writes its move's own events (R9)
            for part in after.cfg.parts:
                own = own or part.events(before, after, act, self._who)
        for kind, text, at, done, shown, private in own or ():
            self._event(kind, text, at, done, shown, private)
        if own is None:
            text = _move_text(self._who(seat), act)
            if before.opening and isinstance(act, Pass):  # R4 D (attack_shape="pair_only")
                text = f"{self._who(seat)} has no pair and passes the attack on"
            self._event("action", text, seat, act, _move_cards(act))
        elif any(p.whole(before, act) for p in after.cfg.parts):
            self._game_over(after)
            return
        self._bout_events(act, seat, before, after, after.cfg.parts)

    def _move_event(self, seat: int, move: int, act: Action) -> Event:
        """The event of ``seat``'s ``move`` (``act``) with no house part's words: the same frozen
        object for the same name, seat and move (``_EVENTS``), built once."""
        known = self._move_events
        if known is None:
            if len(_EVENTS) >= 64:
                _EVENTS.clear()
            known = self._move_events = _EVENTS.setdefault(self.names, {})
        key = move | seat << _SEAT_SHIFT
        ev = known.get(key)
        if ev is None or ev.action is not act:
            who = self._who(seat)
            ev = _new_event("action", seat, act, _move_cards(act), False, _move_text(who, act))
            if len(known) >= 1 << 15:
                known.clear()
            known[key] = ev
        return ev

    def _bout_events(self, act: Action, seat: int, before: CoreState, after: CoreState,
                     parts: Sequence[object]) -> None:
        """The events after the move's own: who went out by it; if the bout ended, the pick-up
        or bito, the draws, who is out after them, and the game's end (``parts``: the active
        house parts, whose point events are asked)."""
        if parts:
            self._part_events(before, after, "move")  # R9.40
        went_out = [p for p in after.out if p not in before.out] if after.out else []
        # out by his own move: his last card left his hand with the talon already empty
        early = [p for p in went_out if p == seat and before.tp == len(before.talon)]
        for p in early:
            self._event("out", f"{self._who(p)} is out", seat=p)
        if after.bout == before.bout and after.to_act >= 0:
            return  # the bout goes on
        cards, gained = _bout_cards(act, before)
        drawn_from = before.tp
        held: Sequence[int] = after.hands  # as the draw left them (R9.12 passes them on)
        if parts:
            for part in after.cfg.parts:  # a move laid cards the action does not name (R9.18)
                laid = part.laid(before, act)
                cards += [decode.card(p) for p in laid]
                for p in laid:
                    gained |= 1 << p
                drawn_from += part.talon_used(before, act)
            for part in after.cfg.parts:
                drawn = part.drawn_hands(after)
                if drawn is not None:
                    held = drawn
        for pos in after.talon[before.tp:after.tp]:  # drawn, not taken (R9.13 shuffles them back)
            gained &= ~(1 << pos)
        if after.talon is not before.talon:  # a part put a card of the bito in the talon (R9.36)
            for pos in after.talon:
                gained &= ~(1 << pos)
        taker = -1
        if gained:
            for p in range(after.n):
                if held[p] & ~before.hands[p] & gained:
                    taker = p
                    break
        if taker >= 0:  # R2.7: taken (a house part may send some of them to the pile, R9)
            rest = [decode.card(x) for x in after.discard[len(before.discard):]]
            if rest:
                words = next((p.discard_words for p in after.cfg.parts if p.discard_words),
                             "beaten pairs discarded: {cards}")  # R4 B (partial_take)
                self._event("discard", words.format(cards=_text(rest)), cards=rest)
            got = held[taker]
            taken = tuple([x for x in cards if got >> _POS[x.index] & 1])
            self._history.append(_new_event("pickup", taker, None, taken, False,
                                            f"{self._who(taker)} picks up {_text(taken)}"))
        elif len(after.discard) == len(before.discard) and cards:  # a part took them (R9.13)
            kind, words = next(p.bito_words for p in after.cfg.parts if p.bito_words)
            self._event(kind, words.format(cards=_text(cards)), cards=cards)
        else:
            self._history.append(_new_event("bito", None, None, tuple(cards), False,
                                            f"bito: {_text(cards)} to the discard pile"))
        if parts:
            self._part_events(before, after, "table")  # R9.28
        if after.tp > drawn_from:
            self._draw_events(after.talon[drawn_from:after.tp], held)
        if parts:
            self._part_events(before, after, "draw")  # R9.23
        for p in went_out:
            if p not in early:
                self._event("out", f"{self._who(p)} is out", seat=p)
        if parts:
            self._part_events(before, after, "out")  # R9.12
        self._game_over(after)

    def _draw_events(self, drawn: list[int], held: Sequence[int]) -> None:
        """R2.9: who drew which of the talon's ``drawn`` cards, in drawing order (each seat
        draws a run in turn): one private event a seat."""
        by_seat: dict[int, list[Card]] = {}
        seats = range(len(held))
        for pos in drawn:
            bit = 1 << pos
            for q in seats:
                if held[q] & bit:
                    got = by_seat.get(q)
                    if got is None:
                        by_seat[q] = [_CARD[pos]]
                    else:
                        got.append(_CARD[pos])
                    break
        add = self._history.append
        for p, cs in by_seat.items():
            add(_new_event("draw", p, None, tuple(cs), True, f"{self._who(p)} draws {len(cs)}"))

    def _game_over(self, after: CoreState) -> None:
        """The game-over event, if the game has ended (R2.11)."""
        if after.to_act < 0 and self._s.result is not None:
            if after.end is not None and after.end[0] == REPETITION:
                self._event("game_over", "game over: the same position came up a third time, "
                            "a draw (R2.11)")
            else:
                result = self._s.result
                words = next((w for p in after.cfg.parts
                              if (w := p.over_words(after, result, self._who)) is not None),
                             f"game over: {result}")  # R9.21: a part's own words
                self._event("game_over", words)

    def _part_events(self, before: CoreState, after: CoreState, point: str) -> None:
        """The house parts' events at ``point`` of a bout's end (R9)."""
        for part in after.cfg.parts:
            for kind, words, shown, seat in part.point_events(before, after, point, self._who):
                self._event(kind, words, seat=seat, cards=shown,  # (a seat's own: R9.37)
                            private=kind in part.private_events and seat is not None)


def _suit_key(key: tuple[object, ...]) -> tuple[object, ...]:
    """A position key of R2.11 with its hands in ``Card.mask`` bits (the reference's)."""
    hands = typing.cast("tuple[int, ...]", key[0])
    return (tuple(suit_major(m) for m in hands),) + key[1:]


def _bout_cards(act: Action, before: CoreState) -> tuple[list[Card], int]:
    """The cards on the table as the bout ended, pair by pair (the table before ``act`` and
    what it laid), and their rank-major mask."""
    beaten = beater = -1
    if isinstance(act, Beat):
        beaten, beater = _POS[act.target.index], _POS[act.card.index]
    cards = []
    m = 0
    for a, d in zip(before.ta, before.td):
        cards.append(_CARD[a])
        m |= 1 << a
        if a == beaten:
            d = beater
        if d >= 0:
            cards.append(_CARD[d])
            m |= 1 << d
    if isinstance(act, (Attack, ThrowIn)) or isinstance(act, Transfer) and not act.show:
        for x in act.cards:
            a = _POS[x.index]
            cards.append(_CARD[a])
            m |= 1 << a
    return cards, m


def _text(cs: list[Card] | tuple[Card, ...]) -> str:
    return " ".join([_WORDS.get(c.index) or str(c) for c in cs])


def _move_text(who: str, act: Action) -> str:
    if isinstance(act, Attack):
        return f"{who} attacks with {_text(act.cards)}"
    if isinstance(act, Beat):
        return f"{who} beats {act.target} with {act.card}"
    if isinstance(act, Take):
        return f"{who} takes"
    if isinstance(act, ThrowIn):
        return f"{who} throws in {_text(act.cards)}"
    if isinstance(act, Transfer):
        if act.show:
            return f"{who} shows {act.cards[0]} and passes the attack on"
        return f"{who} transfers with {_text(act.cards)}"
    return f"{who} passes"


def _move_cards(act: Action) -> tuple[Card, ...]:
    if isinstance(act, Beat):
        return (act.target, act.card)
    if isinstance(act, (Attack, ThrowIn, Transfer)):
        return act.cards
    return ()
