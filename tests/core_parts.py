"""The core's own tests' scaffolding (issue 25): the core (``durak_edu.games.core``) alone, for
``test_core_agreement`` and every ``test_core_part_*`` module, so that a part's module says only
what is particular to its clause. (The move-for-move agreement with the old engine is kept by
``tests/data/agreement.json``, ``tests/test_agreement_fixture.py``.)

* Games: ``game_or_skip`` (``None`` where the deck is too small for the table), ``game_at_move``
  (a random prefix played), ``random_position`` (a ``from_position`` game), ``tables`` (one game
  per table size and sampled seed).
* The candidate actions (``candidates``, ``gallery_candidates``: most of them illegal).
* The loop: ``invariants`` plays a game to its end with random moves and asserts at every
  position what the core promises whatever the rules: every listed action accepted, the core's
  ``count``/``nth`` agree with the list, each sampled candidate not listed refused with a
  clause and the game unchanged, undo exact, clone exact, no card lost or duplicated, every game
  ends, and the record's round trip replays the same game; ``invariants_all`` with the
  gallery's move shapes too.
* The tests' bodies, over one part's cases: ``new_games``/``new_games_until`` (new games of every
  table size), ``set_positions``, ``taken_over`` (from any move), ``facade``/``through_core_game``
  (more table sizes), ``playouts`` (the core's history-free playout is the API's ``rng.choice``
  game); ``examples``, ``given_positions`` and ``given_moves``, the hypothesis settings and draws.

Every game a loop builds comes from its seed and every move from the generator it is handed, in
the order the checks draw from it: the same inputs check the same games.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from hypothesis import HealthCheck, given, settings, strategies as st

from agreement_walk import candidates, gallery_candidates, seen, verdict  # noqa: F401
from helpers import DEEP, sample

from durak_edu import from_position, new_game
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from durak_edu.games.core import refuse as core_refuse, state as core_state_module
from durak_edu.games.core.playout import playout
from durak_edu.games.core.state import CoreState
from durak_edu.record import GameRecord

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


CORE = Core(core_apply, decode, core_moves, core_refuse, core_state_module)


def core_state(g: Any) -> CoreState:
    """The core's own state of a game ``new_game``/``from_position`` built on the core (a
    ``AttackGame``, compiled or the wide copy's)."""
    from durak_edu.games.core.game import AttackGame
    from durak_edu.games.wide import core_wide
    assert isinstance(g, (AttackGame, core_wide("game").AttackGame)), (
        f"{type(g).__name__}: not a game on the core")
    return g._s.core


def wide_core() -> Core:
    """The wide copy's modules (loaded on first use)."""
    from durak_edu.games.wide import core_wide
    return Core(*(core_wide(name) for name in Core._fields))


#: ``check(game, rng) -> positions checked``: ``invariants``, ``invariants_all`` or a module's own
Check = Callable[[Any, random.Random], int]


def ids(cases: Iterable[Case]) -> list[str]:
    """The test ids of ``(preset, options)`` cases: ``perevodnoy-deck=52``, ``naval-preset``."""
    return [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in cases]


# -- games ----------------------------------------------------------------------------------------

def game_or_skip(name, players, seed, options):
    """``new_game``'s game (on the core), or ``None`` where the deck cannot seat the table."""
    try:
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



def dealt_with_talon(name: str, options: dict[str, Any]) -> Iterator[tuple[Any, int]]:
    """New games of 2–6 players, two seeds each, with any dealer and lead (R1.3: the default,
    the seat before last, and dealer 0 with lead 1), each with its seed; tables the deck cannot
    seat, and deals that leave no talon, are left out (the deal clauses that set cards apart
    act on a talon: R9.24, R9.37)."""
    for players in range(2, 7):
        for seed in sample(range(4), 2):
            for dealer, lead in ((None, None), (players - 2, None), (0, 1 % players)):
                try:
                    g = new_game(name, players=players, seed=seed, dealer=dealer, lead=lead,
                                 **options)
                except ValueError:
                    continue  # too few cards for the table
                if g.talon_size:
                    yield g, seed

