"""Canonicalization profiles: the keys crawlers, web archives and safe-browsing lists
compute for a URL, each profile an ordered list of named steps
(:mod:`urikit._crawl.steps`) as data.

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
    the URL Standard's parse and serialization (browsers), through ``ada-url``.
``rfc3986``
    :func:`urikit.normalize` (RFC 3986 §6.2.2 and §6.2.3).

The first four are lenient as their sources are: any string gives a key.  ``whatwg``
raises :class:`~urikit.URISyntaxError` (position 0, kind ``INVALID_HOST``...) where
the URL Standard's parser fails, ``rfc3986`` where the text is no URI reference.
"""

from __future__ import annotations

from collections.abc import Mapping

from .._algorithms.percent import require_str
from .._operations import normalize
from ..errors import ErrorKind, URISyntaxError
from . import steps as s

__all__ = ["PROFILES", "canonical_url", "canonicalize"]

_START = (s.remove_leading_trailing_junk, s.remove_tabs_and_newlines, s.split)
#: Safe Browsing v4 from "Third" on: unescape, the host steps, the path steps, escape.
_SAFE_BROWSING = (
    s.unescape_all,
    s.fix_host_dots,
    s.punycode_host,
    s.normalize_ip,
    s.lowercase_host,
    s.remove_dot_segments,
    s.collapse_slashes,
    s.empty_path_to_slash,
    s.google_escape,
)

#: The step lists of the lenient profiles, in order.
PROFILES: Mapping[str, tuple[s.Step, ...]] = {
    "google": (
        *_START,
        s.lowercase_scheme,
        s.remove_fragment,
        s.remove_userinfo,
        s.remove_port,
        *_SAFE_BROWSING,
    ),
    "semantic": (
        *_START,
        s.lowercase_scheme,
        s.elide_default_port,
        s.unescape_all_but_query,
        s.fix_host_dots,
        s.normalize_ip,
        s.punycode_host,
        s.lowercase_special_host,
        s.remove_userinfo,
        s.semantic_escape,
        s.recode_query,
        s.remove_dot_segments,
        s.collapse_slashes,
        s.empty_path_to_slash,
        s.sort_query,
    ),
}
PROFILES = {
    **PROFILES,
    "aggressive": (
        *PROFILES["semantic"],
        s.remove_fragment,
        s.https_to_http,
        s.strip_www,
        s.lowercase_path,
        s.lowercase_query,
        s.strip_query_session_ids,
        s.strip_path_session_ids,
        s.strip_path_jsessionid,
        s.remove_redundant_ampersands,
        s.omit_empty_query,
        s.sort_query,  # again, after lower-casing
    ),
    "ia": (
        *_START,
        s.lowercase_scheme,
        s.remove_fragment,
        s.remove_userinfo,
        *_SAFE_BROWSING,
        s.elide_default_port,
        s.strip_www,
        s.lowercase_path,
        s.lowercase_query,
        s.strip_query_session_ids,
        s.strip_path_session_ids,
        s.strip_trailing_slash,
        s.omit_empty_query,
        s.sort_query,
    ),
}
_NAMES = (*PROFILES, "whatwg", "rfc3986")


def canonical_url(url: str, profile: str) -> s.URL:
    """``url`` through the steps of the lenient ``profile``: its components."""
    try:
        steps = PROFILES[profile]
    except (KeyError, TypeError):
        raise ValueError(f"unknown profile {profile!r}: one of {', '.join(_NAMES)}") from None
    u = s.URL(url)
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
    """The URL Standard's href of ``url`` (``ada_url``, the ``whatwg`` extra)."""
    import ada_url

    try:
        return str(ada_url.URL(url).href)
    except ValueError:
        raise URISyntaxError(
            url,
            0,
            ErrorKind.INVALID_HOST,
            "the URL Standard's basic URL parser returns failure (WHATWG URL §4.4)",
            rule="URL",
            grammar="whatwg",
        ) from None
