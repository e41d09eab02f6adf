"""Lava Flows' shortcuts for speed give what the plain rules give: a stored
``current_player``, Oreos memoised by colour windows (and read from the raw stack where
its player knows every piece), and realizations built from the perspective split at its
unknowns; the top Large found by one ``rstrip``; an announcement's reveal in one
``translate``; a stack of public pieces read alike by both players."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest

import tabletop
from tabletop.core.position import evolve
from tabletop.core.testing import random_states
from tabletop.games.lava_flows import tables
from tabletop.games.lava_flows.actions import ANNOUNCED, PASS
from tabletop.games.lava_flows.board import (
    CONE_PIECES,
    GHOSTS,
    PUBLIC,
    cone_colour,
    normalize,
    reveal_top,
    top_large,
)
from tabletop.games.lava_flows.cells import _entry, _shape
from tabletop.games.lava_flows.knowledge import (
    COLOURS,
    appearance,
    claim_kind,
    cone_key,
    hidden_oreos,
    joined_key,
    key_parts,
    kind_of,
    lowest_outcomes,
    oreo_claims,
    oreos_in,
    perspective,
    position_key,
    realizations,
    stack_facts,
)
from tabletop.games.lava_flows.position import PLAY, occupied, whose_turn
from tabletop.games.lava_flows.rules import _BUBBLED, _LOW_KINDS, _bubbled
from tabletop.games.lava_flows.tables import cone_context, play_tables

OPTIONS = [{}, {"memory": True}, {"slide": "empty", "oreo": "top"}, {"ply_cap": 12}]


def rollout_samples(game, rng: random.Random, seeds: int, plies: int = 30):
    """States a search meets: each seeded game's states in play, determinized for their
    mover, and up to ``plies`` raw rollout plies from each (``_legal_actions`` and
    ``_apply``, as MCTS calls them)."""
    for _, state in random_states(game, range(seeds), setup="decide"):
        if state.phase < PLAY or state.is_terminal:
            continue
        sample = state.view(state.current_player).determinize(rng)
        for _ in range(plies):
            yield sample
            if sample.current_player is None:
                break
            legal = sample._legal_actions()
            sample = sample._apply(legal[int(rng.random() * len(legal))])


def _plain_turn(position):
    return whose_turn(position.phase, position.to_move, position.outcome)


@pytest.mark.parametrize("options", OPTIONS)
def test_stored_current_player_is_whose_turn(options):
    """In states, views and determinizations, along random games and the search's raw
    rollouts (``_apply`` without ``apply``), from setup to the end."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(5)
    for _, state in random_states(game, range(4), setup="decide"):
        assert state.current_player == _plain_turn(state)
        assert state.is_terminal == (state.current_player is None)
        for player in (0, 1):
            view = state.view(player)
            assert view.current_player == _plain_turn(view)
            if not state.is_terminal:
                sample = view.determinize(rng)
                assert sample.current_player == _plain_turn(sample)
                for _ in range(6):
                    if sample.current_player is None:
                        break
                    legal = sample._legal_actions()
                    sample = sample._apply(legal[int(rng.random() * len(legal))])
                    assert sample.current_player == _plain_turn(sample)


def test_positions_for_tests_store_current_player():
    game = tabletop.load("lava-flows")
    won = game.position({"c3": "W w"}, cones={"a3": 0, "b3": 0}, to_move="black")
    assert won.outcome == "win" and won.current_player is None
    going = game.position({"a1": "W"}, to_move="black")
    assert going.current_player == 1 == _plain_turn(going)
    assert evolve(going) == going and evolve(going).current_player == 1


def _plain_hidden(pile, cone_len, visible, top_only):
    """The rule written out: every Oreo (``oreos_in``) whose lowest piece is out of view."""
    return tuple((d, m) for d, m in oreos_in(pile, cone_len, top_only) if d + 1 >= visible)


def test_hidden_oreos_memoised_by_colour_windows_follow_the_plain_rule():
    for n in range(1, 8):
        for pile in map("".join, itertools.product("WwBb", repeat=n)):
            for cone_len in (0, 2) if n >= 2 else (0,):
                for visible in range(n + 1):
                    for top_only in (False, True):
                        assert hidden_oreos(pile, cone_len, visible, top_only) == \
                            _plain_hidden(pile, cone_len, visible, top_only), pile


