"""Cribbage in words: event lines, the board, the status of a deal and the itemised show,
as rich markup strings and :class:`hoyle.interface.text.TextTable` (no terminal: every
interface uses them).

>>> from hoyle.cards import parse_cards
>>> from hoyle.cribbage.scoring import score_show
>>> hand, starter = parse_cards("5H 5C 5S JD"), parse_cards("5D")[0]
>>> result = score_show(hand, starter)
>>> show_table(hand, starter, result.items, result.total).rows[-1]
('[bold]total[/bold]', '', '[bold]29[/bold]')
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.cards import Card
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine.action import ScoreItem
from hoyle.engine.event import Event
from hoyle.interface.text import (TextTable, card_markup, cards_markup, choice_line, escape,
                               revised_line, ruling_line, unknown_event_line)
from hoyle.interface.text import who as _who

__all__ = ["event_lines", "play_words", "said_items", "show_table",
           "show_words", "side_names", "status_lines"]


def event_lines(events: Sequence[Event], names: Sequence[str], viewer: int | None,
                itemize: bool = True, side_names: Sequence[str] | None = None,
                cite: bool = True) -> list[str]:
    """Human lines for ``events`` as seen by seat ``viewer`` (``None``: everything shown).

    Hidden cards of other seats (their deal, their discards) are never printed. Without
    ``itemize`` (manual counting, EW-xiii) the show's breakdown is not printed; with it
    the breakdown is as players say it (:func:`said_items`: a pair royal, a double run
    of three for eight). ``side_names`` name the scoring sides in the game's result
    (partnerships). Without ``cite`` (a game being played) a score's line does not end
    in its rule's ID; a ruling's line always names its law."""
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
        elif k == "dealer" and e.reason.startswith("deals this deal"):
            lines.append(f"  [yellow]{who} {escape(e.reason)}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
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
                n = e.n_cards or 0
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
                detail = _REASON_TEXT.get(e.reason) or play_words(e.items) or e.reason
                source = f"  [dim]({e.source})[/dim]" if cite or e.reason == "penalty" \
                    else ""
                lines.append(f"  [green]{who} score{'s' if who != 'You' else ''} {e.points}"
                             f"[/green] for {escape(detail)} → {e.total}{source}")
        elif k == "show":
            what = "crib" if e.reason == "crib" else "hand"
            total = f" = [bold]{e.points}[/bold]" if itemize else ""
            lines.append(f"{who} show{'s' if who != 'You' else ''} the {what}: "
                         f"{cards_markup(e.cards[:-1])} + starter {cards_markup(e.cards[-1:])}"
                         f"{total}")
            if itemize:
                for name, cards, points in said_items(e.items):
                    lines.append(f"    {name:<21} {cards_markup(cards)}  {points}")
        elif k == "crib_from_stock":
            lines.append("One card is dealt face down from the stock to the crib.")
        elif k == "ruling":
            lines.append(ruling_line(e, names))
        elif k == "choice":
            lines.append(choice_line(e, who, names))
        elif k == "revised":
            lines.append(revised_line(e, names))
        elif k == "dead":
            lines.append(f"  [yellow]{who}: {cards_markup(e.cards)} dead, out of the play"
                         f"[/yellow]  [dim]({escape(e.source)})[/dim]")
        elif k == "fact":
            lines.append(f"[dim]The table: {who} {escape(e.reason)}.[/dim]")
        elif k == "swapped":
            lines.append(f"  [yellow]{who}: {escape(e.reason)}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
        elif k == "retracted" and e.reason.startswith("the cards played"):
            if e.cards:  # nothing taken back (a go withdrawn at once): no line
                lines.append(f"  [yellow]Taken back to the hands: {cards_markup(e.cards)}; "
                             f"the count is {e.count} again[/yellow]  "
                             f"[dim]({escape(e.source)})[/dim]")
        elif k == "retracted":  # the starter, or the discards, taken back
            lines.append(f"  [yellow]{escape(e.reason[:1].upper() + e.reason[1:])}"
                         f"{': ' + cards_markup(e.cards) if e.cards else ''}[/yellow]  "
                         f"[dim]({escape(e.source)})[/dim]")
        elif k == "heels_lost":
            lines.append(f"  [yellow]{escape(e.reason)}[/yellow]  [dim]({escape(e.source)})[/dim]")
        elif k == "game_over":
            who = _who(sides, e.seat)
            plural = who == "You" or " & " in who
            lines.append(f"[bold magenta]{who} win{'' if plural else 's'}: "
                         f"{escape(e.reason.removeprefix('wins '))}[/bold magenta]")
        else:  # pragma: no cover - a kind with no line yet (tests/test_catalogue.py)
            lines.append(unknown_event_line(e, who))
    return lines


_NUMBERS = ("nought one two three four five six seven eight nine ten eleven twelve "
            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty "
            "twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six "
            "twenty-seven twenty-eight twenty-nine").split()
_PAIRS = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
_RUNS = {1: "a run of {n}", 2: "a double run of {n}", 3: "a triple run of {n}",
         4: "a double double run of {n}"}


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def show_words(items: Sequence[ScoreItem]) -> str:
    """A hand's count as players say it, from its score items: the fifteens by their
    running total, the pairs of one rank as one (a pair, a pair royal, a double pair
    royal), the runs on the same ranks as one with the pairs inside them (a double run of
    three for eight), then the flush and his nobs, each with the total so far.

    >>> from hoyle.cribbage.scoring import score_show
    >>> from hoyle.cards import parse_cards
    >>> show_words(score_show(parse_cards("5H 5S 4C 6D"), parse_cards("JC")[0]).items)
    'fifteen two, fifteen four, fifteen six, fifteen eight, a double run of three for eight is sixteen'
    >>> show_words(())
    'nineteen (nothing)'
    """
    if not items:
        return "nineteen (nothing)"
    total = 0
    said = []
    for kind, name, _, points in _said(items):
        total += points
        if kind == "fifteen":
            said.append(f"fifteen {_number(total)}")
        elif kind == "flush":
            said.append(f"a flush of {_number(points)} is {_number(total)}")
        elif kind == "run" and not name.startswith("a run of"):  # the pairs inside it
            said.append(f"{name} for {_number(points)} is {_number(total)}")
        else:
            said.append(f"{name} is {_number(total)}")
    return ", ".join(said)


def said_items(items: Sequence[ScoreItem]) -> list[tuple[str, tuple[Card, ...], int]]:
    """A show's score items grouped as players say them, each ``(name, cards, points)``:
    each fifteen; the pairs of one rank as one (a pair, a pair royal, a double pair
    royal); the runs on the same ranks as one with the pairs inside them (a double run of
    three, 8 points); the flush; his nobs.

    >>> from hoyle.cribbage.scoring import score_show
    >>> from hoyle.cards import parse_cards
    >>> hand = score_show(parse_cards("5H 5S 5C 6D"), parse_cards("4C")[0]).items
    >>> [(name, points) for name, _, points in said_items(hand)][-2:]
    [('fifteen', 2), ('a triple run of three', 15)]
    >>> hand = score_show(parse_cards("9H 9S 9C KD"), parse_cards("2C")[0]).items
    >>> [(name, points) for name, _, points in said_items(hand)]
    [('a pair royal', 6)]
    """
    return [(name, cards, points) for _, name, cards, points in _said(items)]


def _said(items: Sequence[ScoreItem]) -> list[tuple[str, str, tuple[Card, ...], int]]:
    """:func:`said_items` with each group's kind first (``fifteen``, ``pair``, ``run``,
    ``flush``, ``nobs``): the one grouping :func:`show_words` words too."""
    out: list[tuple[str, str, tuple[Card, ...], int]] = [
        ("fifteen", "fifteen", item.cards, item.points)
        for item in items if item.kind == "fifteen"]
    pairs: dict[int, list[ScoreItem]] = {}
    for item in items:
        if item.kind == "pair":
            pairs.setdefault(item.cards[0].rank, []).append(item)
    runs = [item for item in items if item.kind == "run"]
    run_ranks = {c.rank for item in runs for c in item.cards}
    for rank, group in pairs.items():
        if rank not in run_ranks:
            cards = tuple(dict.fromkeys(c for i in group for c in i.cards))
            out.append(("pair", _PAIRS.get(len(group), f"{len(group)} pairs"), cards,
                        sum(i.points for i in group)))
    if runs:
        inside = sum(i.points for r, g in pairs.items() if r in run_ranks for i in g)
        cards = tuple(sorted(dict.fromkeys(c for i in runs for c in i.cards)))
        name = _RUNS.get(len(runs), "{n} runs").format(n=_number(len(runs[0].cards)))
        out.append(("run", name, cards, sum(i.points for i in runs) + inside))
    for item in items:
        if item.kind == "flush":
            out.append(("flush", "a flush", item.cards, item.points))
        elif item.kind == "nobs":
            out.append(("nobs", "his nobs", item.cards, item.points))
    return out


_PLAY_WORDS = {"fifteen": "fifteen", "thirty-one": "thirty-one", "pair": "a pair",
               "pair royal": "a pair royal", "double pair royal": "a double pair royal"}


def play_words(items: Sequence[ScoreItem]) -> str:
    """What a player says for the points of a card in the play: ``fifteen two and a
    pair`` style, each item named as players name it (``a run of three``, ``a pair
    royal``, ``thirty-one``), joined by ``and``; ``""`` for no items.

    >>> from hoyle.engine.action import ScoreItem
    >>> play_words((ScoreItem("fifteen", (), 2), ScoreItem("run", (), 3)))
    'fifteen and a run of three'
    """
    words = []
    for item in items:
        if item.kind == "run":
            words.append(f"a run of {_number(item.points)}")
        else:
            words.append(_PLAY_WORDS.get(item.kind, item.kind))
    return " and ".join(words)


_REASON_TEXT = {"hand": "the hand", "crib": "the crib", "one for last": "the go (one for last)",
                "last card": "the last card", "penalty": "a penalty"}


def _crib_owner(view: CribbageView, names: Sequence[str]) -> str:
    """Whose the crib is, as the seat reads it: ``yours``, ``your opponent's`` (two hands),
    else the dealer's name (three hands; four: a partner or an opponent deals)."""
    if view.is_dealer or view.dealer is None:
        return "yours"
    if view.players == 2:
        return "your opponent's"
    name = names[view.dealer].split(" (")[0] if 0 <= view.dealer < len(names) else "the dealer"
    return f"{escape(name)}'s"


