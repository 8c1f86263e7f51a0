"""R9.49 (volshebny, ``jokers="volshebny"``): leading or transferring a joker makes cards change
hands, by a move of its own, ``Give`` (two players: our decision, docs/rules.md R9.49).

* the black joker led alone: its leader gives the defender any two of his cards;
* the red joker led alone: the defender gives the leader any two of his;
* both jokers led together: their leader gives five; a joker transferred with the other joker
  (``jokers.py`` lets the core transfer it): the transferrer gives five to the new defender.

The give is due at once, before the defender answers: the move is played by the core (the part
calls ``apply`` again, itself stepping aside), then the giver is to act with nothing but his
gifts listed — every ``k``-subset of his hand, counted and unranked by the core
(``moves.extended_combinations``: C(n, k) moves, never listed for a playout) — and after his
give the seat the core had put to act acts. A giver holding fewer than ``k`` draws the rest from
the talon first; if the talon cannot make them up, or the receiver is out (R2.10), or he holds
the blocking combination agreed before the game (``joker_block_combination``: five cards, shown
then), the joker's power is off. Both players see what is given (the cards become known in the receiver's hand,
``known``). A player who at a bout's start, the talon empty, holds only jokers loses at once
(two such: a draw).

Slots: ``st.extra["r9.49"]`` (the give due: giver, receiver, how many, who acts after),
``"r9.49 over"`` (the seat who lost holding only jokers, -1 for both), ``"r9.49 block"`` (the
blocking combination's mask, if one was agreed) and ``"r9.49 off"`` (why the last joker's power
was off, and whose: for the words). Move kind 26 (``GIVE``,
the cards' mask).
"""

from __future__ import annotations

import typing
from collections.abc import Callable

from ....actions import Action, Give
from ....cards import Card, cards as card_list
from ..bits import MOVE_SHIFT
from ..layout import CARDS, POSITIONS
from . import (ACCEPT, Event, HousePart, extended, extended_combinations, listed, mine, positions,
               rehook, retire)

if typing.TYPE_CHECKING:
    from ...base import Result
    from ..deal import Deal
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["JokerGives", "GIVE"]

SHIFT = MOVE_SHIFT  # moves.SHIFT (bits': moves is not imported, the core imports the parts)
GIVE = 26
SLOT, OVER, BLOCK, OFF = "r9.49", "r9.49 over", "r9.49 block", "r9.49 off"
_ATTACK, _TRANSFER = 1, 3  # moves.ATTACK, moves.TRANSFER
_PAYLOAD = (1 << SHIFT) - 1
_GIVE = GIVE << SHIFT
_BLACK, _RED = 1 << 52, 1 << 53  # the jokers' positions (R9.22: their Card.index)
_JOKERS = _BLACK | _RED
_JOKER_POSITIONS = frozenset({52, 53})
_BOTH_LED = _ATTACK << SHIFT | _JOKERS
_APPLY: typing.Any = None
#: the hot hooks the part is asked at in a bout with no joker in any hand (``bout_start``)
_QUIET = ("bout_start",)
#: the options volshebny is not played with (``covers``)
_CLASH = ("teams", "refusal", "defender_throws_in", "defender_draws", "talon_attack",
          "defender_swaps", "trump_six_exchange", "counter_attack", "one_higher_phase")


def _core_apply() -> typing.Any:
    """``core.apply.apply``, imported on first use (the core imports the parts)."""
    global _APPLY
    if _APPLY is None:
        from ..apply import apply
        _APPLY = apply
    return _APPLY


def _text(m: int) -> str:
    return " ".join(str(CARDS[p]) for p in positions(m))


def due(st: CoreState) -> tuple[int, int, int, int] | None:
    """The give due now: ``(giver, receiver, how many, who acts after)``, or ``None``."""
    d = st.extra.get(SLOT)
    return typing.cast("tuple[int, int, int, int]", d) if d is not None else None


