"""The referee's "what now" protocol (``potshot.referee.protocol``), game by game.

Each test plays shots through a referee (as a marker or a bot would) and asks it what comes next:
who strikes, what is asked first, who breaks the next frame, whether the match is over. The
clauses are those each referee cites: snooker Section 3 Rules 3(b), 10, 14; carrom Laws 22, 51,
98; the Russian PLAY, BALLS and DECLARATION paragraphs.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from potshot.games import get
from potshot.games.carrom.referee import CarromReferee
from potshot.games.russian.referee import RussianReferee
from potshot.games.snooker.referee import SnookerReferee
from potshot.record.io import shot_from_raw
from potshot.record.model import Frame, Record
from potshot.referee.base import Referee
from potshot.referee.protocol import Ask, NextShot
from potshot.referee.runner import rule_shot


def start(ref: Referee, **header: Any) -> None:
    """Open the next frame: the header the referee gives (``next_frame``), with ``header`` added."""
    nf = ref.next_frame()
    assert nf is not None, "the referee says no frame comes next"
    frame = msgspec.convert({**nf.header, **header}, Frame)
    ref.record.frames.append(frame)
    ref.start_frame(len(ref.record.frames) - 1, frame)


def play(ref: Referee, player: str, *events: dict[str, Any], **before: Any) -> Any:
    raw: dict[str, Any] = {"player": player, "events": list(events)}
    if before:
        raw["before"] = before
    shot = shot_from_raw(raw)
    fi = len(ref.record.frames) - 1
    frame = ref.record.frames[fi]
    ruling = rule_shot(ref, shot, fi, len(frame.shots))
    frame.shots.append(shot)
    return ruling


def hit(ball: str, other: str) -> dict[str, Any]:
    return {"type": "hit", "ball": ball, "other": other}


def pot(ball: str, pocket: str = "top-left") -> dict[str, Any]:
    return {"type": "pot", "ball": ball, "pocket": pocket}


def kinds(ns: NextShot | None) -> list[str]:
    assert ns is not None
    return [a.kind for a in ns.asks]


# --------------------------------------------------------------------- snooker


def snooker(match: dict[str, Any] | None = None, players: list[str] | None = None) -> SnookerReferee:
    rec = Record(game="snooker", players=players or ["Ann", "Bob"], match=match)  # type: ignore[arg-type]
    return SnookerReferee(rec)


D = (950.0, 700.0)


def test_snooker_first_frame_and_white_in_hand() -> None:
    """Rule 3(c): the first frame's break-off from hand in the D, by the first player."""
    ref = snooker()
    assert ref.next_shot() is None and ref.turn() == "Ann"
    start(ref)
    ns = ref.next_shot()
    assert ns is not None and (ns.player, ns.cue, ns.in_hand, ns.area) == ("Ann", "white", True, "D")
    assert [a.to_json() for a in ns.asks] == [
        {"kind": "place", "player": "Ann", "field": "before.place", "area": "D"}
    ]
    assert ref.score_fields()["points_remaining"] == 147


def test_snooker_after_a_foul_the_incoming_player_decides_then_the_offender_strikes() -> None:
    """Section 3 Rule 14(a), 10(f): after Ann's foul Bob decides; after put_back Ann strikes again."""
    ref = snooker()
    start(ref)
    r = play(ref, "Ann", hit("white", "pink"), place=list(D))
    assert r.foul and r.next == "Bob"
    ns = ref.next_shot()
    assert ns is not None and ns.player == "Bob"
    decision = ns.decision
    assert decision is not None and decision.player == "Bob" and decision.field == "before.decision"
    assert decision.options is not None and {"play", "put_back"} <= set(decision.options)
    assert kinds(ns) == ["decision"], "nothing else is asked before the decision"
    assert ref.turn() == "Bob"
    # put back: the offender plays (Rule 10(f)), with no free ball
    back = ref.next_shot({"decision": "put_back"})
    assert back is not None and back.player == "Ann" and "free_ball" not in kinds(back)
    assert ref.turn({"decision": "put_back"}) == "Ann"
    assert ref.next_shot({"decision": "play"}).player == "Bob"  # type: ignore[union-attr]
    r2 = play(ref, "Ann", hit("white", "red1"), decision="put_back")
    assert not r2.foul and r2.next == "Bob"
    assert ref.next_shot() is not None and ref.next_shot().player == "Bob"  # type: ignore[union-attr]