def _plain_realizations(tokens, pool_w, pool_b, hidden):
    """Every filling of the unknowns, by brute force over the pools' orderings."""
    found = set()
    whites = "w" * hidden[0] + "b" * hidden[1]
    for pw in itertools.permutations(pool_w):
        for pb in itertools.permutations(pool_b):
            for hs in itertools.permutations(whites):
                draws = {"m": iter(pw), "n": iter(pb), "h": iter(hs)}
                try:
                    pile = "".join(next(draws[t]) if t in draws else t for t in tokens)
                except StopIteration:
                    continue
                found.add(pile.replace("-", ""))
    return tuple(sorted(found))


def test_realizations_split_at_the_unknowns_follow_the_plain_rule():
    rng = random.Random(3)
    pools = ["", "-", "b", "w", "-b", "-w", "bw", "-bw"]
    for _ in range(3000):
        tokens = "".join(rng.choice("WBwbmnh") for _ in range(rng.randint(1, 8)))
        pool_w, pool_b = rng.choice(pools), rng.choice(pools)
        hidden = (rng.randint(0, 2), rng.randint(0, 2))
        if tokens.count("m") > len(pool_w) or tokens.count("n") > len(pool_b) \
                or tokens.count("h") > sum(hidden):
            continue
        assert realizations.__wrapped__(tokens, pool_w, pool_b, hidden) == \
            _plain_realizations(tokens, pool_w, pool_b, hidden), tokens


def test_a_stack_its_player_fully_knows_is_read_as_its_true_pile():
    """``_shape`` skips the perspective where the player knows every piece; the Oreos it
    finds are those of the perspective."""
    rng = random.Random(7)
    units = ("W", "B", "w", "b", *(slot + large for slot in "012345" for large in "WB"))
    for _ in range(4000):
        stack = "".join(rng.choice(units) for _ in range(rng.randint(1, 7)))  # slots under Larges
        cone, player = rng.choice((-1, 0, 1)), rng.choice((0, 1))
        for top_only in (False, True):
            shape = _shape(stack, cone, player, top_only, False)
            k = top_large(stack)
            if shape[4] is None and (k > 0 or (k == 0 and cone >= 0)):
                tokens = perspective(stack, cone, player, False)
                expected = hidden_oreos(tokens, len(CONE_PIECES[cone]), len(stack) - k,
                                        top_only)
                assert shape[3] == expected, (stack, cone, player)


def test_top_large_by_rstrip_is_the_last_large():
    """``top_large`` strips every other code off the top; the rule: the last ``W`` or ``B``."""
    codes = "WBwb012345mnh"
    for n in range(5):
        for stack in map("".join, itertools.product(codes, repeat=n)):
            assert top_large(stack) == max(stack.rfind("W"), stack.rfind("B")), stack


def _plain_reveal_top(stack, count):
    """The rule written out: the top ``count`` real pieces made public one by one, the empty
    hiding places among them dropped."""
    out = []
    i = len(stack)
    while i > 0 and count > 0:
        i -= 1
        if stack[i] in GHOSTS:
            continue
        out.append(stack[i].translate(PUBLIC))
        count -= 1
    return stack[:i] + "".join(reversed(out))


def test_reveal_top_in_one_translate_follows_the_plain_rule():
    for n in range(6):
        for stack in map("".join, itertools.product("WBwb0125", repeat=n)):
            for count in range(7):
                assert reveal_top(stack, count) == _plain_reveal_top(stack, count), stack


def test_both_players_read_a_stack_of_public_pieces_alike_but_for_its_top():
    """``read_cell`` stores the other player's ``_shape`` of such a stack with ``mine`` flipped."""
    for n in range(1, 7):
        for stack in map("".join, itertools.product("WBwb", repeat=n)):
            for cone, top_only, memory in itertools.product((-1, 0, 1), (False, True),
                                                            (False, True)):
                mine, *rest = _shape(stack, cone, 0, top_only, memory)
                assert _shape(stack, cone, 1, top_only, memory) == (not mine, *rest), stack


@pytest.mark.parametrize("options", OPTIONS)
def test_each_memos_bound_reader_fills_it_as_read_cell_does(options):
    """The reader bound to each cell memo (``cell_reader``, ``tables._READERS``) gives and stores
    what the plain ``read_cell`` gives with the memo's cell, cone, mover and lock-ness, for
    every stack of the states a search meets at every cell, cone and lock."""
    game = tabletop.load("lava-flows", **options)
    play = game.tables
    stacks = {s for sample in rollout_samples(game, random.Random(5), 4)
              for s in sample.stacks}
    assert len(stacks) > 100
    for player, lock, c, cone in itertools.product((0, 1), range(-1, 9), range(9), (-1, 0, 1)):
        memo = tables._CELLS[play.key][player][lock + 1][c][cone + 1]
        reader = tables._READERS[play.key][player][lock + 1][c][cone + 1]
        for stack in stacks:
            got = reader(stack, play)
            assert memo[stack] is got
            assert got == tables.read_cell({}, stack, c, cone, player, c == lock, play), stack


