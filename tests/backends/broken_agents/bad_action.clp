;;; Broken on purpose (tests of check-agent): its fire has no x and y.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::fire-nowhere (declare (salience 10))
   (status (step 0) (currently running))
   =>
   (assert (exec (step 0) (action fire)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
