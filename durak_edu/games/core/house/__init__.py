"""House rules (R9) as parts of the core (issue 25; docs/architecture.md, "House rules as parts").

A part is one module here with one ``HousePart`` subclass: the ``Rules`` options it reads and
the values it adds to what the core covers (``values``), and the hooks it implements. The core
calls the active parts (``Config.parts``, in ``PARTS`` order) at fixed points only; a part
leaves every other hook as the base class has it (doing nothing).

Hook points, by where the core calls them:

* rule set (once): ``covers(rules) -> bool`` (``state.supports``: a combination the part does
  not play is refused by ``new_game``, with the reason its docstring gives,
  ``core/unplayed.py``); ``beats(rules) -> rules`` (``state.config_of``: the beating rules,
  ``verdict.BeatRules``, as the part changes them — the beater masks and the words of a refused
  beat both come from ``verdict.judge`` under them);
* the deal (``core.deal.deal``, the parts whose rule is on: ``active`` or ``in_deal``):
  ``deal(d)`` (before any card is dealt: what the clause changes in the deal, as fields of the
  ``deal.Deal`` — the dealt size R9.3, nothing dealt R9.38, a redeal R9.27, a reserve R9.40, a
  turned card put back R9.31, the rest removed R9.4, the trump face down R9.23 — and the events
  it writes before the deal's own); ``dealt(st, d)`` (the deal stands, the state built, before
  the first bout starts: the part's slots in ``st.extra`` and its events of the deal in
  ``d.events``; a part may set ``d.start`` there or in ``deal`` to start the game its way,
  R9.38's first round);
* the menu: ``opening(st, hand) -> hand`` (``moves.menu`` of an opening, R2.2: the cards that may
  open); ``moves(st, menu) -> menu`` (the menu extended with the part's own moves,
  ``moves.extended``, listed after the core's in ``legal_actions()`` order, or replaced);
  ``defence(st, menu) -> menu`` (the defender's core menu narrowed; no part needs it now:
  R9.22's "no transfer of a rankless card" is ``checks.transfer_blocked``'s);
  ``throw_block(st) -> (clause, words) | None`` (``checks.room`` is 0: nobody may throw in);
  ``out_of_turn(st, act) -> (clause, words) | None`` (``AttackGame._out_of_turn``: a throw-in out
  of turn while the part blocks every throw-in, its words before the usual ones, R9.29);
* refusals: ``refuse(st, act, ctx)`` (``refuse.refuse``, asked before the core's checks:
  ``None`` — not the part's question, ``ACCEPT`` — legal, or ``(clause, words)``);
  ``refuse_held(st, act, ctx)`` (asked right after "not held" for an attack, a throw-in and a
  transfer: a clause of its own, or ``None``; R9.22's jokers); ``trump_reason(st, card,
  target, ctx)`` (``refuse._beat``, handed to ``verdict.judge`` as its ``trump_reason``: the
  words of a beat refused because a house rule changed whose trump counts, R9.24, R9.35);
* moves: ``apply(st, move) -> bool`` (``apply.apply``, asked first: ``True`` if it played the
  move); ``action(move)`` / ``encode(act)`` (``decode``: the part's own move ``kinds``, >= 8);
* the bout's start and its defender: ``bout_start(st)`` (``apply.start_bout``, the new bout's
  roles set: R9.35's defender's trump, R9.37's opener who holds only locked cards);
  ``transferred(st)`` (``apply._transfer``, the attack passed on to the next defender, before
  R3.4's refusal sends it back: R9.35);
* the bout's end: ``hold_bout(st) -> bool`` (``apply._give_priority``: someone gets a turn first,
  R9.10); ``pickup(st, taken) -> taken`` (R2.7: the cards the taker picks up); ``bito(st) ->
  bool`` (R2.8: ``True`` if the part took the table's cards, R9.13); ``refill(st, seat, size) ->
  size`` (R2.9: the hand size a seat draws up to); ``draw(st)`` (after the draw and R2.10, before
  R2.11); ``emptied(st, seat)`` (R2.10: a hand is empty with the talon empty, R9.40's reserve);
  ``played(st, move)`` (``apply``, before a move: R9.28's who laid attack cards);
  ``bout_end(st, took, taken)`` (after the pick-up or bito, the table still laid: R9.28's score,
  R9.36's trump swap);
  ``score(st, result) -> result`` (``decode.result``: the finished game's ``Result``, R9.28);
  a part that ends the game itself sets ``st.to_act = -1`` and ``st.end`` in ``bout_end``
  (``apply._end_bout`` then stops: nobody draws, R9.21);
* the facade: ``events(before, after, act, who)``, ``laid``, ``talon_used`` (``AttackGame._events``),
  ``view(st, seat, view)``, ``talon_known(st, seat)`` and ``face_up(st)`` (``AttackGame._view``),
  ``discard_words``
  and ``bito_words`` (the words of the events its hooks cause); ``drawn_hands(st)`` (the hands
  before R9.12 passed them), ``set_aside(st)`` (unseen cards outside talon and hands, R9.40),
  ``point_events(before, after, point, who)`` (the rule's events at a point of a bout's end:
  "move", "table", "draw", "out") with ``private_events``; ``role(st, seat)`` and
  ``whole(before, act)`` (a seat's role and the move's events in a phase of the part's own,
  R9.38's first phase); ``over_words(st, result, who)`` (``AttackGame._game_over``: the
  game-over event's words when the part ended the game, R9.21).

``wide`` says the part is written for both layouts of the positions (``bits``: the wide copy's
two decks, R9.21, R9.29); the wide copy plays no game with a part that is not.
"""

