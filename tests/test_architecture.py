"""The shape of the package (issues 9 and 20), read from its source with ``ast``:

- the public surface is ``urikit/__init__`` and the namespaces users import
  (``urikit.errors``, ``urikit.schemes``, ``urikit.html``, and the integrations with the
  libraries of the optional extras: ``urikit.jsonschema``, ``urikit.pydantic``,
  ``urikit.strategies``, ``urikit.spark``; and ``urikit.batch``); every other module is
  private: an underscore module at the top, or a module of a private subpackage;
- the private subpackages are the wings of the architecture (:data:`LAYERS`): the syntax
  at the bottom, the algorithms on components above it, the value type and its verbs at
  the top of the package, the wings that use them (text, HTML, lint, columns) beside each
  other, the public namespaces, and the command line last; imports run down the layers
  only, and the wings of one layer do not import each other;
- imports run one way: the graph of the package's modules has no cycle, and no import
  hides inside a function (but those of the optional extras' libraries, which load only
  when a function needs them);
- one module, the seam :mod:`urikit._engine`, imports the compiled core;
- no module reads another module's underscore attributes, nor imports its private names;
- the command line and the validator integrations (jsonschema, pydantic) are clients of
  the public surface only.
"""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import urikit

SOURCE = Path(urikit.__file__).parent


def _name(path: Path) -> str:
    """The module's dotted name under ``urikit``: ``_syntax.parse``, ``errors``, ``__init__``."""
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts)


MODULES = {_name(path): ast.parse(path.read_text("utf-8")) for path in SOURCE.rglob("*.py")}
#: The integrations: each imports its library (an optional extra) when it is imported.
INTEGRATIONS = {"jsonschema", "pydantic", "strategies", "spark", "duckdb"}
PUBLIC = {"__init__", "__main__", "errors", "schemes", "html", "batch", "whatwg"} | INTEGRATIONS
#: The columnar API over the package's public functions: urikit.spark and urikit.duckdb
#: are built on urikit.batch.
COLUMNAR = {"batch", "spark", "duckdb"}
#: The compiled core (C: no ``.py`` source), which only ``_engine`` imports.
COMPILED = {"_core"}
#: The layers, from the bottom up: a module imports modules of its own layer or below;
#: a wing (a private subpackage) is one node, and the wings of one layer are independent.
LAYERS: list[set[str]] = [
    {"errors", "_engine", "schemes"},  # what every layer may use: the errors, the seam
    {"_syntax"},  # the grammars as data and the one parser
    {"_algorithms"},  # what the RFCs do with components
    {"_whatwg"},  # the URL Standard's own reading of a URL (its parser, hosts, record)
    {"_reference", "_operations", "_convert", "_generate"},  # the value type, its verbs
    # the wings on the value
    {"_text", "_html", "_lint", "_columns", "_templates", "_schemes", "_crawl"},
    {"__init__", "html", "batch", "whatwg"} | INTEGRATIONS,  # the public namespaces
    {"_cli", "__main__"},  # the command line, a client of the public surface
]


def _wing(module: str) -> str:
    """The node of :data:`LAYERS` a module belongs to: its subpackage, or itself."""
    return module.partition(".")[0]


def _package(module: str) -> list[str]:
    """The package path of a module: ``["_syntax"]`` for ``_syntax.parse``."""
    parts = module.split(".")
    return parts if module.endswith("__init__") else parts[:-1]


def _imports(tree: ast.Module) -> list[ast.ImportFrom | ast.Import]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


def _targets(name: str, node: ast.ImportFrom) -> list[str]:
    """The modules of the package (or ``_core``) that one ``from ... import`` names."""
    if node.level == 0:
        module = node.module or ""
        if module != "urikit" and not module.startswith("urikit."):
            return []
        base = module.split(".")[1:]
    else:
        here = _package(name) if not name.endswith("__init__") else name.split(".")[:-1]
        base = here[: len(here) - (node.level - 1)] + (node.module or "").split(".")
        base = [part for part in base if part]
    found = []
    for alias in node.names:  # a submodule, or a name of the module (or package) named
        dotted = ".".join([*base, alias.name])
        if dotted in MODULES or alias.name in COMPILED:
            found.append(dotted if dotted in MODULES else alias.name)
        else:
            module = ".".join(base)
            found.append(module if module in MODULES else ".".join([*base, "__init__"]))
    return found


