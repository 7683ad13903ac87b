;;; A test agent that draws on the board: before each fire it marks the cell it fires at with the step number
;;; (red), labels cell (0 0) "start", and takes its mark off (0 0) at step 2; it fires along row 9, then solves.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deffacts AGENT::first-marks
   (board-marker (x 0) (y 0) (label "start") (colour blue)))

(defrule AGENT::forget-start (declare (salience 20))
   (status (step 2) (currently running))
   ?m <- (board-marker (x 0) (y 0))
   =>
   (retract ?m))

(defrule AGENT::fire-along-row-9 (declare (salience 10))
   (status (step ?s&:(< ?s 4)) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   =>
   (assert (board-marker (x 9) (y ?s) (value ?s) (colour red)))
   (assert (exec (step ?s) (action fire) (x 9) (y ?s)))
   (pop-focus))

(defrule AGENT::then-solve
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
