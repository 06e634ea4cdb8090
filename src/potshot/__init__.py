"""potshot: snooker, carrom and Russian billiards, simulated and refereed by their rulebooks.

Packages:

- :mod:`potshot.equipment` -- tables, boards, balls and pieces with the rulebooks' dimensions;
- :mod:`potshot.record` -- the JSON match record everything speaks;
- :mod:`potshot.referee` -- one ruleset per game, ruling on a shot's events;
- :mod:`potshot.physics` -- event-based simulation of the table and the board;
- :mod:`potshot.match` -- frames, boards, games and matches played out;
- :mod:`potshot.players` -- built-in players (bots);
- :mod:`potshot.render` -- SVG pictures and HTML replays.
"""

__version__ = "0.1.0"
