"""The jokers (docs/rules.md R9.22, R9.33): the 53- and 54-card decks, each joker reading on a
position where it changes the legal actions or the outcome, the jokers named everywhere (text,
SVG, records, views) and counted by the probability helpers, checked against brute-force
enumeration of where the unknown cards may lie.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from durak_edu import Rank, Suit, cards, deck, new_game
from durak_edu.cards import Card
from durak_edu.games.core.state import supports
from durak_edu.prob import p_can_beat, p_has_trump, p_holds, unknown_at_start, unknown_count
from durak_edu.record import GameRecord
from helpers import endgame, game, refused, texts

RJ, BJ = Card(Rank.RED_JOKER), Card(Rank.BLACK_JOKER)
JOKER_PRESETS = ["one_joker", "two_joker", "two_joker_novosibirsk", "jokers_by_colour"]


def from_position(variant, hands, **options):
    from durak_edu import from_position as fp
    return fp(variant, hands, **options)


def random_game(name, seed, moves, players=2):
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def turned_joker_seed(name, joker=BJ):
    """A seed whose deal turns ``joker`` for trump (found, not typed)."""
    return next(s for s in range(2000) if new_game(name, seed=s).trump_card is joker)


# -- R0, R9.22: the decks ------------------------------------------------------------------------

def test_R9_22_the_attack_family_deals_53_and_54_card_decks_with_their_jokers():
    g = new_game("podkidnoy", deck=54, seed=3)
    assert sorted(g.deck_order) == sorted(deck(54)) and {RJ, BJ} <= set(g.deck_order)
    one = new_game("podkidnoy", deck=53, seed=3)
    assert RJ in one.deck_order and BJ not in one.deck_order and len(one.deck_order) == 53
    assert new_game("one_joker").rules.deck == 53
    assert all(new_game(n).rules.deck == 54 for n in JOKER_PRESETS[1:])


@pytest.mark.parametrize("name", ["japanese_circle", "japanese_maumau"])
@pytest.mark.parametrize("size", [53, 54])
def test_R9_22_the_circle_and_maumau_families_refuse_the_joker_decks(name, size):
    with pytest.raises(ValueError, match=f"deck={size} is not valid for this family"):
        new_game(name, deck=size)


@pytest.mark.parametrize("options,clause", [
    ({"jokers": "novosibirsk"}, "R9.22"),                         # two jokers need 54 cards
    ({"deck": 53, "jokers": "by_colour"}, "R9.33"),
    ({"deck": 54, "jokers": "by_colour", "spades_apart": True}, "R9.33"),
    ({"deck": 54, "jokers": "by_colour", "bito_swaps_trump": True}, "R9.33"),
])
def test_R9_22_and_R9_33_joker_readings_that_cannot_be_played_are_refused(options, clause):
    with pytest.raises(ValueError, match=clause):
        new_game("podkidnoy", **options)
    with pytest.raises(ValueError, match="jokers='wild'.*choose one of"):
        new_game("podkidnoy", deck=54, jokers="wild")


# -- R9.22 beat_all: one joker, two jokers --------------------------------------------------------

def test_R9_22_one_joker_beats_even_the_trump_ace():
    hands = ["A♥ 7♠", "RJ 8♣ 9♣"]
    g = endgame("one_joker", hands, trump="H")
    g.play("attack A♥")
    assert texts(g.legal_actions()) == ["beat A♥ RJ", "take"]
    plain = endgame("podkidnoy", ["A♥ 7♠", "8♣ 9♣"], trump="H", deck=52)
    plain.play("attack A♥")
    assert texts(plain.legal_actions()) == ["take"]  # R2.3: nothing beats the trump ace


def test_R9_22_nothing_beats_a_lone_joker():
    g = endgame("one_joker", ["RJ 7♠", "A♥ K♥ 8♣"], trump="H")
    g.play("attack RJ")
    assert texts(g.legal_actions()) == ["take"]
    assert "nothing else beats a joker" in refused(g, "beat RJ A♥", "R9.22")


def test_R9_22_two_jokers_the_red_beats_the_black_and_not_the_other_way():
    g = endgame("two_joker", ["BJ 7♠", "RJ 8♣ 9♣"], trump="H")
    g.play("attack BJ")
    assert texts(g.legal_actions()) == ["beat BJ RJ", "take"]
    g = endgame("two_joker", ["RJ 7♠", "BJ 8♣ 9♣"], trump="H")
    g.play("attack RJ")
    assert texts(g.legal_actions()) == ["take"]
    refused(g, "beat RJ BJ", "R9.22")


def test_R9_22_a_joker_is_never_thrown_in_and_adds_no_rank_to_the_table():
    g = endgame("one_joker", ["7♠ 9♥ RJ", "9♠ 10♣ J♦ Q♦"], trump="H")
    g.play("attack 7♠")
    g.play("beat 7♠ 9♠")
    assert texts(g.legal_actions()) == ["throw 9♥", "pass"]
    assert "never thrown in" in refused(g, "throw RJ", "R9.22")
    # a joker beating adds no rank: the attacker has nothing to throw and the bout ends in bito
    g = endgame("one_joker", ["7♠ 8♠ 8♥", "RJ 10♣ J♦ Q♦"], trump="H")
    g.play("attack 7♠")
    g.play("beat 7♠ RJ")
    assert g.table == [] and RJ in g.discard


def test_R9_22_a_joker_neither_transfers_nor_is_transferred():
    hands = ["7♠ BJ 9♦", "7♣ RJ 9♠ 10♠", "5♥ 6♥ 7♥ 8♥"]
    g = endgame("two_joker", hands, trump="D", transfer=True)
    g.play("attack 7♠")
    assert "transfer 7♣" in texts(g.legal_actions())
    assert not any("RJ" in t for t in texts(g.legal_actions()) if t.startswith("transfer"))
    refused(g, "transfer RJ", "R9.22")
    g = endgame("two_joker", hands, trump="D", transfer=True)
    g.play("attack BJ")
    assert not any(t.startswith("transfer") for t in texts(g.legal_actions()))
    assert "cannot be transferred" in refused(g, "transfer 7♣", "R9.22")


def test_R9_22_a_joker_opens_a_bout_only_alone():
    g = endgame("two_joker", ["BJ RJ 7♠", "8♣ 9♣ 10♣ J♣"], trump="H")
    assert texts(g.legal_actions()) == ["attack 7♠", "attack BJ", "attack RJ"]
    refused(g, "attack BJ RJ", "R9.22")


def test_R9_22_a_turned_joker_means_no_trump_and_the_player_after_the_dealer_leads():
    seed = turned_joker_seed("two_joker")
    g = new_game("two_joker", seed=seed)
    assert g.trump is None and g.trump_suits == () and g.trump_card is BJ
    assert g.to_act == 0  # R1.3: no trump, the player after the dealer (seat 1) leads
    assert "no trump (BJ under the talon)" in str(g)
    assert any("a joker: no trump, R9.22" in e.text for e in g.history)


def test_R9_22_a_joker_is_not_a_trump_for_the_lowest_trump_lead():
    # seat 1 holds the only trump, seat 0 two jokers: seat 1 leads (R1.3)
    g = game("two_joker", ["BJ RJ 8♠ 9♠ 10♠ J♠", "6♥ 8♣ 9♣ 10♣ J♣ Q♣"], turned="A♥", size=54)
    assert g.to_act == 1


# -- R9.22 Novosibirsk ---------------------------------------------------------------------------

def test_R9_22_novosibirsk_a_joker_beats_only_aces_the_trump_ace_too():
    g = endgame("two_joker_novosibirsk", ["A♥ 6♠", "BJ 2♣ 9♣"], trump="H")
    g.play("attack A♥")
    assert texts(g.legal_actions()) == ["beat A♥ BJ", "take"]
    g = endgame("two_joker_novosibirsk", ["6♠ A♥", "BJ 2♣ 9♣"], trump="H")
    g.play("attack 6♠")
    assert texts(g.legal_actions()) == ["take"]
    assert "beats only aces" in refused(g, "beat 6♠ BJ", "R9.22")


def test_R9_22_novosibirsk_a_joker_falls_to_any_card_but_an_ace_or_a_joker():
    hands = ["BJ 7♠", "2♣ A♣ RJ"]
    g = endgame("two_joker_novosibirsk", hands, trump="H")
    g.play("attack BJ")
    assert texts(g.legal_actions()) == ["beat BJ 2♣", "take"]
    refused(g, "beat BJ A♣", "R9.22")
    refused(g, "beat BJ RJ", "R9.22")
    plain = endgame("two_joker", hands, trump="H")  # beat_all: only the red joker beats it
    plain.play("attack BJ")
    assert texts(plain.legal_actions()) == ["beat BJ RJ", "take"]


def test_R9_22_novosibirsk_after_a_joker_is_turned_the_jokers_beat_any_card():
    hands = ["7♠ 8♣", "RJ 9♣ 2♦"]
    g = from_position("two_joker_novosibirsk", hands, trump_card="BJ", talon="3♦")
    assert g.trump is None
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ RJ", "take"]
    h = from_position("two_joker_novosibirsk", hands, trump="none", talon="3♦ BJ")
    h.play("attack 7♠")  # no joker turned: a joker beats only an ace
    assert texts(h.legal_actions()) == ["take"]


# -- R9.33 jokers by colour --------------------------------------------------------------------

def test_R9_33_each_joker_beats_its_colour_and_the_trump_coloured_one_beats_all():
    hands = ["7♠ 5♦ 2♠", "BJ RJ 2♥ 9♣"]
    g = endgame("jokers_by_colour", hands, trump="H")
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ 2♥", "beat 7♠ BJ", "beat 7♠ RJ", "take"]
    g = endgame("jokers_by_colour", hands, trump="H")
    g.play("attack 5♦")
    assert texts(g.legal_actions()) == ["beat 5♦ 2♥", "beat 5♦ RJ", "take"]
    assert "only the cards of its colour" in refused(g, "beat 5♦ BJ", "R9.33")


def test_R9_33_the_other_joker_falls_to_any_trump_and_the_trump_joker_to_nothing():
    g = endgame("jokers_by_colour", ["BJ 7♠", "2♥ A♠ RJ"], trump="H")
    g.play("attack BJ")
    assert texts(g.legal_actions()) == ["beat BJ 2♥", "beat BJ RJ", "take"]
    refused(g, "beat BJ A♠", "R9.33")
    g = endgame("jokers_by_colour", ["RJ 7♠", "A♥ BJ 2♥"], trump="H")
    g.play("attack RJ")
    assert texts(g.legal_actions()) == ["take"]


def test_R9_33_a_turned_joker_makes_both_suits_of_its_colour_trumps():
    g = from_position("jokers_by_colour", ["7♦ 3♠", "6♣ 2♠ A♦ 8♠"], trump_card="BJ",
                      talon="4♥", jokers="by_colour")
    assert g.trump is None and g.trump_suits == (Suit.SPADES, Suit.CLUBS)
    assert g.view(0).trump_suits == (Suit.SPADES, Suit.CLUBS)
    assert "trumps ♠ ♣" in str(g)
    g.play("attack 7♦")  # a plain card falls to either trump suit
    assert texts(g.legal_actions()) == ["beat 7♦ 2♠", "beat 7♦ 6♣", "beat 7♦ 8♠",
                                        "beat 7♦ A♦", "take"]
    g = from_position("jokers_by_colour", ["3♠ 7♦", "6♣ 2♠ A♦ 8♠"], trump_card="BJ",
                      talon="4♥", jokers="by_colour")
    g.play("attack 3♠")  # a trump falls only to a higher trump of its own suit
    assert texts(g.legal_actions()) == ["beat 3♠ 8♠", "take"]
    refused(g, "beat 3♠ 6♣", "R9.33")


@pytest.mark.parametrize("low0,low1,leader", [("2♣", "2♠", 1), ("3♣", "4♠", 0)])
def test_R9_33_with_two_trump_suits_the_lowest_trump_of_either_suit_leads(low0, low1, leader):
    hands = [f"{low0} 9♦ 10♦ J♦ Q♦ K♦", f"{low1} 9♥ 10♥ J♥ Q♥ K♥"]
    g = game("jokers_by_colour", hands, turned="BJ", size=54, jokers="by_colour")
    assert g.trump_suits == (Suit.SPADES, Suit.CLUBS)
    assert g.to_act == leader  # R1.3; equal ranks: the suit first in R0's order (♠ before ♣)
    assert game("two_joker", hands, turned="BJ", size=54).to_act == 0  # no trump at all


def test_R9_33_colour_jokers_with_transfers_are_refused_naming_both():
    # R3.4 with R9.33's colour trumps (a turned BJ makes a club a trump, so no transfer over a
    # 7♣): the core does not play colour jokers with transfers, and from_position refuses the
    # combination before anything is dealt, naming the clause and both options
    hands = ["7♣ 9♦ 10♦", "7♥ J♦ Q♦ K♦", "5♥ 6♥ 8♥ 9♥"]
    args = dict(trump_card="BJ", talon="4♥", transfer=True, jokers="by_colour")
    with pytest.raises(ValueError, match=r"R9\.22 \(.*jokers='by_colour'\) does not go with "
                                         r"transfer=True"):
        from_position("jokers_by_colour", hands, **args)
    # without transfers the same position is a game, and BJ turned makes the clubs trumps
    del args["transfer"]
    g = from_position("jokers_by_colour", hands, **args)
    assert Suit.CLUBS in g.trump_suits


# -- R9.22: what a joker game shows and stores ------------------------------------------------------

@pytest.mark.parametrize("name", JOKER_PRESETS)
def test_R9_22_a_joker_game_round_trips_through_json_and_text_records(name):
    # a deal that turns a joker for trump: the record must carry that too
    g = random_game(name, seed=turned_joker_seed(name, RJ if name == "one_joker" else BJ),
                    moves=40)
    assert g.trump_card.is_joker
    rec = g.record()
    text = rec.to_text()
    deck_line = next(line for line in text.splitlines() if line.startswith("deck:"))
    assert "RJ" in deck_line.split() and ("BJ" in deck_line.split()) == (name != "one_joker")
    for back in (GameRecord.from_text(text), GameRecord.from_json(rec.to_json())):
        assert back.deck == rec.deck and back.actions == rec.actions
        assert str(back.to_game()) == str(g)


def test_R9_22_the_text_picture_and_svg_name_the_jokers():
    g = from_position("two_joker", ["RJ 7♠", "BJ 8♣ 9♣"], trump="H")
    picture = str(g)
    assert "RJ" in picture.splitlines()[1] and "BJ" in picture.splitlines()[2]
    svg = g._repr_svg_()
    assert svg.count("JOKER") == 2  # both hands drawn face up in the game's own picture
    g.play("attack RJ")
    assert "RJ/·" in str(g)


def test_R9_33_the_table_picture_says_both_trump_suits():
    from durak_edu.draw.svg import game_svg
    g = from_position("jokers_by_colour", ["7♦ 3♠", "6♣ 2♠ A♦ 8♠"], trump_card="BJ",
                      talon="4♥", jokers="by_colour")
    svg = game_svg(g)
    assert ">trumps<" in svg and "no trump" not in svg
    h = from_position("two_joker", ["7♦ 3♠", "6♣ 2♠ A♦ 8♠"], trump_card="BJ", talon="4♥")
    assert "no trump" in game_svg(h)


def test_R9_22_the_card_counter_grid_shows_the_jokers():
    from durak_edu.draw.svg import counter_svg
    g = new_game("two_joker", seed=1)
    assert counter_svg(g, 0).count("JOKER") == 2
    assert counter_svg(new_game("one_joker", seed=1), 0).count("JOKER") == 1


# -- R9.22: counting the jokers ---------------------------------------------------------------------

@pytest.mark.parametrize("name", JOKER_PRESETS)
def test_R9_22_the_unknown_cards_include_the_jokers(name):
    g = new_game(name, seed=2)
    jokers = {c for c in g.deck_order if c.is_joker}
    for seat in (0, 1):
        expected = set(g.deck_order) - set(g.hands[seat]) - {g.trump_card}
        assert set(g.view(seat).unknown) == expected
        assert jokers - set(g.hands[seat]) - {g.trump_card} <= expected
        assert unknown_count(g, seat) == unknown_at_start(2, g.rules.deck).to_seat == len(expected)


def brute_force(view, seat, wanted):
    """P[seat's hidden cards include one of ``wanted``], by listing every placement of the
    unknown cards: each set of ``unknown_in_hand(seat)`` of them is equally likely."""
    if any(c in wanted for c in view.known.get(seat, ())):
        return Fraction(1)
    hidden = view.unknown_in_hand(seat)
    ways = list(combinations(view.unknown, hidden))
    return Fraction(sum(1 for w in ways if set(w) & wanted), len(ways))


POSITIONS = {  # small positions: a few unknown cards, so every placement can be listed
    "two_joker": (["7♠ 9♥", "A♥ RJ 2♣"], {"trump_card": "K♥", "talon": "BJ 5♠ A♠"}),
    "one_joker": (["7♠ 9♥", "A♥ 2♣ 3♣"], {"trump_card": "K♥", "talon": "RJ 5♠ A♠"}),
    "two_joker_novosibirsk": (["7♠ A♥", "2♦ RJ 3♣"], {"trump_card": "K♥", "talon": "BJ A♠ 5♠"}),
    "jokers_by_colour": (["7♠ 9♥", "2♥ RJ 6♣"], {"trump_card": "BJ", "talon": "5♦ A♠ 3♥"}),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_R9_22_p_can_beat_counts_what_beats_per_the_joker_reading(name):
    hands, where = POSITIONS[name]
    g = from_position(name, hands, **where)
    v = g.view(0)
    assert len(v.unknown) == 6 and {RJ} <= set(v.unknown)
    for target in [c for c in g.deck_order if c.is_joker or c.rank in (Rank.ACE, Rank.SEVEN)]:
        wanted = {c for c in g.deck_order if c is not target and g.beats(c, target)}
        assert p_can_beat(v, target, 1) == brute_force(v, 1, wanted), target
    for c in v.unknown:
        assert p_holds(v, c, 1) == brute_force(v, 1, {c})


def test_R9_33_p_has_trump_counts_both_suits_of_a_turned_jokers_colour():
    hands, where = POSITIONS["jokers_by_colour"]
    g = from_position("jokers_by_colour", hands, **where, jokers="by_colour")
    v = g.view(0)
    trumps = {c for c in g.deck_order if c.suit in (Suit.SPADES, Suit.CLUBS)}
    assert p_has_trump(v, 1) == brute_force(v, 1, trumps)
    assert 0 < p_has_trump(v, 1) < 1  # 6♣ and A♠ may be there; a joker is no trump


def test_R9_22_a_joker_is_never_counted_as_a_trump():
    g = from_position("two_joker", ["7♠ 9♠", "2♣ 3♣ 4♣"], trump_card="K♥", talon="RJ BJ 5♠")
    v = g.view(0)
    assert p_has_trump(v, 1) == 0  # the unknown cards are jokers and plain cards


@pytest.mark.parametrize("helper", ["trump_distribution", "expected_trumps", "lead_distribution"])
def test_R9_22_the_deal_trump_helpers_refuse_joker_decks_saying_why(helper):
    from durak_edu import prob
    args = (2,) if helper == "lead_distribution" else ()
    with pytest.raises(ValueError, match="jokers.*have no suit"):
        getattr(prob, helper)(*args, deck=54)


# -- the playout and the bots ---------------------------------------------------------------------

def test_R9_22_joker_games_play_out_on_the_core_as_the_api_plays_them():
    for name in JOKER_PRESETS:
        g = new_game(name, seed=4)
        assert supports(g)  # the compiled core: a joker has a position of its own (layout.py)
        fast, slow = g.clone(history=False).playout(9), g.clone().playout(9)
        assert fast == slow


@pytest.mark.parametrize("name", JOKER_PRESETS)
def test_R9_22_bots_and_the_coach_play_a_joker_game(name):
    from durak_edu.bots import MonteCarloBot
    from durak_edu.coach import advise
    g = new_game(name, seed=turned_joker_seed(name, RJ if name == "one_joker" else BJ))
    bot = MonteCarloBot(playouts=4, seed=1)
    for _ in range(6):
        if g.is_over:
            break
        advice = advise(g)
        assert advice.options and advice.text
        g.play(bot(g, g.to_act))


def test_R9_33_seed_000s_reading_a_turned_joker_sets_no_trump():
    hands = ["7♦ 3♠ 9♥", "6♣ 2♠ RJ 8♠"]
    g = from_position("jokers_by_colour", hands, trump_card="BJ", talon="4♥",
                      jokers="by_colour_no_trump")
    assert g.trump is None and g.trump_suits == () and "no trump" in str(g)
    g.play("attack 7♦")  # no trump: only the red joker, by its colour
    assert texts(g.legal_actions()) == ["beat 7♦ RJ", "take"]
    g = from_position("jokers_by_colour", hands, trump_card="BJ", talon="4♥",
                      jokers="by_colour_no_trump")
    g.play("attack 3♠")  # the red joker beats no black card
    assert texts(g.legal_actions()) == ["beat 3♠ 8♠", "take"]
    assert "neither joker falls" in refused(g, "beat 3♠ RJ", "R9.33")
    h = from_position("jokers_by_colour", hands, trump_card="BJ", talon="4♥", jokers="by_colour")
    h.play("attack 7♦")  # seed 001's reading: spades and clubs are trumps
    assert texts(h.legal_actions()) == ["beat 7♦ 2♠", "beat 7♦ 6♣", "beat 7♦ 8♠",
                                        "beat 7♦ RJ", "take"]
