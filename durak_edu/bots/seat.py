"""The seat-bound view a bot is handed: what one seat may see and do, and nothing else (R0).

A bot given the live game could read the other hands or play the opponent's moves for him.
``SeatGame(game, seat)`` offers instead only what that seat knows — its own hand, the public
state (table, discard pile, talon size, trump, hand sizes), the rules and names, the legal
actions while it is to act — and copies to search (``redeal(rng)``) in which every card the seat
cannot see is dealt again at random. It has no ``play`` or ``undo``: the caller plays the
action the bot returns. ``tournament``, ``ladder`` and the capstone checker hand bots this.

It is sealed: it keeps no reference to the live game, only a *sealed world* — a copy in which
every card the seat cannot see was dealt again (and the deck order, seed and repetition memory
rebuilt from what the seat saw). So even a bot that digs into private attributes (``_…``), or a
pickled ``SeatGame`` sent to another process, finds no hidden card: there is none to find.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> me = SeatGame(g, 0)
>>> me.hand == g.hands[0], me.hand_sizes
(True, (6, 6))
>>> me.view(1)
Traceback (most recent call last):
...
durak_edu.bots.seat.SeatBoundError: R0: seat 0 may see only its own view, not seat 1's
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import Card, Suit
from ..games.base import Game, View
from ..games.face import SearchFace, forward, forward_call

__all__ = ["SeatGame", "SeatBoundError"]

class _InOrder(random.Random):
    """The generator a ``SeatGame`` seals its world with: it deals the hidden cards in the
    view's own order, unshuffled. Any dealing from the view alone hides as well (the cards are
    not the real ones either way), this one costs nothing and makes the same position give the
    same ``SeatGame``; ``redeal(rng)`` shuffles for real."""

    def shuffle(self, x: Any, *args: Any) -> None:
        pass

    def choice(self, seq: Any) -> Any:
        return seq[0]

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        return list(population)[:k]


class SeatBoundError(PermissionError):
    """A bot asked its ``SeatGame`` for something its seat may not see or do (R0)."""

    def __init__(self, message: str):
        super().__init__(f"R0: {message}")


class SeatGame(SearchFace):
    """``SeatGame(game, seat)``: ``game`` as ``seat`` sees it (R0), for a bot to decide on.

    Offered: ``seat``, ``variant``, ``rules``, ``players``, ``names``, ``hand`` (its own),
    ``hand_sizes``, ``trump``, ``trump_card``, ``talon_size``, ``table``, ``discard``, ``out``,
    ``to_act``, ``is_over``, ``result``, ``view()``, ``legal_actions()`` (when it is to act),
    ``check`` / ``can_play`` (ask, never play), ``beats``, the game's faces (``table_shape``,
    ``role``, ``targets``, ``is_taking``, ``called_suit``) and ``redeal(rng)`` /
    ``clone_for_search(rng)``: a full game to search, redealt from this seat's view.

    It is a snapshot of the seat's position when it is made: it holds a sealed world (every
    hidden card dealt again), never the live game, and does not follow the game as it is
    played on — make a fresh one for each decision. Its answers are the live game's for that
    seat: the same view, legal actions, refusals and ``redeal(rng)``. It pickles, with nothing
    hidden in it.
    """

    __slots__ = ("__world", "__seat", "__view")

    def __init__(self, game: Game, seat: int):
        if isinstance(game, SeatGame):
            raise TypeError("SeatGame wraps a game, not another SeatGame")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, not {seat!r}")
        self.__seat = seat
        # every family's game (the base class does not list hands...); the sealed world's
        # dealing depends only on the seat's view, so the same position gives the same world
        self.__world: Game
        self.__view: View
        self.__world, self.__view = game._sealed(seat, _InOrder(0))

    @property
    def seat(self) -> int:
        """The seat this bot plays (read-only: a bot cannot change places, R0)."""
        return self.__seat

    def _face_target(self) -> Game:
        """The sealed world the forwarded members read (``forward``): no hidden card in it."""
        return self.__world

    # -- the face's members this seat answers as its sealed world does (games/face.py declares
    #    each one and its type; a member left out here makes SeatGame abstract for mypy) -------
    variant = forward(SearchFace.variant)
    family = forward(SearchFace.family)
    rules = forward(SearchFace.rules)
    players = forward(SearchFace.players)
    names = forward(SearchFace.names)
    trump = forward(SearchFace.trump)
    talon_size = forward(SearchFace.talon_size)
    table = forward(SearchFace.table)
    discard = forward(SearchFace.discard)
    out = forward(SearchFace.out)
    to_act = forward(SearchFace.to_act)
    is_over = forward(SearchFace.is_over)
    result = forward(SearchFace.result)
    table_shape = forward(SearchFace.table_shape)
    is_taking = forward(SearchFace.is_taking)
    called_suit = forward(SearchFace.called_suit)
    role = forward_call(SearchFace.role)
    targets = forward_call(SearchFace.targets)
    beats = forward_call(SearchFace.beats)

    # -- this seat's own ---------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[Card, ...]:
        """This seat's own hand (display order)."""
        return self.__world.hands[self.seat]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.__world.hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        raise SeatBoundError(f"seat {self.seat} may not see the other hands; its own is "
                             "game.hand, what it knows of the others is game.view().known")

    @property
    def trump_card(self) -> Card | None:
        """The card that showed the trump, as the seat sees it (``None`` while it lies face
        down, R9.23)."""
        return self.__view.trump_card

    # -- knowledge and choices -------------------------------------------------------------------
    def view(self, seat: int | None = None) -> View:
        """This seat's ``View`` (R0); asking for another seat's is refused."""
        if seat is not None and seat != self.seat:
            raise SeatBoundError(f"seat {self.seat} may see only its own view, not seat {seat}'s")
        v: View = self.__view  # made with the world (a snapshot): a fresh ``known`` each time
        return dataclasses.replace(v, known=dict(v.known))

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now; refused when it is not this seat's turn."""
        g = self.__world
        if g.to_act != self.seat:
            raise SeatBoundError(f"it is not seat {self.seat}'s turn "
                                 f"({'the game is over' if g.to_act is None else f'seat {g.to_act} acts'}): "
                                 "its legal actions are not its to see")
        return g.legal_actions()

    def check(self, action: Action | str) -> Action:
        """Raise ``IllegalAction`` if this seat may not play ``action`` now (nothing is played)."""
        return self.__world.check(action, self.seat)

    def can_play(self, action: Action | str) -> bool:
        return self.__world.can_play(action, self.seat)

    @property
    def can_redeal(self) -> bool:
        """Whether ``redeal`` works here (the attack–defence family has redealt copies)."""
        return hasattr(self.__world, "redeal_hidden")

    def redeal(self, rng: random.Random | int | None = None) -> Game:
        """A full game to search: a copy in which every card this seat cannot see is dealt again
        at random, consistently with its view (hand sizes, known cards, the talon's size and
        bottom card). Play it, play it out, clone it: it is the bot's own.

        The copy forgets how the real game was dealt (its deck order is the canonical one, its
        seed ``None``, the cards already drawn from the talon are not the real ones, its
        repetition memory holds only what this seat saw), so nothing in it tells a hidden card:
        it depends only on this seat's view and ``rng``, the same from the live game as from this
        sealed one (``Game.redeal_hidden``).
        """
        g = self.__world
        redeal = getattr(g, "redeal_hidden", None)
        if redeal is None:
            raise ValueError(f"redeal: {g.variant!r} offers no redealt copies yet (the "
                             "attack–defence family does, R2–R6)")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        world: Game = redeal(self.seat, rng)
        return world

    clone_for_search = redeal

    def redeal_hidden(self, seat: int, rng: random.Random | int | None = None) -> Game:
        """``redeal(rng)`` under the game's own name (bots written for ``game.redeal_hidden``)."""
        if seat != self.seat:
            raise SeatBoundError(f"seat {self.seat} may redeal only from its own view, "
                                 f"not seat {seat}'s")
        return self.redeal(rng)

    # -- refused ---------------------------------------------------------------------------------
    def play(self, action: Any = None, seat: Any = None) -> None:
        raise SeatBoundError(f"a bot does not play on the game: return the action "
                             f"(seat {self.seat}'s bot tried to play {action})")

    def undo(self) -> None:
        raise SeatBoundError(f"a bot does not take moves back (seat {self.seat}'s bot tried undo)")

    def clone(self, history: bool = True) -> None:
        raise SeatBoundError("a copy of the real game would show every hand: use "
                             "game.redeal(rng) for a copy redealt from this seat's view")

    if not TYPE_CHECKING:  # for mypy a name SeatGame lacks stays an error, not ``Any``
        def __getattr__(self, name: str) -> Any:
            # AttributeError, so that hasattr/getattr(..., default) work as on any object; the
            # protocol names (pickle's ``__setstate__`` on a bare new object) get the plain one
            if name.startswith("__") and name.endswith("__"):
                raise AttributeError(name)
            raise AttributeError(f"a bot's game has no {name!r}: it offers what seat "
                                 f"{self.seat} may see (hand, view(), legal_actions(), "
                                 "redeal(rng), …)")

    def __reduce__(self) -> tuple[type[SeatGame], tuple[Game, int]]:
        """Pickled as its sealed world and seat (nothing hidden in it: ``isolate=True`` sends
        this to a bot's process); unpickling seals that world again, which changes nothing."""
        return (SeatGame, (self.__world, self.__seat))

    def __repr__(self) -> str:
        return f"<SeatGame: {self.__world.variant!r} as seat {self.seat} sees it>"

    def __str__(self) -> str:
        v = self.view()
        table = " ".join(" ".join(str(c) for c in (p if isinstance(p, tuple) else (p,))
                                  if c is not None) for p in v.table)
        return (f"{self.variant} as seat {self.seat} sees it · talon {v.talon_size} · "
                f"hand sizes {v.hand_sizes}\n  hand  {' '.join(map(str, v.hand))}\n"
                f"  table {table or '-'}")

