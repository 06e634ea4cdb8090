"""Physical constants of snooker balls, cloth and cushions, with their sources.

Everything the simulator needs that the rules do not fix lives in
:class:`Params`; tests build ideal variants (no friction, perfect restitution)
with :meth:`Params.replace`. Internally the kernel works in SI units (metres,
seconds, radians); the record format's millimetres are converted at the edge.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from potshot.games.snooker.equipment import BALL_MASS, BALL_RADIUS

# Standard gravity (CGPM 1901 / ISO 80000-3): 9.80665 m/s^2.
GRAVITY = 9.80665

# Ball-cloth sliding friction. Alciatore ("The Amazing World of Billiards Physics",
# 2007, and technical proof TP A-4) and Mathavan, Jackson & Parkin ("Application of
# high-speed imaging to determine the dynamics of billiards", Am. J. Phys. 77 (2009)
# 788, who tracked snooker balls on a snooker table) both measure about 0.2.
MU_SLIDE = 0.2
# Ball-cloth rolling resistance: about 0.01 in the same measurements (Alciatore 2007;
# Mathavan et al. 2009, snooker cloth). A ball rolling at v stops after v^2/(2 mu_r g).
MU_ROLL = 0.01
# Spin about the vertical axis decays at a constant rate. pooltool's theory notes
# (Kiefl 2020, "pooltool-theory", case 2 spinning) take mu_sp = (10*2/5/9) * R, i.e. an
# angular deceleration 5 mu_sp g / (2R) of about 10.9 rad/s^2; Alciatore's high-speed
# video of spin decay gives the same order (~10 rad/s^2).
SPIN_DECEL = 5.0 * (10.0 * 2.0 / 5.0 / 9.0) * GRAVITY / 2.0  # rad/s^2, R cancels
# Ball-ball restitution: 0.95 for phenolic-resin balls (Alciatore, TP A-5 / "Amazing
# World", 2007: "0.92-0.98"; pooltool default 0.95).
E_BALL = 0.95
# Ball-ball sliding friction (throw), falling with the sliding speed v_rel (m/s) of the two
# surfaces at the contact: mu(v) = a + b exp(-c v_rel). Alciatore, "Throw" technical proof
# TP A-14 (billiards.colostate.edu/technical_proofs/new/TP_A-14.pdf), fits this curve to
# Marlow's measured ball-ball friction ("The Physics of Pocket Billiards", 1995) with
# a = 9.951e-3, b = 0.108, c = 1.088 s/m; pooltool's AlciatoreBallBallFriction uses the same
# constants. It gives about 0.107 at 0.1 m/s and 0.031 at 1.5 m/s (0.06 near 0.55 m/s).
MU_BALL = 9.951e-3
MU_BALL_B = 0.108
MU_BALL_C = 1.088  # s/m
# Ball-cushion restitution and friction for a snooker cushion: Mathavan, Jackson &
# Parkin, "A theoretical analysis of billiard ball dynamics under cushion impacts",
# Proc. IMechE C 224 (2010) 1863: e = 0.98, mu = 0.14.
E_CUSHION = 0.98
MU_CUSHION = 0.14
# Height of the cushion nose above the cloth: 7R/5 = 36.75 mm for a snooker table,
# as in Mathavan et al. (2010) and Han, "Dynamics in carom and three cushion
# billiards", J. Mech. Sci. Tech. 19 (2005) 976 (the height where a rolling ball's
# rebound needs no friction at the nose).
CUSHION_HEIGHT_FACTOR = 7.0 / 5.0
# Squirt (cue-ball deflection with side): Alciatore TP A-31, tan(squirt) =
# (5/2) b sqrt(1-b^2) / (1 + m_ball/m_end + (5/2)(1-b^2)); a snooker cue's effective
# end mass is about 1/30 of a pool ball (pooltool's default: 0.170097/30 kg).
CUE_END_MASS = 0.170097 / 30.0
# Miscue limit: with a chalked tip, strikes more than about half the ball's radius from
# the centre miscue (Alciatore, "The Amazing World of Billiards Physics", 2007; his
# high-speed-video miscue tests put the limit near 0.5 R).
MISCUE_LIMIT = 0.5
# The fastest stroke we accept (m/s): a hard break-off is 8-9 m/s; 12 leaves headroom.
MAX_SPEED = 12.0
MAX_ELEVATION = 89.0
# Ball-slate (the bed of the table) restitution for a ball landing from the air: 0.5,
# Alciatore's "physical properties" table (billiards.colostate.edu/faq/physics/
# physical-properties/: "ball-table coefficient of restitution: 0.5"), the value pooltool's
# 3D model also takes (BallParams.e_t, main branch 2026). The slate's friction during the
# bounce is the cloth's sliding friction MU_SLIDE, as in pooltool's frictional-inelastic
# ball-table resolver (pooltool/physics/resolve/ball_table/frictional_inelastic).
E_SLATE = 0.5
# A bounce that would lift the ball less than this (m) ends the hops: the ball stays on the
# cloth (its nap is about this deep). pooltool ends them at 5 mm (min_bounce_height); a
# lower limit keeps the decay of the hop heights by e^2 visible for several hops.
HOP_MIN = 1e-4

# Indices of the kernel's parameter vector.
P_R = 0
P_MU_S = 1
P_MU_R = 2
P_SPIN = 3
P_G = 4
P_E_B = 5
P_MU_B = 6
P_E_C = 7
P_MU_C = 8
P_SIN_NOSE = 9
P_V_TINY = 10
P_MU_B_B = 11
P_MU_B_C = 12
P_E_SLATE = 13
P_MU_SLATE = 14
P_HOP_MIN = 15
N_PARAMS = 16


@dataclass(frozen=True)
class Params:
    """Ball, cloth and cushion constants (SI units; radius in metres)."""

    radius: float = BALL_RADIUS / 1000.0
    mass: float = BALL_MASS
    mu_slide: float = MU_SLIDE
    mu_roll: float = MU_ROLL
    spin_decel: float = SPIN_DECEL
    gravity: float = GRAVITY
    e_ball: float = E_BALL
    mu_ball: float = MU_BALL
    """Ball-ball friction at high sliding speed (``a`` of ``a + b exp(-c v_rel)``)."""
    mu_ball_b: float = MU_BALL_B
    """Ball-ball friction's extra at zero sliding speed (``b``; 0 makes it constant)."""
    mu_ball_c: float = MU_BALL_C
    """How fast that extra falls with the sliding speed (``c``, s/m)."""
    e_cushion: float = E_CUSHION
    mu_cushion: float = MU_CUSHION
    cushion_height: float = CUSHION_HEIGHT_FACTOR * BALL_RADIUS / 1000.0
    cue_end_mass: float = CUE_END_MASS
    e_slate: float = E_SLATE
    """Restitution of a ball landing on the slate from the air."""
    mu_slate: float = MU_SLIDE
    """Friction between ball and cloth during a bounce on the slate."""
    hop_min: float = HOP_MIN
    """The lowest hop (m, the ball's bottom above the cloth) the ball makes; lower bounces end on the cloth."""
    v_tiny: float = 1e-3
    """Approach speed (m/s) below which a contact is treated as resting: the pair
    (or ball and cushion) stops sliding, so it cannot chatter forever (Zeno)."""

    def mu_ball_at(self, v_rel: float) -> float:
        """Ball-ball friction at sliding speed ``v_rel`` (m/s): ``a + b exp(-c v_rel)`` (TP A-14).

        >>> p = Params()
        >>> round(p.mu_ball_at(0.1), 3), round(p.mu_ball_at(1.5), 3)
        (0.107, 0.031)
        """
        return self.mu_ball + self.mu_ball_b * math.exp(-self.mu_ball_c * v_rel)

    def replace(self, **changes: float) -> Params:
        """A copy with some constants changed."""
        return dataclasses.replace(self, **changes)

    def vector(self) -> npt.NDArray[np.float64]:
        """The kernel's parameter vector."""
        p = np.zeros(N_PARAMS)
        p[P_R] = self.radius
        p[P_MU_S] = self.mu_slide
        p[P_MU_R] = self.mu_roll
        p[P_SPIN] = self.spin_decel
        p[P_G] = self.gravity
        p[P_E_B] = self.e_ball
        p[P_MU_B] = self.mu_ball
        p[P_MU_B_B] = self.mu_ball_b
        p[P_MU_B_C] = self.mu_ball_c
        for name in ("mu_ball", "mu_ball_b", "mu_ball_c"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0.0):
                raise ValueError(f"{name} must be a finite number >= 0, got {v!r}")
        p[P_E_C] = self.e_cushion
        p[P_MU_C] = self.mu_cushion
        s = (self.cushion_height - self.radius) / self.radius
        if not -1.0 < s < 1.0:
            raise ValueError(f"cushion height {self.cushion_height} m must be between 0 and 2R")
        p[P_SIN_NOSE] = s
        p[P_V_TINY] = self.v_tiny
        for name in ("e_slate", "mu_slate", "hop_min"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0.0):
                raise ValueError(f"{name} must be a finite number >= 0, got {v!r}")
        if self.e_slate > 1.0:
            raise ValueError(f"e_slate must be at most 1 (a bounce cannot add energy), got {self.e_slate!r}")
        p[P_E_SLATE] = self.e_slate
        p[P_MU_SLATE] = self.mu_slate
        p[P_HOP_MIN] = self.hop_min
        for name in ("mu_slide", "mu_roll", "gravity", "radius", "mass"):
            if not getattr(self, name) > 0 or not math.isfinite(getattr(self, name)):
                raise ValueError(f"{name} must be a positive number")
        return p


DEFAULT_PARAMS = Params()
