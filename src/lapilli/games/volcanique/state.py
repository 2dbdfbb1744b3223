"""A Volcanique position: the map, the pieces, the players' holdings and the turn flow.

The flow is the shared one (``lapilli.core.flow``): a stack of frames over the step
table of ``steps.py``. Decisions of other seats during a turn (migrating or evacuating
their critters, choosing casualties, discarding) are frames pushed on top of the turn.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, get_type_hints

from lapilli.core import Action, Event, MalformedInput
from lapilli.core.flow import FlowState, Frame, fits_type, then
from lapilli.core.zones import EVERYONE, NOBODY, Pool, Unseen, Zone, seats_mask

from . import scoring, text
from .board import Biome, Board, Hex, Region
from .components import (
    BIOMES,
    COLOURS_OF,
    CRATER,
    CRITTERS,
    EDGES,
    KIND_COUNT,
    KINDS,
    LIMITS,
    NB,
    POWER_IDS,
    SLOTS,
    SOIL,
    VOLCANO,
    kind_of,
)
from .pieces import Lava, Spot, Stage, ThisTurn, cards
from .steps import SETUP_TILE, STEPS

if TYPE_CHECKING:
    from .game import Volcanique


class VolcaniqueState(FlowState):
    STEPS = STEPS
    game: Volcanique

    def __init__(self, game: Volcanique, players: int) -> None:
        self.game = game
        self.players = players
        self.board = Board()
        self.critters: dict[Spot, int] = {}  # how many critters stand on each spot
        self.colossal: dict[Spot, int] = {}  # how many of those are Colossal Critters
        self.burrowed: dict[Spot, int] = {}  # burrowed critters (not among ``critters``)
        self.sea: dict[Hex, int] = {}  # sea critters: ocean space -> owner
        self.lava: list[Lava] = []
        self.hand = [CRITTERS] * players  # critters in hand
        self.crater = [0] * players
        self.unlocked: list[list[str]] = [[] for _ in range(players)]  # grid slots
        self.grid: dict[str, str] = {}  # slot -> power (never changed in place)
        self.resources = [[0] * NB for _ in range(players)]
        self.supply = [int(LIMITS["resource_supply"])] * NB
        self.tiles = dict(KIND_COUNT)
        self.volcano_tiles = int(LIMITS["volcano_tiles"])
        self.lava_tiles = int(LIMITS["lava_tiles"])
        self.caldera_deck = Zone(seen=NOBODY)
        self.caldera_hands = [Zone(seen=seats_mask(p)) for p in range(players)]
        self.caldera_discard: list[str] = []
        self.points = [0] * players  # bought in the end-game sequence
        self.islands: list[list[Hex]] = [[] for _ in range(players)]  # starting islands
        self.removed: list[int] = []  # tiles Erosion took out of the game (never changed)
        self.winter: tuple[tuple[Hex, int], ...] = ()  # spawn points and the turn each began
        self.super_volcano: tuple[int, ...] = ()  # (q, r, seat) once set off
        self.bombed = [-1] * players  # the round of each seat's last Magma Bomb
        self.used: list[tuple[str, ...]] = [()] * players  # limited powers used: "rift@main"
        self.player = 0  # whose turn it is (at set-up: who builds or picks)
        self.first = -1
        self.turn = 0
        self.round = 0
        self.stage = Stage.SETUP
        self.end_reason = ""
        self.final_left: list[int] = []  # seats still to play their final turn
        self.this_turn = ThisTurn()
        self.stack = []
        then(self, SETUP_TILE(0, piece=0))  # the first seat builds its starting island
        self.advance()

    @property
    def num_players(self) -> int:
        return self.players

    def clone(self) -> VolcaniqueState:
        """A copy: lists and dicts one level deep (what they hold is replaced, never
        changed in place: the board, each seat's unlocked slots and island), the Caldera
        zones shared until ``unshare_caldera``."""
        s = VolcaniqueState.__new__(VolcaniqueState)
        s.__dict__.update(self.__dict__)
        s.critters = self.critters.copy()
        s.colossal = self.colossal.copy()
        s.burrowed = self.burrowed.copy()
        s.sea = self.sea.copy()
        s.bombed = self.bombed[:]
        s.used = self.used[:]
        s.lava = self.lava[:]
        s.hand = self.hand[:]
        s.crater = self.crater[:]
        s.unlocked = self.unlocked[:]
        s.resources = [r[:] for r in self.resources]
        s.supply = self.supply[:]
        s.tiles = self.tiles.copy()
        s.caldera_discard = self.caldera_discard[:]
        s.points = self.points[:]
        s.islands = self.islands[:]
        s.final_left = self.final_left[:]
        s.stack = self.stack[:]
        return s

    def unshare_caldera(self) -> None:
        """Copy the Caldera deck and hands before changing them: clones share them, as
        they change seldom (a card bought, played, the hands revealed at the end)."""
        self.caldera_deck = self.caldera_deck.copy()
        self.caldera_hands = [h.copy() for h in self.caldera_hands]

    # -- the map ---------------------------------------------------------------------------
    @property
    def stacks(self) -> dict[Hex, tuple[int, ...]]:
        """The map, to read (change it with ``set_stack``)."""
        return self.board.stacks

    def set_stack(self, h: Hex, stack: tuple[int, ...]) -> None:
        self.board = self.board.with_stack(h, stack)

    def top(self, h: Hex) -> int | None:
        return self.board.top(h)

    def height(self, h: Hex) -> int:
        return self.board.height(h)

    def lava_hexes(self) -> set[Hex]:
        return {flow.at for flow in self.lava}

    # -- critters --------------------------------------------------------------------------
    def add_critter(self, region: Region, owner: int, k: int = 1, colossal: int = 0) -> None:
        """``k`` of ``owner``'s critters onto a region, ``colossal`` of them Colossal."""
        spot = (*region, owner)
        self.critters[spot] = self.critters.get(spot, 0) + k
        if colossal:
            self.colossal[spot] = self.colossal.get(spot, 0) + colossal

    def take_critter(self, region: Region, owner: int, k: int = 1) -> int:
        """Take ``k`` of ``owner``'s critters off a region, regular ones first; returns
        how many of those taken are Colossal (they go on as Colossal)."""
        spot = (*region, owner)
        left = self.critters[spot] - k
        if left:
            self.critters[spot] = left
        else:
            del self.critters[spot]
        big = self.colossal.get(spot, 0)
        if big <= left:
            return 0
        if left:
            self.colossal[spot] = left
        else:
            del self.colossal[spot]
        return big - left

    def take_colossal(self, region: Region, owner: int) -> None:
        """Take one of ``owner``'s Colossal Critters off a region."""
        spot = (*region, owner)
        for counts in (self.colossal, self.critters):
            left = counts[spot] - 1
            if left:
                counts[spot] = left
            else:
                del counts[spot]

    def send_home(self, region: Region, owner: int, k: int = 0) -> int:
        """``k`` (0: all) of ``owner``'s critters on a region go back to the hand, a
        Colossal Critter's top piece with it; returns how many critters."""
        n = k or self.critters[(*region, owner)]
        self.hand[owner] += n + self.take_critter(region, owner, n)
        return n

    def damage(self, spot: Spot) -> None:
        """A Colossal Critter takes 1 damage: its top piece goes back to the hand and it
        is a regular critter."""
        big = self.colossal[spot] - 1
        if big:
            self.colossal[spot] = big
        else:
            del self.colossal[spot]
        self.hand[spot[3]] += 1

    def spots_on(self, h: Hex) -> list[Spot]:
        """The spots of a tile that hold critters, in order."""
        critters = self.critters
        q, r = h
        return [
            (q, r, c, o) for c in range(NB) for o in range(self.players) if (q, r, c, o) in critters
        ]

    def spots_in(self, region: Region) -> list[Spot]:
        """The spots of a region that hold critters (one per owner there)."""
        critters = self.critters
        return [(*region, o) for o in range(self.players) if (*region, o) in critters]

    def owners_on(self, h: Hex) -> set[int]:
        return {spot[3] for spot in self.spots_on(h)}

    def biome_owners(self, burrowed: bool = True) -> dict[Biome, set[int]]:
        """Who has critters in each biome that has any: a burrowed critter keeps its
        biome controlled (no claiming, no moving onto it) unless ``burrowed`` is False
        (it collects nothing and fights no contest until it emerges)."""
        biome_of = self.board.biome_of
        out: dict[Biome, set[int]] = {}
        for spot in (*self.critters, *self.burrowed) if burrowed else self.critters:
            biome = biome_of.get(spot[:3])
            if biome is not None:  # (None: on a tile just covered, waiting to migrate)
                out.setdefault(biome, set()).add(spot[3])
        return out

    def held_biomes(self) -> set[Biome | None]:
        """The biomes someone has critters in, burrowed ones too (what ``biome_owners``
        gives, without who)."""
        biome_of = self.board.biome_of
        held = {biome_of.get(spot[:3]) for spot in self.critters}
        if self.burrowed:
            held.update(biome_of.get(spot[:3]) for spot in self.burrowed)
        return held

    def placed(self) -> list[int]:
        """Critters on land tiles per seat (not on the grid nor in the crater)."""
        counts = [0] * self.players
        for spot, n in self.critters.items():
            counts[spot[3]] += n
        return counts

    def wipe_hex(self, h: Hex) -> list[dict]:
        """Return every critter on a tile (burrowed ones too) to its owner's hand."""
        events = []
        for spot in self.spots_on(h):
            n = self.send_home(spot[:3], spot[3])
            events.append({"type": "wiped", "seat": spot[3], "at": list(h), "n": n})
        for spot in [x for x in self.burrowed if x[:2] == h]:
            n = self.burrowed.pop(spot)
            self.hand[spot[3]] += n
            events.append({"type": "wiped", "seat": spot[3], "at": list(h), "n": n})
        return events

    def take_tile(self, kind: str) -> None:
        self.tiles[kind] -= 1
        if self.tiles[kind] == 0:
            del self.tiles[kind]

    # -- results, information --------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        data = self._public()
        if self.stage is Stage.OVER:
            data["scores"] = self.scores()
            data["score_breakdown"] = self.score_breakdown()
        if seat is not None:
            data["seat"] = seat
            data["caldera_hand"] = cards(self.caldera_hands[seat])
        if all(hand.seen == EVERYONE for hand in self.caldera_hands):
            data["caldera_hands"] = [cards(h) for h in self.caldera_hands]
        return data

    def _public(self) -> dict[str, Any]:
        pending = self.pending()
        return {
            "stage": self.stage.value,
            "step": pending.to_json() if pending else None,
            "placing": _placing(pending),
            "decision": self.decision(),
            "turn": self.turn,
            "round": self.round,
            "current": self.current_player(),
            "first": self.first,
            "map": [[q, r, list(st)] for (q, r), st in sorted(self.stacks.items())],
            "critters": [
                [q, r, BIOMES[c], o, n] for (q, r, c, o), n in sorted(self.critters.items())
            ],
            "colossal": _spots(self.colossal, BIOMES),
            "burrowed": _spots(self.burrowed, BIOMES),
            "sea": [[q, r, o] for (q, r), o in sorted(self.sea.items())],
            "winter": [[q, r, t] for (q, r), t in self.winter],
            "super_volcano": list(self.super_volcano),
            "used": [list(u) for u in self.used],
            "lava": [[*flow.at, flow.sea_turn] for flow in self.lava],
            "hand": list(self.hand),
            "crater": list(self.crater),
            "resources": [list(r) for r in self.resources],
            "supply": list(self.supply),
            "tiles": dict(sorted(self.tiles.items())),
            "volcano_tiles": self.volcano_tiles,
            "lava_tiles": self.lava_tiles,
            "grid": dict(self.grid),
            "unlocked": [list(u) for u in self.unlocked],
            "caldera_deck": len(self.caldera_deck),
            "caldera_counts": [len(h) for h in self.caldera_hands],
            "caldera_discard": list(self.caldera_discard),
            "points": list(self.points),
            "end": self.end_reason,
        }

    def unseen(self) -> list[Unseen]:
        """The Caldera cards in hands and in the deck: one pool of unseen cards."""
        self.unshare_caldera()
        return [Pool(*self.caldera_hands, self.caldera_deck)]

    # -- text ------------------------------------------------------------------------------
    def action_text(self, action: Action) -> str:
        return text.action_text(self, action)

    def event_text(self, event: Event) -> str:
        return text.event_text(self, event)

    def render(self, seat: int | None) -> Any:
        return text.render(self, seat)

    def seat_label(self, seat: int) -> str:
        return text.seat_label(seat)

    # -- saving ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "stacks": [[q, r, list(st)] for (q, r), st in sorted(self.stacks.items())],
            "critters": _spots(self.critters),
            "colossal": _spots(self.colossal),
            "burrowed": _spots(self.burrowed),
            "sea": [[q, r, o] for (q, r), o in sorted(self.sea.items())],
            "winter": [[q, r, t] for (q, r), t in self.winter],
            "super_volcano": list(self.super_volcano),
            "removed": list(self.removed),
            "bombed": list(self.bombed),
            "used": [list(u) for u in self.used],
            "lava": [[*flow.at, flow.sea_turn] for flow in self.lava],
            "hand": list(self.hand),
            "crater": list(self.crater),
            "unlocked": [list(u) for u in self.unlocked],
            "grid": dict(sorted(self.grid.items())),
            "resources": [list(r) for r in self.resources],
            "supply": list(self.supply),
            "tiles": dict(sorted(self.tiles.items())),
            "volcano_tiles": self.volcano_tiles,
            "lava_tiles": self.lava_tiles,
            "caldera_deck": self.caldera_deck.to_json()["items"],
            "caldera_hands": [cards(h) for h in self.caldera_hands],
            "caldera_discard": list(self.caldera_discard),
            "points": list(self.points),
            "islands": [[list(h) for h in i] for i in self.islands],
            "player": self.player,
            "first": self.first,
            "turn": self.turn,
            "round": self.round,
            "stage": self.stage.value,
            "end_reason": self.end_reason,
            "final_left": list(self.final_left),
            "this_turn": {**self.this_turn._asdict(), "granted": list(self.this_turn.granted)},
            "stack": self.stack_json(),
        }

    @classmethod
    def from_json(cls, game: Volcanique, data: Any) -> VolcaniqueState:
        s = cls.__new__(cls)
        s.game = game
        try:
            s.players = players = int(data["players"])
            if not 2 <= players <= 5:
                raise ValueError(f"{players} players")
            s.board = Board({(q, r): _stack(st) for q, r, st in data["stacks"]})
            s.critters = _read_spots(data["critters"])
            s.colossal = _read_spots(data["colossal"])
            s.burrowed = _read_spots(data["burrowed"])
            s.sea = {(int(q), int(r)): int(o) for q, r, o in data["sea"]}
            s.winter = tuple(((int(q), int(r)), int(t)) for q, r, t in data["winter"])
            s.super_volcano = tuple(int(x) for x in data["super_volcano"])
            s.removed = list(_stack(data["removed"])) if data["removed"] else []
            s.bombed = _ints(data["bombed"], players)
            s.used = [tuple(_use(x) for x in u) for u in data["used"]]
            s.lava = [Lava((int(q), int(r)), int(t)) for q, r, t in data["lava"]]
            s.hand = _ints(data["hand"], players)
            s.crater = _ints(data["crater"], players)
            s.unlocked = [[_slot(x) for x in u] for u in data["unlocked"]]
            s.grid = {_slot(k): _power(v) for k, v in data["grid"].items()}
            s.resources = [_ints(r, NB) for r in data["resources"]]
            s.supply = _ints(data["supply"], NB)
            s.tiles = {_kind(k): int(v) for k, v in data["tiles"].items()}
            s.volcano_tiles = int(data["volcano_tiles"])
            s.lava_tiles = int(data["lava_tiles"])
            s.caldera_deck = Zone({_power(k): int(v) for k, v in data["caldera_deck"].items()})
            s.stage = Stage(data["stage"])
            seen = [EVERYONE if s.stage is Stage.OVER else seats_mask(p) for p in range(players)]
            s.caldera_hands = [
                Zone([_power(c) for c in h], seen=m)
                for h, m in zip(data["caldera_hands"], seen, strict=True)
            ]
            s.caldera_discard = [_power(c) for c in data["caldera_discard"]]
            s.points = _ints(data["points"], players)
            s.islands = [[(int(q), int(r)) for q, r in i] for i in data["islands"]]
            s.player = int(data["player"])
            s.first = int(data["first"])
            s.turn = int(data["turn"])
            s.round = int(data["round"])
            s.end_reason = str(data["end_reason"])
            s.final_left = [int(x) for x in data["final_left"]]
            turn = dict(data["this_turn"])
            turn["granted"] = tuple(_power(p) for p in turn.get("granted", ()))
            s.this_turn = ThisTurn(**turn)
            if any(s.colossal.get(x, 0) > n for x, n in s.critters.items()) or any(
                x not in s.critters for x in s.colossal
            ):
                raise ValueError("more Colossal Critters than critters on a spot")
            if len(s.unlocked) != players or len(s.resources) != players or len(s.used) != players:
                raise ValueError("per-seat lists do not match the player count")
            s.stack = s.stack_from_json(data.get("stack"))
            _check(s)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MalformedInput(f"not a Volcanique position: {exc}") from None
        return s


