"""Routing: which of several URI Templates a URI matches, and its variables, as a router
answers it.

The templates are tried in an order (``order="given"``: as given, the first that matches
wins, as most routers do; ``"specific"``: the ones with the most literal characters
first, ties as given, so that ``/users/me`` wins over ``/users/{id}`` whatever the order),
each with :meth:`URITemplate.match`.  Only the templates whose leading literal (what
every expansion starts with) the URI starts with are tried: the leading literals are
grouped, and a URI looks up each distinct length of them once, the longest first, so
that a thousand templates under a hundred prefixes cost a few lookups and the matches
of the few that can match.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from .match import Matched
from .syntax import encode_ur, parse_template
from .template import URITemplate

__all__ = ["Router"]

Order = Literal["given", "specific"]


class Router:
    """``templates`` (text, or :class:`URITemplate`), each parsed and checked now: a
    :class:`urikit.URISyntaxError` for an invalid one, an
    :class:`urikit.AmbiguousTemplateError` for one outside the invertible subset."""

    __slots__ = ("_lengths", "_query", "_tried", "templates")

    def __init__(
        self,
        templates: Iterable[str | URITemplate],
        *,
        query: Literal["strict", "any"] = "strict",
        order: Order = "given",
    ) -> None:
        if isinstance(templates, str | URITemplate):
            raise TypeError("templates is a list of templates, not one template")
        if query not in ("strict", "any"):
            raise ValueError(f"query is 'strict' or 'any', not {query!r}")
        if order not in ("given", "specific"):
            raise ValueError(f"order is 'given' or 'specific', not {order!r}")
        self.templates = [t if isinstance(t, URITemplate) else URITemplate(t) for t in templates]
        self._query = query
        leading: list[str] = []
        literal: list[int] = []  # the literal characters of each template's expansions
        for template in self.templates:
            template.match("", query=query)  # an AmbiguousTemplateError now, not at a row
            parts = parse_template(str(template))
            first = parts[0] if parts and isinstance(parts[0], str) else ""
            leading.append(encode_ur(first))
            literal.append(sum(len(encode_ur(p)) for p in parts if isinstance(p, str)))
        ranks = list(range(len(self.templates)))
        if order == "specific":
            ranks.sort(key=lambda i: (-literal[i], i))
        prefixes = set(leading)
        #: for each leading literal, the templates a URI that starts with it (and with
        #: no longer leading literal) may match, in the order they are tried
        self._tried = {
            prefix: tuple(
                (i, self.templates[i].match) for i in ranks if prefix.startswith(leading[i])
            )
            for prefix in prefixes
        }
        self._lengths = sorted({len(prefix) for prefix in prefixes}, reverse=True)

    def route(self, uri: str) -> tuple[int, dict[str, Matched]] | None:
        """The index of the first template (in the router's order) that matches ``uri``,
        with its variables; ``None`` when none does."""
        if uri.__class__ is not str and not isinstance(uri, str):
            raise TypeError(f"the URI to match is a str, not {type(uri).__name__}")
        tried, size = self._tried, len(uri)
        for length in self._lengths:  # the longest leading literal the URI starts with
            candidates = tried.get(uri[:length]) if length <= size else None
            if candidates is not None:
                query = self._query
                for index, match in candidates:
                    found = match(uri, query=query)
                    if found is not None:
                        return index, found
                return None
        return None
