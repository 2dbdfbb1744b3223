"""A Volcanique position: the map, the pieces, the players' holdings and the turn flow.

Plain position data: each field is declared once below (``lapilli.core.fields``), and
cloning, saving and loading derive from those declarations. The flow is the shared one
(``lapilli.core.flow``): a stack of frames over the steps the rule modules declare.
Decisions of other seats during a turn (migrating or evacuating their critters,
choosing casualties, discarding) are frames pushed on top of the turn.

Inside the rules hexes, regions and spots are whole numbers (``board``): the critters
are counts by spot, sea critters and lava name hex ids. They are saved as the rulebook's
map names them (``[q, r]``, ``[q, r, colour, seat]``) by the codecs below, so a saved
position reads as before. Who stands where is indexed by a ``Census`` that the
position keeps as critters move (not saved: counted again from the fields).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Annotated, Any, Self, cast

from mypy_extensions import mypyc_attr

from lapilli.core import MalformedInput
from lapilli.core.fields import Codec, Owned, PerSeat, Secret
from lapilli.core.flow import FlowState
from lapilli.core.hexgrid import Hex, distance
from lapilli.core.zones import Pool, Unseen, seats_mask

from . import scoring
from .board import (
    COLOUR_MASK,
    OWNER_BITS,
    OWNER_MASK,
    SPOT_HEX,
    Biome,
    Board,
    hex_id,
    hex_of,
    region_id,
    spot_of,
    xy,
)
from .census import Census, spots_in_mask
from .components import (
    BIOMES,
    COLOURS_OF,
    CRATER,
    CRITTERS,
    EDGES,
    KIND_COUNT,
    KIND_SIZE,
    KINDS,
    LIMITS,
    NB,
    POWER_IDS,
    SLOTS,
    SOIL,
    VOLCANO,
    kind_of,
    tile_name,
)
from .events import Events
from .options import VolcaniqueOptions
from .pieces import ISLAND_PIECES, Cards, Lava, Stage, ThisTurn

if TYPE_CHECKING:
    from lapilli.core.state import Game


# -- saving what the rules keep as numbers, as the rulebook's map names it -----------------
def _pairs(
    what: str, key: Callable[[list[int]], int], dump_key: Callable[[int], list[int]], size: int
) -> Codec:
    """A dict by hex or spot id, saved as ``[[coordinates], whole number]`` pairs."""

    def dump(value: dict[int, int]) -> list[list[Any]]:
        return [[dump_key(k), n] for k, n in value.items()]

    def load(data: Any, where: str) -> dict[int, int]:
        if not isinstance(data, list):
            raise MalformedInput(f"{where} must be {what}, not {data!r:.40}")
        out: dict[int, int] = {}
        for i, pair in enumerate(data):
            if not (
                isinstance(pair, list)
                and len(pair) == 2
                and isinstance(pair[0], list)
                and len(pair[0]) == size
                and all(type(v) is int for v in (*pair[0], pair[1]))
            ):
                raise MalformedInput(f"{where}[{i}] must be {what}, not {pair!r:.40}")
            try:
                out[key(pair[0])] = pair[1]
            except ValueError as exc:
                raise MalformedInput(f"{where}[{i}]: {exc}") from None
        return out

    return Codec(what, lambda e, d: f"{e}.copy()", dump, load)


def _spot_key(coords: list[int]) -> int:
    q, r, c, o = coords
    if not (0 <= c <= COLOUR_MASK and 0 <= o <= OWNER_MASK):
        raise ValueError(f"{c} is not a biome colour or {o} not a seat")
    return hex_id((q, r)) << SPOT_HEX | c << OWNER_BITS | o


SPOTS = _pairs("a list of [[q, r, colour, seat], count]", _spot_key, lambda x: list(spot_of(x)), 4)
Spots = Annotated[dict[int, int], SPOTS]
"""Critters by spot id (``region << 3 | owner``), saved as ``[[q, r, colour, seat], n]``."""
SEA = _pairs("a list of [[q, r], seat]", lambda c: hex_id((c[0], c[1])), xy, 2)
SeaCritters = Annotated[dict[int, int], SEA]
"""Sea critters: hex id -> owner, saved as ``[[q, r], seat]``."""


def _dump_lava(flows: list[Lava]) -> list[list[Any]]:
    return [[xy(flow.at), flow.sea_turn] for flow in flows]


def _load_lava(data: Any, where: str) -> list[Lava]:
    what = "a list of [[q, r], turn]"
    if not isinstance(data, list):
        raise MalformedInput(f"{where} must be {what}, not {data!r:.40}")
    out = []
    for i, item in enumerate(data):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], list)
            and len(item[0]) == 2
            and all(type(v) is int for v in (*item[0], item[1]))
        ):
            raise MalformedInput(f"{where}[{i}] must be {what}, not {item!r:.40}")
        try:
            out.append(Lava(hex_id((item[0][0], item[0][1])), item[1]))
        except ValueError as exc:
            raise MalformedInput(f"{where}[{i}]: {exc}") from None
    return out


def _copy_lava(expression: str, depth: int) -> str:
    """The copy of a list of lava tiles (they are never changed in place)."""
    return f"{expression}[:]"


# (a named function, not a lambda: mypyc cannot compile a lambda inside Annotated)
Flows = Annotated[list[Lava], Codec("a list of [[q, r], turn]", _copy_lava, _dump_lava, _load_lava)]
"""Lava tiles in the order laid, saved as ``[[q, r], sea turn]``."""


@mypyc_attr(native_class=False)  # a Python class: its fields live in __dict__ (core.fields)
class VolcaniqueState(FlowState):
    """Who may see what: everything is public but the Caldera cards (each hand is seen
    by its owner until the game is over, the deck by nobody)."""

    board: Board  # the map: stacks of tiles and their biomes (shared by clones: ``set_stack``)
    critters: Spots  # how many critters stand on each spot
    colossal: Spots  # how many of those are Colossal Critters
    burrowed: Spots  # burrowed critters (not among ``critters``)
    sea: SeaCritters  # sea critters: ocean hex -> owner
    lava: Flows
    hand: PerSeat[int]  # critters in hand
    crater: PerSeat[int]
    unlocked: PerSeat[tuple[str, ...]]  # grid slots
    grid: dict[str, str]  # slot -> power
    resources: PerSeat[list[int]]  # per biome colour
    supply: list[int]
    tiles: dict[str, int]  # land tiles left, by kind
    volcano_tiles: int
    lava_tiles: int
    caldera_deck: Secret[Cards]
    caldera_hands: Owned[Cards]
    caldera_discard: list[str]
    points: PerSeat[int]  # bought in the end-game sequence
    islands: PerSeat[tuple[Hex, ...]]  # starting islands
    removed: list[int]  # tiles Erosion took out of the game
    winter: tuple[tuple[Hex, int], ...]  # spawn points and the turn each began
    super_volcano: tuple[int, ...]  # (q, r, seat) once set off
    bombed: PerSeat[int]  # the round of each seat's last Magma Bomb
    used: PerSeat[tuple[str, ...]]  # limited powers used: "rift@main"
    player: int  # whose turn it is (at set-up: who builds or picks)
    first: int
    turn: int
    round: int
    stage: Stage
    end_reason: str
    final_left: list[int]  # seats still to play their final turn
    this_turn: ThisTurn
    escaped: tuple[int, ...] = ()
    """The spots where critters that were on the target of the volcano striking now have
    gone (migrated, evacuated): Magma Siphon pays nothing for them."""
    _census: Census | None = None  # who stands where (see ``census``), not saved

    def unshare_caldera(self) -> None:
        """Copy the Caldera deck and hands before changing them: clones share them, as
        they change seldom (a card bought, played, dealt to the grid)."""
        self.caldera_deck = self.caldera_deck.own()
        self.caldera_hands = [h.own() for h in self.caldera_hands]

    @property
    def options(self) -> VolcaniqueOptions:
        """The game's variant options, typed."""
        return cast(VolcaniqueOptions, self.game.options)

    def changed(self) -> None:
        """Also count the critters again (after changing them other than by the
        position's methods)."""
        super().changed()
        self._census = None

    # -- the map ---------------------------------------------------------------------------
    @property
    def stacks(self) -> dict[int, tuple[int, ...]]:
        """The map, to read (change it with ``set_stack``)."""
        return self.board.stacks

    def set_stack(self, h: int, stack: tuple[int, ...]) -> None:
        board = self.board
        if board.frozen:  # shared with a clone: this position changes its own copy
            board = self.board = board.own()
        gone, formed = board.put(h, stack)
        census = self._census
        if census is not None:
            census.rebiome(board, gone, formed)

    def clone(self) -> Self:
        """A copy sharing the map until one of them changes it (see ``Board``)."""
        self.board.frozen = True
        return super().clone()

    def top(self, h: int) -> int | None:
        return self.board.top(h)

    def height(self, h: int) -> int:
        return self.board.height(h)

    def lava_hexes(self) -> frozenset[int]:
        """The hexes under lava (asked at most steps; mostly none)."""
        return frozenset([flow.at for flow in self.lava]) if self.lava else NO_HEXES

    # -- who stands where ------------------------------------------------------------------
    def census(self) -> Census:
        """The index of the critters (counted again when the position's dicts are not
        the ones it indexes: a clone, a loaded position, ``changed``)."""
        census = self._census
        if (
            census is None
            or census.critters is not self.critters
            or census.burrowed is not self.burrowed
        ):
            census = self._census = Census(self.players, self.critters, self.burrowed)
        return census

    def biome_counts(self) -> dict[Biome, list[int]]:
        """Each biome someone has critters in (burrowed ones too): the seats' critters,
        then the seats' burrowed critters (see ``Census``)."""
        return self.census().biomes(self.board)

    def held(self, biome: Biome) -> bool:
        """Someone has critters in the biome, burrowed ones too: it is controlled (no
        claiming, no moving onto it)."""
        return biome in self.census().biomes(self.board)

    def owners_in(self, biome: Biome, burrowed: bool = True) -> list[int]:
        """The seats with critters in a biome, in seat order (burrowed ones too unless
        ``burrowed`` is False: they collect nothing and fight no contest)."""
        counts = self.census().biomes(self.board).get(biome)
        if counts is None:
            return []
        p = self.players
        if burrowed:
            return [o for o in range(p) if counts[o] or counts[p + o]]
        return [o for o in range(p) if counts[o]]

    # -- critters --------------------------------------------------------------------------
    def add_critter(self, region: int, owner: int, k: int = 1, colossal: int = 0) -> None:
        """``k`` of ``owner``'s critters onto a region, ``colossal`` of them Colossal."""
        census = self.census()
        spot = region << OWNER_BITS | owner
        critters = self.critters
        n = critters.get(spot, 0)
        critters[spot] = n + k
        if colossal:
            self.colossal[spot] = self.colossal.get(spot, 0) + colossal
        census.added(spot, k, not n, self.board)

    def take_critter(self, region: int, owner: int, k: int = 1) -> int:
        """Take ``k`` of ``owner``'s critters off a region, regular ones first; returns
        how many of those taken are Colossal (they go on as Colossal)."""
        census = self.census()
        spot = region << OWNER_BITS | owner
        left = self.critters[spot] - k
        if left:
            self.critters[spot] = left
        else:
            del self.critters[spot]
        census.taken(spot, k, not left, self.board)
        big = self.colossal.get(spot, 0)
        if big <= left:
            return 0
        if left:
            self.colossal[spot] = left
        else:
            del self.colossal[spot]
        return big - left

    def take_colossal(self, region: int, owner: int) -> None:
        """Take one of ``owner``'s Colossal Critters off a region."""
        census = self.census()
        spot = region << OWNER_BITS | owner
        for counts in (self.colossal, self.critters):
            left = counts[spot] - 1
            if left:
                counts[spot] = left
            else:
                del counts[spot]
        census.taken(spot, 1, spot not in self.critters, self.board)

    def send_home(self, region: int, owner: int, k: int = 0) -> int:
        """``k`` (0: all) of ``owner``'s critters on a region go back to the hand, a
        Colossal Critter's top piece with it; returns how many critters."""
        n = k or self.critters[region << OWNER_BITS | owner]
        self.hand[owner] += n + self.take_critter(region, owner, n)
        return n

    def damage(self, spot: int) -> None:
        """A Colossal Critter takes 1 damage: its top piece goes back to the hand and it
        is a regular critter."""
        big = self.colossal[spot] - 1
        if big:
            self.colossal[spot] = big
        else:
            del self.colossal[spot]
        self.hand[spot & OWNER_MASK] += 1

    def bury(self, spot: int, k: int = 1) -> None:
        """``k`` burrowed critters onto a spot."""
        census = self.census()
        n = self.burrowed.get(spot, 0)
        self.burrowed[spot] = n + k
        census.buried(spot, k, not n, self.board)

    def unbury(self, spot: int, k: int = 0) -> int:
        """``k`` (0: all) burrowed critters off a spot; returns how many."""
        census = self.census()
        n = self.burrowed[spot]
        k = k or n
        if n > k:
            self.burrowed[spot] = n - k
        else:
            del self.burrowed[spot]
        census.unburied(spot, k, n <= k, self.board)
        return k

    def spots_on(self, h: int) -> list[int]:
        """The spots of a tile that hold critters, in order."""
        mask = self.census().on_hex.get(h)
        return spots_in_mask(h, mask) if mask else []

    def burrowed_on(self, h: int) -> list[int]:
        """The spots of a tile that hold burrowed critters, in the order they burrowed."""
        if h not in self.census().under_hex:
            return []
        return [x for x in self.burrowed if x >> SPOT_HEX == h]

    def spots_in(self, region: int) -> list[int]:
        """The spots of a region that hold critters (one per owner there)."""
        critters = self.critters
        base = region << OWNER_BITS
        return [base | o for o in range(self.players) if base | o in critters]

    def inhabited(self, h: int) -> bool:
        """Critters on the tile, burrowed ones too."""
        census = self.census()
        return h in census.on_hex or h in census.under_hex

    def owners_on(self, h: int) -> set[int]:
        return {spot & OWNER_MASK for spot in self.spots_on(h)}

    def placed(self) -> list[int]:
        """Critters on land tiles per seat (not on the grid nor in the crater)."""
        return self.census().placed[:]

    def wipe_hex(self, h: int) -> Events:
        """Return every critter on a tile (burrowed ones too) to its owner's hand."""
        events: Events = []
        for spot in self.spots_on(h):
            n = self.send_home(spot >> OWNER_BITS, spot & OWNER_MASK)
            events.append({"type": "wiped", "seat": spot & OWNER_MASK, "at": xy(h), "n": n})
        for spot in self.burrowed_on(h):
            n = self.unbury(spot)
            self.hand[spot & OWNER_MASK] += n
            events.append({"type": "wiped", "seat": spot & OWNER_MASK, "at": xy(h), "n": n})
        return events

    def take_tile(self, kind: str) -> None:
        self.tiles[kind] -= 1
        if self.tiles[kind] == 0:
            del self.tiles[kind]

    # -- results, hidden things ------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def unseen(self) -> list[Unseen]:
        """The Caldera cards in hands and in the deck: one pool of unseen cards (the
        hands are shown when the game is over)."""
        if self.stage is Stage.OVER:
            return []
        self.unshare_caldera()  # clones share the cards until one changes them: these will
        return [Pool(*self.caldera_hands, self.caldera_deck)]

    # -- a loaded position -----------------------------------------------------------------
    def check(self) -> None:
        """What a position cannot hold: names that are not in the box, critters on
        regions their tile does not have, more pieces of any kind than the box holds, a
        crater over 3, cards in two places, seats that are not there."""
        try:
            _check_names(self)
            _check_reach(self)
            _check_seats(self)
            if self.stage is Stage.SETUP:
                _check_setup(self)
            _check_stack(self)
            _check_critters(self)
            _check_pieces(self)
            _check_box(self)
        except ValueError as exc:
            raise MalformedInput(str(exc)) from None


