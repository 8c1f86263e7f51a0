"""The core taking over a reference game at any move (issue 25): the reference's position read
into a ``CoreState`` (``take_over``), into a ``CoreGame`` (``core_game_of``), and the words of
its refusals (``context_of``). Only the agreement tests need it, so it left the package with the
reference (it was ``core.state.from_game``, the house parts' ``take_over`` hooks,
``CoreGame.from_game`` and ``refuse.Context.of``).

A 72-card game (R9.21, R9.29) is taken over by the core's wide copy (``durak_edu.games.wide``),
every other one by the compiled core (or its plain-Python build, ``DURAK_EDU_PURE=1``).
"""

from __future__ import annotations

import importlib
import typing
from types import ModuleType
from typing import Any, Callable

from durak_edu.cards import RANK_MAJOR_POSITION, to_rank_major
from durak_edu.games.core.house import PARTS
from durak_edu.games.wide import core_wide

from .attack import AttackGame

__all__ = ["take_over", "core_game_of", "context_of"]

#: a core module by name ("state", "house.potayny", ...): the compiled core's or the wide copy's
Modules = Callable[[str], ModuleType]


def _compiled(name: str) -> ModuleType:
    return importlib.import_module(f"durak_edu.games.core.{name}")


def modules_of(game: AttackGame, wide: bool | None = None) -> Modules:
    """The core that takes ``game`` over: the wide copy for two decks (or ``wide=True``: a
    one-deck game in the other layout), else the compiled core."""
    if not isinstance(game, AttackGame):
        raise TypeError(f"the core takes over a reference game (AttackGame), not "
                        f"{type(game).__name__}")
    return core_wide if (game.rules.deck == 72 if wide is None else wide) else _compiled


def take_over(game: AttackGame, wide: bool | None = None) -> Any:
    """The position of ``game`` (any move of a game the core plays) as the core's ``CoreState``
    (``wide``: as ``modules_of`` chooses the core)."""
    mod = modules_of(game, wide)
    state, bits = mod("state"), mod("bits")
    if not state.supports(game):  # (its options, its seats, its cards' positions)
        raise ValueError(f"the core does not play {game.variant} with these options")
    pos, rank_major = state.POSITIONS, state.rank_major
    s = game._s
    st = state.CoreState.__new__(state.CoreState)
    st.n = game.players
    st.cfg = state.config_of(game)
    st.hands = [rank_major(m) for m in s.hands]
    st.known = [rank_major(m) for m in s.known]
    st.talon = [pos[c.index] for c in game.talon]
    st.tp = s.talon_pos
    tc = game.trump_card
    st.trump_pos = (pos[tc.index] if tc is not None and game.talon and game.talon[-1] is tc
                    else -1)
    st.discard = [pos[c.index] for c in s.discard]
    st.ta = [pos[a.index] for a, _ in s.table]
    st.td = [-1 if d is None else pos[d.index] for _, d in s.table]
    st.settled, st.n_attack = s.settled, s.n_attack
    st.attacker, st.defender, st.opener = s.attacker, s.defender, s.opener
    st.to_act = -1 if s.to_act is None else s.to_act
    st.opening = s.phase == "open"
    st.taking, st.refused = s.taking, s.refused
    st.run = sum(1 << p for p in s.pass_run)
    st.shown = sum(1 << p for p in s.shown)
    st.out = tuple(s.out)
    st.outm = sum(1 << p for p in s.out)
    st.bout = s.bout
    st.seen = {(tuple(rank_major(m) for m in typing.cast("tuple[int, ...]", k[0])),) + k[1:]: v
               for k, v in s.seen.items()}
    st.nub = sum(1 for i in range(st.settled, len(st.td)) if st.td[i] < 0)
    st.ranks = 0
    for a, d in zip(st.ta, st.td):
        st.ranks |= bits.RANK << (a & ~bits.RANK_LOW)
        if d >= 0 and st.cfg.ranks_table:
            st.ranks |= bits.RANK << (d & ~bits.RANK_LOW)
    st.end = None
    if hasattr(type(st), "lean"):  # (h-speed's playout flag: a taken-over state is not lean)
        st.lean = False
    # a game already over keeps the reference's Result (its epaulettes came from a bout the
    # core did not see)
    st.extra = {} if s.result is None else {"result": s.result}
    if st.cfg.teams:  # R5: the core's roles are the players; the bout's seats are kept apart
        st.attacker, st.defender = s.att_player, s.def_player
        st.extra["seats"] = (s.attacker, s.defender)
    if s.open_passes:  # R4 D: the openers of this bout who passed (attack_shape="pair_only")
        st.extra["open_passes"] = s.open_passes
    for part in st.cfg.parts or ():  # the house parts' slots (R9)
        hook = _PARTS.get(type(part).__name__)
        if hook is not None:
            hook(mod, st, game)
    return st


