"""Entry point of the ``hoyle`` command."""

import typer

app = typer.Typer()


def main() -> None:
    """Run the ``hoyle`` command."""
    app()
