"""The package version: the one source that the build and `belote.__version__` read."""

__version__ = "0.1.0.dev0"
