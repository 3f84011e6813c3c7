"""``python -m hoyle`` runs the ``hoyle`` command."""

from hoyle.cli.main import main

main()
