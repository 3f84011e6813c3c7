"""The full-screen table (hoyle.tui.app.TableApp) driven by Textual's Pilot: whole games of
every kind played through the app by typing moves chosen from the legal actions, checked
against the same game driven without the app (interface.play.PlayDriver, the line mode's
moves); the coach's hint and undo; a click on a card."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Button, Input

from hoyle.engine.action import Action
from hoyle.engine.action import CHANCE
from hoyle.interface.play import TURNED, UNDO_OPTION, PlayDriver
from hoyle.interface.registry import get_game
from hoyle.errors import HoyleError, UndoRefused
from hoyle.tui.app import TableApp
from hoyle.interface.board import board_lines

from helpers.tui import play_through

CRIB = {"opponent": "expert", "laws": "ew", "muggins": False, "manual_count": False}
GAMES = [
    ("cribbage", 11, {**CRIB, "variant": "six-card"}),
    ("cribbage", 12, {**CRIB, "variant": "five-card"}),
    ("cribbage", 13, {**CRIB, "variant": "four-hand", "opponent": "greedy"}),
    ("ecarte", 14, {"opponent": "rules", "laws": "club"}),
]


def new_driver(game: str, seed: int, values: dict[str, Any]) -> PlayDriver:
    spec = get_game(game)
    return PlayDriver(spec, spec.text().new_play(seed, values), seed)


def without_app(game: str, seed: int, values: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The same game driven directly, the person's moves drawn as the test draws them:
    its record's actions and every line said."""
    d = new_driver(game, seed, values)
    pick = random.Random(seed)
    said: list[str] = []
    while not d.finished():
        if d.persons_turn():
            said += d.lines(d.play(pick.choice(d.state.legal_actions())))
        else:
            step = d.step()
            said += ([step.said] if step.said else []) + d.lines(step.events)
    said += d.summary()  # the game's summary closes the log
    return d.record().actions, [line for line in said if line]


def _board_drawn(app: TableApp) -> None:
    d = app.driver
    assert app.board_text() == ("\n".join(board_lines(b)) if (b := d.text.board(
        d.state, d.human, d.names)) is not None else "")


@pytest.mark.parametrize("game,seed,values", GAMES, ids=[g[2].get("variant", g[0])
                                                            for g in GAMES])
def test_a_whole_game_through_the_app(game: str, seed: int, values: dict[str, Any]) -> None:
    d = new_driver(game, seed, values)
    saved: list[int] = []
    app = TableApp(d, lambda: saved.append(len(d.state.history)), "banner")
    typed = asyncio.run(play_through(app, seed, _board_drawn))
    actions, said = without_app(game, seed, values)
    record = d.record()
    assert record.actions == actions        # the app plays the game the driver plays
    assert app.log_lines == ["banner", *said]  # and shows every line said, in order
    assert typed > 5 and saved[-1] == len(actions)
    assert not app.quit_early
    spec = get_game(game)
    state, _ = spec.replay_record(record)   # the saved record replays to the end
    assert spec.text().finished(state)
    assert record.result is not None
    view = d.state.view(0)
    assert max(view.scores) >= view.target  # someone reached the game (121, 61, five)


def test_cribbage_board_and_areas_at_the_first_discard() -> None:
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> tuple[str, str, list[str]]:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            cards = [b.name or "" for b in app.query(Button)]
            return app.board_text(), app.areas_text(), cards

    board, areas, cards = asyncio.run(run())
    hand = d.state.view(0).hand
    assert len(hand) == 6 and d.persons_turn()
    assert board.splitlines()[0] == "to 121   ┃ skunk line after hole 90   ● front ○ back; out → back ←"
    assert board.splitlines()[3] == "A ● " + "····· " * 11 + "·····"
    # one button a card of the hand; the computer's six (it laid away two) face down
    assert sorted(cards) == sorted(str(c) for c in hand)
    assert "Computer (expert): ▒▒▒▒  (4 cards)" in areas
    assert "Yours: ▒▒" in areas or "Computer's: ▒▒" in areas


