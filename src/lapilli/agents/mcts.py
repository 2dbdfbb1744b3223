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
3. **Expand** one new action, with progressive widening where the branching is large:
   a node visited ``n`` times has at most ``widen * n ** alpha`` children. When the
   same seat is still to move after it (a turn split into choose, then place), the
   expansion goes on to the end of that seat's turn (``chain``), so a leaf is scored
   where its decision shows on the board.
4. **Roll out** with random moves to the end (``cutoff=-1``), or for ``cutoff=K``
   steps and then score the position with the game's heuristic turned into expected
   results (a sigmoid of the heuristic's lead over ``SCALE``). By default a game that
   supplies a heuristic has its new leaves scored at once (``cutoff=0``: faster and,
   in Foggy Island, stronger); a game without one is played out at random. A
   cooperative game's team heuristic is absolute, so its leaves are measured from
   the heuristic of the root (averaged over a few worlds) and never saturate.
5. **Back up** the reward vector: each node adds the result of the seat that chose
   its action, so every seat maximises its own return (a cooperative game gives
   every seat the same return, so the bots play for the team).

The budget is ``iters`` iterations and/or ``seconds`` per decision (the first reached
ends the search). With an iteration budget the bot is reproducible from its seed.
"""

from __future__ import annotations

import math
import time
from typing import ClassVar

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, TERMINAL, State, Utility, sample_chance

from .base import Agent, AgentError, Param
from .evaluation import evaluation_for


class Node:
    __slots__ = ("children", "n", "w", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.player = player  # the seat that chose the action leading here (-1: chance)


class MCTSAgent(Agent):
    name = "mcts"
    PARAMS: ClassVar[dict[str, Param]] = {
        "iters": Param(int, 0, "iterations per decision (0: no limit, use seconds)", 0),
        "seconds": Param(float, 0.0, "seconds per decision (0: no limit, use iters)", 0),
        "c": Param(float, 0.7, "UCT exploration constant (results are in [0, 1])", 0),
        "widen": Param(float, 2.0, "progressive widening: children <= widen * visits^alpha", 0),
        "alpha": Param(float, 0.5, "progressive widening exponent (0 turns widening off)", 0),
        "cutoff": Param(
            int,
            None,
            "rollout steps before the heuristic scores the position (-1: random playout "
            "to the end; 0: score the new leaf at once; auto: 0 when the game has a "
            "heuristic, else -1)",
            -1,
            allow_none=True,
        ),
        "chance_nodes": Param(int, 12, "chance outcomes kept as tree nodes (more: open loop)", 0),
        "max_rollout": Param(int, 5_000, "steps at most in a rollout (then scored)", 1),
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
    chain: bool

    DEFAULT_ITERS = 1_000

    def __init__(self, seed: int | None = None, **params) -> None:
        super().__init__(seed=seed, **params)
        if self.iters == 0 and self.seconds == 0:
            if "iters" in params or "seconds" in params:
                raise AgentError("the mcts bot needs a budget: iters or seconds above 0")
            self.iters = self.DEFAULT_ITERS
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.total_seconds = 0.0

    # ------------------------------------------------------------------ search
    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state, seat)
        best = None
        best_n = -1
        best_q = -1.0
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            q = child.w / child.n if child.n else 0.0
            if child.n > best_n or (child.n == best_n and q > best_q):
                best, best_n, best_q = a, child.n, q
        return best if best is not None else legal[self.rng.randrange(len(legal))]

    def search(self, state: State, seat: int) -> Node:
        """Grow a tree for ``seat`` to move in ``state``; returns its root."""
        evaluation = evaluation_for(type(state.game))
        cooperative = state.game.utility is Utility.COOPERATIVE
        values = evaluation.values
        rng = self.rng
        rand = rng.random
        randrange = rng.randrange
        c = self.c
        widen, alpha = self.widen, self.alpha
        cutoff = self.cutoff
        if cutoff is None:
            cutoff = 0 if evaluation.source != "scores" else -1
        max_rollout = self.max_rollout if cutoff < 0 else min(cutoff, self.max_rollout)
        chance_nodes = self.chance_nodes
        chain = self.chain
        log = math.log
        sqrt = math.sqrt
        baseline = 0.0
        if cooperative and cutoff >= 0:
            # a team's heuristic is absolute: leaves are judged against the root's worth
            worlds = [state.determinize(seat, rng) for _ in range(4)]
            baseline = sum(evaluation.heuristic(w, seat) for w in worlds) / len(worlds)
        root = Node(-1)
        iters = self.iters or 1 << 62
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        start = time.perf_counter()
        done = 0
        while done < iters:
            if deadline is not None and (done & 15) == 0 and time.perf_counter() >= deadline:
                break
            done += 1
            s = state.determinize(seat, rng)
            node = root
            path = [root]
            expanded = False
            mover = -1
            # ---- selection and expansion
            while True:
                player = s.current_player()
                if player == TERMINAL:
                    break
                if player == CHANCE:
                    outcomes = s.chance_outcomes()
                    x = rand()
                    total = 0.0
                    outcome = outcomes[-1][0]
                    for o, p in outcomes:
                        total += p
                        if x < total:
                            outcome = o
                            break
                    s.apply(outcome, False)
                    if len(outcomes) <= chance_nodes:
                        child = node.children.get(outcome)
                        if child is None:
                            child = node.children[outcome] = Node(-1)
                        node = child
                        path.append(node)
                    continue
                if expanded and (not chain or player != mover):
                    break
                mover = player
                legal = s.legal_actions()
                children = node.children
                if len(legal) == 1:
                    a = legal[0]
                    child = children.get(a)
                    if child is None:
                        child = children[a] = Node(player)
                        expanded = True
                    child.avail += 1
                    s.apply(a, False)
                    node = child
                    path.append(node)
                    continue
                unexpanded = None
                limit = len(legal) if alpha <= 0 else widen * (node.n + 1) ** alpha
                if len(children) < limit:
                    unexpanded = [a for a in legal if a not in children]
                if unexpanded:
                    a = unexpanded[randrange(len(unexpanded))]
                    child = children[a] = Node(player)
                    for b in legal:
                        other = children.get(b)
                        if other is not None:
                            other.avail += 1
                    expanded = True
                else:
                    best_a = None
                    best_u = -1.0
                    child = None
                    for b in legal:
                        ch = children.get(b)
                        if ch is None:
                            continue
                        ch.avail += 1
                        if ch.n == 0:
                            u = 1e9 + rand()
                        else:
                            u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                        if u > best_u:
                            best_u, best_a, child = u, b, ch
                    if child is None:
                        # nothing legal here was expanded yet and widening says wait:
                        # expand anyway (a world where other actions are legal)
                        a = legal[randrange(len(legal))]
                        child = children[a] = Node(player)
                        child.avail += 1
                        expanded = True
                    else:
                        a = best_a
                s.apply(a, False)
                node = child
                path.append(node)
            # ---- rollout
            steps = 0
            player = s.current_player()
            while player != TERMINAL and steps < max_rollout:
                if player == CHANCE:
                    s.apply(sample_chance(s, rng), False)
                else:
                    legal = s.legal_actions()
                    s.apply(legal[randrange(len(legal))], False)
                steps += 1
                player = s.current_player()
            reward = s.returns() if player == TERMINAL else values(s, cooperative, seat, baseline)
            # ---- back-propagation
            for nd in path:
                nd.n += 1
                if nd.player >= 0:
                    nd.w += reward[nd.player]
            del path
        elapsed = time.perf_counter() - start
        self.last_iterations = done
        self.last_seconds = elapsed
        self.total_iterations += done
        self.total_seconds += elapsed
        return root