NO_HEXES: frozenset[int] = frozenset()


def new_position(game: Game, players: int) -> VolcaniqueState:
    """The table before set-up: every piece in the box or in hand, no step pending."""
    s = VolcaniqueState.__new__(VolcaniqueState)
    s.setup(game, players)
    s.board = Board()
    s.critters, s.colossal, s.burrowed, s.sea = {}, {}, {}, {}
    s.lava = []
    s.hand = [CRITTERS] * players
    s.crater = [0] * players
    s.unlocked = [()] * players
    s.grid = {}
    s.resources = [[0] * NB for _ in range(players)]
    s.supply = [int(LIMITS["resource_supply"])] * NB
    s.tiles = dict(KIND_COUNT)
    s.volcano_tiles = int(LIMITS["volcano_tiles"])
    s.lava_tiles = int(LIMITS["lava_tiles"])
    s.caldera_deck = Cards()
    s.caldera_hands = [Cards(seen=seats_mask(p)) for p in range(players)]
    s.caldera_discard = []
    s.points = [0] * players
    s.islands = [()] * players
    s.removed = []
    s.winter = ()
    s.super_volcano = ()
    s.bombed = [-1] * players
    s.used = [()] * players
    s.player, s.first, s.turn, s.round = 0, -1, 0, 0
    s.stage = Stage.SETUP
    s.end_reason = ""
    s.final_left = []
    s.this_turn = ThisTurn()
    return s


