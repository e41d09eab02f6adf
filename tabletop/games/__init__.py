"""The games, registered by import path so that each loads only when asked for."""

from importlib.util import find_spec

from ..core.registry import register

_GAMES = {
    "lacuna": "tabletop.games.lacuna:Lacuna",
    "lascaux": "tabletop.games.lascaux:Lascaux",
    "lava-flows": "tabletop.games.lava_flows:LavaFlows",
    "landlock": "tabletop.games.landlock:Landlock",
}

for _name, _path in _GAMES.items():
    if find_spec(_path.partition(":")[0]) is not None:
        register(_name, _path)
