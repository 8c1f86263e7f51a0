"""Sealed copies of a core game (``AttackGame.redeal_hidden``, the ``SeatGame`` a bot is handed):
every card a seat cannot see dealt again at random, nothing left that tells where the hidden
cards were (R0). The steps, and the random numbers drawn, are the reference's ``_sealed``'s, so the
same view and generator give the same copy on either engine.
"""

from __future__ import annotations

import random
import typing
from itertools import cycle, islice

from ...cards import Card, cards_of, mask_of
from ..base import View, held
from .house.magadansky import put
from .state import POSITIONS as _POS, rank_major, suit_major

if typing.TYPE_CHECKING:
    from .game import AttackGame

__all__ = ["sealed"]

_SECRET = "r9.24"  # house/potayny.py's slot: the second trump card's position
_TURNED = "r9.24 old"
_LOCKED = "r9.37"  # house/magadansky.py's slot: (locked per seat, the order dealt, a log)


def _rm(cs: typing.Iterable[Card]) -> int:
    """The rank-major mask of ``cs``."""
    return rank_major(mask_of(cs))


def sealed(game: AttackGame, seat: int, rng: random.Random) -> tuple[AttackGame, View]:
    """``game`` as ``seat`` can know it, the unseen cards dealt with ``rng``; and his view."""
    v = game.view(seat)
    g = game.clone(history=False)
    c = g._s.core
    hidden = list(v.unknown)  # in the view's own (canonical) order: only ``rng`` deals them
    rest = game.talon[c.tp:]
    bottom: tuple[Card, ...] = ()
    if rest and rest[-1] is game.trump_card:
        if not c.extra.get("trump_hidden", False):
            bottom = rest[-1:]  # lies face up
        else:  # R9.23: face down, of the trump suit everyone knows
            suit = rest[-1].suit
            bottom = (rng.choice([x for x in hidden if x.suit == suit]),)
            hidden.remove(bottom[0])
            g.trump_card = bottom[0]
    rng.shuffle(hidden)
    for p in range(game.players):  # Game._deal_hidden, on the core's hands
        if p != seat:
            known = v.known.get(p, ())
            need = v.hand_sizes[p] - len(known)
            c.hands[p] = _rm(known) | _rm(hidden[:need])
            hidden = hidden[need:]
    hidden = _set_aside(game, g, hidden)
    _relock(g, seat, v, rng)
    if game.removed and game.rules.talon_removed:  # R9.4: what no hand holds went out unseen
        shown = tuple(x for x in game.removed if x is game.trump_card)
        g.removed, hidden = tuple(hidden) + shown, []
        c.extra = {**c.extra, "removed": _rm(x for x in g.removed if x.index < 52)}
    pool = hidden + [x for x in v.in_talon if x not in bottom]  # R6: a spade put back
    if len(pool) + len(bottom) != len(rest):  # pragma: no cover - the view adds up
        raise AssertionError(f"redeal: {len(pool)} hidden cards for {len(rest)} talon places")
    rng.shuffle(pool)
    _seal(game, g, seat, v, tuple(pool) + bottom)
    _reorder(g, seat, rng)  # (the reference's ``_seal`` draws this shuffle last)
    return g, v


def _set_aside(game: AttackGame, g: AttackGame, hidden: list[Card]) -> list[Card]:
    """The reference's ``_redeal_set_aside``: R9.24's unseen second card and R9.40's reserves are
    unseen cards like the rest, drawn again (in that order)."""
    c = g._s.core
    if game.secret is not None and _TURNED not in c.extra and hidden:
        new = hidden.pop()
        g.removed = tuple(x for x in game.removed if x is not game.secret) + (new,)
        g.secret = new
        c.extra = {**c.extra, _SECRET: _POS[new.index]}
    reserves = c.extra.get("reserves")
    if isinstance(reserves, tuple) and any(reserves):  # R9.40: nobody has seen a reserve
        out = []
        for m in reserves:
            k = m.bit_count()
            out.append(_rm(hidden[:k]))
            hidden = hidden[k:]
        c.extra = {**c.extra, "reserves": tuple(out)}
    return hidden


