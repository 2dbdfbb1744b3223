"""An evaluation for the greedy and MCTS bots: points, plus progress toward the next card
to build, resources kept safe, upgrades, and the danger of drowning far from the Hatch.

The tie at the end: a bot names itself when it is among the tied players (its result is
1 then); otherwise it names the tied player who comes first after it in turn order (the
small ``TIE_ORDER`` term below breaks the greedy bot's indifference that way).
"""

from __future__ import annotations

from functools import cache

from lapilli.core.grid import distances

from .board import ocean
from .components import (
    ACTIONS,
    BLUEPRINTS,
    DIAMOND,
    FINS,
    FOOD,
    NRES,
    QUARTZ,
    RADIO,
    ROCKETS,
    TILES,
    TITANIUM,
)
from .habitat import card_cost
from .state import DeeperState

SCALE = 3.0
"""Heuristic units that make a clear favourite (about one built card)."""

WORTH = (0.04, 0.08, 0.1, 0.15, 0.15, 0.2, 0.3)
"""A spare resource token's worth, in RESOURCES order (fish ... diamond, food)."""
UPGRADE_WORTH = {
    "fins": 0.8,
    "knife": 0.2,
    "sea_glide": 0.3,
    "swim_bag": 0.4,
    "back_pack": 0.5,
    "rebreather": 0.6,
    "air_tank": 0.5,
}
GOAL = 0.8  # per star of the card worked toward, once it is built (nothing left to do)
HELD = 0.5  # the share of GOAL earned by holding the card's cost (the rest by nearness)
TMAX = 32  # actions counted at most toward a card
FAR = 12  # swims counted at most to a tile
LEVEL = 1  # swims a depth level takes (straight down a column)
EXPLORE = 4  # actions a Scan for a missing resource takes, counting the tries
SPARE = 2  # spare tokens of a kind worth keeping
STORED = 0.1  # per resource for the next card kept in the Storage (safe from drowning)
DROWNED = 3  # actions a drowning on a trip costs (what it loses, fetched again)
TIE_ORDER = 0.01


def _first_deck(s: DeeperState, k: int) -> int:
    """The shallowest deck still holding a tile with resource ``k`` (the decks' contents
    are no secret: every tile is listed); 1 when none does (the market may)."""
    for level, deck in enumerate(s.decks, 1):
        if any(TILES[t].resources[k] for t in deck.items) or any(
            TILES[t].resources[k] for t in deck.under
        ):
            return level
    return 1


def _goals(s: DeeperState, p: int) -> list[tuple[list[int], int]]:
    """The cost and stars of each card worth working toward: the Radio, then the rocket
    cards left."""
    if RADIO not in s.built[p]:
        return [(card_cost(s, p, RADIO), BLUEPRINTS[RADIO].points)]
    return [(card_cost(s, p, r), ROCKETS[r].points) for r in s.rockets]


