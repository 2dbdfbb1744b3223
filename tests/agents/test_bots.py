"""The bots' contract: legal moves only, reproducible with a seed, no peeking."""

import random

import pytest

from lapilli.agents import make_agent
from lapilli.core.registry import game_class, games, load_game

from .helpers import play, position

SMALL = ["random", "greedy", "mcts:iters=40,cutoff=8", "mcts:iters=40,cutoff=0"]


def _configs():
    """Every registered game in each of its set-ups (tiny budgets keep this fast)."""
    for game_id in games():
        for options, players in game_class(game_id)().conformance_configs():
            opts = [f"{k}={v}" for k, v in options.items()]
            yield pytest.param(game_id, opts, players, id=f"{game_id}-{players}p-{options}")


@pytest.mark.parametrize("game_id, options, players", list(_configs()))
@pytest.mark.parametrize("spec", SMALL)
def test_bots_choose_legal_actions_everywhere(game_id, options, players, spec):
    for seed in range(3):
        state = position(game_id, options, players, seed=seed, steps=17 * seed + 5)
        seat = state.current_player()
        before = state.to_json()
        action = make_agent(spec, seed=seed).act(state, seat)
        assert action in state.legal_actions()
        assert state.to_json() == before, "a bot must not change the position it is shown"


@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=40:cutoff=0"])
def test_a_whole_game_with_bots_is_legal(spec):
    actions, end = play([spec, "random"], 3, options=["mode=weather"])
    assert end.is_terminal() and len(actions) > 100


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=80", "mcts:iters=80,cutoff=5"])
def test_bots_are_reproducible_with_a_seed(spec):
    states = [position(seed=s, steps=30 + 9 * s) for s in range(4)]
    first = [make_agent(spec, seed=7).act(s, s.current_player()) for s in states]
    again = [make_agent(spec, seed=7).act(s, s.current_player()) for s in states]
    assert first == again
    # and a whole game replays exactly
    spec = spec.replace("iters=80", "iters=15,cutoff=4") if "cutoff" not in spec else spec
    assert play([spec, "greedy"], 11)[0] == play([spec, "greedy"], 11)[0]


def _hidden_swap(state, seat):
    """The same position for ``seat``, but the opponent's hand and pile differ."""
    other = 1 - seat
    twin = state.clone()
    hand, pile = twin.hands[other], twin.piles[other]
    for a in hand.kinds():
        for b in pile.kinds():
            if a != b:
                hand.take(a)
                hand.put(b)
                pile.take(b)
                pile.put(a)
                twin.changed()
                return twin
    return None


def _foggy_twins(n):
    """Positions and twins that differ only in what the seat to move cannot see."""
    out = []
    seed = 0
    while len(out) < n:
        state = position(seed=seed, steps=24 + 7 * (seed % 5))
        seed += 1
        seat = state.current_player()
        if state.phase != "choose":
            continue
        twin = _hidden_swap(state, seat)
        if twin is None:
            continue
        assert twin.observation(seat) == state.observation(seat)
        assert twin.to_json() != state.to_json()
        out.append((state, twin, seat))
    return out


def _peeking(agent):
    """The same bot, but its determinizations are the true state (a cheat)."""

    def act(state, seat):
        original = type(state).determinize

        def cheat(self, s, rng):
            original(self, s, rng)  # same random numbers used, so only the peek differs
            return self.clone()

        type(state).determinize = cheat
        try:
            return agent.act(state, seat)
        finally:
            type(state).determinize = original

    return act


@pytest.mark.parametrize("spec", ["mcts:iters=150", "mcts:iters=150,cutoff=0", "greedy"])
def test_bots_do_not_peek_at_hidden_tokens(spec):
    twins = _foggy_twins(6)
    for i, (state, twin, seat) in enumerate(twins):
        assert make_agent(spec, seed=i).act(state, seat) == make_agent(spec, seed=i).act(twin, seat)


def test_the_no_peeking_test_would_catch_a_cheat():
    # the same search reading the true state decides differently somewhere
    twins = _foggy_twins(6)
    spec = "mcts:iters=150,cutoff=-1"
    differs = 0
    for i, (state, twin, seat) in enumerate(twins):
        a = _peeking(make_agent(spec, seed=i))(state, seat)
        b = _peeking(make_agent(spec, seed=i))(twin, seat)
        differs += a != b
    assert differs > 0


