"""Random playouts of attack–defence games at simulation speed (R2, R6).

Bots that search, tournaments and Monte Carlo lessons play thousands of games to the end with
random moves. ``AttackGame`` builds ``Action`` objects, events and undo states for every move;
a playout needs none of that. This kernel plays the same game with plain integers:

* hands are bit sets in *rank-major* order (bit ``4 * (rank - 2) + suit``), so the lowest set bit
  is always the card that ``legal_actions()`` lists first (by rank, then suit) and a rank is one
  nibble;
* a move is chosen by *counting* the legal actions and decoding the chosen index, without
  listing them.

It draws the random index exactly as ``rng.choice(game.legal_actions())`` does for a
``random.Random`` (``getrandbits`` of the count's bit length, drawn again while out of range)
and counts the actions in exactly the order ``legal_actions()`` lists them, so a playout here
is move for move the game the public API would play with the same generator:
``tests/test_rollout.py`` plays both and compares.

**One source, two lives.** This file is the only kernel. Where a C compiler is, ``setup.py`` has
Cython compile it in *pure-Python mode*: the ``cython.*`` annotations and decorators become C
integers, fixed arrays and C functions, and it runs about five times faster than plain Python.
Anywhere else (no compiler, pyodide) the same file runs as plain Python, importing
``cython_shim`` under the name ``cython``; ``python_kernel()`` and ``use_kernel("python")`` run
it so where it is compiled too, and the tests hold both to the public API, move for move.

It covers the attack–defence rules, transfers included, but not teams or the R4 shapes:
``MODELLED`` lists, option by option, the values the kernel plays, and ``supports`` sends any
other game — an option added to ``Rules`` later included — to the public API. The kernel reads
the options by name from one configuration (``kernel_config``).
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import random
import sys
import typing
from contextlib import contextmanager
from math import comb
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Iterator, TypeVar

if TYPE_CHECKING:
    from . import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own; plain Python with Cython installed: its Shadow
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from . import cython_shim as cython

if cython.compiled:  # a compiled playout must still stop on Ctrl-C (checked once a bout)
    from cython.cimports.cpython.exc import PyErr_CheckSignals

from ..cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION, to_rank_major, to_suit_major
from ..rules import RulesBase
from .attack import AttackGame, fool_result
from .base import Game, Result

__all__ = ["MODELLED", "supports", "kernel_config", "rollout", "shuffle", "KERNEL",
           "use_kernel", "python_kernel"]

ANY = None  # every value the rules accept

#: Every ``Rules`` option, with the values the kernel plays (``ANY``: all the valid ones). A game
#: whose options are not all listed here is played out through the public API instead — so an
#: option added to ``Rules`` later can never be silently ignored (tests/test_rollout.py walks the
#: fields).
MODELLED: dict[str, frozenset[object] | None] = {
    # the deal and the deck are done before a playout; the beater masks carry R2.3 and R6
    "deck": frozenset({20, 24, 32, 36, 52}), "hand_size": ANY, "min_players": ANY, "max_players": ANY, "trump": ANY,
    "first_lead": ANY, "next_game_lead": ANY,
    "spades_apart": ANY, "spade_turned": ANY, "queen_of_spades_high": ANY,
    # R2
    "attack_shape": frozenset({"rank"}),  # the R4 shapes are played by the API
    "throw_in": ANY, "throw_in_ranks": ANY, "throw_one_at_a_time": ANY,
    "bout_limit": ANY, "first_bout_limit": ANY,
    "partial_take": frozenset({False}),  # R4 B is played by the API
    "taker_keeps_turn": ANY, "draw_order": ANY, "share_short_talon": ANY, "draws": ANY,
    "repetition_draw": ANY, "epaulettes_need_plain_six": ANY,
    # R3
    "transfer": ANY, "transfer_in_first_bout": ANY, "transfer_with_trump_on_table": ANY,
    "transfer_by_last_card": ANY, "proezdnoy": ANY, "transfer_after_beating": ANY,
    "transfer_beat_only_new": ANY, "refusal": ANY,
    # R5 is played by the API
    "teams": frozenset({False}),
    # R9: the gallery's house rules are played by the API (each with only its default)
    "suitless": frozenset({False}), "ace_beaten_by_any_trump": frozenset({False}),
    "lowest_only_by_ace": frozenset({False}), "highest_only_by_lowest": frozenset({False}),
    "six_beats_ace": frozenset({False}), "deal_all": frozenset({False}),
    "talon_removed": frozenset({False}), "trump_card_hidden": frozenset({False}),
    "every_second_bito_back": frozenset({False}), "bito_swaps_trump": frozenset({False}),
    "nine_of_diamonds_stops_throw_ins": frozenset({False}), "take_first_only": frozenset({False}),
    "aces_first": frozenset({False}), "ace_put_back": frozenset({False}),
    "draw_only_when_empty": frozenset({False}), "progressive_refill": frozenset({False}),
    "attack_with_highest": frozenset({False}), "pass_hands_left": frozenset({False}),
    "jokers": frozenset({"beat_all"}),  # R9.22, R9.33: the joker decks (53, 54) go to the API
    "twin_beats": frozenset({False}), "hand_loses_at": frozenset({None}),  # R9.21, R9.29
    # R9.10, R9.17-R9.19, R9.26: the gallery's new moves are played by the API
    "defender_throws_in": frozenset({False}), "defender_draws": frozenset({False}),
    "talon_attack": frozenset({False}), "defender_swaps": frozenset({False}),
    "trump_six_exchange": frozenset({False}), "counter_attack": frozenset({False}),  # R9.39
    # R9.27, R9.28, R9.38: played by the API
    "scoring": frozenset({"durak"}), "redeal_five_of_a_suit": frozenset({False}),
    "clubs_apart": frozenset({False}), "one_higher_phase": frozenset({False}),
    # R9.24, R9.35, R9.37, R9.40 are played by the API
    # (opponents_trump and reserve_size change nothing without trump_per_seat and reserve)
    "second_trump": frozenset({False}), "trump_per_seat": frozenset({False}),
    "opponents_trump": ANY, "dealt_locked": frozenset({False}),
    "reserve": frozenset({False}), "reserve_size": ANY,
    # issue 27's readings (R9.45, R9.46) are played by the API (the core)
    "lead_whole_rank": frozenset({False}), "trump_six_for_ace": frozenset({False}),
}


#: id(rules) -> (rules, modelled?): a playout asks for every game, so the answer is kept per
#: Rules object (identity, not equality: hashing 33 fields costs more than the check)
_MODELLED_BY_RULES: dict[object, tuple[RulesBase, bool]] = {}
#: (id(rules), trump, deck size) -> (rules, kernel_config)
_CONFIGS: dict[object, tuple[RulesBase, dict[str, int]]] = {}
T = TypeVar("T")


def _remembered(cache: dict[object, tuple[RulesBase, T]], key: object, rules: RulesBase,
                make: Callable[[], T]) -> T:
    hit = cache.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(cache) > 512:
        cache.clear()
    value = make()
    cache[key] = (rules, value)
    return value


def _modelled(rules: RulesBase) -> bool:
    def check() -> bool:
        for f in dataclasses.fields(rules):
            if f.name not in MODELLED:
                return False
            allowed = MODELLED[f.name]
            if allowed is not None and getattr(rules, f.name) not in allowed:  # None: ANY
                return False
        return True
    return _remembered(_MODELLED_BY_RULES, id(rules), rules, check)


def supports(game: Game) -> bool:
    """Can the kernel play ``game`` out? Only if every option it uses is in ``MODELLED``; every
    other game falls back to the public API."""
    return game.family == "attack" and game.players <= MAX_SEATS and _modelled(game.rules)


def kernel_config(game: AttackGame) -> dict[str, int]:
    """The options the kernel reads, by name (compiled or not, it reads this one dictionary).

    The limits are capped at the deck's size: no bout can hold more attack cards than there are
    cards, and the compiled kernel counts in machine integers (``bout_limit=2**31`` is valid).
    The dictionary is shared by every game with the same rules: read it, never change it.
    """
    r = game.rules
    most = len(game.deck_order)
    return _remembered(_CONFIGS, (id(r), game.trump, most), r, lambda: {
        "hand_size": min(r.hand_size, most),
        "first_bout_limit": min(r.first_bout_limit, most),
        "bout_limit": min(r.bout_limit, most),
        "throw_in": _THROW_IN.index(r.throw_in),
        "throw_in_ranks_table": r.throw_in_ranks == "table",
        "throw_one_at_a_time": r.throw_one_at_a_time,
        "share_short_talon": r.share_short_talon,
        "repetition_draw": r.repetition_draw,
        "draws": r.draws,
        "taker_keeps_turn": r.taker_keeps_turn,
        "draw_clockwise": r.draw_order == "clockwise",
        "transfer": r.transfer,
        "transfer_in_first_bout": r.transfer_in_first_bout,
        "transfer_with_trump_on_table": r.transfer_with_trump_on_table,
        "transfer_by_last_card": r.transfer_by_last_card,
        "proezdnoy": r.proezdnoy,
        "transfer_after_beating": r.transfer_after_beating,
        "transfer_beat_only_new": r.transfer_beat_only_new,
        "refusal": r.refusal,
        "trump_suit": -1 if game.trump is None else int(game.trump),
    })


_POS = RANK_MAJOR_POSITION  # Card.index -> rank-major position
_CARD = RANK_MAJOR_CARDS  # rank-major position -> Card


# SWAR bit counting (compiled: the C compiler turns it into a popcount)
_M_55 = cython.declare(cython.ulonglong, 0x5555555555555555)
_M_33 = cython.declare(cython.ulonglong, 0x3333333333333333)
_M_0F = cython.declare(cython.ulonglong, 0x0F0F0F0F0F0F0F0F)
_M_01 = cython.declare(cython.ulonglong, 0x0101010101010101)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount(m: cython.ulonglong) -> cython.int:
    """How many cards a mask holds (compiled: a few machine instructions)."""
    m = m - ((m >> 1) & _M_55)
    m = (m & _M_33) + ((m >> 2) & _M_33)
    m = (m + (m >> 4)) & _M_0F
    return cython.cast(cython.int, (m * _M_01) >> 56)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bitlen(m: cython.ulonglong) -> cython.int:
    """``m.bit_length()``: one more than the position of the highest set bit (0 for 0), found
    by halving (32, 16, … 1 bits) instead of shifting one bit at a time."""
    n: cython.int = 0
    step: cython.int = 32
    while step:
        if m >> step:
            m >>= step
            n += step
        step >>= 1
    return n + cython.cast(cython.int, m)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _nth_bit(m: cython.ulonglong, j: cython.longlong) -> cython.ulonglong:
    """The ``j``-th lowest set bit of ``m`` (0-based), as a one-bit mask."""
    while j > 0:
        m &= m - 1
        j -= 1
    return m & (~m + 1)


if not cython.compiled:  # plain Python: the built-in methods are the fast way
    _popcount = int.bit_count  # type: ignore[assignment]  # noqa: F811 - the same function
    _bitlen = int.bit_length  # type: ignore[assignment]  # noqa: F811 - the same function


_M1 = cython.declare(cython.ulonglong, 0x5555555555555)  # the low bit of each two
_M2 = cython.declare(cython.ulonglong, 0x3333333333333)  # the low two bits of each nibble
_M4 = cython.declare(cython.ulonglong, 0x1111111111111)  # the low bit of each nibble (rank)
_ONE = cython.declare(cython.ulonglong, 1)  # shifts of a card bit stay in 64 bits when compiled
_RANK = cython.declare(cython.ulonglong, 0xF)  # the four cards of a rank


def _counting_tables() -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    # built in a function: Cython 3.3.1 miscounts references in nested comprehensions at
    # module level (the interpreter aborts on exit)
    return ([[comb(n, k) for k in range(53)] for n in range(53)],
            [[sum(comb(n, i) for i in range(1, k + 1)) for k in range(n + 1)] for n in range(53)],
            [[sum(comb(c, k) for k in range(2, most + 1)) for most in range(5)] for c in range(5)])


#: _COMB[n][k]: the binomial coefficient (0 when k > n); _SUBSETS[n][k]: non-empty subsets of at
#: most k of n cards; _MULTI[c][most]: attacks of two to ``most`` cards from a rank held c times
_COMB, _SUBSETS, _MULTI = _counting_tables()


@cython.cfunc
@cython.locals(n=cython.int, low=cython.ulonglong, room=cython.longlong)
def _nth_combination(m: cython.ulonglong, k: cython.int, j: cython.longlong) -> cython.ulonglong:
    """The ``j``-th ``k``-card subset of the cards of ``m``, as a mask, in the order
    ``itertools.combinations`` lists them (lowest cards first): unranked without listing."""
    n = _popcount(m)
    out: cython.ulonglong = 0
    while k > 0:
        low = m & (~m + 1)
        m ^= low
        n -= 1
        room = _COMB[n][k - 1]  # the subsets that take this card
        if j < room:
            out |= low
            k -= 1
        else:
            j -= room
    return out


@cython.cfunc
@cython.locals(k=cython.int, c=cython.longlong)
def _nth_subset(m: cython.ulonglong, room: cython.int, j: cython.longlong) -> cython.ulonglong:
    """The ``j``-th non-empty subset of the cards of ``m`` of at most ``room`` cards, smallest
    first: the order ``legal_actions()`` lists throw-ins."""
    for k in range(1, room + 1):
        c = _COMB[_popcount(m)][k]
        if j < c:
            return _nth_combination(m, k, j)
        j -= c
    raise AssertionError("subset index out of range")  # pragma: no cover


@cython.cfunc
@cython.locals(k=cython.int, rest=cython.ulonglong, low=cython.ulonglong, shift=cython.int,
               nibble=cython.ulonglong, c=cython.longlong)
def _nth_group(h: cython.ulonglong, multi: cython.ulonglong, most: cython.int,
               j: cython.longlong) -> cython.ulonglong:
    """The ``j``-th attack of several cards of one rank, by size, then rank, then suits: the
    order ``legal_actions()`` lists them (``multi``: one bit per rank held twice or more)."""
    for k in range(2, most + 1):
        rest = multi
        while rest:
            low = rest & (~rest + 1)
            rest ^= low
            shift = _bitlen(low) - 1
            nibble = h >> shift & _RANK
            c = _COMB[_popcount(nibble)][k]
            if j < c:
                return _nth_combination(nibble, k, j) << shift
            j -= c
    raise AssertionError("attack index out of range")  # pragma: no cover


_BEATERS: dict[int, tuple[dict[int, int], list[int]]] = {}


def _beaters(game: AttackGame) -> list[int]:
    """The game's beater masks (R2.3, R6) by rank-major position, cached per rule set."""
    cached = _BEATERS.get(id(game._beaters))
    if cached is None or cached[0] is not game._beaters:
        table = [0] * 52
        for index, m in game._beaters.items():
            table[_POS[index]] = to_rank_major(m)
        cached = _BEATERS[id(game._beaters)] = (game._beaters, table)
    return cached[1]


