"""``file:`` URIs and file paths (RFC 8089): ``file_uri_to_path``, ``path_to_file_uri``.

Reference data (``tests/data/file_uri/``, see its README): RFC 8089's own examples
(Appendix B, Appendix E) and Node's ``fileURLToPath`` / ``pathToFileURL`` tables.  Then
errors with their positions, the type contract, round trips path -> URI -> path of
generated POSIX and Windows paths, and linear growth.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import urikit
from tests.growth import assert_linear
from tests.test_contract import TEXT
from urikit import ErrorKind, URISyntaxError, file_uri_to_path, path_to_file_uri

DATA = Path(__file__).parent / "data" / "file_uri"


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text("utf-8"))


RFC8089 = _load("rfc8089.json")
TO_PATH = _load("node-fileurltopath.json")
TO_URI = _load("node-pathtofileurl.json")
FLAVORS = ("posix", "windows")


# -- RFC 8089 Appendix B (examples) and Appendix E (nonstandard forms) -----------------------
@pytest.mark.parametrize(("section", "flavor", "uri", "path"), RFC8089["to_path"])
def test_rfc8089_examples_to_path(section: str, flavor: str, uri: str, path: str | None) -> None:
    if path is None:  # §3: a non-local file has no POSIX path
        with pytest.raises(URISyntaxError) as info:
            file_uri_to_path(uri, flavor=flavor)  # type: ignore[arg-type]
        assert info.value.kind is ErrorKind.NON_LOCAL_HOST
    else:
        assert file_uri_to_path(uri, flavor=flavor) == path  # type: ignore[arg-type]


@pytest.mark.parametrize(("section", "flavor", "path", "uri"), RFC8089["to_uri"])
def test_rfc8089_examples_to_uri(section: str, flavor: str, path: str, uri: str) -> None:
    assert path_to_file_uri(path, flavor=flavor) == uri  # type: ignore[arg-type]


# -- Node's tables ---------------------------------------------------------------------------
@pytest.mark.parametrize("flavor", FLAVORS)
def test_node_file_url_to_path(flavor: str) -> None:
    for path, uri in TO_PATH[flavor]:
        assert file_uri_to_path(uri, flavor=flavor) == path, uri  # type: ignore[arg-type]
    for uri in TO_PATH["errors"][flavor]:
        with pytest.raises(URISyntaxError):
            file_uri_to_path(uri, flavor=flavor)  # type: ignore[arg-type]


@pytest.mark.parametrize("flavor", FLAVORS)
def test_node_path_to_file_url(flavor: str) -> None:
    for path, uri in TO_URI[flavor]:
        assert path_to_file_uri(path, flavor=flavor) == uri, path  # type: ignore[arg-type]
        if not path.startswith("\\\\?\\"):  # Win32 namespaces do not come back
            assert file_uri_to_path(uri, flavor=flavor) == path  # type: ignore[arg-type]
    for path in TO_URI["errors"][flavor]:
        with pytest.raises(URISyntaxError):
            path_to_file_uri(path, flavor=flavor)  # type: ignore[arg-type]


#: The one difference from Node (tests/data/file_uri/README.md): Node resolves a relative
#: path against the working directory; RFC 8089 §2 names absolute paths only.
NODE_RELATIVE = [("posix", "test/"), ("windows", "test\\"), ("posix", "\\\\nas\\share\\path.txt")]


@pytest.mark.parametrize(("flavor", "path"), NODE_RELATIVE)
def test_a_relative_path_is_refused_where_node_resolves_it(flavor: str, path: str) -> None:
    with pytest.raises(URISyntaxError) as info:
        path_to_file_uri(path, flavor=flavor)  # type: ignore[arg-type]
    assert (info.value.position, info.value.kind) == (0, ErrorKind.INVALID_FILE_PATH)


# -- errors at the first character at fault --------------------------------------------------
E = ErrorKind
URI_ERRORS = [
    ("posix", "http://a/b", 0, E.WRONG_SCHEME),
    ("posix", "file://host/a", 7, E.NON_LOCAL_HOST),
    ("posix", "file://user@/a", 7, E.INVALID_HOST),
    ("windows", "file://h:80/s/a", 8, E.INVALID_HOST),
    ("windows", "file://[::1]/s/a", 7, E.INVALID_HOST),
    ("posix", "file:///a?b", 9, E.UNEXPECTED_CHARACTER),
    ("posix", "file:///a%2Fb", 9, E.INVALID_FILE_PATH),
    ("posix", "file:///a/%00", 10, E.INVALID_FILE_PATH),
    ("windows", "file:///c:/a%5cb", 12, E.INVALID_FILE_PATH),
    ("posix", "file:///a/%FF", 10, E.INVALID_PERCENT_ENCODING),
    ("posix", "file:a", 5, E.INVALID_FILE_PATH),
    ("posix", "file:c:/a", 5, E.INVALID_FILE_PATH),  # a drive letter: windows only
    ("posix", "file://", 7, E.INVALID_FILE_PATH),
    ("posix", "file:///c|/a", 9, E.INVALID_CHARACTER),  # RFC 3986 §2: no "|"
    ("windows", "file:///c|", 9, E.INVALID_CHARACTER),  # E.2.2: "|" and path-absolute
    ("windows", "file:///c:", 10, E.INVALID_FILE_PATH),  # E.2: drive-letter path-absolute
    ("windows", "file:///c:x/y", 10, E.INVALID_FILE_PATH),  # E.2.1: "/c:bar"
    ("windows", "file://server", 13, E.INVALID_FILE_PATH),  # no share
    ("windows", "file://server/", 14, E.INVALID_FILE_PATH),
    ("windows", "file://////s/x", 7, E.INVALID_FILE_PATH),  # E.3.2: 2*3"/"
    ("windows", "file:///c:\\x", 10, E.INVALID_CHARACTER),  # E.4: no guess about "\"
    ("posix", "file:///a b", 9, E.INVALID_CHARACTER),
]


@pytest.mark.parametrize(("flavor", "uri", "position", "kind"), URI_ERRORS)
def test_file_uri_errors(flavor: str, uri: str, position: int, kind: ErrorKind) -> None:
    with pytest.raises(URISyntaxError) as info:
        file_uri_to_path(uri, flavor=flavor)  # type: ignore[arg-type]
    assert (info.value.text, info.value.position, info.value.kind) == (uri, position, kind)


#: RFC 3986 §2.1: "%2f" and "%2F" are one octet, so each spelling of an escape is refused
#: alike: the separator "/" (and "\\" under Windows, where POSIX names may hold it) and NUL.
_FORBIDDEN = {
    "posix": ["%2f", "%2F", "%00"],
    "windows": ["%2f", "%2F", "%5c", "%5C", "%00"],
}
#: Every place a name is decoded, with {} for the escape: a segment, a segment after a
#: drive letter (Appendix E.2), a UNC host as the authority (E.3.1) or in the path (E.3.2),
#: a UNC share and a segment after it.
_NAME_PLACES = {
    "posix": ["file:///a{}b", "file:///x/{}", "file://localhost/{}/y"],
    "windows": [
        "file:///a{}b",
        "file:///c:/x/a{}b",
        "file:c:/{}",
        "file://de{}ps/share/f",
        "file://{}/share/f",
        "file:////de{}ps/share/f",
        "file://///de{}ps/share/f",
        "file://srv/sh{}are/f",
        "file://srv/share/f{}",
    ],
}
ESCAPED_SEPARATORS = [
    (flavor, place.format(escape))
    for flavor in FLAVORS
    for escape in _FORBIDDEN[flavor]
    for place in _NAME_PLACES[flavor]
]


@pytest.mark.parametrize(("flavor", "uri"), ESCAPED_SEPARATORS)
def test_an_escaped_separator_or_nul_is_refused_in_every_name(flavor: str, uri: str) -> None:
    r"""Decoded, it would split a name or a host (``file://de%2Fps/x`` read as the share
    ``\\de/ps\x``) or end it (NUL): an error at its triplet."""
    with pytest.raises(URISyntaxError) as info:
        file_uri_to_path(uri, flavor=flavor)  # type: ignore[arg-type]
    assert (info.value.position, info.value.kind) == (uri.index("%"), E.INVALID_FILE_PATH)


def test_a_backslash_escape_is_a_posix_name_character() -> None:
    r"""POSIX names hold "\" (only "/" and NUL are not), in either spelling."""
    assert file_uri_to_path("file:///a%5cb/c%5Cd") == "/a\\b/c\\d"


