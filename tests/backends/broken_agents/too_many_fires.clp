;;; Broken on purpose (tests of check-agent): it fires every step without looking at
;;; (moves (fires ...)), so it fires more than the 5 times allowed.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::fire-next (declare (salience 10))
   (status (step ?s&:(< ?s 7)) (currently running))
   =>
   (assert (exec (step ?s) (action fire) (x 9) (y ?s)))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
