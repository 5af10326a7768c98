"""Hidden-information beliefs and world sampling (see belief.py)."""

from .belief import SlotGroup, UniformBelief

__all__ = ["SlotGroup", "UniformBelief"]
