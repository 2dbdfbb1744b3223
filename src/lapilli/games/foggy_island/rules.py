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
from lapilli.core.state import CHANCE, TERMINAL, Event, Game, State, Utility

from . import actions as A
from . import information, positions, text
from .abilities import MercenaryAbilities
from .board import ADJACENT, QUADRANT_OF, QUADRANTS, TILE_INDEX, TILE_NAMES, TILES
from .options import FoggyOptions
from .scoring import scored_lines
from .text import SIDE_NAMES
from .tokens import (
    BASIC_PILE,
    DATA,
    HAND_SIZE,
    KINDS,
    MERCENARIES,
    WHITE,
    colour_of,
    in_order,
    total_hire_cost,
)

Token = tuple[str, int, bool, int]
"""A token on the map: (kind, seat that placed it, face up, colour of the line it builds)."""


class FoggyIsland(Game):
    id = "foggy_island"
    title = "Foggy Island"
    min_players = 2
    max_players = 4
    version = "1"
    utility = Utility.ZERO_SUM
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
        return positions.from_json(self, data)

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"mode": "weather"}, 2),
            ({"mode": "mercenaries"}, 2),
            ({"mode": "mercenaries", "face_up_mercenaries": False}, 2),
            ({"variant": "quick"}, 2),
            ({"variant": "team"}, 4),
        ]


class FoggyState(MercenaryAbilities, State):
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
        elif not all(self.open) and not self.free_tiles():
            self.phase = "fog_remove"
        elif (
            normal
            and "frog" in self.composition[seat % 2]  # only a side that hired the Frog
            and "frog_done" not in self.ctx
            and self._frog_moves(seat)
        ):
            self.phase = "frog"
        else:
            self.phase = "choose"

    def free_tiles(self) -> list[int]:
        board, open_ = self.board, self.open
        return [t for t in TILES if board[t] is None and open_[QUADRANT_OF[t]]]

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
                    return (
                        f"the tile {TILE_NAMES[tile]} is under a fog board: "
                        "only the open area is available"
                    )
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
    def visible_to(self, token: Token, seat: int | None) -> bool:
        # a face-down token is known to the one who placed it, and to all at the end
        return token[2] or seat == token[1] or self.to_move == TERMINAL

    def observation(self, seat: int | None) -> dict[str, Any]:
        return information.observation(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> FoggyState:
        return information.determinize(self, seat, rng)

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
        return positions.to_json(self)

    # ------------------------------------------------------------------ text
    def seat_label(self, seat: int) -> str:
        side = SIDE_NAMES[seat % 2]
        return side if self.n == 2 else f"{side} {seat // 2 + 1}"

    def is_secret(self, action: Action) -> bool:
        # the opening hand and the token in hand stay secret (a placed token shows itself)
        return action.kind in ("take", "choose", "replace") and self.to_move >= 0

    def event_text(self, event: Event) -> str:
        return text.event_text(self, event) or super().event_text(event)

    def action_text(self, action: Action) -> str:
        return text.action_text(self, action)

    def render(self, seat: int | None) -> Any:
        return text.render(self, seat)


PHASES = {
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


def _draws(outcomes: dict[str, Action], counts: dict[str, int]) -> list[tuple[Action, float]]:
    """One draw from a face-down pile, outcomes in a fixed order."""
    total = sum(counts.values())
    return [(action, counts[k] / total) for k, action in outcomes.items() if k in counts]
