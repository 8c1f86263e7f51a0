"""``from_position`` and ``from_hands`` build only positions that play can go on from (issue 13).

Every accepted position has a legal action or is over; a position play cannot reach is refused
with the seat and the rule; a hand of the wrong size is refused, never filled up.
"""

import random
import re

import pytest
from hypothesis import given, strategies as st

from durak_edu import VARIANTS, deck, from_hands, from_position

from helpers import texts

ATTACK = sorted(n for n, v in VARIANTS.items() if v.family == "attack")


def test_an_attacker_without_cards_hands_the_attack_to_the_next_player():
    g = from_position("podkidnoy", ["", "7♦ 8♦", "9♣ 10♣"], trump="H", attacker=0)
    assert g.out == (0,) and g.attacker == 1 and g.defender == 2 and g.to_act == 1  # R2.8
    assert texts(g.legal_actions())[:2] == ["attack 7♦", "attack 8♦"]


def test_a_position_with_one_player_holding_cards_is_over():
    g = from_position("podkidnoy", ["", "7♦ 8♦", ""], trump="H", names=["A", "B", "C"])
    assert g.is_over and g.legal_actions() == []
    assert g.result.durak == 1 and g.result.out_order == (0, 2)  # R2.11
    assert "game over" in g.history[-1].text


def test_a_team_position_with_one_team_out_is_over():
    g = from_position("podkidnoy_teams", ["", "7♦", "", "8♣"], trump="H")
    assert g.is_over and g.result.winners == (0, 2)  # R5


def test_an_empty_hand_while_the_talon_has_cards_is_refused():
    with pytest.raises(ValueError, match=r"seat 1 holds no cards while the talon holds 3.*R2\.9"):
        from_position("podkidnoy", ["6♠ 7♠", ""], trump_card="10♥", talon="J♠ Q♠")


def test_no_cards_anywhere_is_refused():
    with pytest.raises(ValueError, match=r"nobody holds a card.*R2\.11"):
        from_position("podkidnoy", ["", ""], trump="H")


def test_from_hands_refuses_short_hands_instead_of_filling_them():
    with pytest.raises(ValueError, match=r"seat 0 is given 2 cards, but a podkidnoy deal gives "
                                         r"him 6 \(hand_size=6, R1\.1\)"):
        from_hands("podkidnoy", ["6♠ 7♠", "6♣ 7♣"])
    with pytest.raises(ValueError, match=r"seat 0 is given 4 cards.*gives him 5"):
        from_hands("prostoy", ["6♠ 7♠ 8♠ 9♠", "6♣ 7♣ 8♣ 9♣"])
    with pytest.raises(ValueError, match=r"every seat a hand of the same size"):
        from_hands("prostoy", ["6♠ 7♠ 8♠ 9♠ 10♠", "6♣ 7♣ 8♣ 9♣"])
    with pytest.raises(ValueError, match=r"seat 0 is given 7 cards.*gives him 6"):
        from_hands("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣"])
    g = from_hands("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], turned="6♥")
    assert [len(h) for h in g.hands] == [6, 6]
    circle = from_hands("japanese_circle", [" ".join(map(str, deck(36)[i::3])) for i in range(3)])
    assert [len(h) for h in circle.hands] == [12, 12, 12]
    with pytest.raises(ValueError, match="seat 0 is given 11 cards.*gives him 12"):
        from_hands("japanese_circle", [" ".join(map(str, deck(36)[i:33:3])) for i in range(3)])


@st.composite
def positions(draw):
    """A random position: any attack–defence preset, 2–6 seats, random hands (empty ones too),
    a random talon, trump and attacker."""
    name = draw(st.sampled_from(ATTACK))
    rules = VARIANTS[name].rules
    sizes = rules.table_sizes()
    players = draw(st.sampled_from([p for p in sizes if p <= 6]))
    pool = deck(rules.deck)
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(pool)
    hands, i = [], 0
    for _ in range(players):
        k = draw(st.sampled_from([0, 0, 1, 2, 4, 6]))  # empty hands often
        hands.append(" ".join(map(str, pool[i:i + k])))
        i += k
    talon_size = draw(st.sampled_from([0, 0, 1, 3, 8]))
    talon = pool[i:i + talon_size]
    trump_card = str(talon[-1]) if talon and draw(st.booleans()) else None
    if trump_card:
        talon = talon[:-1]
    return dict(variant=name, hands=hands, talon=" ".join(map(str, talon)),
                trump_card=trump_card, trump=None if trump_card else draw(st.sampled_from("SCDH")),
                attacker=draw(st.integers(0, players - 1)), first_bout=draw(st.booleans()),
                moves=draw(st.integers(0, 40)), seed=draw(st.integers(0, 1000)))


@given(positions())
def test_property_every_accepted_position_can_move_or_is_over(case):
    try:
        g = from_position(case["variant"], case["hands"], talon=case["talon"],
                          trump_card=case["trump_card"], trump=case["trump"],
                          attacker=case["attacker"], first_bout=case["first_bout"])
    except ValueError as exc:
        assert "position:" in str(exc) and re.search(r"R\d", str(exc))  # says what and which rule
        return
    rng = random.Random(case["seed"])
    for _ in range(case["moves"] + 1):  # and so does every position play reaches from it
        legal = g.legal_actions()
        assert g.is_over or legal, str(g)
        assert not (g.is_over and legal)
        if g.is_over:
            break
        g.play(rng.choice(legal))


def test_krestovys_second_phase_has_no_talon_to_give():
    # R9.38: the attack–defence phase starts with the deck used up by the first phase; a talon
    # nobody would ever draw from left the game with no legal move and no result
    with pytest.raises(ValueError, match=r"no talon \(R9\.38\)"):
        from_position("krestovy", ["K♠", "A♦ Q♥ 8♣ A♣"], talon="J♥ J♣ 8♥")
    g = from_position("krestovy", ["K♠", "A♦ Q♥ 8♣ A♣"])
    while not g.is_over:  # with the hands only, it plays to the end
        g.play(g.legal_actions()[0])
    assert g.result is not None


def test_a_chukotsky_position_has_no_talon_and_its_other_cards_lie_in_the_discard():
    # R9.4: the rest of the deck is put out of the game after the deal, so a position has no
    # talon; every card not placed is in the discard pile, seen by all (R0), as elsewhere
    with pytest.raises(ValueError, match=r"no talon \(R9\.4\)"):
        from_position("chukotsky", ["A♦ Q♦ J♣ J♠", "8♣ 7♦ J♥ 6♣ 7♣", "9♠ 10♣"],
                      talon="Q♠ 8♥ A♣", trump_card="8♦", attacker=2)
    g = from_position("chukotsky", ["A♦ Q♦ J♣ J♠", "8♣ 7♦ J♥ 6♣ 7♣", "9♠ 10♣"], trump="D",
                      attacker=2)
    assert g.talon_size == 0 and g.removed == () and len(g.discard) == 36 - 11
    for seat in range(3):
        view = g.view(seat)
        assert set(view.unknown) == {c for p, h in enumerate(g.hands) if p != seat for c in h}
