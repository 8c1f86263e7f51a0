"""Only for the optional compiled speed-up; everything else is in pyproject.toml.

The attack family's core (``durak_edu/games/core/``, issue 25): each hot module is one source
with two lives. Cython compiles it where a C compiler is, and it plays many times faster; where
nothing can be compiled the same file runs as plain Python and plays exactly the same moves. The
build never fails for want of a compiler: it skips the speed-up. Its C types are in an
*augmenting* ``.pxd`` beside each hot module (``cdef class`` for ``CoreState``,
``Config`` and ``Menu``, ``cpdef`` functions, ``unsigned long long`` masks); its ``.py``
annotations are for mypy only (``annotation_typing=False``), so the ``.pxd`` alone gives the C
types. ``DURAK_EDU_PURE=1`` runs the sources even where they were built (``cython_shim``).
"""

from setuptools import Extension, setup

# the core's hot modules, the house parts asked at (nearly) every move of their presets'
# playouts, and the exact ending search's body (solver: issue 29)
# (durak_edu.games.cython_shim.CORE_COMPILED holds the same list)
CORE = ("bits", "state", "checks", "seats", "moves", "apply", "playout", "shapes",
        "teams", "hooks", "house.one_higher_phase", "house.counter_attack", "house.krugovoy",
        "house.magadansky", "house.otboyny", "house.defender_swaps", "house.defender_throws_in",
        "house.joker_gives", "house.scoring", "house.once", "house.talon_attack",
        "house.defender_draws", "house.trump_six_exchange", "solver_key", "solver")

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython in the build environment: the plain-Python core it is
    ext_modules = []
else:
    ext_modules = cythonize(
        [Extension(f"durak_edu.games.core.{m}", [f"durak_edu/games/core/{m.replace('.', '/')}.py"],
                   optional=True)
         for m in CORE],
        # bounds checks, negative indices and Python's % stay (seat arithmetic uses them)
        compiler_directives={"language_level": 3, "annotation_typing": False},
        quiet=True)

setup(ext_modules=ext_modules)
