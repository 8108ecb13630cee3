"""Reference resolution (RFC 3986 §5.2, RFC 2396 §5.2) and its inverse, relativization:
the algorithms, on components (``_parse.Components``), below the value type.

The two RFCs give different answers and each user needs the one promised, so both
algorithms are here, each a transcription of its RFC's pseudocode with the RFC's names
(``R`` the reference, ``T`` the target) in comments.  :func:`transform` is the one body of
``urikit.resolve`` and ``URIReference.resolve``, :func:`relative` of ``relativize``.
"""

from __future__ import annotations

from typing import Literal

from .._syntax.grammar import Grammar
from .._syntax.parse import Components, read, split
from .._syntax.recompose import fit_path, recompose
from ..errors import ErrorKind, ResolutionError, URISyntaxError

__all__ = [
    "AboveRoot",
    "Target",
    "check_above_root",
    "relative",
    "remove_dot_segments",
    "transform",
]

AboveRoot = Literal["keep", "drop", "raise"]
#: The five components of a target URI (RFC 3986 §5.3): scheme, authority, path, query,
#: fragment.
Target = tuple[str | None, str | None, str, str | None, str | None]


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
        raise ResolutionError(
            path, ErrorKind.ABOVE_ROOT, f"'..' climbs above the root in {path[:100]!r}"
        )
    return rootless


def _merge(base_authority: str | None, base_path: str, path: str) -> str:
    """RFC 3986 §5.2.3 Merge Paths."""
    if base_authority is not None and not base_path:
        return "/" + path
    return base_path[: base_path.rfind("/") + 1] + path


# -- RFC 3986 §5.2.2 -----------------------------------------------------------------------
def _transform_3986(base: Components, r: Components, strict: bool, above_root: AboveRoot) -> Target:
    """RFC 3986 §5.2.2 Transform References: T.scheme, T.authority, T.path, T.query,
    T.fragment."""
    b_scheme, b_authority, _, _, _, b_path, b_query, _ = base
    r_scheme, r_authority, _, _, _, r_path, r_query, r_fragment = r
    if not strict and r_scheme is not None and r_scheme.lower() == (b_scheme or "").lower():
        r_scheme = None  # a non-strict parser may ignore a scheme identical to the base's
    t_scheme: str | None
    if r_scheme is not None:
        t_scheme, t_authority = r_scheme, r_authority
        t_path = _remove_dots(r_path, above_root)
        t_query = r_query
    else:
        if r_authority is not None:
            t_authority = r_authority
            t_path = _remove_dots(r_path, above_root)
            t_query = r_query
        else:
            t_authority = b_authority
            if not r_path:
                t_path = b_path
                t_query = r_query if r_query is not None else b_query
            else:
                if r_path[0] == "/":
                    t_path = _remove_dots(r_path, above_root)
                else:
                    t_path = _remove_dots(_merge(b_authority, b_path, r_path), above_root)
                t_query = r_query
        t_scheme = b_scheme
    if t_authority is None and t_path[:2] == "//":
        # §3.3: without an authority a path cannot begin with "//" (it would read as
        # one); "/." keeps it a path that resolves to the same path again
        t_path = fit_path(True, False, t_path)
    return t_scheme, t_authority, t_path, t_query, r_fragment


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
            raise ResolutionError(
                buffer,
                ErrorKind.ABOVE_ROOT,
                "'..' climbs above the root of the base path (RFC 2396 §5.2 6g)",
            )
        if above_root == "drop":
            climbs = 0
            while climbs < len(stack) - 1 and stack[climbs] == "..":
                climbs += 1
            del stack[:climbs]
    return ("/" if rooted else "") + "/".join(stack)  # h)


def _is_opaque(c: Components) -> bool:
    """RFC 2396 §3: ``absoluteURI = scheme ":" ( hier_part | opaque_part )``; the opaque
    part does not begin with "/" and has no authority."""
    return c[0] is not None and c[1] is None and c[5][:1] != "/"


def _without_scheme(r: Components, g: Grammar) -> Components:
    """RFC 2396 §5.2 step 3, the loophole of RFC 1630: the components of ``r`` with its
    scheme removed, "the remainder of the reference components" read as a relative
    reference.

    A remainder whose first segment holds ":" (``http:javascript:x``) is a relative path
    all the same: "./" keeps it one (step 6c removes it again).  A remainder that is no
    relative reference at all leaves ``r`` an absolute URI.  Either way the scheme never
    changes.
    """
    _, authority, _, _, _, path, query, fragment = r
    rest = recompose(None, authority, path, query, fragment)
    rule = g.rules["URI-reference"]
    for text in (rest, "./" + rest):
        parts = split(text, g, rule)
        if parts is not None and parts[1] is None:
            return parts.groups()  # type: ignore[return-value]
    return r


