"""Hypothesis strategies that generate valid URI references from the ABNF.

RFC 3986 Appendix A and RFC 2396 Appendix A (with RFC 2732), rule by rule; each
strategy is named after its rule.  Used by the property tests, and by later features
(resolution, normalization) as their source of valid bases and references.
"""

from __future__ import annotations

import string

from hypothesis import strategies as st

ALPHA = string.ascii_letters
DIGIT = string.digits
HEXDIG = "0123456789ABCDEFabcdef"
UNRESERVED = ALPHA + DIGIT + "-._~"
SUB_DELIMS = "!$&'()*+,;="


def _chars(alphabet: str) -> st.SearchStrategy[str]:
    return st.sampled_from(alphabet)


def _joined(
    element: st.SearchStrategy[str], min_size: int = 0, max_size: int = 8
) -> st.SearchStrategy[str]:
    return st.lists(element, min_size=min_size, max_size=max_size).map("".join)


pct_encoded = st.tuples(_chars(HEXDIG), _chars(HEXDIG)).map(lambda t: "%" + t[0] + t[1])
# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"                (§3.3)
pchar = st.one_of(_chars(UNRESERVED + SUB_DELIMS + ":@"), pct_encoded)
pchar_nc = st.one_of(_chars(UNRESERVED + SUB_DELIMS + "@"), pct_encoded)

scheme = st.tuples(_chars(ALPHA), _joined(_chars(ALPHA + DIGIT + "+-."), max_size=6)).map(
    "".join
)  # §3.1
userinfo = _joined(st.one_of(_chars(UNRESERVED + SUB_DELIMS + ":"), pct_encoded))  # §3.2.1
reg_name = _joined(st.one_of(_chars(UNRESERVED + SUB_DELIMS), pct_encoded))  # §3.2.2
port = _joined(_chars(DIGIT), max_size=6)  # §3.2.3

dec_octet = st.integers(0, 255).map(str)
IPv4address = st.lists(dec_octet, min_size=4, max_size=4).map(".".join)
h16 = _joined(_chars(HEXDIG), min_size=1, max_size=4)


@st.composite
def IPv6address(draw: st.DrawFn) -> str:  # named after the ABNF rule
    """One of the nine forms of §3.2.2: 8 pieces, ``::`` eliding one run or none, the
    last 32 bits optionally as an IPv4 address."""
    ipv4_tail = draw(st.booleans())
    pieces = 6 if ipv4_tail else 8
    groups = draw(st.lists(h16, min_size=pieces, max_size=pieces))
    tail = [draw(IPv4address)] if ipv4_tail else []
    if draw(st.booleans()):  # elide groups[i:j], at least one group
        i = draw(st.integers(0, pieces - 1))
        j = draw(st.integers(i + 1, pieces))
        head, rest = ":".join(groups[:i]), ":".join(groups[j:] + tail)
        return f"{head}::{rest}"
    return ":".join(groups + tail)


IPvFuture = st.tuples(
    _joined(_chars(HEXDIG), min_size=1, max_size=3),
    _joined(_chars(UNRESERVED + SUB_DELIMS + ":"), min_size=1, max_size=8),
).map(lambda t: f"v{t[0]}.{t[1]}")
zone_id = _joined(st.one_of(_chars(UNRESERVED), pct_encoded), min_size=1, max_size=6)
IP_literal = st.one_of(
    IPv6address().map(lambda a: f"[{a}]"),
    IPvFuture.map(lambda a: f"[{a}]"),
    st.tuples(IPv6address(), zone_id).map(lambda t: f"[{t[0]}%25{t[1]}]"),  # RFC 6874
)
host = st.one_of(IP_literal, IPv4address, reg_name)


@st.composite
def authority(draw: st.DrawFn) -> str:
    """§3.2 ``authority = [ userinfo "@" ] host [ ":" port ]``."""
    info = draw(st.none() | userinfo)
    number = draw(st.none() | port)
    return (
        ("" if info is None else info + "@") + draw(host) + ("" if number is None else ":" + number)
    )


segment = _joined(pchar)
segment_nz = _joined(pchar, min_size=1)
segment_nz_nc = _joined(pchar_nc, min_size=1)
path_abempty = _joined(segment.map(lambda s: "/" + s), max_size=4)
path_absolute = st.tuples(segment_nz, _joined(segment.map(lambda s: "/" + s), max_size=3)).map(
    lambda t: "/" + t[0] + t[1]
) | st.just("/")
path_noscheme = st.tuples(segment_nz_nc, path_abempty).map("".join)
path_rootless = st.tuples(segment_nz, path_abempty).map("".join)
path_empty = st.just("")
query = _joined(st.one_of(pchar, _chars("/?")))
fragment = query


