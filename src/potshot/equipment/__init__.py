"""The games' equipment: tables, boards, pieces and their starting positions.

One module per game, each citing its rulebook for every figure:

- :mod:`potshot.equipment.snooker` -- the snooker table and balls (WPBSA rules, Section 1)
  and the starting position (Section 3 Rule 2); Russian billiards uses the same table;
- :mod:`potshot.equipment.carrom` -- the ICF carrom board and pieces;
- :mod:`potshot.equipment.russian` -- the Russian-billiards balls and spots.

Nothing is imported here, so that each game's module loads only when used.
"""
