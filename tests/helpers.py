"""Build games from the hands you want, so every test shows its position."""

import os

from durak_edu import cards, from_hands, new_game
from durak_edu.games import deal_order  # noqa: F401 - used by the tests

#: the deep run (``DURAK_DEEP=1 python -m pytest``, what ``.ci/run`` runs): every seed and preset,
#: more hypothesis examples; the quick run (the default) samples them
DEEP = os.environ.get("DURAK_DEEP", "").strip().lower() not in ("", "0", "false", "no")


def sample(items, quick, deep=None):
    """All of ``items`` in the deep run; in the quick run, ``quick`` of them spread evenly
    (first and last included), so each quick run checks the same ones: ``sample(range(10), 3)``
    is ``[0, 4, 9]`` in the quick run. ``deep``: which run (default: this one)."""
    items = list(items)
    if (DEEP if deep is None else deep) or len(items) <= quick:
        return items
    if quick <= 1:
        return items[:quick]
    return [items[round(i * (len(items) - 1) / (quick - 1))] for i in range(quick)]


def sampled(items, quick, ids=str, also=()):
    """``items`` as pytest parameters, those ``sample(items, quick)`` (and ``also``) leaves out
    marked ``deep``: the quick run checks an even spread of them, the deep run every one."""
    import pytest
    items = list(items)
    keep = set(map(ids, sample(items, quick))) | set(map(ids, also))
    return [pytest.param(i, id=ids(i), marks=[] if ids(i) in keep else [pytest.mark.deep])
            for i in items]


def seeded_ending(variant, seed, most, stop=0.5, lowest=0.7, **options):
    """A seeded two-player position with the talon empty and at most ``most`` cards in the
    hands (at any point of a bout), reached by lowest-card moves (a share ``lowest`` of them)
    and random ones, each such position taken with chance ``stop`` (None: the game ended
    first). The ending searches' tests draw their positions here."""
    import random

    from durak_edu.bots import lowest_card_bot
    g = new_game(variant, players=2, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        if not g.talon_size and sum(map(len, g.hands)) <= most and rng.random() < stop:
            return g
        g.play(lowest_card_bot(g, g.to_act) if rng.random() < lowest
               else rng.choice(g.legal_actions()))
    return None


def game(variant, hands, turned=None, talon="", size=36, **options):
    """``new_game`` with the given hands (seat 0 first), trump card and top of the talon."""
    return from_hands(variant, hands, turned, talon, size, **options)


def fingerprint(g):
    """Everything a user can see of a game, to prove an action changed nothing."""
    return (str(g), [str(a) for a in g.legal_actions()], len(g.history), g.hands, g.table,
            g.discard, g.to_act, g.talon_size, g.result)


def texts(actions):
    return [str(a) for a in actions]


def endgame(variant, hands, attacker=0, **options):
    """A position with an empty talon and the given hands (the rest of the deck discarded)."""
    from durak_edu import from_position
    return from_position(variant, hands, attacker=attacker, **options)


def refused(g, action, rule, seat=None):
    """Assert ``action`` is refused citing ``rule`` and the game is unchanged; return the message."""
    import pytest
    from durak_edu import IllegalAction
    before = fingerprint(g)
    with pytest.raises(IllegalAction) as err:
        g.play(action, seat=seat)
    assert err.value.rule == rule, str(err.value)
    assert str(err.value).startswith(rule + ":")
    assert fingerprint(g) == before  # R2.13: the game is unchanged
    assert not g.can_play(action, seat=seat)
    return str(err.value)


def play_all(g, actions):
    for a in actions.split("|"):
        g.play(a.strip())
    return g


def playout(name, players, seed, cap=300, **options):
    """A seeded random game, stopped after ``cap`` actions; takes are made rarer so that games
    end (two players who always take could pass the same cards back and forth)."""
    import random
    from durak_edu import Take
    g = new_game(name, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over and len(g.actions) < cap:
        legal = g.legal_actions()
        plain = [a for a in legal if not isinstance(a, Take)]
        g.play(rng.choice(plain if plain and rng.random() < 0.85 else legal))
    return g


def player_counts(name):
    """Every table size the variant allows."""
    from durak_edu import VARIANTS
    return VARIANTS[name].rules.table_sizes()


def ctrl_c(tmp_path, script, ready, wait=120.0):
    """Run ``script`` (Python source) in a child process and press Ctrl-C there each time it
    prints the line ``ready`` (it says so when it is about to start the long work), until it
    prints anything else; returns every line it printed. The child must put Python's own SIGINT
    handler back (a child of a shell's background job inherits SIGINT ignored). No timer
    decides: ``wait`` seconds is only a generous bound for a loaded machine, after which the
    test fails."""
    import queue
    import signal
    import subprocess
    import sys
    import threading
    import time

    import pytest
    path = tmp_path / "child.py"
    path.write_text(script, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(path)], stdout=subprocess.PIPE, text=True)
    said: queue.Queue = queue.Queue()  # the child's lines, read without blocking the test
    threading.Thread(target=lambda: [said.put(s.strip()) for s in proc.stdout],
                     daemon=True).start()
    lines = []
    try:
        deadline = time.monotonic() + wait
        while not lines or lines[-1] == ready:
            lines.append(said.get(timeout=max(0.0, deadline - time.monotonic())))
            if lines[-1] == ready:
                time.sleep(0.2)  # let it get into the work (not required)
                proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    except queue.Empty:
        pytest.fail(f"the child did not stop on Ctrl-C within {wait:.0f} s; it said {lines}")
    finally:
        proc.kill()
    return lines
