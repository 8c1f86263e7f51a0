"""Every game ends: every preset of the three families, with random option sets, under uniformly
random legal moves (issue 13, item 2).

The bounds, in moves (``Play``/``Attack``/``Draw``/``Pass``/…, one per ``play`` call):

- **Shedding family (R8)**, from the rules. With ``N`` cards, ``P`` players and the pile turned
  over at most ``T = rules.turnovers`` times (R8.4): every ``Draw()`` takes one card from the
  talon, and at most ``N + T·(N − 1) < (T + 1)·N`` cards ever lie in it, so there are fewer than
  ``(T + 1)·N`` draws; every play takes a card out of a hand, and at most ``N`` (the deal) plus
  ``(T + 1)·N`` (everything drawn) cards ever go in, so there are at most ``(T + 2)·N`` plays. A
  pass changes neither talon nor pile, so in a run of passes only the first can be anything but
  "stuck with nothing to draw" (a draw-one pass, R8.5(1), or an English-ace pass, R8.5(4)), and
  after ``P`` stuck passes in a row the game is over (R8.4): at most ``P + 1`` passes follow each
  play or draw. Hence at most ``(2T + 3)·N·(P + 2)`` moves; for the defaults (``T = 5``, 36
  cards, 2 players) 1,872.
- **Attack–defence (R2.11) and circle (R7.5) families**: the rules give no bound: a taken card
  comes back into play, so only the repetition rule stops a loop, and the positions are too many
  to count on. We state one from measurement, per card of the deck (``MOVES_PER_CARD``): 40 in
  the attack family (the longest random game measured, 300 examples per preset, took 18 per
  card: ``prostoy_pair_only``, 32 cards, 1 each, 5 players); 500 in the circle family, where
  navalenny's taking the whole middle makes long random walks (the longest measured: 13,195
  moves in 400 games of ``navalenny``, 52 cards, 1 each, 2 players, 254 per card). A game past
  its bound would be a finding like issue 13's.

``repetition_draw`` stays at its default ``True`` (with it off an endless game is possible by
design, R2.11).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from durak_edu import VARIANTS, new_game
from durak_edu.rules import with_options
from helpers import DEEP

PRESETS = sorted(VARIANTS)
#: the deck sizes each family accepts (R0, R7.1, R8.1)
DECKS = {"attack": (20, 24, 32, 36, 52), "circle": (20, 24, 32, 36, 52),
         "shedding": (32, 36, 52)}
#: attack–defence and circle families: the stated bound, per card of the deck (see above)
MOVES_PER_CARD = {"attack": 40, "circle": 500}
#: random tables a preset: the quick run plays a third of the hypothesis profile's examples (8 of
#: the ci profile's 25, 536 games), the deep run (DURAK_DEEP=1) all of them (100 a preset)
EXAMPLES = settings.default.max_examples if DEEP else max(1, settings.default.max_examples // 3)


def bound(game) -> int:
    """The most moves a game of these rules may take (module docstring)."""
    r, n, p = game.rules, game.rules.deck, game.players
    if game.family == "shedding":
        return (2 * r.turnovers + 3) * n * (p + 2)  # R8.4, from the rules
    return MOVES_PER_CARD[game.family] * n


def rules_for(name: str, deck: int, hand: int):
    """The preset with a random deck and hand size, dropping whatever the preset refuses (a
    32-card mau-mau needs other drawing ranks, the circle game deals the whole deck, …)."""
    base = VARIANTS[name].rules
    tries = [{"deck": deck, "hand_size": hand}, {"hand_size": hand}, {"deck": deck}, {}]
    if base.family == "circle" and base.hand_size == 0:
        tries = [{"deck": deck}, {}]  # R7.1: the whole deck is dealt
    for opts in tries:
        try:
            rules = with_options(base, opts)
        except ValueError:
            continue
        if rules.table_sizes():
            return opts, rules
    raise AssertionError(f"{name}: the preset itself cannot be dealt")  # pragma: no cover


@st.composite
def tables(draw, name):
    fam = VARIANTS[name].rules.family
    deck = draw(st.sampled_from(DECKS[fam]))
    hand = draw(st.integers(1, deck // 2))
    opts, rules = rules_for(name, deck, hand)
    players = draw(st.sampled_from(rules.table_sizes()))
    return opts, players, draw(st.integers(0, 2**32 - 1))


def play_randomly(name, opts, players, seed):
    """One game, each move uniformly random among ``legal_actions()``; its length in moves."""
    g = new_game(name, players=players, seed=seed, **opts)
    assert g.rules.family != "attack" or g.rules.repetition_draw  # R2.11: left at its default
    limit = bound(g)
    fast = g.clone(history=False)  # the same moves, without the event log
    rng = random.Random(seed)
    moves = 0
    while fast.to_act is not None:
        fast.play(rng.choice(fast.legal_actions()))
        moves += 1
        assert moves <= limit, (f"{name} {opts} players={players} seed={seed}: still going "
                                f"after {limit} moves")
    return fast, moves


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_every_random_game_ends_within_the_stated_bound(name, data):
    opts, players, seed = data.draw(tables(name))
    g, moves = play_randomly(name, opts, players, seed)
    assert g.is_over and g.result is not None and g.legal_actions() == []
    r = g.result
    if g.family == "shedding":
        # R8.4: every ending scores every hand (0 or Pharaoh's -30 for the winner)
        assert r.scores is not None and r.scores.keys() == set(range(players))
        assert r.winners or r.losers


def test_the_shedding_bound_is_the_rules_arithmetic():
    # R8.4: with the defaults, 36 cards and 2 players, (2·5 + 3)·36·(2 + 2) moves
    g = new_game("japanese_maumau", players=2, seed=0)
    assert g.rules.turnovers == 5 and bound(g) == 1872
    assert bound(new_game("japanese_maumau", players=2, seed=0, turnovers=0)) == 3 * 36 * 4


@pytest.mark.parametrize("name, opts, players, seed", [
    # issue 13: random games that ran 38,111 and 71,360 moves before the turn-over limit (R8.4)
    ("maumau_pentagon", {"deck": 52, "hand_size": 8}, 2, 49),
    ("maumau_english", {"deck": 52, "hand_size": 17, "same_rank": "on_six", "wild_rank": None,
                        "draw_two_rank": 13, "draw_one_rank": 10, "call_skips": True}, 2, 732190),
])
def test_the_games_that_did_not_end_now_end_by_the_turnover_limit(name, opts, players, seed):
    g = new_game(name, players=players, seed=seed, **opts)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    assert len(g.actions) <= bound(g)
    assert sum(e.kind == "rebuild" for e in g.history) <= g.rules.turnovers
    # R8.4: the ending says why and cites the clause; every hand is scored, the most points lose
    end = g.history[-1].text
    assert end.startswith("game over: nobody can play, and nobody can draw: the pile may be turned "
                          "over only 5 times a game, and it has been; every hand is scored (R8.4)")
    r = g.result
    assert r.winners == () and not r.draw
    assert r.scores == {p: g.points(g.hands[p]) for p in range(players)}
    assert r.losers == tuple(p for p in range(players) if r.scores[p] == max(r.scores.values()))
