"""Sphinx configuration: MyST pages, the notebooks (with their stored outputs), the API."""

import re
import shutil
from pathlib import Path
from typing import Any

DOCS = Path(__file__).parent
ROOT = DOCS.parent

# The notebooks live in notebooks/ (where nbval runs them); the site shows a copy, whose
# links to docs pages (the rules, the adapters) are rewritten from the repository's layout
# (../docs/x.md) to the site's (../x.md).
shutil.rmtree(DOCS / "notebooks", ignore_errors=True)
(DOCS / "notebooks").mkdir()
for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
    text = notebook.read_text(encoding="utf-8").replace("../docs/", "../")
    (DOCS / "notebooks" / notebook.name).write_text(text, encoding="utf-8")

project = "tabletop"
author = "the tabletop developers"
copyright = "2026, the tabletop developers"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**/.ipynb_checkpoints"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Notebooks are executed and their outputs checked by `pytest --nbval`; the site shows the
# stored outputs rather than running them again.
nb_execution_mode = "off"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}

html_theme = "alabaster"
html_title = "tabletop"

# Every notebook's page opens the same notebook on Binder, as the README's badge opens the first.
BINDER = "https://mybinder.org/v2/gh/tabletop-games/tabletop/main"
templates_path = ["_templates"]
html_context = {"binder": BINDER}

# viewcode links each highlighted source back to where its objects are documented, but keeps
# one module path per source file: an object documented as ``tabletop.core.ids.ActionSpace``
# is linked as ``api.html#tabletop.ActionSpace`` when some name from the same file (an
# inherited ``State`` method) was documented as ``tabletop.…`` first, and the [docs] link
# lands at the top of the page. Point each such link at the object's documented anchor.
BACKLINK = re.compile(r'(<div class="viewcode-block" id="([^"]+)">\s*<a class="viewcode-back"'
                      r' href=")([^"#]*)#([^"]*)"')


def _fix_backlinks(app: Any, pagename: str, templatename: str, context: dict[str, Any],
                   doctree: Any) -> None:
    if not pagename.startswith("_modules/") or "body" not in context:
        return
    objects = app.env.get_domain("py").objects
    module = pagename.removeprefix("_modules/").replace("/", ".")

    def relink(match: re.Match[str]) -> str:
        start, name, page, anchor = match.groups()
        if anchor in objects:
            return match.group(0)
        entry = objects.get(f"{module}.{name}")
        if entry is None:
            return match.group(0)
        uri = app.builder.get_relative_uri(pagename, entry.docname)
        return f'{start}{uri}#{entry.node_id}"'

    context["body"] = BACKLINK.sub(relink, context["body"])


def setup(app: Any) -> None:
    app.connect("html-page-context", _fix_backlinks)
