"""The core plays the games of the regression record (issue 25): ``tests/data/agreement.json``
(made by ``tests/make_agreement.py``) holds a digest of every seeded random game of every
attack-family preset and table size, and of a few ``from_position`` positions; here the core
plays the same games, and the first that differs is named with what differs (the legal-move
lists or the chosen moves, the events' words, the number of moves, the result).

The games were first recorded from the old engine, and the core agreed with it move for move
before it was deleted; the record is that agreement, kept. A game that differs now is a change
of the rules as played: a fault, or (re-recorded, the commit saying which rule changed) intended.

Format 2 adds ``agreement_walk``'s close look (views of every seat, refusals of sampled illegal
actions, undo, ``redeal_hidden``, history-free playouts, the record, every move taken back) at
the stored positions, at every option case of the core's part test modules and at a few series
deals with ``dealer=``/``lead=``; a game that differs is named with its preset, options, seats,
seed, the first move at which it differs and what differs.

The quick run plays each table's first seed and walks a sample of the cases and positions
(about 20 s); ``DURAK_DEEP=1`` every stored seed, case and position.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from agreement_walk import FIELDS as WALK_FIELDS, checks_rng, first_difference, walk
from helpers import sample
from make_agreement import (DEALS, FIXTURE, FORMAT, POSITIONS, SEEDS, case_game, draw_position,
                            new_game_case, play, policy, position_game, tables)

from durak_edu.games.core.game import AttackGame
from durak_edu.games.wide import core_wide

DATA = json.loads(FIXTURE.read_text(encoding="utf-8"))
#: the core's facades: the compiled core's and its wide copy's (72 cards, R9.21, R9.29)
FACADES = (AttackGame, core_wide("game").AttackGame)
FIELDS = DATA["game"]  # moves digest, events digest, plies, result


def differs(want: list[object], got: list[object]) -> str:
    """The fields of a game's record that differ, each as stored → as played."""
    return "; ".join(f"{name}: {w!r} recorded, {g!r} played" for name, w, g
                     in zip(FIELDS, want, got) if w != g)


def core_game(build, label: str) -> AttackGame:
    """The game ``build()`` makes as ``new_game`` builds it: the core's (72 cards: its wide
    copy's); every preset must be on one of them."""
    g = build()
    assert isinstance(g, FACADES), f"{label}: new_game does not build it on the core"
    return g


def test_the_fixture_holds_every_preset_and_table():
    # a preset registered (or a table size allowed) after the fixture was made is not in it
    assert DATA["format"] == FORMAT and DATA["walk"] == list(WALK_FIELDS)
    assert DATA["seeds"] == SEEDS
    assert sorted(DATA["games"]) == sorted(f"{n}/{p}" for n, p in tables()), (
        "the presets or their table sizes changed: re-record with python tests/make_agreement.py")
    assert [c["preset"] for c in DATA["positions"]] == [n for n in PRESETS
                                                        for _ in range(POSITIONS)]
    assert all(len(games) == SEEDS for games in DATA["games"].values())
    # the random policy reached the end of every recorded game
    unfinished = [k for k, games in DATA["games"].items() for g in games if g[3] == "unfinished"]
    assert not unfinished, unfinished
    # the close look: every position, option case and deal walked, to the end
    walked = DATA["positions"] + DATA["cases"] + DATA["deals"]
    assert all(c["walk"][WALK_FIELDS.index("result")] != "unfinished" for c in walked)
    assert len(OPTION_CASES) >= 200 and len(DATA["cases"]) >= 3 * len(OPTION_CASES)
    assert [(d["preset"], d["players"], d["seed"], d["dealer"], d["lead"])
            for d in DATA["deals"]] == DEALS


def test_the_positions_are_the_ones_make_agreement_draws():
    # a position's inputs are stored, but a re-record draws them again: the same seed must give
    # the same position (or a re-record would change positions no rule change asked for)
    for case in sample(DATA["positions"], 12):
        drawn = draw_position(case["preset"], case["seed"])
        assert drawn == {k: v for k, v in case.items() if k not in ("game", "walk")}, case
    # R9.4: chukotsky puts the rest of the deck out of the game, so its positions have no talon
    # (from_position refuses one there)
    chukotsky = [c for c in DATA["positions"] if c["preset"] == "chukotsky"]
    assert len(chukotsky) == POSITIONS
    assert not any(c["talon"] or c["trump_card"] for c in chukotsky)


class Changed:
    """A game with one thing changed, as a core that disagreed would show it: ``"order"`` the
    legal-move list of the sixth position reversed, ``"words"`` the fourth event reworded."""

    def __init__(self, g, what: str) -> None:
        self.g, self.what, self.plies = g, what, 0

    def __getattr__(self, name: str):
        return getattr(self.g, name)

    def legal_actions(self):
        listed = self.g.legal_actions()
        return listed[::-1] if self.what == "order" and self.plies == 5 else listed

    def play(self, act):
        self.plies += 1
        return self.g.play(act)

    @property
    def history(self):
        h = self.g.history
        if self.what == "words" and len(h) > 3:
            h[3] = dataclasses.replace(h[3], text=h[3].text + " (reworded)")
        return h


