"""The gallery's new moves (docs/rules.md R9.10, R9.17, R9.18, R9.19, R9.26): for each clause a
position where its preset changes the legal actions or the outcome, the moves refused (naming the
clause, leaving the game unchanged), what each seat knows afterwards, and round trips of the new
actions through text, JSON and text records. Bots and the coach are run on games whose legal
actions include the new kinds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from durak_edu import Card, actions, cards, new_game
from durak_edu.actions import (ACTION_TYPES, Counter, Draw, Exchange, Swap, TalonAttack, ThrowIn,
                               parse_action)
from durak_edu.bots import BOTS, ISMCTSBot, RandomBot, SeatGame, lowest_card_bot, tournament
from durak_edu.coach import advise
from durak_edu.record import GameRecord
from helpers import DEEP, endgame, play_all, refused, texts

NEW_KINDS = (Draw, Swap, Exchange, TalonAttack, Counter)

#: preset -> the kind of move it adds (ThrowIn: the defender's own, R9.10)
PRESETS = {"amerikansky": ThrowIn, "vtoraya_popytka": Draw, "pokerny": Swap,
           "trump_six_swap": Exchange, "armyansky": TalonAttack, "pribaltiysky": Counter}


def c(text: str) -> Card:
    return Card.parse(text)


def random_game(name: str, seed: int, stop: float = 1.0, **options):
    """A seeded random game through the API, stopped at a random point (``stop``: the chance of
    going on after each move)."""
    rng = random.Random(seed)
    g = new_game(name, players=2 + seed % 3, seed=seed, **options)
    while not g.is_over and rng.random() < stop:
        g.play(rng.choice(g.legal_actions()))
    return g


# -- the actions and their text forms ---------------------------------------------------------------

def test_new_actions_have_text_forms_that_parse_back():
    for act, text in [(Swap("8♦ 7♠"), "swap 7♠ 8♦"), (Swap("Q♥"), "swap Q♥"),
                      (Exchange("6h"), "exchange 6♥"), (TalonAttack(), "attack talon"),
                      (Draw(), "draw"), (Counter("9♣", "10♣", "10♠ 10♥"), "beat 9♣ 10♣ add 10♠ 10♥")]:
        assert str(act) == text
        assert parse_action(text) == act
        assert eval(repr(act), vars(actions)) == act  # the repr is the constructor call
        assert isinstance(act, ACTION_TYPES)
    assert parse_action("ATTACK TALON") == TalonAttack()


@pytest.mark.parametrize("text,words", [("swap", "at least one card"),
                                        ("swap 7♠ 8♦ 9♣", "one or two cards"),
                                        ("swap 7♠ 7♠", "the same card twice"),
                                        ("exchange", "one card"), ("exchange 6♥ 6♠", "one card"),
                                        ("attack talon 7♠", "talon"),
                                        ("beat 9♣ 10♣ add", "'beat' needs two cards"),
                                        ("beat 9♣ 10♣ add 10♣", "the same card twice")])
def test_bad_texts_of_the_new_actions_say_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        parse_action(text)


@settings(max_examples=40 if DEEP else 12, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.floats(0.9, 0.995))
def test_every_legal_action_of_the_new_presets_round_trips(name, seed, stop):
    g = random_game(name, seed, stop)
    for a in g.legal_actions():
        assert parse_action(str(a)) == a and eval(repr(a), vars(actions)) == a
        assert g.can_play(a)


# -- R9.10 amerikansky ---------------------------------------------------------------------------

def test_R9_10_amerikansky_the_defender_throws_in_against_himself_when_all_have_passed():
    hands = ["7♠ K♣ Q♦", "9♠ 7♦ 10♦ 6♣"]
    g = endgame("amerikansky", hands, trump="H")
    play_all(g, "attack 7♠ | beat 7♠ 9♠")
    # seat 0 has no 7 or 9 to throw: in podkidnoy the bout is over; here the defender acts
    assert g.to_act == 1 and g.role(1) == "defender" and g.targets() == []
    assert texts(g.legal_actions()) == ["throw 7♦", "pass"]
    g.play("throw 7♦")
    assert g.to_act == 1 and texts(g.legal_actions()) == ["beat 7♦ 10♦", "take"]
    p = endgame("podkidnoy", hands, trump="H")
    play_all(p, "attack 7♠ | beat 7♠ 9♠")
    assert p.to_act == 1 and p.table == []  # bito: seat 1 opens the next bout


def test_R9_10_beating_his_own_last_card_takes_the_defender_out():
    hands = ["7♠ K♣", "9♠ 7♦ 10♦"]
    g = play_all(endgame("amerikansky", hands, trump="H"),
                 "attack 7♠ | beat 7♠ 9♠ | throw 7♦ | beat 7♦ 10♦")
    assert g.is_over and g.result.durak == 0
    p = play_all(endgame("podkidnoy", hands, trump="H"), "attack 7♠ | beat 7♠ 9♠")
    assert not p.is_over and p.hands[1] == cards("7♦ 10♦")


def test_R9_10_after_his_throw_in_is_beaten_the_attackers_may_throw_again():
    g = play_all(endgame("amerikansky", ["7♠ 10♣ K♦", "9♠ 7♦ 10♦ 6♣"], trump="H"),
                 "attack 7♠ | beat 7♠ 9♠")
    # seat 0 holds no 7 or 9: the defender's turn
    play_all(g, "throw 7♦ | beat 7♦ 10♦")
    assert g.to_act == 0 and "throw 10♣" in texts(g.legal_actions())
    g.play("pass")  # the defender's one card left is too few to throw and beat: bito
    assert g.table == [] and g.to_act == 1


def test_R9_10_the_defenders_turn_refuses_other_moves_and_too_many_cards():
    g = play_all(endgame("amerikansky", ["7♠ K♣ Q♦", "9♠ 7♦ 7♥ 10♦"], trump="S"),
                 "attack 7♠ | beat 7♠ 9♠")
    assert texts(g.legal_actions()) == ["throw 7♦", "throw 7♥", "pass"]
    refused(g, "take", "R9.10")
    refused(g, "throw 10♦", "R9.10")           # no ten on the table (R2.4)
    refused(g, "throw 7♦ 7♥", "R9.10")         # holding three, he may throw one and beat it
    refused(g, "throw 6♣", "R9.10")            # not in his hand
    g.play("pass")
    assert g.table == [] and g.to_act == 1     # bito; the defender opens the next bout


def test_R9_10_a_defender_who_takes_throws_nothing_against_himself():
    g = play_all(endgame("amerikansky", ["7♠ K♣", "9♥ 7♦ 10♦"], trump="S"),
                 "attack 7♠ | take")
    assert g.to_act == 0 and g.table == [] and c("7♠") in g.hands[1]  # picked up, bout over
    assert not any("R9.10" in e.text for e in g.history)


# -- R9.17 vtoraya popytka ----------------------------------------------------------------------

def second_try(name="vtoraya_popytka", **options):
    """Seat 1 cannot beat K♠; the talon's top card, A♠, can."""
    return endgame(name, ["K♠ 7♣", "8♦ 9♦"], trump_card="6♥", talon="A♠ J♣", **options)


