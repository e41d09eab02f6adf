"""A broken OpenSpiel adapter for the tests of ``openspiel_checks.disagreement``: it wraps
a tabletop state mid-game as the adapter once did, with an empty OpenSpiel history (so its
history, move number and serialization disagree with the state played from the start)."""

from tabletop.adapters import openspiel


def wrapped_fresh(game, state):
    """``TabletopState(game, state)`` without its history: the tabletop state is handed over
    as the adapter's own holder, which is taken as is (as ``resample`` hands one)."""
    return openspiel.TabletopState(game, openspiel._Shared(state))