class JokerGives(HousePart):
    clause = "R9.49"
    # every value (Rules checks it is five cards): an option missing from state.COVERED, so the
    # values a part names make it "any value" (state.py's merge)
    values = {"joker_block_combination": frozenset({""})}
    kinds = (GIVE,)
    private_events = frozenset({"draw"})  # what a short giver draws (R0)
    not_with = ("volshebny's gifts go between the two players of a bout, before anything else: "
                "not with teams (R5), R3.4's refusal (which hands the cards back), the gallery's "
                "moves (R9.10, R9.17-R9.19, R9.26, R9.39) or R9.38's first phase, whose turns "
                "would have to wait for a give (R9.49)")
    piles_grow = True  # (a give moves cards between hands; a short giver draws from the talon)
    _inside = False  # the part's own call of ``apply`` is under way (no two games interleave)

    def active(self, rules: object) -> bool:
        return getattr(rules, "jokers", "") == "volshebny"

    def covers(self, rules: object) -> bool:
        """No teams (R5), no R3.4 refusal, none of the gallery's moves or R9.38's phase (their
        hooks come first and would list or accept their moves while a give is due)."""
        return not any(getattr(rules, name, False) for name in _CLASH)

    def dealt(self, st: CoreState, d: Deal) -> None:
        text = getattr(d.rules, "joker_block_combination", "")
        if text:
            m = 0
            for c in card_list(text):
                m |= 1 << POSITIONS[c.index]
            st.extra = {**st.extra, BLOCK: m}

    # -- the menu -----------------------------------------------------------------------------------
    def moves(self, st: CoreState, menu: Menu) -> Menu:
        # asked at every move: the plain field first (a give is never due at an opening)
        if st.opening:
            if st.hands[st.to_act] & _JOKERS == _JOKERS:
                # both jokers led together, after the core's attacks (R2.6's limit permitting)
                if min(_room(st), st.hands[st.defender].bit_count()) >= 2:
                    return extended(menu, [_BOTH_LED])
            return menu
        d = st.extra.get(SLOT) if st.extra else None
        if d is not None:  # the give and nothing else, every k of his cards
            giver, _, k, _ = typing.cast("tuple[int, int, int, int]", d)
            return extended_combinations(listed([]), _GIVE, st.hands[giver], k)
        return menu

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        d = due(st)
        if d is None:
            if isinstance(act, Give):
                return ("R9.49", "no cards are due: cards are given only right after a joker is "
                        "led or transferred (volshebny)")
            return None
        giver, receiver, k, _ = d
        who = ctx.who(giver)
        if not isinstance(act, Give):
            return ("R9.49", f"{who} must first give {k} cards to {ctx.who(receiver)} for the "
                    f"joker (volshebny): 'give' and {k} of his cards, not '{act}'")
        for c in act.cards:
            p = POSITIONS[c.index]
            if p < 0 or not st.hands[giver] >> p & 1:
                return ("R9.49", f"{c} is not in {who}'s hand")
        if len(act.cards) != k:
            return ("R9.49", f"{who} gives exactly {k} cards for the joker, not "
                    f"{len(act.cards)} (volshebny)")
        return ACCEPT

    # -- playing --------------------------------------------------------------------------------
    def apply(self, st: CoreState, move: int) -> bool:
        kind = move >> SHIFT
        if kind == GIVE:
            _give(st, move & _PAYLOAD)
            return True
        if self._inside or not move & _JOKERS or (kind != _ATTACK and kind != _TRANSFER):
            return False
        seat, m = st.to_act, move & _PAYLOAD & _JOKERS
        if kind == _ATTACK:
            receiver = st.defender
        self._inside = True
        try:
            _core_apply()(st, move)  # the core lays or transfers it; this hook steps aside
        finally:
            self._inside = False
        if kind == _TRANSFER:  # the transferrer gives five to the new defender
            giver, receiver, k = seat, st.defender, 5
        elif m == _JOKERS:  # both led: their leader gives five
            giver, k = seat, 5
        elif m == _BLACK:  # the black joker: the leader gives two
            giver, k = seat, 2
        else:  # the red joker: the defender gives the leader two
            giver, receiver, k = receiver, seat, 2
        _start(st, giver, receiver, k)
        return True

    def action(self, move: int) -> Action:
        return Give(tuple(CARDS[p] for p in positions(move & _PAYLOAD)))

    def encode(self, act: Action) -> int | None:
        if not isinstance(act, Give):
            return None
        m = 0
        for c in act.cards:
            p = POSITIONS[c.index]
            if p < 0:
                return None
            m |= 1 << p
        return _GIVE | m

    # -- the end: only jokers left -----------------------------------------------------------------
    def bout_start(self, st: CoreState) -> None:
        """The talon empty, a player holding only jokers loses at once (both: a draw). And the
        core asks the part's other hooks only in a bout whose opener holds a joker: a joker is
        led only at an opening (by him) and transferred only onto a joker led, so any other
        bout has nothing for them to do (``house.rehook``; both jokers discarded, the part
        retires)."""
        if not _follow_jokers(st, self):  # (a typed helper: every bout's start asks it)
            return
        if st.tp < len(st.talon):
            return
        hands = list(st.hands)
        losers = [p for p in range(st.n) if hands[p] and not hands[p] & ~_JOKERS]
        if not losers:
            return
        durak = losers[0] if len(losers) == 1 else -1
        st.end = (durak, False, ())
        st.to_act = -1
        st.extra = {**st.extra, OVER: durak}

    def score(self, st: CoreState, result: Result) -> Result:
        over = st.extra.get(OVER)
        if over is None:
            return result
        import dataclasses
        words = ("both players hold only a joker: a draw (R9.49)" if over == -1 else
                 f"{_who(result, typing.cast(int, over))} holds only a joker at the end (R9.49)")
        return dataclasses.replace(result, reason=words)

    def over_words(self, st: CoreState, result: Result, who: Callable[[int], str]) -> str | None:
        over = st.extra.get(OVER)
        if over is None:
            return None
        if over == -1:
            return "game over: both players hold only a joker, and both lose: a draw (R9.49)"
        return (f"game over: {who(typing.cast(int, over))} holds only a joker with the talon "
                f"empty and loses (R9.49); {result}")

    # -- the facade's words -------------------------------------------------------------------------
    def events(self, before: CoreState, after: CoreState, act: Action,
               who: Callable[[int], str]) -> list[Event] | None:
        if not isinstance(act, Give):
            return None  # (a joker's lead or transfer: the facade's words, then point_events)
        giver, receiver, _, _ = typing.cast("tuple[int, int, int, int]", due(before))
        return [mine(before, act, "action", f"{who(giver)} gives {_text(_mask(act))} to "
                     f"{who(receiver)} for the joker (R9.49)", act.cards)]

    def point_events(self, before: CoreState, after: CoreState, point: str,
                     who: Callable[[int], str]) -> list[tuple[str, str, tuple[Card, ...], int | None]]:
        """After a joker's lead or transfer: the giver's draw (private) and the give due, or
        the power off."""
        if point != "move" or due(before) is not None:
            return []
        d = due(after)
        if d is None:
            if not set(after.ta) - set(before.ta) & _JOKER_POSITIONS:
                return []
            why, seat = typing.cast("tuple[str, int]", after.extra[OFF])
            if why == "blocked":
                shown = tuple(CARDS[p] for p in positions(typing.cast(int, after.extra[BLOCK])))
                return [("joker", f"{who(seat)} shows the blocking combination: the joker's "
                         "power is off (R9.49)", shown, seat)]
            if why == "out":
                return [("joker", f"{who(seat)} is out: the joker's power is off (R9.49)", (),
                         seat)]
            return [("joker", f"{who(seat)} has too few cards to give, and the talon cannot "
                     "make them up: the joker's power is off (R9.49)", (), seat)]
        giver, receiver, k, _ = d
        out: list[tuple[str, str, tuple[Card, ...], int | None]] = []
        drawn = tuple(CARDS[p] for p in after.talon[before.tp:after.tp])
        if drawn:  # (seen by the giver alone, as any draw: R0)
            out.append(("draw", f"{who(giver)} draws {len(drawn)} to give (R9.49)", drawn, giver))
        out.append(("joker", f"{who(giver)} must give {k} cards to {who(receiver)} (R9.49)", (),
                    giver))
        return out


