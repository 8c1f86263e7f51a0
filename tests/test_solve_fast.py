"""The fast endgame search (bots.endgame, issue 29) against the reference search it replaces.

``solve`` now searches on the engine's integer core wherever the core plays the rules; today's
minimax over ``AttackGame.play`` stays as the reference (``solve._solve_reference``) and as the
fallback. Both must give exactly the same answer — the same value and the same list of best
actions, in ``legal_actions()`` order — on seeded two-player endings of podkidnoy, perevodnoy
and prostoy (mid-bout positions too), and on the hand-made positions of ``test_solve.py``.
"""

from __future__ import annotations

import random

import pytest

from durak_edu import from_position, new_game
from durak_edu.bots import SolveError, lowest_card_bot, solve
from durak_edu.bots.endgame import fits
from durak_edu.bots.solve import _solve_reference
from durak_edu.coach import ending

from helpers import ctrl_c, fingerprint, seeded_ending


_ending = seeded_ending  # (a stop chance of 0.5, lowest-card moves 0.7)


CASES = [(v, s, most) for v, most in (("podkidnoy", 9), ("perevodnoy", 8), ("prostoy", 9),
                                      ("podkidnoy", 12))
         for s in range(12 if most < 12 else 4)]


def _agree(g) -> None:
    assert fits(g)  # the fast search is the one solve uses here
    before = fingerprint(g)
    fast = solve(g, limit=200_000)
    assert fingerprint(g) == before  # the game is not changed
    try:
        reference = _solve_reference(g, 200_000)
    except SolveError:
        pytest.skip("the reference search cannot answer within its limit")
    assert fast == reference
    assert fast[1] and all(a in g.legal_actions() for a in fast[1])


@pytest.mark.parametrize("variant,seed,most", CASES)
def test_solve_gives_the_reference_search_answer_on_seeded_endings(variant, seed, most):
    g = _ending(variant, seed, most)
    if g is None:
        pytest.skip("the game ended before such a position")
    _agree(g)


@pytest.mark.parametrize("variant,hands,trump,options", [
    ("podkidnoy", ["7♠ A♥", "8♠"], "H", {}),
    ("podkidnoy", ["9♠ J♥", "6♥ K♠"], "H", {}),  # a draw found first, a win after (R2.11)
    ("podkidnoy", ["6♠ 8♠ 10♣ Q♦ A♥ 7♦", "7♠ 9♣ J♦"], "C", {}),
    ("podkidnoy", ["6♠ 8♠ 10♣ Q♦ A♥", "7♠ 9♣ J♦ K♥ 6♦"], "C", {}),
    ("podkidnoy", ["7♠ 8♣", "7♣ 8♠"], "H", {"taker_keeps_turn": True}),  # R2.11 draw
    ("perevodnoy", ["9♣ 6♣ 6♠", "6♥ 9♠"], "S", {}),  # R3: a transfer taken back
    ("perevodnoy", ["7♦ 7♣", "7♥ 8♥"], "H", {}),  # R3.4 proezdnoy
    ("perevodnoy", ["J♠ 10♦", "10♣ Q♦ A♠"], "D", {}),
    ("prostoy", ["6♠ 6♣ 9♦ K♥", "7♠ 8♣ 9♥ Q♦"], "H", {}),  # R4 shapes
    # twins (6♣ 7♣; 7♠ 8♠; 6♣ 7♣ 8♣: no other card of their ranks, none of their suit between
    # them): one question for a card and its twin, wins with some first moves only
    ("podkidnoy", ["6♣ 7♣ A♥ 9♦", "K♠ 10♦ Q♣"], "H", {}),
    ("podkidnoy", ["7♠ 8♠ A♦ J♥", "Q♠ 10♥ 6♣"], "D", {}),
    ("podkidnoy", ["6♣ 7♣ 8♣ Q♠", "K♠ 9♥ A♣"], "S", {}),
])
def test_solve_gives_the_reference_search_answer_on_hand_made_positions(variant, hands, trump,
                                                                        options):
    for attacker in (0, 1):
        _agree(from_position(variant, hands, trump=trump, attacker=attacker, **options))


def _deal(variant: str, seed: int, each: int):
    """A seeded two-player ending of ``each`` cards to each player, drawn from the 36, a
    seeded trump and attacker, the talon empty (as ``benchmarks/coach.py``'s deals)."""
    from durak_edu import deck
    rng = random.Random(seed)
    cards = rng.sample(deck(36), 2 * each)
    return from_position(variant, [cards[:each], cards[each:]], trump=rng.choice("SCDH"),
                         attacker=rng.randrange(2))


@pytest.mark.parametrize("variant,seed,each", [(v, s, e) for v in ("podkidnoy", "bezkozyrny")
                                               for s in range(8) for e in (4, 5)])
def test_solve_gives_the_reference_search_answer_on_random_deals(variant, seed, each):
    # a property over random endings: the value and every best first move, as the reference
    _agree(_deal(variant, 1000 * each + seed, each))


