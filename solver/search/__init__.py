"""Searching one position: the settings of a search (``settings``), its values (``values``), the search runner
(``runner``: :func:`~solver.search.runner.search`), every move valued (``analysis``), an information state's
move values (``estimates``), a search as text (``text``), engine configuration from TOML (``config``) and the
bench suite (``bench``).

May import: ``games``, ``determinize``, ``report``, ``batch`` and the compiled core — never ``play`` or above.
"""
