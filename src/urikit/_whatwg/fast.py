"""A fast path for the commonest URL: ``http`` or ``https``, a lower-case-able ASCII
domain that does not end in a number, an optional port, and a path, query and fragment
of code points that none of their states changes.  For such an input the basic URL
parser (WHATWG URL §4.4) does nothing but split it, as :func:`fast_parse` does in one
regex match; any other input gets ``None`` and goes to the state machine.

Why the record is the state machine's (each step for an input the pattern matches):

- §4.4 steps 1-3 remove nothing: the pattern admits no C0 control, space, tab or newline;
- scheme start and scheme states read ``http``/``https`` (lower case in the pattern) up
  to ":"; the special authority slashes and ignore-slashes states skip exactly "//";
- the authority state meets no "@" before the first "/", "?" or "#" (the host and port
  hold none), so there are no credentials and the host state starts after "//";
- the host state reads the host up to ":", "/", "?", "#" or the end (it holds none of
  them, nor "[" or "\\"); the host parser sees no percent-encoded byte ("%" is not
  admitted), and the domain parser returns an ASCII domain lower-cased (§3.3 step 5),
  which holds no forbidden domain code point (only ``[A-Za-z0-9.-]`` is admitted) and
  is not empty; it is not an IPv4 address when it does not end in a number (checked
  with the same ``ends_in_a_number`` the host parser uses);
- the port state reads the digits; a value above 65535 is left to the machine (failure);
  the scheme's default port is null;
- path start and path states split the path on "/" (no "\\" is admitted); a segment that
  is a single-dot or double-dot segment (any "." or "%2e" spelling) is left to the
  machine; no admitted code point is in the path percent-encode set (``%`` is not in it);
- the query state appends code points of no percent-encode set ("'" of the special-query
  set is not admitted), the fragment state likewise for the fragment set.

tests/test_whatwg_fast.py checks this against the state machine on fuzzed inputs.
"""

from __future__ import annotations

import re

from .._algorithms.ipv4 import ends_in_a_number
from .record import SPECIAL_SCHEMES, URLRecord

__all__ = ["fast_parse"]

# URL code points of ASCII (§4.3) that no state below encodes, "%" (never encoded by
# them), and none of a state's own delimiters
_PATH = r"[A-Za-z0-9!$&'()*+,\-.:;=@_~%]"
_QUERY = r"[A-Za-z0-9!$&()*+,\-./:;=?@_~%]"
_FRAGMENT = r"[A-Za-z0-9!$&'()*+,\-./:;=?@_~%#]"
_FAST = re.compile(
    r"(https?)://([A-Za-z0-9.\-]+)(?::([0-9]*))?"
    rf"(/(?:{_PATH}|/)*)?(?:\?({_QUERY}*))?(?:#({_FRAGMENT}*))?\Z"
)
_DOTS = re.compile(r"(?:^|/)(?:\.|%2e){1,2}(?:/|$)", re.IGNORECASE)


def fast_parse(text: str) -> URLRecord | None:
    """The URL record of ``text`` if it takes the fast path, else ``None``."""
    match = _FAST.match(text)
    if match is None:
        return None
    scheme, host, port, path, query, fragment = match.groups()
    host = host.lower()
    if ends_in_a_number(host) or (path and _DOTS.search(path)):
        return None
    url = URLRecord()
    url.scheme = scheme
    url.host = host
    if port:
        number = int(port) if len(port.lstrip("0")) <= 5 else 1 << 16
        if number > 0xFFFF:
            return None
        url.port = None if number == SPECIAL_SCHEMES[scheme] else number
    url.path = path[1:].split("/") if path else [""]
    url.query = query
    url.fragment = fragment
    return url
