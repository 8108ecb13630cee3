"""The URI Templates wing (RFC 6570): the template syntax and expansion, partial
expansion, and matching a URI back to its variables."""
