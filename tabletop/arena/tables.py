"""A dataset's results tables, one per closed batch: the same games as its JSON lines, as
rows (``results.flat_row``) in Parquet or CSV. The lines are the dataset; a table is read
back and compared with them (``table_problem``), so a table that was edited or damaged is
named rather than trusted.

>>> rows = [{"index": 0, "winners": "0,1", "error": ""}]
>>> csv_text(rows)
'index,winners,error\\n0,"0,1",\\n'
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..core.quoting import brief


def csv_text(rows: list[dict[str, Any]]) -> str:
    """``rows`` as CSV text, a header first, every line ended by ``\\n``."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def table_problem(path: Path, rows: list[dict[str, Any]]) -> str:
    """Why the table at ``path`` (``.parquet`` or ``.csv``) does not hold ``rows``, in
    order; ``""`` when it does."""
    if path.suffix == ".csv":
        return _csv_problem(path, rows)
    import pandas as pd

    try:
        found = pd.read_parquet(path)
    except Exception as err:  # pyarrow's errors for a file that is no Parquet table vary
        return f"it cannot be read as a Parquet table ({type(err).__name__})"
    # The rows as Parquet gives them back (a missing winner comes back as NaN, say).
    due = pd.read_parquet(io.BytesIO(pd.DataFrame(rows).to_parquet(index=False)))
    if list(found.columns) != list(due.columns):
        return f"its columns are {brief(list(found.columns))}, not {brief(list(due.columns))}"
    if len(found) != len(due):
        return f"it has {len(found)} rows for {len(rows)} games"
    if found.equals(due):
        return ""
    for number, (kept, wanted) in enumerate(zip(found.to_dict("records"),
                                                due.to_dict("records"), strict=True), 1):
        for key, value in wanted.items():
            if not (kept[key] == value or pd.isna(kept[key]) and pd.isna(value)):
                return (f"row {number}'s {key} is {brief(_plain(kept[key]))}, its game's "
                        f"{brief(_plain(value))}")
    return (f"its column types are {brief(found.dtypes.astype(str).to_dict())}, not "
            f"{brief(due.dtypes.astype(str).to_dict())}")


def _csv_problem(path: Path, rows: list[dict[str, Any]]) -> str:
    """``table_problem`` of a CSV table: its text must be the rows' ``csv_text``."""
    try:
        kept = path.read_bytes().decode("utf-8").splitlines()
    except UnicodeDecodeError:
        return "it is not UTF-8 text"
    due = csv_text(rows).splitlines()
    for number, (line, expected) in enumerate(zip(kept, due, strict=False), 1):
        if line != expected:
            return f"line {number} is {brief(line)}, its games give {brief(expected)}"
    if len(kept) != len(due):
        return f"it has {len(kept)} lines for a header and {len(rows)} games"
    return ""


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (for a message)."""
    return value.item() if hasattr(value, "item") else value
