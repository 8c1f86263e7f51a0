"""(Until the reference goes, issue 25: the old ``core_parts``, for the modules not yet turned
into tests of the core alone.) The agreement tests' scaffolding: the new core (``durak_edu.games.core``, issue 25) against the
reference ``AttackGame``, move for move, for ``test_core_agreement`` and every ``test_core_part_*``
module, so that a part's module says only what is particular to its clause.

* Games: ``game_or_skip`` (``None`` where the deck is too small for the table), ``game_at_move``
  (a random prefix played), ``random_position`` (a ``from_position`` game), ``tables`` (one game
  per table size and sampled seed).
* What is compared: ``position``/``core_position`` (what a user can read of a position),
  ``talon_and_trump``, the candidate actions (``candidates``, ``gallery_candidates``: most of
  them illegal, so that refusals are compared too).
* The loops: ``agree`` (legal lists in order, count/nth, refusals with clause and words,
  positions, the result), ``agree_all`` (the same with the gallery's move shapes, the talon's
  order and the trump card), ``side_by_side_all`` (through ``CoreGame``: events, views, undo,
  records).
* The tests' bodies, over one part's cases: ``new_games``/``new_games_until`` (new games of every
  table size), ``set_positions``, ``taken_over`` (from any move), ``facade``/``through_core_game``
  (the public API), ``playouts`` (the core's random playout is the API's ``rng.choice`` game);
  ``examples``, ``given_positions`` and ``given_moves``, the hypothesis settings and draws.

Every game a loop builds comes from its seed and every move from the generator it is handed, in
the order the checks draw from it: the same inputs check the same games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP, sample

from durak_edu import from_position, new_game
from durak_edu.actions import Attack, Beat, Counter, Draw, Exchange, Pass, Swap, Take, TalonAttack
from durak_edu.actions import ThrowIn, Transfer
from durak_edu.cards import mask_of
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from durak_edu.games.core import refuse as core_refuse, state as core_state
from durak_edu.games.core.playout import playout
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import CoreState, rank_major, supports
from durak_edu import IllegalAction
from reference import reference_engine, take_over, context_of, core_game_of

Case = tuple[str, dict[str, Any]]


class Core(NamedTuple):
    """The core's modules the loops use, of one of its two lives: the package itself
    (``CORE``: compiled where setup.py built it) or its wide copy (``wide_core()``: the same
    sources as plain Python, two decks' layout, durak_edu.games.wide)."""

    apply: Any
    decode: Any
    moves: Any
    refuse: Any
    state: Any


CORE = Core(core_apply, decode, core_moves, core_refuse, core_state)


def core_state(g: Any) -> CoreState:
    """The core's own state of a game ``new_game``/``from_position`` built on the compiled core
    (a ``CoreGame``, the switch on: issue 25); a test of the core's behaviour reads it here,
    never a reference game taken over (``from_game``)."""
    from durak_edu.games.core.game import CoreGame
    assert isinstance(g, CoreGame), f"{type(g).__name__}: not a game on the core"
    return g._s.core


def both(make: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, Any]:
    """The same game built by ``make`` (``new_game``, ``from_position``, ``from_hands``) on the
    reference and on the core (what ``make`` builds now): ``(reference, core)``, asserted to be
    two engines, so that no test compares the core with itself."""
    from durak_edu.games.core.game import CoreGame
    with reference_engine():
        ref = make(*args, **kwargs)
    core = make(*args, **kwargs)
    assert isinstance(core, CoreGame) and not isinstance(ref, CoreGame), (type(ref), type(core))
    return ref, core


def wide_core() -> Core:
    """The wide copy's modules (loaded on first use)."""
    from durak_edu.games.wide import core_wide
    return Core(*(core_wide(name) for name in Core._fields))
#: ``check(game, rng) -> positions checked``: ``agree``, ``agree_all`` or a module's own
Check = Callable[[Any, random.Random], int]


def ids(cases: Iterable[Case]) -> list[str]:
    """The test ids of ``(preset, options)`` cases: ``perevodnoy-deck=52``, ``naval-preset``."""
    return [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in cases]


# -- games ----------------------------------------------------------------------------------------

def game_or_skip(name, players, seed, options):
    """The reference's game (whatever ``new_game``'s default engine is), or ``None``."""
    try:
        with reference_engine():
            return new_game(name, players=players, seed=seed, **options)
    except ValueError:
        return None  # too many players for this deck


def game_at_move(name, players, seed, options, prefix):
    """A new game after ``prefix`` random moves (fewer if it ends first), and the generator that
    chose them, to go on with; ``(None, None)`` where the deck is too small for the players."""
    g = game_or_skip(name, players, seed, options)
    if g is None:
        return None, None
    rng = random.Random(seed)
    while not g.is_over and prefix:
        g.play(rng.choice(g.legal_actions()))
        prefix -= 1
    return g, rng


def random_position(rng: random.Random, name: str, players: int, options: dict) -> object:
    """A ``from_position`` game with random hands, talon and trump (``None``: not a position
    play can reach, which ``from_position`` refuses)."""
    g = game_or_skip(name, players, 0, options)
    if g is None:
        return None
    deck = list(g.deck_order)
    rng.shuffle(deck)
    sizes = [rng.randint(0, 7) for _ in range(players)]
    hands, i = [], 0
    for k in sizes:
        hands.append(" ".join(map(str, deck[i:i + k])))
        i += k
    talon = deck[i:i + rng.choice((0, 0, 1, 3, 8))]
    i += len(talon)
    trump_card = str(deck[i]) if talon and rng.random() < 0.7 and i < len(deck) else None
    extra = {} if trump_card or "trump" in options else {"trump": rng.choice("SCDH")}
    try:
        with reference_engine():
            return from_position(name, hands, talon=" ".join(map(str, talon)),
                                 trump_card=trump_card, attacker=rng.randrange(players),
                                 first_bout=rng.random() < 0.2, **extra, **options)
    except ValueError:
        return None


class Table(NamedTuple):
    """One new game of ``tables``: its preset, options, seats and seed."""

    name: str
    options: dict[str, Any]
    players: int
    seed: int
    game: Any

    @property
    def rng(self) -> random.Random:
        """The generator the agreement plays this table's game with."""
        return random.Random(1000 * self.players + self.seed)

    def again(self) -> Any:
        """The same new game once more (a fresh copy, for a second walk through it)."""
        return game_or_skip(self.name, self.players, self.seed, self.options)


def tables(name: str, options: dict[str, Any], players: Iterable[int] = range(2, 9), *,
           seeds: int = 3, per_size: int = 1, every: bool = False) -> Iterator[Table]:
    """A new game for each table size in ``players`` and each of ``sample(range(seeds),
    per_size)``; a size the deck cannot seat is left out (``every``: it may not be)."""
    for n in players:
        for seed in sample(range(seeds), per_size):
            g = game_or_skip(name, n, seed, options)
            if g is None:
                assert not every, f"{name} {options} cannot seat {n}"
                continue
            yield Table(name, options, n, seed, g)


# -- what is compared -----------------------------------------------------------------------------

def position(g, core: Core = CORE) -> tuple[object, ...]:
    """What a user can read of a reference position, in the core's terms (``core``'s layout)."""
    s = g._s
    rank_major, pos = core.state.rank_major, core.decode._POS
    return (tuple(rank_major(mask_of(h)) for h in g.hands),  # the jokers kept (R9.22)
            tuple(rank_major(m) for m in s.known),
            tuple((pos[a.index], -1 if d is None else pos[d.index]) for a, d in g.table),
            g.talon_size, tuple(pos[c.index] for c in g.discard),
            None if g.is_over else (g.attacker, g.defender, g.to_act, g.taking),
            g.out, g.bout_number if not g.is_over else None)


def core_position(c: CoreState) -> tuple[object, ...]:
    return (tuple(c.hands), tuple(c.known), tuple(zip(c.ta, c.td)), len(c.talon) - c.tp,
            tuple(c.discard),
            None if c.to_act < 0 else (c.attacker, c.defender, c.to_act, c.taking),
            c.out, c.bout if c.to_act >= 0 else None)


def talon_and_trump(g) -> tuple[object, ...]:
    return (tuple(g.talon[len(g.talon) - g.talon_size:]), g.trump_card)


def core_talon_and_trump(c, first, core: Core = CORE) -> tuple[object, ...]:
    pos = c.extra.get("trump_card")
    card = core.decode.card
    return (tuple(card(p) for p in c.talon[c.tp:]), card(pos) if isinstance(pos, int) else first)


def candidates(g, rng: random.Random, k: int = 8) -> list[object]:
    """A few actions of every shape, most of them illegal: cards from the seat's hand, the
    table and the whole deck."""
    seat = g.to_act
    hand = list(g.hands[seat])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table]
    pool = hand * 2 + deck
    out: list[object] = [Take(), Pass()]
    for _ in range(k):
        cs = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2, 3)))})
        out.append(rng.choice((Attack, ThrowIn, Transfer))(cs))
        out.append(Transfer((rng.choice(pool),), show=True))
        out.append(Beat(rng.choice(table or deck), rng.choice(pool)))
    return out


