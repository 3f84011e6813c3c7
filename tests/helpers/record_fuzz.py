"""A record fuzzer: real records of both games mangled every way a file can be (truncated,
fields of other types, huge sizes, deep nesting, big numbers, tampered deals, seeds and
actions), each read and replayed as ``hoyle replay`` and ``hoyle play --resume`` do.

:func:`outcomes` returns one line per case (what the case was and how loading and replaying
it ended); anything raised but :class:`RecordError` or :class:`IllegalAction` propagates.
Run as a script (``python tests/helpers/record_fuzz.py N``) it prints the outcomes as JSON,
so a test on one engine (pure or compiled) can compare them with the other's.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hoyle.cribbage.laws import get_code as cribbage_code
from hoyle.cribbage.match import play_game as play_cribbage
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.laws import get_code as ecarte_code
from hoyle.ecarte.match import play_game as play_ecarte
from hoyle.ecarte.players import make_player
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game
from hoyle.errors import IllegalAction, RecordError

Json = dict[str, Any]

KINDS = ("truncate_text", "truncate_actions", "type_swap", "option_type", "size", "nesting",
         "big_number", "tamper_deal", "tamper_seed", "swap_actions", "drop_action",
         "edit_action", "result", "junk_option", "bytes")
"""The kinds of mangling, one case of each in turn."""

TAMPERING = ("tamper_deal", "tamper_seed")
"""Kinds that change a chance outcome or the seed: a seeded replay must refuse them."""


def base_records() -> list[Json]:
    """Whole records (as JSON dicts) of real games: six-card and four-hand cribbage, under
    EW and ACC, and écarté under both codes; their chance outcomes drawn from their seeds
    as a game against the computer draws them."""
    games = [
        play_cribbage([GreedyPlayer(), RandomPlayer()], seed=1).to_record(["human", "greedy"]),
        play_cribbage([RandomPlayer()] * 4, state=CribbageState(
            CribbageRules.for_variant("four-hand"), seed=2, laws=cribbage_code("ew"))
        ).to_record(["human", "random", "random", "random"]),
        play_cribbage([GreedyPlayer(), GreedyPlayer()], state=CribbageState(
            seed=3, laws=cribbage_code("acc"))).to_record(["greedy", "human"]),
        play_ecarte([make_player("rules"), make_player("random")], seed=4,
                    laws=ecarte_code("club")).to_record(["human", "random"]),
        play_ecarte([make_player("random"), make_player("rules")], seed=5,
                    laws=ecarte_code("oh")).to_record(["rules", "human"]),
    ]
    return [g.to_dict() for g in games]


def _odd_value(rng: random.Random) -> Any:
    return rng.choice([None, True, 0, -1, 2**70, 1.5, "", "x" * 300, [], [1, "a"], {},
                       {"a": {"b": 1}}, float("1e308")])


def _nest(rng: random.Random, depth: int) -> str:
    opening = "".join(rng.choice("[{") for _ in range(depth))
    return "".join('{"a":' if c == "{" else "[" for c in opening) + "1" + "".join(
        "}" if c == "{" else "]" for c in reversed(opening))


def mangle(base: Json, kind: str, rng: random.Random) -> str | bytes:
    """One mangled copy of the record ``base`` (text, or bytes for ``bytes``)."""
    rec = json.loads(json.dumps(base))
    actions: list[str] = rec["actions"]
    chance = [i for i, a in enumerate(actions) if a.split()[0] in ("CUT", "DEAL", "STARTER",
                                                                   "TURN", "DRAW", "TAKE")]
    if kind == "truncate_text":
        text = json.dumps(rec)
        return text[:rng.randrange(len(text))]
    if kind == "truncate_actions":
        del actions[rng.randrange(len(actions)):]
        if rng.random() < 0.5:
            rec["result"] = None
    elif kind == "type_swap":
        rec[rng.choice(list(rec))] = _odd_value(rng)
    elif kind == "option_type":
        key = rng.choice(["target", "players", "cards_dealt", "manual_count", "referee",
                          "partnerships", "lurch_threshold", "max_exchanges", "game_values",
                          "deal_pattern", "crib_flush_rule", "law_params"])
        rec["options"][key] = _odd_value(rng)
    elif kind == "size":
        what = rng.randrange(3)
        if what == 0:
            rec["actions"] = actions * rng.choice([500, 2000])
        elif what == 1:
            rec["seats"] = rec["seats"] * rng.choice([10, 1000])
        else:
            rec[rng.choice(["variant", "laws", "date", "game"])] = "y" * rng.choice(
                [257, 100_000, 2_000_000])
    elif kind == "nesting":
        depth = rng.choice([7, 50, 1000, 100_000])
        key = rng.choice(["options", "result", "seats", "actions", "date"])
        text = json.dumps(rec)
        marker = f'"{key}": '
        i = text.index(marker) + len(marker)
        j = i + len(json.dumps(rec[key]))
        return text[:i] + _nest(rng, depth) + text[j:]
    elif kind == "big_number":
        digits = rng.choice([20, 41, 400, 5000, 100_000])
        key = rng.choice(["seed", "options", "result"])
        text = json.dumps(rec)
        number = "9" * digits
        if key == "seed":
            return text.replace(f'"seed": {rec["seed"]}', f'"seed": {number}')
        if key == "options":
            rec["options"]["target"] = 0
            return json.dumps(rec).replace('"target": 0', f'"target": {number}')
        return text.replace('"scores": [', f'"scores": [{number}, ', 1)
    elif kind == "tamper_deal":
        i = rng.choice(chance)
        words = actions[i].split()
        cards = [w for w in words[1:] if len(w) == 2]
        if not cards:
            words.append("AS")
        else:
            k = words.index(rng.choice(cards))
            others = [c for c in ("AS", "2D", "KH", "7C", "QS", "8D") if c not in words]
            words[k] = rng.choice(others)
        actions[i] = " ".join(words)
        rec["result"] = None
    elif kind == "tamper_seed":
        rec["seed"] = rec["seed"] + rng.randrange(1, 1000)
    elif kind == "swap_actions":
        i = rng.randrange(len(actions) - 1)
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif kind == "drop_action":
        del actions[rng.randrange(len(actions))]
    elif kind == "edit_action":
        i = rng.randrange(len(actions))
        actions[i] = rng.choice(["PLAY", "PLAY ZZ", "KING 1", "KING 7", "CLAIM 99999999",
                                 "AMEND -1", "GO 5H", "", " ", "REPORT", "DEAL 32",
                                 "CUT 5H 5H", "CHOOSE", "X" * 300, "PLAY 5H\x00"])
    elif kind == "result":
        rec["result"] = rng.choice([{}, {"winner": 1 - (rec["result"] or {}).get("winner", 0)},
                                    {"winner": "0"}, None])
    elif kind == "junk_option":
        rec["options"][rng.choice(["bogus", "", "law_params"])] = rng.choice(
            [1, {"muggins": "yes"}, {"nope": 1}, {"x": [1]}])
    elif kind == "bytes":
        raw = json.dumps(rec).encode()
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.choice([0x00, 0xff, 0xc3, 0x80])]) + raw[i + 1:]
    return json.dumps(rec, indent=rng.choice([None, 1]))


def outcome(data: str | bytes, seeded: bool) -> str:
    """How reading (bytes: from a file, by :meth:`GameRecord.load`) and replaying ``data``
    ended: ``ok <actions> <over?>`` or the error's
    class and message (cut to 120 characters).

    Raises:
        Exception: anything but :class:`RecordError` and :class:`IllegalAction` (a bug).
    """
    folder = ""
    try:
        if isinstance(data, bytes):  # read from a file, as the commands read it
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "case.json"
                path.write_bytes(data)
                record = GameRecord.load(path)
        else:
            record = GameRecord.from_json(data)
        state, events = record_game(record).replay_record(record, seeded=seeded)
        return f"ok {len(record.actions)} {state.is_terminal()} {len(events)}"
    except (RecordError, IllegalAction) as e:
        text = str(e).replace(folder, "TMP") if folder else str(e)
        return f"{type(e).__name__}: {text[:120]}"


def cases(n: int, seed: int = 19) -> list[tuple[str, str | bytes]]:
    """``n`` mangled records (kind, data), the kinds in turn over the base records."""
    bases = base_records()
    out = []
    for i in range(n):
        rng = random.Random(f"{seed}:{i}")
        kind = KINDS[i % len(KINDS)]
        out.append((kind, mangle(bases[i // len(KINDS) % len(bases)], kind, rng)))
    return out


def outcomes(n: int, check: Callable[[str, str, str], None] | None = None) -> list[str]:
    """The outcome of each of ``n`` cases, plain and seeded (``kind | plain | seeded``);
    ``check(kind, plain, seeded)`` is called on each."""
    lines = []
    for kind, data in cases(n):
        plain, seeded = outcome(data, False), outcome(data, True)
        if check is not None:
            check(kind, plain, seeded)
        lines.append(f"{kind} | {plain} | {seeded}")
    return lines


if __name__ == "__main__":
    print(json.dumps(outcomes(int(sys.argv[1]))))