def _paid(goal: list[int], held: list[float]) -> tuple[list[float], list[float], float]:
    """What of ``goal`` the held resources pay for, per resource, what they use up, and how
    many Fabricator conversions that takes (2 spare titanium make a quartz, a spare
    diamond makes anything)."""
    covered = [min(held[k], goal[k]) for k in range(NRES)]
    used = covered[:]
    extra = min(goal[QUARTZ] - covered[QUARTZ], (held[TITANIUM] - covered[TITANIUM]) // 2)
    covered[QUARTZ] += extra
    used[TITANIUM] += 2 * extra
    converts = extra
    spare = held[DIAMOND] - used[DIAMOND]
    for k in range(NRES):
        fill = min(spare, goal[k] - covered[k])
        if fill > 0:
            covered[k] += fill
            used[DIAMOND] += fill
            spare -= fill
            converts += fill
    return covered, used, converts


_PATHS: dict[tuple[int, bytes, int], dict[int, int]] = {}
"""Swims from a cell over the placed tiles, by board layout: the bots ask for the same few
layouts thousands of times a turn."""


def _swims(s: DeeperState, start: int) -> dict[int, int]:
    tiles = s.tiles
    key = (s.players, bytes(map(bool, tiles)), start)
    found = _PATHS.get(key)
    if found is None:
        if len(_PATHS) > 100_000:
            _PATHS.clear()
        around = _on_board(s.players)
        found = _PATHS[key] = distances([start], around.__getitem__, lambda c: tiles[c] is not None)
    return found


@cache
def _water(players: int, start: int) -> dict[int, int]:
    """Hexes from ``start`` through open water and tiles alike."""
    return distances([start], _on_board(players).__getitem__)


@cache
def _on_board(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(n for n in around if n >= 0) for around in ocean(players).neighbours)


def _way_home(s: DeeperState, p: int, reach: dict[int, int]) -> int:
    """Swims to the Hatch; cut off from it, a way must be explored (about two actions a
    hex: place a tile, swim onto it)."""
    hatch = s.ocean.hatches[p]
    if hatch in reach:
        return reach[hatch]
    return min(FAR, 2 * _water(s.players, s.pawn[p]).get(hatch, FAR))


def _actions_left(
    s: DeeperState,
    goal: list[int],
    covered: list[float],
    start: int,
    reach: dict[int, int],
    back: dict[int, int],
    home: int,
) -> float:
    """A rough count of the actions still needed to build ``goal`` from ``start`` (with
    ``reach`` its swims, ``home`` its way home): a tour that swims each time to the
    nearest tile holding something still missing (diamonds, which the Fabricator turns
    into anything, once no tile holds it) and gathers it, 2 at a time; a dive to the
    deck that holds what no tile does; then home and the Craft."""
    res = s.res
    missing = [goal[k] - covered[k] for k in range(NRES)]
    taken: dict[int, float] = {}  # tokens already counted, by cell * NRES + resource
    t, at, way_back = 1.0, start, home
    while True:
        hop = _nearest(res, missing, taken, reach)
        if hop is None:
            break
        d, c, k, wanted, convert = hop
        take = min(wanted, res[c * NRES + k] - taken.get(c * NRES + k, 0))
        taken[c * NRES + k] = taken.get(c * NRES + k, 0) + take
        t += 1 + min(FAR, d) + convert * take  # swims, a Gather, a Convert per diamond
        for r in range(NRES) if convert else (k,):
            use = min(take, max(0.0, missing[r]))
            missing[r] -= use
            take -= use
        if c != at:
            at, reach, way_back = c, _swims(s, c), back.get(c, FAR)
    level = s.ocean.levels[at]
    for k in range(NRES):
        if missing[k] > 0:
            # a dive to the deck that holds it: down, Scan (a few tries), onto the new
            # tile, gather; then home from that depth
            deck = _first_deck(s, k)
            t += LEVEL * max(0, deck - level) + EXPLORE + (missing[k] + 1) // 2
            level = max(level, deck)
            way_back = max(way_back, LEVEL * deck + 1)
    return t + min(FAR, way_back)


Hop = tuple[int, int, int, float, bool]
"""Swims to a tile, the tile, the resource gathered there, how many, converted or not."""


def _nearest(
    res: list[int], missing: list[float], taken: dict[int, float], reach: dict[int, int]
) -> Hop | None:
    """The nearest tile holding a missing resource; once no tile does, the nearest
    diamond (the Fabricator turns it into what is missing)."""
    best: Hop | None = None
    for k in range(NRES):
        if missing[k] > 0:
            for c, d in reach.items():
                if (best is None or d < best[0]) and res[c * NRES + k] > taken.get(c * NRES + k, 0):
                    best = (d, c, k, min(missing[k], 2), False)
    wanted = sum(m for m in missing if m > 0)
    if best is not None or wanted <= 0:
        return best
    for c, d in reach.items():
        if (best is None or d < best[0]) and res[c * NRES + DIAMOND] > taken.get(
            c * NRES + DIAMOND, 0
        ):
            best = (d, c, DIAMOND, min(wanted, 2), True)
    return best


def _drownings(actions: float, before: int, lungs: int) -> int:
    """How often a plan of ``actions`` drowns, the air lasting ``before`` actions and
    then, each time, the half Lungs a drowning refills."""
    if actions <= before:
        return 0
    return 1 + int(actions - before - 1) // (ACTIONS * (lungs // 2 + 1))


def _trip(
    s: DeeperState,
    p: int,
    goal: list[int],
    covered: list[float],
    start: int,
    air: int,
    reach: dict[int, int],
    back: dict[int, int],
    home: int,
) -> float:
    """The actions still needed to build ``goal``: from ``start`` (with ``air`` actions
    before drowning), or home to breathe first and out again, whichever is shorter. Each
    time a plan outlasts the air the diver drowns, which costs about ``DROWNED`` actions
    more (what it loses, fetched again)."""
    lungs = s.lungs(p)
    here = _actions_left(s, goal, covered, start, reach, back, home)
    here += DROWNED * _drownings(here, air, lungs)
    if not home:
        return here
    trip = _actions_left(s, goal, covered, s.ocean.hatches[p], back, back, 0)
    trip += DROWNED * _drownings(trip, _full_air(s, p), lungs)
    return min(here, home + trip)


Ways = tuple[int, int, dict[int, int], dict[int, int], int]
"""Where the trip starts, the actions before the air runs out there, its swims, swims
from the Hatch, and the way home."""


def _full_air(s: DeeperState, p: int) -> int:
    """The actions from the Hatch, where the Lungs fill up."""
    return ACTIONS * (s.lungs(p) + 1)


def _before_drowning(s: DeeperState, p: int) -> tuple[int, int]:
    """The actions, and the swims, ``p`` has before its air runs out: those left this
    turn if it has not breathed yet (spent actions cannot swim home), then a turn's
    for each air token (the Fins add a swim a turn)."""
    fins = int(s.has(p, FINS))
    air = s.air[p]
    if not any(f.step.name == "breathe" and f.args.seat == p for f in s.stack):
        return ACTIONS * (air + 1), (ACTIONS + fins) * (air + 1)
    left = next((f.args.left for f in s.stack if f.step.name == "act"), 0)
    first_swim = fins if left and not s.swum else 0
    return left + ACTIONS * air, left + first_swim + (ACTIONS + fins) * air


def _kept(s: DeeperState, p: int, home: int, swum: int) -> float:
    """The share of the Inventory expected to reach the Hatch: drowning on the way home
    loses one random resource per depth level of the hex where the air runs out (the
    depth shrinks about evenly along the way; the Lungs refilled by half then last),
    ``swum`` the swims it has before its air runs out."""
    carried = sum(s.inventory[p])
    if not home or not carried:
        return 1.0
    if swum >= home:
        return 1.0
    level = max(1, -(-s.level(p) * (home - swum) // home))
    return 1.0 - min(1.0, level / carried)


def _worth(
    s: DeeperState,
    p: int,
    goal: list[int],
    stars: int,
    held: list[float],
    ways: Ways,
    later: int = 0,
) -> tuple[float, list[float]]:
    """Progress toward one card and what of the held resources it uses: holding its
    cost counts by itself, so a bot makes room for it (spare tokens are worth less than
    a share of a card), and so does nearness (starting ``later`` actions from now)."""
    covered, used, converts = _paid(goal, held)
    t = later + _trip(s, p, goal, covered, *ways) + converts
    held_share = sum(covered) / sum(goal) if sum(goal) else 1.0
    near = 1.0 - min(TMAX, t) / TMAX
    worth = GOAL * stars * (HELD * held_share + (1.0 - HELD) * near)
    sto = s.storage[p]
    return worth + STORED * sum(min(sto[k], used[k]) for k in range(NRES)), used


def value(s: DeeperState, p: int) -> float:
    v = float(sum(s.breakdown(p).values()))
    inv, sto = s.inventory[p], s.storage[p]
    reach = _swims(s, s.pawn[p])
    home = 0 if s.in_habitat(p) else _way_home(s, p, reach)
    hatch = s.ocean.hatches[p]
    air, swum = _before_drowning(s, p)
    if s.pawn[p] == hatch:
        air = _full_air(s, p)
    ways = (s.pawn[p], air, reach, _swims(s, hatch), home)
    # what drowning on the way home would take is not counted as held
    keep = _kept(s, p, home, swum)
    held = [sto[k] + keep * inv[k] for k in range(NRES)]
    goals = _goals(s, p)
    # a card whose whole cost is held is built first, then the best of the others
    ready = max(
        (g for g in goals if all(held[k] >= n for k, n in enumerate(g[0]))),
        key=lambda g: g[1],
        default=None,
    )
    spent, later = [0.0] * NRES, 0
    if ready is not None:
        worth, spent = _worth(s, p, *ready, held, ways)
        v += worth
        goals = [g for g in goals if g is not ready]
        # the next card's trip starts at the Hatch, after this one is built
        ways, later = (hatch, _full_air(s, p), ways[3], ways[3], 0), home + 1
    rest = [held[k] - spent[k] for k in range(NRES)]
    best, used = max(
        (_worth(s, p, goal, stars, rest, ways, later) for goal, stars in goals),
        key=lambda w: w[0],
        default=(0.0, [0.0] * NRES),
    )
    v += best
    spent = [spent[k] + used[k] for k in range(NRES)]
    # a few spare tokens of a kind are worth keeping; a hoard only fills the cells
    v += sum(WORTH[k] * min(SPARE, held[k] - spent[k]) for k in range(NRES) if k != FOOD)
    # food scores only in the Storage: carried food is worth what the Storage has room for
    v += WORTH[FOOD] * keep * min(inv[FOOD], s.storage_room(p))
    v += sum(w for k, w in UPGRADE_WORTH.items() if s.has(p, k))
    v += 0.2 * sum(1 for c in s.hands[p].hidden() if c != RADIO)
    return v


def heuristic(s: DeeperState, seat: int) -> float:
    if s.is_terminal() and s.tie_winner >= 0 and seat not in s.tied():
        # the tie-break rule for a bot outside the tie (see the module notes)
        return -TIE_ORDER * ((s.tie_winner - seat) % s.players)
    mine = value(s, seat)
    if s.players == 1:
        return mine
    return mine - max(value(s, p) for p in range(s.players) if p != seat)
