"""Only for the optional compiled speed-up; everything else is in pyproject.toml.

``durak_edu.games._rollout_c`` plays random playouts about ten times faster than the Python
kernel it mirrors. It is optional: without a C compiler the build skips it and the package
uses the Python kernel, which plays exactly the same moves.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("durak_edu.games._rollout_c", ["durak_edu/games/_rollout_c.c"],
                             optional=True)])
