"""``python -m dinobox``: the command line, as the ``dinobox`` script."""

from dinobox.cli.app import main

main()
