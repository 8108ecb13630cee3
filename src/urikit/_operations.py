"""Resolution, relativization, normalization and comparison as functions of strings.

One spelling rule for the whole API: these functions take a ``str`` or a
:class:`~urikit.URIReference` and return a ``str`` (or a bool, a list); the methods of
:class:`~urikit.URIReference` of the same names return values.  Both call the one body
of each operation, below the value type (``_resolve.transform``, ``_resolve.relative``,
``_normalize.normal``), on components.

``grammar=`` means what it means everywhere (see ``_reference``): ``None`` is the grammar
of the first reference argument when it is a :class:`~urikit.URIReference` (the base,
when there is one), else RFC 3986; a grammar given reads every argument under it.
"""

from __future__ import annotations

from functools import update_wrapper

from . import _engine
from ._algorithms.normalize import LEVEL_IDS, Level, check_level, normal
from ._algorithms.resolve import AboveRoot, check_above_root, check_base, relative, transform
from ._reference import CORE_GRAMMARS, URIReference, components_of, grammar_of
from ._syntax.grammar import Grammar
from ._syntax.parse import COMPONENTS, Components, read
from ._syntax.recompose import recompose

__all__ = ["differences", "equivalent", "normalize", "relativize", "resolve"]

#: The last base read: references usually come many to a base (the links of a page).
#: One entry: a lookup costs one string comparison.
_last_base: tuple[str, Grammar, Components] | None = None


#: The compiled core's entry points: the fronts below answer with them while this module
#: binds them (``None``: the Python engine alone, as the differential tests run it).
core_normalize = _engine.normalize
core_resolve = _engine.resolve

#: For the compiled core: whether ``..`` above the root is kept.
_KEEP: dict[object, bool] = {None: False, "drop": False, "keep": True}


def _base(base: str | URIReference, g: Grammar) -> Components:
    """The components of a base URI, which must have a scheme (RFC 3986 §5.2.1)."""
    global _last_base
    last = _last_base
    if last is not None and last[1] is g and last[0] == base:
        return last[2]
    found = components_of(base, g, "a base URI")
    check_base(found)
    if isinstance(base, str):
        _last_base = (base, g, found)
    return found


def resolve(
    base: str | URIReference,
    ref: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
    strict: bool = True,
    above_root: AboveRoot | None = None,
) -> str:
    """Resolve ``ref`` against ``base``: the target URI (RFC 3986 §5.2, or RFC 2396 §5.2
    with ``grammar="rfc2396"``).

    ``base`` must have a scheme (its fragment is ignored), else
    :class:`~urikit.ResolutionError`.  ``strict=False`` reads a reference whose scheme
    equals the base's as relative (RFC 3986 §5.2.2, RFC 2396 §5.2 step 3); the scheme
    of the target is then still the base's.  ``above_root`` says what to do with ``..``
    segments that climb above the root: RFC 3986 drops them (``"drop"``, its default),
    RFC 2396 keeps them (``"keep"``, its default, as in its Appendix C); ``"raise"``
    raises :class:`~urikit.ResolutionError` under either grammar.

    >>> resolve("http://a/b/c/d;p?q", "?y")
    'http://a/b/c/d;p?y'
    >>> resolve("http://a/b/c/d;p?q", "?y", grammar="rfc2396")
    'http://a/b/c/?y'
    >>> base = "http://a/b/c/d;p?q"
    >>> resolve(base, "../../../g"), resolve(base, "../../../g", grammar="rfc2396")
    ('http://a/g', 'http://a/../g')
    """
    check_above_root(above_root)
    g = grammar_of(base, grammar)
    found = transform(_base(base, g), components_of(ref, g), g, strict, above_root)
    return recompose(*found)


def relativize(
    base: str | URIReference,
    target: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
) -> str:
    """The shortest reference that resolves against ``base`` to ``target``: the
    inverse of :func:`resolve` under the same grammar (RFC 3986 §5.2, or RFC 2396 §5.2).

    ``target`` is first resolved against ``base`` (so it may itself be relative), and
    ``resolve(base, relativize(base, t)) == resolve(base, t)``; for a target already in
    resolved form (no dot-segments) that is the target itself.  The scheme or authority
    are kept when they differ from the base's; ``./`` is added where a first segment
    holds ``:``; fragment-only and query-only differences give ``#f`` and ``?q``.

    >>> relativize("http://a/b/c/d", "http://a/b/x?y")
    '../x?y'
    >>> relativize("http://a/b/c/d", "http://a/b/c/d#top"), relativize("http://a/b/", "http://h/b/")
    ('#top', '//h/b/')
    >>> relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?y", grammar="rfc2396")
    'd;p?y'
    """
    g = grammar_of(base, grammar)
    b = _base(base, g)
    return relative(b, transform(b, components_of(target, g, "a target URI"), g), g)


