"""Build Foggy Island positions directly, the way a rulebook example sets up a table."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, sample_chance
from lapilli.core.zones import Zone, seats_mask
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.board import TILE_INDEX
from lapilli.games.foggy_island.components import MERCENARIES, Token, colour_of
from lapilli.games.foggy_island.round import ROUND_END
from lapilli.games.foggy_island.turn import CHOOSE_BY, TURN_OF


def new(players=2, **options):
    return FoggyIsland(**options).new_state(players)


def token(kind, seat, up=True):
    return Token(kind, seat, up, colour_of(kind, seat % 2))


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
    s.hands = [Zone(h, seen=seats_mask(p)) for p, h in enumerate(hands or [{"wolf": 5}] * players)]
    # mercenaries in play were hired: each replaced its basic token in the side's pile
    for seat in range(players):
        placed = [t.kind for t in s.board if t is not None and t.seat == seat]
        held = s.hands[seat].hidden()
        for kind in placed + held:
            if kind in MERCENARIES and s.hired[seat % 2].count(kind) < 2:
                s.hired[seat % 2].append(kind)
    s.piles = []
    for seat in range(players):
        # the pile holds the rest of the side's 18 (tokens a test invents come from nowhere)
        pile = Zone(s.composition(seat % 2) if players == 2 else {}, seen=seats_mask(seat))
        placed = [t.kind for t in s.board if t is not None and t.seat == seat]
        for kind in s.hands[seat].hidden() + placed:
            if kind in pile:
                pile.take(kind)
        s.piles.append(pile)
    s.pool = [Zone(), Zone()] if players == 4 else []
    # ``to_move`` chooses a token in a normal turn; the next player's turn follows,
    # and the round's end waits under the turns
    s.stack = [ROUND_END(), TURN_OF[(to_move + 1) % players], CHOOSE_BY[to_move]]
    s.changed()
    return s


def start_turn(state, seat):
    """Start ``seat``'s normal turn afresh: the steps before placing come first."""
    state.stack = [ROUND_END(), TURN_OF[seat]]
    state.advance()


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
