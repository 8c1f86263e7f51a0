"""The core's random playout (durak_edu.games.core.playout) plays the public API's game.

With the same generator it must choose the same move at every step as
``rng.choice(g.legal_actions())`` through the public API, and so end in the same position and
result as the API's loop; and a history-free clone's ``playout`` (the bots' and the coach's) is
the API's game too, from any position, Ctrl-C leaving it whole. (That the API's game is the old
engine's: tests/test_agreement_fixture.py.)
"""

from __future__ import annotations

import random

import pytest

from helpers import DEEP, ctrl_c, endgame, sample

from durak_edu import from_position, new_game
from durak_edu.games.core import decode
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.playout import playout
from test_core_agreement import CASES, IDS
from core_parts import core_position, core_state, game_or_skip


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_playout_is_the_api_game(name, options):
    played = 0
    for players in range(2, 7):
        for seed in sample(range(4), 2):  # the deep run: four seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            rng = random.Random(seed)
            for _ in range(5 * seed):  # from a position in the middle of play too
                if not g.is_over:
                    g.play(rng.choice(g.legal_actions()))
            st = core_state(g.clone(history=False))
            kernel = g.clone(history=False)
            twin, third = random.Random(), random.Random()
            twin.setstate(rng.getstate())
            third.setstate(rng.getstate())
            playout(st, twin.getrandbits)
            kernel.playout(third)
            while not g.is_over:  # through the public API
                g.play(rng.choice(g.legal_actions()))
            assert core_position(st) == core_position(core_state(g)) == core_position(
                core_state(kernel))
            assert decode.result(st, g.players, g.names) == g.result == kernel.result
            played += 1
    assert played >= (4 if DEEP else 2)


# -- the history-free clone's playout is the API's game, on the core itself -----------------------
# (moved from the old kernel's tests, tests/test_rollout.py, when the kernel was deleted)

#: presets and options over R2/R3 (and a few house rules) the playout meets
PLAYOUT_CASES = [
    ("podkidnoy", {}), ("japanese_spades", {"spade_turned": "reshuffle"}),
    ("podkidnoy", {"throw_in": "neighbours"}), ("podkidnoy", {"throw_one_at_a_time": True}),
    ("podkidnoy", {"taker_keeps_turn": True, "draw_order": "clockwise"}),
    ("podkidnoy", {"share_short_talon": True, "draws": False}),
    ("podkidnoy", {"deck": 24, "first_bout_limit": 6}),
    ("podkidnoy", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("perevodnoy", {}), ("perevodnoy", {"refusal": True, "transfer_by_last_card": True}),
    ("perevodnoy", {"transfer_after_beating": True, "transfer_beat_only_new": True}),
    ("prostoy", {}), ("podkidnoy_teams", {}), ("otboyny", {}), ("pokerny", {}),
    # every R4 shape: its opening from the shaped menu, the rest counted as a ranked game's
    ("prostoy_partial", {}), ("prostoy_pairs", {}), ("prostoy_pair_only", {}),
    ("prostoy_two", {}), ("tryoshka", {}), ("s_grupp", {}), ("s_grupp", {"transfer": True}),
]


def seen(g):
    """Everything a user can read of a finished game (and its knowledge tracking)."""
    return (g.result, g.hands, g.discard, g.out, g.talon_size, g.bout_number, g.attacker,
            g.defender, [g.view(p) for p in range(g.players)])


def both_ways(g, rng):
    """Play ``g`` out through the API and through a history-free clone from the same generator
    state; return both finished games."""
    fast = g.clone(history=False)
    twin = random.Random()
    twin.setstate(rng.getstate())
    fast.playout(twin)
    g.playout(rng)
    return g, fast


def random_prefix(g, rng, moves):
    while not g.is_over and moves:
        g.play(rng.choice(g.legal_actions()))
        moves -= 1
    return g


@pytest.mark.parametrize("name,options", PLAYOUT_CASES,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}"
                              for n, o in PLAYOUT_CASES])
def test_a_history_free_playout_plays_the_api_game(name, options):
    played = 0
    for players in (2, 3, 4, 6):
        for seed in sample(range(4), 2):
            try:
                g = new_game(name, players=players, seed=seed, **options)
            except ValueError:
                continue  # too many players for this deck, or teams of an odd table
            rng = random.Random(seed)
            slow, fast = both_ways(random_prefix(g, rng, 7 * seed), rng)
            assert seen(fast) == seen(slow), (name, options, players, seed)
            assert fast.is_over and fast.legal_actions() == []
            played += 1
    assert played >= 2


#: (variant, hands, options, opening moves): R2.5 a thrower out by his throw-in while the
#: defender takes; R3.1 no transfer back past the empty seat of an opener who went out (issue 12)
FIXED_CASES = [
    ("podkidnoy", ["9♣ 9♠ 6♠", "7♦ 8♦ J♦ Q♦ K♦ A♦", "9♥", "9♦ 6♥"], {"trump": "S"},
     ["attack 9♣", "take", "pass"]),
    ("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣ K♣", "7♥ 8♠ 9♠ 10♠"],
     {"trump": "H", "transfer_with_trump_on_table": True}, ["attack 7♠"]),
    ("podkidnoy", ["7♠ 9♠ K♥", "8♠ 10♦", "6♣ A♠ J♦ Q♦"], {"trump": "H"}, []),  # R2.10, R2.11
]


@pytest.mark.parametrize("name,hands,options,moves", FIXED_CASES)
def test_a_set_position_plays_out_as_the_api_plays_it(name, hands, options, moves):
    start = endgame(name, hands, **options)
    for m in moves:
        start.play(m)
    for seed in range(20):
        slow, fast = both_ways(start.clone(), random.Random(seed))
        assert seen(fast) == seen(slow), seed


