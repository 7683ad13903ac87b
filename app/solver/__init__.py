"""Solvers for the hidden fleet: the fast exact enumerator, the search library, the Bimaru model, the generator.

Pure Python + numpy: nothing here imports Qt or clipspy.
"""