def _relock(g: AttackGame, seat: int, v: View, rng: random.Random) -> None:
    """R9.37: which of another's unseen cards are locked is unseen too. As the reference's
    ``_sealed``: each other seat's locked cards are as many of his redealt unseen cards, drawn
    with ``rng.sample`` from them in card order. Where the seat has deduced more of that hand
    than leaves room for its locked cards (late in the game every card may be placed), they are
    drawn from every card of the hand nobody saw him take up (a locked card was dealt to him,
    never shown), which holds them all."""
    c = g._s.core
    slot = c.extra.get(_LOCKED)
    if not isinstance(slot, tuple) or not any(slot[0]):
        return
    locked: tuple[int, ...] = slot[0]
    out = []
    for p, m in enumerate(locked):
        if p == seat or not m:
            out.append(m)
            continue
        unseen = c.hands[p] & ~_rm(v.known.get(p, ()))
        if unseen.bit_count() < m.bit_count():
            unseen = c.hands[p] & ~c.known[p]
        out.append(_rm(rng.sample(list(cards_of(suit_major(unseen))), m.bit_count())))
    put(c, (tuple(out), slot[1], (-1, ())))  # (and ``c.locked``, the core's mask of them)


def _reorder(g: AttackGame, seat: int, rng: random.Random) -> None:
    """R9.37: the seat's own locked cards unlock in the order he was dealt them; the others'
    (which the seat never saw dealt) in an order of the copy's own, shuffled as the reference's
    ``_seal`` shuffles them."""
    c = g._s.core
    slot = c.extra.get(_LOCKED)
    if not isinstance(slot, tuple):
        return
    locked, order = slot[0], slot[1]
    own = [x for x in order if locked[seat] >> x & 1]
    others = [_POS[x.index] for p, m in enumerate(locked) if p != seat
              for x in cards_of(suit_major(m))]
    rng.shuffle(others)
    put(c, (locked, tuple(own + others), slot[2]))


def _seal(game: AttackGame, g: AttackGame, seat: int, v: View, talon: tuple[Card, ...]) -> None:
    """The reference's ``_seal``: the canonical deck order, no seed, no deal thrown in (R9.27), the
    others' swapped cards forgotten (R9.19), and the repetition memory (R2.11) of the positions
    that can still come back, each with the copy's hidden cards."""
    c = g._s.core
    canonical = game._canonical_deck()
    g.deck_order = g.dealt_order = canonical
    g.seed = None
    g.redeals = ()
    g.reshuffled = tuple(x for x in game.reshuffled if x in v.in_talon)  # R6: drawn since: unseen
    full = tuple(islice(cycle(canonical), c.tp)) + talon  # drawn: never read
    c.talon = [_POS[x.index] for x in full]
    if c.trump_pos >= 0 and talon:  # R9.23: the face-down card is the copy's own
        c.trump_pos = c.talon[-1]
    g._talon, g._talon_of = full, c.talon
    if "otboyny_key" in c.extra:  # R9.13: a bito's shuffle is seeded by the deck order
        c.extra = {**c.extra, "otboyny_key": " ".join(str(x.index) for x in canonical)}
    tucked = c.extra.get("r9.19 tucked")
    if isinstance(tucked, tuple):  # only what the seat tucked and still lies in the talon: a
        # card drawn since is no longer his to know, wherever the copy deals it
        real = game._s.core
        left = sum(1 << x for x in set(real.talon[real.tp:]))
        c.extra = {**c.extra, "r9.19 tucked": tuple(m & left if p == seat else 0
                                                    for p, m in enumerate(tucked))}
    pile, drawn = len(c.discard), c.tp
    cards = sum(v.hand_sizes) + sum(1 for a, d in zip(c.ta, c.td) for x in (a, d) if x >= 0)
    unknown = _rm(v.unknown)
    seen = ~unknown
    now = [w & unknown for w in c.hands]
    memory = {}
    for key, count in game._s.core.seen.items():
        if key[3] == pile and key[2] == drawn and held(key) == cards:
            hands = typing.cast("tuple[int, ...]", key[0])
            memory[(tuple((m & seen) | w for m, w in zip(hands, now)),) + key[1:]] = count
    c.seen = memory
