"""The games, registered by import path so that each loads only when asked for."""

from ..core.exports import package_dir
from ..core.registry import register

register("lacuna", "tabletop.games.lacuna:Lacuna")
register("lascaux", "tabletop.games.lascaux:Lascaux")
register("lava-flows", "tabletop.games.lava_flows:LavaFlows")
register("landlock", "tabletop.games.landlock:Landlock")

#: Nothing of its own: each game is a subpackage (``tabletop.games.lacuna`` …), loaded by
#: ``tabletop.load``; ``tabletop.games`` is the function listing them.
__all__: list[str] = []
__dir__ = package_dir(globals())
