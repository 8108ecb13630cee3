"""``URIReference``: the parsed, immutable value, and the functions that make one.

A reference keeps its input text and its components exactly as written: ``None`` for
an absent component, ``""`` for one that is present but empty (RFC 3986 §5.3 relies on
the difference), and ``str(reference)`` is always the input.  Equality and hashing are
simple string comparison (RFC 3986 §6.2.1); equivalence is a separate question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from ._components import component_rules
from ._grammar import GRAMMARS, Grammar, ReferenceRule, get_grammar
from ._parse import (
    AUTHORITY,
    FRAGMENT,
    HOST,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    USERINFO,
    Parts,
    failure,
    split,
)
from .errors import ErrorKind, URISyntaxError

__all__ = ["URIReference", "is_valid", "parse", "validate"]

#: The longest port ``port_number`` converts: Python's default limit for str <-> int.
_MAX_PORT_DIGITS = 4300

COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


class URIReference:
    """A URI reference split into its components (RFC 3986 §3, §4.1; RFC 2396 §3, §4).

    Build one with :func:`urikit.parse` (or ``URIReference(text)``, the same thing).
    Immutable: :meth:`replace` makes changed copies.

    >>> ref = parse("http://user@[2001:db8::7]:8080/a/b;p?q=1#frag")
    >>> ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment
    ('http', 'user', '[2001:db8::7]', '8080', '/a/b;p', 'q=1', 'frag')
    >>> ref.host_type, ref.port_number
    ('ipv6', 8080)
    >>> parse("http://h?").query, parse("http://h").query is None
    ('', True)
    """

    # _parts: the text at [0] and the components at SCHEME..FRAGMENT (see _parse.Parts).
    __slots__ = ("_grammar", "_parts")
    _parts: Parts
    _grammar: Grammar

    def __new__(
        cls, text: str, *, grammar: str | Grammar = "rfc3986", rule: str = "URI-reference"
    ) -> URIReference:
        return parse(text, grammar=grammar, rule=rule)

    # -- components (RFC 3986 §3) ---------------------------------------------------
    @property
    def scheme(self) -> str | None:
        """The scheme, as written (RFC 3986 §3.1), or ``None`` for a relative reference."""
        return self._parts[SCHEME]

    @property
    def authority(self) -> str | None:
        """Everything between ``//`` and the path (§3.2), or ``None`` without ``//``."""
        return self._parts[AUTHORITY]

    @property
    def userinfo(self) -> str | None:
        """The part of the authority before ``@`` (§3.2.1), or ``None``."""
        return self._parts[USERINFO]

    @property
    def host(self) -> str | None:
        """The host (§3.2.2), brackets kept for IP literals; ``None`` without authority
        (and, under RFC 2396, for a registry-based authority)."""
        return self._parts[HOST]

    @property
    def port(self) -> str | None:
        """The port's digits as written (§3.2.3): ``""`` for ``host:``, ``None`` for none."""
        return self._parts[PORT]

    @property
    def path(self) -> str:
        """The path (§3.3); never ``None``, possibly ``""``.  Under RFC 2396 the
        ``opaque_part`` of an opaque URI (``mailto:x?y`` has path ``x?y``)."""
        path: str = self._parts[PATH]
        return path

    @property
    def query(self) -> str | None:
        """The query after ``?`` (§3.4): ``""`` for a bare ``?``, ``None`` for none."""
        return self._parts[QUERY]

    @property
    def fragment(self) -> str | None:
        """The fragment after ``#`` (§3.5): ``""`` for a bare ``#``, ``None`` for none."""
        return self._parts[FRAGMENT]

    # -- derived facts ---------------------------------------------------------------
    @property
    def grammar(self) -> str:
        """The name of the grammar this reference was parsed under."""
        return self._grammar.name

    @property
    def port_number(self) -> int | None:
        """The port as an int, or ``None`` when absent or empty (``http://h:/``).

        ``port = *DIGIT`` (RFC 3986 §3.2.3) has no upper bound, but Python will not turn
        an int of more than 4,300 digits into text (``str``, ``json.dumps``: its
        ``sys.int_info.default_max_str_digits``), and no conversion of such a number is
        linear in its length: a port of more significant digits raises
        :class:`ValueError` saying so, rather than hand over such an int.

        >>> parse("http://h:0080/").port_number, parse("http://h:/").port_number
        (80, None)
        """
        port: str | None = self._parts[PORT]
        if not port:
            return None
        digits = port.lstrip("0") or "0"
        if len(digits) > _MAX_PORT_DIGITS:
            raise ValueError(
                f"the port has {len(digits)} digits, too many for an int "
                f"(at most {_MAX_PORT_DIGITS}); read it as a string from .port"
            )
        value = 0
        for i in range(0, len(digits), 600):  # under any int_max_str_digits a user sets
            chunk = digits[i : i + 600]
            value = value * 10 ** len(chunk) + int(chunk)
        return value

    @property
    def host_type(self) -> str | None:
        """Which host rule matched: ``"ipv6"``, ``"ipvfuture"``, ``"ipv4"``, ``"reg-name"``
        (RFC 3986 §3.2.2); under RFC 2396 ``"ipv6"``, ``"ipv4"`` or ``"hostname"``.
        ``None`` without a host, and for RFC 2396's empty server (``file:///``)."""
        host = self._parts[HOST]
        return None if host is None else self._grammar.host_type(host)

    @property
    def is_relative(self) -> bool:
        """No scheme: a relative reference (RFC 3986 §4.2)."""
        return self._parts[SCHEME] is None

    @property
    def is_absolute(self) -> bool:
        """A scheme and no fragment: an absolute URI (RFC 3986 §4.3, ``absolute-URI``)."""
        return self._parts[SCHEME] is not None and self._parts[FRAGMENT] is None

    @property
    def is_opaque(self) -> bool:
        """A scheme, no authority and a path not starting with ``/``: RFC 2396's
        ``opaque_part`` (RFC 3986 §1.2.3 calls such paths opaque to hierarchy)."""
        parts = self._parts
        return parts[SCHEME] is not None and parts[AUTHORITY] is None and parts[PATH][:1] != "/"

    # -- making new references -------------------------------------------------------
    def replace(self, **components: str | int | None) -> URIReference:
        """A copy with the given components changed, validated under the same grammar.

        ``authority`` replaces userinfo, host and port together; giving any of those
        three rebuilds the authority from them.  ``port`` may be an int.  Each value is
        checked against its component's rule, then the whole against the grammar.

        >>> parse("http://a/b?c").replace(scheme="https", port=8443, query=None)
        URIReference('https://a:8443/b')
        """
        return _replace(self, components)

    def resolve(
        self,
        ref: str | URIReference,
        *,
        strict: bool = True,
        above_root: Literal["keep", "drop", "raise"] | None = None,
    ) -> URIReference:
        """Resolve ``ref`` against this reference as the base (RFC 3986 §5.2, or RFC 2396
        §5.2 for an RFC 2396 reference); see :func:`urikit.resolve`.

        >>> parse("http://a/b/c/d;p?q").resolve("../g")
        URIReference('http://a/b/g')
        """
        from .resolve import resolve_reference

        return resolve_reference(self, ref, strict=strict, above_root=above_root)

    def relativize(self, target: str | URIReference) -> URIReference:
        """The shortest reference from this base to ``target``; see :func:`urikit.relativize`.

        >>> parse("http://a/b/c/d").relativize("http://a/b/x?y")
        URIReference('../x?y')
        """
        from .resolve import relativize

        return parse(relativize(self, target), grammar=self._grammar)

    def normalize(self, *, level: Literal["string", "syntax", "scheme"] = "scheme") -> URIReference:
        """The normal form at ``level`` of the comparison ladder (RFC 3986 §6.2, or RFC
        2396 §6 for an RFC 2396 reference); see :func:`urikit.normalize`.

        >>> parse("HTTP://Example.COM:80").normalize()
        URIReference('http://example.com/')
        """
        from .normalize import normalize_reference

        return normalize_reference(self, level=level)

    def query_params(
        self, *, encoding: str = "utf-8", errors: str = "strict"
    ) -> list[tuple[str, str]]:
        """The decoded ``name=value`` pairs of a form-style query (``&``-separated, ``+``
        for a space), in order; ``[]`` without a query.  See :func:`urikit.parse_query`.

        >>> parse("http://h/s?q=a+b%26c&flag").query_params()
        [('q', 'a b&c'), ('flag', '')]
        """
        from .compose import parse_query

        query = self._parts[QUERY]
        return [] if query is None else parse_query(query, encoding=encoding, errors=errors)

    def with_query_params(
        self, pairs: Iterable[tuple[str, str | int | None]] | Mapping[str, str | int | None]
    ) -> URIReference:
        """A copy whose query is built from ``pairs`` (see :func:`urikit.build_query`).

        >>> parse("http://h/s#f").with_query_params([("q", "x&y"), ("n", 2)])
        URIReference('http://h/s?q=x%26y&n=2#f')
        """
        from .compose import build_query

        return self.replace(query=build_query(pairs))

    def components(self) -> dict[str, str | None]:
        """The eight components as a dict (absent ones ``None``), e.g. for JSON."""
        return dict(zip(COMPONENTS, self._parts.groups(), strict=True))

    # -- value behaviour ---------------------------------------------------------------
    def __str__(self) -> str:
        text: str = self._parts[0]
        return text

    def __repr__(self) -> str:
        grammar = "" if self._grammar.name == "rfc3986" else f", grammar={self._grammar.name!r}"
        return f"URIReference({self._parts[0]!r}{grammar})"

    def __eq__(self, other: object) -> bool:
        """Simple string comparison (RFC 3986 §6.2.1), the bottom rung of the comparison
        ladder: ``HTTP://a`` and ``http://a`` are different references, though
        ``urikit.equivalent`` finds them equivalent.  The grammar is not compared."""
        if isinstance(other, URIReference):
            return bool(self._parts[0] == other._parts[0])
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._parts[0])

    def __reduce__(self) -> tuple[Callable[..., URIReference], tuple[str, str]]:
        return (_unpickle, (self._parts[0], self._grammar.name))

    def __copy__(self) -> URIReference:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> URIReference:
        return self


