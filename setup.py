"""The compiled core (issue 13): urikit._core, C, built with the system compiler.

It is optional: where no compiler is available the build goes on without it and urikit
runs on its pure-Python engine (URIKIT_REQUIRE_CORE=1 makes a failed build an error,
as CI sets it).  Everything else about the package is in pyproject.toml.
"""

import os

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "urikit._core",
            sources=["csrc/core.c"],
            depends=["csrc/scan.h", "csrc/tables.h"],
            extra_compile_args=os.environ.get("URIKIT_CFLAGS", "").split(),
            extra_link_args=os.environ.get("URIKIT_LDFLAGS", "").split(),
            optional=os.environ.get("URIKIT_REQUIRE_CORE", "") != "1",
        )
    ]
)
