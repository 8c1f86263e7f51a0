"""Two-deck games, 72 cards (R0, R9.21 bolshoy, R9.29 dvoynoy): the two identical cards are two
distinct cards everywhere (text, actions, records, views, pictures), the twin rules of the two
presets on positions where they change the legal actions or the outcome, and random games to
the end that lose or double no card. Also R0's 8 players with 52 cards.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter

import pytest

from durak_edu import (Attack, Card, IllegalAction, Rank, Suit, Take, cards, deck, from_position,
                       new_game, parse_action)
from durak_edu.cards import card_at, cards_by_rank, cards_of, iter_mask, mask_of
from durak_edu.games.core.state import supports
from durak_edu.games.wide import is_wide
from durak_edu.record import GameRecord, Replay
from helpers import refused, texts

SEVEN, SEVEN_TWIN = Card.parse("7♠"), Card.parse("7♠'")


def every_card(g):
    """Every card of a game wherever it lies: hands, table, discard, the talon not yet drawn."""
    left = g.talon[len(g.talon) - g.talon_size:] if g.talon_size else ()
    return ([c for h in g.hands for c in h] + [c for pair in g.table for c in pair if c]
            + list(g.discard) + list(left))


def random_game(name, players, seed, **options):
    g = new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        plain = [a for a in legal if not isinstance(a, Take)]  # fewer takes: games end sooner
        g.play(rng.choice(plain if plain and rng.random() < 0.8 else legal))
    return g


# -- R0: the cards ----------------------------------------------------------------------------------

def test_R0_the_second_decks_copy_is_a_card_of_its_own_written_with_a_prime():
    assert SEVEN_TWIN is not SEVEN and SEVEN_TWIN.twin is SEVEN and SEVEN.twin is SEVEN_TWIN
    assert (SEVEN_TWIN.rank, SEVEN_TWIN.suit, SEVEN_TWIN.copy) == (Rank.SEVEN, Suit.SPADES, 1)
    assert SEVEN.copy == 0 and str(SEVEN) == "7♠" and SEVEN.index == 5  # the first deck unchanged
    assert SEVEN_TWIN.index > 53 and SEVEN_TWIN.mask & SEVEN.mask == 0
    assert hash(SEVEN_TWIN) != hash(SEVEN) and len({SEVEN, SEVEN_TWIN}) == 2
    # typed in ASCII, with a prime, or a typographic apostrophe: the same card, printed one way
    for text in ("7♠'", "7S'", "7s'", "7♠′", "7S’", " 7♠' "):
        assert Card.parse(text) is SEVEN_TWIN
    assert str(Card.parse("10d'")) == "10♦'" and str(Card.parse("Д♠'")) == "Q♠'"


@pytest.mark.parametrize("bad", ["RJ'", "7♠''", "'7♠", "7'"])
def test_R0_a_bad_copy_token_raises_naming_it(bad):
    with pytest.raises(ValueError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)


def test_R0_the_72_card_deck_is_two_36_card_decks_each_copy_after_its_twin():
    d = deck(72)
    assert len(d) == len(set(d)) == len({str(c) for c in d}) == 72
    assert d[0::2] == deck(36) and d[1::2] == [c.twin for c in deck(36)]
    assert d == sorted(d) and sorted(reversed(d)) == d
    assert Counter((c.rank, c.suit) for c in d) == Counter({(c.rank, c.suit): 2 for c in deck(36)})
    for c in d:
        assert Card.parse(str(c)) is c
        assert eval(repr(c), {"Card": Card}) is c
        assert pickle.loads(pickle.dumps(c)) is c
        assert card_at(c.index) is c


def test_R0_bit_set_helpers_list_both_twins_a_copy_right_after_its_card():
    hand = cards("9♠ 7♥' 7♥ 7♣ A♦' 7♠'")
    m = mask_of(hand)
    assert m.bit_count() == 6
    assert [str(c) for c in cards_of(m)] == ["7♠'", "9♠", "7♣", "A♦'", "7♥", "7♥'"]
    assert [str(c) for c in cards_by_rank(m)] == ["7♠'", "7♣", "7♥", "7♥'", "9♠", "A♦'"]
    assert set(iter_mask(m)) == set(hand)
    assert cards(str(" ".join(map(str, hand)))) == hand


def test_R0_an_action_may_hold_both_twins_but_not_one_card_twice():
    a = Attack("7♠' 7♠")
    assert a.cards == (SEVEN, SEVEN_TWIN) and a == Attack("7♠ 7S'")
    assert str(a) == "attack 7♠ 7♠'" and parse_action(str(a)) == a
    beat = parse_action("beat 7♠ 7♠'")
    assert (beat.target, beat.card) == (SEVEN, SEVEN_TWIN) and str(beat) == "beat 7♠ 7♠'"
    with pytest.raises(ValueError, match="the same card twice"):
        Attack("7♠ 7♠")
    with pytest.raises(ValueError, match="the same card twice"):
        Attack("7♠' 7S'")


# -- R9.21 bolshoy --------------------------------------------------------------------------------

def test_R9_21_bolshoy_deals_72_cards_to_up_to_8_players():
    g = new_game("bolshoy", players=8, seed=5)
    assert len(g.deck_order) == 72 and set(g.deck_order) == set(deck(72))
    assert [len(h) for h in g.hands] == [6] * 8 and g.talon_size == 72 - 48
    with pytest.raises(ValueError, match=r"R0"):
        new_game("bolshoy", players=9, seed=5)


def test_R9_21_identical_cards_cannot_beat_each_other():
    g = from_position("bolshoy", ["7♠ 9♣", "7♠' 8♠ A♥ 10♦"], trump="H")
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ 8♠", "beat 7♠ A♥", "take"]
    message = refused(g, "beat 7♠ 7♠'", "R9.21")
    assert "identical" in message
    # the twin of a trump cannot beat it either, and it may beat a lower trump like any card
    g = from_position("bolshoy", ["8♥ 6♥", "8♥' 9♥"], trump="H")
    g.play("attack 8♥")
    assert texts(g.legal_actions()) == ["beat 8♥ 9♥", "take"]
    refused(g, "beat 8♥ 8♥'", "R9.21")


def test_R9_21_of_twin_lowest_trumps_the_first_decks_card_leads():
    first, twin, turned = Card.parse("6♥"), Card.parse("6♥'"), Card.parse("A♥")
    plain = [c for c in deck(72) if c.suit != Suit.HEARTS]
    hearts = [c for c in deck(72) if c.suit == Suit.HEARTS and c not in (first, twin, turned)]
    # the deal alternates seat 0, seat 1, ...: seat 0 gets the twin, seat 1 the first deck's six
    order = [twin, first] + plain[:10] + [turned] + plain[10:] + hearts
    g = new_game("bolshoy", deck_order=order)
    assert twin in g.hands[0] and first in g.hands[1] and g.trump == Suit.HEARTS
    assert g.to_act == 1  # R1.3, R9.21: the first deck's 6♥ counts as the lower


def fifty_two(variant, held, **options):
    """A bolshoy/dvoynoy position: seat 0 attacks with six sevens, seat 1 holds ``held`` cards
    and a talon is left, so only the 52-card rule can end the game at the take."""
    sevens = cards("7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
    rest = [c for c in deck(72) if c not in sevens]
    return from_position(variant, [sevens, rest[:held]], talon=rest[held:held + 3],
                         trump_card=str(rest[held + 3]), **options)


def test_R9_21_a_player_who_picks_up_to_52_cards_loses_at_once():
    g = fifty_two("bolshoy", 46)
    g.play("attack 7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
    g.play("take")
    assert g.is_over and g.result.durak == 1 and g.result.winners == (0,)
    assert len(g.hands[1]) == 52 and g.talon_size == 4  # at once: nobody drew
    assert "52" in g.result.reason and "R9.21" in g.history[-1].text
    # with 51 cards the game goes on; and without the rule 52 cards are just a big hand
    for variant, held, options in (("bolshoy", 45, {}), ("bolshoy", 46, {"hand_loses_at": None})):
        g = fifty_two(variant, held, **options)
        g.play("attack 7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
        g.play("take")
        assert not g.is_over and len(g.hands[1]) == held + 6


def test_R9_21_52_cards_lose_through_records_too():
    """The loss is replayed from a record: a seeded game played until someone holds 52."""
    g = new_game("bolshoy", players=2, seed=11, hand_loses_at=20)
    rng = random.Random(3)
    while not g.is_over:  # the defender always takes: his hand grows to 20
        legal = g.legal_actions()
        take = [a for a in legal if isinstance(a, Take)]
        g.play(take[0] if take and g.to_act == g.defender else rng.choice(legal))
    assert max(len(h) for h in g.hands) >= 20 and "20 or more" in g.result.reason
    back = GameRecord.from_json(g.record().to_json())
    assert back.to_game().result == g.result


# -- R9.29 dvoynoy --------------------------------------------------------------------------------

def test_R9_29_a_twin_beats_its_card_and_then_nobody_throws_in():
    hands = ["7♠ 7♣ 8♠", "7♠' 9♠ 8♣ J♣", "7♦ 9♥"]
    g = from_position("dvoynoy", hands, trump="H")
    g.play("attack 7♠ 7♣")
    assert "beat 7♠ 7♠'" in texts(g.legal_actions())
    g.play("beat 7♠ 7♠'")
    refused(g, "throw 7♦", "R9.29", seat=2)  # the 7♦ may no longer join
    g.play("beat 7♣ 8♣")
    # the bout ends at once, a bito, though seat 2 still holds a seven to throw in
    assert g.table == [] and set(cards("7♠ 7♠' 7♣ 8♣")) <= set(g.discard)
    assert Card.parse("7♦") in g.hands[2] and g.to_act == 1
    # in bolshoy the twin cannot beat, and the same seven is thrown in after an ordinary beat
    h = from_position("bolshoy", hands, trump="H")
    h.play("attack 7♠ 7♣")
    assert "beat 7♠ 7♠'" not in texts(h.legal_actions())
    h.play("beat 7♠ 9♠")
    h.play("beat 7♣ J♣")  # seat 0 has nothing to throw in and is skipped (R2.5)
    assert h.to_act == 2 and "throw 7♦" in texts(h.legal_actions())


def test_R9_29_an_ordinary_beat_does_not_block_and_the_block_lasts_while_taking():
    g = from_position("dvoynoy", ["7♠ 7♣ 9♠", "8♠ 7♠' 8♥ J♦", "7♦ 9♥"], trump="D")
    g.play("attack 7♠")
    g.play("beat 7♠ 8♠")  # an ordinary beat: the sevens and eights may join
    assert "throw 7♣" in texts(g.legal_actions())
    g = from_position("dvoynoy", ["7♠ 7♣ 9♠", "7♠' 8♥ J♦", "7♦ 9♥"], trump="D")
    g.play("attack 7♠ 7♣")
    g.play("beat 7♠ 7♠'")
    g.play("take")  # the block holds while he takes: the 7♦ stays at home
    assert set(cards("7♠ 7♠' 7♣")) <= set(g.hands[1]) and Card.parse("7♦") in g.hands[2]
    assert g.table == [] and g.to_act == 2


def test_R9_29_a_transfer_is_not_a_throw_in():
    g = from_position("dvoynoy", ["7♠ 7♣", "7♠' 7♦ 8♥ J♦", "9♦ 9♥ 10♣"], trump="H",
                      transfer=True, transfer_after_beating=True)
    g.play("attack 7♠ 7♣")
    g.play("beat 7♠ 7♠'")
    assert "transfer 7♦" in texts(g.legal_actions())
    g.play("transfer 7♦")
    assert g.defender == 2


def test_R9_29_dvoynoy_loses_at_52_as_bolshoy():
    g = fifty_two("dvoynoy", 46)
    g.play("attack 7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
    g.play("take")
    assert g.is_over and g.result.durak == 1


@pytest.mark.parametrize("options,clause", [
    ({"twin_beats": True}, "R9.29"),
    ({"deck": 72, "hand_loses_at": 6}, "R9.21"),
    ({"deck": 72, "hand_loses_at": True}, "R9.21"),
])
def test_R9_21_R9_29_impossible_options_are_refused(options, clause):
    with pytest.raises(ValueError, match=clause):
        new_game("podkidnoy", seed=1, **options)


def test_R0_72_cards_are_for_the_attack_defence_family_only():
    with pytest.raises(ValueError, match="deck=72"):
        new_game("japanese_circle", seed=1, deck=72)
    g = new_game("perevodnoy", players=4, deck=72, seed=2)
    assert len(g.deck_order) == 72


# -- every card kept apart, by identity and by text -------------------------------------------------

@pytest.mark.parametrize("name", ["bolshoy", "dvoynoy"])
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (5, 3), (8, 4)])
def test_R9_21_R9_29_random_games_end_with_no_card_lost_or_doubled(name, players, seed):
    g = random_game(name, players, seed)
    assert g.is_over
    found = every_card(g)
    assert len(found) == 72 and set(found) == set(deck(72))  # by identity
    assert sorted(map(str, found)) == sorted(map(str, deck(72)))  # by text: twins not merged


@pytest.mark.parametrize("name", ["bolshoy", "dvoynoy"])
def test_R0_72_card_records_round_trip_through_json_and_text(name):
    g = random_game(name, 3, 7)
    rec = g.record()
    assert len(rec.deck) == 72 and len({str(c) for c in rec.deck}) == 72
    deck_line = next(ln for ln in rec.to_text().splitlines() if ln.startswith("deck:"))
    assert len(deck_line.split()[1:]) == 72 and "'" in deck_line
    data = json.loads(rec.to_json())
    assert len(data["deck"].split()) == 72
    for back in (GameRecord.from_json(rec.to_json()), GameRecord.from_text(rec.to_text())):
        assert list(back.deck) == list(rec.deck) and back.actions == rec.actions
        again = back.to_game()
        assert again.hands == g.hands and again.discard == g.discard and again.result == g.result
    r = Replay(rec)
    r.goto(len(r) // 2)
    assert len(every_card(r.game)) == 72


def test_R0_the_view_counts_two_of_every_unknown_card():
    from durak_edu.prob import p_has_trump, p_holds, unknown_count
    g = new_game("bolshoy", players=2, seed=3)
    v = g.view(0)
    assert unknown_count(g, 0) == len(v.unknown) == 72 - 6 - 1  # as R10's 36 − 6 − 1
    unseen = [c for c in deck(72) if c not in g.hands[0] and c is not g.trump_card]
    assert set(v.unknown) == set(unseen)
    twins = [c for c in v.unknown if c.twin in v.unknown]
    assert twins and all(p_holds(v, c, 1) == p_holds(v, c.twin, 1) for c in twins)
    assert 0 < p_has_trump(v, 1) < 1
    # a card picked up is known, its twin is not
    g = from_position("bolshoy", ["7♠ 9♣", "7♠' 8♥ J♦"], trump="D",
                      talon="6♣ 6♦ 6♠ 6♥ 8♣ 8♦ 9♠ 9♦ 10♣")
    g.play("attack 7♠")
    g.play("take")
    known = g.view(0).known[1]
    assert SEVEN in known and SEVEN_TWIN not in known


def test_R0_pictures_mark_the_second_copy():
    from durak_edu.draw.scene import build_scene, counter_scene
    from durak_edu.draw.prims import CardItem
    from durak_edu.draw.svg import card_svg
    assert "′" in card_svg(SEVEN_TWIN) and "′" not in card_svg(SEVEN)
    assert card_svg(SEVEN_TWIN) != card_svg(SEVEN)
    g = from_position("dvoynoy", ["7♠' 7♠ 9♣", "9♣' 8♥", "6♦ 6♦'"], trump="D")
    assert "7♠ 7♠' 9♣" in str(g).splitlines()[1]  # the text picture: both twins, in order
    scene = build_scene(g, perspective=0)
    faces = [it.card for it in scene.items if isinstance(it, CardItem) and it.face_up]
    assert {SEVEN, SEVEN_TWIN} <= set(faces)
    grid = counter_scene(g, 0)
    boxes = [(it.x, it.y) for it in grid.items if isinstance(it, CardItem)]
    assert len(boxes) == len(set(boxes)) == 72  # every twin in a place of its own


def test_R0_the_coach_and_the_playout_on_72_cards():
    from durak_edu.coach import advise
    g = new_game("bolshoy", players=3, seed=9)
    # two decks do not fit the compiled core's 64-bit masks: the wide copy plays them
    assert not supports(g) and is_wide(type(g).__module__)
    assert g.clone(history=False).playout(4) == g.clone().playout(4)
    result = g.clone(history=False).playout(4)
    assert result.durak is not None or result.draw
    advice = advise(g)
    assert advice.options and advice.best is not None


# -- R0: 8 players with 52 cards ----------------------------------------------------------------------

def test_R0_eight_players_with_52_cards_play_to_the_end_by_the_api_and_the_playout():
    from durak_edu.draw.scene import build_scene
    from durak_edu.draw.svg import scene_svg
    g = new_game("podkidnoy", players=8, deck=52, seed=6)
    assert [len(h) for h in g.hands] == [6] * 8 and g.talon_size == 4
    svg = scene_svg(build_scene(g))
    assert len(build_scene(g).seats) == 8 and all(f"seat {p}" in svg for p in range(8))
    assert supports(g)
    fast = g.clone(history=False).playout(12)
    slow = g.clone().playout(12)
    assert fast == slow  # the core's playout plays the API's game, move for move
    played = random_game("podkidnoy", 8, 6, deck=52)
    assert played.is_over and sorted(map(str, every_card(played))) == sorted(map(str, deck(52)))


def test_R9_21_losing_at_52_cards_in_team_play_is_refused_naming_the_clash():
    # R9.21's loss at 52 cards held is a seat's, R5's loss a team's: the core does not play the
    # two together, and from_position refuses them before anything is dealt, naming both
    sevens = cards("7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
    rest = [c for c in deck(72) if c not in sevens]
    hands = [sevens, rest[:46], rest[46:52], rest[52:58]]
    args = dict(talon=rest[58:61], trump_card=str(rest[61]), deck=72, hand_loses_at=52)
    with pytest.raises(ValueError, match=r"R9\.21 \(hand_loses_at=52\) does not go with "
                                         r"teams=True"):
        from_position("podkidnoy_teams", hands, **args)
    # each alone is played: the same hands without teams, where seat 1 takes six and loses
    g = from_position("podkidnoy", hands, **args)
    g.play("attack 7♠ 7♠' 7♣ 7♣' 7♦ 7♦'")
    g.play("take")
    while not g.is_over:
        g.play("pass")
    assert g.result.losers == (1,)


def test_R9_29_the_chance_to_beat_counts_the_twin_only_where_it_beats():
    """Seat 0 sees 5 unknown cards (seat 1's two, the talon's three): 8♦ 9♦ beat the 7♠ as
    trumps, and in dvoynoy the 7♠' too; P(seat 1 holds one) = 1 − C(5−k, 2)/C(5, 2)."""
    from fractions import Fraction
    from math import comb
    from durak_edu.prob import p_can_beat
    for variant, beaters in (("bolshoy", 2), ("dvoynoy", 3)):
        g = from_position(variant, ["7♠ 9♣", "7♠' 6♣"], trump="D", talon="8♣ 8♦ 9♦",
                          trump_card="10♦")
        assert len(g.view(0).unknown) == 5
        assert p_can_beat(g.view(0), SEVEN, 1) == 1 - Fraction(comb(5 - beaters, 2), comb(5, 2))


