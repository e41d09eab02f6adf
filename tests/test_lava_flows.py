"""Lava Flows: one scenario test per rule of docs/rules/lava-flows.md.

Each test's docstring quotes (or names) the rule it checks; quotes are from the project's
specification, which that page cites. Positions are built with ``game.position`` (stacks
written bottom to top: ``W B`` Larges, ``w b`` Mediums known to both, ``[b:W]`` a black
Medium only White knows, ``[-:B]`` Black's empty hiding place).
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop import IllegalAction, InvalidOption
from tabletop.games.lava_flows import LavaFlows
from tabletop.games.lava_flows.actions import Arrange, Bubble, Eject, Move
from tabletop.games.lava_flows.board import INDEX
from tabletop.games.lava_flows.knowledge import oreos_in

WHITE, BLACK = 0, 1


@pytest.fixture
def game() -> LavaFlows:
    return tabletop.load("lava-flows")  # type: ignore[return-value]


def cell(state, name):
    """A cell as text, bottom to top (the state's own notation)."""
    return state.stack_text(name)


WHITE_SECRETS = {"a1": "[b:W] W b", "b1": "[w:W] W", "c1": "[-:W] W", "b2": "w b w",
                 "a3": "B", "b3": "B", "c3": "B"}


def full_home_rows(**extra):
    """Both home rows with every hiding place (White: black a1, white b1; Black: white a3,
    black b3), plus ``extra`` cells."""
    cells = {"a1": "[b:W] W", "b1": "[w:W] W", "c1": "[-:W] W",
             "a3": "[w:B] B", "b3": "[b:B] B", "c3": "[-:B] B"}
    cells.update(extra)
    return cells


# --- setup ------------------------------------------------------------------------------------

def first_of(game, wanted):
    return next(seed for seed in range(100) if game.new(seed=seed).first == wanted)


def test_setup_example_black_on_top_so_white_moves_first(game):
    """Setup 3: "both are stacked in the centre cell with the first player's Medium on the
    bottom (black on top means White moves first)"."""
    s = game.new(seed=first_of(game, WHITE), setup="random")
    assert cell(s, "b2") == "w b"  # white at the bottom, black on top
    assert s.current_player == WHITE
    s = game.new(seed=first_of(game, BLACK), setup="random")
    assert cell(s, "b2") == "b w"
    assert s.current_player == BLACK


def test_setup_is_a_secret_decision_of_each_player_with_six_choices(game):
    """Setup 1-2: each player hides a black Medium under one Large, a white one under another,
    nothing under the third: "6 arrangements per player", a hidden decision."""
    s = game.new(seed=4)
    assert s._is_setup() and s.current_player == WHITE
    assert len(s.legal_actions()) == 6 and all(isinstance(a, Arrange) for a in s.legal_actions())
    s = s.apply("arrange black c1 white a1")
    assert s._is_setup() and s.current_player == BLACK and len(s.legal_actions()) == 6
    assert cell(s, "c1") == "[b:W] W" and cell(s, "a1") == "[w:W] W" and cell(s, "b1") == "[-:W] W"
    # the other player never sees the choice: redacted in the log, masked in the view
    assert s.log(BLACK) == ("arrange ?",) and s.log(WHITE) == ("arrange black c1 white a1",)
    assert [s.view(BLACK).stack_text(c) for c in ("a1", "b1", "c1")] == ["[?:W] W"] * 3
    views = {s.apply(a).view(WHITE) for a in s.legal_actions()}
    assert len(views) == 1  # Black's six choices look the same to White
    s = s.apply("arrange black a3 white b3")
    assert not s._is_setup() and s.phase == 2


def test_first_player_stays_hidden_until_the_centre_stack_is_placed(game):
    """Setup 3 is a chance event drawn from the seed, shown only once the centre is placed."""
    s = game.new(seed=first_of(game, BLACK))
    for step in ("arrange black a1 white b1", None):
        for p in (WHITE, BLACK):
            view = s.view(p)
            assert view.first == -1 and view.stacks[INDEX["b2"]] == ""
            assert "first" not in str(view) and "first" not in view.svg()
        firsts = {s.view(WHITE).determinize(random.Random(i)).first for i in range(20)}
        assert firsts == {0, 1}  # a view cannot tell
        if step:
            s = s.apply(step)
    s = s.apply("arrange black a3 white c3")
    assert s.view(WHITE).first == BLACK and "first Black" in str(s.view(WHITE))


def test_new_with_random_setup_makes_both_arrangements(game):
    """``new(seed, setup="random")`` makes both arrangements, recorded as actions."""
    s = game.new(seed=11, setup="random")
    assert [type(a) for a in s.history] == [Arrange, Arrange] and s.phase == 2
    assert s == game.new(seed=11, setup="random")
    joined = "".join(s.stacks)
    assert sorted(joined.translate(str.maketrans("", "", "WBwb"))) == list("012345")


# --- visibility and knowledge ----------------------------------------------------------------

def test_a_medium_under_a_large_is_hidden_and_a_large_never_is(game):
    """Visibility: a Medium directly under a Large (possibly with only Mediums between them)
    is hidden; a Large is never hidden; a Medium on a Large sits on top, visible."""
    s = game.position({"b2": "w b W b B w", "a1": "W", "c3": "B"}, to_move=WHITE)
    assert cell(s, "b2") == "(w) (b) W (b) B w"
    assert s.view(BLACK).stack_text("b2") == "(w) (b) W (b) B w"  # covered in view: known
    hidden = tabletop.load("lava-flows", memory=True).position(
        {"b2": "w b W b B w", "a1": "W", "c3": "B"}, to_move=WHITE)
    assert hidden.view(WHITE).stack_text("b2") == "(?) (?) W (?) B w"
    assert hidden.view(WHITE).hidden == (0, 0)  # memory=True: not even their colours counted


def test_views_show_own_hidden_pieces_and_mask_the_opponents(game):
    """Visibility: a Medium hidden at setup is known only to the player who hid it; whether a
    Large hides anything is itself hidden (every Large of the other shows "maybe")."""
    s = game.position(full_home_rows(b2="w b"))
    white, black = s.view(WHITE), s.view(BLACK)
    assert white.stack_text("a1") == "[b:W] W" and white.stack_text("c1") == "[-:W] W"
    assert [white.stack_text(c) for c in ("a3", "b3", "c3")] == ["[?:B] B"] * 3
    assert [black.stack_text(c) for c in ("a1", "b1", "c1")] == ["[?:W] W"] * 3
    assert white.pools[BLACK] == "-bw"


def test_memory_true_views_never_show_hidden_pieces(game):
    """Option memory=True: views never show hidden pieces, not even known ones."""
    g = tabletop.load("lava-flows", memory=True)
    s = g.position(full_home_rows(b2="w B", c3=""))
    view = s.view(WHITE)
    assert view.stack_text("a1") == "[?:W] W"  # White's own hiding place, not shown
    assert view.stack_text("b2") == "(?) B"  # a Medium both saw covered, not shown
    assert view.hidden == (0, 0) and view.pools == ("", "")  # nothing hidden remembered
    perfect = game.position(full_home_rows(b2="w B", c3="")).view(WHITE)
    assert perfect.stack_text("a1") == "[b:W] W" and perfect.stack_text("b2") == "(w) B"
    assert tabletop.load("lava-flows").options["memory"] is False  # default: perfect memory


def test_determinize_respects_what_was_revealed(game):
    """``determinize`` samples the opponent's arrangement consistently with every reveal."""
    s = game.position(full_home_rows(b2="w b"), to_move=WHITE)
    s = s.apply("bubble a3 claim black")  # wrong: reveals Black's white Medium under a3
    assert s.claims[-1].right is False and s.claims[-1].found == "white"
    view = s.view(WHITE)
    assert view.stack_text("a3") == "(w) B" and view.pools[BLACK] == "-b"
    seen = set()
    for i in range(30):
        twin = view.determinize(random.Random(i))
        assert twin.view(WHITE) == view
        assert twin.stacks[INDEX["a3"]] == "wB"
        seen.add((twin.stacks[INDEX["b3"]], twin.stacks[INDEX["c3"]]))
    assert seen == {("4B", "5B"), ("5B", "4B")}


# --- move -------------------------------------------------------------------------------------

def test_move_onto_a_stack_covers_what_is_there(game):
    """Move: a piece of your colour moves one cell orthogonally, onto an empty cell or on top
    of a stack. [I] A Large moved onto a Medium covers it (hidden, but known to both)."""
    s = game.position({"a1": "W", "a2": "b", "c1": "w"}, to_move=WHITE)
    t = s.apply("move a1-a2")
    assert cell(t, "a2") == "(b) W" and cell(t, "a1") == ""
    assert t.view(BLACK).stack_text("a2") == "(b) W"  # known to both
    assert "move c1-c2" in map(str, s.legal_actions())  # onto an empty cell too
    assert "move c1-a1" not in map(str, s.legal_actions())  # one cell orthogonally


def test_move_only_a_top_piece_of_your_colour(game):
    """Move: a piece of your colour that is alone or on top of its stack."""
    s = game.position({"a1": "W b", "b1": "w", "c3": "B"}, to_move=WHITE)
    legal = set(map(str, s.legal_actions()))
    assert "move b1-b2" in legal and not any(a.startswith("move a1") for a in legal)
    assert not any(a.startswith("move c3") for a in legal)
    with pytest.raises(IllegalAction, match="top piece on a1 is black"):
        s.apply("move a1-a2")


def test_moving_a_large_off_a_hidden_medium_reveals_it_to_both(game):
    """[I] Moving a Large off a hidden Medium leaves the Medium in place, revealed to both."""
    s = game.position(full_home_rows(b2="w b"), to_move=WHITE)
    assert s.view(BLACK).stack_text("b1") == "[?:W] W"
    t = s.apply("move b1-b2")
    assert cell(t, "b1") == "w" and t.view(BLACK).stack_text("b1") == "w"
    assert t.view(BLACK).pools[WHITE] == "-b"  # what White's hiding places still hold


# --- slide ------------------------------------------------------------------------------------

def test_slide_may_not_enter_an_empty_cell(game):
    """Slide (default, the seed's rule): it may not enter an empty cell."""
    s = game.position({"b2": "w b", "b1": "W", "a3": "B"}, to_move=WHITE)
    with pytest.raises(IllegalAction, match="may not slide into an empty cell"):
        s.apply("slide b2-a2")
    t = s.apply("slide b2-b1")  # onto another stack: lands on top
    assert cell(t, "b1") == "W w b" and cell(t, "b2") == ""


def test_slide_moves_any_stack_and_hidden_pieces_stay_hidden(game):
    """Slide: the seed puts no colour condition on which stack; hidden pieces travel unseen
    and stay hidden."""
    s = game.position(full_home_rows(a2="w", b2="b"), to_move=WHITE)
    t = s.apply("slide a3-a2")  # White slides Black's stack, with its secret
    assert cell(t, "a2") == "(w) [w:B] B"
    assert t.view(WHITE).stack_text("a2") == "(w) [?:B] B"
    assert t.view(BLACK).stack_text("a2") == "(w) [w:B] B"


def test_slide_empty_option_is_the_printed_card(game):
    """Option slide="empty": the top piece must be your colour; into an empty cell only."""
    g = tabletop.load("lava-flows", slide="empty")
    s = g.position({"b2": "w b", "b1": "b W", "a3": "B"}, to_move=WHITE)
    legal = set(map(str, s.legal_actions()))
    assert {"slide b1-a1", "slide b1-c1"} <= legal and "slide b1-b2" not in legal
    assert not any(a.startswith("slide b2") for a in legal)  # black on top
    with pytest.raises(IllegalAction, match="into an empty cell only; b2 is occupied"):
        s.apply("slide b1-b2")
    with pytest.raises(IllegalAction, match="top piece must be white"):
        s.apply("slide b2-a2")
    assert cell(s.apply("slide b1-c1"), "c1") == "(b) W"


def test_a_cell_with_a_cone_is_occupied_and_the_cone_stays(game):
    """[I] A Cinder Cone never moves: on a cone, "the stack" means the pieces above it; a
    cell holding a cone is occupied."""
    s = game.position({"a3": "b", "b3": "w", "b1": "W"}, cones={"a3": WHITE, "c3": WHITE},
                      to_move=BLACK)
    legal = set(map(str, s.legal_actions()))
    assert "slide b3-c3" in legal  # onto a cone: occupied
    t = s.apply("slide a3-b3")
    assert cell(t, "a3") == "{W w}" and t.cones[INDEX["a3"]] == WHITE
    assert cell(t, "b3") == "w b"
    assert not any(a.split()[1].startswith("c3") for a in legal if a != "pass")
    with pytest.raises(IllegalAction, match="a cone never moves"):
        s.apply("slide c3-b3")


# --- bubble up --------------------------------------------------------------------------------

def test_bubble_up_a_visible_lowest_piece_without_a_claim(game):
    """Bubble up: the lowest piece moves to the top; if it is visible, just do it."""
    s = game.position({"b2": "w b w", "b1": "W", "a3": "B"}, to_move=BLACK)
    assert cell(s.apply("bubble b2"), "b2") == "b w w"
    with pytest.raises(IllegalAction, match="in view: bubble up without a claim"):
        s.apply("bubble b2 claim white")


def test_a_wrong_bubble_claim_reveals_and_ends_the_turn_without_moving(game):
    """Bubble up: if it cannot be seen, the actor names its colour, then it is revealed. Wrong:
    nothing moves and the turn ends; what was revealed becomes known to both."""
    s = game.position(full_home_rows(b2="w b"), to_move=WHITE)
    t = s.apply("bubble b3 claim white")  # Black hid black there
    assert cell(t, "b3") == "(b) B"  # revealed, still under its Large, nothing moved
    assert t.view(WHITE).stack_text("b3") == "(b) B"
    assert t.current_player == BLACK and t.lock == -1  # the turn is over, no lock
    claim = t.claims[-1]
    assert (claim.player, claim.action, claim.right, claim.kind, claim.found) == (
        WHITE, "bubble b3 claim white", False, "guess", "black")


def test_a_right_bubble_claim_moves_the_piece_to_the_top(game):
    """Bubble up: right, it moves to the top (revealed)."""
    s = game.position(full_home_rows(b2="w b"), to_move=WHITE)
    t = s.apply("bubble a3 claim white")
    assert cell(t, "a3") == "B w" and t.claims[-1].right and t.claims[-1].kind == "guess"
    assert t.lock == INDEX["a3"]


def test_nothing_hidden_claims_under_a_lone_large(game):
    """[I] Under a lone or bottom Large the actor declares "hidden black", "hidden white" or
    "nothing hidden" (the last bubbles the Large itself if true); a claim about one's own
    hiding place is sure, and a claim one knows false is a bluff."""
    s = game.position(full_home_rows(b2="w b"), to_move=BLACK)
    assert {"bubble c3 claim black", "bubble c3 claim white", "bubble c3 claim nothing"} <= set(
        map(str, s.legal_actions()))
    t = s.apply("bubble c3 claim nothing")
    assert cell(t, "c3") == "B" and t.view(WHITE).stack_text("c3") == "B"
    assert t.claims[-1].right and t.claims[-1].kind == "sure" and t.lock == INDEX["c3"]
    u = s.apply("bubble b3 claim white")
    assert not u.claims[-1].right and u.claims[-1].kind == "bluff"


def test_bubble_lock_on_the_cell_of_the_last_successful_bubble(game):
    """Bubble up is not allowed on a stack where the opponent made a (successful [I]) Bubble
    Up on their previous turn; the stack is identified by its cell [I]."""
    s = game.position(full_home_rows(b2="w b"), to_move=WHITE)
    t = s.apply("bubble b2")
    assert t.lock == INDEX["b2"] and t.view(BLACK).lock == INDEX["b2"]
    assert not any(str(a).startswith("bubble b2") for a in t.legal_actions())
    with pytest.raises(IllegalAction, match="bubbled up on b2 last turn"):
        t.apply("bubble b2")
    u = t.apply("pass")  # the lock lasts one turn
    assert u.lock == -1 and "bubble b2" in map(str, u.legal_actions())
    wrong = s.apply("bubble b3 claim white")  # a wrong claim sets no lock
    assert wrong.lock == -1


def test_nothing_hidden_bubbles_the_large_to_the_top_over_what_stood_on_it(game):
    """[I] A right "nothing" claim makes the bottom Large the lowest piece, and a Bubble Up
    moves the lowest piece to the top: ``W b`` becomes ``(b) W``, the Medium covered in full
    view (hidden, known to both), and the lock is set."""
    s = game.position({"a2": "W b", "b2": "[-:W] W w", "b1": "W", "a3": "B"}, to_move=BLACK)
    t = s.apply("bubble a2 claim nothing")
    assert cell(t, "a2") == "(b) W"
    assert t.view(WHITE).stack_text("a2") == t.view(BLACK).stack_text("a2") == "(b) W"
    assert t.claims[-1].right and t.claims[-1].found == "nothing" and t.lock == INDEX["a2"]
    u = s.apply("bubble b2 claim nothing")  # White's empty hiding place: revealed, gone
    assert cell(u, "b2") == "(w) W" and u.claims[-1].right


def test_bubble_needs_two_pieces(game):
    """[I] A Bubble Up needs at least two pieces above any cone, a hiding place under a Large
    counting as one: a lone piece would only bubble onto itself. So neither a lone Medium
    nor a lone Large with nothing under it is offered one; a Large standing on a hiding
    place is, since what the place holds is hidden (whatever it holds)."""
    s = game.position({"b2": "w", "a2": "W", "c1": "[-:W] W", "a3": "B", "c3": "[w:B] B"},
                      to_move=WHITE)
    bubbles = {str(a) for a in s.legal_actions() if isinstance(a, Bubble)}
    assert bubbles == {f"bubble {c} claim {claim}" for c in ("c1", "c3")
                       for claim in ("black", "white", "nothing")}
    assert {str(a) for a in s.view(WHITE).legal_actions() if isinstance(a, Bubble)} == bubbles
    for refused in ("bubble b2", "bubble a2 claim nothing", "bubble a2 claim black"):
        with pytest.raises(IllegalAction, match="a lone piece would move onto itself"):
            s.apply(refused)
    t = s.apply("bubble c1 claim nothing")  # right: the hiding place was empty
    assert cell(t, "c1") == "W" and "bubble c1 claim nothing" not in map(
        str, t.apply("pass").legal_actions())  # now a lone Large: no more Bubble Up there
    on_cone = game.position({"a3": "w"}, cones={"a3": WHITE}, to_move=WHITE)
    assert not any(isinstance(a, Bubble) for a in on_cone.legal_actions())


# --- lava tube ejection ------------------------------------------------------------------------

def test_ejecting_a_visible_oreo_either_colour_any_size(game):
    """Lava tube ejection: an Oreo W-B-W or B-W-B (sizes don't matter [I]) loses its middle,
    which moves one cell onto the top of whatever is there; either player may eject either
    colour."""
    s = game.position({"b2": "w b w", "c2": "W", "a1": "B b"}, to_move=WHITE)
    t = s.apply("eject b2@1 c2")
    assert cell(t, "b2") == "w w" and cell(t, "c2") == "W b"
    big = game.position({"b2": "B w b", "a3": "W"}, to_move=WHITE)
    assert "eject b2@1 a2" in map(str, big.legal_actions())  # B-w-b: sizes don't matter
    assert cell(big.apply("eject b2@1 a2"), "a2") == "w"  # into an empty cell too


def test_a_hidden_oreo_must_be_announced_and_is_revealed(game):
    """Lava tube ejection: if any of the three pieces is hidden, the actor must announce the
    Oreo (cell, depth, colours); it is revealed; if wrong, nothing happens and the turn ends."""
    s = game.position(full_home_rows(a1="[b:W] W b"), to_move=BLACK)
    legal = set(map(str, s.legal_actions()))
    assert "eject a1@1 a2 claim bwb" in legal and "eject a1@1 a2" not in legal
    with pytest.raises(IllegalAction, match="announce the Oreo"):
        s.apply("eject a1@1 a2")
    right = s.apply("eject a1@1 a2 claim bwb")  # White hid black under a1: right
    assert cell(right, "a1") == "b b" and cell(right, "a2") == "W"
    assert right.claims[-1].right and right.claims[-1].kind == "guess"
    assert right.claims[-1].found == "b W b"
    wrong = game.position(full_home_rows(a1="[-:W] W b", c1="[b:W] W"), to_move=BLACK)
    after = wrong.apply("eject a1@1 a2 claim bwb")
    assert cell(after, "a1") == "W b" and cell(after, "a2") == ""  # nothing moved
    assert not after.claims[-1].right and after.current_player == WHITE
    assert after.view(BLACK).stack_text("a1") == "W b"  # the empty hiding place is known


def test_announcing_an_oreo_one_knows_is_sure(game):
    """An announcement by the player who hid the piece is "sure" (the learner's record)."""
    s = game.position(full_home_rows(a1="[b:W] W b"), to_move=WHITE)
    t = s.apply("eject a1@1 b1 claim bwb")
    assert t.claims[-1].kind == "sure" and t.claims[-1].right
    assert cell(t, "b1") == "[w:W] W W"


def test_oreo_top_option_only_the_top_three_pieces(game):
    """Source conflict: the card says "the top three pieces": option oreo="top"."""
    cells = {"b2": "w b w b b", "a3": "B", "a1": "W"}
    anywhere = game.position(cells, to_move=WHITE)
    top = tabletop.load("lava-flows", oreo="top").position(cells, to_move=WHITE)
    ejects = {str(a).split()[1] for a in anywhere.legal_actions() if isinstance(a, Eject)}
    assert ejects == {"b2@2", "b2@3"}
    assert not any(isinstance(a, Eject) for a in top.legal_actions())
    with pytest.raises(IllegalAction, match="oreo='top'"):
        top.apply("eject b2@3 c2")


def test_the_middle_of_an_oreo_is_never_a_cone_piece(game):
    """[I] The middle piece may not belong to a Cinder Cone (a cone's two pieces share a
    colour, so only its Medium can be an outer piece)."""
    assert oreos_in("BwB", 2, False) == []  # if a cone's piece were the middle: refused
    s = game.position({"a3": "b w", "c1": "W"}, cones={"a3": WHITE}, to_move=BLACK)
    assert [str(o) for o in s.oreos()] == ["a3@1 wbw (visible)"]  # cone w, b, w
    assert cell(s.apply("eject a3@1 a2"), "a3") == "{W w} w"


# --- solidification -------------------------------------------------------------------------

def test_cone_forms_in_the_goal_row_and_sinks_to_the_bottom(game):
    """Solidification: in P's goal row, a visible Medium of colour P directly on a Large of
    colour P locks into a Cinder Cone, which sinks to the bottom; the others keep their order
    above it."""
    s = game.position({"c3": "b (w) W", "c2": "w", "a1": "B"}, to_move=WHITE)
    t = s.apply("move c2-c3")
    assert t.cones[INDEX["c3"]] == WHITE and cell(t, "c3") == "{W w} b w"
    assert t.scores == (1.0, 0.0)


def test_cones_form_only_in_their_owners_goal_row_for_both_players(game):
    """Solidification happens after every action, for both players, each in their goal row."""
    s = game.position({"a1": "B b W", "b1": "W", "b2": "w"}, to_move=WHITE)
    t = s.apply("move a1-a2")  # White's move uncovers Black's pair in Black's goal row
    assert t.cones[INDEX["a1"]] == BLACK and cell(t, "a1") == "{B b}"
    u = s.apply("move b2-b1")  # white on white, but in Black's goal row: no cone
    assert u.cones[INDEX["b1"]] == -1 and cell(u, "b1") == "W w"


def test_no_second_cone_in_a_cell(game):
    """Solidification: at most one cone per cell ("a second Cinder Cone is never allowed to
    form in the same space")."""
    s = game.position({"c3": "W", "c2": "w", "a1": "B"}, cones={"c3": WHITE}, to_move=WHITE)
    t = s.apply("move c2-c3")
    assert t.cones[INDEX["c3"]] == WHITE and cell(t, "c3") == "{W w} W w"


def test_a_cone_never_moves_but_pieces_land_on_it(game):
    """A cone never moves or separates; pieces may sit on it and land on it."""
    s = game.position({"a3": "", "a2": "w", "b1": "B"}, cones={"a3": WHITE}, to_move=WHITE)
    legal = set(map(str, s.legal_actions()))
    assert not any(a.startswith(("move a3", "slide a3", "bubble a3")) for a in legal)
    t = s.apply("move a2-a3")
    assert cell(t, "a3") == "{W w} w"
    with pytest.raises(IllegalAction, match="a cone never moves"):
        s.apply("move a3-b3")


# --- the end ----------------------------------------------------------------------------------

def test_three_cones_along_the_goal_row_win(game):
    """End: P wins at once with a Cinder Cone in all three cells of P's goal row."""
    s = game.position({"c3": "W", "c2": "w", "a1": "B"}, cones={"a3": WHITE, "b3": WHITE},
                      to_move=WHITE)
    t = s.apply("move c2-c3")
    assert t.is_terminal and t.winners == (WHITE,) and t.outcome == "win"
    assert t.scores == (3.0, 0.0) and t.legal_actions() == ()
    assert "White wins" in str(t) and "White wins" in str(t.view(BLACK))


def test_a_win_completed_by_the_opponents_action(game):
    """End: check after every action, whoever acted — Black's move can complete White's row."""
    s = game.position({"c3": "W w B"}, cones={"a3": WHITE, "b3": WHITE}, to_move=BLACK)
    t = s.apply("move c3-c2")
    assert t.winners == (WHITE,) and t.is_terminal


def test_if_one_action_completed_both_rows_the_actor_would_win(game):
    """[I] If one action completes both, the actor wins. (One action changes two adjacent
    cells, never both goal rows, so this checks the rule on the engine directly.)"""
    s = game.position({"c3": "W w", "c1": "B b"}, cones={"a3": 0, "b3": 0, "a1": 1, "b1": 1},
                      to_move=BLACK)
    assert s.winners == (BLACK,)  # settled with Black to move: Black counts as the actor
    raw = game.position({"c3": "W", "c1": "B", "c2": "w b"},
                        cones={"a3": 0, "b3": 0, "a1": 1, "b1": 1}, to_move=WHITE)
    after = raw._after(["", "", "Bb", "", "", "", "", "", "Ww"], (2, 8), -1, ())
    assert after.winners == (WHITE,)


def test_third_repetition_is_a_draw(game):
    """[I] Draw: third repetition of a position with the same player to move."""
    s = game.position({"b2": "w b", "a1": "W", "a3": "B"}, to_move=WHITE)
    for _ in range(3):
        s = s.apply("pass")
    assert not s.is_terminal  # White's position: twice; Black's: twice
    s = s.apply("pass")
    assert s.is_terminal and s.outcome == "repetition" and s.winners == ()
    assert "draw (repetition)" in str(s)
    # The picture counts down to the ply cap while the game runs, not once it is over.
    assert ">game over<" in s.svg() and "draw in" not in s.svg()
    running = game.position({"b2": "w b", "a1": "W", "a3": "B"}, to_move=WHITE)
    assert ">draw in 200 plies<" in running.svg() and "game over" not in running.svg()


def test_repetition_counts_what_is_seen_with_the_lock_and_the_mover(game):
    """[I] A position is what anyone at the table sees (cones, Larges, Mediums in view), the
    lock and who moves: a bubble that sets a lock does not repeat the position."""
    s = game.position({"b2": "w w", "a1": "W", "a3": "B"}, to_move=WHITE)
    keys = {s.positions[0]}
    t = s.apply("bubble b2")  # w w -> w w: same look, but b2 is now locked
    assert t.positions[-1] not in keys


def test_ply_cap_draw_and_option(game):
    """[I] Draw at the ply cap (option ply_cap, default 200)."""
    assert game.options["ply_cap"] == 200
    g = tabletop.load("lava-flows", ply_cap=3)
    s = g.position({"b2": "w b", "a1": "W", "c3": "B"}, to_move=WHITE)
    s = s.apply("move a1-a2").apply("move c3-c2")
    assert not s.is_terminal
    s = s.apply("move a2-a1")
    assert s.is_terminal and s.outcome == "ply cap" and s.winners == ()
    with pytest.raises(InvalidOption, match="ply_cap"):
        tabletop.load("lava-flows", ply_cap=0)


def test_options_are_validated():
    """The options and their values are exactly those of the spec."""
    assert tabletop.load("lava-flows").options == {
        "slide": "onto", "oreo": "anywhere", "memory": False, "ply_cap": 200}
    for bad in ({"slide": "any"}, {"oreo": "middle"}, {"memory": "yes"}, {"hidden": True}):
        with pytest.raises(InvalidOption):
            tabletop.load("lava-flows", **bad)


# --- what a learner sees -------------------------------------------------------------------

def test_views_expose_announcements_oreos_and_the_lock(game):
    """What to show a learner: which pieces are hidden and who knows them, the Oreos, the lock,
    which announcements were guesses and whether they were right."""
    s = game.position(WHITE_SECRETS, to_move=BLACK)
    view = s.view(BLACK)
    oreos = {str(o) for o in view.oreos()}
    assert "b2@1 wbw (visible)" in oreos and "a1@1 bwb (possible)" in oreos
    assert {str(o) for o in s.view(WHITE).oreos()} >= {"a1@1 bwb (hidden)"}
    bluff = game.position({**WHITE_SECRETS, "a3": "[-:B] B"}, to_move=BLACK)
    t = bluff.apply("bubble a3 claim black")  # Black knows nothing is hidden there
    assert [str(c) for c in t.view(WHITE).claims] == [
        "3. Black bubble a3 claim black: wrong (bluff, found nothing)"]
    memory = tabletop.load("lava-flows", memory=True).position(full_home_rows(b2="w b"),
                                                                 to_move=BLACK)
    hidden = memory.apply("bubble a3 claim black").view(WHITE)
    assert hidden.claims[-1].found == "" and not hidden.claims[-1].right


def test_position_builder_checks_its_input(game):
    """``game.position`` refuses impossible material and unknown symbols."""
    with pytest.raises(InvalidOption, match="at most 3"):
        game.position({"a1": "W W", "b1": "W W"})
    with pytest.raises(InvalidOption, match="not a piece"):
        game.position({"a1": "X"})
    with pytest.raises(InvalidOption, match="not a cell"):
        game.position({"d4": "W"})


def test_position_builder_refuses_what_the_rules_never_make(game):
    """``game.position`` refuses arguments that cannot hold together: a Cinder Cone forms
    only in its owner's goal row (Solidification), a player hides a Medium under one of
    their own Larges (Setup 1) and it stays right under it until revealed, the lock is on
    the stack of the last Bubble Up, and each cell is given once."""
    with pytest.raises(InvalidOption, match=r"cones=\{'a1': 0\}: a Cinder Cone forms only in "
                                            r"its owner's goal row, and White's is a3, b3, c3"):
        game.position({"a1": "W"}, cones={"a1": 0})
    with pytest.raises(InvalidOption, match="Black's is a1, b1, c1"):
        game.position({"b2": "w"}, cones={"c3": "black"})
    with pytest.raises(InvalidOption, match=r"a1 '\[b:B\] W': a hiding place sits directly "
                                            r"under its hider's Large \('\[b:B\] B'\)"):
        game.position({"a1": "[b:B] W"})
    with pytest.raises(InvalidOption, match="hiding place"):
        game.position({"b2": "[w:W] w W"})
    with pytest.raises(InvalidOption, match="lock='b2': .* b2 holds no stack"):
        game.position({"a1": "W"}, lock="b2")
    with pytest.raises(InvalidOption, match=r"cells names cell a1 twice \('a1', 'A1'\)"):
        game.position({"a1": "W", "A1": "B"})
    with pytest.raises(InvalidOption, match="cones names cell a3 twice"):
        game.position({}, cones={"a3": 0, "A3": 0})
    # what the rules do make is still built: a hiding place in view is read as public
    assert cell(game.position({"a1": "[b:W] w"}), "a1") == "b w"
    assert game.position({"a3": "B w"}, cones={"a3": 0}, lock="a3").lock == INDEX["a3"]


# --- notation --------------------------------------------------------------------------------

def test_claims_may_be_typed_in_the_rules_own_words(game):
    """The specification's words for a claim — "hidden black", "hidden white", "nothing
    hidden", an Oreo "W-B-W" / "B-W-B" — name the same actions as the short notation, which
    is still how the actions print."""
    s = game.position(WHITE_SECRETS, to_move=BLACK)
    for said, meant in (("bubble a1 claim hidden black", "bubble a1 claim black"),
                        ("Bubble A1 claim Hidden White", "bubble a1 claim white"),
                        ("bubble a1 claim nothing hidden", "bubble a1 claim nothing"),
                        ("eject a1@1 a2 claim B-W-B", "eject a1@1 a2 claim bwb")):
        action = game.parse_action(s, said)
        assert action in s.legal_actions() and str(action) == meant
        assert s.apply(said) == s.apply(meant)
    with pytest.raises(IllegalAction, match="cannot believe there is a wbw Oreo"):
        game.parse_action(s, "eject a1@1 a2 claim w-b-w")  # said another way, still refused
    with pytest.raises(IllegalAction, match="is no action in Lava Flows"):
        game.parse_action(s, "bubble a1 claim white hidden")


def test_notation_is_readable_and_round_trips(game):
    """Action notation readable by a person, and ``parse_action`` accepts it."""
    s = game.position(WHITE_SECRETS, to_move=BLACK)
    texts = [str(a) for a in s.legal_actions()]
    for text in ("slide b2-b1", "bubble a1 claim nothing", "eject b2@1 c2",
                 "eject a1@1 a2 claim bwb", "pass"):
        assert text in texts
    for action in s.legal_actions():
        assert game.parse_action(s, str(action)) == action
    assert game.parse_action(s, "  EJECT  b2@1   C2 ") == Eject("b2", 1, "c2")
    assert str(Move("b1", "b2")) == "move b1-b2" and str(Bubble("a1", "white")) == (
        "bubble a1 claim white")
    with pytest.raises(IllegalAction,
                       match="'jump' is no action in Lava Flows: actions are 'arrange"):
        game.parse_action(s, "jump")