# -- the invariants --------------------------------------------------------------------------------

#: a game the random moves have not ended in this many is a game that does not end
MOST_PLIES = 3000


def position(g: Any) -> tuple[object, ...]:
    """What a user can read of a position (``seen``) with the game's events: what undo and
    clone must give back exactly."""
    return seen(g), tuple(g.history)


def core_position(c: CoreState) -> tuple[object, ...]:
    """The core state's position: hands, what is known, table, talon, discard, roles, out."""
    return (tuple(c.hands), tuple(c.known), tuple(zip(c.ta, c.td)), len(c.talon) - c.tp,
            tuple(c.discard),
            None if c.to_act < 0 else (c.attacker, c.defender, c.to_act, c.taking),
            c.out, c.bout if c.to_act >= 0 else None)


def cards_in_play(g: Any) -> Counter[object]:
    """Every card where a user can find it: the hands, the table, the discard pile, the talon
    (what is left of it), the reserves (R9.19) and what the rules set aside (``removed``)."""
    held = [c for h in g.hands for c in h] + [c for pair in g.table for c in pair if c is not None]
    rest = list(g.talon[len(g.talon) - g.talon_size:]) if g.talon_size else []
    reserves = [c for r in getattr(g, "reserves", ()) for c in r]
    return Counter(held + list(g.discard) + rest + reserves
                   + list(getattr(g, "removed", ()) or ()))


def refused_unchanged(g: Any, act: Any, seat: int | None = None) -> str:
    """``check`` of an action the game must refuse: the clause (R...) and words, the game left
    as it was."""
    before = core_position(g._s.core), len(g.history)
    with_clause = verdict(g, act, seat)
    assert with_clause.startswith("R") and "|" in with_clause, (act, seat, with_clause)
    assert (core_position(g._s.core), len(g.history)) == before, act
    return with_clause


def invariants(g: Any, rng: random.Random, illegal: int = 8, *, gallery: bool = False,
               core: Core = CORE, extra: Callable[[Any, random.Random], list[Any]] | None = None
               ) -> int:
    """Play ``g`` (a game on the core) to its end with random moves, asserting the core's own
    invariants at every position; return the number of positions checked.

    At every position: the core's moves decoded are ``legal_actions()`` and ``count``/``nth``
    agree with them; every listed action passes ``check``; each of ``illegal`` rounds of
    ``candidates`` (``gallery``: and ``gallery_candidates``) that is not listed is refused with
    a clause and leaves the game as it was (and so are ``extra(g, rng)``'s, a module's own
    candidates), and so is a listed action out of turn; now and then
    a move played and undone gives the position back exactly, and a clone is the same game;
    after each move no card is lost or duplicated. The game ends within ``MOST_PLIES``; a new
    game's record replays to the same game."""
    c = core_state(g)
    cards = cards_in_play(g)
    checked = 0
    while not g.is_over:
        assert checked < MOST_PLIES, "the game does not end"
        listed = g.legal_actions()
        mine = core.moves.moves(c)
        assert core.decode.actions(mine) == listed
        assert core.moves.count(c) == len(listed)
        for j in {0, len(listed) - 1, rng.randrange(len(listed))}:
            assert core.moves.nth(c, j) == mine[j]
        for act in listed:
            assert verdict(g, act) == "-", act
        tried = candidates(g, rng, illegal) + (gallery_candidates(g, rng) if gallery else [])
        if extra is not None:
            tried += extra(g, rng)
        for act in tried:
            if act not in listed:
                refused_unchanged(g, act)
        act = listed[rng.randrange(len(listed))]
        other = rng.randrange(g.players)
        if other != g.to_act:
            refused_unchanged(g, act, other)
        if rng.random() < 0.15:
            before = position(g)
            g.play(act)
            assert g.undo() == act and position(g) == before
            twin = g.clone()
            assert position(twin) == before
            assert twin.play(act) == g.play(act) and position(twin) == position(g)
        else:
            g.play(act)
        assert cards_in_play(g) == cards, "a card was lost or duplicated"
        c = core_state(g)
        checked += 1
    if not g.position_set:
        again = GameRecord.from_json(g.record().to_json()).to_game()
        assert position(again) == position(g)
    return checked