def _known(names: list[str], known: Collection[str], what: str) -> None:
    for name in names:
        if name not in known:
            raise ValueError(f"unknown {what} {name!r}")


def _check_names(s: VolcaniqueState) -> None:
    """Every tile, grid slot, power and card named is in the box."""
    _known([*s.grid, *(x for u in s.unlocked for x in u)], SLOTS, "grid slot")
    cards = [*s.caldera_deck.items, *(c for h in s.caldera_hands for c in h.items)]
    _known([*s.grid.values(), *cards, *s.caldera_discard, *s.this_turn.granted], POWER_IDS, "power")
    _known(list(s.tiles), KIND_COUNT, "tile")
    for u in s.used:
        for use in u:
            power, _, stage = use.partition("@")
            _known([power], POWER_IDS, "power")
            _known([stage], ("main", "final"), "stage of a limited power's use")
    codes = [c for stack in s.board.stacks.values() for c in stack] + s.removed
    for code in codes:
        if code not in EDGES and code not in (SOIL, VOLCANO):
            raise ValueError(f"unknown tile code {code}")
    if any(len(r) != NB for r in [*s.resources, s.supply]):
        raise ValueError(f"resources are counts of the {NB} biome colours")


MAP_REACH = 2 * (
    sum(size * KIND_COUNT[kind] for kind, size in zip(KINDS, KIND_SIZE, strict=True))
    + int(LIMITS["volcano_tiles"])
    + int(LIMITS["lava_tiles"])
)
"""How far from the first Uno (the origin) a hex may lie: twice as many steps as the
box has hexes of land, which no map built by the rules can outgrow."""


