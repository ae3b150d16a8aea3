"""Run history of the nightly performance job and change-point detection over it (docs/nightly.md)."""


class BadInput(Exception):
    """Input the tool cannot use: reported as one line, exit code 2."""
