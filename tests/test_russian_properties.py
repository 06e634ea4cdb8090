"""Property tests of the Russian-billiards referee over random games of three and four players.

Random shots (contacts, pots in random pockets, in-offs, pink declarations)
are ruled one after another, each by the player the previous ruling named;
after every shot the scores must stay consistent (SCORING), stars come only
at exactly 100 with a one-point shot (STARS), and the turn passes to the
next player in the sequence, never skipping one, while players join and
withdraw (PLAY).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from potshot.games.russian import equipment as eq
from potshot.record.io import load_partial
from potshot.referee.runner import referee_record

COLOURS = list(eq.COLOURS)
POCKETS = list(eq.POCKETS)
START = {
    "white": [1300.0, 1500.0],
    **{c: list(eq.HOME_SPOT[c]) for c in COLOURS},
}

tallies_st = st.one_of(
    st.builds(
        lambda a, b: {"above": a, "below": b, "stars": 0},
        st.one_of(st.just(99), st.integers(0, 99), st.sampled_from([98, 97, 91])),
        st.one_of(st.just(0), st.integers(0, 60)),
    ),
    st.builds(lambda b, s: {"above": 0, "below": b, "stars": s}, st.integers(-50, 120), st.integers(1, 4)),
)


def _shot_events(data: st.DataObject, in_hand: bool, first_of_turn: bool) -> dict[str, Any]:
    if data.draw(st.integers(0, 2)) == 0:
        # A one-point shot (the red potted off a single contact): the way to a Real Star.
        events: list[dict[str, Any]] = [
            {"type": "hit", "ball": "white", "other": "red"},
            {"type": "pot", "ball": "red", "pocket": data.draw(st.sampled_from(["top-left", "top-right"]))},
        ]
        return {"events": events, "before": {"place": [889.0, 600.0]} if in_hand else {}}
    contacts = data.draw(st.lists(st.sampled_from(COLOURS), max_size=4))
    events = [{"type": "hit", "ball": "white", "other": c} for c in contacts]
    if not contacts and data.draw(st.booleans()):
        events.append({"type": "cushion", "ball": "white", "cushion": "top"})
    for ball in sorted(set(contacts)):
        if data.draw(st.integers(0, 3)) == 0:
            events.append({"type": "pot", "ball": ball, "pocket": data.draw(st.sampled_from(POCKETS))})
    if contacts and data.draw(st.integers(0, 5)) == 0:
        events.append({"type": "pot", "ball": "white", "pocket": data.draw(st.sampled_from(POCKETS))})
    shot: dict[str, Any] = {"events": events, "before": {}}
    if in_hand:
        shot["before"]["place"] = [889.0, 600.0]
    if first_of_turn and data.draw(st.integers(0, 3)) == 0:
        shot["before"]["declare_pink"] = data.draw(
            st.sampled_from(["red", "blue", "yellow", "green", "pink"])
        )
    return shot


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([3, 4]), data=st.data())
def test_random_games_keep_scores_stars_and_rotation_consistent(n: int, data: st.DataObject) -> None:
    players = ["Ann", "Bob", "Cid", "Dan"][:n]
    tallies = {p: data.draw(tallies_st, label=f"tally {p}") for p in players}
    record: dict[str, Any] = {
        "format": "potshot-record/1",
        "game": "russian",
        "players": players,
        "frames": [{"starts": players[0], "position": START, "tallies": tallies, "shots": []}],
    }
    shots = record["frames"][0]["shots"]
    prev = {
        "posted": {p: t["above"] + t["below"] for p, t in tallies.items()},
        "tallies": tallies,
        "turn_points": 0,
        "next": players[0],
        "in_hand": False,
    }
    prev["sequence"] = list(players)
    first_of_turn = True
    for _ in range(data.draw(st.integers(1, 25), label="shots")):
        seq: list[str] = prev["sequence"]
        current: str = prev["next"]
        outs = [p for p in players if p not in seq]
        action = None
        if data.draw(st.integers(0, 7), label="action?") == 0:
            if outs:
                action, actor = "join", outs[0]
            elif len(seq) > 2:
                action, actor = "withdraw", data.draw(st.sampled_from(seq), label="withdrawing")
        if action is not None:
            shots.append({"player": actor, "before": {"action": action}})
        else:
            shot = _shot_events(data, prev["in_hand"], first_of_turn)
            shot["player"] = current
            shots.append(shot)
        rec, err = load_partial(record)
        assert err is None
        result = referee_record(rec)
        assert result.error is None, result.error
        r = result.record.frames[0].shots[-1].ruling
        assert r is not None

        # SCORING: posted = above + below; a player with stars keeps one tally.
        for p in players:
            t = r["tallies"][p]
            assert r["posted"][p] == t["above"] + t["below"] == r["score"][p]
            if t["stars"]:
                assert t["above"] == 0
            # Stars never go away, and only the shooter's can grow, by one at a Real Star.
            grew = t["stars"] - prev["tallies"][p]["stars"]
            assert grew == (1 if r["star"] == p else 0)

        if action == "join":
            # PLAY: the newcomer takes the vacant place at the end of the round.
            event("join")
            at = seq.index(current)
            assert r["sequence"] == [*seq[:at], actor, *seq[at:]]
            assert r["next"] == current and r["turn_points"] == prev["turn_points"]
        elif action == "withdraw":
            # PLAY: the player leaves; if it was his turn, it ends and its points are posted.
            event("withdraw")
            assert r["sequence"] == [p for p in seq if p != actor]
            if actor == current:
                assert r["next"] == seq[(seq.index(actor) + 1) % len(seq)]
                assert r["posted"][actor] == prev["posted"][actor] + prev["turn_points"]
                assert r["turn_points"] == 0
                first_of_turn = True
            else:
                assert r["next"] == current and r["posted"] == prev["posted"]
        else:
            shooter = current
            # STARS: only at exactly 100 reached by a single-point shot, never with a scratch.
            event("scratch" if r["scratch"] else "no scratch")
            if r["star"] is not None:
                event("star")
                assert r["star"] == shooter and not r["scratch"] and r["points"] == 1
                assert prev["posted"][shooter] + prev["turn_points"] + 1 == 100
                assert r["next"] == shooter and r["turn_points"] == 0

            # PLAY: the turn goes on only after a scoring shot without a scratch ...
            if r["next"] == shooter:
                assert not r["scratch"] and r["points"] > 0
                if r["star"] is None:
                    assert r["turn_points"] == prev["turn_points"] + r["points"]
                    assert r["posted"] == prev["posted"]
                    # SCRATCH: a scoring shot never leaves the player beyond 100.
                    assert prev["posted"][shooter] + r["turn_points"] < 100
            else:
                # ... and then passes to the next player in the sequence, skipping nobody.
                assert r["next"] == seq[(seq.index(shooter) + 1) % len(seq)]
                assert r["sequence"] == seq
                assert r["turn_points"] == 0
                if r["scratch"]:
                    # SCORING: the turn's points vaporize; the penalty comes off the shooter.
                    assert r["points"] == 0
                    assert r["posted"][shooter] == prev["posted"][shooter] - r["penalty"]
                    assert sum(r["awarded"].values()) in (0, r["penalty"])
                else:
                    # SCORING: the turn's points are posted (above the line without stars).
                    assert r["points"] == 0
                    assert r["posted"][shooter] == prev["posted"][shooter] + prev["turn_points"]
                    assert r["posted"] == {**prev["posted"], shooter: r["posted"][shooter]}
            first_of_turn = r["next"] != shooter
        assert r["next"] in r["sequence"]
        prev = r
