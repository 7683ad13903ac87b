; Case: a sixth fire: the course has no rule for a fire with none left, so its environment hangs (the app: stalled).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(defrule AGENT::shoot (status (step ?s&:(< ?s 6)) (currently running)) =>
  (assert (exec (step ?s) (action fire) (x 9) (y ?s))) (pop-focus))