def test_at_60x20_the_board_drops_to_its_compact_form() -> None:
    """The 121 board's streets are 75 characters: at 60 columns they would wrap, so the
    compact board (target, line, each track's score) is drawn; at 110 the whole board."""
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run(size: tuple[int, int]) -> str:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return app.board_text()

    narrow, wide = asyncio.run(run((60, 20))), asyncio.run(run((110, 45)))
    assert narrow.splitlines() == [
        "to 121   ┃ skunk line after hole 90",  # no street: no legend for them
        "A You                 0 (back peg 0)",
        "B Computer (expert)   0 (back peg 0)"]
    assert wide.splitlines()[0] == narrow.splitlines()[0] + "   ● front ○ back; out → back ←"
    assert wide.splitlines()[1:3] == narrow.splitlines()[1:]
    assert len(wide.splitlines()) == 7 and max(map(len, wide.splitlines())) == 75


def test_hint_and_undo_in_the_app() -> None:
    # Seed 7: the computer lays away first; the person's lay-away turns the starter (6H),
    # so that undo is refused (he has seen the card); his first card in the play (the
    # computer answers, no card turned) is taken back by undo.
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})
    spec = get_game("cribbage")

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            box = app.query_one("#cmd", Input)
            box.value = "undo"
            await pilot.press("enter")
            assert app.log_lines[-1] == "[red]nothing to undo: you have not moved yet[/red]"
            before = d.state.view(0)
            box.value = "hint"
            await pilot.press("enter")
            hint = app.log_lines[-1]
            assert hint.startswith("The expert would type: [bold]")
            # the hint is the expert's lay-away, and asking changed nothing
            expert = hint.removeprefix("The expert would type: [bold]").removesuffix("[/bold]")
            assert d.read(expert) in d.state.legal_actions()
            assert "The discard table" in " ".join(app.log_lines)
            assert d.state.view(0) == before
            box.value = expert
            await pilot.press("enter")
            assert len(d.state.view(0).hand) == 4 and d.state.view(0).starter is not None
            turned = (d.state.view(0), len(d.state.history), app.areas_text())
            box.value = "undo"
            await pilot.press("enter")
            assert app.log_lines[-1] == f"[red]{TURNED}[/red]"
            assert (d.state.view(0), len(d.state.history), app.areas_text()) == turned
            box.value = d.text.typed(d.state.legal_actions()[0])
            await pilot.press("enter")
            assert len(d.state.view(0).hand) == 3 and d.persons_turn()
            box.value = "undo"
            await pilot.press("enter")
            assert (d.state.view(0), len(d.state.history), app.areas_text()) == turned
            assert app.log_lines[-1].startswith("[yellow]Undone: back to your last decision")
            await pilot.press("ctrl+q")
        assert app.quit_early

    asyncio.run(run())
    record = d.record()
    assert record.options[UNDO_OPTION] == 1
    state, _ = spec.replay_record(record)   # a record with undos replays
    assert state.view(0) == d.state.view(0)
    resumed = spec.text().resume_play(record, Path("x.json"))
    assert resumed.state.view(0) == d.state.view(0)


def to_person(d: PlayDriver) -> None:
    while not d.persons_turn() and not d.finished():
        d.step()


def test_undo_takes_back_the_computers_replies_too() -> None:
    # Écarté seed 5, in the play of the first deal (no card turned between the person's
    # card and his next turn): undo goes back to the person's decision, the same view, and
    # the same move then gets the same replies.
    d = new_driver("ecarte", 5, {"opponent": "rules", "laws": "club"})
    to_person(d)
    while {a.verb for a in d.state.legal_actions()} != {"PLAY"}:
        d.play(d.state.legal_actions()[0])
        to_person(d)
    view, n = d.state.view(0), len(d.state.history)
    move = d.state.legal_actions()[0]
    d.play(move)
    to_person(d)
    after = d.record().actions
    assert len(after) > n + 1                # the computer answered
    assert d.undo() == len(after) - n
    assert d.state.view(0) == view and len(d.state.history) == n
    d.play(move)
    to_person(d)
    assert d.record().actions == after


def test_no_undo_once_the_starter_is_turned() -> None:
    # Cribbage seed 7: the computer lays away 6S KD, the person 4H 7H, the starter 6H is
    # turned. Undo would let him lay away again knowing the starter: refused, and the game
    # (history, undos) is left exactly as it was.
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})
    to_person(d)
    lay = d.read("4h 7h")
    assert isinstance(lay, Action) and lay in d.state.legal_actions()
    d.play(lay)
    to_person(d)
    assert str(d.state.view(0).starter) == "6H"
    history = list(d.state.history)
    with pytest.raises(UndoRefused, match="^the cards have been turned since your last "
                                          "decision: no undo$"):
        d.undo()
    assert d.state.history == history and d.undos == 0 and UNDO_OPTION not in d.record().options


