"""A strip to scroll a region by touch where a canvas fills it.

ipycanvas cancels every touch and wheel event on its canvas (a tap is a click: the browser
must neither scroll nor zoom), so a region that a canvas fills, the tree widget's, cannot be
swiped: on a phone or tablet its nodes beyond the first screen were out of reach. The strip
is a plain box in the region, kept at its visible right edge (``position: sticky``) and
shown only where the main pointer is a finger (``pointer: coarse``): a swipe, or a mouse
wheel, on it scrolls the region both ways.

>>> strip = swipe_strip(100)
>>> sorted(strip._dom_classes)
['tabletop-swipe']
>>> strip.children[0].value.startswith('<style>')
True
"""

from __future__ import annotations

import ipywidgets as w

#: The strip's width (CSS px): a finger's (WCAG 2.5.8's 24 px and a margin).
SWIPE_WIDTH = 28

CSS = f"""<style>
div.tabletop-swipe.tabletop-swipe {{ display: none; }}
@media (pointer: coarse) {{
  div.tabletop-swipe.tabletop-swipe {{
    display: block; position: sticky; top: 0; right: 0; flex: none;
    width: {SWIPE_WIDTH}px; touch-action: pan-x pan-y;
    background: repeating-linear-gradient(180deg, rgba(127, 127, 127, 0.10) 0 6px,
                                          rgba(127, 127, 127, 0.22) 6px 8px);
    border-left: 1px solid rgba(127, 127, 127, 0.35);
  }}
}}
</style>"""


def swipe_strip(height: int) -> w.Box:
    """The strip, ``height`` CSS px tall (the region's inner height), for a region's
    children after what it scrolls."""
    style = w.HTML(CSS, layout=w.Layout(display="none"))  # a <style> applies hidden
    strip = w.Box([style], layout=w.Layout(height=f"{height}px"))
    strip.add_class("tabletop-swipe")
    return strip
