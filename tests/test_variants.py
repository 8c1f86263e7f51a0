"""The VARIANTS registry, new_game's options and refusals of impossible setups."""

import pytest

from durak_edu import VARIANTS, Rules, new_game

ATTACK_PRESETS = ["podkidnoy", "perevodnoy", "prostoy", "prostoy_partial", "prostoy_pairs",
                  "prostoy_pair_only", "prostoy_two", "japanese_spades", "japanese_diamonds",
                  "podkidnoy_teams", "perevodnoy_teams"]


@pytest.mark.parametrize("name", ATTACK_PRESETS)
def test_every_foundation_preset_is_registered_with_titles_and_clause(name):
    v = VARIANTS[name]
    assert v.name == name and v.family == "attack" and isinstance(v.rules, Rules)
    assert v.title and v.title_ru and len(v.summary) > 60
    assert v.clause in ("R2", "R3", "R4", "R5", "R6")
    players = 4 if v.rules.teams else 2
    g = new_game(name, players=players, seed=1)
    assert g.variant == name and g.rules == v.rules


def test_unknown_variant_lists_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown variant 'podkidnoi'.*perevodnoy.*podkidnoy"):
        new_game("podkidnoi")


def test_unknown_option_lists_the_valid_ones():
    with pytest.raises(ValueError, match=r"unknown option 'bout_limt'.*bout_limit"):
        new_game("podkidnoy", bout_limt=6)


def test_bad_option_value_names_the_option_and_the_choices():
    with pytest.raises(ValueError, match=r"throw_in='everyone'.*'neighbours'"):
        new_game("podkidnoy", throw_in="everyone")
    with pytest.raises(ValueError, match=r"trump='fixed:X'"):
        new_game("podkidnoy", trump="fixed:X")


def test_keyword_options_override_the_preset():
    g = new_game("perevodnoy", players=3, seed=2, first_bout_limit=6, names=["Anna", "Boris", "Vera"])
    assert g.rules.first_bout_limit == 6 and g.rules.transfer
    assert g.options() == {"first_bout_limit": 6}
    assert g.names == ("Anna", "Boris", "Vera")


@pytest.mark.parametrize("name,players,reason", [
    ("podkidnoy", 7, r"7 players need 42 cards.*deck has 36"),
    ("podkidnoy", 1, r"for 2 to 6 players"),
    ("podkidnoy_teams", 3, r"at least 4|for 4 to 6 players"),
    ("podkidnoy_teams", 5, r"even number of players"),
    ("prostoy", 6, r"for 2 to 5 players"),
    ("prostoy_two", 3, r"this variant is for 2 players \(R0\)"),
])
def test_impossible_setups_are_refused_with_the_reason(name, players, reason):
    with pytest.raises(ValueError, match=reason):
        new_game(name, players=players, seed=1)


def test_R0_52_cards_allow_eight_players_36_only_six():
    g = new_game("podkidnoy", players=8, deck=52, seed=3)
    assert g.rules.deck == 52 and g.talon_size == 52 - 48
    with pytest.raises(ValueError, match="9 players need 54 cards"):
        new_game("podkidnoy", players=9, deck=52, seed=3)


def test_a_bad_deck_order_names_the_problem():
    from durak_edu import deck
    d = deck(36)
    with pytest.raises(ValueError, match=r"deck: card 2 \(6♠\) appears twice"):
        new_game("podkidnoy", deck_order=[d[0]] + d[:-1])
    with pytest.raises(ValueError, match=r"deck: 35 cards given.*missing: A♥"):
        new_game("podkidnoy", deck_order=d[:-1])
    with pytest.raises(ValueError, match=r"deck: card 1 \(2♠\) is not in a 36-card deck"):
        new_game("podkidnoy", deck_order=deck(52)[:36])
    with pytest.raises(ValueError, match="either seed or deck"):
        new_game("podkidnoy", deck_order=d, seed=1)


def test_the_same_seed_deals_the_same_game():
    a, b = new_game("perevodnoy", players=4, seed=11), new_game("perevodnoy", players=4, seed=11)
    assert a.deck_order == b.deck_order and str(a) == str(b)
    assert new_game("perevodnoy", players=4, seed=12).deck_order != a.deck_order


def test_a_deck_order_of_another_size_sets_the_deck_size():
    from durak_edu import deck
    g = new_game("podkidnoy", deck_order=deck(32))
    assert g.rules.deck == 32 and g.talon_size == 32 - 12


@pytest.mark.parametrize("name", ["podkidnoy", "japanese_circle", "japanese_maumau"])
def test_a_game_needs_two_players_in_every_family(name):
    with pytest.raises(ValueError, match="min_players=1 must be .*at least 2"):
        new_game(name, players=2, min_players=1)
    with pytest.raises(ValueError, match="max_players=2 is below min_players=3"):
        new_game(name, players=3, min_players=3, max_players=2)


@pytest.mark.parametrize("name,clause", [("prostoy", "R1.3"), ("navalenny_modern", "R7.5")])
def test_to_fool_cannot_be_combined_with_left_of_dealer(name, clause):
    # with first_lead="left_of_dealer" the player after the dealer always leads (R1.3, R7.5),
    # so next_game_lead="to_fool" would be ignored without a word: it is refused instead
    with pytest.raises(ValueError, match=rf"contradict each other.*\({clause}\)"):
        new_game(name, players=3, next_game_lead="to_fool")
    new_game("podkidnoy", players=3, next_game_lead="to_fool")  # fine with the lowest trump