def gallery_candidates(g, rng: random.Random) -> list[object]:
    """Actions of the gallery's shapes, mostly illegal: any card of the deck, the six of trumps,
    cards of the hand and of the table."""
    seat = g.to_act
    hand = list(g.hands[seat])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table] or deck
    pool = hand * 2 + deck
    out: list[object] = [TalonAttack(), Draw()]
    six = g._lowest_trump()
    if six is not None:
        out.append(Exchange(six))
    out.append(Exchange(rng.choice(pool)))
    for _ in range(3):
        out.append(Swap(tuple({rng.choice(pool) for _ in range(rng.choice((1, 2, 2, 3)))})))
        target, card = rng.choice(table), rng.choice(pool)
        extra = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2)))} - {card, target})
        if extra and card != target:
            out.append(Counter(target, card, extra))
    return out


# -- the loops ------------------------------------------------------------------------------------

def agree(g, rng: random.Random, illegal: int = 8, *,
          seats: Callable[[CoreState], tuple[object, ...]] = core_position,
          gallery: bool = False, core: Core = CORE) -> int:
    """Play ``g`` (a reference game) to its end with random moves, the core beside it, and
    assert they agree at every position; return the number of positions checked.

    At every position: the same position (``seats``: the core's side of it, ``core_position``
    by default), the core's moves decoded are ``legal_actions()`` in the same order and
    ``count``/``nth`` agree with them, every listed action passes ``refuse`` and ``illegal``
    rounds of ``candidates`` get the reference's clause and words; at the end the same
    ``Result``. ``gallery``: also the talon's order and the trump card, every listed action
    encoded, and ``gallery_candidates`` (``agree_all``). ``core``: which of the core's lives
    plays beside it (``CORE``, or ``wide_core()``)."""
    decode, core_moves, refuse = core.decode, core.moves, core.refuse.refuse
    assert core.state.supports(g)
    wide = core.state.__name__ != CORE.state.__name__  # (the wide copy: its own layout)
    c = take_over(g, wide)
    ctx = context_of(g, wide)
    first = g.trump_card
    checked = 0
    while True:
        assert seats(c) == position(g, core)
        if gallery:
            assert core_talon_and_trump(c, first, core) == talon_and_trump(g)
        if g.is_over:
            break
        listed = g.legal_actions()
        mine = core_moves.moves(c)
        assert decode.actions(mine) == listed
        assert core_moves.count(c) == len(listed)
        for j in {0, len(listed) - 1, rng.randrange(len(listed))}:
            assert core_moves.nth(c, j) == mine[j]
        for act in listed:
            assert refuse(c, act, ctx) is None, act
            assert not gallery or decode.encode(act) is not None, act
        tried = candidates(g, rng, illegal)
        if gallery:
            tried += gallery_candidates(g, rng)
        for act in tried:
            assert refuse(c, act, ctx) == g._diagnose(act), act
        j = rng.randrange(len(listed))
        g.play(listed[j])
        core.apply.apply(c, mine[j])
        checked += 1
    assert decode.result(c, g.players, g.names) == g.result
    return checked


