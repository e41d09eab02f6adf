"""A player who knows how tabletop draws its seeds learns nothing from it.

Every hidden part of a game (Lascaux's deck, Landlock's pile, Lacuna's pour order) follows
from the seed of ``new()``, and the public start narrows the seeds down: a player who can try
every seed a game may have been dealt from finds the one that deals the start they see, and
then knows everything. Trying one Lascaux or Lacuna seed through ``new()`` takes about 50 µs
(and the public start names it alone among 200 seeds tried), so 2**32 seeds are a few days
of one core, far less in compiled code: a seed tabletop draws itself must come from a range
far wider. It comes from 0 .. 2**53 - 1 (about 14,000 years of one core at 50 µs a seed),
the widest whose every seed a JavaScript reader of the record reads exactly
(``tests/test_json_readers.py``).
"""

import pytest

import tabletop
from tabletop.core.record import MAX_SAFE_INT, MAX_SEED


def _drawn(draw, n=24):
    return [draw() for _ in range(n)]


def test_the_first_view_names_its_seed_among_small_ones():
    """Why it matters: with a small known range, a view is enough to find the deal."""
    game = tabletop.load("lascaux", players=3)
    true = game.new(seed=17)
    view = true.view(true.current_player)
    found = [s for s in range(40) if game.new(seed=s).view(view.player) == view]
    assert found == [17] and game.new(seed=found[0]) == true


@pytest.mark.parametrize("name", ["lacuna", "lascaux", "lava-flows", "landlock"])
def test_an_unseeded_game_draws_from_every_seed(name):
    game = tabletop.load(name)
    seeds = _drawn(lambda: game.new().seed)
    assert all(0 <= s <= MAX_SAFE_INT for s in seeds)
    # 24 draws all below 2**40 out of 2**53: a chance of 2**-312 if the range is whole
    assert max(seeds) >= 2**40, f"unseeded new() drew {max(seeds)} at most: a small range"


def test_a_pettingzoo_reset_without_a_seed_draws_from_every_seed():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters.pettingzoo import env

    e = env("lascaux", players=3)
    raw = e.unwrapped

    def reset_seed():
        e.reset()
        return raw.tabletop.seed

    unseeded = _drawn(reset_seed)
    assert max(unseeded) >= 2**40
    e.reset(seed=5)
    after_five = _drawn(reset_seed, 4)
    e.reset(seed=5)
    assert _drawn(reset_seed, 4) == after_five  # seeded by the last reset(seed=...), as before
    assert max(after_five) >= 2**32


#: What ``SeedGuesser`` found in each game it played: the seed it dealt its first view from.
GUESSED: list[int] = []


class SeedGuesser:
    """An arena entrant that cheats: at a move it deals the game itself from each small seed
    and keeps the one whose deal its view matches (it then knows every hidden part)."""

    def __init__(self, seed=None):
        self.rng = __import__("random").Random(seed)

    def act(self, view):
        game = view.game
        found = [s for s in range(40) if game.new(seed=s).view(view.player) == view]
        GUESSED.extend(found)
        return self.rng.choice(view.legal_actions())


def test_an_arena_with_a_secret_seed_deals_games_no_entrant_can_deal_itself(tmp_path):
    from tabletop.arena import arena

    GUESSED.clear()
    known = arena("lascaux", [SeedGuesser, "random", "random"], games=6, progress=False)
    assert [g.seed for g in known.games] == [0, 1, 2, 3, 4, 5]
    assert GUESSED == [4]  # the default seed 0: game 4, where it moves first, it dealt itself
    GUESSED.clear()
    secret = arena("lascaux", [SeedGuesser, "random", "random"], games=6, seed=None,
                   progress=False)
    first = secret.games[0].seed
    assert [g.seed for g in secret.games] == [first + i for i in range(6)]
    assert not GUESSED and first >= 2**20  # (a chance of 2**-44 of a small draw)
    again = arena("lascaux", ["random"] * 3, games=2, seed=None, progress=False)
    assert again.games[0].seed != first


def test_a_saved_tournament_with_a_secret_seed_resumes_with_it(tmp_path):
    from tabletop.arena import arena

    first = arena("lascaux", ["random"] * 3, games=2, seed=None, save=tmp_path / "t",
                  progress=False)
    more = arena("lascaux", ["random"] * 3, games=3, seed=None, save=tmp_path / "t",
                 progress=False)
    assert more.games[:2] == first.games
    assert more.games[2].seed == first.games[0].seed + 2


#: The seeds ``SeedKeeper`` agents were built with, in order.
HANDED: list[int] = []


class SeedKeeper:
    """An agent that keeps the seed it is handed (a cheat would work the deal out of it)."""

    def __init__(self, seed=None):
        HANDED.append(seed)

    def act(self, view):
        return view.legal_actions()[0]


def test_a_widget_bot_cannot_work_out_the_deal_from_the_seed_it_is_handed():
    """Its seed was ``game seed * 31 + seat``: a bot undid the sum, dealt the game itself from
    the result, and knew the deck (or pile, or pour order) all game."""
    from tabletop.agents.settings import seat_seed

    HANDED.clear()
    game_seed = 2**63 + 12345
    w = tabletop.play("lascaux", players=3, seed=game_seed, agent_delay=3600,
                      bots={1: SeedKeeper, 2: SeedKeeper})
    try:
        handed = list(HANDED)
    finally:
        w.close()
    assert handed == [seat_seed(game_seed, 1), seat_seed(game_seed, 2)]  # repeatable
    inverse = pow(31, -1, MAX_SEED + 1)
    for seat, seed in zip((1, 2), handed, strict=True):
        undone = (seed - seat) * inverse % (MAX_SEED + 1)
        assert undone != game_seed
        assert not any(abs(seed - game_seed * k) % (MAX_SEED + 1) < 2**16 for k in range(64))
