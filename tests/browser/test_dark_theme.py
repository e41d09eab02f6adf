"""The widget is readable in JupyterLab's light and dark themes, and its controls have names.

Each game's widget is opened in JupyterLab with the theme set through the user settings
(``@jupyterlab/apputils-extension:themes``). In the page, every visible piece of text the
widget draws in HTML (side panel, controls, timeline, seats) is measured: its colour against
the colour behind it (the nearest ancestor with a background, else the page's) must reach
WCAG's 4.5:1 for text. Every button must have a name a screen reader reads (its text, or a
``title`` for an icon-only button). Screenshots: ``artifacts/theme-<theme>.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pages import code_notebook, open_lab_notebook, widget_css
from servers import Server

pytestmark = pytest.mark.browser

GAMES = ("lacuna", "lascaux", "lava-flows", "landlock")
#: The widgets on the page: each game after a move (Lacuna's with a refused move's message),
#: and a hot-seat game whose board is covered (its "Show my board" button on show).
SHOWN = (*GAMES, "hot")
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
#: WCAG 2's least contrast for body text.
LEAST = 4.5

CELLS = ["import tabletop", *(
    f"w_{i} = tabletop.play({name!r}, seed=3, agent_delay=0)\n"
    f"w_{i}.add_class('under-test').add_class('game-{name}')\n"
    f"w_{i}.play(w_{i}.state.legal_actions()[0])\n"
    f"display(w_{i})" for i, name in enumerate(GAMES)),
    "try:\n    w_0.play('nonsense')\nexcept Exception:\n    pass",
    "hot = tabletop.play('lava-flows', seed=3, hot_seat=True, agent_delay=0)\n"
    "hot.play(hot.state.legal_actions()[0])\n"
    "hot.add_class('under-test').add_class('game-hot')\ndisplay(hot)"]

#: Each visible text node's element: its text, colour, the background behind it (alpha
#: blended up the ancestors, onto the page's), and its contrast.
CONTRAST_JS = """root => {
  const parse = s => { const m = s.match(/[\\d.]+/g) || []; return m.map(Number); };
  const lum = ([r, g, b]) => { const f = v => { v /= 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, below) => { const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)); };
  const behind = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length && (c.length < 4 || c[3] > 0)) { layers.push(c);
        if (c.length < 4 || c[3] >= 1) break; } }
    let base = [255, 255, 255];
    const page = parse(getComputedStyle(document.body).backgroundColor);
    if (page.length && (page.length < 4 || page[3] > 0)) base = page.slice(0, 3);
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base; };
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim(); const el = n.parentElement;
    if (!text || !el) continue;
    const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden' || el.closest('style'))
      continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const bg = behind(el);
    const ink = parse(style.color);
    const fg = over([...ink.slice(0, 3), (ink[3] ?? 1) * opacity], bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const disabled = !!el.closest(':disabled, .mod-disabled');
    out.push({text: text.slice(0, 40), cls: el.className, fg: fg.map(Math.round),
              bg: bg.map(Math.round), ratio: (a + 0.05) / (b + 0.05), disabled});
  }
  return out;
}"""

#: Buttons without a name a screen reader could read (no text, no title, no aria-label).
NAMELESS_JS = """root => Array.from(root.querySelectorAll('button')).filter(b =>
  !b.textContent.trim() && !b.title && !b.getAttribute('aria-label')).map(b => b.outerHTML)"""


def set_theme(lab: Server, theme: str) -> None:
    """Choose JupyterLab's theme in the server's user settings (read when a page loads)."""
    settings = (lab.root.parent / "config" / "lab" / "user-settings" / "@jupyterlab"
                / "apputils-extension" / "themes.jupyterlab-settings")
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"theme": theme}), encoding="utf-8")


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_of_the_widget_is_readable_and_every_button_named(
        theme: str, lab: Server, browser: Any, artifacts: Path) -> None:
    set_theme(lab, THEMES[theme])
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, f"theme-{theme}.ipynb", CELLS)
        open_lab_notebook(page, lab, filename, list(SHOWN))
        page.wait_for_function(f"() => document.body.dataset.jpThemeName === {THEMES[theme]!r}")
        page.wait_for_timeout(800)
        faint, nameless = [], []
        for name in SHOWN:
            root = page.locator(widget_css(name))
            root.scroll_into_view_if_needed()
            for t in root.evaluate(CONTRAST_JS):
                if t["ratio"] < LEAST and not t["disabled"]:
                    faint.append(f"{name}: {t['text']!r} ({t['cls']}) rgb{tuple(t['fg'])} on "
                                 f"rgb{tuple(t['bg'])}: {t['ratio']:.2f}")
            nameless += [f"{name}: {b[:120]}" for b in root.evaluate(NAMELESS_JS)]
        for name in ("lacuna", "hot"):
            page.locator(widget_css(name)).scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"theme-{theme}-{name}.png"))
        said = page.locator(f"{widget_css('lacuna')} .tt-msg.error").inner_text()
        assert "nonsense" in said, said
        assert page.locator(f"{widget_css('hot')} .tabletop-confirm").is_visible()
        assert not faint, f"{len(faint)} texts under {LEAST}:1 in the {theme} theme:\n" + \
            "\n".join(faint[:40])
        assert not nameless, "buttons a screen reader can't name:\n" + "\n".join(nameless)
    finally:
        page.close()


#: The focused element: its tag, class and name, and whether focus shows: its outline, box
#: shadow, border or background differ from how it looks once it loses focus.
FOCUS_JS = """() => { const el = document.activeElement;
  const look = () => { const s = getComputedStyle(el);
    return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor,
            s.backgroundColor].join('|'); };
  const focused = look(); el.blur(); const plain = look(); el.focus();
  return {tag: el.tagName, cls: String(el.className),
          name: (el.title || el.placeholder || el.textContent || '').trim().slice(0, 30),
          ring: focused !== plain}; }"""


def test_a_move_is_typed_and_every_control_after_it_is_reached_by_tab_with_focus_shown(
        lab: Server, browser: Any, artifacts: Path) -> None:
    set_theme(lab, THEMES["light"])
    page = browser.new_page()
    try:
        filename = code_notebook(lab.root, "keyboard.ipynb", [
            "import tabletop\nw = tabletop.play('lacuna', seed=3, agent_delay=0)\n"
            "w.add_class('under-test').add_class('game-lacuna')\ndisplay(w)",
            "print(w.state.legal_actions()[0])"])
        open_lab_notebook(page, lab, filename, ["lacuna"])
        root = widget_css("lacuna")
        box = page.locator(f"{root} .tabletop-move-box input")
        box.focus()
        page.keyboard.type("aside red")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "sel => [...document.querySelectorAll(sel)].some(e => e.textContent === 'aside red')",
            arg=f"{root} .tt-move", timeout=15_000)
        assert box.input_value() == ""
        box.focus()
        reached = []
        for _ in range(12):
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS_JS)
            if not page.evaluate("sel => document.activeElement.closest(sel) !== null", root):
                break
            reached.append(focus)
        page.screenshot(path=str(artifacts / "keyboard-lacuna.png"))
        assert len(reached) >= 5, reached  # the timeline and seats bars, not only the box
        unseen = [f for f in reached if not f["ring"]]
        assert not unseen, f"focus not shown on {unseen}"
    finally:
        page.close()
