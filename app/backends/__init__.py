"""How agents are driven: the match runner, the Python runner and the CLIPS bridge."""
