"""Exercises check answers without raising, and say which kind of answer it was."""

from toygame import Take

from tabletop.teaching import Exercise


def test_exercise_sorts_answers_into_right_wrong_and_illegal(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    ex = Exercise(s, "Take two.", right=lambda b, a, t: t.pile == b.pile - 2,
                  why="Two is allowed.", hint="Count them.")
    right, wrong, illegal = ex.answer("take 2"), ex.answer(Take(1)), ex.answer("take 7")
    assert right and right.legal and "Right: 'take 2'. Two is allowed." == str(right)
    assert not wrong and wrong.legal and "Hint: Count them." in str(wrong)
    assert not illegal and not illegal.legal and str(illegal).startswith("Not legal: 'take 7'")
    assert ex.solutions() == (Take(2),)
    assert '<img src="data:image/svg+xml;base64,' in right._repr_html_()  # untrusted viewers
    assert "Take two." in ex._repr_html_() and "<svg" not in ex._repr_html_()  # strip <svg>


def test_an_exercise_with_a_viewer_draws_only_that_players_view(nim):
    s = nim.new(seed=1).apply("bonus 1").apply("bonus 0")
    ex = Exercise(s, "Take one.", right=lambda b, a, t: True, viewer=1)
    assert ex._picture(s) == s.view(1)._repr_svg_()
    assert ex.answer("take 1").picture == s.apply("take 1").view(1)._repr_svg_()


def test_an_exercise_draws_its_pictures_with_the_options_it_was_given():
    import tabletop

    s = tabletop.load("landlock").position(["f6 path r0"], tile="stream")
    ex = Exercise(s, "Place it.", right=lambda b, a, t: True, draw={"networks": True})
    assert ex._picture(s) == s.svg(networks=True) != s._repr_svg_()
    after = s.apply(s.legal_actions()[0])
    assert ex.answer(s.legal_actions()[0]).picture == after.svg(networks=True)
