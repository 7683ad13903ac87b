;;; Broken on purpose (tests of check-agent): one more fire after the solve, in the same turn;
;;; the newest exec is carried out, so the game never ends by the agent's solve.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(defrule AGENT::solve-then-fire
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (assert (exec (step ?s) (action guess) (x (mod ?s 10)) (y (div ?s 10))))
   (pop-focus))
