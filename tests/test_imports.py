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


def game_folders() -> list[str]:
    """The game folders of ``tui/`` (``zatre``, ``zatre_cards``, ...): its packages named
    after a game in ``rules/`` (screens/ and widgets/ are what every game shares)."""
    games = {p.name for p in (ROOT / "rules").iterdir() if (p / "__init__.py").exists()}
    return sorted(p.name for p in (ROOT / "tui").iterdir() if p.name in games and (p / "__init__.py").exists())


def tui_folders_imported(path: Path) -> set[str]:
    """The ``tui`` sub-packages a module under ``tui/<folder>/`` imports (relative
    ``from ..zatre.x import``, ``from .. import zatre``, absolute ``tui.zatre``), imports
    inside functions included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 2:  # from the tui package: ..zatre.results, or .. import zatre
                parts = (node.module or "").split(".")
                found.update([parts[0]] if node.module else [a.name for a in node.names])
            elif node.level == 0 and (node.module or "").startswith("tui."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("tui."))
    return found


def test_a_game_folder_of_the_tui_imports_nothing_from_another_game_folder():
    """design.md "tui/": a game's folder (tui/zatre/, tui/zatre_cards/, tui/zestrea/)
    holds only that game's widgets; what tables share lives in tui/screens/ and
    tui/widgets/ (issue 9, "Before the third table")."""
    folders = game_folders()
    assert {"zatre", "zatre_cards"} <= set(folders)
    crossings = []
    for folder in folders:
        for path in sorted((ROOT / "tui" / folder).rglob("*.py")):
            others = tui_folders_imported(path) & (set(folders) - {folder})
            crossings += [f"{path.relative_to(ROOT)} imports tui.{other}" for other in sorted(others)]
    assert not crossings, crossings


def test_the_game_folder_check_sees_a_crossing(tmp_path):
    """The check above would catch the three spellings of a crossing."""
    module = tmp_path / "m.py"
    module.write_text("from ..zatre.results import places\nfrom .. import zatre_cards\n"
                      "def f():\n    import tui.zestrea.table\n", encoding="utf-8")
    assert tui_folders_imported(module) == {"zatre", "zatre_cards", "zestrea"}
