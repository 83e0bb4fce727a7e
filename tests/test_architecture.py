"""The package's shape, read from its source with ast (nothing is imported).

Imports point down only, so the import graph has no loop, not even counting the
imports made only for type checking (`if TYPE_CHECKING:`): a circle there is the
same tangle of layers, only hidden from the interpreter. pygame is imported only
where the window lives: `ui/` packages (boardhub's and each game's), `scenes/`,
the app, its launcher and the smoke check; there the imports under
`if TYPE_CHECKING:`, which cost nothing at run time, are left out.
"""
from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "boardhub"
PYGAME_ALLOWED = ("ui/*", "games/*/ui/*", "scenes/*", "app.py", "launch.py", "smoke.py")
GAME_SHAPE = ("__init__.py", "engine.py", "ai.py", "expert.py", "review.py", "ui/__init__.py", "ui/board.py")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, type_checking: bool = False) -> list[str]:
    """Every module `path` imports, wherever in the file; under TYPE_CHECKING only when `type_checking`."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package, type_checking)


def imports_in(source: str, package: str, type_checking: bool = False) -> list[str]:
    """Every module `source` (a module of `package`) imports; "pkg.mod.Name" for a name imported from a module."""
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test) and not type_checking:
                continue
            if isinstance(child, ast.Import):
                out.extend(a.name for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join(parts + ([base] if base else []))
                # "from pkg import mod" loads pkg/__init__ too, but depends on mod: the edge goes there
                out.extend(f"{base}.{a.name}" for a in child.names)
            visit(child)

    visit(ast.parse(source))
    return out


def graph(type_checking: bool = False) -> dict[str, set[str]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in files}
    for m, path in files.items():
        for target in imported(path, type_checking):
            while target and target not in files:  # "pkg.mod.Class" -> "pkg.mod"
                target = target.rpartition(".")[0]
            if target and target != m:
                edges[m].add(target)
    return edges


def loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def circle_in(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """One circle through the modules of a loop, as its imports run: [a, b, c, a]."""
    inside = set(component)
    path, seen = [component[0]], {component[0]: 0}
    while True:  # every module of a strongly connected component imports another one of it
        nxt = min(t for t in edges[path[-1]] if t in inside)
        if nxt in seen:
            return path[seen[nxt]:] + [nxt]
        seen[nxt] = len(path)
        path.append(nxt)


def named_circles(edges: dict[str, set[str]]) -> list[str]:
    return [" -> ".join(circle_in(edges, comp)) for comp in loops(edges)]


def test_the_import_graph_has_no_loop():
    assert named_circles(graph()) == []


def test_no_circle_even_counting_the_imports_made_for_type_checking():
    assert named_circles(graph(type_checking=True)) == []


def test_a_loop_is_found():
    """The check itself: a two-module loop and a three-module loop are reported, and named as circles."""
    edges = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c", "f"}, "f": {"a"}}
    assert sorted(loops(edges)) == [["a", "b"], ["c", "d", "e"]]
    assert sorted(named_circles(edges)) == ["a -> b -> a", "c -> d -> e -> c"]


def test_an_import_made_only_for_type_checking_counts_as_an_edge():
    """The check itself: the kind of import that used to hide a circle (the game's frame naming the
    game scene for its type hints) is an edge of the graph that counts them, and of no other."""
    source = ("from typing import TYPE_CHECKING\nimport pygame\n"
              "if TYPE_CHECKING:\n    from boardhub.scenes.game import GameScene\n")
    assert imports_in(source, "boardhub.scenes") == ["typing.TYPE_CHECKING", "pygame"]
    assert "boardhub.scenes.game.GameScene" in imports_in(source, "boardhub.scenes", type_checking=True)


def test_pygame_only_where_the_window_is():
    outside = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if any(t.split(".")[0] == "pygame" for t in imported(path)) and not any(
                fnmatch(rel, pattern) for pattern in PYGAME_ALLOWED):
            outside.append(rel)
    assert outside == []


def test_ui_imports_neither_scenes_nor_the_app():
    edges = graph()
    ui = [m for m in edges if m.startswith("boardhub.ui")]
    assert ui
    for m in ui:
        assert not any(t.startswith(("boardhub.scenes", "boardhub.app")) for t in edges[m]), m


def test_no_scene_imports_another_scene():
    """Scenes are opened by name through the app; shared panels and the game's frame are not scenes."""
    edges = graph()
    shared = {"boardhub.scenes.overlay", "boardhub.scenes.page", "boardhub.scenes.game_frame",
              "boardhub.scenes.move_entry"}
    for m, targets in edges.items():
        if m.startswith("boardhub.scenes."):
            # the network game is the game screen with a table around it: its one subclass
            extra = {"boardhub.scenes.game"} if m == "boardhub.scenes.net_game" else set()
            assert {t for t in targets if t.startswith("boardhub.scenes.")} <= shared | {m} | extra, m


