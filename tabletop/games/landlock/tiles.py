"""The 40 tiles of The Legend of Landlock, as data.

Every ordinary tile shows one terrain as a band running diagonally corner to corner and the
other terrain in the two remaining corners. A tile's corners are numbered clockwise from the
top-left: ``0`` NW, ``1`` NE, ``2`` SE, ``3`` SW; ``corner0`` is the terrain of corner 0 at
rotation 0 (corners alternate L/W around the tile).

The component list of the published game could not be found; which tiles carry a Roaming
Gnome is **designed** (rules [D]) and lives only here, so a corrected list is a data change.

>>> len(TILE_SET), sum(KINDS[k].band == "L" for k in TILE_SET)
(40, 17)
>>> KINDS[kind_index("path-land-gnome")].gnome_terrain
'L'
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.quoting import brief

LAND, WATER = "L", "W"


@dataclass(frozen=True, slots=True)
class TileKind:
    """One kind of tile: its band(s), the terrain of corner 0 at rotation 0, and its gnome."""

    code: str  # short code used in text pictures and positions ("P", "PL", …)
    name: str  # long name ("path-land-gnome")
    band: str  # "L" land band, "W" water band, "LW" both (bridge), "" none (tussock)
    corner0: str  # terrain of the NW corner at rotation 0
    count: int  # how many of this kind are in the box
    gnome: int | None = None  # corner (0..3, at rotation 0) where a Roaming Gnome sits

    @property
    def joins_land(self) -> bool:
        """Whether the tile's land band joins its two land corners (path, bridge)."""
        return LAND in self.band

    @property
    def joins_water(self) -> bool:
        """Whether the tile's water band joins its two water corners (stream, bridge)."""
        return WATER in self.band

    @property
    def gnome_terrain(self) -> str | None:
        """The gnome's type: the terrain of its corner (``None`` without a gnome)."""
        if self.gnome is None:
            return None
        return self.corner0 if self.gnome % 2 == 0 else _other(self.corner0)

    @property
    def symmetric(self) -> bool:
        """Whether both fitting rotations give the same tile (no gnome to place)."""
        return self.gnome is None


def _other(terrain: str) -> str:
    return WATER if terrain == LAND else LAND


#: The tile kinds, in a fixed order (a kind's index is its number in states).
KINDS: tuple[TileKind, ...] = (
    TileKind("P", "path", "L", LAND, 11),
    TileKind("PL", "path-land-gnome", "L", LAND, 3, gnome=0),  # gnome at a band end
    TileKind("PW", "path-water-gnome", "L", LAND, 3, gnome=1),  # gnome in a water corner
    TileKind("S", "stream", "W", WATER, 11),
    TileKind("SW", "stream-water-gnome", "W", WATER, 3, gnome=0),  # gnome at a band end
    TileKind("SL", "stream-land-gnome", "W", WATER, 3, gnome=1),  # gnome in a land corner
    TileKind("B", "bridge", "LW", LAND, 3),  # land band NW-SE over water band NE-SW
    TileKind("T", "tussock", "", LAND, 3),  # corners show both terrains; joins nothing
)

#: How many tiles of each kind the box holds.
KIND_COUNTS: tuple[int, ...] = tuple(kind.count for kind in KINDS)
#: The 40 tiles in the box, as kind indices, in a fixed order (shuffled into the pile).
TILE_SET: tuple[int, ...] = tuple(k for k, kind in enumerate(KINDS) for _ in range(kind.count))

BRIDGE = next(k for k, kind in enumerate(KINDS) if kind.name == "bridge")
TUSSOCK = next(k for k, kind in enumerate(KINDS) if kind.name == "tussock")

# Per kind, as plain tuples for the hot paths of the rules:
#: whether the NW corner is land at rotation 0 (``1``/``0``),
NW_LAND: tuple[int, ...] = tuple(int(kind.corner0 == LAND) for kind in KINDS)
#: whether both fitting rotations give the same tile,
SYMMETRIC: tuple[bool, ...] = tuple(kind.symmetric for kind in KINDS)
#: the corner of the kind's gnome at rotation 0 (``None``: no gnome).
GNOME_CORNER: tuple[int | None, ...] = tuple(kind.gnome for kind in KINDS)


def kind_index(name: str | int) -> int:
    """The index of a kind from its name or code, case-insensitive (``"path"``, ``"SL"``),
    or the index itself (``0 .. 7``).

    >>> kind_index("stream"), kind_index("t"), kind_index(7)
    (3, 7, 7)
    >>> kind_index(9)
    Traceback (most recent call last):
    ...
    ValueError: a tile kind's number is 0 .. 7, not 9
    """
    if type(name) is int:
        if not 0 <= name < len(KINDS):
            raise ValueError(f"a tile kind's number is 0 .. {len(KINDS) - 1}, not {name!r}")
        return name
    if not isinstance(name, str):
        raise ValueError(f"a tile kind is a name, a code or a number 0 .. {len(KINDS) - 1} "
                         f"(like 'path', 'SL' or 3), not {brief(name)}")
    key = name.strip().lower()
    for k, kind in enumerate(KINDS):
        if key in (kind.name, kind.code.lower()):
            return k
    names = ", ".join(f"{kind.name} ({kind.code})" for kind in KINDS)
    raise ValueError(f"no tile kind {name!r}; kinds: {names}")


def _check() -> None:
    paths = sum(kind.count for kind in KINDS if kind.band == LAND)
    streams = sum(kind.count for kind in KINDS if kind.band == WATER)
    if not (len(TILE_SET) == 40 and paths == 17 and streams == 17):  # (kept under -O)
        raise RuntimeError(f"the box holds 40 tiles, 17 paths and 17 streams, not "
                           f"{len(TILE_SET)}, {paths} and {streams}")


_check()