def test_R9_21_the_exact_deal_helpers_count_two_decks_and_the_simulated_ones_refuse_them():
    """72 cards: 18 trumps, all of them different cards (twins included), so the exact trump
    and lead questions of the deal hold as for one deck; the simulated deals read a card's suit
    from its index, which only one deck allows, and say so."""
    from fractions import Fraction
    from durak_edu.prob import expected_trumps, lead_distribution, simulate_deals
    from durak_edu.prob.simulate import deals_from_orders
    assert expected_trumps(6, 72) == Fraction(6 * 17, 71)  # 17 trumps among 71 unseen cards
    assert expected_trumps(6, 72, given_turned_trump=False) == Fraction(6 * 18, 72)
    lead = lead_distribution(2, 72)
    assert sum(lead.values()) == 1
    # the leader of real bolshoy deals (R1.3, of twins the first deck's card is lower) agrees
    seeds = range(3000)
    share = sum(new_game("bolshoy", seed=s).to_act == 0 for s in seeds) / len(seeds)
    se = (float(lead[0]) * (1 - float(lead[0])) / len(seeds)) ** 0.5
    assert abs(share - float(lead[0])) < 3 * se
    for call in (lambda: simulate_deals(10, deck=72), lambda: deals_from_orders([deck(72)])):
        with pytest.raises(ValueError, match="one deck"):
            call()
