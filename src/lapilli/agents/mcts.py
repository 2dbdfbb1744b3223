"""Information-set Monte Carlo tree search (single-observer ISMCTS with UCT).

Each iteration:

1. **Determinize**: ``state.determinize(seat, rng)`` builds a world consistent with what
   the bot's seat has seen (the bot never reads the true hidden state).
2. **Select** down one tree shared by all worlds, keyed by actions. A child is
   *available* when its action is legal in this world; UCB uses the number of times
   a child was available instead of the parent's visits (Cowling, Powley & Whitehouse
   2012), so actions legal only in some worlds are judged fairly.
   At a chance node an outcome is sampled with its probability; with few outcomes
   they are tree nodes of their own, with many the tree passes through (open loop).
   Another seat's *secret* choice (``state.is_secret``: a sealed bid, a pick behind a
   screen) is sampled from that seat's results (Thompson sampling), and all its
   secret choices lead on to one shared node: the searching seat cannot tell those
   worlds apart, so nothing it decides further down may depend on the hidden choice
   (single-observer ISMCTS with partially observable moves).
3. **Expand** one new action, with progressive widening where the branching is large:
   a node visited ``n`` times has at most ``widen * n ** alpha`` children. When the
   same seat is still to move after it (a turn split into choose, then place), the
   expansion goes on to the end of that seat's turn (``chain``), so a leaf is scored
   where its decision shows on the board. A game of one seat never hands the turn on,
   so there the expansion stops at the new node.
4. **Roll out** with random moves to the end (``cutoff=-1``), or for ``cutoff=K``
   steps and then score the position with the game's heuristic turned into expected
   results (a sigmoid of the heuristic's lead over ``SCALE``, or over ``scale``). By
   default a game that supplies a heuristic has its new leaves scored at once
   (``cutoff=0``: faster and, in Foggy Island, stronger); a game without one is played
   out at random. A cooperative game's (``Game.utility``) team heuristic is absolute,
   and so is a lone seat's, so their leaves are measured from the heuristic of the root
   (averaged over a few worlds) and never saturate.
   ``playout`` rolls out with the game's own quick move (``heuristics.playout``)
   instead of a random one, and ``rounds=N`` rolls out to the end of the root's N-th
   round (the game's ``horizon``) before scoring: a round's dice and its consequences
   (in Fuji, the eruption that swallows a meeple left next to the lava) then show in
   the leaf, and the baseline of a team is measured at that horizon too. Without
   ``others`` the tree holds only the searching seat's decisions: once another seat
   is to move the rollout plays on (a cooperative team whose teammates are played by
   the game's playout, not by a few random expansions).
   ``centre`` scores a competing seat's leaf by how much its lead grew since the
   root (averaged over a few worlds, at the horizon if set) rather than by the lead
   itself: a lead already large would put every leaf on the flat end of the sigmoid.
   With ``prior`` above 0 the root's actions also carry the greedy bot's opinion of
   them (its lookahead over the heuristic: 1 for its favourite, less behind it): the
   root expands them best first and adds ``prior * opinion / (visits + 1)`` to their UCB
   (progressive bias, Chaslot et al. 2008), so a short search starts from what greedy
   would play and leaves it only when the results say so. ``guide=own`` forms that
   opinion at every decision of the searching seat in the tree (on its first visit,
   from the world at hand), ``guide=all`` at every seat's.
5. **Back up** the reward vector: each node adds the result of the seat that chose
   its action, so every seat maximises its own return (a cooperative game gives
   every seat the same return, so the bots play for the team).

The budget is ``iters`` iterations and/or ``seconds`` per decision (the first reached
ends the search). With an iteration budget the bot is reproducible from its seed.
``tree=N`` spends it on fresh trees of ``N`` iterations each and chooses by the sum of
their roots (root parallelisation), where one large tree would drift from the prior.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any, ClassVar

from lapilli.core.actions import Action
from lapilli.core.loop import play, quiet, random_policy
from lapilli.core.state import (
    CHANCE,
    TERMINAL,
    State,
    Utility,
    sample_chance,
    sample_outcome,
)

from .base import Agent, AgentError, Param
from .evaluation import evaluation_for
from .greedy import GreedyAgent, fingerprint, leads_back

PRIOR_SHARPNESS = 8.0
"""How sharply the greedy bot's opinion falls off behind its favourite (``prior``): a
short search cannot tell apart values an eighth of the heuristic's scale apart."""


