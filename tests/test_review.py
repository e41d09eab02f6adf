"""A player reviewing a finished game: open the record, step, branch off, note, save, reopen.

Before round 53b ``widget.save()`` wrote only the line on show: a branch tried at some ply
(and the bots' thinking in it) was lost on saving, and so was every field of the record the
widget had opened that was the caller's own (``"notes"``, ``"event"`` …), although the record
format promises to keep them. A saved review now holds every line (``"branches"``), the
notes on positions (``"notes"``) and the caller's fields; reopening grows the same timeline.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import tabletop
from tabletop.agents import make_agent
from tabletop.agents.settings import seat_seed
from tabletop.core.branches import MAX_NOTE, open_timeline, save_timeline
from tabletop.core.errors import InvalidRecord
from tabletop.core.timeline import Timeline

GAMES = {"lascaux": {"players": 3}, "lava-flows": {}, "landlock": {}, "lacuna": {}}


def lines_of(timeline) -> set[tuple[str, ...]]:
    """Every line of a timeline (root to branch end) as its actions in notation."""
    graph = timeline.graph
    return {tuple(str(a) for a in graph.nodes[end]["state"].history)
            for end in timeline.leaves()}


def notes_by_line(timeline) -> set[tuple[tuple[str, ...], str]]:
    """Every note with the actions that lead to its position."""
    graph = timeline.graph
    return {(tuple(str(a) for a in graph.nodes[n]["state"].history), graph.nodes[n]["note"])
            for n in graph if graph.nodes[n].get("note")}


def grown(name: str, seed: int, setup: str = "decide") -> Timeline:
    """A timeline of ``name`` with a main line, branches off it and off a branch, and notes."""
    rng = random.Random(seed)
    timeline = Timeline(tabletop.load(name, **GAMES[name]).new(seed=seed, setup=setup))
    for _ in range(12):
        if timeline.state.is_terminal:
            break
        timeline.play(rng.choice(timeline.state.legal_actions()))
    main = timeline.line()
    timeline.annotate("the main line's end")
    for at in (3, 6):
        timeline.goto(main[at])
        timeline.annotate(f"ply {at}: what else?")
        for _ in range(4):
            legal = timeline.state.legal_actions()
            if timeline.state.is_terminal:
                break
            timeline.play(legal[-1] if len(legal) > 1 else legal[0])
        timeline.annotate("a try")
    timeline.back()
    timeline.play(timeline.state.legal_actions()[0])  # a branch off the branch
    timeline.goto(main[-1])
    return timeline


@pytest.mark.parametrize("setup", ["decide", "random"])
@pytest.mark.parametrize("name", GAMES)
def test_a_timeline_saves_and_opens_whole_in_every_game(name, setup):
    """(A timeline may start after the secret choices ``setup="random"`` made: its notes
    are by ply, the actions since ``new()``, not by node.)"""
    timeline = grown(name, 5, setup)
    record = json.loads(json.dumps(save_timeline(timeline)))
    assert tabletop.replay(record) == timeline.state  # still a record of its own line
    again = open_timeline(record)
    assert lines_of(again) == lines_of(timeline) and len(lines_of(timeline)) >= 3
    assert notes_by_line(again) == notes_by_line(timeline)
    assert again.state == timeline.state and again.line() == list(range(len(again.line())))


def widget_with_a_review():
    """A finished Lava Flows game between bots, reopened, with a branch played by a bot."""
    w = tabletop.play("lava-flows", seed=5, setup="random", agent_delay=0,
                      bots={0: "mcts-weak", 1: "mcts-weak"})
    while not w.state.is_terminal:
        w.agent_move()
    game = json.loads(json.dumps(w.save()))
    game["event"] = {"where": "club night", "round": 3}  # the caller's own field
    review = tabletop.play(game, agent_delay=0)  # reviewed by hand, asking a bot now and then
    main = review.navigator.line()
    review.goto(main[10])
    review.annotate("here the game turns")
    played = review.state.legal_actions()
    review.play(next(a for a in played if a != game["actions"][10]))
    bot = review.state.current_player
    review.set_seat(bot, "mcts-weak")  # a bot answers in the branch: its thinking is there
    review.set_seat(bot, "human")
    review.annotate("better?")
    review.goto(main[-1])  # back to the main line
    return game, review


def test_a_reviewed_game_saves_its_branches_notes_and_fields():
    game, review = widget_with_a_review()
    record = json.loads(json.dumps(review.save(full=True)))
    assert record["actions"] == game["actions"] and record["ply"] == len(game["actions"])
    assert record["event"] == {"where": "club night", "round": 3}
    assert record["notes"] == {"10": "here the game turns"}
    [branch] = record["branches"]
    assert branch["actions"][:10] == game["actions"][:10] and len(branch["actions"]) == 12
    assert branch["notes"] == {"12": "better?"}
    assert set(branch["thinking"]) == {"12"}  # the bot's move in the branch, only it
    assert branch["thinking"]["12"]["choice"] == branch["actions"][11]
    assert record["thinking"] == game["thinking"]  # the main line's, as it was

    again = tabletop.play(record, agent_delay=0)
    assert lines_of(again.navigator) == lines_of(review.navigator)
    assert notes_by_line(again.navigator) == notes_by_line(review.navigator)
    assert again.state == review.state and again.navigator.line() == list(range(69))
    assert again.save(full=True) == record  # saved again, the same record


def test_a_branch_thinking_is_redacted_as_the_main_lines_is():
    """A seat's save hides a bot's thinking in an unfinished branch as in the main line."""
    w = tabletop.play("lascaux", players=3, seed=0, agent_delay=0,
                      bots={1: "mcts-weak", 2: "mcts-weak"})
    w.play(w.state.legal_actions()[2])  # the bots choose their secret colours around it
    w.goto(0)
    w.play(w.state.legal_actions()[3])  # a branch at the start: the line on show
    record = w.save()  # seat 0's view
    assert w.view == 0 and record["actions"] == ["choose pink"]
    [branch] = record["branches"]
    assert len(branch["thinking"]) == 3  # the bots' secret colours and their pass
    for entry in branch["thinking"].values():
        assert entry == {"agent": "mcts-weak", "hidden": True}
    full = w.save(full=True)
    assert all("choice" in e for e in full["branches"][0]["thinking"].values())


def bad_records(good):
    def edit(change):
        record = json.loads(json.dumps(good))
        change(record)
        return record

    return {
        "branches not a list": (edit(lambda r: r.update(branches={"1": []})),
                                "record 'branches' should be a list"),
        "a branch without actions": (edit(lambda r: r.update(branches=[{"notes": {}}])),
                                     "record 'branches' 1 should be an object"),
        "an illegal move in a branch": (
            edit(lambda r: r["branches"][0]["actions"].__setitem__(11, "bubble z9")),
            "record 'branches' 1: action 12 of the line, 'bubble z9', is illegal"),
        "a note past the line": (edit(lambda r: r.update(notes={"999": "x"})),
                                 "record 'notes' has the key '999'"),
        "a note's ply written otherwise": (edit(lambda r: r.update(notes={"010": "x"})),
                                           "record 'notes' has the key '010'"),
        "a branch with a field of its own": (
            edit(lambda r: r["branches"][0].update(comment="kept nowhere")),
            "record 'branches' 1 has the key 'comment'"),
        "a note too long": (edit(lambda r: r.update(notes={"1": "x" * (MAX_NOTE + 1)})),
                            f"at most {MAX_NOTE} characters"),
        "a branch's thinking of another move": (
            edit(lambda r: r["branches"][0]["thinking"]["12"].update(choice="move a1-a2")),
            "record 'branches' 1: record 'thinking'"),
    }


@pytest.mark.parametrize("case", ["branches not a list", "a branch without actions",
                                  "an illegal move in a branch", "a note past the line",
                                  "a note too long", "a branch's thinking of another move",
                                  "a note's ply written otherwise",
                                  "a branch with a field of its own"])
def test_a_bad_review_is_refused_and_changes_nothing(case):
    _, review = widget_with_a_review()
    good = review.save(full=True)
    record, says = bad_records(good)[case]
    before = (lines_of(review.navigator), review.node, review.save(full=True))
    with pytest.raises(InvalidRecord) as raised:
        review.load(record)
    assert says in str(raised.value)
    assert (lines_of(review.navigator), review.node, review.save(full=True)) == before
    if "thinking" not in case:  # (the core reads no thinking: that is the widget's)
        with pytest.raises(InvalidRecord, match=re.escape(says)):
            open_timeline(record)


def test_notes_are_text_and_the_widget_alone_writes_them():
    w = tabletop.play("lascaux", seed=1)
    with pytest.raises(TypeError, match="a note is a string"):
        w.annotate(3)
    with pytest.raises(ValueError, match=f"at most {MAX_NOTE}"):
        w.annotate("x" * (MAX_NOTE + 1))
    with pytest.raises(AttributeError, match="widget's own annotate"):
        w.navigator.annotate("sneaky")
    w.annotate("start")
    assert w.navigator.note() == "start"
    w.annotate("")
    assert w.navigator.note() == "" and "notes" not in w.save()


@pytest.mark.parametrize("name", GAMES)
def test_the_panels_first_bot_thinking_is_the_apis_with_the_seats_seed(name):
    """A blunder check with the public API reproduces what the widget's bot thought."""
    w = tabletop.play(name, seed=7, bots={1: "mcts-weak"}, agent_delay=0, **GAMES[name])
    while w.state.current_player not in (1, None):
        w.play(w.state.legal_actions()[0])
    if w.state.current_player == 1:
        w.agent_move()
    record = w.save(full=True)
    ply = min(int(k) for k in record["thinking"])
    before = tabletop.replay(record, ply=ply - 1)
    analysis = make_agent("mcts-weak", seed=seat_seed(7, 1)).analyse(before.view(1))
    shown, found = record["thinking"][str(ply)], analysis.to_json()
    assert shown["choice"] == found["choice"] == record["actions"][ply - 1]
    assert shown["candidates"] == found["candidates"]


