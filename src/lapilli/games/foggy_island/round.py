"""A round: its set-up (weather, fog boards, the team deal, opening hands) and its end.

Rulebook: "Game setup", "Game with weather cards", "Team game variant", "The End of the
Round". Each round every player forms their pile again, the second player draws the
weather, and everyone chooses 5 tokens. The round ends when no free tiles are left.

This is the top of the turn flow: a round pushes its set-up steps, the turns
(``turn.py``) and, under them, its own end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.zones import Zone, seats_mask

from . import actions as A
from .board import QUADRANTS, TILE_NAMES, TILES
from .components import (
    EXTRA_ROUNDS,
    HAND_SIZE,
    KINDS,
    PILE_SIZE,
    SEATS,
    SUNNY,
    WEATHER_DECK,
    WEATHERS,
    in_order,
)
from .events import Events
from .hiring import BANK, hirers
from .scoring import scored_lines
from .state import FoggyState, winning_side
from .turn import TURN_OF, draws

if TYPE_CHECKING:
    from lapilli.core.state import Game


# -- set-up ---------------------------------------------------------------------------------
def new_game(game: Game, players: int) -> FoggyState:
    """The table before the first round (its draws are chance steps like any other)."""
    s = FoggyState.__new__(FoggyState)
    s.setup(game, players)
    s.round = 1
    s.extra_rounds = 0
    s.hired = [[], []]
    collect(s)  # the map, hands, piles and team pools
    s.open = [True] * len(QUADRANTS)
    s.coins = [0, 0]
    s.points = []
    s.weather = SUNNY
    s.deck = Zone(WEATHER_DECK)
    if s.opts.variant == "quick":
        # Quick variant: 80 coins each to hire with before the first round, then the
        # coins left go back to the general pile; one weather is chosen for the whole
        # game (by the second player, who draws the weather in the other games),
        # before the hiring
        s.coins = [s.opts.quick_coins, s.opts.quick_coins]
        then(s, WEATHER_CHOOSE(s.second_player()), *hirers(s), BANK(), ROUND())
    else:
        then(s, ROUND())
    s.changed()
    s.advance()
    return s


def collect(s: FoggyState) -> None:
    """Everyone takes their tokens off the map and forms their pile again."""
    s.board = [None] * len(TILES)
    s.hippo = {}
    seats = range(s.players)
    s.hands = [Zone(seen=seats_mask(p)) for p in seats]
    if s.opts.variant == "team":
        # each team's 18 tokens are shuffled, to be split 9 and 9
        s.piles = [Zone(seen=seats_mask(p)) for p in seats]
        s.pool = [Zone(s.composition(side)) for side in (0, 1)]
    else:
        s.piles = [Zone(s.composition(s.side(p)), seen=seats_mask(p)) for p in seats]
        s.pool = []


def begin_round(s: FoggyState, f: Frame) -> Events:
    """Weather, fog boards, the team deal, then everyone picks 5 tokens, then turns."""
    frames = []
    if s.opts.weather and s.opts.variant != "quick":
        if s.round > 1:
            # the card of the last round goes to the bottom of the weather deck
            s.deck.put_under(s.weather)
        frames.append(WEATHER_DRAW(cards=()))
    frames.append(FOG())
    if s.opts.variant == "team":
        for side in (0, 1):
            frames += team_deal(s, side)
        frames.append(TEAM_PILES())
    order = [(s.first + i) % s.players for i in range(s.players)]
    # the turns go on until the round ends: its end waits under them
    then(s, *frames, *(OPENING_BY[p] for p in order), TURN_OF[s.first], ROUND_END())
    return []


def next_round(s: FoggyState, f: Frame) -> Events:
    s.round += 1  # and the second player becomes first
    return begin_round(s, f)


def weather_cards(s: FoggyState, f: Frame) -> list[tuple[Action, float]]:
    return draws(s.deck, A.WEATHER_CARD)


def draw_weather(s: FoggyState, f: Frame, a: Action) -> Events:
    card = a.arg("card")
    s.deck.draw(card)
    cards = (*f.args.cards, card)
    if len(cards) < 2:
        then(s, WEATHER_DRAW(cards=cards))
    else:
        then(s, WEATHER_KEEP(s.second_player(), cards=cards))
    return [{"type": "weather_drawn", "card": card}]


def legal_weather(s: FoggyState, f: Frame) -> list[Action]:
    return [A.KEEP_WEATHER[w] for w in dict.fromkeys(f.args.cards)]


def refuse_weather(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "keep_weather" and a.arg("card") not in f.args.cards:
        return f"Weather: keep one of the two cards drawn ({' or '.join(f.args.cards)})"
    return None


def keep_weather(s: FoggyState, f: Frame, a: Action) -> Events:
    card = a.arg("card")
    rest = list(f.args.cards)
    rest.remove(card)
    for other in rest:
        s.deck.put_under(other)  # the other card returns to the bottom of the deck
    s.weather = card
    return [{"type": "weather", "card": card, "seat": f.seat}]


def legal_weather_choice(s: FoggyState, f: Frame) -> list[Action]:
    return list(A.CHOOSE_WEATHER.values())


def refuse_weather_choice(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "choose_weather" and a.arg("card") not in WEATHERS:
        return f"Quick game: choose one weather of {', '.join(WEATHERS)}"
    return None


def choose_weather(s: FoggyState, f: Frame, a: Action) -> Events:
    """Quick game: "players should choose one weather for the entire game"; it is
    chosen before the hiring, which may then take it into account."""
    card = a.arg("card")
    s.weather = card
    return [{"type": "weather", "card": card, "seat": f.seat, "chosen": True}]


def lay_fog_boards(s: FoggyState, f: Frame) -> Events:
    """Cloudy and Foggy: three fog boards leave one random 3x3 quarter open."""
    sunny = s.weather == SUNNY
    s.open = [sunny] * len(QUADRANTS)
    if not sunny:
        then(s, FOG_OPEN())
    return []


def open_quarters(s: FoggyState, f: Frame) -> list[tuple[Action, float]]:
    return [(a, 1 / len(A.OPEN_FOG)) for a in A.OPEN_FOG]


def open_quarter(s: FoggyState, f: Frame, a: Action) -> Events:
    q = QUADRANTS.index(a.arg("board"))
    s.open[q] = True
    return [{"type": "fog_open", "board": QUADRANTS[q]}]


def team_deal(s: FoggyState, side: int) -> list[Frame]:
    """ "Shuffle all hired mercenary characters and divide a pile between players": the
    team-mate who plays first this round is dealt half the hired mercenaries (the odd one
    too), then basic tokens up to 9; the other 9 are the team-mate's."""
    mates = sorted(s.side_seats(side), key=lambda p: (p - s.first) % s.players)
    mercenaries = (len(s.hired[side]) + 1) // 2
    basic = PILE_SIZE // 2 - mercenaries
    return [DEAL(seat=mates[0], mercenary=True)] * mercenaries + [
        DEAL(seat=mates[0], mercenary=False)
    ] * basic


