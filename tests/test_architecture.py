"""The shape of the package (issue 9), read from its source with ``ast``:

- the public surface is ``urikit/__init__`` and the namespaces users import
  (``urikit.errors``, ``urikit.schemes``, ``urikit.html``, and the integrations with the
  libraries of the optional extras: ``urikit.jsonschema``, ``urikit.pydantic``,
  ``urikit.strategies``, ``urikit.spark``; and ``urikit.batch``); every other module is
  private;
- imports run one way: the graph of the package's modules has no cycle, and no import
  hides inside a function (but those of the optional extras' libraries, which load only
  when a function needs them);
- no module reads another module's underscore attributes, nor imports its private names;
- the command line and the validator integrations (jsonschema, pydantic) are clients of
  the public surface only.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import urikit

SOURCE = Path(urikit.__file__).parent
MODULES = {path.stem: ast.parse(path.read_text("utf-8")) for path in SOURCE.glob("*.py")}
#: The integrations: each imports its library (an optional extra) when it is imported.
INTEGRATIONS = {"jsonschema", "pydantic", "strategies", "spark"}
PUBLIC = {"__init__", "__main__", "errors", "schemes", "html", "batch"} | INTEGRATIONS
#: The columnar API over the package's public functions: urikit.spark is built on urikit.batch.
COLUMNAR = {"batch", "spark"}
#: The compiled core (C: no ``.py`` source), which ``_native`` imports when it is built.
COMPILED = {"_core"}


def _imports(tree: ast.Module) -> list[ast.ImportFrom | ast.Import]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def _package_imports(name: str) -> set[str]:
    """The modules of the package that module ``name`` imports."""
    found = set()
    for node in _imports(MODULES[name]):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:  # from . import x, y: modules or names of __init__
                for alias in node.names:
                    known = alias.name in MODULES or alias.name in COMPILED
                    found.add(alias.name if known else "__init__")
            else:
                found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("urikit"):
            found.add((node.module or "").partition(".")[2] or "__init__")
    return found


def test_every_module_but_the_public_namespaces_is_private() -> None:
    assert {name for name in MODULES if not name.startswith("_")} | {"__init__", "__main__"} == (
        PUBLIC
    )
    assert set(urikit.__all__) >= {"errors", "schemes", "html"}
    for name in urikit.__all__:  # every public name is there, and no function is a module
        assert hasattr(urikit, name), name


def test_no_public_function_shadows_its_module() -> None:
    for name in urikit.__all__:
        value = getattr(urikit, name)
        module = getattr(value, "__module__", None)
        if callable(value) and module is not None:
            assert module.rpartition(".")[2] != name, f"{name} shadows {module}"


def test_imports_run_one_way() -> None:
    graph = {name: _package_imports(name) - {name} for name in MODULES if name != "__main__"}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:  # pragma: no cover - the failure message
        pytest.fail(f"an import cycle: {error.args[1]}")
    # on top: the command line, the package, or the columnar namespaces built on it
    assert order[-1] in ("_cli", "__init__", *COLUMNAR)
    for name, imported in graph.items():  # which no other module imports
        assert not imported & (COLUMNAR - {"batch" if name == "spark" else ""}), name


#: The libraries of the optional extras (pyproject.toml): imported where they are needed,
#: so that urikit imports without them and says which extra to install.
OPTIONAL_EXTRAS = {
    "idna",
    "ada_url",
    "jsonschema",
    "pydantic",
    "pydantic_core",
    "hypothesis",
    "pyarrow",
    "pandas",
    "polars",
    "pyspark",
}


def _is_optional_extra(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level == 0 and (node.module or "").partition(".")[0] in OPTIONAL_EXTRAS
    return all(alias.name.partition(".")[0] in OPTIONAL_EXTRAS for alias in node.names)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_inside_a_function(name: str) -> None:
    for node in ast.walk(MODULES[name]):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inner = [
                n
                for n in ast.walk(node)
                if isinstance(n, ast.Import | ast.ImportFrom) and not _is_optional_extra(n)
            ]
            assert not inner, f"{name}.{node.name} imports at line {inner[0].lineno}"


def _own_private_attributes(tree: ast.Module) -> set[str]:
    """The underscore attributes a module defines: assigned on ``self``, declared in a
    class body or in ``__slots__``."""
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    own.add(item.target.id)
                if isinstance(item, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in item.targets
                ):
                    own.update(ast.literal_eval(item.value))
        elif isinstance(node, ast.FunctionDef):
            own.add(node.name)  # methods
    return {attr for attr in own if attr.startswith("_") and not attr.startswith("__")}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_reads_another_modules_private_attributes(name: str) -> None:
    tree = MODULES[name]
    own = _own_private_attributes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            if node.attr.startswith("__"):
                continue
            receiver = node.value.id if isinstance(node.value, ast.Name) else ""
            if receiver in ("self", "cls") or node.attr in own:
                continue
            # the standard library's documented underscore API (namedtuple._make ...)
            assert node.attr in {"_make", "_asdict", "_replace", "_fields"}, (
                f"{name}:{node.lineno} reads .{node.attr}"
            )
    for node in _imports(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                assert not private or alias.name in MODULES.keys() | COMPILED, (
                    f"{name} imports the private name {alias.name}"
                )


def test_the_command_line_and_the_validator_integrations_use_the_public_surface_only() -> None:
    cli_modules = [name for name in MODULES if name.startswith("_cli")]
    assert cli_modules
    for name in [*cli_modules, "jsonschema", "pydantic"]:
        for node in _imports(MODULES[name]):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                target = node.module or ""
                if target in cli_modules:
                    continue
                assert target in ("", "errors", "schemes", "html"), f"{name} imports .{target}"
                if not target:
                    for alias in node.names:
                        assert alias.name in [*urikit.__all__, "__version__"], (
                            f"{name} imports {alias.name}"
                        )