# -- the playout ---------------------------------------------------------------------------------

def rollout(game: AttackGame, rng: random.Random) -> Result:
    """Play ``game`` (an ``AttackGame`` that ``supports``) to its end with uniformly random legal
    moves drawn from ``rng`` (a ``random.Random``), changing it in place; return the result.

    The game must keep no history (``clone(history=False)``): no events are written. Compiled
    or not (``KERNEL``), the kernel plays exactly the same moves.
    """
    if _use_python and cython.compiled:
        return python_kernel().rollout(game, rng)
    s = game._s
    if s.result is not None:
        return s.result
    n = game.players
    talon = [_POS[c.index] for c in game.talon]
    trump_pos = (_POS[game.trump_card.index]
                 if game.trump_card is not None and talon and game.talon[-1] is game.trump_card
                 else -1)
    config = kernel_config(game)
    table = [[_POS[a.index], -1 if d is None else _POS[d.index]] for a, d in s.table]
    run = 0  # R2.5: the seats (bits) that have passed since the table last changed
    for p in s.pass_run:
        run |= 1 << p
    # the game's position keys (hands, next attacker, talon, discard, out: attack.py) in
    # rank-major bits
    seen: dict[tuple[object, ...], int] = {
        (tuple(to_rank_major(m) for m in typing.cast("tuple[int, ...]", k[0])),) + k[1:]: v
        for k, v in s.seen.items()}
    assert s.to_act is not None  # the game is not over
    (hands, known, tp, discarded, out, bout, attacker, defender, end) = _play(
        n, [to_rank_major(m) for m in s.hands], [to_rank_major(m) for m in s.known], talon,
        s.talon_pos, len(s.discard), trump_pos, _beaters(game), config, s.out, s.bout,
        s.attacker, s.defender, s.to_act, table, s.n_attack, s.taking, run, s.phase == "open",
        seen, rng.getrandbits, game.REPETITIONS, s.settled, sum(1 << p for p in s.shown),
        s.refused, s.opener)
    if end is None:
        result = Result.repetition(out, game.names)
    else:
        durak, took_last, final_attack = end
        result = fool_result(game, None if durak < 0 else durak, out, took_last,
                             [_CARD[a] for a in final_attack])

    # write the end position back into the game's state
    s.hands = [to_suit_major(m) for m in hands]
    s.known = [to_suit_major(m) for m in known]
    s.talon_pos = tp
    s.table = []
    s.discard = s.discard + [_CARD[x] for x in discarded]
    s.attacker = s.att_player = attacker
    s.defender = s.def_player = defender
    s.taking = False
    s.pass_run = frozenset()
    s.to_act = None
    s.phase = "over"
    s.bout = bout
    s.out = out
    s.n_attack = 0
    s.open_passes = 0
    s.result = result
    # (the repetition counts are left as they were: the game is over, nothing follows)
    game._legal_cache = None
    return result


