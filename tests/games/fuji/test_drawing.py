import random

import pytest

import lapilli
from lapilli.core import sample_chance
from lapilli.core.state import CHANCE
from lapilli.games.fuji.drawing import draw
from tests.games.drawing_checks import SVG, check, parse, positions, targets, text_of

OFF_BOARD = {
    "signal",
    "reroll",
    "stop",
    "done",
    "power_bars",
    "choose_skill",
    "leave_out",
    "shovel_face",
}
"""Choices with no piece to click (words, a whole reroll, a die type or face not yet on
the table): the action list offers them."""


def on_board(action) -> bool:
    return action.kind not in OFF_BOARD


def play_until(test, players=3, options=None, seeds=range(30)):
    """The first position of a random game (trying seeds in turn) where ``test`` holds."""
    game = lapilli.load_game("fuji", **(options or {}))
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_state(players)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(sample_chance(s, rng))
                continue
            if test(s):
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no such position in any game tried")


CONFIGS = lapilli.load_game("fuji").conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_positions_draw_for_every_seat_with_every_target(options, players):
    for state in positions("fuji", [(options, players)], range(2), every=9):
        check(draw, state, on_board)


def dice_titles(svg: str) -> list[str]:
    return [
        n.text
        for n in parse(svg).iter(f"{SVG}title")
        if n.text and (n.text == "a hidden die" or n.text.split()[0] in ("yellow", "blue", "pink"))
    ]


def test_your_dice_are_behind_your_screen_and_the_others_hidden_until_revealed():
    s = play_until(lambda s: s.observation(None)["phase"] == 2)
    obs = s.observation(0)
    mine = [d for a in obs["adventurers"] if a["seat"] == 0 for d in a["dice"]]
    assert mine and all(d["value"] for d in mine)
    svg = draw(obs, 0, [], [])
    assert "screen" in text_of(svg).split() and "your screen" not in text_of(svg)
    titles = dice_titles(svg)
    hidden = sum(d["value"] is None for a in obs["adventurers"] for d in a["dice"])
    assert titles.count("a hidden die") == hidden > 0
    # the same position with every die seat 0 cannot see rolled again draws the same
    rng = random.Random(5)
    guess = s.determinize(0, rng)
    assert guess.observation(1) != s.observation(1)
    assert draw(guess.observation(0), 0, [], []) == svg
    # a spectator sees no die at all before the reveal
    assert set(dice_titles(draw(s.observation(None), None, [], []))) == {"a hidden die"}


def test_after_the_reveal_everyone_sees_every_die():
    s = play_until(lambda s: s.observation(None)["phase"] == 5)
    obs = s.observation(None)
    dice = [d for a in obs["adventurers"] for d in a["dice"]]
    assert all(d["value"] for d in dice)
    titles = dice_titles(draw(obs, None, [], []))
    assert "a hidden die" not in titles and len(titles) == len(dice)


def test_a_card_with_several_uses_asks_which():
    s = play_until(
        lambda s: (
            len({a for a in s.legal_actions() if a.kind == "use"}) >= 2
            and len({a.arg("card") for a in s.legal_actions() if a.kind == "use"})
            < len([a for a in s.legal_actions() if a.kind == "use"])
        ),
        players=4,
    )
    seat = s.current_player()
    legal = s.legal_actions()
    labels = [s.action_text(a) for a in legal]
    found = targets(parse(draw(s.observation(seat), seat, legal, labels)), len(legal))
    by_card = {}
    for i, a in enumerate(legal):
        if a.kind == "use":
            by_card.setdefault(a.arg("card"), []).append(i)
    several = [ids for ids in by_card.values() if len(ids) > 1]
    assert several
    for ids in several:
        node = found[ids[0]][0]
        assert node.get("data-actions") == " ".join(map(str, ids))


def test_the_terrain_shows_every_meeple_and_lava_card():
    s = play_until(lambda s: s.observation(None)["round"] >= 3, players=4)
    obs = s.observation(None)
    shown = text_of(draw(obs, None, [], []))
    for a in obs["adventurers"]:
        if a["position"] is not None:
            assert lapilli.games.fuji.drawing.name_of(a["adventurer"]) in shown
    lava = sum(1 for _, card, lava, _, _ in obs["terrain"] if lava and card != 1)
    assert lava > 0 and shown.split().count("lava") == lava


def requirement_strip(card_id: int):
    from lapilli.games.fuji.drawing import CARDS, requirement

    return parse(
        f'<svg xmlns="http://www.w3.org/2000/svg">{requirement(CARDS[card_id], 0, 0, 92)}</svg>'
    )


def test_a_requirement_reads_as_dice_icons():
    # card 7: pink dice showing an odd value (a pink die, "&", dice with 1, 3 and 5 pips)
    strip = requirement_strip(7)
    assert [n.text for n in strip.iter(f"{SVG}text")] == ["P", "&"]
    assert len(list(strip.iter(f"{SVG}circle"))) == 1 + 3 + 5
    # card 4: yellow dice, or dice showing a 6
    strip = requirement_strip(4)
    assert [n.text for n in strip.iter(f"{SVG}text")] == ["Y", "/"]
    assert len(list(strip.iter(f"{SVG}circle"))) == 6