def deal_outcomes(s: FoggyState, f: Frame) -> list[tuple[Action, float]]:
    pool = s.pool[s.side(f.args.seat)].items
    wanted = f.args.mercenary
    counts = {k: n for k, n in pool.items() if KINDS[k].mercenary == wanted}
    total = sum(counts.values())
    return [(action, counts[k] / total) for k, action in A.DEAL.items() if k in counts]


def deal(s: FoggyState, f: Frame, a: Action) -> Events:
    seat = f.args.seat
    kind = A.TOKEN_OF[a]
    s.pool[s.side(seat)].draw(kind)
    s.piles[seat].put(kind)
    return [{"type": "dealt", "seat": seat, "private": seat, "token": kind}]


def team_piles(s: FoggyState, f: Frame) -> Events:
    """The rest of each team's tokens is the team-mate's pile (its owner now sees them)."""
    events: Events = []
    for side in (0, 1):
        dealt = next(p for p in s.side_seats(side) if s.piles[p])
        mate = next(p for p in s.side_seats(side) if p != dealt)
        s.piles[mate].items = s.pool[side].clear()
        events.append({"type": "team_pile", "seat": mate, "private": mate, "reveal": True})
    return events


def legal_opening(s: FoggyState, f: Frame) -> list[Action]:
    return [A.TAKE[k] for k in in_order(s.piles[f.seat].items)]


