"""R9.45 (besppodkidny's forced group, ``lead_whole_rank``): a player who opens a bout with a rank
he holds several cards of leads them all at once — as many as R2.6 lets the bout hold. Throw-ins
and transfers are as usual; a joker (no rank, R9.22) still opens alone.

The core's opening menu (R2.2: every single, then every group of a rank) is narrowed to the
forced attacks, listed outright in the core's order (singles, then by size, ranks ascending), so
the compiled playout draws among exactly the moves ``legal_actions()`` lists.
"""

from __future__ import annotations

import itertools
import typing

from ....actions import Attack
from ....cards import RANK_MAJOR_CARDS, RANK_MAJOR_POSITION
from ..bits import MOVE_SHIFT
from . import HousePart, listed

if typing.TYPE_CHECKING:
    from ....actions import Action
    from ..moves import Menu
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["LeadWholeRank", "forced"]

# moves.ATTACK, moves._WITH and moves.SHIFT (not imported: the core imports the parts)
_ATTACK, _WITH, _SHIFT = 1, 10, MOVE_SHIFT
_JOKER = 52  # the first joker's position (R9.22): a joker has no rank


def _need(nibble: int, most: int) -> int:
    """How many cards of a rank held as ``nibble`` a lead of that rank holds."""
    return min(nibble.bit_count(), most)


def forced(hand: int, most: int) -> list[int]:
    """The opening attacks (position masks) of ``hand`` when every lead holds every card of its
    rank, at most ``most``: the singles (a rank held once, and the jokers), then the groups by
    size and rank."""
    singles = [1 << p for p in range(hand.bit_length()) if hand >> p & 1
               and (p >= _JOKER or _need(hand >> (p & ~3) & 0xF, most) == 1)]
    groups: list[tuple[int, int, int]] = []
    for r in range(13):
        nibble = hand >> 4 * r & 0xF
        k = _need(nibble, most)
        if k >= 2:
            cards = [1 << (4 * r + s) for s in range(4) if nibble >> s & 1]
            groups += [(k, r, sum(c)) for c in itertools.combinations(cards, k)]
    return singles + [m for _, _, m in sorted(groups, key=lambda g: g[:2])]


class LeadWholeRank(HousePart):
    clause = "R9.45"
    values = {"lead_whole_rank": frozenset({False, True})}

    def moves(self, st: CoreState, menu: Menu) -> Menu:
        """An opening menu (R2.2's rank attacks) narrowed to the forced leads."""
        m = menu.inner if menu.kind == _WITH else menu
        if m is None or m.kind != _ATTACK or m.most < 2 or not m.multi:
            return menu  # not an opening, or nobody may lead two cards: nothing forced
        narrowed = listed([_ATTACK << _SHIFT | x for x in forced(m.hand, m.most)])
        if menu.kind == _WITH:  # another part's moves follow (R9.18, R9.26)
            menu.inner = narrowed
            return menu
        return narrowed

    def refuse(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """A lead of fewer cards of its rank than the rule asks; any other fault (a card not
        held or not playable, two ranks, too many) is the core's to name."""
        if not st.opening or not isinstance(act, Attack) or not act.cards:
            return None
        if any(c.index >= _JOKER for c in act.cards):
            return None
        from ..moves import core_menu  # a refusal is rare: imported when asked
        m = core_menu(st)
        pos = [RANK_MAJOR_POSITION[c.index] for c in act.cards]
        ranks = {p >> 2 for p in pos}
        if (m.kind != _ATTACK or len(ranks) != 1 or len(pos) > m.most
                or any(not m.hand >> p & 1 for p in pos)):
            return None
        r = ranks.pop()
        nibble = m.hand >> 4 * r & 0xF
        need = _need(nibble, m.most)
        if len(pos) >= need:
            return None
        held = " ".join(str(RANK_MAJOR_CARDS[4 * r + s]) for s in range(4) if nibble >> s & 1)
        rank = RANK_MAJOR_CARDS[pos[0]].rank
        room = "" if need == nibble.bit_count() else (
            f", or as many as this bout allows ({need})")
        return ("R9.45", f"{ctx.who(st.to_act)} holds {held}: a lead of {rank}s must be every "
                f"{rank} he holds (the forced group, lead_whole_rank){room}; this lead holds "
                f"{len(pos)}")
