"""The static picture a widget leaves in a notebook's output, for viewers without its kernel.

A stored widget view draws nothing without the kernel that made it (JupyterLab and Notebook 7
say "Error displaying widget: model not found", or rebuild the widget from saved widget state,
its board from the still under the canvas; nbconvert and myst-nb render the view first).
So a widget's output bundle also carries its picture twice: as ``image/svg+xml``, and as
``text/html`` holding an ``<img>`` of the same SVG, because an untrusted notebook (any notebook
a user did not run themselves) shows only sanitized HTML or plain text, never SVG
(``img_html``). The committed notebooks keep the picture and drop the view
(``notebooks/refresh.py``).
"""

from __future__ import annotations

from typing import Any

from ..render.svg import img_html

SVG = "image/svg+xml"
HTML = "text/html"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def with_picture(bundle: dict[str, Any] | None, svg: str, alt: str) -> dict[str, Any] | None:
    """``bundle`` (a widget's output, or None when no frontend shows widgets) with its picture."""
    if bundle is not None:
        bundle[SVG] = svg
        bundle[HTML] = img_html(svg, alt)
    return bundle
