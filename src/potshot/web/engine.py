"""A match in play: its record rebuilt from the database entries, ruled by the game's referee.

The web app never rules anything itself: every shot, simulated or marked, goes through
:func:`potshot.referee.runner.rule_shot` exactly as a record's shot would, and a shot the
referee refuses leaves the match as it was. This module turns the referee's state into the
``State`` of ``docs/web-api.md`` (whose turn, what is asked, scores, statistics), turns a
marker's tap into the record's shot vocabulary, and plays strokes and the bots' moves.
"""

from __future__ import annotations

import copy
import math
import zlib
from dataclasses import dataclass, field
from typing import Any

import msgspec

from potshot.record.errors import RecordError
from potshot.record.io import shot_from_raw
from potshot.record.model import Before, Cue, Foul, Frame, Hit, Pot, Record, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.registry import referee_class
from potshot.referee.runner import rule_shot

GAMES = ("snooker", "carrom", "russian")
PLAYER_COUNTS = {"snooker": (2, 2), "carrom": (2, 2), "russian": (2, 6)}
"""How many players (singles) each game takes in the web app: Russian billiards plays 2 to 6
in rotation (docs/russian-record.md)."""

DOUBLES = ("carrom",)
"""Games that also take doubles: two teams of two, ``players: [[A1, A2], [B1, B2]]``, each team in
playing order (carrom Laws 2, 22(b); docs/carrom-record.md)."""


def doubles_teams(game: str, players: Any) -> list[list[str]] | None:
    """``players`` as two teams of two when it is a doubles list (else None, names as given).

    A list holding lists is doubles: refused (400, ``players``) unless the game plays doubles
    and it is exactly two teams of two names."""
    if not isinstance(players, list) or not any(isinstance(p, list) for p in players):
        return None
    if game not in DOUBLES:
        raise bad(f"{game} has no doubles here: players is a list of names", "players")
    if len(players) != 2 or not all(
        isinstance(t, list) and len(t) == 2 and all(isinstance(p, str) for p in t) for t in players
    ):
        raise bad(
            "carrom doubles is two teams of two, each in playing order: [[A1, A2], [B1, B2]]", "players"
        )
    return [list(t) for t in players]


def side_names(players: Any) -> list[str]:
    """The sides' names for a title: the players, or in doubles ``A1 & A2`` for each team."""
    return [" & ".join(p) if isinstance(p, list) else str(p) for p in players]


SNOOKER_COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")


class WebError(Exception):
    """An error answered as ``{"error": {"code", "message", "field"}}`` with ``status``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        field: str | None = None,
        *,
        frame: int | None = None,
        shot: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.frame = frame
        """The record's frame (from 0) where a refused record went wrong, when known."""
        self.shot = shot
        """The shot (from 0) of that frame, when known."""

    def located(self, lead: str = "", *, status: int | None = None, code: str | None = None) -> WebError:
        """This error (or with ``status`` and ``code``) with ``lead`` and where the record went
        wrong, ``frame F, shot K`` (the parts that are known, as :meth:`RecordError.where` says
        it), before its message: ``"lead, frame F, shot K: message"``."""
        where = [f"{k} {v}" for k, v in (("frame", self.frame), ("shot", self.shot)) if v is not None]
        prefix = ", ".join([lead, *where] if lead else where)
        return WebError(
            self.status if status is None else status,
            self.code if code is None else code,
            f"{prefix}: {self.message}" if prefix else self.message,
            self.field,
            frame=self.frame,
            shot=self.shot,
        )

    def body(self) -> dict[str, Any]:
        err: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            err["field"] = self.field
        if self.frame is not None:
            err["frame"] = self.frame
        if self.shot is not None:
            err["shot"] = self.shot
        return {"error": err}


def refused(e: RecordError) -> WebError:
    """The referee's refusal as a 422 naming the record field (and the frame and shot, when known)."""
    return WebError(
        422,
        "refused",
        e.message if hasattr(e, "message") else str(e),
        getattr(e, "field", None),
        frame=getattr(e, "frame", None),
        shot=getattr(e, "shot", None),
    )


def bad(message: str, field: str | None = None) -> WebError:
    return WebError(400, "bad_request", message, field)