def agree_all(g, rng: random.Random, illegal: int = 6) -> int:
    """``agree`` with more looked at (``gallery``): the talon's order and the trump card (R9.19
    and R9.26 change them), and candidates of the gallery's own shapes (exchange, talon attack,
    draw, swap, counter), for the parts that add moves of their own."""
    return agree(g, rng, illegal, gallery=True)


def side_by_side_all(ref, rng: random.Random) -> int:
    """``side_by_side`` with the gallery's shapes among the sampled actions, and
    the talon and trump card compared too."""
    return side_by_side(ref, rng, gallery=True)


# -- through the public API (once test_core_game's) --------------------------------------------

def seen(g) -> tuple[object, ...]:
    return (g.hands, g.table, g.discard, g.talon_size, g.to_act, g.is_over, g.result, g.out,
            None if g.is_over else (g.attacker, g.defender, g.bout_number, g.taking),
            tuple(g.role(p) for p in range(g.players)), tuple(g.view(p) for p in range(g.players)))


def verdict(g, act, seat=None) -> tuple[str, str] | None:
    try:
        g.check(act, seat)
    except IllegalAction as err:
        return err.rule, str(err)
    return None


def side_by_side(ref, rng: random.Random, *, gallery: bool = False, engine: Any = None) -> int:
    """``ref`` and ``core_game_of(ref)`` through the public API: the same lists, verdicts,
    events, views, undo, results and records; ``gallery``: the gallery's shapes among the
    sampled actions too, fewer plain ones, more undos, and the talon and trump card compared;
    ``engine``: the core's facade class (the wide copy's, durak_edu.games.wide)."""
    from durak_edu.games.core.game import CoreGame
    core = core_game_of(ref, wide=engine not in (None, CoreGame))
    undo = 0.15 if gallery else 0.1
    steps = 0
    while True:
        assert seen(core) == seen(ref)
        if gallery:
            assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.history == ref.history
        if ref.is_over:
            break
        listed = ref.legal_actions()
        assert core.legal_actions() == listed
        sampled = (candidates(ref, rng, 3) + gallery_candidates(ref, rng) if gallery
                   else candidates(ref, rng, 4))
        for act in sampled:
            assert verdict(core, act) == verdict(ref, act), act
        other = rng.randrange(ref.players)
        act = rng.choice(listed)
        assert verdict(core, act, other) == verdict(ref, act, other)
        if rng.random() < undo:  # undo and play again
            core.play(act)
            ref.play(act)
            assert core.undo() == ref.undo() == act
            assert seen(core) == seen(ref) and core.history == ref.history
            if gallery:
                assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.play(act) == ref.play(act)
        steps += 1
    if ref.position_set:
        return steps
    assert core.record().to_json() == ref.record().to_json()
    return steps


