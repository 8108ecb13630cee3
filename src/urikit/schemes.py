"""The scheme registry: what urikit knows about common URI schemes (RFC 3986 §6.2.3).

Each :class:`Scheme` says what scheme-based normalization may assume: the default port,
whether the scheme is hierarchical (uses the generic authority/path hierarchy, so an
empty path with an authority means "/"), a host that stands for the empty authority,
and an optional normalizer for scheme-specific case-insensitive parts of the path.
Users extend it at run time with :func:`register`.

>>> get("HTTP").default_port
80
>>> register(Scheme("myproto", default_port=7000, hierarchical=True))
>>> get("myproto").empty_path_is_root
True
>>> unregister("myproto")
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ._engine import SCHEMES

__all__ = ["Scheme", "get", "known", "register", "unregister"]


@dataclass(frozen=True)
class Scheme:
    """What scheme-based normalization (RFC 3986 §6.2.3) may assume about a scheme."""

    name: str
    #: The port an authority implies when it gives none (``None``: no ports).
    default_port: int | None = None
    #: Uses the generic hierarchy (RFC 3986 §1.2.3), so relative references apply.
    hierarchical: bool = True
    #: With an authority, an empty path means "/" (§6.2.3); defaults to ``hierarchical``.
    empty_path_is_root: bool | None = None
    #: A host equivalent to an empty one (§6.2.3), e.g. ``localhost`` for ``file``.
    default_host: str | None = None
    #: Normalizes the scheme-specific, case-insensitive parts of the path.
    normalize_path: Callable[[str], str] | None = field(default=None, compare=False)
    #: Where the scheme is defined.
    reference: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"a scheme name is a str, not {type(self.name).__name__}")
        object.__setattr__(self, "name", self.name.lower())
        if self.empty_path_is_root is None:
            object.__setattr__(self, "empty_path_is_root", self.hierarchical)


#: ASCII letters to lower case, and nothing else: the case of other letters is no
#: syntax (RFC 3987 §5.3.2.1; an internationalized domain's is IDNA's business).
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _mailto_path(path: str) -> str:
    """RFC 6068 §2 / RFC 3986 §6.2.3: the domain of each address is case-insensitive
    (``mailto:Joe@Example.COM`` is ``mailto:Joe@example.com``)."""
    if "@" not in path:
        return path
    addresses = []
    for address in path.split(","):
        local, at, domain = address.rpartition("@")
        addresses.append(local + at + domain.translate(_ASCII_LOWER) if at else address)
    return ",".join(addresses)


def _urn_path(path: str) -> str:
    """RFC 8141 §3.1: the namespace identifier (NID) is case-insensitive."""
    nid, colon, nss = path.partition(":")
    return nid.translate(_ASCII_LOWER) + colon + nss


#: The registry: the compiled core's normalization reads it live (urikit._engine).
_REGISTRY: dict[str, Scheme] = SCHEMES


def register(scheme: Scheme) -> None:
    """Add ``scheme`` to the registry, replacing any scheme of the same name."""
    if not isinstance(scheme, Scheme):
        raise TypeError(f"register() takes a Scheme, not {type(scheme).__name__}")
    _REGISTRY[scheme.name] = scheme


def unregister(name: str) -> None:
    """Remove the scheme called ``name`` (case-insensitive); unknown names are ignored."""
    if not isinstance(name, str):
        raise TypeError(f"a scheme name is a str, not {type(name).__name__}")
    _REGISTRY.pop(name.lower(), None)


def get(name: str) -> Scheme | None:
    """The registered scheme called ``name`` (case-insensitive), or ``None``."""
    if not isinstance(name, str):
        raise TypeError(f"a scheme name is a str, not {type(name).__name__}")
    scheme = _REGISTRY.get(name)
    return scheme if scheme is not None else _REGISTRY.get(name.lower())


def known() -> Iterator[Scheme]:
    """Every registered scheme, by name."""
    return iter(sorted(_REGISTRY.values(), key=lambda scheme: scheme.name))


for _scheme in (
    Scheme("http", 80, reference="RFC 9110 §4.2.1"),
    Scheme("https", 443, reference="RFC 9110 §4.2.2"),
    Scheme("ws", 80, reference="RFC 6455 §3"),
    Scheme("wss", 443, reference="RFC 6455 §3"),
    Scheme("ftp", 21, reference="RFC 1738 §3.2"),
    Scheme("file", default_host="localhost", reference="RFC 8089 §2"),
    Scheme("ssh", 22, reference="draft-ietf-secsh-scp-sftp-ssh-uri"),
    Scheme("sftp", 22, reference="draft-ietf-secsh-scp-sftp-ssh-uri"),
    Scheme("git", 9418, reference="git-daemon(1)"),
    Scheme("ldap", 389, reference="RFC 4516 §2"),
    Scheme("ldaps", 636, reference="RFC 4516 (with TLS)"),
    Scheme("telnet", 23, reference="RFC 4248"),
    Scheme("gopher", 70, reference="RFC 4266"),
    Scheme("nntp", 119, reference="RFC 5538 §2.2"),
    Scheme("news", 119, hierarchical=False, reference="RFC 5538 §2.1"),
    Scheme("imap", 143, reference="RFC 5092"),
    Scheme("pop", 110, reference="RFC 2384"),
    Scheme("rtsp", 554, reference="RFC 7826 §19.2"),
    Scheme("sip", 5060, hierarchical=False, reference="RFC 3261 §19.1"),
    Scheme("sips", 5061, hierarchical=False, reference="RFC 3261 §19.1"),
    Scheme("coap", 5683, reference="RFC 7252 §6.1"),
    Scheme("coaps", 5684, reference="RFC 7252 §6.2"),
    Scheme("redis", 6379, reference="IANA provisional"),
    Scheme("mailto", hierarchical=False, normalize_path=_mailto_path, reference="RFC 6068"),
    Scheme("urn", hierarchical=False, normalize_path=_urn_path, reference="RFC 8141"),
    Scheme("data", hierarchical=False, reference="RFC 2397"),
    Scheme("tel", hierarchical=False, reference="RFC 3966"),
    Scheme("about", hierarchical=False, reference="RFC 6694"),
):
    register(_scheme)
