"""The package's version (one place; the CLI, the web app and ``solver.__version__`` read it)."""

__version__ = "0.1.0"
