"""The carrom rules, one module per part of the ICF laws (``carrom-laws-icf-it.rst``).

:class:`potshot.games.carrom.referee.CarromReferee` is composed from these parts: each function
below is one law or a small group of laws (its docstring cites them), taking the referee as
``self``; the referee's ``rule`` and ``_stroke`` call them in the order the laws apply.

- :mod:`.definitions` -- the glossary, and the referee's state;
- :mod:`.seats` -- Laws 1-2, 13, 16 and 31-34: seats, colours, the change of sides;
- :mod:`.the_break` -- Laws 14-20: the formation, the breaker, the break;
- :mod:`.the_turn` -- Laws 21-24 and 88, 91: the turn, the striker's place, no stroke;
- :mod:`.fouls` -- Laws 35-39: fouls, technical fouls, an improper stroke, pieces off the board;
- :mod:`.dues_and_penalties` -- Laws 45-64: dues and penalty pieces, placing them, condoning;
- :mod:`.queen` -- Laws 65-71: the queen and its cover;
- :mod:`.special_endings` -- Laws 72-75: the last pieces pocketed together, the board's value;
- :mod:`.scoring` -- Laws 25-30: the end of a board, its points, games and the match;
- :mod:`.general` -- Laws 76-104: passes, replays, void boards, boards lost, concessions."""
