"""The algorithms wing: what RFC 3986 §2, §5, §6 and RFC 3987 §3 do with components:
percent-encoding, resolution, normalization, composition, IRIs and IDNA."""
