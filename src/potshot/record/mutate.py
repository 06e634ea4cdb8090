"""Mutations of records, for fuzzing the loader, the referees and the command line.

A fuzzer starts from good records (the casebook's, or simulated ones) and
applies a few random mutations: at the JSON level (a value replaced by
another type, a key deleted or misspelt, a list item duplicated or dropped,
names swapped, numbers pushed to extremes, strings with lone surrogates) and
at the byte level (bytes flipped, truncated, invalid UTF-8, deep nesting).
Every mutated record must be either accepted or refused with a
:class:`~potshot.record.errors.RecordError`; anything else is a bug.

The mutations are seeded (:class:`random.Random`), so a failure is
reproduced from its seed.

>>> import random
>>> good = {"game": "snooker", "players": ["A", "B"], "frames": [{"starts": "A", "shots": []}]}
>>> data = mutate_bytes(good, random.Random(1))
>>> isinstance(data, bytes)
True
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

_NAMES = ("white", "red", "red1", "black", "pink", "queen", "striker", "w1", "b1", "yellow", "Ann", "Bob")
_KEYS = (
    "player",
    "before",
    "events",
    "after",
    "cue",
    "type",
    "ball",
    "other",
    "pocket",
    "cushion",
    "nominate",
    "free_ball",
    "decision",
    "place",
    "concede",
    "penalty_place",
    "declare_pink",
    "spot",
    "starts",
    "position",
    "shots",
    "rules",
    "reds",
    "owed",
    "whites",
    "queen",
    "board",
    "tallies",
    "score",
    "t",
    "together",
    "action",
    "kind",
)


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any type, biased toward the ones records hold."""
    choice = rng.randrange(14)
    if choice == 0:
        return None
    if choice == 1:
        return rng.choice([True, False])
    if choice == 2:
        return rng.choice([0, 1, -1, 7, 15, 147, 2**31, -(2**63), 10**20])
    if choice == 3:
        return rng.choice([0.0, -0.0, 1e-300, 1e300, -1e300, 3.5, 889.0, 1778.0, 3569.0, -5.0, 1e18])
    if choice == 4:
        return rng.choice(_NAMES)
    if choice == 5:
        return rng.choice(["", " ", "\u0000", "\ud800", "é" * 3, "x" * 300, "red0", "red99", "🎱"])
    if choice == 6:
        return [rng.uniform(-100, 4000), rng.uniform(-100, 4000)]
    if choice == 7:
        return [rng.uniform(-100, 4000)]
    if choice == 8 and depth < 3:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 9 and depth < 3:
        return {rng.choice(_KEYS + _NAMES): _random_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    if choice == 10:
        return {"type": rng.choice(["hit", "pot", "cushion", "foul", "moved", "jump", "off_table", "x"])}
    if choice == 11:
        return rng.choice(["play", "put_back", "replace", "restart", "forfeit", "join", "withdraw"])
    if choice == 12:
        return rng.choice(["bottom-left", "top-right", "middle-left", "nw", "se", "top", "bottom"])
    return rng.choice(["hit", "pot", "cushion", "foul", "moved", "miss", "push", "touching"])


def _containers(node: Any, out: list[Any]) -> None:
    """Every dict and list inside ``node`` (``node`` included), depth first."""
    if isinstance(node, (dict, list)):
        out.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, out)


def _strings(node: Any, out: list[tuple[Any, Any]]) -> None:
    """(container, key) of every string value inside ``node``."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        if isinstance(v, str):
            out.append((node, k))
        else:
            _strings(v, out)


def mutate(record: dict[str, Any], rng: random.Random, n: int | None = None) -> dict[str, Any]:
    """A copy of ``record`` with ``n`` (default 1 to 3) random JSON-level mutations."""
    rec = copy.deepcopy(record)
    for _ in range(n if n is not None else rng.randint(1, 3)):
        nodes: list[Any] = []
        _containers(rec, nodes)
        node = rng.choice(nodes)
        op = rng.randrange(9)
        if isinstance(node, dict):
            keys = list(node)
            if op <= 2 and keys:  # replace a value
                node[rng.choice(keys)] = _random_value(rng)
            elif op == 3 and keys:  # delete a key
                del node[rng.choice(keys)]
            elif op == 4 and keys:  # misspell a key
                k = rng.choice(keys)
                node[k[:-1] or "x"] = node.pop(k)
            elif op == 5:  # add a key
                node[rng.choice(_KEYS)] = _random_value(rng)
            elif op == 6 and keys:  # swap two values
                a, b = rng.choice(keys), rng.choice(keys)
                node[a], node[b] = node[b], node[a]
            elif keys:  # rename a key to another known key
                k = rng.choice(keys)
                node[rng.choice(_KEYS)] = node.pop(k)
        elif isinstance(node, list):
            if op <= 2 and node:
                node[rng.randrange(len(node))] = _random_value(rng)
            elif op == 3 and node:
                del node[rng.randrange(len(node))]
            elif op in (4, 5) and node:
                i = rng.randrange(len(node))
                node.insert(i, copy.deepcopy(node[i]))
            elif op == 6 and len(node) > 1:
                i, j = rng.randrange(len(node)), rng.randrange(len(node))
                node[i], node[j] = node[j], node[i]
            else:
                node.append(_random_value(rng))
    if rng.random() < 0.1:  # a name everywhere replaced by another, or by a lone surrogate
        strings: list[tuple[Any, Any]] = []
        _strings(rec, strings)
        if strings:
            c, k = rng.choice(strings)
            old = c[k]
            new = rng.choice(["\udcff" + old, old + "x", "", old.upper()])
            for c2, k2 in strings:
                if c2[k2] == old:
                    c2[k2] = new
    return rec


def mutate_bytes(record: dict[str, Any], rng: random.Random) -> bytes:
    """A JSON-level mutation, then (sometimes) a byte-level one: the input a loader must survive."""
    rec = mutate(record, rng) if rng.random() < 0.9 else record
    text = json.dumps(rec, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "surrogatepass")
    op = rng.randrange(12)
    if op == 0 and data:  # flip a byte
        i = rng.randrange(len(data))
        data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]
    elif op == 1 and data:  # truncate
        data = data[: rng.randrange(len(data))]
    elif op == 2:  # invalid UTF-8 inside a string
        i = data.find(b'"', rng.randrange(max(1, len(data))))
        if i >= 0:
            data = (
                data[: i + 1] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88"]) + data[i + 1 :]
            )
    elif op == 3:  # deep nesting in a value
        depth = rng.choice([50, 1000, 100_000])
        deep = b"[" * depth + b"]" * depth
        data = (
            data.replace(b'"rules": {', b'"rules": {"deep": ' + deep + b", ", 1)
            if b'"rules"' in data
            else (b'{"deep": ' + deep + b"," + data[1:])
        )
    elif op == 4:  # a huge number
        data = data.replace(b"15", b"1" + b"5" * rng.choice([10, 400, 5000]), 1)
    elif op == 5:  # non-finite numbers
        data = data.replace(b"0.0", rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e999"]), 1)
    return data
