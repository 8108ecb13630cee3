"""Reference resolution (RFC 3986 §5.2, RFC 2396 §5.2) and its inverse, relativize.

The two RFCs give different answers and each user needs the one promised, so both
algorithms are here, each a transcription of its RFC's pseudocode with the RFC's names
(``R`` the reference, ``T`` the target) in comments.  RFC 3986 is the default.
"""

from __future__ import annotations

from typing import Literal

from ._grammar import RFC3986, Grammar, get_grammar
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
    Split,
)
from .errors import URISyntaxError
from .reference import URIReference, make, parse, recompose

__all__ = ["ResolutionError", "relativize", "remove_dot_segments", "resolve"]

AboveRoot = Literal["keep", "drop", "raise"]


class ResolutionError(ValueError):
    """The reference cannot be resolved against this base (not a syntax error): the base
    has no scheme, RFC 2396 needs a hierarchical base, or ``..`` climbs above the root
    with ``above_root="raise"``."""


# -- RFC 3986 §5.2.4 ----------------------------------------------------------------------
def remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4: interpret and remove the ``.`` and ``..`` complete segments.

    Equivalent to the RFC's two-buffer algorithm (property-tested against a literal
    transcription), in time linear in the path's length.

    >>> remove_dot_segments("/a/b/c/./../../g")
    '/a/g'
    >>> remove_dot_segments("mid/content=5/../6")
    'mid/6'
    """
    if not isinstance(path, str):
        raise TypeError(f"a path is a str, not {type(path).__name__}")
    return _remove_dots(path, "drop")


def _remove_dots(path: str, above_root: AboveRoot) -> str:
    """§5.2.4 as the "two segment stacks" its last note allows.  Rules A and D can only
    apply at the start of the path (every other step leaves the input beginning with
    "/"); then each "/segment" is rule B, C or E.  A ".." with nothing left to remove
    is dropped as the RFC says or, per ``above_root``, kept as a segment or refused."""
    if path[:1] != "." and "/." not in path:
        return path  # no dot-segment can start anywhere
    if path[0] == ".":
        i = 0
        while True:  # A: "../" and "./" prefixes
            if path.startswith("../", i):
                i += 3
            elif path.startswith("./", i):
                i += 2
            else:
                break
        path = path[i:]
        if path in (".", ".."):  # D
            return ""
    segments = path.split("/")
    # The output buffer as segments, each after a "/" but for a rootless first one
    # (moved by rule E without a "/"), while it lasts.
    head = segments[0]
    output = [head] if head else []
    rootless = bool(head)
    if len(segments) == 1:
        return head
    final = segments.pop()
    for segment in segments[1:]:
        if segment == "..":  # C: "/../" -> "/", and the last output segment goes
            rootless = _pop(output, rootless, above_root, path)
        elif segment != ".":  # E (B: "/./" -> "/" moves nothing)
            output.append(segment)
    if final == "..":  # C: a final "/.." leaves "/"
        rootless = _pop(output, rootless, above_root, path)
        output.append("")
    else:  # B: a final "/." leaves "/"; E moves any other final segment
        output.append("" if final == "." else final)
    return "/".join(output) if rootless else "/" + "/".join(output)


def _pop(output: list[str], rootless: bool, above_root: AboveRoot, path: str) -> bool:
    """§5.2.4 rule C on the output buffer: remove its last segment; whether a rootless
    first segment remains."""
    if output and output[-1] != "..":
        output.pop()
        return rootless and bool(output)
    if above_root == "keep":
        output.append("..")
    elif above_root == "raise":
        raise ResolutionError(f"'..' climbs above the root in {path[:100]!r}")
    return rootless


def _merge(base_authority: str | None, base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3 Merge Paths."""
    if base_authority is not None and not base_path:
        return "/" + path
    return base_path[: base_path.rfind("/") + 1] + path


