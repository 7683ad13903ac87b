;;; Broken on purpose (tests of check-agent): it flags a new cell every step without looking at
;;; (moves (guesses ...)), so it goes past the 20 flags allowed.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::flag-next (declare (salience 10))
   (status (step ?s&:(< ?s 22)) (currently running))
   =>
   (assert (exec (step ?s) (action guess) (x (div ?s 10)) (y (mod ?s 10))))
   (pop-focus))

(defrule AGENT::done
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
