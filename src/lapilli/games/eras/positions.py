"""A position described in the rulebook's words, for tests, puzzles and set-ups.

Only what matters is named; the rest follows by conservation: era cards not in a path,
a hand, the discards or face up are in the pack; start cards are dealt 1, 2, 3, ... in
seat order unless given; pieces stand on ``SM`` unless given. Sites are written in board
notation (``SM``, ``3L``) and cones as ``"Blue 2R"`` (on Blue's path, card 2, lane R).

``at`` names where play resumes in the turn of ``turn``: ``"turn"`` (its start),
``"play"``, ``"roll"``, ``"choose"`` or ``"move"`` (the end of a turn is no step to
show: it passes the turn at once).

``build(game, description)`` reads the same from a description (a dict, or TOML: see
``docs/positions.md``): per seat (by colour) its path, piece, cone, tokens, hand and
start card; the discard pile and the face-up card; cards by name ("Fish #2") or id
("fish-2").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lapilli.core.errors import MalformedInput
from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.registry import load_game
from lapilli.core.state import Game
from lapilli.core.zones import Zone

from .bidding import CHOOSE
from .components import CARD_IDS, CARDS, LANES, START_NUMBERS, THUNDERBOLTS, TOKENS
from .deck import FACE_UP, draw
from .movement import START_MOVING
from .placement import PLAY
from .state import ErasState
from .text import COLOURS
from .turn import END_TURN, ROLL, TURN


def parse_site(text: str) -> tuple[int, int]:
    """``"3L"`` -> (3, 0); ``"SM"`` -> (0, 1)."""
    text = text.strip().upper()
    position, lane = text[:-1], text[-1:]
    if lane not in LANES or not (position == "S" or position.isdigit()):
        raise MalformedInput(f"a site is written like SM or 3L, not {text!r}")
    return (0 if position == "S" else int(position)), LANES.index(lane)


def _seat(name: str) -> int:
    if name.title() not in COLOURS:
        raise MalformedInput(f"no player is called {name!r} ({', '.join(COLOURS)})")
    return COLOURS.index(name.title())


def position(
    players: int = 2,
    *,
    paths: dict[int, list[str]] | None = None,
    pieces: dict[int, str] | None = None,
    cones: dict[int, str] | None = None,
    tokens: dict[int, int] | None = None,
    hands: dict[int, list[str]] | None = None,
    discard: Sequence[str] = (),
    offer: str | None = None,
    start: dict[int, int] | None = None,
    turn: int = 0,
    at: str = "turn",
    game: Game | None = None,
) -> ErasState:
    """Build a validated position; ``at`` says which part of ``turn``'s turn comes next."""
    game = game or load_game("eras", up_to_six=players > 4)
    paths = paths or {}
    hands = hands or {}
    used = {c for cards in [*paths.values(), *hands.values(), discard] for c in cards}
    used |= {offer} if offer else set()
    starts = [(start or {}).get(seat, START_NUMBERS[seat]) for seat in range(players)]
    cone_list: list[list[Any] | None] = [None] * players
    for seat, where in (cones or {}).items():
        if len(where.split()) != 2:
            raise MalformedInput(f'a cone is written like "Red 2R" (a path, a site), not {where!r}')
        owner, site = where.split()
        q = _seat(owner)
        p, lane = parse_site(site)
        if not 1 <= p <= len(paths.get(q, [])):
            raise MalformedInput(f"cone {where!r}: no era card {p} on that path")
        cone_list[seat] = [q, paths[q][p - 1], lane]
    data = {
        "players": players,
        "start": starts,
        "start_deck": {"items": {str(k): 1 for k in START_NUMBERS if k not in starts}},
        "era_deck": {"items": {c: 1 for c in CARD_IDS if c not in used}},
        "discard": {"items": {c: 1 for c in discard}},
        "offer": offer,
        "thunder_deck": Zone(THUNDERBOLTS).to_json(),
        "hands": [sorted(hands.get(seat, [])) for seat in range(players)],
        "paths": [list(paths.get(seat, [])) for seat in range(players)],
        "pieces": [list(parse_site((pieces or {}).get(seat, "SM"))) for seat in range(players)],
        "cones": cone_list,
        "tokens": [(tokens or {}).get(seat, _tokens(game)) for seat in range(players)],
        "bids": [None] * players,
        "first": 0,
        "turn": turn,
        "turns": 1,
        "candidate": None,
        "die": None,
        "thunderbolt": None,
        "winner": None,
        "stack": [],
    }
    s = ErasState.from_json(game, data)
    # the start of the turn may pass a part with no choice (no card to play)
    enter(s, *rest_of_turn(turn, at)[::-1], turn_of=turn if at == "turn" else None)
    return s


