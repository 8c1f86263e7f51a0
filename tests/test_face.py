"""The typed faces (games/face.py, issue 25): one declaration of what a bot may read of a game,
and ``SeatGame``'s forwarding held to it (R0: the seat answers as the live game does, and
offers nothing the face does not declare beyond its own seat-bound members)."""

from __future__ import annotations

import random

import pytest

from durak_edu import new_game
from durak_edu.bots import SeatGame, lowest_card_bot
from durak_edu.games.base import Game, View
from durak_edu.games.face import (GameFace, PublicFace, SearchFace, _Forwarded, forward,
                                  forward_call, members)

#: what SeatGame computes itself instead of forwarding (its view, its turn, its seat's copies)
OWN = {"trump_card", "view", "legal_actions", "check", "can_play", "redeal_hidden"}

#: one preset of each family, and the attack family's transfer and joker games
VARIANTS = [("podkidnoy", {}), ("perevodnoy", {}), ("podkidnoy", {"deck": 54}),
            ("japanese_circle", {}), ("japanese_maumau", {})]


def _played(variant: str, players: int, seed: int, moves: int, **options: object) -> Game:
    g = new_game(variant, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def _forwarded_name(cls: type, name: str) -> str | None:
    """The member of the sealed world that ``cls.name`` forwards, or ``None`` if it is its own."""
    value = vars(cls).get(name)
    if isinstance(value, _Forwarded):
        return value.name
    return getattr(value, "__forwarded__", None)


def test_each_face_declares_its_members_once_and_extends_the_one_below():
    public, game, search = members(PublicFace), members(GameFace), members(SearchFace)
    assert public == ("trump", "trump_card", "talon_size", "table", "discard", "to_act")
    assert game[:len(public)] == public and search[:len(game)] == game
    assert set(search) - set(game) == {"redeal_hidden"}
    assert len(set(search)) == len(search)
    assert {"legal_actions", "view", "check", "can_play", "result", "rules"} <= set(game)


def test_seatgame_fills_every_member_of_the_face_by_forwarding_or_by_its_own():
    # the drift check: each member is forwarded under its own name or written in SeatGame;
    # none is left as the Protocol's empty declaration, and none is both
    for name in members(SearchFace):
        assert name in vars(SeatGame), f"SeatGame leaves {name!r} to the Protocol's stub"
        target = _forwarded_name(SeatGame, name)
        if name in OWN:
            assert target is None, f"{name!r} is SeatGame's own, not forwarded"
        else:
            assert target == name, f"SeatGame.{name} forwards {target!r}"
    forwarded = {n for n in vars(SeatGame) if _forwarded_name(SeatGame, n) is not None}
    assert forwarded == set(members(SearchFace)) - OWN  # nothing forwarded outside the face


def test_every_forwarded_member_exists_on_every_engine():
    for variant, options in VARIANTS:
        g = new_game(variant, players=2, seed=1, **options)
        for name in set(members(GameFace)) - OWN:
            assert hasattr(g, name), (variant, name)


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_a_seat_answers_every_forwarded_member_as_the_live_game(variant, options):
    g = _played(variant, 3, 7, 9, **options)
    seat = g.to_act if g.to_act is not None else 0
    me = SeatGame(g, seat)
    for name in sorted(set(members(GameFace)) - OWN):
        ours, live = getattr(me, name), getattr(g, name)
        if name == "role":
            assert [ours(p) for p in range(g.players)] == [live(p) for p in range(g.players)]
        elif name == "targets":
            assert ours() == live()
        elif name == "beats":
            c, t = g.hands[seat][0], g.hands[seat][-1]
            try:
                expected = (live(c, t), live(t, c))
            except ValueError as refused:  # mau-mau: cards do not beat each other (R8)
                with pytest.raises(ValueError, match="do not beat"):
                    ours(c, t)
                assert "R8" in str(refused)
            else:
                assert (ours(c, t), ours(str(t), str(c))) == expected
        else:
            assert ours == live, name


def test_a_forwarded_list_is_the_seats_own_copy():
    g = _played("podkidnoy", 2, 3, 1)  # one card led: on the table, to beat
    me = SeatGame(g, g.to_act)
    assert me.table, "a table to change"
    me.table.clear()
    me.discard.append(g.hands[0][0])
    assert me.table == g.table and me.discard == g.discard


def test_games_seats_and_views_offer_their_faces():
    for variant, options in VARIANTS:
        g = new_game(variant, players=2, seed=2, **options)
        me = SeatGame(g, 0)
        assert isinstance(g, GameFace) and isinstance(me, SearchFace)
        assert isinstance(g.view(0), PublicFace) and isinstance(me.view(), PublicFace)
        assert not isinstance(g.view(0), GameFace)  # a view holds no choices
        assert isinstance(g, SearchFace) == (g.family == "attack")


def test_a_bot_typed_against_the_face_plays_the_game_and_the_seat_alike():
    g = _played("perevodnoy", 3, 5, 6)
    me: GameFace = SeatGame(g, g.to_act)
    live: GameFace = g
    assert lowest_card_bot(me, g.to_act) == lowest_card_bot(live, g.to_act)


def test_forwarding_refuses_what_is_not_a_faces_member():
    with pytest.raises(TypeError, match="a face's property"):
        forward(GameFace.role)
    with pytest.raises(TypeError, match="a face's method"):
        forward_call(GameFace.variant)
    with pytest.raises((TypeError, RuntimeError)) as info:  # Python < 3.12 wraps the error
        type("Wrong", (), {"players": forward(GameFace.variant)})
    error = info.value.__cause__ or info.value
    assert "Wrong.players forwards 'variant': the names differ" in str(error)


def test_a_view_is_not_a_seat():
    # the seat-bound members (hand, hand_sizes, seat) are the View's and SeatGame's, not the
    # live game's: the game has every hand (R0), so the face leaves them out
    g = new_game("podkidnoy", players=2, seed=1)
    v: View = g.view(0)
    assert v.hand == SeatGame(g, 0).hand and not hasattr(g, "hand")
