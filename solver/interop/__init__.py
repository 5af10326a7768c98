"""kofun's games where other programs look for them: OpenSpiel, PettingZoo and the UGI engine protocol.

- :mod:`.actions`: each game's moves as a dense action range ``0 .. size - 1`` (what OpenSpiel's
  ``num_distinct_actions`` and PettingZoo's ``Discrete`` action space need), a bijection with kofun's move integers.
- :mod:`.table`: a kofun game (every mode and a match of several deals) as a sequence of chance events and decisions
  with each seat's information and observation strings and the returns; both adapters are built on it.
- :mod:`.features`: each seat's observation as a fixed-length vector of numbers in [0, 1] (docs/interop.md).
- :mod:`.openspiel` (needs ``open_spiel``): every game registered as an OpenSpiel Python game; an OpenSpiel bot as a
  kofun :class:`~solver.play.agents.Agent`.
- :mod:`.pettingzoo` (needs ``pettingzoo``): an AEC environment per game.
- :mod:`.ugi`: ``kofun engine --protocol ugi`` for the perfect-information games.

Nothing here imports OpenSpiel or PettingZoo until their module is imported: ``pip install "kofun[interop]"``.
"""
