"""Pydantic (v2) field types that check URIs and IRIs by the RFCs and keep them as written.

Needs the extra: ``pip install urikit[pydantic]``.  pydantic's own ``AnyUrl`` follows the
WHATWG URL Standard: it lower-cases, adds a ``/``, reads ``http:\\\\evil.com`` as
``http://evil.com/``.  These types accept exactly the strings of an ABNF rule and hand
the input back unchanged; an invalid one is a one-line error with the position and the
reason (error type ``uri_syntax``; ``ctx`` holds ``position``, ``reason``, ``kind``,
``rule`` and ``grammar``).

- :data:`URIStr` (RFC 3986 §3 ``URI``), :data:`URIReferenceStr` (§4.1
  ``URI-reference``), :data:`IRIStr` (RFC 3987 §2.2 ``IRI``), :data:`IRIReferenceStr`
  (``IRI-reference``): a ``str``, validated.
- :data:`ParsedURI`, :data:`ParsedURIReference`, :data:`ParsedIRI`,
  :data:`ParsedIRIReference`: the same rules, giving a :class:`urikit.URIReference`.
- :class:`Syntax`, the marker behind all eight: ``Annotated[str, Syntax("absolute-URI")]``
  or ``Annotated[URIReference, Syntax("absoluteURI", grammar="rfc2396")]`` for any rule.
- :data:`URITemplateStr` (RFC 6570 §2 ``URI-Template``, JSON Schema format
  ``uri-template``) and :data:`ParsedURITemplate`, giving a :class:`urikit.URITemplate`
  (taken and given as the ``Parsed`` types are):

  >>> from pydantic import BaseModel
  >>> from urikit.pydantic import ParsedURITemplate
  >>> class Route(BaseModel):
  ...     template: ParsedURITemplate
  >>> route = Route(template="/users/{id}")
  >>> route.template.match("/users/7"), route.model_dump_json()
  ({'id': '7'}, '{"template":"/users/{id}"}')

The ``Str`` types are a ``str`` to pydantic: lax mode takes what ``str`` takes (bytes
too), strict mode only a ``str``.  The ``Parsed`` types take, in lax mode, a ``str`` or
a ``URIReference`` (read again under their rule); in strict mode, like pydantic's other
types that are not ``str``, a ``URIReference`` from Python and a string from JSON.  They
dump to the exact string in JSON (``model_dump(mode="json")``, ``model_dump_json()``)
and stay ``URIReference`` values in Python mode (``model_dump()``).

>>> from pydantic import BaseModel
>>> from urikit.pydantic import ParsedURI, URIStr
>>> class Link(BaseModel):
...     href: URIStr
...     target: ParsedURI | None = None
>>> Link(href="HTTP://Example.COM", target="http://a/b?q").model_dump(mode="json")
{'href': 'HTTP://Example.COM', 'target': 'http://a/b?q'}
>>> Link(href="http://exa mple.com")
Traceback (most recent call last):
  ...
pydantic_core._pydantic_core.ValidationError: 1 validation error for Link
href
  Input should be a valid URI (rfc3986): a character not allowed in a URI: ' ' (U+0020) at position 10 [type=uri_syntax, input_value='http://exa mple.com', input_type=str]
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from . import (
    GRAMMARS,
    Grammar,
    URIReference,
    URISyntaxError,
    URITemplate,
    is_valid,
    parse,
    validate,
)

__all__ = [
    "IRIReferenceStr",
    "IRIStr",
    "ParsedIRI",
    "ParsedIRIReference",
    "ParsedURI",
    "ParsedURIReference",
    "ParsedURITemplate",
    "Syntax",
    "URIReferenceStr",
    "URIStr",
    "URITemplateStr",
]

#: The JSON Schema formats (draft 2020-12 §7.3.5) that are exactly a rule of a grammar.
_FORMATS = {
    ("rfc3986", "URI"): "uri",
    ("rfc3986", "URI-reference"): "uri-reference",
    ("rfc3987", "IRI"): "iri",
    ("rfc3987", "IRI-reference"): "iri-reference",
    ("rfc3987", "URI"): "iri",  # RFC 3987's aliases of its rules
    ("rfc3987", "URI-reference"): "iri-reference",
}


@dataclass(frozen=True, init=False)
class Syntax:
    """Validate by ``rule`` of ``grammar`` (names as in :func:`urikit.is_valid`).

    On a ``str`` the value stays the ``str`` given; on a :class:`urikit.URIReference`
    it is the parsed reference (reference rules only: a component rule such as ``host``
    annotates a ``str``).  An unknown rule or grammar is an error here, where the type is
    written.  JSON Schema: ``{"type": "string"}``, with the ``format`` that is exactly
    the rule (``uri``, ``uri-reference``, ``iri``, ``iri-reference``), and no format for
    the other rules (JSON Schema has none that is exactly theirs).

    >>> from typing import Annotated
    >>> from pydantic import TypeAdapter
    >>> TypeAdapter(Annotated[str, Syntax("absoluteURI", grammar="rfc2396")]).validate_python(
    ...     "mailto:a?b")
    'mailto:a?b'
    >>> Syntax("URL")
    Traceback (most recent call last):
      ...
    ValueError: unknown rule 'URL' for grammar 'rfc3986'; expected one of URI-reference, URI, absolute-URI, relative-ref
    """  # noqa: E501

    rule: str
    grammar: str

    def __init__(self, rule: str = "URI-reference", *, grammar: str | Grammar = "rfc3986") -> None:
        is_valid("", rule=rule, grammar=grammar)  # ValueError or TypeError now, not later
        name = grammar.name if isinstance(grammar, Grammar) else grammar
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "grammar", name)

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        reference_rule = self._is_reference_rule()
        if source is str:
            check = self._check_reference if reference_rule else self._check_component
            return core_schema.no_info_after_validator_function(check, handler(source))
        if source is not URIReference:
            raise TypeError(f"Syntax annotates a str or a urikit.URIReference, not {source!r}")
        if not reference_rule:
            raise TypeError(f"{self.rule!r} is a component rule: annotate a str with it")
        # A str's schema, with what was written before this marker (Field(strict=True, ...)).
        text = handler(str)
        return core_schema.lax_or_strict_schema(
            lax_schema=core_schema.no_info_wrap_validator_function(self._parse_lax, text),
            strict_schema=core_schema.json_or_python_schema(  # JSON: a str; Python: an instance
                json_schema=core_schema.no_info_after_validator_function(self._parse, text),
                python_schema=core_schema.no_info_after_validator_function(
                    self._parse, core_schema.is_instance_schema(URIReference)
                ),
            ),
            strict=text.get("strict"),
            serialization=core_schema.to_string_ser_schema(),  # str(reference) in JSON
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema = handler.resolve_ref_schema(handler(schema))
        form = _FORMATS.get((self.grammar, self.rule))
        if form is not None:
            json_schema["format"] = form
        return json_schema

    def _is_reference_rule(self) -> bool:
        """Whether :func:`urikit.parse` reads the rule (it does not read component rules)."""
        return self.rule in GRAMMARS[self.grammar].rules

    def _check_reference(self, text: str) -> str:
        try:  # parse: urikit's fastest check of a reference rule, and the error in one pass
            parse(text, rule=self.rule, grammar=self.grammar)
        except URISyntaxError as error:
            raise _custom_error(error) from None
        return text

    def _check_component(self, text: str) -> str:
        try:
            validate(text, rule=self.rule, grammar=self.grammar)
        except URISyntaxError as error:
            raise _custom_error(error) from None
        return text

    def _parse(self, value: str | URIReference) -> URIReference:
        try:
            return parse(value, rule=self.rule, grammar=self.grammar)
        except URISyntaxError as error:
            raise _custom_error(error) from None

    def _parse_lax(
        self, value: object, to_str: core_schema.ValidatorFunctionWrapHandler
    ) -> URIReference:
        return self._parse(value if isinstance(value, URIReference) else to_str(value))


class _TemplateSyntax:
    """The marker of :data:`URITemplateStr` and :data:`ParsedURITemplate`: RFC 6570 §2."""

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        if source is str:
            return core_schema.no_info_after_validator_function(self._check, handler(source))
        text = handler(str)
        return core_schema.lax_or_strict_schema(
            lax_schema=core_schema.no_info_wrap_validator_function(self._parse_lax, text),
            strict_schema=core_schema.json_or_python_schema(
                json_schema=core_schema.no_info_after_validator_function(self._parse, text),
                python_schema=core_schema.is_instance_schema(URITemplate),
            ),
            strict=text.get("strict"),
            serialization=core_schema.to_string_ser_schema(),
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        json_schema = handler.resolve_ref_schema(handler(schema))
        json_schema["format"] = "uri-template"
        return json_schema

    def _check(self, text: str) -> str:
        self._parse(text)
        return text

    def _parse(self, text: str) -> URITemplate:
        try:
            return URITemplate(text)
        except URISyntaxError as error:
            raise _custom_error(error) from None

    def _parse_lax(
        self, value: object, to_str: core_schema.ValidatorFunctionWrapHandler
    ) -> URITemplate:
        return value if isinstance(value, URITemplate) else self._parse(to_str(value))


def _custom_error(error: URISyntaxError) -> PydanticCustomError:
    """One line for pydantic's ``msg``, the facts in ``ctx`` (``reason`` last: pydantic
    fills the template in ``ctx`` order, and a reason quotes input characters)."""
    return PydanticCustomError(
        "uri_syntax",
        "Input should be a valid {rule} ({grammar}): {reason} at position {position}",
        {
            "rule": error.rule,
            "grammar": error.grammar,
            "position": error.position,
            "kind": error.kind.value,
            "reason": error.reason,
        },
    )


URIStr = Annotated[str, Syntax("URI")]
"""RFC 3986 §3 ``URI``: a scheme, then the rest; JSON Schema format ``uri``."""
URIReferenceStr = Annotated[str, Syntax("URI-reference")]
"""RFC 3986 §4.1 ``URI-reference``: a URI or a relative reference; ``uri-reference``."""
IRIStr = Annotated[str, Syntax("IRI", grammar="rfc3987")]
"""RFC 3987 §2.2 ``IRI``: a URI in any script; JSON Schema format ``iri``."""
IRIReferenceStr = Annotated[str, Syntax("IRI-reference", grammar="rfc3987")]
"""RFC 3987 §2.2 ``IRI-reference``; JSON Schema format ``iri-reference``."""

ParsedURI = Annotated[URIReference, Syntax("URI")]
""":data:`URIStr`, parsed: a :class:`urikit.URIReference`."""
ParsedURIReference = Annotated[URIReference, Syntax("URI-reference")]
""":data:`URIReferenceStr`, parsed: a :class:`urikit.URIReference`."""
ParsedIRI = Annotated[URIReference, Syntax("IRI", grammar="rfc3987")]
""":data:`IRIStr`, parsed: a :class:`urikit.URIReference` of grammar ``rfc3987``."""
ParsedIRIReference = Annotated[URIReference, Syntax("IRI-reference", grammar="rfc3987")]
""":data:`IRIReferenceStr`, parsed: a :class:`urikit.URIReference` of grammar ``rfc3987``."""

URITemplateStr = Annotated[str, _TemplateSyntax()]
"""RFC 6570 §2 ``URI-Template``: a ``str``, validated; JSON Schema format ``uri-template``."""
ParsedURITemplate = Annotated[URITemplate, _TemplateSyntax()]
""":data:`URITemplateStr`, parsed: a :class:`urikit.URITemplate`, dumped as its text in JSON."""
