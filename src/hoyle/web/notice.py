"""A short page that says why a request was refused (no such table, too many tables, a bad
form), with the way back: the site's own page (its stylesheet, a phone's viewport, dark mode
as the system says), not a bare paragraph."""

from __future__ import annotations

from fastapi.responses import HTMLResponse

__all__ = ["notice"]

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>hoyle</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header><a href="/" class="home">hoyle</a></header>
<main class="notice">
{body}
</main>
</body>
</html>
"""


def notice(body: str, status_code: int) -> HTMLResponse:
    """The page around ``body`` (HTML, its text already escaped by the caller), with
    ``status_code`` (an HTTP status: 400, 404, 409, 413, 429, 503)."""
    return HTMLResponse(_PAGE.format(body=body), status_code=status_code)