class Node:
    __slots__ = ("children", "n", "w", "avail", "player", "hidden", "prior")

    def __init__(self, player: int) -> None:
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.player = player  # the seat that chose the action leading here (-1: chance)
        self.hidden: Node | None = None  # what follows a secret choice of another seat
        self.prior: dict[Action, float] | None = None  # the greedy bot's opinion here


class MCTSAgent(Agent):
    name = "mcts"
    PARAMS: ClassVar[dict[str, Param]] = {
        "iters": Param(
            int, 0, "iterations per decision (0: no limit, use seconds)", 0, maximum=10**8
        ),
        "seconds": Param(
            float, 0.0, "seconds per decision (0: no limit, use iters)", 0, maximum=86_400
        ),
        "c": Param(float, 0.7, "UCT exploration constant (results are in [0, 1])", 0, maximum=100),
        "widen": Param(
            float, 2.0, "progressive widening: children <= widen * visits^alpha", 0, maximum=1e6
        ),
        "alpha": Param(
            float, 0.5, "progressive widening exponent (0 turns widening off)", 0, maximum=1
        ),
        "cutoff": Param(
            int,
            None,
            "rollout steps before the heuristic scores the position (-1: random playout "
            "to the end; 0: score the new leaf at once; auto: 0 when the game has a "
            "heuristic, else -1)",
            -1,
            allow_none=True,
            maximum=10**6,
        ),
        "chance_nodes": Param(
            int, 12, "chance outcomes kept as tree nodes (more: open loop)", 0, maximum=10**4
        ),
        "max_rollout": Param(
            int, 5_000, "steps at most in a rollout (then scored)", 1, maximum=10**7
        ),
        "prior": Param(
            float,
            0.0,
            "weight of the greedy bot's opinion of the root's actions (progressive bias; 0: none)",
            0,
            maximum=1e6,
        ),
        "guide": Param(
            str,
            "root",
            "where the greedy bot's opinion (prior) steers the search: at the root, at "
            "every decision of the searching seat (own), or of every seat (all)",
            choices=("root", "own", "all"),
        ),
        "scale": Param(
            float,
            0.0,
            "heuristic units that make a clear favourite at a leaf (0: the game's SCALE)",
            0,
            maximum=1e9,
        ),
        "playout": Param(
            bool,
            False,
            "roll out with the game's quick playout move where it has one (else at random)",
        ),
        "rounds": Param(
            int,
            0,
            "roll out to the end of this many of the game's rounds (its horizon) counting "
            "the root's, then score (0: cutoff decides)",
            0,
            maximum=10_000,
        ),
        "centre": Param(
            bool,
            False,
            "score a competing seat's leaf by how much its lead grew since the root (else "
            "by its lead: a lead already large flattens every difference)",
        ),
        "others": Param(
            bool,
            True,
            "other seats' decisions are nodes of the tree (off: the rollout plays them, "
            "and the tree holds the searching seat's own decisions)",
        ),
        "tree": Param(
            int,
            0,
            "iterations per tree: the search grows fresh trees of this many iterations "
            "until its budget is spent and adds up their roots' results (0: one tree)",
            0,
            maximum=10**8,
        ),
        "chain": Param(
            bool,
            True,
            "a new node's seat still to move (a split turn: choose, then place) expands "
            "on to the end of its turn before the leaf is scored",
        ),
    }
    iters: int
    seconds: float
    c: float
    widen: float
    alpha: float
    cutoff: int | None
    chance_nodes: int
    max_rollout: int
    prior: float
    guide: str
    scale: float
    playout: bool
    rounds: int
    centre: bool
    others: bool
    chain: bool
    tree: int

    DEFAULT_ITERS = 1_000

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed=seed, **params)
        if self.iters == 0 and self.seconds == 0:
            if "iters" in params or "seconds" in params:
                raise AgentError("the mcts bot needs a budget: iters or seconds above 0")
            self.iters = self.DEFAULT_ITERS
        self._left: set[bytes] = set()  # what the seat saw where this bot moved
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.total_seconds = 0.0

    # ------------------------------------------------------------------ search
    def act(self, state: State, seat: int) -> Action:
        legal = self.choices(state)
        self.last_iterations = 0  # no search, nothing cut short
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, seat)
        ranked = sorted(
            (a for a in legal if a in root.children),
            key=lambda a: _standing(root.children[a]),
            reverse=True,
        )
        if not ranked:
            return legal[self.rng.randrange(len(legal))]
        # free moves can undo each other (Deeper's Storage): a search that finds them
        # equal would go back and forth for ever, so it takes none that leads back to
        # a position it has moved from (as the greedy bot does), unless all do
        fresh = (a for a in ranked if not leads_back(self._left, state, seat, a))
        choice = next(fresh, ranked[0])
        self._left.add(fingerprint(state, seat))
        return choice

    def cut_short(self) -> str | None:
        """With an iteration budget and a time limit both, whether the time ended the
        last search first."""
        if self.iters and self.seconds and 0 < self.last_iterations < self.iters:
            return (
                f"cut short after {self.seconds:g} s: {self.last_iterations} of "
                f"{self.iters} iterations"
            )
        return None

    def search(self, state: State, seat: int) -> Node:
        """Grow a tree for ``seat`` to move in ``state``; returns its root."""
        start = time.perf_counter()  # the set-up (greedy's opinion) counts in the time
        search = _Search(self, state, seat)
        root, done = search.trees(start) if self.tree else (search.root, search.run(start))
        elapsed = time.perf_counter() - start
        self.last_iterations = done
        self.last_seconds = elapsed
        self.total_iterations += done
        self.total_seconds += elapsed
        return root


