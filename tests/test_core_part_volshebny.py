"""R9.49 (``"volshebny"``): seed 001's «Волшебный» — perevodnoy for two with 54 cards, jokers
that beat any card and fall to any card, and a joker led or transferred makes cards change hands
by a move of its own, ``give`` (core/house/joker_gives.py; the jokers' lead together and their
transfer: core/house/jokers.py). The expectations are the clause's words in docs/rules.md:
who gives, to whom, how many; the draw of what a giver lacks; the power off; the end holding
only a joker; refusals citing R9.49; the move's text form and count; whole games, the compiled
playout and the record."""

from __future__ import annotations

import random
from math import comb

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, refused, texts

from durak_edu import Give, deck, new_game, parse_action
from durak_edu.cards import Card, Rank
from durak_edu.games.core import moves as core_moves

BLACK, RED = Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)


def cards(text):
    return {Card.parse(c) for c in text.split()}


def gives(g):
    return [a for a in g.legal_actions() if isinstance(a, Give)]


def position(hands, talon="", attacker=0, trump="S", **options):
    return on_core(endgame("volshebny", hands, attacker=attacker, talon=talon, trump=trump,
                           **options))


def test_r9_49_a_joker_beats_any_card_and_any_card_beats_a_joker():
    g = new_game("volshebny", seed=3, trump="fixed:S")
    for joker in (BLACK, RED):
        for c in deck(52):
            assert g.beats(joker, c) and g.beats(c, joker), (joker, c)
    assert g.beats(RED, BLACK) and g.beats(BLACK, RED)  # "any card": the other joker too
    assert not g.beats(Card.parse("7♦"), Card.parse("9♦"))  # two suited cards: R2.3


def test_r9_49_the_black_joker_led_its_leader_gives_two():
    g = position(["BJ 7♦ 9♣ Q♥", "8♠ 10♠ J♦ K♣"])
    g.play("attack BJ")
    assert g.to_act == 0
    listed = gives(g)
    assert len(listed) == comb(3, 2) == 3  # any two of 7♦ 9♣ Q♥
    assert {frozenset(a.cards) for a in listed} == {
        frozenset(cards("7♦ 9♣")), frozenset(cards("7♦ Q♥")), frozenset(cards("9♣ Q♥"))}
    assert len(g.legal_actions()) == 3  # nothing else while the give is due
    g.play("give 9♣ Q♥")
    assert set(g.hands[0]) == cards("7♦") and set(g.hands[1]) == cards("8♠ 10♠ J♦ K♣ 9♣ Q♥")
    assert g.to_act == 1 and g.role(1) == "defender"  # now he answers the joker
    assert texts(g.legal_actions())[0] == "beat BJ 8♠"  # any card beats the joker
    assert set(g.view(0).known[1]) >= cards("9♣ Q♥")  # the giver knows where they are
    assert "seat 0 gives 9♣ Q♥ to seat 1 for the joker (R9.49)" in [e.text for e in g.history]


def test_r9_49_the_red_joker_led_the_defender_gives_two():
    g = position(["RJ 7♦", "8♠ 10♠ J♦"])
    g.play("attack RJ")
    assert g.to_act == 1 and len(gives(g)) == comb(3, 2)
    g.play("give 8♠ J♦")
    assert set(g.hands[0]) == cards("7♦ 8♠ J♦") and set(g.hands[1]) == cards("10♠")
    assert g.to_act == 1  # the defender, to answer the joker
    assert texts(g.legal_actions())[:1] == ["beat RJ 10♠"]
    assert set(g.view(1).known[0]) >= cards("8♠ J♦")


def test_r9_49_both_jokers_led_together_their_player_gives_five():
    g = position(["BJ RJ 6♦ 7♦ 8♦ 9♦ 10♦ J♦", "8♠ 10♠ J♣ K♣ A♣"])
    assert "attack BJ RJ" in texts(g.legal_actions())
    g.play("attack BJ RJ")
    assert g.to_act == 0 and len(gives(g)) == comb(6, 5) == 6
    refused(g, "give 6♦ 7♦", "R9.49")
    g.play("give 6♦ 7♦ 8♦ 9♦ 10♦")
    assert set(g.hands[0]) == cards("J♦") and len(g.hands[1]) == 10
    assert g.to_act == 1


