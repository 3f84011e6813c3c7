"""The conformance suite: the same checks over every game of the registry and the framework's
fixture game (``highcard.py``), with no edit per game (issue 26, item 3). A new game is
registered and passes these; nothing here names a game.

- random games by the runner: the record's JSON round trip, replay, verification against
  the seed, a tampered deal refused;
- what each seat may know, from what the game itself declares it shows (each event as
  that seat sees it): the seat's view, the lines of its events and the error of an illegal
  action naming a card it may not know never hold another card;
- the words read back what they type (the full-screen app types ``typed(action)``);
- the full-screen app and the web table each play a whole game;
- the research environments where the game has an encoding, and none broken where not.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers.cribbage import cards_in
from helpers.leaks import cards_in_text
from helpers.tui import play_through
from helpers.webclient import connect, new_table, recv, settle
from hoyle.cards import Card
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.interface.play import PlayDriver
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import Capability, GameSpec, games
from hoyle.engine.runner import Seeds, play
from hoyle.interface.text import Confirm
from hoyle.interface.verify import verify_record
from hoyle.errors import HoyleError, RecordError
from hoyle.tui.app import TableApp

SEEDS = range(4)


def quick_player(spec: GameSpec) -> str:
    """The game's random player (fast), else its default opponent."""
    return "random" if "random" in spec.players() else spec.default_opponent


def new_state(spec: GameSpec, seed: int) -> Any:
    """A new game of the default variant and law code, from a record's header."""
    return spec.state_for_record(GameRecord(game=spec.name, variant=spec.default_variant,
                                            laws=spec.default_laws, seed=seed))


def random_game(spec: GameSpec, seed: int) -> Any:
    state = new_state(spec, seed)
    seats = spec.text().seat_count(state)
    return play(state, [spec.make_player(quick_player(spec)) for _ in range(seats)])


def test_random_games_round_trip_replay_and_verify(spec: GameSpec) -> None:
    for seed in SEEDS:
        state = random_game(spec, seed)
        assert state.is_terminal()
        seats = [quick_player(spec)] * spec.text().seat_count(state)
        record = GameRecord.from_json(state.to_record(seats=seats).to_json())
        assert record.result is not None and record.actions == [str(a) for a in state.history]
        again, events = spec.replay_record(record, seeded=True)
        assert again.history == state.history and again.is_terminal()
        assert events and spec.text().finished(again)
        check = verify_record(record)
        assert check.verified and check.chance > 0
        # a chance outcome changed in the file is found, by index
        first = next((i for i, a in enumerate(state.history)
                      if Action.parse(record.actions[i]).verb == "CUT"), None)
        assert first is not None, "the game begins with no cut for deal"
        other = next((str(a) for a in new_state(spec, seed).chance_outcomes()
                      if str(a) != record.actions[first]), None)
        assert other is not None, "chance_outcomes() lists no other card to cut for deal"
        tampered = GameRecord.from_json(record.to_json())
        tampered.actions[first] = other
        assert verify_record(tampered).index == first
        with pytest.raises(RecordError):
            spec.replay_record(tampered, seeded=True)


def test_the_same_seed_plays_the_same_game(spec: GameSpec) -> None:
    a, b = random_game(spec, 7), random_game(spec, 7)
    assert a.history == b.history
    assert random_game(spec, 8).history != a.history


def _shown(events: list[Event], seat: int | None) -> set[Card]:
    return set().union(*(set(e.seen_by(seat).cards) for e in events)) if events else set()


def test_each_seat_sees_only_what_the_game_shows_it(spec: GameSpec) -> None:
    text = spec.text()
    for seed in SEEDS:
        state = new_state(spec, seed)
        seats = text.seat_count(state)
        names = [f"P{i}" for i in range(seats)]
        players = [spec.make_player(quick_player(spec)) for _ in range(seats)]
        seeds = Seeds(seed)
        shown: list[Event] = []
        steps = 0
        while not state.is_terminal():
            n = state.action_count
            mover = state.current_player
            action = (state.sample_chance(seeds.chance(n)) if mover == CHANCE else
                      players[mover].choose(state.view(mover), state.legal_actions(),
                                            seeds.seat(mover, n)))
            declared: dict[int, set[Card]] = {}
            if mover == CHANCE:  # the seats the game says this chance outcome's cards go to
                for i, card in enumerate(action.cards):
                    to = state.receiver(i)
                    if to is not None:
                        declared.setdefault(to, set()).add(card)
            events = state.apply(action)
            private = {}
            for e in events:
                if e.hidden and e.seat is not None and e.cards:
                    private.setdefault(e.seat, set()).update(e.cards)
            if mover == CHANCE and (declared or private):
                assert {s: c for s, c in private.items() if c} == declared, (
                    f"seed {seed}, {action}: the cards its hidden events show each seat "
                    f"{private} are not those receiver() deals them {declared}")
            shown += events
            steps += 1
            for seat in range(seats):
                known = _shown(shown, seat)
                view = state.view(seat)
                assert cards_in(view) <= known, (seed, steps, seat, "view")
                assert cards_in_text(repr(view)) <= known
                lines = text.event_lines([e.seen_by(seat) for e in events], names, seat)
                assert cards_in_text("\n".join(lines)) <= known, (seed, steps, seat, lines)
            assert cards_in(state.public_view()) <= _shown(shown, None)  # a spectator
            turn = state.current_player
            if turn >= 0 and not state.is_terminal():
                hidden = sorted(set(Card.parse(c) for c in
                                    ("AS", "KH", "7D", "2C", "TS", "9H"))
                                - _shown(shown, turn), key=lambda c: c.index)
                for card in hidden[:2]:
                    try:
                        state.clone().apply(Action("PLAY", (card,)))
                    except HoyleError as e:
                        assert cards_in_text(str(e)) <= {card} | _shown(shown, turn)
        assert steps > 10


