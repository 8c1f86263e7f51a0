"""Drawing: a scene of plain primitives, computed once from a position, and two renderers.

* ``build_scene(game, perspective)`` / ``counter_scene(game, seat)`` lay a position (or the deck,
  for card counting) out as primitives in table coordinates (``scene.py``);
* ``scene_svg`` / ``game_svg`` / ``card_svg`` write deterministic SVG text (``svg.py``);
* ``CanvasRenderer`` draws a scene on an ipycanvas ``MultiCanvas``, one message per frame, card
  faces drawn once off-screen and stamped (``canvas.py``, imported on demand);
* ``hit_test(scene, x, y)`` says which card lies under a point.
"""

from .prims import CardItem, Group, Mark, Path, Rect, Scene, Text
from .scene import (CARD_H, CARD_W, HEIGHT, WIDTH, action_cards, build_scene, counter_scene,
                    counter_states, hit_test, seat_slots)
from .svg import card_svg, cards_svg, counter_svg, game_svg, scene_svg

__all__ = ["Scene", "Rect", "Text", "Path", "Group", "CardItem", "Mark",
           "build_scene", "counter_scene", "counter_states", "hit_test", "seat_slots",
           "action_cards", "scene_svg", "game_svg", "card_svg", "cards_svg", "counter_svg",
           "WIDTH", "HEIGHT", "CARD_W", "CARD_H"]