def _standing(child: Node) -> tuple[int, float]:
    """A root action's standing: its visits, then its mean result."""
    return child.n, (child.w / child.n if child.n else 0.0)


class _Search:
    """One search for ``seat`` to move in ``state``: the settings, the tree, the budget."""

    def __init__(self, bot: MCTSAgent, state: State, seat: int) -> None:
        self.state, self.seat, self.bot = state, seat, bot
        self.rng = bot.rng
        self.evaluation = evaluation_for(type(state.game))
        # one team: a cooperative game, or a lone seat (both have absolute heuristics)
        self.cooperative = state.game.utility is Utility.COOPERATIVE or state.num_players == 1
        self.chain = bot.chain and state.num_players > 1
        cutoff = bot.cutoff
        if cutoff is None:
            cutoff = 0 if self.evaluation.source != "scores" else -1
        self.rollout_limit = bot.max_rollout if cutoff < 0 else min(cutoff, bot.max_rollout)
        play_out = self.evaluation.playout if bot.playout else None
        if play_out is None:
            self.rollout_policies = [random_policy(self.rng)] * state.num_players
        else:
            self.rollout_policies = [lambda s, p: play_out(s, p, self.rng)] * state.num_players
        horizon = self.evaluation.horizon if bot.rounds > 0 else None
        self.horizon = horizon
        if horizon is not None:
            # the rollouts end with the root's round (or a later one), not after cutoff
            self.stop_at = horizon(state) + bot.rounds
            self.rollout_limit = bot.max_rollout
        self.baseline = 0.0
        if self.cooperative and (cutoff >= 0 or horizon is not None):
            # a team's heuristic is absolute: leaves are judged against the root's worth
            # (at the horizon: what rollouts from the root reach, their ends are alike)
            worlds = [quiet(state.determinize(seat, self.rng)) for _ in range(4)]
            if horizon is not None:
                for w in worlds:
                    self.play_on(w)
                worlds = [w for w in worlds if not w.is_terminal()] or [state]
            h = self.evaluation.heuristic
            self.baseline = sum(h(w, seat) for w in worlds) / len(worlds)
        self.leaf = replace(self.evaluation, scale=bot.scale) if bot.scale else self.evaluation
        self.leads: list[float] | None = None
        if bot.centre and not self.cooperative:
            self.leads = self.root_leads(state, seat)
        self.root = Node(-1)
        self.greedy: GreedyAgent | None = None
        self.prior = self.greedy_opinion(state, seat) if bot.prior > 0 else {}
        self.root.prior = self.prior

    def root_leads(self, state: State, seat: int) -> list[float]:
        """Each seat's lead at the root, averaged over a few worlds (at the horizon:
        where rollouts from the root end), from which ``centre`` measures the leaves."""
        worlds = [quiet(state.determinize(seat, self.rng)) for _ in range(4)]
        if self.horizon is not None:
            for w in worlds:
                self.play_on(w)
        worlds = [w for w in worlds if not w.is_terminal()] or [state]
        found = [self.evaluation.leads(w) for w in worlds]
        return [sum(x) / len(found) for x in zip(*found, strict=True)]

    def greedy_opinion(self, s: State, player: int) -> dict[Action, float]:
        """The greedy bot's opinion of ``player``'s actions in ``s``: 1 for its
        favourite, less the further behind (an eighth of the heuristic's scale: 1/e).
        Inside the tree ``s`` is a world built from the searching seat's view, and
        the greedy bot builds its own from ``player``'s view of that."""
        if self.greedy is None:
            self.greedy = GreedyAgent(seed=self.rng.randrange(1 << 32))
        legal = s.legal_actions()
        values = self.greedy.values(s, player, legal)
        best = max(values)
        sharp = PRIOR_SHARPNESS / self.evaluation.scale
        return {a: math.exp((v - best) * sharp) for a, v in zip(legal, values, strict=True)}

    def opinion(self, s: State, node: Node, player: int) -> dict[Action, float]:
        """The opinion that steers the choice at ``node`` (formed on its first visit),
        or none where ``guide`` leaves the search alone."""
        if node.prior is None:
            guided = self.bot.prior > 0 and (
                self.bot.guide == "all" or (self.bot.guide == "own" and player == self.seat)
            )
            node.prior = self.greedy_opinion(s, player) if guided else {}
        return node.prior

    def trees(self, start: float) -> tuple[Node, int]:
        """Fresh trees of ``tree`` iterations each until the budget is spent, and a root
        that adds up their roots' visits and results (root parallelisation, Chaslot,
        Winands & van den Herik 2008): each small tree stays near the prior, and their
        sum judges a move over many more worlds. Returns it and the iterations made."""
        total = Node(-1)
        budget = self.bot.iters or 1 << 62
        done = 0
        while done < budget:
            self.root = Node(-1)
            self.root.prior = self.prior
            wanted = min(self.bot.tree, budget - done)
            made = self.run(start, wanted)
            done += made
            for action, child in self.root.children.items():
                summed = total.children.setdefault(action, Node(child.player))
                summed.n += child.n
                summed.w += child.w
            if made < wanted:  # out of time
                break
        total.n = done
        return total, done

    def run(self, start: float | None = None, iters: int = 0) -> int:
        """Iterate until the budget is spent (the time counted from ``start``, by
        default now; ``iters``, by default the bot's); returns the number of
        iterations."""
        iters = iters or self.bot.iters or 1 << 62
        seconds = self.bot.seconds
        begun = time.perf_counter() if start is None else start
        deadline = begun + seconds if seconds > 0 else None
        done = 0
        while done < iters:
            # read every iteration (60 ns, a two-thousandth of Foggy Island's 0.1 ms
            # ones, the quickest), so slow iterations overrun the budget by one at most
            if deadline is not None and time.perf_counter() >= deadline:
                break
            done += 1
            world = quiet(self.state.determinize(self.seat, self.rng))
            path = self.descend(world)
            reward = self.rollout(world)
            for node in path:
                node.n += 1
                if node.player >= 0:
                    node.w += reward[node.player]
        return done

    def descend(self, s: State) -> list[Node]:
        """Selection and expansion in the world ``s``: the path of nodes walked.

        Expansion adds one node, then (``chain``) goes on while the same seat is to
        move. A decision where another seat may choose in secret is ``sampled``; what
        follows a secret choice is one node whatever was chosen.
        """
        node = self.root
        path = [node]
        expanded = False
        mover = -1
        while True:
            player = s.current_player()
            if player == TERMINAL:
                return path
            if player == CHANCE:
                node = self.chance(s, node)
                path.append(node)
                continue
            if expanded and (not self.chain or player != mover):
                return path
            if player != self.seat and not self.bot.others:
                return path  # the rollout plays the other seats
            mover = player
            # the searching seat's own choices are the bot's (restricted play)
            legal = self.bot.choices(s) if player == self.seat else s.legal_actions()
            if player != self.seat and any(map(s.is_secret, legal)):
                action, child, new = self.sampled(legal, node, player)
                hidden = s.is_secret(action)
            else:
                action, child, new = self.choose(s, legal, node, player)
                hidden = False
            expanded = expanded or new
            s.apply(action, False)
            path.append(child)
            if hidden:
                if node.hidden is None:
                    node.hidden = Node(-1)
                child = node.hidden
                path.append(child)
            node = child

    def sampled(self, legal: list[Action], node: Node, player: int) -> tuple[Action, Node, bool]:
        """Another seat's decision with secret choices: Thompson sampling from each
        action's results (a Beta posterior), with fresh randomness every time.

        The searching seat cannot tell this seat's secret choices apart, so they all
        lead on to one node; and since the choice is drawn at random rather than
        computed from the statistics the whole tree shares (as UCB would), nothing
        further down can anticipate it either.
        """
        children = node.children
        beta = self.rng.betavariate
        best = -1.0
        for a in legal:
            ch = children.get(a)
            theta = beta(ch.w + 1.0, ch.n - ch.w + 1.0) if ch is not None else beta(1.0, 1.0)
            if theta > best:
                best, action = theta, a
        child = children.get(action)
        if child is None:
            child = children[action] = Node(player)
            return action, child, True
        return action, child, False

    def chance(self, s: State, node: Node) -> Node:
        """Draw an outcome with its probability; few outcomes are nodes of their own,
        many pass through (open loop)."""
        outcomes = s.chance_outcomes()
        outcome = sample_outcome(outcomes, self.rng)
        s.apply(outcome, False)
        if len(outcomes) > self.bot.chance_nodes:
            return node
        child = node.children.get(outcome)
        if child is None:
            child = node.children[outcome] = Node(-1)
        return child

    def choose(
        self, s: State, legal: list[Action], node: Node, player: int
    ) -> tuple[Action, Node, bool]:
        """The action ``player`` takes at ``node``, its child and whether it is new:
        an unexpanded action while widening allows, else the best by UCB over the
        children available in this world."""
        children = node.children
        bot = self.bot
        if len(legal) == 1:
            a = legal[0]
            child = children.get(a)
            new = child is None
            if child is None:
                child = children[a] = Node(player)
            child.avail += 1
            return a, child, new
        limit = len(legal) if bot.alpha <= 0 else bot.widen * (node.n + 1) ** bot.alpha
        if len(children) < limit:
            unexpanded = [a for a in legal if a not in children]
            if unexpanded:
                prior = self.opinion(s, node, player)
                if prior:
                    # the greedy bot's favourites first
                    top = max(prior.get(b, 0.0) for b in unexpanded)
                    unexpanded = [b for b in unexpanded if prior.get(b, 0.0) == top]
                a = unexpanded[self.rng.randrange(len(unexpanded))]
                child = children[a] = Node(player)
                for b in legal:
                    other = children.get(b)
                    if other is not None:
                        other.avail += 1
                return a, child, True
        return self.best(s, legal, node, player)

    def best(
        self, s: State, legal: list[Action], node: Node, player: int
    ) -> tuple[Action, Node, bool]:
        """UCB over the expanded children that are legal in this world (their
        availability counts the times they could have been chosen)."""
        c, log, sqrt, rand = self.bot.c, math.log, math.sqrt, self.rng.random
        children = node.children
        prior = self.opinion(s, node, player)
        weight = self.bot.prior
        best_u = -1.0
        best: tuple[Action, Node] | None = None
        for b in legal:
            ch = children.get(b)
            if ch is None:
                continue
            ch.avail += 1
            u = 1e9 + rand() if ch.n == 0 else ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
            if prior:
                u += weight * prior.get(b, 0.0) / (ch.n + 1)
            if u > best_u:
                best_u, best = u, (b, ch)
        if best is None:
            # nothing legal here was expanded yet and widening says wait: expand
            # anyway (a world where other actions are legal)
            a = legal[self.rng.randrange(len(legal))]
            child = children[a] = Node(player)
            child.avail += 1
            return a, child, True
        return best[0], best[1], False

    def rollout(self, s: State) -> list[float]:
        """Rollout moves to the end, the cutoff or the horizon, then the result or the
        heuristic's expected result per seat."""
        self.play_on(s)
        if s.is_terminal():
            return s.returns()
        return self.leaf.values(s, self.cooperative, self.seat, self.baseline, self.leads)

    def play_on(self, s: State) -> None:
        """The rollout's moves: up to ``rollout_limit``, and to the horizon if set."""
        if self.horizon is None:
            play(s, self.rollout_policies, self.rng, check=False, limit=self.rollout_limit)
            return
        horizon, stop_at, policies = self.horizon, self.stop_at, self.rollout_policies
        for _ in range(self.rollout_limit):
            player = s.current_player()
            if player == TERMINAL or horizon(s) >= stop_at:
                return
            if player == CHANCE:
                s.apply(sample_chance(s, self.rng), False)
            else:
                s.apply(policies[player](s, player), False)