from __future__ import annotations

import typing
from collections.abc import Callable

if typing.TYPE_CHECKING:
    from ....actions import Action
    from ....cards import Card
    from ...base import Result, View
    from ...verdict import BeatRules
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["HousePart", "PARTS", "ACCEPT", "Event", "mine", "active_parts", "part_of_kind",
           "part_of_action", "extended", "extended_subsets", "extended_combinations", "listed", "room",
           "retire", "rehook", "core_moves"]

#: what ``refuse`` returns for an action the part judged legal
ACCEPT: tuple[str, str] = ("", "")

#: an event of the facade, as ``Game._event`` takes it: (kind, text, seat, action, cards, private)
Event = tuple[str, str, "int | None", "Action | None", tuple["Card", ...], bool]


def mine(before: CoreState, act: Action, kind: str, text: str, cards: tuple[Card, ...] = (),
         private: bool = False) -> Event:
    """An event of the move itself: the seat that made it, and the action."""
    return (kind, text, before.to_act, act, cards, private)


_CORE_MOVES: typing.Any = None
_CORE_CHECKS: typing.Any = None


def core_moves() -> typing.Any:
    """``core.moves``, imported on first use (it imports the state, which imports the parts),
    then kept: an import statement in a hook asked every move costs more than the hook."""
    global _CORE_MOVES
    if _CORE_MOVES is None:
        from .. import moves
        _CORE_MOVES = moves
    return _CORE_MOVES


def extended(menu: Menu, extra: list[int]) -> Menu:
    """``moves.extended``: ``menu``, then the part's own moves ``extra``."""
    out: Menu = core_moves().extended(menu, extra)
    return out


def extended_subsets(menu: Menu, tag: int, cards: int, room: int) -> Menu:
    """``moves.extended_subsets``: ``menu``, then ``tag | s`` for the subsets ``s`` of
    ``cards`` of at most ``room`` cards, counted instead of listed."""
    out: Menu = core_moves().extended_subsets(menu, tag, cards, room)
    return out


def extended_combinations(menu: Menu, tag: int, cards: int, k: int) -> Menu:
    """``moves.extended_combinations``: ``menu``, then ``tag | s`` for the subsets ``s`` of
    ``cards`` of exactly ``k`` cards, counted instead of listed."""
    out: Menu = core_moves().extended_combinations(menu, tag, cards, k)
    return out