def test_snooker_replace_puts_the_balls_back_and_the_offender_plays_from_where_he_was() -> None:
    """Section 3 Rule 14(a)(ii), 14(d)(ii): after a foul and a miss the balls may be replaced; the
    offender strikes, the white back in hand when it was in hand before the foul."""
    ref = snooker()
    start(ref)
    play(ref, "Ann", hit("white", "pink"), place=list(D))
    ns = ref.next_shot()
    assert ns is not None and ns.decision is not None
    assert ns.decision.options is not None and "replace" in ns.decision.options, "a miss from the break-off"
    rep = ref.next_shot({"decision": "replace"})
    assert rep is not None and rep.player == "Ann" and rep.in_hand and rep.area == "D"
    assert kinds(rep)[-1] == "place"
    assert ref.layout("replace")["white"] is None
    # playing on: the white where the foul left it (not in hand)
    on = ref.next_shot({"decision": "play"})
    assert on is not None and on.player == "Bob" and not on.in_hand


def test_snooker_from_hand_the_incoming_player_strikes_from_the_d() -> None:
    """The 2004 third miss's ``from_hand`` (docs/record-extensions.md): the incoming player strikes,
    the white in hand in the D, the other balls where the foul left them."""
    from tests.test_snooker_decisions import POS, _fouled

    ref = _fouled(POS)
    ref.state.pending.options.append("from_hand")  # type: ignore[union-attr]  # as a rule offering it does
    ns = ref.next_shot()
    assert ns is not None and ns.decision is not None and "from_hand" in (ns.decision.options or ())
    hand = ref.next_shot({"decision": "from_hand"})
    assert hand is not None and hand.player == "Bob" and hand.in_hand and hand.area == "D"
    assert kinds(hand)[-1] == "place"
    layout = ref.layout("from_hand")
    assert layout["white"] is None and layout["red1"] == ref.layout()["red1"]


def test_snooker_nomination_after_a_red() -> None:
    """Rules 3(e)-(f): after a red is potted a colour is on, to be nominated (the colours on the table)."""
    ref = snooker()
    start(ref)
    play(ref, "Ann", hit("white", "red1"), pot("red1"), place=list(D))
    ns = ref.next_shot()
    assert ns is not None and ns.player == "Ann" and not ns.in_hand
    nominate = ns.ask("nominate")
    assert nominate is not None and nominate.options == ("yellow", "green", "brown", "blue", "pink", "black")
    assert ref.score_fields()["break"] == 1 and ref.score_fields()["on"] == ["colour"]


def test_snooker_break_off_alternates_and_the_match_ends_when_decided() -> None:
    """Rule 3(b): the break-off alternates frame by frame; Rule 1(g): best of three ends at two frames."""
    ref = snooker(match={"best_of": 3})
    for k, (starts, loser) in enumerate([("Ann", "Ann"), ("Bob", "Bob")]):
        assert ref.next_frame() is not None and ref.next_frame().starts == starts  # type: ignore[union-attr]
        start(ref)
        assert ref.next_frame() is None
        play(ref, loser, concede=True)
        res = ref.match_result()
        assert not res.over and ref.next_shot() is None
        assert res.detail["frames_won"] == ({"Ann": 0, "Bob": 1} if k == 0 else {"Ann": 1, "Bob": 1})
    assert ref.turn() == "Ann"
    start(ref)
    play(ref, "Ann", concede=True)
    res = ref.match_result()
    assert res.over and res.winner == "Bob"
    assert ref.next_frame() is None and ref.next_shot() is None and ref.turn() is None


def test_snooker_without_a_match_one_frame() -> None:
    """A record without ``match`` is one frame: over with that frame, its winner the match's."""
    ref = snooker()
    start(ref)
    play(ref, "Ann", concede=True)
    res = ref.match_result()
    assert res.over and res.winner == "Bob"


# ---------------------------------------------------------------------- carrom


def carrom(players: list[Any], match: dict[str, Any]) -> CarromReferee:
    rec = Record(game="carrom", players=players, match=match)
    return CarromReferee(rec)


def endgame(queen: str) -> dict[str, Any]:
    """A board near its end: one white and one black piece left, the queen covered."""
    return {"position": {"white1": [300.0, 300.0], "black1": [400.0, 400.0]}, "queen": queen, "broken": True}


def win_board(ref: CarromReferee, winner: str) -> None:
    """``winner`` pockets his side's last piece (the others pass to him: Law 98)."""
    while True:
        ns = ref.next_shot()
        assert ns is not None
        if ns.player == winner:
            colour = ref.score_fields()["colours"][winner]
            play(ref, winner, pot(f"{colour}1"))
            return
        play(ref, ns.player, action="pass")


