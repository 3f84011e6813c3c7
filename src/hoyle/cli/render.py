"""Text rendering of cribbage events, boards and hands for the terminal (rich markup)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from hoyle.cards import Card, Suit
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine.action import ScoreItem
from hoyle.engine.event import Event

__all__ = ["card_markup", "cards_markup", "event_lines", "board", "show_table"]


def card_markup(card: Card) -> str:
    """A card as ``10♥`` in red (hearts, diamonds) or bold (clubs, spades)."""
    style = "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "bold"
    return f"[{style}]{escape(card.pretty)}[/{style}]"


def cards_markup(cards: Sequence[Card]) -> str:
    """Cards as space-separated :func:`card_markup`."""
    return " ".join(card_markup(c) for c in cards) if cards else "—"


def _who(names: Sequence[str], seat: int | None) -> str:
    return escape(names[seat]) if seat is not None and 0 <= seat < len(names) else "The table"


def event_lines(events: Sequence[Event], names: Sequence[str], viewer: int | None,
                itemize: bool = True, side_names: Sequence[str] | None = None) -> list[str]:
    """Human lines for ``events`` as seen by seat ``viewer`` (``None``: everything shown).

    Hidden cards of other seats (their deal, their discards) are never printed. Without
    ``itemize`` (manual counting, EW-xiii) the show's breakdown is not printed.
    ``side_names`` name the scoring sides in the game's result (partnerships)."""
    sides = side_names if side_names is not None else names
    lines: list[str] = []
    for raw in events:
        e = raw if viewer is None else raw.seen_by(viewer)
        who = _who(names, e.seat)
        k = e.kind
        if k == "cut":
            lines.append(f"{who} cut {cards_markup(e.cards)} for the deal.")
        elif k == "cut_tie":
            lines.append(f"Equal cuts: cut again ({escape(e.source)}).")
        elif k == "dealer":
            lines.append(f"[bold]{who} deal{'s' if who != 'You' else ''} first[/bold] "
                         f"(the lower card deals, {escape(e.source)}).")
        elif k == "new_deal":
            lines.append(f"[dim]── New deal: {who} deal{'s' if who != 'You' else ''}. ──[/dim]")
        elif k == "deal":
            if e.cards:
                lines.append(f"{who} {'are' if who == 'You' else 'is'} dealt "
                             f"{cards_markup(sorted(e.cards))}.")
        elif k == "discard":
            if e.cards:
                lines.append(f"{who} lay{'s' if who != 'You' else ''} away "
                             f"{cards_markup(e.cards)} to the crib.")
            else:
                n = e.count or 0
                lines.append(f"{who} lays away {'a card' if n == 1 else f'{n} cards'} "
                             "to the crib.")
        elif k == "starter":
            lines.append(f"Starter: {cards_markup(e.cards)}.")
        elif k == "play":
            lines.append(f"{who} play{'s' if who != 'You' else ''} {cards_markup(e.cards)}"
                         f" — count {e.count}.")
        elif k == "go":
            lines.append(f"{who} say{'s' if who != 'You' else ''} \"go\".")
        elif k == "count_reset":
            lines.append("[dim]The count starts again at 0.[/dim]")
        elif k == "score" and e.points < 0:
            lines.append(f"  [red]{who} {'go' if who == 'You' else 'goes'} back {-e.points}"
                         f"[/red] ({escape(e.reason)}) → {e.total}  [dim]({e.source})[/dim]")
        elif k == "score":
            if e.points or e.reason in ("hand", "crib"):
                detail = _REASON_TEXT.get(e.reason, e.reason)
                lines.append(f"  [green]{who} score{'s' if who != 'You' else ''} {e.points}"
                             f"[/green] for {escape(detail)} → {e.total}  [dim]({e.source})[/dim]")
        elif k == "show":
            what = "crib" if e.reason == "crib" else "hand"
            total = f" = [bold]{e.points}[/bold]" if itemize else ""
            lines.append(f"{who} show{'s' if who != 'You' else ''} the {what}: "
                         f"{cards_markup(e.cards[:-1])} + starter {cards_markup(e.cards[-1:])}"
                         f"{total}")
            if itemize:
                for item in e.items:
                    lines.append(f"    {item.kind:<10} {cards_markup(item.cards)}  {item.points}")
        elif k == "crib_from_stock":
            lines.append("One card is dealt face down from the stock to the crib.")
        elif k == "ruling":
            lines.append(f"  [yellow]Ruling {escape(e.source)}:[/yellow] "
                         f"{escape(_name_seats(e.reason, names))}")
        elif k == "choice":
            lines.append(f"  {who} chose: {escape(_name_seats(e.reason, names))}  "
                         f"[dim]({escape(e.source)})[/dim]")
        elif k == "heels_lost":
            lines.append(f"  [yellow]{escape(e.reason)}[/yellow]  [dim]({escape(e.source)})[/dim]")
        elif k == "game_over":
            who = _who(sides, e.seat)
            plural = who == "You" or " & " in who
            lines.append(f"[bold magenta]{who} win{'' if plural else 's'}: "
                         f"{escape(e.reason.removeprefix('wins '))}[/bold magenta]")
        else:  # pragma: no cover - future event kinds
            lines.append(f"{who}: {escape(e.kind)} {cards_markup(e.cards)}")
    return lines


_REASON_TEXT = {"hand": "the hand", "crib": "the crib", "one for last": "the go (one for last)",
                "last card": "the last card", "penalty": "a penalty"}


def _name_seats(text: str, names: Sequence[str]) -> str:
    """Law texts say "seat 0"; show the players' names instead."""
    for i, name in enumerate(names):
        text = text.replace(f"seat {i}", name)
    return text


