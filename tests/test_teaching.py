"""Exercises check answers without raising, and say which kind of answer it was."""

import re

import pytest
from toygame import Take

import tabletop
from tabletop import IllegalAction
from tabletop.agents import RandomAgent
from tabletop.teaching import AgentTask, Exercise, Task, moves, side_by_side, why_not


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
    s = nim.new(seed=1).apply("bonus 1").apply("bonus 0").apply("take 1")  # player 1 to move
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


def _take_two(nim, **extra):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    return s, Exercise(s, "Take two.", right=lambda b, a, t: t.pile == b.pile - 2,
                       why="Two is allowed.", hint="Count them.",
                       explain=lambda b, a, t: f"That leaves {t.pile} counters, one too many.",
                       **extra)


def test_an_empty_answer_asks_for_a_move_and_offers_the_solution_folded(nim):
    s, ex = _take_two(nim, solution="take 2", wrong=("take 1", "take 7"))
    for empty in ("", "   ", None):
        verdict = ex.answer(empty)
        assert not verdict and not verdict.legal
        assert str(verdict).startswith("No answer yet: type your move between the quotes")
        assert "take 2" not in str(verdict)  # the example move is not the solution
    html = ex.answer("")._repr_html_()
    assert "<details><summary>Show a solution</summary>" in html and "take 2" in html


def test_a_wrong_answer_is_explained_in_the_games_words_and_hides_the_solution(nim):
    s, ex = _take_two(nim, solution="take 2", wrong=("take 1", "take 7"))
    wrong = ex.answer("take 1")
    assert str(wrong) == ("Not this time: 'take 1'. That leaves "
                          f"{s.pile - 1} counters, one too many. Hint: Count them.")
    assert "take 2" not in str(wrong) and "take 2" in wrong._repr_html_()  # folded
    illegal = ex.answer("take 7")
    assert str(illegal).startswith("Not legal: 'take 7' is not legal here")
    assert "may play" not in str(illegal)  # the reason, not the list of legal moves
    assert ex.answer("take 2")._repr_html_().count("<details>") == 0


def test_the_solution_is_revealed_on_request(nim):
    s, ex = _take_two(nim, solution="take 2", wrong=("take 1", "take 7"))
    shown = ex.solution()
    assert shown and str(shown) == "A solution: 'take 2'. Two is allowed."
    assert shown.after == s.apply("take 2")
    _, unsolved = _take_two(nim)
    assert unsolved.solution().answer == "take 2"  # found among the legal moves


def test_an_exercise_refuses_a_wrong_stored_solution_or_a_right_wrong_answer(nim):
    with pytest.raises(ValueError, match="stored solution 'take 1' is not a right answer"):
        _take_two(nim, solution="take 1")
    with pytest.raises(ValueError, match="'take 2' is listed as wrong but is a right answer"):
        _take_two(nim, solution="take 2", wrong=("take 2", "take 1"))
    with pytest.raises(IllegalAction):
        _take_two(nim, solution="take 9")


