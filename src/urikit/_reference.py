"""``URIReference``: the parsed, immutable value; the functions that make one (``parse``,
``validate``, ``is_valid``); and how every other function reads a reference argument.

A reference keeps its input text and its components exactly as written: ``None`` for
an absent component, ``""`` for one that is present but empty (RFC 3986 §5.3 relies on
the difference), and ``str(reference)`` is always the input.  Equality and hashing are
simple string comparison (RFC 3986 §6.2.1); equivalence is a separate question.

The value sits on top of the algorithms: its methods (``resolve``, ``relativize``,
``normalize``, ``replace``, ``query_params``) call the same bodies as the functions of
``_operations`` and return values where those return strings.

``grammar=`` means one thing everywhere: ``None`` (the default) is the grammar of the
reference argument when it is a :class:`URIReference`, else RFC 3986; a grammar given
reads the argument again under it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import TYPE_CHECKING, Any

from . import _engine
from ._algorithms.normalize import Level, check_level, lower_host, normal
from ._algorithms.query import Pairs, build_query, parse_query
from ._algorithms.replace import replaced
from ._algorithms.resolve import AboveRoot, check_above_root, check_base, relative, transform
from ._syntax.components import component_rules
from ._syntax.grammar import GRAMMARS, RFC3986, Grammar, ReferenceRule, get_grammar
from ._syntax.parse import (
    AUTHORITY,
    COMPONENTS,
    FRAGMENT,
    HOST,
    PATH,
    PORT,
    QUERY,
    SCHEME,
    USERINFO,
    Components,
    Parts,
    Split,
    components,
    failure,
    read,
    regs_of,
    split,
)
from ._syntax.recompose import recompose
from .errors import URISyntaxError

__all__ = [
    "URIReference",
    "components_of",
    "grammar_of",
    "is_valid",
    "parse",
    "validate",
]

#: The longest port ``port_number`` converts: Python's default limit for str <-> int.
_MAX_PORT_DIGITS = 4300


class _Spans:
    """What a :class:`URIReference` keeps (issue 25): its text, its grammar and the spans
    of its components, each made a string when read.  The pure-Python engine's base
    class, which keeps the split itself (an ``re.Match``: the spans of the pattern's
    groups; a :class:`Split` where RFC 2396 changes them); the compiled core's
    (``csrc/reference.c``) keeps the ends of the components, built from the same spans,
    is not tracked by the garbage collector, and answers the same."""

    __slots__ = ("_grammar", "_parts", "_text")
    _text: str
    _grammar: Grammar
    _parts: Parts

    def _component(self, index: int) -> str | None:
        found: str | None = self._parts[index]
        return found

    def _components(self) -> Components:
        """The eight components (RFC 3986 §3), as the algorithms take them."""
        return components(self._parts)

    @property
    def scheme(self) -> str | None:
        """The scheme, as written (RFC 3986 §3.1), or ``None`` for a relative reference."""
        return self._component(SCHEME)

    @property
    def authority(self) -> str | None:
        """Everything between ``//`` and the path (§3.2), or ``None`` without ``//``."""
        return self._component(AUTHORITY)

    @property
    def userinfo(self) -> str | None:
        """The part of the authority before ``@`` (§3.2.1), or ``None``."""
        return self._component(USERINFO)

    @property
    def host(self) -> str | None:
        """The host (§3.2.2), brackets kept for IP literals; ``None`` without authority
        (and, under RFC 2396, for a registry-based authority)."""
        return self._component(HOST)

    @property
    def port(self) -> str | None:
        """The port's digits as written (§3.2.3): ``""`` for ``host:``, ``None`` for none."""
        return self._component(PORT)

    @property
    def path(self) -> str:
        """The path (§3.3); never ``None``, possibly ``""``.  Under RFC 2396 the
        ``opaque_part`` of an opaque URI (``mailto:x?y`` has path ``x?y``)."""
        path: str = self._parts[PATH]
        return path

    @property
    def query(self) -> str | None:
        """The query after ``?`` (§3.4): ``""`` for a bare ``?``, ``None`` for none."""
        return self._component(QUERY)

    @property
    def fragment(self) -> str | None:
        """The fragment after ``#`` (§3.5): ``""`` for a bare ``#``, ``None`` for none."""
        return self._component(FRAGMENT)

    def __str__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        """Simple string comparison (RFC 3986 §6.2.1), the bottom rung of the comparison
        ladder: ``HTTP://a`` and ``http://a`` are different references, though
        ``urikit.equivalent`` finds them equivalent.  The grammar is not compared."""
        if isinstance(other, _Spans):
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)


