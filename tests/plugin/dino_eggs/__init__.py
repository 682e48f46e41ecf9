"""Dino Eggs: a tiny game shipped as a plug-in (its own package, an entry point in the
``dinobox.games`` group), used by the tests to prove a fifth game needs no change to dinobox.

Each player holds one secret egg. In turn, each keeps it or swaps it: the old egg is shown and
discarded, a new one is drawn from the nest. Then all eggs are shown; the biggest wins.
"""