def test_why_not_and_moves_say_it_in_notation(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    assert why_not(s, "take 7").startswith("'take 7' is not legal here")
    assert "may play" not in why_not(s, "take 7")
    assert why_not(s, "take 1") == "'take 1' is legal here"
    assert moves(s) == ["take 1", "take 2"] and moves(s, "take 2") == ["take 2"]


def test_side_by_side_captions_each_picture(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    pictures = side_by_side(s.view(0), s.view(1), captions=["mine", "theirs"])
    html = pictures._repr_html_()
    assert html.count("<img") == 2 and "mine" in html and "theirs" in html
    assert pictures.svgs == (s.view(0)._repr_svg_(), s.view(1)._repr_svg_())



@pytest.mark.parametrize("captions", [["mine"], ["mine", "theirs", "nobody's"]])
def test_side_by_side_refuses_captions_that_are_not_one_per_picture(nim, captions):
    s = nim.new(seed=1)
    with pytest.raises(ValueError, match="one per picture: 2 pictures"):
        side_by_side(s.view(0), s.view(1), captions=captions)
    with pytest.raises(TypeError, match="got none"):
        side_by_side(captions=captions)


def test_a_tasks_refused_solution_is_said_so_with_the_checks_reason():
    with pytest.raises(ValueError) as refused:
        Task("How many?", lambda n: n == 3, solution=4, explain=lambda n: f"{n} is too many.")
    said = str(refused.value)
    assert said.startswith("the stored solution '4' is not a right answer")
    assert "4 is too many." in said and "A solution" not in said

def test_the_example_move_of_an_empty_answer_is_never_a_right_one(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    ex = Exercise(s, "Take any.", right=lambda b, a, t: a == Take(1) or a == Take(2),
                  explain=lambda b, a, t: "Taking nothing is not a move.")
    assert "No answer yet" in str(ex.answer("")) and "take" not in str(ex.answer(""))
    only_two = Exercise(s, "Take two.", right=lambda b, a, t: a == Take(2), solution="take 2")
    assert '.answer("take 1")' in str(only_two.answer(""))


def test_an_exercise_on_a_finished_game_is_refused_when_made(nim):
    s = nim.new(seed=1)
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    with pytest.raises(ValueError, match="the game is over at this position"):
        Exercise(s, "Your move?", right=lambda b, a, t: True)


@pytest.mark.parametrize("name", ["lascaux", "lava-flows"])
def test_an_examples_captions_tell_moves_as_its_viewer_sees_them(name):
    import tabletop
    from tabletop.teaching import Example

    s = tabletop.load(name).new(seed=1)
    mover, move = s.current_player, str(s.legal_actions()[0])
    other = (mover + 1) % s.game.players
    assert move in Example(s, [(move, "")]).captions[1]
    assert move in Example(s, [(move, "")], viewer=mover).captions[1]
    hidden = Example(s, [(move, "a secret choice")], viewer=other)
    told = s.game.describe(s._coerce(move), mover, other)
    assert move not in repr(hidden) and told in hidden.captions[1]


def test_an_exercise_no_move_can_answer_is_refused_when_made(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    with pytest.raises(ValueError, match="no legal move is a right answer"):
        Exercise(s, "Take ten.", right=lambda b, a, t: a == Take(10))


def test_a_move_copied_with_its_quotes_is_read_and_an_answer_of_no_kind_is_not_understood(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    ex = Exercise(s, "Take two.", right=lambda b, a, t: str(a) == "take 2",
                  solution="take 2", wrong=("take 1", "take 3"))
    for typed in ("'take 2'", '"take 2"', "`take 2`", "  'take 2'\n", "take 2.", '"take 2".'):
        assert ex.answer(typed), typed
    for odd in (2, 2.0, ["take 2"], ("take 2",), {"move": "take 2"}, b"take 2", object()):
        verdict = ex.answer(odd)
        assert not verdict.legal and not verdict, odd
        assert str(verdict).startswith("Not understood: ") and "is not a move" in str(verdict)
        assert str(verdict).split(" is not a move")[1].endswith('as in .answer("take 1").')


def test_an_empty_answer_shows_how_to_answer_without_naming_a_variable(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    ex = Exercise(s, "Take two.", right=lambda b, a, t: str(a) == "take 2", solution="take 2")
    assert str(ex.answer("")).endswith('as in .answer("take 1").')


def test_an_exercises_viewer_is_the_player_who_answers():
    """Another seat's view would show the mover what they may not know (a face-down token)."""
    s = tabletop.load("lascaux").new(seed=1).apply("choose blue")  # Jacques to choose
    with pytest.raises(ValueError, match=r"viewer=0 \(Marcel\) is not to move: the exercise "
                                         r"asks Jacques for a move"):
        Exercise(s, "Choose.", right=lambda b, a, t: True, viewer=0)
    assert Exercise(s, "Choose.", right=lambda b, a, t: True, viewer=1).viewer == 1


@pytest.mark.parametrize("name", tabletop.games())
def test_why_not_names_players_as_the_game_does(name):
    """A refusal says "North must first choose", never "player 0 must first choose"."""
    import random

    game, rng = tabletop.load(name), random.Random(5)
    line = [game.new(seed=5)]  # the first plies of a game, and the moves typed at each
    while len(line) < 12 and not line[-1].is_terminal:
        line.append(line[-1].apply(rng.choice(line[-1].legal_actions())))
    typed = {str(a) for state in line for a in state.legal_actions()[:8]}
    for state in line:
        for text in sorted(typed):
            said = why_not(state, text)
            assert not re.search(r"\bplayer \d", said), said


def test_an_answer_that_is_no_move_yet_offers_the_hint_folded_before_the_solution(nim):
    s = nim.new(seed=1).apply("bonus 0").apply("bonus 1")
    ex = Exercise(s, "Take two.", right=lambda b, a, t: str(a) == "take 2",
                  hint="More than one.", solution="take 2")
    for answer in ("", None, 7):
        verdict = ex.answer(answer)
        html = verdict._repr_html_()
        assert verdict.hint == "More than one." and "More than one." not in str(verdict)
        assert html.index("Show a hint") < html.index("Show a solution")
    assert not ex.answer("take 1").hint and "Hint: More than one." in str(ex.answer("take 1"))
    task = Task("How many?", check=lambda n: n == 2, solution=2, hint="More than one.")
    assert task.answer("").hint == "More than one." and "Show a hint" in \
        task.answer("")._repr_html_() and "Show a solution" not in task.answer("")._repr_html_()


def test_an_exercise_whose_verdict_turns_on_what_its_viewer_cannot_see_is_refused():
    s = tabletop.load("lascaux").new(seed=1).apply("choose blue")  # Jacques can't see it

    def peeks(before, action, after):
        return str(action) == ("choose green" if before.choices[0] == s.choices[0]
                               else "choose pink")

    with pytest.raises(ValueError, match="'choose green' is right here but not in every "
                                         "position player 1 cannot tell from this one"):
        Exercise(s, "Guess.", right=peeks, viewer=1, solution="choose green")
    assert Exercise(s, "Green.", right=lambda b, a, t: str(a) == "choose green", viewer=1,
                    solution="choose green", wrong=("choose pink",))


class _OptionsSeen:
    """An agent that plays the first legal move and keeps the options of what it sees."""

    seen: set = set()

    def act(self, view):
        _OptionsSeen.seen.add(tuple(sorted(view.game.options.items())))
        return view.legal_actions()[0]


def test_an_agent_task_plays_a_game_loaded_with_options():
    """``AgentTask`` took a game's name only: a teacher could not set a task in Lava Flows
    with ``memory=True`` (a ``Game`` was refused as "not a string")."""
    from tabletop.teaching import AgentTask

    game = tabletop.load("lava-flows", memory=True, ply_cap=20)
    task = AgentTask("Play on.", game, ["random"], 0.0, solution="random", games=2)
    assert task.game == game
    _OptionsSeen.seen.clear()
    assert task.answer(_OptionsSeen).right
    assert _OptionsSeen.seen == {tuple(sorted(game.options.items()))}
    with pytest.raises(ValueError, match=r"is played by 4 players, but the task seats 2: "
                                         r"the answer and 1 opponent"):
        AgentTask("Play on.", tabletop.load("lascaux", players=4), ["random"], 0.5,
                  solution="random")


class _OwnRandom(RandomAgent):
    """A learner's agent built on tabletop's random one: theirs (it may be judged)."""


@pytest.mark.parametrize("answer", ["mcts-weak", " Random", ("mcts", {"iterations": 5}),
                                    RandomAgent, RandomAgent(seed=3)])
def test_an_agent_task_takes_no_built_in_agent_for_an_answer(answer):
    """Found from outside: typing "mcts-weak" passed notebook 06's "write an agent" task
    without a line of code."""
    task = AgentTask("Beat random at Lascaux.", "lascaux", ["random", "random"], 0.0,
                     games=2, solution=_OwnRandom)
    verdict = task.answer(answer)
    assert not verdict.right and verdict.legal
    assert "That is tabletop's own" in verdict.message and "not an agent of yours" in \
        verdict.message
    assert task.answer(_OwnRandom).right  # (a target of 0: any agent of one's own will do)


def test_pictures_refuse_a_caption_no_picture_would_show():
    """Found from outside: ``Pictures((svg,), ("first", "second"))`` dropped the second
    caption without a word, where ``side_by_side`` refuses the same mismatch."""
    from tabletop.teaching import Pictures

    svg = tabletop.load("lava-flows").new(seed=1)._repr_svg_()
    with pytest.raises(ValueError, match="at most one per picture: 1 picture, 2 captions"):
        Pictures((svg,), ("first", "second"))
    assert Pictures((svg, svg), ("first",)).captions == ("first",)  # the rest uncaptioned


def test_a_move_without_its_move_word_is_read_only_where_one_word_makes_it_a_move():
    """'green' is 'choose green' (the one move word that makes it a move); 'c2-c3' is a
    move or a slide, so it is refused as the game refuses it, naming no right answer."""
    lascaux = tabletop.load("lascaux").new(seed=1)
    ex = Exercise(lascaux, "Choose green.", right=lambda b, a, t: str(a) == "choose green")
    assert str(ex.answer("green")).startswith("Right: 'choose green'")
    assert not ex.answer("pink") and ex.answer("pink").legal
    game = tabletop.load("lava-flows")
    third = game.position({"c3": "W", "c2": "w b", "b1": "B", "c1": "b B"},
                          cones={"a3": "white", "b3": "white", "a1": "black"}, to_move="white")
    assert not third.is_legal("move c2-c3") and third.is_legal("slide c2-c3")
    ex = Exercise(third, "Win.", right=lambda b, a, t: t.winners == (0,))
    refused = ex.answer("c2-c3")  # (the only legal one is a slide, but a move is a move too)
    assert not refused.legal and "slide c2-c3" not in str(refused)


def test_a_refusal_that_names_a_right_answer_is_cut_not_rewritten():
    """The game's "the tile goes g7 r0 or g7 r2" names the right g7 r0: it is cut and ended
    with an example that is neither (it was "g7 r2 or g7 r2"); a list of the nearest moves
    that holds one is left out (it was the list with another move in its place)."""
    s = tabletop.load("landlock").position(rows=["P S  .", "S P3 S"], top_left="e5",
                                            tile="path-land-gnome")
    ambiguous, cell = s.game.parse_action(s, "g7 r0"), "g7"
    assert why_not(s, cell) == "'g7' is ambiguous: the tile goes g7 r0 or g7 r2"
    ex = Exercise(s, "Place it.", right=lambda b, a, t: a == ambiguous)
    said = str(ex.answer(cell))
    assert said.startswith(f"Not legal: {cell!r} is ambiguous: type one whole move")
    example = re.search(r"as in '([^']+)'", said)
    assert example and example.group(1) not in (str(a) for a in s.legal_actions()
                                                if str(a).startswith(cell))
    assert str(ambiguous) not in said
    said = str(ex.answer(f"{cell} r"))
    assert "nearest" not in said and str(ambiguous) not in said and "r0, r1, r2 or r3" in said