if TYPE_CHECKING:
    _Base = _Spans
else:  # the compiled core's storage, or the pure-Python engine's
    _Base = _engine.reference_base or _Spans


class URIReference(_Base):
    """A URI reference split into its components (RFC 3986 §3, §4.1; RFC 2396 §3, §4).

    Build one with :func:`urikit.parse` (or ``URIReference(text)``, the same thing).
    Immutable: :meth:`replace` makes changed copies.  Its methods return values; the
    functions of the same names (``urikit.resolve`` ...) return strings.

    >>> ref = parse("http://user@[2001:db8::7]:8080/a/b;p?q=1#frag")
    >>> ref.scheme, ref.userinfo, ref.host, ref.port, ref.path, ref.query, ref.fragment
    ('http', 'user', '[2001:db8::7]', '8080', '/a/b;p', 'q=1', 'frag')
    >>> ref.host_type, ref.port_number
    ('ipv6', 8080)
    >>> parse("http://h?").query, parse("http://h").query is None
    ('', True)
    """

    # The text, grammar and components are kept by the base class (_Spans, or the
    # compiled core's): no slots here, so that the core's instances stay untracked.
    __slots__ = ()

    def __new__(
        cls,
        text: str | URIReference,
        *,
        grammar: str | Grammar | None = None,
        rule: str = "URI-reference",
    ) -> URIReference:
        return parse(text, grammar=grammar, rule=rule)

    # -- views for lookups (what urllib.parse users reach for) ---------------------------
    @property
    def hostname(self) -> str | None:
        """The host as a name or address to look up: brackets of an IP literal stripped,
        ASCII letters in lower case, hex digits of percent-encodings in upper case (RFC
        3986 §3.2.2 and §6.2.2.1: the host is case-insensitive); an RFC 6874 zone ID and
        non-ASCII letters (RFC 3987 §5.3.2.1) as written.  ``None`` without a host.

        >>> parse("http://WWW.Example.COM/").hostname, parse("//[2001:DB8::1]:80").hostname
        ('www.example.com', '2001:db8::1')
        """
        host = self.host
        if not host:
            return host
        host = lower_host(host)
        return host[1:-1] if host[0] == "[" else host

    @property
    def username(self) -> str | None:
        """The userinfo up to its first ``:``, as written (``unquote`` decodes it), or
        ``None`` without userinfo (RFC 3986 §3.2.1).

        >>> ref = parse("ftp://anne:s%3Acret@h/")
        >>> ref.username, ref.password, parse("ftp://h/").username
        ('anne', 's%3Acret', None)
        """
        userinfo = self.userinfo
        return None if userinfo is None else userinfo.partition(":")[0]

    @property
    def password(self) -> str | None:
        """The userinfo after its first ``:``, as written, or ``None`` when there is no
        ``:``.  RFC 3986 §3.2.1 deprecates this "user:password" form ("passing
        authentication information in clear text has proven to be a security risk")."""
        userinfo = self.userinfo
        if userinfo is None:
            return None
        _, colon, password = userinfo.partition(":")
        return password if colon else None

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
        port = self.port
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
        host = self.host
        return None if host is None else self._grammar.host_type(host)

    @property
    def is_relative(self) -> bool:
        """No scheme: a relative reference (RFC 3986 §4.2)."""
        return self.scheme is None

    @property
    def is_absolute(self) -> bool:
        """A scheme and no fragment: an absolute URI (RFC 3986 §4.3, ``absolute-URI``)."""
        return self.scheme is not None and self.fragment is None

    @property
    def is_opaque(self) -> bool:
        """A scheme, no authority and a path not starting with ``/``: RFC 2396's
        ``opaque_part`` (RFC 3986 §1.2.3 calls such paths opaque to hierarchy)."""
        return self.scheme is not None and self.authority is None and self.path[:1] != "/"

    # -- making new references (the bodies are below the value type) ---------------------
    def replace(self, **changes: str | int | None) -> URIReference:
        """A copy with the given components changed, validated under the same grammar.

        ``authority`` replaces userinfo, host and port together; giving any of those
        three rebuilds the authority from them.  ``port`` may be an int.  Each value is
        checked against its component's rule, then the whole against the grammar (the
        error names the changes); nothing is repaired (see :func:`urikit.compose` for
        that).  A component given its own value changes nothing: ``host=None`` on RFC
        2396's registry-based or empty authority, which has no host, keeps it
        (``authority=None`` removes it).

        >>> parse("http://a/b?c").replace(scheme="https", port=8443, query=None)
        URIReference('https://a:8443/b')
        """
        return parse(
            replaced(components_of(self, self._grammar), self._grammar, changes),
            grammar=self._grammar,
        )

    def resolve(
        self,
        ref: str | URIReference,
        *,
        strict: bool = True,
        above_root: AboveRoot | None = None,
    ) -> URIReference:
        """Resolve ``ref`` against this reference as the base (RFC 3986 §5.2, or RFC 2396
        §5.2 for an RFC 2396 reference); see :func:`urikit.resolve`.

        >>> parse("http://a/b/c/d;p?q").resolve("../g")
        URIReference('http://a/b/g')
        """
        check_above_root(above_root)
        g, base = self._grammar, self._components()
        check_base(base)
        found = transform(base, components_of(ref, g), g, strict, above_root)
        return parse(recompose(*found), grammar=g)

    def relativize(self, target: str | URIReference) -> URIReference:
        """The shortest reference from this base to ``target``; see
        :func:`urikit.relativize`.

        >>> parse("http://a/b/c/d").relativize("http://a/b/x?y")
        URIReference('../x?y')
        """
        g, base = self._grammar, self._components()
        check_base(base)
        found = transform(base, components_of(target, g, "a target URI"), g)
        return parse(relative(base, found, g), grammar=g)

    def normalize(self, *, level: Level = "scheme") -> URIReference:
        """The normal form at ``level`` of the comparison ladder (RFC 3986 §6.2, or RFC
        2396 §6 for an RFC 2396 reference); see :func:`urikit.normalize`.

        >>> parse("HTTP://Example.COM:80").normalize()
        URIReference('http://example.com/')
        """
        check_level(level)
        if level == "string":
            return self
        scheme, authority, _, _, _, path, query, fragment = normal(
            self._components(), self._grammar, level
        )
        return parse(recompose(scheme, authority, path, query, fragment), grammar=self._grammar)

    def query_params(
        self, *, encoding: str = "utf-8", errors: str = "strict"
    ) -> list[tuple[str, str]]:
        """The decoded ``name=value`` pairs of a form-style query (``&``-separated, ``+``
        for a space), in order; ``[]`` without a query.  See :func:`urikit.parse_query`.

        >>> parse("http://h/s?q=a+b%26c&flag").query_params()
        [('q', 'a b&c'), ('flag', '')]
        """
        query = self.query
        return [] if query is None else parse_query(query, encoding=encoding, errors=errors)

    def with_query_params(self, pairs: Pairs) -> URIReference:
        """A copy whose query is built from ``pairs`` (see :func:`urikit.build_query`).

        >>> parse("http://h/s#f").with_query_params([("q", "x&y"), ("n", 2)])
        URIReference('http://h/s?q=x%26y&n=2#f')
        """
        return self.replace(query=build_query(pairs))

    def components(self) -> dict[str, str | None]:
        """The eight components as a dict (absent ones ``None``), e.g. for JSON."""
        return dict(zip(COMPONENTS, self._components(), strict=True))

    # -- value behaviour (str, ==, hash: the base class's, on the text) ----------------
    def __repr__(self) -> str:
        grammar = "" if self._grammar.name == "rfc3986" else f", grammar={self._grammar.name!r}"
        return f"URIReference({self._text!r}{grammar})"

    def __reduce__(self) -> tuple[Callable[..., URIReference], tuple[str, str]]:
        return (_unpickle, (self._text, self._grammar.name))

    def __copy__(self) -> URIReference:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> URIReference:
        return self


