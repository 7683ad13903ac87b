; Case: the agent asserts k-cells on cells it fired before (one a miss): the course still takes a fire back from fok.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::s0 (status (step 0) (currently running)) =>
  (assert (exec (step 0) (action fire) (x 0) (y 0))) (pop-focus))
(defrule AGENT::s1 (status (step 1) (currently running)) =>
  (assert (exec (step 1) (action fire) (x 8) (y 5))) (pop-focus))
(defrule AGENT::s2 (status (step 2) (currently running)) =>
  (assert (k-cell (x 0) (y 0) (content sub)))
  (assert (k-cell (x 8) (y 5) (content top)))
  (assert (exec (step 2) (action guess) (x 0) (y 0))) (pop-focus))
(defrule AGENT::s3 (status (step 3) (currently running)) =>
  (assert (exec (step 3) (action solve))) (pop-focus))
