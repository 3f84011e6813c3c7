"""The site's pages' frame: its templates (``templates/base.html`` around every page, the
header's words from the registry) and the short page that says why a request was refused
(no such table, too many tables, a bad form) with the way back — the site's own page (its
stylesheet, a phone's viewport, dark mode as the system says), not a bare paragraph."""

from __future__ import annotations

import functools
from pathlib import Path

from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from hoyle.interface.registry import games

__all__ = ["LOBBY", "NO_TABLE", "notice", "site_templates", "tagline"]

TEMPLATES = Path(__file__).parent / "templates"

LOBBY = '<p><a href="/">Back to the lobby</a></p>'
"""A refusal's way back to the lobby (HTML, for :func:`notice`)."""

NO_TABLE = "<p>No such table.</p>" + LOBBY
"""The refusal of a table that is not (an old or mistyped link)."""


def tagline(titles: list[str] | None = None) -> str:
    """The header's words, from the games' ``titles`` (``None``: the registry's games, in
    registry order), in lower case: a game registered appears without a template edited.

    >>> tagline()
    'cribbage and écarté by their written laws'
    >>> tagline(["Cribbage", "Écarté", "Piquet"])
    'cribbage, écarté and piquet by their written laws'
    """
    titles = [t.lower() for t in (titles if titles is not None
                                  else [spec.title for spec in games()])]
    named = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    return f"{named} by their written laws"


def site_templates() -> Jinja2Templates:
    """The site's templates (``hoyle/web/templates``), the header's :func:`tagline` set."""
    templates = Jinja2Templates(directory=TEMPLATES)
    templates.env.globals["tagline"] = tagline()
    return templates


@functools.cache
def _notice_templates() -> Jinja2Templates:
    """The site's templates for the refusals (made on the first, then kept)."""
    return site_templates()


def notice(body: str, status_code: int) -> HTMLResponse:
    """The site's page (``templates/notice.html``) around ``body`` (HTML, its text already
    escaped by the caller), with ``status_code`` (an HTTP status: 400, 404, 409, 413, 429,
    503)."""
    page = _notice_templates().get_template("notice.html").render(body=Markup(body))
    return HTMLResponse(page, status_code=status_code)
