"""Trumps and hands that change in play (docs/rules.md R9.24, R9.35, R9.37, R9.40): one test per
clause, on a position where the preset changes the legal actions or the outcome, and the views
of every seat (nothing hidden leaks, ``redeal_hidden`` keeps hidden cards hidden).
"""

from __future__ import annotations

import random

import pytest

from durak_edu import cards, new_game
from helpers import endgame, game, play_all, refused, texts


def card(text):
    return cards(text)[0]


def public_cards(g):
    """Every card some event showed to all."""
    return {c for e in g.history if not e.private for c in e.cards}


# -- R9.24 potayny -----------------------------------------------------------------------------

# five players: 30 cards dealt, 6♥ turned, 9♠ set aside, a talon of 4 cards and the 6♥
POTAYNY_HANDS = ["7♠ 7♣ 7♦ 7♥ A♠ A♣", "8♠ 8♣ 8♦ K♠ K♣ K♦", "6♠ 6♣ 6♦ 9♣ 9♦ 9♥",
                 "10♠ 10♣ 10♦ 10♥ J♠ J♣", "J♦ J♥ Q♠ Q♣ Q♦ Q♥"]


def potayny():
    return game("potayny", POTAYNY_HANDS, turned="6♥", talon="9♠")


def test_R9_24_potayny_sets_a_second_card_aside_face_down():
    g = potayny()
    assert g.secret == card("9♠") and g.trump_card == card("6♥") and g.talon_size == 5
    assert card("9♠") not in g.talon and g.removed == (card("9♠"),)
    assert any("(R9.24)" in e.text for e in g.history)
    assert card("9♠") not in public_cards(g)  # nobody has seen it
    for seat in range(5):
        v = g.view(seat)
        assert card("9♠") in v.unknown and v.set_aside == 1
        assert v.trump_card == card("6♥") and card("9♠") not in v.in_talon
        # the talon's 4 unseen cards and the card set aside are the unknown cards outside hands
        assert v.unknown_in_talon == 4 + 1
    # podkidnoy deals the same cards and sets nothing aside: the 9♠ is the talon's first card
    p = game("podkidnoy", POTAYNY_HANDS, turned="6♥", talon="9♠")
    assert p.talon_size == 6 and p.talon[0] == card("9♠") and p.view(0).set_aside == 0


def test_R9_24_potayny_turns_the_second_card_when_the_talon_runs_out_and_the_trump_changes():
    g = potayny()
    assert g.beats("9♥", "K♣") and not g.beats("6♠", "K♣")  # hearts are trumps
    play_all(g, "attack 7♠ 7♣ 7♦ | beat 7♠ 8♠ | beat 7♣ 8♣ | beat 7♦ 8♦")
    while g.table:
        g.play("pass")
    # bito; the drawing needs 6 cards and the talon has 5: it is used up, the 9♠ is turned
    assert g.talon_size == 0 and g.trump_card == card("9♠") and str(g.trump) == "♠"
    assert g.beats("6♠", "K♣") and not g.beats("9♥", "K♣")  # the beater masks changed
    for seat in range(5):
        v = g.view(seat)
        assert v.trump_card == card("9♠") and v.set_aside == 0 and card("9♠") not in v.unknown
    # seat 1 (who beat off) attacks seat 2: a spade beats a club now, a heart does not
    g.play("attack K♣")
    legal = texts(g.legal_actions())
    assert "beat K♣ 6♠" in legal and "beat K♣ 9♥" not in legal
    assert "♥ is no trump any more" in refused(g, "beat K♣ 9♥", "R9.24")
    # in podkidnoy the talon runs out the same way and hearts stay trumps
    p = game("podkidnoy", POTAYNY_HANDS, turned="6♥", talon="9♠")
    play_all(p, "attack 7♠ 7♣ 7♦ | beat 7♠ 8♠ | beat 7♣ 8♣ | beat 7♦ 8♦")
    while p.table:
        p.play("pass")
    assert str(p.trump) == "♥" and p.trump_card == card("6♥")


def test_R9_24_undo_takes_the_turn_of_the_second_card_back():
    g = potayny()
    play_all(g, "attack 7♠ 7♣ 7♦ | beat 7♠ 8♠ | beat 7♣ 8♣ | beat 7♦ 8♦")
    while g.table:
        g.play("pass")
    assert g.trump_card == card("9♠")
    g.undo()
    assert g.trump_card == card("6♥") and g.beats("9♥", "K♣") and g.view(0).set_aside == 1