def test_no_undo_once_the_draw_is_dealt_in_ecarte() -> None:
    # Écarté seed 5: the elder hand (the computer) proposes; the person accepts; the
    # computer discards 4 and is dealt 4 (DRAW 8S 7D TD JD): a chance outcome after the
    # person's accept, so undo is refused. Then the person discards 2 and draws: refused.
    d = new_driver("ecarte", 5, {"opponent": "rules", "laws": "club"})
    to_person(d)
    accept = [a for a in d.state.legal_actions() if a.verb == "ACCEPT"]
    assert len(accept) == 1
    d.play(accept[0])
    to_person(d)
    assert [str(a) for a in d.state.history[-3:]] == ["ACCEPT", "DISCARD AH 7C 8C TC",
                                                      "DRAW 8S 7D TD JD"]
    history = list(d.state.history)
    with pytest.raises(UndoRefused, match=TURNED):
        d.undo()
    assert d.state.history == history
    two = [a for a in d.state.legal_actions() if a.verb == "DISCARD" and len(a.cards) == 2]
    d.play(two[0])
    assert d.state.current_player == CHANCE  # the person's draw comes next
    to_person(d)
    assert any(str(a).startswith("DRAW") for a in d.state.history[len(history) + 1:])
    history = list(d.state.history)
    with pytest.raises(UndoRefused, match=TURNED):
        d.undo()
    assert d.state.history == history and d.undos == 0


def test_no_undo_once_the_computer_has_refused_the_proposal() -> None:
    # Écarté seed 2: the person (elder hand) proposes and the computer refuses (ECARTE-R-8).
    # Undoing the proposal would let him stand or propose again knowing the refusal:
    # refused, the game left as it was; after his next card, that card may be undone.
    from hoyle.ecarte.console import ANSWERED
    d = new_driver("ecarte", 2, {"opponent": "rules", "laws": "club"})
    to_person(d)
    d.play(next(a for a in d.state.legal_actions() if a.verb == "PROPOSE"))
    to_person(d)
    assert [str(a) for a in d.state.history[-2:]] == ["PROPOSE", "REFUSE"]
    history = list(d.state.history)
    with pytest.raises(UndoRefused, match=f"^{ANSWERED}$"):
        d.undo()
    assert d.state.history == history and d.undos == 0
    assert ANSWERED == "the computer has answered your proposal: no undo"
    card = d.state.legal_actions()[0]
    assert card.verb == "PLAY"
    d.play(card)
    to_person(d)
    d.undo()  # the card is taken back, to just after the refusal
    assert d.state.history == history and d.undos == 1
    with pytest.raises(UndoRefused, match=f"^{ANSWERED}$"):
        d.undo()


def test_no_undo_under_manual_counting() -> None:
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card", "manual_count": True})
    while not d.persons_turn():
        d.step()
    d.play(d.state.legal_actions()[0])
    with pytest.raises(HoyleError, match="EW-xiii"):
        d.undo()


def test_a_click_on_a_card_plays_it() -> None:
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            # a lay-away takes two cards: each click adds its card to the line, and the
            # second makes the move
            first, second = list(app.query(Button))[:2]
            await pilot.click(first)
            assert app.query_one("#cmd", Input).value == (first.name or "").lower()
            await pilot.click(second)
            await pilot.pause()
            assert app.query_one("#cmd", Input).value == ""
            assert sorted(map(str, d.state.view(0).discards)) == sorted(
                [first.name or "", second.name or ""])
            while not d.persons_turn() or app.holding:
                await pilot.press("enter")
            # in the play, a click on a card plays it
            mine = len([c for s, c in d.state.view(0).played if s == 0])
            button = list(app.query(Button))[0]
            await pilot.click(button)
            await pilot.pause()
            played = [str(c) for s, c in d.state.view(0).played if s == 0]
            assert len(played) == mine + 1 and played[-1] == button.name
            await pilot.press("ctrl+q")

    asyncio.run(run())


