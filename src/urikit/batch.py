"""The batch API: urikit's functions over a whole column of references.

A column is a ``list`` of ``str`` and ``None``, a ``pyarrow`` string array
(``StringArray``, ``LargeStringArray``, or a ``ChunkedArray`` of them), a pandas
``Series`` or a polars ``Series``; every function returns a column of the same kind and
length, row for row:

* a list gives a list (``bool``, ``str``, ``dict`` or ``None`` items);
* an Arrow array gives an Arrow array, a chunked array a chunked array of the same
  chunks (strings keep their offset width: ``large_string`` in, ``large_string`` out);
* a pandas Series gives a Series with the same index and name, of an Arrow-backed dtype
  (``pd.ArrowDtype``: nulls stay nulls, structs are structs: ``.struct.field("host")``);
* a polars Series gives a polars Series of the same name.

Errors are values, never raised per row (Arrow's and polars' convention): a null row
gives a null, an invalid one a null (``normalize``, ``resolve`` ...) or its error
(``errors``).  A wrong argument (an unknown grammar, rule or level, an invalid base)
raises as the per-URL function does, before any row is read.  The results are exactly
those of the per-URL functions: :func:`is_valid` of ``urikit.is_valid``, :func:`split`
of ``urikit.parse``'s components, :func:`errors` of ``urikit.validate``'s
``URISyntaxError`` (``position``, ``kind`` as the :class:`~urikit.ErrorKind` value,
``reason``), :func:`normalize`, :func:`resolve` and :func:`relativize` of theirs.

Arrow columns (and pandas and polars Series, which go through Arrow) are read in place
from their buffers by the compiled core when it is there, under ``rfc3986`` and
``rfc3987``: no Python string per row (``urikit._columns.arrow``).  Without it they are read row
by row in Python.  pandas and polars input needs pyarrow (``pip install urikit[arrow]``).

>>> from urikit import batch
>>> batch.is_valid(["http://a/b", "http://exa mple.com/", None])
[True, False, None]
>>> batch.normalize(["HTTP://A.com:80/./b", "bad url"])
['http://a.com/b', None]
>>> batch.split(["//h:8/p?q"])[0]["port"]
'8'
>>> batch.errors(["http://a/", "a b"])  # doctest: +ELLIPSIS
[None, {'position': 1, 'kind': 'invalid-character', 'reason': "a character not allowed ..."}]
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from . import (
    GRAMMARS,
    Grammar,
    IDNAError,
    ResolutionError,
    URIReference,
    URISyntaxError,
    URITemplate,
    _engine,
    host_to_ascii,
    validate,
)
from . import canonicalize as _canonicalize
from . import extract as _extract
from . import is_valid as _is_valid
from . import normalize as _normalize
from . import parse as _parse
from . import relativize as _relativize
from . import resolve as _resolve
from . import surt as _surt
from ._algorithms.normalize import LEVEL_IDS, Level
from ._columns import arrow
from ._columns.arrow import COMPONENTS, MATCH_FIELDS, ROUTE_FIELDS, Operation
from ._crawl import commoncrawl, suffix
from ._crawl.commoncrawl import COMMON_CRAWL_COLUMNS
from ._templates.route import Router

__all__ = [
    "COMMON_CRAWL_COLUMNS",
    "COMPONENTS",
    "MATCH_FIELDS",
    "ROUTE_FIELDS",
    "canonicalize",
    "common_crawl_columns",
    "errors",
    "extract",
    "is_valid",
    "match_templates",
    "normalize",
    "public_suffix",
    "registrable_domain",
    "relativize",
    "resolve",
    "split",
    "surt",
]


def is_valid(
    column: Any, *, rule: str = "URI-reference", grammar: str | Grammar | None = None
) -> Any:
    """Whether each row matches ``rule`` of ``grammar`` (``urikit.is_valid``); null for
    a null row.  ``rule`` may be a reference rule or a component rule.

    >>> is_valid(["//g", "g:h"], rule="relative-ref")
    [True, False]
    """
    _is_valid("", rule=rule, grammar=grammar)  # a wrong argument raises here

    def row(text: str) -> bool:
        return _is_valid(text, rule=rule, grammar=grammar)

    return _apply(column, _checking("is_valid", row, grammar, rule))


def errors(
    column: Any, *, rule: str = "URI-reference", grammar: str | Grammar | None = None
) -> Any:
    """Why each row is invalid: ``{"position": int, "kind": str, "reason": str}`` as
    ``urikit.validate`` raises it (``kind`` is the :class:`~urikit.ErrorKind` value),
    null for a valid or null row.

    >>> errors(["http://[::1/"])[0]["kind"]
    'invalid-ip-literal'
    """
    _is_valid("", rule=rule, grammar=grammar)

    def row(text: str) -> dict[str, object] | None:
        try:
            validate(text, rule=rule, grammar=grammar)
        except URISyntaxError as error:
            return {"position": error.position, "kind": error.kind.value, "reason": error.reason}
        return None

    return _apply(column, _checking("errors", row, grammar, rule))


def split(column: Any, *, rule: str = "URI-reference", grammar: str | Grammar | None = None) -> Any:
    """The eight components of each row (``urikit.parse``): a struct (a dict for a
    list) of ``scheme``, ``authority``, ``userinfo``, ``host``, ``port``, ``path``,
    ``query``, ``fragment``, each null where absent; null for a null or invalid row.

    >>> first, second = split(["mailto:a@b", "a b"])
    >>> first["scheme"], first["authority"], first["path"], second
    ('mailto', None, 'a@b', None)
    """
    with contextlib.suppress(URISyntaxError):  # a wrong argument raises, an empty row may not
        _parse("", rule=rule, grammar=grammar)

    def row(text: str) -> dict[str, str | None] | None:
        try:
            ref = _parse(text, rule=rule, grammar=grammar)
        except URISyntaxError:
            return None
        return {
            "scheme": ref.scheme,
            "authority": ref.authority,
            "userinfo": ref.userinfo,
            "host": ref.host,
            "port": ref.port,
            "path": ref.path,
            "query": ref.query,
            "fragment": ref.fragment,
        }

    return _apply(column, _checking("split", row, grammar, rule))


def normalize(column: Any, *, level: Level = "scheme", grammar: str | Grammar | None = None) -> Any:
    """The normal form of each row at ``level`` (``urikit.normalize``); null for a null
    or invalid row.

    >>> normalize(["eXAMPLE://a/./b/../b/%63"], level="syntax")
    ['example://a/b/c']
    """
    with contextlib.suppress(URISyntaxError):
        _normalize("", level=level, grammar=grammar)

    def row(text: str) -> str | None:
        try:
            return _normalize(text, level=level, grammar=grammar)
        except URISyntaxError:
            return None

    native = _core_grammar(grammar) if level in ("syntax", "scheme") else None
    return _apply(column, Operation("normalize", row, native, level=level))


def resolve(base: str | URIReference, column: Any, *, grammar: str | Grammar | None = None) -> Any:
    """Each row resolved against ``base`` (``urikit.resolve``); null for a null or
    invalid row, or one that cannot be resolved (:class:`~urikit.ResolutionError`).
    An invalid base raises, as ``urikit.resolve`` does.

    >>> resolve("http://a/b/c/d;p?q", ["../g?y", "g:h", None, "a b"])
    ['http://a/b/g?y', 'g:h', None, None]
    """
    _resolve(base, "", grammar=grammar)  # an invalid base raises here, as urikit.resolve

    def row(text: str) -> str | None:
        try:
            return _resolve(base, text, grammar=grammar)
        except (URISyntaxError, ResolutionError):
            return None

    native = _core_grammar(grammar, base)
    return _apply(column, Operation("resolve", row, native, base=str(base)))


def relativize(
    base: str | URIReference, column: Any, *, grammar: str | Grammar | None = None
) -> Any:
    """The shortest reference from ``base`` to each row (``urikit.relativize``); null
    for a null or invalid row, or one that cannot be resolved.  An invalid base raises.

    >>> relativize("http://a/b/c/d", ["http://a/b/x?y", "http://h/b/", "a b"])
    ['../x?y', '//h/b/', None]
    """
    _relativize(base, "", grammar=grammar)

    def row(text: str) -> str | None:
        try:
            return _relativize(base, text, grammar=grammar)
        except (URISyntaxError, ResolutionError):
            return None

    return _apply(column, Operation("relativize", row, None))


def extract(
    column: Any,
    *,
    schemes: Iterable[str] | str | None = None,
    abbreviated: bool = False,
    grammar: str | Grammar | None = None,
) -> Any:
    """The URIs in each row of text (``urikit.extract``, the same scheme policy and
    options): a list of ``{"uri", "iri", "start", "end"}`` per row (an Arrow list of
    structs), empty where a row has none; null for a null row.

    >>> found, none, empty = extract(["See <https://例え.jp/> and Data::Dumper.", None, ""])
    >>> found
    [{'uri': 'https://%E4%BE%8B%E3%81%88.jp/', 'iri': 'https://例え.jp/', 'start': 5, 'end': 19}]
    >>> none, empty
    (None, [])
    """
    list(_extract("", schemes=schemes, abbreviated=abbreviated, grammar=grammar))  # arguments

    def row(text: str) -> list[dict[str, object]]:
        found = _extract(text, schemes=schemes, abbreviated=abbreviated, grammar=grammar)
        return [{"uri": m.uri, "iri": m.iri, "start": m.start, "end": m.end} for m in found]

    return _apply(column, Operation("extract", row, None))


def match_templates(
    column: Any,
    templates: Iterable[str | URITemplate],
    *,
    query: Literal["strict", "any"] = "strict",
    order: Literal["given", "specific"] = "given",
) -> Any:
    """Which of ``templates`` (RFC 6570 URI Templates, text or :class:`~urikit.URITemplate`)
    each row matches, and its variables: the routing question.  Per row ``{"index": int,
    "template": str, "variables": str}`` (an Arrow struct): the template's index in
    ``templates`` and its text, and its variables as ``URITemplate.match`` gives them
    (``query`` is its option), written as a JSON object (lists as arrays, associative
    arrays as objects, or as arrays of ``[name, value]`` when a name repeats); null for
    a null row or one that no template matches.

    ``order="given"`` (the default) tries the templates in the order given and the first
    that matches wins, as most routers do; ``order="specific"`` tries those with the
    most literal characters first (ties in the order given): ``/users/me`` before
    ``/users/{id}``.  Only the templates whose leading literal a row starts with are
    tried.  An invalid template raises :class:`~urikit.URISyntaxError`, one outside the
    invertible subset :class:`~urikit.AmbiguousTemplateError`, before any row is read.

    >>> routes = ["/users/{id}", "/users/{id}/repos{?page}", "/files{/path*}"]
    >>> match_templates(["/users/7/repos?page=2", "/files/a/b", "/nowhere", None], routes)
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'index': 1, 'template': '/users/{id}/repos{?page}', 'variables': '{"id":"7","page":"2"}'},
     {'index': 2, 'template': '/files{/path*}', 'variables': '{"path":["a","b"]}'}, None, None]
    """
    router = Router(templates, query=query, order=order)  # a wrong argument raises here
    texts = [str(template) for template in router.templates]

    def row(text: str) -> dict[str, object] | None:
        found = router.route(text)
        if found is None:
            return None
        index, variables = found
        return {
            "index": index,
            "template": texts[index],
            "variables": json.dumps(variables, ensure_ascii=False, separators=(",", ":")),
        }

    return _apply(column, Operation("match_templates", row))


def public_suffix(
    column: Any,
    *,
    private: bool = True,
    list_file: suffix.ListFile | None = None,
    implicit_rule: bool = True,
    mode: str = "uts46",
) -> Any:
    """The public suffix of each row, a host (``urikit.public_suffix``, the same
    options); null for a null row, a host with none, or one that is no host.

    >>> public_suffix(["www.example.co.uk", "[::1]", "a b", None])
    ['co.uk', None, None, None]
    """
    return _suffix(column, suffix.public_suffix, private, list_file, implicit_rule, mode)


def registrable_domain(
    column: Any,
    *,
    private: bool = True,
    list_file: suffix.ListFile | None = None,
    implicit_rule: bool = True,
    mode: str = "uts46",
) -> Any:
    """The registrable domain of each row, a host (``urikit.registrable_domain``, the
    same options); null for a null row, a host with none, or one that is no host.

    >>> registrable_domain(["www.example.co.uk", "co.uk", "食狮.公司.cn"])
    ['example.co.uk', None, '食狮.公司.cn']
    """
    return _suffix(column, suffix.registrable_domain, private, list_file, implicit_rule, mode)


def _suffix(
    column: Any,
    function: Callable[..., str | None],
    private: bool,
    list_file: suffix.ListFile | None,
    implicit_rule: bool,
    mode: str,
) -> Any:
    options = {"private": private, "list_file": list_file, "implicit_rule": implicit_rule}
    function("a", mode=mode, **options)  # a wrong argument raises here

    def row(host: str) -> str | None:
        try:
            return function(host, mode=mode, **options)
        except (URISyntaxError, IDNAError):
            return None

    return _apply(column, Operation(function.__name__, row))


def common_crawl_columns(column: Any, *, mode: str = "uts46", surt: bool = True) -> Any:
    """Common Crawl's URL index columns of each row (``urikit.common_crawl_row``): a
    ``pyarrow.Table`` with :data:`COMMON_CRAWL_COLUMNS`, row for row; only ``url`` for
    a row that is no RFC 3987 IRI, all null for a null row.  ``column`` is an Arrow
    string array or chunked array, or a list.  Each distinct host is worked out once;
    ``surt=False`` leaves ``url_surtkey`` null (the key is most of the time: the compiled
    core makes it for most rows, ``urikit.surt`` for the others).

    >>> table = common_crawl_columns(["https://www.example.co.uk:8443/a?q", None])
    >>> table.column("url_host_registered_domain").to_pylist()
    ['example.co.uk', None]
    >>> table.column("url_port").to_pylist(), table.column("url_host_name_reversed")[0]
    ([8443, None], <pyarrow.StringScalar: 'uk.co.example.www'>)
    """
    import pyarrow as pa

    host_to_ascii("a", mode=mode)  # an unknown mode raises here
    if _kind(column) == "list":
        column = pa.array(column, pa.string())
    elif _kind(column) != "arrow":
        raise TypeError("common_crawl_columns takes an Arrow string column or a list")
    if isinstance(column, pa.ChunkedArray):
        chunks = [common_crawl_columns(chunk, mode=mode, surt=surt) for chunk in column.chunks]
        if not chunks:
            return common_crawl_columns([], mode=mode, surt=surt)
        return pa.concat_tables(chunks)
    parts = split(column, rule="IRI", grammar="rfc3987")
    keys = _apply(column, _IA_SURT) if surt else None
    return commoncrawl.arrow_columns(column, parts, keys, mode=mode)


def canonicalize(column: Any, *, profile: str = "google") -> Any:
    """The canonical form of each row under ``profile`` (``urikit.canonicalize``); null
    for a null row, and for a row the profile refuses (``whatwg``, ``rfc3986``).

    >>> canonicalize(["http://host/%25%32%35", None, "HTTP://A.com:80/./b"])
    ['http://host/%25', None, 'http://a.com/b']
    """
    with contextlib.suppress(URISyntaxError):  # a wrong profile raises, "" may not
        _canonicalize("", profile=profile)

    def row(text: str) -> str | None:
        try:
            return _canonicalize(text, profile=profile)
        except URISyntaxError:
            return None

    return _apply(column, Operation("canonicalize", row))


def surt(column: Any, *, form: str = "ia", profile: str | None = None) -> Any:
    """The SURT key of each row (``urikit.surt``); null for a null row, and for a row
    the profile refuses.

    >>> surt(["http://www.example.com/b?b=1&a=2", None], form="ia")
    ['com,example)/b?a=2&b=1', None]
    """
    _surt("", form=form, profile=profile)  # a wrong form or profile raises here
    if form == "ia" and profile in (None, "ia"):
        return _apply(column, _IA_SURT)  # the compiled core keys the plain rows

    def row(text: str) -> str | None:
        try:
            return _surt(text, form=form, profile=profile)
        except URISyntaxError:
            return None

    return _apply(column, Operation("surt", row))


#: The Internet Archive's SURT key: made by the compiled core for the rows that need
#: none of the ``ia`` profile's harder steps (csrc/crawl.c), by ``urikit.surt`` for the
#: others (``None`` where it refuses one).
_IA_SURT = Operation("surt", commoncrawl.surt_key, native="rfc3987")


# -- arguments ---------------------------------------------------------------------------
def _core_grammar(
    grammar: str | Grammar | None, base: str | URIReference | None = None
) -> str | None:
    """The name of the grammar when the compiled core may read the column under it:
    urikit's own ``rfc3986`` or ``rfc3987`` (``None`` is the base's grammar when it is a
    URIReference, else RFC 3986), given by name or as the value; else ``None``."""
    if grammar is None:
        grammar = base.grammar if isinstance(base, URIReference) else "rfc3986"
    for name in _engine.GRAMMAR_IDS:  # the grammars the core serves (RFC 2396 stays in Python)
        if grammar == name or grammar is GRAMMARS[name]:
            return name
    return None


def _checking(
    name: str, row: Callable[[str], object], grammar: str | Grammar | None, rule: str
) -> Operation:
    """The operation ``name`` of a rule: for the compiled core when the grammar is one
    it reads and ``rule`` a reference rule, named as that grammar names it (RFC 3987's
    ``IRI-reference`` for its alias ``URI-reference``); component rules stay in Python."""
    native = _core_grammar(grammar)
    shape = None if native is None else GRAMMARS[native].rules.get(rule)
    if native is None or shape is None:
        return Operation(name, row)
    return Operation(name, row, native, rule=shape.name)


# -- columns -------------------------------------------------------------------------------
def _kind(column: object) -> str:
    """What ``column`` is, read from its type without importing any library."""
    if isinstance(column, list | tuple):
        return "list"
    cls = type(column)
    library = cls.__module__.partition(".")[0]
    if library == "pyarrow":
        pa = sys.modules["pyarrow"]
        if isinstance(column, pa.Array | pa.ChunkedArray):
            return "arrow"
    elif library in ("pandas", "polars") and cls.__name__ == "Series":
        return library
    raise TypeError(
        "a column is a list of str, a pyarrow string array or chunked array, a pandas "
        f"Series or a polars Series, not {cls.__module__}.{cls.__qualname__}"
    )


def _apply(column: Any, op: Operation) -> Any:
    kind = _kind(column)
    if kind == "list":
        return _rows(column, op)
    if kind == "arrow":
        return arrow.apply(column, op)
    if kind == "pandas":
        return arrow.apply_pandas(column, op)
    return arrow.apply_polars(column, op)


#: The operations of the core's ``list_map``, by batch function (``errors`` asks
#: ``is_valid``'s and diagnoses the invalid rows).
_LIST_OPERATIONS = {"is_valid": 0, "errors": 0, "split": 1, "normalize": 2, "resolve": 3}


def _rows(column: Sequence[str | None], op: Operation) -> list[Any]:
    """``op`` over a list or tuple: one loop in the compiled core, where it does ``op``,
    with the rows it leaves (invalid, or not a ``str``) done by ``op.row``; else row by
    row in Python."""
    list_map = _engine.list_map  # read at each call: the tests switch engines
    code = _LIST_OPERATIONS.get(op.name)
    if op.native is None or code is None or list_map is None:
        return [None if text is None else op.row(text) for text in column]
    g = GRAMMARS[op.native]
    if op.name == "normalize":
        args: tuple[object, ...] = (g.core, LEVEL_IDS[op.level])
    elif op.name == "resolve":  # strict, and dot-segments above the root dropped (§5.2.4)
        args = (op.base, g.core, True, False)
    else:
        args = (g.core, g.rules[op.rule].flags)
    results, left = list_map(code, column, args, COMPONENTS)
    for i in left:
        results[i] = op.row(column[i])  # TypeError for what is not a str
    if op.name == "errors":
        return [
            None if valid is not False else op.row(text)  # type: ignore[arg-type]
            for valid, text in zip(results, column, strict=True)
        ]
    return results  # type: ignore[no-any-return]
