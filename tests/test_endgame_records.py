"""Records of finished games (round 56, the endgame angle): an action written after the
end of the game is named as such, in every game and by every reader of records (``replay``,
the widget's ``load``, a saved session's lines), not as one more illegal move."""

import random

import pytest

import tabletop
from tabletop.core.timeline import Timeline


def _finished(name, seed=0):
    game = tabletop.load(name)
    state, rng = game.new(seed=seed, setup="random"), random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _with_more(state, more):
    record = state.to_record()
    record.pop("result", None)  # (what a program that appends moves to a record leaves)
    record["actions"] = [*record["actions"], *more]
    return record


@pytest.mark.parametrize("name", tabletop.games())
def test_an_action_after_the_end_is_named_as_such(name):
    state = _finished(name)
    n = len(state.history)
    extra = [str(state.history[-1]), "xyzzy"]
    message = (rf"action {n + 1} of the record, '{extra[0]}', comes after the end of the "
               rf"game: its first {n} actions finish it \(.+\), and 2 more follow; "
               rf"replay\(record, ply={n}\) stops at the end")
    with pytest.raises(tabletop.InvalidRecord, match=message):
        tabletop.replay(_with_more(state, extra))
    assert tabletop.replay(_with_more(state, extra), ply=n) == state


@pytest.mark.parametrize("name", tabletop.games())
def test_the_result_says_who_won_or_that_it_was_a_draw(name):
    state = _finished(name)
    said = {0: "a draw"}.get(len(state.winners), "win")
    with pytest.raises(tabletop.InvalidRecord, match=said):
        tabletop.replay(_with_more(state, ["pass"]))


def test_a_saved_line_past_the_end_is_named_so_too():
    state = _finished("lascaux")
    n = len(state.history)
    timeline = Timeline(state.game.new(seed=state.seed))
    from tabletop.core.branches import grow

    with pytest.raises(tabletop.InvalidRecord, match=rf"a line: action {n + 1} of the line, "
                                                     rf"'pay', comes after the end of the game"):
        grow(timeline, [*map(str, state.history), "pay"])


def test_one_action_past_the_end_reads_as_one():
    state = _finished("landlock")
    with pytest.raises(tabletop.InvalidRecord, match=r"\(North wins\), and 1 more follows; "):
        tabletop.replay(_with_more(state, ["land"]))