def test_R9_17_a_defender_who_cannot_beat_may_draw_one_card_and_beat_with_it():
    g = second_try()
    g.play("attack K♠")
    assert texts(g.legal_actions()) == ["take", "draw"]
    g.play("draw")
    assert c("A♠") in g.hands[1] and g.talon_size == 2 and g.to_act == 1
    assert texts(g.legal_actions()) == ["beat K♠ A♠", "take"]
    refused(g, "draw", "R9.17")  # once a bout
    p = second_try("podkidnoy")
    p.play("attack K♠")
    assert texts(p.legal_actions()) == ["take"]
    refused(p, "draw", "R2.5")


def test_R9_17_the_drawn_card_is_known_only_to_the_defender():
    g = second_try()
    play_all(g, "attack K♠ | draw")
    assert c("A♠") in g.view(0).unknown and c("A♠") not in g.view(0).known[1]
    assert c("A♠") in g.view(1).hand
    draw_event = g.history[-1]
    assert draw_event.private and draw_event.cards == (c("A♠"),)
    other = g.redeal_hidden(0, rng=3)
    assert other.view(0).unknown == g.view(0).unknown


def test_R9_17_no_try_when_every_card_can_be_beaten_or_the_talon_is_empty():
    g = endgame("vtoraya_popytka", ["7♠ 7♣", "8♠ 9♦"], trump_card="6♥", talon="A♠ J♣")
    g.play("attack 7♠")
    refused(g, "draw", "R9.17")
    e = endgame("vtoraya_popytka", ["K♠ 7♣", "8♦ 9♦"], trump="H")
    e.play("attack K♠")
    refused(e, "draw", "R9.17")
    refused(second_try(), "draw", "R9.17")  # the attacker opens: no try for him


