"""What a notebook cell reads, binds and changes in place, found from its code (``ast``).

A learner re-runs cells: after the notebook has run to its end, in any order, twice. A cell
runs the same then only if what it reads is what it read the first time: no later cell may
bind the names it reads from earlier cells, and it may not change in place an object an
earlier cell made (re-running it would change it again). ``tests/test_notebook_reruns.py``
checks both for every notebook.

>>> cell = names_of("played = state.clone()\\nplayed.apply_action(3)\\nweights[0] += 1")
>>> cell.reads, cell.binds, cell.changes
({'state': 1, 'weights': 3}, {'played'}, {'weights'})
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field

#: Methods that change their object in place: containers', and the game-AI libraries' states
#: and environments (``state.apply_action``, ``env.step``), and the widgets' moves and steps.
CHANGING = frozenset({
    "append", "extend", "insert", "remove", "pop", "clear", "update", "add", "setdefault",
    "sort", "apply_action", "step", "reset", "play", "back", "forward", "goto", "load",
    "choose", "click", "confirm", "expand", "select", "agent_move",
})
BUILTINS = frozenset(dir(builtins))


@dataclass
class CellNames(ast.NodeVisitor):
    """The module-level names a cell reads before binding them (with a line), binds, imports,
    and changes in place (an item or attribute set, or a ``CHANGING`` method called, on a name
    the cell did not bind first)."""

    reads: dict[str, int] = field(default_factory=dict)
    binds: set[str] = field(default_factory=set)
    imports: set[str] = field(default_factory=set)
    changes: set[str] = field(default_factory=set)

    def _read(self, name: str, line: int) -> None:
        if name not in self.binds and name not in BUILTINS:
            self.reads.setdefault(name, line)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self._read(node.id, node.lineno)
        else:
            self.binds.add(node.id)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        # the body runs when called, with its own names; defaults and decorators run now
        for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
            if part is not None:
                self.visit(part)
        self.binds.add(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for part in [*node.bases, *node.decorator_list]:
            self.visit(part)
        self.binds.add(node.name)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for part in node.args.defaults:
            self.visit(part)

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            name = (alias.asname or alias.name).split(".")[0]
            self.binds.add(name)
            self.imports.add(name)

    visit_ImportFrom = visit_Import  # type: ignore[assignment]

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._target(target)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
        self._target(node.target)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.visit(node.value)
        if isinstance(node.target, ast.Name):
            self._read(node.target.id, node.lineno)
        self._target(node.target)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        self._target(node.target)
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    visit_AsyncFor = visit_For  # type: ignore[assignment]

    def _target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.binds.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for item in target.elts:
                self._target(item)
        elif isinstance(target, ast.Starred):
            self._target(target.value)
        elif isinstance(target, (ast.Subscript, ast.Attribute)):
            self.visit(target)  # reads the object (and the index)
            base: ast.expr = target
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name) and base.id not in self.binds:
                self.changes.add(base.id)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and func.attr in CHANGING and func.value.id not in self.binds:
            self.changes.add(func.value.id)
        self.generic_visit(node)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp
                       | ast.DictComp) -> None:
        own: set[str] = set()
        for generator in node.generators:
            own |= {n.id for n in ast.walk(generator.target) if isinstance(n, ast.Name)}
        for inner in ast.walk(node):
            if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load) \
                    and inner.id not in own:
                self._read(inner.id, inner.lineno)

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension


def names_of(code: str) -> CellNames:
    """The names of one cell's code (IPython magics and shell lines left out)."""
    lines = [line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))]
    found = CellNames()
    found.visit(ast.parse("\n".join(lines)))
    return found
