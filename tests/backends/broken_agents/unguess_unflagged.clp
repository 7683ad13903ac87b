;;; Broken on purpose (tests of check-agent): it takes back a flag it never put.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::unflag (declare (salience 10))
   (status (step 0) (currently running))
   =>
   (assert (exec (step 0) (action unguess) (x 4) (y 4)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
