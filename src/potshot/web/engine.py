"""A match in play: its record rebuilt from the database entries, ruled by the game's referee.

The web app never rules anything itself: every shot, simulated or marked, goes through
:func:`potshot.referee.runner.rule_shot` exactly as a record's shot would, and a shot the
referee refuses leaves the match as it was. This module turns the referee's state into the
``State`` of ``docs/web-api.md`` (whose turn, what is asked, scores, statistics), turns a
marker's tap into the record's shot vocabulary, and plays strokes and the bots' moves.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import math
import zlib
from dataclasses import dataclass, field
from typing import Any

import msgspec

from potshot import games
from potshot.record.errors import RecordError
from potshot.record.io import shot_from_raw
from potshot.record.model import Before, Calls, Cue, Foul, Frame, Hit, Pot, Record, Shot
from potshot.referee.base import Referee, Ruling
from potshot.referee.registry import referee_class
from potshot.referee.runner import rule_shot


def doubles_teams(game: str, players: Any) -> list[list[str]] | None:
    """``players`` as two teams of two when it is a doubles list (else None, names as given).

    A list holding lists is doubles: refused (400, ``players``) unless the game plays doubles
    (:attr:`potshot.games.Game.doubles`) and it is exactly two teams of two names."""
    if not isinstance(players, list) or not any(isinstance(p, list) for p in players):
        return None
    g = games.get(game)
    if not g.doubles:
        raise bad(f"{game} has no doubles here: players is a list of names", "players")
    if len(players) != 2 or not all(
        isinstance(t, list) and len(t) == 2 and all(isinstance(p, str) for p in t) for t in players
    ):
        raise bad(
            f"{g.title} doubles is two teams of two, each in playing order: [[A1, A2], [B1, B2]]", "players"
        )
    return [list(t) for t in players]


def side_names(players: Any) -> list[str]:
    """The sides' names for a title: the players, or in doubles ``A1 & A2`` for each team."""
    return [" & ".join(p) if isinstance(p, list) else str(p) for p in players]


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
        record = Record(game=game, players=players, rules=rules, match=match, meta=meta)
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
        """The referee's :meth:`~potshot.referee.base.Referee.match_result`, once a frame has ended."""
        last = self.last
        if last is None or not last.frame_over:
            return False
        return self.referee.match_result().over

    def winner(self) -> str | None:
        if not self.match_over():
            return None
        return self.referee.match_result().winner

    def next_frame_header(self) -> dict[str, Any]:
        """The next frame's header, from the referee (:meth:`~potshot.referee.base.Referee.next_frame`:
        snooker's alternating break-off, carrom's break rotation of Law 22, Russian games in turn)."""
        nf = self.referee.next_frame()
        if nf is None:
            raise WebError(409, "conflict", "no frame comes next: a frame is in play or the match is over")
        return dict(nf.header)

    def position(self, decision: str | None = None) -> dict[str, Any]:
        """The pieces now; with a pending ``decision``, the table it leaves (the referee's layout)."""
        return _layout(self.referee.layout(decision))

    def on_table(self) -> list[str]:
        """The pieces on the table now, known positions or not (the tracker's list): the referee's
        :meth:`~potshot.referee.base.Referee.on_table`; between frames, the next frame's."""
        probe = self._next_frame_probe()
        ref = (probe or self).referee
        return list(ref.on_table(None if probe else self.declared.get("decision")))

    def turn(self) -> str | None:
        if self.match_over():
            return None
        if self.frame_over():
            return str(self.next_frame_header()["starts"])
        return self.referee.turn(self.declared)

    def asks(self) -> list[dict[str, Any]]:
        """What the referee asks before the next stroke (docs/web-api.md, ``<Ask>``)."""
        if self.match_over() or self.frame_over():
            return []
        ns = self.referee.next_shot(self.declared)
        return [a.to_json() for a in ns.asks] if ns is not None else []

    def state_fields(self) -> dict[str, Any]:
        """The game-specific part of the State (score, break, points remaining...): the referee's
        :meth:`~potshot.referee.base.Referee.score_fields`; between frames, the next frame's seats
        and colours (the next stroke starts it)."""
        out = self.referee.score_fields()
        if self.frame_over() and not self.match_over():
            probe = self._next_frame_probe()
            if probe is not None:
                upcoming = probe.referee.score_fields()
                for key in ("seats", "colours"):
                    if key in upcoming:
                        out[key] = upcoming[key]
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
        """Between frames: the next frame's ``starts``, ``position`` and ``asks`` (and ``seats``
        where the game seats its players), as the State's ``next_frame``; None while a frame is in
        play or when the match is over."""
        probe = self._next_frame_probe()
        if probe is None:
            return None
        out: dict[str, Any] = {
            "starts": probe.record.frames[-1].starts,
            "position": probe.position(),
            "asks": probe.asks(),
        }
        seats = probe.referee.score_fields().get("seats")
        if seats is not None:
            out["seats"] = seats
        return out

    def seats(self) -> dict[str, str]:
        """Each player's seat for the next stroke where the game seats them (carrom: south, east,
        north, west; Law 91: on which base line the striker goes), else empty. Between frames the
        next frame's seats (carrom Laws 31-33 may move the players)."""
        probe = self._next_frame_probe()
        return dict((probe or self).referee.score_fields().get("seats") or {})

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
        if games.get(self.game).mark_taps == "pieces":
            return self._pieces_tap(kind, tap, player, before)
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

    def _cue_now(self) -> str:
        """The piece the last shot struck (a Russian ruling's ``cue_ball``), else the game's cue piece."""
        cue = getattr(self.last, "cue_ball", None) if self.last is not None else None
        return str(cue or games.get(self.game).cue_piece)

    def _table_tap(self, kind: Any, tap: dict[str, Any], player: str, before: Before) -> Shot:
        """A balls-pad tap as the record's shot, with only what the marker entered: the pocket only
        when one was tapped (a pot without it omits ``pocket``; a game whose rules depend on the
        pocket refuses that: ``Referee.pocket_matters``), the ball hit first only when named (a
        foul in-off is the white potted, nothing more), and the official's ``calls`` as given."""
        pocket = tap.get("pocket") or None
        if pocket is not None and not isinstance(pocket, str):
            raise bad("pocket is a pocket's name", "pocket")
        cue_ball = self._cue_now()
        events: list[Any] = []
        extra: dict[str, Any] = {}
        if kind == "pot":
            ball = self._pick(tap.get("ball"), "ball")
            # the contact is named too: the Russian referee needs it (no inference), and the account
            # of a snooker pot then reads "hits red3 first pots red3", not "hits nothing pots red3"
            events = [Hit(cue_ball, ball), Pot(ball, pocket)]
        elif kind in ("miss", "safety"):
            # a fair stroke that pots nothing (a missed pot) or a safety: the cue ball hit a ball
            # lawfully, the one the marker named, else one nobody named (``other`` null: the
            # referee takes it as lawful, docs/record-extensions.md "An unnamed contact")
            hit = tap.get("ball")
            if not hit and not self.referee.unnamed_contact:
                title = games.get(self.game).title
                raise bad(f"tap the ball the cue ball hit: {title} rules by it", "ball")
            events = [Hit(cue_ball, self._pick(hit, "ball") if hit else None)]
            if kind == "safety":
                extra["mark"] = "safety"  # not a pot attempt (the statistics, docs/web.md)
        elif kind == "foul":
            named: Any = tap.get("ball")
            fk = tap.get("kind")
            if fk:
                events = [Foul(str(fk), self._pick(named, "ball") if named else None)]
            elif named == cue_ball:
                events = [Pot(cue_ball, pocket)]  # an in-off: what the cue ball hit is not entered
            else:
                b = self._pick(named, "ball")
                events = [Hit(cue_ball, b)]
                if tap.get("potted"):
                    events.append(Pot(b, pocket))
        elif kind == "foul_miss" and "replace" in games.get(self.game).decisions:
            events = []  # a foul and a miss (snooker Section 3 Rule 14): the cue ball hit nothing entered
        elif kind == "free_ball" and games.get(self.game).free_ball:
            ball = self._pick(tap.get("ball"), "ball")
            before.free_ball = ball
            events = [Hit(cue_ball, ball), Pot(ball, pocket)] if tap.get("pot") else [Hit(cue_ball, ball)]
        else:
            raise bad(f"unknown tap {kind!r} for {self.game}", "tap")
        if extra:
            before.extra = {**(before.extra or {}), **extra}
        shot = Shot(player=player, before=before, events=events)
        if tap.get("calls") is not None:
            shot.calls = _convert(tap["calls"], Calls, "calls")
        return shot

    def _pieces_tap(self, kind: Any, tap: dict[str, Any], player: str, before: Before) -> Shot:
        pocket = tap.get("pocket") or None  # a marked board names no pocket unless one was tapped
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
            raise bad(f"unknown tap {kind!r} for {self.game}", "tap")
        elif not events and before.stroke_made is None and not before.action:
            # "No pocketing" is a stroke that pocketed nothing (Laws 21, 88(a)), not a pass: a shot
            # with nothing at all would be read as one (Law 98; docs/carrom-record.md, Ambiguities
            # 6), and three rounds of them would void the board. A pass is the explicit action.
            before.stroke_made = True
        return Shot(player=player, before=before, events=events)

    # --------------------------------------------------------- simulation

    def simulate(self, shot: Shot) -> Any:
        """Play ``shot``'s stroke on the game's table from the referee's position (with trajectories).

        ``before.cue_ball`` is refused where the referee asks no choice of cue ball (only the Russian
        pink declared white may be struck instead of the white: DECLARATION); the game's simulation
        refuses, with the referee's reason, a cue ball the rules do not allow now."""
        g = games.get(self.game)
        if shot.before.cue_ball is not None:
            declared = {k: v for k, v in msgspec.to_builtins(shot.before).items() if v is not None}
            ns = self.referee.next_shot(declared)
            if ns is None or ns.ask("cue_ball") is None:
                raise WebError(
                    422,
                    "refused",
                    f"before.cue_ball: {g.title} asks no choice of cue ball here; the {g.cue_piece} is struck",
                    "before.cue_ball",
                )
        return g.simulate(self.referee, shot, trajectories=True)

    def bot(self, name: str, seed: int) -> Any:
        """The built-in player ``name``, as strong as the match's ``meta.bot_aim_error`` (degrees, one
        standard deviation, as the CLI's ``--aim-error``; absent: the game's default)."""
        if name not in self.bots:
            aim = (self.record.meta or {}).get("bot_aim_error")
            self.bots[name] = games.get(self.game).bot(
                name, seed, aim_error=None if aim is None else float(aim)
            )
        return self.bots[name]


