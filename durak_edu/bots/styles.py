"""Styles of play: the four opponents of seed 000, a card counter, and heuristics for the circle
and mau-mau families.

Seed 000 («Как научиться правильно играть в дурака» — "how to learn to play durak well") tells
the player to work out the opponent's style and names four: the trump collector, the collector of
high cards, the small-card attacker and the pair collector. Each is a bot here. They share one
frame — every legal action gets a cost (what giving up those cards costs the hand) and the
cheapest is played; taking or passing have costs too — and differ in how they price cards and
moves. All of them decide from the seat's view alone (R0): ``game.view(seat)`` and
``legal_actions()``, so they play through a ``SeatGame`` as well as on a live game.

>>> from durak_edu import new_game
>>> g = new_game("podkidnoy", players=2, seed=7)
>>> [str(bot(g, g.to_act)) for bot in (trump_collector, small_card_attacker, pair_collector)]
['attack 9♣', 'attack 9♣', 'attack J♠ J♦']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import Action, Attack, Beat, Draw, Pass, Play, Take, ThrowIn, Transfer
from ..cards import Card, Rank, Suit
from ..games.base import View
from ..games.face import Bot, GameFace
from ..rules import RulesBase

__all__ = ["trump_collector", "high_card_collector", "small_card_attacker", "pair_collector",
           "counting_bot", "circle_bot", "maumau_bot", "strength"]

HIGH = (Rank.QUEEN, Rank.KING, Rank.ACE)


def strength(card: Card, rules: RulesBase | Any, trump: Suit | None) -> int:
    """A card's worth in a fight, one number: its rank (6–14, the queen of spades 15 where it is
    the top spade, R6), plus 20 for a trump (R2.3) and 40 for a joker."""
    if card.suit is None:
        return 60 + int(card.rank)
    r = int(card.rank)
    if card.suit == Suit.SPADES and card.rank == Rank.QUEEN and getattr(rules, "queen_of_spades_high", False):
        r = 15
    return r + (20 if trump is not None and card.suit == trump else 0)


class _Style:
    """The shared frame: price every legal action, play the cheapest (ties: the first listed).

    A subclass prices a card (``keep``: what losing it costs), a take (``take_cost``) and the
    end of one's throw-ins (``pass_cost``); the defaults are those of ``lowest_card_bot``:
    beat with the cheapest card, open with the cheapest, throw in only cheap plain cards, take
    only when nothing beats, never transfer.
    """

    __name__ = "style"

    def __call__(self, game: GameFace, seat: int) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("the game is over: there is nothing to choose")
        view = game.view(seat)
        ctx = _Context(game, view)
        best, best_cost = actions[0], None
        for a in actions:
            cost = self.cost(a, ctx)
            if cost is not None and (best_cost is None or cost < best_cost):
                best, best_cost = a, cost
        if best_cost is None:  # nothing this style prices (a family it does not read)
            from . import lowest_card_bot
            return lowest_card_bot(game, seat)
        return best

    def __repr__(self) -> str:
        return self.__name__

    # -- the prices ------------------------------------------------------------------------------
    def keep(self, card: Card, ctx: "_Context") -> float:
        return float(ctx.strength(card))

    def take_cost(self, ctx: "_Context") -> float:
        return 1000.0  # take only when nothing beats

    def pass_cost(self, ctx: "_Context") -> float:
        return 19.5  # throw in plain cards, keep trumps

    def attack_cost(self, a: Attack, ctx: "_Context") -> float:
        return max(self.keep(c, ctx) for c in a.cards) + 0.1 * len(a.cards)

    def cost(self, a: Action, ctx: "_Context") -> float | None:
        if isinstance(a, Beat):
            return self.keep(a.card, ctx)
        if isinstance(a, Attack):
            return self.attack_cost(a, ctx)
        if isinstance(a, ThrowIn):
            return max(self.keep(c, ctx) for c in a.cards) - 0.1 * len(a.cards)
        if isinstance(a, Pass):
            return self.pass_cost(ctx)
        if isinstance(a, Take):
            return self.take_cost(ctx)
        if isinstance(a, Transfer):
            return None  # never transfer: keep it simple, as lowest_card_bot
        if isinstance(a, (Play, Draw)):
            return None  # the shedding family: see maumau_bot
        return 5000.0


class _Context:
    """What the prices read: the view, the rules, the hand's groups by rank."""

    def __init__(self, game: GameFace, view: View):
        self.view = view
        self.rules = game.rules
        self.trump = view.trump
        self.hand = view.hand
        self.ranks = Counter(c.rank for c in view.hand)
        self.talon = view.talon_size
        self.table = view.table
        self.on_table = sum(1 for p in view.table for c in (p if isinstance(p, tuple) else (p,))
                            if c is not None)

    def strength(self, card: Card) -> int:
        return strength(card, self.rules, self.trump)

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and card.suit == self.trump

    def opponent(self) -> int | None:
        """The seat this one attacks or defends against (two players: the other one)."""
        sizes = self.view.hand_sizes
        others = [p for p in range(len(sizes)) if p != self.view.seat and sizes[p]]
        return others[0] if len(others) == 1 else None


