"""Layering (design.md): ``rules`` loads without textual or websockets, and ``net``
never imports ``tui``. Checked in a fresh interpreter (``sys.modules``) and in the
source (imports inside functions too)."""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def package_modules(package: str) -> list[str]:
    """Every module of ``package`` under the repository root, the package included."""
    path = ROOT / package
    return [package] + [
        info.name for info in pkgutil.walk_packages([str(path)], prefix=f"{package}.")
    ]


def loaded_after_import(modules: list[str]) -> set[str]:
    """Top-level names in ``sys.modules`` after importing ``modules`` in a fresh interpreter."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def imported_names(package: str) -> set[str]:
    """Top-level package names imported anywhere in ``package``'s source."""
    names: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def test_rules_has_modules_to_check():
    assert "rules.core" in package_modules("rules")


def test_rules_loads_neither_textual_nor_websockets():
    loaded = loaded_after_import(package_modules("rules"))
    assert "rules" in loaded
    assert not loaded & {"textual", "websockets", "net", "tui"}


def test_net_never_loads_tui():
    loaded = loaded_after_import(package_modules("net"))
    assert "net" in loaded
    assert not loaded & {"tui", "textual"}


@pytest.mark.parametrize(
    "package, forbidden",
    [("rules", {"net", "tui", "textual", "websockets"}), ("net", {"tui", "textual"})],
)
def test_no_source_imports_across_the_layers(package, forbidden):
    assert not imported_names(package) & forbidden
