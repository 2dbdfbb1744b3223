import random

import pytest

import lapilli
from lapilli.core import sample_chance
from lapilli.core.actions import Action
from lapilli.core.state import CHANCE
from lapilli.games.deeper.drawing import ROCK, draw
from tests.games.deeper.helpers import position
from tests.games.drawing_checks import SVG, check, parse, positions, targets, text_of

OFF_BOARD = {"done", "decline", "stay", "stop"}
"""Choices with no piece to click (words): the action list offers them."""


def on_board(action) -> bool:
    return action.kind not in OFF_BOARD


def drawn(s, seat):
    legal = s.legal_actions() if seat is not None and seat == s.current_player() else []
    labels = [s.action_text(a) for a in legal]
    return draw(s.observation(seat), seat, legal, labels), legal, labels


def own_titles(node) -> list[str]:
    return [n.text for n in node.iter(f"{SVG}title") if n.text]


def hex_group(root, name: str):
    """The group drawing the placed tile ``name`` (its first title starts with it)."""
    for node in root.iter(f"{SVG}g"):
        first = node.find(f"{SVG}title")
        if first is not None and (first.text or "").startswith(f"{name}: "):
            return node
    raise AssertionError(f"no tile drawn at {name}")


CONFIGS = lapilli.load_game("deeper").conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_positions_draw_for_every_seat_with_every_target(options, players):
    for state in positions("deeper", [(options, players)], range(1), every=23):
        check(draw, state, on_board)


def test_the_ocean_shows_depth_lines_tiles_rock_edges_and_pawns():
    s = position(
        2,
        tiles={"F20": "20m-07", "F40": "40m-11", "E30": "40m-09"},
        seats={0: {"hex": "F40"}, 1: {"hex": "F40"}},
    )
    svg = drawn(s, None)[0]
    root, shown = parse(svg), text_of(svg)
    for metres in range(0, 101, 20):
        assert f"{metres}m" in shown.split()
    # 20m-07 is a corner (rock S and SW), 40m-11 a floor (rock SW, S, SE), 40m-09 a slope
    for name, rock in (("F20", 2), ("F40", 3), ("E30", 3), ("E10", 0)):
        wedges = [n for n in hex_group(root, name).iter(f"{SVG}polygon") if n.get("fill") == ROCK]
        assert len(wedges) == rock, name
    # both pawns stand in the F40 tile, and the Hatches carry their owners' numbers
    f40 = own_titles(hex_group(root, "F40"))
    assert "Player 1's pawn" in f40 and "Player 2's pawn" in f40
    assert own_titles(hex_group(root, "F0"))[0] == "F0: Player 1's Hatch (the habitat; sky above)"
    assert own_titles(hex_group(root, "J0"))[0] == "J0: Player 2's Hatch (the habitat; sky above)"
    # the starting tiles' fish and kelp
    e10 = hex_group(root, "E10")
    assert [n.text for n in e10.iter(f"{SVG}text")][1:] == ["f", "k"]


def test_a_hex_is_the_target_of_what_happens_there():
    s = position(
        1,
        tiles={"G30": "20m-01"},
        market=["20m-02", "40m-03"],
        seats={0: {"hex": "G10"}},
    )
    svg, legal, labels = drawn(s, 0)
    found = targets(parse(svg), len(legal))
    for i, a in enumerate(legal):
        if a.kind == "swim":
            assert own_titles(found[i][0])[1].startswith(f"{a.arg('to')}: "), a
        if a.kind == "explore":
            spots = [n for n in found[i] if a.arg("at") in " ".join(t.text or "" for t in n.iter())]
            assert spots, a
    # a gather is the token on your own tile: fish and kelp on the starting tile G10
    gathers = {a.arg("resource") for a in legal if a.kind == "gather"}
    assert gathers == {"fish", "kelp"}
    g10 = hex_group(parse(svg), "G10")
    inside = {int(node.get("data-action")) for node in g10.iter() if node.get("data-action")}
    assert {legal[i].arg("resource") for i in inside} == gathers


def hands(s) -> list:
    return [s.observation(p)["seats"][p]["hand"] for p in range(s.players)]