_THROW_IN = ("all", "neighbours", "attacker", "none")
_BOUT_OVER = -2  # to_act after a refusal: the bout ends at once (R3.4)

@cython.locals(i=cython.int, j=cython.longlong, k=cython.int, n=cython.longlong)
def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)`` move for move — the same permutation from the same generator —
    at compiled speed: a fresh game's shuffle is a large share of a short playout.

    >>> import random
    >>> a, b = list(range(36)), list(range(36))
    >>> random.Random(7).shuffle(a); shuffle(b, random.Random(7)); a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)  # a generator of its own may shuffle its own way
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        # random.Random._randbelow_with_getrandbits(i + 1), as CPython draws it
        n = i + 1
        k = _bitlen(n)
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: which kernel this module is: "compiled" (this file, built by Cython) or "python"
KERNEL = "compiled" if cython.compiled else "python"
_use_python = False  # use_kernel("python") in a compiled build
_python_module: list[ModuleType] = []


def python_kernel() -> ModuleType:
    """This module run as plain Python, even where it was compiled (the tests and the benchmark
    hold the two to the same moves)."""
    if not cython.compiled:
        return sys.modules[__name__]
    if not _python_module:
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rollout.py")
        spec = importlib.util.spec_from_file_location(__name__ + "_python", source)
        if spec is None or spec.loader is None or not os.path.exists(source):
            raise RuntimeError(f"the kernel's source {source} is missing: reinstall durak-edu")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        _python_module.append(module)
    return _python_module[0]