def invariants_all(g: Any, rng: random.Random, illegal: int = 6) -> int:
    """``invariants`` with the gallery's own shapes among the candidates (exchange, talon
    attack, draw, swap, counter), for the parts that add moves of their own."""
    return invariants(g, rng, illegal, gallery=True)


# -- the tests' bodies, over one part's cases -----------------------------------------------------

def new_games(name: str, options: dict[str, Any], players: Iterable[int] = range(2, 9), *,
              seeds: int = 3, check: Check = invariants, least: tuple[int, int] = (1, 10)
              ) -> tuple[int, int]:
    """``check`` (``invariants``) over ``tables``: a new game of every table size the deck
    allows (the quick run: four sizes spread from the smallest to the largest, ``sample``).
    Asserts at least ``least[0]`` games and more than ``least[1]`` positions; returns
    (positions, games)."""
    positions = games = 0
    for t in tables(name, options, sample(players, 4), seeds=seeds):
        positions += check(t.game, t.rng)
        games += 1
    assert games >= least[0] and positions > least[1], (games, positions)
    return positions, games


def new_games_until(name: str, options: dict[str, Any], played: Callable[[Any], int] | None,
                    seeds: int = 4) -> tuple[int, int]:
    """``invariants_all`` over new games of 2–6 players (the quick run: 2, 4 and 6, one seed each;
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
        positions += invariants_all(g, random.Random(100 * players + seed))
        made += played(g) if played is not None else 0
    assert positions > (300 if DEEP else 50)
    assert played is None or made >= 1, "the clause's own move was played, not only listed"
    return positions, made


def set_positions(case: Case, players: int, seed: int, check: Check = invariants) -> None:
    """``check`` from a random ``from_position`` game (``random_position``)."""
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is not None:
        check(g, rng)


def taken_over(case: Case, players: int, seed: int, prefix: int,
               check: Check = invariants) -> None:
    """``check`` from any move of a game in progress (``game_at_move``: ``from_game`` reads
    the parts' slots mid-bout)."""
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is not None:
        check(g, rng)


def facade(name: str, options: dict[str, Any], players: Iterable[int] = (2, 3, 5, 8), *,
           seed: int | None = None, every: bool = False) -> int:
    """``invariants`` through the public API at more table sizes, one game per size, dealt with
    ``seed`` (by default the table's size) and played with ``random.Random(size)``; ``every``:
    each size seats."""
    games = 0
    for n in players:
        g = game_or_skip(name, n, n if seed is None else seed, options)
        if g is None:
            assert not every, f"{name} {options} cannot seat {n}"
            continue
        invariants(g, random.Random(n), 4)
        games += 1
    assert games >= 1
    return games


def through_core_game(name: str, options: dict[str, Any], seeds: int) -> None:
    """``invariants_all`` (the gallery's shapes too) at 2, 3 and 5 seats, one of
    ``range(seeds)`` each, played with ``random.Random(seed)``."""
    for t in tables(name, options, (2, 3, 5), seeds=seeds):
        invariants_all(t.game, random.Random(t.seed))


def playouts(name: str, options: dict[str, Any], players: Iterable[int] = (2, 3, 6), *,
             seeds: int = 3, per_size: int = 1, every: bool = False) -> None:
    """The core's history-free random playout is the API's ``rng.choice(legal_actions())``
    game: the same end position and result from the same generator, over ``tables``."""
    for t in tables(name, options, players, seeds=seeds, per_size=per_size, every=every):
        g = t.game
        core = core_state(g.clone(history=False))
        playout(core, random.Random(t.seed).getrandbits)
        rng = random.Random(t.seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
        assert core_position(core) == core_position(core_state(g))
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