def test_R9_17_the_last_card_may_be_the_trump_card_which_all_have_seen():
    g = endgame("vtoraya_popytka", ["K♠ 7♣", "8♦ 9♦"], trump_card="6♥")
    play_all(g, "attack K♠ | draw")
    assert g.talon_size == 0 and c("6♥") in g.view(0).known[1]
    assert texts(g.legal_actions()) == ["beat K♠ 6♥", "take"]


# -- R9.19 pokerny -------------------------------------------------------------------------------

def poker(name="pokerny", **options):
    return endgame(name, ["K♠ 7♣", "8♦ 9♦ 6♣"], trump_card="6♥", talon="A♠ J♣ 10♥", **options)


def test_R9_19_before_defending_the_defender_may_swap_up_to_two_cards_with_the_talon():
    g = poker()
    g.play("attack K♠")
    assert {"swap 6♣", "swap 8♦ 9♦", "swap 6♣ 9♦"} <= set(texts(g.legal_actions()))
    assert "swap 8♦ 9♦" not in texts(poker("podkidnoy").legal_actions())
    g.play("swap 8♦ 9♦")
    assert g.hands[1] == cards("A♠ 6♣ J♣") and g.to_act == 1
    # the given cards lie face down just over the trump card, to be drawn last
    assert g.talon[-3:] == cards("8♦ 9♦ 6♥") and g.talon_size == 4
    assert "beat K♠ A♠" in texts(g.legal_actions())
    refused(g, "swap 6♣", "R9.19")  # once a bout


def test_R9_19_only_the_swapper_knows_where_his_cards_went():
    g = play_all(poker(), "attack K♠ | swap 8♦ 9♦")
    assert set(cards("8♦ 9♦")) <= set(g.view(1).in_talon)
    assert not set(cards("8♦ 9♦")) & set(g.view(0).in_talon)
    assert set(cards("8♦ 9♦")) <= set(g.view(0).unknown)
    assert g.history[-1].private
    for seat in (0, 1):
        assert g.redeal_hidden(seat, rng=2).view(seat) == g.view(seat)


def test_R9_19_no_swap_after_beating_nor_of_the_trump_card_nor_of_three_cards():
    g = endgame("pokerny", ["K♠ K♣", "A♠ 9♦ 6♣"], trump_card="6♥", talon="A♣ J♣")
    play_all(g, "attack K♠ K♣ | beat K♠ A♠")
    refused(g, "swap 6♣", "R9.19")
    h = endgame("pokerny", ["K♠ 7♣", "8♦ 9♦"], trump_card="6♥", talon="A♠")
    h.play("attack K♠")
    refused(h, "swap 8♦ 9♦", "R9.19")  # one face-down card over the trump card
    assert "swap 8♦" in texts(h.legal_actions())
    k = poker()
    k.play("attack K♠")
    refused(k, Swap("8♦ 9♦ 6♣"), "R9.19")
    refused(k, "swap 7♣", "R9.19")  # not his
    refused(poker(), "swap 7♣", "R9.19")  # the attacker may not swap


