"""Bytes the kernel sends to the page per interaction, per game (a remote hub on a slow link).

    python benchmarks/comm_bytes.py                 # every registered game
    python benchmarks/comm_bytes.py lacuna --plies 40 --top 8

For each game, one seeded game is played by clicks against nobody (every seat human), then
stepped back and forward, then a bot moves ("Bot move"), then the search tree of an MCTS
bot's move is opened and a node clicked. Every message a widget sends (state updates and
ipycanvas' drawing commands) is counted by ``tests/commbytes.py``'s ``Meter``, with its JSON
and binary buffers. Printed per game: the median and largest bytes per click, per step, per
bot move, for opening the tree and per tree click, the median without the still picture
under the board (in a notebook, one still is sent per pause of ``STILL_DELAY`` seconds, not
per draw), and the parts that sent the most bytes over the whole run (``--top``). Run with
no event loop, so the widget sends everything, the still too, as each change is made.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from arguments import above_zero, first_line, game_names, not_negative  # noqa: E402
from commbytes import Meter  # noqa: E402

import tabletop  # noqa: E402
from tabletop.agents import make_agent  # noqa: E402
from tabletop.render.scenecanvas import click_point  # noqa: E402
from tabletop.widgets.tree import TreeWidget  # noqa: E402

STILL = "Image.value"


def kb(values: list[tuple[int, int]]) -> str:
    """Median / largest KB, and the median KB without the still."""
    if not values:
        return "      -"
    totals = [total for total, _ in values]
    bare = statistics.median(total - still for total, still in values)
    return f"{statistics.median(totals) / 1024:6.1f} / {max(totals) / 1024:6.1f}" \
           f"   {bare / 1024:6.1f}"


def sent(meter: Meter) -> tuple[int, int]:
    """What ``meter`` counted: all the bytes, and the still's."""
    return meter.total(), meter.total() - meter.total(but=STILL)


def clicks(widget: tabletop.widgets.GameWidget, meter: Meter, whole: Meter,
           rng: random.Random, plies: int) -> list[tuple[int, int]]:
    """Bytes per click (board or button) over up to ``plies`` moves made by clicking."""
    sizes = []
    board = widget.board
    for _ in range(plies):
        if widget.state.is_terminal:
            break
        inp = widget.session.input
        assert inp is not None, widget.session.blocked()
        action = rng.choice(widget.state.legal_actions())
        for target in next(iter(inp.paths(action))):
            scene = widget.scene()
            meter.reset()
            if target in scene.targets():
                x, y = board.to_canvas(*click_point(scene, target))
                board.canvases[-1]._handle_frontend_event(
                    None, {"event": "mouse_down", "x": x, "y": y}, [])
            else:
                widget._choice_buttons[target].click()
            sizes.append(sent(meter))
            whole.messages += meter.messages
    return sizes


def measure(name: str, seed: int, plies: int, iterations: int
            ) -> tuple[dict[str, list[tuple[int, int]]], Meter]:
    whole = Meter()
    sizes: dict[str, list[tuple[int, int]]] = {}
    rng = random.Random(seed)
    with Meter() as meter:
        widget = tabletop.play(name, seed=seed, setup="random", agent_delay=0)
        sizes["open game"] = [sent(meter)]
        whole.messages += meter.messages
        sizes["click"] = clicks(widget, meter, whole, rng, plies)
        steps = []
        for step in [widget.back] * 5 + [widget.forward] * 5:
            meter.reset()
            step()
            steps.append(sent(meter))
            whole.messages += meter.messages
        sizes["step"] = steps
        if not widget.state.is_terminal:
            widget.set_seat(widget.state.current_player, "random")
            widget.set_seat(widget.state.current_player, "human")
            meter.reset()
            widget.agent_move()
            sizes["bot move"] = [sent(meter)]
            whole.messages += meter.messages
        state = widget.state if not widget.state.is_terminal else \
            tabletop.load(name).new(seed=seed, setup="random")
        widget.close()
        agent = make_agent("mcts", iterations=iterations, seed=seed)
        analysis = agent.analyse(state.view(state.current_player))
        meter.reset()
        tree = TreeWidget(analysis)
        sizes["open tree"] = [sent(meter)]
        whole.messages += meter.messages
        tree_clicks = []
        for node in list(tree.visible_nodes())[1:4]:
            meter.reset()
            tree.click_node(node)
            tree_clicks.append(sent(meter))
            whole.messages += meter.messages
        sizes["tree click"] = tree_clicks
        tree.close()
    return sizes, whole


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=first_line(__doc__))
    parser.add_argument("games", nargs="*", help="games to run (default: all registered)")
    parser.add_argument("--seed", type=not_negative(int), default=7)
    parser.add_argument("--plies", type=above_zero(int), default=60,
                        help="moves made by clicking per game (default 60)")
    parser.add_argument("--iterations", type=above_zero(int), default=200,
                        help="the MCTS bot's iterations for the tree (default 200)")
    parser.add_argument("--top", type=not_negative(int), default=6,
                        help="the parts that sent the most to print per game (default 6)")
    args = parser.parse_args(argv)
    names = game_names(parser, ",".join(args.games)) if args.games else list(tabletop.games())
    print("KB sent to the page per interaction: median / largest, and median without the "
          "still")
    for name in names:
        sizes, whole = measure(name, args.seed, args.plies, args.iterations)
        print(f"\n{name}")
        for what, values in sizes.items():
            print(f"  {what:<12} {kb(values)}   ({len(values)} measured)")
        if args.top:
            print(f"  most bytes over the run ({whole.total() / 1024:.0f} KB in all):")
            for part, size in whole.by_part().most_common(args.top):
                print(f"    {part:<28} {size / 1024:8.1f} KB")


if __name__ == "__main__":
    main()