def void_board(ref: CarromReferee) -> None:
    """Law 98: three passes in a row by each player void the board."""
    for _ in range(3 * len(ref.order)):
        ns = ref.next_shot()
        assert ns is not None
        play(ref, ns.player, action="pass")


def test_carrom_break_rotation_over_boards_games_and_a_void_board() -> None:
    """Law 22(a): the break alternates board by board; a void board (Law 98) is replayed by the same
    breaker; a new game is broken first by who did not break the last game first."""
    ref = carrom(["P1", "P2"], {"games": 3, "points": 2})
    breakers = []
    plan = [
        ("win", "P1"),
        ("void", None),
        ("win", "P1"),
        ("win", "P2"),
        ("win", "P2"),
        ("win", "P2"),
        ("win", "P2"),
    ]
    for what, winner in plan:
        nf = ref.next_frame()
        assert nf is not None
        breakers.append(nf.starts)
        start(ref, **endgame(queen="P2" if winner == "P1" else "P1"))  # the queen: the loser's
        ns = ref.next_shot()
        assert ns is not None and ns.player == nf.starts and ns.cue == "striker" and ns.area == "base_line"
        if what == "void":
            void_board(ref)
        else:
            assert winner is not None
            win_board(ref, winner)
    # game 1 (to 2 points): P1 breaks board 1 (won by P1), P2 board 2 (void), P2 again (P1 wins
    # game 1); game 2 broken first by P2 (22(a)(ii)), then P1 (P2 wins game 2); game 3 broken first
    # by P1, who broke game 1 first (22(a)(iii)), then P2 (P2 wins the match, Law 30)
    assert breakers == ["P1", "P2", "P2", "P2", "P1", "P1", "P2"]
    res = ref.match_result()
    assert res.over and res.winner == "P2" and res.detail["games"] == {"P1": 1, "P2": 2}
    assert ref.next_frame() is None and ref.next_shot() is None


def test_carrom_doubles_break_goes_round_the_table() -> None:
    """Law 22(b): in doubles the break passes to the previous breaker's right (A1, B1, A2, B2),
    board after board and game after game; a void board is replayed by the same breaker."""
    ref = carrom([["A1", "A2"], ["B1", "B2"]], {"games": 5, "points": 1})
    breakers = []
    for what in ("win", "void", "win", "win", "win"):
        nf = ref.next_frame()
        assert nf is not None
        breakers.append(nf.starts)
        start(ref, **endgame(queen=nf.starts))
        if what == "void":
            void_board(ref)
        else:
            win_board(ref, nf.starts)
    assert breakers == ["A1", "B1", "B1", "A2", "B2"]
    assert ref.match_result().detail["games"] == {"A1": 2, "A2": 2, "B1": 2, "B2": 2}


def test_carrom_dues_are_placed_by_the_owners_opponent() -> None:
    """Laws 45, 51: a piece returned after a foul is placed by the owner's opponent, or waived (60)."""
    ref = carrom(["P1", "P2"], {"games": 3})
    start(ref)
    # P1 breaks and pockets the striker with a white: the white comes back, a penalty piece is due
    play(ref, "P1", pot("white1"), pot("striker"))
    ns = ref.next_shot()
    assert ns is not None and ns.player == "P1"  # Law 17: pocketing his own piece, the breaker plays on
    dues = [a for a in ns.asks if a.kind == "penalty_place"]
    assert dues, kinds(ns)
    ask = dues[0]
    assert ask.player == "P2" and ask.detail["owner"] == "P1" and ask.detail["waivable"] is True
    assert ask.detail["count"] >= 1 and "white1" in ask.detail["pieces"]
    assert len(ask.detail["suggested"]) <= ask.detail["count"]  # fewer when the circle has no room (52(a))
    json = ask.to_json()
    assert (
        json["kind"] == "penalty_place" and json["field"] == "before.penalty_place" and "options" not in json
    )


# --------------------------------------------------------------------- Russian


def russian(players: list[str] | None = None) -> RussianReferee:
    return RussianReferee(Record(game="russian", players=players or ["Ann", "Bob"]))


