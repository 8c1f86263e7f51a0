"""The attack family's state as integers (issue 25: one state, one core).

Cards are rank-major positions (``4 * (rank - 2) + suit``), sets of cards are integer masks,
seats are small integers. ``CoreState`` is everything that changes in play; ``Config`` the
options the core reads, built once per rule set. A game's state is its facade's
(``AttackGame``: ``game._s.core``).

>>> from durak_edu import new_game
>>> st = new_game("podkidnoy", seed=1)._s.core
>>> st.n, st.to_act, [h.bit_count() for h in st.hands], len(st.talon) - st.tp
(2, 0, [6, 6], 24)
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .. import cython_shim as cython
else:
    try:
        import cython  # compiled: Cython's own
        if not cython.compiled:
            raise ImportError  # plain Python: the light shim is faster than Cython's Shadow
    except ImportError:
        from .. import cython_shim as cython

from ...cards import Card, Suit
from ...rules import RulesBase
from ..base import Game
from ..beating import BeatRules, masks_of
from .bits import N_POSITIONS, SUIT, SUIT_SHIFT, WIDE
from .hooks import Hooks
from .hooks import of as hooks_of
from .house import PARTS, HousePart, active_parts
from .layout import POSITIONS, rank_major, suit_major

__all__ = ["Config", "CoreState", "Masks", "COVERED", "MAX_SEATS", "supports", "config_of",
           "rank_major", "suit_major", "with_trump", "config_for", "CONFIG_FIELDS", "covered",
           "POSITIONS"]

#: the most seats a core game has (its hands are fixed arrays when compiled)
MAX_SEATS = 8

_ANY = None  # every value the rules accept

#: Every ``Rules`` option with the values the core plays (``None``: every valid value): the
#: core's own options here, widened below by R4/R5 and by the house-rule parts' ``values``. A
#: game with any other value, or an option missing here, is refused by ``supports`` (and
#: ``new_game``): nothing is ignored (tests/test_unplayed_combinations.py walks the fields).
COVERED: dict[str, frozenset[object] | None] = {
    # the deal and the deck; the beater masks carry R2.3 and R6
    "deck": frozenset({20, 24, 32, 36, 52}), "hand_size": _ANY, "min_players": _ANY,
    "max_players": _ANY, "trump": _ANY, "first_lead": _ANY, "next_game_lead": _ANY,
    "spades_apart": _ANY, "spade_turned": _ANY, "queen_of_spades_high": _ANY,
    # R2
    "attack_shape": frozenset({"rank"}), "throw_in": _ANY, "throw_in_ranks": _ANY,
    "throw_one_at_a_time": _ANY, "bout_limit": _ANY, "first_bout_limit": _ANY,
    "partial_take": frozenset({False}), "taker_keeps_turn": _ANY, "draw_order": _ANY,
    "share_short_talon": _ANY, "draws": _ANY, "repetition_draw": _ANY,
    "epaulettes_need_plain_six": _ANY,
    # R3
    "transfer": _ANY, "transfer_in_first_bout": _ANY, "transfer_with_trump_on_table": _ANY,
    "transfer_by_last_card": _ANY, "proezdnoy": _ANY, "transfer_after_beating": _ANY,
    "transfer_beat_only_new": _ANY, "refusal": _ANY,
    # R5 (widened below)
    "teams": frozenset({False}),
    # R9: each house rule off; its part (core/house/) adds the values it plays
    "suitless": frozenset({False}), "ace_beaten_by_any_trump": frozenset({False}),
    "lowest_only_by_ace": frozenset({False}), "highest_only_by_lowest": frozenset({False}),
    "six_beats_ace": frozenset({False}), "deal_all": frozenset({False}),
    "talon_removed": frozenset({False}), "trump_card_hidden": frozenset({False}),
    "every_second_bito_back": frozenset({False}), "bito_swaps_trump": frozenset({False}),
    "nine_of_diamonds_stops_throw_ins": frozenset({False}), "take_first_only": frozenset({False}),
    "aces_first": frozenset({False}), "ace_put_back": frozenset({False}),
    "draw_only_when_empty": frozenset({False}), "progressive_refill": frozenset({False}),
    "attack_with_highest": frozenset({False}), "pass_hands_left": frozenset({False}),
    "jokers": frozenset({"beat_all"}), "twin_beats": frozenset({False}),
    "hand_loses_at": frozenset({None}), "defender_throws_in": frozenset({False}),
    "defender_draws": frozenset({False}), "talon_attack": frozenset({False}),
    "defender_swaps": frozenset({False}), "trump_six_exchange": frozenset({False}),
    "counter_attack": frozenset({False}), "scoring": frozenset({"durak"}),
    "redeal_five_of_a_suit": frozenset({False}), "clubs_apart": frozenset({False}),
    "one_higher_phase": frozenset({False}), "second_trump": frozenset({False}),
    "trump_per_seat": frozenset({False}),
    "opponents_trump": _ANY,  # (changes nothing without trump_per_seat)
    "dealt_locked": frozenset({False}), "reserve": frozenset({False}),
    "reserve_size": _ANY,  # (changes nothing without reserve)
}
# R4 (prostoy): the attack shapes of moves.SHAPES and the partial take are the core's own
COVERED["attack_shape"] = frozenset({"rank", "one_or_two", "pair_plus_one", "pairs",
                                     "pair_only", "three", "groups"})  # and R9.7, R9.8
COVERED["partial_take"] = None
COVERED["teams"] = None  # R5 (core/teams.py)
COVERED["hand_loses_at"] = None  # R9.21 (house/hand_loses_at.py): every limit
if WIDE:  # the wide copy (durak_edu.games.wide): two decks, and no place for a joker (R9.22)
    COVERED["deck"] = frozenset({20, 24, 32, 36, 52, 72})
for _part in PARTS:  # and the values the house parts play (durak_edu/games/core/house/)
    for _name, _values in _part.values.items():
        _known = COVERED.get(_name)
        COVERED[_name] = None if _known is None else _known | _values

#: every field of ``Config`` (a compiled ``cdef class`` has no ``__slots__`` to walk)
CONFIG_FIELDS = ("hand_size", "first_limit", "later_limit", "throw_in", "ranks_table",
                 "one_at_a_time", "share_short", "repetition", "draws", "keeps_turn",
                 "clockwise", "transfer", "in_first_bout", "trump_on_table", "by_last_card",
                 "proezdnoy", "after_beating", "only_new", "refusal", "trump_suit",
                 "trump_mask", "beat", "plain_six", "repetitions", "spades_apart", "parts",
                 "shape", "partial_take", "beat_rules", "teams", "hooks")
_SUIT = SUIT  # the thirteen cards of suit 0 (compiled: an unsigned 64-bit constant)
#: R2.6's limits are any whole number >= 1; compiled they are C integers, and any limit above
#: the deck plays the same, so a larger one is kept as this (its words alone would differ)
_MOST = 2 ** 62
#: a card's position by ``Card.index`` (-1: none; layout.py: one deck and the jokers, or two)
_POS = POSITIONS


class Config:
    """The options the core reads, as plain values (one per rule set and trump; never changed)."""

    # compiled, a ``cdef class`` (state.pxd): its fields are C fields, so code that copies a
    # Config names them (``CONFIG_FIELDS``), never ``__slots__``/``__dict__``
    __slots__ = ("hand_size", "first_limit", "later_limit", "throw_in", "ranks_table",
                 "one_at_a_time", "share_short", "repetition", "draws", "keeps_turn",
                 "clockwise", "transfer", "in_first_bout", "trump_on_table", "by_last_card",
                 "proezdnoy", "after_beating", "only_new", "refusal", "trump_suit",
                 "trump_mask", "beat", "plain_six", "repetitions", "spades_apart", "parts",
                 "shape", "partial_take", "beat_rules", "teams", "hooks")

    hand_size: int
    first_limit: int
    later_limit: int
    throw_in: str            # R2.4: "all", "neighbours", "attacker", "none"
    ranks_table: bool        # R2.4: the defence cards' ranks may be thrown in too
    one_at_a_time: bool
    share_short: bool        # R2.9
    repetition: bool         # R2.11
    draws: bool              # R2.11
    keeps_turn: bool         # R2.8
    clockwise: bool          # R2.9
    transfer: bool           # R3
    in_first_bout: bool
    trump_on_table: bool
    by_last_card: bool
    proezdnoy: bool
    after_beating: bool
    only_new: bool
    refusal: bool
    trump_suit: int          # -1: no trump
    trump_mask: int          # rank-major mask of the trump suit
    beat: list[int]          # by position: the mask of the cards that beat it (R2.3, R6)
    plain_six: bool          # R2.12: epaulettes need a plain six
    repetitions: int
    spades_apart: bool       # R6 (for the words of a refusal)
    parts: tuple[HousePart, ...]  # the active house parts (R9), in the order called
    shape: str               # R2.2, R4: the attack shape ("rank", "one_or_two", ...)
    partial_take: bool       # R4 B: the beaten pairs are discarded, the rest taken
    beat_rules: BeatRules    # what decides a beat (verdict.judge: ``beat`` and the words)
    teams: bool              # R5: seats and the players who play them (core/teams.py)
    hooks: Hooks             # ``parts`` by hot hook point: those that implement it (hooks.py)


def supports(game: object) -> bool:
    """Could the core play ``game``? A game of the attack family whose every option is
    ``COVERED`` (and whose every part ``covers`` the rest), at most ``MAX_SEATS`` seats."""
    if not isinstance(game, Game) or game.family != "attack" or game.players > MAX_SEATS:
        return False
    if not _covered(game.rules) or not all(_POS[c.index] >= 0 for c in game.deck_order):
        return False  # 72 cards (R9.21, R9.29): a copy has no position in a 64-bit mask (wide.py)
    return all(p.covers(game.rules) for p in active_parts(game.rules))


def covered(rules: RulesBase) -> bool:
    """Does the core play every option of ``rules`` (``COVERED``, and each part's ``covers``)?"""
    return _covered(rules)


def _covered(rules: RulesBase) -> bool:
    for f in dataclasses.fields(rules):
        if f.name not in COVERED:
            return False
        allowed = COVERED[f.name]
        if allowed is not None and getattr(rules, f.name) not in allowed:
            return False
    if getattr(rules, "teams", False) and (
            getattr(rules, "refusal", False) or getattr(rules, "throw_in", "") == "neighbours"
            or getattr(rules, "attack_shape", "") == "pair_only"):
        return False  # R5 with R3.4's refusal, neighbours or R4 D: on the reference still
    if WIDE and (getattr(rules, "attack_shape", "rank") != "rank"
                 or not all(p.wide for p in active_parts(rules))):
        return False  # R4's shapes (shapes.py) and the parts not written for two decks' layout
    return all(p.covers(rules) for p in active_parts(rules))  # the parts' own limits


_CONFIGS: dict[tuple[int, object, object, int], tuple[object, Config]] = {}
_TRUMPED: dict[tuple[int, int, frozenset[Suit] | None], tuple[Config, Config]] = {}


def with_trump(c: Config, trump: int, as_trump: frozenset[Suit] | None = None) -> Config:
    """``c`` with another trump suit (-1: none), for a part that changes the trump in play
    (R9.24, R9.35, R9.36): the trump fields and the beater masks replaced (and, given
    ``as_trump``, the suits beaten as trumps, R9.35), every other field shared. The state holds
    it as ``st.cfg``, so a copy (and undo) keeps the trump it had."""
    hit = _TRUMPED.get((id(c), trump, as_trump))
    if hit is not None and hit[0] is c:
        return hit[1]
    new = Config()
    for name in CONFIG_FIELDS:
        setattr(new, name, getattr(c, name))
    new.trump_suit = trump
    new.trump_mask = 0 if trump < 0 else _SUIT << (trump << SUIT_SHIFT)
    new.beat_rules = dataclasses.replace(c.beat_rules, trump=None if trump < 0 else Suit(trump))
    if as_trump is not None:
        new.beat_rules = dataclasses.replace(new.beat_rules, as_trump=as_trump)
    beat = [0] * N_POSITIONS
    for index, m in masks_of(new.beat_rules).items():
        if _POS[index] >= 0:
            beat[_POS[index]] = rank_major(m)
    new.beat = beat
    if len(_TRUMPED) > 256:
        _TRUMPED.clear()
    _TRUMPED[(id(c), trump, as_trump)] = (c, new)
    return new


def config_of(game: typing.Any) -> Config:  # a game of the attack family (rules, trump, ...)
    """The game's ``Config`` (shared by every game with the same rules object and trump)."""
    return config_for(game.rules, game.trump, game.trump_card, game.deal_size)


def config_for(rules: RulesBase, trump: Suit | None, trump_card: Card | None,
               hand_size: int) -> Config:
    """The ``Config`` of a game with ``rules``, its trump and turned card (R1.2), and the hand
    size its hands refill to (the dealt size, R9.3): shared by every game with the same ones."""
    key = (id(rules), trump, trump_card, hand_size)
    hit = _CONFIGS.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    r: typing.Any = rules
    c = Config()
    c.hand_size = hand_size
    c.first_limit, c.later_limit = min(r.first_bout_limit, _MOST), min(r.bout_limit, _MOST)
    c.throw_in = r.throw_in
    c.ranks_table = r.throw_in_ranks == "table"
    c.one_at_a_time = r.throw_one_at_a_time
    c.share_short, c.repetition, c.draws = r.share_short_talon, r.repetition_draw, r.draws
    c.keeps_turn, c.clockwise = r.taker_keeps_turn, r.draw_order == "clockwise"
    c.transfer, c.in_first_bout = r.transfer, r.transfer_in_first_bout
    c.trump_on_table, c.by_last_card = r.transfer_with_trump_on_table, r.transfer_by_last_card
    c.proezdnoy, c.after_beating = r.proezdnoy, r.transfer_after_beating
    c.only_new, c.refusal = r.transfer_beat_only_new, r.refusal
    c.trump_suit = -1 if trump is None else int(trump)
    c.trump_mask = 0 if c.trump_suit < 0 else _SUIT << (c.trump_suit << SUIT_SHIFT)
    c.parts = active_parts(r)
    c.hooks = hooks_of(c.parts)  # per hook point, the parts that implement it
    # the beating rules the core plays: R2.3 and R6, changed by the parts' ``beats`` (R9);
    # the masks and the refusal words both come from them (verdict.judge)
    c.beat_rules = dataclasses.replace(BeatRules.of(r, trump, trump_card), house=frozenset())
    if c.parts:
        for part in c.parts:
            c.beat_rules = part.beats(c.beat_rules)
    beat = [0] * N_POSITIONS
    for index, m in masks_of(c.beat_rules).items():
        if _POS[index] >= 0:
            beat[_POS[index]] = rank_major(m)
    c.beat = beat
    c.plain_six = r.epaulettes_need_plain_six
    c.repetitions = Game.REPETITIONS
    c.spades_apart = r.spades_apart
    c.shape, c.partial_take = r.attack_shape, r.partial_take
    c.teams = r.teams
    if len(_CONFIGS) > 256:
        _CONFIGS.clear()
    _CONFIGS[key] = (rules, c)
    return c


#: a position key of R2.11: (hands, next attacker, talon drawn, discard size, out)
Key = tuple[object, ...]


class CoreState:
    """Everything that changes in play, as integers (see docs/architecture.md, "The state").

    The hands and the known cards are ``hm``/``km``: compiled, two C arrays of ``MAX_SEATS``
    64-bit masks (a move changes them without making a Python int); as plain Python, two lists.
    ``hands``/``known`` are the same masks for everyone else (the house parts, the facade): the
    lists themselves as plain Python, a ``Masks`` view of the arrays compiled. Either reads and
    writes like a list of ``n`` ints (``st.hands[p] |= m``, ``tuple(st.hands)``)."""

    __slots__ = ("n", "cfg", "hm", "km", "talon", "tp", "trump_pos", "discard", "tam", "tdm", "nt",
                 "settled", "n_attack", "attacker", "defender", "opener", "to_act", "opening",
                 "taking", "refused", "run", "shown", "outm", "out", "bout", "seen", "end",
                 "extra", "nub", "ranks", "lean", "ep_tp", "ep_discard", "ep_next",
                 "ep_pending", "ep_out", "eh", "locked")

    n: int
    cfg: Config
    hm: list[int]              # the hands (compiled: unsigned long long[MAX_SEATS])
    km: list[int]              # the cards of each hand the others know (R0; the same)
    talon: list[int]           # positions, in drawing order (shared: never changed in play)
    tp: int                    # cards drawn so far
    trump_pos: int             # the turned trump under the talon, -1: none there
    discard: list[int]
    tam: list[int]             # the table (``ta``): attack cards, in order played
    tdm: list[int]             # (``td``) their defence cards, -1: not beaten (compiled, both
    nt: int                    # int[N_POSITIONS]: ``nt`` of them are on the table)
    settled: int               # R3.4: pairs a transfer put out of reach
    n_attack: int              # R2.6: attack cards laid this bout
    attacker: int
    defender: int
    opener: int                # R3.1: who opened the bout
    to_act: int                # -1: the game is over
    opening: bool              # R2.2: the bout is still to be opened
    taking: bool               # R2.7
    refused: bool              # R3.4
    run: int                   # R2.5: seats (bits) that passed since the table last changed
    shown: int                 # R3.4: seats (bits) that showed a trump this bout
    outm: int                  # R2.10: seats (bits) out
    out: tuple[int, ...]       # ... in the order they went out
    bout: int
    seen: dict[Key, int]       # R2.11: visits per position key (each copy has its own)
    end: tuple[int, bool, tuple[int, ...]] | None  # (durak or -1, took last, final attack)
    extra: dict[str, object]   # the house parts' slots (docs/architecture.md)
    nub: int                   # how many attack cards are still to beat (kept as play goes)
    ranks: int                 # R2.4: the table's ranks, full nibbles (kept as play goes)
    locked: int                # R9.37: the dealt cards not yet playable, every seat's (a card
    #                            is in one hand; house/magadansky.py keeps it with its slot)
    # R2.11 in a history-free playout (``lean``, set by ``playout`` unless a part says no):
    # ``seen`` holds the current epoch only (talon and discard as they are now); the epoch's
    # first position (talon drawn, discard size, next attacker, out, hands ``eh``) is made a
    # key only once a second bout of the epoch follows (``apply._end_bout``). Read only when
    # ``lean``, so a state that never played out need not set them (``copy`` makes it not lean).
    lean: bool
    ep_tp: int
    ep_discard: int
    ep_next: int
    ep_pending: bool
    ep_out: tuple[int, ...]
    eh: list[int]              # (compiled: unsigned long long[MAX_SEATS])

    @property
    def hands(self) -> list[int]:
        """Each seat's hand (a mask); see the class's words for what it is."""
        if cython.compiled:
            return Masks(self, False)  # type: ignore[return-value]  # (no typing.cast call)
        return self.hm

    @hands.setter
    def hands(self, masks: list[int]) -> None:
        if cython.compiled:
            _store(self, False, masks)
        else:
            self.hm = masks

    @property
    def ta(self) -> list[int]:
        """The table's attack cards, in order played: the list itself as plain Python,
        compiled a new list of the C array's ``nt`` entries (so assign a whole list to
        change it, as the house parts do)."""
        if cython.compiled:
            return [self.tam[i] for i in range(self.nt)]
        return self.tam

    @ta.setter
    def ta(self, cards: list[int]) -> None:
        if cython.compiled:  # (``nt`` follows ``ta``: assign ``ta`` first, then ``td``; a
            _store_table(self, False, cards)  # place the table gains is unbeaten until then)
            for i in range(self.nt, len(cards)):
                self.tdm[i] = -1
        else:
            self.tam = cards
        self.nt = len(cards)

    @property
    def td(self) -> list[int]:
        """The defence card on each attack card of ``ta`` (-1: not beaten yet)."""
        if cython.compiled:
            return [self.tdm[i] for i in range(self.nt)]
        return self.tdm

    @td.setter
    def td(self, cards: list[int]) -> None:
        if cython.compiled:
            _store_table(self, True, cards)
        else:
            self.tdm = cards

    @property
    def known(self) -> list[int]:
        """The cards of each hand that everyone has seen (R0), as masks."""
        if cython.compiled:
            return Masks(self, True)  # type: ignore[return-value]  # (no typing.cast call)
        return self.km

    @known.setter
    def known(self, masks: list[int]) -> None:
        if cython.compiled:
            _store(self, True, masks)
        else:
            self.km = masks

    def copy(self) -> CoreState:
        """A copy that shares nothing that play changes (``talon`` is replaced, never changed,
        so it is shared): ``copy_into`` a new state, so the fields copied are listed once."""
        new = CoreState.__new__(CoreState)
        new.discard, new.seen, new.extra = [], {}, {}
        self.copy_into(new)
        return new

    def copy_into(self, new: CoreState) -> None:
        """Make ``new``, a state nobody else holds (one of the ending search's, issue 29, or
        ``copy``'s fresh one), a copy of this one, reusing its object and containers instead of
        making new ones. The lean playout's epoch fields are left alone: the copy is not lean."""
        new.n, new.cfg = self.n, self.cfg
        if cython.compiled:  # C arrays: assigned by value
            new.hm = self.hm
            new.km = self.km
            new.tam = self.tam
            new.tdm = self.tdm
        else:
            new.hm, new.km = self.hm[:], self.km[:]
            new.tam, new.tdm = self.tam[:], self.tdm[:]
        new.talon, new.tp, new.trump_pos = self.talon, self.tp, self.trump_pos
        if self.discard or new.discard:  # (the ending search's states have none: no slice)
            new.discard[:] = self.discard
        new.nt = self.nt
        new.settled, new.n_attack = self.settled, self.n_attack
        new.attacker, new.defender, new.opener = self.attacker, self.defender, self.opener
        new.to_act, new.opening, new.taking = self.to_act, self.opening, self.taking
        new.refused, new.run, new.shown = self.refused, self.run, self.shown
        new.outm, new.out, new.bout = self.outm, self.out, self.bout
        if self.seen:
            new.seen = dict(self.seen)
        elif new.seen:
            new.seen.clear()
        new.end = self.end
        if self.extra:
            new.extra = dict(self.extra)
        elif new.extra:
            new.extra = {}  # (a part may have replaced it with one another state holds)
        new.nub, new.ranks, new.locked = self.nub, self.ranks, self.locked
        new.lean = False

    @property
    def over(self) -> bool:
        return self.to_act < 0


def _store(st: CoreState, known: bool, masks: Iterable[int]) -> None:
    """Compiled: ``masks`` (one per seat, at most ``MAX_SEATS``) into ``st.hm`` or ``st.km``."""
    values = list(masks)
    if len(values) > MAX_SEATS:
        raise ValueError(f"{len(values)} hands: a core game has at most {MAX_SEATS} seats")
    for i in range(MAX_SEATS):
        m = values[i] if i < len(values) else 0
        if known:
            st.km[i] = m
        else:
            st.hm[i] = m


def _store_table(st: CoreState, defence: bool, cards: list[int]) -> None:
    """Compiled: the table's attack cards (``defence``: their defence cards) into the C
    array."""
    if len(cards) > N_POSITIONS:
        raise ValueError(f"{len(cards)} cards on the table: a core table holds at most "
                         f"{N_POSITIONS}")
    for i in range(len(cards)):
        if defence:
            st.tdm[i] = cards[i]
        else:
            st.tam[i] = cards[i]


class Masks:
    """Compiled: a list-like view of a ``CoreState``'s hands (``known=False``) or known cards,
    ``st.n`` masks long, read and written through to its C array."""

    __slots__ = ("st", "which")

    st: CoreState
    which: bool  # True: the known cards

    def __init__(self, st: CoreState, which: bool) -> None:
        self.st, self.which = st, which

    def _at(self, i: int) -> int:
        n = self.st.n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"seat {i} out of range: the game has {n} seats")
        return i

    def __len__(self) -> int:
        return self.st.n

    def __getitem__(self, i: typing.Any) -> typing.Any:
        if isinstance(i, slice):
            return list(self)[i]
        i = self._at(i)
        return self.st.km[i] if self.which else self.st.hm[i]

    def __setitem__(self, i: int, m: int) -> None:
        i = self._at(i)
        if self.which:
            self.st.km[i] = m
        else:
            self.st.hm[i] = m

    def __iter__(self) -> Iterator[int]:
        st = self.st
        return iter([st.km[i] if self.which else st.hm[i] for i in range(st.n)])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, Masks)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(list(self))
