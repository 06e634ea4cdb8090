"""The snooker table as the simulator sees it: straight cushions, rounded jaws, pocket falls.

The construction lives in :mod:`potshot.equipment.cushions` (the referee needs the same
mouths, and must not import the physics); it is re-exported here for the physics.
"""

from potshot.equipment.cushions import Fall, Geometry, Jaw, Segment, Vec, build_geometry, table_geometry

__all__ = ["Fall", "Geometry", "Jaw", "Segment", "Vec", "build_geometry", "table_geometry"]