APP_ROOTS = ("boardhub.launch", "boardhub.smoke", "boardhub.core.worker")  # the window, its check, the AI process


def reachable(edges: dict[str, set[str]], roots: tuple[str, ...]) -> set[str]:
    """Every module that importing `roots` loads, the packages on the way included."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        m = todo.pop()
        if m in seen or m not in edges:
            continue
        seen.add(m)
        todo.extend(edges[m])
        todo.extend(m.rsplit(".", k)[0] for k in range(1, m.count(".")))  # a module loads its packages
    return seen


def test_the_app_never_loads_a_games_offline_tools():
    edges = graph()
    offline = [m for m in edges if ".offline" in m]
    assert offline, "every game's offline tools live in games/<game>/offline/"
    app = reachable(edges, APP_ROOTS + tuple(m for m in edges if m.count(".") == 2 and m.startswith("boardhub.games.")))
    assert sorted(m for m in app if ".offline" in m) == []
    # the check itself: the command line, which trains and grows books, does load them
    assert any(".offline" in m for m in reachable(edges, ("boardhub.cli",)))


def test_every_game_has_the_same_shape():
    games = [p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()]
    assert len(games) == 4
    for game in games:
        missing = [f for f in GAME_SHAPE if not (game / f).exists()]
        assert missing == [], game.name



def test_the_game_scene_lays_out_draws_and_routes_input_only():
    """At most 250 lines, and none of them saves, counts, records or names a game."""
    source = (PACKAGE / "scenes" / "game.py").read_text(encoding="utf-8")
    scene = next(n for n in ast.parse(source).body if isinstance(n, ast.ClassDef) and n.name == "GameScene")
    assert scene.end_lineno - scene.lineno + 1 <= 250
    code = ast.unparse(scene)
    for word in ("autosave", "write_record", "Stats", "saves.write", "new_game_path", '"othello"', '"dots"', '"gomoku"', '"davinci"',
                 '"pass"', '"You"'):
        assert word not in code, word


def at_names(source: str) -> list[str]:
    """The string constants of `source` that start with "@": the old magic AI names ("@analysis")."""
    return [n.value for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.startswith("@")]


def test_no_ai_spec_or_request_kind_is_a_magic_name():
    """What the AI process is asked is a typed request (core/requests.py), never an AI name like "@review"."""
    found = [f"{path.relative_to(PACKAGE).as_posix()}: {name!r}" for path in PACKAGE.rglob("*.py")
             for name in at_names(path.read_text(encoding="utf-8"))]
    # the one '@' allowed: the separator of the learning an AI plays by ("positional:3@kim"), defined once
    assert found == ["core/ai.py: '@'"]
    # the check itself: the names as they were spelled, in a call, a constant and an f-string
    old = 'ANALYSIS = "@analysis"\nworker.submit(key, "@review", (view, seat), 1.0)\nspec = f"@{kind}"\n'
    assert at_names(old) == ["@analysis", "@review", "@"]