def _unpickle(text: str, grammar: str) -> URIReference:
    return parse(text, grammar=grammar)


# -- reading reference arguments: one meaning for grammar= ---------------------------------
#: Grammars by name and by themselves, and None for the default, so that one dict lookup
#: takes any of them.
_GRAMMARS: dict[str | Grammar | None, Grammar] = {None: RFC3986}
for _grammar in GRAMMARS.values():
    _GRAMMARS[_grammar.name] = _GRAMMARS[_grammar] = _grammar


def grammar_of(reference: object, grammar: str | Grammar | None) -> Grammar:
    """The grammar a function reads ``reference`` under: ``grammar`` when given, else the
    reference's own when it is a :class:`URIReference`, else RFC 3986."""
    if grammar is None:
        return reference._grammar if isinstance(reference, URIReference) else RFC3986
    try:
        return _GRAMMARS[grammar]
    except (KeyError, TypeError):  # not a known name, or not a name at all
        return get_grammar(grammar)


def components_of(
    reference: str | URIReference, g: Grammar, what: str = "a URI reference"
) -> Components:
    """The components of a reference argument (a str, or a :class:`URIReference` read
    again when its grammar is not ``g``) under ``g``; ``what`` names it in a TypeError."""
    if isinstance(reference, str):
        return read(reference, g, g.rules["URI-reference"])
    if isinstance(reference, URIReference):
        if reference._grammar is g:
            return reference._components()
        return read(str(reference), g, g.rules["URI-reference"])
    raise TypeError(f"{what} is a str or a URIReference, not {type(reference).__name__}")


