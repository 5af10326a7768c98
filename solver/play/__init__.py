"""Playing games: agents (``agents``: random, greedy, search — an agent only ever gets its seat's view), the
match of any number of seats and deals (``match``), its record (``record``), replaying a record (``replay``) and
agent-against-agent experiments (``experiments``).

May import: ``search`` and everything below it — never ``rating``, ``review``, ``web`` or ``cli``.
"""
