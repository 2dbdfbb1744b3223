"""What a player reads: the paths drawn as rows of cards, actions and events in the
rulebook's words.

Board notation: a site is its card's place in the path and its lane, ``S`` for the
start card: ``SM`` is the middle site of the start card, ``3L`` the left site of the
third era card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.text import Text

from lapilli.core.actions import Action
from lapilli.core.events import EventTexts

from .components import CARDS, LANES, THUNDERBOLTS
from .events import (
    Answer,
    Bid,
    Bidding,
    Bids,
    Challenge,
    ConeEntered,
    ConeMoved,
    Discarded,
    Drew,
    Eruption,
    ForcedBack,
    Included,
    Kept,
    Moved,
    NoTarget,
    Offer,
    Paid,
    PiecePlaced,
    Recovered,
    Removed,
    Replaced,
    Reshuffled,
    Rolled,
    RoundLimit,
    SeatEvent,
    StartCard,
    Thunderbolt,
    TurnedUp,
)
from .movement import crossing_cost
from .paths import cone_on
from .state import ErasState

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold dark_orange")
FACES = {"thunderbolt": "⚡", "volcano": "🌋", "dot": "●"}
FACE_WORDS = {"thunderbolt": "a thunderbolt", "volcano": "a volcano", "dot": "a dot"}
"""The die's faces in a log line, read by screen readers and fonts without emoji."""
SITE = {
    "rock": "rock",
    "swamp": "swamp",
    "cave": "cave",
    "waterhole": "waterhole",
    "volcano": "volcano",
}
HAZARD = {"earthquake": "earthquake", "twister": "twister", "volcano": "volcano"}
THUNDERBOLT_TEXT = {
    "earthquake": "each player loses the earthquake card furthest along their path",
    "twister": "each player pays a token per twister card in their path (at most 2)",
    "eruption": "a piece on a card with a volcano symbol goes back one card; its owner pays",
    "flood": "a piece on a card with a rising sea goes back one card unless its path has Fish",
    "tremor": "every piece not on its start card goes back one card",
    "meteor": "the drawer removes an era card without a piece from another player's path",
    "extinction": "a path ending in a Dinosaurs card loses it unless the piece is on it",
    "drought": "each player without a waterhole in their path pays a token",
    "ice_age": "each player discards an era card from hand, or pays a token without one",
    "storm": "all cones return to the centre",
    "mutation": "the drawer takes the top era card of the pack into their hand",
    "fertile_age": "every player takes back a token from the box",
}
assert set(THUNDERBOLT_TEXT) == set(THUNDERBOLTS)


def seat_label(seat: int, players: int = 0) -> str:
    """A seat's colour (the colours do not depend on how many play)."""
    return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"Player {seat + 1}"


def card_name(card: str | None) -> str:
    return CARDS[card].name if card in CARDS else str(card)


def site_name(position: int, lane: int) -> str:
    return f"{'S' if position == 0 else position}{LANES[lane]}"


def tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"


def _whose(seat: int, path: int) -> str:
    return "your" if path == seat else f"{seat_label(path)}'s"


def _between(s: ErasState, path: int, at: int) -> str:
    cards = s.paths[path] if 0 <= path < s.players else []
    if not 1 <= at <= len(cards) + 1:
        return f"as card {at}"
    before = "the start card" if at == 1 else card_name(cards[at - 2])
    if at > len(cards):
        return f"at the end, after {before}"
    return f"between {before} and {card_name(cards[at - 1])}"


# -- actions ---------------------------------------------------------------------------
ActionText = Callable[["ErasState", int, Action], str]
"""(position, the seat deciding, the action) -> the action in words."""


def _include(s: ErasState, seat: int, a: Action) -> str:
    q, at = a.arg("path"), a.arg("at")
    return f"Include {card_name(a.arg('card'))} in {_whose(seat, q)} path {_between(s, q, at)}"


def _replace(s: ErasState, seat: int, a: Action) -> str:
    at = a.arg("at")
    old = s.paths[seat][at - 1] if seat >= 0 and 1 <= at <= len(s.paths[seat]) else None
    return f"Replace {card_name(old)} (card {at}) with {card_name(a.arg('card'))}"


