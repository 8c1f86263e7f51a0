"""The bot's seat is sealed (R0, issue 24 §1): what a bot is handed carries nothing its seat
cannot see. Each door a bot could once open is tested on its own; then the property that a
sealed seat answers exactly as the live game does, for every preset."""

from __future__ import annotations

import io
import pickle
import random
import sys

import pytest

from durak_edu import VARIANTS, new_game
from durak_edu.actions import Attack
from durak_edu.bots.seat import SeatBoundError, SeatGame
from durak_edu.cards import Card, mask_of
from durak_edu.errors import IllegalAction
from durak_edu.games.base import Game
from durak_edu.record import GameRecord


def _played(variant: str, players: int, seed: int, moves: int, **options: object) -> Game:
    """A game ``moves`` random moves in (fewer if it ends first), with its history."""
    g = new_game(variant, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def _mid_game(variant: str = "podkidnoy", players: int = 2, seed: int = 5) -> Game:
    """A game past its first bouts, to move, with cards drawn and a repetition memory."""
    for moves in range(14, 60):
        g = _played(variant, players, seed, moves)
        if not g.is_over and g._s.bout >= 2 and g.talon_size:
            return g
    raise AssertionError("no mid-game position found")


def _twin(g: Game, seat: int, rng: int = 99) -> Game:
    """Another game that agrees with ``g`` on everything ``seat`` sees, and differs in the
    hidden cards: a redeal of ``g`` from ``seat``'s view."""
    other = g.redeal_hidden(seat, random.Random(rng))
    assert other.view(seat) == g.view(seat)
    return other


def _holds_the_game(obj: object, g: Game) -> bool:
    """Does pickling ``obj`` reach the live game ``g`` or its state?"""
    found = []

    class Spy(pickle.Pickler):
        def persistent_id(self, o: object) -> None:
            if o is g or o is getattr(g, "_s", None):
                found.append(o)
            return None

    Spy(io.BytesIO()).dump(obj)
    return bool(found)


# -- door 1: the seat is read-only -----------------------------------------------------------------

def test_door1_a_bot_cannot_move_to_another_seat():
    g = new_game("podkidnoy", players=2, seed=5)
    me = SeatGame(g, 0)
    with pytest.raises(AttributeError):
        me.seat = 1
    assert me.seat == 0 and me.hand == g.hands[0]
    # forced past the property, the seat sees a redealt hand, not seat 1's real one
    try:
        object.__setattr__(me, "_SeatGame__seat", 1)
    except AttributeError:
        return
    assert me.hand != g.hands[1]


# -- door 2: a redealt world keeps no trace of the real deal ---------------------------------------

@pytest.mark.parametrize("variant, options", [
    ("podkidnoy", {}), ("perevodnoy", {}), ("podkidnoy", {"deck": 54}),
    ("podkidnoy", {"deck": 72}), ("pokerny", {}), ("s_peresdachey", {})])
def test_door2_a_redealt_world_forgets_the_deal(variant, options):
    g = new_game(variant, players=2, seed=5, **options)
    me = SeatGame(g, 0)
    world = me.redeal(random.Random(1))
    assert world.dealt_order != g.dealt_order
    assert world.deck_order == tuple(sorted(g.deck_order, key=lambda c: c.index))
    assert world.dealt_order == world.deck_order and world.seed is None
    assert getattr(world, "redeals", ()) == ()
    # and nothing of it depends on the hidden cards: a game with the same view, other hidden
    # cards, gives the same world for the same generator
    other = g.redeal_hidden(0, random.Random(1))
    again = _twin(g, 0).redeal_hidden(0, random.Random(1))
    for attr in ("deck_order", "dealt_order", "talon", "hands", "seed"):
        assert getattr(other, attr) == getattr(again, attr), attr


# -- door 3: the repetition memory is rebuilt from what the seat saw -------------------------------

def test_door3_the_repetition_memory_tells_no_hidden_hand():
    g = _mid_game()
    me = SeatGame(g, 0)
    assert g._s.seen, "the position has a memory to hide"
    unknown = mask_of(g.view(0).unknown)
    world = me.redeal(random.Random(1))
    seen = world.position_key()[-1]
    assert seen, "a memory that can still count is kept"
    for (hands, *_), _count in seen:
        for p in range(1, g.players):  # the hidden part of each hand is the world's own
            assert hands[p] & unknown == world._s.hands[p] & unknown
    assert (g.redeal_hidden(0, random.Random(1)).position_key()
            == _twin(g, 0).redeal_hidden(0, random.Random(1)).position_key())


# -- door 4: a view holds no reference to the game -------------------------------------------------

@pytest.mark.parametrize("variant", ["podkidnoy", "chukotsky", "japanese_circle"])
def test_door4_a_view_holds_no_reference_to_the_game(variant):
    g = new_game(variant, players=3, seed=5)
    for v in (g.view(0), SeatGame(g, 0).view()):
        assert getattr(v._beats, "__self__", None) is not g
        assert not _holds_the_game(v, g)
        c, t = g.hands[0][0], g.hands[0][-1]
        assert v.beats(c, t) == g.beats(c, t)


# -- door 5: the seat holds a sealed world, not the live game --------------------------------------

def test_door5_the_seat_holds_no_live_game_and_its_tracebacks_none():
    g = new_game("podkidnoy", players=2, seed=5)
    me = SeatGame(g, 1 - g.to_act)
    assert not _holds_the_game(me, g)
    assert getattr(me, "_SeatGame__game", None) is not g
    with pytest.raises(SeatBoundError) as info:
        me.legal_actions()
    tb = info.value.__traceback__.tb_next  # (the first frame is this test's own)
    while tb is not None:
        assert all(v is not g for v in tb.tb_frame.f_locals.values()), tb.tb_frame.f_code.co_name
        tb = tb.tb_next


def test_door5_a_pickled_seat_carries_no_hidden_card():
    g = _mid_game()
    twin = _twin(g, 0)
    assert twin.hands[1] != g.hands[1]
    assert pickle.dumps(SeatGame(g, 0)) == pickle.dumps(SeatGame(twin, 0))


# -- door 6: every action is checked; listed actions cannot be changed -----------------------------

def test_door6_a_listed_action_cannot_be_changed():
    g = new_game("podkidnoy", players=2, seed=5)
    a = next(x for x in g.legal_actions() if isinstance(x, Attack))
    before = g.legal_actions()
    with pytest.raises((AttributeError, TypeError)):
        object.__setattr__(a, "cards", a.cards + (Card.parse("A♠"),))
    with pytest.raises((AttributeError, TypeError)):
        object.__setattr__(a, "__dict__", {"cards": (Card.parse("A♠"),)})
    assert a.cards == before[before.index(a)].cards and g.legal_actions() == before
    fresh = new_game("podkidnoy", players=2, seed=5)
    assert fresh.legal_actions() == before
    fresh.play(a)
    assert GameRecord.from_json(fresh.record().to_json()).to_game().actions == fresh.actions


def test_door6_a_sly_action_is_checked_and_the_engine_plays_its_own_copy():
    g = new_game("podkidnoy", players=2, seed=5)
    legal = next(x for x in g.legal_actions() if isinstance(x, Attack))
    stolen = next(c for c in g.deck_order if c not in g.hands[g.to_act])

    class Sly(Attack):
        """Legal when read once, then carrying a card its seat does not hold."""
        reads = 0

        @property  # type: ignore[misc]
        def cards(self):
            Sly.reads += 1
            return legal.cards if Sly.reads == 1 else legal.cards + (stolen,)

    before = (g.hands, g.actions)
    with pytest.raises(IllegalAction) as info:
        g.play(Sly(legal.cards + (stolen,)))
    assert info.value.rule.startswith("R2") and (g.hands, g.actions) == before
    Sly.reads = 0
    g.play(Sly(legal.cards))
    assert type(g.actions[-1]) is Attack and g.actions[-1] == legal
    assert stolen not in g.table[0]


# -- the sealed seat answers as the live game does -----------------------------------------------

_SEALED = [name for name, v in VARIANTS.items()]


def _same_answers(g: Game, seat: int, me: SeatGame, probes: list) -> None:
    """``me`` (sealed, or unpickled) gives exactly what ``g`` gives ``seat``."""
    assert me.view() == g.view(seat)
    assert me.hand == g.hands[seat] and me.hand_sizes == tuple(len(h) for h in g.hands)
    assert (me.to_act, me.is_over, me.talon_size, me.table, me.discard, me.trump,
            me.trump_card, me.out, me.result) == (
        g.to_act, g.is_over, g.talon_size, g.table, g.discard, g.trump,
        g.view(seat).trump_card, g.out, g.result)  # the trump card as seen (R9.23)
    assert [me.role(p) for p in range(g.players)] == [g.role(p) for p in range(g.players)]
    assert (me.targets(), me.is_taking, me.called_suit) == (g.targets(), g.is_taking,
                                                            g.called_suit)
    if g.to_act == seat:
        assert me.legal_actions() == g.legal_actions()
    for a in probes:
        try:
            g.check(a, seat)
            live = None
        except IllegalAction as exc:
            live = (exc.rule, str(exc))
        try:
            me.check(a)
            sealed = None
        except IllegalAction as exc:
            sealed = (exc.rule, str(exc))
        assert sealed == live, a
        assert me.can_play(a) == (live is None)
    if g._beaters is not None:
        for c in g.hands[seat][:3]:
            for t in g.deck_order[:: max(1, len(g.deck_order) // 9)]:
                assert me.beats(c, t) == g.beats(c, t) == me.view().beats(c, t)


def _probes(g: Game, rng: random.Random) -> list:
    """Actions to try on every seat: the listed ones and others' cards in listed shapes."""
    listed = [] if g.is_over else g.legal_actions()
    probes = rng.sample(listed, min(6, len(listed)))
    from durak_edu.actions import Beat, Take, Pass, Transfer
    cards = rng.sample(list(g.deck_order), 3)
    probes += [Attack(cards[:1]), Beat(cards[0], cards[1]), Transfer(cards[2:]), Take(), Pass()]
    return probes


@pytest.mark.parametrize("variant", _SEALED)
def test_a_sealed_seat_answers_as_the_live_game_in_every_preset(variant):
    rng = random.Random(variant)
    for trial in range(3):
        players = rng.choice([p for p in range(2, 7) if _fits(variant, p)])
        g = new_game(variant, players=players, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 80)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_actions()))
        probes = _probes(g, rng)
        for seat in range(players):
            me = SeatGame(g, seat)
            _same_answers(g, seat, me, probes)
            back = pickle.loads(pickle.dumps(me))
            _same_answers(g, seat, back, probes)
            if me.can_redeal and not g.is_over:
                live = g.redeal_hidden(seat, random.Random(trial))
                for world in (me.redeal(random.Random(trial)), back.redeal(random.Random(trial)),
                              _twin(g, seat).redeal_hidden(seat, random.Random(trial))):
                    _same_world(live, world, seat)


def _fits(variant: str, players: int) -> bool:
    try:
        new_game(variant, players=players, seed=0)
    except ValueError:
        return False
    return True


def _same_world(a: Game, b: Game, seat: int) -> None:
    """Two redealt worlds are one: every hand, the talon, the order, the memory."""
    assert a.hands == b.hands and a.talon == b.talon and a.deck_order == b.deck_order
    assert a.view(seat) == b.view(seat) and a.position_key() == b.position_key()
    assert a.legal_actions() == b.legal_actions()
    for p in range(a.players):
        assert a.view(p) == b.view(p)


def test_a_bot_moves_alike_isolated_or_not():
    """A searching bot given the live game, that position's SeatGame pickled and back (what an
    isolated bot receives), or a game differing only in the hidden cards, chooses the same move
    for the same seed: its search depends only on the seat's view."""
    from durak_edu.bots import ISMCTSBot
    for seed in (11, 12, 13):
        g = _mid_game(seed=seed)
        seat = g.to_act
        moves = {str(ISMCTSBot(iterations=30, seed=3, solve_cards=0)(x, seat)) for x in (
            g, pickle.loads(pickle.dumps(SeatGame(g, seat))), _twin(g, seat))}
        assert len(moves) == 1, moves


def test_a_world_of_a_known_ending_remembers_what_the_live_game_does():
    """With the talon gone and every card placed (R0 deduction), the seat saw every position:
    its world is the live game, and remembers every position that can come back (R2.11), in the
    middle of a bout too."""
    checked = 0
    for seed in range(40):
        g = new_game("podkidnoy", players=2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.talon_size == 0 and not g.view(0).unknown:
                world = SeatGame(g, 0).redeal(random.Random(1))
                assert world.hands == g.hands
                live, key = g.position_key(), world.position_key()
                assert key[:-1] == live[:-1]
                drawn = len(g.talon) - g.talon_size  # the memory of this pile and talon (R2.11)
                assert key[-1] == {item for item in live[-1] if item[0][2] == drawn}
                checked += bool(key[-1])
            g.play(rng.choice(g.legal_actions()))
    assert checked > 5


def test_a_seat_says_how_it_pickles_and_unpickles_to_the_same_seat():
    """``SeatGame`` defines its pickling (its sealed world and seat), so a bot's process is sent
    exactly that; unpickled it is the same seat."""
    g = _mid_game()
    me = SeatGame(g, 0)
    assert "__reduce__" in SeatGame.__dict__
    back = pickle.loads(pickle.dumps(me))
    assert back.view() == me.view() and back.legal_actions() == g.legal_actions()
    assert back.redeal(7).hands == me.redeal(7).hands == g.redeal_hidden(0, 7).hands