def test_others_blueprint_hands_are_backs_and_a_redeal_draws_the_same():
    rng = random.Random(4)
    s = lapilli.load_game("deeper").new_state(3)
    while not all(len(h) >= 2 for h in hands(s)):
        assert not s.is_terminal()
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    seat = 1
    svg = drawn(s, seat)[0]
    titles = own_titles(parse(svg))
    for p, hand in enumerate(hands(s)):
        faces = [t for t in titles if any(t.startswith(card_title(c)) for c in hand)]
        if p == seat:
            assert len(faces) >= len(set(hand))
        else:
            assert f"Player {p + 1}'s hand: {len(hand)} blueprint cards" in titles
    # the same position with the other hands dealt again draws the same for the seat
    for _ in range(30):
        guess = s.determinize(seat, rng)
        if hands(guess) != hands(s):
            break
    assert hands(guess) != hands(s) and hands(guess)[seat] == hands(s)[seat]
    assert drawn(guess, seat)[0] == svg
    # a spectator sees three hands of backs and no blueprint face in a hand
    spectator = own_titles(parse(drawn(s, None)[0]))
    assert sum(t.endswith("blueprint cards") for t in spectator) == 3
    held = {c for hand in hands(s) for c in hand}
    assert not [t for t in spectator if any(t.startswith(card_title(c)) for c in held)]


def card_title(card: str) -> str:
    from lapilli.games.deeper.components import BLUEPRINTS

    return f"{BLUEPRINTS[card].name}: "


def test_the_boards_show_covering_tiles_until_crafted():
    s = position(
        1,
        seats={0: {"upgrades": ["swim_bag", "fins"], "air": 3, "inventory": {"coral": 2}}},
    )
    titles = own_titles(parse(drawn(s, None)[0]))
    # crafted: Swim Bag is gone from the Inventory, Fins shows its ability
    assert not any(t.startswith("Swim Bag (cost") for t in titles)
    assert any(t.startswith("Back Pack (cost") for t in titles)
    assert any(t.startswith("Rebreather (cost") for t in titles)
    assert "Fins: On your first Swim action each turn you may move 2 spaces." in titles
    assert any(t.startswith("Knife (cost") for t in titles)


def test_a_craft_is_the_tile_or_card_it_builds():
    s = position(
        1,
        seats={
            0: {
                "hex": "H0",
                "inventory": {"kelp": 1, "titanium": 2, "coral": 1},
                "storage": {"quartz": 1},
            }
        },
    )
    svg, legal, labels = drawn(s, 0)
    found = targets(parse(svg), len(legal))
    crafts = {a.arg("card"): i for i, a in enumerate(legal) if a.kind == "craft"}
    assert {"swim_bag", "knife", "radio"} <= set(crafts)
    assert own_titles(found[crafts["knife"]][0])[1].startswith("Knife (cost: titanium)")
    assert own_titles(found[crafts["radio"]][0])[1].startswith("Radio: ")
    assert Action("store", resource="kelp") in legal


def test_the_market_and_decks_are_targets_of_trim_and_scan():
    s = position(1, seats={0: {"hex": "H20"}}, tiles={"H20": "20m-01"})
    svg, legal, labels = drawn(s, 0)
    scans = [i for i, a in enumerate(legal) if a.kind == "scan"]
    assert scans
    found = targets(parse(svg), len(legal))
    for i in scans:
        assert own_titles(found[i][0])[1].startswith(f"the {legal[i].arg('deck')} deck")


def test_on_a_tie_the_builder_of_the_final_rocket_clicks_the_winners_name():
    s = position(
        2,
        seats={
            0: {
                "hex": "F0",
                "built": ["radio"],
                "rockets": ["launch_platform", "fuel_booster"],
                "inventory": {"titanium": 2, "coral": 1, "diamond": 1},
            },
            1: {"built": ["radio"], "milestones": [40, 60, 80, 100], "storage": {"food": 3}},
        },
    )
    s.apply(Action("craft", card="command_module"))  # 12 points each
    svg, legal, labels = drawn(s, 0)
    assert sorted(legal) == sorted(Action("tie", winner=p) for p in (0, 1))
    found = targets(parse(svg), len(legal))
    for i, a in enumerate(legal):
        name = f"Player {a.arg('winner') + 1}"
        assert own_titles(found[i][0])[1] == name
    assert "game over (the last rocket card is built)" in text_of(svg)
    s.apply(Action("tie", winner=1))
    shown = text_of(drawn(s, None)[0])
    assert shown.count("★ wins") == 1
