;;; Broken on purpose (tests of check-agent): it counts rows 1-10 instead of 0-9.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::flag-last-row (declare (salience 10))
   (status (step 0) (currently running))
   =>
   (assert (exec (step 0) (action guess) (x 10) (y 3)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
