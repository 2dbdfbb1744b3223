"""Thunderbolts: a ⚡ on the die draws the top thunderbolt card; it is carried out, then
returned to the bottom of its pack. The cards themselves were lost with the rulebook's
tables: this deck is the research's (see data.toml and docs/rules/eras.md)."""

from __future__ import annotations

from collections.abc import Callable

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .args import SeatArgs
from .components import CARD_IDS, CARDS, EFFECTS, MAX_PLAYERS_OPTION, PATH_LENGTH, THUNDERBOLTS
from .deck import draw
from .events import ErasEvent, Events
from .paths import back_one_card, has_era, has_site, remove
from .state import ErasState

CARD = {name: Action("thunderbolt", card=name) for name in THUNDERBOLTS}
METEOR_AT = {
    (q, at): Action("meteor", path=q, at=at)
    for q in range(MAX_PLAYERS_OPTION)
    for at in range(1, PATH_LENGTH + 1)
}
DISCARD = {card: Action("discard", card=card) for card in CARD_IDS}


def pay(s: ErasState, seat: int, tokens: int, why: str) -> Events:
    """Put tokens in the box; a player who cannot pay in full pays what they have."""
    paid = min(tokens, s.tokens[seat])
    if not paid:
        return []
    s.tokens[seat] -= paid
    return [{"type": "paid", "seat": seat, "tokens": paid, "why": why}]


def _hazard_cards(s: ErasState, seat: int, hazard: str) -> list[int]:
    return [p for p, c in enumerate(s.paths[seat], 1) if CARDS[c].hazard == hazard]


def earthquake(s: ErasState, drawer: int) -> Events:
    """Each player loses the earthquake card furthest along their path."""
    events: Events = []
    for seat in s.order(drawer):
        shaken = _hazard_cards(s, seat, "earthquake")
        if shaken:
            events += remove(s, seat, shaken[-1], "earthquake")
    return events


def twister(s: ErasState, drawer: int) -> Events:
    """Each player pays a token per twister card in their path (at most two)."""
    events: Events = []
    for seat in s.order(drawer):
        twisters = min(len(_hazard_cards(s, seat, "twister")), EFFECTS["twister_cap"])
        events += pay(s, seat, twisters * EFFECTS["twister"], "twister")
    return events


def eruption(s: ErasState, drawer: int) -> Events:
    """A piece on a card with a volcano symbol goes back one card; its owner pays."""
    events: Events = []
    for seat in s.order(drawer):
        at = s.placed(seat)[0]
        if at and CARDS[s.paths[seat][at - 1]].hazard == "volcano":
            events += back_one_card(s, seat, "eruption")
            events += pay(s, seat, EFFECTS["eruption"], "eruption")
    return events


def flood(s: ErasState, drawer: int) -> Events:
    """A piece on a card with a rising sea goes back one card, unless its path has Fish."""
    events: Events = []
    for seat in s.order(drawer):
        at = s.placed(seat)[0]
        at_sea = at and CARDS[s.paths[seat][at - 1]].crossing == "rising_sea"
        if at_sea and not has_era(s, seat, "fish"):
            events += back_one_card(s, seat, "flood")
    return events


def tremor(s: ErasState, drawer: int) -> Events:
    """Every piece not on its start card goes back one card."""
    events: Events = []
    for seat in s.order(drawer):
        events += back_one_card(s, seat, "tremor")
    return events


def meteor(s: ErasState, drawer: int) -> Events:
    """The drawer removes an era card without a piece from another player's path."""
    if meteor_targets(s, drawer):
        then(s, METEOR(drawer))
        return []
    return [{"type": "no_target", "card": "meteor"}]


def extinction(s: ErasState, drawer: int) -> Events:
    """A path ending in a Dinosaurs card loses it, unless the piece is on it."""
    events: Events = []
    for seat in s.order(drawer):
        path = s.paths[seat]
        ends_extinct = path and CARDS[path[-1]].era == EFFECTS["extinction_era"]
        if ends_extinct and s.placed(seat)[0] != len(path):
            events += remove(s, seat, len(path), "extinction")
    return events