def test_r9_49_a_joker_transferred_with_the_other_the_transferrer_gives_five():
    g = position(["BJ 7♦ 9♣ Q♥ 5♣ 6♣", "RJ 8♠ 10♠ J♦ K♣ A♣ 2♦"])
    g.play("attack BJ")
    g.play("give 5♣ 6♣")  # the black joker's two, first
    assert "transfer RJ" in texts(g.legal_actions())
    g.play("transfer RJ")
    assert g.to_act == 1 and len(gives(g)) == comb(8, 5)  # his 8 left, any five
    g.play("give 5♣ 6♣ 8♠ 10♠ J♦")
    assert g.defender == 0 and g.to_act == 0  # the leader now beats both jokers
    assert len(g.hands[0]) == 3 + 5 and set(g.hands[1]) == cards("K♣ A♣ 2♦")
    beats = [a for a in texts(g.legal_actions()) if a.startswith("beat")]
    assert "beat BJ 7♦" in beats and "beat RJ 7♦" in beats


def test_r9_49_short_of_cards_the_giver_draws_the_rest_from_the_talon():
    g = position(["BJ 7♦", "8♠ 10♠ J♦"], talon="2♣ 3♣ 4♣")
    g.play("attack BJ")
    assert set(g.hands[0]) == cards("7♦ 2♣") and g.talon_size == 2  # one drawn: two to give
    assert [a.cards for a in gives(g)] == [tuple(sorted(cards("7♦ 2♣"), key=lambda c: c.index)
                                                 )] or len(gives(g)) == 1
    draws = [e for e in g.history if e.kind == "draw" and "to give" in e.text]
    assert draws and draws[-1].private and draws[-1].cards == (Card.parse("2♣"),)
    g.play("give 7♦ 2♣")
    assert g.hands[0] == () and len(g.hands[1]) == 5 and 0 not in g.out  # the talon has cards


def test_r9_49_the_talon_cannot_make_them_up_the_power_is_off():
    g = position(["BJ RJ", "8♠ 10♠ J♦ K♣ A♣ 2♦"], talon="2♣")
    g.play("attack BJ RJ")  # five due, none left in hand, one in the talon
    assert not gives(g) and g.to_act == 1 and g.talon_size == 1
    assert any("power is off" in e.text and "R9.49" in e.text for e in g.history)
    refused(g, "give 8♠ 10♠", "R9.49")


def test_r9_49_holding_only_a_joker_at_the_end_loses():
    g = position(["RJ", "8♠ 10♠ J♦"])  # the talon empty: he could go out on the joker
    assert g.result is not None and g.result.durak == 0
    assert "R9.49" in g.result.reason
    g = position(["7♣ BJ", "8♣ 10♠ J♦"])
    g.play("attack 7♣")
    g.play("beat 7♣ 8♣")  # bito (nothing to throw in): he holds only the black joker now
    assert g.result is not None and g.result.durak == 0
    assert g.history[-1].kind == "game_over" and "only a joker" in g.history[-1].text


def test_r9_49_refusals_cite_the_clause():
    g = position(["BJ 7♦ 9♣ Q♥", "8♠ 10♠ J♦ K♣"])
    assert "no cards are due" in refused(g, "give 7♦ 9♣", "R9.49")
    assert "never with a suited card" in refused(g, "attack BJ 7♦", "R9.49")
    g.play("attack BJ")
    assert "must first give 2 cards" in refused(g, "pass", "R9.49")
    assert "exactly 2" in refused(g, "give 7♦", "R9.49")
    assert "not in seat 0's hand" in refused(g, "give 7♦ 8♠", "R9.49")
    g.play("give 7♦ 9♣")
    assert "transferred only with the other joker" in refused(g, "transfer 8♠", "R9.49")
    podkidnoy = new_game("podkidnoy", seed=1)
    assert "no cards are given" in refused(podkidnoy, "give 7♦ 9♣", "R9.49",
                                           seat=podkidnoy.to_act)


def test_r9_49_the_give_is_counted_and_unranked_not_listed():
    hand = " ".join(str(c) for c in deck(52) if c.rank <= Rank.SIX)  # twos to sixes: 20 cards
    assert len(hand.split()) == 20
    g = position(["BJ " + hand, "A♠ A♥"])
    g.play("attack BJ")
    st = g._s.core
    assert core_moves.count(st) == comb(20, 2)
    rng = random.Random(5)
    listed = core_moves.moves(st)
    for j in rng.sample(range(comb(20, 2)), 20):
        assert core_moves.nth(st, j) == listed[j]
    g = position(["BJ RJ " + hand, "A♠ A♥ A♣ A♦ K♠"])
    g.play("attack BJ RJ")
    assert core_moves.count(g._s.core) == comb(20, 5) == 15504  # never listed by a playout


def test_r9_49_the_text_form_parses_back():
    a = Give("Q♥ 9♣")
    assert str(a) == "give 9♣ Q♥" and parse_action("give 9c qh") == a
    assert parse_action(str(Give("BJ 7♦"))) == Give("7♦ BJ")
    with pytest.raises(ValueError, match="an action needs at least one card"):
        parse_action("give")


