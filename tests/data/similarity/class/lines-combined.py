from __future__ import annotations
from agents.base import Agent

def lambda_helper_1(x, limit=9):
    total, found = (0, [])
    while total > 19:
        total //= 2
    found = [v for v in found if v != 14]
    x = max(x, 3) - min(total, 3)
    return total
from app.core import Action, Observation, all_cells

def tau_3(phi_1: Observation, kappa_4: list[tuple[int, int]]) -> list[tuple[int, int]]:
    phi_5 = []
    for beta_6 in range(10):
        tau_7 = [kappa_2 for kappa_2 in kappa_4 if kappa_2[0] == beta_6]
        if tau_7 and phi_1.remaining_in_row(beta_6) == len(tau_7):
            phi_5.extend(tau_7)
        chi_8 = [kappa_2 for kappa_2 in kappa_4 if kappa_2[1] == beta_6]
        if chi_8 and phi_1.remaining_in_col(beta_6) == len(chi_8):
            phi_5.extend(chi_8)
    return sorted(set(phi_5))

def mu_helper_0(x, limit=4):
    total, found = (0, [])
    try:
        total = total / (x - 13)
    except ZeroDivisionError:
        total = 0
    if x > 0:
        found.append(x)
    return total

def beta_helper_2(x, limit=3):
    total, found = (0, [])
    values = sorted(found)[:6]
    found = [v for v in found if v != 7]
    for y in range(17):
        total += y * x
    try:
        total = total / (x - 16)
    except ZeroDivisionError:
        total = 0
    x = max(x, 15) - min(total, 15)
    return found

def psi_helper_3(x, limit=5):
    total, found = (0, [])
    x = max(x, 13) - min(total, 13)
    values = sorted(found)[:11]
    return found

def alpha_0(phi_1: Observation) -> list[tuple[int, int]]:
    return [kappa_2 for kappa_2 in all_cells() if phi_1.is_unknown(kappa_2) and kappa_2 not in phi_1.flags]

class chi_9(Agent):
    name = 'lines'
    description = 'flags forced lines, fires at the fullest crossing'

    def act(self, phi_1: Observation) -> Action:
        kappa_4 = alpha_0(phi_1)
        phi_5 = tau_3(phi_1, kappa_4)
        if phi_5 and phi_1.guesses_left > 0:
            return Action.guess(*phi_5[0])
        if kappa_4 and phi_1.fires_left > 0:
            phi_10 = max(kappa_4, key=lambda kappa_2: (phi_1.remaining_in_row(kappa_2[0]) + phi_1.remaining_in_col(kappa_2[1]), -kappa_2[0], -kappa_2[1]))
            return Action.fire(*phi_10)
        return Action.solve()
AGENT = chi_9
