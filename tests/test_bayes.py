"""durak_edu.prob.bayes: updating a belief about a hand from the opponent's choice (issue 19)."""

from fractions import Fraction
from math import comb

import pytest

from durak_edu import cards, from_hands
from durak_edu.prob import p_can_beat, p_holds
from durak_edu.prob.bayes import belief, can_beat_all, took, update
from durak_edu.record import Replay, curated

# a 24-card deal (nines to aces): 17 cards unknown to seat 0, 6 of them in seat 1's hand
HANDS = ["9♠ Q♠ 9♣ J♣ 10♦ 10♥", "K♠ 10♣ A♣ J♦ K♦ A♥"]


@pytest.fixture
def view():
    return from_hands("podkidnoy", HANDS, turned="9♥", deck=24).view(0)


def test_the_prior_is_the_counting_of_the_view(view):
    """R0: with no choice seen, the belief gives every unknown card the View's own chance."""
    b = belief(view, 1)
    assert len(b) == comb(len(view.unknown), 6)
    assert sum(w for _h, w in b.hands()) == 1
    for card in view.unknown:
        assert b.p_holds(card) == p_holds(view, card, 1)
    assert b.p_can_beat("Q♦", view.beats) == p_can_beat(view, "Q♦", 1)


def test_a_take_by_a_defender_who_always_beats_leaves_only_the_hands_without_a_beater(view):
    """p_beat=1: he took, so none of his cards beats 9♣ (R2.3) — the hands left are the sets of
    six among the unknown cards that do not beat it, all equally likely."""
    after = belief(view, 1).update(took("9♣", view.beats))
    assert after.p_can_beat("9♣", view.beats) == 0
    plain = [c for c in view.unknown if not view.beats(c, cards("9♣")[0])]
    for card in plain:
        assert after.p_holds(card) == Fraction(6, len(plain))
    live = [h for h, w in after.hands() if w]
    assert len(live) == comb(len(plain), 6)


@pytest.mark.parametrize("p_beat", [Fraction(1, 2), Fraction(3, 4), Fraction(1, 10)])
def test_a_softer_model_follows_bayes_rule(view, p_beat):
    """posterior P[could beat] = q(1−β) / (q(1−β) + (1−q)), with q the prior chance."""
    prior = belief(view, 1)
    q = prior.p_can_beat("9♣", view.beats)
    after = update(prior, took("9♣", view.beats, p_beat))
    assert after.p_can_beat("9♣", view.beats) == q * (1 - p_beat) / (q * (1 - p_beat) + 1 - q)


def test_a_defender_who_never_beats_tells_nothing(view):
    prior = belief(view, 1)
    after = prior.update(took("9♣", view.beats, p_beat=0))
    assert dict(after.weights) == dict(prior.weights)


def test_beating_a_multi_card_attack_needs_a_different_beater_for_each_card():
    """R2.3: each attack card gets its own beater, so two targets need a matching, not two
    separate 'has a beater' questions."""
    v = from_hands("podkidnoy", ["7♠ 7♣ J♣ Q♠ 9♦ 8♥", "9♠ 10♣ A♣ 7♦ K♦ 10♥"], turned="6♥").view(0)
    assert can_beat_all(cards("8♠ 10♥"), cards("7♠ 7♣"), v.beats)
    assert not can_beat_all(cards("10♥ 7♦"), cards("7♠ 7♣"), v.beats)      # one trump only
    # 10♥ beats both, 8♣ only 7♣: found only if 10♥ goes to 7♠ (an augmenting path)
    assert can_beat_all(cards("10♥ 8♣"), cards("7♣ 7♠"), v.beats)
    assert not can_beat_all(cards("10♥"), cards("7♣ 7♠"), v.beats)          # fewer cards


def test_a_belief_follows_the_game_a_pick_up_becomes_known_and_a_card_seen_elsewhere_drops_out():
    """After Anna takes Q♦ (R2.7) it is known in her hand; Boris then draws (R2.9): any hidden
    set holding a card he drew is no longer possible."""
    r = Replay(curated("podkidnoy_two"))
    before, after = r.goto(16).view(1), r.goto(17).view(1)
    b = belief(before, 0).follow(after)
    assert cards("Q♦")[0] in b.known and b.p_holds("Q♦") == 1
    drawn = set(after.hand) - set(before.hand)
    assert drawn and all(b.p_holds(c) == 0 for c in drawn)
    for card in after.unknown:                       # and it agrees with the count again
        assert b.p_holds(card) == p_holds(after, card, 0)


def test_on_the_curated_game_a_take_lowers_the_chance_of_a_trump():
    """The lesson-12 position: Anna took Q♦; with p_beat=1 she has no trump among her unknown
    cards, and with any p_beat > 0 the chance falls below the count's."""
    r = Replay(curated("podkidnoy_two"))
    v = r.goto(16).view(1)                              # Boris led Q♦, Anna to answer
    prior = belief(v, 0)
    trumps = [c for c in v.unknown if c.suit == v.trump]
    for p_beat, below in [(Fraction(1), Fraction(0)), (Fraction(1, 2), prior.p_any(trumps))]:
        after = prior.update(took("Q♦", v.beats, p_beat))
        assert after.p_any(trumps) <= below
        assert after.p_any(trumps) < prior.p_any(trumps)


def test_bad_input_is_refused_with_what_and_where(view):
    with pytest.raises(ValueError, match="own seat"):
        belief(view, 0)
    with pytest.raises(ValueError, match="limit"):
        belief(view, 1, limit=100)
    with pytest.raises(ValueError, match="p_beat"):
        took("9♣", view.beats, p_beat=2)
    with pytest.raises(ValueError, match="impossible"):
        belief(view, 1).update(lambda hand: 0)
    r = Replay(curated("podkidnoy_two"))
    with pytest.raises(ValueError, match="unknown places"):
        belief(r.goto(8).view(1), 0).follow(r.goto(10).view(1))   # she drew since
    with pytest.raises(ValueError, match="cards:"):
        took("9X", view.beats)