def test_R9_24_redeal_hidden_keeps_the_second_card_hidden():
    g = potayny()
    secrets = set()
    for rng in range(12):
        other = g.redeal_hidden(0, rng=rng)
        assert other.view(0) == g.view(0)  # the copy agrees with all seat 0 knows
        assert other.secret in g.view(0).unknown and other.removed == (other.secret,)
        assert other.talon_size == g.talon_size and other.talon[-1] == card("6♥")
        secrets.add(other.secret)
    assert len(secrets) > 1  # the second card is drawn again: its place is unknown
    play_all(g, "attack 7♠ 7♣ 7♦ | beat 7♠ 8♠ | beat 7♣ 8♣ | beat 7♦ 8♦")
    while g.table:
        g.play("pass")
    assert g.redeal_hidden(3, rng=1).secret == card("9♠")  # turned: seen by all


def test_R9_24_needs_a_turned_trump_and_a_talon():
    with pytest.raises(ValueError, match=r"\(R9.24\)"):
        new_game("potayny", trump="fixed:D")
    with pytest.raises(ValueError, match=r"\(R9.24\)"):
        new_game("potayny", talon_removed=True)


def test_R9_24_random_games_turn_the_second_card_once_the_talon_is_out():
    for seed in range(6):
        g = new_game("potayny", players=2 + seed % 3, seed=seed)
        secret = g.secret
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            if g.talon_size:
                assert g.trump_card is not secret and secret not in public_cards(g)
            else:
                assert g.trump_card is secret
        assert g.record().to_game().trump_card is secret  # the record replays it


# -- R9.35 dvukhkozyrny ------------------------------------------------------------------------

# the 9♦ is turned: seat 0 (after the dealer, seat 1) has diamonds, seat 1 the next suit, hearts
TWO_TRUMP_HANDS = ["6♦ 10♦ 7♠ 8♣ Q♣ K♠", "J♦ 6♥ 9♠ 7♥ A♣ 8♠"]


def two_trump(**options):
    return game("dvukhkozyrny", TWO_TRUMP_HANDS, turned="9♦", **options)


def test_R9_35_dvukhkozyrny_gives_every_player_his_own_trump():
    g = two_trump()
    assert [str(s) for s in g.seat_trumps] == ["♦", "♥"]
    assert "(R9.35)" in [e.text for e in g.history if e.kind == "trump"][-1]
    for seat in (0, 1):
        assert g.view(seat).seat_trumps == g.seat_trumps  # public, like the trump card
    # R1.3: the lowest card of one's own trump leads; 6♦ and 6♥ tie, the dealer's left goes first
    assert g.to_act == 0
    g = game("dvukhkozyrny", ["7♦ 10♦ 7♠ 8♣ Q♣ K♠", "J♦ 6♥ 9♠ 7♥ A♣ 8♠"], turned="9♦")
    assert g.to_act == 1
    # four players: the four suits, in the order of R0 from the trump card's
    g = new_game("dvukhkozyrny", players=4, seed=2)
    assert len(set(g.seat_trumps)) == 4 and g.seat_trumps[0] == g.trump_card.suit
    assert all((b - a) % 4 == 1 for a, b in zip(g.seat_trumps, g.seat_trumps[1:]))


def test_R9_35_an_opponents_trump_is_no_trump_for_you():
    g = two_trump()
    g.play("attack 10♦")  # seat 0's trump: for seat 1 a plain diamond
    assert texts(g.legal_actions()) == ["beat 10♦ 6♥", "beat 10♦ 7♥", "beat 10♦ J♦", "take"]
    p = game("podkidnoy", TWO_TRUMP_HANDS, turned="9♦")  # one trump, diamonds, for both
    p.play("attack 10♦")
    assert texts(p.legal_actions()) == ["beat 10♦ J♦", "take"]
    g = two_trump()
    g.play("attack 7♠")
    assert texts(g.legal_actions()) == ["beat 7♠ 6♥", "beat 7♠ 7♥", "beat 7♠ 8♠", "beat 7♠ 9♠",
                                        "take"]
    assert "♦ is seat 0's trump, not yours" in refused(g, "beat 7♠ J♦", "R9.35")
    assert not g.beats("J♦", "7♠") and g.beats_for(0, "J♦", "7♠")  # the defender's trump decides


