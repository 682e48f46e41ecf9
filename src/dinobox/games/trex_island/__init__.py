"""Escape from T-Rex Island: lead three teams across the island to the helipad."""
