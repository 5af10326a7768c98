"""``python -m solver``: the kofun command line."""

from .cli import main

main(prog_name="kofun")