@contextmanager
def use_kernel(which: str) -> Iterator[None]:
    """Play playouts with the ``"compiled"`` or the ``"python"`` kernel inside a ``with`` block.

    >>> import random
    >>> from durak_edu import new_game
    >>> with use_kernel("python"):
    ...     new_game("podkidnoy", seed=1).clone(history=False).playout(random.Random(1)).durak
    1
    """
    global _use_python
    if which not in ("compiled", "python"):
        raise ValueError(f"use_kernel: {which!r} is not a kernel; say 'compiled' or 'python'")
    if which == "compiled" and not cython.compiled:
        raise RuntimeError("the compiled kernel was not built (it needs Cython and a C compiler "
                           "when durak-edu is installed): pip install -e . builds it")
    before = _use_python
    _use_python = which == "python"
    try:
        yield
    finally:
        _use_python = before


#: what ``_play`` returns: hands, known, talon position, discarded, out, bout, attacker,
#: defender and the end (durak or -1, took last, final attack; None: a draw by repetition)
_Outcome = tuple[list[int], list[int], int, list[int], tuple[int, ...], int, int, int,
                 "tuple[int, bool, list[int]] | None"]

#: a kernel game seats at most this many players (its hands are fixed arrays)
MAX_SEATS = 8


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(hand_size=cython.int, first_limit=cython.int, later_limit=cython.int,
               rank_of_defence=cython.bint, one_at_a_time=cython.bint, share_short=cython.bint,
               repetition=cython.bint, draws=cython.bint, keeps_turn=cython.bint,
               clockwise=cython.bint, throw_in=cython.int, transfer=cython.bint,
               only_new=cython.bint, tlen=cython.int, short=cython.int, ranks=cython.ulonglong,
               limit=cython.int, h=cython.ulonglong, most=cython.int, singles=cython.longlong,
               count=cython.longlong, beats=cython.longlong, x=cython.ulonglong,
               b=cython.ulonglong, k=cython.int, j=cython.longlong, m=cython.ulonglong,
               pos=cython.int, a=cython.int, d=cython.int, seat=cython.int,
               options=cython.ulonglong, c=cython.longlong, show=cython.ulonglong,
               target=cython.int, back=cython.int, room=cython.int, nxt=cython.int,
               i=cython.int, i0=cython.int, p=cython.int, took=cython.bint, durak=cython.int,
               outm=cython.int, nt=cython.int, nub=cython.int, n_order=cython.int,
               order=cython.ulonglong, drawers=cython.ulonglong,
               same=cython.ulonglong, multi=cython.ulonglong,
               n_draw=cython.int, seating=cython.int, transfer_rules=cython.int,
               sizes=cython.int, epoch_talon=cython.int, epoch_discard=cython.int,
               pending=cython.bint, first_next=cython.int,
               # fixed C arrays (Cython's spelling, which mypy cannot read as a type)
               hs=cython.ulonglong[8],  # type: ignore[misc, valid-type]
               kn=cython.ulonglong[8],  # type: ignore[misc, valid-type]
               first=cython.ulonglong[8],  # type: ignore[misc, valid-type]
               beat=cython.ulonglong[52],  # type: ignore[misc, valid-type]
               ta=cython.int[52], td=cython.int[52],  # type: ignore[misc, valid-type]
               ub=cython.int[52])  # type: ignore[misc, valid-type]
