"""The HTML of the widget's side panel: whose turn, message, scores, move log, and its CSS.

Pure functions of what a ``Session`` says, so they are tested without a browser.

>>> turn_html("Lava", "human", colour=PALETTE[0])   # doctest: +ELLIPSIS
'<div class="tt-turn">...Lava</b> to move <span class="tt-seat">human</span></div>'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ..agents.analysis import same_value, shallow_text, untold_text
from ..core.breakdown import Breakdown
from ..core.names import SHOWN, fit
from ..core.outcome import number_text
from ..core.quoting import counted
from .layout import BOARD_HEIGHT, BOARD_MIN, GAP, SIDE_WIDTH

#: Player colours for the dots beside names (player ``i`` gets ``PALETTE[i % len]``), where a
#: game declares none of its own (``Game.player_colours``).
PALETTE = ("#e4572e", "#2e86ab", "#76b041", "#a259c6", "#f2a541", "#5d576b")


def player_colours(declared: Sequence[str], players: int) -> tuple[str, ...]:
    """The dot colour of each player: the game's own (its pieces'), else the palette's.

    >>> player_colours((), 3)
    ('#e4572e', '#2e86ab', '#76b041')
    >>> player_colours(("#d4af37", "#c8ccd0"), 2)
    ('#d4af37', '#c8ccd0')
    """
    colours = tuple(declared) if len(declared) >= players else PALETTE
    return tuple(colours[p % len(colours)] for p in range(players))


#: The side panel's colours in a light and a dark notebook theme, as CSS custom properties:
#: ``ink`` (text), ``muted`` (secondary text), ``error``/``done`` (messages) reach WCAG's 4.5:1
#: on ``page`` (the notebook's background), ``panel`` (the turn line) and ``now`` (the move on
#: show in the log); ``line`` draws borders; ``focus`` rings the control that has the keyboard's
#: focus (3:1 at least on every background: WCAG's contrast for what is not text). The dark
#: set applies when JupyterLab (or VS Code) shows a dark theme, so no text is drawn dark on
#: dark or light on light.
THEMES: dict[str, dict[str, str]] = {
    "light": {"ink": "#1f2430", "muted": "#5c6170", "error": "#b42318", "done": "#1a6e34",
              "page": "#ffffff", "panel": "#f3f4f8", "now": "#fff4cc", "line": "#e6e8ef",
              "focus": "#1a5fb4"},
    "dark": {"ink": "#e6e8ef", "muted": "#b8bdca", "error": "#ff9b8f", "done": "#6fd08c",
             "page": "#111111", "panel": "#262b36", "now": "#4a3c00", "line": "#3a4050",
             "focus": "#8cc4ff"},
}
#: Where the dark set applies: JupyterLab's and Voilà's dark themes, VS Code's dark themes.
DARK_SELECTORS = ('body[data-jp-theme-light="false"] .tabletop-game',
                  "body.vscode-dark .tabletop-game", "body.vscode-high-contrast .tabletop-game")
#: Buttons whose ipywidgets style colours put white text on a light colour (3.5:1 and 2.1:1):
#: darker shades of the same hues, the same in every theme.
BUTTONS = {"tabletop-bot-move": "#00747f", "tabletop-confirm": "#8a5000"}


def _variables(theme: dict[str, str]) -> str:
    return " ".join(f"--tt-{k}: {v};" for k, v in theme.items())


def theme_css() -> str:
    """The CSS rules that set the ``--tt-*`` colours (light, then dark under a dark theme)
    and the buttons' own colours."""
    buttons = "".join(f".tabletop-game .{cls}.jupyter-button {{ background-color: {bg}; "
                      "color: #ffffff; }\n" for cls, bg in BUTTONS.items())
    return (f".tabletop-game {{ {_variables(THEMES['light'])} }}\n"
            f"{', '.join(DARK_SELECTORS)} {{ {_variables(THEMES['dark'])} }}\n{buttons}")