# -- RFC 3986 §5.2.2 -----------------------------------------------------------------------
Target = tuple[str | None, str | None, str, str | None, str | None, Parts]


def _transform_3986(base: Parts, r: Parts, strict: bool, above_root: AboveRoot) -> Target:
    """RFC 3986 §5.2.2 Transform References: T.scheme, T.authority, T.path, T.query,
    T.fragment, and the parts T's authority comes from (for its userinfo, host, port)."""
    r_scheme = r[SCHEME]
    if not strict and r_scheme is not None and r_scheme.lower() == base[SCHEME].lower():
        r_scheme = None  # a non-strict parser may ignore a scheme identical to the base's
    if r_scheme is not None:
        source = r  # T.scheme, T.authority from R
        t_path = _remove_dots(r[PATH], above_root)
        t_query = r[QUERY]
    else:
        if r[AUTHORITY] is not None:
            source = r
            t_path = _remove_dots(r[PATH], above_root)
            t_query = r[QUERY]
        else:
            source = base
            r_path = r[PATH]
            if not r_path:
                t_path = base[PATH]
                t_query = r[QUERY] if r[QUERY] is not None else base[QUERY]
            else:
                if r_path[0] == "/":
                    t_path = _remove_dots(r_path, above_root)
                else:
                    merged = _merge(base[AUTHORITY], base[PATH], r_path)
                    t_path = _remove_dots(merged, above_root)
                t_query = r[QUERY]
    t_authority = source[AUTHORITY]
    if t_authority is None and t_path.startswith("//"):
        # §3.3: without an authority a path cannot begin with "//"; "/." keeps it a path
        # (what WHATWG URL serializers do), and resolves to the same path again.
        t_path = "/." + t_path
    t_scheme = r_scheme if r_scheme is not None else base[SCHEME]
    return t_scheme, t_authority, t_path, t_query, r[FRAGMENT], source


# -- RFC 2396 §5.2 -------------------------------------------------------------------------
def _rfc2396_step_6(base_path: str, r_path: str, above_root: AboveRoot) -> str:
    """RFC 2396 §5.2 step 6, a) to h): merge a relative path with the base path."""
    buffer = base_path[: base_path.rfind("/") + 1] + r_path  # a) and b)
    rooted = buffer.startswith("/")
    segments = (buffer[1:] if rooted else buffer).split("/")
    # c) every "./" whose "." is a complete segment; d) a final "." segment
    kept = [s for s in segments[:-1] if s != "."]
    kept.append("" if segments[-1] == "." else segments[-1])
    # e) "<segment>/../" (segment not ".."), leftmost first, until none is left
    stack: list[str] = []
    for segment in kept[:-1]:
        if segment == ".." and stack and stack[-1] != "..":
            stack.pop()
        else:
            stack.append(segment)
    last = kept[-1]
    # f) a final "<segment>/.." (segment not "..")
    if last == ".." and stack and stack[-1] != "..":
        stack.pop()
        last = ""
    stack.append(last)
    # g) ".." segments left at the start: keep them (the RFC's table), drop or refuse
    if stack[0] == ".." and len(stack) > 1:
        if above_root == "raise":
            raise ResolutionError("'..' climbs above the root of the base path (RFC 2396 §5.2 6g)")
        if above_root == "drop":
            climbs = 0
            while climbs < len(stack) - 1 and stack[climbs] == "..":
                climbs += 1
            del stack[:climbs]
    return ("/" if rooted else "") + "/".join(stack)  # h)


def _without_scheme(r: URIReference) -> Parts:
    """RFC 2396 §5.2 step 3, the loophole of RFC 1630: the parts of ``r`` with its scheme
    removed, "the remainder of the reference components" read as a relative reference.

    A remainder whose first segment holds ":" (``http:javascript:x``) is a relative path
    all the same: "./" keeps it one (step 6c removes it again).  A remainder that is no
    relative reference at all leaves ``r`` an absolute URI.  Either way the scheme never
    changes.
    """
    rest = str(r)[len(r._parts[SCHEME]) + 1 :]
    for text in (rest, "./" + rest):
        try:
            parts = parse(text, grammar=r._grammar)._parts
        except URISyntaxError:
            continue
        if parts[SCHEME] is None:
            return parts
    return r._parts