def test_R9_19_pokerny_with_the_second_try_is_an_option_set():
    # seed 001's «Покерный-Вторая попытка»: pokerny with defender_draws=True (R9.17)
    g = endgame("pokerny", ["K♠ 7♣", "8♦ 9♦ 6♣"], trump_card="6♥", talon="J♣ A♠ 10♥",
                defender_draws=True)
    g.play("attack K♠")
    legal = texts(g.legal_actions())
    assert "draw" in legal and "swap 8♦ 9♦" in legal
    play_all(g, "swap 6♣ | draw")  # both, once each: 6♣ for J♣, then the try draws A♠
    assert set(g.hands[1]) == set(cards("8♦ 9♦ J♣ A♠"))
    assert texts(g.legal_actions()) == ["beat K♠ A♠", "take"]
    assert g.options() == {"defender_draws": True}
    plain = poker()
    plain.play("attack K♠")
    assert "draw" not in texts(plain.legal_actions())


@pytest.mark.parametrize("name,options", [
    ("armyansky", {"defender_draws": True}),                          # Армянский-Вторая попытка
    ("armyansky", {"defender_swaps": True}),                          # Армянский Покерный
    ("armyansky", {"defender_swaps": True, "defender_draws": True}),  # … -Вторая попытка
])
def test_R9_18_R9_19_the_seeds_combinations_play_to_the_end(name, options):
    kinds = set()
    for seed in range(8):
        g = random_game(name, seed, **options)
        assert g.is_over
        kinds |= {type(a) for a in g.actions if isinstance(a, NEW_KINDS)}
    wanted = {TalonAttack} | ({Swap} if "defender_swaps" in options else set()) | (
        {Draw} if "defender_draws" in options else set())
    assert kinds == wanted


# -- R9.26 the trump six for the trump card ----------------------------------------------------

def six_swap(name="trump_six_swap", talon="7♠ 8♠"):
    return endgame(name, ["6♥ 7♣", "8♦ 9♦"], trump_card="A♥", talon=talon)


def test_R9_26_the_holder_of_the_trump_six_takes_the_trump_card_for_it():
    g = six_swap()
    assert "exchange 6♥" in texts(g.legal_actions())
    refused(six_swap("podkidnoy"), "exchange 6♥", "R9.26")
    g.play("exchange 6♥")
    assert g.hands[0] == cards("7♣ A♥") and g.trump_card == c("6♥") and g.trump == c("6♥").suit
    assert g.to_act == 0 and g.talon[-1] == c("6♥")  # his turn goes on: he still attacks
    assert c("A♥") in g.view(1).known[0] and c("6♥") in g.view(1).in_talon
    assert "exchange 6♥" not in texts(g.legal_actions())


def test_R9_26_no_exchange_of_another_card_nor_once_the_trump_card_is_the_last():
    g = six_swap()
    refused(g, "exchange 7♣", "R9.26")
    refused(six_swap(talon=""), "exchange 6♥", "R9.26")
    d = endgame("trump_six_swap", ["7♣ 8♣", "6♥ 9♦"], trump_card="A♥", talon="7♠ 8♠")
    d.play("attack 7♣")
    assert "exchange 6♥" in texts(d.legal_actions())  # the defender may, on his turn
    d.play("exchange 6♥")
    assert d.to_act == 1 and texts(d.legal_actions()) == ["beat 7♣ A♥", "take"]


def test_R9_26_the_exchange_changes_who_wins_the_ace():
    g = six_swap()
    play_all(g, "exchange 6♥ | attack A♥")
    assert texts(g.legal_actions()) == ["take"]  # the trump ace cannot be beaten


# -- R9.18 armyansky ---------------------------------------------------------------------------

def armenian(name="armyansky", talon="9♣ 10♠ 8♣"):
    return endgame(name, ["7♠ 7♦ 9♠", "8♠ 10♣ 6♣ J♦"], trump_card="6♥", talon=talon)


def test_R9_18_an_attacker_may_open_with_the_talons_top_card_unseen():
    g = armenian()
    assert texts(g.legal_actions())[-1] == "attack talon"
    assert "attack talon" not in texts(armenian("podkidnoy").legal_actions())
    refused(armenian("podkidnoy"), "attack talon", "R9.18")
    g.play("attack talon")
    assert g.table == [(c("9♣"), None)] and g.hands[0] == cards("7♠ 9♠ 7♦")
    assert g.talon_size == 3
    assert "beat 9♣ 10♣" in texts(g.legal_actions())
    refused(g, "attack talon", "R9.18")  # the defender never plays it