def test_the_record_tells_a_changed_list_and_changed_words_apart():
    want = play(new_game_case("podkidnoy", 3, 0), policy(3, 0))
    assert play(new_game_case("podkidnoy", 3, 0), policy(3, 0)) == want  # the same game twice
    order = play(Changed(new_game_case("podkidnoy", 3, 0), "order"), policy(3, 0))
    assert order[0] != want[0]
    words = play(Changed(new_game_case("podkidnoy", 3, 0), "words"), policy(3, 0))
    assert words[0] == want[0] and words[1] != want[1] and words[2:] == want[2:]
    assert differs(want, words).startswith("events digest: ")


PRESETS = list(dict.fromkeys(k.split("/")[0] for k in DATA["games"]))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_core_plays_the_recorded_new_games(preset):
    tables_of = [(k, games) for k, games in DATA["games"].items() if k.split("/")[0] == preset]
    for key, games in tables_of:
        players = int(key.split("/")[1])
        for seed in sample(range(SEEDS), 1):
            label = f"{key} seed {seed}"
            g = core_game(lambda: new_game_case(preset, players, seed), label)
            got = play(g, policy(players, seed))
            assert got == games[seed], f"{label}: {differs(games[seed], got)}"


@pytest.mark.parametrize("case", DATA["positions"],
                         ids=[f"{c['preset']}-{c['seed']}" for c in DATA["positions"]])
def test_the_core_plays_the_recorded_positions(case):
    g = core_game(lambda: position_game(case), case["preset"])
    got = play(g, policy(len(case["hands"]), case["seed"]))
    assert got == case["game"], (f"position {case['preset']} seed {case['seed']}: "
                                 f"{differs(case['game'], got)}")


# -- format 2: the close look of agreement_walk ----------------------------------------------------

def _options_id(preset: str, options: dict) -> str:
    return f"{preset}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'preset'}"


#: the option cases, each with its stored tables (seats and seed)
OPTION_CASES: dict[str, list[dict]] = {}
for _case in DATA["cases"]:
    OPTION_CASES.setdefault(_options_id(_case["preset"], _case["options"]), []).append(_case)


def walked(case: dict, label: str) -> None:
    """Walk ``case`` on the core and assert it is the stored walk, naming what differs."""
    build = (lambda: position_game(case)) if "hands" in case else (lambda: case_game(case))
    g = core_game(build, label)
    players = len(case["hands"]) if "hands" in case else case["players"]
    got = walk(g, policy(players, case["seed"]), checks_rng(players, case["seed"]))
    assert got == case["walk"], f"{label}: {first_difference(case['walk'], got)}"


@pytest.mark.parametrize("key", sample(OPTION_CASES, 40))
def test_the_core_walks_the_recorded_option_cases(key):
    for case in sample(OPTION_CASES[key], 1):
        walked(case, f"{key} at {case['players']} seats, seed {case['seed']}")


@pytest.mark.parametrize("case", sample(DATA["positions"], 24),
                         ids=lambda c: f"{c['preset']}-{c['seed']}")
def test_the_core_walks_the_recorded_positions(case):
    walked(case, f"position {case['preset']} seed {case['seed']}")


@pytest.mark.parametrize("case", DATA["deals"],
                         ids=lambda c: f"{c['preset']}-{c['players']}-dealer{c['dealer']}"
                                       f"-lead{c['lead']}")
def test_the_core_walks_the_recorded_series_deals(case):
    walked(case, f"{case['preset']} at {case['players']} seats, seed {case['seed']}, dealer "
                 f"{case['dealer']}, lead {case['lead']}")


def test_a_walk_names_the_move_and_the_aspect_that_differ():
    want = walk(new_game_case("podkidnoy", 3, 0), policy(3, 0), checks_rng(3, 0))
    assert walk(new_game_case("podkidnoy", 3, 0), policy(3, 0), checks_rng(3, 0)) == want
    assert first_difference(want, want) == ""
    order = walk(Changed(new_game_case("podkidnoy", 3, 0), "order"), policy(3, 0),
                 checks_rng(3, 0))
    said = first_difference(want, order)  # (the sixth list Changed shows: its plies count the
    # walk's undo probes too, so the sixth move or earlier)
    assert said.startswith("from move ") and int(said.split()[2]) <= 5, said
    assert ": moves, " in said, said  # (and all that follows from another move chosen)
    words = walk(Changed(new_game_case("podkidnoy", 3, 0), "words"), policy(3, 0),
                 checks_rng(3, 0))
    said = first_difference(want, words)
    assert said.startswith("from move ") and said.endswith(": events differ"), said