def test_r9_49_the_options_name_their_clause():
    with pytest.raises(ValueError, match=r"joker_block_combination='7♠ 7♣' must be five "
                                         r"different cards, none a joker \(R9\.49\)"):
        new_game("volshebny", joker_block_combination="7♠ 7♣")
    with pytest.raises(ValueError, match=r"needs jokers='volshebny'.*\(R9\.49\)"):
        new_game("two_joker", joker_block_combination="7♠ 7♣ 7♦ 9♥ J♠")
    with pytest.raises(ValueError, match=r"must be the text of five cards.*\(R9\.49\)"):
        new_game("volshebny", joker_block_combination=True)
    with pytest.raises(ValueError, match=r"jokers='volshebny' is played on perevodnoy.*R9\.49"):
        new_game("two_joker", jokers="volshebny")
    with pytest.raises(ValueError, match=r"jokers='volshebny' reads two jokers.*R9\.49"):
        new_game("perevodnoy", deck=53, jokers="volshebny")
    with pytest.raises(ValueError):
        new_game("volshebny", players=3)


@pytest.mark.parametrize("seed,options", [(1, {}), (2, {"trump": "none"}),
                                          (3, {"transfer_in_first_bout": True}), (4, {})])
def test_r9_49_whole_games_end_on_the_core(seed, options):
    g = on_core(new_game("volshebny", seed=seed, **options))
    assert whole_game(g, seed) > 0
    assert sorted(g.discard + [c for h in g.hands for c in h]) == sorted(deck(54))


@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_r9_49_the_compiled_playout_plays_the_api_game(seed):
    playout_agrees("volshebny", 2, seed)


