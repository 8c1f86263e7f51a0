"""The exact ending search's transposition table (``solver.Table``; compiled, a C table of
two-word keys, ``cmemo.pxd``; as plain Python a dict): every position finds back exactly the
entry last kept for it, none another's (the search is exact: a false hit would change values),
through the table's growth, and ``len`` counts the positions held (the search's ``limit``)."""

import random

from durak_edu.games.core.solver import Table


def test_the_table_finds_back_every_entry_kept_through_its_growth_and_counts_positions():
    rng = random.Random(29)
    table = Table()
    truth: dict[tuple[int, int], int] = {}
    # more keys than the C table's first size (65,536 slots) holds, so it grows several times;
    # keys that differ in one word only, or one bit, must not share an entry
    for n in range(200_000):
        if n % 3 == 0 and truth:
            hi, lo = rng.choice(list(truth)) if n % 999 == 0 else (n, n ^ 1)
        else:
            hi, lo = rng.getrandbits(55), rng.getrandbits(64)
        entry = rng.randrange(1 << 20)
        table.keep(None, hi, lo, entry)
        truth[(hi, lo)] = entry
    assert len(table) == len(truth)
    for (hi, lo), entry in truth.items():
        assert table.find(None, hi, lo) == entry
        assert table.find(None, hi ^ 1 << 54, lo) == truth.get((hi ^ 1 << 54, lo), -1)
        assert table.find(None, hi, lo ^ 1 << 63) == truth.get((hi, lo ^ 1 << 63), -1)
    assert table.find(None, 0, 0) == truth.get((0, 0), -1)


def test_the_table_keeps_other_keys_apart_from_the_words_and_counts_both():
    table = Table()
    table.keep(("a tuple", 1), 0, 0, 5)
    assert table.find(("a tuple", 1), 0, 0) == 5
    assert table.find(None, 0, 0) == -1 and table.find(("a tuple", 2), 0, 0) == -1
    table.keep(None, 0, 0, 0)  # the entry 0 (bounds -1 and -1, no move) is an entry too
    assert table.find(None, 0, 0) == 0 and len(table) == 2


def test_the_table_starts_big_only_for_big_endings_and_never_past_its_cap():
    """``table_slots``: an ending of 16 cards searched within a million positions starts with
    room for them all (no doubling on the way), a small ending or a small limit with the least
    table, and a learner's huge limit on a whole deck with at most 2,097,152 slots (48 MB)
    rather than asking for more memory than the machine has."""
    from durak_edu.games.core.solver import table_slots

    assert table_slots(16, 1_000_000) == 1 << 21 >= 1_000_000 / 0.7
    assert table_slots(16, 60_000) == 1 << 17 >= 60_000 / 0.7
    assert table_slots(12, 1_000_000) == table_slots(4, 10) == 1 << 16
    sizes = [table_slots(cards, 10 ** 9) for cards in range(0, 73)]
    assert sizes == sorted(sizes) and max(sizes) == 1 << 21
    assert all(s & (s - 1) == 0 for s in sizes)  # powers of two: the C table's mask


def test_a_search_of_a_whole_deck_with_a_huge_limit_gets_its_table():
    from durak_edu import new_game
    from durak_edu.games.core.solver import Search

    game = new_game("podkidnoy", players=2, seed=0)
    search = Search(game._s.core, 10 ** 9)
    assert len(search.table) == 0