def _play(n: cython.int, hands: list[int], known: list[int], talon: list[int], tp: cython.int,
          n_discard: cython.int, trump_pos: cython.int, beaters: list[int],
          config: dict[str, int], out: tuple[int, ...], bout: cython.int, attacker: cython.int,
          defender: cython.int, to_act: cython.int, table: list[list[int]],
          n_attack: cython.int, taking: cython.bint, run: cython.int, opening: cython.bint,
          seen: dict[tuple[object, ...], int], getrandbits: Callable[[int], int],
          repetitions: cython.int, settled: cython.int, shown: cython.int,
          refused: cython.bint, opener: cython.int) -> _Outcome:
    """The playout itself, on rank-major positions, in fixed arrays.

    ``config`` is ``kernel_config(game)``; ``opener`` the seat that opened this bout (R3.1).
    The table is two arrays (``ta`` attack, ``td`` defence or -1) of ``nt`` cards; ``ub`` holds
    the ``nub`` unbeaten attack cards in the order they were played; ``outm`` has a bit per seat
    that is out. Returns ``(hands, known, talon_pos, discarded, out, bout, attacker, defender,
    end)``: ``discarded`` the positions sent to the discard pile, in order; ``end`` is ``None``
    for a draw by repetition, else ``(durak or -1, took_last, final attack positions)``.
    """
    hand_size = config["hand_size"]
    first_limit, later_limit = config["first_bout_limit"], config["bout_limit"]
    rank_of_defence = config["throw_in_ranks_table"]
    one_at_a_time = config["throw_one_at_a_time"]
    share_short = config["share_short_talon"]
    repetition, draws = config["repetition_draw"], config["draws"]
    keeps_turn = config["taker_keeps_turn"]
    clockwise, throw_in = config["draw_clockwise"], config["throw_in"]
    transfer, only_new = config["transfer"], config["transfer_beat_only_new"]
    tlen = len(talon)
    end: tuple[int, bool, list[int]] | None = None
    transfer_rules = (config["transfer_in_first_bout"] | config["transfer_with_trump_on_table"] << 1
                      | config["transfer_by_last_card"] << 2 | config["proezdnoy"] << 3
                      | config["transfer_after_beating"] << 4 | only_new << 5
                      | config["refusal"] << 6 | (config["trump_suit"] + 1) << 7)
    discard: list[int] = []
    hs = (hands + [0] * MAX_SEATS)[:MAX_SEATS]
    kn = (known + [0] * MAX_SEATS)[:MAX_SEATS]
    beat = beaters  # by rank-major position: the cards that beat it
    ta = [0] * 52
    td = [0] * 52
    ub = [0] * 52
    nt = nub = 0
    ranks = 0
    for i in range(len(table)):
        a, d = table[i][0], table[i][1]
        ta[nt], td[nt] = a, d
        nt += 1
        if i >= settled and d < 0:
            ub[nub] = a
            nub += 1
        ranks |= _RANK << (a & ~3)
        if d >= 0 and rank_of_defence:
            ranks |= _RANK << (d & ~3)
    outm = 0
    for p in out:
        outm |= 1 << p
    epoch_talon, epoch_discard, pending = tp, n_discard, False  # see R2.11 below
    first = [0] * 8  # MAX_SEATS
    first_next = 0
    first_out = out
    seating = n << 14 | throw_in << 18 | clockwise << 20  # the part of a _seating key that stays
    order, n_order, drawers, n_draw = _seating(seating, attacker, defender, outm)

    while True:
        limit = first_limit if bout == 0 else later_limit
        if opening:
            # R2.2: one card or several of one rank, at most the limit (R2.6)
            h = hs[attacker]
            most = min(4, limit, _popcount(hs[defender]))
            singles = count = _popcount(h)
            multi = 0
            if most > 1:
                x = (h & _M1) + ((h >> 1) & _M1)
                x = (x & _M2) + ((x >> 2) & _M2)  # each nibble: how many cards of that rank
                x = ((x >> 1) | (x >> 2)) & _M4  # one bit per rank held two or more times
                multi = x
                while x:
                    b = x & (~x + 1)
                    x ^= b
                    count += _MULTI[_popcount(h >> (_bitlen(b) - 1) & _RANK)][most]
            if not count:  # rng.choice([]) fails too: never loop for ever
                raise RuntimeError("playout: no legal action to choose from")
            k = _bitlen(count)
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            if j < singles:
                m = _nth_bit(h, j)
                pos = _bitlen(m) - 1
                ta[nt], td[nt] = pos, -1
                nt += 1
                ub[nub] = pos
                nub += 1
                ranks |= _RANK << (pos & ~3)
                n_attack = 1
            else:
                m = _nth_group(h, multi, most, j - singles)
                x = m
                while x:
                    b = x & (~x + 1)
                    x ^= b
                    pos = _bitlen(b) - 1
                    ta[nt], td[nt] = pos, -1
                    nt += 1
                    ub[nub] = pos
                    nub += 1
                ranks |= _RANK << (pos & ~3)
                n_attack = _popcount(m)
            seat = attacker
            opening = False
            to_act = defender
        elif to_act == defender and not taking:
            # R2.3: beat one unbeaten card; R3: transfer (perevodnoy); R2.7: take. Listed so.
            h = hs[defender]
            count = 1
            for i in range(nub):
                options = beat[ub[i]]
                count += _popcount(h & options)
            beats = count - 1
            if transfer:
                same, sizes, show, target, back = _transfers(
                    h, ub, nub, ta, td, nt, hs, defender, attacker, outm, n, bout, n_attack,
                    limit, tp == tlen, shown, refused, transfer_rules, opener)
                for k in range(1, _popcount(same) + 1):
                    if sizes >> k & 1:
                        count += _COMB[_popcount(same)][k]
                count += show > 0
            k = _bitlen(count)
            j = getrandbits(k)
            while j >= count:
                j = getrandbits(k)
            seat, m = defender, 0
            if j < beats:
                for i in range(nub):
                    a = ub[i]
                    options = beat[a]
                    options &= h
                    c = _popcount(options)
                    if j < c:
                        m = _nth_bit(options, j)
                        pos = _bitlen(m) - 1
                        for p in range(nt):
                            if ta[p] == a:
                                td[p] = pos
                                break
                        nub -= 1
                        while i < nub:  # keep the others in order
                            ub[i] = ub[i + 1]
                            i += 1
                        if rank_of_defence:
                            ranks |= _RANK << (pos & ~3)
                        break
                    j -= c
                if nub:
                    to_act = defender
                else:
                    run = 0
                    to_act = attacker  # R2.5: the round starts again with the main attacker
            elif j == count - 1:
                taking = True
                run = 0
                to_act = attacker
            else:
                # R3.1: add cards of the attacking rank (or show its trump, R3.4) and pass the
                # attack on; R3.3: the transferring player becomes the main attacker
                j -= beats
                for k in range(1, _popcount(same) + 1):
                    if not sizes >> k & 1:
                        continue
                    c = _COMB[_popcount(same)][k]
                    if j < c:
                        if only_new:
                            nub = 0  # R3.4 (perevodnoy 3): the old cards need no beating
                            settled = nt
                        m = _nth_combination(same, k, j)
                        x = m
                        while x:
                            b = x & (~x + 1)
                            x ^= b
                            pos = _bitlen(b) - 1
                            ta[nt], td[nt] = pos, -1
                            nt += 1
                            ub[nub] = pos
                            nub += 1
                        n_attack += k
                        break
                    j -= c
                else:
                    shown |= 1 << defender
                    kn[defender] |= show
                attacker, defender = defender, target
                run = 0
                if back >= 0:  # R3.4 refusal: the cards go back to the player who went out
                    refused = True
                    defender = back
                    taking = True
                    to_act = _BOUT_OVER
                else:
                    to_act = defender
                order, n_order, drawers, n_draw = _seating(seating, attacker, defender, outm)
        else:
            # R2.4: a thrower throws in cards of ranks on the table, or passes
            seat = to_act
            room = min(limit - n_attack, _popcount(hs[defender]) - nub)
            if one_at_a_time and seat != attacker:
                room = min(room, 1)
            m = hs[seat] & ranks
            room = min(room, _popcount(m))
            count = _SUBSETS[_popcount(m)][room] if room > 0 else 0  # and one pass
            k = _bitlen(count + 1)
            j = getrandbits(k)
            while j > count:
                j = getrandbits(k)
            if j == count:  # pass
                m = 0
                run |= 1 << seat
                i = _find(order, n_order, seat)
                to_act = _at(order, (i + 1) % n_order) if i >= 0 else -1
            else:
                if room == 1:  # one card: the j-th in the order they are listed
                    m = _nth_bit(m, j)
                    pos = _bitlen(m) - 1
                    ta[nt], td[nt] = pos, -1
                    nt += 1
                    ub[nub] = pos
                    nub += 1
                    n_attack += 1
                else:
                    m = _nth_subset(m, room, j)
                    x = m
                    while x:
                        b = x & (~x + 1)
                        x ^= b
                        pos = _bitlen(b) - 1
                        ta[nt], td[nt] = pos, -1
                        nt += 1
                        ub[nub] = pos
                        nub += 1
                        n_attack += 1
                run = 0
                to_act = seat if taking else defender
        if m:  # the cards leave the hand; R2.10: with the talon empty, an empty hand is out
            hs[seat] &= ~m
            kn[seat] &= ~m
            if not hs[seat] and tp == tlen and not outm >> seat & 1:
                if to_act == seat:
                    # R2.5: out by a throw-in while the defender takes: priority goes on to the
                    # next thrower after him in the order
                    to_act = _at(order, (_find(order, n_order, seat) + 1) % n_order)
                out = out + (seat,)
                outm |= 1 << seat
                order, n_order, drawers, n_draw = _seating(seating, attacker, defender, outm)
        if to_act == defender and not taking:
            continue
        if to_act != _BOUT_OVER:
            # R2.5: priority goes round the throwers from ``to_act``; one who has passed since
            # the table last changed, or has nothing to throw, is skipped
            room = min(limit - n_attack, _popcount(hs[defender]) - nub)
            nxt = -1
            if room > 0 and n_order:
                i0 = _find(order, n_order, to_act)
                if i0 < 0:
                    i0 = 0
                for i in range(n_order):
                    p = order >> ((i0 + i) % n_order << 2) & 15  # _at, inline
                    if not run >> p & 1:
                        if hs[p] & ranks:
                            nxt = p
                            break
                        run |= 1 << p
            to_act = nxt
            if nxt >= 0:
                continue

        # -- the bout is over (R2.7, R2.8) ------------------------------------------------------
        took = taking
        if took:
            m = 0
            for i in range(nt):
                m |= _ONE << ta[i]
                if td[i] >= 0:
                    m |= _ONE << td[i]
            hs[defender] |= m
            kn[defender] |= m  # R0: picked-up cards are public
            if outm >> defender & 1:  # R3.4 refusal: the player who had gone out is back in
                out = tuple([p for p in out if p != defender])
                outm &= ~(1 << defender)
        else:
            for i in range(nt):
                discard.append(ta[i])
                if td[i] >= 0:
                    discard.append(td[i])
        # R2.9: draw up to hand_size, attacker first, then clockwise, the defender last
        if tp < tlen:
            short = 0
            for i in range(n_draw):
                short += max(0, hand_size - _popcount(hs[drawers >> (i << 2) & 15]))
            if share_short and short > tlen - tp:
                needs = [max(0, hand_size - _popcount(hs[drawers >> (i << 2) & 15]))
                         for i in range(n_draw)]
                while tp < tlen and short:
                    for i in range(n_draw):
                        if tp < tlen and needs[i]:
                            pos = talon[tp]
                            hs[drawers >> (i << 2) & 15] |= _ONE << pos
                            tp += 1
                            needs[i] -= 1
                            short -= 1
            else:
                for i in range(n_draw):
                    p = drawers >> (i << 2) & 15
                    k = min(hand_size - _popcount(hs[p]), tlen - tp)
                    while k > 0:
                        pos = talon[tp]
                        hs[p] |= _ONE << pos
                        tp += 1
                        k -= 1
            if tp == tlen and trump_pos >= 0:
                for i in range(n_draw):
                    p = drawers >> (i << 2) & 15
                    if hs[p] >> trump_pos & 1:
                        kn[p] |= _ONE << trump_pos  # R0: the turned trump was seen by all
        if tp == tlen:
            for i in range(n_draw):  # R2.10: with the talon empty, an empty hand is out
                p = drawers >> (i << 2) & 15
                if not hs[p] and not outm >> p & 1:
                    out = out + (p,)
                    outm |= 1 << p
            # R2.11: the game ends when at most one player holds cards
            durak, k = -1, 0
            for p in range(n):
                if hs[p]:
                    durak = p
                    k += 1
            if k <= 1:
                if k == 0:
                    durak = -1 if draws else defender
                end = (durak, took and durak == defender, [ta[i] for i in range(nt)])
                break
        nt = nub = 0
        ranks = n_attack = run = settled = shown = 0
        taking = refused = False
        bout += 1
        if cython.compiled:
            PyErr_CheckSignals()  # Ctrl-C stops an endless game (repetition_draw=False)
        if took and not keeps_turn or not took and outm >> defender & 1:
            nxt = _next_seat(defender, n, outm)
        else:
            nxt = defender
        if repetition:
            # R2.11 (a position come round REPETITIONS times is a draw). The talon and the discard
            # pile only grow, so a position can only come back while both stay as they are: a
            # bout that changes either starts an epoch, and its position is only written down
            # (built as Python objects) when a second bout of the same epoch follows.
            k = n_discard + len(discard)
            if tp != epoch_talon or k != epoch_discard:
                epoch_talon, epoch_discard = tp, k
                seen.clear()
                for p in range(n):
                    first[p] = hs[p]
                first_next, first_out, pending = nxt, out, True
                if repetitions <= 1:
                    end = None
                    break
            else:
                if pending:
                    seen[(tuple([first[p] for p in range(n)]), first_next, tp, k, first_out)] = 1
                    pending = False
                state = (tuple([hs[p] for p in range(n)]), nxt, tp, k, out)
                seen[state] = seen.get(state, 0) + 1
                if seen[state] >= repetitions:
                    end = None
                    break
        attacker = opener = nxt
        defender = _next_seat(nxt, n, outm)
        order, n_order, drawers, n_draw = _seating(seating, attacker, defender, outm)
        opening = True
        to_act = attacker

    return ([hs[p] for p in range(n)], [kn[p] for p in range(n)], tp, discard, out, bout,
            attacker, defender, end)


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(first_transfer=cython.bint, trump_on_table=cython.bint,
               by_last_card=cython.bint, proezdnoy=cython.bint, after_beating=cython.bint,
               only_new=cython.bint, refusal=cython.bint, trump_suit=cython.int,
               rank=cython.int, i=cython.int, target=cython.int, back=cython.int,
               held=cython.int, k=cython.int, show=cython.ulonglong, same=cython.ulonglong,
               sizes=cython.int)
