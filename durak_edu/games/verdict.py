"""Whether a card beats another, and why: the one home of the beating rule (issue 25).

``judge(card, target, rules)`` gives the verdict, the clause that decides it, the words a
refusal gives (the reference engines' words, character for character) and the sentence a
lesson shows. Every engine builds its beater masks from it (``beating.beater_masks``) and
every refusal and explanation of a beat reads it: R2.3, R6, the R9 beating house rules
(R9.2, R9.14, R9.15, R9.29, R9.30, R9.32, R9.38, R9.47), the jokers (R9.22, R9.33, R9.44,
R9.47), the wild cards (R9.50), the mega card (R9.51) and an opponent's trump read as a trump
(R9.35).

>>> from durak_edu.cards import Card, Suit
>>> plain = BeatRules(trump=Suit.HEARTS)
>>> judge(Card.parse("7♥"), Card.parse("A♠"), plain)
Verdict(beats=True, clause='R2.3', why='', explain='a trump beats any card that is not a trump (R2.3)')
>>> judge(Card.parse("9♣"), Card.parse("7♥"), BeatRules(trump=Suit.SPADES, house=frozenset({"suitless"}))).explain
'suits do not matter (bezmastny): 9 is higher than 7 (R9.2)'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Callable, NamedTuple

from ..cards import Card, Rank, Suit, SPADES, deck

__all__ = ["BeatRules", "Verdict", "judge", "lowest_rank", "trump_suits", "spade_rank", "TrumpReason",
           "JOKER_DECKS"]

#: a caller's own reason why a beat is refused because of which trump counts (R9.24, R9.35),
#: asked after the joker, twin and clubs rules and before the other house rules, as the
#: reference asks it; ``None``: it has nothing to say
TrumpReason = Callable[[Card, Card], "tuple[str, str] | None"]

_COLOUR_READINGS = ("by_colour", "by_colour_no_trump")
#: the clause of each joker reading (R9.22's own two when not named here)
_JOKER_CLAUSE = {"by_colour": "R9.33", "by_colour_no_trump": "R9.33", "own_colour": "R9.44",
                 "estonsky": "R9.47", "volshebny": "R9.49"}
#: R9.47 (estonsky): the ranks that beat a joker, and so are not beaten by one
_BEAT_JOKERS = (Rank.TWO, Rank.THREE)
#: the decks that hold jokers (R9.22): 53, 54, and 54 with the mega card (R9.51) or with the
#: four wild cards (R9.50)
JOKER_DECKS = (53, 54, 55, 58)


@dataclasses.dataclass(frozen=True)
class BeatRules:
    """What decides a beat, read once per rule set and trump (hashable: the masks' cache key)."""

    size: int = 36                      # the deck (R0): JOKER_DECKS hold jokers (R9.22)
    trump: Suit | None = None           # the trump that counts (None: no trump)
    spades_apart: bool = False          # R6
    queen_high: bool = False            # R6: the queen of spades above the ace
    house: frozenset[str] = frozenset()  # the R9 beating rules in force (beating.HOUSE_RULES)
    jokers: str = "beat_all"            # R9.22, R9.33, R9.44, R9.47: the joker reading
    turned_joker: Card | None = None    # the joker turned for trump, if one was (R9.22, R9.33)
    as_trump: frozenset[Suit] = frozenset()  # R9.35: opponents' trumps beaten as trumps
    lowest: Rank = Rank.SIX             # the deck's lowest rank (R9.15, R9.30)

    @classmethod
    def of(cls, rules: object, trump: Suit | None, trump_card: Card | None = None,
           seat_trumps: tuple[Suit, ...] = ()) -> BeatRules:
        """The beating rules of a game with ``rules`` (any family: a missing option is off),
        its trump that counts now, its turned card and (R9.35) every seat's own trump."""
        from .beating import HOUSE_RULES  # beating re-exports this module
        size = int(getattr(rules, "deck", 36))
        house = frozenset(n for n in HOUSE_RULES if getattr(rules, n, False))
        as_trump: frozenset[Suit] = frozenset()
        if seat_trumps and getattr(rules, "opponents_trump", "") == "as_trump":
            as_trump = frozenset(seat_trumps) - {trump} if trump is not None else frozenset()
        joker = trump_card if trump_card is not None and trump_card.is_joker else None
        return cls(size=size, trump=trump, spades_apart=bool(getattr(rules, "spades_apart", False)),
                   queen_high=bool(getattr(rules, "queen_of_spades_high", False)), house=house,
                   jokers=str(getattr(rules, "jokers", "beat_all")), turned_joker=joker,
                   as_trump=as_trump, lowest=lowest_rank(size))


@functools.cache
def lowest_rank(size: int) -> Rank:
    """The lowest rank of the ``size``-card deck (R0)."""
    return min(c.rank for c in deck(size))


class Verdict(NamedTuple):
    """``beats``; ``clause``: the rule that decides (a refusal's clause when it does not beat);
    ``why``: a refusal's words (empty when it beats); ``explain``: the sentence for a lesson."""

    beats: bool
    clause: str
    why: str
    explain: str


def spade_rank(c: Card, queen_high: bool) -> int:
    """A spade's place among spades: with ``queen_high`` (R6) the queen is above the ace."""
    return 15 if queen_high and c.rank == Rank.QUEEN else c.rank


def trump_suits(trump: Suit | None, jokers: str, turned_joker: Card | None) -> frozenset[Suit]:
    """Every trump suit: ``trump``'s, none, or (R9.33, ``jokers="by_colour"``) both suits of
    the colour of a joker turned for trump.

    >>> from durak_edu.cards import Card, Rank
    >>> sorted(trump_suits(None, "by_colour", Card(Rank.BLACK_JOKER)))
    [Suit.SPADES, Suit.CLUBS]
    """
    if trump is not None:
        return frozenset((trump,))
    if jokers == "by_colour" and turned_joker is not None:
        return frozenset(s for s in Suit if s.is_red == turned_joker.is_red)
    return frozenset()


def judge(card: Card, target: Card, rules: BeatRules, trump_reason: TrumpReason | None = None,
          words: bool = True) -> Verdict:
    """Does ``card`` beat ``target`` under ``rules``, which clause decides, and in what words.
    ``words=False``: the verdict and clause only (for building masks)."""
    if card is target:
        return Verdict(False, "R2.3", "a card cannot beat itself", "a card cannot beat itself")
    beats, clause = _decide(card, target, rules)
    if not words:
        return Verdict(beats, clause, "", "")
    if beats:
        return Verdict(True, clause, "", _explain(card, target, rules, clause))
    clause, why = _refusal(card, target, rules, trump_reason)
    if clause == "R2.3":
        explain = _base_sentence(card, target, rules)
    elif clause == "R9.21":
        explain = "two identical cards cannot beat each other (bolshoy, R9.21)"
    else:
        explain = f"{why} ({clause})"
    return Verdict(False, clause, why, explain)


# -- the verdict ---------------------------------------------------------------------------------
def _decide(card: Card, target: Card, r: BeatRules) -> tuple[bool, str]:
    """The verdict and the rule that gives it, in the order the rules take precedence."""
    if card.rank >= Rank.WILD or target.rank >= Rank.WILD:
        return _kind_verdict(card, target)
    if r.size in JOKER_DECKS:
        j = _joker_verdict(card, target, r)
        if j is not None:
            return j, _JOKER_CLAUSE.get(r.jokers, "R9.22")
    beats, clause = _house_verdict(card, target, r)
    if (beats and target.suit in r.as_trump and target.suit != r.trump
            and card.suit != target.suit):
        return False, "R9.35"  # an opponent's trump falls only to a higher card of its suit
    return beats, clause


def _kind_verdict(card: Card, target: Card) -> tuple[bool, str]:
    """R9.50 and R9.51, before every other rule (the jokers' too): a wild card covers any card
    and falls to any card; the mega card beats any card but a four, and only a four beats it.
    Between a wild card and the mega card R9.50 decides (the two are never in one deck)."""
    if card.is_wild or target.is_wild:
        return True, "R9.50"
    if card.is_mega:
        return target.rank != Rank.FOUR, "R9.51"
    return card.rank == Rank.FOUR, "R9.51"


def _plain(card: Card, target: Card, r: BeatRules) -> tuple[bool, str]:
    """R2.3 and R6."""
    if r.spades_apart and (card.suit == SPADES or target.suit == SPADES):
        return (card.suit == SPADES and target.suit == SPADES
                and spade_rank(card, r.queen_high) > spade_rank(target, r.queen_high)), "R6"
    if card.suit == target.suit:
        return card.rank > target.rank, "R2.3"
    return r.trump is not None and card.suit == r.trump, "R2.3"


def _house_verdict(card: Card, target: Card, r: BeatRules) -> tuple[bool, str]:
    """R2.3 changed by the R9 house rules in ``r.house``; why each reads as it does:
    docs/rules.md R9.2, R9.14, R9.15, R9.29, R9.30, R9.32, R9.38."""
    house, trump = r.house, r.trump
    if not house:
        return _plain(card, target, r)
    if "twin_beats" in house and card is target.twin:
        return True, "R9.29"  # dvoynoy: an identical card beats its twin
    if "clubs_apart" in house and Suit.CLUBS in (card.suit, target.suit):
        return card.suit == target.suit and card.rank > target.rank, "R9.38"
    if "suitless" in house:  # R9.2: suits do not matter, except the trump suit
        if trump is not None and target.suit == trump:
            base = card.suit == trump and card.rank > target.rank
        else:
            base = card.rank > target.rank or (trump is not None and card.suit == trump)
        clause = "R9.2"
    else:
        base, clause = _plain(card, target, r)
    if target.rank == Rank.ACE:
        if "ace_beaten_by_any_trump" in house:  # R9.14: only a trump, and any trump
            return trump is not None and card.suit == trump, "R9.14"
        if "highest_only_by_lowest" in house:  # R9.30: the lowest rank of its suit, or a trump
            return ((card.rank == r.lowest and card.suit == target.suit)
                    or (trump is not None and card.suit == trump != target.suit)), "R9.30"
        if "six_beats_ace" in house and card.rank == Rank.SIX and card.suit == target.suit:
            return True, "R9.32"
        if "two_beats_ace" in house and card.rank == Rank.TWO:
            return True, "R9.47"  # estonsky: any two beats any ace, the trump ace too
    if target.rank == r.lowest and "lowest_only_by_ace" in house:  # R9.15
        return base and card.rank == Rank.ACE, "R9.15"
    return base, clause


def _joker_verdict(card: Card, target: Card, r: BeatRules) -> bool | None:
    """R9.22, R9.33, R9.44 when a joker is one of the cards, or a turned joker made two suits
    trumps; ``None``: no joker rule decides. Why each reading is as it is: docs/rules.md R9.22,
    R9.33, R9.44."""
    jokers, turned = r.jokers, r.turned_joker
    if card.suit is not None and target.suit is not None:
        trumps = trump_suits(r.trump, jokers, turned)
        if len(trumps) < 2:
            return None  # one trump or none: R2.3 (and the house rules) decide
        if card.suit == target.suit:  # R9.33: two trump suits read as R2.3 says
            return card.rank > target.rank
        return card.suit in trumps and target.suit not in trumps
    if jokers == "estonsky":  # R9.47: beats all but a two or a three, which beat it
        if card.suit is None:
            if target.suit is None:
                return card.rank > target.rank  # the red joker beats the black (R9.22)
            return target.rank not in _BEAT_JOKERS
        return card.rank in _BEAT_JOKERS
    if jokers == "volshebny":  # R9.49: a joker beats any card and falls to any card
        return True
    if jokers == "own_colour":  # R9.44: never a trump; beats its colour, falls to any trump
        if card.suit is None:
            return target.suit is not None and target.is_red == card.is_red
        return r.trump is not None and card.suit == r.trump
    if jokers == "novosibirsk":
        if card.suit is None and target.suit is None:
            return False  # a joker is not beaten by the other joker
        if card.suit is None:  # a joker beats only aces; after a joker was turned, any card
            return turned is not None or target.rank == Rank.ACE
        return card.rank != Rank.ACE  # a joker falls to any card but an ace (or a joker)
    if jokers in _COLOUR_READINGS:
        trumps = trump_suits(r.trump, jokers, turned)
        colour_red = next(iter(trumps)).is_red if trumps else None

        def highest(joker: Card) -> bool:  # the joker of the trump's colour
            return colour_red is not None and joker.is_red == colour_red

        if card.suit is None:
            if highest(card):
                return True
            return target.suit is not None and target.is_red == card.is_red
        return not highest(target) and card.suit in trumps  # an off-colour joker is plain
    # "beat_all": a joker beats any card; of two jokers the red is the higher (our decision)
    if card.suit is None:
        return target.suit is not None or card.rank > target.rank
    return False


# -- the words of a refusal (the reference's, in its order) -----------------------------------------
def _refusal(card: Card, target: Card, r: BeatRules,
             trump_reason: TrumpReason | None) -> tuple[str, str]:
    """Why ``card`` does not beat ``target``: (clause, words)."""
    if card.is_mega or target.is_mega:
        return ("R9.51", "the mega card beats any card but a four, and only a four beats it "
                "(stolichny)")
    if r.size in JOKER_DECKS and (target.is_joker or card.is_joker
                               or len(trump_suits(r.trump, r.jokers, r.turned_joker)) > 1):
        return _joker_words(card, target, r)
    if card is target.twin:  # R9.21: identical cards (72 cards) never beat
        return ("R9.21", "two identical cards cannot beat each other (bolshoy; twin_beats=True "
                "allows it, R9.29)")
    if "clubs_apart" in r.house and Suit.CLUBS in (target.suit, card.suit):
        return ("R9.38", "clubs stand apart (krestovy): a club is beaten only by a higher club, "
                "and a club beats only a lower club")
    changed = trump_reason(card, target) if trump_reason is not None else None
    if changed is not None:
        return changed
    if target.suit in r.as_trump and target.suit != r.trump and card.suit == r.trump:
        return ("R9.35", f"{target.suit} is an opponent's trump: an opponent's trump is beaten "
                f"as a trump, only by a higher {target.suit} (opponents_trump='as_trump')")
    house = _house_words(target, r)
    if house is not None:
        return house
    return "R2.3", _plain_words(card, target, r)


def _house_words(target: Card, r: BeatRules) -> tuple[str, str] | None:
    """The R9 house rule that decides what beats ``target``, if one does (clause, words)."""
    house, lowest = r.house, r.lowest
    if target.rank == Rank.ACE and "ace_beaten_by_any_trump" in house:
        return ("R9.14", "an ace is beaten only by a trump, and by any trump (tuzovy)")
    if target.rank == Rank.ACE and "highest_only_by_lowest" in house:
        return ("R9.30", f"an ace is beaten only by the {lowest} of its suit, or by a trump "
                "if it is not one")
    if target.rank == Rank.ACE and "two_beats_ace" in house:
        return ("R9.47", "an ace is beaten by any two, by a trump if it is not the trump ace, "
                "or by a joker where the deck has them (estonsky)")
    if target.rank == lowest and "lowest_only_by_ace" in house:
        return ("R9.15", f"a {lowest}, the lowest rank, is beaten only by an ace that "
                "would beat it: of its suit, or the trump ace (korolevsky)")
    if "suitless" in house:
        return ("R9.2", "suits do not matter (bezmastny): a higher rank beats, or a trump "
                "beats a card that is not one; a trump falls only to a higher trump")
    return None


def _plain_words(card: Card, target: Card, r: BeatRules) -> str:
    """R2.3's and R6's words for a refused beat."""
    if r.spades_apart and (target.suit == SPADES or card.suit == SPADES):
        return "a spade is beaten only by a higher spade, and beats only spades (R6)"
    if card.suit == target.suit:
        return f"{card.rank} is not higher than {target.rank}"
    if target.suit == r.trump:
        return "a trump is beaten only by a higher trump"
    return "a card of another suit beats only if it is a trump" + (
        "" if r.trump is not None else ", and this game has no trump")


def _joker_words(card: Card, target: Card, r: BeatRules) -> tuple[str, str]:
    """The joker reading that decides (clause, words): R9.22, R9.33, R9.44."""
    if r.jokers == "estonsky":
        return ("R9.47", "a joker beats any card but a two or a three, the red joker the black "
                "one too; a two or a three beats a joker, and nothing else does (estonsky)")
    if r.jokers == "volshebny":
        return ("R9.49", "a joker beats any card, the other joker too, and any card beats a "
                "joker (volshebny)")
    if r.jokers == "own_colour":
        return ("R9.44", "a joker is never a trump: it beats only the cards of its own colour "
                "(the black joker spades and clubs, the red joker diamonds and hearts), whatever "
                "the trump, and falls only to a trump" + ("" if r.trump is not None else
                                                          ", and this game has no trump"))
    if r.jokers in _COLOUR_READINGS:
        trumps = trump_suits(r.trump, r.jokers, r.turned_joker)
        if not (target.is_joker or card.is_joker):
            return ("R9.33", "the turned joker made both suits of its colour trumps: a "
                    "trump falls only to a higher trump of its suit, a plain card to any "
                    "card of a higher rank of its suit or to a trump")
        return ("R9.33", "a joker beats only the cards of its colour, unless it is of the "
                "trump's colour (then it beats any card, and nothing beats it); the other "
                "joker falls to any trump" + ("" if trumps else
                                              ", and with no trump neither joker falls"))
    if r.jokers == "novosibirsk":
        return ("R9.22", "a joker beats only aces (any card, if a joker was turned for "
                "trump), and falls to any card but an ace or the other joker (Novosibirsk)")
    return ("R9.22", "a joker beats any card, the red joker the black one too, and nothing "
            "else beats a joker")


# -- the sentences of a lesson ----------------------------------------------------------------------
def _explain(card: Card, target: Card, r: BeatRules, clause: str) -> str:
    """Why ``card`` beats ``target``: the rule ``clause`` that lets it."""
    if clause in ("R2.3", "R6"):
        return _base_sentence(card, target, r)
    if clause == "R9.50":
        return (f"a wild card covers any card and falls to any card (diky): {card} beats "
                f"{target} (R9.50)")
    if clause == "R9.51":
        return (f"the mega card beats any card but a four, and only a four beats it "
                f"(stolichny): {card} beats {target} (R9.51)")
    if clause in ("R9.22", "R9.33", "R9.44", "R9.49") or (clause == "R9.47"
                                                   and (card.is_joker or target.is_joker)):
        return "{1} ({0})".format(*_joker_words(card, target, r))
    if clause == "R9.47":
        return f"any two beats an ace (estonsky): {card} beats {target} (R9.47)"
    if clause == "R9.2":
        if r.trump is not None and card.suit == r.trump and target.suit != r.trump:
            return "suits do not matter (bezmastny), and a trump beats any card that is not one (R9.2)"
        return f"suits do not matter (bezmastny): {card.rank} is higher than {target.rank} (R9.2)"
    if clause == "R9.32":
        return f"a six beats the ace of its suit: {card} beats {target} (R9.32)"
    if clause == "R9.29":
        return f"an identical card beats its twin (dvoynoy): {card} beats {target} (R9.29)"
    if clause == "R9.38":
        return f"clubs stand apart (krestovy): club against club, {card.rank} is higher (R9.38)"
    words = _house_words(target, r)
    assert words is not None and words[0] == clause  # R9.14, R9.15, R9.30 name the target
    return f"{words[1]} ({clause})"


def _base_sentence(card: Card, target: Card, r: BeatRules) -> str:
    """Which sentence of R2.3, or the spade rule of R6, decides (both ways)."""
    trump = r.trump
    if r.spades_apart and Suit.SPADES in (card.suit, target.suit):
        if card.suit != target.suit:
            return ("spades stand apart: a spade beats only a lower spade and is beaten only "
                    "by a higher spade, never by a trump (R6)")
        if r.queen_high and Rank.QUEEN in (card.rank, target.rank):
            if card.rank == Rank.QUEEN:
                return f"the queen of spades is the highest spade: she beats {target} (R6)"
            return f"the queen of spades is the highest spade: {card} does not beat her (R6)"
        word = "higher" if card.rank > target.rank else "lower"
        return f"spade against spade: {card.rank} is {word} than {target.rank} (R6)"
    if card.suit == target.suit:
        word = "higher" if card.rank > target.rank else "lower"
        return f"same suit: {card.rank} is {word} than {target.rank} (R2.3)"
    if trump is None:
        return "different suits, and this game has no trump (R2.3)"
    if card.suit == trump:
        return "a trump beats any card that is not a trump (R2.3)"
    if target.suit == trump:
        return "a trump is beaten only by a higher trump (R2.3)"
    return f"different suits, and {card} is not a trump (R2.3)"
