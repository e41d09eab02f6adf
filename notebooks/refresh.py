"""Re-execute the notebooks and store their outputs as every viewer can show them.

    python notebooks/refresh.py                        # every notebook here
    python notebooks/refresh.py notebooks/06-*.ipynb   # some of them

Each notebook runs top to bottom in a fresh ``python3`` kernel started in this folder (as
nbval runs it), then is written back with, for every widget output, its static picture and
not its widget view: a stored view draws nothing without the kernel that made it, while the
picture (``image/svg+xml`` plus the same SVG as an ``<img>`` in ``text/html``) shows in
JupyterLab, Notebook 7, nbconvert's HTML and the docs site before any cell runs. The saved
widget state and the cells' execution timestamps are dropped too, so that running this twice
changes nothing but what the code draws differently, and the kernel is named as JupyterLab
names it, so that opening a notebook does not mark it changed. Printed text that differs
from the stored text only where nbval's sanitizing rules (``sanitize.cfg``: memory
addresses, timings) say it may is kept as stored, so a re-run leaves no diff where nothing
changed, and git shows only what did.
"""

from __future__ import annotations

import configparser
import re
import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = ("image/svg+xml", "text/html")
SANITIZE = HERE / "sanitize.cfg"


def sanitizing_rules(path: Path = SANITIZE) -> list[tuple[re.Pattern[str], str]]:
    """The (regex, replacement) pairs of an nbval sanitize file, in its order."""
    config = configparser.ConfigParser(interpolation=None)
    config.read(path, encoding="utf-8")
    return [(re.compile(config[s]["regex"]), config[s]["replace"]) for s in config.sections()]


def _sanitized(text: object, rules: list[tuple[re.Pattern[str], str]]) -> object:
    if isinstance(text, list):
        text = "".join(text)
    if not isinstance(text, str):
        return text
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def keep_unchanged(old: nbformat.NotebookNode, new: nbformat.NotebookNode,
                   rules: list[tuple[re.Pattern[str], str]]) -> int:
    """In ``new`` (executed), the stored text of ``old`` back wherever a cell of the same id
    and source printed text that differs only where ``rules`` sanitize it (a timing, a
    memory address): nbval compares them as equal, so a diff there would say nothing.
    Returns how many outputs were kept."""
    before = {cell.get("id"): cell for cell in old.cells if cell.cell_type == "code"}
    kept = 0
    for cell in new.cells:
        was = before.get(cell.get("id"))
        if cell.cell_type != "code" or was is None or was.source != cell.source \
                or len(was.outputs) != len(cell.outputs):
            continue
        for stored, output in zip(was.outputs, cell.outputs, strict=True):
            if stored.output_type != output.output_type or stored.get("name") != \
                    output.get("name"):
                continue
            if "text" in output and stored.get("text") != output.text and \
                    _sanitized(stored.get("text"), rules) == _sanitized(output.text, rules):
                output.text = stored.text
                kept += 1
            data, was_data = output.get("data", {}), stored.get("data", {})
            if "text/plain" in data and was_data.get("text/plain") != data["text/plain"] \
                    and _sanitized(was_data.get("text/plain"), rules) \
                    == _sanitized(data["text/plain"], rules):
                data["text/plain"] = was_data["text/plain"]
                kept += 1
    return kept


def store_pictures(notebook: nbformat.NotebookNode) -> list[str]:
    """Drop the widget views and saved widget state of an executed notebook, in place, and
    join each run of printed text into one output (as nbval and JupyterLab show it).

    Returns a warning for every widget output that had no picture to keep.
    """
    warnings = []
    notebook.metadata.pop("widgets", None)
    for index, cell in enumerate(notebook.cells):
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        outputs: list[nbformat.NotebookNode] = []
        for output in cell.outputs:
            last = outputs[-1] if outputs else None
            if (output.output_type == "stream" and last is not None
                    and last.output_type == "stream" and last.name == output.name):
                last.text += output.text
            else:
                outputs.append(output)
        cell.outputs = outputs
        for output in outputs:
            data = output.get("data", {})
            if data.pop(WIDGET_VIEW, None) is not None and not all(k in data for k in PICTURE):
                warnings.append(f"cell {index} shows a widget with no static picture")
    return warnings


def write_notebook(notebook: nbformat.NotebookNode, path: Path) -> None:
    """``notebook`` as the file ``path``: nbformat's text, in UTF-8 with ``\\n`` line ends
    and a newline at the end, on every system (``nbformat.write`` opens the file in text
    mode, which on Windows ends every line with ``\\r\\n``: a refresh there rewrote every
    line of every notebook)."""
    text = nbformat.writes(notebook)
    path.write_bytes((text if text.endswith("\n") else text + "\n").encode("utf-8"))


def refresh(path: Path) -> list[str]:
    """Execute the notebook at ``path`` and write it back with pictures for its widgets."""
    notebook = nbformat.read(path, as_version=4)
    stored = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=900, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    warnings = store_pictures(notebook)
    keep_unchanged(stored, notebook, sanitizing_rules())
    # the kernel's own name for itself: JupyterLab rewrites any other, marking the notebook
    # changed (and asking to save it) as soon as it is opened
    spec = KernelSpecManager().get_kernel_spec("python3")
    notebook.metadata.kernelspec = {"display_name": spec.display_name,
                                    "language": spec.language, "name": "python3"}
    write_notebook(notebook, path)
    return warnings


def main(paths: list[str]) -> int:
    notebooks = [Path(p).resolve() for p in paths] or sorted(HERE.glob("*.ipynb"))
    failed = False
    for path in notebooks:
        print(f"executing {path.name} ...", flush=True)
        for warning in refresh(path):
            print(f"  {path.name}: {warning}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
