"""``urikit.errors``: what an error carries, how it renders, and that it pickles."""

from __future__ import annotations

import pickle

import pytest

import urikit
from tests import fuzz_contract, test_contract
from urikit._syntax import diagnose as _diagnose
from urikit.errors import ErrorKind, InternalError, describe_char, render_caret


@pytest.mark.parametrize(
    ("text", "position", "line", "caret"),
    [
        ("http://a b/", 8, "http://a b/", "        ^"),
        ("", 0, "", "^"),
        ("abc", 3, "abc", "   ^"),  # the end of the input
        ("a\tb", 2, "a\\tb", "   ^"),  # a control is escaped, and counted as shown
        ("\udcffx", 1, "\\udcffx", "      ^"),  # a lone surrogate too
        ("例え x", 3, "例え x", "     ^"),  # wide characters take two columns
        ("e\u0301 x", 3, "e\u0301 x", "  ^"),  # a combining accent takes none
    ],
)
def test_the_caret_stands_under_the_position(
    text: str, position: int, line: str, caret: str
) -> None:
    assert render_caret(text, position) == (line, caret)


def test_a_long_input_shows_a_window() -> None:
    text = "a" * 100 + " " + "b" * 100
    line, caret = render_caret(text, 100)
    assert line.startswith("...") and line.endswith("...") and len(line) < 100
    assert line[len(caret) - 1] == " "
    error = urikit.URISyntaxError(text, 100, ErrorKind.INVALID_CHARACTER, "a space")
    assert str(error).splitlines() == ["a space at position 100", "  " + line, "  " + caret]


@pytest.mark.parametrize(
    ("char", "shown"),
    [(" ", "' ' (U+0020)"), ("\x00", "'\\x00' (U+0000)"), ("\ud800", "'\\ud800' (U+D800)")],
)
def test_describe_char(char: str, shown: str) -> None:
    assert describe_char(char) == shown


def test_errors_are_value_errors_and_pickle() -> None:
    syntax = urikit.URISyntaxError(
        "a b", 1, ErrorKind.INVALID_CHARACTER, "space", grammar="rfc2396"
    )
    resolution = urikit.ResolutionError("//a", ErrorKind.BASE_WITHOUT_SCHEME, "no scheme")
    for error in (syntax, resolution):
        assert isinstance(error, ValueError)
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)
        assert back.kind is error.kind and back.text == error.text
    assert pickle.loads(pickle.dumps(syntax)).grammar == "rfc2396"
    assert {kind.value for kind in ErrorKind} >= {"invalid-character", "above-root", "no-base"}


# -- an internal inconsistency is loud ---------------------------------------------------------
@pytest.mark.parametrize("reading", ["_with_scheme", "_without_scheme"])
@pytest.mark.parametrize(
    ("text", "rule"), [("http://a b/", "URI-reference"), ("//a b", "URI-reference")]
)
def test_a_diagnosis_that_finds_nothing_is_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, reading: str, text: str, rule: str
) -> None:
    # The parser rejected the text, yet a reading of the diagnosis accepts it: no
    # URISyntaxError can say where, so none is made up ("unexpected input" at the end).
    monkeypatch.setattr(_diagnose, reading, lambda *_: None)
    with pytest.raises(InternalError) as caught:
        urikit.parse(text, rule=rule)
    error = caught.value
    assert not isinstance(error, ValueError)  # no contract accepts it as a refusal
    assert (error.text, error.grammar, error.rule) == (text, "rfc3986", rule)
    assert "internal inconsistency" in str(error) and repr(text) in str(error)
    # the exception contract (tests/test_contract.py) and its long run
    # (tests/fuzz_contract.py) count it as a failure
    with pytest.raises(InternalError):
        test_contract._call(urikit.parse, text)
    assert pickle.loads(pickle.dumps(error)).args == error.args


def test_the_long_fuzz_run_fails_on_an_internal_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_diagnose, "_without_scheme", lambda *_: None)
    assert fuzz_contract.main(["20"]) == 1
    assert "InternalError: internal inconsistency" in capsys.readouterr().out
