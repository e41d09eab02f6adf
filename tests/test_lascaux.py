"""Lascaux: conformance, the designed deck, and one scenario test per rule sentence.

The rules as implemented are ``docs/rules/lascaux.md``; rule sentences are quoted from the
project's specification, which that page cites.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import check_game, random_states
from tabletop.games.lascaux import cards as C
from tabletop.games.lascaux import scoring
from tabletop.games.lascaux.actions import PASS, PAY, Choose

NO_BLUE = [  # eight cards without a blue handprint
    "deer yellow/white", "deer green/pink", "deer brown/green", "deer pink/white",
    "deer yellow/pink", "deer brown/white", "mammoth yellow/white", "mammoth green/pink",
]


def game(players: int = 3, **options):
    return tabletop.load("lascaux", players=players, **options)


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


def ids(*texts):
    return tuple(C.card_id(t) for t in texts)


# --- conformance --------------------------------------------------------------------------

#: Pictures (with every token revealed too) and clicks at a sample of the first seeds' states.
PACKAGE = {"pictures_every": 12, "clicks_every": 3, "draw_options": ({}, {"reveal": True}),
           "package_seeds": 1}


@pytest.mark.parametrize("players,seeds", [(3, 6), (4, 5), (5, 4)])
def test_check_game(players, seeds):
    """Five players: the pictures with the most on them are drawn under another hash seed
    too."""
    five = players == 5
    report = check_game(game(players), seeds=range(seeds), hash_seed_states=4 * five, **PACKAGE)
    assert report.games == report.terminal == seeds
    assert report.pictures and report.actions_clicked
    assert bool(report.hash_seed_pictures) == five


def test_check_game_strict_colour():
    report = check_game(game(4, strict_colour=True), seeds=range(3), hash_seed_states=0,
                        **PACKAGE)
    assert report.games == 3


def test_registry_and_counts():
    assert "lascaux" in tabletop.games()
    assert game().players == 3  # the first of player_counts is the default
    with pytest.raises(tabletop.InvalidOption, match="3, 4 or 5 players"):
        tabletop.load("lascaux", players=2)
    with pytest.raises(tabletop.InvalidOption, match="strict_colour"):
        tabletop.load("lascaux", strict_colour="yes")


# --- components and the designed deck [S]/[D] -----------------------------------------------

def test_deck_has_54_cards_six_animals_of_nine_two_different_colours():
    """54 cards: 6 animals × 9 ... handprints of two different colours out of six."""
    assert C.CARD_COUNT == 54
    assert Counter(C.ANIMAL) == {a: 9 for a in range(6)}
    assert all(x != y for x, y in C.PAIR)


def test_designed_deck_properties():
    """[D] every colour on 18 cards; within each animal every colour on exactly 3 of its 9
    cards; no colour pair repeats within an animal."""
    per_colour = Counter(c for pair in C.PAIR for c in pair)
    assert per_colour == {c: 18 for c in range(6)}
    for a in range(6):
        cards = [i for i in range(54) if C.ANIMAL[i] == a]
        assert Counter(c for i in cards for c in C.PAIR[i]) == {c: 3 for c in range(6)}
        assert len({frozenset(C.PAIR[i]) for i in cards}) == 9


def test_designed_deck_is_built_from_the_five_matchings():
    """[D] built from the 5 perfect matchings; each animal takes three of them."""
    matchings = [
        [(5, 0), (1, 4), (2, 3)], [(5, 1), (0, 2), (3, 4)], [(5, 2), (1, 3), (0, 4)],
        [(5, 3), (2, 4), (0, 1)], [(5, 4), (0, 3), (1, 2)],
    ]
    takes = {"deer": (0, 1, 2), "mammoth": (0, 1, 3), "ibex": (0, 2, 4), "horse": (1, 2, 3),
             "aurochs": (0, 3, 4), "rhino": (1, 2, 4)}
    expected = [(C.ANIMALS.index(animal), x, y)
                for animal, ms in takes.items() for m in ms for x, y in matchings[m]]
    assert sorted(expected) == sorted(C.DECK)


def test_start_stones():
    """Each starts with 12 stones (10 with 5 players)."""
    for players, stones in ((3, 12), (4, 12), (5, 10)):
        assert game(players).new(seed=1).stones == (stones,) * players


def test_seeded_shuffle_and_random_first_start_player():
    """Round 1: random [I] — the start player and the deck come from the seed."""
    g = game(4)
    starts = {g.new(seed=s).start for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert g.new(seed=5) == g.new(seed=5)
    assert g.new(seed=5).deck != g.new(seed=6).deck


# --- 1. reveal ------------------------------------------------------------------------------

def test_reveal_stops_at_seven_cards():
    """Reveal: ... until 7 cards are on the table or the table shows all six colours."""
    s = game().position(deck=NO_BLUE + ["mammoth blue/brown"])
    assert s.table == ids(*NO_BLUE[:7])
    assert s.deck == ids(NO_BLUE[7], "mammoth blue/brown")
    assert s.phase == "choose"


def test_reveal_stops_early_at_six_colours():
    """Reveal: ... or the table shows all six colours."""
    s = game().position(deck=["deer blue/brown", "deer yellow/white", "deer green/pink",
                              "horse blue/yellow"])
    assert len(s.table) == 3
    assert s.table_mask == C.ALL_COLOURS
    assert s.deck == ids("horse blue/yellow")


def test_leftovers_count_toward_seven():
    """Cards left from earlier rounds count toward the 7-card limit [I] (the seed: "until
    seven cards are drawn"; English reviews: "added … up to a maximum of seven again")."""
    s = game().position(table=NO_BLUE[:5], deck=NO_BLUE[5:] + ["ibex blue/brown"])
    assert len(s.table) == 7 and s.fresh == 5
    assert s.table[:5] == ids(*NO_BLUE[:5])
    assert s.deck == ids(NO_BLUE[7], "ibex blue/brown")


def test_leftovers_count_toward_six_colours():
    """Cards left from earlier rounds count toward the six colours [S]."""
    s = game().position(table=["deer yellow/white", "deer green/pink"],
                        deck=["ibex blue/brown", "rhino pink/white"])
    assert s.table == ids("deer yellow/white", "deer green/pink", "ibex blue/brown")
    assert s.deck == ids("rhino pink/white")


def test_position_builder_validates():
    g = game()
    with pytest.raises(tabletop.InvalidOption, match="placed twice"):
        g.position(table=["deer blue/brown"], deck=["deer brown/blue"])
    with pytest.raises(tabletop.InvalidOption, match="at most 7"):
        g.position(table=NO_BLUE)
    with pytest.raises(ValueError, match="no card 'horse blue/brown'"):
        g.position(deck=["horse blue/brown"])
    with pytest.raises(tabletop.InvalidOption, match="all 3 players"):
        g.position(deck=NO_BLUE, stones=(1, 2))
    s = g.position(table=NO_BLUE[:2], deck=NO_BLUE[2:], reveal=False)
    assert len(s.table) == 2 and s.phase == "choose"


def test_position_builder_messages_quote_the_input_and_what_is_allowed():
    """Each refusal of ``game.position`` names the argument, quotes what was given and says
    what is allowed (not one message for several arguments)."""
    g = game()
    with pytest.raises(tabletop.InvalidOption, match=r"start is the player who starts the "
                                                     r"round, 0\.\.2, not 3"):
        g.position(start=3)
    with pytest.raises(tabletop.InvalidOption, match="pot is a whole number of stones 0..999, "
                                                     "not -1"):
        g.position(pot=-1)
    with pytest.raises(tabletop.InvalidOption, match=r"card 'deer blue/brown' is placed twice "
                                                     r"\(table and collections\[1\]\)"):
        g.position(table=["deer blue/brown"], collections=[[], ["deer brown/blue"], []])
    with pytest.raises(tabletop.InvalidOption, match="placed twice in deck"):
        g.position(deck=[0, 0])
    with pytest.raises(tabletop.InvalidOption, match=r"deck: no card 'horse blue/brown' in the "
                                                     r"deck: a card is an animal and two "
                                                     r"different colours, e\.g\. 'deer "
                                                     r"blue/brown', or a number 0\.\.53"):
        g.position(deck=["horse blue/brown"])
    with pytest.raises(tabletop.InvalidOption, match=r"collections\[2\]: card number 54"):
        g.position(collections=[[], [], [54]])
    with pytest.raises(tabletop.InvalidOption, match="give stones for all 3 players, one "
                                                     "entry each; 2 given"):
        g.position(stones=(1, 2))


def test_no_reveal_when_the_table_is_already_full():
    """The limits count leftovers: a table of 7 leftovers reveals nothing."""
    s = game().position(table=NO_BLUE[:7], deck=["ibex blue/brown"])
    assert len(s.table) == 7 and s.fresh == 7 and len(s.deck) == 1


def test_deck_running_out_mid_reveal():
    """If the deck runs out, play on with what is on the table [I]."""
    s = game().position(table=["deer yellow/white"], deck=["deer green/pink"])
    assert s.table == ids("deer yellow/white", "deer green/pink") and s.deck == ()
    assert s.phase == "choose" and s.current_player == 0
    # a round that claims only one card: the other stays and play goes on
    s = play(s, "choose yellow", "choose brown", "choose brown", "pass", "pass")
    assert s.phase == "choose" and s.table == ids("deer green/pink")
    # the game ends when the deck is empty and no cards are left on the table
    s = play(s, "choose green", "choose blue", "choose blue", "pass", "pass")
    assert s.is_terminal and s.end == "cards" and s.table == ()


# --- 2. choose ------------------------------------------------------------------------------

def test_choices_are_sequential_from_the_start_player():
    s = game(4).position(deck=NO_BLUE, start=2)
    order = []
    for colour in ("blue", "green", "brown", "white"):
        order.append(s.current_player)
        s = s.apply(f"choose {colour}")
    assert order == [2, 3, 0, 1]
    assert s.choices == (0, 4, 5, 2)
    assert s.phase == "bid" and s.current_player == 2


def test_every_colour_may_be_chosen_even_if_absent():
    """Tokens return every round, so all six are always available [I]; a colour absent from
    the table may be chosen [I]."""
    s = game().position(deck=NO_BLUE)
    assert [str(a) for a in s.legal_actions()] == [f"choose {c}" for c in C.COLOURS]


def test_strict_colour_forbids_absent_colours():
    """Option strict_colour=True forbids choosing a colour absent from the table."""
    s = game(strict_colour=True).position(deck=["deer yellow/white", "deer green/pink"])
    assert [str(a) for a in s.legal_actions()] == [
        "choose yellow", "choose green", "choose pink", "choose white"]
    with pytest.raises(tabletop.IllegalAction, match="strict_colour: no card on the table"):
        s.apply(Choose(5))
    with pytest.raises(tabletop.IllegalAction,
                       match=r"'choose blue' is not legal here \(strict_colour: no card"):
        s.apply("choose blue")


def test_choice_is_secret_until_resolution():
    """Secret and simultaneous: no player's view shows another's choice until it is revealed."""
    g = game()
    s = g.position(deck=["deer blue/brown", "deer yellow/white", "deer green/pink"])
    a, b = s.apply("choose blue"), s.apply("choose green")
    for viewer in (1, 2):
        assert a.view(viewer) == b.view(viewer)
        assert a.view(viewer).chosen == (True, False, False)
        assert a.view(viewer).own is None
        assert "blue" not in str(a.view(viewer)).split("tokens:")[1]
    assert a.view(0).own == 5 and b.view(0).own == 2
    assert g.describe(Choose(5), 0, 1) == "choose ?"
    assert g.describe(Choose(5), 0, 0) == "choose blue"
    assert g.describe(Choose(5), 0, None) == "choose blue"
    done = play(a, "choose yellow", "choose yellow", "pay", "pass", "pass")
    assert done.log(1)[:3] == ("choose ?", "choose yellow", "choose ?")
    assert done.log(0)[0] == "choose blue"
    # revealed at resolution: the auction winner (player 0) is on top
    assert [(p, C.COLOURS[c]) for p, c, _ in done.resolved] == [
        (0, "blue"), (2, "yellow"), (1, "yellow")]


def test_views_show_whether_each_player_has_chosen():
    s = play(game(4).position(deck=NO_BLUE), "choose blue", "choose green")
    v = s.view(3)
    assert v.chosen == (True, True, False, False)
    assert v.current_player == 2 and v.legal_actions() == ()
    assert s.view(2).legal_actions() == s.legal_actions()


# --- 3. bid ---------------------------------------------------------------------------------

def _bidding(players=3, **kw):
    g = game(players)
    s = g.position(deck=["deer blue/brown", "deer yellow/white", "deer green/pink"], **kw)
    for colour in ("blue", "brown", "green", "white", "pink")[:players]:
        s = s.apply(f"choose {colour}")
    assert s.phase == "bid"
    return s


def test_bidding_goes_clockwise_from_the_start_player_skipping_passers():
    """From the start player, clockwise, skipping players who passed."""
    s = _bidding(4, start=2)
    seen = []
    for move in ("pay", "pass", "pay", "pay", "pay"):
        seen.append(s.current_player)
        s = s.apply(move)
    assert seen == [2, 3, 0, 1, 2]
    assert s.current_player == 0  # 3 passed and is skipped


def test_player_with_no_stones_must_pass_and_takes_the_pot():
    """Each player either pays one stone into the pot (needs ≥ 1 stone) or passes (forced
    with 0 stones); a passing player takes the whole pot."""
    s = _bidding(3, stones=(3, 0, 3), start=2)
    s = play(s, "pay", "pay")  # players 2 and 0 pay
    assert s.current_player == 1 and s.pot == 2
    assert s.legal_actions() == (PASS,)
    with pytest.raises(tabletop.IllegalAction, match="Jacques has no stones left and must pass"):
        s.apply(PAY)
    s = s.apply("pass")  # forced, but still player 1's own recorded action
    assert s.history[-1] == PASS
    assert s.stones == (2, 2, 2) and s.pot == 0 and s.stack == (1,)


def test_each_passer_takes_the_whole_pot():
    """A passing player takes the whole pot ... (first passer at the bottom)."""
    s = _bidding(4, start=0)
    s = play(s, "pay", "pay", "pay")
    assert s.pot == 3
    s = s.apply("pass")  # player 3 takes 3
    assert s.stones[3] == 15 and s.pot == 0 and s.stack == (3,)
    s = play(s, "pay", "pass")  # player 0 pays, player 1 takes that 1
    assert s.stones[1] == 12 and s.pot == 0 and s.stack == (3, 1)
    s = play(s, "pay", "pass")  # player 2 pays, player 0 takes it; player 2 wins
    assert s.stones == (11, 12, 10, 15) and s.pot == 0


def test_last_bidder_gets_nothing():
    """When one player remains, they win the auction and put their token on top; the pot is
    then empty, so they get nothing and pay nothing more [S/I]."""
    s = _bidding(3, start=0)
    s = play(s, "pay", "pay", "pay", "pay")  # players 0, 1, 2, 0 pay: pot 4
    assert s.current_player == 1 and s.pot == 4
    s = s.apply("pass")  # player 1 takes 4
    assert s.stones == (10, 15, 11)
    s = play(s, "pay", "pass")  # player 2 pays, player 0 takes 1: player 2 wins
    assert s.stones == (11, 15, 10) and s.pot == 0
    assert [p for p, _, _ in s.resolved] == [2, 0, 1]  # winner on top, first passer last
    assert sum(s.stones) + s.pot == 36


def test_errors_explain_phase():
    s = game().position(deck=NO_BLUE)
    with pytest.raises(tabletop.IllegalAction, match="bidding starts once every player"):
        s.apply(PAY)
    s = _bidding()
    with pytest.raises(tabletop.IllegalAction, match="the tokens are laid; Marcel bids now"):
        s.apply(Choose(0))
    assert game().parse_action(game().position(deck=NO_BLUE), "  Choose   BLUE ") == Choose(5)


# --- 4. resolve -----------------------------------------------------------------------------

TABLE3 = ["deer blue/brown", "ibex green/pink", "aurochs yellow/white"]


def _resolved_round():
    # choices: 0 blue, 1 brown, 2 green; 0 pays, 1 passes first, 2 pays, 0 passes: 2 wins
    s = game().position(table=TABLE3, deck=["rhino blue/yellow", "aurochs pink/blue"])
    assert s.table == ids(*TABLE3) and s.fresh == 3  # all six colours: nothing revealed
    before = s
    s = play(s, "choose blue", "choose brown", "choose green", "pay", "pass", "pay", "pass")
    return before, s


def test_resolution_order_from_the_top_of_the_stack():
    """Tokens are revealed from the top of the stack down (auction winner first, then the
    last passer, …, first passer last)."""
    _, s = _resolved_round()
    assert [p for p, _, _ in s.resolved] == [2, 0, 1]
    assert s.collections[2] == ids("ibex green/pink")
    assert s.collections[0] == ids("deer blue/brown")


def test_same_colour_goes_to_the_higher_token():
    """Each takes every card still on the table with at least one handprint of their colour:
    with the same colour, the token higher on the stack takes everything."""
    s = game().position(table=TABLE3, deck=["rhino blue/yellow"])
    s = play(s, "choose blue", "choose blue", "choose white", "pass", "pay", "pass")
    # 0 passes first, 1 pays, 2 passes: 1 wins with blue; 0's blue finds nothing
    assert s.resolved[0][0] == 1 and s.resolved[0][2] == ids("deer blue/brown")
    assert s.resolved[2] == (0, 5, ())
    assert s.collections[0] == ()


def test_cards_taken_by_one_player_are_gone_for_the_next():
    """Each takes every card still on the table ...: a card taken higher up is gone."""
    _, s = _resolved_round()
    player, colour, taken = s.resolved[2]
    assert (player, C.COLOURS[colour], taken) == (1, "brown", ())  # deer blue/brown is gone
    assert s.collections[1] == ()


def test_unclaimed_cards_stay_for_the_next_round():
    """Unclaimed cards stay for the next round [S] (and count as leftovers)."""
    _, s = _resolved_round()
    assert s.table[:1] == ids("aurochs yellow/white") and s.fresh == 1
    assert s.table[1:] == ids("rhino blue/yellow", "aurochs pink/blue")  # deck out: 4 colours
    assert s.round_number == 2


def test_next_round_starts_with_the_first_passer():
    """The first passer is the start player of the next round [S]."""
    _, s = _resolved_round()
    assert s.start == 1 and s.current_player == 1 and s.phase == "choose"
    assert s.choices == (None, None, None) and s.stack == ()


# --- end and scoring ------------------------------------------------------------------------

def _final(collections, stones, players=3):
    s = game(players).position(collections=collections, stones=stones)
    assert s.is_terminal  # deck and table empty
    return s


def test_game_ends_when_deck_and_table_are_empty():
    """The game ends when the deck is empty and no cards are left on the table [S]."""
    s = game().position(deck=["deer blue/brown"])
    s = play(s, "choose blue", "choose pink", "choose pink", "pass", "pass")
    assert s.is_terminal and s.end == "cards" and s.current_player is None
    assert s.legal_actions() == ()


def test_three_idle_rounds_with_an_empty_deck_end_the_game():
    """[I] Engine safeguard: with the deck empty, if three rounds in a row claim nothing, the
    game ends and the remaining table cards score for nobody."""
    s = game().position(table=["deer blue/brown"])
    for k in range(1, 4):
        assert not s.is_terminal
        s = play(s, "choose green", "choose green", "choose green", "pass", "pass")
        assert s.idle == k
    assert s.is_terminal and s.end == "stalled" and s.table == ids("deer blue/brown")
    assert s.scores == (2, 2, 2) and s.winners == ()  # 12 stones = 2 points each, a draw


def test_a_claim_resets_the_idle_count():
    s = game().position(table=["deer blue/brown", "deer yellow/white"])
    s = play(s, "choose green", "choose green", "choose green", "pass", "pass")
    assert s.idle == 1
    s = play(s, "choose blue", "choose green", "choose green", "pass", "pass")
    assert s.idle == 0 and not s.is_terminal


def test_idle_rounds_with_a_full_table_also_end_the_game():
    """[I] extension: a round that reveals nothing (table full) and claims nothing is idle
    too, even with cards in the deck, so the game cannot stall forever."""
    s = game().position(table=NO_BLUE[:7], deck=["ibex blue/brown"])
    for _ in range(3):
        s = play(s, "choose blue", "choose blue", "choose blue", "pass", "pass")
    assert s.is_terminal and s.end == "stalled" and len(s.deck) == 1


def test_animal_tie_all_score():
    """For each animal, the player(s) with the most cards of it score as many points as they
    have such cards; tied leaders each score; others score nothing for it [S]."""
    s = _final([["deer blue/brown", "deer yellow/white", "horse blue/yellow"],
                ["deer green/pink", "deer brown/green"],
                ["deer pink/white"]], stones=(0, 0, 0))
    assert s.scores == (3, 2, 0)
    b = s.score_breakdown()
    assert b.totals == s.scores
    assert b.rows[0].label == "deer" and b.rows[0].points == (2, 2, 0)
    assert b.rows[3].label == "horse" and b.rows[3].points == (1, 0, 0)


def test_stones_score_in_sixes():
    """Plus 1 point per 6 stones held [S]."""
    s = _final([[], [], [], []], stones=(5, 6, 11, 12), players=4)
    assert s.scores == (0, 1, 1, 2)
    assert s.score_breakdown().rows[-1].points == (0, 1, 1, 2)


def test_winner_tie_break_most_stones_then_shared():
    """Highest total wins. Ties [I]: most stones left, then shared."""
    deer, horse = "deer blue/brown", "horse blue/yellow"
    s = _final([[deer], [horse], []], stones=(4, 5, 0))
    assert s.scores == (1, 1, 0) and s.winners == (1,)
    s = _final([[deer], [horse], []], stones=(5, 5, 0))
    assert s.winners == (0, 1)
    s = _final([[deer], [horse], ["ibex blue/brown"]], stones=(5, 5, 5))
    assert s.winners == ()  # everyone tied on points and stones: a draw
    assert scoring.winners((7, 3, 7), (1, 9, 2)) == (2,)


def test_scores_are_points_and_breakdown_adds_up():
    for _, s in random_states(game(4), range(2)):
        assert s.score_breakdown().totals == s.scores


def _plain_scores(collections, stones):
    """The scoring rule written plainly: per animal, the most held (ties all score)."""
    counts = [[sum(C.ANIMAL[c] == a for c in cs) for a in range(6)] for cs in collections]
    best = [max(row[a] for row in counts) for a in range(6)]
    return tuple(sum(n for n, b in zip(row, best, strict=True) if n == b) + s // 6
                 for row, s in zip(counts, stones, strict=True))


def test_packed_scoring_matches_the_plain_rule():
    """``scoring.scores`` (bytes of packed counts) agrees with the rule written plainly, on
    random deals of the deck with ties of every kind."""
    rng = random.Random(20)
    for _ in range(3000):
        players = rng.choice((3, 4, 5))
        cards = rng.sample(range(54), rng.randrange(55))
        owners = [rng.randrange(players) for _ in cards]
        collections = [tuple(sorted(c for c, o in zip(cards, owners, strict=True) if o == p))
                       for p in range(players)]
        stones = tuple(rng.randrange(40) for _ in range(players))
        assert scoring.scores(collections, stones) == _plain_scores(collections, stones)
        counts = [scoring.animal_counts(c) for c in collections]
        assert tuple(map(scoring.points, scoring.animal_points(counts), stones)) == \
            _plain_scores(collections, stones)


# --- invariants over random games -----------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_stones_conserved_in_every_state(players):
    """Stones move only between players and the pot."""
    total = players * game(players).start_stones
    for _, s in random_states(game(players), range(3)):
        assert sum(s.stones) + s.pot == total
        assert min(s.stones) >= 0


@pytest.mark.parametrize("players", [3, 5])
def test_cards_conserved_and_table_limits(players):
    for _, s in random_states(game(players), range(3)):
        placed = s.deck + s.table + tuple(c for cs in s.collections for c in cs)
        assert sorted(placed) == list(range(54))
        if s.phase == "choose" and s.deck and s.choices == (None,) * players:
            assert len(s.table) == 7 or s.table_mask == C.ALL_COLOURS


def test_determinize_samples_deck_and_hidden_choices():
    """determinize samples the deck order and the others' unrevealed choices."""
    g = game(4, strict_colour=True)
    s = g.new(seed=3)
    while s.phase == "choose":
        s = s.apply(s.legal_actions()[-1])
    v = s.view(1)
    decks, choices = set(), set()
    for k in range(20):
        d = v.determinize(random.Random(k))
        assert d.view(1) == v
        assert sorted(d.deck) == sorted(s.deck)
        assert d.choices[1] == s.choices[1]
        assert all(d.table_mask & (1 << c) for c in d.choices)  # strict: on the table
        decks.add(d.deck)
        choices.add(d.choices)
    assert len(decks) > 1 and len(choices) > 1
    assert d.seed is None and d.history == ()


def test_setup_random_makes_round_one_choices():
    """The colour choice is a secret decision, so new(setup="random") makes round 1's."""
    s = game(4).new(seed=9, setup="random")
    assert s.phase == "bid" and len(s.history) == 4
    assert all(isinstance(a, Choose) for a in s.history)
    assert sum(entry == "choose ?" for entry in s.log(0)) == 3


@pytest.mark.parametrize("module", ["cards", "actions", "scoring", "rules", "input", "render"])
def test_docstring_examples(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"tabletop.games.lascaux.{module}")
    result = doctest.testmod(mod)
    assert result.failed == 0


def test_strict_colour_rounds_are_never_idle():
    """With strict_colour=True the auction winner's colour is on the table, so every round
    claims a card and the safeguard never fires."""
    for _, s in random_states(game(3, strict_colour=True), range(3)):
        assert s.idle == 0
        if s.is_terminal:
            assert s.end == "cards"


def test_illegal_notation_typed_as_text_gets_the_rules_reason():
    """Errors explain: 'pay' typed during the colour choice says why, like the object does."""
    s = tabletop.load("lascaux").new(seed=1)
    with pytest.raises(IllegalAction, match=r"'pay' is not legal here \(the bidding starts"):
        s.apply("pay")
