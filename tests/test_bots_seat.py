"""The seat-bound view (bots.SeatGame): a bot sees what its seat may see and changes nothing (R0)."""

from __future__ import annotations

import random

import pytest

from durak_edu import new_game
from durak_edu.bots import MonteCarloBot, SeatBoundError, SeatGame, lowest_card_bot, random_bot

from helpers import fingerprint


def _midgame(seed=4, steps=9):
    g = new_game("podkidnoy", players=2, seed=seed)
    for _ in range(steps):
        g.play(lowest_card_bot(g, g.to_act))
    return g


def test_a_seat_sees_its_hand_the_public_state_and_its_choices():
    g = _midgame()
    me = SeatGame(g, g.to_act)
    assert me.hand == g.hands[me.seat]
    assert me.hand_sizes == tuple(len(h) for h in g.hands)
    assert (me.table, me.discard, me.talon_size, me.trump, me.trump_card) == (
        g.table, g.discard, g.talon_size, g.trump, g.trump_card)
    assert me.view() == g.view(me.seat) == me.view(me.seat)
    assert me.legal_actions() == g.legal_actions()
    assert me.can_play(g.legal_actions()[0]) and me.rules is g.rules


def test_a_seat_may_not_see_another_hand_or_act_out_of_turn():
    g = _midgame()
    other = SeatGame(g, 1 - g.to_act)
    with pytest.raises(SeatBoundError, match="R0: seat .* may not see the other hands"):
        other.hands
    with pytest.raises(SeatBoundError, match="may see only its own view"):
        other.view(g.to_act)
    with pytest.raises(SeatBoundError, match="not seat .*'s turn"):
        other.legal_actions()
    with pytest.raises(AttributeError, match="a bot's game has no 'deck_order'"):
        other.deck_order


def test_a_seat_cannot_change_the_game():
    g = _midgame()
    me = SeatGame(g, g.to_act)
    before = fingerprint(g)
    for attempt in (lambda: me.play(g.legal_actions()[0]), me.undo, me.clone):
        with pytest.raises(SeatBoundError, match="R0"):
            attempt()
    with pytest.raises(AttributeError):
        me.seat_game = 1  # no new attributes: __slots__
    assert fingerprint(g) == before


def test_a_redealt_copy_keeps_the_view_and_forgets_the_real_deal():
    g = _midgame(seed=11, steps=14)
    seat = g.to_act
    me = SeatGame(g, seat)
    world = me.redeal(random.Random(3))
    assert world.view(seat) == g.view(seat)
    assert world.hands[seat] == g.hands[seat]
    assert world.seed is None and world.deck_order == tuple(sorted(g.deck_order))
    drawn = len(g.talon) - g.talon_size
    assert drawn > 0 and world.talon[:drawn] != g.talon[:drawn]
    # every world of the same view is dealt from the view alone: the same rng, the same world
    twin = SeatGame(g.redeal_hidden(seat, 99), seat).redeal(random.Random(3))
    assert twin.hands == world.hands and twin.talon == world.talon
    before = fingerprint(g)
    world.playout(1)  # the copy is the bot's own to play
    assert fingerprint(g) == before


def test_the_existing_bots_choose_alike_on_the_game_and_on_its_seat_view():
    for seed in range(4):
        g = _midgame(seed=seed, steps=5)
        me = SeatGame(g, g.to_act)
        assert lowest_card_bot(me, me.seat) == lowest_card_bot(g, g.to_act)
        assert random_bot(me, me.seat) == random_bot(g, g.to_act)
        assert (MonteCarloBot(playouts=3, seed=seed)(me, me.seat)
                == MonteCarloBot(playouts=3, seed=seed)(g, g.to_act))


def test_redeal_is_refused_where_the_family_has_none():
    g = new_game("japanese_maumau", players=2, seed=1)
    with pytest.raises(ValueError, match="offers no redealt copies"):
        SeatGame(g, 0).redeal(1)
    with pytest.raises(ValueError, match="seat must be"):
        SeatGame(g, 2)