def _convert(obj: Any, typ: type[Any], where: str) -> Any:
    """``obj`` as a ``typ``; a shot's ruling is read leniently (it is ruled again anyway)."""
    try:
        if typ is Shot:
            return shot_from_raw(obj)
        return msgspec.convert(obj, typ)
    except msgspec.ValidationError as e:
        raise bad(f"{where}: {e}", where) from None


@dataclass
class Entry:
    """One active entry of a match: ``frame`` header, ``shot`` or ``declare``."""

    kind: str
    body: dict[str, Any]


@dataclass
class Runtime:
    """The record of a match at one revision, with the referee that ruled it."""

    record: Record
    referee: Referee
    rulings: list[list[Ruling]] = field(default_factory=list)
    declared: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        game: str,
        players: list[Any],
        rules: dict[str, Any] | None,
        match: dict[str, Any] | None,
        meta: dict[str, Any] | None,
        entries: list[Entry],
    ) -> Runtime:
        record = Record(game=game, players=players, rules=rules, match=match, meta=meta)  # type: ignore[arg-type]
        rt = cls(record=record, referee=referee_class(game)(record))
        for e in entries:
            rt.apply(e)
        return rt

    # ------------------------------------------------------------ applying

    def apply(self, e: Entry) -> Ruling | None:
        if e.kind == "frame":
            self.start_frame(e.body)
            return None
        if e.kind == "declare":
            self.declared.update(e.body)
            return None
        return self.add_shot(_convert(e.body, Shot, "shot"), replay=True)

    def start_frame(self, header: dict[str, Any]) -> None:
        frame = _convert(header, Frame, "frame")
        fi = len(self.record.frames)
        self.record.frames.append(frame)
        self.rulings.append([])
        try:
            self.referee.start_frame(fi, frame)
        except RecordError as e:
            self.record.frames.pop()
            self.rulings.pop()
            raise refused(e.located(frame=fi)) from None

    def add_shot(self, shot: Shot, *, replay: bool = False) -> Ruling:
        """Rule ``shot`` and append it. ``replay`` (rebuilding from stored entries, where a refusal
        discards the whole runtime) skips the referee's snapshot that :func:`rule_shot` takes to
        restore a refused shot: the deep copy is most of the cost of replaying a long match."""
        frame = self.record.frames[-1]
        fi, si = len(self.record.frames) - 1, len(frame.shots)
        try:
            if replay:
                self.referee.check_shot(shot)
                ruling = self.referee.rule(shot)
                shot.ruling = ruling.to_record()
            else:
                ruling = rule_shot(self.referee, shot, fi, si)
        except RecordError as e:
            raise refused(e.located(frame=fi, shot=si) if replay else e) from None
        frame.shots.append(shot)
        self.rulings[-1].append(ruling)
        self.declared = {}
        if ruling.frame_over:
            frame.result = self.referee.frame_result()
        return ruling

    # ------------------------------------------------------------- queries

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def last(self) -> Ruling | None:
        for rs in reversed(self.rulings):
            if rs:
                return rs[-1]
        return None

    def frame_over(self) -> bool:
        return not self.record.frames or bool(self.rulings[-1] and self.rulings[-1][-1].frame_over)

    def match_over(self) -> bool:
        last = self.last
        if last is None or not last.frame_over:
            return False
        if self.game == "russian":
            return True
        if self.game == "carrom":
            return bool(getattr(last, "match_over", False))
        if self.record.match is None:
            return True
        return bool(getattr(last, "match_over", False))

    def winner(self) -> str | None:
        last = self.last
        if last is None or not self.match_over():
            return None
        w = getattr(last, "match_winner", None) or last.winner
        return str(w) if w is not None else None

    def next_frame_header(self) -> dict[str, Any]:
        """The next frame's header: snooker's break-off alternates (Section 3 Rule 3(b)); carrom's
        break alternates board by board, a new game broken by who did not break the last one first,
        a void board replayed by the same breaker (Law 22(a), Law 98); Russian billiards is one game."""
        names = self.record.player_names()
        n = len(self.record.frames)
        if self.game == "snooker":
            return {"starts": names[n % len(names)]}
        if self.game == "carrom" and self.record.is_doubles:
            # Law 22(b): in doubles the break goes round the table, to the previous breaker's
            # right, board after board (a new game too: doubles has no 22(a)(ii)); a void board is
            # replayed by the same breaker (Law 98)
            ref: Any = self.referee
            breaker = ref.order[0]
            for rs in self.rulings:
                last = rs[-1] if rs else None
                if last is not None and not getattr(last, "void", False):
                    breaker = ref.next_player(breaker)
            return {"starts": breaker}
        if self.game == "carrom":
            if n == 0:
                return {"starts": names[0]}
            game_breaker = breaker = names[0]
            other = {names[0]: names[1], names[1]: names[0]}
            for rs in self.rulings:
                last = rs[-1] if rs else None
                if last is None or getattr(last, "void", False):
                    continue
                if getattr(last, "game_over", False):
                    game_breaker = breaker = other[game_breaker]
                else:
                    breaker = other[breaker]
            return {"starts": breaker}
        return {"starts": names[0]}

    def position(self, decision: str | None = None) -> dict[str, Any]:
        st = self.referee.state
        if st is None:
            return {}
        if self.game == "snooker":
            if decision is not None and st.pending is not None:
                from potshot.games.snooker.bot import situation

                return _layout(situation(self.referee, decision).layout)  # type: ignore[arg-type]
            return _layout(st.table.layout)
        if self.game == "carrom":
            return _layout(st.pos)
        return _layout(st.positions)

    def turn(self) -> str | None:
        if self.match_over():
            return None
        if self.frame_over():
            return str(self.next_frame_header()["starts"])
        st = self.referee.state
        if self.game == "snooker":
            if st.pending is not None:
                d = self.declared.get("decision")
                if d in ("put_back", "replace"):
                    return str(st.pending.offender)
                return str(st.pending.incoming)
            last = self.last
            if last is not None and last.next and self.rulings[-1]:
                return str(last.next)
            return str(st.striker)
        return str(st.current)

    def asks(self) -> list[dict[str, Any]]:
        """What the referee asks before the next stroke (docs/web-api.md, ``<Ask>``)."""
        out: list[dict[str, Any]] = []
        if self.match_over() or self.frame_over():
            return out
        st = self.referee.state
        turn = self.turn()
        if self.game == "snooker":
            decision = self.declared.get("decision")
            if st.pending is not None and decision is None:
                out.append(
                    {
                        "kind": "decision",
                        "player": st.pending.incoming,
                        "field": "before.decision",
                        "options": list(st.pending.options),
                    }
                )
                return out
            table = st.table
            if st.pending is not None and decision == "play" and st.pending.free_ball:
                on_table = [n for n, p in table.layout.items() if p is not None and n != "white"]
                out.append(
                    {"kind": "free_ball", "player": turn, "field": "before.free_ball", "options": on_table}
                )
            if table.on == "colour":
                colours = [c for c in SNOOKER_COLOURS if table.layout.get(c) is not None]
                out.append(
                    {"kind": "nominate", "player": turn, "field": "before.nominate", "options": colours}
                )
            in_hand = table.in_hand
            if decision == "replace" and st.pending is not None:
                # Section 3 Rule 14(d)(ii): the balls go back where they were before the foul; a cue
                # ball that was in hand then is in hand again, placed in the D by the offender
                in_hand = self.position("replace").get("white") is None
            if in_hand:
                out.append({"kind": "place", "player": turn, "field": "before.place", "area": "D"})
        elif self.game == "carrom":
            # pieces to place after a foul (Laws 45-62): placed by the owner's opponent, or waived (Law 60)
            last = self.last
            to_place = (
                dict(getattr(last, "to_place", {}) or {}) if last is not None and self.rulings[-1] else {}
            )
            names = self.record.player_names()
            layout = self.position()
            for owner, count in to_place.items():
                if not count or owner not in names:
                    continue
                side = self.referee.side_of(owner)  # type: ignore[attr-defined]
                colour = "white" if side == st.white_side else "black"
                down = sorted(
                    (
                        n
                        for n in self.referee.piece_names()
                        if n.rstrip("0123456789") == colour and layout.get(n) is None
                    ),
                    key=lambda n: int(n[len(colour) :]),
                )
                # Law 51: the owner's opponent places; in doubles (51(b)) the creditor side's next
                # player in the order of play from the player in turn
                ref: Any = self.referee
                order = list(ref.order)
                start = order.index(turn) if turn in order else 0
                from_turn = order[start:] + order[:start]
                placer = next((n for n in from_turn if ref.side_of(n) != side), turn)
                out.append(
                    {
                        "kind": "penalty_place",
                        "player": placer,
                        "owner": owner,
                        "field": "before.penalty_place",
                        "count": int(count),
                        "pieces": down,
                        "waivable": True,
                        "suggested": _carrom_places(down[: int(count)], layout),
                    }
                )
        else:
            if st.pending:
                last = self.last
                chooser = getattr(last, "spot_by", None) or turn
                for ball in st.pending:
                    out.append({"kind": "spot", "player": chooser, "field": "before.spot", "ball": ball})
            last = self.last
            if last is None or getattr(last, "in_hand", False):
                out.append({"kind": "place", "player": turn, "field": "before.place", "area": "kitchen"})
            if st.turn_shots == 0:
                # at the start of a turn only, optional (docs/russian-record.md, ``declare_pink``)
                from potshot.games.russian.equipment import DECLARABLE

                out.append(
                    {
                        "kind": "declare_pink",
                        "player": turn,
                        "field": "before.declare_pink",
                        "options": list(DECLARABLE),
                        "optional": True,
                    }
                )
            if self.position().get("pink") is not None and (st.turn_shots == 0 or st.pink == "white"):
                # DECLARATION: with the pink declared white the player may strike either ball, for
                # the rest of the turn; at the start of a turn only with that declaration
                ask: dict[str, Any] = {
                    "kind": "cue_ball",
                    "player": turn,
                    "field": "before.cue_ball",
                    "options": ["white", "pink"],
                    "optional": True,
                }
                if st.turn_shots == 0:
                    ask["requires"] = {"declare_pink": "white"}
                out.append(ask)
        return out

    def state_fields(self) -> dict[str, Any]:
        """The game-specific part of the State (score, break, points remaining...)."""
        last = self.last
        names = self.record.player_names()
        in_frame = bool(self.rulings and self.rulings[-1])
        out: dict[str, Any] = {
            "score": dict(last.score) if last is not None and in_frame else {n: 0 for n in names},
            "break": last.break_ if last is not None and in_frame else 0,
        }
        if self.game == "snooker":
            st = self.referee.state
            out["on"] = [st.table.on] if st is not None and not self.frame_over() else []
            out["in_hand"] = bool(st is not None and st.table.in_hand)
            if last is not None and in_frame:
                out["points_remaining"] = getattr(last, "points_remaining", 0)
                out["snookers_required"] = getattr(last, "snookers_required", 0)
            else:
                out["points_remaining"] = _snooker_remaining(self.record.rules)
                out["snookers_required"] = 0
            out["frames_won"] = dict(getattr(last, "frames_won", {}) or {n: 0 for n in names})
            out["warning"] = bool(getattr(last, "warning", False)) if in_frame else False
        elif self.game == "carrom":
            if last is not None:
                out["game_score"] = dict(getattr(last, "game_score", {}))
                out["board_points"] = dict(getattr(last, "board_points", {}))
                out["queen"] = getattr(last, "queen", "on_board")
                out["owed"] = dict(getattr(last, "owed", {}))
                out["frames_won"] = dict(getattr(last, "games", {}))
                out["board"] = getattr(last, "board", 1)
            else:
                out.update(game_score={n: 0 for n in names}, board_points={}, queen="on_board", owed={})
                out["frames_won"] = {n: 0 for n in names}
            out["score"] = out["game_score"]
            out["seats"] = self.carrom_seats()
            st = self.referee.state
            if st is not None:  # who plays which colour (Laws 14-16: the breaker's side has the whites)
                ref: Any = self.referee
                if self.frame_over() and not self.match_over():  # the next board's, not the last one's
                    whites = ref.side_of(self.next_frame_header()["starts"])
                    out["colours"] = {n: "white" if ref.side_of(n) == whites else "black" for n in names}
                else:
                    out["colours"] = {n: ref.colour(ref.side_of(n)) for n in names}
        else:
            if last is not None:
                out["tallies"] = dict(getattr(last, "tallies", {}))
                out["score"] = dict(getattr(last, "posted", last.score))
                out["in_hand"] = bool(getattr(last, "in_hand", False))
            else:
                out["tallies"] = {}
                out["in_hand"] = True
        return out

    def _next_frame_probe(self) -> Runtime | None:
        """A copy of this runtime with the next frame/board started (the match going on), or None.

        Between frames the referee's table is the finished frame's; the next stroke starts the
        next one (its layout, cue ball in hand, carrom seats after Laws 31-33), and the play
        page has to show that table before the stroke is made."""
        if not (self.frame_over() and not self.match_over() and self.record.frames):
            return None
        record, ref = copy.deepcopy((self.record, self.referee))
        probe = Runtime(record=record, referee=ref, rulings=list(self.rulings))
        probe.start_frame(self.next_frame_header())
        return probe

    def next_frame(self) -> dict[str, Any] | None:
        """Between frames: the next frame's ``starts``, ``position`` and ``asks`` (and carrom
        ``seats``), as the State's ``next_frame``; None while a frame is in play or when the
        match is over."""
        probe = self._next_frame_probe()
        if probe is None:
            return None
        out: dict[str, Any] = {
            "starts": probe.record.frames[-1].starts,
            "position": probe.position(),
            "asks": probe.asks(),
        }
        if self.game == "carrom":
            out["seats"] = probe.carrom_seats()
        return out

    def carrom_seats(self) -> dict[str, str]:
        """Carrom: each player's seat (south, east, north, west) for the next stroke, which tells
        the play page on which base lines the striker goes (Law 91). Between boards the next
        board's seats (Laws 31-33 may move the players)."""
        probe = self._next_frame_probe()
        st = (probe or self).referee.state
        return dict(st.seats) if st is not None else {}

    # -------------------------------------------------------- making shots

    def merged_before(self, before: dict[str, Any] | None) -> Before:
        data = dict(self.declared)
        data.update(before or {})
        merged: Before = _convert(data, Before, "before")
        return merged

    def tap_shot(self, tap: dict[str, Any]) -> Shot:
        """A marker's tap as a record shot (docs/web-api.md, "Mark one event")."""
        kind = tap.get("tap")
        player = tap.get("player") or self.turn()
        if not isinstance(player, str):
            raise bad("no player to play", "player")
        before = self.merged_before(tap.get("before"))
        if kind == "raw":
            shot: Shot = _convert(tap.get("shot"), Shot, "shot")
            if not shot.before.decision and not shot.before.free_ball:
                merged = self.merged_before(msgspec.to_builtins(shot.before))
                shot.before = merged
            return shot
        if kind == "concede":
            before.concede = True
            return Shot(player=player, before=before)
        if self.game == "carrom":
            return self._carrom_tap(kind, tap, player, before)
        return self._table_tap(kind, tap, player, before)

    def _layout_now(self) -> dict[str, Any]:
        return self.position(self.declared.get("decision"))

    def _pick(self, name: Any, where: str) -> str:
        """A ball on the table: ``red`` / ``white`` / ``black`` (carrom) mean any one of them."""
        if not isinstance(name, str) or not name:
            raise bad("name a ball", where)
        layout = self._layout_now()
        if name in layout:
            return name
        group = sorted(
            (n for n, p in layout.items() if p is not None and n.rstrip("0123456789") == name),
            key=lambda n: int(n[len(name) :] or 0),
        )
        if not group:
            raise WebError(422, "refused", f"no {name} on the table", where)
        return group[0]

    def _ball_on(self) -> str:
        st = self.referee.state
        layout = self._layout_now()
        if self.game == "snooker":
            on = st.table.on
            if on == "red":
                return self._pick("red", "ball")
            if on == "colour":
                return next((c for c in reversed(SNOOKER_COLOURS) if layout.get(c) is not None), "black")
            return str(on)
        cue = getattr(self.last, "cue_ball", "white") if self.last is not None else "white"
        return next(n for n, p in layout.items() if p is not None and n != cue)

    def _table_tap(self, kind: Any, tap: dict[str, Any], player: str, before: Before) -> Shot:
        pocket = tap.get("pocket") or "top-left"
        cue_ball = "white"
        if self.game == "russian" and self.last is not None:
            cue_ball = getattr(self.last, "cue_ball", "white")
        events: list[Any] = []
        extra: dict[str, Any] = {}
        if kind == "pot":
            ball = self._pick(tap.get("ball"), "ball")
            # the contact is named too: the Russian referee needs it (no inference), and the account
            # of a snooker pot then reads "hits red3 first pots red3", not "hits nothing pots red3"
            events = [Hit(cue_ball, ball), Pot(ball, pocket)]
        elif kind in ("miss", "safety"):
            events = [Hit(cue_ball, self._ball_on())]
            if kind == "safety":
                extra["mark"] = "safety"
        elif kind == "foul":
            named: Any = tap.get("ball")
            fk = tap.get("kind")
            if fk:
                events = [Foul(str(fk), self._pick(named, "ball") if named else None)]
            elif named == cue_ball:
                events = [Hit(cue_ball, self._ball_on()), Pot(cue_ball, pocket)]
            else:
                b = self._pick(named, "ball")
                events = [Hit(cue_ball, b)]
                if tap.get("potted"):
                    events.append(Pot(b, pocket))
        elif kind == "foul_miss" and self.game == "snooker":
            events = []
        elif kind == "free_ball" and self.game == "snooker":
            ball = self._pick(tap.get("ball"), "ball")
            before.free_ball = ball
            events = [Hit(cue_ball, ball), Pot(ball, pocket)] if tap.get("pot") else [Hit(cue_ball, ball)]
        else:
            raise bad(f"unknown tap {kind!r} for {self.game}", "tap")
        if extra:
            before.extra = {**(before.extra or {}), **extra}
        return Shot(player=player, before=before, events=events)

    def _carrom_tap(self, kind: Any, tap: dict[str, Any], player: str, before: Before) -> Shot:
        pocket = tap.get("pocket") or "top-left"
        pieces = tap.get("pieces") or []
        if not isinstance(pieces, list):
            raise bad("pieces is a list of names", "pieces")
        names: list[str] = []
        layout = dict(self._layout_now())
        for i, p in enumerate(pieces):
            if p == "striker":
                names.append("striker")
                continue
            name = self._pick(p, f"pieces[{i}]")
            if name in names:
                # a second piece of the same colour: the next one on the board
                layout[name] = None
                group = [n for n, q in layout.items() if q is not None and n.rstrip("0123456789") == p]
                if not group or p not in ("white", "black"):
                    raise WebError(422, "refused", f"{p} named twice", f"pieces[{i}]")
                name = sorted(group, key=lambda n: int(n[len(p) :] or 0))[0]
            names.append(name)
            layout[name] = None
        events: list[Any] = [Pot(n, pocket) for n in names]
        if kind == "foul":
            fk = tap.get("kind")
            if not isinstance(fk, str):
                raise bad("name the foul kind", "kind")
            events.insert(0, Foul(fk))
        elif kind != "pocketed":
            raise bad(f"unknown tap {kind!r} for carrom", "tap")
        elif not events and before.stroke_made is None and not before.action:
            # "No pocketing" is a stroke that pocketed nothing (Laws 21, 88(a)), not a pass: a shot
            # with nothing at all would be read as one (Law 98; docs/carrom-record.md, Ambiguities
            # 6), and three rounds of them would void the board. A pass is the explicit action.
            before.stroke_made = True
        return Shot(player=player, before=before, events=events)

    # --------------------------------------------------------- simulation

    def simulate(self, shot: Shot) -> Any:
        """Play ``shot``'s stroke on the game's table from the referee's position (with trajectories)."""
        from potshot.physics.result import ShotResult

        result: ShotResult
        if self.game != "russian" and shot.before.cue_ball is not None:
            raise WebError(
                422,
                "refused",
                f"before.cue_ball is for Russian billiards (the pink declared white); {self.game} "
                f"strikes the {'striker' if self.game == 'carrom' else 'white'}",
                "before.cue_ball",
            )
        if self.game == "snooker":
            from potshot.games.snooker.bot import simulate_from

            result = simulate_from(self.referee, shot, trajectories=True)  # type: ignore[arg-type]
        elif self.game == "carrom":
            from potshot.games.carrom.bot import simulate as carrom_sim

            result = carrom_sim(self.referee, shot, trajectories=True)
        else:
            from potshot.games.russian.bot import simulate as russian_sim
            from potshot.games.russian.bot import stroke_layout

            assert shot.cue is not None
            cue_ball = self._russian_cue_ball(shot)
            result = russian_sim(
                stroke_layout(self.referee, shot),  # type: ignore[arg-type]
                shot.cue,
                cue_ball=cue_ball,
                trajectories=True,
            )
        return result

    def _russian_cue_ball(self, shot: Shot) -> str:
        """The ball a Russian stroke strikes: the white, or the pink when ``before.cue_ball`` says so
        and the pink is white for this shot (DECLARATION: "where the pink ball is declared to be
        white, the player may choose to shoot either the white ball or the pink ball as the cue
        ball, and may use either one in subsequent shots in that turn"). Refused, before anything
        is simulated, with the referee's reason otherwise."""
        b = shot.before
        if b.cue_ball is None or b.cue_ball == "white":
            return "white"
        if b.cue_ball != "pink":
            raise WebError(
                422, "refused", f"cue_ball is {b.cue_ball!r}; expected 'white' or 'pink'", "before.cue_ball"
            )
        st = self.referee.state
        in_force = b.declare_pink if b.declare_pink is not None and st.turn_shots == 0 else st.pink
        if in_force != "white":
            raise WebError(
                422,
                "refused",
                "the pink may be the cue ball only when declared white (DECLARATION)",
                "before.cue_ball",
            )
        if st.positions.get("pink") is None:
            raise WebError(
                422, "refused", "the pink is not on the table and cannot be the cue ball", "before.cue_ball"
            )
        return "pink"

    def bot(self, name: str, seed: int) -> Any:
        if name not in self.bots:
            if self.game == "snooker":
                from potshot.games.snooker.bot import SnookerBot

                self.bots[name] = SnookerBot(name, seed)
            elif self.game == "carrom":
                from potshot.games.carrom.bot import CarromBot

                self.bots[name] = CarromBot(name, seed)
            else:
                from potshot.games.russian.bot import RussianBot

                self.bots[name] = RussianBot(name, seed)
        return self.bots[name]


