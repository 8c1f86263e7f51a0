"""``advise(game, seat)``: what one seat may know about its options, and what a coach suggests.

Everything is computed from ``game.view(seat)`` and the public rules (R0): the cards this seat
cannot place, where they may lie, and for each legal action the chance that the next player
can answer it — beat every card the defender must beat (R2.3; R6 spades; a transfer's new
defender, R3), beat the circle's top card (R7.3), follow a mau-mau card (R8.1). In a two-player
attack–defence ending with the talon empty both hands are known (R0), and every move gets its
exact value from a search (``ending.move_values``).

Chances are exact (``Fraction``) where counting is cheap, otherwise sampled with a standard error
(``Estimate``: "0.62 ± 0.02"), from a generator seeded by the seat's view, so the same position
always gets the same advice — and every world that agrees with the view gets it too.

>>> from durak_edu import from_position
>>> g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
>>> a = advise(g)
>>> [str(x) for x in a.best], a.options[1].value
(['attack A♥'], 1)
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from html import escape
from typing import Union

import numpy as np

from ..actions import Action, Attack, Beat, Play, ThrowIn, Transfer
from ..bots import lowest_card_bot
from ..cards import Card, Suit
from ..games.base import Game, View
from ..games.face import GameFace
from ..prob.exact import p_at_least_one
from ..prob.simulate import Estimate
from ..prob.views import game_cards
from ..rates import rate_text
from .chances import SAMPLES, beaters_mask, cover
from .ending import LIMIT, TooBig, move_values
from .reading import Reading
from .search import EPSILON, playable
from .values import Values, effort_worlds, rank, sure, values

__all__ = ["advise", "Advice", "Option", "Chance", "chance_text", "win_text"]

#: among near-ties, the cheapest move first (``_searched_best``)
CHEAP_FIRST = True

#: an exact chance (``Fraction``) or a sampled one (``Estimate``: value and standard error)
Chance = Union[Fraction, Estimate]


def chance_text(p: Chance | None, digits: int = 2) -> str:
    """``"5/29 ≈ 0.17"`` for an exact chance, ``"≈ 0.623 ± 0.015"`` for a sampled one (± one
    standard error, to the digits it supports), ``""`` for none. A near certainty is never
    written as one: 1489/1495 is ``"> 0.99"`` (``durak_edu.rates``, the lessons' rule).

    >>> chance_text(Fraction(5, 29)), chance_text(Estimate(0.6234, 0.0153)), chance_text(Fraction(1))
    ('5/29 ≈ 0.17', '≈ 0.623 ± 0.015', '1')
    >>> chance_text(Fraction(1489, 1495))
    '1489/1495 > 0.99'
    """
    if p is None:
        return ""
    if isinstance(p, Estimate):
        text = rate_text(p, n=SAMPLES)  # all samples alike: the rule of three over SAMPLES
        return text if text[0] in "<>" else "≈ " + text
    if p.denominator == 1:
        return str(p.numerator)
    value = rate_text(p, digits=digits)
    return f"{p.numerator}/{p.denominator} {value if value[0] in '<>' else '≈ ' + value}"


def win_text(p: Chance | None, worlds: int = 0) -> str:
    """A move's ``win`` in percent: ``"58 ± 2 %"`` searched (one standard error), ``"100 %"`` or
    ``"0 %"`` only where exact; a search that saw only wins or only losses gives the rule of
    three (``"> 97 % (100 of 100, rule of three)"``), never "100 %"; fewer than ten worlds give
    the counts.

    >>> win_text(Estimate(0.58, 0.021), 540), win_text(Fraction(1)), win_text(Estimate(1.0, 0.01), 100)
    ('58 ± 2 %', '100 %', '> 97 % (100 of 100, rule of three)')
    >>> win_text(Estimate(0.0, 0.2), 3)
    '0 of 3'
    """
    if p is None:
        return ""
    if isinstance(p, Estimate):
        k = round(p.estimate * worlds)
        if 0 < worlds < 10:  # too few for a rate: the counts
            return f"{k} of {worlds}"
        if worlds and k in (0, worlds):
            return rate_text(k, worlds, percent=True)
        return rate_text(p, percent=True)
    return rate_text(p, percent=True)


def _value_of(p: Chance | None) -> float | None:
    if p is None:
        return None
    return p.estimate if isinstance(p, Estimate) else float(p)


@dataclass(frozen=True)
class Option:
    """One legal action and what the coach can say about it.

    ``p_beaten``: the chance the next player can beat every card he must beat after it (attack,
    throw-in, transfer: the unbeaten cards then on the table, R2.3; the circle's top card,
    R7.3); ``p_follow``: the chance he can put a card on it (mau-mau, R8.1; without drawing);
    ``value``: ``1``/``0``/``-1`` with best play after it, where the ending is solved;
    ``note``: a few words.
    """

    action: Action
    p_beaten: Chance | None = None
    value: int | None = None
    note: str = ""
    p_follow: Chance | None = None
    #: the seat that must answer the action (``None``: nobody, or this seat again)
    answerer: int | None = None
    #: a beat that leaves nothing unbeaten: the chance that a player who may throw in holds a
    #: card of a rank then on the table (R2.4; whether the bout limit, R2.6, still lets him is
    #: not counted)
    p_throw: Chance | None = None
    #: the chance this seat is not the durak after the move (R2.12): exact (``Fraction``) where
    #: the ending is solved, else an ``Estimate`` from the search (``coach.search``) with its
    #: standard error; ``None`` where the move was not searched (see ``Advice.method``)
    win: Chance | None = None
    #: the searched worlds that went through this move (0: exact, or not searched)
    worlds: int = 0

    @property
    def chance(self) -> Chance | None:
        """``p_beaten`` or ``p_follow``, whichever the game asks (what a widget draws)."""
        return self.p_beaten if self.p_beaten is not None else self.p_follow

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the action puts down."""
        if isinstance(self.action, (Attack, ThrowIn, Transfer)):
            return tuple(self.action.cards)
        if isinstance(self.action, (Beat, Play)):
            return (self.action.card,)
        return ()

    def __str__(self) -> str:
        parts = [str(self.action)]
        if self.p_beaten is not None:
            parts.append(f"beaten {chance_text(self.p_beaten)}")
        if self.p_follow is not None:
            parts.append(f"followed {chance_text(self.p_follow)}")
        if self.p_throw is not None:
            parts.append(f"more thrown in {chance_text(self.p_throw)}")
        if self.win is not None:
            parts.append(f"not the durak {win_text(self.win, self.worlds)}")
        if self.value is not None:
            parts.append(f"value {self.value:+d}")
        if self.note:
            parts.append(self.note)
        return " · ".join(parts)


@dataclass(frozen=True)
class Advice:
    """What ``advise`` says: ``seat``, ``unknown`` (the cards it cannot place), ``where`` (seat
    or ``"talon"`` → how many of them may lie there), ``options`` (one per legal action, in
    ``legal_actions()`` order), ``best`` (the recommended actions), ``text`` (plain sentences).

    ``ending`` is ``""`` (no search), ``"solved"`` (values from the search) or ``"too big"``.
    """

    seat: int
    unknown: tuple[Card, ...]
    where: dict[int | str, int]
    options: tuple[Option, ...]
    best: tuple[Action, ...]
    text: str
    ending: str = ""
    #: the unknown cards by suit (a strip of what is still out)
    out_by_suit: dict[Suit | None, tuple[Card, ...]] = field(default_factory=dict)
    #: the position's value for the seat: its best option's ``win`` (``None``: not valued)
    value: Chance | None = None
    #: how the values were found: ``"exact"`` (the ending solved), ``"search"`` (``worlds``
    #: worlds searched, ``coach.search``), ``"rough"`` (presets the core does not play:
    #: greedy playouts alone, ``coach.values``) or ``"none"`` (no values for this preset yet)
    method: str = "none"
    worlds: int = 0
    #: ``best`` holds more than one move because the search cannot tell them apart (noise)
    near_tie: bool = False

    def option(self, action: Action | str) -> Option:
        """The option of ``action`` (an action or its text form)."""
        from ..actions import as_action
        act = as_action(action)
        for o in self.options:
            if o.action == act:
                return o
        raise KeyError(f"{act} is not one of this seat's options")

    def __str__(self) -> str:
        lines = [self.text, ""]
        for o in self.options:
            star = "★ " if o.action in self.best else "  "
            lines.append(star + str(o))
        return "\n".join(lines).rstrip()

    def __repr__(self) -> str:
        best = ", ".join(map(str, self.best)) or "none"
        return (f"<Advice for seat {self.seat}: {len(self.unknown)} unknown, "
                f"{len(self.options)} options, best {best}>")

    def _repr_html_(self) -> str:
        rows = []
        for o in self.options:
            best = o.action in self.best
            style = " style='font-weight:bold;background:#e8f7ee'" if best else ""
            rows.append(f"<tr{style}><td>{'★' if best else ''}</td><td>{escape(str(o.action))}</td>"
                        f"<td>{escape(win_text(o.win, o.worlds))}</td>"
                        f"<td>{escape(chance_text(o.chance))}</td>"
                        f"<td>{'' if o.value is None else f'{o.value:+d}'}</td>"
                        f"<td>{escape(o.note)}</td></tr>")
        head = ("<tr><th></th><th>move</th><th>not the durak</th><th>answered</th>"
                "<th>value</th><th>note</th></tr>")
        table = f"<table>{head}{''.join(rows)}</table>" if rows else ""
        return f"<div><p>{escape(self.text)}</p>{table}</div>"


# -- reading the position ------------------------------------------------------------------------

def _seed(game: Game, view: View) -> int:
    """A stable number from what the seat sees (never ``hash()``: Python salts it per run)."""
    text = repr((game.variant, view.seat, view.hand, view.table, view.talon_size, view.discard,
                 view.hand_sizes, view.to_act, sorted(view.known.items()), view.unknown))
    return zlib.crc32(text.encode("utf-8"))


def _has_beating(game: Game) -> bool:
    """Do cards beat each other in this game (R2.3, R7.1), or only match (R8)?"""
    c = game.deck_order[0] if game.deck_order else None
    if c is None:
        return True
    try:
        game.beats(c, c)
    except ValueError:
        return False
    return True


def _followers(after: Game, view: View) -> int:
    """The cards that may go on the pile's top after an action (R8.1, R8.3, R8.5): its suit, a
    wild card, its rank where ranks match; the called suit while a call holds."""
    top = after.table[-1]
    assert isinstance(top, Card)  # a pile's table holds cards (table_shape "pile", R8)
    called = after.called_suit
    rules = after.rules
    wild = getattr(rules, "wild_rank", None)
    same_rank = getattr(rules, "same_rank", "always")
    out = 0
    for c in game_cards(view):
        if c is top or c.suit is None:
            continue
        if wild is not None and int(c.rank) == int(wild):
            out |= c.mask
        elif called is not None:
            if c.suit == called:
                out |= c.mask
        elif c.suit == top.suit or ((same_rank == "always" or int(top.rank) == 6)
                                    and c.rank == top.rank):
            out |= c.mask
    return out


def _p_throw(game: GameFace, seat: int, action: Beat) -> Chance | None:
    """After a beat that leaves no card unbeaten: P[a thrower holds a card of a rank then on the
    table] (R2.4), from the current view — what happens next (a throw-in, or the bout's end
    when nobody can add a card, R2.5) would tell what the throwers hold."""
    if game.table_shape != "pairs" or getattr(game.rules, "throw_in", "all") == "none":
        return None
    if any(t != action.target for t in game.targets()) or game.is_taking:
        return None
    view = game.view(seat)
    if len(view.hand) <= 1:
        return None  # his last card: nothing more can be thrown at him (R2.6)
    attack_only = getattr(game.rules, "throw_in_ranks", "table") == "attack"
    ranks = {a.rank for a, _d in game.table}
    if not attack_only:
        ranks |= {d.rank for _a, d in game.table if d is not None} | {action.card.rank}
    throwers = [p for p in range(game.players)
                if p != seat and game.role(p) in ("attacker", "thrower")]
    if not throwers:
        return None
    if any(c.rank in ranks for p in throwers for c in view.known.get(p, ())):
        return Fraction(1)
    slots = sum(view.unknown_in_hand(p) for p in throwers)
    wanted = sum(c.rank in ranks for c in view.unknown)
    return p_at_least_one(len(view.unknown), wanted, slots)


def _option(game: Game, seat: int, action: Action, beating: bool,
            rng: np.random.Generator) -> Option:
    if isinstance(action, Beat):
        more = _p_throw(game, seat, action)
        if more is not None:  # what follows this beat is not looked at (see _p_throw)
            return Option(action, p_throw=more)
    after = game.clone(history=False)
    after.play(action)
    if after.is_over:
        return Option(action, note=f"ends the game: {after.result}")
    p = after.to_act
    if p is None or p == seat:
        return Option(action)
    view = after.view(seat)
    if beating:
        targets = after.targets()
        if not targets or after.is_taking:
            return Option(action)
        masks = [beaters_mask(view, c) for c in targets]
        return Option(action, p_beaten=cover(view, p, masks, rng), answerer=p)
    if isinstance(action, Play) and after.table:
        return Option(action, p_follow=cover(view, p, [_followers(after, view)], rng), answerer=p)
    return Option(action)


def _who(game: Game, seat: int) -> str:
    name = game.names[seat]
    return f"seat {seat}" if name == f"seat {seat}" else f"seat {seat} ({name})"


def _where_text(game: Game, seat: int, unknown: int, where: dict[int | str, int]) -> str:
    if unknown == 0:
        return f"{_who(game, seat)} knows where every card is."
    parts = [f"{n} in {_who(game, p)}'s hand" for p, n in where.items()
             if isinstance(p, int) and n]
    if where.get("talon"):
        parts.append(f"{where['talon']} in the talon")
    return (f"{_who(game, seat)} cannot place {unknown} card{'s' * (unknown != 1)}: "
            + ", ".join(parts) + ".")


# -- the advice ------------------------------------------------------------------------------------

def advise(game: Game, seat: int | None = None, effort: str | int = "quick", *,
           limit: int = LIMIT, reading: Reading | None = None) -> Advice:
    """What ``seat`` (default: the seat to act) may know, each option's value, and the best.

    Uses only ``game.view(seat)`` and the public rules (R0). Each option's ``win`` is the chance
    this seat is not the durak after it: exact where the ending is solved, else searched over
    ``effort`` worlds dealt from the seat's view (``"quick"``, ``"deep"`` or a number of worlds;
    ``coach.values``); ``best`` are the options whose ``win`` is highest. Where every move
    loses with best play (a solved ending), they all stay in ``best``, ordered by how often the
    search (its playouts are not perfect play) sees the opponent go wrong after each: a lost
    position is still worth playing against a player who may err. ``limit``: positions
    an ending's search may visit before the coach says it is too big (``ending.LIMIT``).
    ``reading``: what the opponent's public play told of his hand and his play
    (``coach.reading.Reading``, which ``coach_bot`` keeps), for the search; without it the worlds
    are dealt uniformly and he answers by the tree.

    >>> from durak_edu import new_game
    >>> g = new_game("podkidnoy", players=2, seed=7)
    >>> a = advise(g)
    >>> a.seat, len(a.unknown), a.where          # R10: 6 in the other hand, 23 in the talon
    (1, 29, {0: 6, 'talon': 23})
    >>> a.option("attack 6♥").p_beaten           # a higher trump: 7 of the 29 unknown cards
    Fraction(19067, 22620)
    >>> a.method, a.worlds, a.value == a.option(a.best[0]).win
    ('search', 300, True)
    """
    if not isinstance(game, Game):
        raise TypeError(f"advise needs a game (from new_game), not {type(game).__name__}")
    worlds = effort_worlds(effort)
    if seat is None:
        if game.to_act is None:
            raise ValueError("seat: the game is over, so no seat is to act; say whose view to "
                             "take (advise(game, seat=0))")
        seat = game.to_act
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be a seat 0..{game.players - 1}, not {seat!r}")
    view = game.view(seat)
    where: dict[int | str, int] = {p: view.unknown_in_hand(p) for p in range(game.players)
                                   if p != seat}
    where["talon"] = view.unknown_in_talon
    by_suit: dict[Suit | None, list[Card]] = {}
    for c in view.unknown:
        by_suit.setdefault(c.suit, []).append(c)
    out_by_suit = {s: tuple(cs) for s, cs in by_suit.items()}
    sentences = [_where_text(game, seat, len(view.unknown), where)]
    if game.to_act != seat or game.to_act is None:
        if game.is_over or game.to_act is None:
            sentences.append(f"The game is over: {game.result}.")
        else:
            sentences.append(f"It is {_who(game, game.to_act)}'s turn, not {_who(game, seat)}'s.")
        return Advice(seat, view.unknown, where, (), (), " ".join(sentences), "", out_by_suit)

    seed = _seed(game, view)
    rng = np.random.default_rng(seed)
    beating = _has_beating(game)
    options = [_option(game, seat, a, beating, rng) for a in game.legal_actions()]

    ending = ""
    # R0: with the talon empty and two players, nothing is unknown and the ending is exact
    if (game.players == 2 and getattr(game, "talon_size", 0) == 0 and not view.unknown
            and _searchable(game)):
        try:
            solved = move_values(game, limit)
        except TooBig:
            ending = "too big"
        else:
            ending = "solved"
            options = [replace(o, value=v, win=Fraction(int(v >= 0)))
                       for o, (_a, v) in zip(options, solved)]
    near = False
    slips: Values | None = None
    if ending == "solved":
        top = max(o.value for o in options if o.value is not None)
        tied = [i for i, o in enumerate(options) if o.value == top]
        if top < 0 and len(tied) > 1 and playable(game):
            slips = values(game, seat, worlds, seed, reading)
            tied.sort(key=lambda i: -sure(slips.wins[i]))  # stable: ties keep legal order
        best = tuple(options[i].action for i in tied)
        method, searched = "exact", 0
    else:
        vals = values(game, seat, worlds, seed, reading)
        method, searched = vals.method, vals.total
        options = [replace(o, win=w, worlds=n)
                   for o, w, n in zip(options, vals.wins, vals.worlds)]
        best, near = _searched_best(game, seat, options, vals)
    first = next(o for o in options if o.action == best[0])
    sentences += _advice_text(game, seat, options, best, ending, limit, method, searched, near)
    if slips is not None:
        sentences.append(_slips_text(options, best, slips))
    return Advice(seat, view.unknown, where, tuple(options), best, " ".join(sentences), ending,
                  out_by_suit, first.win, method, searched, near)


def _searched_best(game: Game, seat: int, options: list[Option],
                   vals: Values) -> tuple[tuple[Action, ...], bool]:
    """``best`` from searched values (``values.rank``) and whether it holds near-ties. Among
    near-ties the search cannot tell apart, the cheapest move comes first (``CHEAP_FIRST``:
    ``lowest_card_bot``'s, if it is one of them): it keeps the higher cards and trumps, and
    following the noise would trade them for nothing; with no values, that move alone."""
    order, near = rank(vals.wins, vals.worlds)
    if not order:
        return (lowest_card_bot(game, seat),), False
    best = tuple(options[i].action for i in order)
    if near and CHEAP_FIRST:
        cheap = lowest_card_bot(game, seat)
        if cheap in best[1:]:
            best = (cheap,) + tuple(a for a in best if a != cheap)
    return best, near


def _searchable(game: Game) -> bool:
    """Can the ending search play this game (its engine gives positions a key)?"""
    try:
        game.position_key()
    except TypeError:
        return False
    return True


_VERDICT = {1: "wins", 0: "draws", -1: "loses"}


def _solved_text(options: list[Option], best: tuple[Action, ...]) -> list[str]:
    out = []
    first = next(o for o in options if o.action == best[0])
    assert first.value is not None
    word = _VERDICT[first.value]
    keep = len(best)
    moves = " or ".join(str(a) for a in best[:3]) + (" …" if keep > 3 else "")
    if len(options) == 1:
        share = "."
    elif keep == 1:
        share = f" (the only one of {len(options)} moves that does)."
    else:
        share = f" ({keep} of {len(options)} moves do)."
    out.append(f"With the talon empty both hands are known (R0), so the whole ending can be "
               f"searched: {moves} {word} with best play{share}")
    worse = [o for o in options if o.value is not None and o.value < first.value]
    if worse:
        out.append(f"{len(worse)} other move{'s' * (len(worse) != 1)} would not "
                   f"({', '.join(str(o.action) for o in worse[:2])}"
                   f"{' …' if len(worse) > 2 else ''}).")
    return out


def _slips_text(options: list[Option], best: tuple[Action, ...], slips: Values) -> str:
    """Why the first of moves that all lose with best play: the search's chance that the
    opponent goes wrong after it (a tie-break, not a value: ``win`` stays exact)."""
    i = next(k for k, o in enumerate(options) if o.action == best[0])
    w, n = slips.wins[i], slips.worlds[i]
    seen = (f"in {win_text(w, n)} of the {n} searched games after it the opponent went wrong"
            if w is not None else "the search did not reach it")
    return (f"Every move loses against perfect play, so the coach picks the one that gives an "
            f"opponent who is not perfect the most chances to go wrong: {best[0]} ({seen}; "
            f"search over {slips.total} games, greedy playouts).")


def _reason(game: Game, o: Option) -> str:
    """The counting fact behind a move (R2.3, R2.4, R7.3, R8.1), or ``""``."""
    if o.p_throw is not None:
        return (f"after it a player who may throw in holds a card of a rank on the table with "
                f"chance {chance_text(o.p_throw)}")
    if o.chance is not None and o.answerer is not None:
        verb = "beat" if o.p_beaten is not None else "follow"
        return f"{_who(game, o.answerer)} can {verb} it with chance {chance_text(o.chance)}"
    return ""


def _advice_text(game: Game, seat: int, options: list[Option], best: tuple[Action, ...],
                 ending: str, limit: int, method: str, worlds: int, near: bool) -> list[str]:
    if ending == "solved":
        return _solved_text(options, best)
    out = []
    if ending == "too big":
        out.append(f"The ending is too big to search within the limit ({limit:,} positions), so "
                   "there is no exact verdict; the values are searched instead.")
    first = next(o for o in options if o.action == best[0])
    reason = _reason(game, first)
    if method == "rough":
        out.append(f"The engine's core does not play {game.variant} yet, so the values are slow "
                   f"and rough: each move followed in the same {worlds} deals of the unseen cards "
                   f"consistent with what {_who(game, seat)} sees (R0) by greedy playouts (the "
                   f"lowest card that works, {EPSILON * 100:.0f} % of the moves at random), with "
                   f"no search of the answers.")
        out.append(f"Best: {best[0]}: {_who(game, seat)} is not the durak in "
                   f"{win_text(first.win, first.worlds)} of those deals"
                   + (f" ({reason})." if reason else "."))
        return out
    if method != "search":
        out.append(f"The coach has no values for {game.variant} yet: its values follow each "
                   f"move in deals of the unseen cards consistent with what {_who(game, seat)} "
                   f"sees (R0), and this game's engine cannot deal those yet, so it falls back on "
                   f"a rule of thumb (the lowest card that works): {best[0]}"
                   + (f"; {reason}." if reason else "."))
        return out
    out.append(f"Searched over {worlds} deals of the unseen cards consistent with what "
               f"{_who(game, seat)} sees (R0), each played on with the greedy policy (the lowest "
               f"card that works, {EPSILON * 100:.0f} % of the moves at random).")
    out.append(f"Best: {best[0]}: {_who(game, seat)} is not the durak in "
               f"{win_text(first.win, first.worlds)} of its {first.worlds} deals"
               + (f" ({reason})." if reason else "."))
    if near:
        ties = [o for o in options if o.action in best[1:]]
        out.append("Within the search's noise of it (two standard errors), so as good as far as "
                   "it can tell: " + ", ".join(f"{o.action} ({win_text(o.win, o.worlds)})"
                                               for o in ties[:3])
                   + (f" and {len(ties) - 3} more" if len(ties) > 3 else "") + ".")
        surest = max((o for o in options if o.action in best), key=lambda o: sure(o.win))
        if surest.action != best[0]:
            out.append(f"Of moves it cannot tell apart the cheapest comes first, {best[0]}: it "
                       f"keeps the higher cards ({surest.action} scored highest, "
                       f"{win_text(surest.win, surest.worlds)}).")
    rest = [o for o in options if o.action not in best and o.win is not None]
    if rest:
        worst = min(rest, key=lambda o: (_value_of(o.win) or 0.0, -o.worlds))
        out.append(f"Worst: {worst.action} ({win_text(worst.win, worst.worlds)}, "
                   f"{worst.worlds} deal{'s' * (worst.worlds != 1)}).")
    return out