def listed(moves: list[int]) -> Menu:
    """``moves.listed``: a menu of exactly ``moves`` (a phase of the part's own)."""
    out: Menu = core_moves().listed(moves)
    return out


def positions(m: int) -> tuple[int, ...]:
    """The positions of the cards of mask ``m``, lowest first (a part's own move as cards).

    >>> positions(0b10110)
    (1, 2, 4)
    """
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b.bit_length() - 1)
    return tuple(out)


def room(st: CoreState) -> int:
    """``checks.room`` (R2.6), imported on first use as ``core.moves`` is."""
    global _CORE_CHECKS
    if _CORE_CHECKS is None:
        from .. import checks
        _CORE_CHECKS = checks
    out: int = _CORE_CHECKS.room(st)
    return out


#: ``rehook``'s configs: (id of a config, id of a part, the ``names`` asked for) -> (that
#: config, its copy that asks the part there), both ways
_MADE: dict[tuple[int, int, tuple[str, ...] | None], tuple[typing.Any, typing.Any]] = {}


def retire(st: CoreState, part: HousePart) -> None:
    """``part``'s rule has nothing more to do in this game (R9.38: the first phase is over):
    the core asks it at no hot hook any more (``rehook`` with none)."""
    rehook(st, part, ())


def rehook(st: CoreState, part: HousePart, names: tuple[str, ...] | None) -> None:
    """From now on the core asks ``part`` at the hot hooks ``names`` only (of ``hooks.NAMES``;
    ``()``: none, the part retired; ``None``: every hook it implements, as at the deal), while
    its rule has nothing to do at the others (R9.49: no joker in any hand). ``st.cfg`` becomes
    a copy of itself whose hot hooks (``hooks.Hooks``) ask ``part`` there only and every other
    part as before; ``cfg.parts`` keeps it, and its other hooks (refusals, events, views)
    answer as before. The state holds the copy as it holds R9.36's trump
    (``state.with_trump``), so a copy of the state and undo keep the phase they were in. Each
    copy is kept with the way back (asking the part as before gives the config back), so a
    game that goes back and forth makes two configs, not one a time."""
    c = st.cfg
    made = _MADE.get((id(c), id(part), names))
    if made is not None and made[0] is c:
        st.cfg = made[1]
        return
    from ..hooks import NAMES, implements, of
    from ..state import CONFIG_FIELDS
    every = tuple(n for n in NAMES if implements(part, n))
    want = every if names is None else tuple(n for n in every if n in names)
    now = tuple(n for n in NAMES if part in getattr(c.hooks, n))
    if len(_MADE) > 256:
        _MADE.clear()
    if want == now:
        _MADE[(id(c), id(part), names)] = (c, c)
        return
    new = type(c)()
    for name in CONFIG_FIELDS:
        setattr(new, name, getattr(c, name))
    was = {name: getattr(c.hooks, name) for name in NAMES}

    def keeps(p: HousePart, name: str) -> bool:
        return name in want if p is part else p in was[name]
    # the parts the core still asks (a part retired before is in no hook's tuple)
    new.hooks = of(tuple(p for p in c.parts if (want if p is part else
                                                any(p in t for t in was.values()))), keeps)
    _MADE[(id(c), id(part), names)] = (c, new)
    _MADE[(id(new), id(part), None if now == every else now)] = (new, c)  # the way back
    st.cfg = new


