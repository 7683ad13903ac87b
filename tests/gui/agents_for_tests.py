"""Source texts of small agents written to temporary files by the GUI tests."""

SLOW_AGENT = '''
import time
from agents.base import Agent
from app.core import Action, all_cells


class SlowAgent(Agent):
    """Fires then flags in row-major order, slowly (to test Pause/Reset mid-step)."""

    name = "slow"
    delay = {delay}

    def act(self, observation):
        time.sleep(self.delay)
        for cell in all_cells():
            if observation.is_unknown(cell) and cell not in observation.flags:
                if observation.fires_left:
                    return Action.fire(*cell)
                if observation.guesses_left:
                    return Action.guess(*cell)
        return Action.solve()


AGENT = SlowAgent
'''

CRASHING_AGENT = '''
from agents.base import Agent
from app.core import Action


class Crasher(Agent):
    name = "crasher"

    def act(self, observation):
        if observation.step >= 2:
            raise ValueError("boom at step 2")
        return Action.fire(0, observation.step)


AGENT = Crasher
'''

BROKEN_SYNTAX_AGENT = '''
from agents.base import Agent

class Broken(Agent)
    pass
'''
