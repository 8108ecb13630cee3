"""``python -m urikit``: the same as the ``urikit`` command."""

import sys

from .cli import main

sys.exit(main())
