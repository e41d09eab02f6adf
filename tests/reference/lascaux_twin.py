"""Play Lascaux in the library and in the test oracle side by side.

``compare(seed, players)`` plays one seeded random game, choosing each action from the
library's legal actions, and returns the disagreements found (an empty list when the two
agree at every ply on the player to move, the legal actions (the state's and the mover's
view's), the position as the full state, each player's view and the audience's view write
it and hold it in their fields (round, phase, start player, deck, this round's cards, the
leftovers as a set, pot, stones, token stack, collections, the last resolution, the tokens:
a view shows its own colour, ``?`` for another's laid token, and the deck's size only),
each viewer's log and observation tensor, every ``determinize`` draw, the score table, the
leaders, the end, the winners and the returns). The oracle takes only the chance outcomes
from the library: round 1's start player and the deck's order, read from the library's text
of the start position. ``compare_position`` starts from a random ``position(...)`` instead.
"""

from __future__ import annotations

import random

import tabletop
from reference.lascaux_ref import COLOURS, NAMES, Reference, card_number, card_text
from reference.lockstep import lockstep


def fields(state: object) -> dict[str, object]:
    """The library's ``str(state)`` (of a state or a view) as the oracle's fields."""
    lines = str(state).splitlines()
    out: dict[str, object] = {}
    head = [part.strip() for part in lines[0].split("·")]
    out["round"] = int(head[0].split()[1])
    out["phase"] = head[1].split()[0]
    for part in head[2:]:
        key, _, name = part.rpartition(" ")
        out[key] = name
    for line in lines[1:]:
        if line.startswith("deck "):
            size, _, order = line[5:].partition(":")
            out["deck"] = (int(size), [int(x) for x in order.split()] if _ else None)
        elif line.startswith("table:"):
            fresh, _, left = line[6:].partition(" · leftovers:")
            out["fresh"] = [c for c in fresh.split() if c != "-"]
            out["leftovers"] = sorted(left.split())  # their order is no rule
        elif line.startswith("pot "):
            pot, stones, stack = (part.split() for part in line.split(" · "))
            out["pot"] = int(pot[1])
            out["stones"] = [int(x) for x in stones[1:]]
            out["stack"] = [x for x in stack[1:] if x != "-"]
        elif line.startswith("cards:"):
            out["cards"] = [[int(x) for x in part.split()[1:]]
                            for part in line[6:].split(" · ")]
        elif line.startswith("resolved:"):
            out["resolved"] = [(w[0], w[1], int(w[2])) for w in
                               (part.split() for part in line[9:].split(" · "))]
        elif line.startswith("idle rounds:"):
            out["idle"] = int(line.split(":")[1])
        elif line.startswith("tokens:"):
            out["tokens"] = line[7:].split()
    out.setdefault("resolved", [])
    out.setdefault("idle", 0)
    return out


def attributes(state: object) -> dict[str, object]:
    """The library state's public fields, in the oracle's shapes."""
    s: object = state
    table = list(s.table)  # type: ignore[attr-defined]
    return {
        "table": (sorted(table[:s.fresh]), table[s.fresh:]),  # type: ignore[attr-defined]
        "deck": list(getattr(s, "deck", ())), "deck_count": s.deck_count,  # type: ignore[attr-defined]
        "stones": list(s.stones), "pot": s.pot, "stack": list(s.stack),  # type: ignore[attr-defined]
        "start": s.start, "round_number": s.round_number,  # type: ignore[attr-defined]
        "idle": s.idle, "phase": s.phase, "laid": list(s.laid),  # type: ignore[attr-defined]
        "choices": list(getattr(s, "choices", ())),
        "collections": [sorted(c) for c in s.collections],  # type: ignore[attr-defined]
        "resolved": [(p, c, sorted(t)) for p, c, t in s.resolved],  # type: ignore[attr-defined]
    }


def breakdown(state: object) -> list[tuple[str, list[int]]]:
    """``state.score_breakdown()`` as (row label, points) and ("total", totals)."""
    table = state.score_breakdown()  # type: ignore[attr-defined]
    return ([(row.label, list(row.points)) for row in table.rows]
            + [("total", list(table.totals))])


def view_attributes(view: object) -> dict[str, object]:
    """A view's public fields: the full state's without the deck's order and the tokens,
    with the deck's size, who has laid a token and the viewer's own token instead."""
    out = attributes(view)
    for secret in ("deck", "choices"):
        del out[secret]
        assert not hasattr(view, secret), f"a view has the state's {secret}"
    out.update(deck_size=view.deck_size, chosen=list(view.chosen), own=view.own)  # type: ignore[attr-defined]
    return out


