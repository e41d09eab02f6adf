"""The core contract, tested on Secret Nim (tests/toygame.py)."""

import json
import random

import numpy as np
import pytest
from toygame import Bonus, SecretNim, Take

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption, InvalidRecord, UnknownGame
from tabletop.core.timeline import Timeline
from tabletop.core.tree import explore, perft


def played(game, seed=1, actions=("bonus 1", "bonus 0")):
    state = game.new(seed=seed)
    for a in actions:
        state = state.apply(a)
    return state


def test_games_lists_registered_names_and_load_makes_them(nim):
    assert "secret-nim" in tabletop.games()
    assert tabletop.load("secret-nim") == nim


def test_unknown_game_names_the_known_ones(nim):
    with pytest.raises(UnknownGame, match=r"no game called 'nope'.*'secret-nim'"):
        tabletop.load("nope")


def test_bad_options_and_player_counts_say_what_is_allowed(nim):
    with pytest.raises(InvalidOption, match="played by 2 players, not 3"):
        SecretNim(players=3)
    with pytest.raises(InvalidOption, match=r"no option 'speed'; options: max_take=2"):
        SecretNim(speed=3)
    with pytest.raises(InvalidOption, match="max_take=7 .* must be one of 1, 2 or 3"):
        SecretNim(max_take=7)
    with pytest.raises(InvalidOption, match="should be of type int"):
        SecretNim(max_take="2")
    for seed in (-1, 2**64, 10**5000, 1.0, True):
        with pytest.raises(InvalidOption, match=r"seed must be an int from 0 to 2\*\*64 - 1"):
            nim.new(seed=seed)
    with pytest.raises(InvalidOption, match="setup='later' is not one of decide or random"):
        nim.new(seed=1, setup="later")


def test_games_are_values(nim):
    assert SecretNim() == SecretNim(max_take=2)
    assert SecretNim() != SecretNim(max_take=3)
    assert hash(SecretNim()) == hash(SecretNim(max_take=2))
    assert nim.options["max_take"] == 2
    with pytest.raises(TypeError):
        nim.options["max_take"] = 3  # read-only


def test_apply_returns_a_new_state_and_leaves_the_old_one(nim):
    s = played(nim)
    pile = s.pile
    t = s.apply(Take(2))
    assert t is not s and s.pile == pile and t.pile == pile - 2
    assert s.history == (Bonus(1), Bonus(0)) and t.history == s.history + (Take(2),)


def test_apply_accepts_notation_in_any_case_and_spacing(nim):
    s = played(nim)
    assert s.apply("  TAKE   1 ") == s.apply(Take(1))


def test_illegal_action_quotes_it_and_lists_what_is_legal(nim):
    s = played(nim)
    with pytest.raises(IllegalAction, match=r"'x 3' is not a legal action here; "
                                            r"Player \d may play: take 1, take 2"):
        s.apply("x 3")
    with pytest.raises(IllegalAction, match=r"'take 3' is not legal here \(take at most 2\)"):
        s.apply("take 3")
    with pytest.raises(IllegalAction, match=r"'take 3' is not legal here \(take at most 2\); Pl"):
        s.apply(Take(3))
    with pytest.raises(IllegalAction, match="is not an action"):
        s.apply(42)
    assert not s.is_legal("take 3") and s.is_legal("take 1")


def test_a_long_legal_list_is_summarised():
    class Wide(SecretNim):
        name = "wide"
        defaults = {"max_take": 20}

        def _check_option(self, key, value):
            pass

        def _initial(self, rng):
            return SecretNim._initial(self, rng).__class__(
                game=self, pile=30, first=0, bonus=(None, None), taken_last=None)

    s = Wide().new(seed=1).apply("bonus 0").apply("bonus 0")
    with pytest.raises(IllegalAction, match=r"take 12, … \(\d+ in all\)"):
        s.apply("give 99")


def test_terminal_states_refuse_actions_and_know_the_winner(nim):
    s = played(nim)
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[-1])
    assert s.current_player is None and s.legal_actions() == ()
    assert s.winners == (s.taken_last,) or s.scores[0] == s.scores[1]
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(Take(1))


def test_equality_is_by_position_not_history(nim):
    a = played(nim, actions=("bonus 1", "bonus 0", "take 1", "take 2"))
    b = played(nim, actions=("bonus 1", "bonus 0", "take 2", "take 1"))
    assert a == b and hash(a) == hash(b) and a.history != b.history


def test_same_seed_same_game_different_seed_may_differ(nim):
    assert nim.new(seed=5) == nim.new(seed=5)
    piles = {nim.new(seed=s).pile for s in range(30)}
    assert len(piles) > 1


