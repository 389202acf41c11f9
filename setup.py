"""Build step for the compiled move-generator core; everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "companion._movecore",
            sources=["companion/_movecore.c"],
            extra_compile_args=["-O3", "-std=c11"],
        )
    ]
)