def _check_reach(s: VolcaniqueState) -> None:
    """Every hex named lies within reach of the map (a hex a million steps away would
    make every drawing of the map a million hexes wide)."""
    ids = [*s.board.stacks, *(flow.at for flow in s.lava), *s.sea]
    hexes = [hex_of(x) for x in ids] + [h for island in s.islands for h in island]
    for h in hexes + [h for h, _ in s.winter]:
        if distance(h, (0, 0)) > MAP_REACH:
            raise ValueError(f"the hex {h[0]},{h[1]} lies far off any map the box can build")


def _check_seats(s: VolcaniqueState) -> None:
    """The player to move, the first player and the starting islands are there."""
    n, seats = s.players, range(s.players)
    if not (s.player in seats and -1 <= s.first < n and s.turn >= 0 and s.round >= 0):
        raise ValueError("the player to move, the first player or the turn is not there")
    if any(len(i) > ISLAND_PIECES for i in s.islands):
        raise ValueError("a starting island of up to 3 tiles for each seat")
    if any(x not in seats for x in [*s.sea.values(), *s.final_left]):
        raise ValueError("a seat that is not there")


NEW_FLOW_STEPS = ("divert", "diversion")
"""Steps whose lava flow may be -1: a new flow still leaving its volcano (``lava.NEW``)."""


