"""What another library taught a newcomer's fingers is refused saying what to type here.

00-start-here promises that a habit from python-chess or OpenSpiel "either works here or is
refused with a message saying what to type instead"; ``s.push(a)``, ``s.clone()``,
``s.apply_action(17)`` and ``s.is_chance_node()`` raised a bare ``AttributeError``.
"""

import pytest

import tabletop
from tabletop.core.foreign import FOREIGN


@pytest.mark.parametrize("name", tabletop.games())
@pytest.mark.parametrize("foreign", sorted(FOREIGN))
def test_a_foreign_method_is_refused_saying_what_to_type_instead(name, foreign):
    state = tabletop.load(name).new(seed=1)
    for subject in (state, state.view(0)):
        with pytest.raises(AttributeError, match=f"no attribute '{foreign}': ") as raised:
            getattr(subject, foreign)
        assert FOREIGN[foreign] in str(raised.value)
        assert not hasattr(subject, foreign)


def test_any_other_missing_name_is_pythons_own_error():
    state = tabletop.load("lascaux").new(seed=1)
    with pytest.raises(AttributeError, match=r"^'LascauxState' object has no attribute 'nope'$"):
        state.nope  # noqa: B018
    assert getattr(state, "nope", None) is None
    with pytest.raises(AttributeError) as raised:
        state.__nope__  # noqa: B018
    assert raised.value.name == "__nope__" and raised.value.obj is state
