"""The size of the code's pieces: modules over 600 lines and functions over 60 lines.

Long modules and functions are where a reader gets lost; the project keeps both lists short
(at most four modules over 600 lines, at most ten functions over 60). Printed: each list,
longest last, and its length.

    .venv/bin/python bench/code_shape.py [--root src] [--module-lines 600] [--function-lines 60]
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path


def long_modules(root: Path, limit: int) -> list[tuple[int, str]]:
    """(lines, path) of every Python module under ``root`` longer than ``limit`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append((lines, str(path)))
    return sorted(found)


def long_functions(root: Path, limit: int) -> list[tuple[int, str]]:
    """(lines, "path:line name") of every function under ``root`` longer than ``limit`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > limit:
                    found.append((lines, f"{path}:{node.lineno} {node.name}"))
    return sorted(found)


def main() -> None:
    """Print both lists."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("src"))
    parser.add_argument("--module-lines", type=int, default=600)
    parser.add_argument("--function-lines", type=int, default=60)
    args = parser.parse_args()
    modules = long_modules(args.root, args.module_lines)
    functions = long_functions(args.root, args.function_lines)
    print(f"modules over {args.module_lines} lines: {len(modules)}")
    for lines, where in modules:
        print(f"  {lines:5d}  {where}")
    print(f"functions over {args.function_lines} lines: {len(functions)}")
    for lines, where in functions:
        print(f"  {lines:5d}  {where}")


if __name__ == "__main__":
    main()
