"""companion: makes physical word games better at a real table."""

__version__ = "0.1.0"