def _check_rule_name(rule: object) -> None:
    if not isinstance(rule, str):
        raise TypeError(f"a rule name is a str, not {type(rule).__name__}")


def _lookup(g: Grammar, rule: str) -> tuple[Grammar, ReferenceRule]:
    """The reference rule ``rule`` of ``g``; a clear error for a component rule."""
    _check_rule_name(rule)
    if rule in component_rules(g):
        raise ValueError(f"{rule!r} is a component rule: use is_valid() or validate(), not parse()")
    return g, g.rule(rule)


def parse(
    text: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
    rule: str = "URI-reference",
) -> URIReference:
    """Parse ``text`` as ``rule`` of ``grammar`` ("rfc3986", the default, or "rfc2396",
    or a :class:`urikit.Grammar`).

    Rules: RFC 3986 ``URI-reference`` (default), ``URI``, ``absolute-URI``,
    ``relative-ref``; RFC 2396 ``URI-reference``, ``absoluteURI``, ``relativeURI``.
    Raises :class:`urikit.URISyntaxError` with the position and the reason.  A
    :class:`URIReference` is read again under another grammar or rule, or returned as
    it is.

    >>> parse("ldap://[2001:db8::7]/c=GB?objectClass?one", grammar="rfc2396").query
    'objectClass?one'
    """
    # The hottest path: a str, a known grammar and a rule it has.  Only these lookups fall
    # back (a grammar given by value, unknown or unhashable names); what the engine raises
    # is a bug and propagates.
    try:
        g = _GRAMMARS[grammar]
        shape = g.rules[rule]
    except (KeyError, TypeError):
        return _parse_otherwise(text, grammar, rule)
    if type(text) is not str:  # a URIReference, a str subclass, or a TypeError to raise
        return _parse_otherwise(text, grammar, rule)
    parts = split(text, g, shape)
    if parts is None:
        raise failure(text, g, shape)
    return _reference(parts, g)


