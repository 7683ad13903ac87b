;;; Broken on purpose (tests of check-agent): it flags the same cell twice, then solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::flag-corner (declare (salience 10))
   (status (step ?s&:(< ?s 2)) (currently running))
   =>
   (assert (exec (step ?s) (action guess) (x 9) (y 9)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