def _check(s: VolcaniqueState) -> None:
    """What a saved position cannot hold (a ValueError names it): critters on regions
    their tile does not have, more pieces of any kind than the box holds, a crater
    over 3, cards in two places, seats that are not there."""
    from .setup import ISLAND_PIECES  # (the rule modules import the step table: late)

    n, seats = s.players, range(s.players)
    if not (s.player in seats and -1 <= s.first < n and s.turn >= 0 and s.round >= 0):
        raise ValueError("the player to move, the first player or the turn is not there")
    if len(s.islands) != n or any(len(i) > ISLAND_PIECES for i in s.islands):
        raise ValueError("a starting island of up to 3 tiles for each seat")
    if s.stage is Stage.SETUP:
        _check_setup(s)
    _check_stack(s)
    _check_pieces(s)
    _check_box(s)
    for name, kind in get_type_hints(ThisTurn).items():
        if not fits_type(getattr(s.this_turn, name), kind):
            raise ValueError(f"this turn's {name} is {getattr(s.this_turn, name)!r}")


def _check_stack(s: VolcaniqueState) -> None:
    """Each pending step names lava flows, seats, hexes, critters and tiles that are there."""
    seats = range(s.players)
    for f in s.stack:
        args = f.args._asdict()
        if not 0 <= args.get("index", 0) <= len(s.lava) or any(
            o not in seats for o in args.get("others", ())
        ):
            raise ValueError(f"the pending step {f.step.name} names a lava flow or seat not there")
        hexes = [*(args.get("island") or ()), *args.get("dests", ())]
        if "volcano" in args:
            hexes.append(args["volcano"])
        spot = (*args.get("region", ()), args.get("seat", f.seat))
        if "region" in args and spot not in s.critters and spot not in s.burrowed:
            raise ValueError(f"the pending step {f.step.name} moves a critter that is not there")
        if any(h not in s.stacks for h in hexes):
            raise ValueError(f"the pending step {f.step.name} names a hex without land")
        kind = args.get("kind")
        tile = KINDS[kind] if type(kind) is int and 0 <= kind < len(KINDS) else args.get("tile")
        if "kind" in args and tile is None:
            raise ValueError(f"the pending step {f.step.name} names no tile")
        if tile is not None and f.step.name in TAKES_TILE and not _in_stock(s, tile):
            raise ValueError(f"the pending step {f.step.name} takes a {tile} tile that is not left")


