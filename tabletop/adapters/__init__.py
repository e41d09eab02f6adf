"""Adapters that put tabletop's games into other game-AI libraries (optional extras)."""
