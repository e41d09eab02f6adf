"""Sphinx configuration: MyST pages, the notebooks (with their stored outputs), the API."""

import shutil
from pathlib import Path

DOCS = Path(__file__).parent
ROOT = DOCS.parent

# The notebooks live in notebooks/ (where nbval runs them); the site shows a copy, whose
# links to the rules pages are rewritten from the repository's layout to the site's.
shutil.rmtree(DOCS / "notebooks", ignore_errors=True)
(DOCS / "notebooks").mkdir()
for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
    text = notebook.read_text(encoding="utf-8").replace("../docs/rules/", "../rules/")
    (DOCS / "notebooks" / notebook.name).write_text(text, encoding="utf-8")

project = "tabletop"
author = "the tabletop developers"
copyright = "2026, the tabletop developers"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
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
suppress_warnings = ["mystnb.unknown_mime_type"]
