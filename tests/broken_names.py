"""Toys whose players' names cannot be shown as they are (``check_player_names``), and one
whose long names in any script must still fit the hot-seat cover."""

from __future__ import annotations

import unicodedata

from toygame import SecretNim


class BlankNamesNim(SecretNim):
    """Player 1 is called by nothing at all."""

    name = "blank-names-nim"

    def player_name(self, player: int) -> str:
        return ["Ann", "  "][player]


class LineBreakNim(SecretNim):
    """A name of two lines: the seats bar and the log show one."""

    name = "line-break-nim"

    def player_name(self, player: int) -> str:
        return ["Ann", "Bo\nBo"][player]


class DecomposedNim(SecretNim):
    """A name typed with a combining accent: not how any name typed in is read."""

    name = "decomposed-nim"

    def player_name(self, player: int) -> str:
        return ["Ann", unicodedata.normalize("NFD", "Zoë")][player]


class TwinNamesNim(SecretNim):
    """Two players called alike: who moved?"""

    name = "twin-names-nim"

    def player_name(self, player: int) -> str:
        return ["Ann", "ANN"][player]


class LongNamesNim(SecretNim):
    """Long names, in two scripts: fine as names; the pictures must fit them."""

    name = "long-names-nim"

    def player_name(self, player: int) -> str:
        names = ["Marie-Thérèse de la Tour d'Auvergne-Lauraguais", "日本語の名前がとても長い方"]
        return names[player]
