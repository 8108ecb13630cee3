"""The entry point of the ``urikit`` command (pyproject's ``[project.scripts]``), outside
the ``urikit`` package on purpose.

Importing anything under ``urikit`` runs the package's ``__init__`` first: the whole
library, some 0.3 s of imports before a line of the command runs, during which Python's
handler would turn a Ctrl-C into a traceback.  So SIGINT gets its default action first
(the process ends at once and quietly, as a shell reports 130), and the command catches
Ctrl-C itself once it runs (``urikit._cli.output.Reporter.guard``: the results so far
written, ``urikit COMMAND: interrupted``, 130), then gives SIGINT back its default.
"""

from __future__ import annotations

import signal

__all__ = ["main"]


def main() -> int:
    """Run the ``urikit`` command line; returns its exit status."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    from urikit._cli.main import main as run  # only now: see the module docstring

    return run()