def refuse_opening(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "take" and a.arg("token") not in s.piles[f.seat]:
        return f"Set-up: you have no {a.arg('token')} in your pile"
    return None


def take_opening(s: FoggyState, f: Frame, a: Action) -> Events:
    seat = f.seat
    kind = A.TOKEN_OF[a]
    pile, hand = s.piles[seat], s.hands[seat]
    pile.take(kind)
    hand.put(kind)
    if len(hand) < HAND_SIZE and pile:
        then(s, OPENING_BY[seat])
    return [{"type": "took", "seat": seat, "private": seat, "token": kind}]


# -- the end of the round ---------------------------------------------------------------------
def end_round(s: FoggyState, f: Frame) -> Events:
    """Score, earn coins, then the next round (after hiring), a tie-break round or the end."""
    lines = scored_lines(s.board)
    points = [sum(line.points for line in lines if line.side == side) for side in (0, 1)]
    s.points.append(points)
    events: Events = []
    if s.narrate:
        events.append(
            {
                "type": "round_scored",
                "round": s.round,
                "points": points,
                "lines": [
                    {
                        "side": line.side,
                        "tiles": [TILE_NAMES[t] for t in line.tiles],
                        "points": line.points,
                    }
                    for line in lines
                ],
                "board": list(s.board),
                "reveal": True,  # every face-down token is turned up for scoring
            }
        )
    if s.opts.mercenaries:
        # players get coins equal to their victory points
        s.coins = [s.coins[0] + points[0], s.coins[1] + points[1]]
    if s.round < s.rounds:
        between_rounds(s)
    elif winning_side(s) is None and s.opts.mercenaries and s.extra_rounds < EXTRA_ROUNDS:
        s.extra_rounds += 1  # still a tie: play an additional round
        between_rounds(s)
    return events  # nothing follows the last round: the game is over


def between_rounds(s: FoggyState) -> None:
    collect(s)
    if s.opts.mercenaries:
        then(s, *hirers(s), NEXT_ROUND())
    else:
        then(s, NEXT_ROUND())


# -- the steps --------------------------------------------------------------------------------
class WeatherArgs(NamedTuple):
    cards: tuple[str, ...]  # the weather cards drawn so far


ROUND = Step("round", run=begin_round)
WEATHER_DRAW = Step(
    "weather_draw",
    "Weather: the second player takes the 2 top cards of the weather deck",
    outcomes=weather_cards,
    apply=draw_weather,
    Args=WeatherArgs,
    word="weather draw",
)
WEATHER_KEEP = Step(
    "weather_keep",
    "Weather: keep one of the two cards drawn; the other goes to the bottom of the deck",
    legal=legal_weather,
    refuse=refuse_weather,
    apply=keep_weather,
    Args=WeatherArgs,
    word="weather",
)
WEATHER_CHOOSE = Step(
    "weather_choose",
    "Quick game: choose one weather for the entire game",
    legal=legal_weather_choice,
    refuse=refuse_weather_choice,
    apply=choose_weather,
    word="weather choice",
)
FOG = Step("fog", run=lay_fog_boards)
FOG_OPEN = Step(
    "fog_open",
    "Fog boards: three fog boards leave one random 3x3 quarter open",
    outcomes=open_quarters,
    apply=open_quarter,
    word="fog",
)


class DealArgs(NamedTuple):
    seat: int
    mercenary: bool  # a hired mercenary is dealt (else a basic token)


DEAL = Step(
    "deal",
    "Team game: the hired mercenaries are shuffled and shared out evenly, then the "
    "rest of each team's 18 tokens, 9 and 9",
    outcomes=deal_outcomes,
    apply=deal,
    Args=DealArgs,
)
TEAM_PILES = Step("team_piles", run=team_piles)


def told_opening(s: FoggyState, f: Frame, a: Action) -> str | None:
    """The others read nothing of each token taken, only that the hand is complete."""
    hand, pile = s.hands[f.seat], s.piles[f.seat]
    if len(hand) + 1 < HAND_SIZE and len(pile) > 1:
        return None
    return f"{s.seat_label(f.seat)} has chosen their opening hand ({len(hand) + 1} tokens)"


OPENING = Step(
    "opening",
    "Set-up: choose your opening hand: take 5 tokens from your pile, hidden from your opponent",
    legal=legal_opening,
    refuse=refuse_opening,
    apply=take_opening,
    secret=True,
    told=told_opening,
    word="opening hand",
)
ROUND_END = Step("round_end", run=end_round)
NEXT_ROUND = Step("next_round", run=next_round)

OPENING_BY = [OPENING(p) for p in SEATS]
