"""Why an action is illegal in a core position: ``(clause, words)``, as the reference said it.

The checks are those of ``checks`` — the very functions the move list is built from — asked in
the reference's order, so a move is listed exactly when ``refuse`` accepts it (the agreement
tests hold both to that), and the clause of a refusal is the reference's.

>>> from durak_edu import new_game
>>> from durak_edu.actions import parse_action
>>> g = new_game("podkidnoy", seed=1)
>>> refuse(g._s.core, parse_action("take"), Context(g.names, g.variant))[0]
'R2.2'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...actions import (Action, Attack, Beat, Counter, Exchange, Give, Pass, Swap, TalonAttack,
                       Take, ThrowIn, Transfer)
from ...cards import Card
from ..beating import judge
from . import checks
from .checks import OK, limit, room, table_ranks, transfer_blocked
from . import bits, teams
from .bits import RANK_LOW
from .house import ACCEPT
from .layout import CARDS, POSITIONS
from .moves import SHAPES, everyone_passed, shape_ok, tryoshka_size
from .seats import next_seat
from .state import CoreState

__all__ = ["Context", "refuse"]

_POS = POSITIONS  # Card.index -> position (layout.py: the jokers at their index, R9.22), -1
_CARD = CARDS


_Words = Callable[[CoreState, Transfer, "Context"], tuple[str, str]]


class Context:
    """What the words of a refusal name: the seats' names and the variant."""

    __slots__ = ("names", "variant")

    def __init__(self, names: tuple[str, ...], variant: str) -> None:
        self.names, self.variant = names, variant

    def who(self, seat: int) -> str:
        name = self.names[seat]
        return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"


def _pos(c: Card) -> int:
    """The card's position, -1 for a card no core hand can hold (a second deck's copy in the
    one-deck core)."""
    return _POS[c.index]


def _text(cs: Iterable[Card]) -> str:
    return " ".join(map(str, cs))


