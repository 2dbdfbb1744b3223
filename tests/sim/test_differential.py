"""The compiled engine and pure Python play the same games (``lapilli.sim.differential``;
the full comparison, 200 random games per game and player count, is
``bench/differential.py``)."""

import json

import pytest

from lapilli.core.registry import games, load_game
from lapilli.sim import differential
from lapilli.sim.differential import Batch, Difference, EngineMissing, compare, digest, stream

pytestmark = pytest.mark.differential


def short_plan():
    """Two random games per game and player count, one greedy game per game."""
    batches = []
    for name in games():
        game = load_game(name)
        batches += [Batch(name, n, "random", 2) for n in game.player_counts()]
        batches.append(Batch(name, game.default_players(), "greedy", 1, first=100))
    return batches


def test_both_engines_play_the_same_games():
    engine = differential.compiled_engine()
    if not engine.startswith("compiled"):
        pytest.skip(f"the compiled engine is not in use ({engine}): python -m lapilli.build")
    played, differences = compare(short_plan())
    assert played == sum(b.games for b in short_plan())
    assert not differences, "\n".join(map(str, differences))


def test_a_game_streams_the_same_from_the_same_seed_and_not_from_another():
    once = digest(stream("foggy_island", 2, "random", 7))
    assert once == digest(stream("foggy_island", 2, "random", 7))
    assert once[0] != digest(stream("foggy_island", 2, "random", 8))[0]
    lines = list(stream("fuji", 2, "random", 7))
    kinds = {line.split(",", 1)[0] for line in lines}
    assert kinds == {
        '["start"',
        '["outcomes"',
        '["legal"',
        '["action"',
        '["events"',
        '["observation"',
        '["end"',
        '["position"',
    }


def test_a_value_of_another_type_is_another_line():
    line = differential._line
    assert line("events", [{"n": 1}]) != line("events", [{"n": True}])
    assert line("events", [{"n": 1}]) != line("events", [{"n": 1.0}])
    assert line("legal", [("a", 1)]) == line("legal", [["a", 1]])  # JSON has no tuples


def test_the_first_line_where_the_engines_part_is_reported(monkeypatch):
    batch = Batch("eras", 2, "random", 2)
    same = json.dumps({"batch": batch.name, "seed": 0, "digest": "a", "lines": 3})
    streams = {
        "pure": ['["start"]', '["action",0,"x"]', '["events",[{"n":1}]]'],
        "compiled": ['["start"]', '["action",0,"x"]', '["events",[{"n":true}]]'],
    }

    def both(args):
        if args[0] == "digests":
            other = same.replace('"seed": 0', '"seed": 1')
            return [same, other], [same, other.replace('"digest": "a"', '"digest": "b"')]
        assert args[1:] == ["eras", "2", "random", "1"]
        return streams["pure"], streams["compiled"]

    monkeypatch.setattr(differential, "_both", both)
    played, differences = compare([batch])
    assert played == 2
    assert differences == [
        Difference(batch, 1, 2, '["events",[{"n":1}]]', '["events",[{"n":true}]]')
    ]
    assert "seed 1: the engines part at line 2" in str(differences[0])


def test_no_comparison_without_the_compiled_engine(monkeypatch):
    everywhere_pure = differential._environment(True)
    monkeypatch.setattr(differential, "_environment", lambda pure: everywhere_pure)
    with pytest.raises(EngineMissing, match="python -m lapilli.build"):
        compare([Batch("foggy_island", 2, "random", 1)])
