"""URI Templates (RFC 6570): the value type, expansion (§3) and partial expansion.

A :class:`URITemplate` is parsed once (``syntax``), keeps its text as written,
and expands by the algorithm of RFC 6570 Appendix A, with each literal run encoded once
at parse time (§3.1).  Partial expansion gives the template whose expansion with the
remaining variables equals the expansion with all of them; matching (the inverse of
expansion) lives in ``match``.

Values (RFC 6570 §2.3 leaves their representation to the implementation): a ``str``; an
``int`` or ``float`` (its ``str()``); a ``bool`` (``true`` / ``false``, as JSON writes
them); a list or tuple of such values (§2.3 list); a mapping, or a list or tuple of
``(name, value)`` tuples, of such values (§2.3 associative array).  ``None`` is
undefined, and so is a list or associative array with no defined member (§2.3: a list
with no members, an array with no pairs or with every value undefined; members and pair
values that are ``None`` are skipped, as Appendix A expands "each defined" member).
Anything else is a ``TypeError``; a prefix modifier on a defined list or associative
array is a ``ValueError`` (§2.4.1: "not applicable to variables that have composite
values").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

from ..errors import ErrorKind, URISyntaxError
from .match import AmbiguousTemplateError, Matched, Matcher, compile_matcher
from .syntax import (
    OPERATORS,
    Expression,
    Operator,
    Part,
    VarSpec,
    encode_ur,
    expand_varspec,
    parse_template,
)

__all__ = ["URITemplate"]

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _expand_expression(expression: Expression, variables: Mapping[str, object]) -> str:
    op = expression.operator
    encode, named = op.encode, op.named
    items = []
    get = variables.get
    for spec in expression.varspecs:
        name = spec.name
        value = get(name)
        if value is None:
            continue
        if value.__class__ is str and spec.prefix is None:  # the common case, inline
            if not named:
                items.append(encode(value))
            elif value:
                items.append(name + "=" + encode(value))
            else:
                items.append(name + op.ifemp)
            continue
        item = expand_varspec(op, spec, value)
        if item is not None:
            items.append(item)
    if not items:
        return ""
    return op.first + (items[0] if len(items) == 1 else op.sep.join(items))


class URITemplate:
    """A URI Template (RFC 6570): parsed, expandable, partially expandable, matchable.

    ``URITemplate(text)`` raises :class:`urikit.URISyntaxError` at the first character
    of ``text`` that no template continues with (RFC 6570 §2).  Immutable; equal when
    their texts (and bound values, see :meth:`partial`) are.

    >>> t = URITemplate("https://api.example/repos{/owner,repo}/issues{?state,labels*}")
    >>> t.expand({"owner": "urikit", "repo": "urikit", "state": "open"})
    'https://api.example/repos/urikit/urikit/issues?state=open'
    >>> [spec.name for spec in t.variables]
    ['owner', 'repo', 'state', 'labels']
    """

    __slots__ = ("_bound", "_matcher", "_parts", "_plan", "_text")
    _text: str
    _parts: tuple[Part, ...]
    _plan: tuple[str | Expression, ...]
    _bound: Mapping[str, object]
    _matcher: Matcher | AmbiguousTemplateError | None

    def __init__(self, text: str) -> None:
        self._text = text
        self._parts = parse_template(text)
        # §3.1: a literal run is copied, its characters that a URI cannot hold encoded
        self._plan = tuple(
            encode_ur(part) if part.__class__ is str else part for part in self._parts
        )
        self._bound = _EMPTY
        self._matcher = None

    @property
    def variables(self) -> tuple[VarSpec, ...]:
        """Every varspec of the template, in order, with its modifiers and operator."""
        return tuple(
            spec for part in self._parts if isinstance(part, Expression) for spec in part.varspecs
        )

    @property
    def bound(self) -> Mapping[str, object]:
        """The values :meth:`partial` kept for variables it could not expand in place
        (empty for a template made from text)."""
        return self._bound

    def expand(self, variables: Mapping[str, object] = _EMPTY) -> str:
        """The URI reference ``variables`` make of this template (RFC 6570 §3).

        >>> URITemplate("{/path*}{?q,page}").expand({"path": ["a", "b c"], "q": "x&y"})
        '/a/b%20c?q=x%26y'
        >>> URITemplate("{+base}{#section}").expand({"base": "http://h/a/", "section": ""})
        'http://h/a/#'
        """
        if variables.__class__ is not dict and not isinstance(variables, Mapping):
            raise TypeError(f"variables is a mapping, not {type(variables).__name__}")
        if self._bound:
            variables = {**variables, **self._bound}
        try:
            return "".join(
                [
                    part if part.__class__ is str else _expand_expression(part, variables)  # type: ignore[arg-type]
                    for part in self._plan
                ]
            )
        except ValueError as error:  # a value its varspec cannot take: say which
            raise _value_error(self._text, self._parts, variables, error) from None

    def partial(self, variables: Mapping[str, object]) -> URITemplate:
        """The template whose expansion with any other variables is this template's
        expansion with ``variables`` and those: ``t.partial(a).expand(b) ==
        t.expand({**a, **b})`` when ``a`` and ``b`` name different variables.  A name
        given with ``None`` is undefined, and its varspecs go.

        Where RFC 6570 has an operator for the rest of an expression, the given values
        are expanded in place: ``{/a,b}`` with ``a`` becomes ``/A{/b}``, ``{?x,y}`` with
        ``x`` becomes ``?x=X{&y}``.  Where it has none (``{x,y}`` with ``x`` only: the
        ``,`` before ``y`` depends on ``y``), the expression stays as written and the
        values given for it are kept in :attr:`bound`, which :meth:`expand` uses.

        >>> t = URITemplate("/r{/a,b}{?x,y}")
        >>> str(t.partial({"a": "1", "x": "2"}))
        '/r/1{/b}?x=2{&y}'
        >>> t.partial({"b": None, "y": "3"})
        URITemplate('/r{/a}{?x,y}', bound={'y': '3'})
        """
        if not isinstance(variables, Mapping):
            raise TypeError(f"variables is a mapping, not {type(variables).__name__}")
        given = {**variables, **self._bound}
        bound = dict(self._bound)
        pieces = []
        try:
            for part in self._parts:
                if isinstance(part, str):
                    pieces.append(part)
                else:
                    pieces.append(_partial_expression(part, given, bound))
        except ValueError as error:  # a value its varspec cannot take: say which
            raise _value_error(self._text, self._parts, given, error) from None
        result = URITemplate("".join(pieces))
        names = {spec.name for spec in result.variables}
        result._bound = MappingProxyType({k: v for k, v in bound.items() if k in names}) or _EMPTY
        return result

    def match(
        self, uri: str, *, query: Literal["strict", "any"] = "strict"
    ) -> dict[str, Matched] | None:
        """The variables whose expansion of this template is ``uri``, or ``None``: read
        left to right in one pass, values decoded as their operator encoded them (§1.5),
        in the normal form of ``docs/templates.md`` (``t.expand(t.match(u)) == u``).
        ``query="strict"`` reads ``{?a,b}`` as expansion writes it (any subset, in
        order), ``"any"`` in any order too.  A template outside the invertible subset
        (``{a}{b}``, ``{x,y}``, ``{+path}{?q}`` ...) raises
        :class:`urikit.AmbiguousTemplateError`, never a wrong answer.

        >>> t = URITemplate("/files{/path*}{?v,lang}")
        >>> t.match("/files/a/b%20c?lang=en")
        {'path': ['a', 'b c'], 'lang': 'en'}
        >>> t.match("/files/a?lang=en&v=2") is None, t.match("/files/a?lang=en&v=2", query="any")
        (True, {'path': ['a'], 'lang': 'en', 'v': '2'})
        """
        matcher = self._matcher
        if matcher.__class__ is not Matcher:
            matcher = self._compile_matcher()
        found = matcher.match(uri, query)
        if found is None or not self._bound:
            return found
        return self._check_bound(found)

    def _compile_matcher(self) -> Matcher:
        """The matcher, compiled at the first match; a refusal is kept and raised again."""
        if self._matcher is None:
            try:
                self._matcher = compile_matcher(self._text, self._parts)
            except AmbiguousTemplateError as error:
                self._matcher = error
        if isinstance(self._matcher, AmbiguousTemplateError):
            refused = self._matcher  # a new error each time, not one traceback growing
            raise AmbiguousTemplateError(refused.text, refused.position, refused.reason)
        return self._matcher

    def _check_bound(self, found: dict[str, Matched]) -> dict[str, Matched] | None:
        """``found`` without the bound variables, if each expands as its bound value does
        wherever it stands (else no values make ``uri``)."""
        for part in self._parts:
            if isinstance(part, Expression):
                for spec in part.varspecs:
                    if spec.name in self._bound:
                        want = expand_varspec(part.operator, spec, self._bound[spec.name])
                        if expand_varspec(part.operator, spec, found.get(spec.name)) != want:
                            return None
        return {name: value for name, value in found.items() if name not in self._bound}

    # -- value behaviour ---------------------------------------------------------------
    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        bound = f", bound={dict(self._bound)!r}" if self._bound else ""
        return f"URITemplate({self._text!r}{bound})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, URITemplate):
            return self._text == other._text and dict(self._bound) == dict(other._bound)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._text, dict(self._bound)))


def _rebuild(text: str, bound: dict[str, object]) -> URITemplate:
    template = URITemplate(text)
    template._bound = MappingProxyType(bound) if bound else _EMPTY
    return template


def _value_error(
    text: str, parts: tuple[Part, ...], variables: Mapping[str, object], error: ValueError
) -> ValueError:
    """The error of the first varspec of ``text`` whose value in ``variables`` it cannot
    expand (``error`` was raised expanding it): a :class:`URISyntaxError` of kind
    ``INVALID_VALUE`` at that varspec in the template, as a syntax error of the
    template would be (a prefix of a list, §2.4.1; a string without octets, §3.2.1)."""
    for part in parts:
        if isinstance(part, Expression):
            at = part.start + 1 + len(part.operator.char)
            for spec in part.varspecs:
                value = variables.get(spec.name)
                try:
                    expand_varspec(part.operator, spec, value)
                except ValueError as found:
                    reason = str(found)
                    if isinstance(found, URISyntaxError):  # from the encoding of a string
                        reason = (
                            f"the value of {spec.name!r} ({found.text!r}, at index "
                            f"{found.position}): {found.reason}"
                        )
                    return URISyntaxError(
                        text,
                        at,
                        ErrorKind.INVALID_VALUE,
                        reason,
                        rule="URI-Template",
                        grammar="rfc6570",
                    )
                at += len(str(spec)) + 1
    return error  # (every varspec expands alone: not a value's error, raised as it was)


def _partial_expression(
    expression: Expression, given: Mapping[str, object], bound: dict[str, object]
) -> str:
    """The text that stands for ``expression`` once the ``given`` variables are known:
    expanded pieces (literals now) and expressions of the rest (see ``partial``)."""
    op = expression.operator
    known: list[tuple[VarSpec, str | None]] = []  # (spec, its expansion) in order
    for spec in expression.varspecs:
        if spec.name in given:
            item = expand_varspec(op, spec, given[spec.name])
            if item is not None:
                known.append((spec, item))
        else:
            known.append((spec, None))
    if all(item is not None for _, item in known):
        items = [item for _, item in known if item is not None]
        return op.first + op.sep.join(items) if items else ""
    if all(item is None for _, item in known):
        return _render(op, [spec for spec, _ in known])
    if op.first == op.sep:  # §3.2.5-3.2.7, §3.2.9: every value stands on its own
        return "".join(
            op.sep + item if item is not None else _render(op, [spec]) for spec, item in known
        )
    first_unknown = next(i for i, (_, item) in enumerate(known) if item is None)
    if op.char == "?" and all(item is None for _, item in known[first_unknown:]):
        done = [item for _, item in known[:first_unknown] if item is not None]
        return "?" + "&".join(done) + _render(OPERATORS["&"], [s for s, _ in known[first_unknown:]])
    for spec, item in known:  # no operator for the rest: keep it whole, values bound
        if item is not None:
            bound[spec.name] = given[spec.name]
    return _render(op, [spec for spec, _ in known])


def _render(op: Operator, specs: list[VarSpec]) -> str:
    return "{" + op.char + ",".join(map(str, specs)) + "}"
