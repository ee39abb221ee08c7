"""``python -m pnp``: the same command line as the ``pnp`` script."""
from pnp.cli import main

main(prog_name="pnp")
