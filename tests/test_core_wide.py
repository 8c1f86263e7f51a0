"""The 72-card presets (R9.21 bolshoy, R9.29 dvoynoy) on the core's wide copy
(``durak_edu.games.wide``: the core's sources loaded a second time as plain Python, two decks'
layout) on the core's own invariants, as the other presets are held to the core
(tests/core_parts.py; the agreement with the old engine: tests/test_agreement_fixture.py):

* the loader: a plain-Python copy beside the compiled core, which it leaves as it is, imported
  only when a 72-card game asks, its games pickled and loaded in another process;
* ``new_game`` builds the 72-card games on it, and refuses the options it does not play;
* invariants: the moves decoded are the legal list, count/nth, refusals with a clause and the
  game unchanged, undo and clone exact, records that replay, 2-8 players, new games and
  ``from_position`` positions; the deal (every card once, each twin its own); random playouts;
  R9.21's limit reached (and on one deck's compiled core);
* properties: no card lost or duplicated, every game ends, undo and clone exact.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP, sample

from durak_edu import IllegalAction, from_position, new_game
from durak_edu.cards import Card
from durak_edu.games.core import bits as narrow_bits
from durak_edu.games.core.game import AttackGame
from durak_edu.games.core.state import supports as narrow_supports
from durak_edu.games.wide import WIDE, core_wide

from core_parts import CORE, game_or_skip, ids, invariants, random_position, wide_core
from test_core_agreement import CASES as ONE_DECK_CASES

WideGame = core_wide("game").AttackGame
W = wide_core()

#: the 72-card presets, and options on them (each part and R2/R3 rule that reads the layout)
CASES = [
    ("bolshoy", {}),
    ("dvoynoy", {}),
    ("bolshoy", {"hand_loses_at": 10}),              # R9.21 reached often
    ("dvoynoy", {"hand_loses_at": 9}),               # R9.21 with R9.29
    ("perevodnoy", {"deck": 72}),                    # R3 with twins: two trumps to show
    ("perevodnoy", {"deck": 72, "twin_beats": True, "hand_loses_at": 12}),
    ("bolshoy", {"throw_in": "neighbours", "throw_in_ranks": "attack"}),
    ("dvoynoy", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("bolshoy", {"partial_take": True, "taker_keeps_turn": True}),
]
IDS = ids(CASES)


# -- the loader -----------------------------------------------------------------------------------

def test_the_wide_copy_is_the_cores_sources_as_plain_python_beside_the_compiled_core():
    wide_bits = core_wide("bits")
    assert wide_bits.WIDE and not narrow_bits.WIDE
    assert wide_bits is not narrow_bits and wide_bits.__name__ == f"{WIDE}.bits"
    for name in ("bits", "state", "moves", "apply", "playout", "game", "house.twin_beats"):
        module = core_wide(name)
        assert module.__file__.endswith(name.replace(".", "/") + ".py")  # never a .so
    # two decks: 8 cards a rank, a card's twin the next position, both in the listing order
    seven, twin = Card.parse("7♥"), Card.parse("7♥'")
    pos = core_wide("layout").POSITIONS
    assert pos[twin.index] == pos[seven.index] + 1 and wide_bits.MOST_OF_RANK == 8
    # the compiled core keeps its own layout, and refuses the second deck's cards
    assert narrow_bits.RANK == 0xF and narrow_bits.MOVE_SHIFT == 59
    g = new_game("bolshoy", seed=1)
    assert not narrow_supports(g)
    assert W.state.supports(g)


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True, timeout=300).stdout.strip()


def test_the_wide_copy_is_imported_only_when_a_72_card_game_asks():
    out = _run("import sys\nfrom durak_edu import new_game\n"
               f"has = lambda: any(m.startswith({WIDE!r}) for m in sys.modules)\n"
               "new_game('perevodnoy', players=3, seed=1).legal_actions()\n"
               "before = has()\n"
               "g = new_game('dvoynoy', players=3, seed=1)\n"
               "print(before, has(), type(g).__module__)")
    assert out == f"False True {WIDE}.game"


def test_a_wide_game_is_pickled_and_loaded_in_a_fresh_process():
    g = new_game("bolshoy", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        g.play(rng.choice(g.legal_actions()))
    data = pickle.dumps(g)
    out = _run(f"import pickle\ng = pickle.loads({data!r})\n"
               "print(type(g).__module__, g.to_act, len(g.legal_actions()), g.talon_size)")
    assert out == f"{WIDE}.game {g.to_act} {len(g.legal_actions())} {g.talon_size}"


# -- new_game's routing ---------------------------------------------------------------------------

def test_new_game_plays_the_72_card_presets_on_the_wide_copy():
    for name in ("bolshoy", "dvoynoy"):
        g = new_game(name, players=4, seed=2)
        assert type(g) is WideGame and g.variant == name
        p = from_position(name, ["7S 7S'", "QS 8H"], trump="H")
        assert type(p) is WideGame
        assert [str(a) for a in p.legal_actions()] == ["attack 7♠", "attack 7♠'",
                                                       "attack 7♠ 7♠'"]
    # an option the wide copy does not play (R4's shapes): refused, naming the clash
    with pytest.raises(ValueError, match=r"bolshoy with .*R4 \(attack_shape='pairs'\) is not "
                                         r"played with two decks"):
        new_game("bolshoy", seed=2, attack_shape="pairs")


# -- the invariants ------------------------------------------------------------------------------

@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_wide_copy_holds_its_invariants_in_new_games(name, options):
    played = 0
    for players in sample(range(2, 9), 3):  # 2, 5, 8; every size in the deep run
        for seed in sample(range(3), 1):
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            assert type(g) is WideGame
            assert invariants(g, random.Random(100 * players + seed), 4, core=W) > 0
            played += 1
    assert played >= 3


def test_the_wide_copy_holds_its_invariants_from_set_positions():
    played = 0
    for seed in sample(range(40), 16):
        rng = random.Random(seed)
        name, options = CASES[seed % len(CASES)]
        g = random_position(rng, name, 2 + seed % 7, options)
        if g is not None:
            invariants(g, rng, 4, core=W)
            played += 1
    assert played >= (24 if DEEP else 8)


@pytest.mark.parametrize("case", range(6), ids=IDS[:6])
def test_the_wide_copy_holds_its_invariants_at_more_table_sizes(case):
    # the quick run one table size a case (2, 3, 5 and 8 among them), the deep run four
    name, options = CASES[case]
    sizes = (2, 3, 5, 8)
    for players in sizes if DEEP else sizes[case % 4:case % 4 + 1]:
        g = game_or_skip(name, players, players, options)
        assert g is not None
        invariants(g, random.Random(players), 4, core=W)


def test_the_wide_copy_plays_set_positions_through_the_public_api():
    for seed in sample(range(12), 5):
        rng = random.Random(seed)
        name, options = CASES[seed % 4]
        g = random_position(rng, name, 2 + seed % 5, options)
        if g is not None:
            assert type(g) is WideGame
            invariants(g, rng, 4, core=W)


@pytest.mark.parametrize("name,options", ONE_DECK_CASES[:30:3], ids=ids(ONE_DECK_CASES[:30:3]))
def test_the_wide_layout_plays_one_deck_games_as_the_compiled_core(name, options):
    # the same rules in the other layout: a one-deck game dealt on the wide copy lists the
    # same moves and ends the same as on the compiled core
    for players in (2, 4):
        g = game_or_skip(name, players, players, options)
        if g is None:
            continue
        wide = WideGame.dealt(g.variant, g.rules, g.players, g.deck_order, names=g.names,
                              seed=g.seed, dealer=g.dealer, lead=g.lead)
        rng = random.Random(players)
        while not g.is_over:
            assert wide.legal_actions() == g.legal_actions() and wide.hands == g.hands
            act = rng.choice(g.legal_actions())
            assert wide.play(act) == g.play(act)
        assert wide.result == g.result


# -- R9.21: a hand of hand_loses_at cards loses at once -----------------------------------------

def _over_by_r921(g) -> bool:
    return g.result is not None and "(R9.21)" in g.result.reason


@pytest.mark.parametrize("name,options,engine", [
    ("bolshoy", {"hand_loses_at": 10}, WideGame),
    ("dvoynoy", {"hand_loses_at": 9}, WideGame),
    ("podkidnoy", {"hand_loses_at": 9}, AttackGame),   # one deck: the compiled core's part
    ("perevodnoy", {"hand_loses_at": 8}, AttackGame),
    ("podkidnoy", {"hand_loses_at": 8, "take_first_only": True}, AttackGame),
])
def test_a_hand_of_the_limit_ends_the_game(name, options, engine):
    ended = 0
    for seed in range(12):
        g = game_or_skip(name, 2 + seed % 4, seed, options)
        assert type(g) is engine
        invariants(g, random.Random(seed), 4, core=W if engine is WideGame else CORE)
        if _over_by_r921(g):
            ended += 1
            last = g.history[-1]
            assert last.kind == "game_over" and "and loses at once (R9.21)" in last.text
            assert g.result.durak is not None and g.hands[g.result.durak]
    assert ended >= 3  # the clause is reached, not only passed by


def test_r921_is_the_compiled_cores_on_one_deck():
    g = new_game("podkidnoy", players=3, seed=1, hand_loses_at=9)
    assert narrow_supports(g)
    assert type(new_game("podkidnoy", players=3, seed=1, hand_loses_at=9)) is AttackGame
    with pytest.raises(ValueError, match=r"R9\.21 \(hand_loses_at=9\) does not go with "
                                         r"teams=True"):  # R5: a team would lose
        new_game("podkidnoy", seed=1, hand_loses_at=9, teams=True, players=4)


# -- the deal -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_wide_copy_deals_every_card_once(name, options):
    # R0 with two decks: every card of the deck order once in the hands or the talon, each twin
    # its own; the hands dealt alike; each seat's view holds his hand and knows nobody else's
    dealt = 0
    for players in range(2, 9):
        g = game_or_skip(name, players, 1000 + players, options)
        if g is None:
            continue
        assert type(g) is WideGame
        assert sorted(_every_card(g)) == sorted(g.deck_order)
        assert len({len(h) for h in g.hands}) == 1 and g.talon == g.talon[:g.talon_size]
        for p in range(players):
            v = g.view(p)
            assert sorted(v.hand) == sorted(g.hands[p]) and not any(v.known.values())
        dealt += 1
    assert dealt >= 6


def test_of_twin_lowest_trumps_the_set_attacker_leads_with_either_card():
    # R1.3, R9.21: seat 1 holds the 6 of trumps' second-deck copy, seat 0 the first deck's;
    # the attacker set by hand opens, with any one card (twins are two cards)
    g = from_position("bolshoy", ["6H 9S", "6H' 10S"], trump="H", talon="7S 8S",
                      attacker=1, first_bout=True)
    assert type(g) is WideGame
    assert g.to_act == 1 and [str(a) for a in g.legal_actions()] == ["attack 6♥'", "attack 10♠"]


# -- random playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("name,players", [("bolshoy", 2), ("dvoynoy", 4), ("bolshoy", 8)])
def test_a_history_free_wide_game_plays_out_as_the_full_game(name, players):
    # the coach's and the bots' playouts: the core's loop, the API's rng.choice game
    for seed in sample(range(6), 3):
        full = game_or_skip(name, players, seed, {})
        light = full.clone(history=False)
        assert light.playout(seed) == full.playout(seed)
        assert light.hands == full.hands and light.discard == full.discard


# -- properties -----------------------------------------------------------------------------------

def _every_card(g) -> list[Card]:
    s = g._s.core
    return ([c for h in g.hands for c in h] + [c for pair in g.table for c in pair if c]
            + list(g.discard) + [W.decode.card(p) for p in s.talon[s.tp:]])


@settings(max_examples=40 if DEEP else 5, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 8), seed=st.integers(0, 2**32),
       undo=st.floats(0, 0.3))
def test_property_no_card_is_lost_every_game_ends_and_undo_and_clone_are_exact(
        case, players, seed, undo):
    name, options = case
    try:
        g = new_game(name, players=players, seed=seed, **options)
    except ValueError:
        return  # too many players for this deck
    assert type(g) is WideGame
    deck = sorted(g.deck_order)
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        assert sorted(_every_card(g)) == deck  # R0: every card once, each twin its own
        listed = g.legal_actions()
        act = rng.choice(listed)
        if rng.random() < undo:
            before = (g.hands, g.table, g.discard, g.to_act, g.history)
            copy = g.clone()
            g.play(act)
            assert g.undo() == act
            assert (g.hands, g.table, g.discard, g.to_act, g.history) == before
            assert copy.legal_actions() == listed and copy.hands == g.hands
        g.play(act)
        moves += 1
        assert moves < 20000  # R2.11: every game ends
    assert g.result is not None and (g.result.durak is not None or g.result.draw)
    with pytest.raises(IllegalAction):
        g.play(listed[0])
