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
from .reference import URIReference, is_valid, make, parse, recompose

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
            while len(stack) > 1 and stack[0] == "..":
                stack.pop(0)
    return ("/" if rooted else "") + "/".join(stack)  # h)


def _resolve_2396(base: URIReference, r: URIReference, strict: bool, above_root: AboveRoot) -> str:
    """RFC 2396 §5.2, steps 1 to 7, as written."""
    b = base._parts
    # 3) the backwards-compatible reading of a scheme equal to the base's, for
    #    hierarchical bases only: the rest of the reference is read as relative.
    if (
        not strict
        and r.scheme is not None
        and r.scheme.lower() == b[SCHEME].lower()
        and not base.is_opaque
    ):
        rest = str(r)[len(r.scheme) + 1 :]
        r = parse(rest, grammar=r._grammar, rule="URI-reference")
        if r.scheme is not None:  # pragma: no cover - "rest" cannot begin with a scheme
            return str(r)
    p = r._parts
    # 2) a reference to the current document
    if not p[PATH] and p[SCHEME] is None and p[AUTHORITY] is None and p[QUERY] is None:
        return recompose(b[SCHEME], b[AUTHORITY], b[PATH], b[QUERY], p[FRAGMENT])
    # 3) an absolute URI
    if p[SCHEME] is not None:
        return str(r)
    if base.is_opaque:
        raise ResolutionError(
            "RFC 2396 §5 admits relative references only against a base that fits "
            "hier_part; this base is opaque"
        )
    # 4) a network-path, 5) an absolute-path, or 6) a relative-path reference
    if p[AUTHORITY] is not None:
        authority, path = p[AUTHORITY], p[PATH]
    elif p[PATH][:1] == "/":
        authority, path = b[AUTHORITY], p[PATH]
    else:
        authority, path = b[AUTHORITY], _rfc2396_step_6(b[PATH], p[PATH], above_root)
    target = recompose(b[SCHEME], authority, path, p[QUERY], p[FRAGMENT])  # 7)
    # Step 6a on a base with an authority and an empty path glues the reference to the
    # authority ("http://a" + "g" = "http://ag", as java.net.URI does); RFC 3986 §5.2.3
    # fixed it.  Kept as written, unless the result is no URI at all.
    glued = authority is not None and path[:1] not in ("/", "")
    if glued and not is_valid(target, grammar=base._grammar):
        raise ResolutionError(
            "RFC 2396 §5.2 step 6a joins this relative path to the base's authority, "
            "which gives no URI (RFC 3986 §5.2.3 inserts a '/' here)"
        )
    return target


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


def _operands(
    base: str | URIReference, ref: str | URIReference, grammar: str | Grammar | None
) -> tuple[URIReference, URIReference]:
    """Base and reference under one grammar: ``grammar`` when given, else the base's
    (a :class:`URIReference` of another grammar is read again under this one)."""
    if grammar is None:
        g = base._grammar if isinstance(base, URIReference) else RFC3986
    else:
        g = get_grammar(grammar)
    if isinstance(base, str):
        b = _parse_base(base, g)
    else:
        b = base if base._grammar is g else parse(str(base), grammar=g)
    if b._parts[SCHEME] is None:
        raise ResolutionError(
            f"a base URI needs a scheme (RFC 3986 §5.2.1, RFC 2396 §5.2): {str(b)[:100]!r}"
        )
    if isinstance(ref, str) or ref._grammar is not g:
        ref = parse(str(ref), grammar=g)
    return b, ref


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
    g = b._grammar
    if g.resolution == "rfc2396":
        return parse(_resolve_2396(b, r, strict, above_root or "keep"), grammar=g)
    scheme, authority, path, query, fragment, source = _transform_3986(
        b._parts, r._parts, strict, above_root or "drop"
    )
    text = recompose(scheme, authority, path, query, fragment)
    parts = (text, scheme, authority, source[USERINFO], source[HOST], source[PORT])
    return make(Split((*parts, path, query, fragment)), g)


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
    §5.2 step 3).  ``above_root`` says what to do with ``..`` segments that climb above
    the root: RFC 3986 drops them (``"drop"``, its default), RFC 2396 keeps them
    (``"keep"``, its default, as in its Appendix C); ``"raise"`` raises
    :class:`ResolutionError` under either grammar.  ``grammar`` defaults to the base's
    when it is a :class:`URIReference`, else RFC 3986; a :class:`URIReference` of
    another grammar than the one asked for is read again under it.

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
    if b._grammar.resolution == "rfc2396":
        return _resolve_2396(b, r, strict, above_root or "keep")
    t = _transform_3986(b._parts, r._parts, strict, above_root or "drop")
    return recompose(t[0], t[1], t[2], t[3], t[4])


