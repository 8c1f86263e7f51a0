"""The house parts that add moves of their own (R9.10, R9.17–R9.19, R9.26, R9.38, R9.39) on the
core, against the reference ``AttackGame``: the machinery their test modules share, and the
tests of the hooks themselves (``moves.extended``, the move kinds, ``count``/``nth``).

``agree_all`` is ``test_core_agreement.agree`` with more looked at: the talon's order and the
trump card (R9.19 and R9.26 change them), and candidate actions of the gallery's own shapes
(exchange, talon attack, draw, swap, counter), most of them illegal. ``side_by_side_all`` is
``test_core_game``'s side-by-side play through ``CoreGame`` with those candidates too.
"""

from __future__ import annotations

import random

from durak_edu.actions import Counter, Draw, Exchange, Swap, TalonAttack
from durak_edu.cards import mask_of, to_rank_major
from durak_edu.games.core import apply as core_apply, decode, moves as core_moves
from durak_edu.games.core.game import CoreGame
from durak_edu.games.core.house import PARTS, part_of_kind
from durak_edu.games.core.refuse import Context, refuse
from durak_edu.games.core.state import from_game, supports

from test_core_agreement import candidates, core_position, position
from test_core_game import seen, verdict


def gallery_candidates(g, rng: random.Random) -> list[object]:
    """Actions of the gallery's shapes, mostly illegal: any card of the deck, the six of trumps,
    cards of the hand and of the table."""
    seat = g.to_act
    hand = list(g.hands[seat])
    deck = list(g.deck_order)
    table = [a for a, _ in g.table] or deck
    pool = hand * 2 + deck
    out: list[object] = [TalonAttack(), Draw()]
    six = g._lowest_trump()
    if six is not None:
        out.append(Exchange(six))
    out.append(Exchange(rng.choice(pool)))
    for _ in range(3):
        out.append(Swap(tuple({rng.choice(pool) for _ in range(rng.choice((1, 2, 2, 3)))})))
        target, card = rng.choice(table), rng.choice(pool)
        extra = tuple({rng.choice(pool) for _ in range(rng.choice((1, 1, 2)))} - {card, target})
        if extra and card != target:
            out.append(Counter(target, card, extra))
    return out


def talon_and_trump(g) -> tuple[object, ...]:
    return (tuple(g.talon[len(g.talon) - g.talon_size:]), g.trump_card)


def core_talon_and_trump(c, first) -> tuple[object, ...]:
    pos = c.extra.get("trump_card")
    return (tuple(decode.card(p) for p in c.talon[c.tp:]),
            decode.card(pos) if isinstance(pos, int) else first)


def agree_all(g, rng: random.Random, illegal: int = 6) -> int:
    """Play ``g`` to its end with random moves, the core beside it: at every position the same
    list in the same order, count/nth, refusals (clause and words), position, talon and trump
    card; at the end the same result. Return the number of positions checked."""
    assert supports(g)
    c = from_game(g)
    ctx = Context.of(g)
    first = g.trump_card
    checked = 0
    while True:
        assert core_position(c) == position(g)
        assert core_talon_and_trump(c, first) == talon_and_trump(g)
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
            assert decode.encode(act) is not None, act
        for act in candidates(g, rng, illegal) + gallery_candidates(g, rng):
            assert refuse(c, act, ctx) == g._diagnose(act), act
        j = rng.randrange(len(listed))
        g.play(listed[j])
        core_apply.apply(c, mine[j])
        checked += 1
    assert decode.result(c, g.players, g.names) == g.result
    return checked


def side_by_side_all(ref, rng: random.Random) -> int:
    """``ref`` and ``CoreGame.from_game(ref)`` through the public API: the same lists, verdicts
    (gallery shapes too), events, views, talon and trump card, undo, results and records."""
    core = CoreGame.from_game(ref)
    steps = 0
    while True:
        assert seen(core) == seen(ref)
        assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.history == ref.history
        if ref.is_over:
            break
        listed = ref.legal_actions()
        assert core.legal_actions() == listed
        for act in candidates(ref, rng, 3) + gallery_candidates(ref, rng):
            assert verdict(core, act) == verdict(ref, act), act
        other = rng.randrange(ref.players)
        act = rng.choice(listed)
        assert verdict(core, act, other) == verdict(ref, act, other)
        if rng.random() < 0.15:  # undo and play again
            core.play(act)
            ref.play(act)
            assert core.undo() == ref.undo() == act
            assert seen(core) == seen(ref) and core.history == ref.history
            assert (core.talon, core.trump_card) == (ref.talon, ref.trump_card)
        assert core.play(act) == ref.play(act)
        steps += 1
    if not ref.position_set:
        assert core.record().to_json() == ref.record().to_json()
    return steps


