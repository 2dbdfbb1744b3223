"""Foggy Island's turn flow: every step, in the order of play.

A game is rounds; a round is its set-up (weather, fog boards, the team deal, the opening
hands), then turns until the map is full, then scoring (and hiring, with mercenaries).
A turn is the steps before placing (the Hippo, a fog board, the Frog), choosing a
token, placing it, the placed mercenary's ability, and drawing. Automatic steps carry
out what nobody decides: starting a round, opening the fog, the next player's turn,
the end of a round.
"""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.flow import Step, Steps

from . import abilities, hiring, round, turn
from .components import KINDS, SEATS

# -- a round's set-up ---------------------------------------------------------------------


class WeatherArgs(NamedTuple):
    cards: tuple[str, ...]  # the weather cards drawn so far


ROUND = Step("round", run=round.begin_round)
WEATHER_DRAW = Step(
    "weather_draw",
    "Weather: the second player takes the 2 top cards of the weather deck",
    outcomes=round.weather_cards,
    apply=round.draw_weather,
    Args=WeatherArgs,
    word="weather draw",
)
WEATHER_KEEP = Step(
    "weather_keep",
    "Weather: keep one of the two cards drawn; the other goes to the bottom of the deck",
    legal=round.legal_weather,
    refuse=round.refuse_weather,
    apply=round.keep_weather,
    Args=WeatherArgs,
    word="weather",
)
WEATHER_CHOOSE = Step(
    "weather_choose",
    "Quick game: choose one weather for the entire game",
    legal=round.legal_weather_choice,
    refuse=round.refuse_weather_choice,
    apply=round.choose_weather,
    word="weather choice",
)
FOG = Step("fog", run=round.lay_fog_boards)
FOG_OPEN = Step(
    "fog_open",
    "Fog boards: three fog boards leave one random 3x3 quarter open",
    outcomes=round.open_quarters,
    apply=round.open_quarter,
    word="fog",
)


class SeatArgs(NamedTuple):
    seat: int


class DealArgs(NamedTuple):
    seat: int
    mercenary: bool  # a hired mercenary is dealt (else a basic token)


DEAL = Step(
    "deal",
    "Team game: the hired mercenaries are shuffled and shared out evenly, then the "
    "rest of each team's 18 tokens, 9 and 9",
    outcomes=round.deal_outcomes,
    apply=round.deal,
    Args=DealArgs,
)
TEAM_PILES = Step("team_piles", run=round.team_piles)
OPENING = Step(
    "opening",
    "Set-up: take 5 tokens from your pile, hidden from your opponent",
    legal=round.legal_opening,
    refuse=round.refuse_opening,
    apply=round.take_opening,
    secret=True,
    word="opening hand",
)

# -- a turn -------------------------------------------------------------------------------

TURN = Step("turn", run=turn.next_turn, Args=SeatArgs)
EXTRA = Step("extra", run=turn.extra_placement, Args=SeatArgs)
HIPPO_KEEP = Step(
    "hippo_keep",
    "Hippo: at the start of your turn, move the Hippo to one of the two tiles it occupies",
    legal=abilities.legal_hippo_keep,
    refuse=abilities.refuse_hippo_keep,
    apply=abilities.keep_hippo,
    word="hippo",
)


class FogArgs(NamedTuple):
    normal: bool  # a normal turn (not a Turtle's extra placement): the Frog may still move


FOG_REMOVE = Step(
    "fog_remove",
    "Fog: there are no free tiles, so remove any one of the fog boards",
    legal=turn.legal_fog_remove,
    refuse=turn.refuse_fog_remove,
    apply=turn.remove_fog,
    Args=FogArgs,
    word="remove a fog board",
)
FROG = Step(
    "frog",
    "Frog: you may move the Frog to an empty adjacent tile before placing (or pass)",
    legal=abilities.legal_frog,
    refuse=abilities.refuse_frog,
    apply=abilities.move_frog,
)
CHOOSE = Step(
    "choose",
    "Choose: pick a token from your hand",
    legal=turn.legal_choose,
    refuse=turn.refuse_choose,
    apply=turn.choose,
    secret=True,
)


class PlaceArgs(NamedTuple):
    token: str
    face_up: bool