@pytest.mark.parametrize("options", OPTIONS)
def test_what_a_ply_hands_on_is_what_the_position_gives(options):
    """``_apply`` updates the handed-on (``_hand``) appearances and occupancy mask for the
    touched cells only (one ``STACK_FACTS`` lookup each); they and the key built from them
    equal the plain ``position_key``, ``key_parts`` and ``occupied`` of every state, in play
    and in rollouts; what it read of the cones is ``cone_context`` of the state's, and the
    handed-on memos are the mover's for the lock and cones, by cell."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(11)
    checked = 0
    for sample in rollout_samples(game, rng, 6):
        hand = sample._hand
        if hand is not None:
            cone_key, looks = key_parts(sample.stacks, sample.cones)
            assert hand[1:3] == (looks, occupied(sample.stacks, sample.cones))
            assert hand[0] is cone_context(game.tables, cone_key + "/", sample.cones)
            memos = tables._CELLS[game.tables.key][sample.to_move][sample.lock + 1]
            readers = tables._READERS[game.tables.key][sample.to_move][sample.lock + 1]
            assert len(hand[3]) == 18
            assert all(hand[3][c] is memos[c][sample.cones[c] + 1] for c in range(9))
            assert all(hand[3][9 + c] is readers[c][sample.cones[c] + 1] for c in range(9))
            checked += 1
        assert sample.positions[-1] == position_key(sample.stacks, sample.cones, sample.lock,
                                                    sample.to_move)
    assert checked > 200


@pytest.mark.parametrize("options", OPTIONS)
def test_each_kind_of_action_hands_on_the_occupancy_it_leaves(options):
    """``_apply`` updates the occupancy mask by the action's kind alone (a Bubble Up: none;
    a move or slide: both cells; an eject: its target, if a piece lands): after every legal
    action of states a search meets, the handed-on mask is ``occupied`` of the new position.
    And ``_handed``, for a state no ply made, gives what a ply hands on."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(23)
    kinds = set()
    for sample in itertools.islice(rollout_samples(game, rng, 4, plies=12), 0, None, 3):
        if sample.current_player is None:
            continue
        for action in sample._legal_actions():
            after = sample._apply(action)
            assert after._hand is not None
            assert after._hand[2] == occupied(after.stacks, after.cones), action
            kinds.add((type(action).__name__, after.stacks == sample.stacks))
        if sample._hand is not None:
            afresh = evolve(sample, _hand=None)._handed()
            assert afresh[0] is sample._hand[0] and afresh[3] is sample._hand[3]
            assert afresh[1:3] == sample._hand[1:3]
    assert {kind for kind, _ in kinds} >= {"Bubble", "Move", "Slide", "Eject", "Pass"}


def test_apply_dispatches_on_exact_action_classes_which_have_no_subclasses():
    """``_apply`` tells the kinds apart by ``type(action) is ...``: right while no action
    class is subclassed (a subclass would be taken for a pass)."""
    from tabletop.games.lava_flows.actions import Arrange, Bubble, Eject, Move, Pass, Slide

    assert not any(cls.__subclasses__() for cls in (Arrange, Bubble, Eject, Move, Pass, Slide))


def test_copies_and_pickles_start_without_the_handed_on_hand():
    """What a ply hands on (the ``_hand`` field) holds the game's memos: a deep copy or a
    pickle drops it (``copy.copy`` shares it), views never hold one, and a state without it
    lists and plays exactly as the one with it."""
    game = tabletop.load("lava-flows")
    rng = random.Random(17)
    checked = 0
    for sample in rollout_samples(game, rng, 4, plies=12):
        view = sample.view(sample.current_player or 0)
        assert view._hand is None and view.determinize(rng)._hand is None
        if sample._hand is None or sample.current_player is None:
            continue
        assert copy.copy(sample)._hand is sample._hand
        for twin in (copy.deepcopy(sample), pickle.loads(pickle.dumps(sample))):
            assert twin._hand is None and twin == sample
            legal = twin._legal_actions()
            assert legal == sample._legal_actions()
            for action in legal:
                assert twin._apply(action) == sample._apply(action)
        checked += 1
    assert checked > 40


