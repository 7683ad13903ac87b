"""``lines`` (written for the similarity corpus): fires at the unknown cell of the fullest row and column
pair, flags every unknown cell of a line whose count equals its unknown cells, then solves."""
from __future__ import annotations
from agents.base import Agent
from app.core import Action, Observation, all_cells

def rho_0(epsilon_1: Observation) -> list[tuple[int, int]]:
    """Cells whose content the agent does not know and has not flagged."""
    return [delta_2 for delta_2 in all_cells() if epsilon_1.is_unknown(delta_2) and delta_2 not in epsilon_1.flags]

def nu_3(epsilon_1: Observation, beta_4: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Unknown cells of a row or column that needs all its unknown cells to be ship."""
    xi_5 = []
    for mu_6 in range(10):
        omicron_7 = [delta_2 for delta_2 in beta_4 if delta_2[0] == mu_6]
        if omicron_7 and epsilon_1.remaining_in_row(mu_6) == len(omicron_7):
            xi_5.extend(omicron_7)
        sigma_8 = [delta_2 for delta_2 in beta_4 if delta_2[1] == mu_6]
        if sigma_8 and epsilon_1.remaining_in_col(mu_6) == len(sigma_8):
            xi_5.extend(sigma_8)
    return sorted(set(xi_5))

class rho_9(Agent):
    """Forced flags first, then fires at the fullest crossing."""
    name = 'lines'
    description = 'flags forced lines, fires at the fullest crossing'

    def act(self, epsilon_1: Observation) -> Action:
        """One action for this step."""
        beta_4 = rho_0(epsilon_1)
        xi_5 = nu_3(epsilon_1, beta_4)
        if xi_5 and epsilon_1.guesses_left > 0:
            return Action.guess(*xi_5[0])
        if beta_4 and epsilon_1.fires_left > 0:
            chi_10 = max(beta_4, key=lambda delta_2: (epsilon_1.remaining_in_row(delta_2[0]) + epsilon_1.remaining_in_col(delta_2[1]), -delta_2[0], -delta_2[1]))
            return Action.fire(*chi_10)
        return Action.solve()
AGENT = rho_9
