"""``urikit.redirect_target``: is a redirect safe, and where does it really lead?

The question web frameworks hand-roll (Django's ``url_has_allowed_host_and_scheme``,
Rails' ``url_from``, the ``next=`` check of every login page): a string from a request
is about to go into a ``Location`` header.  The verdict reads it three ways, as the
browser that follows it (the WHATWG URL Standard, urikit's own reading), as Python's
``urllib.parse`` and as urikit (RFC 3987), each resolved against the page it is on; it is
*safe* when every reading that accepts the string leads to an allowed host with an
allowed scheme (or stays on the page's own site), the readings agree, and lint finds
nothing that deceives a reader of the host or the scheme.  It never raises for a
``str``: anything it cannot read is refused, with the reason.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .. import schemes as schemes_registry
from .._operations import resolve
from .._reference import components_of
from .._syntax.grammar import RFC3987
from .._whatwg import parse as whatwg_parse
from ..errors import ResolutionError, URISyntaxError
from .catalogue import Finding
from .differential import canonical
from .lint import lint

__all__ = ["RedirectVerdict", "redirect_target"]

#: The base a reference is resolved against when no page is given: a relative reference
#: stays on the current site; a network-path one (``//host``) takes the weaker scheme,
#: http, as Django does.
_SITE = "http://current-site.invalid/"
_SITE_HOST = "current-site.invalid"
_C0_OR_SPACE = "".join(map(chr, range(0x21)))
#: Warnings that say the host or the scheme may not be what it seems (all errors decide).
_DECIDING = frozenset(
    {
        "authority-confusion",
        "confusable-host",
        "dangerous-scheme",
        "double-encoding",
        "encoded-host",
        "encoded-slash",
        "long-host",
        "mixed-script-host",
        "non-dns-host",
        "scheme-confusion",
    }
)


@dataclass(frozen=True, slots=True)
class RedirectVerdict:
    """Where a redirect to ``url`` leads, and whether it is safe.

    ``target``: the absolute URL a browser goes to (``url`` resolved against the base as
    the URL Standard does; without a base, the path on the current site of a reference
    that begins with "/"), or ``None`` when it is not known.  ``hosts``: the host under each
    reading (``"whatwg"``, ``"urllib"``, ``"urikit"``), as a resolver gets it (lower
    case, IDNA, IPv6 compressed); ``None`` for a reading that rejects the string or has
    no host, ``""`` for one that stays on the current site.  ``scheme``: the target's
    scheme (``None``: the current page's).  ``safe``: it leads to an allowed host with an
    allowed scheme under every reading.  ``reason``: one line, why.  ``findings``: the
    lint findings that decided a refusal (severity error, or a warning about the host or
    the scheme)."""

    url: str
    target: str | None
    hosts: Mapping[str, str | None]
    scheme: str | None
    safe: bool
    reason: str
    findings: tuple[Finding, ...]

    def __bool__(self) -> bool:
        return self.safe


def _allowed(hosts: str | Iterable[str] | None) -> frozenset[tuple[str, str | None]]:
    """``(host, port or None)`` of each allowed host, canonical; a ``user@`` is dropped."""
    if hosts is None:
        return frozenset()
    names = [hosts] if isinstance(hosts, str) else list(hosts)
    allowed = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"an allowed host is a str, not {type(name).__name__}")
        hostport = name.rpartition("@")[2]
        host, port = hostport, None
        if hostport.startswith("["):
            close = hostport.find("]")
            host, rest = hostport[: close + 1], hostport[close + 1 :]
            port = rest[1:] if rest.startswith(":") and rest[1:].isdigit() else None
        elif hostport.count(":") == 1 and hostport.partition(":")[2].isdigit():
            host, _, port = hostport.partition(":")
        allowed.add((str(canonical(host) or ""), port))
    return frozenset(allowed)


def _whatwg(url: str, base: str) -> tuple[str | None, str | None, str | None, str | None]:
    """(target, host, scheme, port) as browsers read ``url`` on the page ``base`` (the
    URL Standard's basic URL parser, urikit's own reading)."""
    try:
        target = whatwg_parse(url, base)
    except ValueError:
        return None, None, None, None
    return target.href, target.hostname or None, target.protocol[:-1], target.port or None


def _urllib(url: str, base: str) -> tuple[str | None, str | None]:
    """(host, scheme) as ``urllib.parse.urljoin`` and ``urlsplit`` read it."""
    try:
        split = urllib.parse.urlsplit(urllib.parse.urljoin(base, url))
        return split.hostname, split.scheme.lower() or None
    except ValueError:
        return None, None


def _urikit(url: str, base: str) -> tuple[str | None, str | None]:
    """(host, scheme) of urikit's resolution of ``url`` against ``base`` (RFC 3987)."""
    try:
        target = components_of(resolve(base, url, grammar=RFC3987), RFC3987)
    except (URISyntaxError, ResolutionError):
        return None, None
    return target[3], (target[0] or "").lower() or None


def redirect_target(
    url: str,
    *,
    base: str | None = None,
    allowed_hosts: str | Iterable[str] | None = None,
    schemes: Iterable[str] = ("http", "https"),
) -> RedirectVerdict:
    """The verdict on a redirect to ``url`` from the page ``base`` (``None``: any page
    of the current site): where it leads under each reading, and whether it is safe,
    which it is when it leads to one of ``allowed_hosts`` (names, ``host:port`` for one
    port only) or stays on the current site, with one of ``schemes``, and nothing in it
    deceives.  Any ``str`` gets a verdict; anything else is a ``TypeError``.

    >>> redirect_target("/account", allowed_hosts=["example.com"]).safe
    True
    >>> verdict = redirect_target("/\\\\evil.example", allowed_hosts=["example.com"])
    >>> verdict.safe, verdict.hosts["whatwg"], verdict.hosts["urllib"]
    (False, 'evil.example', '')
    """
    if not isinstance(url, str):
        raise TypeError(f"redirect_target() takes a str, not {type(url).__name__}")
    if base is not None and not isinstance(base, str):
        raise TypeError(f"the base is a str, not {type(base).__name__}")
    allowed = _allowed(allowed_hosts)
    if base is not None:  # the page's own host
        allowed |= {(str(canonical(_urllib(base, base)[0]) or ""), None)}
    wanted = {str(s).lower() for s in ([schemes] if isinstance(schemes, str) else schemes)}
    page = _SITE if base is None else base
    target, browser_host, scheme, port = _whatwg(url, page)
    followed = target is not None
    readings = {
        "whatwg": _site(canonical(browser_host)) if followed else None,
        "urllib": _site(canonical(_urllib(url, page)[0])),
        "urikit": _site(canonical(_urikit(url, page)[0])),
    }
    hosts = MappingProxyType(readings)
    if base is None and browser_host == _SITE_HOST and target is not None:
        scheme = None  # a relative reference: the current page's scheme
        rooted = url.lstrip(_C0_OR_SPACE)[:1] in ("/", "\\")
        target = target[len(_SITE) - 1 :] if rooted else None  # the path on the site
    try:
        found = lint(url, base=page)
    except (URISyntaxError, ResolutionError):  # a base that is no absolute URI
        return RedirectVerdict(url, target, hosts, scheme, False, "the base is no URI", ())
    deciding = tuple(
        f
        for f in found
        if f.severity == "error" or (f.severity == "warning" and f.rule in _DECIDING)
    )

    def verdict(safe: bool, reason: str) -> RedirectVerdict:
        return RedirectVerdict(url, target, hosts, scheme, safe, reason, deciding)

    if not followed:
        return verdict(False, "browsers cannot follow it (the URL Standard rejects it)")
    if deciding:
        first = deciding[0]
        return verdict(False, f"{first.rule}: {first.message}")
    if scheme is not None and scheme not in wanted:
        return verdict(False, f"the scheme {scheme}: is not one of {', '.join(sorted(wanted))}")
    seen = {host for host in readings.values() if host is not None}
    if len(seen) > 1:
        return verdict(False, f"the readings lead to different hosts: {sorted(seen)}")
    host = seen.pop() if seen else ""
    if host == "":
        return verdict(True, "it stays on the current site")
    if port is None and scheme is not None:  # the URL Standard drops the default port
        known = schemes_registry.get(scheme)
        port = str(known.default_port) if known is not None and known.default_port else None
    if (host, None) in allowed or (host, port) in allowed:
        return verdict(True, f"it leads to the allowed host {host}")
    return verdict(False, f"the host {host} is not allowed")


def _site(host: object) -> str | None:
    """A reading's host, ``""`` for the current site (the stand-in base's host)."""
    if not isinstance(host, str):
        return None
    return "" if host == _SITE_HOST else host
