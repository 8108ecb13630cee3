"""urikit's batch API as Spark column functions, in the style of
``pyspark.sql.functions``.  ``pip install urikit[spark]`` provides it (pyspark, pyarrow
and pandas; without them, importing this module raises :class:`ModuleNotFoundError`).

Each function takes a :class:`pyspark.sql.Column` or a column name and returns a
Column::

    from urikit import spark as uf
    df.select(uf.normalize("url"), uf.is_valid("url"), uf.errors("url"), uf.split("url"))
    df.where(~uf.is_valid("url")).select("url", uf.errors("url").alias("error"))

They run :mod:`urikit.batch` on the executors over Arrow batches of the column
(``spark.sql.execution.arrow.maxRecordsPerBatch`` rows, 10,000 by default): with
pyspark 4.1 and later as Arrow UDFs (``pyspark.sql.functions.arrow_udf``: the Arrow
array itself, read in place by urikit's compiled core where it is built, with no pandas
and no Python string per row), before that as pandas UDFs (``pandas_udf``: Arrow to
pandas and back).  A Python UDF row by row would make two Python objects per row and
call across the JVM boundary a row at a time; ``mapInArrow`` would be as fast but is a
DataFrame transformation, not a column expression.

Results are those of :mod:`urikit.batch` (and so of the per-URL functions): null for a
null row, and null (``normalize``, ``resolve``, ``relativize``, ``split``) or the error
(``errors``) for an invalid one; nothing raises per row.  A wrong argument (grammar,
rule, level, an invalid base) raises here, on the driver, before any job runs.
urikit must be installed on every executor, as pyspark, pyarrow and pandas are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

import pandas as pd
import pyarrow as pa
from pyspark.sql import Column
from pyspark.sql import functions as F
from pyspark.sql import types as T
from pyspark.sql.pandas.functions import pandas_udf

from . import GRAMMARS, Grammar, URIReference, URITemplate, batch

__all__ = [
    "canonicalize",
    "common_crawl_columns",
    "errors",
    "extract",
    "is_valid",
    "match_templates",
    "normalize",
    "relativize",
    "resolve",
    "split",
    "surt",
]

ColumnOrName = Column | str

#: pandas UDFs (pyspark 3.0), for a pyspark without Arrow UDFs.
_PANDAS_UDF: Callable[..., Any] = pandas_udf
#: Arrow UDFs (pyspark 4.1): the UDF sees the Arrow array Spark sends, no pandas.
_ARROW_UDF: Callable[..., Any] | None = getattr(F, "arrow_udf", None)

#: ``errors``' struct: the ``URISyntaxError``'s position, kind (the ErrorKind value)
#: and reason.
ERROR = T.StructType(
    [
        T.StructField("position", T.IntegerType()),
        T.StructField("kind", T.StringType()),
        T.StructField("reason", T.StringType()),
    ]
)
#: ``split``'s struct: the eight components of RFC 3986 §3, null where absent.
COMPONENTS = T.StructType([T.StructField(name, T.StringType()) for name in batch.COMPONENTS])
#: ``extract``'s matches: each URI found in the row's text, ``uri`` and ``iri`` as
#: :class:`urikit.URIMatch` has them, where it stands (``start``, ``end``).
MATCHES = T.ArrayType(
    T.StructType(
        [
            T.StructField("uri", T.StringType()),
            T.StructField("iri", T.StringType()),
            T.StructField("start", T.LongType()),
            T.StructField("end", T.LongType()),
        ]
    )
)
#: ``match_templates``' struct: the index and text of the template a row matches, and its
#: variables as a JSON object.
ROUTE = T.StructType(
    [
        T.StructField("index", T.LongType()),
        T.StructField("template", T.StringType()),
        T.StructField("variables", T.StringType()),
    ]
)
#: ``common_crawl_columns``' struct: the URL columns of Common Crawl's index, by name.
COMMON_CRAWL = T.StructType(
    [
        T.StructField(name, T.IntegerType() if name == "url_port" else T.StringType())
        for name in batch.COMMON_CRAWL_COLUMNS
    ]
)
_ARROW_ERROR = pa.struct([("position", pa.int32()), ("kind", pa.string()), ("reason", pa.string())])


def is_valid(
    col: ColumnOrName, *, rule: str = "URI-reference", grammar: str | Grammar | None = None
) -> Column:
    """Whether each row matches ``rule`` of ``grammar`` (:func:`urikit.batch.is_valid`):
    a boolean column, null for a null row."""
    grammar = _name(grammar)
    batch.is_valid([], rule=rule, grammar=grammar)  # a wrong argument raises here
    return _column(lambda c: batch.is_valid(c, rule=rule, grammar=grammar), T.BooleanType(), col)


def errors(
    col: ColumnOrName, *, rule: str = "URI-reference", grammar: str | Grammar | None = None
) -> Column:
    """Why each row is invalid (:func:`urikit.batch.errors`): a struct ``position``
    (int), ``kind`` (string, the :class:`~urikit.ErrorKind` value), ``reason``
    (string); null for a valid or null row."""
    grammar = _name(grammar)
    batch.errors([], rule=rule, grammar=grammar)
    return _column(lambda c: batch.errors(c, rule=rule, grammar=grammar), ERROR, col)


def split(
    col: ColumnOrName, *, rule: str = "URI-reference", grammar: str | Grammar | None = None
) -> Column:
    """The components of each row (:func:`urikit.batch.split`): a struct of eight
    strings, ``scheme`` ... ``fragment``, each null where absent; null for a null or
    invalid row."""
    grammar = _name(grammar)
    batch.split([], rule=rule, grammar=grammar)
    return _column(lambda c: batch.split(c, rule=rule, grammar=grammar), COMPONENTS, col)


def normalize(
    col: ColumnOrName, *, level: str = "scheme", grammar: str | Grammar | None = None
) -> Column:
    """The normal form of each row at ``level`` (:func:`urikit.batch.normalize`); null
    for a null or invalid row."""
    grammar = _name(grammar)
    batch.normalize([], level=level, grammar=grammar)  # type: ignore[arg-type]
    return _column(
        lambda c: batch.normalize(c, level=level, grammar=grammar),  # type: ignore[arg-type]
        T.StringType(),
        col,
    )


def resolve(
    base: str | URIReference, col: ColumnOrName, *, grammar: str | Grammar | None = None
) -> Column:
    """Each row resolved against ``base`` (:func:`urikit.batch.resolve`); null for a
    null or invalid row.  An invalid base raises here."""
    grammar, base = _name(grammar, base), str(base)
    batch.resolve(base, [], grammar=grammar)
    return _column(lambda c: batch.resolve(base, c, grammar=grammar), T.StringType(), col)


def relativize(
    base: str | URIReference, col: ColumnOrName, *, grammar: str | Grammar | None = None
) -> Column:
    """The shortest reference from ``base`` to each row (:func:`urikit.batch.relativize`);
    null for a null or invalid row.  An invalid base raises here."""
    grammar, base = _name(grammar, base), str(base)
    batch.relativize(base, [], grammar=grammar)
    return _column(lambda c: batch.relativize(base, c, grammar=grammar), T.StringType(), col)


def extract(
    col: ColumnOrName,
    *,
    schemes: Iterable[str] | str | None = None,
    abbreviated: bool = False,
    grammar: str | Grammar | None = None,
) -> Column:
    """The URIs in each row of text (:func:`urikit.batch.extract`, the scheme policy and
    options of :func:`urikit.extract`): an array of structs ``uri``, ``iri``, ``start``,
    ``end``; empty where a row has none, null for a null row."""
    grammar = _name(grammar)
    schemes = schemes if schemes is None or isinstance(schemes, str) else tuple(schemes)
    batch.extract([], schemes=schemes, abbreviated=abbreviated, grammar=grammar)
    return _column(
        lambda c: batch.extract(c, schemes=schemes, abbreviated=abbreviated, grammar=grammar),
        MATCHES,
        col,
    )


def match_templates(
    col: ColumnOrName,
    templates: Iterable[str | URITemplate],
    *,
    query: Literal["strict", "any"] = "strict",
    order: Literal["given", "specific"] = "given",
) -> Column:
    """Which of ``templates`` each row matches, and its variables
    (:func:`urikit.batch.match_templates`): a struct ``index`` (long), ``template``
    (string), ``variables`` (string: a JSON object, for ``from_json`` or
    ``get_json_object``); null for a null row or one that no template matches.  An
    invalid or ambiguous template raises here."""
    templates = [t if isinstance(t, URITemplate) else URITemplate(t) for t in templates]
    batch.match_templates([], templates, query=query, order=order)
    return _column(
        lambda c: batch.match_templates(c, templates, query=query, order=order), ROUTE, col
    )


def common_crawl_columns(col: ColumnOrName, *, mode: str = "uts46", surt: bool = True) -> Column:
    """Common Crawl's URL index columns of each row (:func:`urikit.batch.common_crawl_columns`):
    a struct of its 17 ``url_*`` fields (``url_port`` an integer, the others strings),
    for ``select("cc.*")``; only ``url`` for a row that is no IRI, null for a null row."""
    batch.common_crawl_columns([], mode=mode, surt=surt)  # a wrong argument raises here

    def struct(column: Any) -> Any:
        if isinstance(column, pd.Series):  # a pandas UDF: Arrow and back
            found = struct(pa.Array.from_pandas(column, type=pa.string()))
            return pd.Series(found.to_pandas(types_mapper=pd.ArrowDtype), index=column.index)
        table = batch.common_crawl_columns(column, mode=mode, surt=surt)
        fields = [found.combine_chunks() for found in table.columns]
        return pa.StructArray.from_arrays(fields, table.column_names, mask=column.is_null())

    return _column(struct, COMMON_CRAWL, col)


def canonicalize(col: ColumnOrName, *, profile: str = "google") -> Column:
    """The canonical form of each row under ``profile``
    (:func:`urikit.batch.canonicalize`); null for a null row or one the profile refuses."""
    batch.canonicalize([], profile=profile)
    return _column(lambda c: batch.canonicalize(c, profile=profile), T.StringType(), col)


def surt(col: ColumnOrName, *, form: str = "ia", profile: str | None = None) -> Column:
    """The SURT key of each row (:func:`urikit.batch.surt`); null for a null row or one
    the profile refuses."""
    batch.surt([], form=form, profile=profile)
    return _column(lambda c: batch.surt(c, form=form, profile=profile), T.StringType(), col)


def _name(grammar: str | Grammar | None, base: str | URIReference | None = None) -> Any:
    """The grammar as the executors get it: by name where it is one of urikit's (a
    name is cheap to send and reads as the same grammar there), the base's grammar
    when it is a URIReference and none is given."""
    if grammar is None and isinstance(base, URIReference):
        return base.grammar
    if isinstance(grammar, Grammar) and GRAMMARS.get(grammar.name) is grammar:
        return grammar.name
    return grammar


def _column(function: Callable[[Any], Any], type_: T.DataType, col: ColumnOrName) -> Column:
    if _ARROW_UDF is not None:
        return _arrow_udf(function, type_)(col)  # type: ignore[no-any-return]
    return _pandas_udf(function, type_, col)


def _arrow_udf(function: Callable[[Any], Any], type_: T.DataType) -> Any:
    def run(column: pa.Array) -> pa.Array:
        result = function(column)
        return result.cast(_ARROW_ERROR) if type_ is ERROR else result

    assert _ARROW_UDF is not None
    return _ARROW_UDF(run, type_)


def _pandas_udf(function: Callable[[Any], Any], type_: T.DataType, col: ColumnOrName) -> Column:
    """Before pyspark 4.1: a pandas UDF.  A struct comes back from one as a DataFrame,
    which has no null rows: the struct is made null again where its ``path`` (never
    null in a reference), ``position`` (never null in an error) or ``template`` (never
    null in a route) is."""
    if isinstance(type_, T.ArrayType):  # extract: lists, with None (not pd.NA) for null

        def lists(column: pd.Series) -> pd.Series:
            found = function(column)
            rows = [None if value is pd.NA else list(value) for value in found]
            return pd.Series(rows, index=found.index, dtype=object)

        return _PANDAS_UDF(lists, type_)(col)  # type: ignore[no-any-return]
    if not isinstance(type_, T.StructType):

        def scalar(column: pd.Series) -> pd.Series:
            return function(column)

        return _PANDAS_UDF(scalar, type_)(col)  # type: ignore[no-any-return]

    def struct(column: pd.Series) -> pd.DataFrame:
        return function(column).struct.explode()

    found = _PANDAS_UDF(struct, type_)(col)
    never_null = {
        id(COMPONENTS): "path",
        id(ERROR): "position",
        id(ROUTE): "template",
        id(COMMON_CRAWL): "url",
    }
    present = found[never_null[id(type_)]].isNotNull()
    return F.when(present, found)
