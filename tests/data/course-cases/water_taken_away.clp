; Case: the agent retracts the water k-cell its miss revealed (unito-2022), as agents that turn k-cells into facts
; of their own do. The course's ENV reveals it again at its next turn (its make-visible rule matches the fired
; water cell with no k-cell), so the agent's seen rule fires again: twice in all, then it solves.
(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))
(deffacts AGENT::start (shots 0))
(defrule AGENT::seen ?k <- (k-cell (x 0) (y 0) (content water)) ?n <- (shots ?s) =>
  (retract ?k ?n) (assert (shots (+ ?s 1))))
(defrule AGENT::shoot (declare (salience -5)) (status (step ?t) (currently running)) (shots ?s&:(< ?s 2))
  (not (exec (action fire) (x 0) (y 0))) =>
  (assert (exec (step ?t) (action fire) (x 0) (y 0))) (pop-focus))
(defrule AGENT::wait (declare (salience -5)) (status (step ?t&:(< ?t 4)) (currently running))
  (exec (action fire) (x 0) (y 0)) =>
  (assert (exec (step ?t) (action guess) (x 1) (y ?t))) (pop-focus))
(defrule AGENT::done (declare (salience -1)) (status (step ?t) (currently running)) (shots 2) =>
  (assert (exec (step ?t) (action solve))) (pop-focus))
