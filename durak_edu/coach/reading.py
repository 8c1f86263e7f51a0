"""Reading the opponent: what his public choices say about the cards he holds (issue 29).

A card player infers: the opponent who *took* had no card that beats (he would have beaten);
who beat with a trump had no higher card of the suit; who led a ten had nothing lower; who threw
in a jack had no cheaper card of the table's ranks. That is how the greedy player plays
(``lowest_card_bot``: the lowest card that works), so the inference is exact against him and a
guess against anyone else. ``Reading`` watches the seat's snapshots (``SeatGame``, one per
decision: only what the seat sees, R0) and keeps the cards the opponent showed he did not hold,
each with the talon's size when he showed it; ``weights()`` turns them into how likely each
unseen card is to be in his hand now, relative to an unread card (``1``):

- ``EPSILON`` while nothing was drawn since (never 0: a world is never impossible, because he
  may play oddly);
- after draws, the share of his hand he may have drawn since (half the cards the talon lost,
  of his hand), so the inference fades as his hand is renewed.

The moment he plays a card he showed he did not hold (with nothing drawn since), or shows he
lacks a card the seat knows he holds, he is not the greedy player: the reading stops for the
game (``trusting`` false, every weight 1), so against a
searching opponent it costs at most the moves before he first contradicts it. Only two-player
games without transfers are read (where each table card's player follows from the roles, R2.1);
a new game (the talon grew, the discard pile shrank, another seat) starts a fresh reading.
``coach.worlds`` deals the opponent's hand by these weights. With ``MODEL`` on (off by
default), while ``greedy()`` (he has shown something and never contradicted it)
``coach.search`` also answers for him in its tree by the greedy policy: against
``lowest_card_bot`` that is his play exactly, which is why it is off (issue 29's screens in
``bots/coach_bot.py``).

>>> from durak_edu import new_game
>>> from durak_edu.bots import SeatGame, lowest_card_bot
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> r = Reading()
>>> _ = g.play(lowest_card_bot(g, g.to_act)); r.see(SeatGame(g, g.to_act))  # he leads 9♣
>>> sorted(str(c) for c, w in r.weights().items() if w < 1)[:3]  # nothing lower than a nine
['6♠', '6♣', '6♦']
"""

from __future__ import annotations

import math
import typing

from ..bots import card_value
from ..cards import Card

if typing.TYPE_CHECKING:
    from ..bots.seat import SeatGame

__all__ = ["Reading", "EPSILON"]

#: the weight of a card the opponent showed he did not hold, with nothing drawn since
EPSILON = 0.02
#: while he plays as the greedy player, does he so in the search's tree too (``greedy``)? Off:
#: the reading then only deals the worlds. On, ``coach_bot`` won 0.926 of its decided games
#: against ``lowest_card_bot`` (2,000 games), but that is a model of that one bot's policy, and
#: it cost strength against ``ISMCTSBot`` (0.684 against 0.755 on 100 games); off, 0.832 and
#: 0.692 (``bots/coach_bot.py`` has the figures and commands)
MODEL = False


