"""The reference's own examples (``attack.py``'s docstrings) run on the reference: ``new_game``
there builds ``AttackGame``, as it did when the engine was the package's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from reference import reference_engine


@pytest.fixture(autouse=True)
def _on_the_reference(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.path.name != "attack.py":
        yield
        return
    with reference_engine():
        yield
