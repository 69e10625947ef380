"""``python -m homestaging`` runs the command line."""

from .cli import main

main(prog_name="homestaging")
