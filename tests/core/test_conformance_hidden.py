"""The conformance suite finds every view that shows what a seat cannot see.

The toy of ``test_flow`` hides each player's cards from the other; its ``unseen()``
pool lets the check swap a card the seat cannot see (in the other hand or the deck). A
faithful toy passes;
toys that leak the other hand through the text view (a score column counting hidden
cards, as the Volcanique board once did with Caldera cards), the observation or the log
are caught.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from lapilli.core.conformance import ConformanceFailure, check_hidden
from lapilli.core.state import Game, sample_chance
from lapilli.core.zones import EVERYONE, Dice, Die, Unseen, Zone, seats_mask, swap_unseen

from .test_flow import Toy, ToyState, new_toy

STAR_POINTS = 2


def toy(state_class: type[ToyState] = ToyState) -> Toy:
    """The toy, its positions of ``state_class``."""

    def setup(game: Game, players: int) -> ToyState:
        s = new_toy(game, players)
        s.__class__ = state_class
        return s

    class Variant(Toy):
        parts = replace(Toy.parts, state=state_class, setup=setup)

    return Variant()


def check_along_games(game: Toy, seeds: range = range(12)) -> int:
    """``check_hidden`` at every position of random games; how many seats compared."""
    compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state()
        pool: set = set()
        while not state.is_terminal():
            compared += check_hidden(state, pool, rng)
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                pool.update(state.legal_actions())
                state.apply(rng.choice(state.legal_actions()))
    return compared


class ScoreColumn(ToyState):
    """The board's score column counts every player's star cards, hidden or not."""

    def scores(self) -> list[float]:
        return [
            g + STAR_POINTS * h.count("star") for g, h in zip(self.gems, self.hands, strict=True)
        ]

    def render(self, seat: int | None) -> str:
        rows = [f"Player {p + 1}: {score:g} points" for p, score in enumerate(self.scores())]
        return "\n".join([str(self.observation(seat)), *rows])


class FairScoreColumn(ScoreColumn):
    """The same column with the stars of cards the seat cannot see left out."""

    def render(self, seat: int | None) -> str:
        rows = []
        for p, hand in enumerate(self.hands):
            stars = STAR_POINTS * hand.count("star") if hand.sees(seat) else 0
            rows.append(f"Player {p + 1}: {self.gems[p] + stars:g} points")
        return "\n".join([str(self.observation(seat)), *rows])


class CountsStars(ToyState):
    """The observation tells every seat how many stars each player holds."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        return super().observation(seat) | {"stars": [h.count("star") for h in self.hands]}


class BoastfulLog(ToyState):
    """Gaining a gem is logged for all with the cards the gainer holds."""

    def event_text(self, event: dict[str, Any]) -> str:
        if event["type"] == "gained":
            cards = ", ".join(self.hands[event["seat"]].kinds()) or "no card"
            return f"{self.seat_label(event['seat'])} gains a gem, holding {cards}"
        return super().event_text(event)


def test_a_toy_that_shows_only_what_each_seat_may_see_passes():
    assert check_along_games(toy()) > 20
    assert check_along_games(toy(FairScoreColumn)) > 20


def test_a_score_column_counting_hidden_cards_fails():
    with pytest.raises(ConformanceFailure, match=r"render\(\d\) shows what seat \d cannot see"):
        check_along_games(toy(ScoreColumn))


def test_an_observation_counting_hidden_cards_fails():
    with pytest.raises(ConformanceFailure, match=r"observation\(\d\) shows what seat \d cannot"):
        check_along_games(toy(CountsStars))


def test_a_log_line_naming_hidden_cards_fails():
    with pytest.raises(ConformanceFailure, match=r"seat \d's log reads .* after gain"):
        check_along_games(toy(BoastfulLog))


class Idle:
    """A hidden thing that claims to change and does not."""

    def redeal(self, seat: int, rng: random.Random) -> None:
        pass

    def alter(self, seat: int, rng: random.Random) -> bool:
        return True


class IdleHidden(ToyState):
    def unseen(self) -> list[Unseen]:
        return [Idle()]


def test_an_alteration_that_changes_nothing_fails():
    with pytest.raises(ConformanceFailure, match="differs in nothing"):
        check_along_games(toy(IdleHidden), range(1))


def test_swapping_unseen_items_keeps_sizes_and_touches_only_hidden_zones():
    rng = random.Random(1)
    mine = Zone({"star": 2}, seen=seats_mask(0))
    theirs, deck = Zone({"star": 1}, seen=seats_mask(1)), Zone({"moon": 3})
    assert swap_unseen(0, rng, [mine, theirs, deck])
    assert mine.items == {"star": 2}
    assert theirs.items == {"moon": 1} and deck.items == {"moon": 2, "star": 1}
    assert not swap_unseen(0, rng, [mine, Zone({"moon": 1}, seen=EVERYONE), Zone({"moon": 2})])


def test_turning_an_unseen_die_changes_only_a_die_the_seat_cannot_see():
    rng = random.Random(2)
    own, other = Die(range(1, 7), 3, seats_mask(0)), Die(range(1, 7), 5, seats_mask(1))
    assert Dice([own, other]).alter(0, rng)
    assert own.value == 3 and other.value != 5
    assert not Dice([own, Die(range(1, 7), 4)]).alter(0, rng)
