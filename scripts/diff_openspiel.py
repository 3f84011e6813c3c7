"""Differential test: hoyle's cribbage engine against OpenSpiel's C++ ``cribbage``.

Both engines are driven through the same two-player games: the same deals (twelve cards and
the starter drawn from one seeded generator), the same random lay-aways and the same random
cards in the play. For every deal the scores are compared by kind: heels, the play (every
pegging point, go and last card included), the pone's hand, and the dealer's hand with his
crib (OpenSpiel counts the dealer's hand and crib in one step, so they are compared
together; a difference is then explained from hoyle's itemised counts). At the end of each
game the winner is compared.

Every difference is classified (see ``KINDS``) with the law that decides it, and one example
deal is kept for each kind.

    python scripts/diff_openspiel.py --deals 10000 [--seed 1] [--lenient-crib]

``--lenient-crib`` runs hoyle with ``crib_flush_rule="lenient"`` (a four-card crib flush
counts), which is what OpenSpiel does, to show which differences remain.

OpenSpiel's rules, read from ``open_spiel/games/cribbage/cribbage.cc``: player 0 deals
first and the deal alternates; player 0 lays away first; a player who cannot play passes
(again and again while the other plays on); hands are counted in seat order 0, 1 and then
the crib, all in one step, and the winner is the lowest-numbered player with 121 or more.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from hoyle.cards import CARDS, Card, format_cards
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.scoring import score_show
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import Action
from hoyle.engine.event import Event

OS_PASS = 52 + 52 * 52  # kPassAction

KINDS: dict[str, tuple[str, str]] = {
    "crib_four_flush": (
        "OpenSpiel scores a four-card flush in the crib when the starter is of another suit",
        "hoyle: a crib flush needs the starter of the same suit (EW-T-vii; ACC-1.6; "
        "cribbage.md §1.4)"),
    "counts_after_game": (
        "after a side reaches 121 in the show, OpenSpiel goes on counting the rest of the "
        "show (the dealer's hand, the crib), so its final scores are higher",
        "hoyle: the game ends the instant a side reaches the target; later scores in that "
        "deal are not made (CRIB-R-11)"),
    "winner_show_order": (
        "both players pass 121 in the show and OpenSpiel declares the lowest-numbered "
        "player the winner, not the one who counted first",
        "hoyle: the pone counts first and wins (CRIB-R-10, CRIB-R-11)"),
    "winner_after_earlier_difference": (
        "a different winner (or game end) after a scoring difference earlier in the game "
        "(or earlier in the same deal)",
        "follows from the earlier difference"),
    "game_end": ("the game ends in one engine only, with no earlier difference",
                 "to be decided"),
    "play": ("a different score in the play", "to be decided"),
    "heels": ("a different score for his heels", "to be decided"),
    "show": ("a different score in the show not explained by the crib flush", "to be decided"),
    "legal": ("an action legal in hoyle is not legal in OpenSpiel (or the turn differs)",
              "to be decided"),
    "dealer": ("the engines disagree on the dealer", "to be decided"),
}


def os_card(card: Card) -> int:
    """OpenSpiel's card id: suit * 13 + rank - 1 (clubs, diamonds, hearts, spades)."""
    return int(card.suit) * 13 + int(card.rank) - 1


def os_discard(state: Any, cards: Sequence[Card]) -> int:
    """OpenSpiel's action for laying away two cards (whichever order it lists)."""
    a, b = (os_card(c) for c in cards)
    legal = set(state.legal_actions())
    for x, y in ((a, b), (b, a)):
        if 52 + 52 * x + y in legal:
            return 52 + 52 * x + y
    raise ValueError(f"OpenSpiel does not allow laying away {format_cards(cards)}")


def os_scores(state: Any) -> list[int]:
    """OpenSpiel's scores (its returns before the end; the winner bonus removed after)."""
    r = list(state.returns())
    if state.is_terminal():
        r = [x - 1000 if x >= 500 else x + 1000 if x <= -500 + 121 else x for x in r]
    return [int(round(x)) for x in r]


