"""Engine invariants over random games of every attack–defence preset (R2.13 and R0).

Random options and random play: no card is ever lost or duplicated, every listed action is
accepted, unlisted ones are refused with a rule number and change nothing, ``undo`` restores the
exact previous state, and every game ends.
"""

import random
import re

from hypothesis import given, reject, strategies as st

from durak_edu import (VARIANTS, Attack, Beat, IllegalAction, Pass, Take, ThrowIn, Transfer,
                       deck, new_game)
from helpers import fingerprint, sample

ATTACK = sorted(n for n, v in VARIANTS.items() if v.family == "attack")
MAX_ACTIONS = 3000

OPTIONS = {
    "throw_in": st.sampled_from(["all", "neighbours", "attacker", "none"]),
    "throw_in_ranks": st.sampled_from(["table", "attack"]),
    "throw_one_at_a_time": st.booleans(),
    "first_bout_limit": st.integers(1, 6),
    "taker_keeps_turn": st.booleans(),
    "draw_order": st.sampled_from(["attacker_first", "clockwise"]),
    "share_short_talon": st.booleans(),
    "draws": st.booleans(),
    "transfer": st.booleans(),
    "transfer_in_first_bout": st.booleans(),
    "transfer_with_trump_on_table": st.booleans(),
    "transfer_by_last_card": st.booleans(),
    "proezdnoy": st.booleans(),
    "transfer_after_beating": st.booleans(),
    "transfer_beat_only_new": st.booleans(),
    "refusal": st.booleans(),
    "trump": st.sampled_from(["turned", "fixed:H", "fixed:S", "none"]),
    "spade_turned": st.sampled_from(["no_trump", "reshuffle"]),
}


@st.composite
def setups(draw):
    name = draw(st.sampled_from(ATTACK))
    rules = VARIANTS[name].rules
    seats = [p for p in rules.player_range() if not (rules.teams and p % 2)]
    players = draw(st.sampled_from(seats))
    keys = draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=4, unique=True))
    options = {k: draw(OPTIONS[k]) for k in keys}
    return name, players, options, draw(st.integers(0, 2**32 - 1))


def all_cards(g):
    held = [c for h in g.hands for c in h]
    table = [c for pair in g.table for c in pair if c is not None]
    return held + table + list(g.discard)


def random_action(rng, pool):
    a, b = rng.sample(pool, 2)
    return rng.choice([Attack((a,)), Attack((a, b)), ThrowIn((a,)), ThrowIn((a, b)), Beat(a, b),
                       Transfer((a,)), Transfer((a,), show=True), Take(), Pass()])


def random_policy(rng, legal):
    """Uniform over the legal actions, but taking only one time in ten when something else is
    possible: two players who always take could pass the same cards back and forth for ever."""
    others = [a for a in legal if not isinstance(a, Take)]
    if others and (len(others) == len(legal) or rng.random() < 0.9):
        return rng.choice(others)
    return rng.choice(legal)


def run(name, players, options, seed, probe_illegal=2):
    g = new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    pool = deck(g.rules.deck)
    size = len(pool)
    steps = 0
    while not g.is_over:
        steps += 1
        assert steps <= MAX_ACTIONS, "the game did not end"
        cs = all_cards(g)
        out_of_game = len(g.removed)  # R9.4 chukotsky: the talon put out of the game
        out_of_game += sum(map(len, g.reserves))  # R9.40: the reserves not yet taken up
        assert len(cs) + g.talon_size + out_of_game == size and len(set(cs)) == len(cs)  # nothing lost/doubled
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for a in legal:
            assert g.can_play(a), f"listed but refused: {a}"
        for _ in range(probe_illegal):
            bad = random_action(rng, pool)
            if bad in legal:
                continue
            before = fingerprint(g)
            try:
                g.play(bad)
            except IllegalAction as err:
                assert re.match(r"R\d+(\.\d+)?: ", str(err)), str(err)
            else:
                raise AssertionError(f"unlisted action accepted: {bad}")
            assert fingerprint(g) == before
        choice = random_policy(rng, legal)
        before = fingerprint(g)
        g.play(choice)
        g.undo()
        assert fingerprint(g) == before, f"undo of {choice} did not restore the position"
        g.play(str(choice))  # the text form is accepted as well
    r = g.result
    assert r is not None and g.legal_actions() == []
    # (with draws=False the durak may hold nothing; R9.28: a scoring form's points pick him)
    if r.durak is not None and any(g.hands) and not r.scoring:
        assert g.hands[r.durak] and sum(map(bool, g.hands)) == 1
    return g, steps


@given(setups())
def test_random_games_keep_every_invariant_and_end(setup):
    name, players, options, seed = setup
    try:
        new_game(name, players=players, seed=seed, **options)
    except ValueError as err:  # a set the core does not play is refused, naming why
        if "is not played" not in str(err):
            raise
        reject()  # (docs/architecture.md, "Combinations the core does not play")
    run(*setup)


def test_every_attack_preset_with_every_table_size_plays_to_the_end():
    for name in ATTACK:
        rules = VARIANTS[name].rules
        for players in sample(rules.player_range(), 2):  # the deep run: every table size
            if rules.teams and players % 2:
                continue
            g, steps = run(name, players, {}, seed=players * 101, probe_illegal=0)
            assert g.is_over and steps > 0
