"""The lint wing: :func:`urikit.lint`, its rules as data and its checks."""
