"""Hidden information: blueprint hands and deck orders; chance nodes for every draw."""

import json
import random

from lapilli.core import log
from lapilli.core.loop import play, random_policy
from lapilli.core.state import CHANCE

from .helpers import A, game, position
from .test_text import shown


def test_a_blueprint_hand_is_seen_by_its_owner_only():
    s = position(2, seats={0: {"hand": ["radio", "garden"]}, 1: {"hand": ["radio", "pump"]}})
    mine, theirs = s.observation(0)["seats"]
    assert mine["hand"] == ["garden", "radio"] and theirs["hand"] is None
    assert theirs["hand_count"] == 2
    spectator = s.observation(None)
    assert [v["hand"] for v in spectator["seats"]] == [None, None]
    text = json.dumps(s.observation(0))
    assert "pump" not in text  # the other hand leaks nowhere in the view


def test_deck_orders_are_hidden_and_tiles_put_under_are_public():
    s = position()
    s.decks[1].take("40m-03")
    s.decks[1].put_under("40m-03")
    view = s.observation(0)["decks"]["40m"]
    assert view == {"count": 12, "bottom": ["40m-03"]}


def test_determinize_deals_the_unseen_blueprints_again_keeping_what_the_seat_sees():
    s = position(2, seats={0: {"hand": ["radio", "garden"]}, 1: {"hand": ["radio", "pump"]}})
    seen = set()
    for i in range(30):
        world = s.determinize(0, random.Random(i))
        assert world.hands[0].items == s.hands[0].items
        assert len(world.hands[1]) == 2 and world.observation(0) == s.observation(0)
        seen.add(tuple(sorted(world.hands[1].hidden())))
    assert len(seen) > 1


def test_a_drawn_blueprint_is_told_only_to_its_drawer():
    s = position(2, market=["20m-01"], seats={0: {"hex": "E10"}})
    s.apply(A("explore", tile="20m-01", at="E30"))
    _, entries = log.play(s, A("blueprint", card="reactor"))
    mine = [e.text for e in entries if e.visible_to(0)]
    theirs = [e.text for e in entries if e.visible_to(1)]
    assert any("Reactor" in t for t in mine)
    assert theirs == ["Player 1 draws a blueprint card"]


def test_every_random_thing_is_a_chance_node():
    # the first player, scan draws, blueprint draws and drowning losses
    s = game().new_state(2)
    kinds = set()
    rng = random.Random(4)
    policy = random_policy(rng)

    def note(state, seat, action, events):
        if seat == CHANCE:
            kinds.add(action.kind)

    play(s, [policy, policy], rng, on_step=note)
    assert kinds == {"first", "draw", "blueprint", "lose"}


def test_the_end_shows_every_hand_beside_the_tally():
    s = position(
        2,
        seats={
            0: {
                "built": ["radio"],
                "rockets": ["fuel_booster", "command_module"],
                "inventory": {"titanium": 4},
            },
            1: {"hand": ["radio", "pump"]},
        },
    )
    assert s.observation(0)["seats"][1]["hand"] is None
    assert "2 hidden" in shown(s.render(0))
    s.apply(A("craft", card="launch_platform"))
    assert s.is_terminal()
    for seat in (0, 1, None):
        assert s.observation(seat)["seats"][1]["hand"] == ["pump", "radio"]
        assert "hand: Pump, Radio" in shown(s.render(seat))


def test_the_observation_names_the_pending_decision_in_words():
    s = position(2, market=["20m-01"], seats={0: {"hex": "E10"}})
    pending = s.observation(1)["pending"]
    assert pending["step"] == "act" and pending["seat"] == 0 and pending["args"] == {"left": 2}
    assert pending["prompt"].startswith("Your turn: take up to 2 actions")
    s.apply(A("explore", tile="20m-01", at="E30"))  # the 40m milestone draws a blueprint
    assert s.observation(0)["pending"]["step"] == "draw_blueprint"
    assert s.observation(0)["pending"]["seat"] == CHANCE
