"""``Game.playout`` and the simulation kernels behind it (durak_edu.games.rollout).

A kernel must play *the same game* as the public API: with the same random generator it has to
choose the same move at every step, because it counts the legal actions in the order
``legal_actions()`` lists them and draws the index as ``rng.choice`` does. So every test here plays
a position out both ways and compares everything a user can see at the end, once with the Python
kernel and once compiled (the same file, rollout.py, built by Cython; CI must have built it).
"""

import os
import random

import pytest
from hypothesis import given, strategies as st

from durak_edu import VARIANTS, new_game
from durak_edu.games import rollout
from durak_edu.games.rollout import supports, to_rank_major, to_suit_major

from helpers import endgame

#: the presets and options the kernel plays itself (everything else goes through the API)
KERNEL_CASES = [
    ("podkidnoy", {}),
    ("japanese_spades", {}),
    ("japanese_diamonds", {}),
    ("japanese_spades", {"spade_turned": "reshuffle"}),
    ("podkidnoy", {"throw_in": "neighbours"}),
    ("podkidnoy", {"throw_in": "attacker"}),
    ("podkidnoy", {"throw_in": "none"}),
    ("podkidnoy", {"throw_in_ranks": "attack"}),
    ("podkidnoy", {"throw_one_at_a_time": True}),
    ("podkidnoy", {"taker_keeps_turn": True}),
    ("podkidnoy", {"draw_order": "clockwise"}),
    ("podkidnoy", {"share_short_talon": True}),
    ("podkidnoy", {"draws": False}),
    ("podkidnoy", {"epaulettes_need_plain_six": True}),
    ("podkidnoy", {"deck": 52}),
    ("podkidnoy", {"deck": 24, "first_bout_limit": 6}),
    ("podkidnoy", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("podkidnoy", {"bout_limit": 4, "first_bout_limit": 3, "hand_size": 5}),
    ("perevodnoy", {}),
    ("perevodnoy", {"transfer_in_first_bout": True, "transfer_with_trump_on_table": True}),
    ("perevodnoy", {"transfer_by_last_card": True, "proezdnoy": False}),
    ("perevodnoy", {"transfer_after_beating": True}),
    ("perevodnoy", {"transfer_beat_only_new": True, "transfer_in_first_bout": True}),
    ("perevodnoy", {"refusal": True}),
    ("perevodnoy", {"refusal": True, "transfer_by_last_card": True, "deck": 24,
                    "transfer_in_first_bout": True}),
]


KERNELS = pytest.mark.parametrize("which", ["python", "compiled"])


def kernel(which):
    """Play with the plain-Python kernel or the compiled one (CI must have built it)."""
    if which == "compiled" and rollout.KERNEL != "compiled":
        message = ("the compiled kernel (durak_edu/games/rollout.py built by Cython) was not "
                   "built: install a C compiler (gcc) and run pip install -e . again")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return rollout.use_kernel(which)


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


@KERNELS
@pytest.mark.parametrize("name,options", KERNEL_CASES,
                         ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}"
                              for n, o in KERNEL_CASES])
def test_the_kernel_plays_the_same_games_as_the_api(which, name, options):
    played = 0
    for players in range(2, 7):
        for seed in range(4):
            try:
                g = new_game(name, players=players, seed=seed, **options)
            except ValueError:
                continue  # too many players for this deck
            assert supports(g)
            rng = random.Random(seed)
            with kernel(which):
                slow, fast = both_ways(random_prefix(g, rng, 7 * seed), rng)
            assert seen(fast) == seen(slow), (name, options, players, seed)
            played += 1
    assert played >= 8


@KERNELS
@given(case=st.sampled_from(KERNEL_CASES), players=st.integers(2, 6),
       seed=st.integers(0, 2**32 - 1), prefix=st.integers(0, 120))