class Reading:
    """``Reading()``: ``see(me)`` at each of the seat's decisions, ``weights()`` after."""

    def __init__(self) -> None:
        self._reset(-1)

    def _reset(self, seat: int) -> None:
        self.seat = seat
        self.trusting = True
        #: card -> the talon's size when the opponent showed he did not hold it
        self.lacks: dict[Card, int] = {}
        self._seen: set[Card] = set()  # table cards already read
        self._taking = False
        self._talon = -1
        self._discard = 0
        self._talon_now = 0
        self._hidden = 0  # the opponent's cards the seat cannot place
        self._known: set[Card] = set()
        self._read = False
        #: at the last decision, where the seat defended against him: the table, the seat's
        #: hand size and the talon's (for his pass, read at the next decision)
        self._defended: tuple[list[Card], int, int] | None = None

    def see(self, me: SeatGame) -> None:
        """Read what the opponent did since the seat's last decision (its table, R0)."""
        v = me.view()
        if (me.seat != self.seat or v.talon_size > self._talon >= 0
                or len(v.discard) < self._discard):
            self._reset(me.seat)
        discard = self._discard
        self._talon, self._discard = v.talon_size, len(v.discard)
        rules = me.rules
        self._read = (me.players == 2 and not getattr(rules, "transfer", True)
                      and me.table_shape == "pairs")
        if not self._read or not self.trusting:
            return
        him = 1 - me.seat
        self._talon_now = v.talon_size
        self._hidden = v.hand_sizes[him] - len(v.known.get(him, ()))
        trump = v.trump

        def worth(c: Card) -> tuple[int, int, int]:
            return card_value(c, trump)

        pairs = [p for p in v.table if isinstance(p, tuple)]
        he_defends = me.role(him) == "defender"
        self._known = set(v.known.get(him, ()))  # his cards the seat saw him pick up (R2.7)
        unseen = set(v.unknown) | self._known  # where a card he lacked could be
        defended, self._defended = self._defended, None
        if defended is not None and len(v.discard) > discard:
            self._passed(defended, v.discard[discard:], discard == 0, unseen, worth, rules)
        for i, (attack, beat) in enumerate(pairs):
            if he_defends and beat is not None and beat not in self._seen:
                self._played(beat)
                self._lack([c for c in unseen if me.beats(c, attack) and worth(c) < worth(beat)])
            if not he_defends and attack not in self._seen:
                self._played(attack)
                if i == 0:  # his lead: nothing cheaper
                    self._lack([c for c in unseen if worth(c) < worth(attack)])
                else:  # his throw-in: no cheaper plain card of the table's ranks (R2.4)
                    ranks = {c.rank for p in pairs for c in p if c is not None and c != attack}
                    self._lack([c for c in unseen if c.rank in ranks and worth(c)[0] == 0
                                and worth(c) < worth(attack)])
            self._seen.update(c for c in (attack, beat) if c is not None)
        taking = he_defends and me.is_taking
        if taking and not self._taking:  # he took: nothing beats what lay unbeaten (R2.7)
            self._lack([c for c in unseen for a, b in pairs if b is None and me.beats(c, a)])
        self._taking = taking
        if not he_defends and pairs and me.role(me.seat) == "defender":
            self._defended = ([c for p in pairs for c in p if c is not None], len(v.hand),
                              v.talon_size)

    def _passed(self, defended: tuple[list[Card], int, int], gone: tuple[Card, ...], first: bool,
                unseen: set[Card], worth: typing.Callable[[Card], tuple[int, int, int]],
                rules: object) -> None:
        """The seat beat his last card and the trick went to the discard pile (R2.5): he passed,
        so he held no plain card of the table's ranks, if he might have thrown one in (R2.4)."""
        table, hand, talon = defended
        if not set(table) <= set(gone) or len(gone) != len(table) + 1:
            return  # not the trick the seat was beating (or more was played than one beat)
        limit = getattr(rules, "first_bout_limit" if first else "bout_limit", 6) or 6
        if hand - 1 <= 0 or len(gone) // 2 >= limit:
            return  # he could not throw in: his pass says nothing
        ranks = {c.rank for c in gone}
        # he lacked them before the drawing that followed: as of that talon
        self._lack([c for c in unseen if c.rank in ranks and worth(c)[0] == 0], talon)

    def _played(self, card: Card) -> None:
        """He played ``card``: a contradiction if he showed he lacked it, nothing drawn since."""
        if self.lacks.get(card) == self._talon_now:
            self.trusting = False

    def _lack(self, cards: list[Card], talon: int | None = None) -> None:
        """He showed he held none of ``cards`` when the talon held ``talon`` cards (default:
        now): a contradiction if the seat knows he holds one (picked up, or deduced: R0) and
        nothing was drawn since."""
        if talon is None:
            talon = self._talon_now
        for c in cards:
            if c in self._known and talon == self._talon:
                self.trusting = False
            self.lacks[c] = talon

    def greedy(self) -> bool:
        """Does he play as the greedy player, as far as the seat has read (``MODEL``)? The search
        then answers for him by the greedy policy instead of by the tree (``coach.search``)."""
        return MODEL and self._read and self.trusting and bool(self.lacks)

    def weights(self) -> dict[Card, float]:
        """How likely each card he showed he lacked is to be in his hand, relative to ``1``."""
        if not self._read or not self.trusting:
            return {}
        out = {}
        for c, talon in self.lacks.items():
            drawn = math.ceil((talon - self._talon_now) / 2)
            out[c] = min(1.0, EPSILON + drawn / max(1, self._hidden))
        return out
