;;; A minimal CLIPS agent to copy and change: it works as it is.
;;;
;;; Run it:   python main.py run --agent agents/templates/my_agent.clp --map maps/four-known.map
;;; Watch it: python main.py gui --agent agents/templates/my_agent.clp --map maps/four-known.map
;;;
;;; What it sees (docs/rules.md, "The CLIPS protocol"):
;;;   MAIN: (status (step ?s) (currently running)), (moves (fires ?f) (guesses ?g)),
;;;         (exec ...) facts of earlier steps, (maxduration 100)
;;;   ENV:  (k-per-row (row ?x) (num ?n)), (k-per-col (col ?y) (num ?n)),
;;;         (k-cell (x ?x) (y ?y) (content water|sub|left|right|top|bot|middle))
;;; How it acts: assert ONE (exec (step ?s) (action fire|guess|unguess|solve) (x ?x) (y ?y))
;;; for the current step, then (pop-focus). The environment carries it out and
;;; gives the focus back for the next step.
;;;
;;; Strategy: flag the cell that continues every known ship end (the cell below a
;;; top, right of a left, ...), then solve. It never fires: a miss costs 25 points.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

;;; Where the ship must go on from a known end piece.
(deffacts AGENT::directions
   (continues top 1 0)
   (continues bot -1 0)
   (continues left 0 1)
   (continues right 0 -1))

(defrule AGENT::flag-next-to-known-end (declare (salience 10))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (k-cell (x ?x) (y ?y) (content ?piece))
   (continues ?piece ?dx ?dy)
   (test (and (<= 0 (+ ?x ?dx) 9) (<= 0 (+ ?y ?dy) 9)))
   (not (k-cell (x =(+ ?x ?dx)) (y =(+ ?y ?dy))))
   (not (exec (action guess) (x =(+ ?x ?dx)) (y =(+ ?y ?dy))))
   =>
   (printout t "a " ?piece " at " ?x "," ?y " goes on at " (+ ?x ?dx) "," (+ ?y ?dy) ": flag it" crlf)
   (assert (exec (step ?s) (action guess) (x (+ ?x ?dx)) (y (+ ?y ?dy))))
   (pop-focus))

(defrule AGENT::nothing-more-to-do (declare (salience -10))
   (status (step ?s) (currently running))
   =>
   (printout t "nothing sure left: solve" crlf)
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
