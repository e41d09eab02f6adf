"""Names in any script: agents' names and arena entrants' labels in CJK, Arabic, Hebrew,
emoji, accents typed two ways, markup characters — one spelling per name, clear refusals for
names that cannot be shown, text tables that line up, pictures that draw them as typed."""

from __future__ import annotations

import io
import unicodedata

import pytest

from tabletop.agents import RandomAgent, agent_names, make_agent, register_agent
from tabletop.agents import base as agents_base
from tabletop.arena import arena
from tabletop.core.names import fit, spelt, width

NFC = "Zoë café"
NFD = unicodedata.normalize("NFD", NFC)
FAMILY = "👩\u200d👩\u200d👧\u200d👦"  # one emoji, seven code points
WORLD = ["日本語の名前", "لاعب عربي", "שחקן", FAMILY + "🇯🇵", NFC, "<b>&amp;\"'</svg>", "$5 bot$",
         "_hidden", "e\u0301\u0301\u0301"]
BLANK = ["", "   ", "\u3000", "\u200b", "\u200d\u0301"]  # nothing to see
UNSHOWABLE = [*BLANK, "a\nb", "tab\there", "nul\x00", "\u202eexe.txt", "x\u2028y",
              "half \ud83d"]


def test_a_name_has_one_spelling_and_unshowable_ones_are_refused():
    assert spelt(NFD) == NFC and spelt(" 日本語\u3000") == "日本語"
    for name in WORLD:
        assert spelt(name) == unicodedata.normalize("NFC", name)
    for name in UNSHOWABLE:
        with pytest.raises(ValueError, match="a name (is a non-empty|cannot hold|is Unicode)"):
            spelt(name)
    with pytest.raises(TypeError, match="a name is a string, not 5"):
        spelt(5)


def test_widths_count_columns_not_code_points():
    assert [width(t) for t in ("abc", "日本", "e\u0301", FAMILY, "🇯🇵", "لاعب")] == \
        [3, 4, 1, 2, 2, 4]
    assert fit("日本語の名前", 7) == "日本語…" and width(fit("日本語の名前", 7)) <= 7
    assert fit(FAMILY * 5, 5) == FAMILY * 2 + "…"  # a family is never split into people
    assert fit("e\u0301" * 9, 4) == "e\u0301" * 3 + "…"  # nor a letter from its accent


@pytest.fixture
def registry():
    before = dict(agents_base._REGISTRY)
    yield
    agents_base._REGISTRY.clear()
    agents_base._REGISTRY.update(before)


def test_an_agent_registered_with_an_accent_is_found_however_the_accent_is_typed(registry):
    register_agent(NFC, RandomAgent)
    assert isinstance(make_agent(NFD), RandomAgent)  # was: "no agent called 'zoë café'; did
    register_agent(NFD, RandomAgent)                 # you mean 'zoë café'?"
    assert [n for n in agent_names() if "caf" in n] == ["zoë café"]  # one agent, not two
    for name in ("日本語の名前", "لاعب عربي", FAMILY):
        register_agent(name, RandomAgent)
        assert isinstance(make_agent(name), RandomAgent)


@pytest.mark.parametrize("name", UNSHOWABLE[len(BLANK):])
def test_an_agent_name_that_cannot_be_shown_is_refused(registry, name):
    with pytest.raises(ValueError, match="an agent's name (cannot hold|is Unicode text)"):
        register_agent(name, RandomAgent)
    assert not any(n not in ("random", "mcts", "mcts-weak", "mcts-strong")
                   for n in agent_names())


def test_arena_labels_typed_two_ways_are_one_label_and_unshowable_ones_are_refused():
    with pytest.raises(ValueError, match="two entrants of the agents mapping are labelled "
                                         "'Zoë café'"):
        arena("landlock", {NFC: "random", NFD: "random"}, games=1, progress=False)
    for label in UNSHOWABLE:
        with pytest.raises(ValueError, match=r"an entrant's label \(a key of the agents "
                                             r"mapping\) (is a non-empty|cannot hold|is "
                                             r"Unicode)"):
            arena("landlock", {label: "random", "b": "random"}, games=1, progress=False)

    class Named(RandomAgent):
        name = "two\nlines"

    with pytest.raises(ValueError, match="cannot hold a line break"):
        arena("landlock", [Named(), "random"], games=1, progress=False)


