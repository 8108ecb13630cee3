"""Changed copies of a reference: the one body of ``URIReference.replace``, on components
below the value type.  Each new component is checked against its rule (RFC 3986 §3), the
path against what precedes it (§3.3, §4.2), and the whole against the grammar."""

from __future__ import annotations

from collections.abc import Mapping

from .._syntax.components import component_rules
from .._syntax.grammar import Grammar
from .._syntax.parse import COMPONENTS, Components, read
from .._syntax.recompose import path_problem, recompose, recompose_authority
from ..errors import ErrorKind, URISyntaxError

__all__ = ["replaced"]


def replaced(c: Components, g: Grammar, changes: Mapping[str, str | int | None]) -> str:
    """The text of the reference ``c`` (of grammar ``g``) with ``changes`` made: each new
    value checked against its component's rule, then the recomposed whole against the
    grammar; nothing repaired.  The one body of ``URIReference.replace``."""
    rules = component_rules(g)
    values: dict[str, str | None] = dict(zip(COMPONENTS, c, strict=True))
    old_authority = c[1]
    changed: set[str] = set()  # those given a value other than their own
    for name, value in changes.items():
        if name not in values:
            raise TypeError(f"replace() got an unknown component {name!r}")
        if name == "port" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if value is None and name == "path":
            raise TypeError("path is never None; use '' for an empty path")
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
        if value is not None:
            problem = rules[name](value)
            if problem is not None:
                raise URISyntaxError(value, *problem, rule=name, grammar=g.name)
        if value != values[name]:  # its own value changes nothing (host=None, RFC 2396's
            values[name] = value  # registry-based authority: there is no host to remove)
            changed.add(name)
    if {"userinfo", "host", "port"} & changes.keys() and "authority" in changes:
        raise TypeError("give authority, or userinfo/host/port, not both")
    if {"userinfo", "host", "port"} & changed:
        host = values["host"]
        if host is not None:
            values["authority"] = recompose_authority(values["userinfo"], host, values["port"])
        elif values["userinfo"] is not None or values["port"] is not None:
            if old_authority:  # RFC 2396 §3.2.1
                raise ValueError(
                    f"the authority {old_authority!r} is registry-based ({g.sections} §3.2.1): "
                    "it has no userinfo, host or port to change; replace the authority, "
                    "or give a host"
                )
            raise ValueError(
                f"an authority with a userinfo or a port needs a host ({g.sections} §3.2)"
            )
        elif "host" in changed:
            values["authority"] = None  # host=None: no authority
        # else: userinfo=None or port=None on an authority without a host (RFC 2396's
        # registry-based or empty one) changes nothing, and the authority stays
    path = values["path"] or ""
    text = recompose(
        values["scheme"], values["authority"], path, values["query"], values["fragment"]
    )
    problem = path_problem(values["scheme"] is not None, values["authority"] is not None, path)
    if problem is not None:
        offset, kind, reason = problem
        start = len(recompose(values["scheme"], values["authority"], "", None, None))
        reason = f"with {_given(changes)}: {reason}"
        raise URISyntaxError(text, start + offset, kind, reason, grammar=g.name)
    try:
        new = dict(zip(COMPONENTS, read(text, g, g.rules["URI-reference"]), strict=True))
    except URISyntaxError as error:  # the whole, which each part's rule could not judge
        reason = f"with {_given(changes)}: {error.reason}"
        raise URISyntaxError(
            text, error.position, error.kind, reason, rule=error.rule, grammar=g.name
        ) from None
    for name in ("scheme", "authority", "path", "query", "fragment"):
        if new[name] != values[name]:
            raise URISyntaxError(
                text,
                0,
                ErrorKind.INVALID_PATH,
                f"the {name} would not read back as given ({g.title})",
                grammar=g.name,
            )
    return text


def _given(changes: Mapping[str, str | int | None]) -> str:
    """The changes as a reason names them (``host=None, path='/a'``), long values cut."""
    shown = []
    for name, value in changes.items():
        text = repr(value)
        shown.append(f"{name}={text if len(text) <= 40 else text[:36] + '...'}")
    return ", ".join(shown)
