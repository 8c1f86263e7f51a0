"""Only for the optional compiled speed-up; everything else is in pyproject.toml.

``durak_edu/games/rollout.py``, the playout kernel, is one source with two lives: Cython compiles
it (its annotations in pure-Python mode become C types) where a C compiler is, and it plays about
ten times faster; where nothing can be compiled the same file runs as plain Python and plays
exactly the same moves. The build never fails for want of a compiler: it skips the speed-up.
"""

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # no Cython in the build environment: the plain-Python kernel it is
    ext_modules = []
else:
    ext_modules = cythonize(
        [Extension("durak_edu.games.rollout", ["durak_edu/games/rollout.py"], optional=True)]
        # the attack family's core (issue 25): its hot modules, plain Python compiled as is
        + [Extension(f"durak_edu.games.core.{m}", [f"durak_edu/games/core/{m}.py"], optional=True)
           for m in ("bits", "checks", "seats", "moves", "apply", "playout", "shapes")],
        compiler_directives={"language_level": 3},
        quiet=True)

setup(ext_modules=ext_modules)
