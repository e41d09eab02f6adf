"""The games, registered by import path so that each loads only when asked for."""

from ..core.registry import register

register("lacuna", "tabletop.games.lacuna:Lacuna")
register("lascaux", "tabletop.games.lascaux:Lascaux")
register("lava-flows", "tabletop.games.lava_flows:LavaFlows")
register("landlock", "tabletop.games.landlock:Landlock")