_new = object.__new__


def make(parts: Parts, grammar: Grammar) -> URIReference:
    """A reference from already-validated parts (internal; no checks)."""
    ref = _new(URIReference)
    ref._parts = parts
    ref._grammar = grammar
    return ref


def _unpickle(text: str, grammar: str) -> URIReference:
    return parse(text, grammar=grammar)


#: Grammars by name and by themselves, so that one dict lookup takes either.
_GRAMMARS: dict[str | Grammar, Grammar] = {}
for _grammar in GRAMMARS.values():
    _GRAMMARS[_grammar.name] = _GRAMMARS[_grammar] = _grammar


def _lookup(grammar: str | Grammar, rule: str) -> tuple[Grammar, ReferenceRule]:
    try:  # the common case first: a known grammar and a rule it has
        g = _GRAMMARS[grammar]
        return g, g.rules[rule]
    except (KeyError, TypeError):
        g = get_grammar(grammar)
        _check_rule_name(rule)
        if rule in component_rules(g):
            raise ValueError(
                f"{rule!r} is a component rule: use is_valid() or validate(), not parse()"
            ) from None
        return g, g.rule(rule)


def _check_rule_name(rule: object) -> None:
    if not isinstance(rule, str):
        raise TypeError(f"a rule name is a str, not {type(rule).__name__}")


