"""The endgame solver: perfect play in a two-player attack–defence position with an empty talon.

Once the talon is empty, each player knows the other's hand exactly (R0: every unseen card is in
it), so the rest of the game is a perfect-information game and can be searched to the end. Where the
engine's integer core plays the rules (``endgame.fits``), the search is ``endgame.Endgame``:
alpha–beta with a transposition table and move ordering on the core's compact state (issue 29).
Elsewhere (the gallery's house rules, ``repetition_draw=False``) it is the reference search kept
here, ``_Search``: plain minimax over the engine's own ``legal_actions`` / ``play`` (on copies),
with every position remembered. Both are exact — no evaluation, no rules of their own — and
give the same answers (``tests/test_solve_fast.py``). A position is remembered together with the
repetition counts (R2.11): where cards can go to and fro (a transfer taken back in perevodnoy),
the third repetition's draw is part of the search.

>>> from durak_edu import from_position
>>> g = from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
>>> value, best = solve(g)
>>> value, [str(a) for a in best]   # seat 0 wins by leading the trump ace first
(1, ['attack A♥'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..cards import Card
from ..games.base import Game, PositionKey
from ..games.core.game import AttackGame
from .endgame import Endgame, LimitReached, fits

__all__ = ["solve", "SolveError", "size_estimate", "too_big"]

WIN, LOSS = 1, -1


class SolveError(ValueError):
    """The position is not one the solver can search (and why)."""


@runtime_checkable
class _Hands(Protocol):
    """A game: every hand (``Game.hands``)."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...


class _HandSizes(Protocol):
    """A seat's view: only the hands' sizes (``View.hand_sizes``)."""

    @property
    def hand_sizes(self) -> Sequence[int]: ...


#: what the size estimate reads: a game's hands, or a view's sizes
Hands = _Hands | _HandSizes


def size_estimate(game: Hands) -> int:
    """A cheap estimate of the fewest positions a search of ``game`` to the end visits, from
    the hand sizes alone (no search): ``2 ** (2 * m - 4)``, where ``m`` is the smaller hand.

    Each side's cards must all be played or taken before the game ends, and every extra card
    on both sides multiplies the lines to search. Over seeded two-player podkidnoy and
    perevodnoy endings every search visited more positions than this floor (6 + 6 cards: 256
    here, 10,603 and more searched; ``tests/test_solve.py`` checks it on 24 endings), so a
    position refused by it would not have fitted the limit anyway; a lopsided ending (11 cards
    to 1) gets a small floor and is searched.

    >>> from durak_edu import new_game, from_position
    >>> size_estimate(new_game("naval", players=2, seed=0))   # 18 cards each: 2 ** 32
    4294967296
    >>> size_estimate(from_position("podkidnoy", ["7♠ A♥", "8♠"], trump="H"))
    1
    """
    return 1 << max(0, 2 * min(_hand_sizes(game)) - 4)  # 2 ** that, as an int


def _hand_sizes(game: Hands) -> list[int]:
    if isinstance(game, _Hands):
        return [len(h) for h in game.hands]
    return list(game.hand_sizes)  # a seat's view offers only the sizes


def too_big(game: Hands, limit: int) -> str | None:
    """Why a search of ``game`` cannot fit ``limit`` positions, or ``None`` when it may: the
    early refusal (``size_estimate``), in a fraction of a millisecond instead of the seconds a
    search takes to reach the limit."""
    need = size_estimate(game)
    if need <= limit:
        return None
    sizes = " and ".join(map(str, _hand_sizes(game)))
    return (f"too big to search to the end: with {sizes} cards in the "
            f"hands it needs an estimated {need:,} positions or more, over the limit of "
            f"{limit:,} positions")


#: the default limits, in positions: the reference search covers about 30,000 in three seconds
#: on this project's 2-core machines (``benchmarks/coach.py``), so that ``solve`` answers or
#: refuses within five (issue 24); the core's search (``endgame``) covers 100,000 in under half a
#: second compiled and in about four as plain Python (issue 29): the core's search and today's
#: reference search, which plays what the core does not (house rules, R9)
FAST_LIMIT, REFERENCE_LIMIT = 100_000, 30_000