def normalize(
    ref: str | URIReference, *, level: Level = "scheme", grammar: str | Grammar | None = None
) -> str:
    """The normal form of ``ref`` at ``level`` of the comparison ladder (RFC 3986 §6.2).

    ``level="syntax"`` is §6.2.2; ``"scheme"`` (default) adds §6.2.3 for the schemes in
    :mod:`urikit.schemes`; ``"string"`` returns ``ref`` unchanged.  Under RFC 2396: its
    §6 and §2.4.2 instead.  The result is valid and normalizing it again changes nothing.

    >>> normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?%61=%2f#x")
    'http://www.example.com/~user/b?a=%2F#x'
    >>> normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    'example://a/b/c/%7Bfoo%7D'
    """
    check_level(level)
    g = grammar_of(ref, grammar)
    scheme, authority, _, _, _, path, query, fragment = normal(components_of(ref, g), g, level)
    return recompose(scheme, authority, path, query, fragment)


def differences(
    a: str | URIReference,
    b: str | URIReference,
    *,
    level: Level = "scheme",
    grammar: str | Grammar | None = None,
    base: str | URIReference | None = None,
) -> list[tuple[str, str | None, str | None]]:
    """The components in which ``a`` and ``b`` differ after normalization at ``level``:
    ``(name, value in a, value in b)``, in the order of RFC 3986 §3; ``[]`` when they are
    equivalent.  With ``base``, both are resolved against it first (§6.1).

    >>> differences("http://a/b?x", "HTTPS://A/b?x")
    [('scheme', 'http', 'https')]
    """
    check_level(level)
    g = grammar_of(a if base is None else base, grammar)
    first, second = components_of(a, g), components_of(b, g, "another URI reference")
    if base is not None:  # §6.1: compare target URIs, not relative references
        b_components = _base(base, g)
        rule = g.rules["URI-reference"]
        first = read(recompose(*transform(b_components, first, g)), g, rule)
        second = read(recompose(*transform(b_components, second, g)), g, rule)
    first, second = normal(first, g, level), normal(second, g, level)
    if _text(first) == _text(second):
        return []
    found = [(name, x, y) for name, x, y in zip(COMPONENTS, first, second, strict=True) if x != y]
    return found or [("reference", _text(first), _text(second))]  # pragma: no cover


def _text(c: Components) -> str:
    return recompose(c[0], c[1], c[5], c[6], c[7])


def equivalent(
    a: str | URIReference,
    b: str | URIReference,
    *,
    level: Level = "scheme",
    grammar: str | Grammar | None = None,
    base: str | URIReference | None = None,
) -> bool:
    """Whether ``a`` and ``b`` are equivalent at ``level`` of the comparison ladder
    (RFC 3986 §6.2): their normal forms are the same string.  With ``base``, both are
    resolved against it first (§6.1 compares target URIs, not relative references).

    ``URIReference.__eq__`` is the bottom rung only (§6.2.1, simple string comparison).

    >>> equivalent("http://example.com", "HTTP://EXAMPLE.com:80/")
    True
    >>> equivalent("http://example.com/?", "http://example.com/")
    False
    """
    return not differences(a, b, level=level, grammar=grammar, base=base)


# The compiled core's fronts (csrc/front.c, issue 25): str arguments, a grammar the core
# serves and the options it takes are answered in C by core_resolve and core_normalize,
# while this module binds them (None: the Python engine alone); every other call, and
# every one the core leaves to Python (an invalid argument, a base without a scheme, a
# scheme with its own path normalizer), runs the Python bodies above.
if _engine.verb_front is not None:
    resolve = update_wrapper(
        _engine.verb_front("resolve", resolve, CORE_GRAMMARS, _KEEP, globals(), "core_resolve"),
        resolve,
    )
    normalize = update_wrapper(
        _engine.verb_front(
            "normalize", normalize, CORE_GRAMMARS, LEVEL_IDS, globals(), "core_normalize"
        ),
        normalize,
    )