def wrapped_css() -> str:
    """The side panel's height once it wraps below the board (a row narrower than
    ``BOARD_MIN + GAP + SIDE_WIDTH``: a phone held upright): ``BOARD_HEIGHT``, as beside a
    full board, rather than the short window's ``layout.row_height()``, so that the score,
    the move log and the bots' panel each keep a readable share (the page scrolls to the
    panel there in any case). A container query on the row, CSS only.

    >>> print(wrapped_css().splitlines()[1])
    @container (max-width: 641px) {
    """
    return (".tabletop-game .tt-main { container-type: inline-size; }\n"
            f"@container (max-width: {BOARD_MIN + GAP + SIDE_WIDTH - 1}px) {{\n"
            f"  .tabletop-game .tt-side {{ height: {BOARD_HEIGHT}px !important; }} }}\n")


#: The widget's looks; its sizes are set through ipywidgets layouts (``widgets/layout.py``).
CSS = "\n<style>\n" + theme_css() + wrapped_css() + """\
.tabletop-game :focus-visible, .tabletop-game .widget-text input:focus {
  outline: 2px solid var(--tt-focus) !important; outline-offset: 1px; }
.tabletop-game { font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--tt-ink); gap: 8px; width: 100%; max-width: 100%; overflow: visible; }
.tabletop-game .widget-html-content, .tabletop-game .widget-label { color: var(--tt-ink); }
.tabletop-game .tt-main { gap: 12px; align-items: flex-start; flex-wrap: wrap;
  overflow: visible; }
.tabletop-game .tabletop-board { min-width: 0; overflow: visible; }
.tabletop-game .tabletop-canvas { border-radius: 10px; box-shadow: 0 2px 10px rgba(31, 36, 48, .18);
  display: block; outline: none; }
.tabletop-game .tt-side { gap: 6px; overflow: hidden; }
.tabletop-game .tt-side > * { flex: none; width: auto; margin: 0; }
.tabletop-game .widget-html, .tabletop-game .widget-html-content { width: auto; min-width: 0;
  margin: 0; }
.tabletop-game .widget-html-content { line-height: 1.35; }
.tabletop-game .tt-turn { font-size: 15px; padding: 6px 10px; border-radius: 8px;
  background: var(--tt-panel); white-space: normal; overflow-wrap: anywhere; }
.tabletop-game .tt-dot { display: inline-block; width: 11px; height: 11px;
  border-radius: 50%; margin-right: 6px; vertical-align: baseline;
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.35); }
.tabletop-game .tt-seat { font-size: 12px; color: var(--tt-muted); margin-left: 4px; }
.tabletop-game .tt-msg { font-size: 13px; padding: 2px 4px; line-height: 1.35; }
.tabletop-game .tt-msg.error { color: var(--tt-error); }
.tabletop-game .tt-msg.done { color: var(--tt-done); }
.tabletop-game .tt-msg.hint, .tabletop-game .tt-hint { color: var(--tt-muted); }
.tabletop-game .tabletop-message { overflow-y: auto; overflow-x: hidden; }
.tabletop-game .tt-controls { overflow: hidden; align-content: flex-start;
  align-items: flex-start; flex-wrap: wrap; gap: 4px; }
.tabletop-game .tt-controls .jupyter-button { height: 28px; padding: 0 8px; font-size: 12px;
  margin: 0; }
.tabletop-game .tt-details { flex: 1 1 0; min-height: 0; gap: 4px; overflow: hidden; }
.tabletop-game .tt-section { position: relative; overflow: visible; flex: none; }
.tabletop-game .tt-section > .widget-html { flex: 1 1 auto; }
.tabletop-game .tt-fold { position: absolute; top: 2px; right: 0; height: 20px; width: auto;
  padding: 0 6px; font-size: 11px; line-height: 20px; margin: 0; }
.tabletop-game .tt-section.tt-scrolls { flex: 0 1 auto; min-height: 0; max-height: 55%;
  overflow-y: auto; overflow-x: hidden; }
.tabletop-game .tt-folded .tt-scores { display: none; }
.tabletop-game .tt-section.tt-scrolls.tt-folded { flex-shrink: 0; }
.tabletop-game .tabletop-thinking.tt-folded { max-height: 1.6em; overflow: hidden; }
.tabletop-game .tabletop-thinking table { border-collapse: collapse; font-size: 12px; }
.tabletop-game .tabletop-thinking td, .tabletop-game .tabletop-thinking th { padding: 1px 6px;
  text-align: right; white-space: nowrap; }
.tabletop-game .tabletop-thinking td:first-child, .tabletop-game .tabletop-thinking th:first-child
  { text-align: left; white-space: normal; }
.tabletop-game .tt-scores table { border-collapse: collapse; font-size: 12px; width: 100%; }
.tabletop-game .tt-scores td, .tabletop-game .tt-scores th { padding: 1px 5px;
  border-bottom: 1px solid var(--tt-line); text-align: right; white-space: nowrap;
  vertical-align: bottom; }
.tabletop-game .tt-scores td:first-child, .tabletop-game .tt-scores th:first-child {
  text-align: left; white-space: normal; padding-left: 0; }
.tabletop-game .tt-scores th { font-weight: 600; }
.tabletop-game .tt-scores th small { display: block; font-weight: 400; color: var(--tt-muted); }
.tabletop-game .tt-scores tr.tt-detail td { font-size: 11px; color: var(--tt-muted);
  text-align: left; white-space: normal; padding: 0 0 2px 10px; }
.tabletop-game .tt-scores p { font-size: 11px; color: var(--tt-muted); margin: 3px 0; }
.tabletop-game .tt-total { font-size: 14px; margin-bottom: 2px; }
.tabletop-game .tt-total > span { white-space: nowrap; }
.tabletop-game .tt-rtl select { direction: rtl; }
.tabletop-game .tt-heading { font-size: 11px; letter-spacing: .06em; text-transform: uppercase;
  color: var(--tt-muted); margin: 4px 0 2px; line-height: 20px; }
.tabletop-game .tabletop-log { flex: 1 1 0; min-height: 72px; }
.tabletop-game .tabletop-log > .widget-html-content { display: flex; flex-direction: column;
  height: 100%; }
.tabletop-game .tt-log { display: flex; flex-direction: column-reverse; flex: 1 1 0;
  min-height: 0; overflow-y: auto; overflow-x: hidden; border: 1px solid var(--tt-line);
  border-radius: 8px; padding: 4px 0; }
.tabletop-game .tt-log ol { margin: 0; padding-left: 34px; font-size: 13px; }
.tabletop-game .tt-log li { overflow-wrap: anywhere; }
.tabletop-game .tt-log li.now { font-weight: 600; background: var(--tt-now); }
.tabletop-game .tt-log li.later { color: var(--tt-muted); font-style: italic; }
.tabletop-game .tt-empty { color: var(--tt-muted); font-size: 12px; padding: 2px 8px; }
.tabletop-game .tt-bar { gap: 4px; align-items: center; flex-wrap: wrap; overflow: visible; }
.tabletop-game .tt-choices { flex-wrap: wrap; gap: 4px; overflow: visible; }
</style>
"""


