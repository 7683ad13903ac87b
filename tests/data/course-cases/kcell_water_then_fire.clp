; Case: a water k-cell the agent asserts, then fires at: the course reveals nothing there (a k-cell exists already).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::s0 (status (step 0) (currently running)) =>
  (assert (k-cell (x 1) (y 1) (content water)))
  (assert (exec (step 0) (action fire) (x 1) (y 1))) (pop-focus))
(defrule AGENT::seen (k-cell (x 1) (y 1) (content ~water)) => (printout t "revealed" crlf))
(defrule AGENT::s1 (status (step 1) (currently running)) =>
  (assert (exec (step 1) (action solve))) (pop-focus))
