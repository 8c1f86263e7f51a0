"""The worked examples of the attack–defence protocol (R1–R3), step by step.

Each step states who is to act, every single-card legal action at that moment (multi-card forms
are summarised card by card in the examples), then plays one action. After each bout the hands,
talon and next attacker are checked.
"""

import pytest

from durak_edu import Attack, ThrowIn, Transfer, cards, new_game


def hand(g, seat):
    return " ".join(map(str, g.hands[seat]))


def single_card_forms(g):
    """The legal actions with at most one card each (what the examples enumerate)."""
    out = []
    for a in g.legal_actions():
        if isinstance(a, (Attack, ThrowIn, Transfer)) and len(a.cards) > 1:
            continue
        out.append(str(a))
    return out


def step(g, seat, listed, action):
    assert g.to_act == seat
    if listed is not None:
        assert single_card_forms(g) == listed
    g.play(action)


def check_bout(g, hands, talon, attacker, defender=None):
    for seat, text in enumerate(hands):
        assert hand(g, seat) == text, f"seat {seat}"
    assert g.talon_size == talon
    assert g.attacker == attacker and g.to_act == attacker
    if defender is not None:
        assert g.defender == defender


EXAMPLE_1_DECK = ("7♠ 9♠ 7♣ 10♣ 9♦ 7♦ J♣ K♦ Q♠ A♣ 8♥ 10♥ 6♥ 6♠ 8♠ 10♠ J♠ K♠ A♠ 6♣ 8♣ 9♣ Q♣ K♣ "
                  "6♦ 8♦ 10♦ J♦ Q♦ A♦ 7♥ 9♥ J♥ Q♥ K♥ A♥")


def test_example_1_podkidnoy_two_players():
    g = new_game("podkidnoy", players=2, deck_order=cards(EXAMPLE_1_DECK))
    assert hand(g, 0) == "7♠ Q♠ 7♣ J♣ 9♦ 8♥"
    assert hand(g, 1) == "9♠ 10♣ A♣ 7♦ K♦ 10♥"
    assert str(g.trump_card) == "6♥" and str(g.trump) == "♥" and g.talon_size == 24
    assert (g.attacker, g.defender) == (0, 1)
    # "attack with any card (or several of one rank, at most 5)"
    attacks = {str(a) for a in g.legal_actions()}
    assert attacks == {"attack 7♠", "attack 7♣", "attack 8♥", "attack 9♦", "attack J♣",
                       "attack Q♠", "attack 7♠ 7♣"}
    step(g, 0, None, "attack 7♠ 7♣")
    step(g, 1, ["beat 7♠ 9♠", "beat 7♠ 10♥", "beat 7♣ 10♣", "beat 7♣ 10♥", "beat 7♣ A♣", "take"],
         "beat 7♠ 9♠")
    step(g, 1, ["beat 7♣ 10♣", "beat 7♣ 10♥", "beat 7♣ A♣", "take"], "beat 7♣ 10♣")
    step(g, 0, ["throw 9♦", "pass"], "throw 9♦")
    step(g, 1, ["beat 9♦ 10♥", "beat 9♦ K♦", "take"], "beat 9♦ K♦")
    check_bout(g, ["6♠ 8♠ 10♠ Q♠ J♣ 8♥", "J♠ K♠ A♠ A♣ 7♦ 10♥"], 18, attacker=1, defender=0)
    # "attack with any card (or several of one rank, at most 6)": 6 singles and A♠ A♣
    assert [str(a) for a in g.legal_actions()][-1] == "attack A♠ A♣"
    assert len(g.legal_actions()) == 7
    step(g, 1, None, "attack 7♦")
    step(g, 0, ["beat 7♦ 8♥", "take"], "take")
    check_bout(g, ["6♠ 8♠ 10♠ Q♠ J♣ 7♦ 8♥", "J♠ K♠ A♠ 6♣ A♣ 10♥"], 17, attacker=1, defender=0)