def _parse_otherwise(text: object, grammar: str | Grammar | None, rule: str) -> URIReference:
    """:func:`parse` for a :class:`URIReference`, a grammar given as a value or a wrong
    argument (an unknown grammar or rule, what is not a str)."""
    g = grammar_of(text, grammar)
    if isinstance(text, URIReference):
        if text._grammar is g and rule == "URI-reference":
            return text
        text = str(text)
    g, shape = _lookup(g, rule)
    if not isinstance(text, str):
        raise failure(text, g, shape)  # type: ignore[arg-type]  # the TypeError
    parts = split(text, g, shape)
    if parts is None:
        raise failure(text, g, shape)
    return _reference(parts, g)


def _reference(parts: Parts, g: Grammar) -> URIReference:
    """The :class:`URIReference` of ``parts`` (which ``split`` gave) under ``g``."""
    if _engine.reference is not None:
        made: URIReference = _engine.reference(parts[0], regs_of(parts), g)
        return made
    ref = _new(URIReference)
    ref._text = parts[0]
    ref._parts = parts
    ref._grammar = g
    return ref


_new = object.__new__
#: The grammars the compiled core serves, as its front of ``parse`` and ``is_valid`` looks
#: them up, and ``resolve`` and ``normalize`` too: ``None`` (RFC 3986), a name or a
#: Grammar -> (core id, Grammar, {reference rule: flags}).
CORE_GRAMMARS: dict[object, tuple[int, Grammar, dict[str, int]]] = {
    key: (g.core, g, {name: shape.flags for name, shape in g.rules.items()})
    for g in GRAMMARS.values()
    if g.core is not None
    for key in (g, g.name)
}
CORE_GRAMMARS[None] = CORE_GRAMMARS[RFC3986]


def validate(
    text: str | URIReference,
    *,
    rule: str = "URI-reference",
    grammar: str | Grammar | None = None,
) -> None:
    """Raise :class:`urikit.URISyntaxError` unless ``text`` matches ``rule``.

    Besides the reference rules of :func:`parse`, ``rule`` may name a component rule:
    ``scheme``, ``authority``, ``userinfo``, ``host``, ``port``, ``path``, ``query``,
    ``fragment``, ``IPv6address``; RFC 3986 also ``IP-literal``, ``IPv4address``,
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
    g = grammar_of(text, grammar)
    _check_rule_name(rule)
    check = component_rules(g).get(rule)
    if check is None:
        parse(text, grammar=g, rule=rule)
        return
    if isinstance(text, URIReference):
        text = str(text)
    if not isinstance(text, str):
        raise TypeError(f"a URI component is a str, not {type(text).__name__}")
    problem = check(text)
    if problem is not None:
        raise URISyntaxError(text, *problem, rule=rule, grammar=g.name)


def is_valid(
    text: str | URIReference,
    *,
    rule: str = "URI-reference",
    grammar: str | Grammar | None = None,
) -> bool:
    """Whether ``text`` matches ``rule`` of ``grammar`` (rules: see :func:`validate`).

    >>> is_valid("//g", rule="relative-ref"), is_valid("//g", rule="URI")
    (True, False)
    """
    g = grammar_of(text, grammar)
    _check_rule_name(rule)
    if isinstance(text, URIReference):
        text = str(text)
    check = component_rules(g).get(rule)
    if check is not None:
        if not isinstance(text, str):
            raise TypeError(f"a URI component is a str, not {type(text).__name__}")
        return check(text) is None
    shape = g.rule(rule)
    if not isinstance(text, str):
        raise failure(text, g, shape)  # the TypeError
    return split(text, g, shape) is not None


def _invalid(text: str, g: Grammar, rule: str | None) -> Exception:
    """Why ``text``, which the compiled core's front of :func:`parse` scanned and found
    invalid, is no ``rule`` of ``g``: the diagnosis, not a second scan."""
    return failure(text, g, g.rules[rule or "URI-reference"])


_engine.configure(split_type=Split, reference_type=URIReference)  # once
if _engine.front is not None:  # the hottest calls of all: their common case in C (front.c)
    is_valid = update_wrapper(_engine.front(is_valid, CORE_GRAMMARS, None), is_valid)
    parse = update_wrapper(_engine.front(parse, CORE_GRAMMARS, _invalid), parse)