class _TrumpCollector(_Style):
    """``trump_collector``: hoards trumps and sheds its "ballast".

    Seed 000: «коллекционер козырей — игрок старается аккумулировать максимум козырных карт, не
    использует их, занимается сбрасыванием «балласта»» — "the trump collector tries to pile up as
    many trumps as he can, does not use them, and sheds his ballast". Read as: a trump costs far
    more than any plain card, so it attacks and throws in plain cards first (small ones first),
    and while the talon lasts it takes rather than beat with a trump when only a card or two lie
    on the table; once the talon is empty the hoard is spent.
    """

    __name__ = "trump_collector"

    def keep(self, card: Card, ctx: _Context) -> float:
        return ctx.strength(card) + (40.0 if ctx.is_trump(card) else 0.0)

    def take_cost(self, ctx: _Context) -> float:
        if ctx.talon and ctx.on_table <= 2:
            return 45.0  # cheaper than any trump (≥ 46): take, keep the hoard
        return 1000.0


class _HighCardCollector(_Style):
    """``high_card_collector``: keeps aces, kings and queens for the end.

    Seed 000: «коллекционер крупных мастей — старается набрать побольше тузов, королей, дам […]
    его цель дотянуть до конца игры и задавать противника тяжелой артиллерией» — "the collector
    of high cards gathers aces, kings, queens; his aim is to last to the end of the game and bury
    the opponent under heavy artillery". Read as: while the talon lasts a queen, king or ace
    costs as much as a trump, and a take is preferred to spending one on a small bout; once the
    talon is empty it attacks with its highest cards first.
    """

    __name__ = "high_card_collector"

    def keep(self, card: Card, ctx: _Context) -> float:
        s = float(ctx.strength(card))
        if ctx.talon and card.rank in HIGH:
            s += 25.0
        return s

    def take_cost(self, ctx: _Context) -> float:
        return 37.5 if ctx.talon and ctx.on_table <= 2 else 1000.0

    def attack_cost(self, a: Attack, ctx: _Context) -> float:
        if not ctx.talon:  # the heavy artillery: the highest plain card first
            return -max(self.keep(c, ctx) for c in a.cards if not ctx.is_trump(c)) \
                if any(not ctx.is_trump(c) for c in a.cards) else 100.0
        return super().attack_cost(a, ctx)


class _SmallCardAttacker(_Style):
    """``small_card_attacker``: attacks early with several small cards of a rank.

    Seed 000: «атакующий мелочью — выдает комбинации из нескольких мелких мастей, стараясь
    завалить противника еще в самом начале игры, берет инициативу игры в свои руки» — "the
    small-card attacker leads combinations of several small cards, trying to swamp the opponent
    at the very start, and takes the initiative". Read as: an attack or throw-in of small plain
    cards (six to ten) is cheap, the more cards at once the cheaper; it throws in every small card
    it may; it defends like ``lowest_card_bot``.
    """

    __name__ = "small_card_attacker"

    def _small(self, c: Card, ctx: _Context) -> bool:
        return not ctx.is_trump(c) and c.suit is not None and c.rank <= Rank.TEN

    def attack_cost(self, a: Attack, ctx: _Context) -> float:
        base = max(self.keep(c, ctx) for c in a.cards)
        if all(self._small(c, ctx) for c in a.cards):
            return base - 6.0 * len(a.cards)
        return base

    def cost(self, a: Action, ctx: _Context) -> float | None:
        if isinstance(a, ThrowIn) and all(self._small(c, ctx) for c in a.cards):
            return -float(len(a.cards))  # always worth it
        return super().cost(a, ctx)


class _PairCollector(_Style):
    """``pair_collector``: keeps and plays pairs.

    Seed 000: «коллекционер пар — старается собрать пару, чтобы в дальнейшем использовать для
    атаки или защиты» — "the pair collector tries to gather pairs, to use them later in attack or
    defence". Read as: a card whose rank it holds twice or more is dear to break up in defence
    (it beats with a single card where it can), and it attacks with a whole pair (or more) of a
    rank — an attack the defender must answer twice — before single cards.
    """

    __name__ = "pair_collector"

    def keep(self, card: Card, ctx: _Context) -> float:
        return ctx.strength(card) + (8.0 if ctx.ranks[card.rank] >= 2 else 0.0)

    def attack_cost(self, a: Attack, ctx: _Context) -> float:
        s = max(float(ctx.strength(c)) for c in a.cards)
        if len(a.cards) >= 2 and not any(ctx.is_trump(c) for c in a.cards):
            return s - 10.0 * (len(a.cards) - 1)
        if ctx.ranks[a.cards[0].rank] >= 2 and len(a.cards) == 1:
            return s + 8.0  # a pair goes out whole
        return s