def test_the_docs_review_example_runs(tmp_path, monkeypatch, capsys):
    """docs/widget.md's "Reviewing a game" block, run as written on a saved game."""
    text = (Path(__file__).parent.parent / "docs" / "widget.md").read_text(encoding="utf-8")
    block = text.split("## Reviewing a game", 1)[1].split("```python\n", 1)[1].split("```")[0]
    w = tabletop.play("lava-flows", seed=5, setup="random", agent_delay=0,
                      bots={0: "random", 1: "random"})
    while not w.state.is_terminal:
        w.agent_move()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text(json.dumps(w.save()), encoding="utf-8")
    exec(compile(block, "docs/widget.md", "exec"), {})  # noqa: S102
    said = capsys.readouterr().out
    assert "the bot prefers" in said and "ply 11:" in said
    saved = json.loads((tmp_path / "review.json").read_text(encoding="utf-8"))
    assert saved["notes"] == {"10": "here the game turns"} and len(saved["branches"]) == 1


def test_a_record_opens_on_its_own_start_not_the_seeds():
    """A Lacuna record keeps its layout and pour order (``start``): a record of an older
    sampler, or one set up by hand, replays on it. The widget grew its timeline from
    ``new(seed)`` instead, so its moves met another mat: refused with an ``IllegalAction``
    out of ``load``, or, worse, a different game shown."""
    record = tabletop.load("lacuna").new(seed=3).to_record()
    record["start"]["pour"] = record["start"]["pour"][::-1]  # another pour, as a record keeps
    state = tabletop.replay(record)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    record = json.loads(json.dumps(state.to_record()))
    for widget in (tabletop.play(record), tabletop.play(state)):
        assert widget.state == state and widget.navigator.root == tabletop.replay(record, ply=0)
        assert widget.save()["start"] == record["start"]
    assert open_timeline(record).state == state


def test_a_note_shows_in_the_message_line_on_its_position():
    w = tabletop.play("lava-flows", seed=2, setup="random")
    w.play(w.state.legal_actions()[0])
    w.annotate("a risky slide")
    assert w.message == "Note: a risky slide" and "a risky slide" in w.message_html.value
    w.back()
    assert w.message == ""
    reopened = tabletop.play(w.save())  # opens at the record's ply: the start
    assert reopened.message == ""
    reopened.forward()
    assert reopened.message == "Note: a risky slide"
    hot = tabletop.play(w.save(), hot_seat=True)
    hot.forward()
    assert "risky" not in hot.message  # the cover is up: whoever looks is not known
