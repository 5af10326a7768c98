"""Rating agents: the rated modes and their pools of agents (``pools``), paired tournaments with adaptive rounds
(``tournament``), the fits of ratings from games (``fit``), the shipped ladders (``ladders``), the agent nearest
a rating (``choose``) and the levels a player picks (``levels``).

May import: ``play`` and everything below it — never ``review``, ``web`` or ``cli``.
"""
