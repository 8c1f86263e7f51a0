"""R9.22, R9.33, R9.44, R9.47 and R9.49, the jokers (``deck=53`` or ``54``, ``jokers=...``) as a part of
the core; with them the other cards with no rank, the wild cards (R9.50, ``deck=58``) and the mega
card (R9.51, ``deck=55``): what a rankless card may not do is the same for all.

A joker's position is its ``Card.index`` (52 the black, 53 the red): after every suited card,
as the listing order has it, and inside a 64-bit mask. Its beating (every reading) is
``verdict.judge``'s, so the beater masks need nothing here. A joker has no rank: it opens a bout
only alone (``bits.rank_counts_multi`` never counts the joker nibble), is never thrown in
(``checks.table_ranks`` never holds its nibble), never transfers, and an attack with a joker
cannot be transferred (``checks.transfer_blocked``: a rankless attacking card leaves no rank to
transfer with); the ``refuse_held`` hook says so in the reference's words. The part has no hook
in play, so a joker game's menus are counted from numbers as a part-free game's are
(``hooks.Hooks.menu_free``).
R9.49 (volshebny) gives the two jokers a rank of their own for leading and transferring only:
both may be led together, and a joker led is transferred with the other joker (the core's own
transfer of the joker nibble, which the other readings take away); the cards that change hands
then are ``joker_gives.py``'s.
"""

from __future__ import annotations

import typing

from ....actions import Action, Attack, ThrowIn, Transfer
from ....cards import Rank
from ...verdict import JOKER_DECKS
from ..layout import CARDS
from . import HousePart

if typing.TYPE_CHECKING:
    from ..refuse import Context
    from ..state import CoreState

__all__ = ["JOKERS", "Jokers"]

#: the two jokers' positions, as a mask
JOKERS = 3 << 52
_COLOUR = ("by_colour", "by_colour_no_trump")
#: the card kinds with no rank: their clause and their name in a refusal
_KIND = {Rank.BLACK_JOKER: ("R9.22", "a joker"), Rank.RED_JOKER: ("R9.22", "a joker"),
         Rank.WILD: ("R9.50", "a wild card"), Rank.MEGA: ("R9.51", "the mega card")}
#: the options of the gallery's moves (R9.10, R9.17, R9.18, R9.19, R9.39): not played here
_GALLERY_MOVES = ("defender_throws_in", "defender_draws", "talon_attack", "defender_swaps",
                  "counter_attack")
_WHAT = {Attack: "opens a bout only alone", ThrowIn: "is never thrown in",
         Transfer: "never transfers an attack"}


class Jokers(HousePart):
    clause = "R9.22"
    not_with = ("jokers are played with the rank attack only (not R4's shapes), and R9.33's "
                "colour jokers not with transfers (R3) or R2.12's plain six, which read one "
                "trump; a card of no rank (a joker, a wild card, the mega card) not with the "
                "gallery's moves (R9.10, R9.17, R9.18, R9.19, R9.39), whose parts read every "
                "card as one of the 52")
    piles_grow = True  # (no hook in play moves a card: the core's R2.11 epochs hold)
    values = {"deck": frozenset(JOKER_DECKS),
              "jokers": frozenset({"beat_all", "novosibirsk", "by_colour", "by_colour_no_trump",
                                   "own_colour", "estonsky", "volshebny"})}

    def active(self, rules: object) -> bool:
        """On with a deck that holds jokers (and the wild cards, R9.50, or the mega card,
        R9.51, which have no rank either)."""
        return getattr(rules, "deck", 36) in JOKER_DECKS

    def covers(self, rules: object) -> bool:
        """The rank attack only (R4's shapes count a joker as an odd card: not played here);
        R9.33's two trump suits without transfers or R2.12's plain six, which read one trump;
        none of the gallery's moves (their parts list, word and count a card at a position as
        one of the 52: a joker on the table was thrown in against himself in R9.10, a drawn
        or swapped joker had no card, R9.17, R9.18, R9.19, and a joker's beat 'added' cards of
        its nibble in R9.39)."""
        if getattr(rules, "attack_shape", "rank") != "rank":
            return False
        if any(getattr(rules, name, False) for name in _GALLERY_MOVES):
            return False  # their parts take a position for a suited card (or a rank's nibble)
        return getattr(rules, "jokers", "") not in _COLOUR or not (
            getattr(rules, "transfer", False) or getattr(rules, "epaulettes_need_plain_six", False))

    def refuse_held(self, st: CoreState, act: Action, ctx: Context) -> tuple[str, str] | None:
        """R9.22's refusals, asked where the reference asks them (after "not held")."""
        if not isinstance(act, (Attack, ThrowIn, Transfer)):
            return None
        if st.cfg.beat_rules.jokers == "volshebny" and not isinstance(act, ThrowIn):
            return _volshebny(st, act)
        joker = next((c for c in act.cards if c.is_special), None)
        if isinstance(act, Transfer) and joker is None:
            table = next((a for a, d in zip(st.ta, st.td) if d < 0 and a >= 52), None)
            if table is not None:
                card = CARDS[table]
                clause, kind = _KIND[card.rank]
                return (clause, f"{card} has no rank: an attack with {kind} cannot be "
                        "transferred")
        if joker is None or (isinstance(act, Attack) and len(act.cards) == 1):
            return None
        clause, kind = _KIND[joker.rank]
        return (clause, f"{joker} has no rank: {kind} {_WHAT[type(act)]}")


def _volshebny(st: CoreState, act: Attack | Transfer) -> tuple[str, str] | None:
    """R9.49: the jokers lead alone or together, never with a suited card, and a joker led is
    transferred only with the other joker (the rank checks that follow are the core's)."""
    jokers = [c for c in act.cards if c.is_joker]
    if jokers and len(jokers) < len(act.cards):
        return ("R9.49", f"{jokers[0]} has no rank: the jokers go alone or together, never with "
                "a suited card (volshebny)")
    if isinstance(act, Transfer) and not jokers:
        table = next((a for a, d in zip(st.ta, st.td) if d < 0 and a >= 52), None)
        if table is not None:
            return ("R9.49", f"{CARDS[table]} is transferred only with the other joker "
                    "(volshebny)")
    return None