def drawn(view: object, ref: Reference, rng: random.Random) -> list[str]:
    """What is wrong with ``view.determinize(...)``: it must keep everything the view shows,
    deal the cards nobody has seen (exactly those, for a game from ``new()``) and give the
    others a colour they may have chosen."""
    full = view.determinize(random.Random(rng.random()))  # type: ignore[attr-defined]
    wrong = []
    mine = view_attributes(view)
    seat = view.player if view.player < ref.n else "public"  # type: ignore[attr-defined]
    theirs = view_attributes(full.view(seat))  # type: ignore[attr-defined]
    if mine != theirs:
        wrong.append(f"shows {theirs}")
    seen = set(ref.table()) | {c for hand in ref.collections for c in hand}
    unseen = set(range(54)) - seen
    deck = set(full.deck)
    if len(deck) != len(full.deck) or not deck <= unseen or (
            ref.whole and deck != unseen):
        wrong.append(f"deals {sorted(full.deck)} of the unseen {sorted(unseen)}")
    for p, token in enumerate(full.choices):
        may = ref.legal_colours() if ref.tokens[p] is not None else {None}
        if p == seat:
            may = {ref.tokens[p]}
        if token not in may:
            wrong.append(f"gives player {p} token {token}, not one of {may}")
    return wrong


def chance(state: object) -> tuple[int, list[int]]:
    """Round 1's start player and the whole deck order (the revealed cards first)."""
    text = fields(state)
    if state.resolved:  # type: ignore[attr-defined]
        raise ValueError("not a state of round 1")
    order = [card_number(c) for c in text["fresh"]] + text["deck"][1]  # type: ignore[index, operator]
    return NAMES.index(text["start"]), order  # type: ignore[arg-type]


def compare(seed: int, players: int, *, stop: int = 5, view_every: int = 1,
            oracle: type[Reference] = Reference, setup: str = "decide",
            **options: object) -> list[str]:
    """Disagreements in one seeded random game from ``new(seed, setup=setup)`` (at most
    ``stop`` + 1, then it stops); ``options`` are the game's (``strict_colour``). Odd seeds
    pay four times in five, so that stones run out and passes are forced. With
    ``setup="random"`` the oracle replays the colours the library chose for round 1."""
    game = tabletop.load("lascaux", players=players, **options)
    state = game.new(seed=seed, setup=setup)
    start, order = chance(state)
    ref = oracle(players, start=start, order=order, **options)  # type: ignore[arg-type]
    label = f"seed {seed} players {players} {options} setup {setup}"
    for action in map(str, state.history):
        if action not in ref.legal():
            return [f"{label}: the setup's {action!r} is not one of {ref.legal()}"]
        ref.apply(action)
    return play(state, ref, random.Random(seed), label,
                stop=stop, view_every=view_every, pay=0.8 if seed % 2 else 0.0)


def random_position(rng: random.Random, players: int) -> dict[str, object]:
    """``position(...)`` arguments for a round that starts late in a game: a few leftovers,
    a short deck (or none), few stones, a pot, earlier idle rounds, at times no reveal."""
    cards = list(range(54))
    rng.shuffle(cards)
    table, deck = cards[:rng.randint(0, 7)], cards[7:7 + rng.choice((0, 0, 1, 3, 8, 20))]
    spare = cards[27:]
    level = rng.random() < 0.3  # nobody ahead yet: idle rounds then end in a draw
    collections = [[] if level else [spare.pop() for _ in range(rng.randint(0, 5))]
                   for _ in range(players)]
    return {"table": table, "deck": deck, "collections": collections,
            "stones": [rng.choice((0, 6))] * players if level else
            [rng.choice((0, 0, 1, 2, 5, 12)) for _ in range(players)],
            "start": rng.randrange(players), "pot": rng.choice((0, 0, 2)),
            "round_number": rng.randint(1, 9), "idle": rng.randint(0, 2),
            "reveal": not table or rng.random() < 0.8}


def compare_position(seed: int, players: int, *, stop: int = 5, view_every: int = 1,
                     oracle: type[Reference] = Reference, **options: object) -> list[str]:
    """Disagreements in one random game from a random ``position(...)`` (odd seeds give it
    the cards as text, ``deer:B/Br``, the way the state's text lists them)."""
    rng = random.Random(seed)
    given = random_position(rng, players)
    typed = dict(given)
    if seed % 2:  # the cards as the state's text writes them
        typed.update(table=[card_text(c) for c in given["table"]],  # type: ignore[attr-defined]
                     deck=[card_text(c) for c in given["deck"]],  # type: ignore[attr-defined]
                     collections=[[card_text(c) for c in hand]
                                  for hand in given["collections"]])  # type: ignore[attr-defined]
    state = tabletop.load("lascaux", players=players, **options).position(**typed)  # type: ignore[arg-type]
    ref = oracle(players, order=given.pop("deck"), leftovers=given.pop("table"),  # type: ignore[arg-type]
                 **given, **options)  # type: ignore[arg-type]
    end: list = []
    found = play(state, ref, rng, f"position seed {seed} players {players} {options}",
                 stop=stop, view_every=view_every, pay=0.5, blind=0.8 if seed % 3 else 0.0,
                 last=end)
    if end and tabletop.replay(end[0].to_record()) != end[0]:  # the record keeps the call
        found.append(f"position seed {seed}: the record replays to another state")
    return found