def test_R9_18_once_a_bout_and_a_card_of_another_rank_goes_to_the_hand():
    g = play_all(armenian(talon="9♣ 10♠ 8♣ J♥"), "attack 7♠ | beat 7♠ 8♠")
    assert texts(g.legal_actions()) == ["throw 7♦", "pass", "attack talon"]
    g.play("attack talon")  # 9♣: no nine on the table: he keeps it and passes
    assert c("9♣") in g.hands[0] and c("9♣") in g.view(1).known[0]
    assert g.table == [] and g.to_act == 1  # bito: the defender opens
    h = play_all(armenian(talon="8♣ 10♠ 9♣ J♥"), "attack 7♠ | beat 7♠ 8♠ | attack talon")
    assert h.table[-1] == (c("8♣"), None) and h.to_act == 1  # an 8 is on the table: thrown in
    play_all(h, "beat 8♣ 10♣")
    assert h.to_act == 0 and "throw 7♦" in texts(h.legal_actions())
    refused(h, "attack talon", "R9.18")  # once a bout


def test_R9_18_never_the_trump_card():
    g = armenian(talon="")
    refused(g, "attack talon", "R9.18")


# -- R9.39 pribaltiysky ---------------------------------------------------------------------------

def baltic(name="pribaltiysky"):
    return endgame(name, ["9♣ 7♦ 8♠", "10♣ 10♠ 6♦"], trump="H")


def test_R9_39_a_defender_beating_a_lone_card_may_add_cards_of_his_beaters_rank():
    g = baltic()
    g.play("attack 9♣")
    assert "beat 9♣ 10♣ add 10♠" in texts(g.legal_actions())
    assert "beat 9♣ 10♣ add 10♠" not in texts(baltic("podkidnoy").legal_actions())
    g.play("beat 9♣ 10♣ add 10♠")
    # the bout turned round: seat 0 must beat both tens, and the nine is discarded
    assert g.role(0) == "defender" and g.role(1) == "attacker" and g.to_act == 0
    assert g.table == [(c("10♣"), None), (c("10♠"), None)] and c("9♣") in g.discard
    assert texts(g.legal_actions()) == ["take"]
    g.play("take")
    assert set(g.hands[0]) == set(cards("7♦ 8♠ 10♣ 10♠")) and g.hands[1] == cards("6♦")
    assert g.to_act == 1  # R2.7: the taker loses his turn; seat 1 attacks


def test_R9_39_the_counter_changes_the_outcome():
    hands = ["9♣ 8♦ 7♠", "10♣ 10♠"]
    g = play_all(endgame("pribaltiysky", hands, trump="H"), "attack 9♣ | beat 9♣ 10♣ add 10♠")
    assert g.is_over is False and g.hands[1] == ()  # out: he played his last cards
    g.play("take")
    assert g.is_over and g.result.durak == 0
    p = play_all(endgame("podkidnoy", hands, trump="H"), "attack 9♣ | beat 9♣ 10♣")
    assert not p.is_over and p.hands[1] == cards("10♠")


def test_R9_39_no_counter_on_a_table_of_two_cards_nor_beyond_the_attackers_hand():
    g = endgame("pribaltiysky", ["9♣ 9♦ K♥", "10♣ 10♦ 10♠ J♠"], trump="H")
    g.play("attack 9♣ 9♦")
    refused(g, "beat 9♣ 10♣ add 10♠", "R9.39")
    assert not any(isinstance(a, Counter) for a in g.legal_actions())
    h = endgame("pribaltiysky", ["9♣ K♥", "10♣ 10♦ 10♠"], trump="H")
    h.play("attack 9♣")
    # seat 0 holds one card after his attack: he cannot be given two to beat (R2.6)
    assert not any(isinstance(a, Counter) for a in h.legal_actions())
    refused(h, "beat 9♣ 10♣ add 10♠", "R9.39")
    k = baltic()
    k.play("attack 9♣")
    refused(k, "beat 9♣ 10♣ add 6♦", "R9.39")   # not of the beater's rank
    refused(k, "beat 9♣ 6♦ add 10♠", "R9.39")   # 6♦ does not beat 9♣
    refused(baltic("podkidnoy"), "beat 9♣ 10♣ add 10♠", "R9.39")