def os_winner(state: Any) -> int | None:
    r = state.returns()
    for p, x in enumerate(r):
        if x >= 500:
            return p
    return None


def _os_field(state: Any, name: str) -> int:
    for line in str(state).splitlines():
        if line.startswith(name + ":"):
            return int(line.split(":")[1])
    raise ValueError(f"no {name} in OpenSpiel's state string")


def os_dealer(state: Any) -> int:
    return _os_field(state, "Dealer")


def os_round(state: Any) -> int:
    return _os_field(state, "Round")


@dataclass
class Difference:
    kind: str
    game: int
    deal: int
    detail: str
    deal_text: str


@dataclass
class Report:
    games: int = 0
    deals: int = 0
    deals_compared: int = 0
    scores_compared: int = 0
    winners_compared: int = 0
    winners_agree: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Difference] = field(default_factory=dict)

    def add(self, diff: Difference) -> None:
        self.counts[diff.kind] += 1
        self.examples.setdefault(diff.kind, diff)


def _category(ev: Event) -> str:
    if ev.reason == "his heels":
        return "heels"
    if ev.reason in ("hand", "crib"):
        return ev.reason
    return "play"


def play_game(game_no: int, seed: int, report: Report, max_deals: int,
              lenient: bool = False) -> None:
    """Play one game through both engines, adding what differs to ``report``."""
    rng = random.Random(f"{seed}/{game_no}")
    rules = CribbageRules(crib_flush_rule="lenient" if lenient else "strict")
    h = CribbageState(rules, laws=get_code("ew"))
    h.apply(Action.parse("CUT AC"))
    h.apply(Action.parse("CUT 2C"))  # seat 0 cuts low and deals first, as in OpenSpiel
    o = pyspiel.load_game("cribbage").new_initial_state()
    diverged = prior = False
    deal_no = 0
    while not h.is_terminal() and report.deals < max_deals:
        deal_no += 1
        report.deals += 1
        dealer = h.dealer
        assert dealer is not None
        pone = 1 - dealer
        if os_dealer(o) != dealer:
            report.add(Difference("dealer", game_no, deal_no,
                                  f"hoyle {dealer}, OpenSpiel {os_dealer(o)}", ""))
            return
        cards = rng.sample(CARDS, 13)
        hands = {0: sorted(cards[0:6]), 1: sorted(cards[6:12])}
        starter = cards[12]
        lay = {s: tuple(sorted(rng.sample(hands[s], 2))) for s in (0, 1)}
        text = (f"dealer {dealer}; hand 0 {format_cards(hands[0])}, hand 1 "
                f"{format_cards(hands[1])}; lay away {format_cards(lay[0])} / "
                f"{format_cards(lay[1])}; starter {starter}")
        h_pts: dict[str, list[int]] = {k: [0, 0] for k in ("heels", "play", "hand", "crib")}
        o_pts: dict[str, list[int]] = {k: [0, 0] for k in ("heels", "play", "show")}

        last_events: list[Event] = []
        crib: list[Card] = []

        def h_apply(action: Action) -> None:
            events = h.apply(action)
            for ev in events:
                if ev.kind == "show" and ev.reason == "crib":
                    crib[:] = ev.cards[:-1]  # the crib, then the starter
            last_events[:] = [ev for ev in events if ev.kind == "score" and ev.seat is not None]
            for ev in last_events:
                assert ev.seat is not None
                h_pts[_category(ev)][ev.seat] += ev.points

        show_step: list[int] = []

        def o_apply(action: int, kind: str) -> None:
            before, round_before = os_scores(o), os_round(o)
            o.apply_action(action)
            after = os_scores(o)
            if os_round(o) != round_before:
                kind = "show"  # the step that ended the play, counted the show, dealt anew
                show_step.append(action)
            for p in (0, 1):
                o_pts[kind][p] += after[p] - before[p]

        for c in cards[:12]:
            o.apply_action(os_card(c))
        h_apply(Action("DEAL", tuple(hands[pone] + hands[dealer])))
        for s in (pone, dealer):
            h_apply(Action("DISCARD", lay[s]))
        for s in (0, 1):
            o.apply_action(os_discard(o, lay[s]))
        h_apply(Action("STARTER", (starter,)))
        o_apply(os_card(starter), "heels")
        plays: list[str] = []
        while h.phase == Phase.PLAY and not o.is_terminal():
            seat = h.current_player
            act = rng.choice(h.legal_actions())
            # OpenSpiel makes a player who cannot play pass again while the other plays on
            while (not o.is_terminal() and o.current_player() >= 0
                   and o.legal_actions() == [OS_PASS]
                   and (o.current_player() != seat or act.verb == "PLAY")):
                o_apply(OS_PASS, "play")
            if o.is_terminal() or o.current_player() != seat:
                break
            if act.verb == "GO":
                if o.legal_actions() != [OS_PASS]:
                    report.add(Difference("legal", game_no, deal_no, "hoyle says go, OpenSpiel "
                                          "has a card to play", text))
                    return
                plays.append(f"{seat}:go")
                h_apply(act)
                o_apply(OS_PASS, "play")
            else:
                card = act.cards[0]
                if os_card(card) not in o.legal_actions():
                    report.add(Difference("legal", game_no, deal_no,
                                          f"{card} is not legal in OpenSpiel", text))
                    return
                plays.append(f"{seat}:{card}")
                h_apply(act)
                o_apply(os_card(card), "play")
        # OpenSpiel: the passes that end the last count, with the last point and the show
        while not o.is_terminal() and o.current_player() >= 0 and \
                o.legal_actions() == [OS_PASS]:
            o_apply(OS_PASS, "play")
        text += "; play " + " ".join(plays)
        # OpenSpiel counts the end of the play and the show in one step (the step that
        # starts the next round): the last point after a pass, or the whole last card when
        # it made 31. Take those points, as hoyle scored them, back into the play.
        if show_step:
            for ev in last_events:
                assert ev.seat is not None
                if _category(ev) == "play" and (show_step[0] != OS_PASS
                                                or ev.reason in ("last card", "one for last")):
                    o_pts["show"][ev.seat] -= ev.points
                    o_pts["play"][ev.seat] += ev.points
        if h.is_terminal() != o.is_terminal() and diverged:
            report.add(Difference("winner_after_earlier_difference", game_no, deal_no,
                                  f"the game ended in {'hoyle' if h.is_terminal() else 'OpenSpiel'}"
                                  f" only: scores hoyle {list(h.scores)}, OpenSpiel "
                                  f"{os_scores(o)}", text))
            return
        report.deals_compared += 1
        prior = diverged
        diverged = _compare(report, game_no, deal_no, text, h, tuple(crib), h_pts, o_pts,
                            dealer, pone, starter, diverged)
        if h.is_terminal() != o.is_terminal():
            kind = "winner_after_earlier_difference" if diverged else "game_end"
            report.add(Difference(kind, game_no, deal_no, f"scores hoyle "
                                  f"{list(h.scores)}, OpenSpiel {os_scores(o)}", text))
            return
        if o.is_terminal() or h.is_terminal():
            break
        if o.current_player() == -1 and h.current_player != -1:
            break
    if h.is_terminal():
        report.games += 1
        report.winners_compared += 1
        assert h.result is not None
        hw, ow = h.result.winner, os_winner(o)
        if hw == ow:
            report.winners_agree += 1
        else:
            both = o.is_terminal() and all(x >= 121 for x in os_scores(o))
            kind = "winner_after_earlier_difference" if prior else \
                "winner_show_order" if both else "winner"
            report.add(Difference(kind, game_no, deal_no, f"hoyle: seat {hw} wins "
                                  f"{h.result.scores}; OpenSpiel: "
                                  f"{ow if ow is not None else 'no winner yet'} "
                                  f"{os_scores(o)}", ""))