def dot(colour: str) -> str:
    return f'<span class="tt-dot" style="background:{colour}"></span>'


def turn_html(name: str | None, seat: str, *, colour: str = "#888",
              result: str | None = None, status: str = "") -> str:
    """Whose turn it is (and who plays the seat), or the result once the game is over.

    ``status`` ``"thinking"`` says the seat's bot is searching now, ``"paused"`` that bots
    wait for the Pause toggle to be released.

    >>> turn_html("Lava", "mcts", status="thinking")   # doctest: +ELLIPSIS
    '<div class="tt-turn tt-thinking">...<b>Lava</b> (mcts) is thinking…</div>'
    """
    if result is not None:  # (the line wraps: a long bot's name never hides "is thinking…",
        # "paused" or the final score)
        return f'<div class="tt-turn tt-over"><b>Game over</b> · {escape(result)}</div>'
    who = f"{dot(colour)}<b>{escape(name or '')}</b>"
    if status == "thinking":
        return f'<div class="tt-turn tt-thinking">{who} ({escape(seat)}) is thinking…</div>'
    paused = ' · <i class="tt-paused">paused</i>' if status == "paused" else ""
    return (f'<div class="tt-turn">{who} to move '
            f'<span class="tt-seat">{escape(seat)}</span>{paused}</div>')