AT = ("turn", "play", "roll", "choose", "move")
CARD_WORDS = {**{c: c for c in CARD_IDS}, **{CARDS[c].name.lower(): c for c in CARD_IDS}}


def _tokens(game: Game) -> int:
    """The tokens a player starts with in this game (its ``tokens`` option)."""
    tokens: int = getattr(game.options, "tokens", TOKENS)
    return tokens


def build(game: Game, description: Any) -> ErasState:
    """The position ``description`` describes (see the module's docstring)."""
    desc = Description(description, "the position", "Eras")
    players = game.check_players(desc.take("players", int, game.default_players()))
    labels = list(COLOURS[:players])
    turn, at = turn_of(desc, labels, dict.fromkeys(AT), "turn")
    kw: dict[str, dict[int, Any]] = {k: {} for k in ("paths", "pieces", "cones", "tokens")}
    kw.update(hands={}, start={})
    for name, table in desc.part("seats").items():
        seat = seat_of(name, labels, "Eras")
        part = Description(table, f"seats, {labels[seat]}", "Eras")
        kw["paths"][seat] = _cards(part.take("path", list, []), part)
        kw["hands"][seat] = _cards(part.take("hand", list, []), part)
        for key, field in (("piece", "pieces"), ("cone", "cones")):
            if key in part:
                kw[field][seat] = part.take(key, str)
        if "tokens" in part:
            kw["tokens"][seat] = part.count("tokens", _tokens(game), 0, _tokens(game))
        if "start" in part:
            kw["start"][seat] = part.count("start", 1, min(START_NUMBERS), max(START_NUMBERS))
        part.done()
    discard = _cards(desc.take("discard", list, []), desc)
    offer = desc.take("offer", str, None)
    desc.done()
    return position(
        players,
        **kw,
        discard=discard,
        offer=_cards([offer], desc)[0] if offer else None,
        turn=turn,
        at=at,
        game=game,
    )


def _cards(names: list[Any], desc: Description) -> list[str]:
    cards = [CARD_WORDS.get(str(name).lower()) for name in names]
    for name, card in zip(names, cards, strict=True):
        if card is None:
            desc.fail(f'{name!r} is not an era card (like "Fish #2" or fish-2)')
    return cards  # type: ignore[return-value]


def rest_of_turn(seat: int, at: str) -> list[Any]:
    """The frames of ``seat``'s turn from the named part on (the top last)."""
    if at == "turn":
        return [TURN(seat=seat)]  # the start of the turn pushes the rest
    parts = {
        "play": [PLAY(seat)],
        "roll": [ROLL(seat=seat), draw(FACE_UP)],
        "choose": [CHOOSE(seat)],
        "move": [START_MOVING(seat=seat)],
    }
    if at not in parts:
        raise MalformedInput(f"a turn resumes at one of turn, {', '.join(parts)}, not {at!r}")
    names = list(parts)
    frames = [frame for name in names[names.index(at) :] for frame in parts[name]]
    return [*frames, END_TURN(seat=seat)][::-1]
