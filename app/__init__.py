"""Battleship Lab: play and watch solitaire Battleship agents."""