def test_a_clone_is_a_game_of_its_own_and_every_node_refuses_the_others_moves(
        spec: GameSpec) -> None:
    """At every node of a few games: a move applied to a clone leaves the game as it was
    (every seat's view, the spectator's, the history), a chance node refuses a seat's move
    and a seat refuses a chance outcome, each with a reason, changing nothing."""
    text = spec.text()
    for seed in SEEDS:
        state = new_state(spec, seed)
        seats = text.seat_count(state)
        players = [spec.make_player(quick_player(spec)) for _ in range(seats)]
        seeds = Seeds(seed)
        last_move: Action | None = None
        last_chance: Action | None = None
        while not state.is_terminal():
            n, mover = state.action_count, state.current_player
            action = (seeds.chance_action(state) if mover == CHANCE else
                      players[mover].choose(state.view(mover), state.legal_actions(),
                                            seeds.seat(mover, n)))
            before = ([state.view(s) for s in range(seats)], state.public_view(),
                      state.history)
            twin = state.clone()
            twin.apply(action)
            stranger = last_move if mover == CHANCE else last_chance
            if stranger is not None and stranger != action:
                assert state.check(stranger) is not None, (
                    f"seed {seed}, action {n}: {stranger} accepted at a "
                    f"{'chance' if mover == CHANCE else 'seat'} node")
            assert ([state.view(s) for s in range(seats)], state.public_view(),
                    state.history) == before, (
                f"seed {seed}, action {n} ({action}) applied to a clone changed the game: "
                "does the state's _unshare copy its own lists?")
            if mover == CHANCE:
                last_chance = action
            else:
                last_move = action
            state.apply(action)


def test_the_words_read_back_what_they_type(spec: GameSpec) -> None:
    """What the full-screen app types for a move (``typed``) is read back as that move
    (``read_move``) at every decision of a game, for every legal action."""
    text = spec.text()
    checked = 0
    for seed in range(12):
        state = new_state(spec, seed)
        seats = text.seat_count(state)
        players = [spec.make_player(quick_player(spec)) for _ in range(seats)]
        seeds = Seeds(seed)
        while not state.is_terminal():
            n, mover = state.action_count, state.current_player
            if mover == CHANCE:
                state.apply(state.sample_chance(seeds.chance(n)))
                continue
            for action in state.legal_actions():
                read = text.read_move(text.typed(action), state, mover)
                assert (read.action if isinstance(read, Confirm) else read) == action, \
                    (seed, str(action), text.typed(action))
                checked += 1
            state.apply(players[mover].choose(state.view(mover), state.legal_actions(),
                                              seeds.seat(mover, n)))
    assert checked > 100


def _values(spec: GameSpec) -> dict[str, Any]:
    """The play command's defaults, the opponent the quick player."""
    values = {o.name: o.default for o in spec.play_options()
              if o.name not in ("seed", "save", "resume")}
    return values | {"opponent": quick_player(spec)}


@pytest.mark.slow
def test_the_full_screen_app_plays_a_whole_game(spec: GameSpec) -> None:
    seed = 5
    driver = PlayDriver(spec, spec.text().new_play(seed, _values(spec)), seed)
    saved: list[int] = []
    app = TableApp(driver, lambda: saved.append(len(driver.state.history)), "banner")
    assert asyncio.run(play_through(app, seed)) >= 1
    record = driver.record()
    assert record.result is not None and saved[-1] == len(record.actions)
    state, _ = spec.replay_record(record, seeded=True)
    assert state.history == driver.state.history
    assert app.log_lines[0] == "banner" and len(app.log_lines) > 10


TESTS = Path(__file__).resolve().parents[1]


