"""The shape of the house (ARCHITECTURE.md): in the table app, a core that never asks which game a
table plays and one plug-in per game; in its three apps (the tables, the championship, the
accounts), small modules and imports that never go round in a circle, counting those made inside
functions (an import hidden in a function is still a dependency)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
POKER = ROOT / "poker"
APPS = (POKER, ROOT / "championship", ROOT / "accounts")
MAX_LINES = 500


def modules() -> dict[str, Path]:
    found = {}
    for path in (path for app in APPS for path in app.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports, anywhere in it (functions included)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            prefix = ".".join(base + ([node.module] if node.module else []))
            submodules = {f"{prefix}.{alias.name}" for alias in node.names} & known.keys()
            found |= submodules
            if len(submodules) < len(node.names):
                found.add(prefix)  # names defined in the module itself
    return (found & known.keys()) - {name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return groups


def test_no_module_of_the_three_apps_imports_itself_back_through_others():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert graph["poker.tables.play"], "the reading of imports found nothing: the test proves nothing"
    assert graph["championship.selectors"] and graph["accounts.views"], "an app was not read"
    assert cycles(graph) == []


def test_the_table_core_never_imports_a_game():
    known = modules()
    for name, path in known.items():
        if name.startswith("poker.tables"):
            assert not {m for m in imports(name, path, known) if m.startswith("poker.games")}, name


def test_no_module_outside_the_engine_is_over_500_lines():
    long = {
        name: len(path.read_text().splitlines())
        for name, path in modules().items()
        if not name.startswith("poker.engine")
    }
    assert {name: n for name, n in long.items() if n > MAX_LINES} == {}


# The places that may name a game: its plug-in, the list of games where one is picked (the model's
# choices and the constraints on each game's stakes) and the demo tables that pick theirs. The
# table form reads each game's fields, help and checks from its plug-in (``Game.form``).
MAY_NAME_A_GAME = ("poker/games/", "poker/engine/", "poker/models.py", "poker/management/")
GAME_NAMES = re.compile(
    r"Variant\.(HOLDEM|RAZZ|DEALER_DRAW)|[\"'](holdem|razz|dealer_draw)[\"']|variant\s*[!=]="
)


def test_the_game_is_named_only_in_its_plug_in_and_where_a_game_is_picked():
    named = []
    for path in POKER.rglob("*.py"):
        relative = str(path.relative_to(ROOT))
        if "migrations" in path.parts or relative.startswith(MAY_NAME_A_GAME):
            continue
        named += [
            f"{relative}:{k}"
            for k, line in enumerate(path.read_text().splitlines(), 1)
            if GAME_NAMES.search(line)
        ]
    assert named == []
