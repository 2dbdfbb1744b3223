"""What the players are told: log sentences, private dice events, secret choices."""

import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, TERMINAL, sample_chance
from lapilli.core.zones import EVERYONE
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.log import event_text

from .helpers import act, eq, new, no_equipment, no_rerolls, plan, row_board, spec_values, steps
from .test_equipment import position

CONFIGS = (
    ({}, 3),
    ({"variant": "A"}, 2),
    ({"variant": "B"}, 2),
    ({"level": 1}, 4),
    ({"skills": "chosen", "level": 1, "extra_thrill": True}, 3),
)


def roll_events(s, specs, default=1):
    """Answer the rolls of phase 1 (as ``helpers.roll``) and return their events."""
    values = {}
    for a, spec in specs.items():
        values.update(spec_values(s, a, spec))
    events = []
    while s.stack and s.stack[-1].step is steps.ROLL:
        d = s.stack[-1].args.die
        events += s.apply(Action("face", value=values.get(d, default)))
    return events


def lively(s, rng):
    """A random player keen on equipment cards and rerolls (so every event shows up)."""
    legal = s.legal_actions()
    keen = [a for a in legal if a[0] in ("use", "select", "reroll", "give_card")]
    if keen and rng.random() < 0.6:
        return rng.choice(keen)
    return rng.choice(legal)


def played(game, players, seed):
    """(state after, action, actor, events) for every step of one game."""
    rng = random.Random(seed)
    s = game.new_state(players)
    while s.current_player() != TERMINAL:
        actor = s.current_player()
        a = sample_chance(s, rng) if actor == CHANCE else lively(s, rng)
        yield s, a, actor, s.apply(a)


def die_values(event):
    """Every (die, value) pair an event names."""
    pairs = [(item[0], item[1]) for item in event.get("dice", ())]
    if "die" in event and "value" in event:
        pairs.append((event["die"], event["value"]))
    return pairs


# ---------------------------------------------------------------- log sentences
def test_events_read_as_sentences_with_the_characters_names():
    s = new(3)
    turn = {
        "type": "turn",
        "adventurer": 2,
        "value": 23,
        "left": [1, 16],
        "right": [0, 15],
        "moves": True,
        "why": "",
        "to": [1, 3],
        "stay": False,
        "bonus": 0,
    }
    assert s.event_text(turn) == (
        "Hiromi (green) moves to the card at column 1 row 3: 23 beats 16 and 15"
    )
    failed = {**turn, "value": 8, "left": [1, 21], "moves": False, "why": "not higher"}
    assert s.event_text(failed) == (
        "Hiromi (green) cannot move to the card at column 1 row 3: "
        "8 is not higher than Lady Livingstone (purple)'s 21 and Mr Iain Jones (blue)'s 15"
    )
    stamina = {"type": "stamina", "adventurer": 0, "lost": 4, "total": 13}
    assert s.event_text(stamina) == "Mr Iain Jones (blue) loses 4 stamina (12 left)"
    erupt = {"type": "eruption", "flipped": [[1, 4]]}
    assert s.event_text(erupt) == "Eruption: lava flows onto column 1 row 4"
    assert s.event_text({"type": "roll", "adventurer": 0}) == ""
    assert s.event_text({"type": "terrain", "x": 0, "y": 0, "card": 5}) == ""


def test_a_defeat_names_the_victim():
    s = new(3, scenario="2")
    s.lava[cell(0, 5)] = True
    s.lava[cell(1, 5)] = True
    roll_events(s, {})
    plan(s, {0: (1, 4), 1: (1, 3), 2: (2, 3)})
    no_rerolls(s)
    no_equipment(s)
    events = []
    while s.stack and s.stack[-1].step in (steps.NEXT_TURN, steps.SPEND_BARS, steps.INJURY):
        events += s.apply(s.legal_actions()[0])
    assert s.cause == "Mr Iain Jones was swallowed by the lava"
    assert s.event_text(events[-1]) == "Defeat: Mr Iain Jones was swallowed by the lava"


@pytest.mark.parametrize("opts,players", CONFIGS)
def test_every_event_of_a_played_game_has_its_own_sentence(opts, players):
    game = Fuji(**opts)
    for seed in range(6):
        for s, _, _, events in played(game, players, seed):
            for e in events:
                assert e["type"] in event_text.by_name, e
                text = event_text.by_name[e["type"]](s, e)
                assert text == s.event_text(e)
                for raw in ("adventurer", "None", "[", "_"):
                    assert raw not in text, (e, text)
                if e.get("private") is not None and text:
                    assert "you" in text.lower(), (e, text)


