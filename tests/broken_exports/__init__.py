"""A toy game package that exports its game class but none of the classes its reprs name
(its state, view, actions): ``check_exports`` (``core/testing/exports.py``)
catches it. The sound packages are the four games' and ``examples/goofspiel``."""

from .rules import UnexportedNim

__all__ = ["UnexportedNim"]