#: About what the message line's least three lines hold, in characters: a longer message
#: grows its region (``layout.message_region``), and shows whole in its tooltip too (for
#: the rare one longer than that region can grow, which scrolls there).
MESSAGE_ROOM = 120


def as_sentence(text: str) -> str:
    """``text`` (a game's hint, written to follow a colon) as a sentence of its own: a
    capital first letter and a final stop; ``""`` stays empty.

    >>> as_sentence("click a cell"), as_sentence("Done."), as_sentence("")
    ('Click a cell.', 'Done.', '')
    """
    if not text:
        return ""
    return f"{text[:1].upper()}{text[1:]}{'' if text.endswith(('.', '!', '?')) else '.'}"


def message_html(text: str, kind: str = "info", hint: str = "") -> str:
    """The message line; ``hint`` (what a click does now) follows a move's news, greyed,
    as a sentence of its own. A line that is only a hint (``kind`` ``"hint"``) reads as
    the same sentence.

    >>> message_html("Done.", "done", "click a cell")
    '<div class="tt-msg done">Done. <span class="tt-hint">Click a cell.</span></div>'
    >>> message_html("click a cell", "hint")
    '<div class="tt-msg hint">Click a cell.</div>'
    """
    if kind == "hint":
        text = as_sentence(text)
    sentence = as_sentence(hint)
    after = f' <span class="tt-hint">{escape(sentence)}</span>' if hint else ""
    whole = f"{text} {sentence}".strip()
    title = f' title="{escape(whole)}"' if len(whole) > MESSAGE_ROOM else ""
    return f'<div class="tt-msg {escape(kind)}"{title}>{escape(text)}{after}</div>'


def scores_html(names: Sequence[str], scoreboard: tuple[tuple[float, ...], Breakdown] | None,
                colours: Sequence[str] = PALETTE) -> str:
    """The scores and where they come from (``breakdown_table``, shown when unfolded)."""
    head = '<div class="tt-heading">Score</div>'
    if scoreboard is None:
        return (f'{head}<div class="tt-empty">hidden in this view until the end (scores can '
                'depend on secrets)</div>')
    scores, breakdown = scoreboard
    total = " · ".join(f"<span>{dot(colours[i % len(colours)])}{escape(n)} <b>{number_text(s)}</b>"
                       "</span>" for i, (n, s) in enumerate(zip(names, scores, strict=False)))
    return (f'{head}<div class="tt-total">{total}</div>'
            f'<div class="tt-scores">{breakdown_table(breakdown)}</div>')


def breakdown_table(breakdown: Breakdown) -> str:
    """A score breakdown narrow enough for the side panel: a column per player (a role in
    brackets goes on a line of its own), and each row's detail on a line below it.

    >>> from tabletop.core.breakdown import Row
    >>> html = breakdown_table(Breakdown(("North (Land)",), (Row("ponds", (4,), "1 at I8"),)))
    >>> html[:64]
    '<table><tr><th></th><th>North<small>(Land)</small></th></tr><tr>'
    >>> '<tr class="tt-detail"><td colspan="2">1 at I8</td></tr>' in html
    True
    """
    head = "".join(f"<th>{_player(p)}</th>" for p in breakdown.players)
    span = len(breakdown.players) + 1
    body = []
    for row in breakdown.rows:
        cells = "".join(f"<td>{number_text(v)}</td>" for v in row.points)
        body.append(f"<tr><td>{escape(row.label)}</td>{cells}</tr>")
        if row.detail:
            body.append(f'<tr class="tt-detail"><td colspan="{span}">{escape(row.detail)}'
                        "</td></tr>")
    totals = "".join(f"<td><b>{number_text(v)}</b></td>" for v in breakdown.totals)
    notes = "".join(f"<p>{escape(n)}</p>" for n in breakdown.notes)
    return (f"<table><tr><th></th>{head}</tr>{''.join(body)}"
            f"<tr><td><b>total</b></td>{totals}</tr></table>{notes}")


