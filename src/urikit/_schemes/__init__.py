"""The schemes with rules of their own: ``file:`` (RFC 8089), to and from file paths of a
POSIX or a Windows flavor, and ``data:`` (RFC 2397, and the Fetch Standard's reading),
to a media type and its octets.  Both read a URI with urikit's one parser first."""
