"""A person typing moves and editing records by hand: spacing next to the notation's
punctuation means nothing in any game, a typo is refused naming the nearest legal action,
and a record cut short (or lengthened) by hand says how to replay it."""

import json
import random

import pytest
from broken_spellings import MinusNim, SplitMinusNim

import tabletop
from tabletop.core.errors import IllegalAction, InvalidRecord
from tabletop.core.parsing import nearest
from tabletop.core.registry import game_class
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.common import playout
from tabletop.core.testing.spellings import check_spellings

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


def _played(name, plies, seed=3):
    state = tabletop.load(name).new(seed=seed)
    rng = random.Random(1)
    for _ in range(plies):
        state = state.apply(rng.choice(list(state.legal_actions())))
    return state


@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_game_reads_notation_in_any_case_and_spacing(name, players):
    check_spellings(tabletop.load(name, players=players), seeds=range(3), every=2)


def test_the_check_is_part_of_check_abuse():
    assert check_spellings in CHECKS


def test_the_sound_toy_passes_and_a_parser_splitting_at_spaces_fails(registered):
    check_spellings(registered(MinusNim), seeds=range(3), every=1)
    with pytest.raises(ConformanceError, match="'take - 2', typed for 'take -2', reads "
                                               "otherwise"):
        check_spellings(registered(SplitMinusNim), seeds=range(3), every=1)


def test_spaces_next_to_a_dash_or_at_sign_mean_nothing_in_lava_flows():
    """Lacuna read ``place 0 - 16 @ 1/4``; Lava Flows refused ``move a1 - b1`` as no action,
    and a move not legal here typed so was refused as no action instead of for its reason."""
    state = _played("lava-flows", 8)
    game = state.game
    legal = next(a for a in state.legal_actions() if str(a).startswith("move"))
    src, dst = str(legal).split()[1].split("-")
    assert game.parse_action(state, f"MOVE {src} - {dst}") == legal
    assert game.parse_action(state, f"move {src} -{dst}") == legal
    later = playout(state, seed=5, plies=3)
    illegal = next(str(a) for a in state.legal_actions() if not later.is_legal(a))
    with pytest.raises(IllegalAction) as canonical:
        game.parse_action(later, illegal)
    with pytest.raises(IllegalAction) as spaced:
        game.parse_action(later, illegal.replace("-", " - ").replace("@", " @ "))
    assert "is no action" not in spaced.value.reason
    assert spaced.value.reason.split(" is ", 1)[1] == canonical.value.reason.split(" is ", 1)[1]


TYPOS = {  # a legal action's notation, mistyped as a person may
    "lacuna": (1, lambda a: a.replace("place", "plce", 1)),
    "lascaux": (0, lambda a: a.replace("choose", "chose", 1)),
    "lava-flows": (8, lambda a: a.replace("move", "mvoe", 1)),
    "landlock": (2, lambda a: a.replace(" ", "", 1)),
}


@pytest.mark.parametrize("name", sorted(TYPOS))
def test_a_typo_is_refused_naming_the_nearest_legal_action(name):
    plies, mistype = TYPOS[name]
    state = _played(name, plies)
    meant = next(str(a) for a in state.legal_actions() if mistype(str(a)) != str(a))
    typed = mistype(meant)
    with pytest.raises(IllegalAction) as refused:
        state.apply(typed)
    reason = refused.value.reason
    assert reason.startswith(f"{typed!r} is no action in ")
    assert f"the nearest legal action is {meant!r}" in reason or \
        ("the nearest legal actions are " in reason and repr(meant) in reason), reason
    assert str(refused.value).startswith(reason + "; ")  # then what is legal, as before


def test_no_nearest_action_is_named_for_text_like_none_and_ties_are_all_named():
    state = tabletop.load("lascaux").new(seed=1)
    assert nearest(state, "jump") == []
    with pytest.raises(IllegalAction) as refused:
        state.apply("jump")
    assert "nearest" not in refused.value.reason
    landlock = _played("landlock", 2)
    cell = str(landlock.legal_actions()[0]).split()[0]
    near = nearest(landlock, f"{cell} r9")
    assert len(near) > 1 and all(text.startswith(cell) for text in near)


def test_the_move_box_says_the_nearest_legal_action_and_keeps_the_typo():
    widget = tabletop.play("lascaux", seed=1, bots={})
    widget.move_box.value = "choose bleu"  # typed, and the box left: nothing played
    assert widget.session.ply() == 0 and "bleu" not in widget.message
    widget.move_box.enter()
    assert widget.move_box.value == "choose bleu"
    assert "the nearest legal action is 'choose blue'" in widget.message
    widget.move_box.enter("Choose  Blue")
    assert widget.move_box.value == "" and widget.session.ply() == 1
    widget.move_box.enter("")  # Enter on an empty box: how to type a move, and which
    assert widget.session.ply() == 1
    assert ("may play: choose brown, choose yellow, choose green, … (6 in all). Type one as "
            "the move log writes it, then press Enter.") in widget.message


