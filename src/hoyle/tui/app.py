"""The full-screen table (Textual): a game against the computer of any registered game,
driven by :class:`hoyle.interface.play.PlayDriver` (the same moves, seed and record as the
line mode's ``hoyle.cli.session.PlaySession``).

On screen: the pegging board (the game's :meth:`~hoyle.interface.text.GameText.board`, drawn
by :func:`hoyle.interface.board.board_lines`), the table area by area (the game's
:meth:`~hoyle.interface.text.GameText.table_areas`: hands, count, cards played, crib, trick,
score), a log of every event line, the held panel (the show stays there until the person
presses a key), the prompt, the cards the person may name (click one to play it or add it
to the line) and the input line, which reads the same words as the line mode (the game's
:meth:`~hoyle.interface.text.GameText.read_move`, plus ``hint``, ``undo``, ``help``,
``quit``). At the end of a game with a review, ``r`` (or the Review button, or ``review``
typed) shows the person's decisions reviewed (:mod:`hoyle.tui.review`). Nothing here names
a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.widgets import Button, Footer, Input, RichLog, Static

from hoyle.cards import Card
from hoyle.engine.action import Action
from hoyle.interface.play import PlayDriver
from hoyle.interface.text import Confirm
from hoyle.errors import HoyleError, IllegalAction, RecordError
from hoyle.interface.board import board_lines

__all__ = ["GO_ON", "TableApp"]

GO_ON = "Press Enter to go on."
"""What the held panel says under the show."""

QUIT_WORDS = frozenset({"quit", "q", "exit", "save"})
"""What a person types to save and stop."""

COACH_HELP = ("[bold]hint[/bold]: the coach's advice for this move ([bold]hint NAME[/bold]: "
              "the computer player NAME's, e.g. hint master in cribbage).   [bold]undo[/bold]: "
              "take back your last decision and the computer's replies (not once a card has "
              "been turned since, nor when you count your own points).   [bold]quit[/bold] (or Ctrl+Q, Ctrl+C): save and stop.   Click a "
              "card to play it or add it to the line.")


class LogPane(RichLog):
    """The log: a :class:`~textual.widgets.RichLog` that keeps what it was given and, when
    its width changes (the terminal resized), writes it all again wrapped at the new width
    (a line is wrapped when written: the old breaks would stay otherwise)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sources: list[Text] = []
        self._wrapped_at = 0

    def add(self, text: Text) -> None:
        """Write ``text`` and keep it."""
        self.sources.append(text)
        self.write(text)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at and self.sources:
            self.clear()
            for text in self.sources:
                self.write(text)
        self._wrapped_at = width


