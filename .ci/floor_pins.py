"""The floors pyproject.toml declares, as pip constraints: one ``name==X.*`` line per
``name>=X`` of the runtime dependencies and of the extras named on the command line.

``==X.*`` is the floor's own release series (``numpy>=1.24`` gives ``numpy==1.24.*``: the
newest 1.24.x), so a floor that names no release that exists (``ipykernel>=6.0``, whose
first 6.0 is 6.0.2) still resolves.

    python .ci/floor_pins.py                # the runtime dependencies
    python .ci/floor_pins.py lab pyarrow    # and the lab extra's, and test's pyarrow
    python .ci/floor_pins.py --skip typing_extensions lab

A name that is not an extra is looked up among the test extra's requirements. It runs before
any environment is made, with the Python that runs CI.
"""

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the tests import it on 3.10 too
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*>=\s*([0-9][0-9.]*)\s*(;.*)?$")


def floors(requirements: list[str]) -> dict[str, str]:
    """``{name: floor}`` for every requirement with a ``>=`` floor (markers kept aside: a
    floor applies wherever its requirement does)."""
    found = {}
    for requirement in requirements:
        match = FLOOR.match(requirement)
        if match:
            found[match.group(1).lower().replace("_", "-")] = match.group(3)
    return found


def main(args: list[str]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    skip = set()
    while "--skip" in args:
        at = args.index("--skip")
        skip.add(args[at + 1].lower().replace("_", "-"))
        del args[at:at + 2]
    pins = floors(project["dependencies"])
    test = floors(extras["test"])
    for name in args:
        if name in extras:
            pins.update(floors(extras[name]))
        elif name.replace("_", "-") in test:
            pins[name.replace("_", "-")] = test[name.replace("_", "-")]
        else:
            raise SystemExit(f"{name} is neither an extra nor a test requirement")
    for name, floor in sorted(pins.items()):
        if name not in skip:
            print(f"{name}=={floor}.*")
    if name := next(iter(skip - set(pins)), None):
        raise SystemExit(f"--skip {name}: no such floor")


if __name__ == "__main__":
    main(sys.argv[1:])
