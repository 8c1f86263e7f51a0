"""``undo`` on the core's journal (``AttackGame._push``/``undo``: the whole position is kept only
every few moves, the moves between are played again): every position taken back is the one the
game was in, whatever the depth, however undo and play interleave, on clones, and with house
rules that change the trump or the talon (R9.13, R9.36), give cards (R9.49) or keep points
(R9.28)."""

from __future__ import annotations

import random

import pytest

from durak_edu import IllegalAction, new_game

from agreement_walk import canon, seen


def _state(g):
    """Everything a user reads of a position (the agreement walk's ``seen``), the history and
    the legal list, as text."""
    return canon((seen(g), [e.text for e in g.history], g.legal_actions(),
                  g.position_key()))


def _played(name, players, seed, moves):
    """A game ``moves`` moves in (or at its end), and the state before each move, in order."""
    g = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    states = []
    while not g.is_over and len(states) < moves:
        states.append(_state(g))
        g.play(rng.choice(g.legal_actions()))
    return g, states


@pytest.mark.parametrize("name,players", [("podkidnoy", 2), ("perevodnoy", 3),
                                          ("otboyny", 3), ("kozyrny", 4), ("volshebny", 2),
                                          ("ochkovy", 2)])
def test_every_move_taken_back_restores_the_position_before_it(name, players):
    for seed in range(3):
        g, states = _played(name, players, seed, 400)
        assert len(states) > 20  # deep enough to pass several kept positions
        actions = g.actions
        for i in reversed(range(len(states))):
            assert g.undo() == actions[i]
            assert _state(g) == states[i], f"seed {seed}: after taking back move {i}"
        with pytest.raises(ValueError, match="nothing to undo"):
            g.undo()


def test_undo_and_play_interleaved_at_every_depth_keep_the_positions():
    """A search's pattern: play a move, take it back, play another, go deeper, back up."""
    g, states = _played("perevodnoy", 3, 7, 60)
    line = g.actions
    rng = random.Random(1)
    for _ in range(200):
        depth = len(g.actions)
        if depth and rng.random() < 0.5:
            g.undo()
            depth -= 1
            assert _state(g) == states[depth]
        elif depth < len(line):
            if rng.random() < 0.3:  # a side line, taken back at once
                g.play(rng.choice(g.legal_actions()))
                g.undo()
                assert _state(g) == states[depth]
            g.play(line[depth])
            if depth + 1 < len(states):
                assert _state(g) == states[depth + 1]


def test_a_clone_takes_its_moves_back_without_touching_the_original():
    g, states = _played("podkidnoy", 2, 3, 37)
    before = _state(g)
    copy = g.clone()
    for i in reversed(range(20, 37)):
        copy.undo()
        assert _state(copy) == states[i]
    assert _state(g) == before  # the original's journal is its own
    for i in reversed(range(37)):
        g.undo()
        assert _state(g) == states[i]
    copy.play(copy.legal_actions()[0])  # and the clone plays on from where it was taken back
    assert len(copy.actions) == 21


def test_a_refused_move_leaves_the_journal_as_it_was():
    g, states = _played("perevodnoy", 3, 2, 30)
    listed = set(map(str, g.legal_actions()))
    tries = ["take", "pass"] + [f"attack {c}" for c in g.hands[g.to_act]]
    bad = next(t for t in tries if t not in listed)
    with pytest.raises(IllegalAction):
        g.play(bad)
    for i in reversed(range(30)):
        g.undo()
        assert _state(g) == states[i]


def test_an_undo_interrupted_while_it_replays_leaves_the_game_as_it_was(monkeypatch):
    """A Ctrl-C inside the replay (``_rebuilt``) changes nothing: the game is where it was,
    and the next undo takes the move back."""
    from durak_edu.games.core import game as facade

    g, states = _played("perevodnoy", 3, 5, 14)  # move 13 is replayed from move 8's position
    before = _state(g)
    real, calls = facade.apply, []

    def interrupted(st, move):
        calls.append(move)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(st, move)

    monkeypatch.setattr(facade, "apply", interrupted)
    with pytest.raises(KeyboardInterrupt):
        g.undo()
    monkeypatch.setattr(facade, "apply", real)
    assert _state(g) == before and len(g.actions) == 14
    for i in reversed(range(14)):
        g.undo()
        assert _state(g) == states[i]
