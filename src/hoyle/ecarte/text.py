"""Écarté in words: event lines and the status of a deal, as rich markup strings (no
terminal: every interface uses them).

>>> from hoyle.engine.event import Event
>>> event_lines([Event("propose", seat=0)], ["You", "Computer (rules)"], 0)
['You propose.']
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.ecarte.rules import trick_rank
from hoyle.ecarte.state import EcarteView
from hoyle.engine.event import Event
from hoyle.interface.text import (card_markup, cards_markup, choice_line, escape, ruling_line,
                               revised_line, unknown_event_line)
from hoyle.interface.text import who as _who

__all__ = ["event_lines", "status_lines"]


def _s(who: str) -> str:
    """The verb ending for a name ("You play", "Computer plays")."""
    return "" if who == "You" else "s"


def event_lines(events: Sequence[Event], names: Sequence[str],
                       viewer: int | None, cite: bool = True) -> list[str]:
    """Human lines for écarté ``events`` as seen by seat ``viewer`` (``None``: everything).
    Without ``cite`` (a game being played) a score's line does not end in its rule ID
    ("scores 2 for the vole → 5"); a point taken down, a ruling and an irregularity keep
    their law IDs.

    The adversary's hand, discards and draws are never printed to another seat; their
    number is (CLUB-27)."""
    lines: list[str] = []
    for raw in events:
        e = raw if viewer is None else raw.seen_by(viewer)
        who = _who(names, e.seat)
        k = e.kind
        if k == "cut":
            lines.append(f"{who} cut{_s(who)} {cards_markup(e.cards)} for the deal.")
        elif k == "cut_tie":
            lines.append("Equal cuts: cut again.")
        elif k == "dealer":
            lines.append(f"[bold]{who} deal{_s(who)} first[/bold] (the higher card deals).")
        elif k == "new_deal":
            lines.append(f"[dim]── New deal: {who} deal{_s(who)}. ──[/dim]")
        elif k == "deal":
            if e.cards:
                lines.append(f"{who} {'are' if who == 'You' else 'is'} dealt "
                             f"{cards_markup(e.cards)} ({escape(e.reason)}).")
        elif k == "turn_up":
            lines.append(f"Turn-up: {cards_markup(e.cards)} — trumps are "
                         f"{e.cards[0].suit.symbol if e.cards else '?'}.")
        elif k == "stand":
            lines.append(f"{who} play{_s(who)} (stand{'s' if who != 'You' else ''}).")
        elif k == "propose":
            lines.append(f"{who} propose{_s(who)}.")
        elif k == "accept":
            lines.append(f"{who} accept{_s(who)} the proposal.")
        elif k == "refuse":
            lines.append(f"{who} refuse{_s(who)} the proposal.")
        elif k == "discard":
            n = e.n_cards or 0
            shown = f" {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"{who} discard{_s(who)} {n} card{'s' if n != 1 else ''}{shown}.")
        elif k == "draw":
            n = e.n_cards or 0
            shown = f": {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"{who} take{_s(who)} {n} card{'s' if n != 1 else ''} from the "
                         f"stock{shown}.")
        elif k == "stock_out":
            lines.append(f"[dim]{escape(e.reason)}[/dim]")
        elif k == "play_starts":
            lines.append(f"[dim]The play: {who} lead{_s(who)}.[/dim]")
        elif k == "king" and not e.cards and e.reason:  # a false king (referee mode)
            lines.append(f"  [yellow]{who} {escape(e.reason)}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
        elif k == "king":
            lines.append(f"[bold]{who} announce{_s(who)} the king[/bold] {cards_markup(e.cards)}.")
        elif k == "play":
            lines.append(f"{who} play{_s(who)} {cards_markup(e.cards)}.")
        elif k == "trick":
            lines.append(f"  {who} win{_s(who)} the trick ({e.tricks} trick"
                         f"{'s' if e.tricks != 1 else ''}).")
        elif k == "hand_over":
            lines.append(f"[bold]{who if e.seat is not None else 'Nobody'}: "
                         f"{escape(e.reason)}[/bold]")
        elif k == "score" and e.points < 0:  # a point taken down: "loses", never "-1"
            lines.append(f"  [red]{who} lose{_s(who)} {-e.points}[/red] for "
                         f"{escape(e.reason)} → {e.total}  [dim]({escape(e.source)})[/dim]")
        elif k == "score":
            source = f"  [dim]({escape(e.source)})[/dim]" if cite else ""
            lines.append(f"  [green]{who} score{_s(who)} {e.points}[/green] for "
                         f"{escape(e.reason)} → {e.total}{source}")
        elif k == "ruling":
            lines.append(ruling_line(e, names))
        elif k == "choice":
            lines.append(choice_line(e, who, names))
        elif k == "revised":
            lines.append(revised_line(e, names))
        elif k == "game_over":
            lines.append(f"[bold magenta]{who} win{_s(who)}: "
                         f"{escape(e.reason.removeprefix('wins '))}[/bold magenta]")
        elif k in ("report", "irregular_play", "king_lost", "replay", "set_aside",
                   "take_back", "restore", "deal_stands", "fact"):
            detail = f" {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"  [yellow]{who}: {escape(e.reason or k)}{detail}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
        else:  # pragma: no cover - a kind with no line yet (tests/test_catalogue.py)
            lines.append(unknown_event_line(e, who))
    return lines


def status_lines(view: EcarteView, names: Sequence[str]) -> list[str]:
    """The score, the turn-up, the trick on the table and the seat's own hand (écarté)."""
    lines = []
    score = "   ".join(f"{escape(names[s])} {view.scores[s]}"
                       + (" (dealer)" if view.dealer == s else "") for s in (0, 1))
    lines.append(f"[bold]Score[/bold] {score}   (game {view.target})")
    if view.turn_up is not None:
        lines.append(f"Turn-up: {cards_markup([view.turn_up])}   stock: {view.stock_size} "
                     f"cards   tricks: {view.tricks[view.seat]}-{view.tricks[1 - view.seat]}")
    if view.trick:
        lines.append("On the table: " + " ".join(
            f"{escape(names[s])} {card_markup(c)}" for s, c in view.trick))
    hand = sorted(view.hand, key=lambda c: (c.suit, -trick_rank(c)))
    lines.append(f"Your hand: {cards_markup(hand)}")
    return lines
