"""Long jobs: the batch runner (``runner``: tasks on local worker processes or a Dask cluster, results streamed to
a resumable journal) and the one way every random choice of a job gets its seed (``seeds``).

May import: nothing else of kofun (it sits below the games).
"""