def test_a_record_cut_short_by_hand_says_to_drop_its_result_or_replay_to_a_ply():
    state = playout(tabletop.load("lascaux").new(seed=2), seed=2)
    record = state.to_record()
    cut = {**record, "actions": record["actions"][:-2]}
    with pytest.raises(InvalidRecord, match="record says terminal True in 'result' but its "
                                            "actions give False") as refused:
        tabletop.replay(json.dumps(cut))
    said = str(refused.value)
    assert "delete its 'result'" in said and "replay(record, ply=N)" in said
    del cut["result"]
    assert tabletop.replay(cut) == tabletop.replay(record, ply=len(record["actions"]) - 2)


@pytest.mark.parametrize("name,players", CONFIGS)
def test_actions_cut_from_or_added_to_a_game_in_play_are_refused_by_its_result(name, players):
    """docs/promises.md: actions cut or added leave a record's ``result`` wrong and are refused.
    The result held only the outcome, which mid-game is mostly unchanged by one action more
    or less: a record cut by one action replayed as if whole (issue 2: tampered records)."""
    state = playout(tabletop.load(name, players=players).new(seed=4, setup="random"),
                    seed=4, plies=9)
    record, plies = json.loads(json.dumps(state.to_record())), len(state.history)
    assert record["result"]["plies"] == plies and not state.is_terminal
    grown = state.apply(state.legal_actions()[0])
    for actions in (record["actions"][:-1], [*record["actions"], str(grown.history[-1])]):
        with pytest.raises(InvalidRecord, match="record says (plies|scores) .* in 'result' but "
                                                "its actions give .*delete its 'result'"):
            tabletop.replay({**record, "actions": actions})
    assert tabletop.replay(record, ply=plies - 1) == tabletop.replay(
        {**record, "actions": record["actions"][:-1], "result": {}})


@pytest.mark.parametrize("plies", [-1, True, 1.5, "9", None])
def test_a_malformed_plies_in_a_result_says_what_it_should_be(plies):
    record = playout(tabletop.load("lava-flows").new(seed=1), seed=1, plies=3).to_record()
    record["result"]["plies"] = plies
    with pytest.raises(InvalidRecord, match="record 'result' 'plies' should be a whole number"):
        tabletop.replay(record)


def test_a_records_own_field_in_other_letters_is_refused_not_kept_as_the_callers():
    """``"Start"`` for ``"start"`` was kept as the caller's field and Lacuna sampled another
    layout; ``"Actions"`` said only that 'actions' was missing."""
    record = playout(tabletop.load("lacuna").new(seed=5), seed=5, plies=6).to_record()
    for field in ("start", "actions", "result"):
        edited = {(k.title() if k == field else k): v for k, v in record.items()}
        with pytest.raises(InvalidRecord, match=f"record key '{field.title()}' is the field "
                                                f"'{field}' misspelt"):
            tabletop.replay(json.dumps(edited))
    with pytest.raises(InvalidRecord, match="to_record\\(\\) can't set 'Seed'"):
        tabletop.replay(record).to_record(Seed=1)


def test_a_callers_own_fields_survive_the_widget_but_not_replay():
    """As docs/promises.md says: the widget writes back the fields of the record it opened;
    a state from ``replay`` holds the game only."""
    state = playout(tabletop.load("lascaux").new(seed=1), seed=1, plies=4)
    record = {**state.to_record(), "event": "club night", "table": [1, 2]}
    text = json.dumps(record, indent=1).replace("\n", "\r\n")  # pretty, with Windows ends
    widget = tabletop.play("lascaux", seed=0, bots={})
    widget.load(text)
    saved = widget.save()
    assert saved["event"] == "club night" and saved["table"] == [1, 2]
    assert saved["actions"] == record["actions"]
    assert "event" not in tabletop.replay(text).to_record()
    widget.close()


def test_a_widget_record_cut_short_says_to_delete_its_ply():
    widget = tabletop.play("lascaux", seed=1, bots={})
    for _ in range(5):
        widget.play(widget.state.legal_actions()[0])
    record = widget.save()
    record["actions"] = record["actions"][:-2]
    del record["result"]
    with pytest.raises(InvalidRecord, match=r"record 'ply' 5 should be a whole number in 0\.\.3, "
                                            r"the record's actions \(delete 'ply' to open"):
        widget.load(json.dumps(record))
    del record["ply"]
    widget.load(record)
    assert widget.session.ply() == 3
    widget.close()


def test_typographic_dashes_and_the_minus_sign_read_as_a_hyphen():
    """A dash pasted from a word processor, or the true minus tabletop's own texts write."""
    state = _played("lacuna", 1)
    game = state.game
    legal = next(a for a in state.legal_actions() if "@1/4" in str(a))
    assert game.parse_action(state, str(legal).replace("-", "\u2013")) == legal
    with pytest.raises(IllegalAction, match="is not legal here"):  # read, not "no action"
        game.parse_action(state, "place free 0.25,\u22120.5")
