"""The foreign-action check of the conformance suite (``core/testing/foreign.py``): sound
toys and every game pass, each toy that mishandles an action of another setting or
position is caught, and it runs with the rest of ``check_abuse`` (``test_abuse.py``)."""

import pytest
from broken_foreign import LooseTakeNim, TrustingNim
from toygame import SecretNim, TakeAway

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.foreign import _pool, check_foreign
from tabletop.core.testing.variants import VARIANT_CHECKS


def test_it_is_one_of_the_abuse_checks_and_mixes_the_variants_in_itself():
    assert check_foreign in CHECKS
    assert check_foreign not in VARIANT_CHECKS


@pytest.mark.parametrize("toy", [SecretNim, TakeAway])
def test_sound_toys_pass(registered, toy):
    check_foreign(registered(toy), seeds=range(3))


@pytest.mark.parametrize("toy, message", [
    (LooseTakeNim, r"seed \d ply \d+: an action of loose-take-nim with max_take=3 Take\("
                   r"count=3\): apply raised ValueError \(.*\), not IllegalAction \(is_legal "
                   r"said True\)"),
    (TrustingNim, r"seed \d ply \d+: an action of trusting-nim with max_take=3 Take\("
                  r"count=3\): is_legal said False, but apply played it"),
])
def test_each_toy_that_mishandles_a_foreign_action_is_caught(registered, toy, message):
    with pytest.raises(ConformanceError, match=message):
        check_foreign(registered(toy), seeds=range(3))


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_passes_with_actions_of_each_of_its_variants(name):
    game = tabletop.load(name)
    pool = _pool(game, (0, 1))
    settings = {label for label, _ in pool}
    assert len(settings) == 1 + len(type(game).variants)  # itself and every variant
    assert len(pool) >= 40
    check_foreign(game, seeds=range(2))