PLACE = Step(
    "place",
    "Place: put the chosen token on any free tile",
    legal=turn.legal_place,
    refuse=turn.refuse_place,
    apply=turn.place,
    Args=PlaceArgs,
)

# -- the ability of a mercenary placed face up -------------------------------------------


class TileArgs(NamedTuple):
    tile: int  # where the mercenary was placed


HIPPO_SECOND = Step(
    "hippo_second",
    "Hippo: put it between two tiles: pick a free tile next to it",
    legal=abilities.legal_hippo_second,
    refuse=abilities.refuse_hippo_second,
    apply=abilities.span_hippo,
    Args=TileArgs,
    word="hippo",
)


class TargetArgs(NamedTuple):
    tile: int  # where the mercenary was placed
    token: str  # which mercenary: Fox, Snake, Mouses or Mole


TARGET = Step(
    "target",
    "Ability: pick the opponent's token the mercenary acts on",
    legal=abilities.legal_target,
    refuse=abilities.refuse_target,
    apply=abilities.target,
    Args=TargetArgs,
    word="ability",
)


class ReplaceArgs(NamedTuple):
    tile: int  # the token to change
    by: int  # the seat whose Fox or Snake forces the change


REPLACE = Step(
    "replace",
    "Fox/Snake: change your token on the map for any token from your hand",
    legal=abilities.legal_replace,
    refuse=abilities.refuse_replace,
    apply=abilities.replace,
    Args=ReplaceArgs,
    secret=True,
)
PRAIRIE_FIRST = Step(
    "prairie_first",
    "Prairie Dog: you may swap two tokens on adjacent tiles: pick the first (or pass)",
    legal=abilities.legal_prairie_first,
    refuse=abilities.refuse_prairie_first,
    apply=abilities.prairie_first,
    Args=TileArgs,
    word="prairie dog",
)


class SwapArgs(NamedTuple):
    tile: int  # where the Prairie Dog was placed
    first: int  # the first token picked


PRAIRIE_SECOND = Step(
    "prairie_second",
    "Prairie Dog: pick the second token to swap, on a tile next to it",
    legal=abilities.legal_prairie_second,
    refuse=abilities.refuse_prairie_second,
    apply=abilities.prairie_second,
    Args=SwapArgs,
    word="prairie dog",
)

# -- after placing --------------------------------------------------------------------------

DRAW = Step(
    "draw",
    "Draw: take one token from the top of your pile",
    outcomes=turn.draw_outcomes,
    apply=turn.draw,
    Args=SeatArgs,
)

# -- the end of a round ---------------------------------------------------------------------

ROUND_END = Step("round_end", run=round.end_round)
HIRE = Step(
    "hire",
    "Hiring: hire a mercenary, paying its cost and exchanging its basic token (or done)",
    legal=hiring.legal_hire,
    refuse=hiring.refuse_hire,
    apply=hiring.hire,
)
BANK = Step("bank", run=hiring.return_coins)
NEXT_ROUND = Step("next_round", run=round.next_round)

STEPS = Steps(
    ROUND,
    WEATHER_DRAW,
    WEATHER_KEEP,
    WEATHER_CHOOSE,
    FOG,
    FOG_OPEN,
    DEAL,
    TEAM_PILES,
    OPENING,
    TURN,
    EXTRA,
    HIPPO_KEEP,
    FOG_REMOVE,
    FROG,
    CHOOSE,
    PLACE,
    HIPPO_SECOND,
    TARGET,
    REPLACE,
    PRAIRIE_FIRST,
    PRAIRIE_SECOND,
    DRAW,
    ROUND_END,
    HIRE,
    BANK,
    NEXT_ROUND,
)

# The frames of every turn, built once: a turn allocates none of them.
OPENING_BY = [OPENING(p) for p in SEATS]
TURN_OF = [TURN(seat=p) for p in SEATS]
CHOOSE_BY = [CHOOSE(p) for p in SEATS]
DRAW_FOR = [DRAW(seat=p) for p in SEATS]
HIRE_BY = [HIRE(p) for p in SEATS]
PLACE_AS = {
    (p, kind, up): PLACE(p, token=kind, face_up=up)
    for p in SEATS
    for kind in KINDS
    for up in (True, False)
}
