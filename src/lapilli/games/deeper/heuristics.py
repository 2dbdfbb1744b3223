"""An evaluation for the greedy and MCTS bots: points, plus progress toward the next card
to build, resources kept safe, upgrades, and the danger of drowning far from the Hatch;
and for the search's rollouts a quick move (``playout``) and the turn as its horizon.

The tie at the end: a bot names itself when it is among the tied players (its result is
1 then); otherwise it names the tied player who comes first after it in turn order (the
small ``TIE_ORDER`` term below breaks the greedy bot's indifference that way).

The bots ask for thousands of positions a decision that differ in little (one diver
swam, one token moved), so the work is kept by what decides it, exactly. The board and
the decks are read once per version (every rule that changes them renews it, see
``DeeperState.board_changed``) and each content read gets a number (``_Shared``); the
swims are kept by the board's layout, a planned tour by that number, where it starts and
what it lacks, a player's whole value by that number and the player's own things. Every
key holds all that its result reads, hidden things included (a hand's size), so a memo
never answers for a position what it would not compute for it; each memo is emptied
past ``LIMIT`` entries.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import count
from operator import add, ge, sub
from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.grid import distances
from lapilli.core.playouts import best_by, looks

from .board import ocean
from .components import (
    ACTIONS,
    BLUEPRINTS,
    DECKS,
    DIAMOND,
    FINS,
    FOOD,
    FOOD_POINTS,
    MILESTONES,
    NRES,
    QUARTZ,
    RADIO,
    ROCKETS,
    TILES,
    TITANIUM,
    UPGRADE_BIT,
)
from .habitat import cost_after
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


_HOLDS = {t: sum(1 << k for k, n in enumerate(tile.resources) if n) for t, tile in TILES.items()}
"""Per tile, the resources printed on it, as bits."""


def _found(tiles: Iterable[str], look: int) -> int:
    """Which of the resources ``look`` (bits) the ``tiles`` hold, looking no further
    than needed."""
    held = 0
    for t in tiles:
        held |= _HOLDS[t] & look
        if held == look:
            break
    return held


_MAY_HOLD = [_found(deck, -1) for deck in DECKS]
"""Per deck, the resources its tiles may hold (a tile goes back only to its own deck)."""


def _deck_levels(s: DeeperState) -> tuple[int, ...]:
    """Per resource, the shallowest deck still holding a tile with it (the decks'
    contents are no secret: every tile is listed); 1 when none does (the market may)."""
    levels = [1] * NRES
    wanted = (1 << NRES) - 1
    for level, deck in enumerate(s.decks, 1):
        look = wanted & _MAY_HOLD[level - 1]
        held = _found(deck.items, look)
        held |= _found(deck.under, look & ~held) if held != look else 0
        for k in range(NRES):
            if held >> k & 1:
                levels[k] = level
        wanted &= ~held
    return tuple(levels)


class _Shared(NamedTuple):
    """What every player's evaluation reads of the board and the decks, and a number
    naming it: the same number for the same tiles, resources on them and decks."""

    key: int
    layout: bytes  # per hex: whether a tile lies there
    decks: tuple[int, ...]  # per resource: the shallowest deck holding it


LIMIT = 50_000
"""Entries a memo holds before it is emptied: the bots' memory stays flat."""
_NUMBERS = count()  # never reused, so a memo entry never outlives its meaning
_NAMED: dict[tuple[object, ...], int] = {}  # numbers of board contents
_READ: dict[tuple[int, int], _Shared] = {}  # by board_version and decks_version
_TILES: dict[int, tuple[int, bytes]] = {}  # by board_version: its number, its layout
_DECKS: dict[int, tuple[int, ...]] = {}  # by decks_version: the deck levels


def _number(content: tuple[object, ...]) -> int:
    """The number of ``content``: the same for equal contents while it is remembered."""
    found = _NAMED.get(content)
    if found is None:
        if len(_NAMED) > LIMIT:
            _NAMED.clear()
        found = _NAMED[content] = next(_NUMBERS)
    return found


