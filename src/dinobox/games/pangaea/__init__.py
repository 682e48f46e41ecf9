"""Pangaea: survive the asteroid on a changing supercontinent."""