class _CountingBot(_Style):
    """``counting_bot``: attacks and throws in with the cards the defender is least likely to
    beat, counting over the cards its seat cannot see (``p_can_beat``, R0, R10).

    The cost of an attack or throw-in card is its worth minus a bonus for the chance that the
    defender cannot beat it (then he takes it); a throw-in the defender is sure to beat is not
    worth a good card. It defends like ``lowest_card_bot``. The chances are exact (``Fraction``)
    from ``game.view(seat)``, as lesson 12 computes them.
    """

    __name__ = "counting_bot"

    def _p_beat(self, card: Card, ctx: _Context) -> float:
        from ..prob import p_can_beat
        defender = self._defender(ctx)
        if defender is None:
            return 1.0
        try:
            return float(p_can_beat(ctx.view, card, defender))
        except ValueError:
            return 1.0

    def _defender(self, ctx: _Context) -> int | None:
        return ctx.opponent()

    def attack_cost(self, a: Attack, ctx: _Context) -> float:
        worth = max(float(ctx.strength(c)) for c in a.cards)
        escape = 1.0
        for c in a.cards:
            escape *= self._p_beat(c, ctx)  # every card beaten (an upper bound: independent)
        return worth - 8.0 * (1.0 - escape) - 0.1 * len(a.cards)

    def cost(self, a: Action, ctx: _Context) -> float | None:
        if isinstance(a, ThrowIn):
            worth = max(float(ctx.strength(c)) for c in a.cards)
            p = max(self._p_beat(c, ctx) for c in a.cards)
            if ctx.talon and any(ctx.is_trump(c) for c in a.cards):
                return None
            return worth - 12.0 * (1.0 - p) - 0.1 * len(a.cards)
        return super().cost(a, ctx)


class _CircleBot(_Style):
    """``circle_bot``: the circle family (R7) — beat the top card as cheaply as possible but keep
    the top spades for last (seed 000: «туза или короля пик стоит попридержать» — "the ace or king
    of spades is worth holding back"), and lead the card the next player is least likely to beat
    (he must take it, R7.3), the cheaper the better, counting with ``p_can_beat``.
    """

    __name__ = "circle_bot"

    def keep(self, card: Card, ctx: _Context) -> float:
        s = float(ctx.strength(card))
        if card.suit == Suit.SPADES and card.rank >= Rank.KING:
            s += 15.0
        return s

    def attack_cost(self, a: Attack, ctx: _Context) -> float:
        from ..prob import p_can_beat
        view = ctx.view
        sizes = view.hand_sizes
        n = len(sizes)
        nxt = next(((view.seat + k) % n for k in range(1, n) if sizes[(view.seat + k) % n]), None)
        card = a.cards[0]
        p = 1.0
        if nxt is not None:
            try:
                p = float(p_can_beat(view, card, nxt))
            except ValueError:
                pass
        return self.keep(card, ctx) - 10.0 * (1.0 - p)


#: R8.4: penalty points of a card left in hand (the base game's table)
_PENALTY = {11: 2, 12: 3, 13: 4, 14: 11}


class _MaumauBot(_Style):
    """``maumau_bot``: the shedding family (R8) — get rid of the cards that score most (R8.4: an
    ace 11), hit the next player with a six, seven or ace when he is close to going out (R8.3),
    keep wild cards for when nothing else goes, and call the suit it holds most.
    """

    __name__ = "maumau_bot"

    def cost(self, a: Action, ctx: _Context) -> float | None:
        if isinstance(a, Play):
            wild = getattr(ctx.rules, "wild_rank", None)
            c = a.card
            r = int(c.rank)
            penalty = _PENALTY.get(r, r if r <= 10 else 0)
            cost = -float(penalty)
            if wild is not None and r == int(wild):
                cost += 30.0  # a wild card is the way out of a dead end: keep it
            view = ctx.view
            n = len(view.hand_sizes)
            nxt = (view.seat + 1) % n
            hitters = {getattr(ctx.rules, "draw_two_rank", None), getattr(ctx.rules, "draw_one_rank", None)}
            if r in hitters or r == 14:
                cost -= 12.0 if view.hand_sizes[nxt] <= 2 else 3.0
            suits = Counter(x.suit for x in ctx.hand if x != c and x.suit is not None)
            led = c.suit if a.call is None else a.call  # the suit the next card must follow
            follow = suits[led] if led is not None else 0
            cost -= 1.5 * follow  # a card whose suit the hand can follow keeps the turn going
            if a.call is not None and suits and a.call != max(suits, key=lambda s: (suits[s], -int(s))):
                cost += 5.0
            return cost
        if isinstance(a, Draw):
            return 500.0
        if isinstance(a, Pass):
            return 1000.0
        return super().cost(a, ctx)


trump_collector: Bot = _TrumpCollector()
high_card_collector: Bot = _HighCardCollector()
small_card_attacker: Bot = _SmallCardAttacker()
pair_collector: Bot = _PairCollector()
counting_bot: Bot = _CountingBot()
circle_bot: Bot = _CircleBot()
maumau_bot: Bot = _MaumauBot()