def joker_game(seed, moves=400):
    """A seeded random game in which a joker is led whenever it may be (so cards are given)."""
    g = new_game("volshebny", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.to_act is None:
            break
        legal = g.legal_actions()
        jokers = [a for a in legal if str(a).startswith(("attack BJ", "attack RJ", "transfer "))
                  and any(c.is_joker for c in a.cards)]
        g.play(jokers[-1] if jokers else rng.choice(legal))
    return g


@pytest.mark.parametrize("seed", [11, 12])
def test_r9_49_a_record_keeps_the_gives_and_replays(seed):
    from durak_edu.record import GameRecord
    record_round_trip("volshebny", 2, seed, trump="fixed:H")
    g = joker_game(seed)
    assert any(isinstance(a, Give) for a in g.actions)
    rec = g.record()
    assert "give " in rec.to_text()
    for back in (GameRecord.from_text(rec.to_text()), GameRecord.from_json(rec.to_json())):
        assert back == rec and back.to_game().hands == g.hands


@pytest.mark.parametrize("seed", [3, 4])
def test_r9_49_every_view_is_exact_and_leaks_nothing_through_the_gives(seed):
    """The knowledge tests' independent tracker (a give: seen by both players) agrees with every
    view from both seats at every position, and a seat's view never depends on a card it has
    not seen (two of its unknown cards swapped in the deck)."""
    from test_knowledge import check_game, check_no_leak
    g = joker_game(seed, moves=150)
    rec = g.record()
    assert any(isinstance(a, Give) for a in rec.actions)
    check_game(rec)
    assert check_no_leak(rec, random.Random(seed), tries=12) > 0


def test_r9_49_the_coach_and_a_search_bot_answer_a_give():
    from durak_edu.bots import MonteCarloBot
    from durak_edu.coach import advise
    g = position(["BJ 7♦ 9♣ Q♥ 5♣", "8♠ 10♠ J♦ K♣"], talon="2♣ 3♣ 4♣ 5♦ 6♦")
    g.play("attack BJ")
    assert isinstance(MonteCarloBot(playouts=3, seed=1)(g, 0), Give)
    advice = advise(g, 0)
    assert advice.best and all(isinstance(o.action, Give) for o in advice.options)


def test_r9_49_the_play_widget_gives_with_several_cards_and_lists_the_gives():
    from durak_edu.bots import lowest_card_bot
    from durak_edu.games.setup import deal_order
    from durak_edu.widgets import PlayWidget

    hands = ["RJ 7♠ 9♠ 10♠ J♠ Q♠", "7♥ 8♣ 9♣ 10♣ J♣ Q♣"]

    def leads_the_red_joker(game, seat):
        return parse_action("attack RJ") if game.can_play("attack RJ") else lowest_card_bot(
            game, seat)

    p = PlayWidget("volshebny", 2, seat=1, bots={0: leads_the_red_joker}, seed=None,
                   deck_order=deal_order(hands, turned="A♥", size=54),
                   first_lead="left_of_dealer")
    g = p.game
    assert g.to_act == 1 and len(gives(g)) == comb(6, 2)  # the red joker: he gives two
    assert p.route("give 8♣ Q♣") == (("group", (Card.parse("8♣"), Card.parse("Q♣"))),)
    assert all(p.route(a) is not None for a in g.legal_actions())
    p.click("Q♣")  # one card is no give: nothing is played
    assert g.to_act == 1 and len(g.hands[1]) == 6
    p.arm_group()
    p.click("8♣")
    p.click("Q♣")
    assert p.play_group()
    assert cards("8♣ Q♣") <= set(g.hands[0]) and len(g.hands[1]) == 4


@pytest.mark.parametrize("option", ["defender_swaps", "counter_attack", "refusal"])
def test_r9_49_combinations_not_played_are_refused_naming_the_clause(option):
    with pytest.raises(ValueError, match=rf"R9\.49 .*does not go with {option}=True"):
        new_game("volshebny", **{option: True})


def test_r9_49_set_positions_with_jokers_in_hand_keep_the_core_invariants():
    """Random positions (hands, talon, trump) with the jokers dealt into the hands most of the
    time: listed moves accepted and counted, illegal ones refused unchanged, undo and clone
    exact, no card lost, every game ends (core_parts.invariants); gives do happen."""
    from durak_edu import from_position
    from core_parts import invariants
    played = gave = 0
    for seed in range(30):
        rng = random.Random(seed)
        rest = [c for c in deck(54) if not c.is_joker]
        rng.shuffle(rest)
        sizes = [rng.randint(1, 7), rng.randint(1, 7)]
        hands = [rest[:sizes[0]], rest[sizes[0]:sum(sizes)]]
        for joker in (BLACK, RED):
            if rng.random() < 0.8:
                hands[rng.randrange(2)].append(joker)
        talon = rest[sum(sizes):sum(sizes) + rng.choice((0, 1, 3, 8))]
        try:
            g = from_position("volshebny", [" ".join(map(str, h)) for h in hands],
                              talon=" ".join(map(str, talon)), trump=rng.choice("SCDH"),
                              attacker=rng.randrange(2))
        except ValueError:
            continue
        invariants(g, rng, 4)
        played += 1
        gave += any(isinstance(a, Give) for a in g.actions)
    assert played >= 20 and gave >= 3, (played, gave)


BLOCK = "7♠ 7♣ 7♥ 9♥ J♠"  # three of a rank and two others: the source's advice


def test_r9_49_the_blocking_combination_held_by_the_receiver_turns_the_power_off():
    g = position(["BJ 7♦ 9♣ Q♥", "7♠ 7♣ 7♥ 9♥ J♠ K♣"], joker_block_combination=BLOCK)
    g.play("attack BJ")  # the black joker's two would go to seat 1, who holds the five
    assert not gives(g) and g.to_act == 1 and len(g.hands[1]) == 6
    shown = [e for e in g.history if "blocking combination" in e.text]
    assert shown and "R9.49" in shown[-1].text and set(shown[-1].cards) == cards(BLOCK)
    assert set(g.view(0).known[1]) >= cards(BLOCK)  # shown: seen by both
    g = position(["RJ 7♠ 7♣ 7♥ 9♥ J♠", "8♦ 9♣ Q♦"], joker_block_combination=BLOCK)
    g.play("attack RJ")  # the red joker's two would come to its leader, who holds the five
    assert not gives(g) and g.to_act == 1 and len(g.hands[0]) == 5


def test_r9_49_four_of_the_five_do_not_block():
    g = position(["BJ 7♦ 9♣ Q♥", "7♠ 7♣ 7♥ 9♥ K♣"], joker_block_combination=BLOCK)
    g.play("attack BJ")
    assert g.to_act == 0 and len(gives(g)) == comb(3, 2)
    assert not any("blocking" in e.text for e in g.history)


def test_r9_49_a_record_keeps_the_blocking_combination():
    record_round_trip("volshebny", 2, 13, joker_block_combination=BLOCK)


def test_r9_49_a_shown_combination_is_known_to_the_knowledge_tracker():
    from test_knowledge import Tracker, check_against_reference
    g = position(["BJ 7♦ 9♣ Q♥", "7♠ 7♣ 7♥ 9♥ J♠ K♣"], joker_block_combination=BLOCK)
    tracker = Tracker(g)
    g.play("attack BJ")
    tracker.update(g)
    for seat in (0, 1):
        check_against_reference(g, seat, tracker)
