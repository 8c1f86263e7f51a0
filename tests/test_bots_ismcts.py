"""ISMCTSBot: legal, reproducible, never reads a hidden card (R0), plays what the solver plays in a
small known ending, and for_game copies for tournaments."""

from __future__ import annotations

import pytest

from durak_edu import new_game
from durak_edu.bots import ISMCTSBot, SeatGame, lowest_card_bot, solve

from helpers import endgame, fingerprint


def _midgame(seed, steps):
    g = new_game("podkidnoy", players=2, seed=seed)
    for _ in range(steps):
        g.play(lowest_card_bot(g, g.to_act))
    return g


@pytest.mark.parametrize("playout", ["random", "greedy"])
def test_the_same_view_gives_the_same_choice_whatever_the_hidden_cards(playout):
    """Worlds that differ only in cards the seat cannot see (the opponent's hand and the talon,
    redealt consistently with its view) get the very same choice from a bot of a fixed seed:
    the bot cannot be reading them (R0)."""
    for seed, steps in ((3, 4), (8, 11)):
        g = _midgame(seed, steps)
        seat = g.to_act
        worlds = [g] + [g.redeal_hidden(seat, k) for k in range(4)]
        assert len({w.hands[1 - seat] for w in worlds}) > 1
        assert all(w.view(seat) == g.view(seat) for w in worlds)
        choices = {ISMCTSBot(iterations=40, seed=5, playout=playout)(SeatGame(w, seat), seat)
                   for w in worlds}
        assert len(choices) == 1, choices


def test_the_bot_is_legal_reproducible_and_changes_nothing():
    g = _midgame(2, 6)
    before = fingerprint(g)
    a = ISMCTSBot(iterations=30, seed=1)(g, g.to_act)
    assert a in g.legal_actions() and fingerprint(g) == before
    assert ISMCTSBot(iterations=30, seed=1)(SeatGame(g, g.to_act), g.to_act) == a
    copy = ISMCTSBot(iterations=30, seed=9).for_game(1)
    assert repr(copy) == "ISMCTSBot(iterations=30)" and copy(g, g.to_act) == a


def test_a_small_known_ending_is_played_as_the_solver_plays_it():
    g = endgame("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    value, best = solve(g)
    assert value == 1 and ISMCTSBot(iterations=5, seed=0)(g, 0) == best[0]  # attack A♥


def test_the_search_avoids_an_obvious_loss_without_the_solver():
    g = endgame("podkidnoy", ["7♠ A♥", "8♠"], trump="H")
    assert str(ISMCTSBot(iterations=200, seed=0, solve_cards=0)(g, 0)) == "attack A♥"


def test_a_forced_move_is_played_at_once_and_bad_budgets_are_refused():
    g = endgame("podkidnoy", ["A♠ 6♦", "7♣ 8♣"], trump="H")
    g.play("attack A♠")
    assert [str(a) for a in g.legal_actions()] == ["take"]  # R2.7: nothing beats the ace
    assert str(ISMCTSBot(iterations=1)(g, 1)) == "take"
    for bad in (dict(iterations=0), dict(seconds=-1), dict(solve_cards=-1), dict(playout="x")):
        with pytest.raises(ValueError):
            ISMCTSBot(**bad)


def test_where_no_world_can_be_redealt_it_plays_the_plain_heuristic():
    g = new_game("japanese_maumau", players=2, seed=3)
    assert ISMCTSBot(iterations=5)(SeatGame(g, g.to_act), g.to_act) == lowest_card_bot(g, g.to_act)


def test_the_solver_searches_a_world_redealt_for_a_bot():
    """A redealt world keeps no undo stack (SeatGame.redeal); the solver plays on copies, so it
    searches such a world as well as the game itself (R0: with an empty talon it is the game)."""
    g = endgame("podkidnoy", ["7♠ A♥ 9♦", "8♠ 10♦"], trump="H")
    world = SeatGame(g, 0).redeal(1)
    assert world.hands == g.hands
    assert solve(world) == solve(g)