def _transfers(h: cython.ulonglong, ub: cython.p_int, nub: cython.int, ta: cython.p_int,
               td: cython.p_int, nt: cython.int, hs: cython.p_ulonglong, defender: cython.int,
               attacker: cython.int, outm: cython.int, n: cython.int, bout: cython.int,
               n_attack: cython.int, limit: cython.int, talon_empty: cython.bint,
               shown: cython.int, refused: cython.bint, rules: cython.int, opener: cython.int
               ) -> tuple[int, int, int, int, int]:
    """R3: the transfers the defender may make now, as ``(same, sizes, show, target, back)``:
    the defender's cards of the attacking rank (a mask), how many of them may be added (bit
    ``k`` set: ``k`` cards), the trump that may be shown instead (a one-bit mask, 0: none), the
    next defender, and the seat a refusal gives the cards back to (-1: no refusal). ``rules``
    packs the R3 options (see ``_play``). Mirrors ``AttackGame._diagnose_transfer``."""
    first_transfer, trump_on_table = rules & 1, rules >> 1 & 1
    by_last_card, proezdnoy = rules >> 2 & 1, rules >> 3 & 1
    after_beating, only_new, refusal = rules >> 4 & 1, rules >> 5 & 1, rules >> 6 & 1
    trump_suit = (rules >> 7) - 1
    none: tuple[int, int, int, int, int] = (0, 0, 0, -1, -1)
    beaten: cython.bint = False
    if not nub:
        return none
    rank = ub[0] & ~3
    for i in range(nub):
        if ub[i] & ~3 != rank:
            return none  # R3.1: the cards to beat must be of one rank
    if bout == 0 and not first_transfer:
        return none  # R3.4: not in the first bout
    for i in range(nt):
        beaten = beaten or td[i] >= 0
    if beaten and not after_beating:
        return none  # R3.2: only before beating
    if not trump_on_table and trump_suit >= 0:
        for i in range(nt):
            if ta[i] & 3 == trump_suit or td[i] >= 0 and td[i] & 3 == trump_suit:
                return none  # R3.4: no transfer with a trump on the table
    same = h & (_RANK << rank)
    if not same:
        return none
    target = _next_seat(defender, n, outm)
    back = (attacker if refusal and not refused and outm >> attacker & 1
            and n - _popcount(outm) == 1 and target == defender and not beaten else -1)
    if back < 0 and outm >> opener & 1 and _next_seat(
            defender, n, outm & ~(1 << opener)) == opener:
        return none  # R3.1: the opener went out; the transfer would come back round
    held = _popcount(hs[target])
    sizes = 0
    for k in range(1, _popcount(same) + 1):
        if n_attack + k > limit:
            break  # R3.2: the bout limit (R2.6)
        if not by_last_card and talon_empty and k == _popcount(h):
            continue  # R3.4: no going out by transferring the last cards
        if back >= 0 or (target != defender and held >= (k if only_new else nub + k)):
            sizes |= 1 << k
    show = 0
    if proezdnoy and trump_suit >= 0 and not shown >> defender & 1 and back < 0 \
            and target != defender and n_attack <= limit \
            and held >= (1 if only_new else nub):
        show = same & (_ONE << (rank + trump_suit))  # the trump of the attacking rank
    return same, sizes, show, target, back


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(k=cython.int, p=cython.int)
def _next_seat(seat: cython.int, n: cython.int, outm: cython.int, step: cython.int = 1
               ) -> cython.int:
    """The next seat clockwise (``step=-1``: anticlockwise) still in the game (R2.10)."""
    for k in range(1, n + 1):
        p = (seat + step * k) % n
        if not outm >> p & 1:
            return p
    return seat


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _at(seats: cython.ulonglong, i: cython.int) -> cython.int:
    """The ``i``-th seat of a packed seat list (four bits a seat)."""
    return cython.cast(cython.int, seats >> (i << 2) & 15)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(i=cython.int)