def _check_pieces(s: VolcaniqueState) -> None:
    """Critters stand on regions their tile has, and each seat has all its critters."""
    seats = range(s.players)
    if any(x not in seats for x in [*s.sea.values(), *s.final_left]):
        raise ValueError("a seat that is not there")
    for stack in s.stacks.values():
        if VOLCANO in stack[:-1]:
            raise ValueError("a volcano under another tile")
    moving = {f.args.region for f in s.stack if "region" in f.args._fields}
    for spots in (s.critters, s.burrowed, s.colossal):
        for (q, r, c, o), k in spots.items():
            stack = s.stacks.get((q, r))
            real = stack is not None and stack[-1] >= 0 and c in COLOURS_OF[stack[-1]]
            if o not in seats or k < 1 or not (real or (q, r, c) in moving):
                raise ValueError(f"{k} critters of seat {o} on {q},{r} {BIOMES[c % NB]}")
    for h in s.sea:
        if h in s.stacks:
            raise ValueError(f"a sea critter on land at {h}")
    for p in seats:
        pieces = s.hand[p] + s.crater[p] + len(s.unlocked[p])
        pieces += sum(1 for o in s.sea.values() if o == p)
        for spots in (s.critters, s.burrowed, s.colossal):
            pieces += sum(k for spot, k in spots.items() if spot[3] == p)
        if pieces != CRITTERS or s.hand[p] < 0 or not 0 <= s.crater[p] <= CRATER:
            raise ValueError(f"seat {p} has not its {CRITTERS} critters (crater {s.crater[p]})")
        if min(s.resources[p]) < 0 or s.points[p] < 0:
            raise ValueError(f"seat {p} holds a negative count")