def test_the_show_is_held_in_the_players_words() -> None:
    # The first show of a game is held on screen, hand by hand (pone's hand, the dealer's,
    # the crib), each in words with its total, until Enter; then the next deal goes on.
    d = new_driver("cribbage", 11, {**CRIB, "variant": "six-card"})
    pick = random.Random(11)

    async def run() -> tuple[list[str], bool, int]:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            while not app.holding:
                app.query_one("#cmd", Input).value = d.text.typed(
                    pick.choice(d.state.legal_actions()))
                await pilot.press("enter")
            held, shown = list(app.held_lines), app.query_one("#held").display
            actions = len(d.state.history)
            await pilot.press("enter")
            await pilot.pause()
            # Enter let the game go on: the next deal dealt, the person to lay away
            assert not app.holding and d.persons_turn()
            assert len(d.state.history) > actions and len(d.state.view(0).hand) == 6
            await pilot.press("ctrl+q")
            return held, shown, d.state.deal_number

    held, shown, deal = asyncio.run(run())
    assert shown and deal == 2
    _, events = get_game("cribbage").replay_record(d.record())
    shows = [e for e in events if e.kind == "show"]
    assert [w.startswith("    “") for w in held] == [False, True] * len(shows)
    assert len(shows) == 3                     # pone's hand, the dealer's, the crib
    for e, words in zip(shows, held[1::2]):
        from hoyle.cribbage.text import show_words  # the words tested on their own
        assert words == f"    “{show_words(e.items)}”  = [bold]{e.points}[/bold]"


def test_number_keys_name_the_cards_and_resizing_keeps_the_table() -> None:
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(120, 45)) as pilot:
            await pilot.pause()
            board = app.board_text()
            await pilot.resize_terminal(80, 24)     # the smallest usual terminal
            await pilot.pause()
            assert app.size.width == 80 and app.board_text() == board
            assert max(len(line) for line in board.splitlines()) <= 76
            names = [b.name for b in app.query(Button)]
            await pilot.press("1")                  # in the input line: a digit typed
            assert app.query_one("#cmd", Input).value == "1"
            app.query_one("#cmd", Input).value = ""
            await pilot.press("escape", "3", "5")    # away from it: the 3rd, 5th cards
            await pilot.pause()
            assert sorted(map(str, d.state.view(0).discards)) == sorted([names[2], names[4]])
            await pilot.resize_terminal(132, 50)
            await pilot.pause()
            assert app.size == (132, 50)
            await pilot.press("ctrl+q")

    asyncio.run(run())


def test_ecarte_hint_is_the_experts_move_and_only_on_the_persons_turn() -> None:
    from hoyle.cards import derive_rng

    spec = get_game("ecarte")
    d = new_driver("ecarte", 9, {"opponent": "rules", "laws": "club"})
    while not d.persons_turn():
        d.step()
    view = d.state.view(0)
    (line,) = d.hint()
    typed = line.removeprefix("The expert would type: [bold]").removesuffix("[/bold]")
    expert = spec.make_player("expert").choose(
        view, d.state.legal_actions(), derive_rng(d.state.seed, "hint", len(d.state.history)))
    assert d.read(typed) == expert and expert in d.state.legal_actions()
    assert d.state.view(0) == view                     # asking changed nothing
    assert spec.hint(d.state, 1) == []                 # not seat 1's move
    d.play(expert)                                     # he proposes: the dealer answers
    assert expert.verb == "PROPOSE" and d.state.current_player == 1
    with pytest.raises(HoyleError, match="not your turn"):
        d.hint()


def test_a_claim_of_game_asks_first_under_manual_counting() -> None:
    # A claim that would take the person to 121 needs a yes (a false claim of game loses
    # it); "no" leaves the game as it was, and the claim is asked for again.
    d = new_driver("cribbage", 21, {**CRIB, "variant": "six-card", "manual_count": True})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        box = app.query_one
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            while {a.verb for a in d.state.legal_actions()} != {"CLAIM"} or app.holding:
                if app.holding:
                    await pilot.press("enter")
                    continue
                box("#cmd", Input).value = d.text.typed(d.state.legal_actions()[0])
                await pilot.press("enter")
            n = len(d.state.history)
            box("#cmd", Input).value = "121"
            await pilot.press("enter")
            assert app.confirm is not None and len(d.state.history) == n
            assert "Claim it?" in str(box("#prompt").render())
            box("#cmd", Input).value = "no"
            await pilot.press("enter")
            assert app.confirm is None and len(d.state.history) == n
            box("#cmd", Input).value = "0"
            await pilot.press("enter")
            assert d.state.history[n] == Action("CLAIM", n=0)
            await pilot.press("ctrl+q")

    asyncio.run(run())


def screen_rows(app: TableApp, widget: str) -> list[str]:
    """The text on the rendered screen inside ``widget``'s content region, row by row."""
    strips = app.screen._compositor.render_strips()
    region = app.query_one(widget).content_region
    return [strips[y].text[region.x:region.right] for y in range(region.y, region.bottom)
            if y < len(strips)]