@pytest.mark.parametrize("game_id, options, players", list(_configs()))
def test_mcts_does_not_peek_in_any_game(game_id, options, players):
    # a twin from the seat's own determinization: same view, other hidden facts
    found = uncanonical = 0
    for seed in range(12):
        try:
            state = position(game_id, options, players, seed=seed, steps=23 * seed + 3)
        except AssertionError:
            continue  # this game ended sooner
        seat = state.current_player()
        twin = state.determinize(seat, random.Random(1000 + seed))
        if twin.to_json() == state.to_json():
            continue  # nothing hidden here
        assert twin.observation(seat) == state.observation(seat)
        # the same seed can only give the same decision if the game's determinize
        # builds the same world from the same view (whatever the hidden truth)
        if any(
            state.determinize(seat, random.Random(k)).to_json()
            != twin.determinize(seat, random.Random(k)).to_json()
            for k in range(3)
        ):
            uncanonical += 1
            continue
        found += 1
        spec = "mcts:iters=50,cutoff=3"
        assert make_agent(spec, seed=seed).act(state, seat) == make_agent(spec, seed=seed).act(
            twin, seat
        )
    if uncanonical:
        pytest.xfail(
            f"{game_id}: determinize(seat, rng) with one seed gives different worlds for two "
            "true states the seat cannot tell apart (same distribution, different order), "
            "so a same-seed comparison cannot be made there"
        )
    if found == 0:
        pytest.skip(f"no hidden information found in {game_id} positions")


def test_mcts_reports_its_work():
    bot = make_agent("mcts:iters=120", seed=1)
    state = position()
    bot.act(state, state.current_player())
    assert bot.last_iterations == 120 and bot.total_iterations == 120
    timed = make_agent("mcts:seconds=0.05", seed=1)
    timed.act(state, state.current_player())
    assert timed.last_iterations > 0 and timed.last_seconds < 1.0


def test_a_single_legal_action_is_played_without_search():
    game = load_game("foggy_island")
    state = game.new_state(2)
    from lapilli.core.state import CHANCE

    rng = random.Random(0)
    while True:
        if state.current_player() == CHANCE:
            from lapilli.core.state import sample_chance

            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            break
        state.apply(rng.choice(legal))
    bot = make_agent("mcts:iters=500", seed=0)
    assert bot.act(state, state.current_player()) == legal[0]
    assert bot.last_iterations == 0


@pytest.mark.parametrize("game_id, players", [("foggy_island", 2), ("fuji", 3)])
def test_mcts_prior_expands_the_greedy_favourite_first(game_id, players):
    from lapilli.agents.mcts import _Search

    for seed in range(3):
        state = position(game_id, players=players, seed=seed, steps=25 + 11 * seed)
        seat = state.current_player()
        search = _Search(make_agent("mcts:iters=1,prior=1", seed=seed), state, seat)
        opinion = search.prior
        assert set(opinion) == set(state.legal_actions())
        assert max(opinion.values()) == 1.0 and min(opinion.values()) >= 0.0
        search.run()
        (first,) = search.root.children
        assert opinion[first] == 1.0


def test_mcts_prior_steers_a_short_search_to_the_greedy_choice():
    # one iteration: the only action tried is greedy's favourite; without a prior it is
    # a random one
    states = [position(seed=s, steps=30 + 9 * s) for s in range(6)]
    with_prior = without = 0
    for i, state in enumerate(states):
        seat = state.current_player()
        legal = state.legal_actions()
        values = make_agent("greedy", seed=i).values(state, seat, legal)
        top = {a for a, v in zip(legal, values, strict=True) if v >= max(values) - 1e-9}
        with_prior += make_agent("mcts:iters=1,prior=1", seed=i).act(state, seat) in top
        without += make_agent("mcts:iters=1", seed=i).act(state, seat) in top
    assert with_prior > without