def _check_box(s: VolcaniqueState) -> None:
    """No more resources, tiles and cards than the box holds, none in two places."""
    for b in range(NB):
        if (
            s.supply[b] < 0
            or s.supply[b] + sum(r[b] for r in s.resources) != LIMITS["resource_supply"]
        ):
            raise ValueError(f"the {BIOMES[b]} resources do not add up")
    codes = [c for stack in s.stacks.values() for c in stack] + s.removed
    land = Counter(KINDS[kind_of(c)] for c in codes if c >= 0)
    for kind, count in KIND_COUNT.items():
        if not 0 <= s.tiles.get(kind, 0) <= count - land[kind]:
            raise ValueError(f"more {kind} tiles than the box holds")
    if not 0 <= s.volcano_tiles <= LIMITS["volcano_tiles"] - codes.count(VOLCANO):
        raise ValueError("more volcano tiles than the box holds")
    if not 0 <= s.lava_tiles <= LIMITS["lava_tiles"] - codes.count(SOIL) - len(s.lava):
        raise ValueError("more lava and volcanic soil tiles than the box holds")
    cards = [*s.caldera_deck.items, *s.caldera_discard, *s.grid.values()]
    cards += [c for hand in s.caldera_hands for c in hand.items]
    if len(cards) != len(set(cards)) or s.caldera_deck.under:
        raise ValueError("a power card is in two places")
    held = [slot for u in s.unlocked for slot in u]
    if any(slot not in s.grid for slot in held):
        raise ValueError("a power unlocked on an empty slot of the grid")