def _find(seats: cython.ulonglong, count: cython.int, seat: cython.int) -> cython.int:
    """Where ``seat`` sits in the first ``count`` seats of a packed list (-1: not there)."""
    for i in range(count):
        if seats >> (i << 2) & 15 == seat:
            return i
    return -1


#: _seating's answers, for the whole process: a game meets only a few seatings
_SEATS: dict[int, tuple[int, int, int, int]] = {}


@cython.cfunc
@cython.locals(key=cython.int)
def _seating(seating: cython.int, attacker: cython.int, defender: cython.int, outm: cython.int
             ) -> tuple[int, int, int, int]:
    """``_seats`` remembered. ``seating`` packs the rest of the key (players << 14,
    throw_in << 18, clockwise << 20)."""
    key = seating | attacker | defender << 3 | outm << 6
    found = _SEATS.get(key)
    if found is None:
        found = _SEATS[key] = _seats(key >> 18 & 3, bool(key >> 20 & 1), key >> 14 & 15, key & 7,
                                     key >> 3 & 7, key >> 6 & 255)
    return found


@cython.locals(k=cython.int, p=cython.int, left=cython.int, right=cython.int)
def _seats(throw_in: cython.int, clockwise: cython.bint, n: cython.int, attacker: cython.int,
           defender: cython.int, outm: cython.int) -> tuple[int, int, int, int]:
    """Who throws in (R2.5: the main attacker, then the others clockwise from the defender's
    left) and who draws (R2.9: the main attacker, the others clockwise from the defender's left,
    the defender last) in a bout: each a list of seats packed four bits a seat (``_at``), with
    its length."""
    order: list[int] = []
    if _THROW_IN[throw_in] != "none":
        if not outm >> attacker & 1:
            order.append(attacker)
        if _THROW_IN[throw_in] != "attacker":
            left = _next_seat(defender, n, outm)
            right = _next_seat(defender, n, outm, -1)
            neighbours = _THROW_IN[throw_in] == "neighbours"
            if neighbours and order and attacker != left and attacker != right:
                order = []
            for k in range(1, n):
                p = (defender + k) % n
                if (not outm >> p & 1 and p != defender and p != attacker
                        and (not neighbours or p == left or p == right)):
                    order.append(p)
    if clockwise:
        drawers = [(attacker + k) % n for k in range(n)]
    else:
        drawers = [attacker] + [p for p in [(defender + k) % n for k in range(1, n)]
                                if p != attacker and p != defender]
        drawers.append(defender)
    drawers = [p for p in drawers if not outm >> p & 1]
    return (sum(p << 4 * i for i, p in enumerate(order)), len(order),
            sum(p << 4 * i for i, p in enumerate(drawers)), len(drawers))