def _compare(report: Report, game_no: int, deal_no: int, text: str, h: CribbageState,
             crib: tuple[Card, ...], h_pts: dict[str, list[int]], o_pts: dict[str, list[int]], dealer: int,
             pone: int, starter: Card, diverged: bool) -> bool:
    """Compare one deal's scores; return whether the games have diverged."""
    game_over = h.is_terminal()
    found = False
    for p in (0, 1):
        report.scores_compared += 2
        if h_pts["heels"][p] != o_pts["heels"][p]:
            report.add(Difference("heels", game_no, deal_no,
                                  f"seat {p}: hoyle {h_pts['heels'][p]}, OpenSpiel "
                                  f"{o_pts['heels'][p]}", text))
            found = True
        if h_pts["play"][p] != o_pts["play"][p]:
            report.add(Difference("play", game_no, deal_no,
                                  f"seat {p}: hoyle {h_pts['play'][p]}, OpenSpiel "
                                  f"{o_pts['play'][p]}", text))
            found = True
    if game_over and (h_pts["hand"][pone] + h_pts["hand"][dealer] + h_pts["crib"][dealer]
                      < o_pts["show"][pone] + o_pts["show"][dealer]):
        # hoyle stopped at the target; OpenSpiel counted on
        report.add(Difference("counts_after_game", game_no, deal_no,
                              f"hoyle show pone {h_pts['hand'][pone]}, dealer "
                              f"{h_pts['hand'][dealer]}+{h_pts['crib'][dealer]}; OpenSpiel "
                              f"pone {o_pts['show'][pone]}, dealer {o_pts['show'][dealer]}",
                              text))
        return True
    report.scores_compared += 2
    if h_pts["hand"][pone] != o_pts["show"][pone]:
        report.add(Difference("show", game_no, deal_no,
                              f"pone's hand: hoyle {h_pts['hand'][pone]}, OpenSpiel "
                              f"{o_pts['show'][pone]}", text))
        found = True
    h_dealer = h_pts["hand"][dealer] + h_pts["crib"][dealer]
    if h_dealer != o_pts["show"][dealer]:
        lenient = score_show(crib, starter, crib=True, crib_flush_rule="lenient").total \
            if crib else -1
        if crib and h_pts["hand"][dealer] + lenient == o_pts["show"][dealer]:
            report.add(Difference("crib_four_flush", game_no, deal_no,
                                  f"crib {format_cards(crib)} starter {starter}: hoyle "
                                  f"{h_pts['crib'][dealer]}, OpenSpiel "
                                  f"{o_pts['show'][dealer] - h_pts['hand'][dealer]}", text))
        else:
            report.add(Difference("show", game_no, deal_no,
                                  f"dealer's hand and crib: hoyle {h_pts['hand'][dealer]}+"
                                  f"{h_pts['crib'][dealer]}, OpenSpiel "
                                  f"{o_pts['show'][dealer]}", text))
        found = True
    return diverged or found


