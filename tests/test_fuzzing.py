"""check_fuzzing passes the sound Secret Nim and catches each deliberately broken toy."""

import time

import pytest
from broken_fuzzing import BacktrackingNim, OverflowNim, TrustingNim
from toygame import SecretNim

import tabletop
from tabletop.core import record as record_module
from tabletop.core.testing import ConformanceError, fuzzing
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.fuzzing import check_fuzzing


def test_the_fuzzing_check_is_one_of_the_abuse_checks():
    assert check_fuzzing in CHECKS


def test_the_sound_toy_passes(registered):
    check_fuzzing(registered(SecretNim), seeds=range(3))


def test_a_hanging_parser_is_interrupted_and_named(registered, monkeypatch):
    monkeypatch.setattr(fuzzing, "HANG_LIMIT", 1.0)
    start = time.perf_counter()
    with pytest.raises(ConformanceError, match=r"backtracking-nim seed 0 ply \d+.*notation "
                                               r"'take 1+x'.*did not finish within 1.0 s"):
        check_fuzzing(registered(BacktrackingNim), seeds=range(1))
    assert time.perf_counter() - start < 10


def test_a_slow_call_fails_on_its_time(registered, monkeypatch):
    monkeypatch.setattr(fuzzing, "TIME_LIMIT", 0.0)
    with pytest.raises(ConformanceError, match=r"secret-nim seed 0 ply 0.*parse_action took "
                                               r"[\d.]+ s \(the limit is 0.0 s\)"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_an_overflowing_number_parser_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"notation 'take 1e100000000'.*parse_action "
                                               r"raised OverflowError, not IllegalAction"):
        check_fuzzing(registered(OverflowNim), seeds=range(1))


def test_a_game_trusting_its_record_start_data_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"trusting-nim seed \d record, .*start.*replay "
                                               r"raised TypeError, not InvalidRecord"):
        check_fuzzing(registered(TrustingNim), seeds=range(2))


def test_a_replay_that_ignores_the_result_is_caught(registered, monkeypatch):
    monkeypatch.setattr(record_module, "_check_result", lambda result, state: None)
    with pytest.raises(ConformanceError, match=r"result \w+ tampered, ply None: a record whose "
                                               r"result disagrees with its actions was accepted"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_a_replay_that_lets_a_type_error_out_is_caught(registered, monkeypatch):
    def careless(ply, length):
        return length if ply is None else range(length + 1)[ply]  # TypeError for ply="1"

    monkeypatch.setattr(record_module, "_check_ply", careless)
    with pytest.raises(ConformanceError, match=r"ply .*: replay raised (TypeError|IndexError)"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_a_replay_that_reads_a_misspelt_field_as_the_callers_is_caught(registered,
                                                                        monkeypatch):
    monkeypatch.setattr(record_module, "_as_field", lambda key: key.strip().lower())
    with pytest.raises(ConformanceError, match=r"the field 'seed' misspelt 'ſeed', ply None: "
                                               r"a malformed record was accepted"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_a_replay_that_skips_the_callers_fields_is_caught(registered, monkeypatch):
    """(Found from outside: replay took a record whose own field held NaN, which is no JSON,
    and which the widget's load refused.)"""
    monkeypatch.setattr(record_module, "check_callers_fields", lambda record: None)
    with pytest.raises(ConformanceError, match=r"a caller's field holding NaN, ply None: "
                                               r"a malformed record was accepted"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_the_check_is_quick_on_a_real_game():
    start = time.perf_counter()
    check_fuzzing(tabletop.load("lascaux", players=4), seeds=range(1))
    assert time.perf_counter() - start < 30


def test_the_check_tries_the_same_inputs_on_every_run(registered, monkeypatch):
    tried = []
    real = fuzzing._try_notation

    def noting(where, state, text):
        tried.append((where, text))
        real(where, state, text)

    monkeypatch.setattr(fuzzing, "_try_notation", noting)
    game = registered(SecretNim)
    check_fuzzing(game, seeds=range(1))
    first, tried[:] = list(tried), []
    check_fuzzing(game, seeds=range(1))
    assert tried == first and len(first) > fuzzing.NOTATION_EXAMPLES


def test_a_replay_that_checks_the_result_only_without_a_ply_is_caught(registered, monkeypatch):
    checked = record_module._check_result
    real_replay = record_module.replay

    def lenient(record, ply=None):
        if ply is not None:  # the old bug: a ply equal to the record's length skipped the check
            monkeypatch.setattr(record_module, "_check_result", lambda result, state: None)
        try:
            return real_replay(record, ply)
        finally:
            monkeypatch.setattr(record_module, "_check_result", checked)

    monkeypatch.setattr(fuzzing, "replay", lenient)
    with pytest.raises(ConformanceError, match=r"result \w+ tampered, ply \d+: a record whose "
                                               r"result disagrees"):
        check_fuzzing(registered(SecretNim), seeds=range(1))


def test_a_record_that_does_not_count_its_actions_is_caught(registered, monkeypatch):
    """A result of the outcome only (as before round 59) let a record cut by one action
    mid-game replay as if whole: the scores were the same."""
    monkeypatch.setattr(record_module, "_result", lambda state: {
        "terminal": state.is_terminal, "scores": list(state.scores),
        "winners": list(state.winners)})
    with pytest.raises(ConformanceError, match=r"result (plies tampered|kept with the record's "
                                               r"last action cut), ply None: a record whose "
                                               r"result disagrees with its actions was accepted"):
        check_fuzzing(registered(SecretNim), seeds=range(1))