def _layout(layout: Any) -> dict[str, Any]:
    return {
        str(n): (None if p is None else [round(float(p[0]), 2), round(float(p[1]), 2)])
        for n, p in layout.items()
    }


def _carrom_places(pieces: list[str], layout: dict[str, Any]) -> dict[str, list[float]]:
    """Where a marker's page may say due pieces were placed: the first spots, searched ring by ring
    outward from the centre circle, where :func:`potshot.games.carrom.equipment.penalty_place_fault` finds
    no fault (inside the outer circle, not on the centre circle, touching nothing, no shot with the
    queen: Laws 57(a), 58, 62, 75). Fewer than asked (or none) when the circle has no room (52(a))."""
    from potshot.games.carrom import equipment as eq

    placed: dict[str, Any] = {n: p for n, p in layout.items() if p is not None and n != "striker"}
    out: dict[str, list[float]] = {}
    cx, cy = eq.BOARD.centre
    for name in pieces:
        r = eq.piece_radius(name)
        d = eq.CENTRE_CIRCLE_RADIUS + r + 0.5
        spot = None
        while spot is None and d + r <= eq.OUTER_CIRCLE_RADIUS + 0.5:
            n = max(8, int(2 * math.pi * d / 4.0))
            for k in range(n):
                a = 2 * math.pi * k / n
                x, y = round(cx + d * math.cos(a), 2), round(cy + d * math.sin(a), 2)
                if eq.penalty_place_fault(name, x, y, placed) is None:
                    spot = [x, y]
                    break
            d += 4.0
        if spot is None:
            break
        out[name] = spot
        placed[name] = (spot[0], spot[1])
    return out


