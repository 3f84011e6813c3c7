"""The ``hoyle`` command (typer + rich): the top layer."""
