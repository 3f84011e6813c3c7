"""Tournaments (issue 29): a club night of 9 games for 10 players, a qualifying round of 12
games for 23 players with its playoff bracket, a Swiss of 5 rounds, a round robin of 6, each
with results fed in; no pairing past its repeat limit, byes as the format says, standings
and tie-breaks equal to the hand computation written here; a correction changes the
standings and is in the audit trail; a hand-worked night with literal figures (ACC-12.1:
2 a win, 3 a skunk, the loser at 90 or fewer, 0 a loss).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hoyle.clubs import Tournament, TournamentError
from hoyle.clubs.pairings import bracket


def clock() -> str:
    return "2026-12-03T19:00:00+00:00"


def names(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


def play_round(t: Tournament, rng: random.Random, log: list[tuple[str, str, int, int]]) -> None:
    """Pair the next round and enter every game's result by both players (a random
    winner, the loser from 40 to 120 points), keeping (winner, loser, points, points)."""
    for g in t.pair_next_round():
        if g.bye:
            continue
        a, b = (t.name_of(p) for p in g.players)
        w, l = (a, b) if rng.random() < 0.5 else (b, a)
        lost = rng.randint(40, 120)
        assert t.enter(g.key, a, winner=w, points=(121, lost)) == "awaiting"
        assert t.enter(g.key, b, winner=w, points=(121, lost)) == "agreed"
        log.append((w, l, 121, lost))


def by_hand(players: list[str], log: list[tuple[str, str, int, int]], byes: Counter[str]
            ) -> list[tuple[int, str, int, int, int]]:
    """(place, name, game points, wins, spread), worked from the results alone: ACC-12.1's
    2 a win, 3 when the loser has 90 or fewer; a bye 2 game points, a win, spread 0; best
    game points, then wins, then spread; equal on all three share the place."""
    gp = dict.fromkeys(players, 0)
    wins = dict.fromkeys(players, 0)
    spread = dict.fromkeys(players, 0)
    for w, l, a, b in log:
        gp[w] += 3 if b <= 90 else 2
        wins[w] += 1
        spread[w] += a - b
        spread[l] -= a - b
    for p, n in byes.items():
        gp[p] += 2 * n
        wins[p] += n
    rows = sorted(players, key=lambda p: (-gp[p], -wins[p], -spread[p], p))
    out: list[tuple[int, str, int, int, int]] = []
    for i, p in enumerate(rows):
        same = out and (out[-1][2:]) == (gp[p], wins[p], spread[p])
        out.append((out[-1][0] if same else i + 1, p, gp[p], wins[p], spread[p]))
    return out


def table(t: Tournament) -> list[tuple[int, str, int, int, int]]:
    return [(s.place, s.name, s.game_points, s.wins, s.spread) for s in t.standings()]


def pair_counts(t: Tournament) -> Counter[frozenset[int]]:
    return Counter(frozenset(g.players) for r in t.rounds for g in r if not g.bye)


def test_club_night_of_9_games_for_10_players_meets_nobody_twice() -> None:
    t = Tournament.new("cribbage", "club-night", names(10), games=9, seed=4, clock=clock)
    rng, log = random.Random(1), []
    for _ in range(9):
        play_round(t, rng, log)
    assert max(pair_counts(t).values()) == 1 and len(pair_counts(t)) == 45  # all 45 pairs
    assert all(len(r) == 5 for r in t.rounds)  # an even field: no byes
    assert table(t) == by_hand(names(10), log, Counter())
    with pytest.raises(TournamentError, match="all 9 games have been paired"):
        t.pair_next_round()
    with pytest.raises(TournamentError, match="at most 9 game"):
        Tournament.new("cribbage", "club-night", names(10), games=10)


def test_qualifying_of_12_games_for_23_players_then_its_playoff_bracket() -> None:
    t = Tournament.new("cribbage", "qualifying", names(23), games=12, seed=7, clock=clock)
    rng, log = random.Random(2), []
    for _ in range(12):
        play_round(t, rng, log)
    assert max(pair_counts(t).values()) <= 2
    # the odd field: one bye a round, never the same player twice
    byes = Counter(t.name_of(g.players[0]) for r in t.rounds for g in r if g.bye)
    assert sum(byes.values()) == 12 and max(byes.values()) == 1
    expected = by_hand(names(23), log, byes)
    assert table(t) == expected
    # the top quarter (23 // 4 = 5) into a bracket of 8: seeds 1-3 have byes, 4 v 5
    assert expected[4][0] != expected[5][0]  # these seeds' results: no tie at the cut
    first = t.start_playoffs(first_to=2)
    top = [t.player(row[1]) for row in expected[:5]]
    assert [(m.a, m.b) for m in first] == [(top[0], None), (top[3], top[4]),
                                           (top[1], None), (top[2], None)]
    assert [m.winner for m in first] == [top[0], None, top[1], top[2]]
    # seed 4 beats seed 5 two games to one; the loser of a game deals first in the next
    m = first[1]
    n4, n5 = t.name_of(top[3]), t.name_of(top[4])
    t.record_table_result(m.games[0].key, n5, (121, 100), "table 3")
    assert m.games[1].first_dealer == top[3]
    t.record_table_result(m.games[1].key, n4, (121, 99), "table 3")
    t.record_table_result(m.games[2].key, n4, (121, 80), "table 3")
    assert m.winner == top[3] and len(m.games) == 3
    semis = t.playoff[1]
    assert [(s.a, s.b) for s in semis] == [(top[0], top[3]), (top[1], top[2])]
    # playoff games do not count in the qualifying standings, and the qualifying games
    # they were seeded from can no longer be changed
    assert table(t) == expected
    with pytest.raises(TournamentError, match="can no longer be changed"):
        t.settle(t.rounds[0][0].key, winner=t.name_of(t.rounds[0][0].players[0]),
                 points=(121, 60))


def test_swiss_of_5_rounds_pairs_the_standings_without_repeats() -> None:
    t = Tournament.new("cribbage", "swiss", names(9), games=5, seed=3, clock=clock)
    rng, log = random.Random(3), []
    for _ in range(5):
        before = [s.player for s in t.standings()]
        play_round(t, rng, log)
        bye = [g.players[0] for g in t.rounds[-1] if g.bye]
        # the bye to the lowest placed player who has had none
        earlier = {g.players[0] for r in t.rounds[:-1] for g in r if g.bye}
        assert bye == [next(p for p in reversed(before) if p not in earlier)]
    assert max(pair_counts(t).values()) == 1
    byes = Counter(t.name_of(g.players[0]) for r in t.rounds for g in r if g.bye)
    assert table(t) == by_hand(names(9), log, byes)


def test_round_robin_of_6_everyone_meets_everyone_once() -> None:
    t = Tournament.new("cribbage", "round-robin", names(6), games=5, seed=9, clock=clock)
    rng, log = random.Random(4), []
    for _ in range(5):
        play_round(t, rng, log)
    assert sorted(pair_counts(t).values()) == [1] * 15
    assert table(t) == by_hand(names(6), log, Counter())


def test_a_hand_worked_night_its_tie_breaks_and_a_correction_in_the_audit() -> None:
    # four players, three rounds, results chosen so that the tie-breaks matter:
    # Ann beats Bob 121-95 (2 GP, +26), Cy beats Di 121-88 (skunk: 3 GP, +33);
    # Ann beats Cy 121-110 (2, +11), Di beats Bob 121-100 (2, +21);
    # Bob beats Cy 121-119 (2, +2), Di beats Ann 121-91 (2, +30: 91 is no skunk).
    t = Tournament.new("cribbage", "round-robin", ["Ann", "Bob", "Cy", "Di"], games=3,
                       seed=0, clock=clock)
    results = {frozenset(("Ann", "Bob")): ("Ann", 95), frozenset(("Cy", "Di")): ("Cy", 88),
               frozenset(("Ann", "Cy")): ("Ann", 110), frozenset(("Bob", "Di")): ("Di", 100),
               frozenset(("Bob", "Cy")): ("Bob", 119), frozenset(("Ann", "Di")): ("Di", 91)}
    for _ in range(3):
        for g in t.pair_next_round():
            pair = [t.name_of(p) for p in g.players]
            w, lost = results[frozenset(pair)]
            t.record_table_result(g.key, w, (121, lost), "table")
    # Di 4 GP 2 wins +18 (21 + 30 - 33); Ann 4 GP 2 wins +7 (26 + 11 - 30): equal game
    # points and wins, Di ahead on spread; Cy 3 GP 1 win +20 (33 - 11 - 2);
    # Bob 2 GP 1 win -45 (2 - 26 - 21)
    assert table(t) == [(1, "Di", 4, 2, 18), (2, "Ann", 4, 2, 7), (3, "Cy", 3, 1, 20),
                        (4, "Bob", 2, 1, -45)]
    # the same games with spread first: Cy +20, Di +18, Ann +7, Bob -45
    t.tie_breaks = ("spread", "game_points")
    assert [s.name for s in t.standings()] == ["Cy", "Di", "Ann", "Bob"]
    t.tie_breaks = ("game_points", "wins", "spread")
    # the director corrects Bob v Cy: Cy won it 121-119 (not Bob)
    key = next(g.key for r in t.rounds for g in r
               if {t.name_of(p) for p in g.players} == {"Bob", "Cy"})
    t.settle(key, winner="Cy", points=(121, 119), why="score card misread")
    assert table(t) == [(1, "Cy", 5, 2, 24), (2, "Di", 4, 2, 18), (3, "Ann", 4, 2, 7),
                        (4, "Bob", 0, 0, -49)]
    entry = t.audit[-1]
    assert entry == {"when": "2026-12-03T19:00:00+00:00", "who": "director",
                     "what": f"result of {key} set by the director: score card misread",
                     "before": "Bob won 121-119", "after": "Cy won 121-119"}


def test_players_must_agree_a_disagreement_goes_to_the_director() -> None:
    t = Tournament.new("cribbage", "club-night", ["Ann", "Bob"], games=1, clock=clock)
    g = t.pair_next_round()[0]
    assert t.enter(g.key, "Ann", winner="Ann", points=(121, 100)) == "awaiting"
    assert t.standings()[0].game_points == 0  # one player's word does not stand
    assert t.enter(g.key, "bob", winner="Ann", points=(121, 101)) == "disputed"
    assert g.result is None
    with pytest.raises(TournamentError, match="not finished"):
        t.pair_next_round()
    t.settle(g.key, winner="Ann", points=(121, 101))
    assert (g.status, t.standings()[0].name, t.standings()[0].spread) == ("settled", "Ann", 20)


def test_bad_input_raises_and_changes_nothing() -> None:
    t = Tournament.new("cribbage", "club-night", ["Ann", "Bob", "Cy"], games=2, clock=clock)
    g = next(g for g in t.pair_next_round() if not g.bye)
    a, b = (t.name_of(p) for p in g.players)
    other = ({"Ann", "Bob", "Cy"} - {a, b}).pop()
    before = t.to_json()
    for call, msg in [
        (lambda: t.enter(g.key, other, winner=a, points=(121, 90)), "only its players"),
        (lambda: t.enter(g.key, a, winner=other, points=(121, 90)), "not a player of game"),
        (lambda: t.enter(g.key, a, winner=a, points=(120, 90)), "winner at 121"),
        (lambda: t.enter(g.key, a, winner=a, points=(121, 121)), "loser from 0 to 120"),
        (lambda: t.enter(g.key, a, winner=a, points=("x", 3)), "two whole numbers"),
        (lambda: t.enter("9.9", a, winner=a, points=(121, 3)), "no game '9.9'"),
        (lambda: t.enter(g.key, "Zed", winner=a, points=(121, 3)), "no player 'Zed'"),
        (lambda: t.late_entry("ann"), "already entered"),
        (lambda: t.pair_next_round(), "not finished"),
        (lambda: t.start_playoffs(), "playoffs follow a qualifying round"),
    ]:
        with pytest.raises(TournamentError, match=msg):
            call()
        assert t.to_json() == before
    for bad, msg in [("{", "corrupt"), ('{"hoyle": "game"}', "not a hoyle tournament"),
                     (before.replace('"version": 1', '"version": 9'), "version 9"),
                     (before.replace('"format": "club-night"', '"format": "league"'),
                      "unknown format")]:
        with pytest.raises(TournamentError, match=msg):
            Tournament.from_json(bad)
    with pytest.raises(TournamentError, match="no tournament scoring"):
        Tournament.new("ecarte", "club-night", ["Ann", "Bob"], games=1)
    with pytest.raises(TournamentError, match="12 to 22"):
        Tournament.new("cribbage", "qualifying", names(8), games=9)


def test_saved_and_loaded_the_same_and_late_entry_and_withdrawal() -> None:
    t = Tournament.new("cribbage", "swiss", names(6), games=4, seed=1, clock=clock)
    rng, log = random.Random(5), []
    play_round(t, rng, log)
    t.withdraw("P02")
    t.late_entry("P07")
    u = Tournament.from_json(t.to_json(), clock=clock)
    assert u.to_json() == t.to_json()
    play_round(u, rng, log)
    paired = {p for g in u.rounds[-1] for p in g.players}
    assert u.player("P02") not in paired and u.player("P07") in paired
    assert [s.name for s in u.standings() if s.withdrawn] == ["P02"]


def test_exports_and_the_score_sheet() -> None:
    t = Tournament.new("cribbage", "round-robin", ["Ann", "Bob", "Cy"], games=3, seed=0,
                       first_deal="alternate", clock=clock)
    rng = random.Random(0)
    for _ in range(3):
        for g in t.pair_next_round():
            if not g.bye:
                t.record_table_result(g.key, t.name_of(g.players[0]), (121, 85), "table")
    lines = t.results_csv().splitlines()
    assert lines[0].startswith("round,game,player_a,player_b,first_dealer,winner")
    assert len(lines) == 1 + 3 * 2  # a game and a bye each round
    assert all(row.split(",")[4] for row in lines[1:] if ",bye," not in row)  # dealers set
    sheet = t.score_sheet("Ann")
    assert sheet[0][:3] == ["game", "opponent", "W/L"] and len(sheet) == 4  # 2 games, a bye
    totals = t.standings_csv().splitlines()
    assert totals[0] == "place,player,played,won,lost,game_points,spread,skunks,byes,withdrawn"
    ann = next(s for s in t.standings() if s.name == "Ann")
    assert sheet[-1][-2:] == [str(ann.game_points), f"{ann.spread:+d}"]
    del rng


def test_bracket_byes_go_to_the_top_seeds() -> None:
    assert bracket(2) == [(1, 2)]
    assert bracket(4) == [(1, 4), (2, 3)]
    assert bracket(6) == [(1, None), (4, 5), (2, None), (3, 6)]
    assert bracket(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_a_club_night_with_a_late_entry_and_a_withdrawal_still_meets_nobody_twice() -> None:
    t = Tournament.new("cribbage", "club-night", names(7), games=6, seed=2, clock=clock)
    rng, log = random.Random(6), []
    play_round(t, rng, log)
    play_round(t, rng, log)
    t.withdraw("P03")
    t.late_entry("P08")
    t.late_entry("P09")
    for _ in range(4):
        play_round(t, rng, log)
    assert max(pair_counts(t).values()) == 1
    paired_later = {p for r in t.rounds[2:] for g in r for p in g.players}
    assert t.player("P03") not in paired_later and t.player("P09") in paired_later
    byes = Counter(t.name_of(g.players[0]) for r in t.rounds for g in r if g.bye)
    assert max(byes.values()) == 1
    assert table(t) == by_hand(names(9), log, byes)


def test_a_leagues_season_carries_the_nights_standings_over() -> None:
    from hoyle.clubs.tournament import Game, season_standings

    nights = []
    for results in ([("Ann", "Bob", 95), ("Cy", "Di", 85)],   # Ann 2 +26, Cy 3 +36
                    [("Bob", "Cy", 120), ("Di", "Ann", 60)]):  # Bob 2 +1, Di 3 +61
        t = Tournament.new("cribbage", "club-night", ["Ann", "Bob", "Cy", "Di"], games=1,
                           seed=0, clock=clock)
        t.rounds.append([])  # round 1 paired by hand, as the night's card had it
        for i, (w, l, lost) in enumerate(results, 1):
            t.rounds[0].append(Game(f"1.{i}", (t.player(w), t.player(l))))
            t.record_table_result(f"1.{i}", w, (121, lost), "card")
        nights.append(t)
    # Di 3 GP 1 win +61-36 = +25; Cy 3 GP 1 win +36-1 = +35; Ann 2 GP +26-61 = -35;
    # Bob 2 GP +1-26 = -25: Cy before Di on spread, Bob before Ann
    assert [(s.place, s.name, s.game_points, s.wins, s.spread, s.played)
            for s in season_standings(nights)] == [
        (1, "Cy", 3, 1, 35, 2), (2, "Di", 3, 1, 25, 2), (3, "Bob", 2, 1, -25, 2),
        (4, "Ann", 2, 1, -35, 2)]
    with pytest.raises(TournamentError, match="at least one night"):
        season_standings([])


def test_a_tie_across_the_cut_is_refused_naming_the_tied() -> None:
    # eight players, every game won 121-100 by the lower-numbered player: with the seating
    # of seed 14, P1 and P2 end equal on game points, wins and spread at place 2
    t = Tournament.new("cribbage", "qualifying", [f"P{i}" for i in range(8)], games=12,
                       seed=14, clock=clock)
    for _ in range(12):
        for g in t.pair_next_round():
            if not g.bye:
                t.record_table_result(g.key, t.name_of(min(g.players)), (121, 100), "card")
    with pytest.raises(TournamentError, match="tie across the cut at place 2: P1, P2"):
        t.start_playoffs(cut=2)
    assert len(t.start_playoffs(cut=3)) == 2  # the director moves the cut: a bracket of 4


def test_a_swiss_round_that_must_repeat_repeats_the_fewest_pairs() -> None:
    from hoyle.clubs.pairings import fewest_repeats, pair_round
    from hoyle.clubs import PairingError
    # five rounds of eight with no repeat: 20 pairs met; the 8 unmet pairs are (1,7),
    # (1,8), (2,3), (2,5), (3,6), (4,5), (4,6), (7,8): no round of them alone exists,
    # but (2,5), (1,8), (3,7)... one repeat (3,7) with three unmet pairs does
    met = Counter(frozenset(p) for p in [
        (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 4), (2, 6), (2, 7), (2, 8), (3, 4),
        (3, 5), (3, 7), (3, 8), (4, 7), (4, 8), (5, 6), (5, 7), (5, 8), (6, 7), (6, 8)])
    with pytest.raises(PairingError):
        pair_round([2, 1, 8, 7, 6, 5, 3, 4], met, 1)
    found = fewest_repeats([2, 1, 8, 7, 6, 5, 3, 4], met, 1)
    assert found is not None and sorted(p for p in found if met[frozenset(p)]) == [(7, 3)]