def flat(rows: list[str]) -> str:
    """Rows joined as one line of words (a wrapped line reads as it was written)."""
    return " ".join(" ".join(rows).split())


def test_long_log_lines_wrap_to_the_pane_at_80x24() -> None:
    # At the first lay-away of seed 7 the log holds the cut's line (with its law ID,
    # EW-i), the deal and the computer's lay-away, each longer than the log pane is wide
    # at 80x24: every word of each must be on screen (wrapped, not cut at 78 columns).
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> tuple[list[str], list[str], int]:
        app = TableApp(d, lambda: None, "banner")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            width = app.query_one("#log").content_region.width
            return screen_rows(app, "#log"), list(app.log_lines), width

    rows, lines, width = asyncio.run(run())
    plain = [Text.from_markup(line).plain for line in lines]
    assert plain[0] == "banner" and "You deal first (the lower card deals, EW-i)." in plain
    assert plain[-1] == "Computer (expert) lays away 2 cards to the crib."
    assert width < 40 and max(len(p) for p in plain) > width
    shown = flat(rows)
    for line in plain:
        assert line in shown
    assert all(len(row.rstrip()) <= width for row in rows)


async def to_the_play(app: TableApp, pilot: Any) -> None:
    """Lay away the first cards the legal actions give, then go on to the person's first
    card of the play."""
    d = app.driver
    while not d.persons_turn() or app.holding or \
            {a.verb for a in d.state.legal_actions()} != {"PLAY"}:
        if app.holding:
            await pilot.press("enter")
            continue
        app.query_one("#cmd", Input).value = d.text.typed(d.state.legal_actions()[0])
        await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("variant,seed", [("six-card", 7), ("three-hand", 7)])
def test_the_whole_table_is_on_screen_at_80x24(variant: str, seed: int) -> None:
    # In the play at 80x24: the hands, the starter, the count with its cards, the cards
    # played and the crib are all on screen, line for line, and so are the prompt and the
    # input line; at 40x12 the input line is still on screen.
    d = new_driver("cribbage", seed, {**CRIB, "variant": variant})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_the_play(app, pilot)
            view = d.state.view(0)
            assert view.starter is not None and len(view.hand) in (3, 4)
            rows = [row.rstrip() for row in screen_rows(app, "#table")]
            areas = Text.from_markup(app.areas_text()).plain.splitlines()
            assert [a.split(":")[0] for a in areas if not a.startswith(" ")] == [
                "Hands", "Starter", "Count", "Played so far", "Crib"]
            assert rows[:len(areas)] == areas          # every line of every area shown
            assert areas[0] == "Hands: You: " + " ".join(c.pretty for c in view.hand)
            assert areas[len(d.names)] == f"Starter: {view.starter.pretty}"
            assert areas[len(d.names) + 1].startswith(f"Count: {view.count}")
            cmd = app.query_one("#cmd")
            assert cmd.region.bottom <= 24 and cmd.region.height == 1
            assert "your move" in screen_rows(app, "#cmd")[0]
            assert flat(screen_rows(app, "#prompt")).startswith("Play a card")
            await pilot.resize_terminal(40, 12)
            await pilot.pause()
            cmd = app.query_one("#cmd")
            assert cmd.region.bottom <= 12 and cmd.region.height == 1
            assert "your move" in screen_rows(app, "#cmd")[0]
            await pilot.press("ctrl+q")

    asyncio.run(run())


def test_card_keys_toggle_and_other_keys_go_back_to_the_input() -> None:
    # Seed 7, the first lay-away (six cards in the bar, two to name): away from the input
    # line a card's number key toggles it in the line (never the same card twice), Backspace
    # takes the last card off, a printable key (or Tab) goes back to the input line.
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            box = app.query_one("#cmd", Input)
            names = [(b.name or "").lower() for b in app.query("#cards Button")]
            assert len(names) == 6 and len(set(names)) == 6
            n = len(d.state.history)
            await pilot.press("escape", "1")
            assert box.value == names[0] and app.focused is None
            await pilot.press("1")                  # again: taken off, not "2s 2s"
            assert box.value == "" and len(d.state.history) == n
            await pilot.press("1", "1", "1")
            assert box.value == names[0]
            await pilot.press("backspace")          # the last card off the line
            assert box.value == "" and app.focused is None
            await pilot.press("3", "h")             # a letter: back to the input line
            assert app.focused is box and box.value == f"{names[2]} h"
            await pilot.press("i")                  # typed in the input line, as usual
            assert box.value == f"{names[2]} hi" and len(d.state.history) == n
            box.value = ""
            await pilot.press("escape", "tab")      # Tab: back to the input line
            assert app.focused is box
            await pilot.press("escape", "h", "i", "n", "t", "enter")
            assert app.log_lines[-1].startswith("The expert would type: [bold]")
            assert box.value == "" and app.focused is box and len(d.state.history) == n
            await pilot.press("escape", "5", "backspace", "4", "2")  # the 4th and 2nd
            await pilot.pause()
            assert sorted(map(str, d.state.view(0).discards)) == sorted(
                [names[3].upper(), names[1].upper()])
            await pilot.press("ctrl+q")

    asyncio.run(run())


