"""Every Volcanique action reads in the rulebook's words."""

from lapilli.core import Action, load_game
from lapilli.games.volcanique.text import action_text, tile_name


def test_tiles_are_named_by_size_and_biomes() -> None:
    assert tile_name("uno-dark") == "dark Uno"
    assert tile_name("duo-medium-light") == "medium/light Duo"
    assert tile_name("trio-dlm") == "Trio (dark, light, medium counter-clockwise)"


def test_set_up_and_end_game_choices_speak_the_rulebook() -> None:
    state = load_game("volcanique").new_state(2)
    texts = {
        Action("choose_tile", tile="uno-light"): "take a light Uno tile",
        Action("bonus", resource="dark"): "take a bonus dark resource",
        Action("discard", resource="light"): "discard a light resource",
        Action("buy_caldera"): "buy a Caldera card",
        Action("summon_island"): "summon an island",
    }
    for action, text in texts.items():
        assert action_text(state, action) == text
    assert action_text(state, Action("buy_point")).startswith("buy a point (")


def test_buying_names_the_tile_in_the_rulebooks_words() -> None:
    state = load_game("volcanique").new_state(2)
    assert action_text(state, Action("buy", tile="trio-dlm")) == (
        "buy a Trio (dark, light, medium counter-clockwise) tile (3 resources)"
    )
    assert action_text(state, Action("buy", tile="uno-dark")).startswith("buy a dark Uno tile (")
    assert action_text(state, Action("buy", tile="volcano")).startswith("buy a volcano (")
