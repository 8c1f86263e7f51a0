"""The lesson authors' tools: they write the course's files, so they live beside the course, not
in the installed package (run them from the course root; ``pip install -e ".[dev]"`` brings
what they need).

    python -m authoring.notebooks notebooks/NN_name.ipynb   # re-run a lesson, store it clean
    python -m authoring.exercises [--check]                 # exercises/ from solutions/
    python -m authoring.curate [NAME ...]                   # the curated annotated games
"""