def test_property_kernel_and_api_agree_from_any_position(which, case, players, seed, prefix):
    name, options = case
    try:
        g = new_game(name, players=players, seed=seed, **options)
    except ValueError:
        return
    rng = random.Random(seed)
    with kernel(which):
        slow, fast = both_ways(random_prefix(g, rng, prefix), rng)
    assert seen(fast) == seen(slow)
    assert fast.is_over and fast.legal_actions() == []


@KERNELS
def test_the_kernel_plays_out_a_set_position(which):
    # an endgame set up by hand: the talon is empty and three players hold cards (R2.10, R2.11)
    g = endgame("podkidnoy", ["7♠ 9♠ K♥", "8♠ 10♦", "6♣ A♠ J♦ Q♦"], attacker=1, trump="H")
    for seed in range(20):
        with kernel(which):
            slow, fast = both_ways(g.clone(), random.Random(seed))
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


def test_families_without_a_kernel_play_out_through_the_api():
    for name in ("prostoy", "prostoy_partial", "podkidnoy_teams", "japanese_circle", "japanese_maumau"):
        players = 4 if "teams" in name else 3
        g = new_game(name, players=players, seed=1)
        assert not (g.family == "attack" and supports(g))
        slow, fast = both_ways(g, random.Random(8))
        assert fast.result == slow.result and fast.hands == slow.hands


def test_playout_refuses_a_bad_generator():
    g = new_game("podkidnoy", seed=1)
    with pytest.raises(TypeError, match="random.Random or an int seed"):
        g.playout("seven")


def test_rank_major_masks_round_trip():
    rng = random.Random(0)
    for _ in range(200):
        m = rng.getrandbits(52)
        assert to_suit_major(to_rank_major(m)) == m
    # the lowest rank-major bit is the card legal_actions() lists first: by rank, then suit
    hand = new_game("podkidnoy", seed=4)._s.hands[0]
    low = to_rank_major(hand) & -to_rank_major(hand)
    first = min((c for c in new_game("podkidnoy", seed=4).hands[0]), key=lambda c: (c.rank, c.suit))
    assert to_suit_major(low) == first.mask


def test_supports_names_what_the_kernel_leaves_to_the_api():
    kernel = {n for n, v in VARIANTS.items() if v.family == "attack"
              and supports(new_game(n, players=4 if v.rules.teams else 2, seed=0))}
    # R9.1, R9.9, R9.20: gallery presets made only of options the kernel models play fast too
    assert kernel == {"podkidnoy", "perevodnoy", "japanese_spades", "japanese_diamonds",
                      "bezkozyrny", "dobry", "besppodkidny"}


# -- positions where the rules were once read differently (issue 12) ------------------------------

#: (variant, hands, options, opening moves): R2.5 a thrower out by his throw-in while the
#: defender takes; R3.1 no transfer back past the empty seat of an opener who went out
FIXED_CASES = [
    ("podkidnoy", ["9♣ 9♠ 6♠", "7♦ 8♦ J♦ Q♦ K♦ A♦", "9♥", "9♦ 6♥"], {"trump": "S"},
     ["attack 9♣", "take", "pass"]),
    ("podkidnoy", ["9♣ 9♠", "7♦ 8♦ J♦ Q♦ K♦ A♦", "9♥ 6♥", "9♦ 6♣"], {"trump": "S"},
     ["attack 9♣", "take"]),
    ("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣"], {"trump": "H"}, ["attack 7♠"]),
    ("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣ K♣", "7♥ 8♠ 9♠ 10♠"],
     {"trump": "none"}, ["attack 7♠"]),
    ("perevodnoy", ["7♠", "7♣ 8♦ 9♦ 10♦ J♦", "7♦ 8♣ 9♣ K♣", "7♥ 8♠ 9♠ 10♠"],
     {"trump": "H", "transfer_with_trump_on_table": True}, ["attack 7♠"]),
]


