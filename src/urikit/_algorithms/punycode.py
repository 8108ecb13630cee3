"""Punycode (RFC 3492), the encoding of an IDNA label's code points in ASCII, in time
``n log n`` in the length of the label.

RFC 3492's procedures (§6.2, §6.3) are quadratic as written: the encoder scans the
whole label once for each distinct code point (§6.3: "for each code point c in the
input (in order)"), the decoder inserts each code point into the output string (§6.2:
"insert n into output at position i").  Both only count: how many code points smaller
than ``m`` stand before a position (the encoder's ``delta``), at which index each
inserted code point ends up (the decoder).  Here one Fenwick tree over the label's
positions answers each count in ``log n`` steps; the values computed, digits and
biases are those of the RFC's procedures.  Python's ``"punycode"`` codec is quadratic
in both directions and decodes ``-abc`` as ``abc`` (RFC 3492 §6.2 consumes the last
delimiter only when code points precede it): it is not used.

Overflow (§6.4): integers are bounded by ``MAXINT`` = 2**31 - 1, as in Unicode's own
implementation (unicodetools' Punycode.java), ICU and the URL Standard's engines;
§6.4 lets an implementation choose any bound that holds ``0x10FFFF``.  Beyond it the
encoder and the decoder fail.  The decoder fails too on a code point above U+10FFFF
or a surrogate (no Unicode scalar value).
"""

from __future__ import annotations

__all__ = ["MAXINT", "decode", "encode"]

BASE, TMIN, TMAX, SKEW, DAMP = 36, 1, 26, 38, 700  # RFC 3492 §5 parameter values
INITIAL_BIAS, INITIAL_N = 72, 0x80
DELIMITER = "-"
MAXINT = 2**31 - 1  # §6.4: the largest integer the procedures hold
_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789"  # §5: digit-values 0-25, 26-35
_VALUE = {char: value for value, char in enumerate(_DIGITS)} | {
    char.upper(): value for value, char in enumerate(_DIGITS[:26])
}


def _adapt(delta: int, numpoints: int, firsttime: bool) -> int:
    """The bias adaptation function (RFC 3492 §6.1)."""
    delta = delta // DAMP if firsttime else delta // 2
    delta += delta // numpoints
    k = 0
    while delta > ((BASE - TMIN) * TMAX) // 2:
        delta //= BASE - TMIN
        k += BASE
    return k + ((BASE - TMIN + 1) * delta) // (delta + SKEW)


def _threshold(k: int, bias: int) -> int:
    """``t`` of §6.2 and §6.3: tmin, tmax, or k - bias between them."""
    return TMIN if k <= bias else TMAX if k >= bias + TMAX else k - bias


def encode(label: str) -> str:
    """The Punycode of ``label`` (RFC 3492 §6.3), without the ACE prefix: its basic
    (ASCII) code points, a delimiter when there are any, then the deltas of the others.
    ``ValueError`` on overflow (§6.4) or a surrogate.

    >>> encode("bücher"), encode("他们为什么不说中文")
    ('bcher-kva', 'ihqwcrb4cv8a8dqg056pqjye')
    """
    basic = [char for char in label if char < "\x80"]
    output = ["".join(basic), DELIMITER] if basic else []
    positions: dict[int, list[int]] = {}
    for index, char in enumerate(label):
        if char >= "\x80":
            positions.setdefault(ord(char), []).append(index)
    tree = _Fenwick([char < "\x80" for char in label])
    n, delta, bias, handled = INITIAL_N, 0, INITIAL_BIAS, len(basic)
    for m in sorted(positions):
        if 0xD800 <= m <= 0xDFFF:
            raise ValueError(f"a surrogate U+{m:04X} is no code point to encode")
        # §6.3: "increase delta enough to advance the decoder's <n,i> state to <m,0>"
        delta += (m - n) * (handled + 1)
        n, before = m, 0
        for index in positions[m]:
            # §6.3: delta grows by one for each code point less than n before index
            smaller = tree.count(index)
            delta += smaller - before
            if delta > MAXINT:
                raise ValueError("overflow (RFC 3492 §6.4)")
            output.append(_digits(delta, bias))
            bias = _adapt(delta, handled + 1, handled == len(basic))
            delta, before = 0, smaller
            handled += 1
        for index in positions[m]:
            tree.add(index)
        # the code points less than n after the last index, then "increment delta and n"
        delta += handled - len(positions[m]) - before + 1
        if delta > MAXINT:
            raise ValueError("overflow (RFC 3492 §6.4)")
        n += 1
    return "".join(output)


