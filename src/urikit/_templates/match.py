"""Matching a URI against a URI Template: the variables whose expansion (RFC 6570 §3) is
that URI, read left to right in one pass (time linear in the URI's length).

A template is compiled into steps: its literal runs (as expansion writes them, §3.1) and
units, each an expression with one variable (operators ``""``, ``+``, ``#``, ``.``,
``/``) or a run of adjacent named expressions (``;``, or ``?`` and ``&``, which name
each value).  A unit's extent is the longest run of the characters its expansion can
write (its alphabet) from where it starts; that is exact when the next character of any
expansion cannot be in the alphabet.  A literal right after a unit whose alphabet holds
its first characters (``{name}.json``, ``{+path}/raw``) is taken from the end of that
run, which is exact when what follows the literal cannot be in the alphabet either.
The steps make one regular expression, the literals as they are and each unit's run
an atomic group (a lookahead and a backreference: Python 3.10 has no possessive
quantifiers), so that it never backtracks; a literal taken from the end of a run is a
lookbehind.  One ``fullmatch`` gives every extent, and the values are read from them.

The invertible subset is the templates where this holds; ``compile_matcher`` refuses the
others with :class:`AmbiguousTemplateError`, at the expression concerned: an expression
of several variables without names (``{x,y}``, ``{/a,b}``: with one undefined, which one
cannot be told); adjacent expressions whose alphabets meet (``{a}{b}``, ``{/a}{/b}``,
``{+path}{?q}``); a run of named expressions with an exploded variable anywhere but last,
or with two.  Values are decoded as the operator encoded them: every triplet for ``U``
(§1.5), only those the expansion would have written for ``U+R``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._syntax import charsets as cs
from .._syntax.charsets import char_class_regex
from ..errors import render_caret
from .read import (
    PLAIN,
    Found,
    Matched,
    Simple,
    Unit,
    merge,
    read_exploded,
    read_plain,
    read_simple,
    read_unit,
    read_value,
    simple_reader,
)
from .syntax import Operator, Part, VarSpec, encode_ur

__all__ = ["AmbiguousTemplateError", "Matched", "Matcher", "compile_matcher"]


class AmbiguousTemplateError(ValueError):
    """A template outside the invertible subset that ``URITemplate.match`` reads: where
    the expression at ``position`` ends, or which variable a value belongs to, cannot be
    told from the URI alone (``reason`` says why).  ``text`` is the template."""

    __module__ = "urikit"  # its public name, whichever private module defines it

    def __init__(self, text: str, position: int, reason: str) -> None:
        super().__init__(text, position, reason)
        self.text = text
        self.position = position
        self.reason = reason

    def __str__(self) -> str:
        line, caret = render_caret(self.text, self.position)
        return f"{self.reason} at position {self.position}\n  {line}\n  {caret}"

    def __reduce__(self) -> tuple[object, ...]:
        return (AmbiguousTemplateError, (self.text, self.position, self.reason))


_VALUE = cs.UNRESERVED | frozenset("%")  # a value encoded with allow U (§1.5)
_ANY = cs.UNRESERVED | cs.RESERVED | frozenset("%")  # with allow U+R, or a literal


def _alphabet(op: Operator, specs: Sequence[VarSpec], ops: Sequence[Operator]) -> frozenset[str]:
    """Every character an expansion of the unit can write (RFC 6570 Appendix A)."""
    if op.reserved:
        return _ANY
    chars = set(_VALUE) | {","} | {o.first for o in ops} | {o.sep for o in ops}
    if op.named or any(spec.explode for spec in specs):
        chars.add("=")  # name=value, or an exploded associative array's pairs
    chars.discard("")
    return frozenset(chars)


def _family(op: Operator) -> str:
    """Named operators whose expressions run together: ``;``, and ``?`` with ``&``."""
    return "" if not op.named else ";" if op.char == ";" else "?"


def _units(text: str, parts: Sequence[Part]) -> list[str | Unit]:
    """The literal runs (expanded, §3.1) and units of a template, checked."""
    steps: list[str | Unit] = []
    for part in parts:
        if isinstance(part, str):
            steps.append(encode_ur(part))
            continue
        op = part.operator
        last = steps[-1] if steps else None
        if op.named and isinstance(last, Unit) and _family(last.op) == _family(op):
            # adjacent named expressions of one kind: a run (§3.2.7, §3.2.8-3.2.9)
            n = len(part.varspecs)
            specs = last.specs + part.varspecs
            ops = last.ops + (op,) * n
            steps[-1] = last._replace(
                specs=specs,
                ops=ops,
                groups=last.groups + (last.groups[-1] + 1,) * n,
                alphabet=_alphabet(last.op, specs, ops),
                firsts=last.firsts | {op.first},
            )
            continue
        if not op.named and len(part.varspecs) > 1:
            second = part.start + 2 + len(op.char) + len(str(part.varspecs[0]))
            raise AmbiguousTemplateError(
                text,
                second,
                f"an expression of several variables without names ({op.section}): which "
                "of them a value belongs to cannot be told when one is undefined",
            )
        ops = (op,) * len(part.varspecs)
        firsts = frozenset({op.first}) if op.first else _alphabet(op, part.varspecs, ops)
        steps.append(
            Unit(
                op,
                part.varspecs,
                ops,
                (0,) * len(part.varspecs),
                _alphabet(op, part.varspecs, ops),
                firsts,
                part.start,
            )
        )
    for step in steps:
        if isinstance(step, Unit) and step.op.named:
            exploded = [i for i, spec in enumerate(step.specs) if spec.explode]
            if exploded and (len(exploded) > 1 or exploded[0] != len(step.specs) - 1):
                raise AmbiguousTemplateError(
                    text,
                    step.start,
                    "an exploded variable among named ones takes the pairs no other variable "
                    f"names, so it must be the last of its run of expressions ({step.op.section})",
                )
    return steps


#: How ``Matcher.match`` reads a unit's extent: a plain ``{x}``, ``{.x}`` or ``{/x}`` of a
#: variable that occurs once (its value at once when it is unreserved characters only),
#: another expression of one variable that occurs once (``{+x}``, ``{/x*}``: ``read_value``),
#: a simple named expression (``read_simple``), one named expression of an exploded
#: variable that occurs once (``read_exploded``), or any other (``read_unit``).
_PLAIN, _ONE, _SIMPLE, _EXPLODED, _OTHER = 0, 1, 2, 3, 4
#: (how, the unit, what ``read_simple`` reads a simple one with, the length of the
#: literal after it that its run takes too, the unit's operator's first character, the
#: name of a plain unit's variable, whether a named unit's items may come in any order
#: with ``query="any"``)
_Reader = tuple[int, Unit, Simple | None, int, str, str, bool]


class Matcher:
    """The compiled matcher of one template (see the module's docstring): one regular
    expression finds the extents of all units at once (each unit's run an atomic group,
    so that no extent is ever tried twice: time linear in the URI), then each extent is
    read.  A template of plain units only has a narrower expression too, tried first,
    whose groups are the values themselves when they are unreserved characters only."""

    __slots__ = ("narrow", "narrow_optional", "pattern", "readers", "repeated")

    def __init__(
        self,
        pattern: str,
        readers: list[_Reader],
        repeated: set[str],
        narrow: str | None,
    ) -> None:
        self.pattern = re.compile(pattern).fullmatch
        self.readers = readers
        #: the variables that occur more than once, whose occurrences must agree
        self.repeated = frozenset(repeated)
        self.narrow = None if narrow is None else re.compile(narrow).fullmatch
        #: whether a group of the narrow expression may be absent (``{/x}`` undefined)
        self.narrow_optional = any(reader[4] for reader in readers)

    def match(self, uri: str, query: str) -> dict[str, Matched] | None:
        if query != "strict" and query != "any":
            raise ValueError(f"query is 'strict' or 'any', not {query!r}")
        if uri.__class__ is not str and not isinstance(uri, str):
            raise TypeError(f"the URI to match is a str, not {type(uri).__name__}")
        narrow = self.narrow
        if narrow is not None:
            found = narrow(uri)
            if found is not None:
                named = found.groupdict()  # the groups are named after the variables
                if self.narrow_optional and None in named.values():
                    return {name: value for name, value in named.items() if value is not None}
                return named
        extents = self.pattern(uri)
        if extents is None:
            return None
        values = self._read(extents.groups(), query == "any")
        if values is None and query == "any":  # what is read in order is read in any order
            values = self._read(extents.groups(), False)
        return values

    def _read(self, groups: Sequence[str], any_order: bool) -> dict[str, Matched] | None:
        """The values of the units' extents ``groups``, or None."""
        values: dict[str, Matched] = {}
        occurrences: Found | None = None
        # (zip's strict= is a keyword call, slow on this path: the lengths are equal)
        for (how, unit, simple, tail, first, name, unordered), extent in zip(  # noqa: B905
            self.readers, groups
        ):
            if tail:
                if len(extent) < tail:
                    return None
                extent = extent[:-tail]
            if how <= _ONE:  # {x}, {+x}, {/x*} ... of a variable that occurs once
                if not extent:
                    if not first:
                        values[name] = ""  # (with a first character: undefined)
                    continue
                if first:
                    if extent[0] != first:
                        return None
                    extent = extent[1:]
                    if not extent:
                        values[name] = ""
                        continue
                if how == _PLAIN:
                    if PLAIN(extent):
                        values[name] = extent
                        continue
                    value = read_plain(extent)
                else:
                    value = read_value(unit.op, unit.specs[0], extent)
                if value is None:
                    return None
                values[name] = value
                continue
            if how == _SIMPLE:  # {?q,page}: see read_simple
                if extent and not read_simple(simple, extent, any_order and unordered, values):  # type: ignore[arg-type]
                    return None
                continue
            if how == _EXPLODED:  # {?params*}
                if extent and not read_exploded(unit, extent, values):
                    return None
                continue
            if occurrences is None:
                occurrences = Found(self.repeated, values)
            if not read_unit(unit, extent, any_order, occurrences):
                return None
        if occurrences is not None and occurrences.occurrences:
            merged = merge(occurrences.occurrences)
            if merged is None:
                return None
            values.update(merged)
        return values


def compile_matcher(text: str, parts: Sequence[Part]) -> Matcher:
    """The matcher of the template ``text`` (``parts`` parsed), or
    :class:`AmbiguousTemplateError` for a template outside the invertible subset."""
    steps = _units(text, parts)
    names = [spec.name for part in parts if not isinstance(part, str) for spec in part.varspecs]
    repeated = {name for name in names if names.count(name) > 1}
    for step in steps:
        if (
            isinstance(step, Unit)
            and step.op.named
            and step.specs[-1].explode
            and any(spec.name in repeated for spec in step.specs)
        ):
            raise AmbiguousTemplateError(
                text,
                step.start,
                "the exploded variable of this run of named expressions may take the "
                "pairs of its other variables: with one of them occurring elsewhere too, "
                f"which reading is right cannot be told ({step.op.section})",
            )
    pattern: list[str] = []  # the whole template, one atomic group per unit
    narrow: list[str] | None = []  # plain units only: their values as groups
    readers: list[_Reader] = []
    taken = 0  # the characters of a literal that the unit before it took in its run
    for k, step in enumerate(steps):
        if isinstance(step, str):
            pattern.append(re.escape(step[taken:]))
            if narrow is not None:
                narrow.append(re.escape(step))
            taken = 0
            continue
        alphabet = step.alphabet
        after = steps[k + 1] if k + 1 < len(steps) else None
        tail = 0
        rest = k + 1
        if isinstance(after, str):
            while tail < len(after) and after[tail] in alphabet:
                tail += 1
            rest = k + 2 if tail == len(after) else -1
        if rest >= 0:
            clash = _follow(steps, rest) & alphabet
            if clash:
                char = min(clash, key=lambda c: (not c.isalnum(), c))
                raise AmbiguousTemplateError(
                    text,
                    step.start,
                    f"what follows this expression can begin with {char!r}, which the "
                    "expression's values can hold too: where it ends cannot be told",
                )
        # the longest run of the alphabet from here, atomic (a lookahead and a
        # backreference: no shorter run is ever tried), and the literal after it that
        # the run took too at its end
        group = f"u{len(readers)}"
        pattern.append(f"(?=(?P<{group}>{char_class_regex(alphabet)}*))(?P={group})")
        if isinstance(after, str) and tail:
            pattern.append(f"(?<={re.escape(after[:tail])})")
        taken = tail
        if step.op.named:
            step = _named(step, repeated)
        spec = step.specs[0]
        plain = (
            not step.op.named
            and not step.op.reserved
            and not spec.explode
            and spec.prefix is None
            and spec.name not in repeated
        )
        exploded = (
            step.op.named and len(step.specs) == 1 and spec.explode and spec.name not in repeated
        )
        if plain:
            how = _PLAIN
        elif not step.op.named and spec.name not in repeated:
            how = _ONE
        else:
            how = _SIMPLE if step.simple else _EXPLODED if exploded else _OTHER
        simple = simple_reader(step) if how == _SIMPLE else None
        readers.append((how, step, simple, tail, step.op.first, spec.name, step.op.char != ";"))
        if narrow is not None and plain and not tail and spec.name.isidentifier():
            value = f"(?P<{spec.name}>{char_class_regex(cs.UNRESERVED)}+)"
            narrow.append(f"(?:{re.escape(step.op.first)}{value})?" if step.op.first else value)
        else:
            narrow = None
    return Matcher("".join(pattern), readers, repeated, "".join(narrow) if narrow else None)


def _named(step: Unit, repeated: set[str]) -> Unit:
    """A run of named expressions with what ``read_unit`` needs to read it."""
    index_of: dict[str, tuple[int, ...]] = {}
    for i, spec in enumerate(step.specs):
        if not spec.explode:
            index_of[spec.name] = (*index_of.get(spec.name, ()), i)
    return step._replace(
        index_of=index_of,
        exploded=len(step.specs) - 1 if step.specs[-1].explode else -1,
        firsts_of=tuple(o.first for o in step.ops),
        seps_of=tuple(o.sep for o in step.ops),
        simple=step.groups[-1] == 0
        and not any(spec.explode or spec.name in repeated for spec in step.specs),
        finals=tuple(
            i for i, spec in enumerate(step.specs) if spec.explode or spec.name in repeated
        ),
        later=frozenset(
            {"&"} | {"?" for o, g in zip(step.ops, step.groups, strict=True) if o.char == "?" and g}
        ),
    )


def _follow(steps: Sequence[str | Unit], k: int) -> set[str]:
    """The characters an expansion can continue with at step ``k`` (units may be empty)."""
    chars: set[str] = set()
    for step in steps[k:]:
        if isinstance(step, str):
            chars.add(step[0])
            return chars
        chars |= step.firsts
    return chars
