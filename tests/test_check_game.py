"""check_game passes a sound game and catches a deliberately broken one for each invariant."""

import sys

import broken_package
import pytest
from toygame import (
    LeakyNim,
    MiscountingNim,
    MutatingNim,
    RejectingNim,
    SecretNim,
    UnseededNim,
)

from tabletop.core.testing import (
    ConformanceError,
    check_game,
    check_hash_seeds,
    check_small_memos,
    random_states,
)


def test_a_sound_game_passes_and_the_report_says_what_was_checked(registered):
    report = check_game(registered(SecretNim), seeds=range(15))
    assert report.games == 15 == report.terminal
    assert report.actions_applied > report.steps > 15 * 5
    assert report.illegal_tried > 0 and report.views_checked == 2 * report.steps
    steps = len(list(random_states(SecretNim(), range(2))))  # pictures, clicks: two seeds
    assert report.pictures == 3 * steps  # both views and the full state at every step
    assert report.actions_clicked > steps  # in a view and the full state, at every turn
    assert report.hash_seed_pictures >= 3 * 3  # at least three positions, compared


def test_the_random_setup_path_passes_too(registered):
    report = check_game(registered(SecretNim), seeds=range(5), setup="random",
                        hash_seed_states=0)
    assert report.games == 5 and report.pictures and not report.hash_seed_pictures


