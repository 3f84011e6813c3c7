"""Players' accounts on the web tables: a name and a password, sessions, sign-in limits.

- A password is stored only as its argon2id hash (``argon2-cffi``'s :class:`PasswordHasher`,
  its defaults: RFC 9106's low-memory profile); never in a log, a page or a record.
- A session is a random token (256 bits, :mod:`secrets`) in an HttpOnly, SameSite=Lax
  cookie; the database keeps only its SHA-256, with the CSRF token its forms carry.
  Signing out ends one session, "everywhere" all of the account's; a changed password ends
  every other session of the account.
- Failed sign-ins are counted per name and per client address over
  :data:`FAILURE_WINDOW` seconds, in the database (so every server process counts the same):
  past :data:`MAX_FAILURES_PER_NAME` or :data:`MAX_FAILURES_PER_ADDRESS`, a sign-in is
  refused (:class:`TooManyAttempts`) before the password is checked.

Names: 1 to 24 characters, kept as typed by :func:`~hoyle.web.tables.display_name` (the
same rules as a seat's name; no ``/ \\ ? # %``), unique whatever their case.
Passwords: 8 to 256 characters. A session lasts 30 days from its sign-in.

Every operation is one transaction of the store; a refused one changes nothing.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from hoyle.clubs.tournament import same_name
from hoyle.web.store import SqlStore
from hoyle.web.tables import MAX_NAME, WebError, display_name, hash_token

__all__ = ["Account", "AccountError", "Accounts", "Session", "TooManyAttempts",
           "FAILURE_WINDOW", "MAX_FAILURES_PER_ADDRESS", "MAX_FAILURES_PER_NAME",
           "MIN_PASSWORD", "MAX_PASSWORD"]

FAILURE_WINDOW = 15 * 60.0
"""Seconds over which failed sign-ins are counted."""
MAX_FAILURES_PER_NAME = 5
"""Failed sign-ins to one name in :data:`FAILURE_WINDOW` before its sign-ins are refused."""
MAX_FAILURES_PER_ADDRESS = 20
"""Failed sign-ins from one client address in :data:`FAILURE_WINDOW` before its sign-ins
are refused."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
MAX_SIGN_UPS = 10
"""Accounts one client address may make in :data:`FAILURE_WINDOW`."""
SESSION_AGE = 30 * 24 * 3600.0
"""Seconds a session lasts from its sign-in (30 days; the cookie's age too)."""


class AccountError(WebError):
    """A sign-up, sign-in or account change refused (a name taken, a wrong password, a
    password too short); nothing changed. The message never quotes a password."""


class TooManyAttempts(AccountError):
    """Too many failed sign-ins for the name or from the address: wait (429)."""


@dataclass(frozen=True)
class Account:
    """An account: its id (random), its name as shown, when it was made (ISO 8601, UTC)."""

    id: str
    name: str
    created: str


@dataclass(frozen=True)
class Session:
    """A signed-in session: its account and the CSRF token its forms must carry."""

    account: Account
    csrf: str


_HASHER = PasswordHasher()
_DUMMY = _HASHER.hash("a password no account has")  # checked for unknown names: same time


def _check_password(password: str) -> None:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")