def test_a_cell_read_through_the_shape_memos_is_the_entry_of_its_shape():
    """``read_cell`` reads the stack's shape from a memo shared by every cell (the other
    player's filed at once for public stacks) and the entry from a memo by shape; the plain
    rule builds it from the stack's own ``_shape``."""
    rng = random.Random(13)
    units = ("W", "B", "w", "b", *(slot + large for slot in "012345" for large in "WB"))
    for options in ({}, {"memory": True}, {"slide": "empty", "oreo": "top"}):
        play = play_tables({**tabletop.load("lava-flows").defaults, **options})
        for _ in range(3000):
            stack = "".join(rng.choice(units) for _ in range(rng.randint(1, 6)))
            c, cone, player = rng.randrange(9), rng.choice((-1, 0, 1)), rng.choice((0, 1))
            locked = rng.random() < 0.3
            plain = _entry(_shape(stack, cone, player, play.top_only, play.memory), c, locked,
                           play)
            assert tables.read_cell({}, stack, c, cone, player, locked, play) == plain, (stack, c)


def test_stack_facts_from_one_top_large_are_appearance_and_cone_colour():
    for n in range(6):
        for stack in map("".join, itertools.product("WBwb0125", repeat=n)):
            assert stack_facts(stack) == (appearance(stack), cone_colour(stack)), stack


def _plain_bubbled(stack, claim):
    """A claimed Bubble Up as the rules say it: the lowest place (past empty hiding places)
    shown, to the top if the claim is right, else back to the bottom; then ``normalize``."""
    rest = stack.lstrip("".join(GHOSTS))
    low = rest[0]
    shown = low.translate(PUBLIC)
    found = {"w": "white", "b": "black"}.get(shown, "nothing")
    right = found == claim
    after = rest[1:] + shown if right else shown + rest[1:]
    return right, normalize(after), found


def test_a_claimed_bubble_up_without_normalize_follows_the_plain_rule():
    """``_bubbled`` files one answer for every claim and skips ``normalize``: its stacks (a
    state's) are normalised, and a Bubble Up keeps them so."""
    for n in range(2, 7):
        for raw in map("".join, itertools.product("WBwb012345", repeat=n)):
            stack = normalize(raw)
            if top_large(stack) < 0 or len(stack) < 2 or stack != raw:
                continue
            _BUBBLED.clear()
            found, up, down = _bubbled(stack)
            assert _BUBBLED[stack] == (found, up, down)
            for claim in ("black", "white", "nothing"):
                right = claim == found
                assert (right, up if right else down, found) == _plain_bubbled(stack, claim), (
                    stack, claim)


@pytest.mark.parametrize("options", OPTIONS)
def test_states_in_play_and_rollouts_hold_normalised_stacks(options):
    """What ``_bubbled`` relies on: every stack of a state is normalised."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(17)
    checked = 0
    for sample in rollout_samples(game, rng, 6):
        assert all(normalize(s) == s for s in sample.stacks), sample.stacks
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("options", OPTIONS)
def test_a_bubble_claims_kind_over_a_hidden_lowest_place_follows_the_plain_rule(options):
    """``_apply`` reads a Bubble Up claim's kind from the other's pool alone (``_LOW_KINDS``)
    when the lowest place is one of their hiding places; the plain rule asks
    ``lowest_outcomes`` of everything the mover knows of the cell."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(19)
    checked = 0
    for sample in rollout_samples(game, rng, 8):
        p = sample.to_move
        for c, s in enumerate(sample.stacks):
            if s and s[0] in ("345", "012")[p]:
                tokens, pool_w, pool_b, hidden = sample._knowledge(c)
                could_be = lowest_outcomes(tokens, pool_w, pool_b, hidden)
                for claim in ("black", "white", "nothing"):
                    plain = kind_of(claim in could_be, could_be == {claim})
                    assert _LOW_KINDS[sample._slot_pools()[1 - p]][claim] == plain, s
                    checked += 1
    assert checked > 300


def test_oreo_claims_by_colours_are_the_claims_of_the_perspective():
    """A Shape's unknowns and an announcement ask ``oreo_claims`` of the perspective by its
    colours (``COLOURS``), so that one cache entry serves many perspectives; the plain rule
    asks it of the perspective itself (uncached)."""
    rng = random.Random(29)
    plain = oreo_claims.__wrapped__
    pools = ["", "-", "b", "w", "-b", "-w", "bw", "-bw"]
    checked = 0
    for _ in range(4000):
        tokens = "".join(rng.choice("WBwbWBwbmnh") for _ in range(rng.randint(1, 9)))
        cone_len = rng.choice((0, 0, 2))
        tokens = rng.choice(("Ww", "Bb")) + tokens if cone_len else tokens
        visible = rng.randint(1, len(tokens))
        args = (cone_len, visible, rng.choice(pools), rng.choice(pools),
                (rng.randint(0, 2), rng.randint(0, 2)), rng.random() < 0.3)
        by_colours = oreo_claims(tokens.translate(COLOURS), *args)
        assert by_colours == plain(tokens, *args), (tokens, args)
        checked += bool(by_colours[0])
    assert checked > 300