@pytest.mark.parametrize("broken, message", [
    (MutatingNim, "an earlier state changed"),
    (LeakyNim, r"sees 'bonus \d' only as 'bonus \?', yet it shows in their view"),
    (UnseededNim, "two games from the same seed differ"),
    (RejectingNim, "legal action 'take 2' was rejected by apply"),
    (MiscountingNim, r"score_breakdown\(\) totals \(\d\.0, \d\.0\) but scores are \(\d, \d\)"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(registered(broken), seeds=range(10))


def test_an_error_inside_the_games_code_is_named_with_where_it_came(registered):
    """(Found from outside: a position field holding a list made check_game raise a bare
    TypeError, with no seed or ply.)"""
    from broken_consistent import ListyNim

    with pytest.raises(ConformanceError, match=r"listy-nim seed 0 ply 0: TypeError from the "
                                               r"game's code: unhashable type: 'list'"):
        check_game(registered(ListyNim), seeds=range(2))


def test_notation_in_capitals_is_caught(registered):
    from broken_consistent import ShoutingNim

    with pytest.raises(ConformanceError, match=r"notation 'TAKE \d' is not lower-case"):
        check_game(registered(ShoutingNim), seeds=range(2))


def test_a_refusal_whose_reason_holds_the_legal_list_is_caught(registered):
    from broken_malformed import ListingNim

    with pytest.raises(ConformanceError, match="its reason lists the legal actions"):
        check_game(registered(ListingNim), seeds=range(10))


def test_malformed_actions_pass_on_a_sound_game_and_catch_a_lax_or_nameless_one(registered):
    from broken_malformed import LaxNim, NamelessNim, WordyNim

    from tabletop.core.testing.malformed import check_malformed_actions

    check_malformed_actions(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=r"is_legal\(Take\(count=.*\)\) answered True"):
        check_malformed_actions(registered(LaxNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=r"describe\(Take\(count=\d+\)\) raised "
                                               r"IndexError, not TypeError or ValueError"):
        check_malformed_actions(registered(NamelessNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=r"str\(WordTake\(count=\d+\)\) raised "
                                               r"IndexError"):
        check_malformed_actions(registered(WordyNim), seeds=range(5), every=1)


def test_secrecy_passes_on_a_sound_game_and_catches_a_telling_one(registered):
    from broken_secrecy import MemoNim, TellingNim

    from tabletop.core.testing.secrecy import check_secrecy

    check_secrecy(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match="can tell hidden information apart by the "
                                               "view text"):
        check_secrecy(registered(TellingNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match="can tell hidden information apart by the "
                                               "view picture"):
        check_secrecy(registered(MemoNim), seeds=range(5), every=1)


def test_options_pass_on_a_sound_game_and_catch_a_loose_one(registered):
    from broken_options import LooseNim

    from tabletop.core.testing.options import check_options

    check_options(registered(SecretNim))
    with pytest.raises(ConformanceError, match=r"loose-nim with max_take=nan: the value was "
                                               r"accepted, then the game broke: TypeError"):
        check_options(registered(LooseNim))


def test_a_float_option_one_step_off_makes_the_same_game(registered):
    """``komi`` one float step above 0.5 is read as 0.5: kept as given, it made a second
    game that plays alike but compares unequal (Lacuna's ``mat_radius=0.1 * 7``)."""
    from broken_options import GridNim, SettledGridNim

    from tabletop.core.testing.options import check_close_options

    check_close_options(registered(SettledGridNim))
    with pytest.raises(ConformanceError, match=r"grid-nim: option komi=0\.5000000000000001 "
                                               r"is taken, plays exactly as komi=0\.5"):
        check_close_options(registered(GridNim))


def test_lacuna_sizes_are_kept_as_the_ticks_they_are_read_as():
    """``mat_radius=0.1 * 7`` is 0.7000000000000001: it was taken as a multiple of 0.0001
    and kept as given, so its game, states and records differed from ``mat_radius=0.7``'s
    although every layout and move was the same."""
    import tabletop
    from tabletop.core.testing.options import check_close_options

    seven, typed = tabletop.load("lacuna", mat_radius=0.1 * 7), tabletop.load("lacuna",
                                                                               mat_radius=0.7)
    assert seven == typed and hash(seven) == hash(typed)
    assert seven.new(seed=4) == typed.new(seed=4)
    assert seven.new(seed=4).to_record() == typed.new(seed=4).to_record()
    assert seven.options["mat_radius"] == 0.7
    nudged = tabletop.load("lacuna", flower_radius=0.031 + 1e-12)
    assert nudged == tabletop.load("lacuna") and nudged.options["flower_radius"] == 0.031
    assert tabletop.load("lacuna", mat_radius=1).options["mat_radius"] == 1.0
    check_close_options(tabletop.load("lacuna"))
    check_close_options(tabletop.load("lacuna", **tabletop.load("lacuna").variants[0]))


def test_a_game_whose_attributes_can_be_rebound_is_caught(registered):
    """``game.max_take = 9`` after loading would change the rules under every state of it."""
    from broken_options import RebindableNim

    from tabletop.core.testing.options import check_frozen

    check_frozen(registered(SecretNim))
    with pytest.raises(ConformanceError, match=r"rebindable-nim: game\.\w+ could be rebound: "
                                               r"a made game must be immutable"):
        check_frozen(registered(RebindableNim))


@pytest.mark.parametrize("broken, message", [
    ("NoInputNim", "no-input-nim: the game declares no click input \\(input_class is None"),
    ("ShadowNim", r"ply 2, Player \d's view: 1 legal action cannot be reached by "
                  r"clicking, e.g. 'take 1' \(its paths: \[\(\('counter', \d\),\)\]\)"),
    ("PathlessNim", r"ply 0, Player 0's view: 1 legal action cannot be reached by "
                    r"clicking, e.g. 'bonus 1' \(its paths: none\)"),
    ("CoveredNim", r"target \('counter', \d\) is drawn, but covered by other targets "
                   r"everywhere"),
    ("StrictNim", r"clicking \('bonus', 0\) with numpy's numbers made None \(selection "
                  r"\(\)\), not Bonus\(value=0\) \(selection \(\)\)"),
    ("PairingNim", r"a click on np.int64\(1\), no target, raised TypeError, not "
                   r"IllegalAction"),
    ("CrashingNim", r"ply \d+, Player 0's view: drawing raised ZeroDivisionError"),
    ("RestlessNim", "drawing the same position twice gave different SVG bytes"),
    ("HashOrderNim", "the SVG bytes differ under another PYTHONHASHSEED"),
])
def test_each_broken_package_is_caught(registered, broken, message):
    """Sound rules, a broken package: no input, an action no clicks reach, a covered
    target, a click that ignores numpy's numbers, a picture that crashes, changes, or
    follows hash order."""
    with pytest.raises(ConformanceError, match=message):
        check_game(registered(getattr(broken_package, broken)), seeds=range(3))


def test_drawing_options_are_drawn_and_compared_across_hash_seeds(registered):
    """Each set of drawing options is drawn at every position; an option the renderer
    refuses fails, naming it."""
    game = registered(SecretNim)
    plain = check_game(game, seeds=range(2))
    both = check_game(game, seeds=range(2), draw_options=({}, {"shade": True}))
    assert both.pictures == 2 * plain.pictures
    assert both.hash_seed_pictures == 2 * plain.hash_seed_pictures
    with pytest.raises(ConformanceError, match=r"drawing with \{'shade': True\} raised "
                                               r"TypeError"):
        check_game(registered(PlainNim), seeds=range(1), draw_options=({"shade": True},))


class PlainNim(SecretNim):
    """A renderer without options: it refuses any."""

    name = "plain-nim"

    def draw(self, subject, highlight=(), last=None):
        return SecretNim.draw(self, subject)


def test_a_game_that_cannot_reach_another_process_says_so(registered):
    class LocalNim(SecretNim):  # a class no other process can import
        name = "local-nim"

    with pytest.raises(ConformanceError, match="local-nim: the game cannot be sent to another "
                                               "process"):
        check_hash_seeds(registered(LocalNim), seed=0, states=2)


@pytest.mark.parametrize("broken, message", [
    ("PositionalNim", r"the same action 'take \d' has id \d here and id \d at .* \(ids must "
                      r"not depend on the position\)"),
    ("ShortNim", r"'take 2' has id 3, not an int in 0..2"),
    ("MaskNim", r"legal_mask\(\) is True at \[0, \d"),
    ("LaxIdNim", r"action_from_id\(-1\) was accepted"),
    ("IndexingNim", r"apply\(\d\) was accepted: an action id is no action "
                    r"\(action_from_id\(\d\) is 'bonus 0'\)"),
    ("AliasedNim", r"aliased-nim: action_at\(4\) names 'take 1', whose id is 2"),
    ("GreedyNim", r"action_id\('take 2'\) is 2, but action_from_id\(2\) is 'take 1': the id "
                  r"names another action"),
    ("FragileNim", r"action_id of a malformed Take raised TypeError, not IllegalAction"),
    ("ChattyNim", r"action_from_id\(an integer of about 5001 digits\) raised ValueError, not "
                  r"IllegalAction"),
    ("HastyNim", r"the game lasted \d+ plies, more than max_game_length 4"),
    ("BigWinNim", r"returns\(\) \(.*2\.0.*\) leave -1.0..1.0"),
    ("PeekingNim", r"observation\(\) differs for a state the player cannot tell apart .* "
                   r"\(it leaks hidden information\)"),
    ("SquashedNim", r"observation\(\) raised ValueError: secret-nim|squashed-nim: an "
                    r"observation of shape \(6,\), not the declared \(4,\)"),
])
def test_each_broken_id_metadata_or_observation_toy_is_caught(registered, broken, message):
    """Ids that depend on the position, out of range, a wrong mask, a lax decoder, an id
    naming an action that has another, a position-dependent id given to an action not
    listed, a malformed action that raises another exception; a length
    bound too short, returns out of bounds; an observation that leaks or has another shape."""
    import broken_ids

    with pytest.raises(ConformanceError, match=message):
        check_game(registered(getattr(broken_ids, broken)), seeds=range(10),
                   package_seeds=0)


def test_ids_and_observations_pass_on_sound_toys(registered):
    from toygame import TakeAway

    from tabletop.core.testing.actionids import check_action_ids
    from tabletop.core.testing.observations import check_observations

    for game in (registered(SecretNim), registered(TakeAway, players=3)):
        check_action_ids(game, seeds=range(5))
        check_observations(game, seeds=range(5))


@pytest.mark.parametrize("broken, message", [
    ("LongNim", r"len\(legal_actions\(\)\) is \d+ but the built tuple has \d+ actions"),
    ("BackwardsNim", r"legal_actions\(\)\[0\] is 'bonus 1' read lazily, but 'bonus 0' in "
                     r"the built tuple"),
    ("RoundingNim", r"_pick\([\d.e-]+\) is '.+', but the legal action \d+ of \d+ \(int\(u·n\)\) "
                    r"is '.+'"),
    ("LooseIndexNim", r"legal_actions\(\)\[1.0\] raised AttributeError, not the TypeError a "
                      r"tuple raises"),
    ("WritableNim", r"legal_actions\(\)\._last could be set or deleted"),
    ("TupleContainsNim", r"'bonus 0' in legal_actions\(\) answered False: notation or an "
                         r"action id among actions is a TypeError that names is_legal"),
    ("BackwardsViewNim", r"ply \d+ view \d: legal_actions\(\)\[0\] is 'bonus 1' read "
                         r"lazily, but 'bonus 0' in the built tuple"),
])
def test_each_broken_lazy_toy_is_caught(registered, broken, message):
    """A lazy length or order of the legal actions, or a rollout pick, that disagrees with
    the built tuple."""
    import broken_lazy

    with pytest.raises(ConformanceError, match=message):
        check_game(registered(getattr(broken_lazy, broken)), seeds=range(10),
                   package_seeds=0)


def test_a_memo_that_reads_back_what_it_emptied_is_caught(registered):
    """The memo works while it is far from full; with every memo bounded at one entry the
    entries it reads back after emptying itself are gone."""
    import broken_memos

    game = registered(broken_memos.ForgetfulNim)
    check_game(game, seeds=range(3), package_seeds=0)  # at its real size it is sound
    with pytest.raises(ConformanceError, match=r"forgetful-nim seed 0: with every memo "
                                               r"bounded at one entry, play raised KeyError"):
        check_small_memos(game, seeds=range(3))


def test_small_memos_pass_on_a_sound_toy(registered):
    """The same memo, emptied before it chooses what it lacks, passes."""
    import broken_memos

    check_small_memos(registered(broken_memos.CarefulNim), seeds=range(3))


def test_the_memo_knob_shrinks_every_bound_and_restores_it():
    from tabletop.core.memos import Bound, small_memos

    big, small = Bound(4096), Bound(2)
    with small_memos(3):
        later = Bound(100)  # a bound made inside the block is shrunk too
        with small_memos(1):
            assert (big.size, small.size, later.size) == (1, 1, 1)
        assert (big.size, small.size, later.size) == (3, 2, 3)
    assert (big.size, small.size, later.size) == (4096, 2, 100)
    with pytest.raises(ValueError, match="at least 1 entry, not 0"):
        with small_memos(0):
            pass


@pytest.mark.parametrize("broken, message", [
    ("ForgetfulNim", r"forgetful-nim seed \d+ ply \d+ view \d: information_state\(\) is the "
                     r"same as at forgetful-nim seed \d+ ply \d+ view \d, yet the views "
                     r"differ \(field 'card': \d != \d\): it leaves out something the player "
                     r"knows"),
    ("FlatNim", r"flat-nim seed \d+ ply \d+ view \d: observation\(\) is the same as at "
                r"flat-nim seed \d+ ply \d+ view \d and so is the public position, yet what "
                r"the player knows of the secrets differs \(field 'card': \d != \d\)"),
])
def test_views_that_differ_but_share_an_information_state_or_tensor_are_caught(
        registered, broken, message):
    """A privately dealt card the view holds but the information state (or the tensor)
    leaves out: two of the player's information states merge."""
    import broken_infostates

    from tabletop.core.testing.observations import check_observations

    game = registered(getattr(broken_infostates, broken))
    with pytest.raises(ConformanceError, match=message):
        check_game(game, seeds=range(10), package_seeds=0)
    with pytest.raises(ConformanceError, match=message):
        check_observations(game, seeds=range(10))


def test_a_private_card_shown_in_the_information_state_and_tensor_passes(registered):
    from broken_infostates import DealtNim

    report = check_game(registered(DealtNim), seeds=range(10), package_seeds=0)
    assert report.games == 10


@pytest.mark.parametrize("broken, message", [
    ("NoSpaceNim", r"no-space-nim: the game must define Game\._action_space\(\) \(no-space-nim "
                   r"declares no integer actions\): the game's numbering of its actions"),
    ("NoLengthNim", r"no-length-nim: the game must define Game\.max_game_length .*: a bound on "
                    r"the plies of any game"),
    ("NoShapeNim", r"no-shape-nim: the game must define Game\.observation_shape .*: the shape "
                   r"of every view's tensor"),
    ("NoTensorNim", r"no-tensor-nim: the game must define View\._observation\(\) .*: the "
                    r"view's tensor"),
])
def test_a_missing_declaration_is_named_with_why_it_is_needed(registered, broken, message):
    """Not the base class's bare NotImplementedError from inside a check: what to define."""
    import broken_declarations

    from tabletop.core.testing import check_abuse

    game = registered(getattr(broken_declarations, broken))
    for check in (check_game, check_abuse):
        with pytest.raises(ConformanceError, match=message + r".*docs/adding-a-game\.md"):
            check(game, seeds=range(2))


@pytest.mark.parametrize("broken, message", [
    ("UndatedChangeNim", r"undated-change-nim: rule change 'a take of three is no longer "
                         r"allowed' should read 'YYYY-MM-DD: what changed'"),
    ("UnorderedChangesNim", r"unordered-changes-nim: rule_changes should run oldest first"),
])
def test_rule_changes_must_be_dated_in_order(registered, broken, message):
    """replay quotes a game's rule changes and the last day when an older record fails."""
    import broken_declarations

    from tabletop.core.testing import check_abuse

    game = registered(getattr(broken_declarations, broken))
    for check in (check_game, check_abuse):
        with pytest.raises(ConformanceError, match=message):
            check(game, seeds=range(2))


def test_scores_that_fail_before_the_end_are_caught(registered):
    from broken_declarations import EndScoreNim

    with pytest.raises(ConformanceError, match=r"end-score-nim seed 0 ply 0: scores raised "
                                               r"IndexError: .* \(_scores\(\) is called before "
                                               r"the end too"):
        check_game(registered(EndScoreNim), seeds=range(2))


def test_check_abuse_without_hypothesis_names_the_extra(registered, monkeypatch):
    from tabletop.core.testing import check_abuse
    from tabletop.core.testing.fuzzing import check_fuzzing

    monkeypatch.setitem(sys.modules, "hypothesis", None)  # as after a plain pip install
    game = registered(SecretNim)
    for check in (check_abuse, check_fuzzing):
        with pytest.raises(ModuleNotFoundError, match=r"^check_\w+ needs hypothesis .* only "
                                                      r"the test extra installs: pip install "
                                                      r"'tabletop\[test\]'"):
            check(game, seeds=range(1))


def test_checking_a_game_not_registered_under_its_name_says_to_register_it(registered):
    """The suite replays records, which name their game: an unregistered game, or a class
    other than the one its name is registered to, is told what to do, not handed the
    replay's ``InvalidRecord``."""
    from tabletop.core.testing import check_abuse

    class HouseNim(SecretNim):
        name = "house-nim"

    class Impostor(SecretNim):
        pass

    registered(SecretNim)
    for check in (check_game, check_abuse):
        with pytest.raises(ConformanceError, match=r"house-nim: no game is registered under "
                                                   r"this name: call tabletop\.core\.registry"
                                                   r"\.register\('house-nim', HouseNim\)"):
            check(HouseNim(), seeds=[0])
        with pytest.raises(ConformanceError, match=r"secret-nim: the name is registered to "
                                                   r"toygame\.SecretNim, not to .*Impostor"):
            check(Impostor(), seeds=[0])


@pytest.mark.parametrize("broken, message", [
    ("WhisperingNim", r"can tell hidden information apart by the answers to the player's "
                      r"own tries \(refusals\)"),
    ("SaltedNim", "can tell hidden information apart by the view hash"),
    ("TattlingNim", "can tell hidden information apart by the view repr"),
    ("NosyNim", r"can tell hidden information apart by the view's public attributes: "
                r"'bonuses': …'\(\d, \d\)'… != …'\(\d, \d\)'…"),
])
def test_secrecy_catches_a_view_that_tells_by_its_hash_repr_or_refusals(registered, broken,
                                                                       message):
    import broken_handed

    from tabletop.core.testing.secrecy import check_secrecy

    check_secrecy(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=message):
        check_secrecy(registered(getattr(broken_handed, broken)), seeds=range(5), every=1)


def test_handed_objects_pass_a_sound_game_and_catch_a_view_holding_its_state(registered):
    from broken_handed import HoardingNim, SaltedNim, TattlingNim, WhisperingNim

    from tabletop.core.testing.handed import check_handed_objects
    from tabletop.core.testing.secrecy import check_secrecy

    check_handed_objects(registered(SecretNim), seeds=range(5), every=1)
    for shows_nothing in (WhisperingNim, SaltedNim, TattlingNim):  # what only secrecy sees
        check_handed_objects(registered(shows_nothing), seeds=range(3), every=1)
    hoarding = registered(HoardingNim)
    check_secrecy(hoarding, seeds=range(5), every=1)  # it shows nothing wrong...
    with pytest.raises(ConformanceError, match=r"the view of player \d reaches a full state "
                                               r"\(NimView -> dict -> HoardingState\)"):
        check_handed_objects(hoarding, seeds=range(5), every=1)  # ...but holds it all


@pytest.mark.parametrize("broken, message", [
    ("StageNim", "the public view can tell hidden information apart by the view text"),
    ("HeraldNim", r"the public view reads 'bonus \d' in full in its move log, while player "
                  r"\d reads it as 'bonus \?'"),
])
def test_secrecy_catches_a_public_view_that_tells_secrets(registered, broken, message):
    import broken_public

    from tabletop.core.testing.secrecy import check_secrecy

    check_secrecy(registered(SecretNim), seeds=range(5), every=1)
    with pytest.raises(ConformanceError, match=message):
        check_secrecy(registered(getattr(broken_public, broken)), seeds=range(5), every=1)
