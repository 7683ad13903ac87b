; Case: turns of 5,004 rule firings each (5,000 of think). The caps count a turn as the bridge does, from the end
; of the environment's turn to the start of the next, on both sides: with --max-firings 4000 both stop at step 0
; (the cap is checked every 2,000 firings), with 4001 both play on. The course has no cap: its game is solved.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::counter (count 0))
(defrule AGENT::think (status (step ?s) (currently running)) ?c <- (count ?n&:(< ?n 5000)) =>
  (retract ?c) (assert (count (+ ?n 1))))
(defrule AGENT::act (status (step ?s) (currently running)) ?c <- (count 5000) =>
  (retract ?c) (assert (count 0))
  (assert (exec (step ?s) (action (if (< ?s 3) then fire else solve)) (x ?s) (y ?s))) (pop-focus))