def play(start: object, ref: Reference, rng: random.Random, label: str, *, stop: int,
         view_every: int, pay: float, blind: float = 0.0, determinize: bool = True,
         last: list | None = None) -> list[str]:
    """Play both from their start, comparing at every ply (``pay``: how often to pay
    when paying is legal; ``blind``: how often to choose a colour the table does not show,
    when one may; otherwise uniformly), so that idle rounds end some games; ``last`` gets
    the library's last state."""
    found: list[str] = []
    players = ref.n

    def check(what: str, lib: object, mine: object) -> None:
        if lib != mine:
            found.append(f"{label} ply {len(state.history)} "  # type: ignore[attr-defined]
                         f"{what}: library {lib!r} oracle {mine!r}\n{state}")

    def choose(common: list[str], rng: random.Random) -> str:
        absent = [a for a in common if a.startswith("choose")
                  and COLOURS.index(a.split()[1]) not in ref.table_colours()]
        if "pay" in common and rng.random() < pay:
            return "pay"
        if absent and rng.random() < blind:
            return rng.choice(absent)
        return rng.choice(common)

    for state, legal in lockstep(start, ref, rng, found, stop=stop, label=label,
                                 choose=choose):
        check("terminal", state.is_terminal, ref.terminal)  # type: ignore[attr-defined]
        check("to move", state.current_player,  # type: ignore[attr-defined]
              None if ref.terminal else ref.to_move)
        check("legal", sorted(str(a) for a in state.legal_actions()),  # type: ignore[attr-defined]
              sorted(legal))
        check("state", fields(state), ref.text())
        check("fields", attributes(state), ref.attributes())
        check("scores", [int(x) for x in state.scores], ref.scores())  # type: ignore[attr-defined]
        check("points", list(state.points), ref.scores())  # type: ignore[attr-defined]
        check("leaders", tuple(state.leaders), ref.winners())  # type: ignore[attr-defined]
        check("breakdown", breakdown(state), ref.breakdown())
        check("table colours", state.table_mask,  # type: ignore[attr-defined]
              sum(1 << c for c in ref.table_colours()))
        check("tokens drawn", [list(state.shown_tokens()),  # type: ignore[attr-defined]
                               list(state.shown_tokens(reveal=True))],  # type: ignore[attr-defined]
              [[None] * players, list(ref.tokens)])
        if view_every and len(state.history) % view_every == 0:  # type: ignore[attr-defined]
            check("audience's view", fields(state.view("public")),  # type: ignore[attr-defined]
                  ref.text("public"))
            check("audience's fields", view_attributes(state.view("public")),  # type: ignore[attr-defined]
                  ref.view_attributes("public"))
            if determinize:
                check("audience's view determinized",
                      drawn(state.view("public"), ref, rng), [])  # type: ignore[attr-defined]
            check("audience's log", list(state.log("public")),  # type: ignore[attr-defined]
                  ref.log("public"))
            for p in range(players):
                view = state.view(p)  # type: ignore[attr-defined]
                check(f"view {p}", fields(view), ref.text(p))
                check(f"view {p} fields", view_attributes(view), ref.view_attributes(p))
                check(f"view {p} tensor", view.observation().tolist(), ref.observation(p))
                check(f"view {p} tokens drawn", list(view.shown_tokens()),
                      [t if q == p else None for q, t in enumerate(ref.tokens)])
                if determinize:
                    check(f"view {p} determinized", drawn(view, ref, rng), [])
                check(f"log {p}", list(state.log(p)), ref.log(p))  # type: ignore[attr-defined]
                if p == state.current_player:  # type: ignore[attr-defined]
                    check("view legal", sorted(str(a) for a in view.legal_actions()),
                          sorted(legal))
    if last is not None:
        last.append(state)
    if state.is_terminal and ref.terminal:  # type: ignore[attr-defined]
        check("winners", tuple(state.winners), ref.winners())  # type: ignore[attr-defined]
        check("returns", list(state.returns()), ref.returns())  # type: ignore[attr-defined]
        check("end", "all cards taken" in str(state).splitlines()[0],
              ref.ended == "all cards taken")
    return found


__all__ = ["chance", "compare", "compare_position", "fields", "play", "random_position"]
