"""What a person waits for after a move against bots, in an event loop as in a kernel.

    python benchmarks/bot_waits.py                    # Lascaux, 4 players, 3 "mcts" bots
    python benchmarks/bot_waits.py --bot mcts-weak --rounds 5

The widget runs inside ``asyncio`` (as in Jupyter, where a click's handler runs on the
kernel's event loop). For each of ``--rounds`` person's moves it prints, medians over rounds:

* how long ``play()`` holds the loop (the click's own cost),
* when "… is thinking…" first shows in the turn line after the move,
* when each bot move appears (the ``state`` traitlet changes) after the person's move,
* the longest stall of the event loop meanwhile: while it stalls, the kernel handles no
  click (no Pause, no stepping) and sends nothing to the page.

It uses only the public API, so it also measures older versions (``PYTHONPATH=<checkout>``).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from arguments import above_zero, first_line, not_negative, usage_errors

import tabletop
from tabletop.agents import make_agent

PROBE_S = 0.005


async def one_round(widget: Any, human: int) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    moves: list[float] = []
    thinking: list[float] = []
    stalls: list[float] = []
    start = 0.0

    def on_state(change: dict[str, Any]) -> None:
        moves.append(loop.time() - start)

    def on_turn(change: dict[str, Any]) -> None:
        if "is thinking" in change["new"]:
            thinking.append(loop.time() - start)

    async def probe() -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(PROBE_S)
            stalls.append(time.perf_counter() - t - PROBE_S)

    task = loop.create_task(probe())
    await asyncio.sleep(0.05)
    widget.observe(on_state, "state")
    widget.turn_html.observe(on_turn, "value")
    start = loop.time()
    t = time.perf_counter()
    widget.play(widget.state.legal_actions()[0])
    held = time.perf_counter() - t
    while widget.state.current_player not in (human, None):
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    task.cancel()
    widget.unobserve(on_state, "state")
    widget.turn_html.unobserve(on_turn, "value")
    return {"held": held, "thinking": thinking[0] if thinking else None,
            "moves": moves[1:], "stall": max(stalls, default=0.0)}


async def main(bot: str, rounds: int, players: int, seed: int) -> None:
    state = tabletop.load("lascaux", players=players).new(seed=seed, setup="random")
    human = state.current_player
    assert human is not None
    bots = {p: bot for p in range(players) if p != human}
    widget = tabletop.play(state, bots=bots, view="full")  # (its bots: seeded from its seed)
    results = []
    for _ in range(rounds):
        if widget.state.is_terminal:
            break
        results.append(await one_round(widget, human))
    ms = lambda v: f"{1000 * v:.0f}"  # noqa: E731
    print(f"lascaux, {players} players, {len(bots)} {bot!r} bots, {len(results)} rounds "
          f"(medians; ms after the person's move)")
    print(f"  play() holds the loop      {ms(statistics.median(r['held'] for r in results))}")
    shown = [r["thinking"] for r in results if r["thinking"] is not None]
    print(f"  'thinking…' shown          {ms(statistics.median(shown)) if shown else 'never'}")
    depth = min(len(r["moves"]) for r in results)
    for k in range(depth):
        print(f"  bot move {k + 1} appears         "
              f"{ms(statistics.median(r['moves'][k] for r in results))}")
    print(f"  longest event-loop stall   {ms(statistics.median(r['stall'] for r in results))}"
          f" (max {ms(max(r['stall'] for r in results))})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("--bot", default="mcts")
    parser.add_argument("--rounds", type=above_zero(int), default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=not_negative(int), default=7)
    args = parser.parse_args()
    with usage_errors(parser):  # before the widget opens
        tabletop.load("lascaux", players=args.players)
        make_agent(args.bot)
    asyncio.run(main(args.bot, args.rounds, args.players, args.seed))
