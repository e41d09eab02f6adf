"""Helpers for the browser tests: which clicks make a move, notebooks, and the page itself."""

from __future__ import annotations

import io
import json
import time
import warnings
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.game import Action, State
from tabletop.core.registry import register
from tabletop.render.canvas import parse_color
from tabletop.render.scene import Scene, Text
from tabletop.render.scenecanvas import click_point
from tabletop.widgets.session import Session

SEED = 7
TOY = "click-nim"


def widget_css(tag: str) -> str:
    """The CSS selector of the widget a test notebook shows under ``tag`` (a game name)."""
    return f".under-test.game-{tag}"


def canvas_css(tag: str) -> str:
    return f"{widget_css(tag)} canvas.tabletop-canvas"

# A signature of the canvas pixels (every 4th pixel) and the share of painted pixels.
SIGNATURE_JS = """el => {
  const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
  let h = 0, painted = 0, n = 0;
  for (let i = 0; i < d.length; i += 16) {
    h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2] + 17 * d[i + 3]) | 0;
    if (d[i + 3] > 0) painted++;
    n++;
  }
  return [h, painted / n];
}"""

# Times a press until the canvas pixels change: t0 at the press, t1 at the first animation
# frame whose canvas differs from the one before the press. The pixels are read (a copy scaled
# down 4 times) only in a frame after something was drawn on the canvas, so the probe costs
# the page almost nothing while it waits: a probe that read the canvas every frame would
# slow down the very page it measures.
PROBE_JS = """el => {
  const small = document.createElement('canvas');
  small.width = Math.ceil(el.width / 4);
  small.height = Math.ceil(el.height / 4);
  const ctx = small.getContext('2d', {willReadFrequently: true});
  const sig = () => {
    ctx.clearRect(0, 0, small.width, small.height);
    ctx.drawImage(el, 0, 0, small.width, small.height);
    const d = ctx.getImageData(0, 0, small.width, small.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    return h;
  };
  const board = el.getContext('2d');
  const probe = {before: sig(), t0: 0, t1: 0, dirty: false};
  window.__ttProbe = probe;
  for (const name of ['drawImage', 'clearRect']) {  // the calls ipycanvas paints the view with
    board[name] = function (...args) {
      probe.dirty = true;
      return CanvasRenderingContext2D.prototype[name].apply(this, args);
    };
  }
  const done = () => { delete board.drawImage; delete board.clearRect; };
  document.addEventListener('mousedown', () => {
    probe.t0 = performance.now();
    const tick = () => {
      if (probe.dirty) {
        probe.dirty = false;
        if (sig() !== probe.before) { probe.t1 = performance.now(); done(); return; }
      }
      if (performance.now() - probe.t0 > 10000) { done(); return; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, {once: true, capture: true});
}"""


def register_toy() -> None:
    from test_widget_toy import ClickNim

    register(ClickNim.name, ClickNim)


def games() -> list[str]:
    """The games to test in the browser: every registered game, or the toy if none is."""
    return list(tabletop.games()) or [TOY]


#: Moves made before a game's widget opens, so that the move the tests click is made on the
#: board: Landlock opens with the choice of roles, which is made with buttons.
OPENINGS = {"landlock": ("land",)}


def start_state(name: str) -> State:
    """The state the test notebook opens (same seed, setup and opening as the notebook)."""
    if name == TOY:
        register_toy()
    state = tabletop.load(name).new(seed=SEED, setup="random")
    for text in OPENINGS.get(name, ()):
        state = state.apply(text)
    return state


@dataclass(frozen=True)
class Step:
    """One click: on the canvas at ``point`` (scene units, in a scene ``width`` wide), or on
    the ``index``-th button."""

    target: Hashable
    point: tuple[float, float] | None = None
    index: int = -1
    label: str = ""
    width: float = 0.0


def session_for(state: State, *, hot_seat: bool = False) -> Session:
    """The widget's logic at ``state``; under hot seat, with the cover lifted for the mover."""
    session = Session(state, hot_seat=hot_seat)
    session.confirm()
    return session


