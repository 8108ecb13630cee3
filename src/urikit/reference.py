"""``URIReference``: the parsed, immutable value, and the functions that make one.

A reference keeps its input text and its components exactly as written: ``None`` for
an absent component, ``""`` for one that is present but empty (RFC 3986 §5.3 relies on
the difference), and ``str(reference)`` is always the input.  Equality and hashing are
simple string comparison (RFC 3986 §6.2.1); equivalence is a separate question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from ._grammar import Grammar, get_grammar
from ._parse import Parts, parse_parts, split
from .errors import ErrorKind, URISyntaxError

__all__ = ["URIReference", "is_valid", "parse"]

_COMPONENTS = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")


class URIReference:
    """A URI reference split into its components (RFC 3986 §3, §4.1; RFC 2396 §3, §4).

    Build one with :func:`urikit.parse` (or ``URIReference(text)``, the same thing).

    >>> ref = parse("http://user@[2001:db8::7]:8080/a/b;p?q=1#frag")
    >>> ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment
    ('http', 'user', '[2001:db8::7]', '8080', '/a/b;p', 'q=1', 'frag')
    >>> ref.host_type, ref.port_number
    ('ipv6', 8080)
    >>> parse("http://h?").query, parse("http://h").query is None
    ('', True)
    """

    __slots__ = ("_grammar", "_parts", "_text")
    _text: str
    _parts: Parts
    _grammar: Grammar

    def __new__(
        cls, text: str, *, grammar: str = "rfc3986", rule: str = "URI-reference"
    ) -> URIReference:
        return parse(text, grammar=grammar, rule=rule)

    # -- components (RFC 3986 §3) ---------------------------------------------------
    @property
    def scheme(self) -> str | None:
        """The scheme, as written (RFC 3986 §3.1), or ``None`` for a relative reference."""
        return self._parts[0]

    @property
    def authority(self) -> str | None:
        """Everything between ``//`` and the path (§3.2), or ``None`` without ``//``."""
        return self._parts[1]

    @property
    def userinfo(self) -> str | None:
        """The part of the authority before ``@`` (§3.2.1), or ``None``."""
        return self._parts[2]

    @property
    def host(self) -> str | None:
        """The host (§3.2.2), brackets kept for IP literals; ``None`` without authority
        (and, under RFC 2396, for a registry-based authority)."""
        return self._parts[3]

    @property
    def port(self) -> str | None:
        """The port's digits as written (§3.2.3): ``""`` for ``host:``, ``None`` for none."""
        return self._parts[4]

    @property
    def path(self) -> str:
        """The path (§3.3); never ``None``, possibly ``""``.  Under RFC 2396 the
        ``opaque_part`` of an opaque URI (``mailto:x?y`` has path ``x?y``)."""
        return self._parts[5]

    @property
    def query(self) -> str | None:
        """The query after ``?`` (§3.4): ``""`` for a bare ``?``, ``None`` for none."""
        return self._parts[6]

    @property
    def fragment(self) -> str | None:
        """The fragment after ``#`` (§3.5): ``""`` for a bare ``#``, ``None`` for none."""
        return self._parts[7]

    # -- derived facts ---------------------------------------------------------------
    @property
    def grammar(self) -> str:
        """The name of the grammar this reference was parsed under."""
        return self._grammar.name

    @property
    def port_number(self) -> int | None:
        """The port as an int, or ``None`` when absent or empty (``http://h:/``)."""
        port = self._parts[4]
        if not port:
            return None
        digits = port.lstrip("0") or "0"
        if len(digits) <= 4000:
            return int(digits)
        return _big_decimal(digits)  # beyond Python's str-to-int digit limit

    @property
    def host_type(self) -> str | None:
        """Which host rule matched: ``"ipv6"``, ``"ipvfuture"``, ``"ipv4"``, ``"reg-name"``
        (RFC 3986 §3.2.2); under RFC 2396, ``"ipv6"``, ``"ipv4"`` or ``"hostname"``.
        ``None`` without a host (and for RFC 2396's empty server)."""
        host = self._parts[3]
        if host is None:
            return None
        return self._grammar.host_type(host) if host or self._grammar.server_host is None else None

    @property
    def is_relative(self) -> bool:
        """No scheme: a relative reference (RFC 3986 §4.2)."""
        return self._parts[0] is None

    @property
    def is_absolute(self) -> bool:
        """A scheme and no fragment: an absolute URI (RFC 3986 §4.3, ``absolute-URI``)."""
        return self._parts[0] is not None and self._parts[7] is None

    @property
    def is_opaque(self) -> bool:
        """A scheme, no authority and a path not starting with ``/``: RFC 2396's
        ``opaque_part`` (RFC 3986 §1.2.3 calls such paths opaque to hierarchy)."""
        parts = self._parts
        return parts[0] is not None and parts[1] is None and parts[5][:1] != "/"

    # -- making new references -------------------------------------------------------
    def replace(self, **components: str | int | None) -> URIReference:
        """A copy with the given components changed, validated under the same grammar.

        ``authority`` replaces userinfo, host and port together; giving any of those
        three rebuilds the authority from them.  ``port`` may be an int.

        >>> parse("http://a/b?c").replace(scheme="https", port=8443, query=None)
        URIReference('https://a:8443/b')
        """
        return _replace(self, components)

    def components(self) -> dict[str, str | None]:
        """The eight components as a dict (absent ones ``None``), e.g. for JSON."""
        return dict(zip(_COMPONENTS, self._parts))

    # -- value behaviour ---------------------------------------------------------------
    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        grammar = "" if self._grammar.name == "rfc3986" else f", grammar={self._grammar.name!r}"
        return f"URIReference({self._text!r}{grammar})"

    def __eq__(self, other: object) -> bool:
        """Simple string comparison (RFC 3986 §6.2.1); see ``urikit.equivalent``."""
        if isinstance(other, URIReference):
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"URIReference is immutable; use replace() to change {name}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("URIReference is immutable")

    def __reduce__(self) -> tuple[Callable[..., URIReference], tuple[str, str]]:
        return (_unpickle, (self._text, self._grammar.name))

    def __copy__(self) -> URIReference:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> URIReference:
        return self


