"""Beating has one home (issue 25): ``verdict.judge`` gives every engine's verdict, refusal words
and lesson sentence, for both families and every beating house rule (R2.3, R6, R9)."""

import random
import re

import pytest

from durak_edu import Card, IllegalAction, Suit, deck, from_position, new_game
from durak_edu.actions import Beat
from durak_edu.games.beating import HOUSE_RULES, BeatRules, beater_masks, judge, masks_of
from durak_edu.games.circle import CircleGame
from durak_edu.lesson import beat_reason
from durak_edu.rules import VARIANTS

from helpers import sample
#: every preset of the two families that beat (attack, circle)
PRESETS = sorted(n for n, v in VARIANTS.items() if v.family in ("attack", "circle"))


def _games(name, make=new_game):
    """A few games of preset ``name``: different trumps, and for the jokers a turned joker."""
    out = []
    for seed in sample(range(6), 1):
        try:
            out.append(make(name, players=2, seed=seed))
        except ValueError:  # a preset that needs more players
            out.append(make(name, players=4, seed=seed))
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_verdict_and_reason_agree_for_every_pair_under_every_preset(name):
    # beats true <=> no reason; the game's own beats (its masks) is the verdict; the lesson's
    # sentence names a clause and says "does not beat" only when the card does not
    for g in _games(name):
        rules = BeatRules.of(g.rules, g.trump, getattr(g, "trump_card", None),
                             tuple(getattr(g, "seat_trumps", ())))
        for target in g.deck_order:
            for card in g.deck_order:
                v = judge(card, target, rules)
                assert v.beats == g.beats(card, target), (name, card, target, v)
                assert (v.why == "") == v.beats, (name, card, target, v)
                assert v.clause.startswith("R"), v
                assert re.search(r"\(R\d|R\d[\d.]*\)", v.explain) or card is target, v
                if v.clause.startswith("R9"):
                    assert v.clause in v.explain, v  # a house rule decides: the lesson says so
        for target in sample(g.deck_order, 6):  # the lesson's sentence is judge's (all: deep)
            for card in g.deck_order:
                assert beat_reason(g, card, target) == judge(card, target, rules).explain


#: the clause a house rule cites when it decides whose trump counts (R9.24's turned second trump,
#: R9.35's trump of each seat), with words of its own
TRUMP_CLAUSES = {"second_trump": "R9.24", "trump_per_seat": "R9.35"}


@pytest.mark.parametrize("name", [n for n in PRESETS if VARIANTS[n].family == "attack"])
def test_every_refusal_of_a_beat_is_the_one_verdicts_reason(name):
    # the game's refusal of a beat cites judge's clause and words: along a random game, wherever
    # a card on the table may be beaten, every held card that does not beat it is refused with
    # "<clause>: <card> does not beat <target>: <judge's why>" (the character-for-character
    # words, and the refusals of every other kind, are the agreement fixture's)
    g = _games(name)[0]
    own = [c for option, c in TRUMP_CLAUSES.items() if getattr(g.rules, option, False)]
    rng = random.Random(25)
    refusals = 0
    while not g.is_over and refusals < 40:
        listed = g.legal_actions()
        targets = dict.fromkeys(a.target for a in listed if isinstance(a, Beat))
        rules = BeatRules.of(g.rules, g.trump, getattr(g, "trump_card", None),
                             tuple(getattr(g, "seat_trumps", ())))
        # (R9.37: a dealt card not yet unlocked is refused as such, whatever it would beat)
        locked = set(g.view(g.to_act).locked) if g.rules.dealt_locked else set()
        for target in targets:
            for card in g.hands[g.to_act]:
                if g.beats(card, target) or card in locked:
                    continue
                with pytest.raises(IllegalAction) as err:
                    g.check(Beat(target, card))
                v = judge(card, target, rules)
                said = f"{card} does not beat {target}: "
                if own and err.value.rule in own:  # whose trump counts: the rule's own words
                    assert str(err.value).startswith(f"{err.value.rule}: {said}"), err.value
                    assert "trump" in str(err.value).split(said)[1], err.value
                else:
                    assert (err.value.rule, str(err.value)) == (v.clause,
                                                                f"{v.clause}: {said}{v.why}")
                refusals += 1
        g.play(rng.choice(listed))
    assert refusals