@pytest.mark.parametrize("guide", ["root", "own", "all"])
def test_mcts_guide_asks_the_greedy_bot_where_told(guide):
    from lapilli.agents.mcts import _Search

    asked: set[int] = set()
    calls = 0
    for seed in range(3):
        state = position("fuji", players=3, seed=seed, steps=40 + 7 * seed)
        seat = state.current_player()
        search = _Search(make_agent(f"mcts:iters=60,prior=5,guide={guide}", seed=seed), state, seat)
        ask = search.greedy_opinion

        def record(s, player, ask=ask):
            nonlocal calls
            calls += 1
            asked.add(player)
            return ask(s, player)

        search.greedy_opinion = record
        search.run()
        assert search.root.prior == search.prior and max(search.prior.values()) == 1.0
    if guide == "root":
        assert calls == 0  # the root's opinion was formed before the search
    elif guide == "own":
        assert calls > 0 and asked == {seat}
    else:
        assert len(asked) > 1


def test_mcts_rollouts_to_the_horizon_end_with_the_round():
    from lapilli.agents.mcts import _Search

    for seed in range(3):
        state = position("fuji", players=3, seed=seed, steps=40 + 7 * seed)
        seat = state.current_player()
        search = _Search(make_agent("mcts:iters=1,playout=1,rounds=1", seed=seed), state, seat)
        for k in range(4):
            world = state.determinize(seat, random.Random(k))
            search.play_on(world)
            assert world.is_terminal() or (world.round == state.round + 1 and world.phase == 1)


@pytest.mark.parametrize("others", [True, False])
def test_mcts_without_others_grows_a_tree_of_its_own_decisions(others):
    from lapilli.agents.mcts import _Search

    strangers = set()  # other seats that chose an action in a tree
    for seed in range(3):
        state = position("fuji", players=3, seed=seed, steps=40 + 7 * seed)
        seat = state.current_player()
        bot = make_agent(f"mcts:iters=80,playout=1,rounds=1,others={int(others)}", seed=seed)
        search = _Search(bot, state, seat)
        search.run()
        stack = [search.root]
        while stack:
            node = stack.pop()
            strangers.update(c.player for c in node.children.values() if c.player not in (-1, seat))
            stack.extend(node.children.values())
            if node.hidden is not None:
                stack.append(node.hidden)
    assert bool(strangers) == others


def test_mcts_trees_adds_up_fresh_trees_of_its_size(monkeypatch):
    from lapilli.agents.mcts import _Search

    grown = []  # each tree's root visits per action, as it ends
    run = _Search.run

    def spy(self, start=None, iters=0):
        done = run(self, start, iters)
        grown.append((iters, {a: c.n for a, c in self.root.children.items()}))
        return done

    monkeypatch.setattr(_Search, "run", spy)
    state = position(seed=1, steps=31)
    seat = state.current_player()
    bot = make_agent("mcts:iters=70,tree=30,prior=5", seed=3)
    root = bot.search(state, seat)
    assert [iters for iters, _ in grown] == [30, 30, 10]  # fresh trees until the budget
    assert bot.last_iterations == 70 == sum(c.n for c in root.children.values())
    for action, child in root.children.items():
        assert child.n == sum(visits.get(action, 0) for _, visits in grown)
    timed = make_agent("mcts:seconds=0.1,tree=2", seed=3)  # trees until the time is up
    timed.act(state, seat)
    assert timed.last_iterations > 2 and timed.last_seconds < 2.0


def test_mcts_scale_sharpens_the_leaf_not_the_opinion():
    from lapilli.agents.mcts import _Search

    state = position("fuji", players=3, seed=2, steps=50)
    seat = state.current_player()
    plain = _Search(make_agent("mcts:iters=1,prior=5", seed=2), state, seat)
    sharp = _Search(make_agent("mcts:iters=1,prior=5,scale=10", seed=2), state, seat)
    assert sharp.prior == plain.prior  # the same seed: the same greedy opinion
    world = state.determinize(seat, random.Random(0))
    baseline = plain.evaluation.heuristic(world, seat) + 20.0  # the leaf is 20 below
    v_plain = plain.leaf.values(world, True, seat, baseline)[0]
    v_sharp = sharp.leaf.values(world, True, seat, baseline)[0]
    assert v_sharp < v_plain < 0.5