@st.composite
def uri_reference(draw: st.DrawFn, relative: bool | None = None, fragment_ok: bool = True) -> str:
    """§4.1 ``URI-reference = URI / relative-ref``; ``relative`` forces one side."""
    has_scheme = draw(st.booleans()) if relative is None else not relative
    head = draw(scheme) + ":" if has_scheme else ""
    choice = draw(st.integers(0, 3))
    if choice == 0:
        hier = "//" + draw(authority()) + draw(path_abempty)
    elif choice == 1:
        hier = draw(path_absolute)
    elif choice == 2:
        hier = draw(path_rootless if has_scheme else path_noscheme)
    else:
        hier = ""
    result = head + hier
    if draw(st.booleans()):
        result += "?" + draw(query)
    if fragment_ok and draw(st.booleans()):
        result += "#" + draw(fragment)
    return result


absolute_uri = uri_reference(relative=False, fragment_ok=False)  # §4.3
uri = uri_reference(relative=False)  # §3

# -- RFC 2396 Appendix A, with RFC 2732 -----------------------------------------------
MARK = "-_.!~*'()"
UNRESERVED_2396 = ALPHA + DIGIT + MARK
escaped = pct_encoded
pchar_2396 = st.one_of(_chars(UNRESERVED_2396 + ":@&=+$,"), escaped)
uric = st.one_of(_chars(UNRESERVED_2396 + ";/?:@&=+$,[]"), escaped)
uric_no_slash = st.one_of(_chars(UNRESERVED_2396 + ";?:@&=+$,"), escaped)
_label_char = _chars(ALPHA + DIGIT + "-")


@st.composite
def _label(draw: st.DrawFn, first: str) -> str:
    head = draw(_chars(first))
    if draw(st.booleans()):
        return head
    middle = draw(_joined(_label_char, max_size=4))
    return head + middle + draw(_chars(ALPHA + DIGIT))


domainlabel = _label(ALPHA + DIGIT)
toplabel = _label(ALPHA)
hostname = st.tuples(
    _joined(domainlabel.map(lambda s: s + "."), max_size=3), toplabel, st.sampled_from(["", "."])
).map("".join)
IPv4address_2732 = st.lists(_joined(_chars(DIGIT), 1, 3), min_size=4, max_size=4).map(".".join)
param = _joined(pchar_2396)
# segment = *pchar *( ";" param ); abs_path = "/" path_segments            (§3.3)
segment_2396 = st.tuples(_joined(pchar_2396), _joined(param.map(";".__add__), max_size=2)).map(
    "".join
)
abs_path = _joined(segment_2396.map("/".__add__), min_size=1, max_size=4)
rel_segment = _joined(st.one_of(_chars(UNRESERVED_2396 + ";@&=+$,"), escaped), min_size=1)
rel_path = st.tuples(rel_segment, st.just("") | abs_path).map("".join)
userinfo_2396 = _joined(st.one_of(_chars(UNRESERVED_2396 + ";:&=+$,"), escaped))
reg_name_2396 = _joined(st.one_of(_chars(UNRESERVED_2396 + "$,;:@&=+"), escaped), min_size=1)


@st.composite
def server(draw: st.DrawFn) -> str:
    """§3.2.2 ``server = [ [ userinfo "@" ] hostport ]`` (RFC 2732: IPv6reference)."""
    if draw(st.integers(0, 9)) == 0:
        return ""
    info = draw(st.none() | userinfo_2396)
    the_host = draw(st.one_of(hostname, IPv4address_2732, IPv6address().map(lambda a: f"[{a}]")))
    number = draw(st.none() | port)
    return (
        ("" if info is None else info + "@") + the_host + ("" if number is None else ":" + number)
    )


@st.composite
def uri_reference_2396(draw: st.DrawFn, relative: bool | None = None) -> str:
    """§4 ``URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]``."""
    kind = draw(st.integers(0 if relative is not False else 1, 4))
    if kind == 0:  # the empty reference, or a query-only one (urikit accepts "?y")
        result = draw(st.just("") | _joined(uric).map("?".__add__))
    else:
        has_scheme = draw(st.booleans()) if relative is None else not relative
        net = "//" + draw(st.one_of(server(), reg_name_2396)) + draw(st.just("") | abs_path)
        if has_scheme and kind == 1:  # absoluteURI = scheme ":" opaque_part
            result = draw(scheme) + ":" + draw(uric_no_slash) + draw(_joined(uric))
        else:
            choices = [net, draw(abs_path)] + ([] if has_scheme else [draw(rel_path)])
            hier = draw(st.sampled_from(choices))
            result = (draw(scheme) + ":" if has_scheme else "") + hier
            if draw(st.booleans()):
                result += "?" + draw(_joined(uric))
    if draw(st.booleans()):
        result += "#" + draw(_joined(uric))
    return result
