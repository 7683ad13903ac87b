;;; Broken on purpose (tests of check-agent): 600 rule firings per turn (run it with max_firings=1000).
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deftemplate AGENT::counter (slot turn) (slot n))

(defrule AGENT::count (declare (salience 10))
   (status (step ?s) (currently running))
   ?c <- (counter (turn ?s) (n ?n&:(< ?n 600)))
   =>
   (modify ?c (n (+ ?n 1))))

(defrule AGENT::start-counting (declare (salience 20))
   (status (step ?s) (currently running))
   (not (counter (turn ?s)))
   =>
   (assert (counter (turn ?s) (n 0))))

(defrule AGENT::done
   (status (step ?s) (currently running))
   (counter (turn ?s) (n 600))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