def test_the_coach_values_every_move_as_the_reference_search_does(monkeypatch):
    games = [g for g in (_ending("podkidnoy", s, 10) for s in range(6)) if g is not None]
    games += [g for g in (_ending("perevodnoy", s, 8) for s in range(4)) if g is not None]
    games += [_deal("podkidnoy", s, 5) for s in range(4)]
    games += [from_position("podkidnoy", ["6♣ 7♣ A♥ 9♦", "K♠ 10♦ Q♣"], trump="H"),
              from_position("podkidnoy", ["7♠ 8♠ A♦ J♥", "Q♠ 10♥ 6♣"], trump="D")]
    fast = [ending.move_values(g, limit=200_000) for g in games]
    monkeypatch.setattr(ending, "fits", lambda game: False)  # the reference minimax
    assert fast == [ending.move_values(g, limit=200_000) for g in games]


def test_what_the_core_does_not_play_goes_to_the_reference_search():
    # R2.11 off: a position can come back for ever, and only the reference says so
    g = from_position("podkidnoy", ["7♠ 8♣", "7♣ 8♠"], trump="H", taker_keeps_turn=True,
                      repetition_draw=False)
    assert not fits(g)
    with pytest.raises(SolveError, match="comes back for ever"):
        solve(g)


def test_a_twelve_card_ending_the_reference_refused_at_the_coachs_limit_is_solved():
    # issue 29: benchmarks/coach.py's ending of seed 8 (6 against 6, podkidnoy, the talon
    # empty): the reference search passes 15,000 positions (the coach's limit once); the fast
    # one does not
    g = new_game("podkidnoy", players=2, seed=8)
    while g.talon_size or sum(map(len, g.hands)) > 12:
        g.play(lowest_card_bot(g, g.to_act))
    assert [len(h) for h in g.hands] == [6, 6]
    values = ending.move_values(g, limit=15_000)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ending, "fits", lambda game: False)
        with pytest.raises(ending.TooBig, match="more than the limit of 15,000 positions"):
            ending.move_values(g, limit=15_000)
        assert ending.move_values(g, limit=200_000) == values


def test_an_eight_against_eight_deal_once_too_big_is_solved_within_the_coachs_limit():
    # issue 29: benchmarks/coach.py's deal of seed 8 (8 against 8, podkidnoy, the talon empty):
    # the search of 6766768 met 1,000,000 positions without every move's value; the search
    # with every move and the ranks in place (no one-card game, no closing up) needs 623,740
    # for the root's value alone. Now every move's value fits the coach's 60,000, and solve
    # agrees with it
    import random

    from durak_edu import deck
    rng = random.Random(8)
    cards = rng.sample(deck(36), 16)
    g = from_position("podkidnoy", [cards[:8], cards[8:]], trump=rng.choice("SCDH"), attacker=0)
    values = ending.move_values(g)  # the coach's limit: no TooBig
    value, best = solve(g)
    assert value == max(v for _, v in values)
    assert best == [a for a, v in values if v == value]


def test_the_search_s_source_runs_as_plain_python_on_a_compiled_core():
    # setup.py's extensions are optional, and a tree may hold the core's .so files but not the
    # search's: core/solver.py then runs as plain Python on the compiled state (whose C arrays
    # plain Python cannot see) and must give the same values
    import importlib.util
    from pathlib import Path

    import durak_edu.games.core as core
    from durak_edu.bots.endgame import Endgame

    spec = importlib.util.spec_from_file_location("durak_edu.games.core._solver_source",
                                                  Path(core.__file__).parent / "solver.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    for g in [_deal("podkidnoy", s, 5) for s in range(3)] + [_ending("perevodnoy", 1, 8)]:
        assert g is not None
        fast, plain = Endgame(g, 200_000), source.Search(g._s.core, 200_000)
        assert ([fast.exact(fast.child(m)) for m in fast.root_moves()]
                == [plain.exact(plain.child(m)) for m in plain.root_moves()])


#: a search far beyond any limit a caller would set (11 against 11, the talon empty): minutes of
#: positions, had Ctrl-C to wait for its end
HUGE = """
import random, signal, traceback
from durak_edu import deck, from_position
from durak_edu.bots import solve
signal.signal(signal.SIGINT, signal.default_int_handler)  # (see helpers.ctrl_c)
rng = random.Random(5)
cards = rng.sample(deck(36), 22)
g = from_position("podkidnoy", [cards[:11], cards[11:]], trump="S")
before = g.legal_actions()
while True:
    try:
        print("searching", flush=True)
        solve(g, 10**9)
        print("finished", flush=True)
        break
    except KeyboardInterrupt as e:
        # a busy machine may deliver the signal before the search started: then search again
        if any(f.name.endswith("_value") for f in traceback.extract_tb(e.__traceback__)):
            print("interrupted", g.legal_actions() == before, g.to_act, flush=True)
            break
"""


def test_ctrl_c_stops_a_long_search_and_leaves_the_game_as_it_was(tmp_path):
    """A learner who asks ``solve`` for a huge limit can stop it: the compiled search looks for
    Ctrl-C every 4,096 new positions (plain Python: the interpreter does), and the game it was
    asked about is unchanged (the search plays on copies)."""
    lines = ctrl_c(tmp_path, HUGE, "searching")
    assert lines[-1] == "interrupted True 0", lines
