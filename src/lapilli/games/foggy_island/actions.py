"""Every Foggy Island action, built once (interned) so legal_actions allocates nothing."""

from __future__ import annotations

from lapilli.core.actions import Action

from .board import QUADRANTS, TILE_NAMES
from .components import KINDS, MERCENARIES, WEATHERS

TAKE = {k: Action("take", token=k) for k in KINDS}
"""Choose a token for your opening hand."""
CHOOSE = {k: Action("choose", token=k) for k in KINDS}
"""Choose the token to place (face up, or face down in Foggy weather for basic tokens)."""
CHOOSE_DOWN = {k: Action("choose", token=k, face="down") for k in MERCENARIES}
"""In Foggy weather, a mercenary placed face down (its ability ignored)."""
PLACE = [Action("place", tile=name) for name in TILE_NAMES]
HIPPO_SECOND = [Action("hippo", tile=name) for name in TILE_NAMES]
HIPPO_KEEP = [Action("keep_hippo", tile=name) for name in TILE_NAMES]
FROG = [Action("move_frog", tile=name) for name in TILE_NAMES]
TARGET = [Action("target", tile=name) for name in TILE_NAMES]
REPLACE = {k: Action("replace", token=k) for k in KINDS}
REMOVE_FOG = [Action("remove_fog", board=q) for q in QUADRANTS]
KEEP_WEATHER = {w: Action("keep_weather", card=w) for w in WEATHERS}
CHOOSE_WEATHER = {w: Action("choose_weather", card=w) for w in WEATHERS}
"""Quick variant: the weather for the whole game."""
HIRE = {k: Action("hire", mercenary=k) for k in MERCENARIES}
PASS = Action("pass")
DONE = Action("done")

# chance outcomes
DRAW = {k: Action("draw", token=k) for k in KINDS}
DEAL = {k: Action("deal", token=k) for k in KINDS}
WEATHER_CARD = {w: Action("weather", card=w) for w in WEATHERS}
OPEN_FOG = [Action("open", board=q) for q in QUADRANTS]

CHOSEN = {
    **{a: (k, False) for k, a in CHOOSE.items()},
    **{a: (k, True) for k, a in CHOOSE_DOWN.items()},
}
"""A choice: the token, and whether it goes face down by choice."""
TILE_OF = {
    a: t for table in (PLACE, HIPPO_SECOND, HIPPO_KEEP, FROG, TARGET) for t, a in enumerate(table)
}
"""The tile (an index) of every action naming one."""
TOKEN_OF = {a: k for table in (TAKE, REPLACE, DRAW, DEAL) for k, a in table.items()}
"""The token of every action taking, drawing or dealing one."""
