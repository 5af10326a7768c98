"""The package's rooms and their order (docs/design.md): read off solver/'s own import graph.

Every module of ``solver/`` belongs to a room (its first folder under ``solver/``); a room may import only the
rooms below it in :data:`RANK`, never one above or beside it; no import circle (between any modules, function-level
imports included); no Python file over 450 lines.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import solver

ROOT = Path(solver.__file__).parent
MAX_LINES = 450

#: Higher may import lower; a room beside another (same rank) may not import it.
RANK: dict[str, int] = {
    "solver": 11,  # the public API (solver/__init__.py) and ``python -m solver``
    "__main__": 11,
    "cli": 10,
    "web": 9,
    "review": 8,
    "rating": 7,
    "interop": 6,  # OpenSpiel, PettingZoo and UGI: games, search and agents as other frameworks see them
    "play": 5,
    "search": 4,
    "games": 3,
    "determinize": 2,
    "report": 1,
    "batch": 1,
    "_version": 0,
    "_core": 0,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    found = {module_name(p): p for p in ROOT.rglob("*.py")}
    found["solver._core"] = ROOT / "_core.pyi"
    found["solver.determinize._sampler"] = ROOT / "determinize" / "_sampler.pyx"
    return found


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of solver/ that `name` imports anywhere in its file (``from pkg import sub`` counts as `sub`)."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "solver")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "solver":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return found


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(name, path, found) for name, path in found.items() if path.suffix == ".py"} | {
        name: set() for name, path in found.items() if path.suffix != ".py"
    }


def room(name: str) -> str:
    parts = name.split(".")
    return "solver" if len(parts) == 1 else parts[1]


def upward_imports(graph: Mapping[str, set[str]]) -> list[str]:
    """Every import of a room at or above the importer's own rank (another room), and every unplaced room."""
    bad = [f"{m}: room {room(m)!r} has no place in RANK" for m in graph if room(m) not in RANK]
    for a, targets in graph.items():
        for b in targets:
            ra, rb = room(a), room(b)
            if ra != rb and ra in RANK and rb in RANK and RANK[rb] >= RANK[ra]:
                bad.append(f"{a} ({ra}) imports {b} ({rb})")
    return sorted(bad)


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan), or a self-import."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checks_see_a_circle_and_an_upward_import() -> None:
    graph = {
        "solver.play.match": {"solver.rating.fit"},  # play imports rating: upward
        "solver.rating.fit": {"solver.play.match"},  # and back: a circle
        "solver.search.a": {"solver.games.b", "solver.report.table"},
        "solver.games.b": set(),
        "solver.report.table": set(),
        "solver.report.c": {"solver.batch.seeds"},  # beside: same rank
        "solver.batch.seeds": set(),
        "solver.attic.x": set(),  # a room with no place
    }
    assert circles(graph) == [["solver.play.match", "solver.rating.fit"]]
    assert upward_imports(graph) == [
        "solver.attic.x: room 'attic' has no place in RANK",
        "solver.play.match (play) imports solver.rating.fit (rating)",
        "solver.report.c (report) imports solver.batch.seeds (batch)",
    ]


def test_the_graph_is_read_from_the_package() -> None:
    graph = import_graph()
    assert "solver.play.match" in graph["solver.rating.unit"]
    assert "solver._core" in graph["solver.search.runner"]
    assert "solver.games.haniwa" in graph["solver.cli.haniwa"]  # `from ..games.haniwa import GAME`


def test_no_import_circle() -> None:
    assert circles(import_graph()) == []


def test_no_upward_import() -> None:
    assert upward_imports(import_graph()) == []


@pytest.mark.parametrize("path", sorted(ROOT.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_over_450_lines(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= MAX_LINES
