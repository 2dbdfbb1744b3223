"""The levels easy, normal and hard: each a bot of its game, hard within its budget."""

import random
import time

import pytest
from typer.testing import CliRunner

from lapilli.agents import AgentError, GreedyAgent, MCTSAgent, make_agent
from lapilli.agents.base import parse_spec
from lapilli.agents.levels import LEVELS, game_levels, level_spec, read_levels
from lapilli.agents.table import seat_spec
from lapilli.cli.main import app
from lapilli.core.loop import play, quiet
from lapilli.core.registry import game_class, games
from lapilli.web.settings import Settings


def opening(game_id: str, seed: int = 3, steps: int = 12):
    """A position a few random steps into a game, with a choice to make."""
    game = game_class(game_id)()
    state = quiet(game.new_state(game.default_players()))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(
            rng.choice(state.legal_actions())
            if not state.is_chance_node()
            else state.chance_outcomes()[0][0]
        )
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        state.apply(
            state.legal_actions()[0]
            if not state.is_chance_node()
            else state.chance_outcomes()[0][0]
        )
    return state


def test_every_game_has_every_level_and_each_is_a_bot_that_can_be_made():
    assert set(game_levels()) == set(games())
    for game_id in games():
        for level in LEVELS:
            spec = level_spec(game_id, level)
            assert seat_spec(spec) and make_agent(spec)  # a bot as written in levels.toml


@pytest.mark.parametrize("game_id", games())
def test_each_level_becomes_its_games_bot_and_plays_a_legal_move(game_id):
    state = opening(game_id)
    kinds = {"easy": GreedyAgent, "normal": GreedyAgent, "hard": MCTSAgent}
    for level in LEVELS:
        spec = "hard:iters=20,seconds=0" if level == "hard" else level
        bot = make_agent(spec, seed=1)
        action = bot.act(state.clone(), state.current_player())
        assert action in state.legal_actions()
        assert isinstance(bot.bot, kinds[level])
        assert str(bot.bot).startswith(level_spec(game_id, level).partition(":")[0])
    hard = make_agent("hard:iters=20,seconds=0", seed=1)
    hard.act(state.clone(), state.current_player())
    assert (hard.bot.iters, hard.bot.seconds) == (20, 0)  # its budget reaches the search


def test_levels_are_seats_everywhere_and_a_bad_level_is_refused_in_words():
    assert seat_spec("hard") == "hard" and seat_spec("easy") == "easy"
    assert seat_spec("hard:seconds=0.5") == "hard:seconds=0.5"
    with pytest.raises(AgentError, match="no bot called 'hardest'.*easy, normal, hard"):
        seat_spec("hardest")
    with pytest.raises(AgentError, match="seconds must be a number from 0 to 2, not '5'"):
        seat_spec("hard:seconds=5")
    with pytest.raises(AgentError, match="hard bot needs a budget"):
        make_agent("hard:seconds=0")
    with pytest.raises(AgentError, match="the easy bot has no parameter iters"):
        seat_spec("easy:iters=5")


def test_hard_uses_its_time_and_no_more():
    state = opening("eras")
    bot = make_agent("hard:seconds=0.3", seed=2)
    start = time.perf_counter()
    bot.act(state.clone(), state.current_player())
    took = time.perf_counter() - start
    assert bot.bot.last_seconds >= 0.3  # anytime: it thinks until its time is up
    assert took < 0.3 + 1.0  # then answers (one batch of iterations and the greedy prior)
    assert bot.bot.last_iterations > 20


def test_hard_with_an_iteration_budget_plays_the_same_moves_from_the_same_seed():
    state = opening("foggy_island")
    seat = state.current_player()
    picks = {
        str(make_agent("hard:iters=60,seconds=0", seed=9).act(state.clone(), seat))
        for _ in range(3)
    }
    assert len(picks) == 1


def test_easy_draws_among_the_better_moves_and_normal_takes_its_favourite():
    state = opening("foggy_island")  # four moves, one greedy's favourite
    seat = state.current_player()
    loose = {make_agent("greedy:slip=0.9", seed=s).act(state.clone(), seat) for s in range(40)}
    sharp = {make_agent("greedy", seed=s).act(state.clone(), seat) for s in range(40)}
    assert len(sharp) == 1 and len(loose) > 1


def test_a_slip_draws_each_move_by_its_rank():
    # the k-th best move is drawn with weight slip**k: with slip 0.5 and four moves of
    # different values, 8/15 of the draws take the favourite, 4/15 the next, and so on
    state = opening("foggy_island")
    seat = state.current_player()
    legal = state.legal_actions()
    values = GreedyAgent(seed=0).values(state.clone(), seat, legal)
    assert len(set(values)) == len(legal) == 4
    ranked = sorted(legal, key=lambda a: values[legal.index(a)], reverse=True)
    draws = [make_agent("greedy:slip=0.5", seed=s).act(state.clone(), seat) for s in range(600)]
    shares = [draws.count(a) / len(draws) for a in ranked]
    for share, expected in zip(shares, (8 / 15, 4 / 15, 2 / 15, 1 / 15), strict=True):
        assert abs(share - expected) < 0.05, shares