def test_what_a_ply_reads_of_the_cones_is_the_key_start_and_each_cells_memo():
    """``cone_context`` keeps, by the cones' key part, for each mover and lock the key's
    start and the memo a listing reads at each cell (first built, then found); the plain
    rule joins ``KEY_HEADS`` and the cones' part, and indexes ``PlayTables.memos`` by cone."""
    rng = random.Random(31)
    for options in ({}, {"memory": True}, {"slide": "empty", "oreo": "top"}):
        play = play_tables({**tabletop.load("lava-flows").defaults, **options})
        for _ in range(300):
            cones = tuple(rng.choice((-1, -1, 0, 1)) if c in (0, 1, 2, 6, 7, 8) else -1
                          for c in range(9))
            mover, lock = rng.randrange(2), rng.randrange(-1, 9)
            for _twice in range(2):
                start, memos = cone_context(play, cone_key(cones) + "/", cones)[mover][lock + 1]
                assert start == joined_key(mover, lock, cone_key(cones), [""])
                plain = tables._CELLS[play.key][mover][lock + 1]
                assert all(memos[c] is plain[c][cones[c] + 1] for c in range(9)), cones


def test_an_announcements_kind_over_a_known_pile_follows_the_plain_rule():
    """``claim_kind`` reads the Oreos of a pile its announcer knows (no unknowns) from the
    colour windows' memo; the plain rule asks ``oreo_claims`` (uncached) what is possible
    and what certain, with or without unknowns."""
    rng = random.Random(37)
    plain = oreo_claims.__wrapped__
    pools = ["", "-", "b", "w", "-b", "-w", "bw", "-bw"]
    kinds = set()
    for _ in range(4000):
        digits = "".join(rng.choice("0101010101mnh") for _ in range(rng.randint(1, 9)))
        cone_len = rng.choice((0, 0, 2))
        digits = rng.choice(("00", "11")) + digits if cone_len else digits
        visible = rng.randint(1, len(digits))
        args = (cone_len, visible, rng.choice(pools), rng.choice(pools),
                (rng.randint(0, 2), rng.randint(0, 2)), rng.random() < 0.3)
        oreo = (rng.randint(0, len(digits)), rng.choice("wb"))
        possible, certain = plain(digits, *args)
        if possible and rng.random() < 0.5:
            oreo = rng.choice(possible)
        kind = claim_kind(oreo, digits, *args)
        assert kind == kind_of(oreo in possible, oreo in certain), (oreo, digits, args)
        kinds.add((kind, digits.isdigit()))
    assert kinds >= {("sure", True), ("bluff", True), ("guess", False), ("sure", False)}


def _plain_listing(position):
    """The mover's legal actions by the plain rule: every non-empty cell in board order, its
    entry made afresh from its ``_shape``, and the announcements its pools allow; then pass."""
    play = position.game.tables
    p, mask = position.to_move, occupied(position.stacks, position.cones)
    out = []
    for c, stack in enumerate(position.stacks):
        if not stack:
            continue
        shape = _shape(stack, position.cones[c], p, play.top_only, play.memory)
        moves, after, unknowns = _entry(shape, c, c == position.lock, play)
        out += moves[mask] + after
        if unknowns is not None:
            tokens, cone_len, visible, uses = unknowns
            for depth, middle in position._announceable(tokens, cone_len, visible, uses)[0]:
                out += ANNOUNCED[c, depth, middle]
    return (*out, PASS)


@pytest.mark.parametrize("options", OPTIONS[:3])  # (a short ply cap forms few cones)
def test_a_listing_read_through_the_memos_is_the_plain_listing(options):
    """``_legal_actions`` reads each occupied cell's entry from its memo, a cone alone too
    (its entry adds nothing), in states, views and rollouts alike."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(41)
    cones_alone = 0
    for sample in rollout_samples(game, rng, 10, plies=60):
        if sample.current_player is None:
            continue
        for position in (sample, sample.view(sample.to_move)):
            assert position._legal_actions() == _plain_listing(position)
        cones_alone += any(sample.cones[c] >= 0 and not s for c, s in enumerate(sample.stacks))
    assert cones_alone > 20, cones_alone
