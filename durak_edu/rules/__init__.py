"""Rules options and the registry of named variants.

A variant is data: a ``Rules`` value (one frozen dataclass per rule family) plus a name, titles
and a summary. ``new_game(name, **options)`` starts from the preset and overrides options.

One module per family holds its options class, its registration (``FAMILIES``) and its presets:
``attack.py`` (R1–R6), ``circle.py`` (R7), ``maumau.py`` (R8). Importing this package imports
all of them, so ``VARIANTS`` is complete whatever is imported first.

>>> VARIANTS["perevodnoy"].rules.transfer
True
>>> VARIANTS["podkidnoy"].title_ru
'Подкидной дурак'
>>> list(FAMILIES)
['attack', 'circle', 'shedding']
"""

from .base import RulesBase, check_choice, parse_trump, trump_option
from .registry import (FAMILIES, VARIANTS, Family, Variant, register, register_family, variant,
                       with_options)
from .attack import Rules  # the families, in the order of VARIANTS and FAMILIES
from .circle import CircleRules
from .maumau import MaumauRules

__all__ = ["Rules", "CircleRules", "MaumauRules", "RulesBase", "Variant", "VARIANTS", "register",
           "variant", "with_options", "Family", "FAMILIES", "register_family", "check_choice",
           "parse_trump", "trump_option"]