def test_random_setup_makes_the_secret_choices_from_the_seed(nim):
    a, b = nim.new(seed=4, setup="random"), nim.new(seed=4, setup="random")
    assert a == b and None not in a.bonus and len(a.history) == 2
    assert a.current_player is not None and not a._is_setup()


def test_views_hide_the_other_players_secret_and_the_seed(nim):
    s = played(nim)
    v = s.view(1)
    assert v.bonus == (-1, 0)
    assert "seed" not in repr(v) and not hasattr(v, "seed")
    assert s.log(1) == ("bonus ?", "bonus 0") and s.log() == ("bonus 1", "bonus 0")
    with pytest.raises(ValueError, match="player must be 0..1"):
        s.view(2)


def test_determinize_is_consistent_with_the_view(nim):
    s = played(nim)
    for k in range(10):
        twin = s.view(0).determinize(random.Random(k))
        assert twin.view(0) == s.view(0)
        assert twin.seed is None and twin.history == ()


def test_view_legal_actions_are_the_players_own_when_to_move(nim):
    s = played(nim)
    p = s.current_player
    assert s.view(p).legal_actions() == s.legal_actions()
    assert s.view(1 - p).legal_actions() == ()


def test_record_round_trip_through_json(nim):
    s = played(nim, actions=("bonus 1", "bonus 0", "take 2"))
    record = json.loads(json.dumps(s.to_record()))
    assert record["actions"] == ["bonus 1", "bonus 0", "take 2"]
    again = tabletop.replay(record)
    assert again == s and again.history == s.history
    assert tabletop.replay(json.dumps(record), ply=1).history == (Bonus(1),)


@pytest.mark.parametrize("change, message", [
    (lambda r: r.pop("seed"), "record has no 'seed'"),
    (lambda r: r.update(seed="1"), "record 'seed' should be an int"),
    (lambda r: r.update(format="other/9"), "format 'other/9' is not 'tabletop/1'"),
    (lambda r: r.update(game="chess"), "can't be loaded: no game called 'chess'"),
    (lambda r: r.update(options={"max_take": 9}), "can't be loaded: option max_take=9"),
    (lambda r: r["actions"].append("take 9"), r"action 4 of the record, 'take 9', is illegal"),
    (lambda r: r["actions"].__setitem__(0, 5), "must be a list of notation strings"),
    (lambda r: r["result"].update(scores=[9, 9]), "record says scores .* altered"),
    (lambda r: r.update(start=5), "record 'start' should be an object"),
    (lambda r: r.update(start={"layout": []}), "secret-nim records carry no start data"),
])
def test_bad_records_raise_invalid_record_saying_what(nim, change, message):
    record = played(nim, actions=("bonus 1", "bonus 0", "take 2")).to_record()
    change(record)
    with pytest.raises(InvalidRecord, match=message):
        tabletop.replay(record)


def test_records_are_json_not_anything_else(nim):
    with pytest.raises(InvalidRecord, match="not valid JSON"):
        tabletop.replay("{'python': 'literal'}")
    with pytest.raises(InvalidRecord, match="a JSON object, not list"):
        tabletop.replay([1, 2])


def test_determinized_states_have_no_record(nim):
    twin = played(nim).view(0).determinize(random.Random(1))
    with pytest.raises(InvalidRecord, match="no seed"):
        twin.to_record()


@pytest.mark.parametrize("name", tabletop.games())
def test_a_state_drawn_before_any_move_says_it_was_drawn(name):
    """(Found from outside: drawn from a view with no history yet, a Landlock state said it
    was made by dataclasses.replace or the constructor.)"""
    drawn = tabletop.load(name).new(seed=3).view(0).determinize(random.Random(1))
    with pytest.raises(InvalidRecord, match="it was drawn by a view's determinize$"):
        drawn.to_record()


def test_states_draw_themselves_as_svg(nim):
    s = played(nim)
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == s.pile
    assert s.view(0)._repr_svg_().count("<circle") == s.pile


def test_timeline_branches_and_keeps_every_branch(nim):
    tl = Timeline(played(nim))
    tl.play("take 1")
    tl.play("take 1")
    tl.back()
    tl.play("take 2")  # a branch from the state after one take
    assert len(tl) == 4 and len(list(tl.leaves())) == 2
    assert [tl.graph.edges[e]["notation"] for e in tl.graph.edges] == ["take 1", "take 1",
                                                                       "take 2"]
    tl.start()
    assert tl.end().history[-1] == Take(2)  # forward follows the branch last visited
    tl.goto(2)
    assert tl.state.history[-2:] == (Take(1), Take(1))
    tl.start()
    tl.play("take 1")  # existing edge: no new node
    assert len(tl) == 4 and tl.cursor == 1
    tl.goto(np.int64(2))  # a node number from numpy: the int it holds
    assert type(tl.cursor) is int and tl.cursor == 2
    for wrong in (2.0, True, "2"):
        with pytest.raises(ValueError, match="a timeline node is an int ≥ 0"):
            tl.goto(wrong)
    with pytest.raises(KeyError, match="no node 9"):
        tl.goto(9)


