;;; Broken on purpose (tests of check-agent): asert is no CLIPS function; the rule does not load.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::flag-corner (declare (salience 10))
   (status (step 0) (currently running))
   =>
   (asert (exec (step 0) (action guess) (x 0) (y 0)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