_new = object.__new__
# The slots' own descriptors write past the immutable __setattr__.
_set_text = vars(URIReference)["_text"].__set__
_set_parts = vars(URIReference)["_parts"].__set__
_set_grammar = vars(URIReference)["_grammar"].__set__


def make(text: str, parts: Parts, grammar: Grammar) -> URIReference:
    """A reference from already-validated parts (internal; no checks)."""
    ref = _new(URIReference)
    _set_text(ref, text)
    _set_parts(ref, parts)
    _set_grammar(ref, grammar)
    return ref


def _unpickle(text: str, grammar: str) -> URIReference:
    return parse(text, grammar=grammar)


def _big_decimal(digits: str) -> int:
    """``int(digits)`` for strings beyond Python's str-to-int digit limit."""
    value = 0
    for i in range(0, len(digits), 4000):
        chunk = digits[i : i + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


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
    g = get_grammar(grammar)
    return make(text, parse_parts(text, g, g.rule(rule)), g)


def is_valid(text: str, *, rule: str = "URI-reference", grammar: str | Grammar = "rfc3986") -> bool:
    """Whether ``text`` matches ``rule`` of ``grammar`` (see :func:`parse` for the rules).

    >>> is_valid("//g", rule="relative-ref"), is_valid("//g", rule="URI")
    (True, False)
    """
    g = get_grammar(grammar)
    if not isinstance(text, str):
        raise TypeError(f"a URI reference is a str, not {type(text).__name__}")
    return split(text, g, g.rule(rule)) is not None


def recompose(parts: Parts) -> str:
    """RFC 3986 §5.3 component recomposition."""
    scheme, authority, _, _, _, path, query, fragment = parts
    result: list[str] = []
    if scheme is not None:
        result += (scheme, ":")
    if authority is not None:
        result += ("//", authority)
    result.append(path)
    if query is not None:
        result += ("?", query)
    if fragment is not None:
        result += ("#", fragment)
    return "".join(result)


def _replace(ref: URIReference, changes: dict[str, str | int | None]) -> URIReference:
    unknown = set(changes) - set(_COMPONENTS)
    if unknown:
        raise TypeError(f"replace() got unknown components: {', '.join(sorted(unknown))}")
    values = dict(zip(_COMPONENTS, ref._parts))
    for name, value in changes.items():
        if isinstance(value, int) and name == "port":
            value = str(value)
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
        if name == "path" and value is None:
            raise TypeError("path is never None; use '' for an empty path")
        values[name] = value
    server = {"userinfo", "host", "port"} & set(changes)
    if server:
        if "authority" in changes:
            raise TypeError("give authority, or userinfo/host/port, not both")
        values["authority"] = _authority(values["userinfo"], values["host"], values["port"])
    authority = values["authority"]
    text = recompose(
        (
            values["scheme"],
            authority,
            None,
            None,
            None,
            values["path"],
            values["query"],
            values["fragment"],
        )  # type: ignore[arg-type]
    )
    g = ref._grammar
    new = parse(text, grammar=g)
    wanted = {name: values[name] for name in _COMPONENTS if name in changes}
    for name, value in wanted.items():
        got = getattr(new, name)
        if got != value:
            _mismatch(text, name, value, got)
    return new


def _authority(userinfo: str | None, host: str | None, port: str | None) -> str | None:
    if host is None:
        if userinfo is None and port is None:
            return None
        raise TypeError("an authority with userinfo or port needs a host")
    return f"{userinfo + '@' if userinfo is not None else ''}{host}{':' + port if port is not None else ''}"


def _mismatch(text: str, name: str, wanted: str | None, got: str | None) -> NoReturn:
    """The recomposed text does not give ``name`` back: explain as a syntax error."""
    if wanted is not None and got is not None and wanted.startswith(got) and len(got) < len(wanted):
        position = text.find(wanted) + len(got)
        raise URISyntaxError(
            text,
            position,
            ErrorKind.UNEXPECTED_CHARACTER,
            f"{text[position]!r} is not allowed in the {name}",
        )
    if name == "path":
        raise URISyntaxError(
            text,
            0,
            ErrorKind.INVALID_PATH,
            "with an authority the path must be empty or begin with '/'; without one it "
            "cannot begin with '//', and a relative path's first segment cannot hold ':' "
            "(RFC 3986 §3.3, §4.2)",
        )
    raise URISyntaxError(
        text, 0, ErrorKind.UNEXPECTED_CHARACTER, f"the {name} {wanted!r} does not fit there"
    )