class SteeredModel:
    """The timeline's "forward" rule at its plainest: every move steers every ancestor."""

    def __init__(self):
        self.parent, self.children, self.preferred, self.cursor = {0: None}, {0: []}, {}, 0

    def path(self, node):
        return [node] if node == 0 else self.path(self.parent[node]) + [node]

    def goto(self, node):
        path = self.path(node)
        self.preferred.update(zip(path, path[1:], strict=False))
        self.cursor = node

    def line(self):
        line = self.path(self.cursor)
        while self.children[line[-1]]:
            line.append(self.preferred.get(line[-1], self.children[line[-1]][-1]))
        return line


def test_a_timeline_steers_forward_as_if_every_move_went_through_goto(nim):
    rng = random.Random(7)
    for _ in range(30):
        tl, model = Timeline(nim.new(seed=0)), SteeredModel()
        for _ in range(40):
            op = rng.choice(["play", "play", "back", "forward", "start", "goto", "set"])
            if op == "play" and not tl.state.is_terminal:
                action = rng.choice(tl.state.legal_actions()[:2])
                tl.play(action)
                child = tl.cursor
                if child not in model.parent:
                    model.parent[child], model.children[child] = model.cursor, []
                    model.children[model.cursor].append(child)
                model.goto(child)
            elif op in ("back", "forward"):
                getattr(tl, op)()
                model.cursor = tl.cursor
            elif op == "start":
                tl.start()
                model.cursor = 0
            elif op in ("goto", "set"):
                node = rng.randrange(len(tl))
                tl.goto(node) if op == "goto" else setattr(tl, "cursor", node)
                model.goto(node) if op == "goto" else setattr(model, "cursor", node)
            assert tl.line() == model.line(), op


def test_explore_counts_paths_and_groups_information_sets(nim):
    s = nim.new(seed=2)
    g = explore(s, depth=2)
    assert g.number_of_nodes() == 1 + 2 + 4 == 1 + sum(1 for _ in s.children()) * 3
    assert perft(s, 2) == 4
    g = explore(s, depth=2, infosets_for=1)
    # Player 1 cannot tell player 0's bonus 0 from bonus 1: one information set, two nodes.
    sets = [d["infoset"] for _, d in g.nodes(data=True) if "infoset" in d]
    assert len(sets) == 2 and len(set(sets)) == 1
    assert not explore(s, depth=3, max_nodes=5).graph["complete"]


def test_children_yields_each_action_with_its_state(nim):
    s = played(nim)
    assert [a for a, _ in s.children()] == list(s.legal_actions())


def test_score_breakdown_adds_up_to_the_scores(nim):
    s = played(nim)
    while not s.is_terminal:
        s = s.apply(s.legal_actions()[0])
    b = s.score_breakdown()
    assert b.totals == s.scores and "total" in str(b) and "<table>" in b._repr_html_()


def test_a_subclass_declaring_a_plain_dict_of_defaults_gets_it_read_only(nim):
    with pytest.raises(TypeError):
        type(nim).defaults["max_take"] = 3
    assert nim.defaults["max_take"] == 2


def test_a_timeline_names_a_node_it_does_not_have_the_same_way_everywhere(nim):
    with pytest.raises(TypeError, match="a timeline starts from a State, not 5"):
        Timeline(5)
    tl = Timeline(nim.new(seed=0))
    for ask in (tl.goto, tl.parent, tl.path_to):
        with pytest.raises(KeyError, match=r"no node 9 in the timeline \(nodes 0..0\)"):
            ask(9)
        with pytest.raises(ValueError, match="a timeline node is an int ≥ 0, not 'x'"):
            ask("x")
    assert tl.parent(0) is None and tl.path_to(0) == [0]


@pytest.mark.parametrize("name", tabletop.games())
def test_a_subclass_of_a_shipped_game_draws_and_clicks_with_its_parts(name):
    """A house-rules subclass written in a notebook (module ``__main__``) finds the renderer
    and click input its shipped parent declares, in the parent's package."""
    parent = type(tabletop.load(name))
    house = type(f"House{parent.__name__}", (parent,), {"name": f"house-{name}",
                                                        "__module__": "__main__"})
    game = house()
    state = game.new(seed=2)
    assert game.input_class is parent.input_class is not None
    assert state.svg() == parent().new(seed=2).svg()
    assert game.input_class(state).next_targets()
