"""urikit: the URI generic syntax (RFC 3986, and RFC 2396 with RFC 2732), complete,
strict and fast.

The public surface is this module (``urikit.__all__``) and the namespaces
``urikit.errors``, ``urikit.schemes``, ``urikit.html``, ``urikit.batch`` and
``urikit.whatwg`` (the URL Standard, as browsers read URLs), and the
integrations, each with its optional extra: ``urikit.jsonschema``, ``urikit.pydantic``,
``urikit.strategies``, ``urikit.spark`` and ``urikit.duckdb``; every other module is
private.

>>> import urikit
>>> str(urikit.parse("http://a/b?c#d"))
'http://a/b?c#d'

``urikit.ENGINE`` says which engine runs: ``"compiled core"`` (C, built at install), or
``"pure Python (the reason)"``.
"""

from __future__ import annotations

from . import errors, html, schemes
from ._algorithms.compose import compose
from ._algorithms.idna import host_to_ascii, host_to_unicode
from ._algorithms.percent import quote, unquote, unquote_to_bytes
from ._algorithms.query import build_query, parse_query
from ._algorithms.requote import requote
from ._algorithms.resolve import remove_dot_segments
from ._convert import iri_to_uri, uri_to_iri
from ._crawl.canonicalize import canonicalize
from ._crawl.commoncrawl import common_crawl_row
from ._crawl.suffix import public_suffix, registrable_domain
from ._crawl.surt import surt
from ._engine import ENGINE
from ._lint.catalogue import LINT_RULES, Finding, LintRule
from ._lint.lint import lint
from ._lint.redirect import RedirectVerdict, redirect_target
from ._operations import differences, equivalent, normalize, relativize, resolve
from ._reference import URIReference, is_valid, parse, validate
from ._schemes.data import DataURI, parse_data_uri
from ._schemes.file import file_uri_to_path, path_to_file_uri
from ._syntax.grammar import GRAMMARS, RFC2396, RFC3986, RFC3987, Grammar
from ._templates.match import AmbiguousTemplateError
from ._templates.syntax import VarSpec
from ._templates.template import URITemplate
from ._text.complete import complete
from ._text.extract import URIMatch, extract
from .errors import ErrorKind, IDNAError, ResolutionError, URISyntaxError

__all__ = [
    "ENGINE",
    "GRAMMARS",
    "LINT_RULES",
    "RFC2396",
    "RFC3986",
    "RFC3987",
    "AmbiguousTemplateError",
    "DataURI",
    "ErrorKind",
    "Finding",
    "Grammar",
    "IDNAError",
    "LintRule",
    "RedirectVerdict",
    "ResolutionError",
    "URIMatch",
    "URIReference",
    "URISyntaxError",
    "URITemplate",
    "VarSpec",
    "build_query",
    "canonicalize",
    "common_crawl_row",
    "complete",
    "compose",
    "differences",
    "equivalent",
    "errors",
    "extract",
    "file_uri_to_path",
    "host_to_ascii",
    "host_to_unicode",
    "html",
    "iri_to_uri",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "parse_data_uri",
    "parse_query",
    "path_to_file_uri",
    "public_suffix",
    "quote",
    "redirect_target",
    "registrable_domain",
    "relativize",
    "remove_dot_segments",
    "requote",
    "resolve",
    "schemes",
    "surt",
    "unquote",
    "unquote_to_bytes",
    "uri_to_iri",
    "validate",
]
__version__ = "0.1.0"
