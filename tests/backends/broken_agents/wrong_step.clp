;;; Broken on purpose (tests of check-agent): its exec is for the next step, not the current one.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::plan-ahead
   (status (step ?s) (currently running))
   =>
   (assert (exec (step (+ ?s 1)) (action guess) (x 1) (y 1)))
   (pop-focus))