class TableApp(App[int]):
    """The full-screen table of one game against the computer.

    Args:
        driver: the game (new or resumed).
        save: writes the record (called after every move; raises ``RecordError`` if the
            file cannot be written).
        banner: the line that opens the log.
        path: the record file (named in the review and the command that gives it later).

    The app's return value is 0; :attr:`quit_early` says whether the person stopped before
    the game ended.
    """

    CSS = """
    Screen { layout: vertical; overflow: hidden; }
    #board { height: auto; max-height: 50%; overflow: hidden; padding: 0 1; background: $boost; }
    #middle { height: 1fr; min-height: 0; }
    #table { width: 3fr; min-width: 30; padding: 0 1; }
    #log { width: 2fr; border-left: vkey $secondary; padding: 0 0 0 1; }
    #held { height: auto; max-height: 14; border: double $warning; display: none; }
    #held.holding { display: block; }
    #bottom { dock: bottom; height: auto; }
    #prompt { height: auto; max-height: 4; padding: 0 1; background: $boost; }
    #cards { height: 1; }
    #cards Button { height: 1; min-width: 5; width: auto; border: none; margin: 0 1 0 0; }
    #cmd { height: 1; border: none; padding: 0 1; }
    #bottom Footer { dock: none; }
    """
    BINDINGS = [Binding("ctrl+q", "save_quit", "Save and quit", priority=True),
                Binding("ctrl+c", "save_quit", "Save and quit", show=False, priority=True),
                Binding("f1", "help", "Help"),
                Binding("tab", "focus_input", "To the input line", show=False, priority=True)]

    def __init__(self, driver: PlayDriver, save: Callable[[], None], banner: str = "",
                 path: str = "") -> None:
        super().__init__()
        self.driver = driver
        self.save = save
        self.banner = banner
        self.path = path
        self._reviewable: bool | None = None
        self.holding = False
        self.confirm: Confirm | None = None
        self.window_at = -1  # the history length at which a window was last offered
        self.quit_early = False
        self.summarized = False  # the game's summary is in the log
        self.log_lines: list[str] = []
        """Every line the log shows, in order (markup)."""
        self.held_lines: list[str] = []
        """The lines the held panel shows now (markup)."""
        self.card_buttons: list[Button] = []
        """The buttons of the cards the person may name now, in order."""
        self.review_button: Button | None = None
        """The review's button (mounted once the game is over, if it has a review)."""

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="board", markup=False)
        with Horizontal(id="middle"):
            with VerticalScroll(id="table"):
                yield Static(id="areas")
            # min_width=1: lines wrap at the pane's width (RichLog's default, 78, would cut
            # the end of long lines in a narrower pane)
            yield LogPane(id="log", markup=True, wrap=True, min_width=1)
        yield Static(id="held")
        with Vertical(id="bottom"):
            yield Static(id="prompt")
            yield Horizontal(id="cards")
            # select_on_focus off: a key that brings the focus back adds to the line
            yield Input(id="cmd", placeholder="your move (help, hint, undo, quit)",
                        select_on_focus=False)
            yield Footer()

    def on_mount(self) -> None:
        self.title = "hoyle"
        if self.driver.state.history:  # a resumed game: its log so far, then the banner
            self.say(self.driver.past_lines())
        if self.banner:
            self.say([self.banner])
        self.advance()
        self.query_one("#cmd", Input).focus()

    # -- what is shown --------------------------------------------------------------------
    def _save(self) -> None:
        """Save the record; if it cannot be written (a full disk...), say so in the log and
        play on: the game is in memory and is saved again after the next move."""
        try:
            self.save()
        except RecordError as e:
            self.say([f"[red]Not saved: {escape(str(e))}[/red]; the file keeps the last good "
                      "record; the game goes on and is saved again after the next move."])

    def say(self, lines: Sequence[str]) -> None:
        """Add lines (markup) to the log."""
        log = self.query_one("#log", LogPane)
        for line in lines:
            if not line:
                continue
            self.log_lines.append(line)
            log.add(Text.from_markup(line))

    def board_text(self, columns: int | None = None) -> str:
        """The board as drawn now (plain text) for a terminal ``columns`` wide (default:
        the app's width), or ``""`` for a game with none."""
        d = self.driver
        board = d.text.board(d.state, d.human, d.names)
        columns = self.size.width if columns is None else columns
        # the board's padding takes a column each side: a street never wraps
        width = columns - 2 if columns > 2 else None
        return "\n".join(board_lines(board, width)) if board is not None else ""

    def areas_text(self) -> str:
        """The table's areas as shown now (markup), compact so that the whole table fits at
        80x24: an area's title on the line of its first line (``Starter: 6♥``), its other
        lines under it, indented by two."""
        d = self.driver
        out = []
        for area in d.text.table_areas(d.state, d.human, d.names):
            first, *rest = area.lines or ("",)
            out.append(f"[bold underline]{area.title}[/bold underline]: {first}".rstrip())
            out.extend(f"  {line}" for line in rest)
        return "\n".join(out)

    def on_resize(self, event: Resize) -> None:
        """The terminal was resized: the board is drawn again for the new width (the
        event's: this handler runs before the app takes the new size as its own); the log
        wraps its lines again itself (:class:`LogPane`)."""
        if self.query("#board"):
            self.refresh_table(event.size.width)

    def refresh_table(self, columns: int | None = None) -> None:
        """Draw the board (for a terminal ``columns`` wide, default the app's width), the
        areas, the prompt and the cards again."""
        d = self.driver
        board = self.board_text(columns)
        widget = self.query_one("#board", Static)
        widget.display = bool(board)
        widget.update(board)
        self.query_one("#areas", Static).update(Text.from_markup(self.areas_text()))
        held = self.query_one("#held", Static)
        held.set_class(self.holding, "holding")
        held.update(Text.from_markup("\n".join([*self.held_lines, f"[bold]{GO_ON}[/bold]"])))
        prompt = self.query_one("#prompt", Static)
        if d.finished():
            review = (f"Press [bold]r[/bold] for the review of your decisions (later: "
                      f"{escape(d.review_command(self.path))}). ") if self.reviewable() else ""
            prompt.update(Text.from_markup(f"[bold reverse] {escape(d.result_line())} "
                                           f"[/bold reverse] {review}Type quit "
                                           "(or Ctrl+Q) to leave."))
        elif self.confirm is not None:
            prompt.update(Text(self.confirm.question))
        elif self.holding:
            prompt.update(GO_ON)
        elif d.persons_turn():
            lines = [*d.text.decision_lines(d.state, d.human),
                     d.text.prompt(d.state, d.human, d.names)]
            prompt.update(Text.from_markup("\n".join(lines)))
        self.refresh_cards()

    def cards_to_name(self) -> list[Card]:
        """The cards in the person's legal moves now, in the order of his hand."""
        d = self.driver
        if not d.persons_turn() or self.holding:
            return []
        seen: list[Card] = []
        for action in d.state.legal_actions():
            for card in action.cards:
                if card not in seen:
                    seen.append(card)
        hand = list(getattr(d.state.view(d.human), "hand", ()))
        return sorted(seen, key=lambda c: hand.index(c) if c in hand else len(hand))

    def reviewable(self) -> bool:
        """Whether the game is over and has a review (asked once, at the end)."""
        if not self.driver.finished():
            return False
        if self._reviewable is None:
            self._reviewable = self.driver.can_review()
        return self._reviewable

    def refresh_cards(self) -> None:
        """One button a card the person may name, then (at the end of a game with a
        review) the review's button. The card buttons are replaced only when the cards
        change; the review's button is mounted once and kept (a widget's removal finishes
        later: a new button of the same id at once would clash with the old one)."""
        box = self.query_one("#cards", Horizontal)
        cards = self.cards_to_name()
        if [b.name for b in self.card_buttons] != [str(c) for c in cards]:
            old, self.card_buttons = self.card_buttons, [
                Button(Text.from_markup(self.card_label(c)), name=str(c), classes="card")
                for c in cards]
            for button in self.card_buttons:
                self._quiet(button)
            if old:
                box.remove_children(old)
            if self.card_buttons:
                box.mount_all(self.card_buttons, before=self.review_button)
        if self.review_button is None and self.reviewable():
            self.review_button = self._quiet(Button("Review (r)", id="review"))
            box.mount(self.review_button)

    @staticmethod
    def _quiet(button: Button) -> Button:
        button.can_focus = False  # a click leaves the focus where it was
        button.active_effect_duration = 0  # a second click at once counts
        return button

    @staticmethod
    def card_label(card: Card) -> str:
        """A card's button label (markup)."""
        style = "red" if card.suit.name in ("HEARTS", "DIAMONDS") else "bold"
        return f"[{style}]{card.pretty}[/{style}]"

    # -- the moves ------------------------------------------------------------------------
    def advance(self) -> None:
        """Make the moves that are not the person's, until he is to move, the game ends,
        or a show is held on screen; save after each."""
        d = self.driver
        while not d.finished() and not d.persons_turn() and not self.holding:
            offer = d.window()  # an act the laws allow the person out of turn: asked once
            if offer is not None and self.window_at != len(d.state.history):
                self.window_at = len(d.state.history)
                self.confirm = Confirm(*offer)
                break
            step = d.step()
            lines = [step.said] if step.said else []
            lines += d.lines(step.events)
            self.say(lines)
            self._save()
            if d.text.hold(step.events):
                self.holding = True
                self.held_lines = d.text.held_lines(d.state, step.events, d.names, d.human)
        if d.finished() and not self.summarized:
            self.summarized = True
            self.say(d.summary())
            if self.reviewable():  # away from the input line: r asks for the review
                self.set_focus(None)
        self.refresh_table()

    def go_on(self) -> None:
        """Release the held show and play on."""
        self.holding = False
        self.held_lines = []
        self.advance()

    def on_key(self, event: Key) -> None:
        """Any key goes on past a held show. Away from the input line (Escape leaves it):
        the number keys 1 to 9 name the cards in the bar, in order (each press toggles its
        card in the line); Backspace takes the last card (or character) off the line; any
        other printable key goes back to the input line with its character (Tab goes back
        too)."""
        if self.holding:
            event.stop()
            event.prevent_default()
            self.go_on()
            return
        if event.key == "escape":
            self.set_focus(None)
            return
        if event.key == "r" and not isinstance(self.focused, Input) and self.reviewable() \
                and not self.query_one("#cmd", Input).value:
            event.stop()
            event.prevent_default()
            self.action_review()
            return
        if isinstance(self.focused, Input):
            return
        box = self.query_one("#cmd", Input)
        buttons = [*self.card_buttons, *([self.review_button] if self.review_button else [])]
        if len(event.key) == 1 and event.key in "123456789" and \
                int(event.key) <= len(buttons):
            event.stop()
            buttons[int(event.key) - 1].press()
        elif event.key == "backspace":
            event.stop()
            event.prevent_default()
            words = box.value.split()
            if words and words[-1] in self._card_words():
                box.value = " ".join(words[:-1])
            else:
                box.value = box.value[:-1]
        elif event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            words = box.value.split()
            if words and words[-1] in self._card_words():  # after a card: a new word
                box.value = " ".join(words) + " " + event.character
            else:
                box.value += event.character
            box.focus()
            box.cursor_position = len(box.value)

    def _card_words(self) -> set[str]:
        """The cards of the bar as the line names them (``"4h"``)."""
        return {str(c).lower() for c in self.cards_to_name()}

    def action_focus_input(self) -> None:
        """Tab: back to the input line (the cursor at its end)."""
        box = self.query_one("#cmd", Input)
        box.focus()
        box.cursor_position = len(box.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A card clicked (or its number key): the move if it is one by itself; else it is
        added to the line, or taken off it if it is there already (a card is never named
        twice)."""
        if event.button.id == "review":
            self.action_review()
            return
        name = event.button.name or ""
        d = self.driver
        if not name or not d.persons_turn():
            return
        card = Card.parse(name)
        legal = d.state.legal_actions()
        needs_more = any(len(a.cards) > 1 and card in a.cards for a in legal)
        alone = [a for a in legal if a.cards == (card,)]
        box = self.query_one("#cmd", Input)
        if alone and not needs_more:
            box.value = ""
            self.submit(d.text.typed(alone[0]))
            return
        words = box.value.split()
        word = name.lower()
        if word in (w.lower() for w in words):
            box.value = " ".join(w for w in words if w.lower() != word)
            return
        words.append(word)
        bar = [str(c).lower() for c in self.cards_to_name()]
        if all(w.lower() in bar for w in words):  # the cards in the order of the hand
            words.sort(key=lambda w: bar.index(w.lower()))
        box.value = " ".join(words)
        try:
            whole = d.read(box.value) in legal  # the cards named make a move now
        except HoyleError:
            whole = False
        if whole:
            line, box.value = box.value, ""
            self.submit(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.input.value = ""
        self.submit(event.value)

    def submit(self, raw: str) -> None:
        """What the person typed: a move, or ``hint``, ``undo``, ``help``, ``quit``."""
        d = self.driver
        line = raw.strip()
        low = line.lower()
        if self.holding:
            self.go_on()
            return
        if low in QUIT_WORDS:
            self.action_save_quit()
            return
        if low in ("help", "?", "h"):
            self.action_help()
            return
        if d.finished():
            if low in ("r", "review") and self.reviewable():
                self.action_review()
            return
        if self.confirm is not None:
            confirm, self.confirm = self.confirm, None
            if low in ("y", "yes", confirm.action.verb.lower()):
                self.play(confirm.action)
            else:
                self.advance()  # the person's move again, or the computer's after a window
            return
        try:
            words = low.split()
            if words and words[0] == "hint":
                self.say(["[cyan]Hint:[/cyan]", *d.hint(" ".join(words[1:]) or None)])
                return
            if low == "undo":
                taken = d.undo()
                self.say([f"[yellow]Undone: back to your last decision ({taken} "
                          f"action{'' if taken == 1 else 's'} taken back).[/yellow]"])
                self._save()
                self.refresh_table()
                return
            if not d.persons_turn():
                return
            move = d.read(line)
        except HoyleError as e:
            self.say([f"[red]{escape(str(e))}[/red]"])
            return
        if move is None:
            return
        if isinstance(move, Confirm):
            self.confirm = move
            self.refresh_table()
            return
        self.play(move)

    def play(self, action: Action) -> None:
        """Apply the person's move, say what it led to, save and play on."""
        d = self.driver
        try:
            events = d.play(action)
        except IllegalAction as e:
            self.say([f"[red]{escape(str(e))}[/red]"])
            return
        self.say(d.lines(events))
        self._save()
        if d.text.hold(events):
            self.holding = True
            self.held_lines = d.text.held_lines(d.state, events, d.names, d.human)
        self.advance()

    # -- bindings -------------------------------------------------------------------------
    def action_review(self) -> None:
        """The review of the person's decisions, on its own screen (the game over and with
        a review; else nothing)."""
        if not self.reviewable():
            return
        from hoyle.tui.review import ReviewScreen
        try:
            blocks = self.driver.review(self.path)
        except HoyleError as e:
            self.say([f"[red]No review: {escape(str(e))}[/red]"])
            return
        self.push_screen(ReviewScreen(blocks, self.driver.review_command(self.path)))

    def action_help(self) -> None:
        """The game's help and the coach's words, in the log."""
        self.say([self.driver.text.help_for(self.driver.state), COACH_HELP])

    def action_save_quit(self) -> None:
        """Save and leave (the caller says how to resume)."""
        self._save()
        self.quit_early = not self.driver.finished()
        self.exit(0)