def plan_move(state: State, tries: int = 200, *, hot_seat: bool = False,
              avoid: Action | None = None) -> tuple[list[Step], str]:
    """Clicks that make one legal move from ``state``, and the move-log line it adds.

    Each candidate path of the game's input is replayed on a ``Session`` (the widget's own
    logic), so every click point comes from the scene on show at that moment. Paths that
    start on the board are tried first. ``avoid``: a move not to make (to branch off a line).
    """
    base = session_for(state, hot_seat=hot_seat)
    inp = base.input
    assert inp is not None, f"no one can click in the start state: {base.blocked()}"
    on_board = set(base.scene().targets())
    paths = []
    for action in state.legal_actions():
        if action == avoid:
            continue
        for path in inp.paths(action):
            paths.append(tuple(path))
            break
    paths.sort(key=lambda p: p[0] not in on_board)
    for path in paths[:tries]:
        planned = _try_path(state, path, hot_seat)
        if planned is not None:
            return planned
    raise AssertionError(f"no click path makes a move in {state.game.name}")


def _try_path(state: State, path: tuple[Hashable, ...], hot_seat: bool
              ) -> tuple[list[Step], str] | None:
    session = session_for(state, hot_seat=hot_seat)
    steps = []
    for target in path:
        scene = session.scene()
        if target in scene.targets():
            try:
                point = click_point(scene, target)
            except ValueError:
                return None
            steps.append(Step(target, point=point, width=scene.width))
            session.click(*point)
        else:
            buttons = session.buttons()
            index = next((i for i, (t, _) in enumerate(buttons) if t == target), None)
            if index is None:
                return None
            steps.append(Step(target, index=index, label=buttons[index][1]))
            session.choose(target)
    if len(session.state.history) != len(state.history) + 1:
        return None
    session.confirm()  # under hot seat the log is hidden until the next player confirms
    log = session.log()
    assert log is not None
    return steps, log[-1]


def replay_steps(state: State, steps: list[Step], *, hot_seat: bool = False) -> Session:
    """The widget's logic after the clicks ``steps`` from ``state``."""
    session = session_for(state, hot_seat=hot_seat)
    for step in steps:
        if step.point is not None:
            session.click(*step.point)
        else:
            session.choose(step.target)
    return session


# --- colours a scene paints, to check a canvas shows one scene and not another -----------
RGB = tuple[float, float, float]


def colour_at(scene: Scene, x: float, y: float) -> RGB | None:
    """The colour ``scene`` paints at ``(x, y)``: its fills blended bottom up (outlines and
    text aside); ``None`` near text, whose pixels are not known here."""
    rgb: RGB | None = None  # a transparent canvas shows what is behind it: unknown here
    if scene.background is not None:
        rgb = tuple(float(c) for c in parse_color(scene.background)[:3])  # type: ignore
    for shape in scene.ordered():
        if isinstance(shape, Text):
            x0, y0, x1, y1 = shape.bounds()
            if x0 - 4 <= x <= x1 + 4 and y0 - 4 <= y <= y1 + 4:
                return None
            continue
        fill = shape.style.fill
        if fill is None or fill == "none" or not shape.contains(x, y):
            continue
        *paint, alpha = parse_color(fill)
        a = alpha * shape.style.opacity
        if a >= 1:
            rgb = tuple(float(c) for c in paint)  # type: ignore[assignment]
        elif rgb is not None:
            rgb = tuple(a * p + (1 - a) * c for p, c in zip(paint, rgb, strict=True))  # type: ignore
    return rgb


