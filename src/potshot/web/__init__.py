"""The web app (``potshot serve``): play on the simulated table, mark a real match, watch live, run a tournament.

The HTTP contract is ``docs/web-api.md``; how to run it, ``docs/web.md``.
"""
