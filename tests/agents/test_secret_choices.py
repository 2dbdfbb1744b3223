"""MCTS never lets a decision depend on another seat's secret choice.

The toy: the Seeker (seat 0) either takes a safe 0.7 or calls a duel. In a duel the
Hider (seat 1) hides a coin in the left or right hand, behind its back (a secret
choice), and the Seeker guesses the hand: a right guess wins the game, a wrong one
loses it. A Seeker who could tell the Hider's choices apart would always duel (and
always guess right); one who cannot wins a duel half the time, so takes the 0.7.
"""

from __future__ import annotations

import random

import pytest

from lapilli.agents import make_agent
from lapilli.core import Action, Game, Utility
from lapilli.core.flow import FlowState, Frame, Step, Steps, then
from lapilli.core.loop import play, random_policy
from lapilli.core.parts import Parts
from lapilli.core.zones import Unseen

SAFE, DUEL = Action("safe"), Action("duel")
HAND = {h: Action("hand", side=h) for h in ("left", "right")}
SAFE_RESULT = [0.7, 0.3]


def coin_game(secret: bool = True) -> Game:
    """The toy; ``secret=False`` lets the Seeker's search tell the hidden hands apart
    (the coin still stays out of the Seeker's view)."""

    def offer(s: CoinState, f: Frame, a: Action) -> list[dict]:
        if a == SAFE:
            s.result = SAFE_RESULT
        else:
            then(s, HIDE(1), GUESS(0))
        return []

    def hide(s: CoinState, f: Frame, a: Action) -> list[dict]:
        s.coin = a.arg("side")
        return [{"type": "hid", "seat": 1, "private": 1}]

    def guess(s: CoinState, f: Frame, a: Action) -> list[dict]:
        s.result = [1.0, 0.0] if a.arg("side") == s.coin else [0.0, 1.0]
        return [{"type": "revealed", "side": s.coin, "reveal": True}]

    OFFER = Step("offer", "Safe or duel", legal=lambda s, f: [SAFE, DUEL], apply=offer)
    HIDE = Step(
        "hide", "Hide the coin", legal=lambda s, f: list(HAND.values()), apply=hide, secret=secret
    )
    GUESS = Step("guess", "Guess the hand", legal=lambda s, f: list(HAND.values()), apply=guess)

    class CoinState(FlowState):
        coin: str | None
        result: list[float]

        def scores(self) -> list[float]:
            return list(self.result)

        def returns(self) -> list[float]:
            return list(self.result)

        def unseen(self) -> list[Unseen]:
            return [HiddenHand(self)]

    class HiddenHand:
        """The hidden hand: only the Hider knows it until the guess."""

        def __init__(self, s: CoinState) -> None:
            self.s = s

        def hidden_from(self, seat: int) -> bool:
            return seat != 1 and self.s.coin is not None and bool(self.s.stack)

        def redeal(self, seat: int, rng: random.Random) -> None:
            if self.hidden_from(seat):
                self.s.coin = rng.choice(["left", "right"])

        def alter(self, seat: int, rng: random.Random) -> bool:
            if not self.hidden_from(seat):
                return False
            self.s.coin = "left" if self.s.coin == "right" else "right"
            return True

    def setup(game: Game, players: int) -> CoinState:
        s = CoinState.__new__(CoinState)
        s.setup(game, players)
        s.coin, s.result = None, [0.0, 0.0]
        then(s, OFFER(0))
        return s

    class Coin(Game):
        id = "coin"
        title = "Coin"
        min_players = max_players = 2
        utility = Utility.ZERO_SUM
        parts = Parts(
            state=CoinState,
            steps=Steps(OFFER, HIDE, GUESS),
            setup=setup,
            observe=lambda s, seat: {"coin": s.coin if seat == 1 else None, "result": s.result},
            observation=dict,
            action_text=lambda s, a: str(a),
            event_text=lambda s, e: None,
            render=lambda s, seat: str(s.result),
        )

    return Coin()


def test_mcts_does_not_duel_against_a_coin_it_cannot_see():
    game = coin_game()
    for seed in range(6):
        assert make_agent("mcts:iters=400", seed=seed).act(game.new_state(), 0) == SAFE


def test_a_search_that_told_the_hidden_hands_apart_would_duel():
    # the same search, when its tree may branch on the Hider's hand, guesses right in
    # every branch and so believes the duel is a sure win
    game = coin_game(secret=False)
    for seed in range(6):
        assert make_agent("mcts:iters=400", seed=seed).act(game.new_state(), 0) == DUEL


def _mean_result(game: Game, games: int = 40) -> float:
    total = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state()
        seeker = make_agent("mcts:iters=300", seed=seed)
        play(state, [seeker.act, random_policy(rng)], rng)
        total += state.returns()[0]
    return total / games


def test_the_secret_keeping_search_earns_more_in_play():
    honest, fooled = _mean_result(coin_game()), _mean_result(coin_game(secret=False))
    assert honest == pytest.approx(0.7)  # it takes the safe 0.7 every game
    assert fooled < 0.65  # it duels, and wins only the duels it guesses right