def telling_point(shown: Scene, other: Scene, margin: float = 5.0) -> tuple[float, float, RGB]:
    """A point where ``shown`` paints one colour all around that ``other`` does not paint
    there: the canvas pixel there tells the two scenes apart. ``AssertionError`` if none."""
    step = 4.0
    for j in range(int(shown.height // step)):
        for i in range(int(shown.width // step)):
            x, y = margin + i * step, margin + j * step
            around = [(x, y), (x - margin, y), (x + margin, y), (x, y - margin), (x, y + margin)]
            mine = {colour_at(shown, *p) for p in around}
            theirs = {colour_at(other, *p) for p in around}
            if len(mine) == 1 and len(theirs) == 1 and None not in mine | theirs:
                colour, their = mine.pop(), theirs.pop()
                assert colour is not None and their is not None
                if _distance(colour, their) > 40:
                    return (x, y, colour)
    raise AssertionError(f"no point tells {shown!r} from {other!r} by colour")


def _distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return max(abs(u - v) for u, v in zip(a[:3], b[:3], strict=True))


PIXEL_JS = """(el, [x, y, w]) => {
  const k = el.width / w;
  return Array.from(el.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1)
    .data);
}"""


def wait_for_colour(page: Any, tag: str, scene: Scene, point: tuple[float, float, RGB],
                    timeout: float = 15.0) -> None:
    """Wait until the canvas shows ``point``'s colour there (``scene`` gives the scale)."""
    x, y, colour = point
    deadline = time.monotonic() + timeout
    while True:
        got = page.locator(canvas_css(tag)).evaluate(PIXEL_JS, [x, y, scene.width])
        if _distance(tuple(got), colour) <= 12:
            return
        if time.monotonic() > deadline:
            want = tuple(round(c) for c in colour)
            raise AssertionError(f"the {tag} canvas shows rgba{tuple(got)} at ({x:g}, {y:g}), "
                                 f"not rgb{want} of {scene!r}")
        time.sleep(0.1)


def write_notebook(root: Path, games: list[str], filename: str, *, bot_game: str | None = None,
                   bots: dict[int, str] | None = None, agent_delay: float = 0.5,
                   hot_game: str | None = None) -> str:
    """A copy of ``games.ipynb`` whose parameter cell shows ``games`` (and a bot game, and a
    hot-seat game)."""
    notebook = json.loads((Path(__file__).parent / "notebooks" / "games.ipynb")
                          .read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if "".join(c["source"]).startswith("# parameters"))
    cell["source"] = [f"GAMES, SEED, BOT_GAME, BOTS, AGENT_DELAY, HOT_GAME = {games!r}, {SEED}, "
                      f"{bot_game!r}, {bots or {}!r}, {agent_delay!r}, {hot_game!r}\n",
                      f"OPENINGS = {OPENINGS!r}"]
    (root / filename).write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return filename


# --- the page -----------------------------------------------------------------------------------
READY_JS = """() => {
  const nb = window.jupyterapp?.shell?.currentWidget;
  const kernel = nb?.sessionContext?.session?.kernel;
  return !!(nb && nb.content && kernel && kernel.status === 'idle' && nb.context.isReady);
}"""


# Whether every cell of the notebook in front has run (none shows "[*]:", running or queued).
ALL_RUN_JS = """() => !Array.from(document.querySelectorAll('.jp-InputPrompt'))
  .some(prompt => prompt.textContent.includes('*'))"""


def open_lab_notebook(page: Any, server: Any, filename: str, tags: list[str]) -> None:
    """Open a notebook in JupyterLab, run all its cells and wait for the widgets' canvases.

    The server exposes the app in the page (``--LabApp.expose_app_in_browser``), so the
    test runs the cells with the same command the Run menu uses, once the kernel is idle.
    A page whose widgets do not all come is opened once more, its kernel restarted
    (``once_more_after_a_hang``).
    """
    said: list[str] = []  # the page's errors and warnings, for a failure's message
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}"[:400])
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda err: said.append(f"page error: {err}"[:400]))

    def bring_up() -> None:
        del said[:]
        page.goto(f"{server.url}/lab/tree/{filename}?token={server.token}&reset")
        page.wait_for_function(READY_JS, timeout=90_000)
        dialog = page.locator(".jp-Dialog .jp-mod-accept")
        if dialog.count():
            dialog.first.click()
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        try:
            for tag in tags:  # (a cell of many widgets in a fresh clone's cold kernel: CI
                wait_for_board(page, tag, timeout=180.0)  # once ran past 90 s to its last)
        except AssertionError as failure:
            shown = "\n".join(said[:12]) or "(none)"
            raise AssertionError(f"{failure}\nthe page's first errors and warnings:\n{shown}\n"
                                 f"{hang_account(page)}") from failure

    once_more_after_a_hang(page, bring_up, filename)


class RetriedHang(UserWarning):
    """A notebook page that did not come up (a widget that never came, cells that did not
    finish) and was brought up once more. Seen now and then in CI on pages of many widgets
    while the kernel's queue to the server dropped messages past 1,000
    (``tabletop.widgets.iopub``); none is expected since, so one that comes has another
    cause, and it is written whole to ``artifacts/hangs.txt``."""


def record_hang(told: str) -> None:
    """Write ``told`` (a page brought up once more, and why) to ``artifacts/hangs.txt`` and
    warn with it (``RetriedHang``)."""
    from servers import ARTIFACTS  # (not at the top: the tests' kernels import this module)

    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "hangs.txt").open("a", encoding="utf-8") as hangs:
        hangs.write(f"{told}\n\n")
    warnings.warn(told, RetriedHang, stacklevel=3)


# Restarts the kernel of the notebook in front (for a page brought up once more).
RESTART_JS = """async () => {
  await window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart();
}"""


def once_more_after_a_hang(page: Any, bring_up: Callable[[], None], what: str) -> None:
    """``bring_up()`` (open a notebook page, run its cells, wait for its widgets); if that
    fails, record why (``RetriedHang``: a warning, and ``artifacts/hangs.txt``), restart the
    page's kernel and ``bring_up()`` once more. A second failure fails, telling both."""
    try:
        bring_up()
    except AssertionError as failure:
        told = f"{what} did not come up the first time:\n{failure}"
        record_hang(told)
        page.evaluate(RESTART_JS)
        try:
            bring_up()
        except AssertionError as again:
            raise AssertionError(f"{again}\n\nand before that, {told}") from again


#: Words of a server's log line about the kernel and its connection (Jupyter Server, at INFO,
#: when a page's connection drops and comes back: "Starting buffering", "Restoring
#: connection", "Replaying" or "Discarding" what it held).
KERNEL_WORDS = ("Kernel", "buffering", "Restoring connection", "Replaying", "Discarding")


def log_end(server: Any, lines: int = 12) -> str:
    """The last ``lines`` lines of ``server``'s log that say something (warnings, errors,
    the kernel and its connection), for a failure's message."""
    said = server.log.read_text(encoding="utf-8", errors="replace").splitlines()
    telling = [line for line in said if line.startswith(("[W", "[E", "[C"))
               or any(word in line for word in KERNEL_WORDS)]
    return "\n".join(telling[-lines:])


ERROR_OUTPUT = (".jp-RenderedText[data-mime-type='application/vnd.jupyter.error'], "
                ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")


def wait_for_board(page: Any, tag: str, timeout: float = 90.0) -> None:
    """Wait until the canvas is on the page and painted; fail at once on an error output."""
    deadline = time.monotonic() + timeout
    while not page.locator(canvas_css(tag)).count():
        errors = page.locator(ERROR_OUTPUT)
        if errors.count():
            raise AssertionError(f"the notebook failed:\n{errors.first.inner_text()[-2000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"no {tag} widget appeared")
        time.sleep(0.25)
    canvas = page.locator(canvas_css(tag)).first  # (a tree's, above the game it opened)
    canvas.scroll_into_view_if_needed()
    while painted_share(page, tag) < 0.5:
        if time.monotonic() > deadline:
            share = painted_share(page, tag)
            raise AssertionError(f"the {tag} canvas stayed blank ({share:.0%} painted)")
        time.sleep(0.2)


def painted_share(page: Any, tag: str) -> float:
    """The share of the canvas's pixels that are painted (0 for a blank canvas)."""
    _, painted = page.locator(canvas_css(tag)).first.evaluate(SIGNATURE_JS)
    return float(painted)


def click_step(page: Any, tag: str, step: Step) -> float | None:
    """Make one click; returns the milliseconds until the canvas pixels changed (if they did)."""
    canvas = page.locator(canvas_css(tag))
    canvas.scroll_into_view_if_needed()
    canvas.evaluate(PROBE_JS)
    if step.point is not None:  # the canvas may be scaled: scene units -> CSS pixels
        box = canvas.bounding_box()
        k = box["width"] / step.width if box and step.width else 1.0
        canvas.click(position={"x": step.point[0] * k, "y": step.point[1] * k})
    else:
        button = page.locator(f"{widget_css(tag)} .tabletop-choice").nth(step.index)
        # the buttons of the last click's position may still be on screen: wait for this one's
        from playwright.sync_api import expect

        expect(button).to_have_text(step.label, timeout=5_000)
        button.click()
    try:
        page.wait_for_function("window.__ttProbe.t1 > 0", timeout=5_000)
    except Exception:  # a pick need not change the picture; the final move is checked apart
        return None
    return float(page.evaluate("window.__ttProbe.t1 - window.__ttProbe.t0"))


def changed_pixels(before: bytes, after: bytes) -> int:
    """How many pixels differ between two PNG screenshots of the same size."""
    from PIL import Image, ImageChops

    a = Image.open(io.BytesIO(before)).convert("RGB")
    b = Image.open(io.BytesIO(after)).convert("RGB")
    if a.size != b.size:
        return a.size[0] * a.size[1]
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 16 else 0)
    return int(sum(diff.histogram()[255:]))


# --- layout: every game and player count, mid-game -------------------------------------------
#: Each game with each player count it is played with.
CONFIGS = (("lacuna", 2), ("lascaux", 3), ("lascaux", 4), ("lascaux", 5), ("lava-flows", 2),
           ("landlock", 2), ("landlock", 4))


def config_tag(name: str, players: int) -> str:
    return f"{name}-{players}p"


#: How many moves make "mid-game" (Lascaux's first moves are the players' secret colours).
MID_GAME = {"lacuna": 6, "lascaux": 14, "lava-flows": 8, "landlock": 8}


def mid_game(name: str, players: int, moves: int | None = None) -> State:
    """A position a few moves into a game (the same in the notebook and in the test): the
    ``k``-th move plays a legal action picked by ``k``; ``moves`` of them (``MID_GAME``'s
    count by default)."""
    state = tabletop.load(name, players=players).new(seed=SEED, setup="random")
    for k in range(MID_GAME.get(name, 6) if moves is None else moves):
        actions = state.legal_actions()
        if state.is_terminal or not actions:
            break
        state = state.apply(actions[(3 * k + 1) % len(actions)])
    return state


def steps_to_buttons(state: State) -> list[Step] | None:
    """The first clicks of some move that bring choice buttons up, or ``None`` if none do."""
    inp = session_for(state).input
    if inp is None:
        return None
    for action in state.legal_actions():
        for path in inp.paths(action):
            session, steps = session_for(state), []
            for target in path[:-1]:
                scene = session.scene()
                if target not in scene.targets():
                    break
                try:
                    point = click_point(scene, target)
                except ValueError:
                    break
                steps.append(Step(target, point=point, width=scene.width))
                session.click(*point)
                if session.buttons():
                    return steps
            break
    return None


LAYOUT_CELL = """import sys

sys.path.insert(0, {here!r})
import tabletop
from IPython.display import HTML, display
from pages import config_tag, mid_game

widgets = {{}}
for name, players in {configs!r}:
    w = tabletop.play(mid_game(name, players), agent_delay=0)
    widgets[config_tag(name, players)] = w.add_class("under-test").add_class(
        f"game-{{config_tag(name, players)}}")
    display(w)
"""

LAYOUT_BOT_CELL = """state = mid_game({name!r}, {players!r})
bots = {{p: "mcts-weak" for p in range(state.game.players) if p != state.current_player}}
bot_widget = tabletop.play(state, bots=bots, agent_delay=0)
bot_widget.add_class("under-test").add_class("game-bots")
display(bot_widget)
display(HTML('<div style="height: 900px"></div>'))  # room to scroll the last widget up
"""


def write_layout_notebook(root: Path, filename: str, *, bot_config: tuple[str, int] | None,
                          configs: tuple[tuple[str, int], ...] = CONFIGS) -> str:
    """A notebook showing a mid-game widget for each of ``configs`` (tagged by
    ``config_tag``), and one of ``bot_config`` whose other seats are bots (tagged ``bots``)."""
    here = str(Path(__file__).resolve().parent)
    cells = [LAYOUT_CELL.format(here=here, configs=configs)]
    if bot_config is not None:
        cells.append(LAYOUT_BOT_CELL.format(name=bot_config[0], players=bot_config[1]))
    return code_notebook(root, filename, cells)


# Boxes ([left, top, right, bottom], CSS px) of a widget's parts, and of the visible area
# around it: the nearest scrolling ancestor (JupyterLab's notebook), else the window (Voilà).
BOXES_JS = """sel => {
  const root = document.querySelector(sel);
  const box = e => { if (!e) return null; const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  const parts = {widget: root, canvas: 'canvas.tabletop-canvas', side: '.tt-side',
    turn: '.tabletop-turn', message: '.tabletop-message', controls: '.tt-controls',
    timeline: '.tabletop-timeline', seats: '.tabletop-seats', thinking: '.tabletop-thinking'};
  const out = {};
  for (const [k, s] of Object.entries(parts))
    out[k] = box(typeof s === 'string' ? root.querySelector(s) : s);
  let e = root.parentElement;
  while (e && !(['auto', 'scroll'].includes(getComputedStyle(e).overflowY)
                && e.scrollHeight > e.clientHeight)) e = e.parentElement;
  out.area = e && e !== document.documentElement && e !== document.body ? box(e)
    : [0, 0, window.innerWidth, window.innerHeight];
  return out;
}"""

# Put the widget's top at the top of the visible area.
TO_TOP_JS = "sel => document.querySelector(sel).scrollIntoView({block: 'start'})"

# Elements of the widget whose content is wider than their box (a clipped or sideways
# scrolling column, a word too long for its cell), as "class tag scrollWidth>clientWidth".
OVERFLOW_JS = """sel => {
  const root = document.querySelector(sel);
  const bad = [];
  for (const e of [root, ...root.querySelectorAll('.tt-main, .tt-side, .tt-side *')]) {
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
      bad.push(`${e.className || e.tagName} ${e.tagName} ${e.scrollWidth}>${e.clientWidth}`);
  }
  return bad;
}"""

# Names and numbers in the score tables that take more than one line: every text of a
# player's column (rows' labels and details are prose, which may wrap between words).
BROKEN_LINES_JS = """sel => {
  const root = document.querySelector(sel);
  const bad = [];
  for (const cell of root.querySelectorAll('.tt-scores td, .tt-scores th')) {
    if (cell.closest('tr.tt-detail') || cell === cell.parentElement.firstElementChild) continue;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
      if (tops.size > 1) bad.push(t.textContent);
    }
  }
  return bad;
}"""

# Every shown control of the widget that a box around it clips (an ancestor that hides or
# scrolls its overflow, and the control reaching past it), that lies outside the widget, or
# whose text is cut off inside it: "what text: why".
CLIPPED_JS = """sel => {
  const root = document.querySelector(sel);
  const rb = root.getBoundingClientRect();
  const bad = [];
  for (const e of root.querySelectorAll('button, select, input, .widget-slider, canvas')) {
    const b = e.getBoundingClientRect();
    if (e.offsetParent === null || b.width === 0) continue;
    const name = `${e.tagName} ${(e.innerText || e.title || '').trim().slice(0, 30)}`;
    if (b.left < rb.left - 1 || b.right > rb.right + 1 || b.top < rb.top - 1
        || b.bottom > rb.bottom + 1) bad.push(`${name}: outside the widget`);
    if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1)
      bad.push(`${name}: text cut off (${e.scrollWidth}>${e.clientWidth})`);
    for (let a = e.parentElement; a && a !== root.parentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const ab = a.getBoundingClientRect();
      if (b.left < ab.left - 1 || b.right > ab.right + 1 || b.top < ab.top - 1
          || b.bottom > ab.bottom + 1) { bad.push(`${name}: clipped by ${a.className}`); break; }
    }
  }
  return bad;
}"""


def boxes(page: Any, tag: str) -> dict[str, list[float] | None]:
    """The boxes of the widget ``tag``'s parts and of the visible area (``BOXES_JS``)."""
    return dict(page.evaluate(BOXES_JS, widget_css(tag)))


def code_notebook(root: Path, filename: str, cells: list[str]) -> str:
    """Write a notebook of the code ``cells`` (not run) as ``root / filename``; its name."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                           "outputs": [], "source": c.splitlines(keepends=True)} for c in cells],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (root / filename).write_text(json.dumps(notebook), encoding="utf-8")
    return filename


# Awaits ``promise`` at most ``seconds``: ``{late: false, value}``, or ``{late: true}`` (an awaited
# promise that never settles would hold the run: ``evaluate`` has no timeout of its own).
WITHIN_JS = """const within = async (promise, seconds) => {
    let timer;
    const late = new Promise(done => { timer = setTimeout(done, seconds * 1000, {late: true}); });
    try {
      return await Promise.race([promise.then(value => ({late: false, value})), late]);
    } finally {
      clearTimeout(timer);
    }
  };"""

# Runs code in the notebook's kernel (as a cell would, without one): ``{late, out}``, what it
# printed, and whether it had not finished within the given seconds.
KERNEL_JS = """async ([code, seconds]) => {
  """ + WITHIN_JS + """
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let out = '';
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = msg => {
    if (msg.content.text) out += msg.content.text;
    if (msg.content.ename) out += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  return {late: (await within(future.done, seconds)).late, out};
}"""

# Interrupts the kernel of the notebook in front (not awaited: a hung server would hold it).
INTERRUPT_JS = """() => {
  window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.interrupt()
    .catch(() => null);
}"""

# Runs a JupyterLab command (on the cell ``index`` of the notebook in front, if not null) and
# waits for it to finish (for a cell, until the kernel has run it): whether it was late.
COMMAND_JS = """async ([command, index, seconds]) => {
  """ + WITHIN_JS + """
  if (index !== null) window.jupyterapp.shell.currentWidget.content.activeCellIndex = index;
  return (await within(window.jupyterapp.commands.execute(command), seconds)).late;
}"""

# The notebook in front as the page shows it: its kernel's status, each code cell's prompt
# ("[*]:" while it runs or waits to) and the end of the output of the first cell not done.
NOTEBOOK_JS = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const status = nb.sessionContext.session?.kernel?.status ?? 'no kernel';
  const cells = nb.content.widgets.filter(c => c.model.type === 'code');
  const prompts = cells.map(c => c.node.querySelector('.jp-InputPrompt')?.textContent.trim());
  const waiting = cells.find(c => c.node.querySelector('.jp-InputPrompt')?.textContent
                             .includes('*'));
  const output = waiting?.node.querySelector('.jp-OutputArea')?.innerText.slice(-400) ?? '';
  return `its kernel is ${status}; the cells' prompts: ${prompts.join(' ')}`
         + (waiting ? `; the first not done shows ${JSON.stringify(output)}` : '');
}"""

#: How long ``run_in_kernel`` and ``run_command`` wait for the kernel (a hang guard, seconds).
KERNEL_GUARD = 180.0


def hang_account(page: Any) -> str:
    """What a page that waited too long for its kernel says, for a failure's message: the
    notebook's kernel and cells, the end of its server's log and where the kernels are."""
    from servers import server_of  # (not at the top: the tests' kernels import this module)

    server = server_of(page.url)
    try:
        notebook = str(page.evaluate(NOTEBOOK_JS))
    except Exception as failure:  # noqa: BLE001 - the account must not hide the failure
        notebook = f"(the page did not answer: {failure})"
    return (f"the notebook: {notebook}\nthe server's log ends:\n{log_end(server)}\n"
            f"the kernels now:\n{server.kernel_stacks()}")


def run_in_kernel(page: Any, code: str, seconds: float = KERNEL_GUARD) -> str:
    """Run ``code`` in the kernel of the notebook open in ``page``; what it printed. Fails,
    interrupting the kernel, if it has not finished after ``seconds``."""
    ran = page.evaluate(KERNEL_JS, [code, seconds])
    if ran["late"]:
        account = hang_account(page)
        page.evaluate(INTERRUPT_JS)
        raise AssertionError(f"the kernel did not finish within {seconds:g} s (interrupted); "
                             f"it printed {ran['out'][-300:]!r}\n{account}")
    return str(ran["out"])


def run_command(page: Any, command: str, cell: int | None = None,
                seconds: float = KERNEL_GUARD) -> None:
    """Run JupyterLab's ``command`` (``"notebook:run-cell"``, ``"docmanager:save"``...), on
    the notebook's cell number ``cell`` if given, and wait until it has finished; fails if it
    has not after ``seconds``."""
    if page.evaluate(COMMAND_JS, [command, cell, seconds]):
        raise AssertionError(f"{command} did not finish within {seconds:g} s\n"
                             f"{hang_account(page)}")
