"""Dino Race (rulebook: shared/rules/dino-race.txt)."""
