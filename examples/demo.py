"""What urikit is for, in one screen: run ``./dev demo`` (or ``python examples/demo.py``)."""

from __future__ import annotations

import json

import urikit


def show(title: str) -> None:
    print(f"\n== {title}")


show("Split, exactly as written (None: absent, '': empty)")
ref = urikit.parse("https://user@Example.COM:8042/over/there?#nose")
for name, value in ref.components().items():
    print(f"  {name:9} {value!r}")

show("Where and why, when it is not a URI")
for text in ["http://exa mple.com/", "http://[2001:db8::7/", "http://例え.jp/"]:
    try:
        urikit.validate(text)
    except urikit.URISyntaxError as error:
        print(error)
print("  ...and under RFC 3987, the last one is an IRI:", urikit.is_valid(
    "http://例え.jp/", grammar="rfc3987"), "->", urikit.iri_to_uri("http://例え.jp/"))

show("Resolve (RFC 3986 §5.4) and relativize, its inverse")
base = "http://a/b/c/d;p?q"
for reference in ["g", "../g", "?y", "#s", "../../../g"]:
    target = urikit.resolve(base, reference)
    print(f"  {reference:11} -> {target:18} -> back: {urikit.relativize(base, target)}")

show("Normalize and compare (RFC 3986 §6.2)")
print(" ", urikit.normalize("HTTP://www.Example.COM:80/%7euser/./a/../b?%61=%2f"))
print(" ", urikit.equivalent("http://example.com/~user", "HTTP://EXAMPLE.com:80/%7Euser"))

show("URIs in running text (RFC 3986 Appendix C)")
for match in urikit.extract("See <http://a/b> or https://de.wikipedia.org/wiki/Köln."):
    print(f"  {match.start:3} {match.uri}")

show("JSON, for other programs")
print(json.dumps({"uri": str(ref), **ref.components(), "port_number": ref.port_number}))
