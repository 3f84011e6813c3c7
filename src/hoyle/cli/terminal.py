"""The terminal hoyle writes to: a plain-ASCII fallback when it cannot draw the suits.

A terminal whose output encoding cannot encode ``♥♦♣♠`` (``PYTHONIOENCODING=latin-1``,
``ascii``), or one whose locale says plain ASCII (``LANG=C``, ``LC_ALL=POSIX``: Python
would still write UTF-8 bytes there), gets every character it cannot show written in
ASCII instead (:func:`to_ascii`: the suits as their letters, so ``10♥`` is ``10H``, the
notation hoyle reads; the board's lines as ``-`` and ``|``; accents dropped) rather than
a ``UnicodeEncodeError``. ``HOYLE_ASCII=1`` asks for the fallback on any terminal,
``HOYLE_ASCII=0`` never.

>>> to_ascii("10♥ K♠ — écarté ●○┃")
'10H KS - ecarte *o|'
"""

from __future__ import annotations

import codecs
import os
import unicodedata
from typing import Any

__all__ = ["ERRORS", "draws_suits", "setup", "to_ascii"]

ERRORS = "hoyle-ascii"
"""The codec error handler :func:`setup` gives the output streams."""

SUITS = "♣♦♥♠"

_ASCII = {
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
    "—": "-", "–": "-", "−": "-", "─": "-", "━": "=", "╸": "-", "╺": "-", "┃": "|", "│": "|",
    "║": "|", "═": "=", "●": "*", "○": "o", "◉": "@", "•": "*", "·": ".", "…": "...",
    "‘": "'", "’": "'", "“": '"', "”": '"', "×": "x", "≥": ">=", "≤": "<=", "→": "->",
    "←": "<-", "±": "+/-", "½": "1/2", "▶": ">", "▲": "^", "▼": "v",
}
"""The ASCII of each character hoyle writes that has no plain letter in it."""


def to_ascii(text: str) -> str:
    """``text`` in ASCII: :data:`_ASCII`'s replacements, accents dropped (NFKD), and ``?``
    for anything else."""
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _ASCII:
            out.append(_ASCII[ch])
        else:
            bare = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(bare or "?")
    return "".join(out)


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return to_ascii(error.object[error.start:error.end]), error.end


codecs.register_error(ERRORS, _replace)


def _locale_says_ascii() -> bool:
    """Whether the locale in force (``LC_ALL``, else ``LC_CTYPE``, else ``LANG``) is the
    plain C / POSIX one. Python itself sets ``LC_CTYPE=C.UTF-8`` when it finds the C locale
    (PEP 538's coercion): that value does not hide a ``LANG=C``."""
    plain = ("C", "POSIX")
    env = os.environ
    if env.get("LC_ALL"):
        return env["LC_ALL"] in plain
    ctype = env.get("LC_CTYPE")
    if ctype and ctype not in ("C.UTF-8", "C.utf8"):
        return ctype in plain
    return env.get("LANG") in plain


def draws_suits(stream: Any) -> bool:
    """Whether ``stream`` (a text stream) can show the suit symbols: its encoding encodes
    them and the locale does not say plain ASCII (``HOYLE_ASCII`` decides when set)."""
    forced = os.environ.get("HOYLE_ASCII")
    if forced:
        return forced == "0"
    if _locale_says_ascii() and not os.environ.get("PYTHONIOENCODING"):
        return False
    try:
        SUITS.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def setup(*streams: Any) -> bool:
    """Give each of ``streams`` (text streams; ``sys.stdout`` and ``sys.stderr``) that
    cannot show the suits the ASCII fallback: the locale's ASCII, or its own encoding, with
    :data:`ERRORS` for what it cannot encode. Returns whether the first can show them."""
    first = True
    for i, stream in enumerate(streams):
        ok = draws_suits(stream)
        if i == 0:
            first = ok
        if ok or not hasattr(stream, "reconfigure"):
            continue
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            SUITS.encode(encoding)
            encoding = "ascii"  # it could, but the locale or HOYLE_ASCII says not to
        except (UnicodeEncodeError, LookupError):
            pass
        stream.reconfigure(encoding=encoding, errors=ERRORS)
    return first