def _check_stack(s: VolcaniqueState) -> None:
    """Each pending step names lava flows, seats, hexes, critters and tiles that are there."""
    seats = range(s.players)
    for f in s.stack:
        args = f.args._asdict()
        lowest = -1 if f.step.name in NEW_FLOW_STEPS else 0
        if not lowest <= args.get("index", 0) <= len(s.lava) or any(
            o not in seats for o in args.get("others", ())
        ):
            raise ValueError(f"the pending step {f.step.name} names a lava flow or seat not there")
        hexes = [*(args.get("island") or ()), *args.get("dests", ())]
        if "volcano" in args:
            hexes.append(args["volcano"])
        if "region" in args:
            spot = region_id(args["region"]) << OWNER_BITS | args.get("seat", f.seat)
            if spot not in s.critters and spot not in s.burrowed:
                raise ValueError(
                    f"the pending step {f.step.name} moves a critter that is not there"
                )
        if any(hex_id(h) not in s.board.stacks for h in hexes):
            raise ValueError(f"the pending step {f.step.name} names a hex without land")
        kind = args.get("kind")
        tile = KINDS[kind] if type(kind) is int and 0 <= kind < len(KINDS) else args.get("tile")
        if "kind" in args and tile is None:
            raise ValueError(f"the pending step {f.step.name} names no tile")
        if tile is not None and f.step.name in TAKES_TILE and not _in_stock(s, tile):
            raise ValueError(f"the pending step {f.step.name} takes a {tile} tile that is not left")


