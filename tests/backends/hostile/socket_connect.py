"""Connects to a port on this machine: refused."""
import socket

from agents.base import Agent
from app.core import Action


class Talker(Agent):
    def act(self, observation):
        with socket.create_connection(("127.0.0.1", int("PORT")), timeout=2) as connection:
            connection.sendall(b"hello")
        return Action.solve()


AGENT = Talker