def _shared(s: DeeperState) -> _Shared:
    """The board and decks as the evaluation reads them, once per version (see
    ``DeeperState.board_changed``): the positions a bot looks at share them with the
    position they came from until a rule changes them."""
    versions = (s.board_version, s.decks_version)
    found = _READ.get(versions)
    if found is None:
        tiles = _TILES.get(s.board_version)
        if tiles is None:
            layout = bytes(map(bool, s.tiles))
            tiles = _TILES[s.board_version] = (_number((layout, tuple(s.res))), layout)
        decks = _DECKS.get(s.decks_version)
        if decks is None:
            decks = _DECKS[s.decks_version] = _deck_levels(s)
        key = _number((s.players, s.options.habitat, tiles[0], decks))
        for memo in (_READ, _TILES, _DECKS):
            if len(memo) > LIMIT:
                memo.clear()
        found = _READ[versions] = _Shared(key, tiles[1], decks)
    return found


Goal = tuple[tuple[int, ...], int]
"""A card's cost and its stars."""


def _goals(s: DeeperState, p: int) -> tuple[Goal, ...]:
    """The cost and stars of each card worth working toward: the Radio, then the rocket
    cards left."""
    return _goals_of(s.built[p], s.rockets)


@lru_cache(maxsize=1024)
def _goals_of(built: tuple[str, ...], rockets: tuple[str, ...]) -> tuple[Goal, ...]:
    if RADIO not in built:
        return ((tuple(cost_after(built, RADIO)), BLUEPRINTS[RADIO].points),)
    return tuple((tuple(cost_after(built, r)), ROCKETS[r].points) for r in rockets)