class Accounts:
    """The accounts kept in ``store`` (an SQLite file's or a PostgreSQL database's)."""

    def __init__(self, store: SqlStore, clock: Any = time.time) -> None:
        self.store = store
        self.clock = clock

    def _stamp(self) -> str:
        """Now by the accounts' clock, as the database keeps times (ISO 8601, UTC)."""
        return datetime.fromtimestamp(self.clock(), timezone.utc).isoformat(timespec="seconds")

    # -- sign-up and sign-in -------------------------------------------------------------
    def sign_up(self, name: str, password: str, address: str = "") -> Account:
        """A new account ``name`` with ``password``, made from the client ``address``.

        Raises:
            TooManyAttempts: :data:`MAX_SIGN_UPS` accounts made from the address in
                :data:`FAILURE_WINDOW`, or the address is past its failed sign-ins.
            AccountError: a name that cannot be shown as typed (over :data:`MAX_NAME`
                characters, a control or format character, a ``/``, ``\\``, ``?``, ``#`` or
                ``%``, only dots: each account's page is at ``/players/NAME``), or is taken
                (whatever its case), a password of the wrong length.
            StoreError: the database did not take it.
        """
        typed = unicodedata.normalize("NFC", str(name)).strip(" ")
        if any(ch in typed for ch in "/\\?#%") or (typed and not typed.strip(".")):
            raise AccountError("a name may not hold / \\ ? # or %, nor be only dots (it is "
                               "in the address of the player's page)")
        if "  " in typed or any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or (
                unicodedata.category(ch) == "Zs" and ch != " ") for ch in typed):
            raise AccountError("a name's words are parted by single plain spaces, with no "
                               "control, format or other space character")
        try:
            shown = display_name(typed)
        except WebError as e:
            raise AccountError(str(e)) from None
        if shown is None:
            raise AccountError("an account needs a name")
        if shown != typed or len(typed) > MAX_NAME:
            raise AccountError(f"a name is 1 to {MAX_NAME} characters")
        if same_name(shown, "bye"):
            raise AccountError("'bye' is what a tournament's pairings call a round without "
                               "an opponent: choose another name")
        _check_password(password)
        if address:
            self._check_attempts((f"name:{shown.casefold()}", f"address:{address}"))
        account = Account(secrets.token_hex(8), shown, self._stamp())
        digest = _HASHER.hash(password)
        store = self.store
        with store._transaction("the account") as db:
            if address:  # counted with the account made, held (sign-ups at once: in turn)
                if store.shared:
                    store._q(db, "LOCK TABLE sign_in_failures IN SHARE ROW EXCLUSIVE MODE")
                (made,), = store._q(db, "SELECT COUNT(*) FROM sign_in_failures WHERE who = ? "
                                    "AND at > ?", (f"signup:{address}",
                                                   self.clock() - FAILURE_WINDOW)).fetchall()
                if int(made) >= MAX_SIGN_UPS:
                    raise TooManyAttempts(f"at most {MAX_SIGN_UPS} accounts in "
                                          f"{int(FAILURE_WINDOW // 60)} minutes from one "
                                          "address")
            taken = store._q(db, "SELECT 1 FROM accounts WHERE folded = ?",
                             (shown.casefold(),)).fetchone()
            if taken:
                raise AccountError(f"the name {shown!r} is taken: choose another")
            store._q(db, "INSERT INTO accounts (id, name, folded, password, created) "
                     "VALUES (?, ?, ?, ?, ?)",
                     (account.id, shown, shown.casefold(), digest, account.created))
            if address:  # counted with the failed sign-ins (the same window)
                store._q(db, "INSERT INTO sign_in_failures (who, at) VALUES (?, ?)",
                         (f"signup:{address}", self.clock()))
        return account

    def sign_in(self, name: str, password: str, address: str) -> tuple[str, Session]:
        """A new session for ``name`` if ``password`` is its password: (the token for the
        cookie, the session). Failures are counted per name and per ``address``.

        Raises:
            TooManyAttempts: past the failures allowed (before the password is checked).
            AccountError: no such name, or a wrong password (one message for both).
        """
        folded = unicodedata.normalize("NFC", " ".join(str(name).split())).casefold()[:80]
        keys = (f"name:{folded}", f"address:{address}")
        stamp = self._attempt(keys, (MAX_FAILURES_PER_NAME, MAX_FAILURES_PER_ADDRESS))
        row = self.store._ids("SELECT id, name, created, password FROM accounts "
                              "WHERE folded = ?", (folded,))
        digest = row[0][3] if row else _DUMMY
        try:
            ok = isinstance(password, str) and len(password) <= MAX_PASSWORD and \
                _HASHER.verify(digest, password) and bool(row)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if not ok:  # the attempt stays counted: a failure
            raise AccountError("no account with that name and password")
        self._forget(keys, stamp)
        account = Account(str(row[0][0]), str(row[0][1]), str(row[0][2]))
        if _HASHER.check_needs_rehash(digest):  # the hasher's settings have grown
            with self.store._transaction("the password") as db:
                self.store._q(db, "UPDATE accounts SET password = ? WHERE id = ?",
                              (_HASHER.hash(password), account.id))
        return self.open_session(account)

    def open_session(self, account: Account) -> tuple[str, Session]:
        """A new session of ``account`` (just made: no password to check again)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        with self.store._transaction("the session") as db:
            self.store._q(db, "INSERT INTO sessions (token_hash, account, csrf, created) "
                          "VALUES (?, ?, ?, ?)", (hash_token(token), account.id, csrf,
                                                  self._stamp()))
        return token, Session(account, csrf)

    def _check_attempts(self, keys: tuple[str, str]) -> None:
        since = self.clock() - FAILURE_WINDOW
        for key, most in zip(keys, (MAX_FAILURES_PER_NAME, MAX_FAILURES_PER_ADDRESS)):
            (n,), = self.store._ids("SELECT COUNT(*) FROM sign_in_failures WHERE who = ? "
                                    "AND at > ?", (key, since))
            if int(n) >= most:
                what = ("this name" if key.startswith("name:") else "this address"
                        if key.startswith("address:") else "this account's password")
                raise TooManyAttempts(f"too many failed tries for {what}: try again in "
                                      f"{int(FAILURE_WINDOW // 60)} minutes")

    def _attempt(self, keys: tuple[str, ...], limits: tuple[int, ...]) -> float:
        """Count an attempt under each of ``keys``, refused past its limit, in one
        transaction that holds the counts (SQLite's one writer; PostgreSQL's table lock),
        so that attempts sent at once are counted one by one. The attempt's stamp (to
        forget it if it succeeds).

        Raises:
            TooManyAttempts: a key is at its limit (nothing counted).
        """
        now = float(self.clock())
        stamp = now + secrets.randbelow(1_000_000) / 1e9  # one attempt's own stamp
        store = self.store
        with store._transaction("a sign-in attempt") as db:
            if store.shared:
                store._q(db, "LOCK TABLE sign_in_failures IN SHARE ROW EXCLUSIVE MODE")
            store._q(db, "DELETE FROM sign_in_failures WHERE at < ?", (now - FAILURE_WINDOW,))
            for key, most in zip(keys, limits):
                (n,), = store._q(db, "SELECT COUNT(*) FROM sign_in_failures WHERE who = ? "
                                 "AND at > ?", (key, now - FAILURE_WINDOW)).fetchall()
                if int(n) >= most:
                    what = ("this name" if key.startswith("name:") else "this address"
                            if key.startswith("address:") else "this account's password")
                    raise TooManyAttempts(f"too many failed tries for {what}: try again in "
                                          f"{int(FAILURE_WINDOW // 60)} minutes")
            for key in keys:
                store._q(db, "INSERT INTO sign_in_failures (who, at) VALUES (?, ?)",
                         (key, stamp))
        return stamp

    def _forget(self, keys: tuple[str, ...], stamp: float) -> None:
        """A successful attempt is not a failure: its counts taken back."""
        with self.store._transaction("a sign-in") as db:
            for key in keys:
                self.store._q(db, "DELETE FROM sign_in_failures WHERE who = ? AND at = ?",
                              (key, stamp))

    # -- sessions ------------------------------------------------------------------------
    def session(self, token: str | None) -> Session | None:
        """The session of the cookie's ``token``, or ``None`` (none, ended, or unknown)."""
        if not token or len(token) > 100:
            return None
        oldest = datetime.fromtimestamp(self.clock() - SESSION_AGE, timezone.utc).isoformat(
            timespec="seconds")
        rows = self.store._ids(
            "SELECT a.id, a.name, a.created, s.csrf FROM sessions s JOIN accounts a ON "
            "a.id = s.account WHERE s.token_hash = ? AND s.created > ?",
            (hash_token(token), oldest))
        if not rows:
            return None
        i, name, created, csrf = rows[0]
        return Session(Account(str(i), str(name), str(created)), str(csrf))

    def sign_out(self, token: str) -> None:
        """End the session of ``token`` (nothing if it has ended)."""
        with self.store._transaction("the sign-out") as db:
            self.store._q(db, "DELETE FROM sessions WHERE token_hash = ?", (hash_token(token),))

    def sign_out_everywhere(self, account: Account) -> int:
        """End every session of ``account``: how many there were."""
        with self.store._transaction("the sign-out") as db:
            cur = self.store._q(db, "DELETE FROM sessions WHERE account = ?", (account.id,))
            return int(cur.rowcount)

    def change_password(self, token: str, old: str, new: str) -> int:
        """Change the password of the session ``token``'s account from ``old`` to ``new``;
        every other session of the account ends (this one stays): how many ended.

        Raises:
            AccountError: not signed in, ``old`` wrong, ``new`` of the wrong length.
        """
        session = self.session(token)
        if session is None:
            raise AccountError("sign in first")
        _check_password(new)
        keys = (f"password:{session.account.id}",)
        stamp = self._attempt(keys, (MAX_FAILURES_PER_NAME,))
        (digest,), = self.store._ids("SELECT password FROM accounts WHERE id = ?",
                                     (session.account.id,))
        try:
            _HASHER.verify(digest, old)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise AccountError("the present password is not right: nothing changed") from None
        self._forget(keys, stamp)
        with self.store._transaction("the password") as db:
            self.store._q(db, "UPDATE accounts SET password = ? WHERE id = ?",
                          (_HASHER.hash(new), session.account.id))
            cur = self.store._q(db, "DELETE FROM sessions WHERE account = ? AND "
                                "token_hash <> ?", (session.account.id, hash_token(token)))
            return int(cur.rowcount)

    def seats_of(self, account: Account, limit: int = 200) -> list[tuple[str, int]]:
        """The seats ``account`` took at the tables, newest first: (table id, seat)."""
        rows = self.store._ids(
            "SELECT s.table_id, s.seat FROM seat_tokens s JOIN tables t ON t.id = "
            "s.table_id WHERE s.account = ? ORDER BY t.created DESC, s.table_id LIMIT ?",
            (account.id, limit))
        return [(str(t), int(s)) for t, s in rows]

    def by_id(self, account_id: str) -> Account | None:
        """The account ``account_id``, or ``None``."""
        rows = self.store._ids("SELECT id, name, created FROM accounts WHERE id = ?",
                               (account_id,))
        return Account(*(str(x) for x in rows[0])) if rows else None

    def account(self, name: str) -> Account | None:
        """The account named ``name`` (any case), or ``None``."""
        rows = self.store._ids("SELECT id, name, created FROM accounts WHERE folded = ?",
                               (unicodedata.normalize("NFC", " ".join(str(name).split()))
                                .casefold(),))
        return Account(*(str(x) for x in rows[0])) if rows else None


def accounts_for(store: Any) -> Accounts | None:
    """The accounts of ``store`` if it is an SQL store (a dry run's has none)."""
    return Accounts(store) if isinstance(store, SqlStore) else None