def test_a_result_is_read_by_a_label_typed_either_way():
    r = arena("landlock", {NFC: "random", "其他": "random"}, games=2, seed=1, progress=False)
    assert r.agents == (NFC, "其他")
    assert r.pairwise().rate(NFD, "其他").games == 2
    from tabletop.teaching import shrinking

    assert shrinking(r, NFD, [2]).rows[0].games == 2


@pytest.mark.parametrize("other", ["日本語の名前", FAMILY + "🇯🇵", "e\u0301\u0301\u0301",
                                   "x" * 200])
def test_text_tables_line_up_whatever_script_the_labels_are_in(other):
    r = arena("landlock", {other: "random", "b": "random"}, games=2, seed=1, progress=False)
    for table in (str(r).split("\n", 1)[1], str(r.ratings()), str(r.pairwise())):
        lines = table.splitlines()  # (the result's first line says what it is)
        assert len({width(line) for line in lines}) == 1, table  # every row as wide
        assert max(width(line) for line in lines) < 120, table  # a long label is cut


def test_plots_draw_labels_as_typed(off_screen_matplotlib):
    import matplotlib.pyplot as plt

    agents = {"$x^$": "random", "_hidden": "random", "y" * 200: "random"}
    r = arena("lascaux", agents, games=3, seed=1, progress=False)
    try:
        ax = r.plot()
        shown = [t.get_text() for t in ax.get_legend().get_texts()]
        assert shown[:2] == [r"\$x^\$", "_hidden"]  # a "_" label was left out of the legend
        assert shown[2].endswith("…") and width(shown[2]) <= 32
        ax.figure.savefig(io.BytesIO(), format="png")  # "$x^$" raised ParseSyntaxException
        ax = r.plot(kind="ratings")
        ticks = [t.get_text() for t in ax.get_yticklabels()]
        assert r"\$x^\$" in ticks and max(map(width, ticks)) <= 32
        fig = ax.figure
        fig.savefig(io.BytesIO(), format="png")
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        for label in ax.get_yticklabels():  # nothing is drawn off the figure's left edge
            assert label.get_window_extent(renderer).x0 >= 0
    finally:
        plt.close("all")


def test_a_record_keeps_names_in_any_script_and_refuses_half_a_character():
    import json

    import tabletop
    from tabletop.core.errors import InvalidRecord

    state = tabletop.load("landlock").new(seed=1)
    names = [*WORLD, NFD, "</script><svg onload=alert(1)>"]
    record = state.to_record(names=names, **{"名前": FAMILY})
    back = json.loads(json.dumps(record, ensure_ascii=False))
    assert back["names"] == names and back["名前"] == FAMILY  # NFD stays as the caller gave it
    assert tabletop.replay(back) == state
    for extra in ({"note": "half \ud83d"}, {"names": {"\udc00": 1}}):
        with pytest.raises(InvalidRecord, match="which is not Unicode text"):
            state.to_record(**extra)  # was written, and no UTF-8 file could hold it


@pytest.mark.parametrize("broken, message", [
    ("BlankNamesNim", r"blank-names-nim player_name\(1\): a player's name is a non-empty"),
    ("LineBreakNim", r"line-break-nim player_name\(1\): a player's name cannot hold a line "
                     r"break"),
    ("DecomposedNim", r"decomposed-nim player_name\(1\): 'Zoe\\u0308' should be written 'Zo\\xeb'"),
    ("TwinNamesNim", r"twin-names-nim player_name\(1\): 'ANN' is also player 0's name"),
])
def test_the_suite_refuses_player_names_that_cannot_be_shown(registered, broken, message):
    import broken_names

    from tabletop.core.testing import ConformanceError, check_abuse, check_game

    game = registered(getattr(broken_names, broken))
    for check in (check_game, check_abuse):
        with pytest.raises(ConformanceError, match=message):
            check(game, seeds=range(1))


def test_every_game_names_its_players_showably():
    import tabletop
    from tabletop.core.testing.playernames import check_player_names

    for name in tabletop.games():
        for players in tabletop.load(name).player_counts:
            check_player_names(tabletop.load(name, players=players))


