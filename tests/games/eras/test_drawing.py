import random

import pytest

import lapilli
from lapilli.core import sample_chance
from lapilli.core.actions import Action
from lapilli.core.state import CHANCE
from lapilli.games.eras.components import CARDS
from lapilli.games.eras.drawing import BOARD_X, CARD_W, GAP, draw
from tests.games.drawing_checks import SVG, check, parse, positions, targets, text_of
from tests.games.eras.helpers import BLUE, GREEN, RED, play, position

OFF_BOARD = {"skip", "go_on", "cone_pass", "stop", "accept", "refuse"}
"""Choices with no piece or card to click (words): the action list offers them."""


def on_board(action) -> bool:
    return action.kind not in OFF_BOARD


def drawn(s, seat):
    legal = s.legal_actions() if seat == s.current_player() else []
    labels = [s.action_text(a) for a in legal]
    return draw(s.observation(seat), seat, legal, labels), legal, labels


def text_of_node(node) -> str:
    return " ".join(t.text or "" for t in node.iter())


def titles(svg: str) -> list[str]:
    return [n.text for n in parse(svg).iter(f"{SVG}title") if n.text]


CONFIGS = lapilli.load_game("eras").conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_positions_draw_for_every_seat_with_every_target(options, players):
    for state in positions("eras", [(options, players)], range(1), every=89):
        check(draw, state, on_board)


def test_every_path_card_site_piece_and_cone_is_drawn():
    s = position(
        3,
        paths={
            RED: ["algae-3", "fish-5", "birds-3"],
            BLUE: ["bacteria-1", "reptiles-4"],
            GREEN: ["fish-1"],
        },
        pieces={RED: "2L", BLUE: "1R", GREEN: "SM"},
        cones={RED: "Blue 2M", GREEN: "Red 3R"},
        at="move",
    )
    svg, _, _ = drawn(s, None)
    shown = titles(svg)
    for cards in s.observation(None)["paths"]:
        for card in cards:
            assert CARDS[card].name in shown
    # the sites in board notation with their kind
    assert "Red 1L: waterhole" in shown and "Red 2M: swamp" in shown
    assert "Blue 2R: volcano" in shown and "Green SM: rock" in shown
    pieces = sorted(t for t in shown if t.endswith("'s playing piece"))
    assert pieces == ["Blue's playing piece", "Green's playing piece", "Red's playing piece"]
    cones = sorted(t for t in shown if t.endswith("'s cone"))
    assert cones == ["Blue's cone", "Green's cone", "Red's cone"]
    text = text_of(svg)
    assert "cone on Blue 2M" in text and "cone on Red 3R" in text and "cone in the centre" in text
    # the rising sea on Fish #5's forward edge and the ravine of Birds #3
    assert "rising sea: a token to cross forward" in text
    assert "ravine: a token to advance over it" in text


def test_a_move_lights_the_site_it_goes_to():
    s = position(
        2, paths={RED: ["algae-1", "fish-1"], BLUE: ["algae-2"]}, pieces={RED: "1M"}, at="move"
    )
    svg, legal, labels = drawn(s, RED)
    found = targets(parse(svg), len(legal))
    expected = {
        Action("forward"): "Red 2M: rock",
        Action("back"): "Red SM: rock",
        Action("sideways", lane=0): "Red 1L: rock",
        Action("sideways", lane=2): "Red 1R: rock",
    }
    for action, site in expected.items():
        i = legal.index(action)
        inner = [n.text for n in found[i][0].iter(f"{SVG}title")]
        assert site in inner, (action, inner)


def test_sealed_bids_show_only_to_their_bidder():
    s = position(
        3,
        paths={RED: ["algae-1"], BLUE: ["fish-1"], GREEN: ["birds-1"]},
        offer="mammals-1",
        tokens={RED: 9, BLUE: 7, GREEN: 5},
        at="choose",
    )
    play(s, Action("bid_face_up"), Action("bid", tokens=4))  # Red bids 4, sealed
    assert s.current_player() == BLUE
    mine = text_of(drawn(s, RED)[0])
    assert "sealed bid: 4" in mine
    for seat in (BLUE, GREEN, None):
        svg, _, _ = drawn(s, seat)
        shown = text_of(svg)
        assert "sealed bid" in shown and "sealed bid: 4" not in shown
        assert "bid: 4" not in shown
    # a position differing only in Red's bid draws the same for Blue
    rng = random.Random(3)
    for _ in range(30):
        guess = s.determinize(BLUE, rng)
        if guess.bids[RED] != 4:
            break
    assert guess.bids[RED] != 4
    assert drawn(guess, BLUE)[0] == drawn(s, BLUE)[0]
    # Blue's own bid is a row of chips, one per number of tokens it may bid
    svg, legal, labels = drawn(s, BLUE)
    found = targets(parse(svg), len(legal))
    assert sorted(a.arg("tokens") for a in legal) == list(range(8))
    assert all(i in found for i in range(len(legal)))


def test_an_insertion_pin_stands_where_the_card_goes():
    s = position(
        2,
        paths={RED: ["algae-1", "mammals-1"], BLUE: ["fish-2"]},
        hands={RED: ["reptiles-1"]},
        pieces={RED: "SM"},
        at="play",
    )
    svg, legal, labels = drawn(s, RED)
    found = targets(parse(svg), len(legal))
    include = legal.index(Action("include", card="reptiles-1", path=RED, at=2))
    # a pin over the gap between Algae #1 (card 1) and Mammals #1 (card 2)
    gap = BOARD_X + 2 * (CARD_W + GAP) - GAP / 2
    pins = [n for n in found[include] if n.find(f"{SVG}circle[@class='hit']") is not None]
    assert [float(n.find(f"{SVG}circle[@class='hit']").get("cx")) for n in pins] == [gap]
    # the card in hand offers every place it can go
    hand = [n for n in found[include] if "Reptiles #1: sites" in text_of_node(n)]
    places = [i for i, a in enumerate(legal) if a.arg("card") == "reptiles-1"]
    assert len(places) > 1 and [h.get("data-actions") for h in hand] == [" ".join(map(str, places))]


def test_a_spectator_sees_each_sealed_bid_but_no_number():
    rng = random.Random(11)
    s = lapilli.load_game("eras").new_state(4)
    seen_sealed = False
    for _ in range(3000):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        obs = s.observation(None)
        if any(b is not None for b in obs["bids"]):
            svg = draw(obs, None, [], [])
            assert "sealed bid:" not in text_of(svg)
            badges = [t for t in titles(svg) if t.startswith("a bid in a closed hand")]
            assert len(badges) == sum(b is not None for b in obs["bids"])
            seen_sealed = True
        s.apply(rng.choice(s.legal_actions()))
    assert seen_sealed