def _transform_2396(
    base: URIReference, r: URIReference, strict: bool, above_root: AboveRoot
) -> Target:
    """RFC 2396 §5.2, steps 2 to 7 (step 1, the parse, is done): the target's components.

    Two repairs, both RFC 3986's, keep the result the URI the reference means:
    a base with an authority and an empty path merges as "/" (RFC 3986 §5.2.3; step 6a
    as written glues ``http://a`` and ``g`` into the host ``ag``, and java.net.URI, Ruby
    and Perl repair it the same way), and a result path that begins with "//" without
    an authority is kept a path by "/." (RFC 3986 §3.3), so that a relative reference
    never chooses the host.
    """
    b = base._parts
    p = r._parts
    # 3) the backwards-compatible reading of a scheme equal to the base's, for bases
    #    that use the <hier_part> syntax only
    scheme = p[SCHEME]
    if not strict and scheme is not None and scheme.lower() == b[SCHEME].lower():
        p = p if base.is_opaque else _without_scheme(r)
    # 2) a reference to the current document: "we are done"
    if not p[PATH] and p[SCHEME] is None and p[AUTHORITY] is None and p[QUERY] is None:
        return b[SCHEME], b[AUTHORITY], b[PATH], b[QUERY], p[FRAGMENT], b
    # 3) an absolute URI
    if p[SCHEME] is not None:
        return p[SCHEME], p[AUTHORITY], p[PATH], p[QUERY], p[FRAGMENT], p
    if base.is_opaque:
        raise ResolutionError(
            "RFC 2396 §5 admits relative references only against a base that fits "
            "hier_part; this base is opaque"
        )
    if p[AUTHORITY] is not None:  # 4) a network-path reference
        source, path = p, p[PATH]
    elif p[PATH][:1] == "/":  # 5) an absolute-path reference
        source, path = b, p[PATH]
    else:  # 6) a relative-path reference
        base_path = b[PATH] if b[PATH] or b[AUTHORITY] is None else "/"  # RFC 3986 §5.2.3
        source, path = b, _rfc2396_step_6(base_path, p[PATH], above_root)
    authority = source[AUTHORITY]
    if authority is None and path[:2] == "//":
        path = "/." + path  # RFC 3986 §3.3: not an authority
    return b[SCHEME], authority, path, p[QUERY], p[FRAGMENT], source  # 7)


# -- the public functions -----------------------------------------------------------------
_last_base: tuple[str, Grammar, URIReference] | None = None


def _parse_base(text: str, grammar: Grammar) -> URIReference:
    """The base, parsed; the last one is kept, since references usually come many to a
    base (the links of one page).  One entry: a lookup costs one string comparison."""
    global _last_base
    last = _last_base
    if last is not None and last[1] is grammar and last[0] == text:
        return last[2]
    ref = parse(text, grammar=grammar)
    _last_base = (text, grammar, ref)
    return ref


def _check_above_root(above_root: AboveRoot | None) -> None:
    if above_root is not None and above_root not in ("keep", "drop", "raise"):
        raise ValueError(f"above_root must be 'keep', 'drop' or 'raise', not {above_root!r}")


def _type_error(what: str, value: object) -> TypeError:
    return TypeError(f"{what} is a str or a URIReference, not {type(value).__name__}")