def _mask(act: Give) -> int:
    m = 0
    for c in act.cards:
        m |= 1 << POSITIONS[c.index]
    return m


def _follow_jokers(st: CoreState, part: HousePart) -> bool:
    """At a bout's start: ``part`` asked at every hot hook if the opener holds a joker, at the
    bout's start alone otherwise, at none once both jokers are discarded (``rehook``,
    ``retire``). Returns whether a hand holds a joker (the end's check asks)."""
    held = _held(st)
    asked = part in st.cfg.hooks.apply
    if not st.hm[st.attacker] & _JOKERS:  # (compiled: the state's C array)
        if asked:
            rehook(st, part, _QUIET)
        elif not held & _JOKERS and _discarded(st.discard) == 3:
            retire(st, part)  # (a card in the discard never comes back)
    elif not asked:
        rehook(st, part, None)
    return held & _JOKERS != 0


def _discarded(discard: list[int]) -> int:
    """The jokers ``discard`` holds: bit 0 the black (52), bit 1 the red (53) (compiled: a C
    loop)."""
    out = 0
    for c in discard:
        if c == 52:
            out |= 1
        elif c == 53:
            out |= 2
    return out


def _held(st: CoreState) -> int:
    """Every card in a hand, as one mask (compiled: from the state's C array)."""
    held = 0
    for p in range(st.n):
        held |= st.hm[p]
    return held