def test_R9_35_the_trump_that_counts_follows_the_defender():
    g = two_trump()
    assert str(g.trump) == "♥" and str(g.view(0).trump) == "♥"  # seat 1 defends first
    play_all(g, "attack 7♠ | beat 7♠ 8♠ | pass")  # bito: seat 1 attacks seat 0
    assert g.defender == 0 and str(g.trump) == "♦"
    g.play("attack 7♥")  # seat 1's trump, no trump for seat 0: a diamond beats it
    assert "beat 7♥ 6♦" in texts(g.legal_actions())
    g.undo()
    g.undo()  # back into the first bout: seat 1 defends again
    assert str(g.trump) == "♥"


def test_R9_35_opponents_trump_as_trump_must_be_beaten_by_a_higher_card_of_its_suit():
    g = two_trump(opponents_trump="as_trump")
    g.play("attack 10♦")
    assert texts(g.legal_actions()) == ["beat 10♦ J♦", "take"]
    assert "beaten as a trump" in refused(g, "beat 10♦ 6♥", "R9.35")
    # a plain suit still falls to one's own trump
    g = two_trump(opponents_trump="as_trump")
    g.play("attack 7♠")
    assert "beat 7♠ 6♥" in texts(g.legal_actions())


def test_R9_35_seats_for_four_suits_at_most_and_a_trump_to_start_from():
    assert new_game("dvukhkozyrny", players=4, seed=2).rules.table_sizes() == [2, 3, 4]
    with pytest.raises(ValueError, match=r"2 to 4 players"):
        new_game("dvukhkozyrny", players=5)
    for options in ({"trump": "none"}, {"spades_apart": True}, {"second_trump": True},
                    {"max_players": 6}):
        with pytest.raises(ValueError, match=r"\(R9.35\)"):
            new_game("dvukhkozyrny", **options)
    with pytest.raises(ValueError, match=r"opponents_trump='both' is not valid"):
        new_game("dvukhkozyrny", opponents_trump="both")


def test_R9_35_a_fixed_trump_starts_the_round_of_suits():
    g = new_game("dvukhkozyrny", players=3, trump="fixed:H", seed=1)
    assert [str(s) for s in g.seat_trumps] == ["♥", "♠", "♣"] and g.trump_card is None


# -- R9.37 magadansky --------------------------------------------------------------------------

def magadansky(hands, **kw):
    return game("magadansky", hands, turned="9♣", talon="6♠", **kw)  # no club dealt: no trump


MAGADAN_TAKE = ["7♠ A♦ K♦ Q♦ J♦ 10♦", "6♥ 8♠ A♠ 7♥ 8♥ 9♥"]
MAGADAN_BITO = ["7♠ A♦ K♦ Q♦ J♦ 10♦", "8♠ 6♥ A♠ 7♥ 8♥ 9♥"]


def test_R9_37_magadansky_only_the_first_dealt_card_may_be_played():
    g = magadansky(MAGADAN_TAKE)
    assert g.to_act == 0 and texts(g.legal_actions()) == ["attack 7♠"]
    assert "not yet unlocked" in refused(g, "attack A♦", "R9.37")
    assert len(game("podkidnoy", MAGADAN_TAKE, turned="9♣").legal_actions()) == 6
    g.play("attack 7♠")
    # seat 1's first dealt card, 6♥, cannot beat; the 8♠ and A♠ could, but are locked
    assert texts(g.legal_actions()) == ["take"]
    refused(g, "beat 7♠ 8♠", "R9.37")
    p = game("podkidnoy", MAGADAN_TAKE, turned="9♣")
    p.play("attack 7♠")
    assert texts(p.legal_actions()) == ["beat 7♠ 8♠", "beat 7♠ A♠", "take"]


def test_R9_37_drawn_and_taken_cards_may_be_played_at_once():
    g = magadansky(MAGADAN_TAKE)
    play_all(g, "attack 7♠ | take")  # seat 0 draws the 6♠ and attacks again
    assert card("6♠") in g.hands[0] and texts(g.legal_actions()) == ["attack 6♠"]
    g.play("attack 6♠")
    assert texts(g.legal_actions()) == ["beat 6♠ 7♠", "take"]  # the 7♠ he took
    refused(g, "beat 6♠ 8♠", "R9.37")


