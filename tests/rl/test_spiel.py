"""The OpenSpiel games pass OpenSpiel's own random simulation test and agree with
lapilli: legal ids, chance, observation tensors, returns, clones."""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from lapilli.core.errors import MalformedInput  # noqa: E402
from lapilli.core.registry import game_class  # noqa: E402
from lapilli.rl import spiel  # noqa: E402

SHORT = {"eras": {"round_limit": 15}, "deeper": {"max_rounds": 25}, "volcanique": {"max_rounds": 5}}
"""Random games of Eras last thousands of turns, Deeper and Volcanique hundreds: their
safeguards stop them sooner here."""


def set_ups():
    for game_id in sorted(spiel.GAMES):
        for options, players in game_class(game_id)().conformance_configs():
            yield pytest.param(game_id, options, players, id=f"{game_id}-{players}p-{options}")


@pytest.mark.parametrize("game, options, players", list(set_ups()))
def test_openspiels_random_simulation_test_passes_with_serialisation(game, options, players):
    loaded = spiel.load(game, players, {**options, **SHORT.get(game, {})})
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_a_games_name_carries_its_options_through_serialisation():
    game = spiel.load("fuji", 3, {"scenario": "1", "level": 1, "skills": "chosen"})
    assert str(game) == "python_lapilli_fuji(options=level:1;scenario:1;skills:chosen,players=3)"
    again = pyspiel.load_game(str(game))
    assert again.lapilli.options == game.lapilli.options and again.players == 3
    state = game.new_initial_state()
    state.apply_action(0)
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert copy[1].position.to_json() == state.position.to_json()
    assert str(spiel.load("fuji", 3)) == "python_lapilli_fuji(players=3)"
    with pytest.raises(MalformedInput, match="options are a JSON object"):
        pyspiel.load_game("python_lapilli_fuji", {"options": "{1, 2}"})
    with pytest.raises(MalformedInput, match="option level: '9' is not one of 1, 2, 3, 4"):
        pyspiel.load_game("python_lapilli_fuji", {"options": "level:9"})


def test_the_results_add_up_as_each_game_declares():
    team = spiel.load("foggy_island", 4, {"variant": "team"})
    assert team.utility_sum() == 2.0  # each side's two seats share its result
    assert spiel.load("foggy_island", 2).utility_sum() == 1.0
    assert spiel.load("deeper", 3).get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    eras = spiel.load("eras", 3)  # the round limit stops a game with no winner
    assert eras.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_every_game_is_registered_by_name_with_its_options():
    for game_id in ("deeper", "eras", "foggy_island", "fuji", "volcanique"):
        assert game_id in spiel.GAMES
    game = pyspiel.load_game("python_lapilli_foggy_island", {"options": '{"mode": "weather"}'})
    assert game.lapilli.options.mode == "weather" and game.num_players() == 2
    assert game.num_distinct_actions() == game.lapilli.action_codec(2).size
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert spiel.load("fuji", 3).get_type().utility == pyspiel.GameType.Utility.IDENTICAL


def test_a_played_game_agrees_with_lapilli_at_every_step():
    game = spiel.load("deeper", 2)
    state = game.new_initial_state()
    observer = make_observation(game)
    rng = random.Random(3)
    parts = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        legal = state.legal_actions()
        # the ids that may come next: those the legal actions still open go on with
        chosen = state.choice.chosen
        paths = [game.codec.encode(a) for a in state.position.legal_actions()]
        assert legal == sorted({p[len(chosen)] for p in paths if p[: len(chosen)] == chosen})
        observer.set_from(state, player)
        assert np.array_equal(observer.tensor[: game.layout.size], state.position.numeric(player))
        assert observer.dict["choice"].sum() == len(chosen)
        assert "=" not in state.action_to_string(player, legal[0])  # the game's own words
        before = state.position.to_json()
        state.apply_action(rng.choice(legal))
        parts += state.position.to_json() == before  # a part of an action: nothing played
    assert state.returns() == state.position.returns() and max(state.returns()) > 0
    assert parts > 20  # Explore, Terraform and the Pump are chosen in parts