def _room(st: CoreState) -> int:
    """R2.6: how many cards the opening attack may hold."""
    from ..checks import limit
    out: int = limit(st)
    return out


def _start(st: CoreState, giver: int, receiver: int, k: int) -> None:
    """The give falls due: the giver draws what he lacks (if the talon has it), then acts;
    else the joker's power is off and play goes on."""
    if st.to_act < 0:
        return
    if st.outm >> receiver & 1:  # he went out by leading his last card (R2.10)
        st.extra = {**st.extra, OFF: ("out", receiver)}
        return
    block = typing.cast(int, st.extra.get(BLOCK, 0))
    if block and st.hands[receiver] & block == block:  # shown: seen by both
        st.known[receiver] = st.known[receiver] | block
        st.extra = {**st.extra, OFF: ("blocked", receiver)}
        return
    need = k - st.hands[giver].bit_count()
    if need > 0:
        if len(st.talon) - st.tp < need:  # the talon cannot make them up
            st.extra = {**st.extra, OFF: ("short", giver)}
            return
        got = 0
        for p in st.talon[st.tp:st.tp + need]:
            got |= 1 << p
        st.tp += need
        st.hands[giver] = st.hands[giver] | got
        if st.tp == len(st.talon) and st.trump_pos >= 0 and got >> st.trump_pos & 1:
            st.known[giver] = st.known[giver] | 1 << st.trump_pos  # R0: seen by all
    st.extra = {**st.extra, SLOT: (giver, receiver, k, st.to_act)}
    st.to_act = giver


def _give(st: CoreState, m: int) -> None:
    """The cards go to the receiver; both players see them (known in his hand)."""
    giver, receiver, _, after = typing.cast("tuple[int, int, int, int]", due(st))
    st.hands[giver] = st.hands[giver] & ~m
    st.known[giver] = st.known[giver] & ~m
    st.hands[receiver] = st.hands[receiver] | m
    st.known[receiver] = st.known[receiver] | m
    extra = dict(st.extra)
    del extra[SLOT]
    st.extra = extra
    st.to_act = after
    if not st.hands[giver] and st.tp == len(st.talon) and not st.outm >> giver & 1:
        st.out = st.out + (giver,)  # R2.10: out at once, as a card played
        st.outm |= 1 << giver


def _who(result: Result, seat: int) -> str:
    name = result.names[seat] if seat < len(result.names) else f"seat {seat}"
    return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"
