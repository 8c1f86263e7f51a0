"""The new core (durak_edu.games.core, issue 25) against the reference engine, move for move.

Today's ``AttackGame`` stays the reference until the core agrees with it everywhere
(docs/architecture.md, the migration plan). Here both play the same random games — the presets
and options the core covers, 2–6 players, new games and ``from_position`` positions — and at
every position:

* the core's moves, decoded, are ``AttackGame.legal_actions()`` in the same order, and
  ``count``/``nth`` agree with the list;
* a sample of illegal actions is refused by both with the same clause and the same words, and
  every listed action is accepted by the core's ``refuse``;
* the same action leads to the same position (hands, what is known of them, table, talon,
  discard, roles, who acts, who is out, the bout) and, at the end, the same ``Result``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEEP, sample

from durak_edu import from_position, new_game
from durak_edu.actions import Attack, Beat, Pass, Take, ThrowIn, Transfer
from durak_edu.cards import mask_of
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import CoreState, from_game, rank_major, supports

#: the presets and options the core covers in this increment (the kernel's, tests/test_rollout.py)
CASES = [
    ("podkidnoy", {}),
    ("perevodnoy", {}),
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
    ("podkidnoy", {"deck": 32}),
    ("podkidnoy", {"trump": "none", "first_lead": "left_of_dealer"}),
    ("podkidnoy", {"bout_limit": 4, "first_bout_limit": 3, "hand_size": 5}),
    ("perevodnoy", {"deck": 52}),
    ("perevodnoy", {"transfer_in_first_bout": True, "transfer_with_trump_on_table": True}),
    ("perevodnoy", {"transfer_by_last_card": True, "proezdnoy": False}),
    ("perevodnoy", {"transfer_after_beating": True}),
    ("perevodnoy", {"transfer_beat_only_new": True, "transfer_in_first_bout": True}),
    ("perevodnoy", {"refusal": True}),
    ("perevodnoy", {"refusal": True, "transfer_by_last_card": True, "deck": 24,
                    "transfer_in_first_bout": True}),
    ("bezkozyrny", {}),
    ("dobry", {}),
    ("besppodkidny", {}),
    # R4 (prostoy): the attack shapes and the partial take
    ("prostoy", {}),
    ("prostoy_partial", {}),
    ("prostoy_pairs", {}),
    ("prostoy_two", {}),
    ("s_par", {}),
    ("podkidnoy", {"partial_take": True}),
    # the house parts (durak_edu/games/core/house/)
    ("podkidnoy", {"take_first_only": True}),  # R9.16
    ("perevodnoy", {"take_first_only": True}),
]
IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}" for n, o in CASES]


def position(g) -> tuple[object, ...]:
    """What a user can read of a reference position, in the core's terms."""
    s = g._s
    return (tuple(rank_major(mask_of(h)) for h in g.hands),  # the jokers kept (R9.22)
            tuple(rank_major(m) for m in s.known),
            tuple((decode._POS[a.index], -1 if d is None else decode._POS[d.index])
                  for a, d in g.table),
            g.talon_size, tuple(decode._POS[c.index] for c in g.discard),
            None if g.is_over else (g.attacker, g.defender, g.to_act, g.taking),
            g.out, g.bout_number if not g.is_over else None)


def core_position(c: CoreState) -> tuple[object, ...]:
    return (tuple(c.hands), tuple(c.known), tuple(zip(c.ta, c.td)), len(c.talon) - c.tp,
            tuple(c.discard),
            None if c.to_act < 0 else (c.attacker, c.defender, c.to_act, c.taking),
            c.out, c.bout if c.to_act >= 0 else None)


def candidates(g, rng: random.Random, k: int = 8) -> list[object]:
    """A few actions of every shape, most of them illegal: cards from the seat's hand, the
    table and the whole deck."""
    seat = g.to_act
    hand = list(g.hands[seat])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table]
    pool = hand * 2 + deck
    out: list[object] = [Take(), Pass()]
    for _ in range(k):
        cs = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2, 3)))})
        out.append(rng.choice((Attack, ThrowIn, Transfer))(cs))
        out.append(Transfer((rng.choice(pool),), show=True))
        out.append(Beat(rng.choice(table or deck), rng.choice(pool)))
    return out


