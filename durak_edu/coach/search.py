"""The coach's values: an information-set tree search on the engine's integer core (issue 29).

Each *world* deals the cards the seat cannot see again, uniformly and consistently with its view
(``SeatGame.redeal``, then dealt on the core by ``coach.worlds``; R0: so the same view gives the
same worlds, and no hidden card is read);
the core's state of that world (the redealt ``AttackGame``'s own, ``_s.core``) is then searched as
``bots.ISMCTSBot`` searches (Cowling, Powley and Whitehouse's single-observer ISMCTS): down a
tree of moves shared by all worlds, by UCB among the moves legal in this world with a nudge
toward the greedy move, one new move added, and the rest of the game played out by the *greedy
policy* — every seat plays the lowest card that works (beats with its lowest beater, attacks
with its lowest card, throws in no trump, takes last), a uniformly random move 3 % of the time
(``EPSILON``: at 10 % it won fewer games against ``lowest_card_bot``, issue 29).
A naive evaluation (each option followed by greedy playouts alone) loses to ``ISMCTSBot``
(issue 29); the tree lets the opponent answer each move well.

The statistic of a root move is the share of the worlds through it in which the seat was not
the durak (R2.12: a draw counts as not the durak), with its binomial standard error: the move's
``win``. Moves are integers (``games.core.moves``), so the tree is cheap and equal moves of two
worlds are the same key.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> stats = search(g, g.to_act, worlds=60, seed=1)
>>> sum(s.visits for s in stats.values()), len(stats) <= len(g.legal_actions())
(60, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bots.seat import SeatGame
from ..games.base import Game
from ..games.core import apply as core_apply, moves as core_moves
from ..games.core.game import AttackGame
from ..games.core.state import CoreState
from .worlds import Worlds

if TYPE_CHECKING:
    from .reading import Reading

__all__ = ["search", "RootStat", "playable", "greedy", "greedy_key", "greedy_playout", "EPSILON",
           "C"]

_apply = core_apply.apply
_moves = core_moves.moves
_PAYLOAD = (1 << core_moves.SHIFT) - 1
_SHIFT = core_moves.SHIFT

#: the greedy playout's share of uniformly random moves (0.1 until issue 29's screening: 0.03
#: won 0.831 of the decided games against ``lowest_card_bot`` where 0.1 won 0.804, 340 paired
#: games, ``bots/coach_bot.py``)
EPSILON = 0.03
#: UCB's exploration constant (rewards are 1 not the durak, 0 the durak), and the greedy nudge
C = 0.5
BIAS = 0.5


@dataclass
class RootStat:
    """One root move's worlds: ``visits``, and ``safe``: those the seat was not the durak in."""

    visits: int = 0
    safe: int = 0

    @property
    def rate(self) -> float:
        return self.safe / self.visits if self.visits else 0.0


class _Node:
    __slots__ = ("visits", "total", "avail", "children", "player")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, _Node] = {}


def playable(game: Game) -> bool:
    """Does the compiled core play this game (so the coach's search can)? A ``AttackGame``: the
    wide copy's 72-card games are another class (its masks are not the 64-bit moves below), and
    the circle and mau-mau families other engines."""
    return isinstance(game, AttackGame)


def _top(m: int, trumps: int) -> int:
    """The greedy worth of the highest card of mask ``m``: its rank, trumps above every plain."""
    t = m & trumps
    if t:
        return 100 + (t.bit_length() - 1 >> 2)
    return m.bit_length() - 1 >> 2


#: the greedy key of a move the greedy policy never picks while another is listed (transfers,
#: shows, a trump thrown in)
SKIP = 1 << 20


def greedy_key(m: int, trumps: int) -> int:
    """The greedy policy's price of core move ``m`` (the lowest wins, see above)."""
    kind = m >> _SHIFT
    if kind == 2:  # BEAT: the beating card's worth
        return _top(1 << (m & 63), trumps)
    if kind == 1:  # ATTACK
        return _top(m & _PAYLOAD, trumps) - 1
    if kind == 6:  # THROW: never a trump
        key = _top(m & _PAYLOAD, trumps)
        return SKIP if key >= 100 else key
    if kind == 7:  # PASS
        return 500
    if kind == 5:  # TAKE
        return 1000
    return SKIP  # transfers and shows: only when nothing else is listed first