def test_the_hot_seat_cover_fits_long_names_in_any_script(registered):
    import broken_names

    import tabletop
    from tabletop.core.testing.framing import check_framed
    from tabletop.core.testing.playernames import check_player_names
    from tabletop.render.svg import to_svg

    long_names = registered(broken_names.LongNamesNim)
    check_player_names(long_names)  # long names are names
    built_in = ("lacuna", "lascaux", "lava-flows", "landlock")
    for game in (long_names, *(tabletop.load(n) for n in built_in)):
        first = game.new(seed=1, setup="random")
        for state in (first, first.apply(first.legal_actions()[0])):
            widget = tabletop.play(state, hot_seat=True)
            try:
                cover = widget.session.svg_scene()
                assert cover.title == "hidden: pass the board"
                check_framed(cover, to_svg(cover), f"{game.name} cover")  # was cut off
                said = " ".join(s.text for s in cover.shapes if s.kind == "text")
                name = game.player_name(state.current_player)
                assert name in said or game is long_names and "…" in said, said
            finally:
                widget.close()


def test_a_seat_picker_reads_an_arabic_or_hebrew_name_from_the_right():
    import tabletop

    class Named(RandomAgent):
        name = "بوت عربي"

    widget = tabletop.play("landlock", seed=1, bots={1: Named()})
    try:
        assert [("tt-rtl" in p._dom_classes) for p in widget.seat_pickers] == [False, True]
        widget.set_seat(1, "random")
        widget.set_seat(0, Named())
        assert [("tt-rtl" in p._dom_classes) for p in widget.seat_pickers] == [True, False]
    finally:
        widget.close()


def test_the_progress_bar_standings_stay_one_short_line():
    from tabletop.arena.run import Progress

    r = arena("landlock", {"y" * 200: "random", "日本語の名前" * 20: "random"}, games=2,
              seed=1, progress=False)
    standings = Progress(2, r.games, "landlock", enabled=False).standings()
    assert width(standings) < 2 * 32 + 12, standings  # was 320 characters


def test_the_message_line_and_bot_panel_cut_a_long_bot_name():
    import tabletop
    from tabletop.agents import MCTSAgent

    class Long(MCTSAgent):
        name = "名前" * 100

    widget = tabletop.play("landlock", seed=1, bots={1: Long(iterations=8, seed=1)},
                           agent_delay=0, view="full")
    try:
        state = widget.session.state
        widget.session.play(state.legal_actions()[0])
        widget.agent_move()
        message = widget.message
        assert "名前名前" in message and "…" in message and width(message) < 140, message
        thinking = widget.thinking_html.value
        assert "名前名前" in thinking and "名前" * 20 not in thinking, thinking
    finally:
        widget.close()


def test_full_width_letters_typed_with_an_input_method_get_the_name_meant():
    import tabletop
    from tabletop.core.errors import UnknownAgent, UnknownGame

    with pytest.raises(UnknownAgent, match="no agent called 'ｍｃｔｓ'; did you mean 'mcts'"):
        make_agent("ｍｃｔｓ")
    with pytest.raises(UnknownGame, match="did you mean 'lascaux'"):
        tabletop.load("ｌａｓｃａｕｘ")


def test_a_dataset_resumes_under_a_label_typed_the_other_way(tmp_path):
    from tabletop.arena import load

    path = tmp_path / "names"
    arena("landlock", {NFC: "random", "日本": "random"}, games=2, seed=1, progress=False,
          save=path)
    again = arena("landlock", {NFD: "random", "日本": "random"}, games=4, seed=1,
                  progress=False, save=path)
    assert again.agents == load(path).agents == (NFC, "日本") and len(again.games) == 4


def test_human_is_a_person_not_a_name_to_register(registry):
    for name in ("human", " Human "):
        with pytest.raises(ValueError, match="'human' gives a seat to a person"):
            register_agent(name, RandomAgent)  # the widget would seat a person for it


def test_html_tables_let_only_long_labels_break():
    r = arena("landlock", {"y" * 300: "random", "b": "random"}, games=2, seed=1,
              progress=False)
    for html in (r._repr_html_(), r.ratings()._repr_html_(), r.pairwise()._repr_html_()):
        assert '<span style="overflow-wrap:anywhere">' + "y" * 300 in html
        assert "<td>b</td>" in html or "<th>b</th>" in html  # short ones as they were