def test_a_clone_is_equal_and_independent():
    game = spiel.load("volcanique", 3)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(150):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.position.to_json() == state.position.to_json()
    before = state.position.to_json()
    clone.apply_action(clone.legal_actions()[0] if not clone.is_chance_node() else 0)
    assert state.position.to_json() == before != clone.position.to_json()


def test_a_clone_takes_the_positions_own_copy_and_serialising_its_json(monkeypatch):
    state = spiel.load("foggy_island", 2).new_initial_state()
    for _ in range(3):
        chance = state.is_chance_node()
        state.apply_action(state.chance_outcomes()[0][0] if chance else state.legal_actions()[0])

    def no_json(self):
        raise AssertionError("cloned through JSON")

    with monkeypatch.context() as patch:
        patch.setattr(type(state.position), "to_json", no_json)
        clone = state.clone()  # the search algorithms' copy: no JSON on the way
    assert clone.position is not state.position
    assert clone.position.to_json() == state.position.to_json()
    copied = state.get_game().deserialize_state(state.serialize())
    assert copied.position.to_json() == state.position.to_json()


def test_a_set_up_without_a_limit_on_its_length_is_refused():
    with pytest.raises(MalformedInput, match="no limit on its length"):
        spiel.load("deeper", 2, {"max_rounds": 0})
    assert spiel.load("deeper", 2).max_game_length() == 18600 * 3  # 3 ids at most an action


def played_until(game, rng, before_end):
    """A random game of ``game`` played again up to ``before_end`` ids before its end."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.new_initial_state()
    for action in state.history()[:-before_end]:
        again.apply_action(action)
    return again


@pytest.mark.parametrize("game_id", sorted(spiel.GAMES))
def test_openspiels_mcts_and_evaluate_bots_play_every_game(game_id):
    players = game_class(game_id)().default_players()
    game = spiel.load(game_id, players, SHORT.get(game_id, {}))
    rng = np.random.RandomState(1)
    state = played_until(game, rng, before_end=60)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)

    class Searcher(mcts.MCTSBot):  # counts its searches
        searches = 0

        def step(self, state):
            Searcher.searches += 1
            return super().step(state)

    searcher = Searcher(game, 2.0, 3, evaluator, random_state=rng)
    bots = [searcher, *(uniform_random.UniformRandomBot(p, rng) for p in range(1, players))]
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and list(returns) == state.position.returns()
    assert Searcher.searches > 0


def test_an_information_state_holds_what_the_seat_saw_and_its_own_choices():
    game = spiel.load("foggy_island", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()  # taking its opening hand, behind its screen
    other = 1 - seat
    first, second = state.legal_actions()[:2]
    picked = state.action_to_string(seat, first)
    twin = state.clone()
    state.apply_action(first)
    twin.apply_action(second)
    mine, theirs = state.information_state_string(seat), state.information_state_string(other)
    assert picked in mine and picked not in theirs  # a secret choice: its maker only
    assert mine != twin.information_state_string(seat)  # perfect recall of its own picks
    assert theirs == twin.information_state_string(other)  # the other cannot tell them apart
    tensor = np.array(state.information_state_tensor(seat))
    assert tensor.size == game.information_state_tensor_size()
    assert tensor.size == game.layout.size + game.codec.choice_size + game.codec.size
    assert tensor[-game.codec.size :].sum() == pytest.approx(1.0)  # its one pick so far
    assert not np.array(state.information_state_tensor(other))[-game.codec.size :].any()
    again = game.deserialize_state(state.serialize())
    assert again.information_state_string(seat) == mine
    assert again.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_a_states_text_tells_apart_what_a_seat_cannot_see():
    """Two positions that differ behind a screen are two states (search algorithms that
    key states by their text see both)."""
    game = spiel.load("foggy_island", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    one, two = state.clone(), state.clone()
    first, second = state.legal_actions()[:2]
    one.apply_action(first)
    two.apply_action(second)
    assert one.observation_string(1 - one.current_player()) == two.observation_string(
        1 - two.current_player()
    )
    assert str(one) != str(two)


def test_only_a_seats_own_view_is_observed():
    game = spiel.load("foggy_island", 2)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="one seat's own view"):
        game.make_py_observer(public)
