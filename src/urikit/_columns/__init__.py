"""The columns wing: the Arrow side of :mod:`urikit.batch`."""