@KERNELS
@pytest.mark.parametrize("name,hands,options,moves", FIXED_CASES)
def test_the_kernel_follows_R2_5_and_R3_1_where_they_were_misread(which, name, hands, options,
                                                                  moves):
    start = endgame(name, hands, **options)
    for m in moves:
        start.play(m)
    for seed in range(40):
        with kernel(which):
            slow, fast = both_ways(start.clone(), random.Random(seed))
        assert seen(fast) == seen(slow), seed


#: values outside the kernel's allow-list, where "the other boolean" is not one (R9 options)
OUTSIDE = {"deck": (53, 54, 72), "jokers": ("novosibirsk", "by_colour", "own_colour"),
           "hand_loses_at": (52,),
           "scoring": ("ochkovy", "pogonny", "figurny")}
#: what an option's other value needs to be valid: the joker readings need 54 cards, twins 72
#: and krestovy's clubs apart and first phase (R9.38) a trump named before the deal
NEEDS = {"jokers": {"deck": 54}, "twin_beats": {"deck": 72}, "clubs_apart": {"trump": "fixed:D"},
         "one_higher_phase": {"trump": "fixed:D"},
         "trump_six_for_ace": {"trump_six_exchange": True}}  # R9.46 narrows R9.26


def test_every_rules_option_is_either_modelled_by_the_kernels_or_sent_to_the_api():
    import dataclasses
    from durak_edu.rules import Rules
    names = {f.name for f in dataclasses.fields(Rules)}
    assert names == set(rollout.MODELLED), (
        "a Rules option the kernel does not know: list it in rollout.MODELLED with the values "
        f"the kernel plays, or with only its default so the API plays it: {names ^ set(rollout.MODELLED)}")
    # a value outside the allow-list goes to the API
    for field, allowed in rollout.MODELLED.items():
        if allowed is None:
            continue
        for value in OUTSIDE.get(field) or {"rank": ("pairs",), False: (True,)}[next(iter(allowed))]:
            g = new_game("podkidnoy_teams" if field == "teams" else "podkidnoy",
                         players=4, seed=1, **NEEDS.get(field, {}), **{field: value})
            assert not supports(g), field


def test_an_option_added_to_rules_later_is_never_silently_played_by_the_kernel():
    import dataclasses
    from durak_edu.rules import Rules

    @dataclasses.dataclass(frozen=True)
    class Later(Rules):
        swap_with_talon: bool = False  # an option no kernel knows

    g = new_game("podkidnoy", seed=3)
    assert supports(g)
    g.rules = Later()
    assert not supports(g)  # the API plays it: playout still works
    assert g.clone(history=False).playout(1) is not None


@KERNELS
def test_huge_limits_are_played_as_large_as_the_deck(which):
    # bout_limit is any whole number >= 1; the compiled kernel counts in machine integers
    g = new_game("podkidnoy", players=3, seed=2, bout_limit=2**31, first_bout_limit=2**40)
    assert rollout.kernel_config(g)["bout_limit"] == 36
    with kernel(which):
        slow, fast = both_ways(g, random.Random(4))
    assert seen(fast) == seen(slow)


ENDLESS = """
import random, signal, sys, traceback
# Ctrl-C as at a terminal: a child of a background job inherits SIGINT ignored, and Python then
# leaves it ignored (the test would wait for nothing), so put Python's own handler back
signal.signal(signal.SIGINT, signal.default_int_handler)
from durak_edu import from_position
from durak_edu.games.new import _engine
# R2.11 with repetition_draw=False: nothing beats anything, both always take (taker_keeps_turn),
# so the same four cards go back and forth for ever; built on the engine sys.argv[2] names
with _engine(sys.argv[2]):
    g = from_position("podkidnoy", ["6♣ 7♦", "8♥ 9♠"], trump="none", taker_keeps_turn=True,
                      repetition_draw=False).clone(history=False)
import durak_edu.games.rollout as k
while True:
    try:
        print("playing", flush=True)
        with k.use_kernel(sys.argv[1]):
            g.playout(random.Random(1))
    except KeyboardInterrupt as e:
        # a busy machine may deliver the signal before the game started: then play again
        if any(f.name == "playout" for f in traceback.extract_tb(e.__traceback__)):
            print("interrupted", type(g).__name__, g.is_over, g.hands, flush=True)
            break
"""


