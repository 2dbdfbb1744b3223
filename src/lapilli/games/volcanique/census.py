"""Who stands where: indexes of the critters that the rules ask about at every step,
kept up to date as critters come and go instead of being counted again each time.

A critter's *spot* is its region and owner, numbered ``region << 3 | owner`` (see
``board``); the position keeps how many critters stand on each spot (``critters``) and
how many burrowed ones (``burrowed``). From those the census keeps

- per hex, which spots hold critters and which hold burrowed critters (``on_hex``,
  ``under_hex``: bitmasks over ``colour * 8 + owner``), so that "who is on this tile"
  and "is it inhabited" are one lookup;
- per seat, its critters on land (``placed``: the rules of engagement count them) and
  the spots they stand on (``mine``);
- per biome, each seat's critters and burrowed critters (``in_biome``: a list of the
  seats' critters, then the seats' burrowed ones), so that "is this biome controlled",
  "who holds it" and "how strong is each" need no walk over the map. A biome is there
  only while someone has a critter in it.

A census indexes the very dicts it was counted from (``critters``, ``burrowed``) and,
for its biomes, one board as it was (its ``version``): the position counts a new one
when those are not the ones it holds (a clone or a loaded position has dicts of its
own) and counts the biomes again when the map has changed (biomes join and split).
In between, the position's own methods tell it every change
(``VolcaniqueState.add_critter`` and the others); code that changes the dicts in place
otherwise calls ``VolcaniqueState.changed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import OWNER_BITS, OWNER_MASK, REGION_BITS, SPOT_HEX, Biome

if TYPE_CHECKING:
    from .board import Board

SPOT_BITS = REGION_BITS + OWNER_BITS
"""The bits of a spot within its hex: ``colour * 8 + owner``."""
SPOT_KEY = (1 << SPOT_BITS) - 1
SEATS_OF_COLOUR = (1 << (1 << OWNER_BITS)) - 1
"""The 8 bits of one colour's owners in a census mask."""
assert OWNER_BITS == 3 and REGION_BITS == 2, "seats_in_mask folds 4 colours of 8 seats"


