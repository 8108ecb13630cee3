"""The compiled core (issue 13): urikit._core, C, built with the system compiler.

The build needs a C compiler and Python's headers, and fails with a message that says
so when they are missing: a user sees it in pip's ordinary output, not only with
``pip -v``.  ``URIKIT_REQUIRE_CORE=0`` lets the build go on without the core: urikit
then runs on its pure-Python engine (``urikit.ENGINE`` and ``urikit --version`` say
which engine runs).  Everything else about the package is in pyproject.toml.
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REQUIRED = os.environ.get("URIKIT_REQUIRE_CORE", "1") != "0"
HOW = (
    "install a C compiler and Python's headers (Debian, Ubuntu: apt-get install gcc "
    "python3-dev; Fedora: dnf install gcc python3-devel; macOS: xcode-select --install), "
    "or install the pure-Python engine, about 4 to 12 times slower: "
    "URIKIT_REQUIRE_CORE=0 pip install ..."
)


class BuildCore(build_ext):
    """build_ext, with a failed build of the core explained (or, when it is not
    required, reported and skipped)."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler's own error, whatever its class
            if REQUIRED:
                raise SystemExit(
                    f"urikit: the compiled core did not build ({error}).\nTo go on: {HOW}"
                ) from error
            print(
                f"urikit: the compiled core did not build ({error}); "
                "installing the pure-Python engine (URIKIT_REQUIRE_CORE=0)",
                file=sys.stderr,
            )


setup(
    cmdclass={"build_ext": BuildCore},
    ext_modules=[
        Extension(
            "urikit._core",
            sources=["csrc/core.c"],  # one translation unit: it includes the other files
            depends=sorted(str(p) for p in Path("csrc").glob("*.[ch]") if p.name != "core.c"),
            extra_compile_args=os.environ.get("URIKIT_CFLAGS", "").split(),
            extra_link_args=os.environ.get("URIKIT_LDFLAGS", "").split(),
        )
    ],
)