def _paid(goal: tuple[int, ...], held: list[float]) -> tuple[list[float], list[float], float]:
    """What of ``goal`` the held resources pay for, per resource, what they use up, and how
    many Fabricator conversions that takes (2 spare titanium make a quartz, a spare
    diamond makes anything)."""
    covered = list(map(min, held, goal))
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
layouts thousands of times a turn. In the order of a breadth-first search: nearest first."""


def _swims(s: DeeperState, start: int, layout: bytes | None = None) -> dict[int, int]:
    if layout is None:
        layout = bytes(map(bool, s.tiles))
    key = (s.players, layout, start)
    found = _PATHS.get(key)
    if found is None:
        if len(_PATHS) > LIMIT:
            _PATHS.clear()
        around = _on_board(s.players)
        found = _PATHS[key] = distances([start], around.__getitem__, lambda c: layout[c] > 0)
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


_TRIPS: dict[tuple[int, int, int, int, tuple[float, ...]], float] = {}
"""Planned tours, by the shared position, where they start, the Hatch and the way
home, and what they still lack: sibling positions share most of them."""


def _actions_left(
    s: DeeperState,
    sh: _Shared,
    missing: tuple[float, ...],
    start: int,
    back: dict[int, int],
    home: int,
    hatch: int,
) -> float:
    """A rough count of the actions still needed to gather what is ``missing`` for a card
    and build it, from ``start`` (with ``home`` its way home to ``hatch``, ``back`` the
    swims from there): a tour that swims each time to the nearest tile holding something
    still missing (diamonds, which the Fabricator turns into anything, once no tile
    holds it) and gathers it, 2 at a time; a dive to the deck that holds what no tile
    does; then home and the Craft."""
    key = (sh.key, start, hatch, home, missing)
    found = _TRIPS.get(key)
    if found is None:
        if len(_TRIPS) > LIMIT:
            _TRIPS.clear()
        found = _TRIPS[key] = _tour(s, sh, list(missing), start, back, home)
    return found


def _tour(
    s: DeeperState, sh: _Shared, missing: list[float], start: int, back: dict[int, int], home: int
) -> float:
    """``_actions_left``, worked out (``missing`` is used up on the way)."""
    res = s.res
    taken: dict[int, float] = {}  # tokens already counted, by cell * NRES + resource
    t, at, way_back = 1.0, start, home
    reach = _swims(s, start, sh.layout)
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
            at, reach, way_back = c, _swims(s, c, sh.layout), back.get(c, FAR)
    level = s.ocean.levels[at]
    for k in range(NRES):
        if missing[k] > 0:
            # a dive to the deck that holds it: down, Scan (a few tries), onto the new
            # tile, gather; then home from that depth
            deck = sh.decks[k]
            t += LEVEL * max(0, deck - level) + EXPLORE + (missing[k] + 1) // 2
            level = max(level, deck)
            way_back = max(way_back, LEVEL * deck + 1)
    return t + min(FAR, way_back)


Hop = tuple[int, int, int, float, bool]
"""Swims to a tile, the tile, the resource gathered there, how many, converted or not."""


def _nearest(
    res: list[int], missing: list[float], taken: dict[int, float], reach: dict[int, int]
) -> Hop | None:
    """The nearest tile holding a missing resource (the first resource on a tie);
    once no tile does, the nearest diamond (the Fabricator turns it into what is
    missing). ``reach`` lists the nearest first: each search stops at its first find,
    or where it can no longer beat the best."""
    best: Hop | None = None
    for k in range(NRES):
        if missing[k] > 0:
            c = _first_holding(res, k, taken, reach, None if best is None else best[0])
            if c is not None:
                best = (reach[c], c, k, min(missing[k], 2), False)
    if best is not None:
        return best
    wanted = sum(m for m in missing if m > 0)
    if wanted <= 0:
        return None
    c = _first_holding(res, DIAMOND, taken, reach, None)
    return None if c is None else (reach[c], c, DIAMOND, min(wanted, 2), True)


def _first_holding(
    res: list[int], k: int, taken: dict[int, float], reach: dict[int, int], within: int | None
) -> int | None:
    """The first cell of ``reach`` still holding resource ``k`` (beyond what the tour
    has ``taken``), if it lies nearer than ``within`` swims."""
    for c, d in reach.items():
        if within is not None and d >= within:
            return None
        if res[c * NRES + k] > taken.get(c * NRES + k, 0):
            return c
    return None


def _drownings(actions: float, before: int, lungs: int, per_turn: int = ACTIONS) -> int:
    """How often a plan of ``actions`` drowns, the air lasting ``before`` actions and
    then, each time, the half Lungs a drowning refills (``per_turn``: actions a turn)."""
    if actions <= before:
        return 0
    return 1 + int(actions - before - 1) // (per_turn * (lungs // 2 + 1))


class _Ways(NamedTuple):
    """Where a trip starts, the actions before the air runs out there, the way home
    from there, and the swims from the Hatch."""

    start: int
    air: int
    home: int
    back: dict[int, int]


def _trip(
    s: DeeperState, sh: _Shared, p: int, goal: tuple[int, ...], covered: list[float], ways: _Ways
) -> float:
    """The actions still needed to build ``goal``: from the start (with its air), or
    home to breathe first and out again, whichever is shorter. Each time a plan
    outlasts the air the diver drowns, which costs about ``DROWNED`` actions more (what
    it loses, fetched again)."""
    lungs = s.lungs(p)
    hatch = s.ocean.hatches[p]
    missing = tuple(map(sub, goal, covered))
    here = _actions_left(s, sh, missing, ways.start, ways.back, ways.home, hatch)
    per_turn = s.options.actions
    here += DROWNED * _drownings(here, ways.air, lungs, per_turn)
    if not ways.home:
        return here
    trip = _actions_left(s, sh, missing, hatch, ways.back, 0, hatch)
    trip += DROWNED * _drownings(trip, _full_air(s, p), lungs, per_turn)
    return min(here, ways.home + trip)


def _full_air(s: DeeperState, p: int) -> int:
    """The actions from the Hatch, where the Lungs fill up."""
    return s.options.actions * (s.lungs(p) + 1)


def _before_drowning(s: DeeperState, p: int) -> tuple[int, int]:
    """The actions, and the swims, ``p`` has before its air runs out: those left this
    turn if it has not breathed yet (spent actions cannot swim home), then a turn's
    for each air token (the Fins add a swim a turn)."""
    fins = int(s.has(p, FINS))
    air = s.air[p]
    per_turn = s.options.actions
    breathes, left = False, -1  # (one pass: every position evaluated asks this)
    for f in s.stack:
        name = f.step.name
        if name == "breathe" and f.args.seat == p:
            breathes = True
        elif name == "act" and left < 0:
            left = f.args.left
    if not breathes:
        return per_turn * (air + 1), (per_turn + fins) * (air + 1)
    left = max(left, 0)
    first_swim = fins if left and not s.swum else 0
    return left + per_turn * air, left + first_swim + (per_turn + fins) * air


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
    sh: _Shared,
    p: int,
    goal: tuple[int, ...],
    stars: int,
    held: list[float],
    ways: _Ways,
    later: int = 0,
) -> tuple[float, list[float]]:
    """Progress toward one card and what of the held resources it uses: holding its
    cost counts by itself, so a bot makes room for it (spare tokens are worth less than
    a share of a card), and so does nearness (starting ``later`` actions from now)."""
    covered, used, converts = _paid(goal, held)
    t = later + _trip(s, sh, p, goal, covered, ways) + converts
    held_share = sum(covered) / sum(goal) if sum(goal) else 1.0
    near = 1.0 - min(TMAX, t) / TMAX
    worth = GOAL * stars * (HELD * held_share + (1.0 - HELD) * near)
    sto = s.storage[p]
    return worth + STORED * sum(map(min, sto, used)), used


_VALUES: dict[tuple[object, ...], float] = {}
"""Each player's value, by the shared position and the player's own things."""


def value(s: DeeperState, p: int) -> float:
    return _value(s, p, _shared(s))


def _value(s: DeeperState, p: int, sh: _Shared) -> float:
    drowning = _before_drowning(s, p)
    hand = s.hands[p].items
    cards = sum(hand.values()) - hand.get(RADIO, 0)  # all that the value reads of the hand
    # all that the value reads of the player's own things (whether the diver is in
    # the habitat follows from the pawn and the shared position)
    key = (
        sh.key,
        s.rockets,
        p,
        s.pawn[p],
        s.upgrades[p],
        s.milestones[p],
        s.built[p],
        s.rocket_cards[p],
        tuple(s.inventory[p]),
        tuple(s.storage[p]),
        drowning,
        cards,
    )
    found = _VALUES.get(key)
    if found is None:
        if len(_VALUES) > LIMIT:
            _VALUES.clear()
        found = _VALUES[key] = _evaluate(s, p, sh, drowning, cards)
    return found


def _evaluate(s: DeeperState, p: int, sh: _Shared, drowning: tuple[int, int], cards: int) -> float:
    """``value``, worked out (``drowning`` is what ``_before_drowning`` says, ``cards``
    the blueprint cards in hand but the Radio)."""
    inv, sto = s.inventory[p], s.storage[p]
    v = float(_points(s.built[p], s.rocket_cards[p], s.milestones[p]) + FOOD_POINTS * sto[FOOD])
    reach = _swims(s, s.pawn[p], sh.layout)
    home = 0 if s.in_habitat(p) else _way_home(s, p, reach)
    hatch = s.ocean.hatches[p]
    air, swum = drowning
    if s.pawn[p] == hatch:
        air = _full_air(s, p)
    back = _swims(s, hatch, sh.layout)
    ways = _Ways(s.pawn[p], air, home, back)
    # what drowning on the way home would take is not counted as held
    keep = _kept(s, p, home, swum)
    held = [sto[k] + keep * inv[k] for k in range(NRES)]
    goals = _goals(s, p)
    # a card whose whole cost is held is built first, then the best of the others
    # (by index: compiled, a goal is a C struct, and ``is`` would never match)
    ready = max(
        (i for i, g in enumerate(goals) if all(map(ge, held, g[0]))),
        key=lambda i: goals[i][1],
        default=None,
    )
    spent, later = [0.0] * NRES, 0
    if ready is not None:
        worth, spent = _worth(s, sh, p, *goals[ready], held, ways)
        v += worth
        goals = goals[:ready] + goals[ready + 1 :]
        # the next card's trip starts at the Hatch, after this one is built
        ways, later = _Ways(hatch, _full_air(s, p), 0, back), home + 1
    rest = list(map(sub, held, spent))
    best, used = max(
        (_worth(s, sh, p, goal, stars, rest, ways, later) for goal, stars in goals),
        key=lambda w: w[0],
        default=(0.0, [0.0] * NRES),
    )
    v += best
    spent = list(map(add, spent, used))
    # a few spare tokens of a kind are worth keeping; a hoard only fills the cells
    v += sum(WORTH[k] * min(SPARE, held[k] - spent[k]) for k in range(NRES) if k != FOOD)
    # food scores only in the Storage: carried food is worth what the Storage has room for
    v += WORTH[FOOD] * keep * min(inv[FOOD], s.storage_room(p))
    v += _upgrades_worth(s.upgrades[p])
    v += 0.2 * cards
    return v


@lru_cache(maxsize=4096)
def _points(built: tuple[str, ...], rockets: tuple[str, ...], milestones: int) -> int:
    """The points of ``DeeperState.breakdown`` but food, by what decides them."""
    return (
        sum(BLUEPRINTS[c].points for c in built)
        + sum(ROCKETS[c].points for c in rockets)
        + sum(n for level, n in MILESTONES.items() if milestones >> level & 1)
    )


@cache
def _upgrades_worth(bits: int) -> float:
    return sum(w for k, w in UPGRADE_WORTH.items() if bits & UPGRADE_BIT[k])


def heuristic(s: DeeperState, seat: int) -> float:
    if s.is_terminal() and s.tie_winner >= 0 and seat not in s.tied():
        # the tie-break rule for a bot outside the tie (see the module notes)
        return -TIE_ORDER * ((s.tie_winner - seat) % s.players)
    sh = _shared(s)
    mine = _value(s, seat, sh)
    if s.players == 1:
        return mine
    return mine - max(_value(s, p, sh) for p in range(s.players) if p != seat)


# ---------------------------------------------------------------- playouts
def horizon(s: DeeperState) -> int:
    """Half-rounds of turns: a turn is two actions and a breath, so a search that rolls
    out to the end of a turn scores the position after the breath (and the drowning, if
    the air ran out), where what the actions were for shows. A round of turns counts two
    whatever the seats, so ``rounds=3`` reaches the searching seat's next turn with three
    or four players as with two (where a half-round is one turn)."""
    return 2 * s.turns // s.players if s.players > 1 else s.turns


PLAYOUT_LOOKS = 8
"""Actions a quick move looks at, at most (drawn at random, then the best of them)."""


def playout(s: DeeperState, seat: int, rng: random.Random) -> Action:
    """A quick move for a search's rollouts: the best by the heuristic, one decision
    ahead, of every Craft (building is what scores) and a few other legal actions drawn
    at random (``PLAYOUT_LOOKS`` in all)."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if len(legal) > PLAYOUT_LOOKS:
        crafts = [a for a in legal if a.kind == "craft"]
        others = [a for a in legal if a.kind != "craft"]
        legal = looks(crafts, others, PLAYOUT_LOOKS, rng)
    return best_by(heuristic, s, seat, legal)