def test_a_broken_levels_file_is_refused_in_words(tmp_path):
    broken = tmp_path / "levels.toml"
    broken.write_text('[eras]\neasy = "greedy"\n')
    with pytest.raises(AgentError, match=r"\[eras\] needs exactly easy, hard, normal, tuned"):
        read_levels(broken)
    with pytest.raises(AgentError, match="the levels have no bots for the game 'chess'"):
        level_spec("chess", "hard")


def test_a_server_keeps_hard_within_its_cap():
    assert Settings().bot_spec("hard") == "hard:seconds=2"
    assert Settings(max_bot_seconds=1).bot_spec("hard") == "hard:seconds=1"
    assert Settings().bot_spec("hard:iters=500,seconds=0") == "hard:iters=500,seconds=2"
    with pytest.raises(AgentError, match="caps the hard bot's seconds at 1"):
        Settings(max_bot_seconds=1).bot_spec("hard:seconds=2")
    with pytest.raises(AgentError, match="caps the hard bot's iters at 5000"):
        Settings(max_mcts_iters=5000).bot_spec("hard:iters=9000")


def test_a_search_cut_short_by_its_time_says_so():
    state = opening("eras")
    bot = MCTSAgent(seed=1, iters=10**6, seconds=0.05)
    bot.act(state.clone(), state.current_player())
    assert "cut short after 0.05 s" in (bot.cut_short() or "")
    whole = MCTSAgent(seed=1, iters=10, seconds=5)
    whole.act(state.clone(), state.current_player())
    assert whole.cut_short() is None


def test_lapilli_bots_lists_the_levels_of_every_game():
    result = CliRunner().invoke(app, ["bots"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "easy" in result.output and "hard thinks 2 s a move" in result.output
    for game_id in games():
        assert game_id in result.output


def test_hard_does_not_undo_free_moves_back_and_forth():
    """Deeper's Storage moves are free: a search that found storing and taking back
    equal went back and forth until the round limit (this deal: 1,900 decisions and
    on). Like greedy, it now never moves back to a position it has moved from."""
    game = game_class("deeper")()
    state = game.new_state(2)
    rng = random.Random(50001)
    bots = [
        make_agent(s, seed=rng.randrange(2**31)) for s in ("greedy", "hard:iters=100,seconds=0")
    ]
    play(state, [b.act for b in bots], rng, check=False, limit=1200)
    assert state.is_terminal()


def test_a_variant_tuned_apart_plays_its_own_hard_and_a_bad_one_is_refused(tmp_path):
    levels = tmp_path / "levels.toml"
    levels.write_text(
        '[foggy_island]\neasy = "greedy:slip=0.3"\nnormal = "greedy"\n'
        'hard = "mcts:prior=5"\ntuned = "by hand"\n'
        '[foggy_island."variant=team"]\nhard = "mcts:prior=5,tree=100"\ntuned = "by hand too"\n'
    )
    foggy = read_levels(levels)["foggy_island"]
    team = game_class("foggy_island")(variant="team").options_json()
    basic = game_class("foggy_island")().options_json()
    assert foggy.spec("hard", team) == "mcts:prior=5,tree=100"
    assert foggy.spec("hard", basic) == foggy.spec("hard") == "mcts:prior=5"
    assert foggy.spec("normal", team) == "greedy"  # only hard is tuned apart
    levels.write_text(levels.read_text() + '[foggy_island."team"]\nhard = "mcts"\ntuned = "x"\n')
    with pytest.raises(AgentError, match=r'\["team"\]: a variant is named option=value'):
        read_levels(levels)


def test_hard_becomes_its_variants_bot_where_one_is_tuned_apart():
    # the team game's hard is written apart in levels.toml; the basic game plays the game's
    foggy = game_levels()["foggy_island"]
    (team,) = [v for v in foggy.variants if v.key == "variant=team"]
    assert team.hard != foggy.hard
    game = game_class("foggy_island")(variant="team")
    bot = make_agent("hard:iters=20,seconds=0", seed=1)
    state = quiet(game.new_state(4))
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply(
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    assert bot.act(state.clone(), state.current_player()) in state.legal_actions()
    assert level_spec("foggy_island", "hard", options=game.options_json()) == team.hard
    assert parse_spec(str(bot.bot))[1]["tree"] == "100"  # the team game's own search
