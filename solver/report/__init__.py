"""Text tables and the statistics of experiments (means, intervals): no game knowledge.

May import: nothing else of kofun."""
