;;; Broken on purpose (tests of check-agent): the assert of line 8 lacks its ")".
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::done
   (status (step ?s) (currently running))
   (moves (fires 0))
   =>
   (assert (exec (step ?s) (action solve))
   (pop-focus))

(defrule AGENT::fire-corner
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   =>
   (assert (exec (step ?s) (action fire) (x 0) (y (- 5 ?f))))
   (pop-focus))
