;;; "edges" (written for the similarity corpus): ordered facts only. Water is marked around every known
;;; piece; the agent flags the cells a known piece must continue to, fires at the unknown cell whose
;;; column has the most ship cells, and solves when nothing is left.

(defmodule AGENT (import MAIN ?ALL) (import ENV ?ALL) (export ?ALL))

(deffacts AGENT::offsets
   (around -1 -1) (around -1 1) (around 1 -1) (around 1 1)
   (next top 1 0) (next bot -1 0) (next left 0 1) (next right 0 -1))

(deffunction AGENT::inside (?v) (and (>= ?v 0) (<= ?v 9)))

(defrule AGENT::diagonal-water (declare (salience 30))
   (k-cell (x ?x) (y ?y) (content ~water))
   (around ?dx ?dy)
   (test (and (inside (+ ?x ?dx)) (inside (+ ?y ?dy))))
   (not (sea =(+ ?x ?dx) =(+ ?y ?dy)))
   =>
   (assert (sea (+ ?x ?dx) (+ ?y ?dy))))

(defrule AGENT::known-water (declare (salience 30))
   (k-cell (x ?x) (y ?y) (content water))
   (not (sea ?x ?y))
   =>
   (assert (sea ?x ?y)))

(defrule AGENT::continue-piece (declare (salience 20))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (k-cell (x ?x) (y ?y) (content ?p))
   (next ?p ?dx ?dy)
   (test (and (inside (+ ?x ?dx)) (inside (+ ?y ?dy))))
   (not (k-cell (x =(+ ?x ?dx)) (y =(+ ?y ?dy))))
   (not (flagged =(+ ?x ?dx) =(+ ?y ?dy)))
   =>
   (assert (flagged (+ ?x ?dx) (+ ?y ?dy)))
   (assert (exec (step ?s) (action guess) (x (+ ?x ?dx)) (y (+ ?y ?dy))))
   (pop-focus))

(defrule AGENT::fire-best-column (declare (salience 10))
   (status (step ?s) (currently running))
   (moves (fires ?f&:(> ?f 0)))
   (k-per-col (col ?y) (num ?n&:(> ?n 0)))
   (k-per-row (row ?x) (num ?m&:(> ?m 0)))
   (not (sea ?x ?y))
   (not (shot ?x ?y))
   (not (k-cell (x ?x) (y ?y)))
   (not (k-per-col (num ?n2&:(> ?n2 ?n))))
   =>
   (assert (shot ?x ?y))
   (assert (exec (step ?s) (action fire) (x ?x) (y ?y)))
   (pop-focus))

(defrule AGENT::hit-means-flag (declare (salience 25))
   (status (step ?s) (currently running))
   (moves (guesses ?g&:(> ?g 0)))
   (shot ?x ?y)
   (k-cell (x ?x) (y ?y) (content ~water))
   (not (flagged ?x ?y))
   =>
   (assert (flagged ?x ?y)))

(defrule AGENT::finish (declare (salience -5))
   (status (step ?s) (currently running))
   =>
   (assert (exec (step ?s) (action solve)))
   (pop-focus))
