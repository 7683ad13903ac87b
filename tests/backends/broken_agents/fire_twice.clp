;;; Broken on purpose (tests of check-agent): it fires at the same cell while it has fires.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::fire-centre (declare (salience 10))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   =>
   (assert (exec (step ?s) (action fire) (x 5) (y 5)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