def hoyle(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess[str]:
    """``hoyle ARGS`` with the fixture games registered, its data in ``home``."""
    env = {**os.environ, "PYTHONPATH": str(TESTS), "HOYLE_DATA_DIR": str(home),
           "COLUMNS": "100", "HOYLE_PURE": "1"}
    return subprocess.run([sys.executable, str(TESTS / "conformance" / "hoyle_with_fixtures.py"),
                           *args], input=stdin, capture_output=True, text=True, env=env,
                          timeout=300, check=False)


@pytest.mark.slow
def test_the_command_line_plays_saves_replays_verifies_and_counts_a_whole_game(
        spec: GameSpec, tmp_path: Path) -> None:
    """``hoyle play GAME --plain`` fed the person's moves (the first legal one at each of
    his decisions, as a driver of the same seed finds them), then ``hoyle replay --verify``
    and ``hoyle stats --mine`` on what it saved."""
    seed, values = 6, _values(spec)
    driver = PlayDriver(spec, spec.text().new_play(seed, values), seed)
    typed = []
    while not driver.finished():
        if driver.persons_turn():
            move = driver.state.legal_actions()[0]
            typed.append(driver.text.typed(move))
            driver.play(move)
        else:
            driver.step()
    path = tmp_path / "game.json"
    options = [f"--{o.name.replace('_', '-')}={v}" for o in spec.play_options()
               if (v := values.get(o.name)) is not None and not o.flag
               and o.name in ("opponent", "laws", "variant")]
    done = hoyle("play", spec.name, "--plain", "--seed", str(seed), "--save", str(path),
                 *options, stdin="\n".join(typed) + "\n", home=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    record = GameRecord.load(path)
    assert record.actions == driver.record().actions and record.result is not None
    verified = hoyle("replay", str(path), "--verify", home=tmp_path)
    assert verified.returncode == 0 and "verified" in verified.stdout.lower(), verified.stdout
    stats = hoyle("stats", "--mine", home=tmp_path)
    assert stats.returncode == 0 and spec.title.lower() in stats.stdout.lower(), stats.stdout


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    from hoyle.web.app import create_app

    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               fixed_seed=4242)) as c:
        yield c


@pytest.mark.slow
def test_the_web_table_plays_a_whole_game(spec: GameSpec, client: TestClient) -> None:
    lobby = client.get("/").text
    assert f'value="{spec.name}"' in lobby
    state = new_state(spec, 1)
    seats = ["person", *[quick_player(spec)] * (spec.text().seat_count(state) - 1)]
    table_id, token = new_table(client, spec.name, seats)
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]

    def owner_alive() -> None:  # the table's automatic moves stopped: no frame would come
        task = hub.tasks.get(table_id)
        if task is not None and task.done() and not task.cancelled():
            assert task.exception() is None, f"the table's moves stopped: {task.exception()!r}"

    owner_alive()
    moves = 0
    with connect(client, table_id, token) as ws:
        ws.send_text(json.dumps({"type": "sync", "seq": 0}))
        while True:
            frame = recv(ws)
            assert frame["type"] == "update", frame
            if frame["finished"]:
                break
            if frame["to_act"] == 0 and frame["legal"] and frame["seq"] == table.seq:
                ws.send_text(json.dumps({"type": "move", "seq": frame["seq"],
                                         "action": frame["legal"][0]}))
                moves += 1
                settle(client, table_id)
                owner_alive()
    assert moves >= 1 and table.finished
    with connect(client, table_id, None) as spectator:  # nobody's seat: the public view
        spectator.send_text(json.dumps({"type": "sync", "seq": 0}))
        seen = recv(spectator)
        assert seen["type"] == "update" and seen["seat"] is None and seen["finished"]
    record = client.get(f"/t/{table_id}/record.json").json()
    again, _ = spec.replay_record(GameRecord.from_json(json.dumps(record)))
    assert again.is_terminal()


@pytest.mark.slow
def test_the_environments_take_every_encoded_game_and_leave_out_the_rest(
        spec: GameSpec) -> None:
    import hoyle.envs.openspiel  # noqa: F401 - registers the encoded games
    import pyspiel
    from pettingzoo.test import api_test

    from hoyle.envs.pettingzoo import make

    if not spec.has(Capability.ENCODING):
        assert spec.encoding() is None and spec not in games(Capability.ENCODING)
        with pytest.raises(HoyleError, match="no encoding"):
            spec.encoded()
        return
    api_test(make(f"hoyle/{spec.name}-v0"), num_cycles=200)
    pyspiel.random_sim_test(pyspiel.load_game(f"python_hoyle_{spec.name}"), num_sims=1,
                            serialize=False, verbose=False)


def test_every_phase_is_one_of_the_game_s_own_enum(spec: GameSpec) -> None:
    """A state's phase, whoever set it (the game or the framework), is a member of the
    game's ``PHASE`` enum (which repeats the framework's), and compares as its word."""
    for seed in SEEDS:
        state = new_state(spec, seed)
        kind = type(state).PHASE
        seen = {state.phase}

        def note(events: list[Event]) -> None:
            seen.add(state.phase)

        seats = spec.text().seat_count(state)
        play(state, [spec.make_player(quick_player(spec)) for _ in range(seats)],
             on_events=note)
        assert all(type(p) is kind for p in seen), {(p, type(p)) for p in seen}
        assert {str(p) for p in seen} >= {"cut_for_deal", "game_over"}
