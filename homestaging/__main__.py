"""``python -m homestaging`` runs the command line."""

from .entry import run

run()
