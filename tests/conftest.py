"""Shared fixtures: the toy game registered for core tests."""

import pytest

from tabletop.core.registry import register, unregister


@pytest.fixture
def nim():
    """Secret Nim, registered (so records replay) for the duration of a test."""
    from toygame import SecretNim

    register(SecretNim.name, SecretNim)
    yield SecretNim()
    unregister(SecretNim.name)
