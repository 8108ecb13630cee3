"""SURT keys (Sort-friendly URI Reordering Transform): the keys of web archives' CDX
indexes, the host's labels reversed so that a host and its subdomains sort together.

``form="ia"``
    The Internet Archive's key (CDX, pywb, Common Crawl's ``urlkey``): the URL
    canonicalized by the ``ia`` profile, scheme and userinfo dropped, the host's
    labels reversed and joined by ``,``, the port after them, ``)``, the path and
    query: ``com,example:8080)/a/b?a=2&b=1``.
``form="ssurt"``
    The IIPC's SSURT (urlcanon's ``ssurt.rst``): ``tld,domain,//port:scheme@userinfo:``
    then the path, query and fragment, of the URL canonicalized by the ``semantic``
    profile: ``com,example,//https:/path``.

What the ``surt`` package (0.3.1) gets wrong and this does not: a first label that only
starts with ``www`` stays (``www1355544.com`` is ``com,www1355544)/``, not ``com)/``);
an IPv4 address in any legal form is read as the address and not reversed
(``http://0x7f.1/`` is ``127.0.0.1)/``); an IPv6 literal keeps its brackets; an
authority-form request target (``host:443``, as a WARC's ``CONNECT`` records it, also
written ``connect:host:443``) is keyed as the authority it names.
"""

from __future__ import annotations

from .._algorithms.percent import require_str
from ..errors import URISyntaxError
from .canonicalize import PROFILES, canonical_url
from .lenient import JUNK, URL

__all__ = ["FORMS", "reverse_host", "surt"]

FORMS = ("ia", "ssurt")
_DEFAULT_PROFILE = {"ia": "ia", "ssurt": "semantic"}
#: Records of the ARC/WARC formats whose "URL" is a name, not a locator: kept as they are.
_PSEUDO_SCHEMES = ("dns:", "filedesc:", "warcinfo:")


def surt(url: str, *, form: str = "ia", profile: str | None = None) -> str:
    """The SURT key of ``url``: ``form="ia"`` (the Internet Archive's, the default) or
    ``"ssurt"`` (the IIPC's); ``profile`` names the canonicalization applied first
    (:func:`urikit.canonicalize`; ``None``: ``"ia"`` for the ``ia`` form, ``"semantic"``
    for ``ssurt``).  A URL without a host (``mailto:``, ``file:///a``) keys as itself
    canonicalized, an empty authority dropped (``file:/a``); the ARC/WARC records
    ``dns:``, ``filedesc:``, ``warcinfo:`` as they are; the empty string (or C0
    controls and spaces only) as ``-``.  Where the profile refuses the URL (a special
    scheme's URL without a host), :class:`~urikit.URISyntaxError`, positioned in ``url``.

    >>> surt("http://www.Example.com:8080/A/b/?b=1&a=2#top")
    'com,example:8080)/a/b?a=2&b=1'
    >>> surt("https://www.example.com/path", form="ssurt")
    'com,example,www,//https:/path'
    >>> surt("http://0x7f.1/"), surt("http://[2001:DB8::1]/")
    ('127.0.0.1)/', '[2001:db8::1])/')
    """
    if url.__class__ is not str:
        require_str(url, "a URL")
    if form not in _DEFAULT_PROFILE:
        raise ValueError(f"unknown SURT form {form!r}: one of {', '.join(FORMS)}")
    if profile is not None and profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r} for a SURT: one of {', '.join(PROFILES)}")
    text = url.strip(JUNK)  # as the profiles strip it (WHATWG URL §4.4, step 1)
    if not text:
        return "-"
    lowered = text[:10].lower()
    if lowered.startswith(_PSEUDO_SCHEMES):
        return text
    lead = len(url) - len(url.lstrip(JUNK))
    if lowered.startswith("connect:"):
        text = text[8:]  # the authority-form target of a CONNECT request (RFC 9110 §9.3.6)
        lead += 8
    try:
        u = canonical_url(text, profile or _DEFAULT_PROFILE[form])
    except URISyntaxError as error:  # positioned in text: in url
        raise URISyntaxError(
            url, lead + error.position, error.kind, error.reason, rule=error.rule
        ) from None
    if not u.authority or not u.host:  # no host to reverse: the URL, and an empty
        u.authority = False  # authority dropped (file:///a is file:/a, RFC 8089 §2)
        return str(u)
    return _ia(u) if form == "ia" else _ssurt(u)


def reverse_host(host: str) -> str:
    """The labels of a registered name reversed and joined by ``,`` (``example.com`` is
    ``com,example``), a ``,`` in a label written ``%2C`` so that it reads as no label's
    end (``a%2Cb.com``, whose decoded host ``a,b.com`` browsers admit, is not
    ``b.a.com``); an IPv4 address or an IP literal as it is: an address has no
    hierarchy of names to sort by."""
    if host[:1] == "[" or _is_dotted_decimal(host):
        return host
    if "," in host:
        host = host.replace(",", "%2C")
    return ",".join(reversed(host.split(".")))


def _is_dotted_decimal(host: str) -> bool:
    """Is ``host`` dotted-decimal IPv4, as the profiles write every address they read?"""
    parts = host.split(".")
    return len(parts) == 4 and all(p.isdigit() and p.isascii() and len(p) <= 3 for p in parts)


def _ia(u: URL) -> str:
    key = reverse_host(u.host or "")
    if ")" in key:  # the key's host ends at its first ")"
        key = key.replace(")", "%29")
    if u.port is not None:
        key += ":" + u.port
    key += ")" + u.path
    if u.query is not None:
        key += "?" + u.query
    return key


def _ssurt(u: URL) -> str:
    host = u.host or ""
    key = host if host[:1] == "[" or _is_dotted_decimal(host) else reverse_host(host) + ","
    key += "//"
    if u.port is not None:
        key += u.port + ":"
    key += u.scheme or ""
    if u.userinfo is not None:
        key += "@" + u.userinfo
    key += ":" + u.path
    if u.query is not None:
        key += "?" + u.query
    if u.fragment is not None:
        key += "#" + u.fragment
    return key