# -- the tests' bodies, over one part's cases -----------------------------------------------------

def new_games(name: str, options: dict[str, Any], players: Iterable[int] = range(2, 9), *,
              seeds: int = 3, check: Check = agree, least: tuple[int, int] = (1, 10)
              ) -> tuple[int, int]:
    """``check`` (``agree``) over ``tables``: the core beside the reference in a new game of
    every table size the deck allows. Asserts at least ``least[0]`` games and more than
    ``least[1]`` positions; returns (positions, games)."""
    positions = games = 0
    for t in tables(name, options, players, seeds=seeds):
        positions += check(t.game, t.rng)
        games += 1
    assert games >= least[0] and positions > least[1], (games, positions)
    return positions, games


def new_games_until(name: str, options: dict[str, Any], played: Callable[[Any], int] | None,
                    seeds: int = 4) -> tuple[int, int]:
    """``agree_all`` over new games of 2–6 players (the quick run: 2, 4 and 6, one seed each;
    the deep run: every size up to 8, ``seeds`` seeds each), then more seeds until the clause's
    own move (``played(game)`` counts them) has been played at least once. Asserts more than
    300 positions (50 in the quick run) and, with ``played``, the clause's move made; returns
    (positions, moves)."""
    positions = made = 0
    sizes = range(2, 9) if DEEP else (2, 4, 6)  # 7 and 8 seats: the 52-card cases only
    sized = [(p, s) for p in sizes for s in sample(range(seeds), 1)]
    extra = [(2 + k % 5, seeds + k) for k in range(30)] if played is not None else []
    for i, (players, seed) in enumerate(sized + extra):
        if i >= len(sized) and made:
            break
        g = game_or_skip(name, players, seed, options)
        if g is None:
            continue
        assert supports(g)
        positions += agree_all(g, random.Random(100 * players + seed))
        made += played(g) if played is not None else 0
    assert positions > (300 if DEEP else 50)
    assert played is None or made >= 1, "the clause's own move was played, not only listed"
    return positions, made