def _digits(q: int, bias: int) -> str:
    """The generalized variable-length integer of ``q`` (RFC 3492 §3.3, §6.3)."""
    digits = []
    k = BASE
    while True:
        t = _threshold(k, bias)
        if q < t:
            break
        digits.append(_DIGITS[t + (q - t) % (BASE - t)])
        q = (q - t) // (BASE - t)
        k += BASE
    digits.append(_DIGITS[q])
    return "".join(digits)


def decode(text: str) -> str:
    """The code points that the Punycode ``text`` (without the ACE prefix) encodes (RFC
    3492 §6.2).  ``ValueError`` where §6.2 says "fail": a non-basic code point before
    the last delimiter, a character that is no digit, a truncated integer, an overflow
    (§6.4), or a result that is no Unicode scalar value.

    >>> decode("bcher-kva"), decode("ihqwcrb4cv8a8dqg056pqjye")
    ('bücher', '他们为什么不说中文')
    """
    last = text.rfind(DELIMITER)
    basic = text[: max(last, 0)]
    if not basic.isascii():
        raise ValueError("a non-basic code point before the last delimiter (RFC 3492 §6.2)")
    # §6.2: the delimiter is consumed only when code points preceded it
    start = last + 1 if basic else 0
    n, i, bias = INITIAL_N, 0, INITIAL_BIAS
    inserted: list[tuple[int, int]] = []  # (code point, index at its insertion)
    length = len(basic)
    position = start
    while position < len(text):
        oldi, w, k = i, 1, BASE
        while True:
            if position == len(text):
                raise ValueError("the input ends inside an integer (RFC 3492 §6.2)")
            digit = _VALUE.get(text[position])
            if digit is None:
                raise ValueError(f"{text[position]!r} is no digit (RFC 3492 §5)")
            position += 1
            i += digit * w
            if i > MAXINT:
                raise ValueError("overflow (RFC 3492 §6.4)")
            t = _threshold(k, bias)
            if digit < t:
                break
            w *= BASE - t
            if w > MAXINT:
                raise ValueError("overflow (RFC 3492 §6.4)")
            k += BASE
        length += 1
        bias = _adapt(i - oldi, length, oldi == 0)
        n += i // length
        i %= length
        if n > 0x10FFFF or 0xD800 <= n <= 0xDFFF:
            raise ValueError(f"{n:#x} is no Unicode scalar value (RFC 3492 §6.2)")
        inserted.append((n, i))
        i += 1
    return _place(basic, inserted, length)


def _place(basic: str, inserted: list[tuple[int, int]], length: int) -> str:
    """The output of §6.2's insertions, without inserting: the last code point inserted
    is where it was put; each earlier one takes, among the places the later ones left
    free, the place of its index, counted from the left."""
    if not inserted:
        return basic
    slots: list[str] = [""] * length
    tree = _Fenwick([True] * length)
    for code_point, index in reversed(inserted):
        slot = tree.find(index)
        slots[slot] = chr(code_point)
        tree.remove(slot)
    chars = iter(basic)
    return "".join(char or next(chars) for char in slots)


class _Fenwick:
    """A Fenwick (binary indexed) tree of 0/1 marks over positions ``0 .. size - 1``:
    the count of marks before a position and the position of the k-th mark, each in
    ``log size`` steps."""

    __slots__ = ("high", "sums")

    def __init__(self, marks: list[bool]) -> None:
        """The tree of ``marks`` (position i marked when ``marks[i]``), built in one pass:
        node p sums the positions p - (p & -p) .. p - 1 and adds itself to its parent."""
        sums = [0, *marks]
        for position in range(1, len(sums)):
            parent = position + (position & -position)
            if parent < len(sums):
                sums[parent] += sums[position]
        self.sums = sums
        self.high = 1 << len(marks).bit_length()

    def add(self, position: int, value: int = 1) -> None:
        sums = self.sums
        position += 1
        while position < len(sums):
            sums[position] += value
            position += position & -position

    def remove(self, position: int) -> None:
        self.add(position, -1)

    def count(self, position: int) -> int:
        """The number of marks at positions before ``position``."""
        sums, total = self.sums, 0
        while position > 0:
            total += sums[position]
            position -= position & -position
        return total

    def find(self, k: int) -> int:
        """The position of the mark that has ``k`` marks before it."""
        sums, position, step = self.sums, 0, self.high
        while step:
            if position + step < len(sums) and sums[position + step] <= k:
                position += step
                k -= sums[position]
            step >>= 1
        return position
