"""Settings every pytest run of this checkout needs, whatever it is given: the whole suite, one
test file, or one lesson (``python -m pytest notebooks/14_thousands_of_games.ipynb``).

Progress bars are off: their timings would make stored notebook outputs differ (the notebook
kernels nbval starts inherit this). It sits here, at the root, rather than in
``tests/conftest.py``, which pytest loads only when a path under ``tests/`` is collected.
"""

import os

os.environ["DURAK_EDU_PROGRESS"] = "0"