def warm_up() -> None:
    """Import the modules that requests load lazily (the bots, positions by decision, simulation):
    done once at start, so that the first foul of a marked match is not a second slower than the
    next (the spectators see each entry within a second)."""
    import potshot.games.carrom.bot
    import potshot.games.russian.bot
    import potshot.games.snooker.bot  # noqa: F401


def _snooker_remaining(rules: dict[str, Any] | None) -> int:
    """Points on the table at the start of a frame: 8 a red and 27 for the colours (Section 3 Rule 3)."""
    reds = int((rules or {}).get("reds", 15))
    return 8 * reds + 27


def seed_of(match_id: str, revision: int) -> int:
    """A bot's seed for a match: reproducible from the match id and revision."""
    return zlib.crc32(f"{match_id}:{revision}".encode())


def cue_from(data: Any) -> Cue:
    cue: Cue = _convert(data, Cue, "cue")
    for name in ("speed", "aim", "elevation", "side", "height"):
        v = getattr(cue, name)
        if not math.isfinite(v):
            raise bad(f"cue.{name} is not a number", f"cue.{name}")
    if cue.speed <= 0:
        raise bad("cue.speed must be above 0", "cue.speed")
    if not (-0.9 <= cue.side <= 0.9 and -0.9 <= cue.height <= 0.9):
        raise bad("cue.side and cue.height are fractions of the radius within -0.9..0.9", "cue.side")
    if not 0 <= cue.elevation <= 89:
        raise bad("cue.elevation is 0..89 degrees", "cue.elevation")
    return cue