def _check_critters(s: VolcaniqueState) -> None:
    """Critters stand on regions their tile has; Colossal ones are among them."""
    seats = range(s.players)
    if any(s.colossal.get(x, 0) > n for x, n in s.critters.items()) or any(
        x not in s.critters for x in s.colossal
    ):
        raise ValueError("more Colossal Critters than critters on a spot")
    if any(VOLCANO in stack[:-1] for stack in s.board.stacks.values()):
        raise ValueError("a volcano under another tile")
    moving = {f.args.region for f in s.stack if "region" in f.args._fields}
    for spots in (s.critters, s.burrowed, s.colossal):
        for spot, k in spots.items():
            q, r, c, o = spot_of(spot)
            top = s.board.top(spot >> SPOT_HEX)
            real = top is not None and top >= 0 and c in COLOURS_OF[top]
            if o not in seats or k < 1 or not (real or (q, r, c) in moving):
                raise ValueError(f"{k} critters of seat {o} on {q},{r} {BIOMES[c % NB]}")
    for h in s.sea:
        if h in s.board.stacks:
            raise ValueError(f"a sea critter on land at {hex_of(h)}")


def _check_pieces(s: VolcaniqueState) -> None:
    """Each seat has all its critters, and no negative counts."""
    for p in range(s.players):
        pieces = s.hand[p] + s.crater[p] + len(s.unlocked[p])
        pieces += sum(1 for o in s.sea.values() if o == p)
        for spots in (s.critters, s.burrowed, s.colossal):
            pieces += sum(k for spot, k in spots.items() if spot & OWNER_MASK == p)
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
    codes = [c for stack in s.board.stacks.values() for c in stack] + s.removed
    land = Counter(KINDS[kind_of(c)] for c in codes if c >= 0)
    for kind, count in KIND_COUNT.items():
        if not 0 <= s.tiles.get(kind, 0) <= count - land[kind]:
            on_map = _hexes_with(s, _of_kind(kind))
            raise ValueError(
                _too_many(f"{tile_name(kind)} tiles", count, s.tiles.get(kind, 0), on_map)
            )
    if not 0 <= s.volcano_tiles <= LIMITS["volcano_tiles"] - codes.count(VOLCANO):
        on_map = _hexes_with(s, lambda c: c == VOLCANO)
        raise ValueError(
            _too_many("volcano tiles", LIMITS["volcano_tiles"], s.volcano_tiles, on_map)
        )
    if not 0 <= s.lava_tiles <= LIMITS["lava_tiles"] - codes.count(SOIL) - len(s.lava):
        on_map = _hexes_with(s, lambda c: c == SOIL) + [hex_of(f.at) for f in s.lava]
        raise ValueError(
            _too_many("lava and volcanic soil tiles", LIMITS["lava_tiles"], s.lava_tiles, on_map)
        )
    cards = [*s.caldera_deck.items, *s.caldera_discard, *s.grid.values()]
    cards += [c for hand in s.caldera_hands for c in hand.items]
    if len(cards) != len(set(cards)) or s.caldera_deck.under:
        raise ValueError("a power card is in two places")
    if any(hand.under for hand in s.caldera_hands):
        raise ValueError("a Caldera hand holds no pile")
    held = [slot for u in s.unlocked for slot in u]
    if any(slot not in s.grid for slot in held):
        raise ValueError("a power unlocked on an empty slot of the grid")


def _hexes_with(s: VolcaniqueState, wanted: Callable[[int], bool]) -> list[Hex]:
    """Each hex once for every tile of its stack that is ``wanted``."""
    return [hex_of(h) for h, stack in sorted(s.board.stacks.items()) for c in stack if wanted(c)]


def _of_kind(kind: str) -> Callable[[int], bool]:
    def wanted(code: int) -> bool:
        return code >= 0 and KINDS[kind_of(code)] == kind

    return wanted


def _too_many(what: str, box: int, supply: int, on_map: list[Hex]) -> str:
    """The box's count, and where the tiles counted lie (a hex holding several: its count)."""
    per_hex = Counter(on_map)
    hexes = [f"{q},{r}" + (f" ({n})" if n > 1 else "") for (q, r), n in per_hex.items()]
    where = ", ".join(hexes[:8]) + (", ..." if len(hexes) > 8 else "")
    said = [f"{len(on_map)} on the map ({where})" if on_map else ""]
    said.append(f"{supply} in the supply" if supply > 0 else "")
    return f"more {what} than the box holds ({box}): " + " and ".join(x for x in said if x)


def _check_setup(s: VolcaniqueState) -> None:
    """During set-up each starting island lies on the map, as many tiles as are built."""
    if any(hex_id(h) not in s.board.stacks for i in s.islands for h in i):
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