EXAMPLE_2_DECK = ("6♣ 8♣ 9♦ 9♥ 9♠ Q♣ 7♠ J♠ 10♠ 10♦ Q♦ K♦ K♣ 7♣ 8♦ A♠ A♦ 6♠ 6♥ 8♠ Q♠ K♠ 9♣ "
                  "10♣ J♣ A♣ 6♦ 7♦ J♦ 7♥ 8♥ 10♥ J♥ Q♥ K♥ A♥")


def test_example_2_perevodnoy_transfer_then_proezdnoy():
    g = new_game("perevodnoy", players=3, deck_order=cards(EXAMPLE_2_DECK))
    assert [hand(g, s) for s in range(3)] == [
        "7♠ A♠ 6♣ K♣ 10♦ 9♥", "9♠ J♠ 7♣ 8♣ Q♦ A♦", "6♠ 10♠ Q♣ 8♦ 9♦ K♦"]
    assert str(g.trump_card) == "6♥" and g.talon_size == 18
    assert (g.attacker, g.defender) == (0, 1)
    step(g, 0, None, "attack 6♣")
    # R3.4: no transfer in the first bout, so only beats and take are listed
    step(g, 1, ["beat 6♣ 7♣", "beat 6♣ 8♣", "take"], "beat 6♣ 8♣")
    step(g, 2, ["throw 6♠", "throw 8♦", "pass"], "pass")  # seat 0 has nothing to throw: skipped
    check_bout(g, ["7♠ 8♠ A♠ K♣ 10♦ 9♥", "9♠ J♠ Q♠ 7♣ Q♦ A♦", "6♠ 10♠ Q♣ 8♦ 9♦ K♦"], 16,
               attacker=1, defender=2)
    step(g, 1, None, "attack 9♠")
    step(g, 2, ["beat 9♠ 10♠", "transfer 9♦", "take"], "transfer 9♦")
    step(g, 0, ["beat 9♠ 9♥", "beat 9♠ A♠", "beat 9♦ 9♥", "beat 9♦ 10♦", "transfer 9♥",
                "show 9♥", "take"], "show 9♥")
    step(g, 1, ["beat 9♠ J♠", "beat 9♠ Q♠", "beat 9♦ Q♦", "beat 9♦ A♦", "take"], "beat 9♠ J♠")
    step(g, 1, ["beat 9♦ Q♦", "beat 9♦ A♦", "take"], "beat 9♦ Q♦")
    step(g, 0, ["throw 9♥", "pass"], "pass")
    step(g, 2, ["throw Q♣", "pass"], "throw Q♣")
    step(g, 1, ["take"], "take")
    step(g, 0, ["throw 9♥", "pass"], "pass")
    check_bout(g, ["7♠ 8♠ A♠ K♣ 10♦ 9♥", "9♠ J♠ Q♠ 7♣ Q♣ 9♦ Q♦ A♦", "6♠ 10♠ K♠ 9♣ 8♦ K♦"],
               14, attacker=2, defender=0)


