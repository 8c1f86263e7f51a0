"""``CoreState.copy_into`` (the ending search's reuse of its states, issue 29): a state copied
into another one, whatever that one held before, is what ``copy`` makes, shares nothing play
changes with its source, and plays on exactly as a copy does (R2.11's counts and the house
parts' slots included)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from durak_edu import new_game
from durak_edu.games.core.apply import apply
from durak_edu.games.core.moves import moves
from durak_edu.games.core.state import CoreState

from core_parts import core_state

FIELDS = ("n", "cfg", "talon", "tp", "trump_pos", "discard", "ta", "td", "nt", "settled",
          "n_attack", "attacker", "defender", "opener", "to_act", "opening", "taking",
          "refused", "run", "shown", "outm", "out", "bout", "seen", "end", "extra", "nub",
          "ranks", "locked", "lean")


#: the lean playout's epoch fields (``copy_into`` leaves them: a copy is not lean) and the C
#: arrays read through ``hands``/``known``/``ta``/``td``
NOT_COMPARED = {"ep_tp", "ep_discard", "ep_next", "ep_pending", "ep_out", "eh", "hm", "km", "tam",
                "tdm"}


def test_every_field_of_the_state_is_compared():
    """A field added to ``CoreState`` and forgotten in ``copy_into`` would pass the tests below
    unless they compare it: read the class's ``__slots__`` from its source (compiled, the class
    has none to walk), so a new field fails here until it is listed."""
    import durak_edu.games.core.state as state
    tree = ast.parse((Path(state.__file__).parent / "state.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CoreState")
    slots = next(ast.literal_eval(a.value) for a in cls.body if isinstance(a, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in a.targets))
    renamed = {"ta": "tam", "td": "tdm"}
    assert set(slots) == {renamed.get(f, f) for f in FIELDS} | NOT_COMPARED


def snapshot(st: CoreState) -> tuple[object, ...]:
    return (list(st.hands), list(st.known)) + tuple(
        list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        for v in (getattr(st, f) for f in FIELDS))


def played(st: CoreState, rng: random.Random, steps: int) -> CoreState:
    for _ in range(steps):
        if st.to_act < 0:
            break
        apply(st, rng.choice(moves(st)))
    return st


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
@pytest.mark.parametrize("seed", range(6))
def test_a_state_copied_into_another_plays_on_as_its_copy_R2_11(variant, seed):
    rng = random.Random(seed)
    source = played(core_state(new_game(variant, seed=seed)).copy(), rng, rng.randrange(60))
    # the target: a state of another game, far into play (its lists, counts and slots full)
    target = played(core_state(new_game(variant, seed=seed + 100)).copy(), rng, 80)
    before = snapshot(source)
    source.copy_into(target)
    assert snapshot(target) == snapshot(source.copy()) == before
    # nothing shared that play changes: playing on the target leaves the source as it was
    a, b = source.copy(), target
    for _ in range(40):
        if a.to_act < 0:
            break
        ms = moves(a)
        assert moves(b) == ms
        m = rng.choice(ms)
        apply(a, m)
        apply(b, m)
        assert snapshot(b) == snapshot(a)
    assert snapshot(source) == before
