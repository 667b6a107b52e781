"""Layers without circles: no module of ``monopoly_tui`` imports, through any chain of imports,
a module that imports it back.

The import graph is built from the source with ``ast``, never by importing: an edge runs from
a module to every module of the package it imports, at module level or inside a function (a
deferred import is still a dependency a reader must follow). An import under
``if TYPE_CHECKING:`` is not an edge (it names a type for the checker and never runs); its
``else:`` branch is. ``from X import Y`` is an edge to the module ``X.Y`` when there is one,
else to ``X``; importing a module is not counted as importing its parent packages (Python
runs their ``__init__`` first, but that is an order, not a circle). The strongly connected
components of more than one module are the circles.

``KNOWN`` lists the circles still standing that we know of, each as its set of modules; the
test checks it **exactly**: a new circle, or a known one grown or shrunk, fails, and a known
one that has gone must be taken off the list. It holds the circles found when the test was
written (issue 31), to be broken.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "monopoly_tui"

KNOWN: list[frozenset[str]] = [
    frozenset({f"monopoly_tui.ui.{m}" for m in (
        "decisions", "manage", "mechanics", "mechanics.dnd_adventures", "mechanics.dnd_characters",
        "mechanics.dnd_checks", "mechanics.dnd_close_to_death", "mechanics.dnd_dungeon_master",
        "mechanics.dnd_party_jail", "mechanics.dnd_portals", "mechanics.ring",
        "mechanics.versions", "render", "words")}),
    frozenset({"monopoly_tui.engine.mechanics", *(f"monopoly_tui.engine.mechanics.{m}" for m in (
        "dnd_adventures", "dnd_cards", "dnd_characters", "dnd_checks", "dnd_close_to_death",
        "dnd_dungeon_master", "dnd_party_jail", "dnd_portals", "ring", "ring_words",
        "versions"))}),
    frozenset({"monopoly_tui.ui.serve", "monopoly_tui.ui.serve_server"}),
]
"""The circles still in the package (each a set of module names), to be broken."""


def _module_name(root: Path, path: Path) -> str:
    """The dotted name of the module at ``path`` in the package at ``root``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The package's modules that the module ``name`` imports when it runs (anywhere in it,
    except under ``if TYPE_CHECKING:``)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if full in modules:
                    found.add(full)
                elif source in modules:
                    found.add(source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(name)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and the package's modules it imports."""
    paths = {_module_name(root, p): p for p in sorted(root.rglob("*.py"))}
    modules = set(paths)
    return {
        name: _imports(ast.parse(path.read_text(encoding="utf-8")), name,
                       path.name == "__init__.py", modules)
        for name, path in paths.items()
    }


def circles(graph: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph.get(nxt, ()))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.add(member)
                    if member == node:
                        break
                if len(comp) > 1:
                    out.append(frozenset(comp))
    return out


def _named(found: Iterable[frozenset[str]]) -> str:
    return "\n".join(f"  {len(c)} modules: {', '.join(sorted(c))}"
                     for c in sorted(found, key=lambda c: (-len(c), sorted(c))))


def test_no_import_circle_but_the_known() -> None:
    found = set(circles(import_graph(PACKAGE)))
    known = set(KNOWN)
    new = found - known
    gone = known - found
    assert not new, "import circles in monopoly_tui (each must be broken):\n" + _named(new)
    assert not gone, "known circles that have gone (take them off KNOWN):\n" + _named(gone)


def test_the_graph_sees_what_runs(tmp_path: Path) -> None:
    """Imports in functions and in an ``else`` of ``TYPE_CHECKING`` are edges; those under
    ``TYPE_CHECKING`` are not; relative imports resolve; a circle is found whole."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "a.py": "from pkg import b\n",
        "b.py": "def f():\n    from pkg.sub import c\n",
        "sub/__init__.py": "",
        "sub/c.py": "from .. import a\n",
        "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
                "else:\n    import pkg.e\n",
        "e.py": "from pkg.sub.c import thing\n",
        "f.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg import d\n",
    }
    for rel, text in files.items():
        (pkg / rel).write_text(text)
    graph = import_graph(pkg)
    assert graph["pkg.b"] == {"pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.a"}
    assert graph["pkg.d"] == {"pkg.e"}
    assert graph["pkg.e"] == {"pkg.sub.c"}
    assert graph["pkg.f"] == set()
    assert circles(graph) == [frozenset({"pkg.a", "pkg.b", "pkg.sub.c"})]


@pytest.mark.parametrize("graph, expected", [
    ({"x": {"y"}, "y": set()}, []),
    ({"x": {"y"}, "y": {"x"}, "z": {"x"}}, [frozenset({"x", "y"})]),
    ({"p": {"q"}, "q": {"p"}, "r": {"s"}, "s": {"r", "p"}},
     [frozenset({"p", "q"}), frozenset({"r", "s"})]),
])
def test_circles_are_the_components(graph: dict[str, set[str]],
                                    expected: list[frozenset[str]]) -> None:
    assert sorted(circles(graph), key=sorted) == sorted(expected, key=sorted)