# ---------------------------------------------------------------- private dice events
def test_each_seat_is_told_its_own_roll_and_nobody_else_is():
    s = new(3)
    events = roll_events(s, {0: "A1 A2 B3 B4 C5 C6", 1: "A6 A6 B6 B6 C6 C6"})
    rolled = [e for e in events if e["type"] == "rolled"]
    assert [e["private"] for e in rolled] == [0, 1, 2]
    for e in rolled:
        seat = e["private"]
        mine = [d for d in range(len(s.dice)) if s.dice[d].owner == seat and not s.dice[d].lost]
        assert e["adventurer"] == seat and e["dice"] == [[d, s.dice[d].value] for d in mine]
    assert s.event_text(rolled[0]) == "You rolled blue 1, yellow 2, blue 3, blue 4, blue 5, pink 6"
    public = [e for e in events if "private" not in e]
    assert public and all("dice" not in e and "value" not in e for e in public)


def test_the_neutral_dice_in_the_open_are_told_to_all_and_the_others_to_nobody():
    s = new(2, variant="A")
    events = roll_events(s, {}, default=4)
    neutral = [e for e in events if e["type"] == "rolled" and e["adventurer"] == s.neutral]
    assert len(neutral) == 1 and "private" not in neutral[0]
    shown = [d for d, _ in neutral[0]["dice"]]
    assert len(shown) == 3 and all(s.dice[d].seen == EVERYONE for d in shown)
    assert s.event_text(neutral[0]).startswith("The neutral dice in the open show")


def test_the_third_meeples_dice_are_told_to_each_side_separately():
    s = new(2, variant="B", skills=("buddy", "survivalist"))
    events = roll_events(s, {})
    third = [e for e in events if e["type"] == "rolled" and e["adventurer"] == s.third]
    assert sorted(e["private"] for e in third) == [0, 1]
    for e in third:
        assert len(e["dice"]) == 3
        assert all(s.dice[d].seen == 1 << e["private"] for d, _ in e["dice"])
        assert s.event_text(e).startswith("Your side of Hiromi (green, third meeple)'s dice")