def test_example_3_six_players_whole_deck_dealt():
    deck = cards("6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 6♦ 7♦ 8♦ 9♦ 10♦ "
                 "J♦ Q♦ K♦ A♦ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    g = new_game("podkidnoy", players=6, deck_order=deck)
    assert [hand(g, s) for s in range(6)] == [
        "6♠ Q♠ 9♣ 6♦ Q♦ 9♥", "7♠ K♠ 10♣ 7♦ K♦ 10♥", "8♠ A♠ J♣ 8♦ A♦ J♥",
        "9♠ 6♣ Q♣ 9♦ 6♥ Q♥", "10♠ 7♣ K♣ 10♦ 7♥ K♥", "J♠ 8♣ A♣ J♦ 8♥ A♥"]
    assert str(g.trump_card) == "A♥" and g.talon_size == 0
    assert (g.attacker, g.defender) == (3, 4)


EXAMPLE_4_DECK = ("9♣ A♣ J♥ 6♦ Q♥ 10♦ 9♠ K♥ 10♠ K♦ Q♠ Q♦ 6♣ 7♦ 9♦ 10♥ J♦ 8♣ K♠ A♥ 7♣ 7♥ K♣ 7♠ "
                  "J♠ 8♦ A♠ 8♥ Q♣ A♦ J♣ 10♣ 6♠ 9♥ 6♥ 8♠")
EXAMPLE_4_ACTIONS = """attack 9♠ 9♣ | beat 9♠ A♣ | take | attack 7♦ | beat 7♦ 10♦ | throw 10♠ |
beat 10♠ 9♣ | throw 9♦ | beat 9♦ Q♦ | throw Q♠ | beat Q♠ A♣ | throw Q♥ | beat Q♥ K♥ | attack 6♦ |
beat 6♦ J♦ | attack 8♣ | beat 8♣ K♣ | throw K♠ | beat K♠ 7♣ | attack 7♠ 7♥ | beat 7♠ J♠ |
beat 7♥ 10♥ | attack 6♠ | beat 6♠ 9♠ | attack 6♥ | beat 6♥ 9♥ | attack 6♣ | beat 6♣ J♣ |
throw J♥ | beat J♥ Q♣ | attack 8♠ 8♥ | beat 8♠ A♠ | beat 8♥ A♥ | throw A♦ | beat A♦ 10♣ |
attack 8♦ | beat 8♦ K♦"""


def example_4(**options):
    g = new_game("podkidnoy", players=2, deck_order=cards(EXAMPLE_4_DECK), **options)
    actions = [a.strip() for a in EXAMPLE_4_ACTIONS.replace("\n", " ").split("|")]
    return g, actions


def test_example_4_whole_game_ends_in_a_draw():
    g, actions = example_4()
    for a in actions[:-10]:
        g.play(a)
    assert [hand(g, s) for s in range(2)] == ["A♠ 10♣ 8♦ J♥ A♥", "8♠ J♣ Q♣ K♦ A♦ 8♥"]
    assert g.talon_size == 0 and len(g.discard) == 24
    step(g, 1, ["beat 6♣ J♣", "beat 6♣ Q♣", "take"], "beat 6♣ J♣")
    step(g, 0, ["throw J♥", "pass"], "throw J♥")
    step(g, 1, ["beat J♥ Q♣", "take"], "beat J♥ Q♣")
    check_bout(g, ["A♠ 10♣ 8♦ A♥", "8♠ K♦ A♦ 8♥"], 0, attacker=1)
    assert sum(1 for a in g.legal_actions() if len(a.cards) > 1) == 1  # 8♠ 8♥, at most 4
    step(g, 1, None, "attack 8♠ 8♥")
    step(g, 0, ["beat 8♠ 10♣", "beat 8♠ A♠", "beat 8♥ 10♣", "beat 8♥ A♥", "take"], "beat 8♠ A♠")
    step(g, 0, ["beat 8♥ 10♣", "beat 8♥ A♥", "take"], "beat 8♥ A♥")
    step(g, 1, ["throw A♦", "pass"], "throw A♦")
    step(g, 0, ["beat A♦ 10♣", "take"], "beat A♦ 10♣")
    check_bout(g, ["8♦", "K♦"], 0, attacker=0)
    step(g, 0, ["attack 8♦"], "attack 8♦")
    step(g, 1, ["beat 8♦ K♦", "take"], "beat 8♦ K♦")
    assert g.is_over and g.to_act is None
    assert g.result.draw and g.result.durak is None  # R2.11


def test_example_4_with_draws_false_the_last_defender_loses():
    g, actions = example_4(draws=False)
    for a in actions:
        g.play(a)
    assert not g.result.draw and g.result.durak == 1  # R2.11


@pytest.mark.parametrize("n", range(1, 38))
def test_example_4_undo_returns_every_earlier_position(n):
    g, actions = example_4()
    for a in actions[:n - 1]:
        g.play(a)
    before = (str(g), [str(a) for a in g.legal_actions()], len(g.history))
    g.play(actions[n - 1])
    g.undo()
    assert (str(g), [str(a) for a in g.legal_actions()], len(g.history)) == before