def _operands(
    base: str | URIReference, ref: str | URIReference, grammar: str | Grammar | None
) -> tuple[URIReference, URIReference]:
    """Base and reference under one grammar: ``grammar`` when given, else the base's
    (a :class:`URIReference` of another grammar is read again under this one)."""
    if isinstance(base, str):
        b = _parse_base(base, RFC3986 if grammar is None else get_grammar(grammar))
    elif isinstance(base, URIReference):
        g = base._grammar if grammar is None else get_grammar(grammar)
        b = base if base._grammar is g else parse(str(base), grammar=g)
    else:
        raise _type_error("a base URI", base)
    g = b._grammar
    if b._parts[SCHEME] is None:
        raise ResolutionError(
            f"a base URI needs a scheme (RFC 3986 §5.2.1, RFC 2396 §5.2): {str(b)[:100]!r}"
        )
    if isinstance(ref, str):
        ref = parse(ref, grammar=g)
    elif isinstance(ref, URIReference):
        if ref._grammar is not g:
            ref = parse(str(ref), grammar=g)
    else:
        raise _type_error("a URI reference", ref)
    return b, ref


def _transform(
    b: URIReference, r: URIReference, strict: bool, above_root: AboveRoot | None
) -> Target:
    """The target of ``r`` against ``b`` by the algorithm of their grammar."""
    if b._grammar.resolution == "rfc2396":
        return _transform_2396(b, r, strict, above_root or "keep")
    return _transform_3986(b._parts, r._parts, strict, above_root or "drop")


