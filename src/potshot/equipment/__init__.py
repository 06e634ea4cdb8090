"""The games' equipment: tables, boards, pieces and their starting positions.

One module per game, each citing its rulebook for every figure:

- :mod:`potshot.games.snooker.equipment` -- the snooker table and balls (WPBSA rules, Section 1)
  and the starting position (Section 3 Rule 2); Russian billiards uses the same table;
- :mod:`potshot.games.carrom.equipment` -- the ICF carrom board and pieces;
- :mod:`potshot.games.russian.equipment` -- the Russian-billiards balls and spots.

Nothing is imported here, so that each game's module loads only when used.
"""