def parse(
    text: str, *, grammar: str | Grammar = "rfc3986", rule: str = "URI-reference"
) -> URIReference:
    """Parse ``text`` as ``rule`` of ``grammar`` ("rfc3986", the default, or "rfc2396").

    Rules: RFC 3986 ``URI-reference`` (default), ``URI``, ``absolute-URI``,
    ``relative-ref``; RFC 2396 ``URI-reference``, ``absoluteURI``, ``relativeURI``.
    Raises :class:`urikit.URISyntaxError` with the position and the reason.

    >>> parse("ldap://[2001:db8::7]/c=GB?objectClass?one", grammar="rfc2396").query
    'objectClass?one'
    """
    try:  # inlined _lookup: this is the hottest path
        g = _GRAMMARS[grammar]
        shape = g.rules[rule]
    except (KeyError, TypeError):
        g, shape = _lookup(grammar, rule)
    try:
        parts = split(text, g, shape)
    except TypeError:
        raise failure(text, g, shape) from None
    if parts is None:
        raise failure(text, g, shape)
    ref = _new(URIReference)
    ref._parts = parts
    ref._grammar = g
    return ref


def validate(text: str, *, rule: str = "URI-reference", grammar: str | Grammar = "rfc3986") -> None:
    """Raise :class:`urikit.URISyntaxError` unless ``text`` matches ``rule``.

    Besides the reference rules of :func:`parse`, ``rule`` may name a component rule:
    ``scheme``, ``authority``, ``userinfo``, ``host``, ``port``, ``path``, ``query``,
    ``fragment``; RFC 3986 also ``IP-literal``, ``IPv4address``, ``IPv6address``,
    ``reg-name``; RFC 2396 also ``hostname``, ``IPv4address``, ``IPv6reference``,
    ``reg_name``.

    >>> validate("2001:db8::1", rule="IPv6address")
    >>> validate("1.2.3.256", rule="IPv4address")
    Traceback (most recent call last):
    ...
    urikit.errors.URISyntaxError: an IPv4 octet is a number from 0 to 255 at position 8
      1.2.3.256
              ^
    """
    g = get_grammar(grammar)
    _check_rule_name(rule)
    check = component_rules(g).get(rule)
    if check is None:
        parse(text, grammar=g, rule=rule)
        return
    if not isinstance(text, str):
        raise TypeError(f"a URI component is a str, not {type(text).__name__}")
    problem = check(text)
    if problem is not None:
        raise URISyntaxError(text, *problem, rule=rule, grammar=g.name)


