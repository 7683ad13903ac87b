"""The class arena: a server where students submit agents and see the standings (issue 40)."""
