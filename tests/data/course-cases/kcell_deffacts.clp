; Case: k-cells in the agent's own deffacts: the course's first pass treats them like the map's (fired at once).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::mine (k-cell (x 5) (y 5) (content middle)) (k-cell (x 1) (y 1) (content top)))
(defrule AGENT::s0 (status (step 0) (currently running)) =>
  (assert (exec (step 0) (action guess) (x 1) (y 1))) (pop-focus))
(defrule AGENT::s1 (status (step 1) (currently running)) =>
  (assert (exec (step 1) (action fire) (x 5) (y 5))) (pop-focus))
(defrule AGENT::s2 (status (step 2) (currently running)) =>
  (assert (exec (step 2) (action solve))) (pop-focus))