def solve(game: Game, limit: int | None = None) -> tuple[int, list[Action]]:
    """The value of ``game`` for the player to act, and every action that keeps it.

    ``value`` is ``1`` (the player to act wins with best play), ``0`` (a draw) or ``-1`` (the
    durak whatever the moves, if the opponent plays well). ``best_actions`` lists, in the order of
    ``legal_actions()``, every action after which best play still gets that value.

    The game must be a two-player attack–defence game whose talon is empty (R0: then both hands
    are known). The game itself is not changed. ``limit`` caps the positions searched (by
    default ``FAST_LIMIT`` where the integer core plays the game, ``REFERENCE_LIMIT``
    elsewhere: a few seconds either way; endings of up to about a dozen cards in all need far
    fewer); a bigger search raises ``SolveError`` rather than running for minutes; one that is
    bound to be bigger (``size_estimate``) is refused at once, before any search.
    """
    _check(game)
    fast = game if fits(game) else None  # fits: a AttackGame
    if limit is None:
        limit = FAST_LIMIT if fast is not None else REFERENCE_LIMIT
    why = too_big(game, limit)
    if why is not None:
        raise SolveError(why)
    if fast is not None:
        return _solve_fast(fast, limit)
    return _solve_reference(game, limit)


def _limit_words(limit: int) -> str:
    return f"too big to search to the end: more than the limit of {limit:,} positions"


def _solve_fast(game: AttackGame, limit: int) -> tuple[int, list[Action]]:
    """``solve`` on the core (``endgame.Endgame``): the root's value, then for each first move
    one null-window question, "does it keep that value?", on the same table (one for a move
    and its twin: ``Endgame.repeats``)."""
    search = Endgame(game, limit)
    legal = game.legal_actions()
    try:
        value = search.exact(search.root)
        ms = search.root_moves()
        keeps: dict[int, bool] = {}
        for i in search.repeats():
            if i not in keeps:
                keeps[i] = search.at_least(search.child(ms[i]), value)
        best = [a for a, i in zip(legal, search.repeats()) if keeps[i]]
    except LimitReached:
        raise SolveError(_limit_words(limit)) from None
    return value, best


def _solve_reference(game: Game, limit: int) -> tuple[int, list[Action]]:
    """``solve`` by the reference search (``_Search``), for what the core does not play."""
    me = game.to_act
    if me is None:
        raise SolveError(f"the game is over: {game.result}")
    search = _Search(me, limit)
    g = game.clone(history=False)
    value = search.value(g)
    best = []
    for action in g.legal_actions():
        child = g.clone(history=False)
        child.play(action)
        if search.value(child) == value:
            best.append(action)
    return value, best


def _check(game: Game) -> None:
    """Raise ``SolveError`` saying why, unless ``game`` is a position ``solve`` can search."""
    try:
        game.position_key()  # the face a search remembers positions by: not every engine has it
    except (TypeError, AttributeError):
        raise SolveError(f"solve searches attack–defence games (R2–R6), not "
                         f"{getattr(game, 'variant', game)!r}") from None
    if game.players != 2:
        raise SolveError(f"solve needs a two-player game; this one has {game.players} players")
    if game.is_over:
        raise SolveError(f"the game is over: {game.result}")
    if game.talon_size:
        raise SolveError(f"the talon still holds {game.talon_size} cards: the hands are not yet "
                         "known to both players (R0), so there is nothing exact to search")


class _Search:
    """Minimax from seat ``me``'s side, remembering the value of every position. Each move is
    played on a history-free copy (so a copy without an undo stack — a world redealt for a bot,
    ``SeatGame.redeal`` — can be searched too)."""

    def __init__(self, me: int, limit: int):
        self.me, self.limit = me, limit
        self.memo: dict[PositionKey, int] = {}
        self.path: set[PositionKey] = set()

    def value(self, g: Game) -> int:
        if g.is_over:
            result = g.result
            assert result is not None, "a game that is over has its result"
            return result.score(self.me)
        key = g.position_key()
        found = self.memo.get(key)
        if found is not None:
            return found
        if key in self.path:  # cannot happen while the key counts repetitions (R2.11)
            raise SolveError("this position comes back for ever (repetition_draw=False): there "
                             "is no end to search to (R2.11)")
        if len(self.memo) >= self.limit:
            raise SolveError(_limit_words(self.limit))
        self.path.add(key)
        mine = g.to_act == self.me
        best = LOSS - 1 if mine else WIN + 1
        for action in g.legal_actions():
            child = g.clone(history=False)
            child.play(action)
            v = self.value(child)
            if mine:
                best = max(best, v)
                if best == WIN:
                    break  # nothing is better than a win
            else:
                best = min(best, v)
                if best == LOSS:
                    break
        self.path.discard(key)
        self.memo[key] = best
        return best