def _layout(layout: Any) -> dict[str, Any]:
    return {
        str(n): (None if p is None else [round(float(p[0]), 2), round(float(p[1]), 2)])
        for n, p in layout.items()
    }


def warm_up() -> None:
    """Import the modules that requests load lazily (each game's match loop and bot, positions by
    decision, simulation): done once at start, so that the first foul of a marked match is not a
    second slower than the next (the spectators see each entry within a second)."""
    for name in games.names():
        g = games.get(name)
        g.match()
        package = g.match_module.rpartition(".")[0]
        if importlib.util.find_spec(f"{package}.bot") is not None:
            importlib.import_module(f"{package}.bot")


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
    """Statistics as the sports count them (each defined in docs/web.md, "Statistics"), derived
    from the events and the referee's rulings:

    - ``pots``: balls/pieces potted in strokes that were no foul (the cue piece never counts);
    - ``attempts``: pot attempts, the strokes that were no foul and not entered as a safety (a
      marked "Miss" is a missed pot; a foul is no pot attempt, nor a concession or a referee's
      action); ``pot_success``: the strokes that potted, over the attempts;
    - ``safeties``: strokes entered as a safety;
    - ``fouls``: the strokes the referee ruled a foul (``ruling.foul``). Carrom's pocketed
      striker is a "Pegno" (a due, Law 45(a): "sia con un tiro corretto che con uno improprio",
      with a fair stroke as with a foul stroke), and an uncovered queen returned (Law 69) is no
      foul: the referee notes both in ``fouls`` with ``foul`` false, and they are not counted;
    - ``highest_break``; and each game's own (:meth:`potshot.games.Game.add_stats`: snooker
      centuries, carrom queens covered and slams)."""
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
    g = games.get(rt.game)
    potted_strokes = {n: 0 for n in names}
    for fi, frame in enumerate(rt.record.frames):
        rulings = rt.rulings[fi] if fi < len(rt.rulings) else []
        for shot, ruling in zip(frame.shots, rulings, strict=False):
            s = out.get(shot.player)
            if s is None:
                continue
            s["highest_break"] = max(s["highest_break"], ruling.break_)
            if shot.before.concede or shot.before.action:
                continue
            if ruling.foul:
                s["fouls"] += 1
                continue
            if not shot.events and not shot.cue and shot.before.stroke_made is None:
                continue  # no stroke entered
            pots = [e for e in shot.events if isinstance(e, Pot) and e.ball != g.cue_piece]
            if (shot.before.extra or {}).get("mark") == "safety":
                s["safeties"] += 1
                continue
            s["attempts"] += 1
            if pots:
                s["pots"] += len(pots)
                potted_strokes[shot.player] += 1
    g.add_stats(rt.record, rt.rulings, rt.referee, out)
    for n, s in out.items():
        s["pot_success"] = round(potted_strokes[n] / s["attempts"], 3) if s["attempts"] else 0.0
    return out
