"""Exceptions shared by the engines, the CLI and the web app."""

from __future__ import annotations


class CompanionError(Exception):
    """A problem the user can act on; its message is a sentence shown as is."""


class UsageError(CompanionError):
    """Bad input from the user (a file, a date, an option): the CLI exits with status 2."""
