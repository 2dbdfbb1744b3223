"""Foggy Island positions in the rulebook's words (see ``docs/positions.md``).

A description names the tokens on the Island Map by tile (``b3 = "Blue rat"``,
``c4 = "Red wolf face down"``, a Hippo on both its tiles), each seat's hand, the
mercenaries each side hired and its coins, the rounds already scored, the weather card
and the quarters still open. The rest follows by conservation: each seat's pile holds
its side's tokens not in hand nor on the map (in the team variant split between the
team-mates, the first one's 9 first), the weather deck the cards not in play. Play
resumes at a step of a seat's turn (``turn = { seat = "Blue", at = "turn" }``): its
start, the removal of a fog board, the ability of the mercenary just placed on
``placed``, or the hiring between rounds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from lapilli.core.errors import MalformedInput
from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.state import Game

from .abilities import ability
from .board import ADJACENT, QUADRANTS, TILE_INDEX
from .components import (
    BASIC_PILE,
    HAND_SIZE,
    KINDS,
    MERCENARIES,
    PILE_SIZE,
    QUICK_COINS,
    SIDE_NAMES,
    WEATHER_DECK,
    WEATHERS,
    colour_of,
    in_order,
    pile_of,
)
from .hiring import BANK, hirers
from .round import NEXT_ROUND, ROUND, ROUND_END, new_game
from .state import FoggyState
from .turn import FOG_REMOVE, PLACED_BY, TURN_OF

TITLE = "Foggy Island"
AT = ("turn", "fog", "ability", "hire")
"""Where play may resume: the start of a seat's turn (Hippo, fog, Frog, then a token),
the removal of a fog board when the open area is full, the ability of the mercenary it
just placed (``placed``), or the hiring before a round (the game with mercenaries)."""


def build(game: Game, description: Mapping[str, Any]) -> FoggyState:
    """The position ``description`` describes (a dict, as read from TOML)."""
    desc = Description(description, "the position", TITLE)
    players = game.check_players(desc.take("players", int, game.default_players()))
    s = new_game(game, players)
    labels = [s.seat_label(p) for p in range(players)]
    seat, at = turn_of(desc, labels, dict.fromkeys(AT), "turn")
    hiring = at == "hire"
    if hiring and not s.opts.mercenaries:
        desc.fail("hiring is part of the game with mercenaries (mode = mercenaries)")
    data = s.to_json()
    points = desc.take("points", list, [])
    round_ = desc.count("round", len(points) + 1, 1, 99)
    if hiring and round_ != len(points) + 1:
        desc.fail(f"hiring comes before round {len(points) + 1}, after the rounds scored")
    # between rounds the position is still the round just scored (the next one begins
    # after the hiring); the quick game hires before its first round
    data.update(round=max(round_ - hiring, 1), points=points, stack=[])
    placed = desc.take("placed", str, "") if at == "ability" else ""
    board, hippo = _map(desc.part("map"), labels, placed)
    if hiring and board:
        desc.fail("the hiring comes between rounds: the map is empty (every token is back)")
    data["board"] = [board.get(t) for t in range(len(data["board"]))]
    data["hippo"] = hippo
    open_ = desc.names("open", QUADRANTS, "a quarter (NW, NE, SW, SE)") or list(QUADRANTS)
    data["open"] = [q in open_ for q in QUADRANTS]
    weather = desc.take("weather", str, data["weather"])
    if weather not in WEATHERS:
        desc.fail(f"the weather is one of {', '.join(WEATHERS)}, not {weather!r}")
    deck = Counter(WEATHER_DECK) - Counter([weather] if s.opts.weather else [])
    data.update(weather=weather, deck={"items": dict(deck)})
    tables = {seat_of(name, labels, TITLE): t for name, t in desc.part("seats").items()}
    hired: list[list[str]] = [[], []]
    coins = [0, 0]
    hands = []
    for p in range(players):
        part = Description(tables.get(p, {}), f"seats, {labels[p]}", TITLE)
        hired[p % 2] += part.names("hired", MERCENARIES, "a mercenary")
        coins[p % 2] += part.count("coins", 0, 0, 10**6)
        hand = part.names("hand", KINDS, "a token") if "hand" in part else None
        if hiring and hand:
            part.fail("the hiring comes before the opening hands are taken: no hand")
        hands.append([] if hiring else hand)
        part.done()
    desc.done()
    if hiring and not points and not any(coins):  # the quick game's coins up front
        coins = [QUICK_COINS, QUICK_COINS]
    for side in (0, 1):
        replaced = Counter(MERCENARIES[k].replaces for k in hired[side])
        if any(n > BASIC_PILE[k] for k, n in replaced.items()):
            desc.fail(f"{SIDE_NAMES[side]} hired more mercenaries than it had tokens to replace")
    data.update(hired=hired, coins=coins, pool=[{"items": {}} for _ in data["pool"]])
    _deal(s, data, hands, board)
    if hiring and s.opts.variant == "team":  # the team's 18 tokens wait for the deal
        data["pool"] = [{"items": dict(pile_of(data["hired"][side]))} for side in (0, 1)]
        data["piles"] = [{"items": {}} for _ in data["piles"]]
    state = FoggyState.from_json(game, data)
    if at == "turn":
        enter(state, TURN_OF[seat], ROUND_END(), turn_of=seat)
    else:
        enter(state, *_frames(state, desc, at, seat, placed))
    return state


def _frames(s: FoggyState, desc: Description, at: str, seat: int, placed: str) -> list[Any]:
    """The steps from ``at`` on, as the turn (or the hiring) would have them."""
    after_turn = [TURN_OF[(seat + 1) % s.players], ROUND_END()]
    who = s.seat_label(seat)
    if at == "fog":
        if all(s.open) or s.free_tiles():
            desc.fail("a fog board is removed only when the open area has no free tile")
        if seat in s.hippo:
            desc.fail(f"{who}'s Hippo lies on two tiles: it keeps one before any fog board goes")
        return [FOG_REMOVE(seat, normal=True), *after_turn]
    if at == "ability":
        tile = TILE_INDEX.get(placed.lower())
        token = s.board[tile] if tile is not None else None
        if tile is None or token is None or token.seat != seat or not token.face_up:
            desc.fail(f"placed names the tile of {who}'s face-up mercenary, not {placed!r}")
        first = ability(s, seat, tile, token.kind)
        if first is None:
            title = KINDS[token.kind].title
            desc.fail(f"the {title} on {placed} has nothing to act on here: no ability step")
        return [first, PLACED_BY[seat], *after_turn]
    order = hirers(s)  # the hiring: this seat's, and the other side's after it
    mine = [i for i, frame in enumerate(order) if frame.seat == seat]
    if not mine:
        desc.fail(f"{who} does not hire before this round (a team-mate hires for the team)")
    start = [BANK(), ROUND()] if not s.points else [NEXT_ROUND()]
    return [*order[mine[0] :], *start]


def _map(
    part: Description, labels: list[str], placed: str = ""
) -> tuple[dict[int, list[Any]], dict[str, list[int]]]:
    """Tokens by tile from ``b3 = "Blue rat face down"``; a seat's Hippo on two tiles
    (on one only when it was just ``placed`` and is yet to span its second)."""
    board: dict[int, list[Any]] = {}
    hippo: dict[str, list[int]] = {}
    for name, text in part.items():
        tile = TILE_INDEX.get(str(name).lower())
        words = str(text).split()
        if tile is None or len(words) < 2 or words[1] not in KINDS:
            part.fail(f'a token on the map is like b3 = "Blue rat", not {name} = {text!r}')
        face = " ".join(words[2:])
        if face not in ("", "face up", "face down"):
            part.fail(f"{name}: a token lies face up or face down, not {face!r}")
        seat = seat_of(words[0], labels, TITLE)
        kind = words[1]
        board[tile] = [kind, seat, face != "face down", colour_of(kind, seat % 2)]
        if kind == "hippo" and str(name).lower() != placed.lower():
            hippo.setdefault(str(seat), []).append(tile)
    if any(len(tiles) != 2 or tiles[1] not in ADJACENT[tiles[0]] for tiles in hippo.values()):
        part.fail("a Hippo lies on two tiles next to each other")
    return board, hippo


def _deal(
    s: FoggyState,
    data: dict[str, Any],
    hands: list[list[str] | None],
    board: dict[int, list[Any]],
) -> None:
    """Hands as given (else the first 5 of the pile, in data order), piles by
    conservation: each side's 18 tokens less those in hand and on the map."""
    hippos = {int(p) for p in data["hippo"]}
    for side in (0, 1):
        mates = s.side_seats(side)
        left = Counter(pile_of(data["hired"][side]))
        left.subtract(t[0] for t in board.values() if t[1] % 2 == side)
        left["hippo"] += sum(1 for p in mates if p in hippos)  # one token on two tiles
        for p in mates:
            hand = hands[p]
            if hand is None:
                hand = _tokens(left)[:HAND_SIZE]
                hands[p] = hand
            data["hands"][p] = {"items": dict(Counter(hand))}
            left.subtract(hand)
        short = sorted(k for k, n in left.items() if n < 0)
        if short:
            raise MalformedInput(
                f"{TITLE} position: {SIDE_NAMES[side]} has not that many "
                f"{', '.join(short)} tokens (hired mercenaries replace basic ones)"
            )
        for i, p in enumerate(mates):
            placed = sum(1 for t in board.values() if t[1] == p) - (p in hippos)
            room = PILE_SIZE // len(mates) - len(hands[p] or ()) - placed
            pile = _tokens(left) if i == len(mates) - 1 else _tokens(left)[: max(room, 0)]
            data["piles"][p] = {"items": dict(Counter(pile))}
            left.subtract(pile)


def _tokens(counts: Counter[str]) -> list[str]:
    """Tokens one by one, in the order of the data file."""
    return [k for k in in_order(+counts) for _ in range(counts[k])]
