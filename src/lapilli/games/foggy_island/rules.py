"""Foggy Island: two clans fill a 6x6 island with tokens, building lines of 3 or more.

The state reads top-down in the order of play: a round's set-up (weather, fog,
dealing, opening hands), a turn (fog board, Hippo, Frog, choose, place, ability,
draw), the end of a round (scoring, coins, hiring) and the end of the game.

Seats and sides: with 2 players seat 0 is red (side 0) and seat 1 blue (side 1). In
the team variant seats 0 and 2 are red and 1 and 3 blue, so team-mates never play one
after the other. Coins, hired mercenaries and the 18-token pile belong to a side.
"""

from __future__ import annotations

import random
from typing import Any

from lapilli.core import bag
from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE, TERMINAL, Event, Game, State

from . import actions as A
from .board import ADJACENT, QUADRANT_OF, QUADRANTS, TILE_INDEX, TILE_NAMES, TILES
from .options import FoggyOptions
from .scoring import scored_lines
from .tokens import (
    BASIC_PILE,
    DATA,
    HAND_SIZE,
    KINDS,
    MERCENARIES,
    WHITE,
    colour_of,
    in_order,
    is_white,
    total_hire_cost,
)

SIDE_NAMES = ("Red", "Blue")

Token = tuple[str, int, bool, int]
"""A token on the map: (kind, seat that placed it, face up, colour of the line it builds)."""


class FoggyIsland(Game):
    id = "foggy_island"
    title = "Foggy Island"
    min_players = 2
    max_players = 4
    version = "1"
    Options = FoggyOptions
    players_text = "2 (4 in the team variant)"
    summary = (
        "Place your tokens on the 6x6 island to build lines of 3 or more (across, down or "
        "diagonal) in your colour, and block your opponent's. Rats are spies: they build "
        "your opponent's lines. Rabbits are white and break lines. A Pig doubles a line. "
        "Lines score 3:1, 4:2, 5:4, 6:6. Two rounds; the second player starts round 2. "
        "With weather cards, Cloudy and Foggy weather hide three quarters of the island "
        "under fog boards (Foggy: tokens face down). With mercenaries, points become "
        "coins that hire special tokens between the 4 rounds."
    )

    def player_counts(self) -> range:
        return range(4, 5) if self.options.variant == "team" else range(2, 3)

    def default_players(self) -> int:
        return 4 if self.options.variant == "team" else 2

    def new_state(self, players: int | None = None) -> FoggyState:
        return FoggyState.start(self, self.check_players(players))

    def state_from_json(self, data: Any) -> FoggyState:
        return FoggyState.from_json(self, data)

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"mode": "weather"}, 2),
            ({"mode": "mercenaries"}, 2),
            ({"mode": "mercenaries", "face_up_mercenaries": False}, 2),
            ({"variant": "quick"}, 2),
            ({"variant": "team"}, 4),
        ]


