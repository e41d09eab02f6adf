"""Lava Flows with ``memory=True`` ("no peeking"): a view shows no hidden piece and no trace
of one — not in its text, its log, its information state, its tensor, its announcements'
verdicts or the actions it offers — only the shape of each pile (docs/rules/lava-flows.md,
"What a player who forgets knows")."""

from __future__ import annotations

import random

import tabletop
from tabletop.core.testing import check_game
from tabletop.core.testing.observations import check_observations
from tabletop.games.lava_flows.tensor import PLANES

WHITE, BLACK = 0, 1
MEMORY = tabletop.load("lava-flows", memory=True)
PERFECT = tabletop.load("lava-flows")
HOMES = {"a1": "[b:W] W", "b1": "[w:W] W", "c1": "[-:W] W",
         "a3": "[w:B] B", "b3": "[b:B] B", "c3": "[-:B] B", "b2": "w b"}


def played(game, arrangement, moves=("bubble b2", "pass")):
    """White arranges as told, Black as always, the same first player and moves."""
    seed = next(s for s in range(50) if game.new(seed=s).first == WHITE)
    state = game.new(seed=seed).apply(arrangement).apply("arrange black a3 white b3")
    for move in moves:
        state = state.apply(move)
    return state


def test_the_log_forgets_the_players_own_arrangement():
    """The arrangement is a hidden piece's content: with memory=True even its maker's log
    shows ``arrange ?``; the omniscient log (records) keeps it; perfect memory shows it."""
    state = played(MEMORY, "arrange black a1 white c1", moves=())
    assert state.log(WHITE) == state.log(BLACK) == ("arrange ?", "arrange ?")
    assert state.log()[0] == "arrange black a1 white c1"
    assert played(PERFECT, "arrange black a1 white c1", moves=()).log(WHITE)[0] == \
        "arrange black a1 white c1"


def test_equal_views_hand_out_equal_strings_and_tensors():
    """Two games that differ only in White's arrangement: with memory=True, White's views
    are equal, and so are their information states, texts and tensors."""
    a = played(MEMORY, "arrange black a1 white c1")
    b = played(MEMORY, "arrange black c1 white b1")
    for player in (WHITE, BLACK):
        va, vb = a.view(player), b.view(player)
        assert va == vb and hash(va) == hash(vb)
        assert va.information_state() == vb.information_state() and str(va) == str(vb)
        assert (va.observation() == vb.observation()).all()
        assert va.legal_actions() == vb.legal_actions() and a.view(player).oreos() == \
            vb.oreos()
    assert a.legal_actions() == b.legal_actions()  # the actions offered leak nothing either
    assert played(PERFECT, "arrange black a1 white c1").view(WHITE) != \
        played(PERFECT, "arrange black c1 white b1").view(WHITE)


def test_a_reveal_leaves_no_trace_of_what_it_found():
    """A wrong claim reveals a piece to both, who then forget it: the view shows the
    verdict only, no count of hidden colours, no contents of hiding places."""
    state = MEMORY.position(HOMES, to_move=BLACK).apply("bubble a1 claim white")
    claim = state.claims[-1]
    assert not claim.right and claim.found == "black" and claim.kind == "guess"
    view = state.view(WHITE)
    assert str(view.claims[-1]) == "3. Black bubble a1 claim white: wrong"
    assert view.pools == ("", "") and view.hidden == (0, 0)
    text = str(view)
    for word in ("hold", "unseen", "black Medium", "found", "guess", "(w)", "(b)", "[b:"):
        assert word not in text
    tensor = view.observation()
    start = PLANES.index("White's unknown places hold white")
    assert not tensor[start:].any()
    assert "found" in str(PERFECT.position(HOMES, to_move=BLACK)
                          .apply("bubble a1 claim white").view(WHITE))


def test_determinize_fills_every_unknown_with_anything_the_board_allows():
    """A twin may hold any arrangement (the player's own too), and its view is the view."""
    view = played(MEMORY, "arrange black a1 white c1").view(WHITE)
    seen = set()
    for seed in range(60):
        twin = view.determinize(random.Random(seed))
        assert twin.view(WHITE) == view and twin.legal_actions() == view.legal_actions()
        seen.add(twin.stacks[:3])
    assert len(seen) == 6  # each of White's six arrangements


def test_memory_true_passes_the_conformance_checks():
    check_observations(MEMORY, seeds=range(8))  # with the private log of each view
    report = check_game(MEMORY, seeds=range(3), package_seeds=0, hash_seed_states=0)
    assert report.games == 3


def test_the_announcements_offered_do_not_depend_on_what_a_hiding_place_holds():
    """What is under a1 (white in one game, black in the other) is forgotten: both games
    offer the same announcements, the ``bwb`` one that only the black Medium makes right
    included (I15: with memory=True, more are offered)."""
    states = [MEMORY.position({"a1": f"[{m}:W] W b", "c3": "B"}, to_move=WHITE)
              for m in "wb"]
    assert states[0].view(WHITE) == states[1].view(WHITE)
    assert states[0].legal_actions() == states[1].legal_actions()
    assert "eject a1@1 a2 claim bwb" in map(str, states[0].legal_actions())
    perfect = PERFECT.position({"a1": "[w:W] W b", "c3": "B"}, to_move=WHITE)
    assert "eject a1@1 a2 claim bwb" not in map(str, perfect.legal_actions())
