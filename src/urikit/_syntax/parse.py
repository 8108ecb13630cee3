"""The one parser: split and validate a URI reference under any :class:`Grammar`.

The hot path is one match of the grammar's compiled reference pattern, which splits
the input as RFC 3986 Appendix B does while checking each component's characters,
followed by a handful of checks no character class can express (pct-encoded triplets,
IP literals, the rule's scheme and fragment, RFC 2396's ``server | reg_name``).  Only
when the input is invalid does ``_diagnose`` work out where and why.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from .._engine import split as core_split
from .charsets import BAD_PCT
from .diagnose import diagnose
from .grammar import Grammar, ReferenceRule
from .host import ip_literal_error

#: Indexes of the components in :class:`Parts` (0 is the whole reference): the value
#: type reads them; the algorithms take :data:`Components`.
SCHEME, AUTHORITY, USERINFO, HOST, PORT, PATH, QUERY, FRAGMENT = range(1, 9)

#: The components of a split reference, as plain strings in the order of RFC 3986 §3:
#: scheme, authority, userinfo, host, port, path, query, fragment (``None`` when
#: absent; the path is never absent).  What the algorithms below the value type take.
Components = tuple[
    str | None, str | None, str | None, str | None, str | None, str, str | None, str | None
]
#: The names of :data:`Components`, in order.
#: RFC 3986 Appendix B: the split of any string into the five components (scheme,
#: authority, path, query, fragment), which validates nothing; DOTALL, so that a control
#: character is data too.  Used where a string may be no URI at all (requote, lint, HTML).
APPENDIX_B = re.compile(r"(?:([^:/?#]+):)?(?://([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?", re.S)
COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


class Parts(Protocol):
    """A split reference: ``parts[0]`` is the text, ``parts[SCHEME]`` ... ``parts[FRAGMENT]``
    the components (``None`` when absent).  Usually the ``re.Match`` itself, so that a
    component becomes a string only when asked for."""

    def __getitem__(self, index: int, /) -> str | Any: ...

    def groups(self) -> tuple[str | Any, ...]: ...


#: The spans of a split reference: ``(0, len(text))``, then ``(start, end)`` of each
#: component (``(-1, -1)`` when absent), as ``re.Match.regs`` gives them: what a
#: ``URIReference`` keeps (issue 25), its components made when read.
Regs = tuple[tuple[int, int], ...]


class Split(tuple[str | None, ...]):
    """:class:`Parts` as a tuple, for components that differ from the pattern's groups."""

    __slots__ = ()

    def groups(self) -> tuple[str | None, ...]:
        return self[1:]


def split_python(text: str, grammar: Grammar, rule: ReferenceRule) -> Parts | None:
    """The parts of ``text`` under ``rule``, or ``None`` when it does not fit: the
    pure-Python engine, the reference for the compiled core's ``split``."""
    match = grammar.reference.match(text)
    if match is None or match.end() != len(text):  # never None: every part is optional
        return None
    if "%" in text and BAD_PCT.search(text) is not None:
        return None
    if rule.constrained and not _fits_rule(match, rule):
        return None
    if "[" in text:
        host = match[HOST]
        if host and host[0] == "[" and ip_literal_error(host, 0, len(host), grammar.ip_literal):
            return None
    if grammar.server_host is None and grammar.empty_scheme_specific_part:
        return match  # RFC 3986: the pattern said it all
    return _finish(match, grammar)


if core_split is None:
    split = split_python
else:
    _core_split = core_split

    def split(text: str, grammar: Grammar, rule: ReferenceRule) -> Parts | None:
        """The parts of ``text`` under ``rule``, or ``None`` when it does not fit (the
        compiled core's split for the grammars it serves, the same answers)."""
        if grammar.core is not None:
            found: Parts | None = _core_split(text, grammar.core, rule.flags)
            return found
        return split_python(text, grammar, rule)


def _fits_rule(match: re.Match[str], rule: ReferenceRule) -> bool:
    """The rule's scheme (required or forbidden), fragment and emptiness."""
    has_scheme = match.start(SCHEME) >= 0
    if rule.scheme == "required" and not has_scheme:
        return False
    if rule.scheme == "forbidden" and has_scheme:
        return False
    if not rule.empty and not match.end():
        return False
    return rule.fragment or match.start(FRAGMENT) < 0


def _finish(match: re.Match[str], grammar: Grammar) -> Parts | None:
    """The grammar's structural rules beyond the pattern (RFC 2396 §3, §3.2)."""
    scheme, authority, _, host, _, path, query, fragment = match.groups()
    if (
        not path
        and scheme is not None
        and authority is None
        and not grammar.empty_scheme_specific_part
    ):
        return None  # RFC 2396 §3: "scheme:" needs a hier_part or an opaque_part
    server_host = grammar.server_host
    if (
        authority is not None
        and server_host is not None
        and host is not None
        and host[:1] != "["
        and not (host and server_host(host))
    ):
        # §3.2: no server ("user@" or ":port" without a host, or a host that is no
        # hostname / IPv4address), so the authority is a registry-based reg_name; or the
        # empty server (``server = [ [ userinfo "@" ] hostport ]``), which has no host.
        return Split((match[0], scheme, authority, None, None, None, path, query, fragment))
    return match


def regs_of(parts: Parts) -> Regs:
    """The :data:`Regs` of ``parts``: a match's own, or those of a :class:`Split`'s
    strings, laid out as RFC 3986 §3 lays out a reference (``scheme:``, ``//``
    authority, ``userinfo@``, ``host``, ``:port``, path, ``?query``, ``#fragment``)."""
    if not isinstance(parts, tuple):
        regs: Regs = parts.regs  # type: ignore[attr-defined]  # an re.Match
        return regs
    text, scheme, authority, userinfo, host, port, path, query, fragment = parts
    absent = (-1, -1)
    found = [(0, len(text)), absent if scheme is None else (0, len(scheme))]
    at = 0 if scheme is None else len(scheme) + 1
    if authority is None:
        found += [absent] * 4
    else:
        start, at = at + 2, at + 2 + len(authority)
        host_at = start if userinfo is None else start + len(userinfo) + 1
        found.append((start, at))
        found.append(absent if userinfo is None else (start, host_at - 1))
        found.append(absent if host is None else (host_at, host_at + len(host)))
        found.append(absent if port is None else (at - len(port), at))
    found.append((at, at + len(path)))
    at += len(path)
    found.append(absent if query is None else (at + 1, at + 1 + len(query)))
    at += 0 if query is None else len(query) + 1
    found.append(absent if fragment is None else (at + 1, len(text)))
    return tuple(found)


def components(parts: Parts) -> Components:
    """The components of ``parts`` as a tuple of strings."""
    found: Components = parts.groups()  # type: ignore[assignment]
    return found


def read(text: str, grammar: Grammar, rule: ReferenceRule) -> Components:
    """The components of ``text`` under ``rule``; the :func:`failure` when it does not fit."""
    if not isinstance(text, str):
        raise failure(text, grammar, rule)  # the TypeError
    parts = split(text, grammar, rule)
    if parts is None:
        raise failure(text, grammar, rule)
    return components(parts)


def failure(text: str, grammar: Grammar, rule: ReferenceRule) -> Exception:
    """The exception for ``text``, which ``split`` rejected: a ``URISyntaxError`` saying
    where and why, or a ``TypeError`` for what is not a str at all."""
    if not isinstance(text, str):
        return TypeError(f"a URI reference is a str, not {type(text).__name__}")
    return diagnose(text, grammar, rule)