def drought(s: ErasState, drawer: int) -> Events:
    """Each player without a waterhole in their path pays a token."""
    events: Events = []
    for seat in s.order(drawer):
        if not has_site(s, seat, "waterhole"):
            events += pay(s, seat, EFFECTS["drought"], "drought")
    return events


def ice_age(s: ErasState, drawer: int) -> Events:
    """Each player discards an era card from their hand, or pays a token without one."""
    events: Events = []
    discards = []
    for seat in s.order(drawer):
        if s.hands[seat]:
            discards.append(ICE_AGE(seat))
        else:
            events += pay(s, seat, EFFECTS["ice_age"], "ice age")
    then(s, *discards)
    return events


def storm(s: ErasState, drawer: int) -> Events:
    """All cones return to the centre."""
    home = [seat for seat, cone in enumerate(s.cones) if cone is not None]
    s.cones = [None] * s.players
    return [{"type": "cone_home", "seat": seat} for seat in home]


def mutation(s: ErasState, drawer: int) -> Events:
    """The drawer takes the top era card of the pack into their hand."""
    then(s, draw(drawer))
    return []


def fertile_age(s: ErasState, drawer: int) -> Events:
    """Every player takes back a token from the box."""
    events: Events = []
    for seat in s.order(drawer):
        back = min(EFFECTS["fertile_age"], s.box(seat))
        if back:
            s.tokens[seat] += back
            events.append({"type": "recovered", "seat": seat, "tokens": back})
    return events


EFFECT: dict[str, Callable[[ErasState, int], Events]] = {
    "earthquake": earthquake,
    "twister": twister,
    "eruption": eruption,
    "flood": flood,
    "tremor": tremor,
    "meteor": meteor,
    "extinction": extinction,
    "drought": drought,
    "ice_age": ice_age,
    "storm": storm,
    "mutation": mutation,
    "fertile_age": fertile_age,
}


def _thunderbolt(s: ErasState, f: Frame, a: Action) -> Events:
    name = a.arg("card")
    s.thunder_deck.draw(name)
    s.thunder_deck.put_under(name)  # returned to the bottom once carried out
    s.thunderbolt = name
    drawer = f.args.seat
    event: ErasEvent = {"type": "thunderbolt", "seat": drawer, "card": name}
    return [event, *EFFECT[name](s, drawer)]


THUNDER = Step(
    "thunder",
    "Thunderbolt: take the top thunderbolt card",
    outcomes=lambda s, f: [(CARD[name], p) for name, p in s.thunder_deck.draws()],
    apply=_thunderbolt,
    Args=SeatArgs,
    word="thunderbolt",
)


def meteor_targets(s: ErasState, drawer: int) -> list[Action]:
    return [
        METEOR_AT[q, at]
        for q in s.order(drawer)
        if q != drawer
        for at in range(1, len(s.paths[q]) + 1)
        if s.placed(q)[0] != at
    ]


def _refuse_meteor(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind == "meteor" and a not in meteor_targets(s, f.seat):
        return "Meteor: remove an era card without a piece from another player's path"
    return None


def _meteor(s: ErasState, f: Frame, a: Action) -> Events:
    return remove(s, a.arg("path"), a.arg("at"), "meteor")


METEOR = Step(
    "meteor",
    "Meteor: remove an era card without a piece from another player's path",
    legal=lambda s, f: meteor_targets(s, f.seat),
    refuse=_refuse_meteor,
    apply=_meteor,
)


def _refuse_discard(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind == "discard" and a.arg("card") not in s.hands[f.seat]:
        return "Ice age: discard an era card from your own hand"
    return None


def _discard(s: ErasState, f: Frame, a: Action) -> Events:
    card = a.arg("card")
    s.hands[f.seat].take(card)
    s.discard.put(card)
    return [{"type": "discarded", "seat": f.seat, "card": card, "why": "ice age"}]


ICE_AGE = Step(
    "ice_age",
    "Ice age: discard an era card from your hand",
    legal=lambda s, f: [DISCARD[card] for card in s.hands[f.seat].kinds()],
    refuse=_refuse_discard,
    apply=_discard,
    word="ice age",
)
