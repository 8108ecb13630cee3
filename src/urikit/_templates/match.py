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
from .read import PLAIN, Found, Matched, Unit, merge, read_simple, read_unit
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


_Step = tuple[str | Unit, re.Pattern[str] | None, int, tuple[str, str] | None, bool]


class Matcher:
    """The compiled matcher of one template (see the module's docstring)."""

    __slots__ = ("repeated", "steps")

    def __init__(self, steps: list[_Step], repeated: set[str]) -> None:
        #: (literal or unit, the unit's alphabet run, the length of the literal after the
        #: unit that its run takes too, and for a unit of one plain varspec of allow U
        #: whose variable occurs once, its operator's first character and its name)
        self.steps = steps
        #: the variables that occur more than once, whose occurrences must agree
        self.repeated = frozenset(repeated)

    def match(self, uri: str, query: str) -> dict[str, Matched] | None:
        any_order = query == "any"
        if not any_order and query != "strict":
            raise ValueError(f"query is 'strict' or 'any', not {query!r}")
        if uri.__class__ is not str and not isinstance(uri, str):
            raise TypeError(f"the URI to match is a str, not {type(uri).__name__}")
        found = Found(self.repeated)
        values = found.values
        p = 0
        for step, run, tail, plain, simple in self.steps:
            if run is None:  # a literal
                if not uri.startswith(step, p):  # type: ignore[arg-type]
                    return None
                p += len(step)
                continue
            end = run.match(uri, p).end() - tail  # type: ignore[union-attr]
            if end < p:
                return None
            if plain and end > p:  # {x}, {.x}, {/x} of a variable that occurs once
                first, name = plain
                if not first:
                    if PLAIN(uri, p, end):
                        values[name] = uri[p:end]
                        p = end
                        continue
                elif uri[p] == first and PLAIN(uri, p + 1, end):
                    values[name] = uri[p + 1 : end]
                    p = end
                    continue
            if simple:  # {?q,page}: see read_simple
                if (
                    end > p
                    and not read_simple(
                        step,  # type: ignore[arg-type]
                        uri[p:end],
                        any_order and step.op.char != ";",  # type: ignore[union-attr]
                        values,
                    )
                ):
                    return None
            elif not read_unit(step, uri[p:end], any_order, found):  # type: ignore[arg-type]
                return None
            p = end
        if p != len(uri):
            return None
        if found.occurrences:
            merged = merge(found.occurrences)
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
    compiled: list[_Step] = []
    for k, step in enumerate(steps):
        if isinstance(step, str):
            compiled.append((step, None, 0, None, False))
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
        run = re.compile(char_class_regex(alphabet) + "*")
        if step.op.named:
            index_of: dict[str, tuple[int, ...]] = {}
            for i, spec in enumerate(step.specs):
                if not spec.explode:
                    index_of[spec.name] = (*index_of.get(spec.name, ()), i)
            step = step._replace(
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
                    {"&"}
                    | {
                        "?"
                        for o, g in zip(step.ops, step.groups, strict=True)
                        if o.char == "?" and g
                    }
                ),
            )
        spec = step.specs[0]
        plain = (
            (step.op.first, spec.name)
            if not step.op.named
            and not step.op.reserved
            and not spec.explode
            and spec.prefix is None
            and spec.name not in repeated
            else None
        )
        compiled.append((step, run, tail, plain, step.simple))
    return Matcher(compiled, repeated)


def _follow(steps: Sequence[str | Unit], k: int) -> set[str]:
    """The characters an expansion can continue with at step ``k`` (units may be empty)."""
    chars: set[str] = set()
    for step in steps[k:]:
        if isinstance(step, str):
            chars.add(step[0])
            return chars
        chars |= step.firsts
    return chars
