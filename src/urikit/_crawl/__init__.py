"""The crawl wing: the keys crawlers, web archives and safe-browsing pipelines use for
a URL (canonicalization profiles, SURT keys), on top of urikit's percent-encoding,
dot-segment removal, IPv4 reading and IDNA."""