class FoggyState(State):
    __slots__ = (
        "game",
        "opts",
        "n",
        "round",
        "rounds",
        "extra_rounds",
        "first",
        "turn_player",
        "phase",
        "to_move",
        "board",
        "open",
        "hands",
        "piles",
        "pool",
        "composition",
        "hired",
        "coins",
        "points",
        "weather",
        "deck",
        "deck_bottom",
        "offered",
        "hippo",
        "pending",
        "ctx",
        "queue",
        "result",
        "_legal",
        "_log",
    )
    game: FoggyIsland
    opts: FoggyOptions
    n: int  # players
    round: int  # 1-based
    rounds: int  # rounds to play (grows by one per tie-break round)
    extra_rounds: int  # tie-break rounds played so far
    first: int  # the seat that starts this round
    turn_player: int  # whose normal turn it is (Turtle's extra placements come between)
    phase: str  # the decision being taken (see _PHASES)
    to_move: int  # a seat, CHANCE or TERMINAL
    board: list[Token | None]  # 36 tiles, a1..f6 row by row
    open: list[bool]  # per quarter NW, NE, SW, SE: not under a fog board
    hands: list[dict[str, int]]  # per seat
    piles: list[dict[str, int]]  # per seat, face down
    pool: list[dict[str, int]]  # per side: the team variant's tokens before the deal
    composition: list[dict[str, int]]  # per side: its 18 tokens, hired mercenaries included
    hired: list[list[str]]  # per side
    coins: list[int]  # per side
    points: list[list[int]]  # per round: [red, blue]
    weather: str  # the active weather card
    deck: dict[str, int]  # the weather cards never seen (shuffled, face down)
    deck_bottom: list[str]  # cards put under the deck, in order (top first)
    offered: list[str]  # the two weather cards drawn, before one is kept
    hippo: dict[int, tuple[int, int]]  # seat -> the two tiles of its Hippo
    pending: list[int]  # seats owed an extra placement (Turtle)
    ctx: dict[str, Any]  # the turn in progress: chosen token, ability target, ...
    queue: list[int]  # seats still to act in this step (opening, hiring, deal, draw)
    result: int | None  # winning side, or -1 for a draw, once over
    _legal: list[Action] | None
    _log: list[Event]

    # ------------------------------------------------------------------ set-up
    @classmethod
    def start(cls, game: FoggyIsland, players: int) -> FoggyState:
        s = cls.__new__(cls)
        s.game = game
        s.opts = game.options
        s.n = players
        s.round = 1
        s.rounds = 4 if s.opts.mercenaries and s.opts.variant != "quick" else 2
        s.extra_rounds = 0
        s.first = 0
        s.turn_player = 0
        s.phase = ""
        s.to_move = CHANCE
        s.board = [None] * 36
        s.open = [True] * 4
        s.hands = [{} for _ in range(players)]
        s.piles = [{} for _ in range(players)]
        s.pool = [{}, {}]
        s.composition = [dict(BASIC_PILE), dict(BASIC_PILE)]
        s.hired = [[], []]
        s.coins = [0, 0]
        s.points = []
        s.weather = "sunny"
        s.deck = dict(DATA["weather_deck"])
        s.deck_bottom = []
        s.offered = []
        s.hippo = {}
        s.pending = []
        s.ctx = {}
        s.queue = []
        s.result = None
        s._legal = None
        s._collect()
        if s.opts.variant == "quick":
            # Quick variant: 80 coins each to hire with before the first round
            s.coins = [DATA["variants"]["quick_coins"]] * 2
            s._begin_hiring()
        else:
            s._begin_round()
        return s

    @property
    def num_players(self) -> int:
        return self.n

    def side(self, seat: int) -> int:
        return seat % 2

    def side_seats(self, side: int) -> list[int]:
        return [p for p in range(self.n) if p % 2 == side]

    def second_player(self) -> int:
        return (self.first + 1) % self.n

    def _collect(self) -> None:
        """Everyone takes their tokens off the map and forms their pile again."""
        self.board = [None] * 36
        self.hippo = {}
        self.pending = []
        self.hands = [{} for _ in range(self.n)]
        if self.n == 4:
            # Team variant: each team's 18 tokens are shuffled, to be split 9 and 9
            self.piles = [{} for _ in range(self.n)]
            self.pool = [dict(self.composition[0]), dict(self.composition[1])]
        else:
            self.piles = [dict(self.composition[seat]) for seat in range(self.n)]

    def _store(self, side: int) -> dict[str, int]:
        """Where a side's tokens wait between rounds: its pile (or its team's pool)."""
        return self.pool[side] if self.n == 4 else self.piles[side]

    def _begin_round(self) -> None:
        """Weather, fog, the team deal, then everyone picks 5 tokens."""
        self.turn_player = self.first
        draw_weather = self.opts.weather and (self.opts.variant != "quick" or self.round == 1)
        if draw_weather:
            if self.round > 1:
                # the card of the last round goes to the bottom of the weather deck
                self.deck_bottom.append(self.weather)
            self.offered = []
            self._set(CHANCE, "weather_draw")
        else:
            self._after_weather()

    def _after_weather(self) -> None:
        if self.weather == "sunny":
            self.open = [True] * 4
            self._after_fog()
        else:
            # Cloudy and Foggy: three fog boards leave one random 3x3 quarter open
            self.open = [False] * 4
            self._set(CHANCE, "fog_open")

    def _after_fog(self) -> None:
        if self.n == 4:
            # deal 9 to the first of each team; the other 9 are the team-mate's
            self.queue = [0] * 9 + [1] * 9
            self._set(CHANCE, "deal")
        else:
            self._begin_opening()

    def _begin_opening(self) -> None:
        """Each player chooses their 5 tokens (hidden), in turn order."""
        self.queue = [(self.first + i) % self.n for i in range(self.n)]
        self._set(self.queue.pop(0), "opening")

    def _set(self, to_move: int, phase: str) -> None:
        self.to_move = to_move
        self.phase = phase

    # ------------------------------------------------------------------ a turn
    def _start_turn(self, seat: int, normal: bool) -> None:
        """A placement is owed by ``seat`` (its normal turn, or a Turtle's extra one)."""
        if not self.hands[seat]:
            if not any(self.hands):
                self._end_round()
            else:
                self._next_turn()
            return
        self.ctx = {"normal": normal}
        self.to_move = seat
        self._turn_steps()

    def _turn_steps(self) -> None:
        """The steps before placing, each only when it applies."""
        seat = self.to_move
        normal = self.ctx["normal"]
        if normal and seat in self.hippo and "hippo_done" not in self.ctx:
            self.phase = "hippo_keep"
        elif not self.free_tiles() and not all(self.open):
            self.phase = "fog_remove"
        elif normal and "frog_done" not in self.ctx and self._frog_moves(seat):
            self.phase = "frog"
        else:
            self.phase = "choose"

    def free_tiles(self) -> list[int]:
        board, open_ = self.board, self.open
        return [t for t in TILES if board[t] is None and open_[QUADRANT_OF[t]]]

    def _frog_tile(self, seat: int) -> int | None:
        for t in TILES:
            token = self.board[t]
            if token is not None and token[0] == "frog" and token[1] == seat and token[2]:
                return t
        return None

    def _frog_moves(self, seat: int) -> list[int]:
        tile = self._frog_tile(seat)
        if tile is None:
            return []
        return [t for t in ADJACENT[tile] if self.board[t] is None and self.open[QUADRANT_OF[t]]]

    def _face_up_allowed(self, kind: str) -> bool:
        if self.weather != "foggy":
            return True
        return KINDS[kind].mercenary and self.opts.face_up_mercenaries

    def _place(self, seat: int, tile: int, kind: str, up: bool) -> list[Event]:
        side = self.side(seat)
        bag.take(self.hands[seat], kind)
        token = (kind, seat, up, colour_of(kind, side))
        self.board[tile] = token
        events: list[Event] = [
            {
                "type": "placed",
                "seat": seat,
                "tile": TILE_NAMES[tile],
                "token": kind if up else None,
                "face_up": up,
            }
        ]
        # Chameleon: takes the colour of a token placed next to it (a face-down token
        # shows only its shield, so the Chameleon takes its owner's colour)
        shown = token[3] if up else side
        if shown != WHITE:
            for t in ADJACENT[tile]:
                other = self.board[t]
                if other is not None and other[0] == "chameleon" and other[2] and other[3] != shown:
                    self.board[t] = (other[0], other[1], other[2], shown)
                    events.append({"type": "chameleon", "tile": TILE_NAMES[t], "colour": shown})
        return events

    def _ability(self, seat: int, tile: int, kind: str) -> None:
        """A face-up mercenary's ability, right after it is placed."""
        self.ctx = {"normal": self.ctx["normal"], "tile": tile, "kind": kind}
        if kind == "hippo" and self._hippo_second_tiles(tile):
            self.phase = "hippo_second"
        elif kind in ("fox", "snake", "mouses", "mole") and self._target_tiles(kind, tile, seat):
            self.phase = "target"
        elif kind == "prairie_dog" and len(self._movable_next_to(tile)) >= 2:
            self.phase = "prairie_first"
        else:
            if kind == "turtle":
                # Turtle: you, then your opponent, each place one extra token at once
                self.pending[:0] = [seat, (seat + 1) % self.n]
            self._end_placement(seat)

    def _movable(self, tile: int) -> bool:
        """Abilities move only face-up, coloured tokens (white ones are neutral)."""
        token = self.board[tile]
        return token is not None and token[2] and not is_white(token[0])

    def _movable_next_to(self, tile: int) -> list[int]:
        return [t for t in ADJACENT[tile] if self._movable(t)]

    def _adjacent_targets(self, tile: int, seat: int) -> list[int]:
        """Opponent tokens next to ``tile`` (Mouses, Mole and Fox act on these)."""
        enemy = 1 - self.side(seat)
        return [t for t in self._movable_next_to(tile) if self.board[t][1] % 2 == enemy]

    def _target_tiles(self, kind: str, tile: int, seat: int) -> list[int]:
        if kind in ("mouses", "mole"):
            return self._adjacent_targets(tile, seat)
        # Fox (next to it) and Snake (anywhere): the token's owner swaps it from their hand
        enemy = 1 - self.side(seat)
        tiles = (
            self._adjacent_targets(tile, seat)
            if kind == "fox"
            else [t for t in TILES if self._movable(t) and self.board[t][1] % 2 == enemy]
        )
        return [t for t in tiles if self.hands[self.board[t][1]]]

    def _hippo_second_tiles(self, tile: int) -> list[int]:
        return [t for t in ADJACENT[tile] if self.board[t] is None and self.open[QUADRANT_OF[t]]]

    def _end_placement(self, seat: int) -> None:
        """After a placement and its ability: the round ends on a full map, else draw."""
        self.ctx = {}
        if all(token is not None for token in self.board):
            self._end_round()
        elif self.piles[seat]:
            self.queue = [seat]
            self._set(CHANCE, "draw")
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        if self.pending:
            self._start_turn(self.pending.pop(0), normal=False)
        else:
            self.turn_player = (self.turn_player + 1) % self.n
            self._start_turn(self.turn_player, normal=True)

    # ------------------------------------------------------------------ end of a round
    def _end_round(self) -> None:
        lines = scored_lines(self.board)
        points = [sum(line.points for line in lines if line.side == side) for side in (0, 1)]
        self.points.append(points)
        self._log.append(
            {
                "type": "round_scored",
                "round": self.round,
                "points": points,
                "lines": [
                    {
                        "side": line.side,
                        "tiles": [TILE_NAMES[t] for t in line.tiles],
                        "points": line.points,
                    }
                    for line in lines
                ],
                "board": [list(t) if t else None for t in self.board],
                "reveal": True,  # every face-down token is turned up for scoring
            }
        )
        if self.opts.mercenaries:
            # coins equal to the victory points
            self.coins = [self.coins[0] + points[0], self.coins[1] + points[1]]
        self.ctx = {"scored": points}
        if self.round < self.rounds:
            self._between_rounds()
            return
        winner = self._decide()
        if (
            winner is None
            and self.opts.mercenaries
            and self.extra_rounds < DATA["variants"]["extra_rounds"]
        ):
            # still a tie: play an additional round
            self.extra_rounds += 1
            self.rounds += 1
            self._between_rounds()
            return
        self.result = winner if winner is not None else -1
        self._set(TERMINAL, "over")

    def _between_rounds(self) -> None:
        self._collect()
        if self.opts.mercenaries:
            self._begin_hiring()
        else:
            self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        self.first = (self.first + 1) % self.n  # the second player becomes first
        self._begin_round()

    def _begin_hiring(self) -> None:
        """Each side's hirer, the next round's first player's side first."""
        starter = (self.first + 1) % self.n if self.points else self.first
        order = [self.side(starter), 1 - self.side(starter)]
        # in the team variant the team-mates take turns at being the one who hires
        self.queue = [self.side_seats(side)[(self.round - 1) % (self.n // 2)] for side in order]
        self._set(self.queue.pop(0), "hire")

    def _hireable(self, side: int) -> list[str]:
        coins, comp = self.coins[side], self.composition[side]
        hired = self.hired[side]
        return [
            k
            for k, kind in MERCENARIES.items()
            if hired.count(k) < kind.count and kind.cost <= coins and kind.replaces in comp
        ]

    def _after_hiring(self) -> None:
        if not self.points:
            # Quick variant: unspent coins go back to the bank before round 1
            self.coins = [0, 0]
            self._begin_round()
        else:
            self._next_round()

    def totals(self) -> list[int]:
        """Victory points of each side over all rounds so far."""
        return [sum(p[0] for p in self.points), sum(p[1] for p in self.points)]

    def _decide(self) -> int | None:
        """The winning side, or None on a tie the rules cannot break (yet)."""
        tally = self.coins if self.opts.mercenaries else self.totals()
        if tally[0] != tally[1]:
            return 0 if tally[0] > tally[1] else 1
        if self.opts.mercenaries:
            spent = [total_hire_cost(self.hired[0]), total_hire_cost(self.hired[1])]
            if spent[0] != spent[1]:
                return 0 if spent[0] > spent[1] else 1
        return None

    # ------------------------------------------------------------------ contract
    def current_player(self) -> int:
        return self.to_move

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if self.to_move != CHANCE:
            return []
        if phase == "draw":
            return _draws(A.DRAW, self.piles[self.queue[0]])
        if phase == "deal":
            side = self.side(self.queue[0])
            return _draws(A.DEAL, self.pool[side])
        if phase == "weather_draw":
            if not self.deck:
                return [(A.WEATHER_CARD[self.deck_bottom[0]], 1.0)]
            return _draws(A.WEATHER_CARD, self.deck)
        if phase == "fog_open":
            return [(a, 0.25) for a in A.OPEN_FOG]
        return []

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        seat, phase = self.to_move, self.phase
        if seat < 0:
            return []
        if phase == "choose":
            out = []
            for k in in_order(self.hands[seat]):
                out.append(A.CHOOSE[k])
                if self.weather == "foggy" and k in A.CHOOSE_DOWN and self._face_up_allowed(k):
                    out.append(A.CHOOSE_DOWN[k])  # a mercenary may also go face down
            return out
        if phase == "place":
            return [A.PLACE[t] for t in self.free_tiles()]
        if phase == "opening":
            return [A.TAKE[k] for k in in_order(self.piles[seat])]
        if phase == "fog_remove":
            return [A.REMOVE_FOG[q] for q in range(4) if not self.open[q]]
        if phase == "hippo_keep":
            return [A.HIPPO_KEEP[t] for t in self.hippo[seat]]
        if phase == "frog":
            return [A.FROG[t] for t in self._frog_moves(seat)] + [A.PASS]
        if phase == "hippo_second":
            return [A.HIPPO_SECOND[t] for t in self._hippo_second_tiles(self.ctx["tile"])]
        if phase == "target":
            return [
                A.TARGET[t] for t in self._target_tiles(self.ctx["kind"], self.ctx["tile"], seat)
            ]
        if phase == "replace":
            return [A.REPLACE[k] for k in in_order(self.hands[seat])]
        if phase == "prairie_first":
            return [A.TARGET[t] for t in self._movable_next_to(self.ctx["tile"])] + [A.PASS]
        if phase == "prairie_second":
            first = self.ctx["first"]
            return [A.TARGET[t] for t in self._movable_next_to(self.ctx["tile"]) if t != first]
        if phase == "weather_keep":
            return [A.KEEP_WEATHER[w] for w in dict.fromkeys(self.offered)]
        if phase == "hire":
            return [A.HIRE[k] for k in self._hireable(self.side(seat))] + [A.DONE]
        return []

    def illegal_reason(self, action: Action) -> str:
        if self.to_move == CHANCE:
            return f"{action} is not a possible outcome now (the game is resolving a {self.phase})"
        kind = action.kind
        expected = {
            "opening": "take: choose the tokens of your opening hand from your pile",
            "choose": "choose: pick a token from your hand",
            "place": "place: put the chosen token on a free tile",
            "fog_remove": "fog: the open area is full, so remove one fog board",
            "hippo_keep": "Hippo: at the start of your turn move the Hippo to one of its two tiles",
            "frog": "Frog: move the Frog to an empty adjacent tile, or pass",
            "hippo_second": "Hippo: lay it across a second free tile next to the first",
            "target": "ability: pick one of the tokens the mercenary acts on",
            "replace": "replace: swap the picked token for one from your hand",
            "prairie_first": "Prairie Dog: pick a token next to it, or pass",
            "prairie_second": "Prairie Dog: pick a second token next to it",
            "weather_keep": "weather: keep one of the two cards drawn",
            "hire": "hire: hire a mercenary you can afford, or done",
        }.get(self.phase, "")
        who = self.seat_label(self.to_move)
        if kind == "place":
            tile = TILE_INDEX.get(action.arg("tile"), -1)
            if tile >= 0 and self.phase == "place":
                if self.board[tile] is not None:
                    return f"the tile {TILE_NAMES[tile]} is taken: a token goes on a free tile"
                if not self.open[QUADRANT_OF[tile]]:
                    return f"the tile {TILE_NAMES[tile]} is under a fog board: only the open area is available"
        if kind in ("choose", "take", "replace") and self.phase in ("choose", "opening", "replace"):
            token = action.arg("token")
            if action.arg("face") == "down" and self.weather != "foggy":
                return "tokens go face down only in Foggy weather"
            where = "pile" if self.phase == "opening" else "hand"
            return f"you have no {token} in your {where}"
        if kind == "hire" and self.phase == "hire":
            merc = action.arg("mercenary")
            info = MERCENARIES.get(merc)
            side = self.side(self.to_move)
            if info is None:
                return f"{merc} is not a mercenary"
            if self.hired[side].count(merc) >= info.count:
                return f"your side has already hired every {info.title}"
            if info.cost > self.coins[side]:
                return f"the {info.title} costs {info.cost} coins; your side has {self.coins[side]}"
            return f"the {info.title} must replace a {info.replaces} and your pile has none left"
        return f"{action} is not allowed now. {who} must act: {expected}".strip()

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        self._log: list[Event] = []  # what the rules do on their own (scoring a round)
        events = getattr(self, "_do_" + self.phase)(action)
        return events + self._log

    # ------------------------------------------------------------------ action handlers
    def _do_weather_draw(self, action: Action) -> list[Event]:
        card = action.arg("card")
        if self.deck:
            bag.take(self.deck, card)
        else:
            self.deck_bottom.pop(0)
        self.offered.append(card)
        if len(self.offered) == 2:
            # the second player takes 2 cards and chooses one
            self._set(self.second_player(), "weather_keep")
        return [{"type": "weather_drawn", "card": card}]

    def _do_weather_keep(self, action: Action) -> list[Event]:
        card = action.arg("card")
        rest = list(self.offered)
        rest.remove(card)
        self.deck_bottom.extend(rest)  # the other card goes to the bottom of the deck
        self.weather = card
        self.offered = []
        self._after_weather()
        return [{"type": "weather", "card": card, "seat": self.second_player()}]

    def _do_fog_open(self, action: Action) -> list[Event]:
        q = QUADRANTS.index(action.arg("board"))
        self.open[q] = True
        self._after_fog()
        return [{"type": "fog_open", "board": QUADRANTS[q]}]

    def _do_deal(self, action: Action) -> list[Event]:
        seat = self.queue.pop(0)
        side = self.side(seat)
        kind = action.arg("token")
        bag.take(self.pool[side], kind)
        bag.put(self.piles[seat], kind)
        if not self.queue:
            # the rest of each team's pile is the team-mate's
            for side in (0, 1):
                mate = self.side_seats(side)[1]
                self.piles[mate] = self.pool[side]
                self.pool[side] = {}
            self._begin_opening()
        return [{"type": "dealt", "seat": seat, "private": seat, "token": kind}]

    def _do_opening(self, action: Action) -> list[Event]:
        seat = self.to_move
        kind = action.arg("token")
        bag.take(self.piles[seat], kind)
        bag.put(self.hands[seat], kind)
        if sum(self.hands[seat].values()) >= HAND_SIZE or not self.piles[seat]:
            if self.queue:
                self.to_move = self.queue.pop(0)
            else:
                self._start_turn(self.first, normal=True)
        return [{"type": "took", "seat": seat, "private": seat, "token": kind}]

    def _do_fog_remove(self, action: Action) -> list[Event]:
        q = QUADRANTS.index(action.arg("board"))
        self.open[q] = True
        self._turn_steps()  # then place as usual in the same turn
        return [{"type": "fog_removed", "seat": self.to_move, "board": QUADRANTS[q]}]

    def _do_hippo_keep(self, action: Action) -> list[Event]:
        seat = self.to_move
        keep = TILE_INDEX[action.arg("tile")]
        a, b = self.hippo.pop(seat)
        self.board[b if keep == a else a] = None
        self.ctx["hippo_done"] = True
        self._turn_steps()
        return [{"type": "hippo_kept", "seat": seat, "tile": TILE_NAMES[keep]}]

    def _do_frog(self, action: Action) -> list[Event]:
        seat = self.to_move
        self.ctx["frog_done"] = True
        events: list[Event] = []
        if action.kind == "move_frog":
            src = self._frog_tile(seat)
            dst = TILE_INDEX[action.arg("tile")]
            self.board[dst], self.board[src] = self.board[src], None
            events.append(
                {"type": "frog_moved", "seat": seat, "from": TILE_NAMES[src], "to": TILE_NAMES[dst]}
            )
        self._turn_steps()
        return events

    def _do_choose(self, action: Action) -> list[Event]:
        kind = action.arg("token")
        up = action.arg("face") != "down" and self._face_up_allowed(kind)
        self.ctx["kind"] = kind
        self.ctx["up"] = up
        self.phase = "place"
        return []

    def _do_place(self, action: Action) -> list[Event]:
        seat = self.to_move
        tile = TILE_INDEX[action.arg("tile")]
        kind, up = self.ctx["kind"], self.ctx["up"]
        events = self._place(seat, tile, kind, up)
        if up and KINDS[kind].mercenary:
            self._ability(seat, tile, kind)
        else:
            self._end_placement(seat)
        return events

    def _do_hippo_second(self, action: Action) -> list[Event]:
        seat = self.to_move
        first = self.ctx["tile"]
        second = TILE_INDEX[action.arg("tile")]
        self.board[second] = self.board[first]
        self.hippo[seat] = (first, second)
        self._end_placement(seat)
        return [
            {"type": "hippo_spans", "seat": seat, "tiles": [TILE_NAMES[first], TILE_NAMES[second]]}
        ]

    def _do_target(self, action: Action) -> list[Event]:
        seat = self.to_move
        kind, tile = self.ctx["kind"], self.ctx["tile"]
        target = TILE_INDEX[action.arg("tile")]
        if kind in ("mouses", "mole"):
            # swap the mercenary with the opponent's token
            self.board[tile], self.board[target] = self.board[target], self.board[tile]
            self._end_placement(seat)
            return [{"type": "swapped", "tiles": [TILE_NAMES[tile], TILE_NAMES[target]]}]
        # Fox and Snake: the token's owner must swap it for one from their hand
        owner = self.board[target][1]
        self.ctx["target"] = target
        self.ctx["by"] = seat
        self._set(owner, "replace")
        return [{"type": "targeted", "seat": seat, "tile": TILE_NAMES[target]}]

    def _do_replace(self, action: Action) -> list[Event]:
        seat = self.to_move
        target = self.ctx["target"]
        old = self.board[target]
        kind = action.arg("token")
        bag.take(self.hands[seat], kind)
        bag.put(self.hands[seat], old[0])
        up = self.weather != "foggy"
        self.board[target] = (kind, seat, up, colour_of(kind, self.side(seat)))
        by = self.ctx["by"]
        self.to_move = by
        self._end_placement(by)
        return [
            {
                "type": "replaced",
                "seat": seat,
                "tile": TILE_NAMES[target],
                "old": old[0],
                "token": kind if up else None,
            }
        ]

    def _do_prairie_first(self, action: Action) -> list[Event]:
        if action.kind == "pass":
            self._end_placement(self.to_move)
            return []
        self.ctx["first"] = TILE_INDEX[action.arg("tile")]
        self.phase = "prairie_second"
        return []

    def _do_prairie_second(self, action: Action) -> list[Event]:
        a, b = self.ctx["first"], TILE_INDEX[action.arg("tile")]
        self.board[a], self.board[b] = self.board[b], self.board[a]
        self._end_placement(self.to_move)
        return [{"type": "swapped", "tiles": [TILE_NAMES[a], TILE_NAMES[b]]}]

    def _do_draw(self, action: Action) -> list[Event]:
        seat = self.queue.pop(0)
        kind = action.arg("token")
        bag.take(self.piles[seat], kind)
        bag.put(self.hands[seat], kind)
        self._next_turn()
        return [{"type": "drew", "seat": seat, "private": seat, "token": kind}]

    def _do_hire(self, action: Action) -> list[Event]:
        seat = self.to_move
        side = self.side(seat)
        if action.kind == "done":
            if self.queue:
                self.to_move = self.queue.pop(0)
            else:
                self._after_hiring()
            return [{"type": "hiring_done", "seat": seat}]
        merc = action.arg("mercenary")
        info = MERCENARIES[merc]
        self.coins[side] -= info.cost
        self.hired[side].append(merc)
        for store in (self.composition[side], self._store(side)):
            bag.take(store, info.replaces)  # the pile always holds 18 tokens
            bag.put(store, merc)
        return [
            {
                "type": "hired",
                "seat": seat,
                "mercenary": merc,
                "replaces": info.replaces,
                "cost": info.cost,
            }
        ]

    # ------------------------------------------------------------------ results
    def scores(self) -> list[float]:
        tally = self.coins if self.opts.mercenaries else self.totals()
        return [float(tally[p % 2]) for p in range(self.n)]

    def returns(self) -> list[float]:
        if self.to_move != TERMINAL:
            return [0.0] * self.n
        if self.result == -1:
            return [0.5] * self.n
        return [1.0 if p % 2 == self.result else 0.0 for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.to_move != TERMINAL or self.result == -1:
            return []
        return self.side_seats(self.result)

    # ------------------------------------------------------------------ information
    def _visible_to(self, token: Token, seat: int | None) -> bool:
        # a face-down token is known to the one who placed it, and to all at the end
        return token[2] or seat == token[1] or self.to_move == TERMINAL

    def observation(self, seat: int | None) -> dict[str, Any]:
        board = []
        for token in self.board:
            if token is None:
                board.append(None)
            elif self._visible_to(token, seat):
                board.append(
                    {"token": token[0], "seat": token[1], "face_up": token[2], "colour": token[3]}
                )
            else:
                board.append({"token": None, "seat": token[1], "face_up": False})
        mover_sees = seat is not None and seat == self.to_move
        ctx: dict[str, Any] = {}
        for key, value in self.ctx.items():
            if key in ("kind", "up") and self.phase == "place" and not mover_sees:
                continue  # the token in a player's fingers is theirs to know
            ctx[key] = TILE_NAMES[value] if key in ("tile", "target", "first") else value
        return {
            "game": "foggy_island",
            "seat": seat,
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "to_move": self.to_move,
            "first": self.first,
            "weather": self.weather,
            "offered": list(self.offered),
            "deck_bottom": list(self.deck_bottom),
            "open": [QUADRANTS[q] for q in range(4) if self.open[q]],
            "board": board,
            "hands": [
                dict(h) if p == seat else {"hidden": sum(h.values())}
                for p, h in enumerate(self.hands)
            ],
            "piles": [
                dict(pl) if p == seat else {"hidden": sum(pl.values())}
                for p, pl in enumerate(self.piles)
            ],
            "pool": [sum(p.values()) for p in self.pool],
            "composition": [dict(c) for c in self.composition],
            "hired": [list(h) for h in self.hired],
            "coins": list(self.coins),
            "points": [list(p) for p in self.points],
            "hippo": {str(p): [TILE_NAMES[t] for t in ts] for p, ts in self.hippo.items()},
            "pending": list(self.pending),
            "ctx": ctx,
            "result": self.result,
        }

    def determinize(self, seat: int, rng: random.Random) -> FoggyState:
        """Resample every token ``seat`` cannot see: others' hands, piles and face-down tokens."""
        s = self.clone()
        for side in (0, 1):
            unknown = dict(s.composition[side])
            slots: list[tuple[str, Any]] = []  # where unseen tokens of this side lie
            for t in TILES:
                token = s.board[t]
                if token is None or token[1] % 2 != side:
                    continue
                if token[0] == "hippo" and token[2] and t != min(s.hippo.get(token[1], (t,))):
                    continue  # a spanning Hippo is one token
                if self._visible_to(token, seat):
                    unknown[token[0]] = unknown.get(token[0], 0) - 1
                else:
                    slots.append(("tile", t))
            for p in s.side_seats(side):
                held = [s.hands[p], s.piles[p]]
                if p == seat:
                    for counts in held:
                        for kind, n in counts.items():
                            unknown[kind] = unknown.get(kind, 0) - n
                else:
                    slots += [("hand", p)] * sum(s.hands[p].values())
                    slots += [("pile", p)] * sum(s.piles[p].values())
                    s.hands[p], s.piles[p] = {}, {}
            slots += [("pool", side)] * sum(s.pool[side].values())
            s.pool[side] = {}
            tokens = [k for k, n in unknown.items() for _ in range(n)]
            rng.shuffle(tokens)
            for (where, at), kind in zip(slots, tokens, strict=True):
                if where == "tile":
                    old = s.board[at]
                    s.board[at] = (kind, old[1], False, colour_of(kind, side))
                elif where == "hand":
                    bag.put(s.hands[at], kind)
                elif where == "pile":
                    bag.put(s.piles[at], kind)
                else:
                    bag.put(s.pool[at], kind)
        if s.phase == "place" and s.to_move != seat:
            # the token another player has chosen but not yet placed
            hand = s.hands[s.to_move]
            kinds = sorted(hand)
            kind = kinds[rng.randrange(len(kinds))]
            s.ctx = dict(s.ctx, kind=kind, up=self.ctx["up"] and self._face_up_allowed(kind))
        s._legal = None
        return s

    # ------------------------------------------------------------------ copies
    def clone(self) -> FoggyState:
        s = FoggyState.__new__(FoggyState)
        s.game = self.game
        s.opts = self.opts
        s.n = self.n
        s.round = self.round
        s.rounds = self.rounds
        s.extra_rounds = self.extra_rounds
        s.first = self.first
        s.turn_player = self.turn_player
        s.phase = self.phase
        s.to_move = self.to_move
        s.board = self.board[:]
        s.open = self.open[:]
        s.hands = [h.copy() for h in self.hands]
        s.piles = [p.copy() for p in self.piles]
        s.pool = [p.copy() for p in self.pool]
        s.composition = [c.copy() for c in self.composition]
        s.hired = [h[:] for h in self.hired]
        s.coins = self.coins[:]
        s.points = self.points[:]
        s.weather = self.weather
        s.deck = self.deck.copy()
        s.deck_bottom = self.deck_bottom[:]
        s.offered = self.offered[:]
        s.hippo = self.hippo.copy()
        s.pending = self.pending[:]
        s.ctx = self.ctx.copy()
        s.queue = self.queue[:]
        s.result = self.result
        s._legal = self._legal
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "rounds": self.rounds,
            "extra_rounds": self.extra_rounds,
            "players": self.n,
            "first": self.first,
            "turn_player": self.turn_player,
            "phase": self.phase,
            "to_move": self.to_move,
            "board": [list(t) if t is not None else None for t in self.board],
            "open": self.open[:],
            "hands": [dict(sorted(h.items())) for h in self.hands],
            "piles": [dict(sorted(p.items())) for p in self.piles],
            "pool": [dict(sorted(p.items())) for p in self.pool],
            "composition": [dict(sorted(c.items())) for c in self.composition],
            "hired": [h[:] for h in self.hired],
            "coins": self.coins[:],
            "points": [list(p) for p in self.points],
            "weather": self.weather,
            "deck": dict(sorted(self.deck.items())),
            "deck_bottom": self.deck_bottom[:],
            "offered": self.offered[:],
            "hippo": {str(p): list(t) for p, t in sorted(self.hippo.items())},
            "pending": self.pending[:],
            "ctx": dict(sorted(self.ctx.items())),
            "queue": self.queue[:],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, game: FoggyIsland, data: Any) -> FoggyState:
        try:
            s = cls.__new__(cls)
            s.game = game
            s.opts = game.options
            s.n = int(data["players"])
            s.round = int(data["round"])
            s.rounds = int(data["rounds"])
            s.extra_rounds = int(data["extra_rounds"])
            s.first = int(data["first"])
            s.turn_player = int(data["turn_player"])
            s.phase = str(data["phase"])
            s.to_move = int(data["to_move"])
            s.board = [
                (str(t[0]), int(t[1]), bool(t[2]), int(t[3])) if t is not None else None
                for t in data["board"]
            ]
            s.open = [bool(x) for x in data["open"]]
            s.hands = [_counts(h) for h in data["hands"]]
            s.piles = [_counts(p) for p in data["piles"]]
            s.pool = [_counts(p) for p in data["pool"]]
            s.composition = [_counts(c) for c in data["composition"]]
            s.hired = [[str(k) for k in h] for h in data["hired"]]
            s.coins = [int(c) for c in data["coins"]]
            s.points = [[int(x) for x in p] for p in data["points"]]
            s.weather = str(data["weather"])
            s.deck = _counts(data["deck"])
            s.deck_bottom = [str(w) for w in data["deck_bottom"]]
            s.offered = [str(w) for w in data["offered"]]
            s.hippo = {int(p): (int(t[0]), int(t[1])) for p, t in data["hippo"].items()}
            s.pending = [int(p) for p in data["pending"]]
            s.ctx = dict(data["ctx"])
            s.queue = [int(p) for p in data["queue"]]
            s.result = data["result"]
            s._legal = None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise MalformedInput(f"not a Foggy Island position: {exc!r}") from None
        if len(s.board) != 36 or len(s.hands) != s.n or s.phase not in _PHASES:
            raise MalformedInput("not a Foggy Island position: wrong board, seats or phase")
        if any(t is not None and t[0] not in KINDS for t in s.board):
            raise MalformedInput("not a Foggy Island position: unknown token on the map")
        return s

    # ------------------------------------------------------------------ text
    def seat_label(self, seat: int) -> str:
        side = SIDE_NAMES[seat % 2]
        return side if self.n == 2 else f"{side} {seat // 2 + 1}"

    def event_text(self, event: Event) -> str:
        kind = event["type"]
        if kind == "round_scored":
            points = event["points"]
            lines = "; ".join(
                f"{SIDE_NAMES[line['side']]} {'-'.join(line['tiles'][:: len(line['tiles']) - 1])}"
                f" {line['points']}"
                for line in event["lines"]
            )
            return f"Round {event['round']} scored: Red {points[0]}, Blue {points[1]}" + (
                f" (lines: {lines})" if lines else ""
            )
        if kind == "placed":
            what = KINDS[event["token"]].title if event["token"] else "a face-down token"
            return f"{self.seat_label(event['seat'])} placed {what} on {event['tile']}"
        if kind in ("drew", "took", "dealt"):
            return f"{self.seat_label(event['seat'])} {kind} {KINDS[event['token']].title}"
        return super().event_text(event)

    def is_secret(self, action: Action) -> bool:
        # the opening hand and the token in hand stay secret (a placed token shows itself)
        return action.kind in ("take", "choose", "replace") and self.to_move >= 0

    def action_text(self, action: Action) -> str:
        kind = action.kind
        if kind in ("choose", "take", "replace", "draw", "deal"):
            token = KINDS[action.arg("token")].title
            face = " face down" if action.arg("face") == "down" else ""
            verb = {
                "choose": "play",
                "take": "take",
                "replace": "swap in",
                "draw": "draw",
                "deal": "deal",
            }[kind]
            return f"{verb} {token}{face}"
        if kind == "place":
            return f"place on {action.arg('tile')}"
        if kind == "hire":
            info = MERCENARIES[action.arg("mercenary")]
            return f"hire {info.title} ({info.cost} coins, replaces a {info.replaces})"
        if kind in ("target", "hippo", "keep_hippo", "move_frog"):
            verb = {
                "target": "pick",
                "hippo": "lay Hippo across",
                "keep_hippo": "keep Hippo on",
                "move_frog": "move Frog to",
            }[kind]
            return f"{verb} {action.arg('tile')}"
        if kind == "remove_fog":
            return f"remove the {action.arg('board')} fog board"
        if kind in ("keep_weather", "weather"):
            return f"{'keep' if kind == 'keep_weather' else 'draw'} {action.arg('card')} weather"
        if kind == "open":
            return f"the {action.arg('board')} quarter is open"
        return kind

    def render(self, seat: int | None) -> Any:
        from .text import render

        return render(self, seat)


_PHASES = {
    "weather_draw",
    "weather_keep",
    "fog_open",
    "deal",
    "opening",
    "hippo_keep",
    "fog_remove",
    "frog",
    "choose",
    "place",
    "hippo_second",
    "target",
    "replace",
    "prairie_first",
    "prairie_second",
    "draw",
    "hire",
    "over",
}


def _counts(data: Any) -> dict[str, int]:
    counts = {str(k): int(v) for k, v in dict(data).items()}
    if any(k not in KINDS and k not in ("sunny", "cloudy", "foggy") for k in counts):
        raise ValueError("unknown token or card")
    if any(v <= 0 for v in counts.values()):
        raise ValueError("counts must be positive")
    return counts


def _draws(outcomes: dict[str, Action], counts: dict[str, int]) -> list[tuple[Action, float]]:
    """One draw from a face-down pile, outcomes in a fixed order."""
    total = sum(counts.values())
    return [(action, counts[k] / total) for k, action in outcomes.items() if k in counts]