def _check_setup(s: VolcaniqueState) -> None:
    """During set-up each starting island lies on the map, as many tiles as are built."""
    from .setup import ISLAND_PIECES

    if any(h not in s.stacks for i in s.islands for h in i):
        raise ValueError("a starting island off the map")
    for f in s.stack:
        built = f.args.piece if "piece" in f.args._fields else None
        if f.step.name == "setup_critter":
            built = ISLAND_PIECES
        if built is not None and len(s.islands[f.seat]) != built:
            raise ValueError(f"seat {f.seat}'s starting island is not {built} tiles")


TAKES_TILE = ("setup_place", "setup_rotate", "island_place", "island_rotate", "bought")
"""Steps pending on a tile still to be taken from the stock (named in their arguments)."""


def _in_stock(s: VolcaniqueState, tile: str) -> bool:
    return s.volcano_tiles > 0 if tile == "volcano" else s.tiles.get(tile, 0) > 0


PLACING = frozenset(
    {"place", "rotate", "island_place", "island_rotate", "setup_place", "setup_rotate"}
)
"""The steps in which a land tile is being placed (where, then how it is turned)."""


def _placing(frame: Frame | None) -> dict[str, Any] | None:
    """The land tile being placed and by whom: its kind, and its hex once chosen."""
    if frame is None or frame.step.name not in PLACING:
        return None
    at = getattr(frame.args, "at", None)
    return {"seat": frame.seat, "tile": KINDS[frame.args.kind], "at": list(at) if at else None}


