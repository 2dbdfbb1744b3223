"""Positions saved and restored, damaged positions refused, what each seat may see."""

import json
import random

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.eras import Eras

from .helpers import BLUE, RED, position


def midgame(seed=4, steps=400):
    rng = random.Random(seed)
    s = Eras().new_state(3)
    for _ in range(steps):
        chance = s.current_player() == CHANCE
        s.apply(sample_chance(s, rng) if chance else rng.choice(s.legal_actions()))
    assert not s.is_terminal()
    return s


def test_a_position_survives_its_json_form_and_clones_are_independent():
    s = midgame()
    back = Eras().state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json()
    snapshot = s.to_json()
    twin = s.clone()
    assert twin.to_json() == snapshot
    twin.tokens[RED] += 1
    twin.paths[BLUE].append("primates-6")
    twin.hands[RED].put("primates-5")
    twin.era_deck.items.clear()
    twin.stack.pop()
    assert s.to_json() == snapshot


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.pop("paths"), "the position has no paths"),
        (lambda d: d["paths"][0].extend(["fish-1", "algae-1"]), "strict era order"),
        (lambda d: d["hands"][1].append("fish-1"), "each era card must be in one place"),
        (lambda d: d.update(tokens=[15, 99]), "tokens in hand must be a whole number 0-15"),
        (lambda d: d["pieces"].__setitem__(0, [4, 0]), "a piece's position"),
        (lambda d: d["cones"].__setitem__(0, [0, "fish-1", 0]), "not on a card of another path"),
        (lambda d: d.update(offer="dragons-1"), "is not an era card"),
        (lambda d: d.update(stack=[{"step": "fly", "seat": 0}]), "no step called 'fly'"),
        (lambda d: d.update(players=7), "for 2-4 players, not 7"),
        (lambda d: d.update(die="six"), "the die has no face"),
        (
            lambda d: d.update(stack=[{"step": "place_won", "seat": 0, "args": {"card": "x"}}]),
            "the pending step place_won: card is not an era card",
        ),
        (
            lambda d: d.update(stack=[{"step": "turn", "seat": -3, "args": {"seat": 5}}]),
            "the pending step turn: seat must be a whole number 0-1",
        ),
    ],
)
def test_a_damaged_position_is_refused_naming_what_is_wrong(change, message):
    data = position(paths={RED: ["fish-1"]}, pieces={RED: "1M"}).to_json()
    change(data)
    with pytest.raises(MalformedInput, match=message):
        Eras().state_from_json(data)


def test_no_seat_sees_the_order_of_the_packs():
    s = midgame()
    for seat in (None, RED, BLUE):
        view = s.observation(seat)
        assert isinstance(view["era_deck"], int) and isinstance(view["thunderbolt_deck"], int)
    # cards put under the thunderbolt pack were seen by all: their order is public
    assert s.observation(None)["thunderbolts_under"] == s.thunder_deck.under


def test_tokens_in_hand_are_public_because_every_payment_is_made_openly():
    s = position(tokens={RED: 9})
    assert s.observation(BLUE)["tokens"][RED] == s.tokens[RED]
    assert s.observation(BLUE)["box"][RED] == 15 - s.tokens[RED]