def refuse(st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
    """``(clause, words)`` if the seat to act may not play ``act`` now, else ``None`` (the game
    is not over; who acts is the caller's question)."""
    seat = st.to_act
    who = ctx.who(seat)
    if st.cfg.parts:  # the house rules' own moves and turns (R9), asked first
        for part in st.cfg.parts:
            verdict = part.refuse(st, act, ctx)
            if verdict is not None:
                return None if verdict == ACCEPT else verdict
    gallery = _GALLERY.get(type(act))
    if gallery is not None:  # the gallery's own moves (R9.18, R9.19, R9.26, R9.39): not here
        return (gallery[0], f"this is {ctx.variant}: {gallery[1]}")
    if st.opening:
        if isinstance(act, Attack):
            return _attack(st, act, ctx)
        if isinstance(act, Pass) and st.cfg.shape == "pair_only":
            return _opening_pass(st, who)
        return ("R2.2", f"{who} opens the bout: the first move is an attack, not '{act}'")
    if seat == st.defender and not st.taking:
        if isinstance(act, Beat):
            return _beat(st, act, ctx)
        if isinstance(act, Transfer):
            return _transfer(st, act, ctx)
        if isinstance(act, Take):
            return None
        return ("R2.5", f"{who} is defending: beat a card, "
                + ("transfer, " if st.cfg.transfer else "") + f"or take — not '{act}'")
    if isinstance(act, Pass):
        return None
    if isinstance(act, ThrowIn):
        return _throw(st, act, ctx)
    if isinstance(act, Attack):
        return ("R2.4", f"the bout is open already: add cards with 'throw {_text(act.cards)}'")
    return ("R2.5", f"{who} has priority as a thrower: throw in or pass — not '{act}'")


#: the gallery's moves no covered game has: the clause and its words (as the reference says them)
_GALLERY: dict[type, tuple[str, str]] = {
    Swap: ("R9.19", "no swapping with the talon (pokerny)"),
    Exchange: ("R9.26", "the six of trumps is not exchanged for the trump card"),
    TalonAttack: ("R9.18", "nobody attacks from the talon (armyansky)"),
    Counter: ("R9.39", "a defender does not add cards to his beat (pribaltiysky)"),
    Give: ("R9.49", "no cards are given for a joker (volshebny)"),
}


def _not_held(st: CoreState, cs: Iterable[Card], ctx: Context) -> tuple[str, str] | None:
    h = st.hands[st.to_act]
    for c in cs:
        p = _pos(c)
        if p < 0 or not h >> p & 1:
            return ("R2.2", f"{c} is not in {ctx.who(st.to_act)}'s hand")
    return None


def _attack(st: CoreState, act: Attack, ctx: Context) -> tuple[str, str] | None:
    err = _not_held(st, act.cards, ctx)
    if err:
        return err
    if st.cfg.parts:  # a house part's own clause (R9.22: a joker opens a bout only alone)
        for part in st.cfg.parts:
            err = part.refuse_held(st, act, ctx)
            if err:
                return err
    cs = act.cards
    shape = st.cfg.shape
    m = 0
    for c in cs:
        m |= 1 << _pos(c)
    if shape == "three":  # R9.7: the size is the rule; it is within the limit already
        most = min(limit(st), st.hands[st.defender].bit_count())
        need = tryoshka_size(st.hands[st.to_act], most)
        if len(cs) != need:
            return ("R9.7", f"an attack is three cards, or all you hold if fewer, within the "
                    f"bout's limit: here {need}; you attack with {len(cs)}")
        return None
    if shape == "pair_only" and everyone_passed(st):  # R4 D: everyone has passed in turn
        if not shape_ok("one_or_two", m):
            return ("R4", f"an attack is one card or one pair; '{_text(cs)}' is not")
    elif not shape_ok(shape, m):  # R2.2; R4 (prostoy)
        if shape == "rank":
            return ("R2.2", f"an attack is one card or several of one rank; '{_text(cs)}' is "
                    "not")
        return ("R9.8" if shape == "groups" else "R4",
                f"an attack is {SHAPES[shape][1]}; '{_text(cs)}' is not")
    most = min(limit(st), st.hands[st.defender].bit_count())
    if len(cs) > most:
        return ("R2.6", f"this bout allows at most {most} attack card"
                f"{'s' if most != 1 else ''} ({_limit_reason(st)}); you attack with {len(cs)}")
    return None


def _opening_pass(st: CoreState, who: str) -> tuple[str, str] | None:
    """R4 D: an opener without a pair passes the attack on, until everyone has in turn."""
    if everyone_passed(st):
        return ("R4", "everyone has passed in turn: open with a single card now")
    if min(limit(st), st.hands[st.defender].bit_count()) >= 2 and bits.rank_counts_multi(
            st.hands[st.to_act]):
        return ("R4", f"{who} holds a pair and must attack with it")
    return None


def _limit_reason(st: CoreState) -> str:
    held = st.hands[st.defender].bit_count()
    lim = limit(st)
    if held < lim:
        return f"the defender holds {held}"
    return ("the first bout" if st.bout == 0 and lim == st.cfg.first_limit
            else "the bout limit")


def _beat(st: CoreState, act: Beat, ctx: Context) -> tuple[str, str] | None:
    target, card = act.target, act.card
    a = _pos(target)
    idx = st.ta.index(a) if a in st.ta else -1
    if idx < 0:
        return ("R2.3", f"{target} is not an attack card on the table")
    if st.td[idx] >= 0:
        return ("R2.3", f"{target} is already beaten by {_CARD[st.td[idx]]}")
    if idx < st.settled:
        return ("R3.4", f"{target} was passed on and needs no beating (transfer_beat_only_new)")
    err = _not_held(st, (card,), ctx)
    if err:
        return ("R2.3", err[1])
    if not st.cfg.beat[a] >> _pos(card) & 1:
        reason = None
        if st.cfg.parts:  # a house rule that decides whose trump counts (R9.24, R9.35)
            parts = st.cfg.parts

            def reason(c: Card, t: Card) -> tuple[str, str] | None:
                return next((w for p in parts if (w := p.trump_reason(st, c, t, ctx)) is not None),
                            None)
        v = judge(card, target, st.cfg.beat_rules, reason)  # R2.3, R6, the parts' R9 (verdict)
        return (v.clause, f"{card} does not beat {target}: {v.why}")
    return None


def _transfer(st: CoreState, act: Transfer, ctx: Context) -> tuple[str, str] | None:
    if not st.cfg.transfer:
        return ("R3", f"this is {ctx.variant}: there are no transfers (perevodnoy only)")
    err = _not_held(st, act.cards, ctx)
    if err:
        return ("R3.1", err[1])
    if st.cfg.parts:  # a house part's own clause (R9.22: an attack with a joker, no transfer)
        for part in st.cfg.parts:
            err = part.refuse_held(st, act, ctx)
            if err:
                return err
    code, rank = transfer_blocked(st)
    if code == OK:
        bad = [c for c in act.cards if _pos(c) & ~RANK_LOW != rank]
        if bad:
            return ("R3.1", f"a transfer adds cards of the attacking rank "
                    f"({_CARD[rank].rank}); {bad[0]} is not")
        show = 0
        if act.show:
            for c in act.cards:
                show |= 1 << _pos(c)
        code = checks.transfer_check(st, len(act.cards), show, rank)
    if code == OK:
        return None
    return _TRANSFER_WORDS[code](st, act, ctx)


def _held_words(st: CoreState, act: Transfer, ctx: Context) -> tuple[str, str]:
    target = next_seat(st.defender, st.n, st.outm)
    if st.cfg.teams:  # R5: whoever plays the next seat
        target = teams.next_defender(st)
    held = st.hands[target].bit_count()
    added = 0 if act.show else len(act.cards)
    need = max(added, 1) if st.cfg.only_new else len(checks.unbeaten(st)) + added
    return ("R3.2", f"{ctx.who(target)} holds {held} card{'s' if held != 1 else ''}, "
            f"fewer than the {need} cards to beat")


def _limit_words(st: CoreState, act: Transfer, ctx: Context) -> tuple[str, str]:
    added = 0 if act.show else len(act.cards)
    return ("R3.2", f"the bout would have {st.n_attack + added} attack cards; the limit is "
            f"{limit(st)} (R2.6)")


def _back_words(st: CoreState, act: Transfer, ctx: Context) -> tuple[str, str]:
    target = next_seat(st.defender, st.n, st.outm)
    return ("R3.1", f"{ctx.who(st.opener)}, who attacked, has gone out: a transfer would pass "
            f"his empty seat and go back to {ctx.who(target)}, against the direction of play")


def _fixed(clause: str, words: str) -> _Words:
    return lambda st, act, ctx: (clause, words)


_TRANSFER_WORDS: dict[int, _Words] = {
    checks.T_FIRST_BOUT: _fixed("R3.4", "the first bout of a game cannot be transferred"),
    checks.T_BEATEN: _fixed("R3.2", "a card has been beaten already: transfer only before "
                                    "beating"),
    checks.T_RANKS: _fixed("R3.1", "the cards to beat are of different ranks: nothing to "
                                   "transfer with"),
    checks.T_TRUMP_TABLE: _fixed("R3.4", "a trump lies on the table: no transfer "
                                         "(transfer_with_trump_on_table=False)"),
    checks.T_NO_PROEZDNOY: _fixed("R3.4", "showing a trump (proezdnoy) is not allowed in this "
                                          "game"),
    checks.T_SHOW_ONE: _fixed("R3.4", "proezdnoy: show exactly one trump of the attacking rank"),
    checks.T_SHOWN: lambda st, act, ctx: (
        "R3.4", f"{ctx.who(st.defender)} has shown a trump already in this bout"),
    checks.T_LIMIT: _limit_words,
    checks.T_LAST_CARD: _fixed("R3.4", "with the talon empty you may not go out by "
                                       "transferring your last cards"),
    checks.T_REFUSAL_SHOW: _fixed("R3.4", "a refusal passes cards back: play them, do not show"),
    checks.T_NOBODY: _fixed("R3.1", "there is nobody to transfer to"),
    checks.T_BACK: _back_words,
    checks.T_HELD: _held_words,
}


def _throw(st: CoreState, act: ThrowIn, ctx: Context) -> tuple[str, str] | None:
    err = _not_held(st, act.cards, ctx)
    if err:
        return ("R2.4", err[1])
    if st.cfg.parts:  # a house part's own clause (R9.22: a joker is never thrown in)
        for part in st.cfg.parts:
            err = part.refuse_held(st, act, ctx)
            if err:
                return err
    ranks = table_ranks(st)
    for c in act.cards:
        if not ranks >> _pos(c) & 1:
            where = "on the table" if st.cfg.ranks_table else "among the attack cards"
            return ("R2.4", f"no {c.rank} is {where}, so {c} cannot be thrown in")
    if st.cfg.parts:  # a house part's block (R9.16), before the room's words
        for part in st.cfg.parts:
            why = part.throw_block(st)
            if why is not None:
                return why
    free = room(st)
    if len(act.cards) > free:
        return ("R2.6", f"only {free} more attack card{'s' if free != 1 else ''} may join this "
                f"bout; you throw {len(act.cards)}")
    if st.cfg.one_at_a_time and st.to_act != st.attacker and len(act.cards) > 1:
        return ("R2.4", "throwers other than the main attacker add one card at a time")
    return None