class Census:
    __slots__ = (
        "players",
        "critters",
        "burrowed",
        "on_hex",
        "under_hex",
        "placed",
        "mine",
        "board",
        "version",
        "in_biome",
    )

    def __init__(self, players: int, critters: dict[int, int], burrowed: dict[int, int]) -> None:
        self.players = players
        self.critters = critters
        self.burrowed = burrowed
        on_hex: dict[int, int] = {}
        under_hex: dict[int, int] = {}
        placed = [0] * players
        mine: list[set[int]] = [set() for _ in range(players)]
        for spot, n in critters.items():
            h = spot >> SPOT_HEX
            on_hex[h] = on_hex.get(h, 0) | 1 << (spot & SPOT_KEY)
            placed[spot & OWNER_MASK] += n
            mine[spot & OWNER_MASK].add(spot)
        for spot in burrowed:
            h = spot >> SPOT_HEX
            under_hex[h] = under_hex.get(h, 0) | 1 << (spot & SPOT_KEY)
        self.on_hex = on_hex
        self.under_hex = under_hex
        self.placed = placed
        self.mine = mine
        self.board: Board | None = None  # the board ``in_biome`` was counted on
        self.version = -1  # and the board's version then
        self.in_biome: dict[Biome, list[int]] = {}

    def biomes(self, board: Board) -> dict[Biome, list[int]]:
        """Each biome's critters per seat, then burrowed critters per seat, on
        ``board`` (counted again when the board is another, or has changed)."""
        if self.board is board and self.version == board.version:
            return self.in_biome
        p = self.players
        biome_of = board.biome_of
        out: dict[Biome, list[int]] = {}
        for offset, spots in ((0, self.critters), (p, self.burrowed)):
            for spot, n in spots.items():
                # (none: on a tile just covered, waiting to migrate)
                biome = biome_of.get(spot >> OWNER_BITS)
                if biome is not None:
                    counts = out.get(biome)
                    if counts is None:
                        counts = out[biome] = [0] * (2 * p)
                    counts[offset + (spot & OWNER_MASK)] += n
        self.board = board
        self.version = board.version
        self.in_biome = out
        return out

    def rebiome(self, board: Board, gone: list[Biome], formed: list[Biome]) -> None:
        """The map changed one hex (``Board.put``): biomes ``gone`` broke up into
        ``formed``. Counted for those alone when the biomes were up to date before."""
        if self.board is not board or self.version != board.version - 1:
            return  # counted again when next asked
        in_biome, critters, burrowed, p = self.in_biome, self.critters, self.burrowed, self.players
        for biome in gone:
            in_biome.pop(biome, None)
        for biome in formed:
            counts = [0] * (2 * p)
            for m in biome.members:
                base = m << OWNER_BITS
                for o in range(p):
                    counts[o] += critters.get(base | o, 0)
                    counts[p + o] += burrowed.get(base | o, 0)
            if any(counts):
                in_biome[biome] = counts
        self.version = board.version

    # -- what changes ----------------------------------------------------------------------
    def added(self, spot: int, k: int, first: bool, board: Board) -> None:
        """``k`` critters came onto ``spot`` (``first``: it held none)."""
        owner = spot & OWNER_MASK
        if first:
            h = spot >> SPOT_HEX
            self.on_hex[h] = self.on_hex.get(h, 0) | 1 << (spot & SPOT_KEY)
            self.mine[owner].add(spot)
        self.placed[owner] += k
        self._change(board, spot, owner, k)

    def taken(self, spot: int, k: int, last: bool, board: Board) -> None:
        """``k`` critters left ``spot`` (``last``: none are left there)."""
        owner = spot & OWNER_MASK
        if last:
            _clear(self.on_hex, spot)
            self.mine[owner].discard(spot)
        self.placed[owner] -= k
        self._change(board, spot, owner, -k)

    def buried(self, spot: int, k: int, first: bool, board: Board) -> None:
        """``k`` burrowed critters came onto ``spot`` (``first``: it held none)."""
        if first:
            h = spot >> SPOT_HEX
            self.under_hex[h] = self.under_hex.get(h, 0) | 1 << (spot & SPOT_KEY)
        self._change(board, spot, self.players + (spot & OWNER_MASK), k)

    def unburied(self, spot: int, k: int, last: bool, board: Board) -> None:
        """``k`` burrowed critters left ``spot`` (``last``: none are left there)."""
        if last:
            _clear(self.under_hex, spot)
        self._change(board, spot, self.players + (spot & OWNER_MASK), -k)

    def _change(self, board: Board, spot: int, index: int, k: int) -> None:
        if self.board is not board or self.version != board.version:
            return  # counted again when next asked
        biome = board.biome_of.get(spot >> OWNER_BITS)
        if biome is None:
            return
        in_biome = self.in_biome
        counts = in_biome.get(biome)
        if counts is None:
            counts = in_biome[biome] = [0] * (2 * self.players)
        counts[index] += k
        if k < 0 and not any(counts):
            del in_biome[biome]  # nobody left: no longer controlled


def _clear(masks: dict[int, int], spot: int) -> None:
    h = spot >> SPOT_HEX
    mask = masks[h] & ~(1 << (spot & SPOT_KEY))
    if mask:
        masks[h] = mask
    else:
        del masks[h]


def spots_in_mask(h: int, mask: int) -> list[int]:
    """The spots of hex ``h`` a census mask holds, in order (colour, then owner)."""
    base = h << SPOT_BITS
    out = []
    while mask:
        low = mask & -mask
        out.append(base | low.bit_length() - 1)
        mask ^= low
    return out


def seats_in_mask(mask: int) -> int:
    """The owners a census mask holds, as a bitmask over seats: its colours' 8 bits
    each (at most 4 colours: ``REGION_BITS``), folded onto one another."""
    return (mask | mask >> 8 | mask >> 16 | mask >> 24) & SEATS_OF_COLOUR
