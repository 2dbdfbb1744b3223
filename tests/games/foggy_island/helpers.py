"""Build Foggy Island positions directly, the way a rulebook example sets up a table."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.board import TILE_INDEX
from lapilli.games.foggy_island.tokens import MERCENARIES, colour_of


def new(players=2, **options):
    return FoggyIsland(**options).new_state(players)


def token(kind, seat, up=True):
    return (kind, seat, up, colour_of(kind, seat % 2))


def board_from(layout: dict[str, tuple]) -> list:
    """``{"a1": ("wolf", 0), "b1": ("rat", 1, False)}`` -> a 36-tile board."""
    board = [None] * 36
    for name, spec in layout.items():
        board[TILE_INDEX[name]] = token(*spec)
    return board


def position(layout=None, hands=None, to_move=0, weather="sunny", players=2, **options):
    """A position in the middle of a round, ``to_move`` about to choose a token.

    Hands default to 5 Wolves each; piles hold the rest of each side's 18 tokens.
    """
    s = new(players, **options)
    s.board = board_from(layout or {})
    s.weather = weather
    s.open = [True] * 4
    s.hands = [dict(h) for h in (hands or [{"wolf": 5}] * players)]
    # mercenaries in play were hired: each replaced its basic token in the side's pile
    for seat in range(players):
        placed = [t[0] for t in s.board if t is not None and t[1] == seat]
        held = [k for k, n in s.hands[seat].items() for _ in range(n)]
        for kind in placed + held:
            if kind in MERCENARIES and s.composition[seat % 2].get(kind, 0) < 2:
                comp = s.composition[seat % 2]
                comp[kind] = comp.get(kind, 0) + 1
                comp[MERCENARIES[kind].replaces] -= 1
    s.piles = []
    for seat in range(players):
        # the pile holds the rest of the side's 18 (tokens a test invents come from nowhere)
        pile = dict(s.composition[seat % 2]) if players == 2 else {}
        placed = [t[0] for t in s.board if t is not None and t[1] == seat]
        for kind in [k for k, n in s.hands[seat].items() for _ in range(n)] + placed:
            if pile.get(kind, 0) > 0:
                pile[kind] -= 1
                if not pile[kind]:
                    del pile[kind]
        s.piles.append(pile)
    s.pool = [{}, {}]
    s.phase = "choose"
    s.to_move = to_move
    s.turn_player = to_move
    s.ctx = {"normal": True}
    s.queue = []
    s._legal = None
    return s


def act(state, kind, **params):
    return state.apply(Action(kind, **params))


def play(state, token_kind, tile, face=None):
    """Choose and place one token (the ability steps, if any, are left to the test)."""
    if face:
        act(state, "choose", token=token_kind, face=face)
    else:
        act(state, "choose", token=token_kind)
    return act(state, "place", tile=tile)


def at(state, name):
    return state.board[TILE_INDEX[name]]


def play_randomly(state, rng, until=lambda s: s.is_terminal()):
    """Random legal play (draws sampled) until ``until(state)`` holds; returns the state."""
    while not until(state):
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
