"""Public suffixes and registrable domains: the Public Suffix List's algorithm over a host.

The list and its matching (wildcard ``*.`` rules, exception ``!`` rules, the ICANN and
PRIVATE sections) belong to the `publicsuffixlist` package (``pip install
'urikit[psl]'``), which ships a copy of the list, refreshed with each of its releases,
and never fetches it: urikit hands it a host in ASCII and counts the labels it answers.
A list file of the user's own (``list_file=``, the format of
https://publicsuffix.org/list/public_suffix_list.dat) is parsed by the same package.

What urikit adds is the host: percent-decoded (RFC 3986 §3.2.2; an escape of a
character that no host name holds, ``%2F``, is an error: an answer is a host), its U-labels through
urikit's IDNA (:func:`urikit.host_to_ascii`, ``mode=``) so that a U-label host and its
A-label form give the same answer, each in its own form; IP addresses (an IP-literal,
or a name that "ends in a number", which the URL Standard reads as IPv4) have none; a
name with an empty label (``.com``, ``a..b``) has none either (the list's algorithm
admits no empty label); a trailing dot (the root) is kept on the answer.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from .._algorithms.idna import ENDS_IN_A_NUMBER, host_to_ascii, host_to_unicode
from .._algorithms.percent import unquote
from .._reference import validate
from .._syntax.charsets import PCT_TRIPLET, REG_NAME
from ..errors import ErrorKind, URISyntaxError, describe_char

__all__ = [
    "ListFile",
    "decoded_name",
    "label_counts",
    "public_suffix",
    "registrable_domain",
    "suffix_lengths",
    "suffix_list",
]

#: A list file: its path, or a ``publicsuffixlist.PublicSuffixList`` built by the caller.
ListFile = str | os.PathLike[str] | Any


@functools.lru_cache(maxsize=16)
def _load(path: str | None, private: bool) -> Any:
    """The package's list (``path=None``) or the file at ``path``, parsed once."""
    try:
        from publicsuffixlist import PublicSuffixList
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            "the Public Suffix List needs the publicsuffixlist package: pip install 'urikit[psl]'"
        ) from error
    if path is None:
        return PublicSuffixList(only_icann=not private)
    with open(path, encoding="utf-8") as file:
        return PublicSuffixList(file.read(), only_icann=not private)


def suffix_list(list_file: ListFile | None = None, *, private: bool = True) -> Any:
    """The parsed list: the package's own (``None``), a file's (a path), or the
    ``PublicSuffixList`` given, whose own ``only_icann`` then decides ``private``."""
    if list_file is None or isinstance(list_file, str | os.PathLike):
        return _load(None if list_file is None else os.fspath(list_file), private)
    if not private:
        raise ValueError(
            "private=False with a PublicSuffixList given: build it with only_icann=True"
        )
    if not callable(getattr(list_file, "publicsuffix", None)):
        raise TypeError(
            "list_file is a path or a publicsuffixlist.PublicSuffixList, "
            f"not {type(list_file).__name__}"
        )
    return list_file


def decoded_name(host: str) -> str:
    """``host`` (a reg-name) percent-decoded, UTF-8 (RFC 3986 §3.2.2); an escape of an
    ASCII character that no reg-name holds (``%2F``: ``/``) raises
    :class:`~urikit.URISyntaxError` at its ``%``: decoded, it would be no host."""
    for m in PCT_TRIPLET.finditer(host):
        char = chr(int(m[1], 16))
        if char < "\x80" and char not in REG_NAME:
            raise URISyntaxError(
                host,
                m.start(),
                ErrorKind.INVALID_HOST,
                f"{m[0]} is {describe_char(char)}, which no host name holds once decoded "
                "(RFC 3986 §3.2.2 reg-name)",
                rule="host",
                grammar="rfc3987",
            )
    return unquote(host)


def _ascii_name(host: str, mode: str) -> str | None:
    """``host`` as the list is matched against: percent-decoded, lower-case ASCII,
    without its root dot; ``None`` for an IP address or a name with an empty label."""
    validate(host, rule="host", grammar="rfc3987")  # URISyntaxError, with its position
    if host.startswith("["):  # IP-literal (RFC 3986 §3.2.2)
        return None
    if "%" in host:
        host = decoded_name(host)
    name = host[:-1] if host.endswith(".") else host
    if not name or "" in name.split(".") or ENDS_IN_A_NUMBER.search(name) is not None:
        return None
    return name.lower() if name.isascii() else host_to_ascii(name, mode=mode)


def suffix_lengths(
    host: str, psl: Any, *, implicit_rule: bool = True, mode: str = "uts46"
) -> tuple[str, int, int] | None:
    """The host's ASCII name and the labels of its public suffix and of its registrable
    domain (0 where it has none); ``None`` where the host is no domain name."""
    name = _ascii_name(host, mode)
    if name is None:
        return None
    return (name, *label_counts(name, psl, implicit_rule=implicit_rule))


def label_counts(name: str, psl: Any, *, implicit_rule: bool = True) -> tuple[int, int]:
    """The labels of the public suffix of the ASCII ``name`` and of its registrable
    domain (the suffix and one label more, where there is one more), 0 where none."""
    suffix = psl.publicsuffix(name, accept_unknown=implicit_rule)
    if suffix is None:
        return 0, 0
    labels = suffix.count(".") + 1
    return labels, labels + 1 if name.count(".") >= labels else 0


def _answer(host: str, name: str, labels: int, mode: str) -> str | None:
    """The last ``labels`` labels of ``name``, in the form ``host`` was written in."""
    if labels == 0:
        return None
    found = ".".join(name.split(".")[-labels:])
    if not host.isascii():
        found = host_to_unicode(found, mode=mode)
    return found + "." if host.endswith(".") else found


def public_suffix(
    host: str,
    *,
    private: bool = True,
    list_file: ListFile | None = None,
    implicit_rule: bool = True,
    mode: str = "uts46",
) -> str | None:
    """The public suffix of ``host`` (a host as ``urikit.parse`` gives it): the Public
    Suffix List's matching rule (https://publicsuffix.org/list/, "Algorithm"), with its
    PRIVATE section unless ``private=False``; the implicit ``*`` rule makes an unlisted
    top-level label a public suffix (``implicit_rule=False``: ``None`` instead).
    ``None`` for an IP address or a name with an empty label.

    >>> public_suffix("www.example.co.uk"), public_suffix("a.b.example.example")
    ('co.uk', 'example')
    """
    found = suffix_lengths(
        host, suffix_list(list_file, private=private), implicit_rule=implicit_rule, mode=mode
    )
    return None if found is None else _answer(host, found[0], found[1], mode)


def registrable_domain(
    host: str,
    *,
    private: bool = True,
    list_file: ListFile | None = None,
    implicit_rule: bool = True,
    mode: str = "uts46",
) -> str | None:
    """The registrable domain of ``host``: its public suffix and one label more (the
    Public Suffix List's "registrable domain", the URL Standard's §3.2 "registrable
    domain"); ``None`` where the host is a public suffix itself, an IP address, or a
    name with an empty label.  The parameters are :func:`public_suffix`'s.

    >>> registrable_domain("www.Example.co.uk"), registrable_domain("co.uk")
    ('example.co.uk', None)
    """
    found = suffix_lengths(
        host, suffix_list(list_file, private=private), implicit_rule=implicit_rule, mode=mode
    )
    return None if found is None else _answer(host, found[0], found[2], mode)