class HousePart:
    """One R9 clause (or a tight group) as a part of the core."""

    #: the clause of docs/rules.md it implements
    clause = ""
    #: the ``Rules`` fields it reads, and the values of each it makes the core cover
    values: dict[str, frozenset[object]] = {}
    #: the words of the discard event its pick-up writes (``{cards}``: the cards discarded)
    discard_words = ""
    #: the kind and words of the event of a bito its ``bito`` hook takes (``{cards}``)
    bito_words: tuple[str, str] | None = None
    #: the move kinds (>= 8) the part owns
    kinds: tuple[int, ...] = ()
    #: the kinds of the part's events only their seat sees (R9.40: a reserve taken up)
    private_events: frozenset[str] = frozenset()
    #: written for both layouts of the positions (``bits.WIDE``: the wide copy's two decks)?
    wide = False
    #: why ``covers`` is false, in a user's words (``new_game``'s refusal, ``core/unplayed.py``)
    not_with = ""
    #: the phases of ``core_menu`` in which ``moves`` may change the menu (``hooks.PHASES``:
    #: "opening", "defence" — the defender to act, not taking —, "throw"): the core asks it
    #: only then (``hooks.Hooks.moves_opening``, ...), so a part that acts in one phase costs
    #: nothing in the others
    moves_in: frozenset[str] = frozenset({"opening", "defence", "throw"})
    #: ``apply`` plays only the part's own ``kinds`` (>= 8): the core asks it only for those
    apply_own_only = False
    #: the part only draws from the talon (``tp`` never goes back) and only adds to the
    #: discard: a position of an earlier (talon drawn, discard size) never comes back, so a
    #: playout counts R2.11's repetitions by epochs (``apply._end_bout``'s ``lean``)
    piles_grow = False

    def active(self, rules: object) -> bool:
        """Is the rule on in ``rules``? (By default: any of its fields is truthy.)"""
        return any(getattr(rules, name) for name in self.values)

    def covers(self, rules: object) -> bool:
        """``state.supports`` hook: does the part play its rule with the other options of
        ``rules`` (by default: yes; ``COVERED`` judges each option alone)?"""
        return True

    def pickup(self, st: CoreState, taken: int) -> int:
        """R2.7 hook: the cards the taker picks up (by default all of ``taken``)."""
        return taken

    def beats(self, rules: BeatRules) -> BeatRules:
        """Config hook (once per rule set): the beating rules as this part changes them."""
        return rules

    def in_deal(self, rules: object) -> bool:
        """Is the rule on for the deal? (``active``, or a rule of the deal only, never called
        in play: R9.3, R9.11, R9.27, R9.31.)"""
        return False

    def deal(self, d: Deal) -> None:
        """``deal.deal`` hook, before any card is dealt: what the rule changes in the deal."""

    def dealt(self, st: CoreState, d: Deal) -> None:
        """``deal.deal`` hook, the deal made and the state built, before the first bout (R1.3):
        the rule's slots in ``st.extra``."""

    def opening(self, st: CoreState, hand: int) -> int:
        """R2.2 hook: the cards of ``hand`` the opener may attack with (by default all)."""
        return hand

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        """``menu`` hook: the menu with the part's moves (by default ``menu`` unchanged)."""
        return menu

    def defence(self, st: CoreState, menu: Menu) -> Menu:
        """``moves.menu`` hook, defending (before ``moves``): the core's menu narrowed."""
        return menu

    def throw_block(self, st: CoreState) -> tuple[str, str] | None:
        """R2.4/R2.6 hook (``checks.room``, ``refuse``): why nobody may throw in now, or None."""
        return None

    def out_of_turn(self, st: CoreState, act: Action) -> tuple[str, str] | None:
        """``AttackGame._out_of_turn`` hook (a throw-in, the bout open): the clause and the words
        that go before the usual refusal, or ``None``."""
        return None

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """``refuse`` hook: ``None`` (not the part's), ``ACCEPT`` or ``(clause, words)``."""
        return None

    def refuse_held(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """``refuse`` hook, after "not held" (attack, throw-in, transfer): its own clause."""
        return None

    def trump_reason(self, st: CoreState, card: Card, target: Card,
                     ctx: Context) -> tuple[str, str] | None:
        """``refuse._beat`` hook (``verdict.judge``'s ``trump_reason``): why ``card`` does not
        beat ``target`` when the part decides whose trump counts (R9.24, R9.35), or ``None``."""
        return None

    def apply(self, st: CoreState, move: int) -> bool:
        """``apply`` hook: play ``move`` if it is the part's (``True``), else leave it."""
        return False

    def action(self, move: int) -> Action:
        """``decode.action`` hook: the ``Action`` one of the part's moves is."""
        raise ValueError(f"not a move of {self.clause}: {move!r}")

    def encode(self, act: Action) -> int | None:
        """``decode.encode`` hook: the part's move an ``Action`` is (``None``: not the part's)."""
        return None

    def bout_start(self, st: CoreState) -> None:
        """``apply.start_bout`` hook: a new bout's roles are set (R9.35, R9.37)."""

    def transferred(self, st: CoreState) -> None:
        """``apply._transfer`` hook: the attack has passed to the next defender (R9.35)."""

    def hold_bout(self, st: CoreState) -> bool:
        """Bout-end hook (R2.5's last pass): give someone a turn first (``True``)?"""
        return False

    def bito(self, st: CoreState) -> bool:
        """R2.8 hook: the bout ends in bito; True if the part put the table's cards elsewhere."""
        return False

    def refill(self, st: CoreState, seat: int, size: int) -> int:
        """R2.9 hook (``apply._end_bout``'s draw): how many cards ``seat`` draws up to (by
        default ``size``)."""
        return size

    def draw(self, st: CoreState) -> None:
        """R2.9 hook: after the bout's draw (and R2.10's going out), before R2.11's end."""

    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        """``AttackGame._events`` hook: the move's own events (``None``: the facade's usual)."""
        return None

    def role(self, st: CoreState, seat: int) -> str | None:
        """``AttackGame.role`` hook: the seat's role in a phase of the part's own (R9.38)."""
        return None

    def whole(self, before: CoreState, act: Action) -> bool:
        """``AttackGame._events`` hook: the part's events are all the move's (but the end)."""
        return False

    def laid(self, before: CoreState, act: Action) -> tuple[int, ...]:
        """``AttackGame._events`` hook: the cards (positions) the part's move put on the table."""
        return ()

    def talon_used(self, before: CoreState, act: Action) -> int:
        """``AttackGame._events`` hook: talon cards the move itself took (not the bout's draw)."""
        return 0

    def view(self, st: CoreState, seat: int, view: View) -> View:
        """R0 hook (``AttackGame._view``): what ``seat`` knows, as the rule changes it."""
        return view

    def talon_known(self, st: CoreState, seat: int) -> int:
        """``AttackGame._view`` hook: cards (rank-major) ``seat`` knows to be in the talon."""
        return 0

    def face_up(self, st: CoreState) -> int:
        """``AttackGame._view`` hook: cards (rank-major) lying face up outside the talon, the
        hands, the table and the pile, seen by all (R9.24: the second trump card once turned)."""
        return 0

    def drawn_hands(self, st: CoreState) -> tuple[int, ...] | None:
        """Facade hook: the hands as the bout's draw left them, if the part moved them since."""
        return None

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """Facade hook: the rule's events ``(kind, words, cards, seat)`` of a move that ended a
        bout, at ``point``: ``"move"`` (after the move's own event), ``"table"`` (after the
        pick-up or bito), ``"draw"`` (after the draws), ``"out"`` (after who went out, before
        the game's end); ``"move"`` is asked of every move."""
        return []

    def emptied(self, st: CoreState, seat: int) -> None:
        """R2.10 hook (``apply``): ``seat``'s hand and the talon are empty; he is out unless the
        part gives him cards (R9.40: his reserve)."""

    def set_aside(self, st: CoreState) -> int:
        """R0 hook (``AttackGame._view``): unseen cards outside the talon and the hands (R9.40)."""
        return 0

    def played(self, st: CoreState, move: int) -> None:
        """``apply`` hook: ``st.to_act`` is about to play ``move`` (nothing applied yet)."""

    def bout_end(self, st: CoreState, took: bool, taken: int) -> None:
        """R2.7/R2.8 hook: the bout ends (``taken``: the cards picked up), table still laid."""

    def score(self, st: CoreState, result: Result) -> Result:
        """R2.11/R2.12 hook (``decode.result``): the result of a finished game."""
        return result

    def over_words(self, st: CoreState, result: Result, who: Callable[[int], str]) -> str | None:
        """``AttackGame._game_over`` hook: the game-over event's words, if the part ended it."""
        return None


def _parts() -> tuple[HousePart, ...]:
    from .aces_first import AcesFirst
    from .beating import BEATING_PARTS
    from .chukotsky import TalonRemoved
    from .defender_draws import DefenderDraws
    from .defender_swaps import DefenderSwaps
    from .clubs_apart import ClubsApart
    from .counter_attack import CounterAttack
    from .defender_throws_in import DefenderThrowsIn
    from .highest_opens import HighestOpens
    from .jokers import Jokers
    from .joker_ends_bout import JokerEndsBout
    from .joker_gives import JokerGives
    from .naval import DealAll, NineStopsThrowIns
    from .otboyny import BitoBack
    from .kozyrny import Kozyrny
    from .krugovoy import PassHandsLeft
    from .lead_whole_rank import LeadWholeRank
    from .magadansky import DealtLocked
    from .nevidimy import TrumpHidden
    from .ace_put_back import AcePutBack
    from .redeal import RedealFiveOfASuit
    from .refill import DrawOnlyWhenEmpty, ProgressiveRefill
    from .reserve import Reserve
    from .scoring import Scoring
    from .one_higher_phase import OneHigherPhase
    from .potayny import SecondTrump
    from .two_trumps import SeatTrumps
    from .take_first_only import TakeFirstOnly
    from .rest_passes_on import RestPassesOn
    from .hand_loses_at import HandLosesAt
    from .twin_beats import TwinBeats
    from .talon_attack import TalonAttackPart
    from .trump_six_exchange import TrumpSixExchange
    # the moves first, in the order the reference lists the gallery's moves (its _legal):
    # R9.10's turn replaces the menu; then R9.26, R9.18, R9.17, R9.19 each add theirs after it
    # R9.37's refusal comes before every other (the reference's _diagnose asks it first)
    return (DealtLocked(), TakeFirstOnly(), RestPassesOn(), DefenderThrowsIn(), TrumpSixExchange(), TalonAttackPart(),
            DefenderDraws(), DefenderSwaps(), CounterAttack(), ClubsApart(),
            OneHigherPhase(),
            HighestOpens(), AcesFirst(), LeadWholeRank(),  # openings
            *BEATING_PARTS, Jokers(), JokerGives(), JokerEndsBout(), Kozyrny(),  # beating
            SecondTrump(), SeatTrumps(),
            DealAll(), NineStopsThrowIns(), ProgressiveRefill(), DrawOnlyWhenEmpty(),
            TalonRemoved(), BitoBack(), TrumpHidden(), AcePutBack(), PassHandsLeft(),
            Scoring(), RedealFiveOfASuit(), Reserve(), TwinBeats(), HandLosesAt())


#: every part, in the order the core calls them
PARTS: tuple[HousePart, ...] = _parts()

_BY_KIND: dict[int, HousePart] = {k: p for p in PARTS for k in p.kinds}


def active_parts(rules: object) -> tuple[HousePart, ...]:
    """The parts whose rule is on in ``rules``."""
    return tuple(p for p in PARTS if p.active(rules))


def part_of_kind(kind: int) -> HousePart | None:
    """The part that owns move kind ``kind`` (``None``: no part)."""
    return _BY_KIND.get(kind)


def part_of_action(act: Action) -> int | None:
    """The move an ``Action`` of a part's own kind is (``None``: no part's)."""
    for p in PARTS:
        move = p.encode(act)
        if move is not None:
            return move
    return None