def greedy(ms: list[int], trumps: int, keys: dict[int, int] | None = None) -> int:
    """The index of the greedy move among ``ms`` (the lowest card that works, see above); the
    first where every move is one it never picks. ``keys``: a memo of ``greedy_key`` for this
    ``trumps`` (moves are integers, so one search prices each move once)."""
    best, best_key = 0, SKIP
    for i, m in enumerate(ms):
        key = keys.get(m) if keys is not None else None
        if key is None:
            key = greedy_key(m, trumps)
            if keys is not None:
                keys[m] = key
        if key < best_key:
            best, best_key = i, key
    return best


def greedy_playout(st: CoreState, rng: random.Random, trumps: int,
                   keys: dict[int, int] | None = None) -> None:
    """Play ``st`` to its end by the greedy policy (``EPSILON`` of the moves at random);
    ``keys``: ``greedy``'s memo."""
    rand = rng.random
    if keys is None:
        keys = {}
    while st.to_act >= 0:
        ms = _moves(st)
        if len(ms) == 1:
            _apply(st, ms[0])
        elif rand() < EPSILON:
            _apply(st, ms[int(rand() * len(ms))])
        else:
            _apply(st, ms[greedy(ms, trumps, keys)])


def _safe(st: CoreState, seat: int) -> int:
    """1 if ``seat`` is not the durak at the end of ``st`` (R2.12), else 0."""
    end = st.end
    assert end is not None, "the game is not over"
    return int(end[0] != seat)


def search(game: Game, seat: int, worlds: int, seed: int,
           reading: Reading | None = None) -> dict[int, RootStat]:
    """Search ``worlds`` worlds from ``seat``'s view (it must be to act; ``playable(game)``),
    from a generator seeded by ``seed``; the statistics of each root move tried, by core move.
    ``reading``: what the opponent's public play told (``coach.reading``): his hand is dealt by
    its weights (``coach.worlds``), and while he plays as the greedy player he does so in the
    tree too (his move there is the greedy one, ``EPSILON`` of them random)."""
    me = SeatGame(game, seat)  # sealed: everything below depends on the view alone (R0)
    rng = random.Random(seed)
    deal = Worlds(me, rng, reading.weights() if reading is not None else None).deal
    model = reading is not None and reading.greedy()
    root = _Node(seat)
    stats: dict[int, RootStat] = {}
    trumps = -1
    keys: dict[int, int] = {}
    for _ in range(worlds):
        st = deal()  # the world is this search's own copy: its state is played on
        if trumps < 0:
            trumps = st.cfg.trump_mask
        node = root
        path: list[_Node] = []
        first = -1
        while st.to_act >= 0:
            player = st.to_act
            ms = _moves(st)
            children = node.children
            if model and player != seat:  # he plays as the greedy player (coach.reading)
                if len(ms) == 1 or rng.random() >= EPSILON:
                    m = ms[greedy(ms, trumps, keys)]
                else:
                    m = ms[int(rng.random() * len(ms))]
                ch = children.get(m)
                fresh = ch is None
                if ch is None:
                    ch = children[m] = _Node(player)
                ch.avail += 1
                node = ch
                _apply(st, m)
                path.append(ch)
                if fresh:
                    break
                continue
            untried = [m for m in ms if m not in children]
            for m in ms:
                ch = children.get(m)
                if ch is not None:
                    ch.avail += 1
            if untried:
                hint = ms[greedy(ms, trumps, keys)]
                m = hint if hint in untried else untried[int(rng.random() * len(untried))]
                child = _Node(player)
                child.avail = 1
                children[m] = child
                if first < 0:
                    first = m
                _apply(st, m)
                path.append(child)
                break
            hint = ms[greedy(ms, trumps, keys)]
            best_m, best_u = ms[0], -math.inf
            for m in ms:
                ch = children[m]
                u = (ch.total / ch.visits + C * math.sqrt(math.log(ch.avail) / ch.visits)
                     + (BIAS / (1 + ch.visits) if m == hint else 0.0))
                if u > best_u:
                    best_m, best_u = m, u
            if first < 0:
                first = best_m
            node = children[best_m]
            _apply(st, best_m)
            path.append(node)
        if st.to_act >= 0:
            greedy_playout(st, rng, trumps, keys)
        for n in path:
            n.visits += 1
            n.total += _safe(st, n.player)
        if first >= 0:
            s = stats.setdefault(first, RootStat())
            s.visits += 1
            s.safe += _safe(st, seat)
    return stats