def _spots(spots: dict[Spot, int], names: Any = None) -> list[list[Any]]:
    """Spots with their counts, as ``[q, r, colour, owner, n]`` (the colour named)."""
    return [[q, r, names[c] if names else c, o, n] for (q, r, c, o), n in sorted(spots.items())]


def _read_spots(data: Any) -> dict[Spot, int]:
    return {(int(q), int(r), int(c), int(o)): int(n) for q, r, c, o, n in data}


def _ints(values: Any, n: int) -> list[int]:
    out = [int(x) for x in values]
    if len(out) != n:
        raise ValueError(f"{values!r} should hold {n} numbers")
    return out


def _stack(codes: Any) -> tuple[int, ...]:
    stack = tuple(int(x) for x in codes)
    for code in stack:
        if code not in EDGES and code not in (SOIL, VOLCANO):
            raise ValueError(f"unknown tile code {code}")
    if not stack:
        raise ValueError("an empty stack")
    return stack


def _known(name: Any, known: Any, what: str) -> str:
    if name not in known:
        raise ValueError(f"unknown {what} {name!r}")
    return str(name)


def _slot(name: Any) -> str:
    return _known(name, SLOTS, "grid slot")


def _power(name: Any) -> str:
    return _known(name, POWER_IDS, "power")


def _use(use: Any) -> str:
    """A limited power's use: ``power@stage`` (main or final)."""
    power, _, stage = str(use).partition("@")
    _power(power)
    _known(stage, ("main", "final"), "stage of a limited power's use")
    return str(use)


def _kind(name: Any) -> str:
    return _known(name, KIND_COUNT, "tile")
