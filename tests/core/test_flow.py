"""The shared turn flow, piles and game loop, on a toy game that uses every pattern.

The toy: each round every player bids gems in secret (sealed bids, revealed together);
the highest bid draws a card from the face-down deck; then the round's leader takes up
to two actions (gain a gem, or pass), during which the other player may react once by
stealing a gem ("Thief!"); anyone may cash in a card at any time during their own
decision (a free action). The game ends when the deck is empty.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Annotated, Any, Literal, NamedTuple

import pytest
from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from lapilli.core import Action, IllegalAction, MalformedInput, Utility
from lapilli.core.events import STRICT, EventTexts
from lapilli.core.fields import Owned, PerSeat, Secret
from lapilli.core.flow import AUTO, Decision, FlowState, Step, Steps, take_if_only, then
from lapilli.core.grid import connected, distances
from lapilli.core.loop import play, random_policy
from lapilli.core.parts import Parts
from lapilli.core.state import CHANCE, TERMINAL, Game
from lapilli.core.zones import EVERYONE, Die, Pool, Unseen, Zone, redeal, reroll, seats_mask

BID = {n: Action("bid", gems=n) for n in range(4)}
GAIN, PASS, STEAL, NO_STEAL = Action("gain"), Action("pass"), Action("steal"), Action("let")
CASH = Action("cash")
CARD = {c: Action("card", name=c) for c in ("star", "moon")}


# -- the events, one kind per class (a game's events.py) ---------------------------------
@with_config(STRICT)
class Bid(TypedDict):
    """A sealed bid: only its bidder reads it."""

    type: Literal["bid"]
    seat: int
    private: int
    gems: int


@with_config(STRICT)
class Revealed(TypedDict):
    """The bids revealed together."""

    type: Literal["revealed"]
    bids: list[int]
    reveal: Literal[True]


@with_config(STRICT)
class Drew(TypedDict):
    """The leader draws a card: only they read which."""

    type: Literal["drew"]
    seat: int
    private: int


@with_config(STRICT)
class Gems(TypedDict):
    """A seat gains, steals or cashes in gems."""

    type: Literal["gained", "stolen", "cashed"]
    seat: int


ToyEvent = Bid | Revealed | Drew | Gems
Events = list[ToyEvent]


# -- the steps, in turn order --------------------------------------------------------
def _legal_bid(s: ToyState, f: Any) -> list[Action]:
    return [BID[n] for n in range(min(s.gems[f.seat], 3) + 1)]


def _refuse_bid(s: ToyState, f: Any, a: Action) -> str | None:
    if a.kind == "bid" and a.arg("gems", 0) > s.gems[f.seat]:
        return f"Bidding: you have only {s.gems[f.seat]} gems"
    return None


def _apply_bid(s: ToyState, f: Any, a: Action) -> Events:
    s.bids[f.seat] = a.arg("gems")
    return [{"type": "bid", "seat": f.seat, "private": f.seat, "gems": a.arg("gems")}]


BIDDING = Step(
    "bid", "Bidding: bid 0-3 of your gems", _legal_bid, _refuse_bid, _apply_bid, secret=True
)


def _reveal(s: ToyState, f: Any) -> Events:
    leader = 0 if s.bids[0] >= s.bids[1] else 1
    for seat in (0, 1):
        s.gems[seat] -= s.bids[seat]
    then(s, DRAW(seat=leader), ACT(leader, left=2))
    return [{"type": "revealed", "bids": list(s.bids), "reveal": True}]


REVEAL = Step("reveal", run=_reveal)


class DrawArgs(NamedTuple):
    seat: int


def _draw(s: ToyState, f: Any, a: Action) -> Events:
    s.deck.draw(a.arg("name"))
    s.hands[f.args.seat].put(a.arg("name"))
    return [{"type": "drew", "seat": f.args.seat, "private": f.args.seat}]


DRAW = Step(
    "draw",
    "the leader draws a card",
    outcomes=lambda s, f: [(CARD[c], p) for c, p in s.deck.draws()],
    apply=_draw,
    Args=DrawArgs,
)


class ActArgs(NamedTuple):
    left: int


def _apply_act(s: ToyState, f: Any, a: Action) -> Events:
    if a == PASS:
        then(s, END())
        return []
    s.gems[f.seat] += 1
    later = ACT(f.seat, left=f.args.left - 1) if f.args.left > 1 else END()
    # the other player may react at once, before the leader goes on
    then(s, THIEF(1 - f.seat), later)
    return [{"type": "gained", "seat": f.seat}]


ACT = Step(
    "act",
    "Actions: gain a gem or pass (up to two actions)",
    legal=lambda s, f: [GAIN, PASS],
    apply=_apply_act,
    Args=ActArgs,
)


def _apply_thief(s: ToyState, f: Any, a: Action) -> Events:
    if a == STEAL:
        s.gems[1 - f.seat] -= 1
        s.gems[f.seat] += 1
        return [{"type": "stolen", "seat": f.seat}]
    return []


THIEF = Step(
    "thief",
    "Thief!: steal the gem just gained, or let it be",
    legal=lambda s, f: [STEAL, NO_STEAL],
    apply=_apply_thief,
)


def _end(s: ToyState, f: Any) -> Events:
    if s.deck:
        s.bids = [0, 0]
        then(s, BIDDING(0), BIDDING(1), REVEAL())
    return []


END = Step("end", run=_end)


def _cash(s: ToyState, f: Any, a: Action) -> Events:
    s.hands[f.seat].take("star")
    s.gems[f.seat] += 2
    return [{"type": "cashed", "seat": f.seat}]


CASHING = Step(
    "cash",
    "Cash: turn a star card into 2 gems",
    legal=lambda s, f: [CASH] if "star" in s.hands[f.seat] else [],
    refuse=lambda s, f, a: "Cash: you hold no star card",
    apply=_cash,
    kinds=frozenset({"cash"}),
)


class ToyState(FlowState):
    """The position: plain data, each field declared once with who may see it."""

    gems: PerSeat[int]
    bids: Owned[int]  # sealed until revealed
    deck: Secret[Zone[str]]
    hands: Owned[Zone[str]]

    def scores(self) -> list[float]:
        return [float(g) for g in self.gems]

    def unseen(self) -> list[Unseen]:
        return [Pool(self.deck, *self.hands)]


def new_toy(game: Game, players: int) -> ToyState:
    s = ToyState.__new__(ToyState)
    s.setup(game, players)
    s.gems = [3, 3]
    s.bids = [0, 0]
    s.deck = Zone({"star": 2, "moon": 2})
    s.hands = [Zone(seen=seats_mask(0)), Zone(seen=seats_mask(1))]
    then(s, BIDDING(0), BIDDING(1), REVEAL())
    return s


@with_config(ConfigDict(extra="forbid", strict=True))
class Observation(TypedDict):
    """What one seat sees of the toy."""

    gems: Annotated[list[int], Field(description="each seat's gems")]
    hands: Annotated[
        list[dict[str, Any]],
        Field(description="each hand: its cards if you may look, else its count"),
    ]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]


event_text = EventTexts[ToyState]()
event_text.add(Bid, lambda s, e: f"You bid {e['gems']} gems")
event_text.add(Revealed, lambda s, e: f"The bids are revealed: {e['bids'][0]} and {e['bids'][1]}")
event_text.add(Drew, lambda s, e: f"Seat {e['seat'] + 1} draws a card")
event_text.add(Gems, lambda s, e: f"Seat {e['seat'] + 1} {e['type']} gems")


def observe(s: ToyState, seat: int | None) -> Observation:
    return {"gems": s.gems, "hands": [h.view(seat) for h in s.hands], "decision": s.decision()}


class Toy(Game):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 2
    utility = Utility.ZERO_SUM
    parts = Parts(
        state=ToyState,
        steps=Steps(BIDDING, REVEAL, DRAW, ACT, THIEF, END, free=[CASHING]),
        setup=new_toy,
        observe=observe,
        observation=Observation,
        action_text=lambda s, a: str(a),
        event_text=event_text,
        event=ToyEvent,
        render=lambda s, seat: str(observe(s, seat)),
    )


# -- the tests -------------------------------------------------------------------------
def test_sealed_bids_are_secret_and_revealed_together() -> None:
    s = Toy().new_state()
    assert s.current_player() == 0
    assert s.legal_actions() == [BID[0], BID[1], BID[2], BID[3]]
    assert s.is_secret(BID[2])
    s.apply(BID[2])
    assert s.current_player() == 1  # the automatic reveal waits for the second bid
    events = s.apply(BID[1])
    # the reveal ran by itself: gems paid, the leader's draw is a chance node
    assert [e["type"] for e in events] == ["bid", "revealed"]
    assert s.gems == [1, 2]
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(CARD["moon"], 0.5), (CARD["star"], 0.5)]


def test_a_refusal_names_the_rule_and_changes_nothing() -> None:
    s = Toy().new_state()
    s.gems[0] = 1
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Bidding: you have only 1 gems"):
        s.apply(BID[3])
    with pytest.raises(IllegalAction, match="Player 1 must act now. Bidding: bid 0-3"):
        s.apply(GAIN)
    assert s.to_json() == before


def _to_actions(s: ToyState, leader_bid: int = 1) -> ToyState:
    s.apply(BID[leader_bid])
    s.apply(BID[0])
    s.apply(CARD["star"])
    return s


def test_up_to_two_actions_with_a_reaction_between() -> None:
    s = _to_actions(Toy().new_state())
    assert s.current_player() == 0 and s.pending().step is ACT
    s.apply(GAIN)
    assert s.current_player() == 1 and s.pending().step is THIEF  # the reaction comes first
    s.apply(STEAL)
    assert s.gems == [2, 4]
    assert s.pending() == ACT(0, left=1)  # then the leader's second action
    s.apply(GAIN)
    s.apply(NO_STEAL)
    # two actions taken: the round ends and the next bids start
    assert s.pending() == BIDDING(0)


def test_passing_ends_the_actions_early() -> None:
    s = _to_actions(Toy().new_state())
    s.apply(PASS)
    assert s.pending() == BIDDING(0)


def test_free_actions_are_offered_beside_the_step_without_ending_it() -> None:
    s = _to_actions(Toy().new_state())
    assert s.legal_actions() == [GAIN, PASS, CASH]
    s.apply(CASH)
    assert s.gems[0] == 4 and s.pending() == ACT(0, left=2)
    with pytest.raises(IllegalAction, match="Cash: you hold no star card"):
        s.apply(CASH)


def test_frames_save_with_named_arguments() -> None:
    s = _to_actions(Toy().new_state())
    saved = s.stack_json()
    assert saved[-1] == {"step": "act", "seat": 0, "args": {"left": 2}}
    assert s.stack_from_json(saved) == s.stack
    with pytest.raises(MalformedInput, match="no step called 'fly'"):
        s.stack_from_json([{"step": "fly", "seat": 0}])
    with pytest.raises(MalformedInput, match="needs a seat 0-1"):
        s.stack_from_json([{"step": "act", "seat": 5, "args": {"left": 1}}])
    with pytest.raises(MalformedInput, match="the step act"):
        s.stack_from_json([{"step": "act", "seat": 0, "args": {"right": 1}}])


def test_step_tables_refuse_malformed_steps() -> None:
    with pytest.raises(ValueError, match="two steps"):
        Steps(ACT, ACT)
    with pytest.raises(ValueError, match="decision, a chance or automatic"):
        Steps(Step("nothing"))
    with pytest.raises(TypeError, match="needs the seat"):
        ACT(left=1)
    assert REVEAL().seat == AUTO and DRAW(seat=0).seat == CHANCE


def test_the_loop_plays_to_the_end_and_stops_for_a_seat_without_policy() -> None:
    rng = random.Random(3)
    s = Toy().new_state()
    seen: list[int] = []
    play(s, [random_policy(rng), None], rng, on_step=lambda st, seat, a, ev: seen.append(seat))
    assert s.current_player() == 1 and seen == [0]
    assert not s.is_terminal()
    steps = play(s, [random_policy(rng)] * 2, rng)
    assert s.current_player() == TERMINAL and s.is_terminal() and steps > 0 and not s.deck


def test_piles_draw_by_weight_and_keep_cards_put_under_in_order() -> None:
    deck = Zone(["a", "a", "b"])
    assert deck.draws() == [("a", 2 / 3), ("b", 1 / 3)]
    deck.draw("a")
    deck.put_under("x")
    deck.put_under("y")
    assert len(deck) == 4
    deck.draw("a")
    deck.draw("b")
    assert deck.draws() == [("x", 1.0)]  # the shuffled part is used up
    deck.draw("x")
    with pytest.raises(ValueError):
        deck.draw("x")
    assert deck.view(None) == {"count": 1}


def test_redeal_keeps_sizes_and_what_the_seat_sees() -> None:
    mine = Zone(["a", "b"], seen=seats_mask(0))
    theirs = Zone(["c", "c", "d"], seen=seats_mask(1))
    deck = Zone(["a", "d", "e"])
    table = Zone(["z"], seen=EVERYONE)
    rng = random.Random(0)
    pooled = sorted(theirs.hidden() + deck.hidden())
    for _ in range(20):
        t, d = theirs.copy(), deck.copy()
        redeal(0, rng, [mine, t, d, table])
        assert mine.items == {"a": 1, "b": 1} and table.items == {"z": 1}
        assert len(t) == 3 and len(d) == 3
        assert sorted(t.hidden() + d.hidden()) == pooled


def test_dice_hidden_behind_a_screen_are_rerolled_for_others_only() -> None:
    mine, theirs = Die(range(1, 7), 6, seen=seats_mask(0)), Die(range(1, 7), 6, seats_mask(1))
    rng = random.Random(1)
    values = set()
    for _ in range(30):
        t = theirs.copy()
        reroll(0, rng, [mine, t])
        values.add(t.value)
        assert mine.value == 6
    assert len(values) > 1
    assert theirs.view(0) is None and theirs.view(1) == 6


def test_breadth_first_distances_and_groups() -> None:
    def around(c: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = c
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]

    inside = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    d = distances([(0, 0)], around, lambda c: c in inside)
    assert d[(2, 2)] == 4 and (1, 1) not in d
    assert distances([(0, 0)], around, lambda c: c in inside, limit=1) == {
        (0, 0): 0,
        (1, 0): 1,
        (0, 1): 1,
    }
    assert connected((0, 0), around, lambda c: c in inside) == inside


def test_a_decision_with_nothing_left_but_to_pass_is_taken_without_asking() -> None:
    spend, done = Action("spend"), Action("done")

    def apply_spend(s: Purse, f: Any, a: Action) -> Events:
        if a == done:
            return [{"type": "done", "seat": f.seat}]
        s.tokens -= 1
        then(s, f)  # the same decision again, while tokens are left
        return [{"type": "spent", "seat": f.seat}]

    spending = Step(
        "spend",
        "Spending: spend a token or say done",
        legal=lambda s, f: [spend, done] if s.tokens else [done],
        apply=apply_spend,
        settle=take_if_only(done),
    )

    class Purse(ToyState):
        tokens: int

    class PurseGame(Toy):
        parts = replace(Toy.parts, state=Purse, steps=Steps(spending))

    def purse(tokens: int) -> Purse:
        s = Purse.__new__(Purse)
        s.setup(PurseGame(), 2)
        s.tokens = tokens
        then(s, spending(0), spending(1))
        s.advance()
        return s

    s = purse(tokens=1)
    assert s.pending() == spending(0) and s.legal_actions() == [spend, done]
    # seat 0's spend leaves nothing to spend: both seats pass without being asked
    assert [e["type"] for e in s.apply(spend)] == ["spent", "done", "done"]
    assert s.current_player() == TERMINAL
    assert purse(tokens=0).current_player() == TERMINAL
