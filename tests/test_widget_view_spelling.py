"""The widget's ``view`` attribute and its view dropdown agree on one spelling, the one
docs/widget.md gives: ``"full"`` (``None`` read back), ``"public"``, or a player number. Each
value the dropdown offers is accepted by ``w.view``, and the dropdown shows ``w.view``'s."""

import pytest

import tabletop
from tabletop.core.errors import InvalidOption


@pytest.fixture(scope="module")
def widget():
    return tabletop.play("lava-flows", seed=1)


def test_the_dropdown_offers_the_documented_spellings(widget):
    values = [value for _, value in widget.view_picker.options]
    assert values == ["full", "public", 0, 1]


@pytest.mark.parametrize(("spelling", "read_back"),
                         [("full", None), ("public", "public"), (0, 0), (1, 1), (None, None)])
def test_setting_view_moves_the_dropdown_to_the_same_spelling(widget, spelling, read_back):
    widget.view = spelling
    assert widget.view == read_back
    assert widget.view_picker.value == ("full" if spelling is None else spelling)


def test_every_dropdown_value_is_a_view_the_attribute_takes(widget):
    for label, value in widget.view_picker.options:
        widget.view = value
        assert widget.view_picker.value == value, label
        widget.view = "full"
        widget.view_picker.value = value  # a person's pick: the attribute follows
        assert widget.view == (None if value == "full" else value), label


@pytest.mark.parametrize("wrong", [-1, -2, 2, "everyone"])
def test_no_other_spelling_is_taken(widget, wrong):
    widget.view = 0
    with pytest.raises(InvalidOption, match=r"view must be 'full' \(or None\) or a player "
                                            r"number 0\.\.1, not"):
        widget.view = wrong
    assert widget.view == 0 and widget.view_picker.value == 0  # nothing half-changed