def _package_imports(name: str) -> set[str]:
    """The modules of the package that module ``name`` imports."""
    found: set[str] = set()
    for node in _imports(MODULES[name]):
        if isinstance(node, ast.ImportFrom):
            found.update(_targets(name, node))
    return found


def test_every_module_but_the_public_namespaces_is_private() -> None:
    top = {name for name in MODULES if "." not in name}
    assert {name for name in top if not name.startswith("_")} | {"__init__", "__main__"} == PUBLIC
    assert set(urikit.__all__) >= {"errors", "schemes", "html"}
    for name in urikit.__all__:  # every public name is there, and no function is a module
        assert hasattr(urikit, name), name


def test_the_package_docstring_names_the_public_namespaces() -> None:
    named = set(re.findall(r"``urikit\.(\w+)``", urikit.__doc__ or ""))
    assert named - {"__all__", "ENGINE"} == PUBLIC - {"__init__", "__main__"}


def test_no_public_function_shadows_its_module() -> None:
    for name in urikit.__all__:
        value = getattr(urikit, name)
        module = getattr(value, "__module__", None)
        if callable(value) and module is not None:
            assert module != f"urikit.{name}", f"{name} shadows {module}"


def test_every_module_is_in_a_layer_and_every_wing_is_a_package() -> None:
    placed = set().union(*LAYERS)
    assert {_wing(name) for name in MODULES} == placed
    for wing in placed:
        if "." not in wing and (SOURCE / wing).is_dir():
            assert (SOURCE / wing / "__init__.py").is_file(), wing


def test_imports_run_down_the_layers() -> None:
    layer = {node: index for index, nodes in enumerate(LAYERS) for node in nodes}
    for name in MODULES:
        for target in _package_imports(name):
            if target in COMPILED:
                continue
            here, there = _wing(name), _wing(target)
            assert layer[there] <= layer[here], f"{name} imports {target}: up the layers"
            if layer[there] == layer[here] and there != here:
                assert not ((SOURCE / here).is_dir() and (SOURCE / there).is_dir()), (
                    f"{name} imports {target}: across the wings of one layer"
                )


def test_one_module_imports_the_compiled_core() -> None:
    importers = {name for name in MODULES if any(t in COMPILED for t in _package_imports(name))}
    assert importers == {"_engine"}


def test_imports_run_one_way() -> None:
    graph = {name: _package_imports(name) - {name} for name in MODULES if name != "__main__"}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:  # pragma: no cover - the failure message
        pytest.fail(f"an import cycle: {error.args[1]}")
    # on top: the command line, the package, or the columnar namespaces built on it
    assert _wing(order[-1]) in ("_cli", "__init__", *COLUMNAR)
    for name, imported in graph.items():  # which no other module imports (but the
        # command line, which reads its inputs a block at a time through urikit.batch)
        built_on_batch = name in ("spark", "duckdb") or _wing(name) == "_cli"
        assert not imported & (COLUMNAR - {"batch" if built_on_batch else ""}), name


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
    "duckdb",
    "publicsuffixlist",
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
        if isinstance(node, ast.ImportFrom) and (node.level or node.module == "urikit"):
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                modules = {target.rpartition(".")[2] for target in _targets(name, node)}
                assert not private or alias.name in modules | COMPILED, (
                    f"{name} imports the private name {alias.name}"
                )


def test_the_command_line_and_the_validator_integrations_use_the_public_surface_only() -> None:
    cli_modules = [name for name in MODULES if _wing(name) == "_cli"]
    assert cli_modules
    for name in [*cli_modules, "jsonschema", "pydantic"]:
        for node in _imports(MODULES[name]):
            if not isinstance(node, ast.ImportFrom):
                continue
            for alias, target in zip(node.names, _targets(name, node), strict=False):
                if target in cli_modules:
                    continue
                assert target in ("__init__", "errors", "schemes", "html", "batch"), (
                    f"{name} imports {target}"
                )
                if target == "__init__":
                    assert alias.name in [*urikit.__all__, "__version__"], (
                        f"{name} imports {alias.name}"
                    )
