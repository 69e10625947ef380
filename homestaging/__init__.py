"""homestaging: validator, scorer and printing tool for the game Home Staging."""

__version__ = "0.1.0"