def test_a_reroll_is_public_but_its_results_go_to_the_seat_alone():
    s = new(3)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll_events(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.current_player() == 0 and s.stack[-1].step is steps.REROLL
    assert act(s, "select", die=0) == [] and act(s, "select", die=3) == []
    [public] = act(s, "reroll")
    assert public == {"type": "reroll", "adventurer": 0, "left": 1}
    assert s.event_text(public) == (
        "Mr Iain Jones (blue) rerolls some dice behind the screen (1 reroll left)"
    )
    events = s.apply(Action("face", value=5)) + s.apply(Action("face", value=2))
    [told] = [e for e in events if "private" in e]
    assert told["private"] == 0 and told["dice"] == [[0, 5], [3, 2]] and told["again"]
    assert s.event_text(told) == "You rerolled yellow 5, pink 2"
    assert all("dice" not in e for e in events if "private" not in e)


def test_a_lent_die_is_told_to_its_receiver():
    s = position("lighter")
    act(s, "use", card="lighter", who=1)
    d = s.legal_actions()[0][1][0][1]
    events = act(s, "give_die", die=d)
    public = [e for e in events if "private" not in e and e["type"] == "give_die"]
    assert public == [{"type": "give_die", "adventurer": 1, "to": 0, "die": d}]
    [told] = [e for e in events if "private" in e]
    assert told["private"] == 0 and told["dice"] == [[d, s.dice[d].value]] and told["reveal"]
    assert s.event_text(told).startswith("You receive a ")


def test_turning_a_die_is_told_only_to_those_behind_the_screen():
    s = position("duct_tape", spec0="A1 A1 B1 B4 C5 C6")
    act(s, "use", card="duct_tape")
    [told] = act(s, "turn_die", die=0)
    assert told["private"] == 0 and told["dice"] == [[0, 6]]
    assert s.event_text(told) == "Duct tape: you turn your die over to blue 6"


def test_a_lender_no_longer_sees_a_die_turned_behind_the_borrowers_screen():
    def shovel_too(s):
        for card in ("shovel", "first_aid_kit"):  # the kit keeps phase 4 going
            s.equipment_pile.take(eq(card))
            s.equipment[0].append(eq(card))

    s = position("lighter", extra=shovel_too)
    act(s, "use", card="lighter", who=1)
    d = s.legal_actions()[0][1][0][1]
    act(s, "give_die", die=d)
    assert s.dice[d].seen == 0b011
    act(s, "use", card="shovel")
    act(s, "shovel_die", die=d)
    new_face = next(v for v in range(1, 7) if v != s.dice[d].value)
    [told] = [e for e in act(s, "shovel_face", value=new_face) if "private" in e]
    assert told["private"] == 0 and told["dice"] == [[d, new_face]]
    assert s.dice[d].seen == 0b001
    assert s.observation(1)["adventurers"][0]["dice"][-1]["value"] is None


@pytest.mark.parametrize("opts,players", CONFIGS)
def test_no_public_event_names_a_value_a_seat_may_not_see(opts, players):
    game = Fuji(**opts)
    for seed in range(6):
        for s, _, _, events in played(game, players, seed):
            for e in events:
                for d, v in die_values(e):
                    assert s.dice[d].value == v, e
                    if e.get("private") is None:
                        assert s.dice[d].seen == EVERYONE, e
                    else:
                        assert s.dice[d].seen >> e["private"] & 1, e


@pytest.mark.parametrize("opts,players", CONFIGS)
def test_what_a_seat_is_told_does_not_depend_on_dice_it_cannot_see(opts, players):
    """Replay each step on a copy with every die the seat cannot see rolled again: the
    seat must be told exactly the same (reveals aside, which show what was hidden)."""

    def told(events, seat):
        return [e for e in events if not e.get("reveal") and e.get("private") in (None, seat)]

    game = Fuji(**opts)
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        s = game.new_state(players)
        while s.current_player() != TERMINAL:
            actor = s.current_player()
            a = sample_chance(s, rng) if actor == CHANCE else lively(s, rng)
            seat = actor if actor >= 0 else rng.randrange(players)
            twin = s.determinize(seat, random.Random(rng.random()))
            events = s.apply(a)
            if a in twin._allowed():
                assert told(twin.apply(a), seat) == told(events, seat)
                compared += 1
    assert compared > 500


# ---------------------------------------------------------------- secret choices
def test_choices_behind_the_screen_are_secret_and_the_rest_are_not():
    s = new(3)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll_events(s, {})
    assert not any(s.is_secret(a) for a in s.legal_actions())  # planning is open
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    for a in s.legal_actions():
        assert s.is_secret(a) == (a[0] == "select"), a
    # Buddy (seat 0) sets aside a die for all to see: not secret
    assert not s.is_secret(Action("set_aside", die=0))
    for kind, param in (("turn_die", "die"), ("shovel_die", "die"), ("reroll_die", "die")):
        assert s.is_secret(Action(kind, **{param: 0}))
    assert s.is_secret(Action("shovel_face", value=6))
    for kind in ("reroll", "stop", "done"):
        assert not s.is_secret(Action(kind))
    assert not s.is_secret(Action("give_die", die=0))  # the die changes hands openly
    assert not s.is_secret(Action("next_turn", adventurer=1))


def test_the_others_read_what_kind_of_choice_was_made_behind_the_screen():
    from lapilli.core import log

    s = new(3)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll_events(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    picker = s.current_player()
    pick = next(a for a in s.legal_actions() if a[0] == "select")
    other = (picker + 1) % 3
    lines = [e.text for e in log.play(s, pick)[1] if e.visible_to(other)]
    assert lines == [f"{s.seat_label(picker)} picks a die behind the screen"]


def test_a_cards_requirement_reads_in_words():
    from lapilli.games.fuji.components import requirement_words

    assert requirement_words(11) == "yellow or 4"
    assert requirement_words(13) == "blue and odd"
    assert requirement_words(24) == "pink or blue, and even"
    assert requirement_words(16) == "any colour" and requirement_words(31) == "1 to 3"


def test_with_the_screen_down_a_reroll_is_no_secret():
    def water_too(s):
        if eq("water") in s.equipment_pile.under:
            s.equipment_pile.under.remove(eq("water"))
        elif eq("water") in s.equipment_pile:
            s.equipment_pile.take(eq("water"))
        s.equipment[0].append(eq("water"))

    s = position("radio", extra=water_too)
    act(s, "use", card="radio")
    act(s, "use", card="water", who=0)
    assert not s.is_secret(Action("select", die=0))
    act(s, "select", die=0)
    act(s, "reroll")
    [told] = [e for e in s.apply(Action("face", value=4)) if e["type"] == "rolled"]
    assert "private" not in told and told["dice"] == [[0, 4]]
    assert (
        s.dice[0].seen == EVERYONE and s.observation(2)["adventurers"][0]["dice"][0]["value"] == 4
    )
    assert s.is_secret(Action("select", die=6)) and s.is_secret(Action("select"))


def test_the_set_up_is_not_round_zero_and_counts_read_in_words():
    from rich.console import Console

    from lapilli.games.fuji.text import _power_bars

    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Fuji().new_state(3).render(0))
    head = console.export_text().splitlines()[0]
    assert head.endswith("level 2, set-up") and "round 0" not in head
    assert _power_bars(None, "power_bars", {"spend": 1}) == "spend 1 power bar on this turn"
