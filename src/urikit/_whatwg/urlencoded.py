"""The application/x-www-form-urlencoded format (WHATWG URL §5: its parser and
serializer, UTF-8 only) and the URLSearchParams class (§6.2), a list of name-value
pairs read from and written as a query.

A :class:`URLSearchParams` here belongs to no URL (its "URL object" is null): a URL
value is immutable, so ``url.search_params`` is a new list read from the query, and
``url.replace(search=str(params))`` is the URL with a query written from one (the same
query as the Standard's update steps set: the serialization is left as it is by the
query state, and the empty one is a null query either way).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from .._algorithms.percent import unquote_to_bytes
from .encode import FORM_URLENCODED, utf8_percent_encode
from .positions import scalar

__all__ = ["URLSearchParams", "urlencoded_parse", "urlencoded_serialize"]


def urlencoded_parse(text: str) -> list[tuple[str, str]]:
    """§5.1 the string parser: ``&``-separated ``name=value`` pairs, ``+`` a space,
    percent-decoded and UTF-8 decoded (a bad sequence U+FFFD).

    >>> urlencoded_parse("a=1&&b=%E2%80%BD+x&c&=d&e=f=g")
    [('a', '1'), ('b', '‽ x'), ('c', ''), ('', 'd'), ('e', 'f=g')]
    """
    output = []
    for sequence in scalar(text).split("&"):
        if sequence == "":
            continue
        name, _, value = sequence.partition("=")
        output.append((_decode(name), _decode(value)))
    return output


def _decode(text: str) -> str:
    return unquote_to_bytes(text.replace("+", " "), errors="replace").decode("utf-8", "replace")


def urlencoded_serialize(tuples: Iterable[tuple[str, str]]) -> str:
    """§5.2 the serializer: each name and value percent-encoded with the
    application/x-www-form-urlencoded percent-encode set, a space as ``+``.

    >>> urlencoded_serialize([("a b", "1+1=2"), ("q", "‽")])
    'a+b=1%2B1%3D2&q=%E2%80%BD'
    """
    return "&".join(f"{_encode(name)}={_encode(value)}" for name, value in tuples)


def _encode(text: str) -> str:
    # "%20" comes only from a space: an input "%" is encoded, "%2520"
    return utf8_percent_encode(scalar(text), FORM_URLENCODED).replace("%20", "+")


class URLSearchParams:
    """URLSearchParams (§6.2): a list of (name, value) pairs.

    >>> params = URLSearchParams("?q=🏳️‍🌈&key=e1f7bc78")
    >>> params.sort()
    >>> str(params)
    'key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88'
    >>> params.append("q", "2"); params.get("q"), params.get_all("q"), params.size
    ('🏳️\u200d🌈', ['🏳️\u200d🌈', '2'], 3)
    """

    __slots__ = ("_list",)

    def __init__(self, init: str | Iterable[tuple[str, str]] | Mapping[str, str] = "") -> None:
        """From a query (one leading "?" dropped), a sequence of pairs, or a mapping."""
        if isinstance(init, str):
            self._list = urlencoded_parse(init[1:] if init.startswith("?") else init)
        elif isinstance(init, Mapping):
            self._list = [(scalar(name), scalar(value)) for name, value in init.items()]
        else:
            self._list = []
            for pair in init:
                if len(pair) != 2:
                    raise TypeError(f"a name-value pair has two items, not {len(pair)}")
                self._list.append((scalar(pair[0]), scalar(pair[1])))

    @property
    def size(self) -> int:
        return len(self._list)

    def append(self, name: str, value: str) -> None:
        self._list.append((scalar(name), scalar(value)))

    def delete(self, name: str, value: str | None = None) -> None:
        """Remove every pair named ``name`` (whose value is ``value``, if given)."""
        self._list = [
            pair
            for pair in self._list
            if not (pair[0] == name and (value is None or pair[1] == value))
        ]

    def get(self, name: str) -> str | None:
        return next((v for n, v in self._list if n == name), None)

    def get_all(self, name: str) -> list[str]:
        return [v for n, v in self._list if n == name]

    def has(self, name: str, value: str | None = None) -> bool:
        return any(n == name and (value is None or v == value) for n, v in self._list)

    def set(self, name: str, value: str) -> None:
        """The first pair named ``name`` gets ``value``, the others go (or it is added)."""
        name, value = scalar(name), scalar(value)
        if not self.has(name):
            self._list.append((name, value))
            return
        first = next(i for i, (n, _) in enumerate(self._list) if n == name)
        self._list = [
            (name, value) if i == first else pair
            for i, pair in enumerate(self._list)
            if i == first or pair[0] != name
        ]

    def sort(self) -> None:
        """Stable sort by name, comparing UTF-16 code units (not code points)."""
        self._list.sort(key=lambda pair: pair[0].encode("utf-16-be", "surrogatepass"))

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(list(self._list))

    def __str__(self) -> str:
        return urlencoded_serialize(self._list)

    def __repr__(self) -> str:
        return f"URLSearchParams({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, URLSearchParams) and other._list == self._list

    __hash__ = None  # type: ignore[assignment]
