"""R9.48 (``"bez_nazvaniya"``, ``rest_passes_on``): seed 001's unnamed kitaysky variant — a
defender who takes picks up only the first attack card (R9.16), and the other cards he has not
beaten pass to the next player, who must beat them or take the first of them in the same way;
the chain stops before the bout's opener (then the rest are discarded, as in kitaysky). One
part, core/house/rest_passes_on.py (hook ``hold_bout``); these tests hold the core to the
clause as docs/rules.md states it: the pass-on, its event, the block on throw-ins, the chain's
end, who leads next, the options' refusals, whole games, the compiled playout and the record."""

from __future__ import annotations

import pytest

from core_options import on_core, playout_agrees, record_round_trip, whole_game
from helpers import endgame, fingerprint, play_all, refused, texts

from durak_edu import deck, new_game
from durak_edu.cards import cards


def hand(g, seat):
    return sorted(g.hands[seat], key=lambda c: c.index)


def three(**options):
    return on_core(endgame("bez_nazvaniya", ["7♦ 8♣ 8♥ Q♦", "8♦ 6♣ 10♥", "9♠ K♣ A♥ 6♦"],
                           trump="fixed:S", **options))


def test_r9_48_the_unbeaten_rest_passes_to_the_next_player():
    g = three()
    play_all(g, "attack 7♦ | beat 7♦ 8♦ | throw 8♣ | take | pass")
    # seat 1 picked up only the first attack card; its beater went to the discard pile
    assert hand(g, 1) == sorted(cards("6♣ 10♥ 7♦"), key=lambda c: c.index)
    assert [(str(a), d) for a, d in g.table] == [("8♣", None)]
    assert g.defender == 2 and g.to_act == 2 and g.discard[-1] == cards("8♦")[0]
    assert texts(g.legal_actions()) == ["beat 8♣ 9♠", "beat 8♣ K♣", "take"]
    assert ("seat 1 takes only 7♦; 8♣ pass on to seat 2, who must beat them (R9.48)"
            in [e.text for e in g.history])


def test_r9_48_nobody_throws_in_against_the_cards_passed_on():
    g = three()
    play_all(g, "attack 7♦ | beat 7♦ 8♦ | throw 8♣ | take | pass")
    assert cards("8♥")[0] in g.hands[0]  # seat 0 holds a rank of the table
    refused(g, "throw 8♥", "R2.5", seat=0)
    g.play("beat 8♣ K♣")
    # the bout ends at once in bito: the 8♥ is never thrown in; the one who beat leads next
    assert [e.kind for e in g.history][-2:] == ["action", "bito"]
    assert not g.table and cards("8♥")[0] in g.hands[0]
    assert g.attacker == 2 and g.to_act == 2 and g.defender == 0  # seat 1 missed his turn


def test_r9_48_the_chain_stops_before_the_opener():
    g = three()
    play_all(g, "attack 7♦ | beat 7♦ 8♦ | throw 8♣ | take | pass | take")
    # seat 2 takes the passed card; the next player would be seat 0, who led it: the bout ends
    assert cards("8♣")[0] in g.hands[2]
    assert not g.table
    assert g.attacker == 0  # the player after the taker leads (R2.7)


def test_r9_48_with_two_players_it_is_kitaysky():
    for name in ("kitaysky", "bez_nazvaniya"):
        g = on_core(endgame(name, ["7♦ 8♣ Q♦", "8♦ 6♣ 10♥"], trump="fixed:S"))
        play_all(g, "attack 7♦ | beat 7♦ 8♦ | throw 8♣ | take")  # nobody left to throw in
        assert hand(g, 1) == sorted(cards("6♣ 10♥ 7♦"), key=lambda c: c.index), name
        assert set(cards("8♦ 8♣")) <= set(g.discard), name


def test_r9_48_the_options_name_their_clause():
    with pytest.raises(ValueError, match=r"rest_passes_on=True .* \(R9\.48\): it needs "
                                         r"take_first_only=True"):
        new_game("podkidnoy", rest_passes_on=True)
    with pytest.raises(ValueError, match=r"R9\.48 \(rest_passes_on=True\) does not go with "
                                         r"transfer=True"):
        new_game("bez_nazvaniya", transfer=True)


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {"throw_in": "neighbours"}), (6, 4, {}),
    (5, 5, {"trump": "none"})])
def test_r9_48_whole_games_end_and_no_card_is_lost(players, seed, options):
    g = on_core(new_game("bez_nazvaniya", players=players, seed=seed, **options))
    assert whole_game(g, seed) > 0
    assert sorted(g.discard + [c for h in g.hands for c in h]) == sorted(deck(36))


def test_r9_48_cards_pass_on_in_random_games():
    passes = 0
    for seed in range(6):
        g = on_core(new_game("bez_nazvaniya", players=4, seed=seed))
        whole_game(g, seed)
        passes += sum("(R9.48)" in e.text for e in g.history)
    assert passes > 0


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (5, 7)])
def test_r9_48_the_compiled_playout_plays_the_api_game(players, seed):
    playout_agrees("bez_nazvaniya", players, seed)


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12)])
def test_r9_48_a_record_keeps_the_option_and_replays(players, seed):
    record_round_trip("bez_nazvaniya", players, seed, trump="fixed:H")
    record_round_trip("kitaysky", players, seed, rest_passes_on=True)


def test_r9_48_undo_and_clone_are_exact_across_a_pass_on():
    g = three()
    play_all(g, "attack 7♦ | beat 7♦ 8♦ | throw 8♣ | take")
    before = fingerprint(g)
    copy = g.clone()
    g.play("pass")  # the last pass: the cards pass on
    assert g.defender == 2
    after = fingerprint(g)
    g.undo()
    assert fingerprint(g) == before
    g.play("pass")
    assert fingerprint(g) == after
    copy.play("pass")
    assert fingerprint(copy) == after
    copy.play("beat 8♣ 9♠")
    assert g.table and not copy.table  # the clone plays on alone
