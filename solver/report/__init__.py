"""Reports of searches and experiments: text tables, the search display, match statistics."""