@KERNELS
def test_an_endless_playout_stops_on_ctrl_c_and_leaves_the_game_as_it_was(which, tmp_path):
    """Ctrl-C stops a playout, and the game is as it was. The test's own child process takes the
    signal (not pytest's, whose SIGINT a shell's background job ignores), and each Ctrl-C waits
    for the child to say it is playing: no timer decides the outcome."""
    if which == "compiled" and rollout.KERNEL != "compiled":
        pytest.skip("the compiled kernel was not built")
    _interrupted(tmp_path, which, "reference", "AttackGame")


def test_an_endless_core_playout_stops_on_ctrl_c_and_leaves_the_game_as_it_was(tmp_path):
    # the core's loop (core/playout.py: PyErr_CheckSignals every 256 moves where compiled)
    # plays on a copy of the position, so the interrupted game is as it was
    _interrupted(tmp_path, "python", "core", "CoreGame")


def _interrupted(tmp_path, which: str, engine: str, game: str) -> None:
    """Run ENDLESS on ``engine`` (a ``game``) and Ctrl-C it until its playout is interrupted;
    check that the game is as it was."""
    import queue
    import signal
    import subprocess
    import sys
    import threading
    import time
    script = tmp_path / "endless.py"
    script.write_text(ENDLESS, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script), which, engine], stdout=subprocess.PIPE,
                            text=True)
    said: queue.Queue = queue.Queue()           # the child's lines, read without blocking the test
    threading.Thread(target=lambda: [said.put(s.strip()) for s in proc.stdout], daemon=True).start()
    lines = []
    try:
        deadline = time.monotonic() + 120        # a generous bound for a loaded machine
        while not lines or lines[-1] == "playing":
            lines.append(said.get(timeout=max(0.0, deadline - time.monotonic())))
            if lines[-1] == "playing":
                time.sleep(0.2)                  # let it get into the game (not required)
                proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    except queue.Empty:
        pytest.fail(f"the playout did not stop on Ctrl-C within 120 s; it said {lines}")
    finally:
        proc.kill()
    assert lines[-1] == f"interrupted {game} False ((Card.parse('6♣'), Card.parse('7♦')), " \
                        "(Card.parse('9♠'), Card.parse('8♥')))", lines


def test_the_kernels_documented_examples_hold():
    # pytest cannot collect the examples of a compiled module: run them on the source
    import doctest
    failed, tried = doctest.testmod(rollout.python_kernel(), verbose=False)
    assert tried and not failed


def test_the_compiled_kernel_is_this_very_file():
    """One source: where it is compiled, the plain-Python kernel is the .py beside it."""
    import pathlib
    source = pathlib.Path(rollout.python_kernel().__file__)
    assert source.suffix == ".py" and source.stem == "rollout"
    if rollout.KERNEL == "compiled":
        assert pathlib.Path(rollout.__file__).parent == source.parent
        assert rollout.python_kernel().KERNEL == "python"
    with pytest.raises(ValueError, match="not a kernel"):
        rollout.use_kernel("twin").__enter__()


@KERNELS
@given(seed=st.integers(0, 2**64), size=st.sampled_from([20, 24, 32, 36, 52, 54]))
def test_the_kernel_shuffles_exactly_as_random_does(which, seed, size):
    # new_game deals from this shuffle: the same seed must give the same game everywhere
    with kernel(which):
        mine = rollout.shuffle if which == "compiled" else rollout.python_kernel().shuffle
        a, b = list(range(size)), list(range(size))
        random.Random(seed).shuffle(a)
        mine(b, random.Random(seed))
    assert a == b


def test_a_generator_of_its_own_shuffles_its_own_way():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()
    items = list(range(5))
    rollout.shuffle(items, Reversing(1))
    assert items == [4, 3, 2, 1, 0]