def _cone_enter(s: ErasState, seat: int, a: Action) -> str:
    where = site_name(1, a.arg("lane"))
    return f"Move your cone onto {seat_label(a.arg('path'))}'s first era card at {where} (1 token)"


def _erupt(s: ErasState, seat: int, a: Action) -> str:
    cone = s.cones[seat] if seat >= 0 else None
    where = site_name(a.arg("at"), a.arg("lane"))
    if cone and cone_on(s, cone[0]) == (a.arg("at"), a.arg("lane")):
        return f"Erupt your cone at {seat_label(cone[0])} {where} (1 token)"
    return f"Erupt the volcano site at {seat_label(cone[0]) if cone else '?'} {where} (1 token)"


def _challenge(s: ErasState, seat: int, a: Action) -> str:
    return f"Bid against {seat_label(a.arg('seat'))} for {card_name(a.arg('card'))} in their hand"


def _exchange(s: ErasState, seat: int, a: Action) -> str:
    return (
        f"Offer {seat_label(a.arg('seat'))} an exchange: your {card_name(a.arg('give'))} "
        f"for their {card_name(a.arg('take'))}"
    )


def _meteor(s: ErasState, seat: int, a: Action) -> str:
    q, at = a.arg("path"), a.arg("at")
    card = s.paths[q][at - 1] if 0 <= q < s.players and 1 <= at <= len(s.paths[q]) else None
    return f"Meteor: remove {card_name(card)} (card {at}) from {seat_label(q)}'s path"


def _era_card(s: ErasState, seat: int, a: Action) -> str:
    card = card_name(a.arg("card"))
    top = s.pending()
    if top is not None and top.step.name == "draw" and top.args.to >= 0:
        return f"{seat_label(top.args.to)} draws the era card {card}"
    return f"the era card turned face up is {card}"


def _start_card(s: ErasState, seat: int, a: Action) -> str:
    top = s.pending()
    if top is not None and top.step.name == "deal_start":
        return f"{seat_label(top.args.seat)} is dealt start card {a.arg('number')}"
    return f"start card {a.arg('number')}"


def _cone_move_text(s: ErasState, seat: int, a: Action) -> str:
    cone = s.cones[seat] if seat >= 0 else None
    if cone is None:
        return f"Move your cone ({a.kind.replace('cone_', '')})"
    at, lane = cone_on(s, cone[0])  # type: ignore[misc]
    if a.kind == "cone_sideways":
        return f"Move your cone sideways to {seat_label(cone[0])} {site_name(at, a.arg('lane'))}"
    if a.kind == "cone_back":
        return f"Move your cone back to {seat_label(cone[0])} {site_name(at - 1, lane)}"
    m = a.arg("cards")
    cards = "card" if m == 1 else "cards"
    where = site_name(at + m, lane)
    return f"Move your cone forward {m} {cards} to {seat_label(cone[0])} {where} ({tokens(m)})"


def _move_text(s: ErasState, seat: int, a: Action) -> str:
    piece = s.pieces[seat] if seat >= 0 else None
    if piece is None:
        return f"Move your piece {a.kind}"
    at, lane = piece
    if a.kind == "sideways":
        return f"Move sideways to {site_name(at, a.arg('lane'))}"
    if a.kind == "back":
        return f"Move back to {site_name(at - 1, lane)}"
    cost = crossing_cost(s, seat) if at < len(s.paths[seat]) else 0
    paid = f" ({tokens(cost)} to cross)" if cost else ""
    return f"Move forward to {site_name(at + 1, lane)}{paid}"