def test_russian_start_of_turn_asks() -> None:
    """PLAY: the white placed in the kitchen; DECLARATION: the pink may be declared at the start of
    a turn, and the pink struck only together with declaring it white."""
    ref = russian()
    start(ref)
    ns = ref.next_shot()
    assert ns is not None and ns.player == "Ann" and ns.in_hand and ns.area == "kitchen"
    assert kinds(ns) == ["place", "declare_pink", "cue_ball"]
    declare = ns.ask("declare_pink")
    assert declare is not None and declare.optional and declare.options is not None
    assert "white" in declare.options and "pink" in declare.options
    cue = ns.ask("cue_ball")
    assert cue is not None and cue.detail == {"requires": {"declare_pink": "white"}}
    assert cue.to_json()["requires"] == {"declare_pink": "white"}
    assert ns.cue == "white"
    assert ref.next_shot({"declare_pink": "white", "cue_ball": "pink"}).cue == "pink"  # type: ignore[union-attr]
    assert ref.next_shot({"cue_ball": "pink"}).cue == "white"  # type: ignore[union-attr]


def test_russian_pink_declared_white_keeps_the_choice_for_the_turn() -> None:
    """DECLARATION: with the pink declared white the player may strike either ball for the rest of
    the turn; no declaration is asked once the turn is under way."""
    ref = russian()
    start(ref)
    play(ref, "Ann", hit("white", "red"), pot("red"), place=[889.0, 650.0], declare_pink="white")
    ns = ref.next_shot()
    assert ns is not None and ns.player == "Ann" and not ns.in_hand
    assert kinds(ns) == ["cue_ball"]
    cue = ns.ask("cue_ball")
    assert cue is not None and cue.optional and cue.detail == {}
    assert ref.next_shot({"cue_ball": "pink"}).cue == "pink"  # type: ignore[union-attr]


def test_russian_blocked_spot_is_asked_of_the_player_the_rules_name() -> None:
    """PLAY/BALLS: a ball whose spot is blocked waits; the spot is chosen by the other player (two
    players) or, with four, the player preceding (``rules.spot_chooser``)."""
    rec = Record(game="russian", players=["Ann", "Bob", "Cid", "Dan"])
    ref = RussianReferee(rec)
    start(ref)
    raw = {
        "player": "Ann",
        "before": {"place": [889.0, 650.0]},
        "events": [hit("white", "red"), pot("red")],
        "after": {"white": [889.0, 3245.0]},  # the white rests on the red's spot
    }
    shot = shot_from_raw(raw)
    rule_shot(ref, shot, 0, 0)
    ref.record.frames[0].shots.append(shot)
    ns = ref.next_shot()
    assert ns is not None and ns.player == "Ann"
    spot = ns.ask("spot")
    assert spot is not None and spot.player == "Dan" and spot.detail == {"ball": "red"}
    assert spot.to_json() == {"kind": "spot", "player": "Dan", "field": "before.spot", "ball": "red"}


def test_russian_game_ends_the_match_and_the_next_game_passes_round() -> None:
    """A game is discontinued (STARS); the match is ``meta.games`` games, game k opened by player k."""
    rec = Record(game="russian", players=["Ann", "Bob", "Cid"], meta={"games": 2})
    ref = RussianReferee(rec)
    assert ref.next_frame().starts == "Ann"  # type: ignore[union-attr]
    start(ref)
    play(ref, "Ann", action="discontinue")
    assert ref.next_shot() is None and not ref.match_result().over
    assert ref.next_frame().starts == "Bob"  # type: ignore[union-attr]
    start(ref)
    play(ref, "Bob", action="discontinue")
    assert ref.match_result().over and ref.next_frame() is None and ref.turn() is None


# ------------------------------------------------------------------- every game


@pytest.mark.parametrize("game", ["snooker", "carrom", "russian"])
def test_every_game_answers_the_protocol_from_the_start(game: str) -> None:
    """Each registered referee answers every protocol question, before and after the first frame."""
    g = get(game)
    players = list(g.default_players[: g.players_range[0]])
    ref = g.referee_class()(Record(game=game, players=players))  # type: ignore[arg-type]
    assert ref.next_shot() is None and not ref.match_result().over
    assert ref.turn() == players[0]
    fields = ref.score_fields()
    assert set(fields["score"]) == set(players) and fields["break"] == 0
    if "colours" in fields:  # carrom Law 16: the first board's breaker has the whites
        assert fields["colours"] == {players[0]: "white", players[1]: "black"}
    start(ref)
    ns = ref.next_shot()
    assert ns is not None and ns.player == players[0] and ns.cue == g.cue_piece
    assert all(isinstance(a, Ask) and a.field.startswith("before.") for a in ns.asks)
    layout = ref.layout()
    assert layout and all(p is None or len(p) == 2 for p in layout.values())