def agree(g, rng: random.Random, illegal: int = 8) -> int:
    """Play ``g`` (a reference game) to its end with random moves, the core beside it, and
    assert they agree at every position; return the number of positions checked."""
    assert supports(g)
    c = from_game(g)
    ctx = Context.of(g)
    checked = 0
    while True:
        assert core_position(c) == position(g)
        if g.is_over:
            break
        listed = g.legal_actions()
        mine = core_moves.moves(c)
        assert decode.actions(mine) == listed
        assert core_moves.count(c) == len(listed)
        for j in {0, len(listed) - 1, rng.randrange(len(listed))}:
            assert core_moves.nth(c, j) == mine[j]
        for act in listed:
            assert refuse(c, act, ctx) is None, act
        for act in candidates(g, rng, illegal):
            assert refuse(c, act, ctx) == g._diagnose(act), act
        j = rng.randrange(len(listed))
        g.play(listed[j])
        core_apply.apply(c, mine[j])
        checked += 1
    assert decode.result(c, g.players, g.names) == g.result
    return checked


def game_or_skip(name, players, seed, options):
    try:
        return new_game(name, players=players, seed=seed, **options)
    except ValueError:
        return None  # too many players for this deck


def game_at_move(name, players, seed, options, prefix):
    """A new game after ``prefix`` random moves (fewer if it ends first), and the generator that
    chose them, to go on with; ``(None, None)`` where the deck is too small for the players."""
    g = game_or_skip(name, players, seed, options)
    if g is None:
        return None, None
    rng = random.Random(seed)
    while not g.is_over and prefix:
        g.play(rng.choice(g.legal_actions()))
        prefix -= 1
    return g, rng


@pytest.mark.parametrize("name,options", CASES, ids=IDS)
def test_the_core_agrees_with_the_reference_from_new_games(name, options):
    positions = games = 0
    for players in range(2, 7):
        for seed in sample(range(3), 1):  # the deep run: three seeds a table
            g = game_or_skip(name, players, seed, options)
            if g is None:
                continue
            positions += agree(g, random.Random(1000 * players + seed))
            games += 1
    assert games >= (3 if DEEP else 1) and positions > (100 if DEEP else 30)  # (some seat only two)


def random_position(rng: random.Random, name: str, players: int, options: dict) -> object:
    """A ``from_position`` game with random hands, talon and trump (``None``: not a position
    play can reach, which ``from_position`` refuses)."""
    g = game_or_skip(name, players, 0, options)
    if g is None:
        return None
    deck = list(g.deck_order)
    rng.shuffle(deck)
    sizes = [rng.randint(0, 7) for _ in range(players)]
    hands, i = [], 0
    for k in sizes:
        hands.append(" ".join(map(str, deck[i:i + k])))
        i += k
    talon = deck[i:i + rng.choice((0, 0, 1, 3, 8))]
    i += len(talon)
    trump_card = str(deck[i]) if talon and rng.random() < 0.7 and i < len(deck) else None
    extra = {} if trump_card or "trump" in options else {"trump": rng.choice("SCDH")}
    try:
        return from_position(name, hands, talon=" ".join(map(str, talon)), trump_card=trump_card,
                             attacker=rng.randrange(players), first_bout=rng.random() < 0.2,
                             **extra, **options)
    except ValueError:
        return None


@settings(max_examples=100 if DEEP else 30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_property_the_core_agrees_from_set_positions(case, players, seed):
    name, options = case
    rng = random.Random(seed)
    g = random_position(rng, name, players, options)
    if g is None:
        return
    agree(g, rng)


@settings(max_examples=60 if DEEP else 20, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 80))
def test_property_the_core_takes_over_at_any_move(case, players, seed, prefix):
    # from_game reads any position of the reference, in the middle of a bout too
    name, options = case
    g, rng = game_at_move(name, players, seed, options, prefix)
    if g is None:
        return
    agree(g, rng)