def stats(rt: Runtime) -> dict[str, dict[str, Any]]:
    """Statistics derived from the events and rulings: pots, pot success, highest break, centuries,
    safeties (marked), fouls; carrom queens covered and slams (a board won with every own piece
    pocketed before the opponent pocketed one)."""
    names = rt.record.player_names()
    out: dict[str, dict[str, Any]] = {
        n: {
            "pots": 0,
            "attempts": 0,
            "pot_success": 0.0,
            "highest_break": 0,
            "centuries": 0,
            "safeties": 0,
            "fouls": 0,
            "queens": 0,
            "slams": 0,
        }
        for n in names
    }
    potted_strokes = {n: 0 for n in names}
    for fi, frame in enumerate(rt.record.frames):
        rulings = rt.rulings[fi] if fi < len(rt.rulings) else []
        visit_player: str | None = None
        visit_break = 0
        pocketed_by: dict[str, int] = {n: 0 for n in names}
        prev_queen = "on_board"
        for shot, ruling in zip(frame.shots, rulings, strict=False):
            s = out.get(shot.player)
            if s is None:
                continue
            if shot.before.concede or shot.before.action:
                continue
            s["attempts"] += 1
            pots = [e for e in shot.events if isinstance(e, Pot) and e.ball not in ("white", "striker")]
            if (shot.before.extra or {}).get("mark") == "safety":
                s["safeties"] += 1
            if ruling.foul or ruling.fouls:  # carrom lists penalised fouls with ``foul`` false
                s["fouls"] += 1
            elif pots:
                s["pots"] += len(pots)
                potted_strokes[shot.player] += 1
                pocketed_by[shot.player] += len([e for e in pots if e.ball != "queen"])
            s["highest_break"] = max(s["highest_break"], ruling.break_)
            if rt.game == "snooker":
                if visit_player != shot.player or ruling.break_ < visit_break:
                    visit_player, visit_break = shot.player, 0
                if visit_break < 100 <= ruling.break_:
                    s["centuries"] += 1
                visit_break = ruling.break_
            if rt.game == "carrom":
                # the ruling's ``queen`` names who covered it (docs/carrom-record.md)
                queen = getattr(ruling, "queen", "on_board")
                if queen in out and queen != prev_queen:
                    out[queen]["queens"] += 1
                prev_queen = queen
                if getattr(ruling, "board_over", False) and ruling.winner in out:
                    # by side: in doubles the partners' pockets count together
                    ref: Any = rt.referee
                    won = ref.side_of(ruling.winner)
                    mine = sum(pocketed_by[n] for n in names if ref.side_of(n) == won)
                    theirs = sum(pocketed_by[n] for n in names if ref.side_of(n) != won)
                    if theirs == 0 and mine >= 9:
                        for n in names:
                            if ref.side_of(n) == won:
                                out[n]["slams"] += 1
    for n, s in out.items():
        s["pot_success"] = round(potted_strokes[n] / s["attempts"], 3) if s["attempts"] else 0.0
    return out