def _transform_2396(
    base: Components, r: Components, g: Grammar, strict: bool, above_root: AboveRoot
) -> Target:
    """RFC 2396 §5.2, steps 2 to 7 (step 1, the parse, is done): the target's components.

    Two repairs, both RFC 3986's, keep the result the URI the reference means:
    a base with an authority and an empty path merges with a reference path as "/" (RFC
    3986 §5.2.3; step 6a as written glues ``http://a`` and ``g`` into the host ``ag``,
    and java.net.URI, Ruby and Perl repair it the same way), while an empty reference
    path (``?q``) keeps the base path empty, as steps 6a-b say and those do too
    (``http://a`` + ``?q`` is ``http://a?q``); and a result path that begins with "//" without
    an authority is kept a path by "/." (RFC 3986 §3.3), so that a relative reference
    never chooses the host.
    """
    b_scheme, b_authority, _, _, _, b_path, b_query, _ = base
    scheme = r[0]
    # 3) the backwards-compatible reading of a scheme equal to the base's, for bases
    #    that use the <hier_part> syntax only
    if not strict and scheme is not None and scheme.lower() == (b_scheme or "").lower():
        r = r if _is_opaque(base) else _without_scheme(r, g)
    r_scheme, r_authority, _, _, _, r_path, r_query, r_fragment = r
    # 2) a reference to the current document: "we are done"
    if not r_path and r_scheme is None and r_authority is None and r_query is None:
        return b_scheme, b_authority, b_path, b_query, r_fragment
    # 3) an absolute URI
    if r_scheme is not None:
        return r_scheme, r_authority, r_path, r_query, r_fragment
    if _is_opaque(base):
        raise ResolutionError(
            recompose(None, r_authority, r_path, r_query, r_fragment),
            ErrorKind.OPAQUE_BASE,
            "RFC 2396 §5 admits relative references only against a base that fits "
            "hier_part; this base is opaque",
        )
    authority: str | None
    if r_authority is not None:  # 4) a network-path reference
        authority, path = r_authority, r_path
    elif r_path[:1] == "/":  # 5) an absolute-path reference
        authority, path = b_authority, r_path
    else:  # 6) a relative-path reference
        # RFC 3986 §5.2.3 for a path only: "" + "?q" stays "" (steps 6a-b)
        merged = "/" if r_path and not b_path and b_authority is not None else b_path
        authority, path = b_authority, _rfc2396_step_6(merged, r_path, above_root)
    if authority is None and path[:2] == "//":
        path = fit_path(True, False, path)  # RFC 3986 §3.3: not an authority
    return b_scheme, authority, path, r_query, r_fragment  # 7)


# -- the bodies ----------------------------------------------------------------------------
def check_above_root(above_root: object) -> None:
    """``above_root`` must be ``None``, ``"keep"``, ``"drop"`` or ``"raise"``."""
    if above_root is not None and above_root not in ("keep", "drop", "raise"):
        raise ValueError(f"above_root must be 'keep', 'drop' or 'raise', not {above_root!r}")


def check_base(base: Components) -> None:
    """A base URI needs a scheme (RFC 3986 §5.2.1, RFC 2396 §5.2)."""
    if base[0] is None:
        text = recompose(base[0], base[1], base[5], base[6], base[7])
        raise ResolutionError(
            text,
            ErrorKind.BASE_WITHOUT_SCHEME,
            f"a base URI needs a scheme (RFC 3986 §5.2.1, RFC 2396 §5.2): {text[:100]!r}",
        )


def transform(
    base: Components,
    r: Components,
    g: Grammar,
    strict: bool = True,
    above_root: AboveRoot | None = None,
) -> Target:
    """The target of ``r`` against ``base`` (which has a scheme: see :func:`check_base`)
    by the algorithm of grammar ``g``: RFC 3986 §5.2 (``..`` above the root dropped by
    default) or RFC 2396 §5.2 (kept by default, as in its Appendix C)."""
    if g.resolution == "rfc2396":
        return _transform_2396(base, r, g, strict, above_root or "keep")
    return _transform_3986(base, r, strict, above_root or "drop")


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


def _candidates(base: Components, t: Target, directory: str) -> list[str]:
    """References that may resolve to the target ``t`` against ``base``, shortest first;
    of the same length, a relative path before an absolute path (it survives moving the
    tree), and the target itself last."""
    scheme, authority, path, query, fragment = t
    hash_fragment = "" if fragment is None else "#" + fragment
    tail = ("" if query is None else "?" + query) + hash_fragment
    candidates = []
    if scheme == base[0]:
        if authority == base[1]:
            candidates.append(hash_fragment)  # "" or "#f": the base document
            if query is not None:
                candidates.append(tail)  # "?q": the base path (RFC 2396: its directory)
            relative_path = _relative_path(directory, path)
            if relative_path is not None:
                candidates.append(relative_path + tail)
            if path[:1] == "/":
                candidates.append(fit_path(True, False, path) + tail)
        if authority is not None:
            candidates.append("//" + authority + path + tail)
    candidates.append(recompose(scheme, authority, path, query, fragment))
    candidates.sort(key=len)  # stable: on a tie, the earlier shape wins
    return candidates


_DOT: Components = (None, None, None, None, None, ".", None, None)


def relative(base: Components, t: Target, g: Grammar) -> str:
    """The shortest reference that resolves (strictly, ``..`` as ``g`` does by default)
    against ``base`` to the target ``t``: the one body of ``relativize``."""
    text = recompose(*t)
    directory = ""  # the path relative-path references merge with, dot-segments removed
    if g.resolution == "rfc3986" or not _is_opaque(base):
        directory = transform(base, _DOT, g)[2]
    rule = g.rules["URI-reference"]
    for candidate in _candidates(base, t, directory):
        try:
            found = transform(base, read(candidate, g, rule), g)
        except (URISyntaxError, ResolutionError):
            continue  # not a reference here; RFC 2396: relative against an opaque base
        if recompose(*found) == text:
            return candidate
    return text  # pragma: no cover - the target is a candidate, and resolves to itself
