"""Core moves and positions as the public API's values: ``Action``s, ``Card``s, ``Result``.

``action(move)`` gives the reference's own cached ``Action`` objects (``group_action``,
``beat_action``), so decoded lists compare with ``==`` to the reference's ``legal_actions()``.
"""

from __future__ import annotations

from ...actions import Action, Attack, Beat, Pass, Take, ThrowIn, Transfer
from ...cards import Card, Rank
from ..base import Result
from ..beating import beat_action, group_action
from .apply import REPETITION
from .bits import BEAT_SHIFT, RANK_SHIFT
from .house import part_of_action, part_of_kind
from .layout import CARDS, POSITIONS
from .moves import ATTACK, BEAT, PASS, SHIFT, SHOW, TAKE, THROW, TRANSFER
from . import teams
from .state import CoreState

__all__ = ["action", "actions", "encode", "cards_of", "card", "result"]

_PAYLOAD = (1 << SHIFT) - 1
_CARD = CARDS  # position -> card (layout.py: the jokers at their index, R9.22; two decks)
_POS = POSITIONS  # Card.index -> position, -1: none
_BEAT_LOW = (1 << BEAT_SHIFT) - 1
_TAKE, _PASS = Take(), Pass()
_CACHE: dict[int, Action] = {}
_LOOKUP = _CACHE.__getitem__


def card(pos: int) -> Card:
    return _CARD[pos]


def cards_of(m: int) -> list[Card]:
    """The cards of a rank-major mask, lowest first (the listing order)."""
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(_CARD[b.bit_length() - 1])
    return out


def action(move: int) -> Action:
    """The ``Action`` a move is (the same object every time)."""
    act = _CACHE.get(move)
    if act is not None:
        return act
    kind, m = move >> SHIFT, move & _PAYLOAD
    if kind == BEAT:
        act = beat_action(_CARD[m >> BEAT_SHIFT], _CARD[m & _BEAT_LOW])
    elif kind == TAKE:
        act = _TAKE
    elif kind == PASS:
        act = _PASS
    elif kind == ATTACK:
        act = group_action(Attack, cards_of(m))
    elif kind == THROW:
        act = group_action(ThrowIn, cards_of(m))
    elif kind in (TRANSFER, SHOW):
        act = group_action(Transfer, cards_of(m), show=kind == SHOW)
    else:
        part = part_of_kind(kind)  # a house rule's own move (R9)
        if part is None:
            raise ValueError(f"not a move: {move!r}")
        act = part.action(move)
    if len(_CACHE) < 1 << 16:
        _CACHE[move] = act
        _MOVE_OF[id(act)] = move
    return act


#: id of a cached ``Action`` -> its move (the cache keeps the object alive, so the id is its
#: own; ``encode`` still checks the cache holds that very object)
_MOVE_OF: dict[int, int] = {}


def actions(moves: list[int]) -> list[Action]:
    """The ``Action`` of each move, in order (one dictionary look-up a move once cached: an
    ``Action`` is a tuple with a Python ``__bool__``, so ``get(m) or ...`` would call it)."""
    try:
        return list(map(_LOOKUP, moves))
    except KeyError:
        return [action(m) for m in moves]


def _mask(cs: tuple[Card, ...]) -> int | None:
    m = 0
    for c in cs:
        p = _POS[c.index]
        if p < 0:
            return None  # a second deck's copy: no position in one deck's core (refused first)
        m |= 1 << p
    return m


def encode(act: Action) -> int | None:
    """The move an ``Action`` would be (``None``: no core move has that shape)."""
    move = _MOVE_OF.get(id(act))
    if move is not None and _CACHE.get(move) is act:  # a listed action: its own move
        return move
    if isinstance(act, Take):
        return TAKE << SHIFT
    if isinstance(act, Pass):
        return PASS << SHIFT
    if isinstance(act, Beat):
        a, d = _POS[act.target.index], _POS[act.card.index]
        if a < 0 or d < 0:
            return None
        return BEAT << SHIFT | a << BEAT_SHIFT | d
    if isinstance(act, Attack):
        kind = ATTACK
    elif isinstance(act, ThrowIn):
        kind = THROW
    elif isinstance(act, Transfer):
        kind = SHOW if act.show else TRANSFER
    else:
        return part_of_action(act)  # a house rule's own move (R9), or none
    m = _mask(act.cards)
    return None if m is None else kind << SHIFT | m


def result(st: CoreState, players: int, names: tuple[str, ...]) -> Result:
    """R2.11, R2.12: the ``Result`` of a finished core game (epaulettes: the sixes of the
    final attack on a durak who took them)."""
    assert st.end is not None, "the game is not over"
    durak, took_last, final_attack = st.end
    if durak == REPETITION:
        return _scored(st, Result.repetition(st.out, names))
    if st.cfg.teams:  # R5: the team result
        return teams.result(st, names)
    epaulettes = 0
    if durak >= 0 and took_last:
        sixes = [p for p in final_attack if p >> RANK_SHIFT == _SIX]
        if sixes and (not st.cfg.plain_six
                      or any(not (1 << p) & st.cfg.trump_mask for p in sixes)):
            epaulettes = len(sixes)
    if st.cfg.parts:
        who = None if durak < 0 else durak
        return _scored(st, Result(who, st.out, who is None, epaulettes, None,
                                  tuple(p for p in range(players) if p != who),
                                  () if who is None else (who,), names=names))
    return _plain_result(durak, st.out, epaulettes, players, names)


_SIX = Rank.SIX - 2  # a six's rank in a position (``pos >> RANK_SHIFT``)
#: the results of plain games made so far (frozen, so shared): a history-free playout ends in
#: one, and a ``Result`` made field by field costs a tenth of the playout
_RESULTS: dict[tuple[object, ...], Result] = {}
_NEW, _SET = object.__new__, object.__setattr__


def _plain_result(durak: int, out: tuple[int, ...], epaulettes: int, players: int,
                  names: tuple[str, ...]) -> Result:
    """``Result(who, out, who is None, epaulettes, None, the others, (who,), names=names)``
    (``who``: ``durak``, ``None`` for -1), equal to it field for field, remembered by those
    values and made with its ``__dict__`` set whole (no frozen ``__init__``)."""
    key = (durak, out, epaulettes, players, names)
    done = _RESULTS.get(key)
    if done is not None:
        return done
    who = None if durak < 0 else durak
    made: Result = _NEW(Result)
    _SET(made, "__dict__", {
        "durak": who, "out_order": out, "draw": who is None, "epaulettes": epaulettes,
        "scores": None, "winners": tuple([p for p in range(players) if p != who]),
        "losers": () if who is None else (who,), "reason": "", "names": names, "scoring": "",
        "scored": None})
    if len(_RESULTS) >= 1 << 12:
        _RESULTS.clear()
    _RESULTS[key] = made
    return made


def _scored(st: CoreState, result: Result) -> Result:
    """The house parts' say in the result (R9.28: the points decide)."""
    if st.cfg.parts:
        for part in st.cfg.parts:
            result = part.score(st, result)
    return result
