"""Every scene says what it asks of the app: its `app` is the `Host` protocol, never an untyped name."""
import ast
from pathlib import Path

import boardhub

ROOT = Path(boardhub.__file__).parent


def test_every_scene_types_its_app_as_the_host():
    untyped = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                for arg in node.args.args:
                    if arg.arg == "app" and not (isinstance(arg.annotation, ast.Name) and arg.annotation.id == "Host"):
                        untyped.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert untyped == []
