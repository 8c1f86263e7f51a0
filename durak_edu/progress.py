"""A progress bar for long work: tournaments, simulations, the loops of a lesson.

A student who starts four thousand games should see that something is happening. ``progress``
wraps an iterable in tqdm's bar — the notebook bar in Jupyter, a text bar on a terminal — that
appears only once the work has taken longer than ``DELAY`` seconds, says what is being done, and
goes away when it is finished; short work shows nothing.

The bar is switched off with the environment variable ``DURAK_EDU_PROGRESS=0``: the test suite
and the lesson authors' notebook runner do so, because a bar's timings would make stored
outputs change from run to run.

>>> list(progress(range(3), "counting"))
[0, 1, 2]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["DELAY", "enabled", "progress"]

T = TypeVar("T")

#: seconds of work before the bar appears
DELAY = 2.0


def enabled() -> bool:
    """Whether bars are shown (``DURAK_EDU_PROGRESS=0`` turns them off)."""
    return os.environ.get("DURAK_EDU_PROGRESS", "1").strip().lower() not in ("0", "off", "no",
                                                                             "false")


def progress(items: Iterable[T], desc: str, total: int | None = None) -> Iterator[T] | Iterable[T]:
    """``items``, with a bar labelled ``desc`` if the loop runs longer than ``DELAY`` seconds."""
    if not enabled():
        return items
    from tqdm.auto import tqdm
    bar: Iterator[T] = tqdm(items, desc=desc, total=total, delay=DELAY, leave=False, unit="")
    return bar