def test_huge_limits_are_played_as_large_as_the_deck():
    # bout_limit is any whole number >= 1; the compiled core counts in machine integers
    g = new_game("podkidnoy", players=3, seed=2, bout_limit=2**31, first_bout_limit=2**40)
    slow, fast = both_ways(g, random.Random(4))
    assert seen(fast) == seen(slow)


def test_playout_keeps_history_and_undo_when_the_game_does():
    g = new_game("podkidnoy", seed=5)
    result = g.playout(3)
    assert g.is_over and result is g.result
    assert len(g.actions) > 10 and g.history[-1].kind == "game_over"
    g.undo()  # an ordinary game: every move was played through play()
    assert not g.is_over


def test_playout_of_a_finished_game_returns_its_result():
    g = new_game("podkidnoy", seed=5).clone(history=False)
    first = g.playout(1)
    assert g.playout(2) is first


def test_the_other_families_play_out_through_the_api():
    for name in ("japanese_circle", "japanese_maumau"):
        g = new_game(name, players=3, seed=1)
        slow, fast = both_ways(g, random.Random(8))
        assert fast.result == slow.result and fast.hands == slow.hands


def test_playout_refuses_a_bad_generator():
    g = new_game("podkidnoy", seed=1)
    with pytest.raises(TypeError, match="random.Random or an int seed"):
        g.playout("seven")


ENDLESS = """
import random, signal, sys, traceback
from durak_edu import from_position
# Ctrl-C as at a terminal: a child of a background job inherits SIGINT ignored, and Python then
# leaves it ignored (the test would wait for nothing), so put Python's own handler back
signal.signal(signal.SIGINT, signal.default_int_handler)
# R2.11 with repetition_draw=False: nothing beats anything, both always take (taker_keeps_turn),
# so the same four cards go back and forth for ever
g = from_position("podkidnoy", ["6♣ 7♦", "8♥ 9♠"], trump="none", taker_keeps_turn=True,
                  repetition_draw=False).clone(history=False)
while True:
    try:
        print("playing", flush=True)
        g.playout(random.Random(1))
    except KeyboardInterrupt as e:
        # a busy machine may deliver the signal before the game started: then play again
        if any(f.name == "playout" for f in traceback.extract_tb(e.__traceback__)):
            print("interrupted", g.is_over, g.hands, flush=True)
            break
"""


def test_an_endless_playout_stops_on_ctrl_c_and_leaves_the_game_as_it_was(tmp_path):
    """Ctrl-C stops a playout (core/playout.py: PyErr_CheckSignals every 256 moves where
    compiled; it plays on a copy of the position), and the game is as it was. The test's own
    child process takes the signal (not pytest's, whose SIGINT a shell's background job
    ignores), and each Ctrl-C waits for the child to say it is playing: no timer decides."""
    lines = ctrl_c(tmp_path, ENDLESS, "playing")
    assert lines[-1] == "interrupted False ((Card.parse('6♣'), Card.parse('7♦')), " \
                        "(Card.parse('9♠'), Card.parse('8♥')))", lines


#: endgames (three players, the talon empty, diamonds trump) whose random game with
#: ``random.Random(seed)`` is drawn by R2.11's third repetition (found on the old reference engine
#: by searching random deals: about one such game in 5,000). In the first, nothing is ever
#: discarded (one epoch); in the others a bito starts a new epoch during play, and in the last
#: the position repeated is the first of its epoch.
REPEATING = [(("K♥ 10♣", "A♣ J♥", "8♣ 9♠"), 8), (("Q♥ Q♦ 7♥", "7♠ J♦ J♥", "9♥ 8♦ 6♣"), 9),
             (("8♥ K♥ 7♣", "Q♦ J♣ 6♥", "6♠ 8♠ 10♠"), 3),
             (("J♦ Q♠ J♥", "8♥ 7♠ 8♦", "K♠ 9♦ 6♣"), 0)]


@pytest.mark.parametrize("hands,seed", REPEATING)
@pytest.mark.parametrize("moves_first", [0, 12, 30])
def test_the_core_playout_draws_by_repetition_as_the_api_game(hands, seed, moves_first):
    """R2.11 in the playout (counted by epochs: ``apply._end_bout``): the same draw, position
    and result as the API's game from the same generator, from the start of the endgame and from
    a position part-way through it, whose memory already counts positions of the current epoch;
    the memory it leaves is the API game's, for the talon and discard as they ended."""
    g = from_position("podkidnoy", list(hands), trump="D")
    api = from_position("podkidnoy", list(hands), trump="D")
    assert isinstance(api, AttackGame)
    rng, api_rng = random.Random(seed), random.Random(seed)
    while not api.is_over:  # the public API: every position counted
        api.play(api_rng.choice(api.legal_actions()))
    for _ in range(moves_first):
        g.play(rng.choice(g.legal_actions()))
    assert not g.is_over
    st = core_state(g).copy()
    twin = random.Random()
    twin.setstate(rng.getstate())
    playout(st, twin.getrandbits)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    assert g.result.draw and "third time" in g.result.reason
    assert core_position(st) == core_position(core_state(g))
    assert decode.result(st, g.players, g.names) == g.result == api.result
    now = (st.tp, len(st.discard))
    assert st.seen == {k: v for k, v in api._s.core.seen.items() if k[2:4] == now}
    assert max(st.seen.values()) == 3
    assert not st.lean  # the state is an ordinary one again (a copy or apply counts it all)