def is_valid(text: str, *, rule: str = "URI-reference", grammar: str | Grammar = "rfc3986") -> bool:
    """Whether ``text`` matches ``rule`` of ``grammar`` (rules: see :func:`validate`).

    >>> is_valid("//g", rule="relative-ref"), is_valid("//g", rule="URI")
    (True, False)
    """
    g = get_grammar(grammar)
    _check_rule_name(rule)
    check = component_rules(g).get(rule)
    if check is not None:
        if not isinstance(text, str):
            raise TypeError(f"a URI component is a str, not {type(text).__name__}")
        return check(text) is None
    shape = g.rule(rule)
    try:
        return split(text, g, shape) is not None
    except TypeError:
        raise failure(text, g, shape) from None


def recompose(
    scheme: str | None, authority: str | None, path: str, query: str | None, fragment: str | None
) -> str:
    """RFC 3986 §5.3 Component Recomposition: each defined component with its delimiter."""
    return (
        ("" if scheme is None else scheme + ":")
        + ("" if authority is None else "//" + authority)
        + path
        + ("" if query is None else "?" + query)
        + ("" if fragment is None else "#" + fragment)
    )


def _replace(ref: URIReference, changes: dict[str, str | int | None]) -> URIReference:
    """``URIReference.replace``: check each new value, then the recomposed whole."""
    g = ref._grammar
    rules = component_rules(g)
    values: dict[str, str | None] = dict(zip(COMPONENTS, ref._parts.groups(), strict=True))
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
        values[name] = value
    if {"userinfo", "host", "port"} & changes.keys():
        if "authority" in changes:
            raise TypeError("give authority, or userinfo/host/port, not both")
        host = values["host"]
        if host is not None:
            values["authority"] = recompose_authority(values["userinfo"], host, values["port"])
        elif values["userinfo"] is not None or values["port"] is not None:
            if ref.authority:  # RFC 2396 §3.2.1
                raise ValueError(
                    f"the authority {ref.authority!r} is registry-based ({g.title} §3.2.1): "
                    "it has no userinfo, host or port to change; replace the authority, "
                    "or give a host"
                )
            raise ValueError("an authority with a userinfo or a port needs a host (§3.2)")
        elif "host" in changes:
            values["authority"] = None  # host=None: no authority
        # else: userinfo=None or port=None on an authority without a host (RFC 2396's
        # registry-based or empty one) changes nothing, and the authority stays
    path = values["path"] or ""
    text = recompose(
        values["scheme"], values["authority"], path, values["query"], values["fragment"]
    )
    _check_structure(text, values["scheme"], values["authority"], path)
    new = parse(text, grammar=g)
    for name in ("scheme", "authority", "path", "query", "fragment"):
        if getattr(new, name) != values[name]:
            raise URISyntaxError(
                text,
                0,
                ErrorKind.INVALID_PATH,
                f"the {name} would not read back as given ({g.title})",
                grammar=g.name,
            )
    return new


def recompose_authority(userinfo: str | None, host: str, port: str | None) -> str:
    """RFC 3986 §3.2 recomposed: ``[ userinfo "@" ] host [ ":" port ]``."""
    head = "" if userinfo is None else userinfo + "@"
    return head + host + ("" if port is None else ":" + port)


def _check_structure(text: str, scheme: str | None, authority: str | None, path: str) -> None:
    """RFC 3986 §3.3 and §4.2: what the path may begin with, given what precedes it."""
    start = (0 if scheme is None else len(scheme) + 1) + (
        0 if authority is None else len(authority) + 2
    )
    if authority is not None and path and path[0] != "/":
        reason = "with an authority, the path must be empty or begin with '/' (RFC 3986 §3.3)"
    elif authority is None and path.startswith("//"):
        reason = "without an authority, the path cannot begin with '//' (RFC 3986 §3.3)"
    elif scheme is None and authority is None and ":" in path.partition("/")[0]:
        raise URISyntaxError(
            text,
            start + path.index(":"),
            ErrorKind.COLON_IN_FIRST_SEGMENT,
            "':' in the first segment of a relative path would read as a scheme; "
            "write './' before it (RFC 3986 §4.2)",
        )
    else:
        return
    raise URISyntaxError(text, start, ErrorKind.INVALID_PATH, reason)
