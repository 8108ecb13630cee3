"""The command line wing: the ``urikit`` command."""
