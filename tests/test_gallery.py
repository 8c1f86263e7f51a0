"""The variant gallery (docs/rules.md R9): one test per clause a preset plays, named after the
clause, each on a position where the clause changes the legal actions or the outcome; then
properties of EVERY registered preset (``VARIANTS`` is iterated, so a new preset is covered
without editing this file): random games to the end through the API lose or duplicate no card,
and their records round-trip through JSON.
"""

from __future__ import annotations

import random

import pytest

from durak_edu import VARIANTS, Rank, cards, deck, new_game, parse_action
from durak_edu.record import GameRecord
from helpers import endgame, game, play_all, refused, texts


def beaten_by(g, target):
    """The cards of the game's deck that beat ``target`` (R2.3 as the game's rules read it)."""
    return {str(c) for c in g.deck_order if g.beats(c, cards(target)[0])}


# -- R9.1 bezkozyrny ---------------------------------------------------------------------------

def test_R9_1_bezkozyrny_has_no_trump_so_only_a_higher_card_of_the_suit_beats():
    g = endgame("bezkozyrny", ["7♠ 9♣", "8♠ A♥ 10♦"])
    assert g.trump is None
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ 8♠", "take"]
    # the same hands with a trump: the ace of hearts beats
    h = endgame("podkidnoy", ["7♠ 9♣", "8♠ A♥ 10♦"], trump="H")
    h.play("attack 7♠")
    assert "beat 7♠ A♥" in texts(h.legal_actions())


# -- R9.2 bezmastny ----------------------------------------------------------------------------

def test_R9_2_bezmastny_any_higher_rank_beats_a_plain_card_and_a_trump_needs_a_higher_trump():
    g = endgame("bezmastny", ["7♠ 7♦ K♠", "8♥ 6♣ 6♦ 9♦ Q♣"], trump="D")
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ 6♦", "beat 7♠ 8♥", "beat 7♠ 9♦", "beat 7♠ Q♣",
                                        "take"]
    assert "R9.2" in refused(g, "beat 7♠ 6♣", "R9.2")
    g = endgame("bezmastny", ["7♦ K♠", "8♥ 6♣ 9♦ Q♣"], trump="D")
    g.play("attack 7♦")  # a trump: only a higher trump beats it
    assert texts(g.legal_actions()) == ["beat 7♦ 9♦", "take"]
    refused(g, "beat 7♦ Q♣", "R9.2")


# -- R9.3 naval --------------------------------------------------------------------------------

@pytest.mark.parametrize("players,each,talon", [(2, 18, 0), (4, 9, 0), (5, 7, 1)])
def test_R9_3_naval_deals_the_whole_deck_evenly(players, each, talon):
    g = new_game("naval", players=players, seed=4)
    assert [len(h) for h in g.hands] == [each] * players and g.talon_size == talon
    assert g.trump_card is not None
    # R1.3: the lowest trump leads
    lowest = min((c.rank, seat) for seat, h in enumerate(g.hands) for c in h
                 if c.suit == g.trump)
    assert g.to_act == lowest[1]


def test_R9_3_naval_refills_hands_to_the_dealt_size():
    g = new_game("naval", players=5, seed=4)
    assert g.refill_to(0) == 7
    assert new_game("podkidnoy", players=5, seed=4).refill_to(0) == 6


# -- R9.4 chukotsky ---------------------------------------------------------------------------

def test_R9_4_chukotsky_plays_only_the_dealt_cards():
    g = new_game("chukotsky", players=2, seed=1)
    assert g.talon_size == 0 and len(g.removed) == 24 and g.trump_card in g.removed
    assert g.trump == g.trump_card.suit
    v = g.view(0)
    # the cards put away are unknown, and not in a hand: no seat can name its opponent's hand
    assert len(v.unknown) == 6 + 23 and v.unknown_in_talon == 23 and v.known == {1: ()}
    assert g.trump_card not in v.unknown  # it was shown as it went
    # a player who plays his last card is out at once (R2.10): there is nothing to draw
    g = new_game("chukotsky", players=2, seed=1)
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
        assert g.talon_size == 0
    assert sum(len(h) for h in g.hands) + len(g.discard) == 12


