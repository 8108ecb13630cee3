"""Canonicalization profiles: the keys crawlers, web archives and safe-browsing lists
compute for a URL, each profile an ordered list of named steps
(:mod:`urikit._crawl.lenient`, :mod:`~urikit._crawl.escapes`,
:mod:`~urikit._crawl.steps`) as data.

``google``
    Google Safe Browsing v4 "URLs and Hashing", canonicalization.
``semantic``
    urlcanon's (IIPC) ``semantic_precise``: what a browser would load the same way.
``aggressive``
    urlcanon's ``aggressive``: a dedup key (no fragment, ``https`` as ``http``, no
    ``www``, lower case, session ids out, query sorted).
``ia``
    the Internet Archive's default canonicalization, the one its SURT keys
    (:func:`urikit.surt`) are made of.
``whatwg``
    the URL Standard's parse and serialization (browsers), urikit's own reading.
``rfc3986``
    :func:`urikit.normalize` (RFC 3986 §6.2.2 and §6.2.3).

The first four are lenient as their sources are: any string gives a key, but a special
scheme's URL without a host, whose key would not read back as itself
(:class:`~urikit.URISyntaxError`, positioned in the caller's text): every key is its own
key.  ``whatwg`` raises :class:`~urikit.URISyntaxError` where the URL Standard's parser
fails (the kind its validation error's name, at its position), ``rfc3986`` where the
text is no URI reference.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._algorithms.percent import require_str
from .._operations import normalize
from .._whatwg import parse as whatwg_parse
from . import escapes, lenient, steps

__all__ = ["PROFILES", "canonical_url", "canonicalize"]

_START = (lenient.remove_leading_trailing_junk, lenient.remove_tabs_and_newlines, lenient.split)
#: Safe Browsing v4 after "Third" (unescape): the host steps, the path steps, escape.
_SAFE_BROWSING = (
    steps.fix_host_dots,
    steps.punycode_host,
    steps.normalize_ip,
    steps.lowercase_host,
    steps.remove_dot_segments,
    steps.collapse_slashes,
    steps.empty_path_to_slash,
    escapes.google_escape,
)

#: The step lists of the lenient profiles, in order.
PROFILES: Mapping[str, tuple[lenient.Step, ...]] = {
    "google": (
        *_START,
        steps.lowercase_scheme,
        steps.remove_fragment,
        steps.remove_userinfo,
        steps.remove_port,
        escapes.unescape_all,
        lenient.split_unescaped_query,
        lenient.backslashes_to_slashes,
        *_SAFE_BROWSING,
        steps.ipv4_in_ipv6,
        lenient.escape_port_shape,
    ),
    "semantic": (
        *_START,
        steps.lowercase_scheme,
        steps.elide_default_port,
        escapes.unescape_all_but_query,
        steps.fix_host_dots,
        steps.normalize_ip,
        steps.punycode_host,
        steps.lowercase_special_host,
        steps.remove_userinfo,
        escapes.semantic_escape,
        escapes.recode_query,
        steps.remove_dot_segments,
        steps.collapse_slashes,
        steps.empty_path_to_slash,
        steps.sort_query,
        lenient.escape_port_shape,
    ),
}
PROFILES = {
    **PROFILES,
    "aggressive": (
        *PROFILES["semantic"],
        steps.remove_fragment,
        steps.https_to_http,
        steps.elide_default_port,  # again: https://h:80/ is http://h/
        steps.strip_www,
        steps.lowercase_path,
        steps.lowercase_query,
        steps.strip_query_session_ids,
        steps.strip_path_session_ids,
        steps.strip_path_jsessionid,
        steps.remove_dot_segments,  # again: /..;jsessionid=... leaves /..
        steps.remove_redundant_ampersands,
        steps.omit_empty_query,
        steps.sort_query,  # again, after lower-casing
        lenient.escape_port_shape,
    ),
    "ia": (
        lenient.remove_leading_trailing_junk,
        lenient.remove_tabs_and_newlines,
        lenient.split_as_written,
        steps.lowercase_scheme,
        steps.remove_fragment,
        steps.remove_userinfo,
        escapes.unescape_ia,
        *_SAFE_BROWSING,
        steps.elide_ia_default_port,
        steps.strip_www,
        steps.lowercase_path,
        steps.lowercase_query,
        steps.strip_query_session_ids_ia,
        steps.strip_trailing_slash,  # first: an .aspx path may end in "/"
        steps.strip_path_session_ids,
        steps.omit_empty_query,
        steps.sort_query_by_name,
        lenient.escape_port_shape,
    ),
}
_NAMES = (*PROFILES, "whatwg", "rfc3986")


def canonical_url(url: str, profile: str) -> lenient.URL:
    """``url`` through the steps of the lenient ``profile``: its components."""
    try:
        steps = PROFILES[profile]
    except (KeyError, TypeError):
        raise ValueError(f"unknown profile {profile!r}: one of {', '.join(_NAMES)}") from None
    u = lenient.URL(url)
    for step in steps:
        step(u)
    return u


def canonicalize(url: str, profile: str = "google") -> str:
    """The canonical form of ``url`` under ``profile``: ``"google"`` (the default),
    ``"semantic"``, ``"aggressive"``, ``"ia"``, ``"whatwg"`` or ``"rfc3986"`` (see
    ``docs/crawl.md`` for each step and its source).

    >>> canonicalize("http://host/%25%32%35")
    'http://host/%25'
    >>> canonicalize("HTTPS://www.Example.com:443/a/../b?z=1&jsessionid=0123456789ab&a=2#f",
    ...              profile="aggressive")
    'http://example.com/b?a=2&z=1'
    """
    if url.__class__ is not str:
        require_str(url, "a URL")
    if profile == "rfc3986":
        return normalize(url)
    if profile == "whatwg":
        return _whatwg(url)
    return str(canonical_url(url, profile))


def _whatwg(url: str) -> str:
    """The URL Standard's href of ``url`` (its basic URL parser, §4.4, and serializer,
    §4.5: urikit's own reading); a failure is the parser's error, at its position."""
    return whatwg_parse(url).href
