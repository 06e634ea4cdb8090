"""Print the paper of docs/exports.md and render it to PNG for docs/pictures (pdftoppm, from
poppler-utils): a played score card, a blank one, a knockout's draw sheet, round-robin standings;
and two pages of the results site (``potshot site``) in headless Chromium.

    python3 scripts/paper_pictures.py docs/pictures

The tournaments are run in the web app (in process, on a throwaway SQLite database) with results
reported by seeded chance, so the standings and ratings are the app's own."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from potshot.paper import blank_sheet, match_length, sheet_from_record
from potshot.paper.pdf import draw_sheet, score_card, standings_pdf
from potshot.paper.site import from_database, write_site
from potshot.record.io import load
from potshot.web.app import Settings, create_app

HERE = Path(__file__).resolve().parent.parent
ADMIN = {"X-Potshot-Admin": "pictures"}


def _tournament(c: TestClient, name: str, fmt: str, players: list[str], rng: random.Random) -> dict[str, Any]:
    body = {"name": name, "game": "snooker", "format": fmt, "players": players, "match": {"best_of": 3}}
    body["tables"] = ["Table 1", "Table 2"]
    tid = c.post("/api/tournaments", json=body, headers=ADMIN).json()["id"]
    while True:
        r = c.post(f"/api/tournaments/{tid}/pair", headers=ADMIN)
        if r.status_code != 200:
            break
        for m in r.json()["rounds"][-1]["matches"]:
            if m["b"] is None:
                continue
            loser = rng.choice([0, 1])
            frames = {m["a"]: 2 if loser else rng.choice([0, 1]), m["b"]: rng.choice([0, 1]) if loser else 2}
            c.post(f"/api/tournaments/{tid}/report", json={"match": m["id"], "frames": frames}, headers=ADMIN)
        if fmt == "knockout" and len(r.json()["rounds"]) == 2:
            break  # leave the final to be played: the draw sheet shows it empty
    view: dict[str, Any] = c.get(f"/api/tournaments/{tid}").json()
    return view


def main(out: Path) -> None:
    rng = random.Random(23)
    sheet = sheet_from_record(load(HERE / "tests/records/snooker-match.json"), id="m1", table="Table 2")
    length, rows = match_length("snooker", {"best_of": 5})
    blank = blank_sheet(
        "snooker",
        ["Åsa Lind", "Mikko Rantanen"],
        rows or 5,
        length=length,
        title="Club league, week 7",
        table="Table 1",
    )
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(db_url=f"sqlite:///{tmp}/p.db", admin_password=ADMIN["X-Potshot-Admin"]))
        with TestClient(app) as c:
            league = _tournament(
                c, "Winter league", "round_robin", ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay"], rng
            )
            cup = _tournament(
                c, "Club cup", "knockout", ["Ann", "Bob", "Cy", "Dee", "Eli", "Fay", "Gus"], rng
            )
            imported = {"record": json.loads((HERE / "tests/records/snooker-match.json").read_text())}
            c.post("/api/matches/import", json={**imported, "table": "Table 2"}, headers=ADMIN)
        # the results site of that database (potshot site), its knockout page in Chromium
        site = out / "site-tmp"
        write_site(from_database(f"sqlite:///{tmp}/p.db", "Club results"), site)
        shot = [
            "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--window-size=1024,900",
        ]  # fmt: skip
        for page, name in ((f"t/{cup['id']}.html", "site-knockout"), ("index.html", "site-index")):
            subprocess.run(
                [*shot, f"--screenshot={out / (name + '.png')}", (site / page).resolve().as_uri()],
                check=True,
                capture_output=True,
            )
            print(out / f"{name}.png")
        shutil.rmtree(site)
    pdfs = {
        "paper-score-card": score_card(sheet),
        "paper-score-card-blank": score_card(blank),
        "paper-standings": standings_pdf(league),
        "paper-draw-knockout": draw_sheet(cup),
    }
    out.mkdir(parents=True, exist_ok=True)
    for name, data in pdfs.items():
        pdf = out / f"{name}.pdf"
        pdf.write_bytes(data)
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-singlefile", str(pdf), str(out / name)], check=True)
        pdf.unlink()
        print(out / f"{name}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/pictures"))