def _title(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _said(text: str) -> ActionText:
    """An action whose words do not depend on the position."""
    return lambda s, seat, a: text


ACTION_TEXT: dict[str, ActionText] = {
    "include": _include,
    "replace": _replace,
    "cone_enter": _cone_enter,
    "cone_sideways": _cone_move_text,
    "cone_back": _cone_move_text,
    "cone_forward": _cone_move_text,
    "erupt": _erupt,
    "challenge": _challenge,
    "exchange": _exchange,
    "bid": lambda s, seat, a: f"Bid {tokens(a.arg('tokens'))}",
    "sideways": _move_text,
    "forward": _move_text,
    "back": _move_text,
    "meteor": _meteor,
    "discard": lambda s, seat, a: f"Ice age: discard {card_name(a.arg('card'))} from your hand",
    "era_card": _era_card,
    "start_card": _start_card,
    "youngest": lambda s, seat, a: f"{seat_label(a.arg('seat'))} is the youngest player",
    "die": lambda s, seat, a: f"the die shows {FACES.get(a.arg('face'), a.arg('face'))}",
    "thunderbolt": lambda s, seat, a: f"the thunderbolt card {_title(a.arg('card'))}",
    "piece": lambda s, seat, a: (
        f"Place your playing piece on {site_name(0, a.arg('lane'))} of your start card"
    ),
    "keep": lambda s, seat, a: f"Keep {card_name(a.arg('card'))} in your hand",
    "bid_face_up": lambda s, seat, a: (
        f"Bid for the face-up card {card_name(s.offer)} (every player may bid)"
    ),
    "skip": _said("Play no card from your hand"),
    "cone_pass": _said("Leave your cone where it is"),
    "go_on": _said("Go on to end your turn"),
    "accept": _said("Agree to the exchange"),
    "refuse": _said("Refuse the exchange"),
    "stop": _said("Stop moving (end your turn)"),
}


SAID: dict[str, str] = {
    "skip": "plays no card from their hand",
    "cone_pass": "leaves their cone where it is",
    "go_on": "goes on to end their turn",
    "accept": "agrees to the exchange",
    "refuse": "refuses the exchange",
    "stop": "stops moving and ends their turn",
}
"""How the log tells an action that changed nothing on the table, said of its maker."""


def said_text(s: ErasState, a: Action) -> str | None:
    said = SAID.get(a.kind)
    return None if said is None else f"{seat_label(s.current_player())} {said}"


def action_text(s: ErasState, a: Action) -> str:
    said = ACTION_TEXT.get(a.kind)
    if said is None:
        return a.kind.replace("_", " ")
    return said(s, s.current_player(), a)


# -- events: one line per kind ---------------------------------------------------------
def _why(why: str | None) -> str:
    return f" ({why})" if why else ""


def _included(s: ErasState, e: Included) -> str:
    whose = "their own" if e["path"] == e["seat"] else f"{seat_label(e['path'])}'s"
    return (
        f"{seat_label(e['seat'])} includes {card_name(e['card'])} in {whose} path as card {e['at']}"
    )


def _offer(s: ErasState, e: Offer) -> str:
    give, take = card_name(e["give"]), card_name(e["take"])
    return f"{seat_label(e['seat'])} offers {seat_label(e['to'])} {give} for {take}"


def _bids(s: ErasState, e: Bids) -> str:
    shown = ", ".join(f"{seat_label(int(k))} {v}" for k, v in e["bids"].items())
    paid = f", paying {tokens(e['paid'])}" if e["paid"] else " at no cost"
    won = f"{seat_label(e['winner'])} wins {card_name(e['card'])}"
    return f"Bids revealed: {shown}. {won}{paid}"


def _answer(s: ErasState, e: Answer) -> str:
    verb = "agrees to" if e["agreed"] else "refuses"
    return f"{seat_label(e['seat'])} {verb} the exchange offered by {seat_label(e['by'])}"


def _moved(s: ErasState, e: Moved) -> str:
    paid = f" ({tokens(e['paid'])} to cross)" if e["paid"] else ""
    return f"{seat_label(e['seat'])} moves their piece to {site_name(*e['to'])}{paid}"


def _about_seat(s: ErasState, e: SeatEvent) -> str:
    return SEAT_EVENTS[e["type"]].format(who=seat_label(e["seat"]))


SEAT_EVENTS = {
    "youngest": "{who} is the youngest player and starts",
    "turn": "{who}'s turn",
    "may_win": "{who} starts the turn on their sixth era card: they win if nothing changes",
    "cone_home": "{who}'s cone returns to the centre",
    "cave_safe": "{who}'s piece is safe in its cave",
    "won": "{who} wins: their path is complete and their piece is on the sixth era card",
    "no_win": "{who} does not win this turn",
}

event_text = EventTexts[ErasState]()
say = event_text.add
say(StartCard, lambda s, e: f"{seat_label(e['seat'])} is dealt start card {e['number']}")
say(Drew, lambda s, e: f"{seat_label(e['seat'])} takes {card_name(e['card'])} into their hand")
say(TurnedUp, lambda s, e: f"The top era card is turned face up: {card_name(e['card'])}")
say(
    Reshuffled,
    lambda s, e: f"The discards are shuffled into a fresh era pack ({e['cards']} cards)",
)
say(SeatEvent, _about_seat)
say(
    PiecePlaced,
    lambda s, e: f"{seat_label(e['seat'])} places their playing piece on {site_name(0, e['lane'])}",
)
say(Recovered, lambda s, e: f"{seat_label(e['seat'])} recovers {tokens(e['tokens'])} from the box")
say(Included, _included)
say(
    Replaced,
    lambda s, e: (
        f"{seat_label(e['seat'])} puts {card_name(e['card'])} in place of card {e['at']}"
        " of their path"
    ),
)
say(
    Discarded,
    lambda s, e: f"{card_name(e['card'])} goes to the discard pile{_why(e.get('why'))}",
)
say(
    Removed,
    lambda s, e: (
        f"{seat_label(e['seat'])} loses {card_name(e['card'])} from their path{_why(e['why'])}"
    ),
)


def _forced_back(s: ErasState, e: ForcedBack) -> str:
    """A card inserted before a piece takes its card's place, so the piece goes back one
    card with the same place number: say which card, not only the site."""
    who, site = seat_label(e["seat"]), site_name(*e["to"])
    if e["why"] == "insert":
        return f"{who}'s piece goes back one card, onto the card inserted before it ({site})"
    return f"{who}'s piece is forced back one card to {site}{_why(e['why'])}"


say(ForcedBack, _forced_back)
say(Rolled, lambda s, e: f"{seat_label(e['seat'])} rolls {FACE_WORDS[e['face']]}")
say(
    Thunderbolt,
    lambda s, e: f"Thunderbolt, {_title(e['card'])}: {THUNDERBOLT_TEXT[e['card']]}",
)
say(
    Paid,
    lambda s, e: f"{seat_label(e['seat'])} puts {tokens(e['tokens'])} in the box{_why(e['why'])}",
)
say(NoTarget, lambda s, e: "Meteor: there is no era card to remove")
say(
    ConeEntered,
    lambda s, e: (
        f"{seat_label(e['seat'])} moves their cone onto {seat_label(e['path'])}"
        f" {site_name(1, e['lane'])}"
    ),
)
say(
    ConeMoved,
    lambda s, e: (
        f"{seat_label(e['seat'])} moves their cone to {seat_label(e['path'])} {site_name(*e['to'])}"
    ),
)
say(
    Eruption,
    lambda s, e: f"{seat_label(e['seat'])} erupts {seat_label(e['path'])} {site_name(*e['at'])}",
)
say(
    Bidding,
    lambda s, e: (
        f"{seat_label(e['seat'])} opens the bidding for the face-up card {card_name(e['card'])}"
    ),
)
say(
    Challenge,
    lambda s, e: (
        f"{seat_label(e['seat'])} bids against {seat_label(e['owner'])} for {card_name(e['card'])}"
    ),
)
say(Offer, _offer)
say(Bid, lambda s, e: f"You bid {tokens(e['tokens'])} (sealed)")
say(Bids, _bids)
say(Answer, _answer)
say(Kept, lambda s, e: f"{seat_label(e['seat'])} keeps {card_name(e['card'])} in hand")
say(Moved, _moved)
say(
    RoundLimit,
    lambda s, e: f"The game stops with no winner after {e['rounds']} rounds (round limit)",
)


# -- the board -------------------------------------------------------------------------
SITE_W = 11  # a site's column: the piece or cone mark and the site's name ("waterhole")
CROSSING_WORDS = {"rising_sea": "≈ rising sea", "ravine": "‖ ravine"}


def _crossing(card_id: str) -> str:
    """The crossing on a card's forward edge, with the lanes a ravine cuts."""
    card = CARDS[card_id]
    if card.crossing is None:
        return ""
    cut = ", ".join(LANES[i] for i in card.crossed)
    lanes = "" if len(card.crossed) == len(LANES) else f" ({cut})"
    return CROSSING_WORDS[card.crossing] + lanes


def _path_rows(s: ErasState, seat: int) -> Text:
    """One row per card, from the start card forwards: its place and copy, era, hazard,
    the three sites (lanes L, M, R) in full words, and the crossing on its forward edge
    (shown on the last card too: the next card added will lie beyond it)."""
    path = s.paths[seat]
    cone = cone_on(s, seat)
    cone_owner = next((o for o, c in enumerate(s.cones) if c and c[0] == seat), None)
    out = Text("  card  era       hazard     ", style="dim")
    out.append("".join(f" {lane}".ljust(SITE_W) for lane in LANES) + "ahead\n", style="dim")
    for p in range(len(path) + 1):
        card = CARDS[path[p - 1]] if p else None
        place = f"{p} #{card.copy}" if card else "S"
        era = card.era.title() if card else f"start {s.start[seat]}"
        out.append(f"  {place:<6}")
        out.append(f"{era:<10}", style="bold" if card else "")
        out.append(f"{HAZARD.get(card.hazard or '', '') if card else '':<11}", style="italic")
        for lane in range(len(LANES)):
            kind = card.sites[lane] if card else "rock"
            mark, style = " ", ""
            if s.pieces[seat] == (p, lane):
                mark, style = "@", STYLES[seat % len(STYLES)]
            elif cone == (p, lane) and cone_owner is not None:
                mark, style = "▲", STYLES[cone_owner % len(STYLES)]
            out.append(mark, style=style)
            out.append(SITE[kind].ljust(SITE_W - 1), style="red" if kind == "volcano" else "")
        crossing = _crossing(path[p - 1]) if card else ""
        out.append(crossing + "\n", style="cyan" if crossing.startswith("≈") else "")
    return out


def _player(s: ErasState, seat: int, viewer: int | None) -> Text:
    out = Text()
    you = " (you)" if seat == viewer else ""
    out.append(f"{seat_label(seat)}{you}", style=STYLES[seat % len(STYLES)])
    out.append(f"  tokens: {s.tokens[seat]} in hand, {s.box(seat)} in the box")
    cone = s.cones[seat]
    where = "in the centre" if cone is None else f"on {seat_label(cone[0])}'s path"
    out.append(f"  cone {where}")
    if s.turn == seat:
        out.append("  ◀ turn", style="bold")
    out.append("\n  hand: " + (", ".join(card_name(c) for c in s.hands[seat].kinds()) or "-"))
    bid = s.bids[seat]
    if bid is not None:
        out.append(f"  bid: {bid if seat == viewer else 'sealed'}")
    out.append("\n")
    if s.pieces[seat] is not None:
        out.append_text(_path_rows(s, seat))
    return out


def render(s: ErasState, seat: int | None) -> Group:
    header = Text()
    header.append("Eras", style="bold")
    # no turn before the first one: the preparation is not a turn
    header.append(f"   turn {s.turns}" if s.turns else "   preparation")
    if s.turns and s.turn >= 0:
        header.append(f" ({seat_label(s.turn)}'s)")
    if s.die:
        header.append(f"   die: {FACES[s.die]}")
    if s.thunderbolt:
        header.append(f"   last thunderbolt: {_title(s.thunderbolt)}")
    header.append(f"\nface-up era card: {card_name(s.offer) if s.offer else '-'}")
    header.append(f"   era pack: {len(s.era_deck)}   discards: {len(s.discard)}")
    legend = Text(
        "@ piece, ▲ cone; each path from its start card S forwards, one card a row (2 #4: the "
        "second card, copy 4) with its sites in lanes L, M, R; ahead: the rising sea (≈) or "
        "ravine (‖) on the card's forward edge, a token to cross it forward",
        style="dim",
    )
    parts: list[Any] = [header, legend]
    parts += [_player(s, p, seat) for p in range(s.players)]
    return Group(*parts)