def test_the_masks_are_the_verdicts():
    # beater_masks is built from judge: a bit is set exactly when judge says it beats
    for house in [frozenset(), *(frozenset({h}) for h in HOUSE_RULES if h not in
                                 ("twin_beats",))]:
        for trump in (None, Suit.HEARTS, Suit.CLUBS):
            size = 52 if "six_beats_ace" not in house else 36
            rules = BeatRules(size=size, trump=trump, house=house,
                              lowest=min(c.rank for c in deck(size)))
            masks = masks_of(rules)
            assert masks is beater_masks(size, trump, False, False, house)
            for t in deck(size):
                assert masks[t.index] == sum(c.mask for c in deck(size)
                                             if judge(c, t, rules).beats)


def test_bezmastny_lesson_no_longer_says_not_a_trump_when_the_card_beats():
    # the bug: under suitless (R9.2) 9♣ beats 7♥ (trump ♠), but beat_reason said
    # "different suits, and 9♣ is not a trump (R2.3)"
    g = new_game("bezmastny", players=2, seed=0, trump="fixed:S")
    assert g.beats("9♣", "7♥")
    reason = beat_reason(g, "9♣", "7♥")
    assert reason == "suits do not matter (bezmastny): 9 is higher than 7 (R9.2)"
    assert "not a trump" not in reason
    # and the other way round it names the house rule, not R2.3
    assert not g.beats("7♥", "9♣")
    assert beat_reason(g, "7♥", "9♣").endswith("(R9.2)")


def test_six_beats_ace_lesson_no_longer_says_the_six_is_lower():
    # the bug: under R9.32 6♠ beats A♠, but beat_reason said "same suit: 6 is lower than A"
    g = new_game("six_beats_ace", players=2, seed=0, trump="fixed:H")
    assert g.beats("6♠", "A♠")
    reason = beat_reason(g, "6♠", "A♠")
    assert reason == "a six beats the ace of its suit: 6♠ beats A♠ (R9.32)"
    assert "lower" not in reason
    assert not g.beats("7♠", "A♠")
    assert beat_reason(g, "7♠", "A♠") == "same suit: 7 is lower than A (R2.3)"


@pytest.mark.parametrize("name, card, target, clause, words", [
    ("tuzovy", "K♥", "A♥", "R9.14", "an ace is beaten only by a trump, and by any trump (tuzovy)"),
    ("korolevsky", "7♥", "6♥", "R9.15", "a 6, the lowest rank, is beaten only by an ace that "
     "would beat it: of its suit, or the trump ace (korolevsky)"),
    ("bezmastny", "8♥", "9♠", "R9.2", "suits do not matter (bezmastny): a higher rank beats, or "
     "a trump beats a card that is not one; a trump falls only to a higher trump"),
    ("podkidnoy", "8♠", "9♠", "R2.3", "8 is not higher than 9"),
    ("podkidnoy", "A♠", "6♦", "R2.3", "a trump is beaten only by a higher trump"),
])
def test_a_refused_beat_keeps_the_reference_words(name, card, target, clause, words):
    # the words the engines gave before beating had one home, character for character
    g = from_position(name, [[card], [target, "K♣"]], attacker=1, trump="fixed:D")
    g.play(f"attack {target}")
    with pytest.raises(IllegalAction) as err:
        g.play(f"beat {target} {card}")
    assert err.value.rule == clause
    assert str(err.value) == f"{clause}: {card} does not beat {target}: {words}"


def test_the_circle_family_refuses_with_the_one_verdicts_words():
    # R7.1: the circle game's refusal reads the same function (R2.3 and R6 words)
    circle = [n for n in PRESETS if VARIANTS[n].family == "circle"]
    assert circle
    g = new_game(circle[0], players=2, seed=3)
    assert isinstance(g, CircleGame)
    rules = BeatRules.of(g.rules, g.trump)
    for target in g.deck_order:
        for card in g.deck_order:
            if card is not target and not g.beats(card, target):
                assert g._beat_reason(target, card) == judge(card, target, rules).why != ""


def test_a_card_never_beats_itself():
    c = Card.parse("A♥")
    assert judge(c, c, BeatRules(trump=Suit.HEARTS)) == (
        False, "R2.3", "a card cannot beat itself", "a card cannot beat itself")
