"""Bots: legal choices, from the seat's view only, reproducible; the lowest card that works."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from durak_edu import VARIANTS, Card, cards, new_game
from durak_edu.actions import Attack, Beat, Draw, Pass, Play, Take, ThrowIn, Transfer
from durak_edu.bots import RandomBot, card_value, lowest_card_bot, random_bot

from helpers import deal_order, fingerprint, game

BOTS = [random_bot, lowest_card_bot]


def _players(name: str, n: int) -> int:
    r = VARIANTS[name].rules
    if n not in r.player_range() or (getattr(r, "teams", False) and n % 2):
        return r.player_range().start
    return n


@given(st.sampled_from(sorted(VARIANTS)), st.integers(2, 6), st.integers(0, 10**6),
       st.integers(0, 120))
def test_bots_choose_legal_actions_and_change_nothing(name, n, seed, steps):
    g = new_game(name, players=_players(name, n), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    if g.is_over:
        for bot in BOTS:
            with pytest.raises(ValueError, match="over"):
                bot(g, 0)
        return
    before = fingerprint(g)
    for bot in BOTS:
        a = bot(g, g.to_act)
        assert a in g.legal_actions()
        assert fingerprint(g) == before


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("podkidnoy", 4), ("perevodnoy", 3),
                                          ("prostoy_pair_only", 3), ("japanese_circle", 3),
                                          ("navalenny", 4), ("japanese_maumau", 3),
                                          ("maumau_english", 2), ("podkidnoy_teams", 4)])
def test_bots_finish_games(name, players):
    for seed in range(3):
        g = new_game(name, players=players, seed=seed)
        bots = [lowest_card_bot, RandomBot(seed)] * 3
        for _ in range(5000):
            if g.is_over:
                break
            g.play(bots[g.to_act](g, g.to_act))
        assert g.is_over, (name, seed)


def test_bots_decide_from_the_view_only():
    """Two deals that differ only in cards seat 0 cannot see (seat 1's hand vs the talon):
    the same view, so the same choice (R0)."""
    hands_a = ["7♠ 9♠ 7♣ 10♣ 9♦ K♦", "8♠ J♠ 8♣ J♣ Q♦ A♦", "6♠ 10♠ Q♠ 6♣ Q♣ 10♦"]
    hands_b = ["7♠ 9♠ 7♣ 10♣ 9♦ K♦", "8♠ J♠ 8♣ J♣ Q♦ A♣", "6♠ 10♠ Q♠ 6♣ Q♣ 10♦"]
    a = game("podkidnoy", hands_a, turned="6♥", talon="K♠ K♣ A♠")   # A♣ deep in the talon
    b = game("podkidnoy", hands_b, turned="6♥", talon="K♠ K♣ A♠")   # A♦ deep in the talon
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    assert a.to_act == b.to_act == 0
    for bot in BOTS:
        assert bot(a, 0) == bot(b, 0)
    for act in ("attack 7♠", "beat 7♠ 8♠", "pass"):
        a.play(act)
        b.play(act)
    assert a.to_act == b.to_act == 1
    assert a.view(0) == b.view(0)


def test_random_bot_is_reproducible():
    g = new_game("podkidnoy", players=3, seed=1)
    assert len({str(random_bot(g, g.to_act)) for _ in range(5)}) == 1
    r1, r2 = RandomBot(9), RandomBot(9)
    picks = []
    for bot in (r1, r2):
        h = new_game("podkidnoy", players=3, seed=1)
        seq = []
        while not h.is_over:
            act = bot(h, h.to_act)
            seq.append(str(act))
            h.play(act)
        picks.append(seq)
    assert picks[0] == picks[1]
    rng = random.Random(0)
    assert random_bot(g, g.to_act, rng) in g.legal_actions()


# -- the lowest card that works -------------------------------------------------------------------

def test_card_value_keeps_trumps_and_wild_cards_for_last():
    S, H = Card.parse("A♠").suit, Card.parse("6♥").suit
    assert card_value(Card.parse("A♠"), H) < card_value(Card.parse("6♥"), H)
    assert card_value(Card.parse("Q♠"), None, wild_rank=12) > card_value(Card.parse("A♠"), None, 12)
    assert card_value(Card.parse("7♠"), S) > card_value(Card.parse("A♣"), S)


def test_lowest_opens_with_the_cheapest_plain_card():
    g = game("podkidnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "8♠ J♠ J♣ Q♦ A♦ 10♥"], turned="7♥")
    assert g.to_act == 0                               # R1.3: the lowest trump, 6♥, leads
    assert lowest_card_bot(g, 0) == Attack(cards("7♠"))


def test_lowest_beats_with_the_cheapest_card_that_beats():
    g = game("podkidnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "8♠ J♠ J♣ Q♦ A♦ 10♥"], turned="7♥")
    g.play("attack 7♠")
    assert lowest_card_bot(g, 1) == Beat("7♠", "8♠")   # R2.3: a higher card of the suit
    g = game("podkidnoy", ["6♥ 7♣ 9♠ 8♣ K♦ A♥", "8♠ J♠ 10♥ Q♦ A♦ 6♦"], turned="7♥")
    g.play("attack 7♣")
    assert lowest_card_bot(g, 1) == Beat("7♣", "10♥")  # only a trump beats it
    g = game("podkidnoy", ["6♥ 7♣ 9♠ 8♣ K♦ A♥", "8♠ J♠ 6♣ Q♦ A♦ 6♦"], turned="7♥")
    g.play("attack 7♣")
    assert lowest_card_bot(g, 1) == Take()             # R2.7: nothing beats it


def test_lowest_throws_in_plain_cards_only_and_never_transfers():
    g = game("podkidnoy", ["6♥ 7♠ 8♥ 8♣ K♦ A♥", "8♠ J♠ J♣ Q♦ A♦ 10♥"], turned="7♥")
    g.play("attack 7♠")
    g.play("beat 7♠ 8♠")
    assert lowest_card_bot(g, 0) == ThrowIn(cards("8♣"))
    g.play("throw 8♣")
    g.play("beat 8♣ J♣")
    assert lowest_card_bot(g, 0) == Pass()             # 8♥ is a trump: keep it
    p = game("perevodnoy", ["6♥ 7♠ 9♠ 8♣ K♦ A♥", "7♣ J♠ J♣ Q♦ A♦ 10♥", "8♠ 9♣ 10♣ Q♣ K♣ A♣"],
             turned="7♥", transfer_in_first_bout=True)
    p.play("attack 7♠")
    assert any(isinstance(a, Transfer) for a in p.legal_actions())
    assert not isinstance(lowest_card_bot(p, 1), Transfer)


def test_lowest_in_the_circle_family():
    g = new_game("japanese_circle", players=4, deck_order=cards(
        "6♠ 7♣ 8♠ 6♥ 10♣ 9♣ 7♠ 7♥ Q♣ J♣ 6♣ 8♥ A♣ K♣ 8♣ 9♥ 9♠ 6♦ 10♠ 10♥ "
        "J♠ 7♦ Q♠ J♥ K♠ 8♦ A♠ Q♥ 9♦ 10♦ J♦ K♥ Q♦ K♦ A♦ A♥"))
    assert lowest_card_bot(g, 0) == Attack(cards("6♠"))  # the cheapest card leads
    g.play("attack 10♣")
    assert lowest_card_bot(g, 1) == Beat("10♣", "J♣")     # R7.3: plain before trump (♦)


def test_lowest_in_mau_mau_plays_draws_and_calls():
    g = new_game("japanese_maumau", players=2, lead=0, deck_order=cards(
        "9♠ 7♣ 9♦ 10♥ K♠ A♦ 10♣ 8♥ 6♥ J♣ "
        "6♠ 7♠ 8♠ 10♠ J♠ Q♠ A♠ 6♣ 8♣ 9♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ 7♥ 9♥ Q♥ J♥ K♥ A♥"))
    assert lowest_card_bot(g, 0) == Play("6♥")           # the cheapest card; any card opens
    g.play("play 9♠")
    assert lowest_card_bot(g, 1) == Draw()                # R8.2: nothing matches 9♠
    w = new_game("japanese_maumau", players=2, lead=1,
                 deck_order=deal_order(["Q♠ 7♥ 9♥ 10♥ J♥", "8♣ 9♣ 10♣ J♣ K♣"]))
    assert lowest_card_bot(w, 1) == Play("8♣")
    w.play("play 8♣")
    assert {a.card for a in w.legal_actions() if isinstance(a, Play)} == {Card.parse("Q♠")}
    choice = lowest_card_bot(w, 0)                        # R8.3: the queen is wild
    assert choice.card == Card.parse("Q♠") and choice.call in (None, Card.parse("7♥").suit)
    if any(a.call is not None for a in w.legal_actions()):
        assert choice.call == Card.parse("7♥").suit       # hearts: the suit it holds most
