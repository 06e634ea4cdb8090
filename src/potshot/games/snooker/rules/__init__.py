"""The snooker rules, one module per part of the official rules (``snooker-rules-sv-official.md``).

:class:`potshot.games.snooker.referee.SnookerReferee` is composed from these parts: each function
below is one clause or a small group of clauses (its docstring cites them), taking the referee as
``self``; the referee's ``_stroke`` calls them in the order the rules apply.

- :mod:`.definitions` -- Section 2, the definitions, and the referee's state;
- :mod:`.frame` -- Section 3 Rules 1-3, 5: the score, the start of a frame, the order of play, in hand;
- :mod:`.ball_on` -- Section 3 Rules 3(e)-(f), 6, Section 2 Rules 4, 12: the ball on and nominations;
- :mod:`.snookered` -- Section 2 Rule 16, Section 3 Rules 8, 17: snookered and touching balls;
- :mod:`.spotting` -- Section 3 Rules 7, 9, 15: re-spotting, balls on a pocket's edge, where balls rest;
- :mod:`.fouls` -- Section 3 Rule 12: the fouls of a stroke and their values;
- :mod:`.fair_stroke` -- Section 3 Rules 3, 10(c): the points of a fair stroke;
- :mod:`.after_foul` -- Section 3 Rules 4(a), 10, 11, 13, 14: after a foul;
- :mod:`.miss` -- Section 3 Rule 14: foul and a miss (official, older code, the 2004 rule);
- :mod:`.end_of_frame` -- Section 3 Rule 4, Section 4 Rule 6: the end of a frame, re-spotted black, concession."""
