"""``python -m urikit``: the same as the ``urikit`` command."""

import sys

from ._cli.main import main

sys.exit(main())