PATH_ERRORS = [
    ("posix", "a/b", 0),
    ("posix", "", 0),
    ("posix", "/a\0b", 2),
    ("posix", "/a\udc80", 2),  # a lone surrogate has no UTF-8 (RFC 3986 §2.5)
    ("windows", "c:a", 2),  # drive-relative
    ("windows", "a\\b", 0),
    ("windows", "\\\\\\x", 2),  # UNC without host
    ("windows", "\\\\h\\", 4),  # UNC without share
    ("windows", "\\\\?\\UNC\\h", 9),
    ("windows", "\\\\?\\unc\\h", 9),
]


@pytest.mark.parametrize(("flavor", "path", "position"), PATH_ERRORS)
def test_path_errors(flavor: str, path: str, position: int) -> None:
    with pytest.raises(URISyntaxError) as info:
        path_to_file_uri(path, flavor=flavor)  # type: ignore[arg-type]
    assert (info.value.text, info.value.position, info.value.rule) == (path, position, "path")


#: Win32 file namespaces (RFC 8089 Appendix C): "UNC" after \\?\ or \\.\ in any case
#: (Windows reads it case-insensitively, as it reads names).
WIN32_UNC = [
    prefix + unc + "\\srv\\share\\x"
    for prefix in ("\\\\?\\", "\\\\.\\")
    for unc in ("UNC", "unc", "Unc", "uNC")
]