def resolve_reference(
    base: str | URIReference,
    ref: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
    strict: bool = True,
    above_root: AboveRoot | None = None,
) -> URIReference:
    """:func:`resolve`, returning a :class:`URIReference` (``URIReference.resolve``)."""
    _check_above_root(above_root)
    b, r = _operands(base, ref, grammar)
    scheme, authority, path, query, fragment, source = _transform(b, r, strict, above_root)
    text = recompose(scheme, authority, path, query, fragment)
    parts = (text, scheme, authority, source[USERINFO], source[HOST], source[PORT])
    return make(Split((*parts, path, query, fragment)), b._grammar)


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

    ``base`` must have a scheme (its fragment is ignored).  ``strict=False`` reads a
    reference whose scheme equals the base's as relative (RFC 3986 §5.2.2, RFC 2396
    §5.2 step 3); the scheme of the target is then still the base's.  ``above_root``
    says what to do with ``..`` segments that climb above the root: RFC 3986 drops them
    (``"drop"``, its default), RFC 2396 keeps them (``"keep"``, its default, as in its
    Appendix C); ``"raise"`` raises :class:`ResolutionError` under either grammar.
    ``grammar`` defaults to the base's when it is a :class:`URIReference`, else RFC
    3986; a :class:`URIReference` of another grammar than the one asked for is read
    again under it.

    >>> resolve("http://a/b/c/d;p?q", "?y")
    'http://a/b/c/d;p?y'
    >>> resolve("http://a/b/c/d;p?q", "?y", grammar="rfc2396")
    'http://a/b/c/?y'
    >>> base = "http://a/b/c/d;p?q"
    >>> resolve(base, "../../../g"), resolve(base, "../../../g", grammar="rfc2396")
    ('http://a/g', 'http://a/../g')
    """
    _check_above_root(above_root)
    b, r = _operands(base, ref, grammar)
    t = _transform(b, r, strict, above_root)
    return recompose(t[0], t[1], t[2], t[3], t[4])


# -- the inverse: relativize ---------------------------------------------------------------
def _relative_path(directory: str, path: str) -> str | None:
    """A relative-path reference (RFC 3986 §4.2) that merges with ``directory`` (the base
    path up to its last "/", §5.2.3) into ``path`` once dot-segments are removed; ``None``
    when there is none.  Each ".." removes one directory segment; the first segment of a
    rootless directory must stay (removing it would make the path absolute, §5.2.4)."""
    if not directory:  # §5.2.3: the whole base path is replaced
        relative = path
    else:
        base_segments = directory.split("/")[:-1]
        segments = path.split("/")
        common = 0
        limit = min(len(base_segments), len(segments) - 1)
        while common < limit and base_segments[common] == segments[common]:
            common += 1
        if common == 0:  # one is rooted and the other not, or the first segments differ
            return None
        up = len(base_segments) - common
        rest = segments[common:]
        if up and rest == [""]:
            return "/".join([".."] * up)  # "../.." reaches the directory itself
        relative = "../" * up + "/".join(rest)
    if not relative:
        return "."
    first = relative.split("/", 1)[0]
    if ":" in first or (not first and relative[:1] == "/"):
        relative = "./" + relative  # §4.2: not a scheme, not an absolute path
    return relative


_DOT = parse(".")


def _directory(b: URIReference) -> str:
    """The path that relative-path references merge with: the base path up to its last
    "/" (RFC 3986 §5.2.3, RFC 2396 §5.2 step 6a), dot-segments removed; the target path
    of the reference ".", which is the directory itself."""
    if b.is_opaque and b._grammar.resolution == "rfc2396":
        return ""  # RFC 2396 §5: no relative reference resolves against an opaque base
    return _transform(
        b, _DOT if b._grammar is RFC3986 else parse(".", grammar=b._grammar), True, None
    )[2]


def _candidates(b: URIReference, t: Target) -> list[str]:
    """References that may resolve to the target ``t`` against ``b``, shortest first; of
    the same length, a relative path before an absolute path (it survives moving the
    tree), and the target itself last."""
    scheme, authority, path, query, fragment, _ = t
    hash_fragment = "" if fragment is None else "#" + fragment
    tail = ("" if query is None else "?" + query) + hash_fragment
    candidates = []
    if scheme == b._parts[SCHEME]:
        if authority == b._parts[AUTHORITY]:
            candidates.append(hash_fragment)  # "" or "#f": the base document
            if query is not None:
                candidates.append(tail)  # "?q": the base path (RFC 2396: its directory)
            relative = _relative_path(_directory(b), path)
            if relative is not None:
                candidates.append(relative + tail)
            if path[:1] == "/":
                candidates.append(("/." if path[:2] == "//" else "") + path + tail)
        if authority is not None:
            candidates.append("//" + authority + path + tail)
    candidates.append(recompose(scheme, authority, path, query, fragment))
    candidates.sort(key=len)  # stable: on a tie, the earlier shape wins
    return candidates


def relativize(
    base: str | URIReference,
    target: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
) -> str:
    """The shortest reference that resolves against ``base`` to ``target``: the inverse of
    :func:`resolve` under the same grammar (RFC 3986 §5.2, or RFC 2396 §5.2).

    ``target`` is first resolved against ``base`` (so it may itself be relative), and
    ``resolve(base, relativize(base, target)) == resolve(base, target)``; for a target
    already in resolved form (no dot-segments) that is the target itself.  The scheme or
    authority are kept when they differ from the base's; ``./`` is added where a first
    segment holds ``:``; fragment-only and query-only differences give ``#f`` and ``?q``.
    ``grammar`` means what it means for :func:`resolve`.

    >>> relativize("http://a/b/c/d", "http://a/b/x?y")
    '../x?y'
    >>> relativize("http://a/b/c/d", "http://a/b/c/d#top"), relativize("http://a/b/", "http://h/b/")
    ('#top', '//h/b/')
    >>> relativize("http://a/b/c/d;p?q", "http://a/b/c/d;p?y", grammar="rfc2396")
    'd;p?y'
    """
    b, t = _operands(base, target, grammar)
    wanted = _transform(b, t, True, None)
    text = recompose(*wanted[:5])
    g = b._grammar
    for candidate in _candidates(b, wanted):
        try:
            found = _transform(b, parse(candidate, grammar=g), True, None)
        except (URISyntaxError, ResolutionError):
            continue  # not a reference here; RFC 2396: relative against an opaque base
        if recompose(*found[:5]) == text:
            return candidate
    return text  # pragma: no cover - the target is a candidate, and resolves to itself
