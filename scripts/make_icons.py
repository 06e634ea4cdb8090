"""Draw the web app's icons (the installable mark page's, docs/offline.md): PNGs of 192 and 512
pixels, and a maskable 512 whose drawing stays inside the central safe circle (80% of the side,
the maskable icon's safe zone: https://www.w3.org/TR/appmanifest/#icon-masks).

A cloth-green square with a cue ball and an object ball, drawn with Pillow; run once, and the
PNGs are committed beside this script's output folder:

    python3 scripts/make_icons.py      # writes src/potshot/web/static/icons/*.png
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "src" / "potshot" / "web" / "static" / "icons"
CLOTH = (14, 99, 52)
WHITE = (246, 244, 236)
RED = (196, 30, 36)
SHADE = (0, 0, 0, 70)


def draw(size: int, maskable: bool) -> Image.Image:
    """One icon of ``size`` pixels; ``maskable``: full-bleed cloth, balls inside the safe zone."""
    big = size * 4  # drawn large and scaled down: smooth edges without an anti-aliasing option
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img, "RGBA")
    if maskable:
        d.rectangle((0, 0, big, big), fill=CLOTH)
        scale = 0.8  # the safe zone
    else:
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 6, fill=CLOTH)
        scale = 1.0
    c = big / 2

    def ball(cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
        x, y, r = c + (cx - 0.5) * big * scale, c + (cy - 0.5) * big * scale, r * big * scale
        d.ellipse((x - r + r * 0.12, y - r + r * 0.18, x + r + r * 0.12, y + r + r * 0.18), fill=SHADE)
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        h = r * 0.28
        d.ellipse(
            (x - r * 0.45 - h, y - r * 0.45 - h, x - r * 0.45 + h, y - r * 0.45 + h),
            fill=(255, 255, 255, 150),
        )

    ball(0.62, 0.36, 0.17, RED)
    ball(0.38, 0.62, 0.2, WHITE)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, False).save(OUT / f"icon-{size}.png", optimize=True)
    draw(512, True).save(OUT / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
