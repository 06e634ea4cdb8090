"""The Russian billiards rules, one module per section of the house rules (``russian-billiards-rules-en.txt``).

:class:`potshot.games.russian.referee.RussianReferee` is composed from these parts: each function
below is one paragraph of a section or a small group of them (its docstring cites the section),
taking the referee as ``self``; the referee's ``rule`` calls them in the order the rules apply.

- :mod:`.definitions` -- the terms, and the referee's state;
- :mod:`.balls` -- BALLS: the balls present, the white in the D, spots;
- :mod:`.play` -- PLAY: the sequence of players, the cue ball's contacts, the D line, joining and leaving;
- :mod:`.scoring` -- SCORING, CANNONS, IN OFF, POT: points, the turn, posting;
- :mod:`.scratch` -- SCRATCH: scratches and their penalties;
- :mod:`.stars` -- STARS: stars and the Real Star;
- :mod:`.declaration` -- DECLARATION: the declared pink, the cannon limit;
- :mod:`.black_ball` -- BLACK BALL: spotting and removing blacks."""