def test_playout_and_rounds_fall_back_where_a_game_has_neither():
    # Eras supplies no playout and no horizon: random rollouts cut as before
    from lapilli.agents.mcts import _Search

    state = position("eras", players=2, seed=3)
    seat = state.current_player()
    search = _Search(make_agent("mcts:iters=30,playout=1,rounds=1", seed=3), state, seat)
    assert search.horizon is None
    assert (
        make_agent("mcts:iters=30,playout=1,rounds=1", seed=3).act(state, seat)
        in state.legal_actions()
    )


def test_guided_mcts_with_playouts_does_not_peek_in_fuji():
    # the greedy opinions inside the tree and the playouts read only worlds built from
    # the seat's view: a twin the seat cannot tell apart gets the same decision
    compared = 0
    for seed in range(10):
        state = position("fuji", players=3, seed=seed, steps=17 * seed + 5)
        seat = state.current_player()
        twin = state.determinize(seat, random.Random(1000 + seed))
        if twin.to_json() == state.to_json():
            continue  # nothing hidden here
        assert twin.observation(seat) == state.observation(seat)
        spec = "mcts:iters=25,prior=5,guide=all,playout=1,rounds=1"
        assert make_agent(spec, seed=seed).act(state, seat) == make_agent(spec, seed=seed).act(
            twin, seat
        )
        compared += 1
    assert compared > 0


class Switch:
    """A light that one seat may switch on and off for free, or leave as it is."""

    def __init__(self, on: bool = False) -> None:
        self.on = on

    def legal_actions(self):
        return ["switch", "leave"]

    def clone(self):
        return Switch(self.on)

    def apply(self, action, check=True):
        if action == "switch":
            self.on = not self.on

    def observation(self, seat):
        return {"light": "on" if self.on else "off"}


def test_greedy_does_not_undo_its_own_free_move_for_ever(monkeypatch):
    # a lookahead that always favours switching (as Deeper's free transfers between
    # Inventory and Storage once did, each way in turn) must not switch back and forth
    bot = make_agent("greedy", seed=0)
    monkeypatch.setattr(bot, "values", lambda state, seat, legal: [1.0, 0.0])
    state = Switch()
    first = bot.act(state, 0)
    state.apply(first)
    assert first == "switch" and state.on
    assert bot.act(state, 0) == "leave"  # switching back would return to where it was
    fresh = make_agent("greedy", seed=0)  # with no past, the same position is switched
    monkeypatch.setattr(fresh, "values", lambda state, seat, legal: [1.0, 0.0])
    assert fresh.act(Switch(on=True), 0) == "switch"


def test_centre_scores_a_leaf_by_how_much_the_lead_grew_since_the_root():
    # centred, a leaf where the leads are those of the root is an even one, and a leaf
    # whose lead grew by ten of the heuristic's scale is all but won
    from lapilli.agents.evaluation import evaluation_for
    from lapilli.agents.mcts import _Search

    state = position("deeper", players=2, seed=1)
    evaluation = evaluation_for(type(state.game))
    lead = evaluation.leads(state)
    assert lead[0] == -lead[1]
    behind = [lead[0] - 10 * evaluation.scale, lead[1] + 10 * evaluation.scale]
    assert evaluation.values(state, False, 0, leads=lead) == pytest.approx([0.5, 0.5])
    assert evaluation.values(state, False, 0, leads=behind)[0] > 0.99
    plain = make_agent("mcts:iters=1", seed=1)
    centred = make_agent("mcts:iters=1,centre=true", seed=1)
    assert _Search(plain, state, 0).leads is None
    assert _Search(centred, state, 0).leads is not None


def test_a_team_mate_is_no_rival_when_a_leaf_is_scored():
    # Foggy Island's team game: seats 0 and 2 play against 1 and 3; a side ahead has
    # leaves above even for both its seats, and the other side the complement
    from lapilli.agents.evaluation import evaluation_for

    for seed in range(6):
        state = position("foggy_island", ["variant=team"], 4, seed=seed, steps=60 + 7 * seed)
        evaluation = evaluation_for(type(state.game))
        ahead = evaluation.heuristic(state, 0)
        if abs(ahead) > 0.5:
            break
    else:
        raise AssertionError("no seed gave a side the lead")
    assert evaluation.leads(state) == pytest.approx([ahead, -ahead, ahead, -ahead])
    values = evaluation.values(state, False)
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] + values[1] == pytest.approx(1.0)
    assert (values[0] > 0.5) == (ahead > 0)