def set_positions(case: Case, players: int, seed: int, check: Check = agree) -> None:
    """``check`` from a random ``from_position`` game (``random_position``)."""
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        check(g, rng)


def taken_over(case: Case, players: int, seed: int, prefix: int, check: Check = agree) -> None:
    """``check`` from any move of a game in progress (``game_at_move``: ``from_game`` reads
    the parts' slots mid-bout)."""
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is not None:
        check(g, rng)


def facade(name: str, options: dict[str, Any], players: Iterable[int] = (2, 3, 5, 8), *,
           seed: int | None = None, every: bool = False) -> int:
    """Through ``CoreGame`` (``side_by_side``): the same lists, refusals, events,
    views, undo and records, one game per table size, dealt with ``seed`` (by default the
    table's size) and played with ``random.Random(size)``; ``every``: each size seats."""
    games = 0
    for n in players:
        g = game_or_skip(name, n, n if seed is None else seed, options)
        if g is None:
            assert not every, f"{name} {options} cannot seat {n}"
            continue
        side_by_side(g, random.Random(n))
        games += 1
    assert games >= 1
    return games


def through_core_game(name: str, options: dict[str, Any], seeds: int) -> None:
    """``side_by_side_all`` (the gallery's shapes too) at 2, 3 and 5 seats, one of
    ``range(seeds)`` each, played with ``random.Random(seed)``."""
    for t in tables(name, options, (2, 3, 5), seeds=seeds):
        side_by_side_all(t.game, random.Random(t.seed))


def playouts(name: str, options: dict[str, Any], players: Iterable[int] = (2, 3, 6), *,
             seeds: int = 3, per_size: int = 1, every: bool = False,
             seats: Callable[[CoreState], tuple[object, ...]] = core_position) -> None:
    """The core's random playout is the reference's ``rng.choice(legal_actions())`` game: the
    same end position and result from the same generator, over ``tables``."""
    for t in tables(name, options, players, seeds=seeds, per_size=per_size, every=every):
        g = t.game
        core = take_over(g)
        playout(core, random.Random(t.seed).getrandbits)
        rng = random.Random(t.seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
        assert seats(core) == position(g)
        assert decode.result(core, g.players, g.names) == g.result


# -- hypothesis -----------------------------------------------------------------------------------

SEEDS = st.integers(0, 2**32 - 1)


def examples(deep: int, quick: int, *, slow: bool = True) -> settings:
    """Hypothesis settings: ``deep`` examples in the deep run, ``quick`` in the quick run, no
    deadline; ``slow``: a slow example is no error (else the profile's health checks hold,
    tests/conftest.py)."""
    suppress = {"suppress_health_check": [HealthCheck.too_slow]} if slow else {}
    return settings(max_examples=deep if DEEP else quick, deadline=None, **suppress)


def _seats(players: tuple[int, int] | st.SearchStrategy[int]) -> st.SearchStrategy[int]:
    return st.integers(*players) if isinstance(players, tuple) else players


def given_positions(cases: Sequence[Case], players: tuple[int, int] | st.SearchStrategy[int]
                    = (2, 6)) -> Callable[..., Any]:
    """``@given`` a case, a table size and a seed: ``(case, players, seed)`` (``set_positions``)."""
    return given(case=st.sampled_from(cases), players=_seats(players), seed=SEEDS)


def given_moves(cases: Sequence[Case], players: tuple[int, int] | st.SearchStrategy[int] = (2, 6),
                prefix: int = 60) -> Callable[..., Any]:
    """``@given`` a case, a table size, a seed and a prefix of up to ``prefix`` random moves:
    ``(case, players, seed, prefix)`` (``taken_over``)."""
    return given(case=st.sampled_from(cases), players=_seats(players), seed=SEEDS,
                 prefix=st.integers(0, prefix))