@pytest.mark.parametrize("path", WIN32_UNC)
def test_the_win32_unc_prefix_in_any_case(path: str) -> None:
    assert path_to_file_uri(path, flavor="windows") == "file://srv/share/x"


def test_the_types() -> None:
    for bad in (None, b"file:///a", 1, Path("/a")):
        with pytest.raises(TypeError):
            file_uri_to_path(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            path_to_file_uri(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        file_uri_to_path("file:///a", flavor=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown flavor"):
        path_to_file_uri("/a", flavor="nt")  # type: ignore[arg-type]


def test_the_default_flavor_is_posix_and_a_fragment_is_left_aside() -> None:
    assert file_uri_to_path("file:///c:/a#frag") == "/c:/a"
    assert file_uri_to_path("FILE://LOCALHOST/a/./b/../c") == "/a/./b/../c"  # as written


@pytest.mark.parametrize("flavor", FLAVORS)
@given(text=TEXT)
def test_any_text_gives_a_path_or_an_error(flavor: str, text: str) -> None:
    for call in (file_uri_to_path, path_to_file_uri):
        try:
            call(text, flavor=flavor)  # type: ignore[arg-type]
        except URISyntaxError as error:
            assert 0 <= error.position <= len(text)


# -- round trips path -> URI -> path ---------------------------------------------------------
_NAME_CHARS = st.characters(codec="utf-8", exclude_characters="/\0")
POSIX_PATHS = st.lists(st.text(_NAME_CHARS, max_size=8), min_size=1, max_size=6).map(
    lambda names: "/" + "/".join(names)
)
#: Windows names: no separator, none of the characters Windows refuses in a name.
_WINDOWS_CHARS = st.characters(codec="utf-8", exclude_characters='/\\\0<>:"|?*')
_WINDOWS_NAMES = st.lists(st.text(_WINDOWS_CHARS, max_size=8), max_size=5)
_SERVER = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9.-]{0,12}", fullmatch=True)
WINDOWS_PATHS = st.one_of(
    st.builds(
        lambda drive, names: drive + ":\\" + "\\".join(names),
        st.sampled_from("CDcz"),
        _WINDOWS_NAMES,
    ),
    st.builds(
        lambda server, share, names: "\\\\" + server + "\\" + "\\".join([share, *names]),
        _SERVER,
        st.text(_WINDOWS_CHARS, min_size=1, max_size=8),
        _WINDOWS_NAMES,
    ),
)


@given(path=POSIX_PATHS)
def test_posix_round_trip(path: str) -> None:
    uri = path_to_file_uri(path)
    assert urikit.is_valid(uri)
    assert file_uri_to_path(uri) == path


@given(path=WINDOWS_PATHS)
def test_windows_round_trip(path: str) -> None:
    uri = path_to_file_uri(path, flavor="windows")
    assert urikit.is_valid(uri)
    assert file_uri_to_path(uri, flavor="windows") == path


# -- linear growth ---------------------------------------------------------------------------
K = 1000


def test_linear_growth() -> None:
    assert_linear(file_uri_to_path, lambda n: "file:///" + "a%20/" * (n // 5), (20 * K, 200 * K))
    assert_linear(
        lambda p: file_uri_to_path(p, flavor="windows"),
        lambda n: "file://h/" + "b/" * (n // 2),
        (20 * K, 200 * K),
    )
    assert_linear(path_to_file_uri, lambda n: "/" + "é #/" * (n // 4), (20 * K, 200 * K))
