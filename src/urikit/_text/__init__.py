"""The text wing: URIs in running text (RFC 2396 Appendix E, RFC 3986 Appendix C) and
abbreviated URLs (RFC 2396 Appendix F)."""