# -- the inverse: relativize ---------------------------------------------------------------
def _relative_path(base_authority: str | None, base_path: str, path: str) -> str | None:
    """A relative-path reference from the base's directory to ``path`` (RFC 3986 §4.2,
    to be merged by §5.2.3), or ``None`` when no such reference can reach it."""
    directory = "/" if base_authority is not None and not base_path else base_path
    directory = directory[: directory.rfind("/") + 1]
    if not directory:  # §5.2.3: the whole base path is replaced
        relative = path
    elif path[:1] == "/" and directory[:1] == "/":
        base_segments = directory.split("/")[:-1]
        segments = path.split("/")
        common = 0
        limit = min(len(base_segments), len(segments) - 1)
        while common < limit and base_segments[common] == segments[common]:
            common += 1
        up = len(base_segments) - common
        rest = segments[common:]
        if up and rest == [""]:
            return "/".join([".."] * up)  # "../.." reaches the directory itself
        relative = "../" * up + "/".join(rest)
    else:
        return None
    if not relative:
        return "."
    first = relative.split("/", 1)[0]
    if ":" in first or (not first and relative[:1] == "/"):
        relative = "./" + relative  # §4.2: not a scheme, not an absolute path
    return relative


def relativize(
    base: str | URIReference,
    target: str | URIReference,
    *,
    grammar: str | Grammar | None = None,
) -> str:
    """The shortest reference that resolves (RFC 3986 §5.2) against ``base`` to ``target``.

    ``target`` is first resolved against ``base`` (so it may itself be relative), and
    ``resolve(base, relativize(base, target)) == resolve(base, target)``; for a target
    already in resolved form (no dot-segments) that is the target itself.  The scheme or
    authority are kept when they differ from the base's; ``./`` is added where a first
    segment holds ``:``; fragment-only and query-only differences give ``#f`` and ``?q``.

    >>> relativize("http://a/b/c/d", "http://a/b/x?y")
    '../x?y'
    >>> relativize("http://a/b/c/d", "http://a/b/c/d#top"), relativize("http://a/b/", "http://h/b/")
    ('#top', '//h/b/')
    """
    b, t = _operands(base, target, grammar)
    scheme, authority, path, query, fragment, _ = _transform_3986(b._parts, t._parts, True, "drop")
    wanted = recompose(scheme, authority, path, query, fragment)
    tail = ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)
    candidates = [wanted]
    if scheme == b.scheme:
        if authority is not None:
            candidates.append("//" + authority + path + tail)
        if authority == b.authority:
            relative = _relative_path(b.authority, b.path, path)
            if relative is not None:  # before the absolute path: it wins a tie
                candidates.append(relative + tail)
            if path[:1] == "/" and path[:2] != "//":
                candidates.append(path + tail)
            if path == b.path:
                if query is not None:
                    candidates.append(tail)
                elif b.query is None:
                    candidates.append("" if fragment is None else "#" + fragment)
    base_3986 = b if b._grammar is RFC3986 else parse(str(b))
    for candidate in sorted(candidates, key=len):
        if resolve(base_3986, candidate) == wanted:
            return candidate
    return wanted  # pragma: no cover - the target itself always resolves to itself
