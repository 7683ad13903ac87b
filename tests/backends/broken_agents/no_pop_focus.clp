;;; Broken on purpose (tests of check-agent): the rules assert an exec and forget (pop-focus),
;;; so the flag rule fires for several cells in one turn and the solve rule after them.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::flag-row-ends (declare (salience 10))
   (status (step ?s) (currently running))
   (k-per-row (row ?x) (num ?n&:(> ?n 0)))
   (not (exec (action guess) (x ?x)))
   =>
   (assert (exec (step ?s) (action guess) (x ?x) (y 0))))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve))))
