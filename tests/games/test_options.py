"""Every game's options pass one typed model: exact types from JSON, declared ranges."""

import pytest

from lapilli.core.errors import OptionError
from lapilli.core.options import option_form, options_from_json, options_model, parse_options
from lapilli.core.registry import game_class, game_classes, load_game


@pytest.mark.parametrize("game_id", list(game_classes()))
def test_every_game_declares_a_model_with_bounded_numbers(game_id):
    """A game's numbers declare their range (the model refuses to be built otherwise)."""
    cls = game_class(game_id)
    model = options_model(cls.Options)
    assert set(model.model_fields) == {o["name"] for o in option_form(cls.Options)}
    for row in option_form(cls.Options):
        if row["kind"] in ("int", "float"):
            assert row["minimum"] is not None and row["maximum"] is not None, row


@pytest.mark.parametrize(
    "game, options, words",
    [
        ("fuji", {"level": 1.5}, "option level: 1.5 is not one of 1, 2, 3, 4"),
        ("fuji", {"level": 1.0}, "option level: 1.0"),
        ("fuji", {"level": True}, "option level: True"),
        ("eras", {"round_limit": 1e300}, "option round_limit: 1e+300 is not a valid int"),
        ("eras", {"round_limit": 10**12}, "from 0 to 100000"),
        ("eras", {"up_to_six": "yes"}, "option up_to_six: 'yes' is not a valid bool"),
        ("eras", {"up_to_six": 1}, "option up_to_six: 1 is not a valid bool"),
        ("volcanique", {"caldera_limit": 10**12}, "option caldera_limit: 1000000000000"),
        ("deeper", {"max_rounds": -1}, "from 0 to 10000"),
        ("foggy_island", {"mode": "storm"}, "not one of basic, weather, mercenaries"),
        ("foggy_island", {"colour": "red"}, "unknown option 'colour'; options are: mode"),
    ],
)
def test_json_options_are_refused_unless_exactly_typed_and_in_range(game, options, words):
    with pytest.raises(OptionError) as refused:
        options_from_json(game_class(game).Options, options)
    assert words in str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    "game, pairs, words",
    [
        ("fuji", ["level=1.5"], "option level: '1.5'"),
        ("eras", ["round_limit=1e300"], "option round_limit: '1e300' is not a valid int"),
        ("volcanique", ["caldera_limit=1000000000000"], "from 0 to 20"),
        ("eras", ["up_to_six=maybe"], "is not a valid bool"),
    ],
)
def test_text_options_are_read_as_their_type_and_checked(game, pairs, words):
    with pytest.raises(OptionError, match=words):
        parse_options(game_class(game).Options, pairs)


def test_texts_become_the_declared_types():
    game = load_game("eras", ["up_to_six=yes", "round_limit=40"])
    assert game.options.up_to_six is True and type(game.options.round_limit) is int
    assert load_game("fuji", ["level=3"]).options.level == 3
    assert type(load_game("fuji", ["level=3"]).options.level) is int


def test_a_game_built_in_python_is_checked_too():
    cls = game_class("fuji")
    with pytest.raises(OptionError, match="option level: True"):
        cls(level=True)
    with pytest.raises(OptionError, match="option round_limit"):
        game_class("eras")(round_limit=10**12)
