"""Compare a ruling with a casebook expectation, as shared/casebook/README.md says.

The same rules as ``shared/tools/casebook.py``: ints exactly, floats within
1 mm, lists of names as sets, objects by the keys named.
"""

from __future__ import annotations

import json
from typing import Any

TOL = 1.0


def close(a: Any, b: Any) -> bool:
    if isinstance(b, bool) or b is None:
        return a is b
    if isinstance(b, int):
        return isinstance(a, (int, float)) and not isinstance(a, bool) and a == b
    if isinstance(b, float):
        return isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) <= TOL
    if isinstance(b, list):
        if not isinstance(a, list):
            return False
        if b and all(isinstance(v, float) for v in b):
            return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b, strict=False))
        return sorted(map(json.dumps, a)) == sorted(map(json.dumps, b))
    if isinstance(b, dict):
        return isinstance(a, dict) and all(k in a and close(a[k], v) for k, v in b.items())
    return bool(a == b)


def problems(case: dict[str, Any]) -> list[str]:
    """Everything wrong with potshot's rulings on one case (empty when it passes)."""
    from potshot.record.errors import RecordError
    from potshot.record.io import load_partial
    from potshot.referee.runner import referee_record

    out: list[str] = []
    try:
        record, load_err = load_partial(json.dumps(case["record"]))
        result = referee_record(record, load_err)
        err = result.error
        rec = result.record
    except RecordError as e:
        err, rec = e, None
    wants_error = [e for e in case["expect"] if e.get("error")]
    if wants_error:
        if err is None:
            out.append("bad record accepted")
        else:
            w = wants_error[0]
            if err.frame is not None and err.frame != w["frame"]:
                out.append(f"error named frame {err.frame}, want {w['frame']}: {err}")
            if err.shot is not None and err.shot != w["shot"]:
                out.append(f"error named shot {err.shot}, want {w['shot']}: {err}")
    elif err is not None:
        out.append(f"refused: {err}")
    if rec is None:
        return out
    for e in case["expect"]:
        if e.get("error"):
            continue
        try:
            ruling = rec.frames[e["frame"]].shots[e["shot"]].ruling
        except IndexError:
            ruling = None
        if ruling is None:
            out.append(f"shot {e['shot']}: no ruling")
            continue
        for k, v in e.items():
            if k in ("frame", "shot"):
                continue
            if k not in ruling:
                out.append(f"shot {e['shot']}: no '{k}' (want {v})")
            elif not close(ruling[k], v):
                out.append(f"shot {e['shot']}: {k}={json.dumps(ruling[k])} want {json.dumps(v)}")
    return out
