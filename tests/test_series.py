"""A series of games at one table: who deals and who leads the next game (R1.3, R7.5, R8.1)."""

import pytest

from durak_edu import Series, VARIANTS


def finish(g):
    while not g.is_over:
        g.play(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("variant", ["japanese_maumau", "maumau_pharaoh"])
def test_R8_1_the_previous_winner_starts_the_next_game(variant):
    s = Series(variant, players=3, seed=2)
    for _ in range(3):
        g = finish(s.game)
        nxt = s.next_game()
        if g.result.winners:
            assert nxt.to_act == g.result.winners[0]


@pytest.mark.parametrize("variant", sorted(n for n, v in VARIANTS.items() if v.family != "shedding"))
def test_every_family_deals_a_second_game(variant):
    rules = VARIANTS[variant].rules
    players = 4 if getattr(rules, "teams", False) else min(3, max(rules.player_range()))
    s = Series(variant, players=players, seed=4)
    g = finish(s.game)
    nxt = s.next_game()
    assert nxt.variant == variant and not nxt.is_over and len(s.games) == 2
    if g.result.durak is not None:
        assert nxt.dealer == g.result.durak


@pytest.mark.parametrize("variant", ["podkidnoy", "japanese_circle", "japanese_maumau"])
def test_the_next_deal_is_the_games_own_answer_so_series_never_asks_the_family(variant):
    # R1.3 / R7.5 / R8.1 live in the engines (Game.next_deal); next_game only follows them
    import random
    from durak_edu import new_game
    from durak_edu.games.series import next_game
    g = new_game(variant, players=3, seed=5)
    with pytest.raises(ValueError, match="not over yet"):
        g.next_deal()
    g.playout(random.Random(5))
    dealer, lead = g.next_deal()
    following = next_game(g, seed=6)
    assert following.dealer == dealer and following.lead == lead
    if g.result.winners and VARIANTS[variant].family == "shedding":
        assert lead == g.result.winners[0]  # R8.1: the winner starts
    elif g.result.durak is not None:
        assert dealer == g.result.durak  # R1.3: the fool deals
