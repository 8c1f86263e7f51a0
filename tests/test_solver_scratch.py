"""The exact ending search's scratch (``solver.Search.stk``, issue 29): each node keeps its
moves, order and children as words of one growable array (``cscratch.pxd`` compiled, a list as
plain Python), its children's frames below its own. A search that starts with a scratch of two
words grows it at nearly every node; it must search exactly the positions, and give exactly
the values, of a search whose scratch never grows — with and without the ranks closed up
(podkidnoy; perevodnoy's transfers keep tuple keys and R2.11's counts)."""

import pytest

from durak_edu.games.core.solver import Search

from helpers import seeded_ending


_ending = seeded_ending  # (a stop chance of 0.5, lowest-card moves 0.7)


def _answers(search: Search) -> tuple[list[int], int]:
    """The root's value, then each first move's, and the positions the table holds."""
    values = [search.exact(search.root)]
    for m in search.root_moves():
        values.append(search.exact(search.child(m)))
    return values, len(search.table)


@pytest.mark.parametrize("variant,seed,most", [("podkidnoy", s, 12) for s in range(4)]
                         + [("perevodnoy", s, 8) for s in range(4)])
def test_a_scratch_that_must_grow_changes_no_position_and_no_value(variant, seed, most):
    g = _ending(variant, seed, most)
    if g is None:
        pytest.skip("the game ended before such a position")
    roomy = Search(g._s.core, 2_000_000)
    tight = Search(g._s.core, 2_000_000, scratch=2)
    assert tight.close == roomy.close == (variant == "podkidnoy")
    assert _answers(tight) == _answers(roomy)
