"""Replay: goto equals replaying from the start, stepping, annotations, the variation tree."""

import random

import pytest

from helpers import player_counts, playout
from durak_edu import VARIANTS, new_game
from durak_edu.record import Annotation, GameRecord, RecordError, Replay, Variation




def fingerprint(g):
    """Everything observable about a position, including every seat's view."""
    return (str(g), [str(a) for a in g.actions], g.history, g.to_act, g.result, g.is_over,
            [str(a) for a in g.legal_actions()], g.hands,
            [g.view(s) for s in range(g.players)])


GOTO_GAMES = [("podkidnoy", 2, 1), ("podkidnoy", 5, 2), ("perevodnoy", 3, 3),
              ("prostoy_partial", 3, 4), ("perevodnoy_teams", 4, 5), ("japanese_spades", 3, 6),
              ("japanese_circle", 4, 7), ("navalenny", 3, 8), ("japanese_maumau", 3, 9),
              ("maumau_english", 2, 10)]


@pytest.mark.parametrize("name, players, seed", GOTO_GAMES)
def test_goto_equals_replaying_from_the_start_at_every_position(name, players, seed):
    if name not in VARIANTS:
        pytest.skip(f"no engine for {name}")
    g = playout(name, players, seed, cap=160)
    rec = g.record()
    r = Replay(rec, snapshot_every=7)
    assert len(r) == len(g.actions)
    expected = {}
    h = rec.new_game()
    expected[0] = fingerprint(h)
    for i, a in enumerate(rec.actions, 1):
        h.play(a)
        expected[i] = fingerprint(h)
    order = list(range(len(r) + 1))
    random.Random(seed).shuffle(order)  # jump about: forwards, backwards, far and near
    for i in order:
        assert fingerprint(r.goto(i)) == expected[i], f"goto({i})"
        assert r.position == i
    assert fingerprint(rec.to_game(len(r) // 2)) == expected[len(r) // 2]


def test_step_and_back_walk_the_line():
    g = playout("podkidnoy", 3, 11, cap=60)
    r = Replay(g)
    assert r.position == 0 and r.back() is None and r.action is None
    seen = []
    while (a := r.step()) is not None:
        seen.append(a)
        assert r.action == a and r.game.actions == seen
    assert seen == g.actions and r.position == len(r)
    assert r.step() is None and r.position == len(r)
    assert r.back() == g.actions[-1] and r.position == len(r) - 1
    assert fingerprint(r.game) == fingerprint(g.record().to_game(len(r) - 1))
    assert r.goto(-1).actions == g.actions  # negative positions count from the end
    with pytest.raises(IndexError):
        r.goto(len(r) + 1)
    with pytest.raises(TypeError):
        r.goto("3")
    games = list(r)
    assert len(games) == len(r) + 1 and games[5].actions == g.actions[:5]


def test_replay_accepts_a_game_a_record_or_record_text():
    g = playout("perevodnoy", 2, 12, cap=40)
    for source in (g, g.record(), g.record().to_json(), g.record().to_text()):
        r = Replay(source)
        assert r.actions == g.actions
    with pytest.raises(TypeError):
        Replay(42)
    bad = g.record()
    bad.actions.append(bad.actions[0])
    with pytest.raises(RecordError, match=rf"action {len(g.actions)}"):
        Replay(bad)


def test_the_game_handed_out_is_a_copy():
    g = playout("podkidnoy", 2, 13, cap=50)
    r = Replay(g)
    shown = r.goto(10)
    before = fingerprint(shown)
    shown.play(shown.legal_actions()[-1])  # a careless reader plays on it
    assert fingerprint(r.goto(10)) == before
    r.goto(9)
    assert fingerprint(r.goto(10)) == before


def test_branch_is_a_live_independent_game():
    g = playout("podkidnoy", 2, 14, cap=50)
    r = Replay(g)
    b = r.branch(12)
    assert fingerprint(b) == fingerprint(g.record().to_game(12))
    b.play(b.legal_actions()[-1])
    b.undo()
    b.undo()
    b.play(b.legal_actions()[0])
    assert fingerprint(r.goto(12)) == fingerprint(g.record().to_game(12))
    assert fingerprint(r.goto(11)) == fingerprint(g.record().to_game(11))
    r.goto(20)
    assert r.branch().actions == g.actions[:20]


# -- annotations --------------------------------------------------------------------------------------

def test_annotate_sets_changes_and_clears():
    g = playout("podkidnoy", 2, 15, cap=40)
    r = Replay(g)
    r.goto(3)
    a = r.annotate(comment="Why not take?", mark="?!", highlight=["7♠", "9♦"])
    assert a == Annotation("Why not take?", "?!", (a.highlight[0], a.highlight[1]))
    assert r.annotations == {2: a} and r.annotation == a
    r.annotate(2, mark="??")  # other fields keep their value
    assert r.annotations[2].comment == "Why not take?" and r.annotations[2].mark == "??"
    r.annotate(2, highlight="")
    assert r.annotations[2].highlight == ()
    r.annotate(2, comment="", mark="")
    assert r.annotations == {}
    with pytest.raises(ValueError, match="mark"):
        r.annotate(0, mark="!!!")
    with pytest.raises(ValueError, match="2♠ is not in this game's deck"):
        r.annotate(0, highlight="2♠")
    with pytest.raises(IndexError):
        r.annotate(len(r))
    with pytest.raises(ValueError):
        r.annotate(0, highlight="Z♠")
    r.annotate(0, comment="line one\n\nline three  \n\n")
    assert r.record().annotations[0].comment == "line one\n\nline three"


# -- the variation tree --------------------------------------------------------------------------------

def _tree():
    """A game with a variation at 6 (with a sub-variation) and one at 10."""
    g = playout("podkidnoy", 3, 16, cap=80)
    r = Replay(g)
    b = r.branch(6)
    b.play(next(a for a in b.legal_actions() if a != g.actions[6]))
    for _ in range(4):
        b.play(b.legal_actions()[0])
    v6 = r.add_variation(b)
    r.annotate(3, comment="main three")
    r.annotate(8, comment="main eight", mark="?")
    r.enter(v6)
    r.annotate(6, comment="var six", mark="!")
    r.annotate(9, comment="var nine")
    b2 = r.branch(8)
    b2.play(next(a for a in b2.legal_actions() if a != v6.actions[2]))
    v8 = r.add_variation(b2)
    r.main()
    b3 = r.branch(10)
    b3.play(next(a for a in b3.legal_actions() if a != g.actions[10]))
    v10 = r.add_variation(b3)
    return g, r, v6, v8, v10


def test_variations_hang_off_positions_and_can_be_walked():
    g, r, v6, v8, v10 = _tree()
    assert (v6.start, v8.start, v10.start) == (6, 8, 10)
    assert r.variations(6) == [v6] and r.variations(10) == [v10] and r.variations(8) == []
    assert [(d, v.start) for d, v in r.walk()] == [(1, 6), (2, 8), (1, 10)]
    r.enter(v8)
    assert r.path == [v6, v8] and r.line is v8 and r.position == 8
    assert r.actions == g.actions[:6] + v6.actions[:2] + v8.actions
    assert r.annotations == {3: Annotation("main three"), 6: Annotation("var six", "!")}
    r.goto(len(r))
    assert fingerprint(r.game) == fingerprint(_replayed(g, r.actions))
    assert r.exit() is v8 and r.line is v6 and r.position == 8
    assert r.variations(8) == [v8]
    r.main()
    assert r.line is None and r.actions == g.actions
    assert r.annotations[8] == Annotation("main eight", "?")


def _replayed(g, actions):
    h = g.record().to_game(0)
    for a in actions:
        h.play(a)
    return h


def test_the_tree_survives_the_record():
    g, r, v6, v8, v10 = _tree()
    rec = r.record()
    assert rec.branches[0].branches[0].start == 8 and len(rec.branches) == 2
    assert rec.branches[0].annotations == {6: Annotation("var six", "!"), 9: Annotation("var nine")}
    for back in (GameRecord.from_json(rec.to_json()), GameRecord.from_text(rec.to_text())):
        assert back == rec
    r2 = Replay(rec)
    assert [(d, v.start, v.actions) for d, v in r2.walk()] == \
        [(d, v.start, v.actions) for d, v in r.walk()]


def test_promote_swaps_a_variation_with_its_line_and_back():
    g, r, v6, v8, v10 = _tree()
    original = r.record()
    old_main = list(g.actions)
    r.enter(v6)
    r.goto(9)
    r.promote()  # v6 becomes the main line; the old continuation a variation at 6
    assert r.line is None and r.position == 9
    assert r.actions == old_main[:6] + v6.actions
    rec = r.record()
    demoted = rec.branches[0]
    assert demoted.start == 6 and demoted.actions == old_main[6:]
    assert demoted.annotations == {8: Annotation("main eight", "?")}
    assert [b.start for b in demoted.branches] == [10]  # v10 travels with the old moves
    assert rec.annotations == {3: Annotation("main three"), 6: Annotation("var six", "!"),
                               9: Annotation("var nine")}
    assert [b.start for b in rec.branches] == [6, 8]  # v8 now hangs off the main line
    GameRecord.from_json(rec.to_json())  # still a valid record
    r.promote(next(v for _, v in r.walk() if v.start == 6))  # and back again
    assert r.record() == original


def test_promote_to_main_from_a_nested_variation():
    g, r, v6, v8, v10 = _tree()
    target = g.actions[:6] + v6.actions[:2] + v8.actions
    r.promote_to_main(v8)
    assert r.actions == target and r.line is None
    rec = r.record()
    assert rec.actions == target
    assert GameRecord.from_text(rec.to_text()) == rec
    starts = sorted(v.start for _, v in r.walk())
    assert starts == [6, 8, 10]


def test_add_variation_from_actions_remove_and_extend():
    g = playout("podkidnoy", 2, 17, cap=300)
    unfinished = g.record()
    unfinished.actions = unfinished.actions[:20]
    r = Replay(unfinished)
    b = r.branch(5)
    alt = next(a for a in b.legal_actions() if a != g.actions[5])
    # the shared beginning is skipped: the variation hangs off the first difference
    v = r.add_variation([g.actions[3], g.actions[4], alt], start=3)
    assert v.start == 5 and v.actions == [alt]
    with pytest.raises(ValueError, match="nothing new"):
        r.add_variation(g.actions[2:6], start=2)
    with pytest.raises(ValueError, match="past the end"):
        r.add_variation(g.actions[18:22], start=18)
    with pytest.raises(RecordError, match="illegal"):
        r.add_variation(["take"], start=0)
    r.extend(g.actions[20:24])
    assert len(r) == 24 and r.actions == g.actions[:24]
    with pytest.raises(RecordError):
        r.extend(["take", "take", "take"] if g.actions[24] != "take" else ["pass"] * 3)
    r.remove_variation(v)
    assert list(r.walk()) == []
    other = playout("podkidnoy", 2, 18, cap=10)
    with pytest.raises(ValueError, match="not a branch"):
        r.add_variation(other)


def test_snapshots_bound_the_work_of_goto():
    """goto plays at most snapshot_every - 1 actions (it never replays from the start)."""
    g = playout("podkidnoy", 4, 19, cap=300)
    r = Replay(g, snapshot_every=8)
    calls = 0
    for i in range(len(r) + 1):
        games = r._track().snaps  # the snapshots are games at every 8th position
        assert len(games) == len(r) // 8 + 1
        break
    import durak_edu.games.base as base
    real = base.Game.play

    def counting(self, *a, **k):
        nonlocal calls
        calls += 1
        return real(self, *a, **k)

    base.Game.play = counting
    try:
        for i in random.Random(1).sample(range(len(r) + 1), 40):
            calls = 0
            r.goto(i)
            r.game
            assert calls <= 7
    finally:
        base.Game.play = real


def test_undo_on_a_clone_leaves_the_original_undo_stack_intact():
    g = playout("podkidnoy", 3, 20, cap=40)
    reference = g.record().to_game(len(g.actions) - 2)
    copy = g.clone()
    copy.undo()
    copy.undo()
    copy.play(copy.legal_actions()[-1])
    g.undo()
    g.undo()
    assert fingerprint(g) == fingerprint(reference)