# -- the house parts' slots of the reference (R9), by the part's class name --------------------

def _once(name_of: str, clause: str) -> Callable[[Modules, Any, AttackGame], None]:
    """R9.17, R9.18, R9.19: the reference's ``once`` entries of ``clause``."""
    def hook(mod: Modules, st: Any, game: AttackGame) -> None:
        seats = 0
        for c, seat in game._s.once:
            if c == clause:
                seats |= 1 << (seat + 1)
        st.extra[mod(name_of).SLOT] = (st.bout, seats)  # set from the start: copies copy it
    return hook


def _defender_swaps(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.19: the swaps made this bout, the hand size a swap keeps to, the cards tucked in."""
    part = mod("house.defender_swaps")
    _once("house.defender_swaps", "R9.19")(mod, st, game)
    st.extra[part.SIZE] = game.rules.hand_size
    tucked = game._s.tucked
    if any(tucked):
        st.extra[part.TUCKED] = tuple(to_rank_major(m) for m in tucked)


def _second_trump(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.24: the reference's second card (``secret``), and whether it has been turned."""
    part, secret = mod("house.potayny"), game.secret
    if secret is None:
        return
    pos = RANK_MAJOR_POSITION[secret.index]
    extra: dict[str, object] = {part._KEY: pos}
    if game.trump_card is secret:  # turned already: the Config holds the new trump
        old = game._old_trump
        extra[part._OLD] = -1 if old is None else int(old)
        extra["trump_card"] = pos
    st.extra = {**st.extra, **extra}


def _reserve(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.40: the reserves not yet taken up."""
    st.extra = {**st.extra, "reserves": tuple(to_rank_major(m) for m in game._s.reserves)}


def _talon_removed(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.4: the cards put out of the game, and the trump card among them (seen by all)."""
    mod("house.chukotsky").TalonRemoved._slots(st, game.removed, game.trump_card)


def _dealt_locked(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.37: the reference's locked cards, and the order they were dealt in."""
    locked = game._s.locked
    if not any(locked):
        return
    rank_major = mod("state").rank_major
    dealt = sorted(game._dealt_at, key=lambda c: (game._dealt_at[c], c.index))
    slot = (tuple(rank_major(m) for m in locked),
            tuple(RANK_MAJOR_POSITION[c.index] for c in dealt), (-1, ()))
    st.extra = {**st.extra, mod("house.magadansky")._KEY: slot}


def _scoring(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.28: the points so far, who laid the last attack card, and the form."""
    st.extra = {**st.extra, "tally": game._s.tally, "last_layer": game._s.last_layer,
                "scoring": game.rules.scoring}


def _seat_trumps(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.35: each seat's trump and its ``Config``; the defender's is the state's."""
    suits = game.seat_trumps
    if not suits:
        return
    part = mod("house.two_trumps")
    st.extra = {**st.extra, part._KEY: (suits, game.rules.opponents_trump == "as_trump")}
    # from the Config the deal starts from (the turned card's, the first seat's trump), so
    # the deal's and a take-over's seat Configs are the same objects
    st.cfg = mod("state").config_for(game.rules, suits[(game.dealer + 1) % st.n],
                                     game.trump_card, game.deal_size)
    st.cfg = part.seat_config(st, st.defender)


def _bito_back(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.13: the bitos counted so far, and the deck order that seeds the shuffle."""
    key = " ".join(str(c.index) for c in game.deck_order)
    st.extra = {**st.extra, "bitos": game._s.bitos, "otboyny_key": key}


def _hand_loses_at(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.21: the hand size that loses."""
    st.extra = {**st.extra, mod("house.hand_loses_at").SLOT: game.rules.hand_loses_at}


def _trump_hidden(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.23: face down or not, as the reference has it (drawn unseen: the part's ``draw``)."""
    hidden = not game._s.trump_shown
    st.extra = {**st.extra, "trump_hidden": hidden}
    if hidden and st.tp == len(st.talon):
        st.trump_pos = -1


def _one_higher_phase(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.38: the first phase on or over, and who leads after it."""
    part = mod("house.one_higher_phase")
    st.extra[part.CLIMB] = game._s.phase == "climb"
    st.extra[part.LEAD] = (game.dealer, game.rules.first_lead)


def _trump_six_exchange(mod: Modules, st: Any, game: AttackGame) -> None:
    """R9.26: the trump six as the reference defines it."""
    six = game._lowest_trump()
    part = mod("house.trump_six_exchange")
    st.extra[part.SIX] = -1 if six is None else RANK_MAJOR_POSITION[six.index]
    st.extra[part.ACE_ONLY] = bool(getattr(game.rules, "trump_six_for_ace", False))  # R9.46


_PARTS: dict[str, Callable[[Modules, Any, AttackGame], None]] = {
    "SecondTrump": _second_trump, "Reserve": _reserve, "TalonRemoved": _talon_removed,
    "DealtLocked": _dealt_locked, "Scoring": _scoring, "SeatTrumps": _seat_trumps,
    "BitoBack": _bito_back, "HandLosesAt": _hand_loses_at, "TrumpHidden": _trump_hidden,
    "OneHigherPhase": _one_higher_phase, "TrumpSixExchange": _trump_six_exchange,
    "DefenderDraws": _once("house.defender_draws", "R9.17"),
    "TalonAttackPart": _once("house.talon_attack", "R9.18"),
    "DefenderSwaps": _defender_swaps,
}
_UNKNOWN = set(_PARTS) - {type(p).__name__ for p in PARTS}
if _UNKNOWN:  # a part renamed: its slots would silently not be read
    raise ImportError(f"tests/reference/take_over.py names no part of the core: {_UNKNOWN}")


# -- the facade -------------------------------------------------------------------------------

def context_of(game: Any, wide: bool | None = None) -> Any:
    """The words a refusal names for ``game`` (``core.refuse.Context``): its seats and variant."""
    mod = modules_of(game, wide) if isinstance(game, AttackGame) else _compiled
    return mod("refuse").Context(game.names, game.variant)


def core_game_of(game: AttackGame, wide: bool | None = None) -> Any:
    """The core game at ``game``'s position (its history so far kept; undo stops there)."""
    mod = modules_of(game, wide)
    game_module = mod("game")
    core = take_over(game, wide)  # refuses a game the core does not cover
    g = game_module.CoreGame(game.variant, game.rules, game.players, game.names, game.seed,
                             game.deck_order)
    g.dealer, g.lead = game.dealer, game.lead
    g.trump, g.trump_card = game.trump, game.trump_card
    g._beaters = dict(game._beaters)
    g.reshuffled = game.reshuffled
    g._talon = game.talon
    g._talon_of = core.talon
    g.deal_size, g.removed, g.secret = game.deal_size, game.removed, game.secret
    g.redeals, g.dealt_order = game.redeals, game.dealt_order
    g.position_set = game.position_set
    g._history = list(game.history)
    g._actions = list(game.actions)
    g._ctx = context_of(game, wide)
    g._s = game_module._Slots(core, game.names)
    g._start = (core.cfg, g.trump, g.trump_card, g._beaters)
    return g