def _player(label: str) -> str:
    """A player's column heading: ``"North (Land)"`` puts its role on a line of its own."""
    name, bracket, role = label.partition(" (")
    if not bracket or not role.endswith(")"):
        return escape(label)
    return f"{escape(name)}<small>({escape(role)}</small>"


def thinking_html(thinking: dict[str, Any] | None, who: str = "") -> str:
    """The agent's last search: its choice and the top candidates with visits and values.

    ``thinking`` is what ``Session.thinking()`` lets the viewer see: when it is marked
    ``hidden`` the panel says only that the bot (of player ``who``) thought; when it is
    marked ``shallow`` the panel says the search was too shallow to rank the moves; when
    every candidate shown has the same value, that the search could not tell them apart.

    >>> thinking_html({"agent": "mcts", "hidden": True}, "Marcel")   # doctest: +ELLIPSIS
    '...Marcel (mcts) chose in secret, or from what only it knows: its thinking shows in the
    full-state view, and here once the game is over.</div>'
    """
    if not thinking:
        return ""
    head = '<div class="tt-heading">What the bot was thinking</div>'
    agent = escape(fit(str(thinking.get("agent", "bot")), SHOWN))  # (a long name cut short)
    if thinking.get("hidden"):
        chooser = f"{escape(who)} ({agent})" if who else agent
        return (f'{head}<div class="tt-empty">{chooser} chose in secret, or from what only it '
                'knows: its thinking shows in the full-state view, and here once the game is '
                'over.</div>')
    candidates = thinking.get("candidates", ())
    choice = escape(str(thinking.get("choice", "")))
    if thinking.get("iterations") == 0 and len(candidates) <= 1:  # nothing to weigh
        return (f'{head}<div class="tt-empty">{agent} played <b>{choice}</b>, the only legal '
                'move: there was nothing to search.</div>')
    rows = "".join(
        f"<tr><td>{escape(str(c['action']))}</td><td>{c['visits']}</td>"
        f"<td>{c['value']:.2f}</td></tr>" for c in candidates)
    shallow = ""
    if thinking.get("shallow") is True:
        most = max((c["visits"] for c in candidates), default=0)
        shallow = f'<div class="tt-empty">{escape(shallow_text(most))}</div>'
    elif (same := same_value([float(c["value"]) for c in candidates])) is not None:
        shallow = f'<div class="tt-empty">{escape(untold_text(same))}</div>'
    iterations = thinking.get("iterations")
    after = f" after {counted(iterations, 'iteration')}" if type(iterations) is int else ""
    return (f'{head}<div class="tt-empty">{agent} chose <b>{choice}</b>{after}.</div>{shallow}'
            f'<table><tr><th>move</th><th>visits</th><th>value</th></tr>{rows}</table>')


def log_html(moves: Sequence[str] | None, actors: Sequence[str], ply: int) -> str:
    """The move log: moves up to ``ply`` played, the rest of the line greyed."""
    head = '<div class="tt-heading">Moves</div>'
    if moves is None:
        return f'{head}<div class="tt-log"><div class="tt-empty">hidden until the next ' \
               'player takes the seat</div></div>'
    if not moves:
        return f'{head}<div class="tt-log"><div class="tt-empty">no moves yet</div></div>'
    items = []
    for i, move in enumerate(moves):
        cls = "now" if i == ply - 1 else ("later" if i >= ply else "")
        who = escape(actors[i]) if i < len(actors) else ""
        items.append(f'<li class="{cls}"><span class="tt-seat">{who}</span> '
                     f'<span class="tt-move">{escape(move)}</span></li>')
    return f'{head}<div class="tt-log"><div><ol>{"".join(items)}</ol></div></div>'