def test_R9_17_the_second_try_has_its_button():
    assert "draw" in new_game("vtoraya_popytka", seed=1).controls
    assert "draw" not in new_game("podkidnoy", seed=1).controls


# -- every preset: records, views, bots ---------------------------------------------------------

@pytest.mark.parametrize("name", sorted(PRESETS))
def test_records_of_games_with_the_new_moves_round_trip(name):
    kind = PRESETS[name]

    def new_moves(g):
        if kind is ThrowIn:  # the defender's own throw-in
            return [e for e in g.history if e.text.endswith("against himself (R9.10)")]
        return [a for a in g.actions if isinstance(a, kind)]

    g = next(g for g in (random_game(name, seed) for seed in range(40)) if new_moves(g))
    rec = g.record()
    for back in (GameRecord.from_json(rec.to_json()), GameRecord.from_text(rec.to_text())):
        assert back.actions == g.actions
        assert back.to_game().result == g.result and str(back.to_game()) == str(g)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_views_and_redeals_agree_with_what_each_seat_knows(name):
    for seed in range(6):
        g = random_game(name, seed, stop=0.97)
        if g.is_over:
            continue
        for seat in range(g.players):
            v = g.view(seat)
            assert g.redeal_hidden(seat, rng=seed).view(seat) == v
            for p, known in v.known.items():
                assert set(known) <= set(g.hands[p])
            assert not set(v.unknown) & set(v.hand)
            assert set(v.in_talon) <= set(g.talon[len(g.talon) - g.talon_size:])


@pytest.mark.parametrize("name", sorted(PRESETS) + ["pokerny+draws"])
def test_the_bots_play_the_new_presets_to_the_end(name):
    options = {}
    if name == "pokerny+draws":
        name, options = "pokerny", {"defender_draws": True}
    kind = PRESETS[name]
    for bot_name in ("random_bot", "lowest_card_bot", "trump_collector", "high_card_collector",
                     "small_card_attacker", "pair_collector", "counting_bot", "ISMCTSBot"):
        faced = 0  # positions where the bot chose among legal actions holding a new kind
        for seed in range(12 if bot_name != "ISMCTSBot" else 1):
            if faced and seed >= 3:
                break  # three games at least, more until the bot has met the new move
            bot = (ISMCTSBot(iterations=8, seed=1) if bot_name == "ISMCTSBot"
                   else RandomBot(seed) if bot_name == "random_bot"  # BOTS' is unseeded
                   else BOTS[bot_name]())
            g = new_game(name, players=2, seed=seed, **options)
            rng = random.Random(seed)
            while not g.is_over:
                legal = g.legal_actions()
                if g.to_act == 0:
                    faced += any(isinstance(a, kind) for a in legal) and (
                        kind is not ThrowIn or g.to_act == g.defender)  # R9.10: his own
                    g.play(bot(SeatGame(g, 0), 0))
                else:  # a random opponent, who plays the new moves more often
                    new = [a for a in legal if isinstance(a, NEW_KINDS)]
                    g.play(rng.choice(new if new and rng.random() < 0.5 else legal))
            assert g.result is not None
        assert faced or bot_name == "ISMCTSBot", f"{bot_name} never met a {kind.__name__}"
    table = tournament(name, [BOTS["random_bot"](), lowest_card_bot], games=2, seed=3, **options)
    assert table.games == 2 and all(r.games == 2 for r in table.rows)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_coach_advises_on_positions_with_the_new_moves(name):
    kind = PRESETS[name]
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        g = new_game(name, players=2, seed=seed)
        while not g.is_over and found < 2:
            legal = g.legal_actions()
            if any(isinstance(a, NEW_KINDS) for a in legal) or (
                    kind is ThrowIn and g.to_act == g.defender and not g.targets()):
                advice = advise(g)
                assert {str(o.action) for o in advice.options} == set(texts(legal))
                found += 1
            g.play(rng.choice(legal))
        if found >= 2:
            break
    assert found >= 1