def test_R9_37_each_bito_unlocks_one_more_card_of_the_player_who_beat_off():
    g = magadansky(MAGADAN_BITO)
    assert g.view(1).locked == tuple(sorted(cards("6♥ A♠ 7♥ 8♥ 9♥"), key=lambda c: (c.suit, c.rank)))
    play_all(g, "attack 7♠ | beat 7♠ 8♠")  # bito (nothing to throw in)
    assert g.attacker == 1
    # the next card dealt to him, 6♥, unlocks; the 6♠ that seat 0 drew was never locked
    assert card("6♥") not in g.view(1).locked and len(g.view(1).locked) == 4
    assert g.view(0).locked_sizes == (5, 4) and g.view(1).locked_sizes == (5, 4)
    attacks = texts(g.legal_actions())
    assert "attack 6♥" in attacks and "attack 7♥" not in attacks
    # another seat sees how many are locked, never which
    assert not any(c in g.view(0).known.get(1, ()) for c in cards("A♠ 7♥ 8♥ 9♥"))
    assert [e for e in g.history if e.kind == "unlock"][0].private


def test_R9_37_random_games_never_play_a_locked_card_and_unlock_all_once_the_talon_is_out():
    for seed in range(6):
        g = new_game("magadansky", players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act
            locked = set(g.view(seat).locked)
            act = rng.choice(g.legal_actions())
            assert not locked & set(getattr(act, "cards", ()) or (getattr(act, "card", None),))
            g.play(act)
            if g.talon_size == 0:
                assert all(n == 0 for n in g.view(0).locked_sizes or (0,))


def test_R9_37_redeal_hidden_keeps_the_locked_counts_and_hides_which_cards_are_locked():
    g = new_game("magadansky", players=3, seed=1)
    v = g.view(0)
    seen = set()
    for rng in range(10):
        other = g.redeal_hidden(0, rng=rng)
        w = other.view(0)
        assert w == v and w.locked == v.locked and w.locked_sizes == v.locked_sizes
        for p in (1, 2):
            assert set(other.view(p).locked) <= set(v.unknown)
        seen.add(other.view(1).locked)
    assert len(seen) > 1
    with pytest.raises(ValueError, match=r"\(R9.37\)"):
        new_game("magadansky", pass_hands_left=True)


# -- R9.40 s prikupom --------------------------------------------------------------------------

def test_R9_40_s_prikupom_deals_a_reserve_that_nobody_sees():
    g = new_game("s_prikupom", players=2, seed=1)
    assert [len(r) for r in g.reserves] == [3, 3] and [len(h) for h in g.hands] == [6, 6]
    assert g.talon_size == 36 - 12 - 6  # the reserves are not part of the talon
    assert not public_cards(g) & {c for r in g.reserves for c in r}
    for seat in (0, 1):
        v = g.view(seat)
        assert v.reserve_sizes == (3, 3) and v.set_aside == 6
        # his own reserve is unknown to him too: 36 - 6 in hand - the trump card
        assert set(g.reserves[seat]) <= set(v.unknown) and len(v.unknown) == 29
        assert v.unknown_in_talon == 17 + 6  # the unseen talon and both reserves
    p = new_game("podkidnoy", players=2, seed=1)
    assert p.talon_size == 24 and p.view(0).reserve_sizes == ()


# four players, one card in hand and eight in reserve each: 36 cards, no talon; the dealer
# (seat 3) shows his 6♥ for trump, so he leads (R1.3) and plays his only card at once
PRIKUP_HANDS = ["7♠", "8♠", "9♣", "6♥"]


def test_R9_40_a_player_whose_hand_runs_out_takes_up_his_reserve_and_plays_on():
    g = game("s_prikupom", PRIKUP_HANDS, hand_size=1, reserve_size=8)
    assert g.talon_size == 0 and g.to_act == 3 and str(g.trump) == "♥"
    reserve = g.reserves[3]
    g.play("attack 6♥")  # his last card, with the talon empty
    assert 3 not in g.out and set(g.hands[3]) == set(reserve) and g.reserves[3] == ()
    event = [e for e in g.history if e.kind == "reserve"][-1]
    assert event.private and event.seat == 3 and "(R9.40)" in event.text
    assert g.view(0).reserve_sizes == (8, 8, 8, 0) and g.view(0).unknown_in_hand(3) == 8
    assert set(g.view(3).hand) == set(reserve)  # now he sees them
    # without a reserve the same card, with the talon empty, puts him out (R2.10)
    p = endgame("podkidnoy", PRIKUP_HANDS, attacker=3, trump="H")
    p.play("attack 6♥")
    assert 3 in p.out


def test_R9_40_redeal_hidden_deals_every_reserve_again_the_owners_too():
    g = new_game("s_prikupom", players=3, seed=4)
    own = set()
    for rng in range(10):
        other = g.redeal_hidden(0, rng=rng)
        assert other.view(0) == g.view(0)
        assert [len(r) for r in other.reserves] == [3, 3, 3]
        assert {c for r in other.reserves for c in r} <= set(g.view(0).unknown)
        own.add(other.reserves[0])
    assert len(own) > 1  # seat 0 has not seen his own reserve


def test_R9_40_the_reserve_needs_room_in_the_deck_and_a_talon():
    assert new_game("s_prikupom", seed=1).rules.table_sizes() == [2, 3, 4]
    with pytest.raises(ValueError, match=r"cannot deal for 5 players"):
        new_game("s_prikupom", players=5)
    for options in ({"deal_all": True}, {"talon_removed": True}, {"reserve_size": 0}):
        with pytest.raises(ValueError, match=r"\(R9.40\)"):
            new_game("s_prikupom", **options)


# -- nothing hidden leaks: worlds that differ only in unseen cards look the same -----------------

def swapped(g, x, y, **options):
    """The same game dealt from the deck order with the cards ``x`` and ``y`` swapped."""
    order = list(g.deck_order)
    i, j = order.index(x), order.index(y)
    order[i], order[j] = order[j], order[i]
    return new_game(g.variant, players=g.players, deck_order=order, **options)


@pytest.mark.parametrize("name,hidden", [
    ("potayny", lambda g, seat: g.secret),                       # R9.24: the second trump card
    ("s_prikupom", lambda g, seat: g.reserves[seat][0]),         # R9.40: even one's own reserve
    ("magadansky", lambda g, seat: g.view(1 - seat).locked[0]),  # R9.37: another's locked card
])
def test_R9_24_R9_37_R9_40_a_view_does_not_depend_on_cards_its_seat_has_not_seen(name, hidden):
    compared = 0
    for seed in range(4):
        g = new_game(name, players=2, seed=seed)
        for seat in (0, 1):
            x = hidden(g, seat)
            if x.suit == g.trump:
                continue  # a trump could change who leads (R1.3), which everybody sees
            y = next(c for c in g.talon[2:-1] if c.suit != g.trump)  # unseen, in the talon
            h = swapped(g, x, y)
            assert h.view(seat) == g.view(seat)
            if g.to_act == seat:
                assert h.legal_actions() == g.legal_actions()
            compared += 1
    assert compared >= 4


def test_R9_37_R9_40_R9_24_the_table_picture_shows_locked_cards_reserves_and_the_card_aside():
    """What the text picture says, the table says too: a seat's own locked cards (R9.37) lie
    under a grey veil, never another's; the reserves (R9.40) are named by the seats; the
    second trump card set aside (R9.24) by the talon."""
    from durak_edu.draw.prims import Rect, Text
    from durak_edu.draw.scene import build_scene

    def veiled(scene):
        veils = {(r.x, r.y) for r in scene.items if isinstance(r, Rect) and r.alpha == 0.45}
        return {c.card for c in scene.cards if c.zone == "hand" and (c.x, c.y) in veils}

    g = new_game("magadansky", seed=3)
    for seat in range(2):
        assert veiled(build_scene(g, seat)) == set(g.view(seat).locked) != set()
    assert veiled(build_scene(g)) == set(g.view(0).locked) | set(g.view(1).locked)
    assert veiled(build_scene(new_game("podkidnoy", seed=3), 0)) == set()
    texts = [t.text for t in build_scene(new_game("s_prikupom", seed=3), 0).items
             if isinstance(t, Text)]
    assert sum("reserve 3" in t for t in texts) == 2
    texts = [t.text for t in build_scene(new_game("potayny", seed=3), 0).items
             if isinstance(t, Text)]
    assert any(t.endswith("· 1 aside") for t in texts)


def test_R9_37_with_pribaltiyskys_counter_is_refused_whole_with_its_reason():
    """magadansky with pribaltiysky's counter (R9.39) is a combination the one engine does not
    play (docs/architecture.md, "Combinations the core does not play"): new_game refuses it
    before dealing, naming both clauses, rather than playing one of them wrongly."""
    with pytest.raises(ValueError, match=r"magadansky with counter_attack=True, dealt_locked=True "
                                         r"is not played: R9\.37 .* counter_attack=True.*R9\.39"):
        new_game("magadansky", seed=0, counter_attack=True)