def run(deals: int, seed: int = 1, lenient: bool = False) -> Report:
    """Play games until ``deals`` deals have been compared."""
    report = Report()
    game_no = 0
    while report.deals < deals:
        play_game(game_no, seed, report, deals, lenient)
        game_no += 1
    return report


def format_report(report: Report, lenient: bool = False) -> str:
    lines = [f"hoyle (crib_flush_rule={'lenient' if lenient else 'strict'}) against "
             f"OpenSpiel {getattr(pyspiel, '__version__', '')} cribbage",
             f"deals compared: {report.deals_compared}; scores compared: "
             f"{report.scores_compared}; games finished: {report.games}; winners agree: "
             f"{report.winners_agree}/{report.winners_compared}"]
    if not report.counts:
        lines.append("no differences")
    for kind, n in report.counts.most_common():
        what, ruling = KINDS.get(kind, (kind, ""))
        ex = report.examples[kind]
        lines.append(f"\n[{kind}] {n} deal(s): {what}")
        lines.append(f"  laws: {ruling}")
        lines.append(f"  example: game {ex.game} deal {ex.deal}: {ex.detail}")
        if ex.deal_text:
            lines.append(f"           {ex.deal_text}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lenient-crib", action="store_true")
    args = parser.parse_args(argv)
    t = time.perf_counter()
    report = run(args.deals, args.seed, args.lenient_crib)
    print(format_report(report, args.lenient_crib))
    print(f"\n({time.perf_counter() - t:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
