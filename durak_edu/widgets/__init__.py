"""Widgets for JupyterLab: the table, a replay, play against bots, a card counter.

* ``TableView(game, perspective=None)`` — a position on a canvas;
* ``ReplayWidget(record_or_game, perspective=None)`` — step through a game (⏮ ◀ ▶ ⏭, slider,
  play/pause, perspective, move list, notes saved into the record);
* ``PlayWidget(variant, players, bots)`` — click your cards to play against bots;
* ``CounterWidget(game_or_replay, seat)`` — the deck as a grid of what a seat knows, with a quiz;
* ``Drill(level, seconds=60, seed=0)`` — counting practice: a new position each round, a
  countdown, per-card feedback, streaks and a history of times and accuracy;
* ``PresetChooser(names=None, value=None)`` — browse the house-rule presets of R9: rule, clause,
  a seeded position.

Every widget also has ``to_svg()`` and ``_repr_svg_``: where no widget front end runs (GitHub,
nbconvert) a notebook shows the static picture instead. They share one base (``base.py``):
``SvgWidget`` (the picture and the ``repr``) and ``SceneWidget`` (``build``/``refresh`` of one
scene drawn on a canvas: ``TableView``, ``CounterWidget``, ``Drill``). Widgets only read games; the one that
plays (``PlayWidget``) changes its game only through ``play``.
"""

from .counter import CounterWidget, QuizResult
from .drill import Drill
from .gallery import PresetChooser
from .play import PlayWidget
from .replay import ReplayWidget
from .table import TableView

__all__ = ["TableView", "ReplayWidget", "PlayWidget", "CounterWidget", "QuizResult", "Drill",
           "PresetChooser"]
