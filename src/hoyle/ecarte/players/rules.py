"""The ``rules`` player: the classical *jeux de règle* for standing or proposing, the
dealer's refusal rules, the classical discard, and sound play of the cards.

Standing (the elder hand plays without proposing) with a *jeu de règle*, a hand that should
win the point unless the dealer holds two trumps or more (``shared/figures.md`` §4: about
2 to 1 in its favour):

* three trumps or more;
* two trumps, with three cards of one plain suit, or a plain king, or a guarded plain queen;
* one trump, with a tierce major (K Q J) of a plain suit, or four cards of one plain suit,
  or two plain kings, or a plain king and a guarded plain queen;
* no trump, with four court cards (K Q J), three of them kings or queens.

The dealer refuses with the same hands, except (Encyclopaedia Britannica, 11th ed.,
*Écarté*) two trumps with three of a plain suit only when that suit is headed by a court
card; one trump with a tierce major only when the fifth card is a court card; one trump with
four of a plain suit never. The dealer accepts otherwise.

Discard: everything except trumps and kings (the same source); the elder hand with nothing
to throw lays out his lowest card. Play: the leader with three trumps or more leads his
highest trump, else the highest card of his longest plain suit; the second player wins as
cheaply as he can, otherwise throws his lowest card (a plain card before a trump).

>>> from hoyle.cards import parse_cards
>>> is_jeu_de_regle(parse_cards("KS 9S 7S 8H 7D"), Suit.SPADES)
True
>>> is_jeu_de_regle(parse_cards("9S 8H 7H 8D 7C"), Suit.SPADES)
False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hoyle.cards import Card, Rank, Suit
from hoyle.ecarte.players.base import routine_action
from hoyle.ecarte.rules import trick_rank
from hoyle.ecarte.scoring import trick_winner
from hoyle.ecarte.state import EcarteView, Phase
from hoyle.engine.action import Action

__all__ = ["RulesPlayer", "is_jeu_de_regle", "dealer_refuses", "discard_for"]

_COURTS = (Rank.KING, Rank.QUEEN, Rank.JACK)


def _plain(hand: Sequence[Card], trump: Suit) -> dict[Suit, list[Card]]:
    suits: dict[Suit, list[Card]] = {}
    for c in hand:
        if c.suit != trump:
            suits.setdefault(c.suit, []).append(c)
    return suits


def _features(hand: Sequence[Card], trump: Suit) -> dict[str, bool | int]:
    plain = _plain(hand, trump)
    longest = max((len(v) for v in plain.values()), default=0)
    kings = sum(1 for v in plain.values() for c in v if c.rank == Rank.KING)
    guarded_queen = any(any(c.rank == Rank.QUEEN for c in v) and len(v) >= 2
                        for v in plain.values())
    tierce = any({Rank.KING, Rank.QUEEN, Rank.JACK} <= {c.rank for c in v}
                 for v in plain.values())
    three_suit_court = any(len(v) >= 3 and any(c.rank in _COURTS for c in v)
                           for v in plain.values())
    return {"trumps": sum(1 for c in hand if c.suit == trump), "longest": longest,
            "kings": kings, "guarded_queen": guarded_queen, "tierce": tierce,
            "three_suit_court": three_suit_court}


def is_jeu_de_regle(hand: Sequence[Card], trump: Suit) -> bool:
    """Whether the elder hand should play without proposing (see the module docstring)."""
    f = _features(hand, trump)
    t = f["trumps"]
    if t >= 3:
        return True
    if t == 2:
        return bool(f["longest"] >= 3 or f["kings"] >= 1 or f["guarded_queen"])
    if t == 1:
        return bool(f["tierce"] or f["longest"] >= 4 or f["kings"] >= 2
                    or (f["kings"] >= 1 and f["guarded_queen"]))
    courts = [c for c in hand if c.rank in _COURTS]
    return len(courts) >= 4 and sum(1 for c in courts if c.rank != Rank.JACK) >= 3


def dealer_refuses(hand: Sequence[Card], trump: Suit) -> bool:
    """Whether the dealer should refuse a proposal (see the module docstring)."""
    if not is_jeu_de_regle(hand, trump):
        return False
    f = _features(hand, trump)
    t = f["trumps"]
    if t == 2 and not (f["kings"] or f["guarded_queen"]):
        return bool(f["three_suit_court"])
    if t == 1:
        if f["kings"] >= 2 or (f["kings"] >= 1 and f["guarded_queen"]):
            return True
        if f["tierce"]:
            extra = [c for c in hand if c.suit != trump and c.rank in _COURTS]
            return len(extra) >= 4
        return False
    return True


def discard_for(hand: Sequence[Card], trump: Suit, at_least: int) -> tuple[Card, ...]:
    """The cards to lay out: all but trumps and kings; at least ``at_least`` (the lowest
    ones first), never the king of trumps."""
    out = [c for c in hand if c.suit != trump and c.rank != Rank.KING]
    if len(out) < at_least:
        rest = sorted((c for c in hand if c not in out
                       and not (c.suit == trump and c.rank == Rank.KING)),
                      key=lambda c: (c.suit == trump, trick_rank(c)))
        out += rest[:at_least - len(out)]
    return tuple(sorted(out, key=lambda c: c.index))


class RulesPlayer:
    """Plays by the classical rules (see the module docstring)."""

    name = "rules"

    def choose(self, view: EcarteView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Mark the king; stand or propose, accept or refuse, discard and play by rule."""
        routine = routine_action(view, legal_actions)
        if routine is not None:
            return routine
        trump = view.trump
        verbs = {a.verb for a in legal_actions}
        assert trump is not None or "DISCARD" in verbs
        hand = view.hand
        if view.phase == Phase.PROPOSAL:
            assert trump is not None
            if "PROPOSE" in verbs and not is_jeu_de_regle(hand, trump):
                return Action("PROPOSE")
            return Action("STAND")
        if view.phase == Phase.ANSWER:
            assert trump is not None
            if "REFUSE" in verbs and dealer_refuses(hand, trump):
                return Action("REFUSE")
            return Action("ACCEPT")
        if "DISCARD" in verbs:
            sizes = sorted({len(a.cards) for a in legal_actions})
            if trump is None or view.phase == Phase.RECTIFY:
                return min(legal_actions, key=lambda a: sum(trick_rank(c) for c in a.cards))
            want = discard_for(hand, trump, sizes[0])[:sizes[-1]]
            action = Action("DISCARD", want)
            if action in legal_actions:
                return action
            return min(legal_actions, key=lambda a: sum(trick_rank(c) for c in a.cards))
        return self._play(view, legal_actions)

    def _play(self, view: EcarteView, legal: Sequence[Action]) -> Action:
        trump = view.trump
        cards = [a.cards[0] for a in legal if a.verb == "PLAY"]
        if not view.trick:
            trumps = sorted((c for c in cards if c.suit == trump), key=trick_rank)
            if len(trumps) >= 3:
                return Action("PLAY", (trumps[-1],))
            plain = [c for c in cards if c.suit != trump]
            if not plain:
                return Action("PLAY", (trumps[-1],))
            counts = Counter(c.suit for c in plain)
            best = max(plain, key=lambda c: (counts[c.suit], trick_rank(c)))
            return Action("PLAY", (best,))
        lead = view.trick[0][1]
        winners = [c for c in cards if trick_winner(lead, c, trump)]
        if winners:
            return Action("PLAY", (min(winners, key=lambda c: (c.suit == trump,
                                                                trick_rank(c))),))
        return Action("PLAY", (min(cards, key=lambda c: (c.suit == trump, trick_rank(c))),))
