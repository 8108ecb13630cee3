"""``python -m urikit``: the same as the ``urikit`` command (whose entry point,
``_urikit_cli``, says how a Ctrl-C during the imports ends it: here, once the package
itself is imported, for the imports of the command line)."""

import signal
import sys

signal.signal(signal.SIGINT, signal.SIG_DFL)  # until the command catches Ctrl-C itself

from ._cli.main import main  # noqa: E402  (after the line above: see the docstring)

sys.exit(main())
