"""The core plays the games the reference recorded (issue 25): ``tests/data/agreement.json``
(made by ``tests/make_agreement.py`` from ``AttackGame``) holds a digest of every seeded random
game of every attack-family preset and table size, and of a few ``from_position`` positions;
here the core plays the same games, and the first that differs is named with what differs (the
legal-move lists or the chosen moves, the events' words, the number of moves, the result).

This is what stays of the move-for-move agreement once the reference is deleted. The quick run
plays each table's first seed; ``DURAK_DEEP=1`` every stored seed.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from helpers import sample
from make_agreement import (FIXTURE, POSITIONS, SEEDS, new_game_case, play, policy,
                            position_game, tables)

from durak_edu.games.core.game import CoreGame
from durak_edu.games.wide import core_wide
from reference import reference_engine

DATA = json.loads(FIXTURE.read_text(encoding="utf-8"))
#: the core's facades: the compiled core's and its wide copy's (72 cards, R9.21, R9.29)
FACADES = (CoreGame, core_wide("game").CoreGame)
FIELDS = DATA["game"]  # moves digest, events digest, plies, result


def differs(want: list[object], got: list[object]) -> str:
    """The fields of a game's record that differ, each as stored → as played."""
    return "; ".join(f"{name}: {w!r} recorded, {g!r} played" for name, w, g
                     in zip(FIELDS, want, got) if w != g)


def core_game(build, label: str) -> CoreGame:
    """The game ``build()`` makes as ``new_game`` builds it: the core's (72 cards: its wide
    copy's); every preset must be on one of them."""
    g = build()
    assert isinstance(g, FACADES), f"{label}: new_game does not build it on the core"
    return g


def test_the_fixture_holds_every_preset_and_table():
    # a preset registered (or a table size allowed) after the fixture was made is not in it
    assert DATA["seeds"] == SEEDS
    assert sorted(DATA["games"]) == sorted(f"{n}/{p}" for n, p in tables()), (
        "the presets or their table sizes changed: re-record with python tests/make_agreement.py")
    assert [c["preset"] for c in DATA["positions"]] == [n for n in PRESETS
                                                        for _ in range(POSITIONS)]
    assert all(len(games) == SEEDS for games in DATA["games"].values())
    # the random policy reached the end of every recorded game
    unfinished = [k for k, games in DATA["games"].items() for g in games if g[3] == "unfinished"]
    assert not unfinished, unfinished


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


# -- while the reference is there (tests/reference, frozen) ---------------------------------------

def test_the_reference_still_plays_the_recorded_games():
    # the fixture is the reference's: a change to tests/reference that alters its games before it
    # is deleted shows here (then re-record, saying why), not as a "core disagrees" later
    checked = 0
    for preset in PRESETS:
        key, games = next((k, g) for k, g in DATA["games"].items() if k.split("/")[0] == preset)
        players = int(key.split("/")[1])
        with reference_engine():
            got = play(new_game_case(preset, players, 0), policy(players, 0))
        assert got == games[0], f"{key} seed 0 on the reference: {differs(games[0], got)}"
        checked += 1
    case = DATA["positions"][0]
    with reference_engine():
        got = play(position_game(case), policy(len(case["hands"]), case["seed"]))
    assert got == case["game"], differs(case["game"], got)
    assert checked == len(PRESETS) >= 55