def _track(score: int, target: int, width: int = 30) -> str:
    filled = min(width, score * width // target)
    return "━" * filled + "╸" + "─" * (width - filled)


def board(view: CribbageView, names: Sequence[str]) -> Table:
    """The cribbage board (both scores and pegs) and the state of the deal."""
    t = Table(show_header=False, box=None, pad_edge=False)
    names = [escape(n) for n in names]
    for side in range(len(view.scores)):
        dealer_side = view.dealer if view.dealer is None or len(view.scores) == view.players \
            else view.dealer % len(view.scores)
        role = " (dealer)" if dealer_side == side else ""
        t.add_row(f"[bold]{names[side]}[/bold]{role}",
                  f"{view.scores[side]:>3}", f"[cyan]{_track(view.scores[side], view.target)}[/cyan]",
                  f"[dim]back peg {view.back_pegs[side]}[/dim]")
    return t


def status_lines(view: CribbageView, names: Sequence[str]) -> list[str]:
    """The starter, the count and cards in play, and the seat's own hand."""
    lines = []
    if view.starter is not None:
        lines.append(f"Starter: {cards_markup([view.starter])}")
    if view.phase == Phase.PLAY or view.claim in ("play", "go"):
        played = " ".join(card_markup(c) for c in view.count_cards) or "—"
        lines.append(f"Count: [bold]{view.count}[/bold]   cards in this count: {played}")
    crib_owner = "yours" if view.is_dealer else "your opponent's"
    if view.phase == Phase.DISCARD:
        lines.append(f"Your hand: {cards_markup(sorted(view.hand))}   (the crib is {crib_owner})")
    elif view.phase == Phase.PLAY:
        lines.append(f"Your hand: {cards_markup(sorted(view.hand))}")
    return lines


def show_table(cards: Sequence[Card], starter: Card, items: Sequence[ScoreItem],
               total: int) -> Table:
    """An itemised show as a table (for ``hoyle score``)."""
    t = Table(title=f"{' '.join(c.pretty for c in cards)}  starter {starter.pretty}")
    t.add_column("combination")
    t.add_column("cards")
    t.add_column("points", justify="right")
    for item in items:
        t.add_row(item.kind, cards_markup(item.cards), str(item.points))
    t.add_row("[bold]total[/bold]", "", f"[bold]{total}[/bold]")
    return t


# -- écarté ------------------------------------------------------------------------------


def _s(who: str) -> str:
    """The verb ending for a name ("You play", "Computer plays")."""
    return "" if who == "You" else "s"


def ecarte_event_lines(events: Sequence[Event], names: Sequence[str],
                       viewer: int | None) -> list[str]:
    """Human lines for écarté ``events`` as seen by seat ``viewer`` (``None``: everything).

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
            n = e.count or 0
            shown = f" {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"{who} discard{_s(who)} {n} card{'s' if n != 1 else ''}{shown}.")
        elif k == "draw":
            n = e.count or 0
            shown = f": {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"{who} take{_s(who)} {n} card{'s' if n != 1 else ''} from the "
                         f"stock{shown}.")
        elif k == "stock_out":
            lines.append(f"[dim]{escape(e.reason)}[/dim]")
        elif k == "play_starts":
            lines.append(f"[dim]The play: {who} lead{_s(who)}.[/dim]")
        elif k == "king":
            lines.append(f"[bold]{who} announce{_s(who)} the king[/bold] {cards_markup(e.cards)}.")
        elif k == "play":
            lines.append(f"{who} play{_s(who)} {cards_markup(e.cards)}.")
        elif k == "trick":
            lines.append(f"  {who} win{_s(who)} the trick ({e.count} trick"
                         f"{'s' if e.count != 1 else ''}).")
        elif k == "hand_over":
            lines.append(f"[bold]{who if e.seat is not None else 'Nobody'}: "
                         f"{escape(e.reason)}[/bold]")
        elif k == "score":
            sign = "green" if e.points >= 0 else "red"
            lines.append(f"  [{sign}]{who} score{_s(who)} {e.points}[/{sign}] for "
                         f"{escape(e.reason)} → {e.total}  [dim]({escape(e.source)})[/dim]")
        elif k == "crib_from_stock":
            lines.append("One card is dealt face down from the stock to the crib.")
        elif k == "ruling":
            lines.append(f"  [yellow]Ruling {escape(e.source)}:[/yellow] "
                         f"{escape(_name_seats(e.reason, names))}")
        elif k == "choice":
            lines.append(f"  {who} chose: {escape(_name_seats(e.reason, names))}  "
                         f"[dim]({escape(e.source)})[/dim]")
        elif k == "game_over":
            lines.append(f"[bold magenta]{who} win{_s(who)}: "
                         f"{escape(e.reason.removeprefix('wins '))}[/bold magenta]")
        elif k in ("report", "irregular_play", "king_lost", "replay", "set_aside",
                   "take_back", "restore"):
            detail = f" {cards_markup(e.cards)}" if e.cards else ""
            lines.append(f"  [yellow]{who}: {escape(e.reason or k)}{detail}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
        else:  # pragma: no cover - future event kinds
            lines.append(f"{who}: {escape(k)} {cards_markup(e.cards)}")
    return lines


def ecarte_status_lines(view: Any, names: Sequence[str]) -> list[str]:
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
    from hoyle.ecarte.rules import trick_rank

    hand = sorted(view.hand, key=lambda c: (c.suit, -trick_rank(c)))
    lines.append(f"Your hand: {cards_markup(hand)}")
    return lines