# -- R9.5 pustoy -------------------------------------------------------------------------------

def test_R9_5_pustoy_draws_only_with_an_empty_hand():
    hands = ["7♠ 8♣", "9♠ 10♠ J♠"]
    talon = "6♥ 7♥ 8♥ 9♥ 10♥ 6♦ 7♦ 8♦ 9♦"
    g = endgame("pustoy", hands, trump_card="A♥", talon=talon)
    play_all(g, "attack 7♠ | beat 7♠ 9♠")  # bito: seat 0 holds 8♣, seat 1 holds 2 cards
    assert g.talon_size == 10 and [len(h) for h in g.hands] == [1, 2]
    p = endgame("podkidnoy", hands, trump_card="A♥", talon=talon)
    play_all(p, "attack 7♠ | beat 7♠ 9♠")
    assert p.talon_size == 10 - 5 - 4 and [len(h) for h in p.hands] == [6, 6]
    # an empty hand draws up to hand_size
    g = endgame("pustoy", ["7♠", "9♠ 10♠ J♠"], trump_card="A♥", talon=talon)
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    assert [len(h) for h in g.hands] == [6, 2]


# -- R9.6 zanudny ------------------------------------------------------------------------------

def test_R9_6_zanudny_opens_only_with_the_highest_rank():
    g = endgame("zanudny", ["7♠ 7♣ K♦ K♥ 9♠ A♥", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    # R9.6: rank alone decides; the ace of trumps is the highest card here
    assert texts(g.legal_actions()) == ["attack A♥"]
    g = endgame("zanudny", ["7♠ 7♣ K♦ K♥ 9♠", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    assert texts(g.legal_actions()) == ["attack K♦", "attack K♥", "attack K♦ K♥"]
    assert "highest rank" in refused(g, "attack 7♠ 7♣", "R9.6")


# -- R9.7 tryoshka -----------------------------------------------------------------------------

def test_R9_7_tryoshka_attacks_with_three_cards_or_all_you_hold():
    g = endgame("tryoshka", ["7♠ 8♣ 9♦ 10♥", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    legal = g.legal_actions()
    assert len(legal) == 4 and all(len(a.cards) == 3 for a in legal)  # C(4, 3) threes
    assert "three cards" in refused(g, "attack 7♠", "R9.7")
    g = endgame("tryoshka", ["7♠ 8♣", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    assert texts(g.legal_actions()) == ["attack 7♠ 8♣"]
    # R2.6 still holds: a defender with two cards faces at most two
    g = endgame("tryoshka", ["7♠ 8♣ 9♦", "A♠ A♣"], trump="H")
    assert all(len(a.cards) == 2 for a in g.legal_actions())


# -- R9.8 s par and s grupp --------------------------------------------------------------------

def test_R9_8_s_par_attacks_as_one_card_or_pairs_plus_one():
    g = endgame("s_par", ["7♠ 7♣ 9♦ 9♥ J♠", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    assert "attack 7♠ 7♣ J♠" in texts(g.legal_actions())
    assert "attack 7♠ 7♣ 9♦ 9♥ J♠" in texts(g.legal_actions())
    refused(g, "attack 7♠ 7♣", "R4")


def test_R9_8_s_grupp_lets_groups_open_alone_and_adds_nothing_to_a_three():
    g = endgame("s_grupp", ["7♠ 7♣ 7♦ 9♥ J♠", "8♠ 9♣ 10♦ J♦ Q♦ 6♠"], trump="H")
    legal = texts(g.legal_actions())
    assert {"attack 7♠ 7♣", "attack 7♠ 7♣ 7♦", "attack 7♠ 7♣ J♠"} <= set(legal)
    assert "two to four of a rank" in refused(g, "attack 7♠ 7♣ 7♦ J♠", "R9.8")


# -- R9.9 dobry --------------------------------------------------------------------------------

def test_R9_9_dobry_the_taker_attacks_next():
    hands = ["7♠ 8♠ 9♠", "6♣ 6♦ 10♣", "J♣ Q♣ K♣"]
    g = endgame("dobry", hands, trump="H")
    play_all(g, "attack 7♠ | take")  # nobody can throw in
    assert g.attacker == 1 and g.to_act == 1
    p = endgame("podkidnoy", hands, trump="H")
    play_all(p, "attack 7♠ | take")
    assert p.attacker == 2


# -- R9.11 albansky ----------------------------------------------------------------------------

def test_R9_11_albansky_deals_from_a_deck_arranged_aces_first():
    a, b = new_game("albansky", seed=1), new_game("albansky", seed=2)
    ranks = [c.rank for c in a.deck_order]
    assert ranks == sorted(ranks, reverse=True) == [c.rank for c in b.deck_order]
    assert a.deck_order != b.deck_order  # the seed orders the suits within each rank
    assert all(c.rank >= Rank.QUEEN for c in a.hands[0] + a.hands[1])
    with pytest.raises(ValueError, match=r"aces first.*\(R9.11\)"):
        new_game("albansky", deck_order=deck(36))


# -- R9.12 krugovoy ----------------------------------------------------------------------------

def test_R9_12_krugovoy_passes_every_hand_to_the_left_after_the_bout():
    g = endgame("krugovoy", ["7♠ A♦", "9♠ 10♣ J♣", "8♥ J♥ Q♦ K♦"], trump="C")
    play_all(g, "attack 7♠ | beat 7♠ 9♠")  # nobody can throw in: bito at once
    assert [" ".join(map(str, h)) for h in g.hands] == ["Q♦ K♦ 8♥ J♥", "A♦", "10♣ J♣"]
    p = endgame("podkidnoy", ["7♠ A♦", "9♠ 10♣ J♣", "8♥ J♥ Q♦ K♦"], trump="C")
    play_all(p, "attack 7♠ | beat 7♠ 9♠")
    assert [" ".join(map(str, h)) for h in p.hands] == ["A♦", "10♣ J♣", "Q♦ K♦ 8♥ J♥"]
    assert any("passes his hand to the left (R9.12)" in e.text for e in g.history)


# -- R9.13 otboyny ----------------------------------------------------------------------------

def test_R9_13_otboyny_shuffles_every_second_bito_back_into_the_talon():
    hands = ["7♠ 8♣ 9♦ 10♥ J♠ Q♣", "8♠ 9♣ 10♦ J♥ Q♠ K♣"]
    g = game("otboyny", hands, turned="6♥")
    play_all(g, "attack 7♠ | beat 7♠ 8♠ | pass")  # the first bito: discarded
    assert [str(c) for c in g.discard] == ["7♠", "8♠"]
    talon = g.talon_size
    play_all(g, "attack 10♦ | beat 10♦ 10♥")  # the second bito goes back into the talon
    while g.table:
        g.play("pass")
    assert [str(c) for c in g.discard] == ["7♠", "8♠"]
    assert g.talon_size == talon + 2 - 2  # two shuffled in, then each drew one
    rest = g.talon[len(g.talon) - g.talon_size:]
    assert str(rest[-1]) == "6♥"  # the trump card stays at the bottom
    for c in cards("10♦ 10♥"):  # in the talon, or just drawn from it
        assert c in rest or any(c in h for h in g.hands)
    assert "(R9.13)" in [e.text for e in g.history if e.kind == "reshuffle"][0]
    before = g.talon
    g.undo()  # the talon is part of the state: undo takes the shuffle back
    assert g.talon != before and g.talon_size == talon


# -- R9.14 tuzovy ------------------------------------------------------------------------------

def test_R9_14_tuzovy_an_ace_falls_to_any_trump_and_only_to_a_trump():
    g = endgame("tuzovy", ["A♥ 7♠", "6♥ K♠ 8♣"], trump="H")
    g.play("attack A♥")  # the trump ace: in podkidnoy nothing beats it
    assert texts(g.legal_actions()) == ["beat A♥ 6♥", "take"]
    assert "only by a trump" in refused(g, "beat A♥ K♠", "R9.14")
    p = endgame("podkidnoy", ["A♥ 7♠", "6♥ K♠ 8♣"], trump="H")
    p.play("attack A♥")
    assert texts(p.legal_actions()) == ["take"]


# -- R9.15 korolevsky --------------------------------------------------------------------------

def test_R9_15_korolevsky_the_lowest_rank_falls_only_to_an_ace():
    g = endgame("korolevsky", ["6♠ 6♥ 8♣", "7♠ A♠ 7♥ A♥ K♣"], trump="H")
    g.play("attack 6♠")
    assert texts(g.legal_actions()) == ["beat 6♠ A♠", "beat 6♠ A♥", "take"]
    assert "only by an ace" in refused(g, "beat 6♠ 7♠", "R9.15")
    refused(g, "beat 6♠ 7♥", "R9.15")
    assert beaten_by(g, "6♥") == {"A♥"}  # a trump six: only the trump ace


# -- R9.16 kitaysky ---------------------------------------------------------------------------

def test_R9_16_kitaysky_the_nine_of_diamonds_leads_and_stops_throw_ins():
    g = new_game("kitaysky", players=3, seed=3)
    assert [len(h) for h in g.hands] == [12, 12, 12]  # the naval deal
    assert cards("9♦")[0] in g.hands[g.to_act]
    g = endgame("kitaysky", ["8♦ 8♠ Q♣", "9♦ 10♠ K♥ A♥", "8♣ J♣ 7♥"], trump="H")
    play_all(g, "attack 8♦ | beat 8♦ 9♦")
    # seat 0 holds 8♠ and seat 2 8♣, which podkidnoy would let them throw in: bito at once
    assert g.table == [] and [str(c) for c in g.discard[-2:]] == ["8♦", "9♦"]
    p = endgame("podkidnoy", ["8♦ 8♠ Q♣", "9♦ 10♠ K♥ A♥", "8♣ J♣ 7♥"], trump="H")
    play_all(p, "attack 8♦ | beat 8♦ 9♦")
    assert "throw 8♠" in texts(p.legal_actions())


def test_R9_16_kitaysky_a_taker_takes_only_the_first_attack_card():
    g = endgame("kitaysky", ["8♦ 8♠ Q♣", "9♣ 10♠ K♥ A♥", "8♣ J♣ 7♥"], trump="H")
    play_all(g, "attack 8♦ 8♠ | beat 8♦ K♥ | take | pass")  # seat 2 could add 8♣
    held = {str(c) for c in g.hands[1]}
    assert "8♠" in held and not held & {"8♦", "K♥"}  # the table's first card (8♠, 8♦) only
    assert {"8♦", "K♥"} <= {str(c) for c in g.discard}
    assert any("(R9.16)" in e.text for e in g.history)


# -- R9.20 besppodkidny ------------------------------------------------------------------------

def test_R9_20_besppodkidny_transfers_but_nobody_throws_in():
    g = endgame("besppodkidny", ["7♠ 7♦ 9♣", "7♣ 8♠ 10♦ J♦", "Q♣ K♣ 8♦ 9♦"], trump="H")
    g.play("attack 7♠")
    assert "transfer 7♣" in texts(g.legal_actions())
    g.play("beat 7♠ 8♠")  # seat 0 holds 7♦, which podkidnoy would let him throw in
    assert g.attacker == 1 and g.table == []  # bito at once: the next bout has begun
    p = endgame("perevodnoy", ["7♠ 7♦ 9♣", "7♣ 8♠ 10♦ J♦", "Q♣ K♣ 8♦ 9♦"], trump="H")
    play_all(p, "attack 7♠ | beat 7♠ 8♠")
    assert "throw 7♦" in texts(p.legal_actions())


# -- R9.23 nevidimy ---------------------------------------------------------------------------

def test_R9_23_nevidimy_hides_the_trump_card_until_one_card_is_left():
    g = new_game("nevidimy", players=2, seed=2)
    v = g.view(0)
    assert v.trump == g.trump and v.trump_card is None  # the suit is known, the card is not
    assert g.trump_card in v.unknown and g.trump_card not in v.in_talon
    assert not any(g.trump_card in e.cards for e in g.history)  # no event shows it
    p = new_game("podkidnoy", players=2, seed=2)
    assert p.view(0).trump_card == g.trump_card and g.trump_card not in p.view(0).unknown
    # played on until one card is left: then it is turned up for everyone
    rng = random.Random(2)
    while not g.is_over and g.talon_size != 1:
        g.play(rng.choice(g.legal_actions()))
    assert g.talon_size == 1
    assert g.view(1).trump_card == g.trump_card and g.trump_card in g.view(1).in_talon
    assert "(R9.23)" in [e for e in g.history if e.kind == "trump"][-1].text


# -- R9.25 s arifmeticheskoy progressiey -------------------------------------------------------

def test_R9_25_arifmeticheskiy_hands_grow_by_one_card_a_bout():
    g = new_game("arifmeticheskiy", players=2, seed=3)
    assert [len(h) for h in g.hands] == [1, 1] and g.talon_size == 34
    g.play(g.legal_actions()[0])  # the one card there is
    g.play("take")
    assert [len(h) for h in g.hands] == [2, 2] and g.talon_size == 32
    assert g.refill_to(0) == 3  # the next bout's refill


# -- R9.30 and R9.32: what beats an ace --------------------------------------------------------

def test_R9_30_korolevsky_reverse_an_ace_falls_to_the_lowest_card_of_its_suit_or_a_trump():
    g = new_game("korolevsky_reverse", seed=5, deck=52)
    for ace in (c for c in g.deck_order if c.rank == Rank.ACE):
        beaters = {c for c in g.deck_order if g.beats(c, ace)}
        lowest = {c for c in g.deck_order if c.suit == ace.suit and c.rank == 2}
        if ace.suit == g.trump:  # the trump ace: only the lowest trump
            assert beaters == lowest
        else:  # the two of its suit (not the six), or any trump
            trumps = {c for c in g.deck_order if c.suit == g.trump}
            assert beaters == lowest | trumps


def test_R9_30_and_R9_32_play_alike_on_36_cards():
    a, b = new_game("korolevsky_reverse", seed=6), new_game("six_beats_ace", seed=6)
    assert all(a.beats(c, t) == b.beats(c, t) for c in a.deck_order for t in a.deck_order)


def test_R9_32_six_beats_ace_of_its_suit():
    g = endgame("six_beats_ace", ["A♠ A♥ 9♣", "6♠ 6♥ 7♣"], trump="H")
    g.play("attack A♠")
    assert texts(g.legal_actions()) == ["beat A♠ 6♠", "beat A♠ 6♥", "take"]
    assert beaten_by(g, "A♥") == {"6♥"}  # the trump six beats even the trump ace
    with pytest.raises(ValueError, match=r"needs a deck with sixes.*\(R9.32\)"):
        new_game("six_beats_ace", deck=32)


# -- R9.31 no ace for trump --------------------------------------------------------------------

def test_R9_31_a_turned_ace_goes_back_into_the_talon():
    g = game("ace_not_trump", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"], turned="A♥",
             talon="A♦ 7♦")
    assert str(g.trump_card) == "7♦" and g.trump_card.rank != Rank.ACE
    assert {"A♥", "A♦"} <= {str(c) for c in g.view(0).in_talon}  # both were seen turned
    assert sum("(R9.31)" in e.text for e in g.history) == 2
    assert str(game("podkidnoy", ["6♠ 7♠ 8♠ 9♠ 10♠ J♠", "6♣ 7♣ 8♣ 9♣ 10♣ J♣"],
                    turned="A♥").trump_card) == "A♥"


# -- R9.36 kozyrny ----------------------------------------------------------------------------

def test_R9_36_kozyrny_the_last_card_of_a_bito_becomes_the_trump_card():
    hands = ["7♠ 8♣ 9♦ 10♥ J♠ Q♣", "8♠ 9♣ 10♦ J♥ Q♠ K♣"]
    g = game("kozyrny", hands, turned="6♥")
    play_all(g, "attack 7♠ | beat 7♠ 8♠ | pass")
    assert str(g.trump_card) == "8♠" and str(g.trump) == str(cards("8♠")[0].suit)
    assert [str(c) for c in g.discard] == ["7♠", "6♥"]  # the old trump card, seen by all
    assert str(g.talon[-1]) == "8♠" and g.view(0).trump_card == cards("8♠")[0]
    # the beating rule follows the new trump: a spade now beats a heart
    assert g.beats("9♠", "A♥") and not g.beats("10♥", "7♣")
    g.undo()  # undo takes the swap back
    assert str(g.trump_card) == "6♥" and g.beats("10♥", "7♣")
    p = game("podkidnoy", hands, turned="6♥")
    play_all(p, "attack 7♠ | beat 7♠ 8♠ | pass")
    assert str(p.trump_card) == "6♥"


# -- options that contradict each other are refused, naming the clause -------------------------

@pytest.mark.parametrize("name,options,clause", [
    ("bezmastny", {"spades_apart": True}, "R9.2"),
    ("tuzovy", {"six_beats_ace": True}, "R9.14"),
    ("tuzovy", {"highest_only_by_lowest": True}, "R9.14"),
    ("naval", {"progressive_refill": True}, "R9.3"),
    ("chukotsky", {"draw_only_when_empty": True}, "R9.4"),
    ("krugovoy", {"teams": True, "min_players": 4}, "R9.12"),
])
def test_contradicting_gallery_options_are_refused(name, options, clause):
    with pytest.raises(ValueError, match=rf"\({clause}"):
        new_game(name, players=4, seed=1, **options)


# -- every registered preset -------------------------------------------------------------------

def table_cards(g):
    """The cards on the table, whatever its shape (attack–defence pairs, or a circle pile)."""
    out = []
    for item in g.table:
        out.extend(c for c in (item if isinstance(item, tuple) else (item,)) if c is not None)
    return out


def tables(name):
    sizes = VARIANTS[name].rules.table_sizes()
    return sorted({sizes[0], sizes[-1]})


CASES = [(name, players, seed) for name in VARIANTS for players in tables(name)
         for seed in (0, 1)]


@pytest.mark.parametrize("name,players,seed", CASES)
def test_every_preset_plays_to_the_end_without_losing_or_doubling_a_card(name, players, seed):
    g = new_game(name, players=players, seed=seed)
    size = len(g.deck_order)
    rng = random.Random(seed)
    while not g.is_over:
        seen = [c for h in g.hands for c in h] + table_cards(g) + list(g.discard)
        if g.family == "shedding":  # R8: the pile's cards are in the discard pile too
            seen = [c for h in g.hands for c in h] + list(g.table)
        assert len(seen) == len(set(seen)), f"a card is in two places: {name}"
        assert set(seen) <= set(g.deck_order)
        out_of_game = len(getattr(g, "removed", ()))  # R9.4: put out with the talon
        out_of_game += sum(map(len, getattr(g, "reserves", ())))  # R9.40: face down, not yet taken
        assert len(seen) + g.talon_size + out_of_game == size, f"{name}: a card went missing"
        legal = g.legal_actions()
        # every move has its own text form, and the text reads back as the move (actions, R0)
        assert len({str(a) for a in legal}) == len(legal), f"{name}: two moves read the same"
        assert [parse_action(str(a)) for a in legal] == legal
        g.play(rng.choice(legal))
        assert len(g.actions) < 40 * size * (players + 2)
    assert g.result is not None and g.legal_actions() == []


@pytest.mark.parametrize("name,players,seed", CASES)
def test_every_preset_records_round_trip(name, players, seed):
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    rec = g.record()
    back = GameRecord.from_json(rec.to_json())
    assert back == rec
    replayed = back.to_game()
    assert str(replayed) == str(g) and replayed.hands == g.hands
    assert replayed.legal_actions() == g.legal_actions()


GALLERY = [name for name, v in VARIANTS.items() if v.clause.startswith("R9")]


@pytest.mark.parametrize("name", GALLERY)
def test_every_gallery_preset_can_be_played_and_replayed_in_the_widgets(name):
    from durak_edu.widgets import PlayWidget, ReplayWidget
    players = 3 if 3 in VARIANTS[name].rules.player_range() else 2  # (R9.49: two players)
    g = new_game(name, players=players, seed=2)
    rng = random.Random(2)
    for _ in range(30):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    replay = ReplayWidget(g.record())
    assert "<svg" in replay.to_svg() and "<svg" in g._repr_svg_()
    assert "<svg" in PlayWidget(name, players=2).to_svg()
