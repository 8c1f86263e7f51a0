"""A progress bar for long work: tournaments, simulations, the loops of a lesson.

A student who starts four thousand games should see that something is happening. ``progress``
wraps an iterable in tqdm's bar — the notebook bar in Jupyter, a text bar on a terminal — that
appears only once the work has taken longer than ``DELAY`` seconds, says what is being done, and
goes away when it is finished; short work shows nothing.

A widget that starts long work from a button has no bar to show (the work runs inside a
click, not a cell): it listens instead. Inside ``with listen(callback):`` every ``progress`` loop
calls ``callback(desc, done, total)`` before each item and once at the end (``done == total``)
and shows no bar, whatever ``DURAK_EDU_PROGRESS`` says (the widget writes its own
"reviewing… 12/40").

>>> seen = []
>>> with listen(lambda desc, done, total: seen.append(done)):
...     list(progress("abc", "letters", total=3))
['a', 'b', 'c']
>>> seen
[0, 1, 2, 3]

The bar is switched off with the environment variable ``DURAK_EDU_PROGRESS=0``: the test suite
and the lesson authors' notebook runner do so, because a bar's timings would make stored
outputs change from run to run.

>>> list(progress(range(3), "counting"))
[0, 1, 2]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

__all__ = ["DELAY", "enabled", "progress", "listen", "Listener"]

#: what ``listen`` takes: ``callback(desc, done, total)`` (``total`` may be ``None``)
Listener = Callable[[str, int, "int | None"], object]
_LISTENERS: list[Listener] = []

T = TypeVar("T")

#: seconds of work before the bar appears
DELAY = 2.0


def enabled() -> bool:
    """Whether bars are shown (``DURAK_EDU_PROGRESS=0`` turns them off)."""
    return os.environ.get("DURAK_EDU_PROGRESS", "1").strip().lower() not in ("0", "off", "no",
                                                                             "false")


def progress(items: Iterable[T], desc: str, total: int | None = None) -> Iterator[T] | Iterable[T]:
    """``items``, with a bar labelled ``desc`` if the loop runs longer than ``DELAY`` seconds
    (or, inside ``listen``, reported to the listener instead)."""
    if _LISTENERS:
        return _reported(items, desc, total, _LISTENERS[-1])
    if not enabled():
        return items
    from tqdm.auto import tqdm
    bar: Iterator[T] = tqdm(items, desc=desc, total=total, delay=DELAY, leave=False, unit="")
    return bar


def _reported(items: Iterable[T], desc: str, total: int | None, callback: Listener) -> Iterator[T]:
    done = 0
    for item in items:
        callback(desc, done, total)
        yield item
        done += 1
    callback(desc, done, total if total is not None else done)


@contextmanager
def listen(callback: Listener) -> Iterator[None]:
    """Report every ``progress`` loop run inside the block to ``callback(desc, done, total)``
    (the innermost ``listen`` wins), and show no bar."""
    _LISTENERS.append(callback)
    try:
        yield
    finally:
        _LISTENERS.remove(callback)