def test_a_second_click_on_a_card_takes_it_off_the_line() -> None:
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> None:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            box = app.query_one("#cmd", Input)
            first = list(app.query("#cards Button"))[0]
            await pilot.click(first)
            assert box.value == (first.name or "").lower() and app.focused is box
            await pilot.click(first)
            assert box.value == "" and len(d.state.view(0).hand) == 6
            await pilot.press("ctrl+q")

    asyncio.run(run())


def test_a_resize_wraps_the_log_again() -> None:
    """The log's lines are wrapped at the pane's width when written; after the terminal
    grows from 80 to 160 columns each line is wrapped again at the new width (a line
    that took two rows takes one), and every word is still on screen."""
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})

    async def run() -> tuple[list[str], list[str], int, int]:
        app = TableApp(d, lambda: None, "banner")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            narrow = screen_rows(app, "#log")
            await pilot.resize_terminal(160, 40)
            await pilot.pause()
            await pilot.pause()
            width = app.query_one("#log").content_region.width
            return narrow, screen_rows(app, "#log"), width, len(app.log_lines)

    narrow, wide, width, n = asyncio.run(run())
    longest = "You deal first (the lower card deals, EW-i)."
    assert width >= len(longest)
    assert any(row.rstrip() == longest for row in wide)  # on one row now
    assert not any(row.rstrip() == longest for row in narrow)  # two rows at 80 columns
    assert len([r for r in wide if r.strip()]) < len([r for r in narrow if r.strip()])
    assert longest in flat(wide) and flat(wide) == flat(narrow)  # the same words
    assert n >= 4


def test_the_end_banner_says_the_result() -> None:
    d = new_driver("cribbage", 12, {**CRIB, "variant": "five-card"})
    app = TableApp(d, lambda: None, "banner")
    prompts: list[str] = []

    def at_end(a: TableApp) -> None:
        prompts.append(str(a.query_one("#prompt").render()))

    asyncio.run(play_through(app, 12, at_end))
    result = d.record().result
    assert result is not None
    me = "You win" if result["winner"] == 0 else "Computer (expert) wins"
    w = result["winner"]
    scores = "\u2013".join(str(s) for s in [result["scores"][w], result["scores"][1 - w]])
    assert d.result_line() == f"Game over: {me}, {scores}."
    assert prompts and prompts[0].startswith(f" Game over: {me}, {scores}. ")


def test_a_resumed_game_keeps_its_log() -> None:
    """A saved game resumed full screen opens with the lines of the game so far, as the
    person saw them (none of the computer's hidden cards), then the resume's banner."""
    spec = get_game("cribbage")
    d = new_driver("cribbage", 7, {**CRIB, "variant": "six-card"})
    said: list[str] = []
    pick = random.Random(7)
    while d.state.deal_number < 2 and not d.finished():
        if d.persons_turn():
            said += d.lines(d.play(pick.choice(d.state.legal_actions())))
        else:
            step = d.step()
            said += ([step.said] if step.said else []) + d.lines(step.events)
    record = d.record()
    resumed = PlayDriver(spec, spec.text().resume_play(record, Path("x.json")), 7)

    async def run() -> list[str]:
        app = TableApp(resumed, lambda: None, "Resumed.")
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            return list(app.log_lines)

    lines = asyncio.run(run())
    said = [line for line in said if line]
    assert lines[:len(said)] == said and lines[len(said)] == "Resumed."
    hidden = {c.pretty for c in d.state.view(1).hand}
    assert not any(c in line for line in lines[:lines.index("Resumed.")] for c in hidden)
