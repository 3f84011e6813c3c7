"""``hoyle.web.server``'s pieces that need no server: the log filter that keeps a line any
client can provoke to one every interval, and the connection caps' bookkeeping."""

from __future__ import annotations

import io
import logging
import time

from hoyle.web.server import Guard, OncePerInterval


def test_a_line_any_client_can_provoke_is_logged_once_an_interval() -> None:
    out = io.StringIO()
    log = logging.getLogger("hoyle-test-once")
    log.propagate = False
    log.addHandler(logging.StreamHandler(out))
    log.addFilter(OncePerInterval(["UnicodeDecodeError"], interval=0.2))
    for _ in range(100):  # uvicorn's traceback for a text frame that is not UTF-8
        try:
            b"\xff".decode()
        except UnicodeDecodeError:
            log.error("Exception in ASGI application", exc_info=True)
    log.error("another fault")
    time.sleep(0.25)
    try:
        b"\xff".decode()
    except UnicodeDecodeError:
        log.error("Exception in ASGI application", exc_info=True)
    text = out.getvalue()
    assert text.count("Exception in ASGI application") == 2
    assert "another fault" in text  # other lines pass
    assert "(99 more like it in the last 0.2 s)" in text


def test_the_caps_count_per_address_and_in_all_a_proxy_only_in_all() -> None:
    guard = Guard(max_connections=5, max_per_address=2)
    assert guard.admit(1, "a") and guard.admit(2, "a") and not guard.admit(3, "a")
    assert guard.admit(4, "b")
    assert guard.admit(5, "proxy", exempt=True) and guard.admit(6, "proxy", exempt=True)
    assert not guard.admit(7, "proxy", exempt=True)  # the cap in all: 5
    guard.release(1)
    guard.release(1)  # said twice: counted once
    assert guard.per_address == {"a": 1, "b": 1, "proxy": 2} and guard.refused == 2
    assert guard.admit(8, "a")