def status_lines(view: CribbageView, names: Sequence[str]) -> list[str]:
    """The starter, the count and cards in play, and the seat's own hand."""
    lines = []
    if view.starter is not None:
        lines.append(f"Starter: {cards_markup([view.starter])}")
    if view.phase == Phase.PLAY or view.claim in ("play", "go"):
        played = " ".join(card_markup(c) for c in view.count_cards) or "—"
        lines.append(f"Count: [bold]{view.count}[/bold]   cards in this count: {played}")
    crib_owner = _crib_owner(view, names)
    if view.phase == Phase.DISCARD:
        lines.append(f"Your hand: {cards_markup(sorted(view.hand))}   (the crib is {crib_owner})")
    elif view.phase == Phase.PLAY:
        lines.append(f"Your hand: {cards_markup(sorted(view.hand))}")
    return lines


def show_table(cards: Sequence[Card], starter: Card, items: Sequence[ScoreItem],
               total: int) -> TextTable:
    """An itemised show as a table (for ``hoyle score``)."""
    rows = [(item.kind, cards_markup(item.cards), str(item.points)) for item in items]
    rows.append(("[bold]total[/bold]", "", f"[bold]{total}[/bold]"))
    return TextTable(tuple(rows), ("combination", "cards", "points"),
                     ("left", "left", "right"),
                     title=f"{' '.join(c.pretty for c in cards)}  starter {starter.pretty}")


def side_names(rules: CribbageRules, names: list[str]) -> list[str]:
    """Names for the scoring sides (partners together in four-hand)."""
    if not rules.partnerships:
        return names
    return [" & ".join(n.split(" (")[0] for i, n in enumerate(names)
                       if rules.side_of(i) == side) for side in range(rules.sides)]