# -- the hooks themselves -----------------------------------------------------------------------

def test_every_part_kind_is_its_own_and_above_the_cores():
    kinds = [k for p in PARTS for k in p.kinds]
    assert len(kinds) == len(set(kinds))  # no two parts share a kind
    assert all(8 <= k < 64 for k in kinds)  # above the core's (1-7), below the shift's room
    assert all(k in part_of_kind(k).kinds for k in kinds)
    import sys
    for p in PARTS:  # the parts' copy of the move encoding's shift is the core's
        assert getattr(sys.modules[type(p).__module__], "SHIFT", core_moves.SHIFT) == \
            core_moves.SHIFT


def test_extended_lists_a_parts_moves_after_the_cores_and_counts_them():
    from durak_edu import new_game
    g = new_game("podkidnoy", seed=3)
    c = from_game(g)
    base = core_moves.menu(c)
    n = core_moves.count_menu(base)
    extra = [20 << core_moves.SHIFT | 1, 20 << core_moves.SHIFT | 2]
    m = core_moves.extended(base, extra[:1])
    m = core_moves.extended(m, extra[1:])  # a second part adds after the first
    assert core_moves.count_menu(m) == n + 2
    assert [core_moves.nth_of_menu(m, j) for j in range(n + 2)] == core_moves.moves(c) + extra
    assert core_moves.extended(base, []) is base


def new_games(name: str, options: dict, played, seeds: int = 4) -> tuple[int, int]:
    """``agree_all`` over new games of 2–6 players (the quick run: 2, 4 and 6, one seed each;
    the deep run: every size, ``seeds`` seeds each), then more seeds until the clause's own move
    (``played(game)`` counts them) has been played at least once. Returns (positions, moves)."""
    from helpers import DEEP, sample
    from test_core_agreement import game_or_skip
    positions = made = 0
    sizes = range(2, 9) if DEEP else (2, 4, 6)  # 7 and 8 seats: the 52-card cases only
    tables = [(p, s) for p in sizes for s in sample(range(seeds), 1)]
    extra = [(2 + k % 5, seeds + k) for k in range(30)]
    for i, (players, seed) in enumerate(tables + extra):
        if i >= len(tables) and made:
            break
        g = game_or_skip(name, players, seed, options)
        if g is None:
            continue
        assert supports(g)
        positions += agree_all(g, random.Random(100 * players + seed))
        made += played(g)
    return positions, made


#: a preset of each part that adds moves, at two table sizes
PLAYOUT_PRESETS = ["trump_six_swap", "amerikansky", "vtoraya_popytka", "pokerny", "armyansky",
                   "pribaltiysky", "krestovy"]


def test_every_part_preset_plays_out_on_the_core_as_the_reference_does():
    # core.playout (compiled where built) draws as rng.choice over legal_actions() does, so a
    # history-free CoreGame plays the reference's random game move for move, to the same end
    from durak_edu import new_game
    from durak_edu.games.core import playout as core_playout
    from helpers import sample
    for name in PLAYOUT_PRESETS:
        for players in (2, 4):
            for seed in sample(range(6), 2):
                ref = new_game(name, players=players, seed=seed)
                assert supports(ref), name
                st = from_game(ref)
                core_playout.playout(st, random.Random(seed).getrandbits)
                want = ref.playout(random.Random(seed))
                assert decode.result(st, ref.players, ref.names) == want, (name, players, seed)
                assert tuple(st.hands) == tuple(to_rank_major(mask_of(h)) for h in ref.hands)
                assert [decode.card(p) for p in st.discard] == ref.discard
